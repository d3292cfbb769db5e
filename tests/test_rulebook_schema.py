"""The option schema covers every option of RULES.md sections 0-9, with its values, for its game."""

from __future__ import annotations

import pytest

from referee.errors import RulebookError
from referee.rulebook import all_options, game_schema, games
from referee.rulebook.schema import base_of, option_games, option_spec, rule_prefix

# Every option of RULES.md with its values as written there ("name = DEFAULT | alternative | ...").
# A single number is a whole-number option whose default is that number.
RULES_MD_OPTIONS: dict[str, list[str]] = {
    "common.wheel": ["allowed", "forbidden"],
    "common.showdown_tie": ["split", "odd_chip_left_of_dealer"],
    "common.illegal_fix": ["adjust_to_nearest_legal", "void_and_reprompt"],
    "draw.ante": ["dealer_antes_N", "each_player_antes_1"],
    "draw.all_check": ["redeal_next_dealer_adds_N", "redeal_same_dealer_all_reante", "proceed_to_draw"],
    "draw.betting": ["spread_limit", "fixed_limit", "pot_limit", "no_limit"],
    "draw.check_first_round": ["allowed", "bet_or_drop"],
    "draw.limit_pre": ["2"],
    "draw.limit_post": ["5"],
    "draw.bet_min": ["1"],
    "draw.raise_cap": ["per_player_3", "bet_plus_4_raises_total", "none"],
    "draw.opening_bet_counts_as_raise": ["no", "yes"],
    "draw.max_draw": ["3_or_4_if_under_6", "3", "5_split_4_then_1"],
    "draw.round2_first": ["first_bettor_round1", "left_of_dealer"],
    "draw.showdown_first": ["last_raiser", "last_bettor_or_first_to_act"],
    "draw.count_question": ["answer_until_betting", "answer_until_action_after_draw"],
    "draw.check_raise": ["allowed", "forbidden"],
    "draw.misdeal": ["rrop_list", "none"],
    "jackpots.min_open": ["JJ", "progressive_QQ_KK_AA"],
    "jackpots.no_open": ["as_draw.all_check", "reante_same_dealer", "ante_cap_3_deals"],
    "jackpots.uncalled_show": ["openers_only", "full_hand"],
    "jackpots.split_declare": ["keep_discards_face_down", "declare_and_under_chip"],
    "jackpots.retrieve_mucked_discard": ["no", "referee_discretion"],
    "jackpots.unproven_opener": ["as_false_open", "forfeit_pot_only"],
    "jackpots.false_open_penalty": ["pay_each_other_player_1", "ante_for_all_next_deal", "none"],
    "jackpots.penalty_payees": ["all_other_players_dealt", "active_players_only"],
    "jackpots.false_open_before_showdown": ["play_on", "rrop_declare_open"],
    "jackpots.false_open_after_win": ["keep_if_best_no_penalty", "forfeit"],
    "jackpots.caller_refund": ["none"],
    "jackpots.bug": ["none", "joker_as_ace_or_straight_flush_filler"],
    "stud.ante": ["none", "ante"],
    "stud.first_round": ["highest_upcard", "bring_in_lowest_upcard"],
    "stud.upcard_tie": ["first_dealt", "suit_c<d<h<s"],
    "stud.later_rounds": ["best_showing_combination"],
    "stud.all_check": ["next_card", "redeal"],
    "whiskey.scoring": ["pot_to_best", "no_ante_lowest_pays_N", "ante_and_lowest_pays_N",
                        "lowest_pays_1_to_pool_elimination", "pot_to_best_plus_lowest_forfeit"],
    "whiskey.lowest_pays": ["N_players", "agreed_k"],
    "whiskey.knock_with_exchange": ["allowed", "forbidden"],
    "whiskey.pass_rule": ["once_in_phase2", "not_twice_in_a_row", "unlimited"],
    "whiskey.phase2_exchange": ["one_or_all", "any_number"],
    "whiskey.phase1_knock": ["allowed_widow_turned_up", "allowed"],
    "whiskey.dealer_must_act": ["turn_up_if_untaken"],
    "whiskey.betting_round": ["none", "one_before_showdown"],
    "whiskey.tie_best": ["split", "all_tied_collect_nothing"],
    "whiskey.tie_lowest": ["all_tied_pay", "split_payment"],
    "laviuda.chips_each": ["3"],  # RULES.md: 3 | 2 | k — any whole number
    "laviuda.chip_value": ["1"],
    "laviuda.buyback_price": ["2x_chip"],
    "laviuda.buyback": ["once_immediately_passes_on"],
    "laviuda.pool_after_buyback": ["unchanged"],
    "laviuda.tie_lowest": ["highest_nonwild_card_suit_hdcs", "all_tied_pay"],
    "laviuda.wild_rank_from_pool": ["on", "off"],
    "laviuda.jokers": ["2", "0"],
    "laviuda.wild_use": ["any_card", "no_duplicate_card_in_hand"],
    "laviuda.natural_beats_wild": ["no", "yes"],
    "laviuda.short_pack": ["off", "5_ranks_per_2_players_plus_1_per_player"],
    "brag.betting": ["bet_or_raise", "round", "poker", "poker_antistall"],
    "brag.limit": ["1_to_5", "1", "1_to_10"],
    "brag.ante": ["1", "0"],
    "brag.top_prial": ["333", "AAA"],
    "brag.wild": ["none", "deuces", "braggers_AD_JC_9D"],
    "brag.natural_beats_wild": ["yes", "no"],
    "brag.blind": ["allowed", "not_allowed"],
    "brag.blind_may_raise": ["yes", "no"],
    "brag.see_cost": ["double_own_stake"],
    "brag.seen_may_see_blind": ["no"],
    "brag.tie_at_see": ["seer_loses", "split"],
    "brag.blind_uncontested": ["takes_pot", "pot_carries_blind_keeps_hand"],
    "brag.cover_main_pot": ["all_money_before_cover", "poker_equalised_side_pot"],
    "brag.cover_main_contest": ["best_of_coverer_and_side_pot_finalists", "side_pot_winner_vs_coverer"],
    "brag.cover_tie": ["side_pot_winner", "split"],
    "brag.cover_heads_up": ["ends_betting_show"],
    "brag.shuffle": ["after_prial_only", "every_deal"],
    "brag.runs_wrap": ["no"],
    "brag7.four_of_a_kind_wins": ["off", "on"],
    "brag7.round_tie": ["no_unique_best_pot_carries", "first_revealed_wins"],
    "brag7.misorder": ["hand_cannot_win", "reorder"],
    "brag7.mode": ["split_two_hands", "best_three_then_bet"],
    "brag7.deal": ["one_at_a_time", "3_3_1_no_shuffle"],
    "brag9.win": ["all_three", "two_of_three"],
    "brag9.four_of_a_kind_wins": ["off", "on"],
    "brag9.round_tie": ["no_unique_best", "first_revealed_wins"],
    "brag9.four_pairs_redeal": ["off", "on"],
    "brag9.scoring": ["single_pot", "four_pots", "points_3_2_1_to_21"],
    "stopbus.exchange": ["one", "one_or_three"],
    "stopbus.exchange_mandatory": ["no", "yes"],
    "stopbus.end": ["full_round_without_exchange", "stop_call_then_one_turn_each"],
    "stopbus.penalty": ["5_chips_to_pot", "1_token"],
    "stopbus.tie_lowest": ["all_tied_pay"],
    "stopbus.top_prial": ["333", "AAA"],  # RULES.md: "inherit brag.top_prial" — brag's values and default
}

# Which game each RULES.md prefix belongs to; common.* is in every game, draw.* in both draw games,
# and the Whisky Poker exchange options in La Viuda too ("phases and options exactly as Whisky Poker").
PREFIX_GAMES = {
    "common": games(),
    "draw": ("straight_draw", "jackpots"),
    "jackpots": ("jackpots",),
    "stud": ("five_card_stud",),
    "whiskey": ("whiskey_poker",),
    "laviuda": ("la_viuda",),
    "brag": ("three_card_brag",),
    "brag7": ("seven_card_brag",),
    "brag9": ("nine_card_brag",),
    "stopbus": ("stop_the_bus",),
}
WIDOW_PLAY = {"whiskey.knock_with_exchange", "whiskey.pass_rule", "whiskey.phase2_exchange",
              "whiskey.phase1_knock", "whiskey.dealer_must_act"}


@pytest.mark.parametrize("name", sorted(RULES_MD_OPTIONS))
def test_every_rules_md_option_is_in_the_schema_with_its_values_and_default(name: str) -> None:
    spec = all_options()[name]
    values = RULES_MD_OPTIONS[name]
    if spec.is_int:  # numeric options are ints: the default and every listed value fit the range
        assert spec.default == int(values[0])
        assert all(spec.validate(int(v)) == int(v) for v in values)
    else:
        assert list(spec.choices) == values
        assert spec.default == values[0]


@pytest.mark.parametrize("name", sorted(RULES_MD_OPTIONS))
def test_every_rules_md_option_applies_to_its_games(name: str) -> None:
    expected = set(PREFIX_GAMES[name.split(".")[0]])
    if name in WIDOW_PLAY:
        expected.add("la_viuda")
    assert {game for game in games() if name in game_schema(game).names()} == expected
    assert set(option_games(name)) == (expected if name.split(".")[0] != "common" else {"*"})


def test_stud_has_betting_options_mirroring_draw() -> None:
    """RULES.md section 3: the seed gives no betting structure for stud; ours is 'same as straight draw'."""
    for name, draw_name in [("stud.betting", "draw.betting"), ("stud.raise_cap", "draw.raise_cap"),
                            ("stud.bet_min", "draw.bet_min"), ("stud.limit_early", "draw.limit_pre"),
                            ("stud.limit_late", "draw.limit_post")]:
        stud, draw = all_options()[name], all_options()[draw_name]
        assert (stud.choices, stud.default) == (draw.choices, draw.default)
        assert "same as straight draw" in stud.source


def test_schema_entries_are_complete() -> None:
    for spec in all_options().values():
        assert spec.description and spec.source and option_games(spec.name)
        assert spec.name.split(".")[0] in {rule_prefix(game) for game in games()} | {"common"}
        assert spec.validate(spec.default) == spec.default
        if spec.is_int:
            assert spec.minimum is not None and spec.maximum is not None
            assert spec.minimum <= spec.default <= spec.maximum


def test_every_section_10_item_is_pinned_by_an_option() -> None:
    """RULES.md section 10: 'pin each by an option with a documented default'."""
    pinned = {spec.pins for spec in all_options().values() if spec.pins}
    assert pinned == {f"10.{n}" for n in range(1, 16)}


def test_validate_choice_accepts_ints_written_for_numeric_looking_values() -> None:
    assert all_options()["brag.limit"].validate(1) == "1"
    assert all_options()["brag.ante"].validate("0") == 0
    assert all_options()["draw.max_draw"].validate(3) == "3"
    assert all_options()["draw.limit_pre"].validate("4") == 4


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("draw.max_draw", "4", "option 'draw.max_draw' must be one of 3_or_4_if_under_6, 3, 5_split_4_then_1 (got '4')"),
        ("draw.limit_pre", "two", "option 'draw.limit_pre' must be a whole number, not str 'two'"),
        ("draw.limit_pre", 0, "option 'draw.limit_pre' must be from 1 to 10000 (got 0)"),
        ("draw.limit_pre", True, "option 'draw.limit_pre' must be a whole number, not bool True"),
        ("common.wheel", 1.5, "option 'common.wheel' must be one of allowed, forbidden, not float 1.5"),
    ],
)
def test_validate_rejects_bad_values(name: str, value: object, message: str) -> None:
    with pytest.raises(RulebookError) as info:
        all_options()[name].validate(value)
    assert info.value.message == message
    assert info.value.hint


def test_option_spec_unknown_and_foreign_names() -> None:
    with pytest.raises(RulebookError) as info:
        option_spec("draw.max_drw", "jackpots")
    assert info.value.message == "unknown option 'draw.max_drw'"
    assert info.value.hint == "did you mean 'draw.max_draw'?"
    with pytest.raises(RulebookError) as info:
        option_spec("brag.wild", "jackpots")
    assert "does not apply to jackpots" in info.value.message
    assert info.value.hint == "options of jackpots start with common., draw., jackpots."


def test_game_schema_and_bases() -> None:
    assert game_schema("jackpots").rule_prefixes() == ("jackpots", "draw", "house")
    # a variant is a subclass of the game it varies (referee.engine.games): its rulebook may extend that game's
    assert {game: base for game in games() if (base := base_of(game))} == {"jackpots": "straight_draw", "la_viuda": "whiskey_poker", "nine_card_brag": "seven_card_brag"}
    with pytest.raises(RulebookError) as info:
        game_schema("holdem")
    assert info.value.message == "unknown game 'holdem'"
