"""reviewer: a code-review agent for Python, TypeScript and JavaScript repositories."""

__version__ = "0.1.0"
