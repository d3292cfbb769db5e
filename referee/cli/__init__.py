"""The ``referee`` command line.

``referee --help`` builds every command (:mod:`referee.cli.app`), so a command module imports at its
top only the command layer (typer, rich, :mod:`referee.cli` helpers, errors, money); the layers below
it (engine, hand file, store, ledger, report, ...) are imported inside the command that runs them, so
that the help and a one-shot ``referee act`` load only what they use.

typer reads a command's parameters from its annotations, so a module that defines commands does not
use ``from __future__ import annotations``: its annotations are objects already, not strings that
typer compiles and evaluates (twice) for every parameter as it builds the command.  A name imported
only for type checking is quoted where such a module annotates with it."""

from referee.cli.app import app, main

__all__ = ["app", "main"]
