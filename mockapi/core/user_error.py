"""Errors meant for the user: the CLI prints the message on one line and exits non-zero."""


class UserError(Exception):
    """A mistake the user can fix (bad flag, missing file, unwritable dir); the message says how."""
