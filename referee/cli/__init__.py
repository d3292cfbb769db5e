"""The ``referee`` command line.

``referee --help`` builds every command (:mod:`referee.cli.app`), so a command module imports at its
top only the command layer (typer, rich, :mod:`referee.cli` helpers, errors, money); the layers below
it (engine, hand file, store, ledger, report, ...) are imported inside the command that runs them, so
that the help and a one-shot ``referee act`` load only what they use."""

from referee.cli.app import app, main

__all__ = ["app", "main"]
