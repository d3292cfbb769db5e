"""Who has the best and who the lowest hand of a commerce deal, from the cards and the result lines.

Each player in the deal stands as a :class:`~referee.ranking.poker.HandValue` (his hand is known:
shown, or followed card by card by the log), :data:`CONCEDED` (he mucked, or folded in whiskey
poker's betting round: he cannot win, and he is below every hand where the lowest pays), or
``None`` (his hand is not known).  A result line (``Bob was lowest``, ``Ann wins``) is a fact the
scorekeeper wrote; it settles what the cards cannot, and the cards overrule it where they
contradict it (COMMERCE-NOTES section 8).

Pure functions: the games ask, then rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from referee.ranking.poker import HandValue

#: a hand thrown in: below every hand shown, never the best
CONCEDED = "conceded"

Standing = HandValue | str | None


@dataclass(frozen=True, slots=True)
class Pick:
    """One side of the ranking (the best, or the lowest).

    ``seats``: who it is (several: a tie; empty: nobody, every hand being equal); ``None`` when the
    log cannot tell, ``unknown`` naming whose hands would tell it.  ``reported``: a result line
    decided it; ``contradicted``: result lines the cards overrule.
    """

    seats: tuple[int, ...] | None
    unknown: tuple[int, ...] = ()
    reported: bool = False
    contradicted: tuple[int, ...] = ()


def _value(standing: Standing) -> HandValue | None:
    return standing if isinstance(standing, HandValue) else None


def best(order: Sequence[int], standing: Mapping[int, Standing], lines: Sequence[int]) -> Pick:
    """The best hand among the players of ``order`` (play order: ties are listed in it)."""
    contradicted = []
    for seat in lines:
        mine = standing.get(seat)
        value = _value(mine)
        if mine == CONCEDED or value is not None and any(
            (v := _value(standing.get(o))) is not None and v.key > value.key for o in order
        ):
            contradicted.append(seat)
    if lines and not contradicted:
        return Pick(tuple(s for s in order if s in lines) or tuple(lines), reported=True)
    playing = [s for s in order if standing.get(s) != CONCEDED]
    if len(playing) == 1:  # everybody else conceded: he need not show
        return Pick(tuple(playing), contradicted=tuple(contradicted))
    unknown = tuple(s for s in playing if standing.get(s) is None)
    if unknown:
        return Pick(None, unknown, contradicted=tuple(contradicted))
    if not playing:
        return Pick((), contradicted=tuple(contradicted))
    top = max(_value(standing[s]).key for s in playing)  # type: ignore[union-attr]
    return Pick(tuple(s for s in playing if _value(standing[s]).key == top),  # type: ignore[union-attr]
                contradicted=tuple(contradicted))


def lowest(order: Sequence[int], standing: Mapping[int, Standing], lines: Sequence[int],
           conceded_tie_needs_cards: bool = False) -> Pick:
    """The lowest hand among the players of ``order``: those who conceded, else the lowest known
    value.  Every hand equal (more than one player): nobody is lowest.  ``conceded_tie_needs_cards``:
    a tie among several who conceded must be broken by their cards (La Viuda's tie-break), which they
    did not show: it cannot be told."""
    contradicted = []
    conceded = [s for s in order if standing.get(s) == CONCEDED]
    for seat in lines:
        value = _value(standing.get(seat))
        if value is not None and (conceded or any(
            (v := _value(standing.get(o))) is not None and v.key < value.key for o in order
        )):
            contradicted.append(seat)
    if lines and not contradicted:
        said = tuple(s for s in order if s in lines) or tuple(lines)
        return Pick(() if len(said) == len(order) > 1 else said, reported=True)  # all of them: nobody is lowest
    found: tuple[int, ...]
    if conceded:
        if len(conceded) > 1 and conceded_tie_needs_cards:
            return Pick(None, tuple(conceded), contradicted=tuple(contradicted))
        found = tuple(conceded)
    else:
        unknown = tuple(s for s in order if standing.get(s) is None)
        if unknown:
            return Pick(None, unknown, contradicted=tuple(contradicted))
        if not order:  # no hand, so no result line the cards could contradict
            return Pick(())
        low = min(_value(standing[s]).key for s in order)  # type: ignore[union-attr]
        found = tuple(s for s in order if _value(standing[s]).key == low)  # type: ignore[union-attr]
    if len(found) == len(order) and len(order) > 1:
        found = ()  # every hand equal: nobody is lowest
    return Pick(found, contradicted=tuple(contradicted))
