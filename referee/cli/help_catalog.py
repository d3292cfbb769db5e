"""The catalog's share of ``referee --help``: each command's summary, for ``pybabel extract``.

A command's summary is the first paragraph of its help (:func:`referee.cli.app.summary`): the
docstring of a command's function, the ``help`` of a command group's ``typer.Typer``.  Babel's
Python extractor does not read docstrings, so :func:`extract` (named in ``babel.cfg``) finds the
commands of :data:`referee.cli.app.COMMANDS` in a module's source and gives their summaries.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from referee.cli.app import COMMANDS, summary


def _typer_help(node: ast.AST) -> tuple[int, str] | None:
    """The ``help=`` text of a ``typer.Typer(...)`` call, and its line."""
    if isinstance(node, ast.Call):
        for keyword in node.keywords:
            if keyword.arg == "help":
                text = ast.literal_eval(keyword.value)
                return keyword.value.lineno, text
    return None


def summaries(source: str, module: str) -> Iterator[tuple[int, str]]:
    """Each command summary defined in ``module``'s ``source``, with its line."""
    names = {attribute for _, where, attribute in COMMANDS if where == module}
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef) and node.name in names and ast.get_docstring(node):
            yield node.body[0].lineno, summary(ast.get_docstring(node, clean=False) or "")
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in names for t in node.targets):
            found = _typer_help(node.value)
            if found:
                yield found[0], summary(found[1])


def extract(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple[int, str, Any, list[str]]]:
    """A Babel extraction method for a module of ``referee/cli``: what Babel's Python extractor finds
    in it (the marked strings), and its command summaries."""
    from io import BytesIO

    from babel.messages.extract import extract_python

    module = Path(getattr(fileobj, "name", "")).stem
    source = fileobj.read()
    yield from extract_python(BytesIO(source), keywords, comment_tags, options)
    for line, text in summaries(source.decode("utf-8"), module):
        yield line, "", text, ["TRANSLATORS: a command's summary in `referee --help`"]
