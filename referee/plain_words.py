"""Plain words for the terminal and the rulings: the games' facts and carries (``pool: 7``,
``free ride payer: Bob``, ``buyback open: yes``), any text as typed (:func:`literal`), and what a
person's name is (:data:`NAME_RE`)."""

from __future__ import annotations

import re
from typing import Any

from referee.i18n import ngettext

#: A person's name: one word (``Ann``, ``Mary_Ann``, ``O'Neil``): a player's, a banker's.
NAME_RE = re.compile(r"[^\W\d][\w'\-]*")


def literal(text: object) -> str:
    """``text`` escaped for rich markup, so it prints as typed (``[bold]Kitchen[/bold]`` too)."""
    from rich.markup import escape  # rich loads only when something is printed (not by a one-shot act)

    return escape(str(text))


def plural(count: int, word: str, many: str | None = None) -> str:
    """``1 night``, ``2 nights`` (``1 раздача``, ``2 раздачи``, ``5 раздач``): a count and its noun in
    the interface's language (:func:`referee.i18n.ngettext`); ``many`` the English plural when it is
    not made with an s.  A call that gives both words is in the catalog (``pybabel extract -k
    plural:2,3``); a call with one word finds a translation only when another call gave it."""
    return f"{count} {ngettext(word, many or word + 's', count)}"


def key_words(key: str) -> str:
    return key.replace("_", " ")


def value_words(value: Any) -> str:
    """A fact's or carry's value in words."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(f"{k} {value_words(v)}" for k, v in value.items()) or "none"
    if isinstance(value, (list, tuple)):
        return ", ".join(value_words(v) for v in value) or "none"
    return str(value)


def carry_words(carry: Any) -> list[str]:
    """What a deal leaves to the next one, in words: the carry's fields away from their defaults."""
    try:
        default = type(carry)().to_dict()
    except TypeError:
        default = {}
    out = []
    for key, value in carry.to_dict().items():
        if key == "antes_in" or value == default.get(key, object()):
            continue
        out.append(f"{key_words(key)}: {value_words(value)}")
    return out


__all__ = ["carry_words", "key_words", "value_words"]
