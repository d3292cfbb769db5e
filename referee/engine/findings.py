"""Findings: what the referee noticed while replaying a hand.

A finding never changes the log.  It names the action (1-based number of the event in the hand,
``None`` for something found at the end of the hand), the player concerned, the rule it applies
(a rule id of the rulebook: ``draw.6``, ``jackpots.false_open_penalty``), a one-line message and
the remedy that was applied ("capped at 2", "void: Bob is still to act").

Every finding has a stable ``code`` from :data:`CODES` (``bet_over_limit``, ``false_open_at_showdown``):
the message is for people and may be reworded, the code is for programs (comparing two replays of
one hand under different house rules matches findings by code).  The code decides the kind, and the
kind the severity.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final, Literal, Mapping

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
    "action_voided": ("note", "an action of the hand was voided by a correction"),
    "action_after_hand": ("note", "an action logged after the hand was over (ignored)"),
    "ante_short": ("note", "a player could not post his whole ante"),
    "passed_out": ("note", "nobody bet (or opened): the deal is void and the pot stays"),
    "dealt_not_in_deal": ("misdeal", "cards dealt to a player who is not in this deal"),
    "dealt_during_betting": ("note", "cards logged as dealt after the betting began"),
    "card_exposed": ("misdeal", "a card exposed by the dealer while a misdeal may still be called"),
    "card_exposed_plays": ("note", "a card exposed when it can only play on"),
    "misdeal_called": ("misdeal", "a misdeal called in time: bets back, the same dealer deals again"),
    "misdeal_refused": ("misdeal", "a misdeal called too late, or under a rulebook that has none"),
    "discard_not_in_hand": ("note", "a discard the log did not show in the player's hand (learned)"),
    "show_unreadable": ("note", "a shown hand with unseen cards in it"),
    "show_contradicts_log": ("note", "a shown hand that differs from the cards the log has him holding"),
    "showed_out_of_order": ("note", "a player showed before the one who had to show first"),
    "showed_during_play": ("note", "a hand shown while the hand was still being played"),
    "mucked_outside_showdown": ("note", "a player threw his hand away outside the showdown"),
    "took_pot_early": ("note", "a player raked the pot before the hand was over"),
    "shown_hand_mucked": ("note", "a hand shown face up was thrown in: it plays as shown (cards speak)"),
    "took_pot_not_his": ("illegal_action", "a player raked a pot the ruling gives to others (the rake decides nothing)"),
    "showdown_unverifiable": ("unverifiable", "the showdown needs hands nobody showed"),
    "declaration_unknown": ("note", "a declaration this game does not have"),
    # -- the poker betting round (referee.engine.betting)
    "acted_out_of_turn": ("illegal_action", "a player acted when it was not his turn"),
    "acted_not_in_hand": ("illegal_action", "a player who is out of the hand acted"),
    "acted_all_in": ("illegal_action", "a player who is all in acted"),
    "acted_round_over": ("illegal_action", "a player acted after the betting round was over"),
    "bet_outside_round": ("illegal_action", "a bet when no betting round is open"),
    "bet_facing_bet": ("illegal_action", "a bet where there was already a bet (call, raise or fold)"),
    "raise_not_above_bet": ("illegal_action", "a raise that does not go above the bet"),
    "check_facing_bet": ("illegal_action", "a check when there was a bet to call"),
    "check_not_allowed": ("illegal_action", "a check in a round where nobody may check"),
    "over_table_stakes": ("illegal_action", "more chips put in than the player had on the table"),
    "short_call": ("illegal_action", "fewer chips put in than the call"),
    "check_raise_forbidden": ("illegal_action", "a raise by a player who checked, where check-raising is forbidden"),
    "raise_not_reopened": ("illegal_action", "a raise after only a short all-in since the player acted"),
    "raise_cap_reached": ("illegal_action", "a raise past the raise cap"),
    "bet_over_limit": ("illegal_action", "a bet or raise above the limit"),
    "bet_under_minimum": ("illegal_action", "a bet or raise below the minimum"),
    # -- jackpots
    "false_open_before_showdown": ("false_open", "a false open established before the showdown: the opener is out"),
    "false_open_after_dropping": ("false_open", "a false open established after the opener dropped out"),
    "false_open_at_showdown": ("false_open", "a false open found at the showdown: the pot goes to the others"),
    "false_open_all_dropped": ("false_open", "a false open found when everybody else had dropped: the pot stays"),
    "false_open_after_win": ("false_open", "a false open found after the opener took the pot"),
    "false_open_not_declared": ("false_open", "nobody declared the pot open after a false open: bets back, the pot stays"),
    "unproven_opener": ("false_open", "an opener who cannot prove his openers"),
    "openers_unverifiable": ("unverifiable", "the opener's openers were not shown"),
    "penalty_unverifiable": ("unverifiable", "the false-open penalty cannot be ruled: openers not shown"),
    "took_pot_without_openers": ("illegal_action", "the opener raked the pot without showing openers"),
    "split_declared_late": ("illegal_action", "split openers announced after the opener's draw"),
    "split_declared_not_opener": ("note", "split openers announced by a player who did not open"),
    "pot_declared_open": ("note", "a player declared the pot open after a false open"),
    "declared_open_without_openers": ("illegal_action", "the pot declared open by a player without openers"),
    "declared_open_not_in_hand": ("illegal_action", "the pot declared open by a player out of the hand"),
    "declared_open_nothing_pending": ("note", "the pot declared open when no false open awaited it"),
    "false_open_declared_nobody_opened": ("note", "a false open declared when nobody had opened"),
    "false_open_declared_but_held": ("note", "a false open declared by an opener who held openers"),
    "free_ride_antes": ("note", "the false opener antes for everybody (free ride)"),
    "free_ride_deferred": ("note", "the false opener deals: his free ride moves to the next deal he does not deal"),
    "no_antes_after_passes": ("note", "no antes: the ante cap after deals nobody opened"),
    "penalty_unpaid": ("note", "the false opener had no chips left to pay a penalty"),
    # -- five-card stud
    "bring_in": ("note", "the lowest upcard brings in"),
    "lead_unverifiable": ("unverifiable", "who leads a betting round cannot be checked: upcards not known"),
    "hole_card_exposed": ("note", "a hole card was exposed"),
    # -- whiskey poker and La Viuda
    "acted_after_last_turn": ("illegal_action", "an action after the player's one more turn after a knock"),
    "knock_in_last_turn": ("illegal_action", "a knock in the one more turn after a knock (taken as keeping)"),
    "pass_refused": ("illegal_action", "a pass the pass rule does not allow"),
    "knock_with_exchange_forbidden": ("illegal_action", "an exchange and a knock in one turn where that is forbidden"),
    "exchange_count_refused": ("illegal_action", "an exchange of a number of cards the rules do not allow"),
    "exchange_widow_face_down": ("illegal_action", "cards exchanged one by one with the widow still face down"),
    "widow_turned_out_of_turn": ("illegal_action", "the widow turned face up when nobody was to turn it"),
    "exchange_card_not_in_widow": ("illegal_action", "an exchange taking a card the widow does not hold"),
    "exchange_card_not_held": ("illegal_action", "an exchange giving a card the player does not hold"),
    "widow_contradicts_log": ("illegal_action", "widow cards stated that contradict what the log knows"),
    "shown_hand_contradicts_log": ("illegal_action", "a shown hand with a card the log has elsewhere, or without one he holds"),
    "result_contradicts_cards": ("illegal_action", "a result line the shown cards contradict (the cards decide)"),
    "result_names_player_out": ("illegal_action", "a result line naming a player who is not in the deal"),
    "eliminated_player_acted": ("illegal_action", "a player who is out of the game took part in a deal"),
    "chips_bought_differ": ("note", "a La Viuda game starts with stacks other than the chips each player buys"),
    "pack_too_small": ("misdeal", "the short pack has too few cards for the players and the widow"),
    "deal_after_game_over": ("illegal_action", "a deal logged after the game was over"),
    "dealer_unknown": ("note", "the log does not say who dealt: rulings that need the dealer are not made"),
    # -- brag (referee.engine.staking, three-card brag)
    "stake_short": ("illegal_action", "a stake below what the player must put in to stay in"),
    "stake_not_round": ("illegal_action", "round system: a stake other than the one chip (two when seen) of a turn"),
    "blind_raise_forbidden": ("illegal_action", "a blind player raised where blind players may not raise"),
    "blind_after_look": ("illegal_action", "a stake logged blind by a player who had looked at his cards"),
    "blind_not_allowed": ("illegal_action", "a blind stake under a rulebook without blind play"),
    "call_equalises_stakes": ("illegal_action", "poker anti-stall: a call that makes three or more stakes equal"),
    "see_not_heads_up": ("illegal_action", "a see while more than two players are in"),
    "see_nothing_staked": ("illegal_action", "a see before anybody has staked"),
    "seen_sees_blind": ("illegal_action", "a seen player paid to see a blind player"),
    "see_short": ("illegal_action", "a see for less than double the player's stake"),
    "see_over_cost": ("illegal_action", "a see for more than double the player's stake"),
    "see_wrong_target": ("note", "a see naming a player who is not the other one left"),
    "cover_with_chips": ("illegal_action", "a cover by a player who could still make the stake"),
    "acted_after_cover": ("illegal_action", "a player who covered the pot acted again"),
    "deal_not_shuffled": ("illegal_action", "a deal after a shown prial that was not shuffled"),
    "kept_hand_dealt": ("note", "cards dealt to the player who keeps his blind hand from the last deal"),
    # -- seven- and nine-card brag
    "stake_unequal": ("illegal_action", "a stake different from the deal's equal stake"),
    "staked_twice": ("illegal_action", "a second stake by one player in one deal"),
    "stake_after_reveals": ("illegal_action", "a stake after the hands began to be revealed"),
    "stake_missing": ("illegal_action", "a player in the deal who did not stake"),
    "no_betting": ("illegal_action", "a betting action in a game without betting"),
    "declaration_no_effect": ("note", "a declaration the rulebook gives no effect, or made too late"),
    "declaration_false": ("illegal_action", "declared cards that are not what was declared"),
    "declaration_unverifiable": ("unverifiable", "a declaration whose cards were not shown"),
    "round_unverifiable": ("unverifiable", "the best hand of a round cannot be told: hands not revealed"),
    "too_many_players": ("illegal_action", "more players than the game can deal to"),
    # -- stop the bus
    "exchange_count": ("illegal_action", "an exchange of a number of cards the rulebook does not allow"),
    "pass_not_allowed": ("illegal_action", "a pass where the rulebook makes every player exchange"),
    "stop_call_not_allowed": ("illegal_action", "a stop call under a rulebook without one"),
    "acted_not_in_game": ("illegal_action", "a player with no chips left (out of the game) acted"),
    "exchanging_over": ("illegal_action", "an exchange, pass or stop call after the exchanging ended"),
    "lowest_unverifiable": ("unverifiable", "who has the lowest hand cannot be told: hands not shown"),
    "penalty_short": ("note", "the lowest hand paid all he had, less than the penalty"),
    "game_won": ("note", "the last player with chips takes the whole pot"),
}

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

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON: every field, ``None`` kept so the shape is stable."""
        return {
            "code": self.code,
            "kind": self.kind,
            "severity": self.severity,
            "action": self.action,
            "about": self.about,
            "player": self.player,
            "rule": self.rule,
            "message": self.message,
            "remedy": self.remedy,
        }

    def __str__(self) -> str:
        where = f"action {self.action}: " if self.action is not None else ""
        rule = f" [{self.rule}]" if self.rule else ""
        remedy = f" -> {self.remedy}" if self.remedy else ""
        return f"{where}{self.message}{rule}{remedy}"
