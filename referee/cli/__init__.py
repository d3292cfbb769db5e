"""The ``referee`` command line.  Only typer and rich are imported here; each command imports
what it needs (sqlmodel, weasyprint, ...) inside its own body, so ``referee --help`` stays fast."""

from referee.cli.app import app, main

__all__ = ["app", "main"]
