"""Shared helpers below every layer: the CLI's `UserError`, name normalisation, a world's file layout and the
one atomic placement of a store (`staging.stage`)."""
