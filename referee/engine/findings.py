"""Findings: what the referee noticed while replaying a hand.

A finding never changes the log.  It names the action (1-based number of the event in the hand,
``None`` for something found at the end of the hand), the player concerned, the rule it applies
(a rule id of the rulebook: ``draw.6``, ``jackpots.false_open_penalty``), a one-line message and
the remedy that was applied ("capped at 2", "void: Bob is still to act").

Every finding has a stable ``code`` from :data:`CODES` (``bet_over_limit``, ``false_open_at_showdown``):
the codes of any game and of the shared turn engines are listed here; a game's own come with it (its
``finding_codes`` and its actions', added when it is registered: :func:`register_codes`).
the message is for people and may be reworded, the code is for programs (comparing two replays of
one hand under different house rules matches findings by code).  The code decides the kind, and the
kind the severity.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final, Literal, Mapping

from referee.i18n import N_

#: What kind of thing was found.
FindingKind = Literal[
    "illegal_action",  # an action the rules do not allow at that point
    "false_open",  # jackpots: an opening without openers, established
    "unverifiable",  # a ruling needs cards nobody showed
    "misdeal",  # a misdeal called, or a dealing error that could be one
    "answer",  # a question the log answers (how many cards did he draw?)
    "note",  # anything else worth telling (a penalty paid short, an odd chip carried)
]

#: How serious: an ``error`` broke a rule, a ``warning`` may matter to the result, ``info`` is told.
Severity = Literal["error", "warning", "info"]

SEVERITY_OF: Final[Mapping[str, Severity]] = MappingProxyType({
    "illegal_action": "error",
    "false_open": "error",
    "unverifiable": "warning",
    "misdeal": "warning",
    "answer": "info",
    "note": "info",
})

_CATALOGUE: dict[str, tuple[FindingKind, str]] = {
    # -- any game
    "action_voided": ("note", N_("an action of the hand was voided by a correction")),
    "action_after_hand": ("note", N_("an action logged after the hand was over (ignored)")),
    "ante_short": ("note", N_("a player could not post his whole ante")),
    "passed_out": ("note", N_("nobody bet (or opened): the deal is void and the pot stays")),
    "dealt_not_in_deal": ("misdeal", N_("cards dealt to a player who is not in this deal")),
    "dealt_during_betting": ("note", N_("cards logged as dealt after the betting began")),
    "card_exposed": ("misdeal", N_("a card exposed by the dealer while a misdeal may still be called")),
    "card_exposed_plays": ("note", N_("a card exposed when it can only play on")),
    "misdeal_called": ("misdeal", N_("a misdeal called in time: bets back, the same dealer deals again")),
    "misdeal_refused": ("misdeal", N_("a misdeal called too late, or under a rulebook that has none")),
    "discard_not_in_hand": ("note", N_("a discard the log did not show in the player's hand (learned)")),
    "show_unreadable": ("note", N_("a shown hand with unseen cards in it")),
    "show_contradicts_log": ("note", N_("a shown hand that differs from the cards the log has him holding")),
    "showed_out_of_order": ("note", N_("a player showed before the one who had to show first")),
    "showed_during_play": ("note", N_("a hand shown while the hand was still being played")),
    "mucked_outside_showdown": ("note", N_("a player threw his hand away outside the showdown")),
    "took_pot_early": ("note", N_("a player raked the pot before the hand was over")),
    "shown_hand_mucked": ("note", N_("a hand shown face up was thrown in: it plays as shown (cards speak)")),
    "took_pot_not_his": ("illegal_action", N_("a player raked a pot the ruling gives to others (the rake decides nothing)")),
    "showdown_unverifiable": ("unverifiable", N_("the showdown needs hands nobody showed")),
    "declaration_unknown": ("note", N_("a declaration this game does not have")),
    # -- the poker betting round (referee.engine.betting)
    "acted_out_of_turn": ("illegal_action", N_("a player acted when it was not his turn")),
    "acted_not_in_hand": ("illegal_action", N_("a player who is out of the hand acted")),
    "acted_all_in": ("illegal_action", N_("a player who is all in acted")),
    "acted_round_over": ("illegal_action", N_("a player acted after the betting round was over")),
    "bet_outside_round": ("illegal_action", N_("a bet when no betting round is open")),
    "bet_facing_bet": ("illegal_action", N_("a bet where there was already a bet (call, raise or fold)")),
    "raise_not_above_bet": ("illegal_action", N_("a raise that does not go above the bet")),
    "check_facing_bet": ("illegal_action", N_("a check when there was a bet to call")),
    "check_not_allowed": ("illegal_action", N_("a check in a round where nobody may check")),
    "over_table_stakes": ("illegal_action", N_("more chips put in than the player had on the table")),
    "short_call": ("illegal_action", N_("fewer chips put in than the call")),
    "check_raise_forbidden": ("illegal_action", N_("a raise by a player who checked, where check-raising is forbidden")),
    "raise_not_reopened": ("illegal_action", N_("a raise after only a short all-in since the player acted")),
    "raise_cap_reached": ("illegal_action", N_("a raise past the raise cap")),
    "bet_over_limit": ("illegal_action", N_("a bet or raise above the limit")),
    "bet_under_minimum": ("illegal_action", N_("a bet or raise below the minimum")),
    # -- the exchanges with the widow (referee.engine.exchanges: whiskey poker, La Viuda)
    "acted_after_last_turn": ("illegal_action", N_("an action after the player's one more turn after a knock")),
    "knock_in_last_turn": ("illegal_action", N_("a knock in the one more turn after a knock (taken as keeping)")),
    "pass_refused": ("illegal_action", N_("a pass the pass rule does not allow")),
    "knock_with_exchange_forbidden": ("illegal_action", N_("an exchange and a knock in one turn where that is forbidden")),
    "exchange_count_refused": ("illegal_action", N_("an exchange of a number of cards the rules do not allow")),
    "exchange_widow_face_down": ("illegal_action", N_("cards exchanged one by one with the widow still face down")),
    "widow_turned_out_of_turn": ("illegal_action", N_("the widow turned face up when nobody was to turn it")),
    # -- brag staking (referee.engine.staking)
    "stake_short": ("illegal_action", N_("a stake below what the player must put in to stay in")),
    "stake_not_round": ("illegal_action", N_("round system: a stake other than the one chip (two when seen) of a turn")),
    "blind_raise_forbidden": ("illegal_action", N_("a blind player raised where blind players may not raise")),
    "blind_after_look": ("illegal_action", N_("a stake logged blind by a player who had looked at his cards")),
    "blind_not_allowed": ("illegal_action", N_("a blind stake under a rulebook without blind play")),
    "call_equalises_stakes": ("illegal_action", N_("poker anti-stall: a call that makes three or more stakes equal")),
    "see_not_heads_up": ("illegal_action", N_("a see while more than two players are in")),
    "see_nothing_staked": ("illegal_action", N_("a see before anybody has staked")),
    "seen_sees_blind": ("illegal_action", N_("a seen player paid to see a blind player")),
    "see_short": ("illegal_action", N_("a see for less than double the player's stake")),
    "see_over_cost": ("illegal_action", N_("a see for more than double the player's stake")),
    "see_wrong_target": ("note", N_("a see naming a player who is not the other one left")),
    "cover_with_chips": ("illegal_action", N_("a cover by a player who could still make the stake")),
    "acted_after_cover": ("illegal_action", N_("a player who covered the pot acted again")),
    # -- the games without betting (whiskey poker without its round, La Viuda, seven- and nine-card brag)
    "no_betting": ("illegal_action", N_("a betting action in a game without betting")),
}

@dataclass(frozen=True)
class JudgedLater:
    """A rule a hand's log does not decide yet: the rule that says when it will be judged, and when
    in words ("a false open is found at the showdown, or when the opener's hand is seen").  A game
    names them for the hand as logged so far (``HandState.judged_later``), by dispute topic; a dispute
    asked before then is answered "not decided yet" and nothing is recorded."""

    rule: str
    when: str


#: Every finding code, with the kind it is and what it means (the catalogue a program can rely on).
CODES: Final[Mapping[str, tuple[FindingKind, str]]] = MappingProxyType(_CATALOGUE)


def register_codes(codes: Mapping[str, tuple[FindingKind, str]]) -> None:
    """Add a game's own finding codes (declared with its actions) to :data:`CODES`; a code the catalogue
    has already with another meaning is refused."""
    for code, entry in codes.items():
        if _CATALOGUE.get(code, entry) != entry:
            raise ValueError(f"finding code {code!r} is in the catalogue already as {_CATALOGUE[code]}")
        if entry[0] not in SEVERITY_OF:
            raise ValueError(f"finding code {code!r}: no kind {entry[0]!r} (kinds: {', '.join(SEVERITY_OF)})")
    _CATALOGUE.update(codes)


def unregister_codes(codes: Mapping[str, tuple[FindingKind, str]]) -> None:
    """Take a game's own finding codes out of :data:`CODES` again (its game left the registry)."""
    for code, entry in codes.items():
        if _CATALOGUE.get(code) == entry:
            del _CATALOGUE[code]


def kind_of(code: str) -> FindingKind:
    """The kind of finding ``code`` is (KeyError for a code neither in :data:`CODES` nor declared by a
    registered game's actions: a bug, not input)."""
    return CODES[code][0]


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing the referee found.  ``kind`` and ``severity`` follow from ``code``."""

    code: str
    message: str
    rule: str | None = None
    action: int | None = None
    player: str | None = None
    remedy: str | None = None
    #: the action the finding is about, when that is not where it was established (a false open
    #: found at action 14 is about the opening bet at action 3)
    about: int | None = None
    kind: FindingKind = field(init=False)
    severity: Severity = field(init=False)

    def __post_init__(self) -> None:
        kind = kind_of(self.code)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "severity", SEVERITY_OF[kind])

    def __str__(self) -> str:
        where = f"action {self.action}: " if self.action is not None else ""
        rule = f" [{self.rule}]" if self.rule else ""
        remedy = f" -> {self.remedy}" if self.remedy else ""
        return f"{where}{self.message}{rule}{remedy}"
