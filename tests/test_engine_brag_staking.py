"""Brag's staking turn engine on its own (referee/engine/staking.py), under three-card brag's rules
(seed-001, RULES.md section 6): each system's stakes, blind and seen play, the see, the cover, every
refusal with its finding code, rule id, words and remedy, the chips and whose turn after each step.

Three players Ann (the dealer), Bob and Cy with 50 chips each (no antes: the round alone), Bob on the
dealer's left first (brag.4.2); stakes are counted in seen units, a blind stake worth double
(brag.8.2).  Every figure is worked out by hand from the rules.
"""

from __future__ import annotations

import pytest

from referee.engine.betting import ADJUST, VOID
from referee.engine.events import Check, Cover, Fold, Look, See, Stake
from referee.engine.house import cite
from referee.engine.staking import ACTIONS, StakeChoices, StakingRound, StakingRules, half_up, staking_rules
from referee.engine.table import Table
from referee.errors import HandFileError
from referee.handfile.actions import HandReader
from referee.rulebook import load_rulebook

ANN, BOB, CY, DEE = range(4)
BRAG = load_rulebook("three_card_brag")


def brag(**options: str) -> StakingRules:
    """Three-card brag's staking rules with ``brag.<name>`` options changed (``illegal_fix`` is common's)."""
    rb = BRAG.with_options({("common." if k == "illegal_fix" else "brag.") + k: v for k, v in options.items()})
    return staking_rules(rb)


def staking(rules: StakingRules, stacks=(50, 50, 50), *, names=("Ann", "Bob", "Cy"), first: int = BOB,
            live=None) -> StakingRound:
    return StakingRound(rules, Table(names, names[0]), list(stacks),
                        [True] * len(names) if live is None else list(live), first, lambda rule: cite(BRAG, rule))


def act(rnd: StakingRound, *events):
    """Looks are not turns (brag.8.5): a look is applied as the game applies it; the rest judged and
    committed.  The verdicts of the turns."""
    out = []
    for e in events:
        seat = rnd.table.index[e.player]
        if isinstance(e, Look):
            rnd.look(seat)
        else:
            out.append(rnd.apply(seat, e))
    return out


def breaches(verdict) -> list[tuple[str, str, str, str]]:
    return [(b.code, b.rule, b.message, b.remedy) for b in verdict.breaches]


def words(rnd: StakingRound, seat: int) -> list[str]:
    return [str(w) for w in rnd.legal(seat).describe(rnd.stacks[seat])]


# ---------------------------------------------------------------------- the rules of the interval


def test_the_shipped_staking_rules():
    """seed-001: the bet-or-raise system (brag.7.2), bets and raises of one to five (brag.6), blind play
    allowed (brag.8.1), a blind player may raise."""
    r = brag()
    assert r == StakingRules("bet_or_raise", 5, True, True, ADJUST)
    assert (r.poker, r.rule) == (False, "brag.7.2")


@pytest.mark.parametrize("system, rule, poker", [
    ("round", "brag.7.1", False), ("bet_or_raise", "brag.7.2", False),
    ("poker", "brag.7.3", True), ("poker_antistall", "brag.7.4", True),
])
def test_each_system_and_the_rule_its_stakes_follow(system, rule, poker):
    r = brag(betting=system)
    assert (r.system, r.rule, r.poker) == (system, rule, poker)


@pytest.mark.parametrize("limit, most", [("1", 1), ("1_to_5", 5), ("1_to_10", 10)])
def test_each_limit_is_the_largest_increase(limit, most):
    """brag.6: "either one chip per bet or raise, or bets and raises of one to five or one to ten chips"."""
    assert brag(limit=limit).limit == most
    rnd = staking(brag(limit=limit))
    assert rnd.legal(BOB).most == most


def test_the_blind_options_and_the_fix():
    r = brag(blind="not_allowed", blind_may_raise="no", illegal_fix="void_and_reprompt")
    assert (r.blind_allowed, r.blind_may_raise, r.fix) == (False, False, VOID)


def test_options_given_apart_from_the_rulebook_but_its_illegal_fix():
    """A game reading the stakes of another part of its rulebook passes the options; the fix stays the
    rulebook's common.illegal_fix."""
    r = staking_rules(BRAG, {"brag.betting": "poker", "brag.limit": "1", "brag.blind": "not_allowed",
                             "brag.blind_may_raise": "no", "common.illegal_fix": "void_and_reprompt"})
    assert r == StakingRules("poker", 1, False, False, ADJUST)


@pytest.mark.parametrize("kw, message", [
    ({"system": "pot"}, "unknown brag.betting 'pot'"),
    ({"fix": "redo"}, "unknown common.illegal_fix 'redo'"),
])
def test_rules_a_brag_interval_cannot_be_played_under_are_refused(kw, message):
    with pytest.raises(ValueError) as err:
        StakingRules(**{**dict(system="round", limit=1, blind_allowed=True, blind_may_raise=True, fix=ADJUST), **kw})
    assert str(err.value) == message


@pytest.mark.parametrize("units, chips", [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
def test_a_blind_player_puts_in_half_a_seen_stake_rounded_up(units, chips):
    """brag.see_cost: "a blind player pays half the current seen stake" (a chip cannot be halved)."""
    assert half_up(units) == chips


@pytest.mark.parametrize("event, line", [
    (Look("Bob"), "looks"), (Stake("Bob", 2), "stake 2"), (Stake("Bob", 1, blind=True), "blind 1"),
    (See("Bob", 4, "Ann"), "sees Ann for 4"), (See("Bob", 4), "sees for 4"), (Cover("Bob"), "covers"),
])
def test_each_staking_action_is_written_in_the_hand_formats_words(event, line):
    (action,) = [a for a in ACTIONS if a.kind is type(event)]
    assert action.write(event, 3) == line


def read(line: str):
    return HandReader("three_card_brag", lambda typed: {"ann": "Ann", "bob": "Bob"}[typed.lower()]).read(line, 1)


@pytest.mark.parametrize("line, event", [
    ("Bob: sees ann for 4", See("Bob", 4, "Ann")), ("Bob: sees for 4", See("Bob", 4)),
    ("Bob: blind 2", Stake("Bob", 2, blind=True)), ("Bob: stakes 3", Stake("Bob", 3)),
    ("Bob: covers the pot", Cover("Bob")), ("Bob: looks", Look("Bob")),
])
def test_staking_lines_are_read(line, event):
    assert read(line) == event


@pytest.mark.parametrize("line, message, hint", [
    ("Ann: sees Ann for 4", "Ann sees himself", "write whom he saw: 'Ann: sees Bob for 4'"),
    ("Ann: sees Bob for 0", "bad amount to see '0': must be at least 1", "write a positive number of chips"),
])
def test_a_see_line_that_cannot_be_is_refused(line, message, hint):
    with pytest.raises(HandFileError) as err:
        read(line)
    assert (err.value.message, err.value.hint) == (message, hint)


# ---------------------------------------------------------------------- the first stakes


def test_the_first_player_may_stake_blind_one_to_five_or_look():
    """brag.4.2: the betting begins with the player on the dealer's left; brag.8.1: he may bet blind."""
    rnd = staking(brag())
    assert (rnd.order, rnd.turn, rnd.closed, rnd.stake, rnd.seen) == ((BOB, CY, ANN), BOB, False, 0, set())
    assert rnd.is_blind(BOB) and rnd.need(BOB) == 0 and rnd.bounds(BOB) == (1, 5)
    assert rnd.legal(BOB) == StakeChoices(True, 1, 5, None, None, False, True)
    assert words(rnd, BOB) == ["drop", "blind 1–5", "look (then stake as seen)"]
    assert rnd.legal(BOB).events("Bob") == [Fold("Bob"), Stake("Bob", 1, blind=True), Stake("Bob", 3, blind=True),
                                           Stake("Bob", 5, blind=True), Look("Bob")]
    act(rnd, Look("Bob"))
    assert rnd.legal(BOB) == StakeChoices(False, 1, 5, None, None, False, False)
    assert words(rnd, BOB) == ["drop", "stake 1–5"]
    assert rnd.legal(BOB).events("Bob") == [Fold("Bob"), Stake("Bob", 1), Stake("Bob", 3), Stake("Bob", 5)]


def test_with_no_blind_play_every_player_is_seen():
    """brag.blind = not_allowed: "Every player looks at his cards; there is no blind play"."""
    rnd = staking(brag(blind="not_allowed"))
    assert rnd.seen == {ANN, BOB, CY} and rnd.legal(BOB) == StakeChoices(False, 1, 5, None, None, False, False)


def test_a_blind_stake_is_worth_double_and_sets_the_stake():
    """brag.8.2: "A player who has looked at his cards must put in double the blind stake": Bob's blind 2
    is a stake of 4 seen units; Cy blind puts in 2 to 7, Cy seen 4 to 9."""
    rnd = staking(brag())
    (v,) = act(rnd, Stake("Bob", 2, blind=True))
    assert (v.kind, v.chips, v.legal) == ("stake", 2, True)
    assert (rnd.stake, rnd.blind_setter, rnd.totals, rnd.bets, rnd.put_in) == (4, BOB, [0, 4, 0], [0, 2, 0], [0, 2, 0])
    assert (rnd.stacks, rnd.turn, rnd.emptied) == ([50, 48, 50], CY, None)
    assert rnd.legal(CY) == StakeChoices(True, 2, 7, None, None, False, True)
    assert words(rnd, CY) == ["drop", "blind 2–7", "look (then stake as seen)"]
    act(rnd, Look("Cy"))
    assert rnd.blind_setter == BOB and rnd.legal(CY) == StakeChoices(False, 4, 9, None, None, False, False)
    act(rnd, Look("Bob"))
    assert rnd.blind_setter is None


def test_a_seen_stake_over_the_stake_raises_it_and_a_blind_one_matching_it_does_not():
    rnd = staking(brag())
    act(rnd, Stake("Bob", 2, blind=True), Look("Cy"), Stake("Cy", 6))
    assert (rnd.stake, rnd.blind_setter, rnd.totals) == (6, None, [0, 4, 6])
    assert rnd.legal(ANN) == StakeChoices(True, 3, 8, None, None, False, True)
    act(rnd, Stake("Ann", 3, blind=True))
    assert (rnd.stake, rnd.blind_setter, rnd.totals, rnd.turn) == (6, None, [6, 4, 6], BOB)


def test_a_short_seen_stake_against_a_blind_stake_breaks_the_double_rule():
    """brag.8.2: Cy, who has looked, puts in 3 against Bob's blind 2: he must put in 4; made up to it."""
    rnd = staking(brag())
    (_, v) = act(rnd, Stake("Bob", 2, blind=True), Look("Cy"), Stake("Cy", 3))
    assert (v.kind, v.chips) == ("stake", 4)
    assert breaches(v) == [("stake_short", "brag.8.2", "Cy's stake of 3 is short of the 4 he must put in to stay in",
                            "made up to 4")]


def test_a_short_blind_stake_breaks_the_systems_rule():
    rnd = staking(brag())
    (_, v) = act(rnd, Stake("Bob", 2, blind=True), Stake("Cy", 1, blind=True))
    assert (v.kind, v.chips) == ("stake", 2)
    assert breaches(v) == [("stake_short", "brag.7.2",
                            "Cy's blind stake of 1 is short of the 2 he must put in to stay in", "made up to 2")]


def test_a_short_stake_is_void_under_void_and_reprompt():
    rnd = staking(brag(illegal_fix="void_and_reprompt"))
    (_, v) = act(rnd, Stake("Bob", 2, blind=True), Stake("Cy", 1, blind=True))
    assert v.kind == "none" and breaches(v) == [
        ("stake_short", "brag.7.2", "Cy's blind stake of 1 is short of the 2 he must put in to stay in",
         "void: he acts again")]
    assert rnd.turn == CY and rnd.stacks == [50, 48, 50]


# ---------------------------------------------------------------------- the systems


def test_the_round_system_is_one_chip_a_turn():
    """brag.7.1: "at each turn a player puts in one chip or drops out": Bob's blind 2 is taken as 1 (worth
    2 seen units), after which Cy, seen, puts in 2."""
    rnd = staking(brag(betting="round"))
    assert rnd.legal(BOB) == StakeChoices(True, 1, 1, None, None, False, True)
    assert words(rnd, BOB) == ["drop", "blind 1", "look (then stake as seen)"]
    assert rnd.legal(BOB).events("Bob") == [Fold("Bob"), Stake("Bob", 1, blind=True), Look("Bob")]
    (v,) = act(rnd, Stake("Bob", 2, blind=True))
    assert (v.kind, v.chips, rnd.stake) == ("stake", 1, 2)
    assert breaches(v) == [("stake_not_round", "brag.7.1", "Bob put in 2: in the round system each turn is 1",
                            "taken as 1; the rest goes back")]
    act(rnd, Look("Cy"))
    assert rnd.legal(CY) == StakeChoices(False, 2, 2, None, None, False, False)
    assert words(rnd, CY) == ["drop", "stake 2"]
    void = staking(brag(betting="round", illegal_fix="void_and_reprompt"))
    (v,) = act(void, Stake("Bob", 2, blind=True))
    assert v.kind == "none" and breaches(v)[0][3] == "void: he acts again"


def test_a_blind_player_may_not_raise_when_the_option_says_so():
    """brag.blind_may_raise = no: "A blind player may only put in the current blind stake; to raise he
    must first look at his cards": Bob opens blind 3 (an opening stake is no raise); Cy's blind 4 is
    taken as the 3 he owes."""
    rnd = staking(brag(blind_may_raise="no"))
    assert rnd.bounds(BOB) == (1, 5)
    act(rnd, Stake("Bob", 3, blind=True))
    assert rnd.legal(CY) == StakeChoices(True, 3, 3, None, None, False, True)
    (v,) = act(rnd, Stake("Cy", 4, blind=True))
    assert (v.kind, v.chips) == ("stake", 3)
    assert breaches(v) == [("blind_raise_forbidden", "brag.blind_may_raise",
                            "Cy raised blind to 4; a blind player may only put in the blind stake of 3",
                            "taken as 3; the rest goes back")]
    act(rnd, Look("Ann"))
    assert rnd.bounds(ANN) == (6, 11)


@pytest.mark.parametrize("blind, said", [(False, "Bob's stake of 12"), (True, "Bob's blind stake of 12")])
def test_a_stake_raising_by_more_than_the_limit_is_capped(blind, said):
    """brag.6 / brag.7.2: "Only the increase is limited": an opening 12 is capped at 5."""
    rnd = staking(brag())
    if not blind:
        act(rnd, Look("Bob"))
    (v,) = act(rnd, Stake("Bob", 12, blind=blind))
    assert (v.kind, v.chips, rnd.stacks[BOB]) == ("stake", 5, 45)
    assert breaches(v) == [("bet_over_limit", "brag.6", f"{said} raises by more than the limit of 5",
                            "capped at 5; the excess goes back")]
    void = staking(brag(illegal_fix="void_and_reprompt"))
    (v,) = act(void, Stake("Bob", 12, blind=True))
    assert v.kind == "none" and breaches(v)[0][3] == "void: he acts again"


@pytest.mark.parametrize("stack, remedy", [(3, "taken as his 3 chips"), (1, "taken as his 1 chip")])
def test_a_stake_over_his_stack_is_all_he_has(stack, remedy):
    """brag.9.3: nobody stakes more than he has; Bob's last chips in, he may cover at once."""
    rnd = staking(brag(), stacks=(50, stack, 50))
    (v,) = act(rnd, Stake("Bob", 4, blind=True))
    assert (v.kind, v.chips, rnd.stacks[BOB], rnd.emptied, rnd.turn) == ("stake", stack, 0, BOB, CY)
    assert breaches(v) == [("over_table_stakes", "brag.9.3", f"Bob staked 4 but has only {stack}", remedy)]
    assert rnd.legal(BOB).can_cover is True and rnd.legal(BOB).most is None
    (v,) = act(rnd, Cover("Bob"))
    assert (v.kind, v.chips, v.legal, v.in_turn) == ("cover", 0, True, False)
    assert (rnd.covered, rnd.turn, rnd.emptied, rnd.ended) == ([BOB], CY, None, None)
    (v,) = act(rnd, Stake("Bob", 1))
    assert v.kind == "none" and breaches(v) == [
        ("acted_after_cover", "brag.9.3", "Bob has covered the pot and has no more turns", "ignored")]
    assert v.in_turn is False


def test_a_stake_over_his_stack_is_void_under_void_and_reprompt():
    rnd = staking(brag(illegal_fix="void_and_reprompt"), stacks=(50, 3, 50))
    (v,) = act(rnd, Stake("Bob", 4, blind=True))
    assert v.kind == "none" and breaches(v) == [
        ("over_table_stakes", "brag.9.3", "Bob staked 4 but has only 3", "void: he acts again")]


def test_a_short_stake_by_a_player_who_cannot_make_it_is_a_cover():
    """brag.9.3: "A player covers at his turn when he has fewer chips than he must put in to stay in":
    Cy with 3 against Bob's seen 5 logs a stake of 2: he covers with his 3."""
    rnd = staking(brag(), stacks=(50, 50, 3))
    act(rnd, Look("Bob"), Stake("Bob", 5), Look("Cy"))
    assert rnd.legal(CY) == StakeChoices(False, 5, None, None, None, True, False)
    assert words(rnd, CY) == ["drop", "cover the pot"]
    assert rnd.legal(CY).events("Cy") == [Fold("Cy"), Cover("Cy")]
    (v,) = act(rnd, Stake("Cy", 2))
    assert (v.kind, v.chips) == ("cover", 3)
    assert breaches(v) == [("stake_short", "brag.7.2", "Cy's stake of 2 is short of the 5 he must put in to stay in",
                            "he has only 3: taken as covering the pot")]
    assert (rnd.covered, rnd.stacks, rnd.turn, rnd.ended, rnd.bets) == ([CY], [50, 45, 0], ANN, None, [0, 5, 3])


# ---------------------------------------------------------------------- what is no staking


def test_a_short_stake_by_a_player_who_has_just_enough_is_made_up():
    """Cy has exactly the 5 he must put in: his short stake is made up to 5, not a cover."""
    rnd = staking(brag(), stacks=(50, 50, 5))
    act(rnd, Look("Bob"), Stake("Bob", 5), Look("Cy"))
    assert rnd.legal(CY) == StakeChoices(False, 5, 5, None, None, False, False)
    (v,) = act(rnd, Stake("Cy", 2))
    assert (v.kind, v.chips, rnd.covered, rnd.emptied) == ("stake", 5, [], CY)
    assert breaches(v)[0][3] == "made up to 5"


def test_a_stake_of_the_whole_limit_is_no_breach():
    rnd = staking(brag())
    (v,) = act(rnd, Stake("Bob", 5, blind=True))
    assert (v.kind, v.chips, v.breaches, rnd.stake) == ("stake", 5, [], 10)


def test_a_check_is_a_drop():
    """brag.4.3: "There is no checking: at his turn a player must bet or drop out"."""
    rnd = staking(brag())
    (v,) = act(rnd, Check("Bob"))
    assert (v.kind, rnd.live, rnd.turn) == ("fold", [True, False, True], CY)
    assert breaches(v) == [("check_not_allowed", "brag.4.3",
                            "Bob cannot check: there is no checking in brag, he must stake or drop",
                            "taken as a drop (he put nothing in)")]
    void = staking(brag(illegal_fix="void_and_reprompt"))
    (v,) = act(void, Check("Bob"))
    assert v.kind == "none" and void.live[BOB] and void.turn == BOB
    assert breaches(v)[0][3] == "void: he acts again"


def test_a_player_who_dropped_is_ignored():
    rnd = staking(brag())
    act(rnd, Fold("Bob"))
    (v,) = act(rnd, Stake("Bob", 1))
    assert (v.kind, v.in_turn) == ("none", False) and breaches(v) == [
        ("acted_not_in_hand", "brag.4.3", "Bob has dropped out and cannot act", "ignored")]


def test_a_stake_after_the_betting_is_over_is_ignored():
    """brag.4.4: "If all players but one drop out, the last player takes the pot"."""
    rnd = staking(brag(), names=("Ann", "Bob"), stacks=(50, 50))
    act(rnd, Stake("Bob", 1, blind=True), Fold("Ann"))
    assert (rnd.ended, rnd.turn, rnd.closed) == ("alone", None, True)
    (v,) = act(rnd, Stake("Bob", 1))
    assert (v.kind, v.in_turn) == ("none", False) and breaches(v) == [
        ("acted_round_over", "brag.4.4", "the betting is over: Bob cannot act", "ignored")]


def test_a_stake_out_of_turn_stands_or_is_void():
    """brag.4.2: the betting goes clockwise from the dealer's left; out of turn, binding (adjusted) or void."""
    rnd = staking(brag())
    (v,) = act(rnd, Stake("Cy", 1, blind=True))
    assert (v.kind, v.chips, v.in_turn) == ("stake", 1, False)
    assert breaches(v) == [("acted_out_of_turn", "brag.4.2", "Cy acted out of turn: Bob is to act",
                            "the action stands (binding out of turn)")]
    assert (rnd.turn, rnd.stake) == (BOB, 2)
    void = staking(brag(illegal_fix="void_and_reprompt"))
    (v,) = act(void, Stake("Cy", 1, blind=True))
    assert (v.kind, v.in_turn) == ("none", False) and breaches(v) == [
        ("acted_out_of_turn", "brag.4.2", "Cy acted out of turn: Bob is to act", "void: Bob is still to act")]


def test_a_drop_out_of_turn_leaves_the_turn_where_it_was():
    rnd = staking(brag(), (50, 50, 50, 50), names=("Ann", "Bob", "Cy", "Dee"))
    (v,) = act(rnd, Fold("Cy"))
    assert (v.kind, v.in_turn, rnd.live[CY], rnd.turn) == ("fold", False, False, BOB)
    act(rnd, Stake("Bob", 1, blind=True))
    assert rnd.turn == DEE


@pytest.mark.parametrize("options, code, rule, why", [
    ({}, "blind_after_look", "brag.8.5", "Bob logged a blind stake after looking"),
    ({"blind": "not_allowed"}, "blind_not_allowed", "brag.blind",
     "Bob staked blind, but this rulebook has no blind play"),
])
def test_a_blind_stake_by_a_seen_player_is_a_seen_stake(options, code, rule, why):
    """brag.8.5: "A stake he logs as blind after his own look is taken as a seen stake"."""
    rnd = staking(brag(**options))
    act(rnd, Look("Bob"))
    (v,) = act(rnd, Stake("Bob", 2, blind=True))
    assert (v.kind, v.chips, rnd.totals[BOB], rnd.stake) == ("stake", 2, 2, 2)
    assert breaches(v) == [(code, rule, why, "taken as a seen stake of 2")]
    void = staking(brag(illegal_fix="void_and_reprompt", **options))
    act(void, Look("Bob"))
    (v,) = act(void, Stake("Bob", 2, blind=True))
    assert v.kind == "none" and breaches(v) == [(code, rule, why, "void: he acts again")]


# ---------------------------------------------------------------------- the see


def heads_up(rules: StakingRules | None = None, stacks=(50, 50)) -> StakingRound:
    return staking(rules or brag(), stacks, names=("Ann", "Bob"))


def test_two_blind_players_may_see_each_other():
    """brag.8.4: "When both remaining players are blind, either may double to see the other": after Bob's
    blind 2, blind Ann sees him for 4 (double her blind stake of 2)."""
    rnd = heads_up()
    act(rnd, Stake("Bob", 2, blind=True))
    assert rnd.other(ANN) == BOB and rnd.other(BOB) == ANN and rnd.see_cost(ANN) == 4
    assert rnd.legal(ANN) == StakeChoices(True, 2, 7, 4, "Bob", False, True)
    assert words(rnd, ANN) == ["drop", "blind 2–7", "see Bob for 4", "look (then stake as seen)"]
    assert rnd.legal(ANN).events("Ann") == [Fold("Ann"), Stake("Ann", 2, blind=True), Stake("Ann", 4, blind=True),
                                           Stake("Ann", 7, blind=True), See("Ann", 4, "Bob"), Look("Ann")]
    (v,) = act(rnd, See("Ann", 4, "Bob"))
    assert (v.kind, v.chips, v.legal) == ("see", 4, True)
    assert (rnd.ended, rnd.seer, rnd.seen_player, rnd.turn, rnd.stacks) == ("see", ANN, BOB, None, [46, 48])


def test_a_seen_player_may_not_see_a_blind_one():
    """brag.8.3: "a player who has seen his cards may not pay double to see a blind player": Ann's see is
    taken as a stake of 8 (a seen stake over Bob's blind 2, worth 4)."""
    rnd = heads_up()
    act(rnd, Stake("Bob", 2, blind=True), Look("Ann"))
    assert rnd.legal(ANN) == StakeChoices(False, 4, 9, None, None, False, False)
    (v,) = act(rnd, See("Ann", 8, "Bob"))
    assert (v.kind, v.chips, rnd.stake, rnd.ended) == ("stake", 8, 8, None)
    assert breaches(v) == [("seen_sees_blind", "brag.8.3",
                            "Ann has seen his cards and may not pay to see Bob, who is blind; he must stake again or "
                            "drop", "taken as a stake of 8, not a see")]


def test_two_seen_players_see_for_double_the_stake():
    """brag.7.2: "It ends when two remain and one puts in double the amount to see the other"."""
    rnd = heads_up()
    act(rnd, Look("Bob"), Stake("Bob", 3), Look("Ann"))
    assert rnd.legal(ANN) == StakeChoices(False, 3, 8, 6, "Bob", False, False)
    (v,) = act(rnd, See("Ann", 6))
    assert (v.kind, v.chips, rnd.ended, rnd.stacks) == ("see", 6, "see", [44, 47])


def test_a_blind_player_may_see_a_seen_one():
    rnd = heads_up()
    act(rnd, Look("Bob"), Stake("Bob", 3))
    assert rnd.see_cost(ANN) == 4 and rnd.legal(ANN).see_cost == 4  # his stake is half of 3, rounded up: 2


@pytest.mark.parametrize("stake, cost", [(1, 2), (2, 2), (3, 4)])
def test_a_blind_players_see_costs_double_his_half_stake(stake, cost):
    """brag.see_cost: a blind player pays half the seen stake, rounded up, and double that to see."""
    rnd = heads_up()
    act(rnd, Look("Bob"), Stake("Bob", stake))
    assert rnd.see_cost(ANN) == cost and rnd.legal(ANN).see_cost == cost


def test_a_see_for_all_he_has_is_a_see():
    rnd = heads_up(stacks=(4, 50))
    act(rnd, Stake("Bob", 2, blind=True))
    assert rnd.legal(ANN) == StakeChoices(True, 2, 4, 4, "Bob", False, True)
    (v,) = act(rnd, See("Ann", 4, "Bob"))
    assert (v.kind, v.chips, v.breaches, rnd.ended) == ("see", 4, [], "see")


def test_a_see_before_anybody_staked_is_a_stake():
    rnd = heads_up()
    assert rnd.legal(BOB).see_cost is None
    (v,) = act(rnd, See("Bob", 2, "Ann"))
    assert (v.kind, v.chips, rnd.stake) == ("stake", 2, 4)
    assert breaches(v) == [("see_nothing_staked", "brag.7.2", "Bob cannot see: nobody has staked yet",
                            "taken as a stake of 2, not a see")]


def test_a_see_with_three_in_is_a_stake():
    """brag.4.4: "a showdown ... is allowed only when two players remain"."""
    rnd = staking(brag())
    act(rnd, Stake("Bob", 2, blind=True))
    assert rnd.other(CY) is None and rnd.legal(CY).see_cost is None
    (v,) = act(rnd, See("Cy", 4, "Bob"))
    assert (v.kind, v.chips, rnd.stake) == ("stake", 4, 8)
    assert breaches(v) == [("see_not_heads_up", "brag.4.4",
                            "Cy cannot see: a showdown needs two players left, and 3 are in",
                            "taken as a stake of 4, not a see")]


@pytest.mark.parametrize("before, event, code, rule", [
    ([], See("Bob", 2, "Ann"), "see_nothing_staked", "brag.7.2"),
    ([Stake("Bob", 2, blind=True), Look("Ann")], See("Ann", 8, "Bob"), "seen_sees_blind", "brag.8.3"),
    ([Stake("Bob", 2, blind=True)], See("Ann", 3, "Bob"), "see_short", "brag.7.2"),
    ([Stake("Bob", 2, blind=True)], See("Ann", 5, "Bob"), "see_over_cost", "brag.7.2"),
])
def test_a_see_refused_is_void_under_void_and_reprompt(before, event, code, rule):
    rnd = heads_up(brag(illegal_fix="void_and_reprompt"))
    act(rnd, *before)
    (v,) = act(rnd, event)
    assert v.kind == "none" and [(c, r, remedy) for c, r, _, remedy in breaches(v)] == [
        (code, rule, "void: he acts again")]
    assert rnd.ended is None


def test_a_see_with_three_in_is_void_under_void_and_reprompt():
    rnd = staking(brag(illegal_fix="void_and_reprompt"))
    act(rnd, Stake("Bob", 2, blind=True))
    (v,) = act(rnd, See("Cy", 4, "Bob"))
    assert v.kind == "none" and breaches(v)[0][:2] == ("see_not_heads_up", "brag.4.4")


@pytest.mark.parametrize("amount, code, remedy", [
    (3, "see_short", "made up to 4"), (6, "see_over_cost", "taken as a see for 4; the excess goes back"),
])
def test_a_see_for_other_than_double_is_a_see_for_double(amount, code, remedy):
    rnd = heads_up()
    act(rnd, Stake("Bob", 2, blind=True))
    (v,) = act(rnd, See("Ann", amount, "Bob"))
    assert (v.kind, v.chips, rnd.ended) == ("see", 4, "see")
    assert breaches(v) == [(code, "brag.7.2", f"Ann sees for {amount}; a see costs him 4, double his stake", remedy)]


def test_a_see_of_a_player_who_dropped_is_a_see_of_the_one_left():
    """brag.4.4: Bob blind 2, Cy drops, Ann sees "Cy": the other player left is Bob."""
    rnd = staking(brag())
    act(rnd, Stake("Bob", 2, blind=True), Fold("Cy"))
    (v,) = act(rnd, See("Ann", 4, "Cy"))
    assert (v.kind, v.chips, rnd.seen_player) == ("see", 4, BOB)
    assert breaches(v) == [("see_wrong_target", "brag.4.4", "Ann sees Cy, but the other player left is Bob",
                            "taken as a see of Bob")]


def test_a_see_he_cannot_afford_is_a_cover():
    rnd = heads_up(stacks=(3, 50))
    act(rnd, Stake("Bob", 2, blind=True))
    assert rnd.legal(ANN) == StakeChoices(True, 2, 3, None, None, False, True)
    (v,) = act(rnd, See("Ann", 4, "Bob"))
    assert (v.kind, v.chips, rnd.ended, rnd.covered) == ("cover", 3, "cover", [ANN])
    assert breaches(v) == [("see_short", "brag.7.2", "Ann has 3, less than the 4 a see costs him",
                            "taken as covering the pot")]


def test_in_the_poker_systems_a_see_is_a_stake_and_none_is_offered():
    """brag.7.3: "the betting round ends when the stakes are equal": no paid see."""
    rnd = heads_up(brag(betting="poker"))
    act(rnd, Stake("Bob", 2, blind=True))
    assert rnd.need(ANN) == 4 and rnd.legal(ANN) == StakeChoices(True, 2, 7, None, None, False, True)
    (v,) = act(rnd, See("Ann", 2, "Bob"))
    assert (v.kind, v.chips, v.legal, rnd.ended, rnd.totals) == ("stake", 2, True, "equal", [4, 4])


# ---------------------------------------------------------------------- covering


@pytest.mark.parametrize("stack, message", [
    (50, "Bob covers the pot with 50 chips, enough for the stake of 1"),
    (1, "Bob covers the pot with 1 chip, enough for the stake of 1"),
])
def test_a_cover_by_a_player_who_can_stake_stands(stack, message):
    """brag.9.3: a player covers "when he has fewer chips than he must put in"; a cover logged anyway
    stands: all his chips go in."""
    rnd = staking(brag(), stacks=(50, stack, 50))
    (v,) = act(rnd, Cover("Bob"))
    assert (v.kind, v.chips, rnd.stacks[BOB], rnd.covered, rnd.turn) == ("cover", stack, 0, [BOB], CY)
    assert breaches(v) == [("cover_with_chips", "brag.9.3", message,
                            "the cover stands as logged: all his chips go in")]
    void = staking(brag(illegal_fix="void_and_reprompt"), stacks=(50, stack, 50))
    (v,) = act(void, Cover("Bob"))
    assert v.kind == "none" and breaches(v)[0][3] == "void: he acts again" and void.covered == []


def test_a_cover_out_of_turn_leaves_the_turn_where_it_was():
    rnd = staking(brag(), (50, 50, 50, 50), names=("Ann", "Bob", "Cy", "Dee"))
    (v,) = act(rnd, Cover("Cy"))
    assert (v.kind, v.in_turn, rnd.covered, rnd.turn) == ("cover", False, [CY], BOB)
    assert [b.code for b in v.breaches] == ["acted_out_of_turn", "cover_with_chips"]


def test_a_cover_that_leaves_one_player_ends_the_betting():
    """brag.9.3: "If a cover leaves only one other player in the betting, the betting ends"."""
    rnd = heads_up(stacks=(50, 1))
    act(rnd, Stake("Bob", 1, blind=True), Look("Ann"), Stake("Ann", 4))
    (v,) = act(rnd, Cover("Bob"))
    assert (v.kind, v.chips, v.legal, rnd.ended, rnd.turn) == ("cover", 0, True, "cover", None)


def test_a_cover_by_a_player_emptied_by_his_own_stake_comes_out_of_turn():
    rnd = heads_up(stacks=(50, 2))
    (v,) = act(rnd, Stake("Bob", 2, blind=True))
    assert (v.kind, v.chips, v.breaches) == ("stake", 2, [])  # all he has: no breach of table stakes
    assert rnd.emptied == BOB and rnd.turn == ANN
    assert rnd.legal(BOB) == StakeChoices(True, 2, None, None, None, True, True)
    (v,) = act(rnd, Cover("Bob"))
    assert (v.kind, v.breaches, rnd.ended) == ("cover", [], "cover")


def test_a_cover_by_the_emptied_player_after_the_betting_ended_is_ignored():
    rnd = heads_up(stacks=(50, 2))
    act(rnd, Stake("Bob", 2, blind=True), Fold("Ann"))
    assert rnd.ended == "alone"
    (v,) = act(rnd, Cover("Bob"))
    assert v.kind == "none" and breaches(v) == [
        ("acted_round_over", "brag.4.4", "the betting is over: Bob cannot act", "ignored")]


def test_the_emptied_player_is_no_longer_so_after_the_next_turn():
    rnd = staking(brag(), stacks=(50, 2, 50))
    act(rnd, Stake("Bob", 2, blind=True), Stake("Cy", 2, blind=True))
    assert rnd.emptied is None
    (v,) = act(rnd, Cover("Bob"))
    assert (v.kind, [b.code for b in v.breaches]) == ("cover", ["acted_out_of_turn"])


# ---------------------------------------------------------------------- the poker systems


def test_the_poker_system_ends_when_the_totals_are_equal_with_three_in():
    """brag.7.3: "the betting round ends when the stakes are equal"."""
    rnd = staking(brag(betting="poker"))
    act(rnd, Stake("Bob", 1, blind=True), Stake("Cy", 1, blind=True))
    assert (rnd.top(), rnd.need(ANN), rnd.ended) == (2, 2, None)
    act(rnd, Stake("Ann", 1, blind=True))
    assert (rnd.totals, rnd.ended, rnd.turn) == ([2, 2, 2], "equal", None)


def test_the_poker_system_does_not_end_on_no_stakes_at_all():
    rnd = staking(brag(betting="poker"))
    act(rnd, Fold("Bob"))
    assert (rnd.ended, rnd.turn) == (None, CY)


def test_a_poker_raise_sets_the_blind_setter_and_a_call_does_not():
    rnd = staking(brag(betting="poker"))
    act(rnd, Stake("Bob", 1, blind=True))
    assert rnd.blind_setter == BOB
    act(rnd, Look("Cy"), Stake("Cy", 2))
    assert rnd.blind_setter == BOB  # a seen call of a blind stake sets nothing
    act(rnd, Look("Ann"), Stake("Ann", 5))
    assert (rnd.blind_setter, rnd.need(BOB), rnd.bounds(BOB)) == (None, 3, (2, 7))


@pytest.mark.parametrize("blind, said", [(True, "Ann's blind stake of 1"), (False, "Ann's stake of 2")])
def test_under_anti_stall_a_call_making_three_totals_equal_is_made_a_raise(blind, said):
    """brag.7.4 (a): "with three or more players in, a player may not merely call if that makes the
    others' stakes equal; he must raise or drop": Ann's call is made a raise of one chip."""
    rnd = staking(brag(betting="poker_antistall"))
    act(rnd, Stake("Bob", 1, blind=True), Stake("Cy", 1, blind=True))
    if not blind:
        act(rnd, Look("Ann"))
    assert rnd.forbids_call(ANN, 1 if blind else 2) and not rnd.forbids_call(ANN, 3)
    least = 2 if blind else 3
    assert rnd.stay_in(ANN) == least and rnd.legal(ANN).least == least
    (v,) = act(rnd, Stake("Ann", 1 if blind else 2, blind=blind))
    assert (v.kind, v.chips, rnd.ended) == ("stake", least, None)
    assert breaches(v) == [("call_equalises_stakes", "brag.7.4",
                            f"{said} only makes the stakes of the 3 players in equal; he must raise or drop",
                            f"made a raise of one chip ({least})")]


def test_under_anti_stall_an_equalising_call_with_one_chip_more_is_a_raise_of_it():
    rnd = staking(brag(betting="poker_antistall"), stacks=(2, 50, 50))
    act(rnd, Stake("Bob", 1, blind=True), Stake("Cy", 1, blind=True))
    assert rnd.legal(ANN) == StakeChoices(True, 2, 2, None, None, False, True)
    (v,) = act(rnd, Stake("Ann", 1, blind=True))
    assert (v.kind, v.chips, rnd.covered, rnd.emptied) == ("stake", 2, [], ANN)


def test_under_anti_stall_a_blind_player_who_may_not_raise_may_only_drop_or_look():
    """brag.7.4 (a) "he must raise or drop" and brag.blind_may_raise = no: a blind player facing the
    call that would equalise has no stake he may make."""
    rnd = staking(brag(betting="poker_antistall", blind_may_raise="no"))
    act(rnd, Stake("Bob", 1, blind=True), Stake("Cy", 1, blind=True))
    assert rnd.bounds(ANN) == (1, 1)
    assert rnd.legal(ANN) == StakeChoices(True, 2, None, None, None, False, True)
    assert words(rnd, ANN) == ["drop", "look (then stake as seen)"]


def test_in_the_poker_system_only_the_opening_stake_lets_a_blind_player_raise():
    """brag.blind_may_raise = no under the poker system: Bob opens blind 1 to 5; Cy, blind, must put in 1."""
    rnd = staking(brag(betting="poker", blind_may_raise="no"))
    assert rnd.bounds(BOB) == (1, 5)
    act(rnd, Stake("Bob", 1, blind=True))
    assert rnd.bounds(CY) == (1, 1)


def test_under_anti_stall_an_equalising_call_with_nothing_more_is_a_cover():
    rnd = staking(brag(betting="poker_antistall"), stacks=(1, 50, 50))
    act(rnd, Stake("Bob", 1, blind=True), Stake("Cy", 1, blind=True))
    (v,) = act(rnd, Stake("Ann", 1, blind=True))
    assert (v.kind, v.chips, rnd.covered) == ("cover", 1, [ANN])
    assert breaches(v)[0][3] == "he has only 1: taken as covering the pot"
    void = staking(brag(betting="poker_antistall", illegal_fix="void_and_reprompt"))
    act(void, Stake("Bob", 1, blind=True), Stake("Cy", 1, blind=True))
    (v,) = act(void, Stake("Ann", 1, blind=True))
    assert v.kind == "none" and breaches(v)[0][:2] == ("call_equalises_stakes", "brag.7.4")


def test_under_anti_stall_a_drop_leaving_three_equal_does_not_end_the_betting():
    """brag.7.4 (b): "if a drop makes the stakes of three or more remaining players equal, the last
    raiser must raise again": Bob drops, Cy, Dee and Ann have 4 each; the betting goes on. Under the
    plain poker system (brag.7.3) it ends there."""
    names, stacks = ("Ann", "Bob", "Cy", "Dee"), (50, 50, 50, 50)
    for system, ended in (("poker_antistall", None), ("poker", "equal")):
        rnd = staking(brag(betting=system), stacks, names=names)
        act(rnd, Stake("Bob", 1, blind=True), Stake("Cy", 2, blind=True), Stake("Dee", 2, blind=True),
            Stake("Ann", 2, blind=True), Fold("Bob"))
        assert (rnd.active(), rnd.ended) == ([CY, DEE, ANN], ended)
    assert rnd.turn is None


def test_under_anti_stall_two_left_may_call():
    rnd = staking(brag(betting="poker_antistall"))
    act(rnd, Stake("Bob", 1, blind=True), Fold("Cy"))
    assert not rnd.forbids_call(ANN, 1) and rnd.stay_in(ANN) == 1
    act(rnd, Stake("Ann", 1, blind=True))
    assert rnd.ended == "equal"


# ---------------------------------------------------------------------- copies and removal


def test_a_copied_interval_changes_apart():
    rnd = staking(brag())
    act(rnd, Stake("Bob", 2, blind=True))
    stacks, live = list(rnd.stacks), list(rnd.live)
    twin = rnd.copy_for(stacks, live)
    act(twin, Look("Cy"), Cover("Cy"))
    assert (twin.stacks, twin.covered, twin.seen) == ([50, 48, 0], [CY], {CY})
    assert (rnd.stacks, rnd.covered, rnd.seen, rnd.bets, rnd.put_in, rnd.totals) == (
        [50, 48, 50], [], set(), [0, 2, 0], [0, 2, 0], [0, 4, 0])
    assert twin.stacks is stacks and twin.live is live


def test_a_player_removed_from_the_hand_may_end_the_betting():
    rnd = staking(brag(), names=("Ann", "Bob"), stacks=(50, 50))
    rnd.live[ANN] = False
    rnd.remove(ANN)
    assert (rnd.ended, rnd.turn) == ("alone", None)
