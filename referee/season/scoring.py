"""A league's scoring, as data: a TOML file checked like a rulebook, every bad field refused on a
line of its own (``file:line``).

::

    name = "Points by place"
    rank_by = "points"              # or "money": net money ranks
    points_by_place = [10, 7, 5, 3, 1]
    attendance = 1                  # points for every night played
    best_nights = 8                 # only a player's best 8 nights count
    minimum_nights = 3              # fewer nights: listed, not ranked
    tie_breaks = ["money", "nights", "head_to_head"]

The shipped presets are in the ``leagues`` data folder (:func:`preset_names`); a season made with
none ranks by net money (:data:`NET_MONEY`).
"""

from __future__ import annotations

from referee.i18n import N_, _
from referee.plain_words import plural

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from referee.errors import InputError
from referee.resources import data_dir
from referee.rulebook.toml_lines import key_lines, line_of

#: the tie-breaks, by their name in a scoring file, and how each reads in a table
#: each tie-break in words (translated where shown)
TIE_BREAKS: Final = {"money": N_("net money"), "nights": N_("nights played"), "head_to_head": N_("head-to-head")}
RANK_BY: Final = ("points", "money")
FIELDS: Final = ("name", "description", "rank_by", "points_by_place", "attendance", "best_nights", "minimum_nights",
                 "tie_breaks")


@dataclass(frozen=True)
class Scoring:
    """How a season's players are ranked (see the module docstring)."""

    name: str
    rank_by: str = "money"
    points_by_place: tuple[int, ...] = ()
    attendance: int = 0
    best_nights: int | None = None
    minimum_nights: int = 0
    tie_breaks: tuple[str, ...] = ("money", "nights", "head_to_head")
    description: str = ""

    def points(self, place: int) -> int:
        """The points of a night for finishing ``place`` (1 = first), attendance included."""
        by_place = self.points_by_place[place - 1] if 1 <= place <= len(self.points_by_place) else 0
        return by_place + self.attendance

    def rules(self) -> list[str]:
        """The scoring in words, one rule a line, in the order they apply."""
        out = []
        if self.rank_by == "points":
            parts = []
            if self.points_by_place:
                parts.append(_("points by place {points}").format(points="-".join(map(str, self.points_by_place))))
            if self.attendance:
                parts.append(_("{points} for each night played").format(points=self.attendance))
            out.append(_("ranked by points: {how}").format(how=", ".join(parts)))
        else:
            out.append(_("ranked by net money"))
        if self.best_nights:
            out.append(_("the best {nights} of each player count").format(
                nights=plural(self.best_nights, "night", "nights")))
        if self.minimum_nights:
            out.append(_("at least {nights} to be ranked").format(nights=plural(self.minimum_nights, "night", "nights")))
        if self.tie_breaks:
            out.append(_("ties broken by {tie_breaks}").format(
                tie_breaks=_(", then ").join(_(TIE_BREAKS[t]) for t in self.tie_breaks)))
        return out


NET_MONEY: Final = Scoring("Net money")


class ScoringErrors(InputError):
    """Every bad field of a scoring file, found in one reading: it reads as the first; ``errors``
    holds them all, in line order, for ``referee season check`` to print one a line."""

    def __init__(self, errors: list[InputError]) -> None:
        first = errors[0]
        super().__init__(first.message, where=first.where, hint=first.hint)
        self.errors = tuple(errors)


def preset_names() -> list[str]:
    """The shipped scoring files' names (``points-by-place`` for ``leagues/points-by-place.toml``)."""
    return sorted(path.stem for path in data_dir("leagues").glob("*.toml"))


def scoring_path(ref: str) -> Path:
    """A shipped preset by name, else a file's path."""
    if ref in preset_names():
        return data_dir("leagues") / f"{ref}.toml"
    return Path(ref)


def read_scoring_file(ref: str, where: str = "--scoring") -> tuple[str, str]:
    """The text of scoring file ``ref`` (a preset's name or a path) and how to name it in messages."""
    path = scoring_path(ref)
    try:
        return path.read_text(encoding="utf-8"), (ref if path.parent == data_dir("leagues") else str(path))
    except FileNotFoundError:
        raise InputError(f"no scoring file {ref!r}", where=where,
                         hint="give a scoring TOML file or a shipped one: " + ", ".join(preset_names())) from None
    except (OSError, UnicodeDecodeError) as err:
        raise InputError(f"cannot read scoring file {ref!r}: {err}", where=where,
                         hint="a scoring file is a UTF-8 TOML text file") from None


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_scoring(text: str, display: str) -> Scoring:
    """The scoring ``text`` (read from ``display``) holds; :class:`ScoringErrors` naming every bad field."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        match = re.search(r"\(at line (\d+), column (\d+)\)", str(err))
        raise ScoringErrors([InputError(f"TOML syntax error: {err}",
                                        where=f"{display}:{match.group(1)}" if match else display,
                                        hint="see https://toml.io for the syntax")]) from None
    lines = key_lines(text)
    errors: list[tuple[int, InputError]] = []

    def bad(key: str, message: str, hint: str) -> None:
        line = line_of(lines, (key,))
        errors.append((line or 0, InputError(message, where=f"{display}:{line}" if line else display, hint=hint)))

    for key in data:
        if key not in FIELDS:
            bad(key, f"unknown field {key!r}", "the fields: " + ", ".join(FIELDS))
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        bad("name", "the scoring needs a name" if name is None else f"name must be text, not {name!r}",
            'write name = "Points by place"')
    description = data.get("description", "")
    if not isinstance(description, str):
        bad("description", f"description must be text, not {description!r}", 'write description = "..."')
    rank_by = data.get("rank_by", "money")
    if rank_by not in RANK_BY:
        bad("rank_by", f"rank_by is {rank_by!r}", 'write rank_by = "points" or rank_by = "money"')
    places = data.get("points_by_place", [])
    if not isinstance(places, list) or not all(_whole(p) and p >= 0 for p in places):
        bad("points_by_place", f"points_by_place must be a list of whole numbers of 0 or more, not {places!r}",
            "write points_by_place = [10, 7, 5, 3, 1]: first place's points, then second's…")
        places = []
    elif any(a < b for a, b in zip(places, places[1:], strict=False)):
        bad("points_by_place", f"points_by_place {places} gives a lower place more points than a higher one",
            "write them from first place down, each no more than the one before, like [10, 7, 5, 3, 1]")
    attendance = data.get("attendance", 0)
    if not _whole(attendance) or attendance < 0:
        bad("attendance", f"attendance must be a whole number of 0 or more, not {attendance!r}",
            "write attendance = 1 (points for every night played) or leave it out")
        attendance = 0
    if rank_by == "points" and not any(places) and not attendance:
        bad("rank_by", 'rank_by = "points" but no night gives any points',
            'give points_by_place or attendance, or write rank_by = "money"')
    best = data.get("best_nights")
    if best is not None and (not _whole(best) or best < 1):
        bad("best_nights", f"best_nights must be a whole number of 1 or more, not {best!r}",
            "write best_nights = 8 (a player's best 8 nights count) or leave it out (every night counts)")
    minimum = data.get("minimum_nights", 0)
    if not _whole(minimum) or minimum < 0:
        bad("minimum_nights", f"minimum_nights must be a whole number of 0 or more, not {minimum!r}",
            "write minimum_nights = 3 (fewer nights: listed, not ranked) or leave it out")
    elif _whole(best) and best >= 1 and minimum > best:
        bad("minimum_nights", f"minimum_nights ({minimum}) is more than best_nights ({best})",
            "a player needs no more nights to be ranked than count for him")
    ties = data.get("tie_breaks", list(TIE_BREAKS))
    if not isinstance(ties, list) or not all(isinstance(t, str) and t in TIE_BREAKS for t in ties):
        bad("tie_breaks", f"tie_breaks must list some of {', '.join(TIE_BREAKS)}, not {ties!r}",
            'write tie_breaks = ["money", "nights", "head_to_head"], in the order they apply')
    elif len(set(ties)) != len(ties):
        bad("tie_breaks", f"tie_breaks names a rule twice: {ties}", "name each tie-break once")
    if errors:
        raise ScoringErrors([err for _, err in sorted(errors, key=lambda item: item[0])])
    return Scoring(name.strip(), rank_by, tuple(places), attendance, best, minimum, tuple(ties),  # type: ignore[union-attr]
                   description.strip())


def load_scoring(ref: str, where: str = "--scoring") -> tuple[Scoring, str, str]:
    """Scoring file ``ref`` (a preset's name or a path) read and checked: the scoring, its text and
    how it is named."""
    text, display = read_scoring_file(ref, where)
    return parse_scoring(text, display), text, display


__all__ = ["NET_MONEY", "RANK_BY", "TIE_BREAKS", "Scoring", "ScoringErrors", "load_scoring", "parse_scoring",
           "preset_names", "read_scoring_file", "scoring_path"]
