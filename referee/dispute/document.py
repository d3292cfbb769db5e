"""A ruling as a document: the facts from the log up to the disputed action, the rule cited, the
ruling, the remedy and the chip movements that follow.  Plain data, printed by ``referee dispute``
(:mod:`referee.cli.dispute`), rendered to PDF (:mod:`referee.dispute.pdf`) and stored as a
:class:`~referee.engine.events.Ruling` event (:meth:`RulingDocument.event`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.engine.events import Ruling


@dataclass(frozen=True)
class ChipLine:
    """One player's chips in the disputed hand: before it, after it, and what the ruling moved
    (``without``: his net had the table not decided, when it did)."""

    player: str
    before: int
    after: int
    net: int
    without: int | None = None


@dataclass(frozen=True)
class RulingDocument:
    source: str
    session: int | None
    hand: int
    action: int
    question: str
    topic: str
    topic_title: str
    game: str
    rulebook: str
    #: the disputed action in the log's words, its line in the hand file (None for a session)
    action_text: str
    action_line: int | None
    #: the hand's actions up to the disputed one, in the log's words (``(number, text)``)
    said: tuple[tuple[int, str], ...]
    #: each player's cards as the log knows them at the disputed action (``??`` unseen)
    held: tuple[tuple[str, str], ...]
    #: the table after the disputed action: the pot, each stack, whose turn it was before it
    pot_after: int
    stacks_after: tuple[tuple[str, int], ...]
    to_act_before: str | None
    #: ``log`` (the engine decided it from the log), ``table`` (the table decided a question of
    #: fact), or None (not decided: the log cannot tell, and the table has not said)
    decided_by: str | None
    ruling: str
    rule: str | None
    rule_text: str | None
    remedy: str | None
    code: str | None
    #: what would decide it, when the log cannot (None when it is decided)
    needs: str | None = None
    #: not decided yet: when the hand will reach the point where the rule (``rule``) is judged
    later: str | None = None
    #: the table's decision, as hand-file action lines
    facts: tuple[str, ...] = ()
    chips: tuple[ChipLine, ...] = ()
    pots: tuple[str, ...] = ()
    penalties: tuple[str, ...] = ()
    carries: tuple[str, ...] = ()
    #: other rule breaches found at the disputed action (not what was asked)
    also: tuple[str, ...] = ()
    #: more rules the ruling rests on, with their texts
    cited: tuple[tuple[str, str], ...] = field(default=())
    #: the cited rules (``rule``, then ``cited``) in their source's own words, as (rule id, quote):
    #: given only when the ruling is asked to quote them (``decide(..., quotes=True)``)
    quoted: tuple[tuple[str, str], ...] = field(default=())
    #: set once stored: the session log's seq of the Ruling event
    recorded_seq: int | None = None

    def quotes_of(self, rule: str) -> tuple[str, ...]:
        """The quotes of cited rule ``rule`` (each «text» (source)), in order; empty when unquoted."""
        return tuple(quote for rule_id, quote in self.quoted if rule_id == rule)

    @property
    def decided(self) -> bool:
        return self.decided_by is not None

    def event(self) -> Ruling:
        """The ruling event to store in the session log (a decided ruling only)."""
        assert self.decided_by in ("log", "table"), "an undecided question is not a ruling"
        return Ruling(self.hand, self.action, self.question, self.topic, self.decided_by,  # type: ignore[arg-type]
                      self.ruling, self.rule, self.code, tuple(self.facts))


__all__ = ["ChipLine", "RulingDocument"]
