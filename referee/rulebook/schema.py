"""The option schema: every house-rule option of every game, its type, allowed values and default.

The names and values are those of ``RULES.md`` (sections 0-9).  The first value of a choice, and
every default, is the seed's own rule where the seed states one.  Options marked "seed silent" fill
gaps; the ones that pin an open point of RULES.md section 10 say which item in ``pins``.

A rulebook TOML file only chooses values; this module decides what a value may be.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Mapping

from referee.engine.games import base_game, find_game, game_names
from referee.errors import RulebookError

# Which games exist, each game's rule-id prefix and the game a variant's rulebook may extend come from
# the game registry (referee.engine.games): see games(), rule_prefix(), base_of().  The names
# RULE_PREFIX and GAME_BASE are kept as read-only views of it (module __getattr__ below).


def games() -> tuple[str, ...]:
    """Every game referee knows, in the registry's order (that of RULES.md)."""
    return game_names()


def rule_prefix(game: str) -> str:
    """The prefix of ``game``'s own numbered rules and options (``jackpots.6``, ``brag7.1``)."""
    return find_game(game).prefix


def base_of(game: str) -> str | None:
    """The game ``game`` is a variant of, whose rulebook a rulebook of ``game`` may extend and whose
    rules it inherits (jackpots plays the straight-draw betting, ante and draw: seed-003 "as in
    traditional draw poker"); ``None`` for a game of its own."""
    base = base_game(find_game(game))
    return base.name if base is not None else None


def __getattr__(name: str) -> object:
    if name == "RULE_PREFIX":
        return {game: rule_prefix(game) for game in games()}
    if name == "GAME_BASE":
        return {game: base for game in games() if (base := base_of(game)) is not None}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: Prefix for rules a house adds of its own (``house.1``); valid in every game.
HOUSE_PREFIX = "house"

OptionValue = str | int


@dataclass(frozen=True)
class OptionSpec:
    """One option: what it is called, where it applies, what it may be, and where it comes from."""

    name: str
    games: tuple[str, ...]
    default: OptionValue
    description: str
    source: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    pins: str | None = None  # the RULES.md section-10 item this option pins, e.g. "10.5"

    def applies_to(self, game: str) -> bool:
        """True if the option is one of ``game``'s (``"*"``: every game's)."""
        return "*" in self.games or game in self.games

    @property
    def is_int(self) -> bool:
        """True for a whole-number option, False for a choice among named values."""
        return not self.choices

    def allowed_text(self) -> str:
        """The allowed values in words, for error messages and docs."""
        if self.choices:
            return ", ".join(self.choices)
        return f"a whole number from {self.minimum} to {self.maximum}"

    def validate(self, value: object) -> OptionValue:
        """Return ``value`` in canonical form, or raise :class:`RulebookError` saying what is allowed.

        A choice accepts the value's string (choices that look like numbers may be written as TOML ints,
        such as ``stopbus.top_prial = 333``, and are read as their text); a whole-number option accepts an
        int or a string of digits (hand-file headers are text).
        """
        if self.choices:
            if isinstance(value, bool) or not isinstance(value, (str, int)):
                raise self._wrong_type(value, "one of " + self.allowed_text())
            text = str(value)
            if text not in self.choices:
                close = difflib.get_close_matches(text, self.choices, n=1, cutoff=0.5)
                hint = f"did you mean {close[0]!r}?" if close else f"{self.name}: {self.description}"
                raise RulebookError(
                    f"option {self.name!r} must be one of {self.allowed_text()} (got {text!r})",
                    hint=hint,
                )
            return text
        number: int
        if isinstance(value, bool):
            raise self._wrong_type(value, "a whole number")
        if isinstance(value, int):
            number = value
        elif isinstance(value, str) and value.strip().lstrip("+-").isascii() and value.strip().lstrip("+-").isdigit():
            number = int(value.strip())
        else:
            raise self._wrong_type(value, "a whole number")
        assert self.minimum is not None and self.maximum is not None
        if not self.minimum <= number <= self.maximum:
            raise RulebookError(
                f"option {self.name!r} must be from {self.minimum} to {self.maximum} (got {number})",
                hint=f"{self.name}: {self.description}",
            )
        return number

    def _wrong_type(self, value: object, expected: str) -> RulebookError:
        return RulebookError(
            f"option {self.name!r} must be {expected}, not {type(value).__name__} {value!r}",
            hint=f"{self.name}: {self.description}",
        )


def _choice(
    name: str, games: tuple[str, ...], choices: str, description: str, source: str, pins: str | None = None
) -> OptionSpec:
    values = tuple(v.strip() for v in choices.split("|"))
    return OptionSpec(name, games, values[0], description, source, choices=values, pins=pins)


def _int(
    name: str,
    games: tuple[str, ...],
    default: int,
    minimum: int,
    maximum: int,
    description: str,
    source: str,
    pins: str | None = None,
) -> OptionSpec:
    return OptionSpec(name, games, default, description, source, minimum=minimum, maximum=maximum, pins=pins)


ALL = ("*",)  # every game, those registered later included
DRAW = ("straight_draw", "jackpots")
JACKPOTS = ("jackpots",)
STUD = ("five_card_stud",)
WHISKEY = ("whiskey_poker",)
WIDOW_PLAY = ("whiskey_poker", "la_viuda")  # the exchange phases La Viuda plays "exactly as Whisky Poker"
VIUDA = ("la_viuda",)
BRAG = ("three_card_brag",)
BRAG7 = ("seven_card_brag",)
BRAG9 = ("nine_card_brag",)
STOPBUS = ("stop_the_bus",)

_CHIPS = 10_000  # upper bound for chip amounts: a sanity limit, not a rule

OPTIONS: tuple[OptionSpec, ...] = (
    # §0 common conventions
    _choice("common.wheel", ALL, "allowed | forbidden",
            "A-2-3-4-5 counts as the lowest straight in five-card hands", "standard; seeds silent"),
    _choice("common.showdown_tie", ALL, "split | odd_chip_left_of_dealer",
            "how tied winning hands share a pot and who gets an odd chip", "engine; seeds silent", pins="10.13"),
    _choice("common.illegal_fix", ALL, "adjust_to_nearest_legal | void_and_reprompt",
            "what the referee does with an illegal bet after flagging it", "engine"),
    # §1 straight draw (and jackpots, which plays the same structure)
    _choice("draw.ante", DRAW, "dealer_antes_N | each_player_antes_1",
            "who puts the ante in before the deal", "seed-002; hoyle-jp"),
    _choice("draw.all_check", DRAW, "redeal_next_dealer_adds_N | redeal_same_dealer_all_reante | proceed_to_draw",
            "what happens when every player checks in the first betting round", "seed-002; hoyle-jp; PokerKit"),
    _choice("draw.betting", DRAW, "spread_limit | fixed_limit | pot_limit | no_limit",
            "the betting structure", "seed-002; RRoP; PokerKit", pins="10.3"),
    _choice("draw.check_first_round", DRAW, "allowed | bet_or_drop",
            "whether a player may check in the first betting round", "seed-002; hoyle-draw"),
    _int("draw.limit_pre", DRAW, 2, 1, _CHIPS,
         "largest bet or raise before the draw (the fixed size under fixed_limit)", "seed-002", pins="10.3"),
    _int("draw.limit_post", DRAW, 5, 1, _CHIPS,
         "largest bet or raise after the draw (the fixed size under fixed_limit)", "seed-002", pins="10.3"),
    _int("draw.bet_min", DRAW, 1, 1, _CHIPS, "smallest bet or raise", "seed-002"),
    _choice("draw.raise_cap", DRAW, "per_player_3 | bet_plus_4_raises_total | none",
            "how many raises a betting round allows", "seed-002; RRoP"),
    _choice("draw.opening_bet_counts_as_raise", DRAW, "no | yes",
            "whether a player's opening bet counts toward his raise cap", "seed silent", pins="10.1"),
    _choice("draw.max_draw", DRAW, "3_or_4_if_under_6 | 3 | 5_split_4_then_1",
            "how many cards a player may draw", "seed-002; RRoP"),
    _choice("draw.round2_first", DRAW, "first_bettor_round1 | left_of_dealer",
            "who acts first in the betting round after the draw", "seed-002; RRoP", pins="10.2"),
    _choice("draw.showdown_first", DRAW, "last_raiser | last_bettor_or_first_to_act",
            "who shows his hand first at the showdown", "seed-002; RRoP", pins="10.1"),
    _choice("draw.count_question", DRAW, "answer_until_betting | answer_until_action_after_draw",
            "until when a player must answer how many cards he drew", "seed-002; RRoP"),
    _choice("draw.check_raise", DRAW, "allowed | forbidden",
            "whether a player who checked may raise later in the same round", "RRoP; seed silent"),
    _choice("draw.check_facing_bet", DRAW, "must_act_again | taken_as_call | taken_as_fold",
            "what a check facing a bet amounts to", "seed-002 (nobody may check after a bet); remedy seed silent"),
    _choice("draw.check_raise_breach", DRAW, "must_act_again | taken_as_call | taken_as_fold",
            "what a raise amounts to by a player who checked, where check-raising is forbidden",
            "RRoP; seed silent"),
    _choice("draw.misdeal", DRAW, "rrop_list | none",
            "which dealing errors make a misdeal", "RRoP; seed silent"),
    # §2 jackpots
    _choice("jackpots.min_open", JACKPOTS, "JJ | progressive_QQ_KK_AA",
            "the smallest hand that may open", "seed-003; wiki-5cd"),
    _choice("jackpots.no_open", JACKPOTS, "as_draw.all_check | reante_same_dealer | ante_cap_3_deals",
            "what happens when nobody opens", "seed-002 analogy; hoyle-jp; RRoP", pins="10.4"),
    _choice("jackpots.uncalled_show", JACKPOTS, "openers_only | full_hand",
            "what an opener whose bet nobody called must show", "seed-003; hoyle-jp; pz-openers"),
    _choice("jackpots.split_declare", JACKPOTS, "keep_discards_face_down | declare_and_under_chip",
            "what an opener who splits his openers must do", "seed-003; RRoP"),
    _choice("jackpots.retrieve_mucked_discard", JACKPOTS, "no | referee_discretion",
            "whether mucked discards may be retrieved to prove openers", "seed-003 (implied); RRoP"),
    _choice("jackpots.unproven_opener", JACKPOTS, "as_false_open | forfeit_pot_only",
            "what happens to an opener who cannot prove openers", "seed-003", pins="10.5"),
    _choice("jackpots.false_open_penalty", JACKPOTS, "pay_each_other_player_1 | ante_for_all_next_deal | none",
            "the penalty for a false open", "seed-003; RRoP"),
    _choice("jackpots.penalty_payees", JACKPOTS, "all_other_players_dealt | active_players_only",
            "who receives the false-open penalty", "seed-003", pins="10.5"),
    _choice("jackpots.false_open_before_showdown", JACKPOTS, "play_on | rrop_declare_open",
            "what happens when a false open is found before the showdown", "seed-003; RRoP"),
    _choice("jackpots.false_open_after_win", JACKPOTS, "keep_if_best_no_penalty | forfeit",
            "what happens when a false open is found after the opener took the pot", "seed-003; RRoP",
            pins="10.6"),
    _choice("jackpots.free_ride_by_dealer", JACKPOTS,
            "antes_for_others_too | next_deal_he_does_not_deal | dealer_ante_counts",
            "what the free ride costs a false opener who deals the next hand under draw.ante = dealer_antes_N",
            "seed silent"),
    _choice("jackpots.caller_refund", JACKPOTS, "none",
            "what a caller who cannot beat a false opener gets back", "RRoP; seed silent"),
    _choice("jackpots.bug", JACKPOTS, "none | joker_as_ace_or_straight_flush_filler",
            "whether a joker (the bug) is in the pack", "seed-003; wiki-5cd; RRoP"),
    # §3 five-card stud
    _choice("stud.ante", STUD, "none | ante", "whether every player antes before the deal", "seed-003"),
    _int("stud.ante_amount", STUD, 1, 1, _CHIPS,
         "chips each player antes when stud.ante = ante", "seed silent; same as straight draw"),
    _choice("stud.first_round", STUD, "highest_upcard | bring_in_lowest_upcard",
            "who acts first in the first betting round", "seed-003; wiki-5cs; pagat-stud"),
    _choice("stud.upcard_tie", STUD, "first_dealt | suit_c<d<h<s",
            "how equal highest upcards are ordered", "seed-003; wiki-5cs; pagat-stud"),
    _choice("stud.later_rounds", STUD, "best_showing_combination",
            "who acts first in the betting rounds after the first", "wiki-5cs; pagat-stud; seed silent"),
    _choice("stud.all_check", STUD, "next_card | redeal",
            "what happens when every player checks a betting round", "wiki-5cs; seed unclear", pins="10.7"),
    _choice("stud.betting", STUD, "spread_limit | fixed_limit | pot_limit | no_limit",
            "the betting structure", "seed silent; same as straight draw"),
    _int("stud.bet_min", STUD, 1, 1, _CHIPS, "smallest bet or raise", "seed silent; same as straight draw"),
    _int("stud.limit_early", STUD, 2, 1, _CHIPS,
         "largest bet or raise in the rounds after the 2nd and 3rd cards", "seed silent; same as straight draw"),
    _int("stud.limit_late", STUD, 5, 1, _CHIPS,
         "largest bet or raise in the rounds after the 4th and 5th cards", "seed silent; same as straight draw"),
    _choice("stud.raise_cap", STUD, "per_player_3 | bet_plus_4_raises_total | none",
            "how many raises a betting round allows", "seed silent; same as straight draw"),
    _choice("stud.opening_bet_counts_as_raise", STUD, "no | yes",
            "whether a player's opening bet counts toward his raise cap", "seed silent; same as straight draw"),
    _choice("stud.check_raise", STUD, "allowed | forbidden",
            "whether a player who checked may raise later in the same round", "seed silent; same as straight draw"),
    _choice("stud.check_facing_bet", STUD, "must_act_again | taken_as_call | taken_as_fold",
            "what a check facing a bet amounts to", "seed silent; same as straight draw"),
    _choice("stud.check_raise_breach", STUD, "must_act_again | taken_as_call | taken_as_fold",
            "what a raise amounts to by a player who checked, where check-raising is forbidden",
            "seed silent; same as straight draw"),
    # §4 whiskey poker (the exchange-phase options also govern La Viuda)
    _choice("whiskey.scoring", WHISKEY,
            "pot_to_best | no_ante_lowest_pays_N | ante_and_lowest_pays_N | lowest_pays_1_to_pool_elimination"
            " | pot_to_best_plus_lowest_forfeit",
            "who wins and who pays at the showdown", "seed-000; seed-004; hoyle-wp", pins="10.8"),
    _choice("whiskey.lowest_pays", WHISKEY, "N_players | agreed_k",
            "how many chips the lowest hand pays when it pays", "seed-000"),
    _int("whiskey.agreed_k", WHISKEY, 1, 1, _CHIPS,
         "the agreed payment when whiskey.lowest_pays = agreed_k", "seed-000; hoyle-wp"),
    _int("whiskey.pool_chips", WHISKEY, 5, 1, _CHIPS,
         "chips each player starts with under lowest_pays_1_to_pool_elimination", "seed-004"),
    _choice("whiskey.knock_with_exchange", WIDOW_PLAY, "allowed | forbidden",
            "whether a player may exchange and knock in the same turn", "seed-000; hoyle-wp"),
    _choice("whiskey.pass_rule", WIDOW_PLAY, "once_in_phase2 | not_twice_in_a_row | unlimited",
            "how often a player may pass once the widow is face up", "seed-000; hoyle-wp; homepoker-wp",
            pins="10.8"),
    _choice("whiskey.phase2_exchange", WIDOW_PLAY, "one_or_all | any_number",
            "how many cards a player may exchange with the face-up widow", "seed-000; pagat; homepoker-wp"),
    _choice("whiskey.phase1_knock", WIDOW_PLAY, "allowed_widow_turned_up | allowed",
            "knocking while the widow is still face down", "seed-000; hoyle-wp"),
    _choice("whiskey.dealer_must_act", WIDOW_PLAY, "turn_up_if_untaken",
            "what the dealer does if nobody took the widow in the first round", "seed-000; hoyle-wp"),
    _choice("whiskey.betting_round", WHISKEY, "none | one_before_showdown",
            "whether there is a betting round", "seed-000; hoyle-wp; homepoker-wp"),
    _choice("whiskey.tie_best", WHISKEY, "split | all_tied_collect_nothing",
            "how tied best hands share the winnings", "engine; seeds silent"),
    _choice("whiskey.tie_lowest", WHISKEY, "all_tied_pay | split_payment",
            "who pays when lowest hands tie", "engine; seeds silent"),
    # §5 la viuda
    _int("laviuda.chips_each", VIUDA, 3, 1, 100, "chips each player buys at the start", "seed-004"),
    _int("laviuda.chip_value", VIUDA, 1, 1, _CHIPS, "the agreed price of one chip, in money units", "seed-004"),
    _choice("laviuda.buyback_price", VIUDA, "2x_chip", "the price of La Viuda", "seed-004"),
    _choice("laviuda.buyback", VIUDA, "once_immediately_passes_on", "who may buy La Viuda, and when", "seed-004"),
    _choice("laviuda.pool_after_buyback", VIUDA, "unchanged",
            "the pool count after La Viuda is bought", "seed-004"),
    _choice("laviuda.tie_lowest", VIUDA, "highest_nonwild_card_suit_hdcs | all_tied_pay",
            "who pays when worst hands tie", "seed-004; widow-app", pins="10.9"),
    _choice("laviuda.wild_rank_from_pool", VIUDA, "on | off",
            "whether the rank named by the pool count is wild", "seed-004; widow-app", pins="10.9"),
    _int("laviuda.jokers", VIUDA, 2, 0, 2, "jokers in the pack (always wild)", "seed-004; widow-app"),
    _choice("laviuda.wild_use", VIUDA, "any_card | no_duplicate_card_in_hand",
            "what card a wild card may stand for", "seed silent; widow-app", pins="10.9"),
    _choice("laviuda.natural_beats_wild", VIUDA, "no | yes",
            "whether a hand without wild cards beats an equal hand with them", "seed silent"),
    _choice("laviuda.short_pack", VIUDA, "off | 5_ranks_per_2_players_plus_1_per_player",
            "whether a short pack is used", "seed-004"),
    _int("laviuda.points_target", VIUDA, 5, 1, 1000,
         "points that win short-pack whisky (the agreed target)", "seed-004 ('an agreed target number'); engine"),
    # §6 three-card brag
    _choice("brag.betting", BRAG, "bet_or_raise | round | poker | poker_antistall",
            "the betting system", "seed-001"),
    _choice("brag.limit", BRAG, "1_to_5 | 1 | 1_to_10", "size of a bet or raise", "seed-001"),
    _int("brag.ante", BRAG, 1, 0, _CHIPS, "chips each player antes before each deal (0: no ante)", "seed-001"),
    _choice("brag.top_prial", BRAG, "333 | AAA", "the highest prial", "seed-001; pagat-brag; wiki-3cb"),
    _choice("brag.wild", BRAG, "none | deuces | braggers_AD_JC_9D", "wild cards", "seed-001", pins="10.10"),
    _choice("brag.natural_beats_wild", BRAG, "yes | no",
            "whether a hand without wild cards beats an equal hand with them", "seed-001"),
    _choice("brag.blind", BRAG, "allowed | not_allowed", "whether a player may play blind", "seed-001"),
    _choice("brag.blind_may_raise", BRAG, "yes | no", "whether a blind player may raise", "seed silent; 3cb-me"),
    _choice("brag.see_cost", BRAG, "double_own_stake", "what a seen player pays each turn",
            "seed-001; wiki-3cb", pins="10.11"),
    _choice("brag.seen_may_see_blind", BRAG, "no", "whether a seen player may pay to see a blind one",
            "seed-001; pagat-brag; wiki-3cb"),
    _choice("brag.tie_at_see", BRAG, "seer_loses | split", "who wins equal hands at a two-player see",
            "pagat-brag; wiki-3cb; seed silent", pins="10.13"),
    _choice("brag.blind_uncontested", BRAG, "takes_pot | pot_carries_blind_keeps_hand",
            "what a blind player left alone receives", "seed-001; wiki-3cb; misery"),
    _choice("brag.cover_main_pot", BRAG, "all_money_before_cover | poker_equalised_side_pot",
            "what the main pot holds when a player covers", "seed-001; misery", pins="10.12"),
    _choice("brag.cover_main_contest", BRAG, "best_of_coverer_and_side_pot_finalists | side_pot_winner_vs_coverer",
            "who contests the main pot after a cover", "seed-001; misery", pins="10.12"),
    _choice("brag.cover_tie", BRAG, "side_pot_winner | split", "who wins a tie for the main pot after a cover",
            "misery; seed silent"),
    _choice("brag.cover_heads_up", BRAG, "ends_betting_show", "a cover when only two players are left",
            "misery; seed silent"),
    _choice("brag.shuffle", BRAG, "after_prial_only | every_deal", "when the pack is shuffled", "seed-001"),
    _choice("brag.runs_wrap", BRAG, "no", "whether a run may go round the corner (2-A-K)", "pagat-brag"),
    # §7 seven-card brag
    _choice("brag7.four_of_a_kind_wins", BRAG7, "off | on",
            "whether four of a kind among the seven cards wins at once", "seed-001; op-9cb"),
    _choice("brag7.round_tie", BRAG7, "no_unique_best_pot_carries | first_revealed_wins",
            "what a tie for the best hand of a round means", "seed silent; op-9cb", pins="10.13"),
    _choice("brag7.misorder", BRAG7, "hand_cannot_win | reorder",
            "a player who reveals his weaker hand first", "seed-001; tj-7cb"),
    _choice("brag7.mode", BRAG7, "split_two_hands | best_three_then_bet", "the form of the game",
            "seed-001; tj-7cb"),
    _choice("brag7.deal", BRAG7, "one_at_a_time | 3_3_1_no_shuffle", "how the cards are dealt", "seed-001"),
    # §8 nine-card brag
    _choice("brag9.win", BRAG9, "all_three | two_of_three", "what wins the pot", "seed-001; op-9cb", pins="10.14"),
    _choice("brag9.four_of_a_kind_wins", BRAG9, "off | on",
            "whether four of a kind among the nine cards wins at once", "seed-001; op-9cb"),
    _choice("brag9.round_tie", BRAG9, "no_unique_best | first_revealed_wins",
            "what a tie for the best hand of a round means", "seed silent; op-9cb", pins="10.13"),
    _choice("brag9.four_pairs_redeal", BRAG9, "off | on",
            "whether a player dealt four pairs may call a redeal", "op-9cb"),
    _choice("brag9.scoring", BRAG9, "single_pot | four_pots | points_3_2_1_to_21", "how the stakes are won",
            "seed-001; 3cardbrag.co.uk; johnpanter"),
    # §9 stop the bus
    _choice("stopbus.exchange", STOPBUS, "one | one_or_three", "how many cards a turn exchanges",
            "seed-001; wiki-stb"),
    _choice("stopbus.exchange_mandatory", STOPBUS, "no | yes", "whether a player must exchange at his turn",
            "seed-001; wiki-stb; gamerules-stb"),
    _choice("stopbus.end", STOPBUS, "full_round_without_exchange | stop_call_then_one_turn_each",
            "when the exchanging ends", "seed-001; wiki-stb; gamerules-stb", pins="10.15"),
    _choice("stopbus.penalty", STOPBUS, "5_chips_to_pot | 1_token", "what the lowest hand pays",
            "seed-001; wiki-stb"),
    _choice("stopbus.tie_lowest", STOPBUS, "all_tied_pay", "who pays when lowest hands tie",
            "wiki-stb; seed silent", pins="10.13"),
    _choice("stopbus.top_prial", STOPBUS, "333 | AAA", "the highest prial (as three-card brag)",
            "seed-001; wiki-stb"),
)

OPTION_SPECS: Mapping[str, OptionSpec] = {spec.name: spec for spec in OPTIONS}


@dataclass(frozen=True)
class GameSchema:
    """The options of one game, in schema order, and its rule prefixes."""

    game: str
    options: tuple[OptionSpec, ...] = field(repr=False)

    @property
    def prefix(self) -> str:
        return rule_prefix(self.game)

    def names(self) -> tuple[str, ...]:
        return tuple(spec.name for spec in self.options)

    def defaults(self) -> dict[str, OptionValue]:
        return {spec.name: spec.default for spec in self.options}

    def rule_prefixes(self) -> tuple[str, ...]:
        """Prefixes allowed for numbered rules in this game: its own, its base game's, ``house``."""
        prefixes = [self.prefix]
        base = base_of(self.game)
        while base is not None:
            prefixes.append(rule_prefix(base))
            base = base_of(base)
        prefixes.append(HOUSE_PREFIX)
        return tuple(prefixes)


def check_game(game: object) -> str:
    """Return ``game`` if it is a known game name, else raise a :class:`RulebookError` with a hint."""
    known = games()
    if isinstance(game, str) and game in known:
        return game
    close = difflib.get_close_matches(str(game), known, n=1, cutoff=0.5)
    hint = f"did you mean {close[0]!r}?" if close else "games: " + ", ".join(known)
    raise RulebookError(f"unknown game {game!r}", hint=hint)


def game_schema(game: str) -> GameSchema:
    """The schema of ``game`` (raises :class:`RulebookError` for an unknown game)."""
    check_game(game)
    return GameSchema(game, tuple(spec for spec in OPTIONS if spec.applies_to(game)))


def option_spec(name: object, game: str) -> OptionSpec:
    """The spec of option ``name`` in ``game``; unknown names and other games' options raise with a hint."""
    spec = OPTION_SPECS.get(name) if isinstance(name, str) else None
    if spec is None:
        names = game_schema(game).names()
        close = difflib.get_close_matches(str(name), names, n=1, cutoff=0.6)
        if close:
            hint = f"did you mean {close[0]!r}?"
        else:
            hint = f"run `referee rulebook show {game}` for the options of {game}"
        raise RulebookError(f"unknown option {name!r}", hint=hint)
    if not spec.applies_to(game):
        raise RulebookError(
            f"option {spec.name!r} does not apply to {game} (it belongs to {', '.join(spec.games)})",
            hint=f"options of {game} start with " + ", ".join(
                sorted({n.split('.')[0] + '.' for n in game_schema(game).names()})),
        )
    return spec
