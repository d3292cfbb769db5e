"""Find the line of a key in a TOML text, for error messages (``house.toml:12``).

``tomllib`` returns plain dicts without positions, so this scans the text itself: it follows table
headers (``[options]``, ``[rules."draw.raise_cap"]``), splits keys on dots outside quotes (so
``draw.max_draw = 3`` under ``[options]`` is the path ``options / draw / max_draw``) and skips the
inside of multi-line strings.  The result is advisory: a key it cannot place falls back to the
closest enclosing key or table it can.
"""

from __future__ import annotations

import re

_BARE = re.compile(r"[A-Za-z0-9_-]+")


def _split_key(text: str) -> tuple[str, ...] | None:
    """Split a TOML key (``a."b.c".d``) into its parts; None if it is not a key."""
    parts: list[str] = []
    i, n = 0, len(text)
    while True:
        while i < n and text[i] in " \t":
            i += 1
        if i >= n:
            return None
        quote = text[i]
        if quote in "\"'":
            end = text.find(quote, i + 1)
            while quote == '"' and end > 0 and text[end - 1] == "\\":
                end = text.find(quote, end + 1)
            if end < 0:
                return None
            raw = text[i + 1 : end]
            parts.append(raw.encode().decode("unicode_escape") if quote == '"' and "\\" in raw else raw)
            i = end + 1
        else:
            match = _BARE.match(text, i)
            if not match:
                return None
            parts.append(match.group())
            i = match.end()
        while i < n and text[i] in " \t":
            i += 1
        if i >= n:
            return tuple(parts)
        if text[i] != ".":
            return None
        i += 1


def _key_before_equals(line: str) -> tuple[str, ...] | None:
    """The key of a ``key = value`` line, or None."""
    in_quote: str | None = None
    for i, ch in enumerate(line):
        if in_quote:
            if ch == in_quote and not (in_quote == '"' and line[i - 1] == "\\"):
                in_quote = None
        elif ch in "\"'":
            in_quote = ch
        elif ch == "=":
            return _split_key(line[:i])
        elif ch == "#":
            return None
    return None


def _header(line: str) -> tuple[str, ...] | None:
    """The path of a ``[table]`` or ``[[array]]`` header line, or None."""
    stripped = line.strip()
    match = re.match(r"^\[\[(.*)\]\]\s*(#.*)?$", stripped) or re.match(r"^\[(.*)\]\s*(#.*)?$", stripped)
    if not match:
        return None
    return _split_key(match.group(1))


def key_lines(text: str) -> dict[tuple[str, ...], int]:
    """Map every table header and key path in ``text`` to its 1-based line (first occurrence)."""
    lines: dict[tuple[str, ...], int] = {}
    table: tuple[str, ...] = ()
    open_string: str | None = None  # the delimiter of a multi-line string we are inside
    for number, line in enumerate(text.splitlines(), start=1):
        if open_string is not None:
            if line.count(open_string) % 2 == 1:
                open_string = None
            continue
        header = _header(line)
        if header is not None:
            table = header
            lines.setdefault(table, number)
            continue
        key = _key_before_equals(line)
        if key is None:
            continue
        lines.setdefault(table + key, number)
        value = line.split("=", 1)[1] if "=" in line else ""
        for delimiter in ('"""', "'''"):
            if value.count(delimiter) % 2 == 1:
                open_string = delimiter
                break
    return lines


def line_of(lines: dict[tuple[str, ...], int], path: tuple[str, ...]) -> int | None:
    """The line of ``path``, else of its longest known prefix, else the first line of a key below it
    (``[texts.de.rules]`` is where the table ``texts.de`` begins), else None."""
    for end in range(len(path), 0, -1):
        if path[:end] in lines:
            return lines[path[:end]]
    below = [line for key, line in lines.items() if key[:len(path)] == path]
    return min(below) if below else None
