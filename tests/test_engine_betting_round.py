"""The betting-round turn engine on its own (referee/engine/betting.py), under straight draw's rules
(seed-002, RULES.md section 1): every refusal with its finding code, rule id, message and remedy, the
chips and whose turn after each step, the legal actions offered, and each betting option's effect.

The rounds are built as straight draw builds its first betting round (``draw.limit_pre`` = 2 before
the draw): four players Ann (the dealer), Bob, Cy and Dee, 100 chips each, 4 chips of antes in the
middle, Bob (the eldest hand) first (draw.4.1).  Every figure is worked out by hand from the rules.
"""

from __future__ import annotations

import pytest

from referee.engine.betting import (ACTIONS, ADJUST, VOID, BettingRound, BettingRuleIds, BettingRules,
                                    LegalActions, round_rules)
from referee.engine.events import AllIn, Bet, Call, Check, Fold, Raise
from referee.engine.table import Table
from referee.errors import HandFileError
from referee.handfile.actions import HandReader
from referee.rulebook import load_rulebook

ANN, BOB, CY, DEE = range(4)
NAMES = ("Ann", "Bob", "Cy", "Dee")
DRAW_IDS = BettingRuleIds(order="draw.4.1", no_check_after_bet="draw.4.2", limits="draw.6",
                          structure="draw.betting", cap="draw.raise_cap", check_raise="draw.check_raise",
                          check_allowed="draw.check_first_round", check_facing_bet="draw.check_facing_bet",
                          check_raise_breach="draw.check_raise_breach")


def draw_rules(limit: int = 2, *, check_allowed: bool = True, **options: object) -> BettingRules:
    """The rules of straight draw's first betting round with ``options`` (``draw_betting="no_limit"``
    for ``draw.betting = no_limit``) changed, as the game builds them."""
    rb = load_rulebook("straight_draw")
    if options:
        rb = rb.with_options({k.replace("draw_", "draw.", 1).replace("common_", "common.", 1): v
                              for k, v in options.items()})
    return round_rules(rb, "draw", limit, check_allowed=check_allowed, order_rule="draw.4.1",
                       check_rule="draw.check_first_round", no_check_rule="draw.4.2", limits_rule="draw.6")


def rules(structure: str = "spread_limit", limit: int | None = 2, **kw) -> BettingRules:
    """Rules made directly, for the settings no shipped option gives (a cap of one raise)."""
    base = dict(structure=structure, bet_min=1, limit=limit, cap_per_player=3, cap_per_round=None,
                opening_bet_counts_as_raise=False, check_allowed=True, check_raise_allowed=True, fix=ADJUST,
                ids=DRAW_IDS)
    return BettingRules(**{**base, **kw})


def betting(rules: BettingRules, stacks=(100, 100, 100, 100), *, pot: int = 4, first: int = BOB,
            live=None, names=NAMES) -> BettingRound:
    table = Table(names, names[0])
    return BettingRound(rules, table, list(stacks), [True] * len(names) if live is None else list(live),
                        first, pot)


def act(rnd: BettingRound, *events):
    """Judge and commit each event by its player; the verdicts."""
    return [rnd.apply(rnd.table.index[e.player], e) for e in events]


def breaches(verdict) -> list[tuple[str, str, str, str]]:
    return [(b.code, b.rule, b.message, b.remedy) for b in verdict.breaches]


def words(rnd: BettingRound, seat: int) -> list[str]:
    return [str(w) for w in rnd.legal(seat).describe(rnd.stacks[seat])]


# ---------------------------------------------------------------------- the rules of a round


def test_the_first_round_rules_read_straight_draws_options():
    """The shipped straight draw (seed-002): spread limit of 1 (draw.bet_min) to 2 before the draw
    (draw.6), "one player may raise at most three times" (draw.raise_cap = per_player_3), the opening
    bet not one of them, check-raise allowed, a check facing a bet and a forbidden check-raise "must
    act again"; the ids cited for each situation."""
    r = draw_rules()
    assert (r.structure, r.bet_min, r.limit, r.cap_per_player, r.cap_per_round) == ("spread_limit", 1, 2, 3, None)
    assert (r.opening_bet_counts_as_raise, r.check_allowed, r.check_raise_allowed, r.fix) == (False, True, True, ADJUST)
    assert (r.check_facing_bet, r.check_raise_breach) == ("must_act_again", "must_act_again")
    assert r.ids == DRAW_IDS


@pytest.mark.parametrize("options, expected", [
    ({"draw_raise_cap": "bet_plus_4_raises_total"}, (None, 4)),
    ({"draw_raise_cap": "none"}, (None, None)),
    ({"draw_raise_cap": "per_player_3"}, (3, None)),
])
def test_each_raise_cap_option_gives_its_cap(options, expected):
    """draw.raise_cap: three raises a player (seed-002), one bet and four raises in all, or none."""
    r = draw_rules(**options)
    assert (r.cap_per_player, r.cap_per_round) == expected


@pytest.mark.parametrize("structure, limit, limits_rule", [
    ("spread_limit", 2, "draw.6"), ("fixed_limit", 2, "draw.betting"),
    ("pot_limit", None, "draw.betting"), ("no_limit", None, "draw.betting"),
])
def test_each_betting_structure_option_and_the_rule_its_sizes_cite(structure, limit, limits_rule):
    """draw.betting: under spread limit a size is draw.6's ("at most draw.limit_pre chips"); under the
    other structures the structure itself is the rule a size breaks; only the limits keep a limit."""
    r = draw_rules(draw_betting=structure)
    assert (r.structure, r.limit, r.ids.limits, r.ids.structure) == (structure, limit, limits_rule, "draw.betting")


def test_the_other_options_a_round_reads():
    """draw.opening_bet_counts_as_raise = yes, draw.check_raise = forbidden, common.illegal_fix =
    void_and_reprompt, draw.check_facing_bet and draw.check_raise_breach as set, draw.bet_min 3."""
    r = draw_rules(draw_opening_bet_counts_as_raise="yes", draw_check_raise="forbidden",
                   common_illegal_fix="void_and_reprompt", draw_check_facing_bet="taken_as_fold",
                   draw_check_raise_breach="taken_as_call", draw_bet_min=3, check_allowed=False)
    assert (r.opening_bet_counts_as_raise, r.check_raise_allowed, r.fix, r.check_allowed) == (True, False, VOID, False)
    assert (r.check_facing_bet, r.check_raise_breach, r.bet_min) == ("taken_as_fold", "taken_as_call", 3)


@pytest.mark.parametrize("kw, message", [
    ({"structure": "table_limit"}, "unknown betting structure 'table_limit'"),
    ({"structure": "spread_limit", "limit": None}, "spread_limit needs a limit"),
    ({"structure": "fixed_limit", "limit": None}, "fixed_limit needs a limit"),
    ({"fix": "redo"}, "unknown common.illegal_fix 'redo'"),
])
def test_rules_a_round_cannot_be_played_under_are_refused(kw, message):
    with pytest.raises(ValueError) as err:
        rules(**kw)
    assert str(err.value) == message


def test_pot_and_no_limit_need_no_limit():
    assert rules("pot_limit", None).limit is None and rules("no_limit", None).structure == "no_limit"


# ---------------------------------------------------------------------- the hand format's words


@pytest.mark.parametrize("event, line", [
    (Fold("Bob"), "folds"), (Check("Bob"), "checks"), (Bet("Bob", 2), "bets 2"), (Call("Bob"), "calls"),
    (Raise("Bob", 2), "raises 2"), (Raise("Bob", 6, to=True), "raises to 6"), (AllIn("Bob"), "all in"),
])
def test_each_betting_action_is_written_in_the_hand_formats_words(event, line):
    (action,) = [a for a in ACTIONS if a.kind is type(event)]
    assert action.write(event, 5) == line


def test_a_call_line_is_read_without_an_amount():
    assert HandReader("straight_draw", str).read("Bob: calls", 1) == Call("Bob")


def test_a_call_with_an_amount_is_refused_with_how_to_write_it():
    """A call puts in what he owes, which the replay works out: an amount on it is a mistake."""
    with pytest.raises(HandFileError) as err:
        HandReader("straight_draw", str).read("Bob: calls 2", 1)
    assert (err.value.message, err.value.hint) == (
        "'calls 2': a call takes no amount", "write 'Bob: calls'; the replay works out what he owed, and flags a short call")


# ---------------------------------------------------------------------- the round at its start


def test_the_eldest_hand_opens_and_may_check_or_bet_one_to_two():
    """draw.4.1: "The first betting round begins with the eldest hand, who may fold, check or bet";
    draw.6: a bet is 1 to 2 before the draw."""
    rnd = betting(draw_rules())
    assert (rnd.order, rnd.to_act, rnd.closed, rnd.pending) == ((BOB, CY, DEE, ANN), BOB, False, {0, 1, 2, 3})
    assert rnd.legal(BOB) == LegalActions(BOB, 0, True, 1, 2, True, False)
    assert words(rnd, BOB) == ["check", "fold", "bet 1–2"]
    assert rnd.legal(BOB).events("Bob") == [Fold("Bob"), Check("Bob"), Bet("Bob", 1), Bet("Bob", 2)]


def test_players_out_of_the_hand_are_not_in_the_order_and_one_with_chips_bets_with_nobody():
    """Cy folded earlier: the order skips him; when only one player has chips left, nobody is to act."""
    rnd = betting(draw_rules(), live=(True, True, False, True))
    assert rnd.order == (BOB, DEE, ANN)
    alone = betting(draw_rules(), stacks=(0, 5, 0, 0))
    assert (alone.pending, alone.to_act, alone.closed) == (set(), None, True)


def test_after_everyone_checks_the_round_is_closed():
    """draw.4.3: the round ends when every player still in has put in the same amount (nothing)."""
    rnd = betting(draw_rules())
    verdicts = act(rnd, Check("Bob"), Check("Cy"), Check("Dee"))
    assert [v.kind for v in verdicts] == ["check"] * 3 and rnd.to_act == ANN
    act(rnd, Check("Ann"))
    assert rnd.closed and rnd.to_act is None and rnd.checked == {0, 1, 2, 3} and rnd.actions == 4
    assert rnd.stacks == [100] * 4 and rnd.bets == [0] * 4


def test_a_bet_then_the_others_call_raise_or_fold():
    """draw.4.2: "Once a player has bet, nobody may check: each player in turn must call, raise or fold"."""
    rnd = betting(draw_rules())
    (v,) = act(rnd, Bet("Bob", 2))
    assert (v.kind, v.chips, v.legal, v.in_turn) == ("bet", 2, True, True)
    assert (rnd.stacks[BOB], rnd.bets[BOB], rnd.current, rnd.first_bettor, rnd.last_aggressor) == (98, 2, 2, BOB, BOB)
    assert (rnd.raises, rnd.total_raises, rnd.acted, rnd.pending, rnd.to_act) == ([0] * 4, 0, {BOB}, {0, 2, 3}, CY)
    assert rnd.legal(CY) == LegalActions(CY, 2, False, 1, 2, False, False)
    assert words(rnd, CY) == ["fold", "call 2", "raise 1–2"]
    assert rnd.legal(CY).events("Cy") == [Fold("Cy"), Call("Cy"), Raise("Cy", 1), Raise("Cy", 2)]
    (v,) = act(rnd, Raise("Cy", 1))
    assert (v.kind, v.chips) == ("raise", 3)
    assert (rnd.current, rnd.raises[CY], rnd.total_raises, rnd.last_aggressor, rnd.to_act) == (3, 1, 1, CY, DEE)
    assert rnd.pending == {ANN, BOB, DEE} and rnd.acted == {CY}
    (v,) = act(rnd, Fold("Dee"))
    assert v.kind == "fold" and rnd.live == [True, True, True, False] and rnd.to_act == ANN
    (v,) = act(rnd, Call("Ann"))
    assert (v.kind, v.chips, rnd.stacks[ANN], rnd.to_act) == ("call", 3, 97, BOB)
    assert words(rnd, BOB) == ["fold", "call 1", "raise 1–2"]
    act(rnd, Call("Bob"))
    assert rnd.closed and rnd.bets == [3, 3, 3, 0] and rnd.stacks == [97, 97, 97, 100] and rnd.actions == 5


def test_the_bettor_himself_owes_nothing_and_may_not_raise_his_own_bet():
    """After Bob's bet, Bob owes nothing; nobody has raised since he acted, so he may not raise."""
    rnd = betting(draw_rules())
    act(rnd, Bet("Bob", 2))
    assert rnd.legal(BOB) == LegalActions(BOB, 0, True, None, None, False, False)
    assert rnd.reopened_for(BOB) is False and rnd.reopened_for(CY) is True


def test_a_call_is_capped_by_his_stack_and_offered_as_all_in():
    """Table stakes: "a player who cannot call goes all in for less": Cy has 1 against a bet of 2."""
    rnd = betting(draw_rules(), stacks=(100, 100, 1, 100))
    act(rnd, Bet("Bob", 2))
    assert rnd.to_call(CY) == 1 and rnd.to_call(DEE) == 2
    assert rnd.legal(CY) == LegalActions(CY, 1, False, None, None, False, False)
    assert words(rnd, CY) == ["fold", "call all in for 1"]
    (v,) = act(rnd, Call("Cy"))
    assert (v.kind, v.chips, v.legal, rnd.stacks[CY]) == ("call", 1, True, 0)
    assert rnd.pending == {DEE, ANN} and rnd.to_act == DEE
    assert rnd.legal(CY) == LegalActions(CY, 0, False, None, None, False, False)  # all in: nothing to do


def test_a_player_with_no_chips_is_dealt_in_but_never_to_act():
    """Cy is all in from the start (nothing left on the table): Dee acts after Bob."""
    rnd = betting(draw_rules(), stacks=(100, 100, 0, 100))
    assert rnd.order == (BOB, CY, DEE, ANN) and rnd.pending == {ANN, BOB, DEE}
    act(rnd, Bet("Bob", 1))
    assert (rnd.pending, rnd.to_act) == ({DEE, ANN}, DEE)


def test_a_raise_waits_for_nobody_who_folded():
    rnd = betting(draw_rules())
    act(rnd, Bet("Bob", 1), Fold("Cy"), Raise("Dee", 1))
    assert (rnd.pending, rnd.to_act) == ({ANN, BOB}, ANN)


def test_the_round_closes_when_a_player_put_out_leaves_one_in():
    """Bob bets, Cy raises, Ann folds; Cy is put out of the hand (a ruling): Bob, alone, owes nothing."""
    rnd = betting(draw_rules(), names=("Ann", "Bob", "Cy"), stacks=(100, 100, 100))
    act(rnd, Bet("Bob", 1), Raise("Cy", 1), Fold("Ann"))
    assert rnd.to_act == BOB
    rnd.live[CY] = False
    rnd.remove(CY)
    assert rnd.closed and rnd.pending == {BOB}


def test_a_call_when_nothing_is_owed_is_a_check():
    rnd = betting(draw_rules())
    (v,) = act(rnd, Call("Bob"))
    assert (v.kind, v.chips, v.legal) == ("check", 0, True) and rnd.checked == {BOB}


def test_an_all_in_bet_and_an_all_in_call_for_less():
    """No limit, table stakes: Bob all in for 30 is a bet of 30; Cy's all in for 20 is a call for less."""
    rnd = betting(draw_rules(draw_betting="no_limit"), stacks=(100, 30, 20, 100))
    (bet, call) = act(rnd, AllIn("Bob"), AllIn("Cy"))
    assert (bet.kind, bet.chips, call.kind, call.chips) == ("bet", 30, "call", 20)
    assert rnd.stacks == [100, 0, 0, 100] and rnd.pending == {DEE, ANN}


def test_a_round_copied_for_a_copy_of_its_hand_changes_apart():
    rnd = betting(draw_rules())
    act(rnd, Bet("Bob", 2))
    stacks, live = list(rnd.stacks), list(rnd.live)
    twin = rnd.copy_for(stacks, live)
    act(twin, Raise("Cy", 2), Call("Dee"))
    assert (twin.stacks, twin.live) == ([100, 98, 96, 96], live) and twin.stacks is stacks
    assert (rnd.bets, rnd.raises, rnd.pending, rnd.acted, rnd.current) == ([0, 2, 0, 0], [0] * 4, {0, 2, 3}, {BOB}, 2)
    assert rnd.stacks == [100, 98, 100, 100] and rnd.to_act == CY
    act(twin, Fold("Ann"))
    assert rnd.live == [True] * 4 and twin.live[ANN] is False


def test_a_check_in_a_copied_round_is_not_the_originals():
    rnd = betting(draw_rules())
    twin = rnd.copy_for(list(rnd.stacks), list(rnd.live))
    act(twin, Check("Bob"))
    assert (twin.checked, twin.acted, twin.pending, twin.to_act) == ({BOB}, {BOB}, {0, 2, 3}, CY)
    assert (rnd.checked, rnd.acted, rnd.pending, rnd.to_act) == (set(), set(), {0, 1, 2, 3}, BOB)


def test_a_player_removed_from_the_hand_is_not_waited_for():
    rnd = betting(draw_rules())
    rnd.live[BOB] = False
    rnd.remove(BOB)
    assert BOB not in rnd.pending and rnd.to_act == CY


def test_the_round_closes_when_one_player_is_left():
    rnd = betting(draw_rules(), names=("Ann", "Bob", "Cy"), stacks=(100, 100, 100))
    act(rnd, Bet("Bob", 1), Fold("Cy"))
    assert rnd.to_act == ANN
    act(rnd, Fold("Ann"))
    assert rnd.closed and rnd.live == [False, True, False]


# ---------------------------------------------------------------------- acting when he may not


def test_a_player_out_of_the_hand_is_ignored():
    rnd = betting(draw_rules())
    act(rnd, Fold("Bob"))
    (v,) = act(rnd, Bet("Bob", 1))
    assert v.kind == "none" and breaches(v) == [
        ("acted_not_in_hand", "draw.4.1", "Bob is not in the hand and cannot act", "ignored")]
    assert rnd.to_act == CY and rnd.actions == 1


def test_a_player_all_in_is_ignored():
    rnd = betting(draw_rules(draw_betting="no_limit"), stacks=(100, 30, 100, 100))
    act(rnd, AllIn("Bob"))
    (v,) = act(rnd, Call("Bob"))
    assert v.kind == "none" and breaches(v) == [
        ("acted_all_in", "draw.4.1", "Bob is all in and has nothing to do", "ignored")]


@pytest.mark.parametrize("name, said", [("first betting round", "first betting round"),
                                        (None, "betting round")])
def test_an_action_after_the_round_is_over_is_ignored(name, said):
    table = Table(NAMES, "Ann")
    rnd = (BettingRound(draw_rules(), table, [100] * 4, [True] * 4, BOB, 4, name) if name
           else BettingRound(draw_rules(), table, [100] * 4, [True] * 4, BOB, 4))
    act(rnd, Check("Bob"), Check("Cy"), Check("Dee"), Check("Ann"))
    (v,) = act(rnd, Bet("Cy", 1))
    assert v.kind == "none" and breaches(v) == [
        ("acted_round_over", "draw.4.1", f"the {said} is over: Cy cannot act", "ignored")]
    assert rnd.stacks == [100] * 4


def test_an_action_out_of_turn_stands_and_the_player_skipped_is_still_to_act():
    """common.illegal_fix = adjust_to_nearest_legal: an action out of turn is binding; Bob, whom it
    skipped, still acts first, then Dee (Cy has acted)."""
    rnd = betting(draw_rules())
    (v,) = act(rnd, Bet("Cy", 2))
    assert (v.kind, v.chips, v.in_turn, v.legal) == ("bet", 2, False, False)
    assert breaches(v) == [("acted_out_of_turn", "draw.4.1", "Cy acted out of turn: Bob is to act",
                            "the action stands (binding out of turn)")]
    assert rnd.to_act == BOB and rnd.pending == {ANN, BOB, DEE} and rnd.stacks[CY] == 98
    act(rnd, Call("Bob"))
    assert rnd.to_act == DEE


def test_a_fold_out_of_turn_leaves_the_turn_where_it_was():
    """Dee folds while Bob is to act (binding): Bob still acts, then Cy, then Ann."""
    rnd = betting(draw_rules())
    (v,) = act(rnd, Fold("Dee"))
    assert (v.kind, v.in_turn, rnd.live[DEE], rnd.to_act) == ("fold", False, False, BOB)
    act(rnd, Check("Bob"), Check("Cy"))
    assert rnd.to_act == ANN


def test_an_adjusted_action_out_of_turn_leaves_the_turn_where_it_was():
    """Bob bets 2; Dee, out of turn, 'bets 1': binding, made up to a call of 2; Cy is still to act."""
    rnd = betting(draw_rules())
    (_, v) = act(rnd, Bet("Bob", 2), Bet("Dee", 1))
    assert (v.kind, v.chips, v.in_turn) == ("call", 2, False)
    assert [b.code for b in v.breaches] == ["acted_out_of_turn", "bet_facing_bet", "short_call"]
    assert (rnd.to_act, rnd.pending) == (CY, {CY, ANN})


def test_an_action_out_of_turn_is_void_under_void_and_reprompt():
    rnd = betting(draw_rules(common_illegal_fix="void_and_reprompt"))
    (v,) = act(rnd, Bet("Cy", 2))
    assert (v.kind, v.chips) == ("none", 0) and breaches(v) == [
        ("acted_out_of_turn", "draw.4.1", "Cy acted out of turn: Bob is to act", "void: Bob is still to act")]
    assert rnd.to_act == BOB and rnd.stacks == [100] * 4 and rnd.actions == 0


# ---------------------------------------------------------------------- checks the round does not allow


CHECK_FACING_BET = "Cy cannot check: 2 to call; legal: fold, call 2, raise 1–2"


@pytest.mark.parametrize("option, kind, chips, remedy", [
    ("must_act_again", "none", 0, "void: Cy must act again (draw.check_facing_bet); legal: fold, call 2, raise 1–2"),
    ("taken_as_call", "call", 2, "taken as a call of 2 (draw.check_facing_bet)"),
    ("taken_as_fold", "fold", 0, "taken as a fold (draw.check_facing_bet)"),
])
def test_a_check_facing_a_bet_as_draw_check_facing_bet_says(option, kind, chips, remedy):
    """draw.4.2: "Once a player has bet, nobody may check"; draw.check_facing_bet says what the check is."""
    rnd = betting(draw_rules(draw_check_facing_bet=option))
    act(rnd, Bet("Bob", 2))
    (v,) = act(rnd, Check("Cy"))
    assert (v.kind, v.chips) == (kind, chips)
    assert breaches(v) == [("check_facing_bet", "draw.4.2", CHECK_FACING_BET, remedy)]
    assert rnd.stacks[CY] == 100 - chips and rnd.live[CY] == (kind != "fold")
    assert rnd.to_act == (CY if kind == "none" else DEE)


@pytest.mark.parametrize("fix, kind, chips, remedy", [
    (ADJUST, "call", 2, "taken as a call of 2"),
    (VOID, "none", 0, "void: Cy must act again; legal: fold, call 2, raise 1–2"),
])
def test_a_check_facing_a_bet_without_its_own_option_follows_illegal_fix(fix, kind, chips, remedy):
    rnd = betting(rules(fix=fix))
    act(rnd, Bet("Bob", 2))
    (v,) = act(rnd, Check("Cy"))
    assert (v.kind, v.chips) == (kind, chips)
    assert breaches(v) == [("check_facing_bet", "draw.4.2", CHECK_FACING_BET, remedy)]


@pytest.mark.parametrize("event", [Check("Bob"), Call("Bob")])
def test_a_check_in_a_bet_or_drop_round_is_a_fold(event):
    """draw.check_first_round = bet_or_drop: "In the first betting round nobody may check: each player
    must bet or fold"; adjusted, the check is taken as the fold it must be (a call of nothing is a check)."""
    rnd = betting(draw_rules(draw_check_first_round="bet_or_drop", check_allowed=False))
    assert rnd.legal(BOB) == LegalActions(BOB, 0, False, 1, 2, True, False)
    assert words(rnd, BOB) == ["fold", "bet 1–2"]
    (v,) = act(rnd, event)
    assert (v.kind, v.chips) == ("fold", 0) and rnd.live[BOB] is False and rnd.to_act == CY
    assert breaches(v) == [("check_not_allowed", "draw.check_first_round",
                            "Bob cannot check: nobody may check in this round (bet or drop)",
                            "taken as a fold (he did not bet)")]


def test_a_check_in_a_bet_or_drop_round_is_void_under_void_and_reprompt():
    rnd = betting(draw_rules(common_illegal_fix="void_and_reprompt", check_allowed=False))
    (v,) = act(rnd, Check("Bob"))
    assert v.kind == "none" and rnd.live[BOB] and rnd.to_act == BOB
    assert breaches(v) == [("check_not_allowed", "draw.check_first_round",
                            "Bob cannot check: nobody may check in this round (bet or drop)",
                            "void: Bob is still to act; legal: fold, bet 1–2")]


def test_after_a_bet_in_a_bet_or_drop_round_the_bettor_may_check_nothing_owed():
    """The bet-or-drop rule is about the round before anyone bets: once there is a bet, a player who has
    matched it owes nothing and his check is no breach."""
    rnd = betting(draw_rules(check_allowed=False))
    act(rnd, Bet("Bob", 2))
    assert rnd.legal(BOB).can_check is True
    assert rnd.judge(BOB, Check("Bob")).kind == "check"


# ---------------------------------------------------------------------- check-raise


@pytest.mark.parametrize("option, kind, chips, remedy", [
    ("must_act_again", "none", 0, "void: Bob must act again (draw.check_raise_breach); legal: fold, call 1"),
    ("taken_as_call", "call", 1, "taken as a call of 1 (draw.check_raise_breach)"),
    ("taken_as_fold", "fold", 0, "taken as a fold (draw.check_raise_breach)"),
])
def test_a_forbidden_check_raise_as_draw_check_raise_breach_says(option, kind, chips, remedy):
    """draw.check_raise = forbidden: "A player who checked may not raise later in the same betting
    round; he may only call or fold": Bob checks, Cy bets 1, Dee and Ann call, Bob raises 1."""
    rnd = betting(draw_rules(draw_check_raise="forbidden", draw_check_raise_breach=option))
    act(rnd, Check("Bob"), Bet("Cy", 1), Call("Dee"), Call("Ann"))
    assert rnd.legal(BOB) == LegalActions(BOB, 1, False, None, None, False, False)
    (v,) = act(rnd, Raise("Bob", 1))
    assert (v.kind, v.chips) == (kind, chips)
    assert breaches(v) == [("check_raise_forbidden", "draw.check_raise",
                            "Bob checked earlier in this round and may not raise now", remedy)]


def test_a_check_raise_where_allowed():
    """draw.check_raise = allowed (the shipped reading): Bob checks, then raises Cy's bet."""
    rnd = betting(draw_rules())
    act(rnd, Check("Bob"), Bet("Cy", 1), Call("Dee"), Call("Ann"))
    assert words(rnd, BOB) == ["fold", "call 1", "raise 1–2"]
    (v,) = act(rnd, Raise("Bob", 2))
    assert (v.kind, v.chips, v.legal) == ("raise", 3, True)


# ---------------------------------------------------------------------- bets and raises by size


def test_a_bet_over_the_spread_limit_is_capped():
    """draw.6: "before the draw it is at most draw.limit_pre chips": Bob's bet of 5 is one of 2."""
    rnd = betting(draw_rules())
    (v,) = act(rnd, Bet("Bob", 5))
    assert (v.kind, v.chips) == ("bet", 2) and rnd.stacks[BOB] == 98
    assert breaches(v) == [("bet_over_limit", "draw.6", "Bob's bet of 5 is over the limit of 2", "capped at 2")]


def test_a_raise_over_the_spread_limit_is_capped():
    """After the draw the limit is draw.limit_post = 5: a raise of 7 over Bob's 3 is one of 5 (8 in)."""
    rnd = betting(draw_rules(5))
    (_, v) = act(rnd, Bet("Bob", 3), Raise("Cy", 7))
    assert (v.kind, v.chips, rnd.current) == ("raise", 8, 8)
    assert breaches(v) == [("bet_over_limit", "draw.6", "Cy's raise of 7 is over the limit of 5", "capped at 5")]


def test_a_size_over_the_limit_is_void_under_void_and_reprompt():
    rnd = betting(draw_rules(common_illegal_fix="void_and_reprompt"))
    (v,) = act(rnd, Bet("Bob", 5))
    assert v.kind == "none" and rnd.stacks[BOB] == 100 and rnd.to_act == BOB
    assert breaches(v) == [("bet_over_limit", "draw.6", "Bob's bet of 5 is over the limit of 2",
                            "void: Bob is still to act; legal: check, fold, bet 1–2")]


def test_fixed_limit_bets_and_raises_are_exactly_the_limit():
    """draw.betting = fixed_limit: "every bet and every raise is exactly draw.limit_pre chips": 1 is
    raised to 2, 3 capped at 2; the structure is the rule broken."""
    rnd = betting(draw_rules(draw_betting="fixed_limit"))
    assert rnd.full_raise == 2 and rnd.legal(BOB) == LegalActions(BOB, 0, True, 2, 2, True, False)
    assert words(rnd, BOB) == ["check", "fold", "bet 2"]
    assert rnd.legal(BOB).events("Bob") == [Fold("Bob"), Check("Bob"), Bet("Bob", 2)]
    (v,) = act(rnd, Bet("Bob", 1))
    assert (v.kind, v.chips) == ("bet", 2)
    assert breaches(v) == [("bet_under_minimum", "draw.betting", "Bob's bet of 1 is under the minimum of 2",
                            "raised to 2")]
    assert words(rnd, CY) == ["fold", "call 2", "raise 2"]
    (v,) = act(rnd, Raise("Cy", 3))
    assert (v.kind, v.chips) == ("raise", 4)
    assert breaches(v) == [("bet_over_limit", "draw.betting", "Cy's raise of 3 is over the limit of 2", "capped at 2")]


def test_a_raise_under_the_no_limit_minimum_is_raised_to_it():
    """draw.betting = no_limit: "a raise is at least the previous bet or raise in the round": Bob bets
    10, Cy's raise of 5 is made one of 10 (20 in)."""
    rnd = betting(draw_rules(draw_betting="no_limit"))
    (_, v) = act(rnd, Bet("Bob", 10), Raise("Cy", 5))
    assert (v.kind, v.chips) == ("raise", 20)
    assert breaches(v) == [("bet_under_minimum", "draw.betting", "Cy's raise of 5 is under the minimum of 10",
                            "raised to 10")]


def test_a_raise_under_the_minimum_by_a_player_who_cannot_make_it_is_all_in():
    """Cy has 15 against Bob's 10: a raise of 3 (13 in) is under the minimum of 10; a full raise needs 20,
    more than he has, so he is all in for 15."""
    rnd = betting(draw_rules(draw_betting="no_limit"), stacks=(100, 100, 15, 100))
    assert rnd.legal(CY).raise_min == 1
    act(rnd, Bet("Bob", 10))
    assert rnd.legal(CY) == LegalActions(CY, 10, False, 5, 5, False, True)
    assert words(rnd, CY) == ["fold", "call 10", "raise all in (5)"]
    (v,) = act(rnd, Raise("Cy", 3))
    assert (v.kind, v.chips, rnd.stacks[CY]) == ("raise", 15, 0)
    assert breaches(v) == [("bet_under_minimum", "draw.betting", "Cy's raise of 3 is under the minimum of 10",
                            "raised to all in for 15")]


def test_an_all_in_raise_for_less_than_the_minimum_is_no_breach():
    """Table stakes: an all-in short of a full raise is allowed (it does not reopen the betting)."""
    rnd = betting(draw_rules(draw_betting="no_limit"), stacks=(100, 100, 15, 100))
    (_, v) = act(rnd, Bet("Bob", 10), AllIn("Cy"))
    assert (v.kind, v.chips, v.legal) == ("raise", 15, True)
    assert (rnd.current, rnd.short, rnd.full_raise, rnd.acted) == (15, 5, 10, {BOB, CY})


def test_an_all_in_bet_for_less_than_the_minimum_is_offered_and_no_breach():
    """Bob has 2 and draw.bet_min is 3: he may bet only all in, for 2."""
    rnd = betting(draw_rules(draw_betting="no_limit", draw_bet_min=3), stacks=(100, 2, 100, 100))
    assert rnd.legal(BOB) == LegalActions(BOB, 0, True, 2, 2, True, True)
    assert words(rnd, BOB) == ["check", "fold", "bet all in (2)"]
    (v,) = act(rnd, AllIn("Bob"))
    assert (v.kind, v.chips, v.legal) == ("bet", 2, True)


def test_a_bet_under_the_minimum_is_raised_to_it_or_void():
    rnd = betting(draw_rules(draw_betting="no_limit", draw_bet_min=3))
    assert words(rnd, BOB) == ["check", "fold", "bet 3–100"]
    (v,) = act(rnd, Bet("Bob", 2))
    assert (v.kind, v.chips) == ("bet", 3)
    assert breaches(v) == [("bet_under_minimum", "draw.betting", "Bob's bet of 2 is under the minimum of 3",
                            "raised to 3")]
    void = betting(draw_rules(draw_betting="no_limit", draw_bet_min=3, common_illegal_fix="void_and_reprompt"))
    (v,) = act(void, Bet("Bob", 2))
    assert v.kind == "none" and breaches(v)[0][3] == "void: Bob is still to act; legal: check, fold, bet 3–100"
    shortstack = betting(draw_rules(draw_betting="no_limit", draw_bet_min=3, common_illegal_fix="void_and_reprompt"),
                         stacks=(100, 100, 6, 100))
    act(shortstack, Bet("Bob", 4))
    (v,) = act(shortstack, Raise("Cy", 1))
    assert v.kind == "none" and breaches(v)[0][:3] == (
        "bet_under_minimum", "draw.betting", "Cy's raise of 1 is under the minimum of 4")


def test_the_no_limit_minimum_raise_follows_the_last_full_raise():
    """draw.betting = no_limit: Bob bets 10, Cy raises 20 (to 30): Dee's least raise is now 20, her most
    everything she has over the call of 30."""
    rnd = betting(draw_rules(draw_betting="no_limit"))
    act(rnd, Bet("Bob", 10))
    assert rnd.full_raise == 10 and words(rnd, CY) == ["fold", "call 10", "raise 10–90"]
    act(rnd, Raise("Cy", 20))
    assert rnd.full_raise == 20 and rnd.legal(DEE) == LegalActions(DEE, 30, False, 20, 70, False, False)


def test_the_spread_limit_minimum_raise_stays_the_bet_minimum():
    """Under spread limit a raise of 2 does not make 2 the least raise: any 1 to 2 (draw.6)."""
    rnd = betting(draw_rules())
    act(rnd, Bet("Bob", 2), Raise("Cy", 2))
    assert rnd.full_raise == 1 and words(rnd, DEE) == ["fold", "call 4", "raise 1–2"]


def test_the_pot_limit_maximum_is_the_pot_after_calling():
    """draw.betting = pot_limit: "at most the pot after calling": antes 4, Bob's bet of 4, Cy's call of 4:
    Cy may raise 12; 13 is capped at 12 (16 in)."""
    rnd = betting(draw_rules(draw_betting="pot_limit"))
    assert words(rnd, BOB) == ["check", "fold", "bet 1–4"]
    act(rnd, Bet("Bob", 4))
    assert rnd.legal(CY) == LegalActions(CY, 4, False, 4, 12, False, False)
    (v,) = act(rnd, Raise("Cy", 13))
    assert (v.kind, v.chips, rnd.current) == ("raise", 16, 16)
    assert breaches(v) == [("bet_over_limit", "draw.betting", "Cy's raise of 13 is over the limit of 12",
                            "capped at 12")]
    assert rnd.full_raise == 12 and rnd.legal(DEE).raise_min == 12
    # Dee: pot 4 + bets 20 + her call of 16 = 40
    assert rnd.legal(DEE).raise_max == 40


def test_the_most_he_may_raise_is_what_he_has_over_the_call():
    """Pot limit: Cy has 10 against Bob's 4: he may raise 4 (the previous bet) to 6 (all he has left)."""
    rnd = betting(draw_rules(draw_betting="pot_limit"), stacks=(100, 100, 10, 100))
    act(rnd, Bet("Bob", 4))
    assert rnd.legal(CY) == LegalActions(CY, 4, False, 4, 6, False, False)
    assert words(rnd, CY) == ["fold", "call 4", "raise 4–6"]


def test_a_full_raise_of_exactly_what_he_has_left_is_no_all_in_only_offer():
    rnd = betting(draw_rules(draw_betting="no_limit"), stacks=(100, 100, 20, 100))
    act(rnd, Bet("Bob", 10))
    assert rnd.legal(CY) == LegalActions(CY, 10, False, 10, 10, False, False)
    assert words(rnd, CY) == ["fold", "call 10", "raise 10"]


def test_the_pot_limit_maximum_is_never_under_the_minimum():
    """An empty middle and draw.bet_min 3: the pot is 0 but a bet of 3 is still allowed."""
    rnd = betting(draw_rules(draw_betting="pot_limit", draw_bet_min=3), pot=0)
    assert rnd.legal(BOB) == LegalActions(BOB, 0, True, 3, 3, True, False)


def test_a_bet_over_table_stakes_is_all_in():
    """Table stakes: "a player may not bet more than he has on the table": Bob's bet of 50 with 29 is all in."""
    rnd = betting(draw_rules(draw_betting="no_limit"), stacks=(100, 29, 100, 100))
    (v,) = act(rnd, Bet("Bob", 50))
    assert (v.kind, v.chips, rnd.stacks[BOB]) == ("bet", 29, 0)
    assert breaches(v) == [("over_table_stakes", "draw.betting",
                            "Bob put in 50 but has only 29 on the table (table stakes)", "taken as all in for 29")]
    void = betting(draw_rules(draw_betting="no_limit", common_illegal_fix="void_and_reprompt"), stacks=(100, 29, 100, 100))
    (v,) = act(void, Bet("Bob", 50))
    assert v.kind == "none" and breaches(v) == [
        ("over_table_stakes", "draw.betting", "Bob put in 50 but has only 29 on the table (table stakes)",
         "void: Bob is still to act; legal: check, fold, bet 1–29")]


# ---------------------------------------------------------------------- a bet facing a bet, a raise that is none


@pytest.mark.parametrize("amount, kind, chips, remedy, more", [
    (1, "call", 2, "Cy's 1 chip taken as put in",
     [("short_call", "draw.4.2", "Cy put in 1, short of the call of 2", "made up to a call of 2")]),
    (2, "call", 2, "Cy's 2 chips taken as put in", []),
    (4, "raise", 4, "Cy's 4 chips taken as put in", []),
])
def test_a_bet_facing_a_bet_is_the_chips_put_in(amount, kind, chips, remedy, more):
    """draw.4.2: after a bet each player "must call, raise or fold": Cy's 'bets N' facing Bob's 2 is N
    chips put in: 1 is a short call made up, 2 a call, 4 a raise of 2."""
    rnd = betting(draw_rules())
    act(rnd, Bet("Bob", 2))
    (v,) = act(rnd, Bet("Cy", amount))
    assert (v.kind, v.chips) == (kind, chips)
    assert breaches(v) == [("bet_facing_bet", "draw.4.2",
                            "Cy cannot bet: there is a bet of 2; Cy must call, raise or fold", remedy), *more]


def test_a_bet_facing_a_bet_is_void_under_void_and_reprompt():
    rnd = betting(draw_rules(common_illegal_fix="void_and_reprompt"))
    act(rnd, Bet("Bob", 2))
    (v,) = act(rnd, Bet("Cy", 2))
    assert v.kind == "none" and breaches(v) == [
        ("bet_facing_bet", "draw.4.2", "Cy cannot bet: there is a bet of 2; Cy must call, raise or fold",
         "void: Cy is still to act; legal: fold, call 2, raise 1–2")]


def test_a_bet_facing_a_bet_of_his_last_chip_is_a_call_for_less():
    rnd = betting(draw_rules(), stacks=(100, 100, 1, 100))
    act(rnd, Bet("Bob", 2))
    (v,) = act(rnd, Bet("Cy", 1))
    assert (v.kind, v.chips) == ("call", 1) and [b.code for b in v.breaches] == ["bet_facing_bet"]


def test_a_short_call_is_void_under_void_and_reprompt():
    rnd = betting(draw_rules(common_illegal_fix="void_and_reprompt"))
    act(rnd, Bet("Bob", 2), Raise("Cy", 2))
    (v,) = act(rnd, Raise("Dee", 1, to=True))
    assert v.kind == "none" and breaches(v) == [
        ("raise_not_above_bet", "draw.6", "Dee's raise to 1 is not above the bet of 4",
         "void: Dee is still to act; legal: fold, call 4, raise 1–2")]


@pytest.mark.parametrize("to, kind, chips, remedy", [
    (2, "call", 2, "taken as a call of 2"),
    (1, "call", 2, "taken as a call of 2"),
])
def test_a_raise_to_no_more_than_the_bet_is_a_call(to, kind, chips, remedy):
    """seed-002 (draw.4.2): once a player has bet, the others may only call, raise or fold; common.illegal_fix
    = adjust_to_nearest_legal: "a raise that does not go above the bet becomes a call": Cy's 'raises to 2'
    or 'raises to 1' facing Bob's bet of 2 raises nothing: flagged, and a call of 2."""
    rnd = betting(draw_rules())
    act(rnd, Bet("Bob", 2))
    (v,) = act(rnd, Raise("Cy", to, to=True))
    assert (v.kind, v.chips) == (kind, chips)
    assert breaches(v) == [("raise_not_above_bet", "draw.6", f"Cy's raise to {to} is not above the bet of 2", remedy)]


def test_a_raise_to_the_bet_by_a_player_with_chips_in_is_a_call_of_the_rest():
    """Bob bet 2, Cy raised to 4; Bob's 'raises to 4' does not go above the bet: a call of 2 more."""
    rnd = betting(draw_rules())
    act(rnd, Bet("Bob", 2), Raise("Cy", 2), Fold("Dee"), Fold("Ann"))
    (v,) = act(rnd, Raise("Bob", 4, to=True))
    assert (v.kind, v.chips) == ("call", 2)
    assert breaches(v) == [("raise_not_above_bet", "draw.6", "Bob's raise to 4 is not above the bet of 4",
                            "taken as a call of 2")]


def test_a_raise_to_nothing_by_the_bettor_out_of_turn_is_a_check():
    """Bob bet 2 and nobody raised: his own 'raises to 2' out of turn owes nothing: a check."""
    rnd = betting(draw_rules())
    act(rnd, Bet("Bob", 2))
    (v,) = act(rnd, Raise("Bob", 2, to=True))
    assert (v.kind, v.chips) == ("check", 0)
    assert [b.remedy for b in v.breaches] == ["the action stands (binding out of turn)", "taken as a call of 0"]


def test_a_raise_by_amount_and_a_raise_to():
    """'raises 2' puts in the call and 2 more; 'raises to 6' makes his bet 6 in all."""
    rnd = betting(draw_rules(draw_betting="no_limit"))
    (bet, by, to) = act(rnd, Bet("Bob", 2), Raise("Cy", 2), Raise("Dee", 6, to=True))
    assert (by.kind, by.chips, to.kind, to.chips, to.legal) == ("raise", 4, "raise", 6, True)


# ---------------------------------------------------------------------- raises the round does not reopen


def test_a_short_all_in_does_not_reopen_the_betting_for_who_acted():
    """No limit: "an all-in for less than that does not reopen the betting for players who already
    acted": Bob bets 10, Cy all in for 14 (a raise of 4), Dee and Ann call: Bob may only call or fold."""
    rnd = betting(draw_rules(draw_betting="no_limit"), stacks=(100, 100, 14, 100))
    act(rnd, Bet("Bob", 10), AllIn("Cy"), Call("Dee"), Call("Ann"))
    assert rnd.legal(BOB) == LegalActions(BOB, 4, False, None, None, False, False)
    (v,) = act(rnd, Raise("Bob", 20))
    assert (v.kind, v.chips) == ("call", 4)
    assert breaches(v) == [("raise_not_reopened", "draw.betting",
                            "Bob may not raise: only an all-in for less than a full raise came since Bob acted",
                            "taken as a call of 4")]


def test_short_all_ins_adding_up_to_a_full_raise_reopen_the_betting():
    """Bob bets 10; Cy all in for 14 (4 more), Dee all in for 20 (6 more): together a full raise of 10,
    so Bob may raise again."""
    rnd = betting(draw_rules(draw_betting="no_limit"), stacks=(100, 100, 14, 20))
    act(rnd, Bet("Bob", 10), AllIn("Cy"))
    assert (rnd.short, rnd.acted) == (4, {BOB, CY})
    act(rnd, AllIn("Dee"))
    assert (rnd.short, rnd.acted, rnd.current, rnd.pending) == (0, {DEE}, 20, {ANN, BOB})
    act(rnd, Call("Ann"))
    assert rnd.reopened_for(BOB) and rnd.legal(BOB) == LegalActions(BOB, 10, False, 10, 80, False, False)


def test_a_raise_by_the_last_aggressor_out_of_turn_is_not_reopened():
    rnd = betting(draw_rules())
    act(rnd, Bet("Bob", 2))
    (v,) = act(rnd, Raise("Bob", 1))
    assert (v.kind, v.chips) == ("call", 0)
    assert breaches(v)[1:] == [("raise_not_reopened", "draw.betting",
                                "Bob may not raise: the last bet or raise is his own and nobody has raised since",
                                "taken as a call of 0")]


def test_a_raise_by_a_caller_out_of_turn_when_nobody_raised_since():
    rnd = betting(draw_rules())
    act(rnd, Bet("Bob", 2), Raise("Cy", 1), Call("Dee"))
    (v,) = act(rnd, Raise("Dee", 1))
    assert breaches(v)[1:] == [("raise_not_reopened", "draw.betting",
                                "Dee may not raise: nobody has raised since Dee acted", "taken as a call of 0")]
    void = betting(draw_rules(draw_betting="no_limit", common_illegal_fix="void_and_reprompt"), stacks=(100, 100, 14, 100))
    act(void, Bet("Bob", 10), AllIn("Cy"), Call("Dee"), Call("Ann"))
    (v,) = act(void, Raise("Bob", 20))
    assert v.kind == "none" and breaches(v)[0][3] == "void: Bob is still to act; legal: fold, call 4"


# ---------------------------------------------------------------------- the raise caps


def raise_war(rnd: BettingRound, raises: int) -> None:
    """Bob bets 1, then Ann and Bob raise 1 in turn, ``raises`` raises in all (heads up)."""
    act(rnd, Bet("Bob", 1))
    for k in range(raises):
        act(rnd, Raise(("Ann", "Bob")[k % 2], 1))


def test_three_raises_a_player_under_per_player_3():
    """draw.raise_cap = per_player_3: "One player may raise at most three times in one betting round"
    (seed-002); Bob's opening bet is not one of them (draw.opening_bet_counts_as_raise = no)."""
    rnd = betting(draw_rules(), names=("Ann", "Bob"), stacks=(100, 100))
    raise_war(rnd, 6)  # Ann and Bob 3 raises each: Ann's bet 6, Bob's 7
    assert (rnd.raises, rnd.total_raises, rnd.current, rnd.to_act) == ([3, 3], 6, 7, ANN)
    assert rnd.legal(ANN) == LegalActions(ANN, 1, False, None, None, False, False)
    (v,) = act(rnd, Raise("Ann", 1))
    assert (v.kind, v.chips) == ("call", 1)
    assert breaches(v) == [("raise_cap_reached", "draw.raise_cap",
                            "Ann may not raise: Ann has already raised 3 times this round", "taken as a call of 1")]


def test_the_opening_bet_counts_as_a_raise_when_the_option_says_so():
    """draw.opening_bet_counts_as_raise = yes: "A player's opening bet in a round counts as one of his
    raises": Bob's bet and two raises are his three."""
    rnd = betting(draw_rules(draw_opening_bet_counts_as_raise="yes"), names=("Ann", "Bob"), stacks=(100, 100))
    raise_war(rnd, 4)
    assert (rnd.raises, rnd.total_raises) == ([2, 3], 4)
    assert rnd.legal(ANN).raise_min == 1
    (v,) = act(rnd, Raise("Ann", 1), Raise("Bob", 1))[1:]
    assert breaches(v)[0][2] == "Bob may not raise: Bob has already raised 3 times this round"


def test_one_raise_a_player_is_said_in_the_singular():
    rnd = betting(rules(cap_per_player=1), names=("Ann", "Bob"), stacks=(100, 100))
    raise_war(rnd, 2)
    (v,) = act(rnd, Raise("Ann", 1))
    assert breaches(v) == [("raise_cap_reached", "draw.raise_cap",
                            "Ann may not raise: Ann has already raised 1 time this round", "taken as a call of 1")]


def test_a_bet_forbidden_by_the_cap_is_a_check():
    """A cap of no raises at all, with the opening bet counted as one: a bet is taken as a check."""
    rnd = betting(rules(cap_per_player=0, opening_bet_counts_as_raise=True))
    assert rnd.legal(BOB) == LegalActions(BOB, 0, True, None, None, True, False)
    (v,) = act(rnd, Bet("Bob", 1))
    assert (v.kind, v.chips) == ("check", 0)
    assert breaches(v) == [("raise_cap_reached", "draw.raise_cap",
                            "Bob may not bet: Bob has already raised 0 times this round", "taken as a check")]
    void = betting(rules(cap_per_player=0, opening_bet_counts_as_raise=True, fix=VOID))
    (v,) = act(void, Bet("Bob", 1))
    assert v.kind == "none" and breaches(v)[0][3] == "void: Bob is still to act; legal: check, fold"


def test_one_bet_and_four_raises_in_all_under_bet_plus_4_raises_total():
    """draw.raise_cap = bet_plus_4_raises_total: "A betting round allows one bet and four raises in all,
    whoever makes them": Bob bets 1, Cy, Dee, Ann and Bob raise 1; Cy's fifth raise is a call of 3."""
    rnd = betting(draw_rules(draw_raise_cap="bet_plus_4_raises_total"))
    act(rnd, Bet("Bob", 1), Raise("Cy", 1), Raise("Dee", 1), Raise("Ann", 1), Raise("Bob", 1))
    assert (rnd.total_raises, rnd.current, words(rnd, CY)) == (4, 5, ["fold", "call 3"])
    (v,) = act(rnd, Raise("Cy", 1))
    assert (v.kind, v.chips) == ("call", 3)
    assert breaches(v) == [("raise_cap_reached", "draw.raise_cap", "Cy may not raise: the round has had its 4 raises",
                            "taken as a call of 3")]


def test_one_raise_in_all_is_said_in_the_singular():
    rnd = betting(rules(cap_per_player=None, cap_per_round=1))
    act(rnd, Bet("Bob", 1), Raise("Cy", 1))
    (v,) = act(rnd, Raise("Dee", 1))
    assert breaches(v)[0][2] == "Dee may not raise: the round has had its 1 raise"


def test_no_cap_lets_raises_go_on():
    """draw.raise_cap = none: "There is no limit on the number of raises"."""
    rnd = betting(draw_rules(draw_raise_cap="none"), names=("Ann", "Bob"), stacks=(100, 100))
    raise_war(rnd, 9)
    assert rnd.raises == [5, 4] and rnd.legal(BOB).raise_min == 1
