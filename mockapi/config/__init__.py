"""The server's knobs: `Settings` (every knob once) and the command-line flags generated from it."""
