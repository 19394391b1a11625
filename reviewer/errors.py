"""Errors a user can cause, and the exit codes. The CLI prints a UserError as one line and exits 2."""

EXIT_CLEAN = 0  # nothing at or over the gate
EXIT_FINDINGS = 1  # findings at or over the gate
EXIT_ERROR = 2  # an error: bad input, or code that could not be reviewed


class UserError(Exception):
    """A problem the user can fix (bad config, missing model, no key...).

    The message must be one line that names the file, key or fix.
    """


class ModelMismatchError(UserError):
    """The RAG index was built by another embedding model or dimension."""
