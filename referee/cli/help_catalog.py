"""The catalog's share of ``--help``: each command's help and each option's and argument's, for
``pybabel extract``.

They are written once, in English, where the commands are defined (a command's docstring, the
``help=`` of a ``typer.Option``, ``typer.Argument`` or ``typer.Typer``), at import, before the
language is known; :func:`referee.cli.app._dressed` translates them when a run builds its command.
Babel's Python extractor reads neither docstrings nor unmarked strings, so :func:`extract` (named
in ``babel.cfg``) gives them: a command's help as ``--help`` shows it (:func:`referee.cli.app.paragraphs`),
its summary apart (its line in its group's list, :func:`referee.cli.app.summary`), and every
``help=`` text written as a string in a module of ``referee/cli``.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable, Iterator
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import IO, Any

import typer

from referee.cli.app import COMMANDS, paragraphs, summary


@cache
def command_functions() -> tuple[Callable[..., Any], ...]:
    """The function of every command and group callback of :data:`referee.cli.app.COMMANDS`."""
    found: list[Callable[..., Any]] = []
    for _, module, attribute in COMMANDS:
        target = getattr(import_module(f"referee.cli.{module}"), attribute)
        if isinstance(target, typer.Typer):
            found += [info.callback for info in target.registered_commands if info.callback]
            if target.registered_callback and target.registered_callback.callback:
                found.append(target.registered_callback.callback)
        else:
            found.append(target)
    return tuple(found)


def command_helps(module: str) -> Iterator[tuple[int, str]]:
    """The help of each command defined in ``module`` (``referee.cli.settle``), with its line."""
    for function in command_functions():
        doc = inspect.getdoc(function)
        if function.__module__ == module and doc:
            yield function.__code__.co_firstlineno, paragraphs(doc) or ""


def help_texts(source: str) -> Iterator[tuple[int, str]]:
    """Each ``help="…"`` written as a string in ``source``, with its line."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.keyword) and node.arg == "help" and isinstance(node.value, ast.Constant):
            if isinstance(node.value.value, str):
                yield node.value.lineno, node.value.value


def extract(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple[int, str, Any, list[str]]]:
    """A Babel extraction method for a module of ``referee/cli``: what Babel's Python extractor finds
    in it (the marked strings), its commands' helps and its options' and arguments' helps."""
    from io import BytesIO

    from babel.messages.extract import extract_python

    module = "referee.cli." + Path(getattr(fileobj, "name", "")).stem
    source = fileobj.read()
    yield from extract_python(BytesIO(source), keywords, comment_tags, options)
    for line, text in command_helps(module):
        yield line, "", text, ["TRANSLATORS: a command's help in `--help`"]
        if summary(text) != text:
            yield line, "", summary(text), ["TRANSLATORS: a command's summary: its help's first paragraph"]
    for line, text in help_texts(source.decode("utf-8")):
        yield line, "", text, ["TRANSLATORS: an option's or argument's help in `--help`"]
