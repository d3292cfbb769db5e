"""How commands print with rich: what a user typed (player and table names, reasons) is shown
literally, never read as rich markup (``[bold]``) or as an emoji code (``:abc:``)."""

from __future__ import annotations

import textwrap
from collections.abc import Collection, Iterable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text


def console(**options: Any) -> Console:
    """A rich console for a command's output: no emoji codes, no guessing highlights."""
    from rich.console import Console

    return Console(**({"highlight": False, "emoji": False} | options))


def grid(headers: Sequence[str], rows: Iterable[Sequence[str | tuple[str, str]]], *, right: Collection[int] = (),
         indent: int = 0, width: int | None = None) -> Text:
    """A table as one rich ``Text``: a bold header line, then a line per row, columns two spaces apart,
    each as wide as its widest cell (the columns in ``right`` aligned right).  Nothing is measured
    twice and nothing is cut: with ``width``, the last column's text wraps under itself when a line
    would be wider (a reason, a finding); a line still too wide is left for the terminal to wrap.

    rich's ``Table`` measures every cell of every table to lay it out, which made a replay printed as
    text cost many times its JSON (``bench/replay_text.py``); these tables need no more than this."""
    from rich.cells import cell_len
    from rich.control import strip_control_codes
    from rich.text import Span, Text

    table = [[(cell, "") if isinstance(cell, str) else cell for cell in row] for row in rows]
    for row in table:  # a control character would shift the styles (rich strips them from a Text)
        for i, (text, style) in enumerate(row):
            if not text.isprintable():
                row[i] = (strip_control_codes(text), style)
    def size_of(text: str) -> int:
        return len(text) if text.isascii() else cell_len(text)

    widths = [size_of(h) for h in headers]
    for row in table:
        for i, (text, _style) in enumerate(row):
            size = size_of(text)
            if size > widths[i]:
                widths[i] = size
    last = len(headers) - 1
    room = None if width is None else width - indent - sum(widths[:last]) - 2 * last
    if room is not None and widths[last] > room >= 16:
        widths[last] = room
    else:
        room = None
    parts: list[str] = []
    spans: list[Span] = []
    at = 0  # where the next part begins in the text
    margin = " " * indent

    def put(text: str, style: str = "") -> None:
        nonlocal at
        if style and text:
            spans.append(Span(at, at + len(text), style))
        parts.append(text)
        at += len(text)

    def line(cells: Sequence[tuple[str, str]], bold: bool) -> None:
        put(margin)
        end = len(cells) - 1
        while end > 0 and not cells[end][0]:  # no blanks after the last word of a line
            end -= 1
        for i, (text, style) in enumerate(cells[:end + 1]):
            gap = widths[i] - size_of(text)
            if i in right:
                put(" " * gap)
            put(text, "bold" if bold else style)
            if i < end:
                put("  " if i in right else " " * gap + "  ")
        put("\n")

    line([(h, "") for h in headers], True)
    for row in table:
        if room is None or size_of(row[last][0]) <= room:
            line(row, False)
            continue
        text, style = row[last]
        pieces = textwrap.wrap(text, room, break_on_hyphens=False) or [""]
        line([*row[:last], (pieces[0], style)], False)
        for piece in pieces[1:]:
            line([("", "")] * last + [(piece, style)], False)
    return Text("".join(parts).rstrip(), spans=spans, no_wrap=True, overflow="ignore", end="")
