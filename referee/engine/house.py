"""What the engine reads from a rulebook, read once per rulebook.

A :class:`~referee.rulebook.Rulebook` is immutable, so everything the engine derives from it -- the
option values, the rule id to cite for a situation, a betting round's :class:`BettingRules` -- is
the same for every hand played under it.  :func:`house_rules` keeps one :class:`HouseRules` per
rulebook object (by identity: rulebooks compare by content, which is slow) and the hands read it
instead of asking the rulebook again on every event.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import TYPE_CHECKING, TypeVar

from referee.ranking.poker import WildRules

if TYPE_CHECKING:
    from referee.rulebook import Rulebook

T = TypeVar("T")


def cite(rulebook: Rulebook, rule_id: str) -> str:
    """``rule_id`` if the rulebook has it, else its nearest parent it has (``draw.4.2`` -> ``draw.4``)."""
    probe = rule_id
    while True:
        if rulebook.has_rule(probe):
            return probe
        head, dot, tail = probe.rpartition(".")
        if not dot or not tail.isdigit() or "." not in head:
            return rule_id
        probe = head


#: The value of ``jackpots.bug`` that puts the bug in the pack.
BUG = "joker_as_ace_or_straight_flush_filler"


class HouseRules:
    """One rulebook as the engine reads it: its option values, the common options every hand
    needs, and memos of what is derived from them (cited rule ids, betting rules)."""

    __slots__ = ("rulebook", "options", "fix", "tie_rule", "wheel", "wild", "_cited", "_made")

    def __init__(self, rulebook: Rulebook) -> None:
        self.rulebook = rulebook
        self.options: Mapping[str, str | int] = rulebook.options  # read-only, shared by every hand
        self.fix = str(self.options["common.illegal_fix"])
        self.tie_rule = str(self.options["common.showdown_tie"])
        self.wheel = self.options["common.wheel"] == "allowed"
        #: jackpots.bug: a joker in the pack that is an ace or fills a straight or flush (else no wild cards)
        self.wild = WildRules(bug=True) if self.options.get("jackpots.bug") == BUG else None
        self._cited: dict[str, str] = {}
        self._made: dict[Hashable, object] = {}

    def cite(self, rule_id: str) -> str:
        """The rule id to cite for ``rule_id`` (see :func:`cite`), worked out once."""
        cited = self._cited.get(rule_id)
        if cited is None:
            cited = self._cited[rule_id] = cite(self.rulebook, rule_id)
        return cited

    def made(self, key: Hashable, make: Callable[[], T]) -> T:
        """``make()``, called once per rulebook and ``key`` (what it makes must depend on nothing else)."""
        try:
            return self._made[key]  # type: ignore[return-value]
        except KeyError:
            value = self._made[key] = make()
            return value


def house_rules(rulebook: Rulebook) -> HouseRules:
    """The :class:`HouseRules` of this rulebook object (made on first use, then shared)."""
    entry = _HOUSES.get(id(rulebook))
    if entry is not None and entry.rulebook is rulebook:
        return entry
    house = HouseRules(rulebook)
    if len(_HOUSES) >= 256:
        _HOUSES.clear()
    _HOUSES[id(rulebook)] = house
    return house


#: by ``id(rulebook)``; each entry holds its rulebook, so the id cannot be reused while it is cached
_HOUSES: dict[int, HouseRules] = {}
