"""Errors a user can cause. The CLI prints their message as one line and exits 2."""


class UserError(Exception):
    """A problem the user can fix (bad config, missing model, no key...).

    The message must be one line that names the file, key or fix.
    """


class ModelMismatchError(UserError):
    """The RAG index was built by another embedding model or dimension."""
