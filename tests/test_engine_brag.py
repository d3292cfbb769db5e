"""Three-card Brag (RULES.md section 6, seed-001): the staking turn engine and the game, situation by situation.

The golden hands (tests/golden/three_card_brag) pin the readings of tests/golden/BRAG-NOTES.md; these
tests cover the cases the golden files do not, each quoting the rule it checks.  Hands are written as
hand files: what a scorekeeper logs is what is tested.
"""

from __future__ import annotations

import pytest

from referee.engine.events import Cover, Fold, Look, See, Stake
from referee.engine.games.three_card_brag import BragCarry
from referee.engine.replay import play
from referee.engine.state import HandSetup
from referee.errors import CardError, HandFileError
from referee.rulebook import load_rulebook
from referee.cards import cards
from referee.engine.events import Deal, Muck, Show
from referee.engine.outcome import Carry
from referee.engine.replay import start_hand

from helpers.engine import finding_rows, replay_table, replay_text_hand, replay_text_night


def night(body: str, *options: str, seats: str = "Ann 50, Bob 50, Cy 50") -> list:
    """Replay a three-card brag night whose hands are ``body`` (``hand`` lines included)."""
    return [h.replay for h in replay_text_night("three_card_brag", body, *options, seats=seats)]


def hand(lines: str, *options: str, seats: str = "Ann 50, Bob 50, Cy 50"):
    (replay,) = night("hand 1\n" + lines, *options, seats=seats)
    return replay


def flagged(replay, kind: str = "illegal_action") -> list[tuple[int | None, str, str | None, str | None]]:
    """(action, code, player, rule) of the findings of ``kind``."""
    return [(f.action, f.code, f.player, f.rule) for f in replay.findings if f.kind == kind]


def setup(*options: str, seats=(("Ann", 50), ("Bob", 50), ("Cy", 50))) -> HandSetup:
    rb = load_rulebook("three_card_brag")
    if options:
        rb = rb.with_options(dict(o.split(" = ") for o in options))
    return HandSetup(rb, seats, "Ann")


# ---------------------------------------------------------------- blind and seen


def test_a_blind_stake_after_the_players_own_look_is_flagged_and_taken_as_seen():
    """brag.8.5: "A stake he logs as blind after his own look is taken as a seen stake": after Bob's
    seen 2, Cy (who looked) logs 'blind 1' -- a seen stake of 1, short of 2, made up (brag.7.2)."""
    r = hand("Bob: looks\nBob: stake 2\nCy: looks\nCy: blind 1\n")
    assert flagged(r) == [(4, "blind_after_look", "Cy", "brag.8.5"), (4, "stake_short", "Cy", "brag.7.2")]
    assert r.states[-1].stacks == (49, 47, 47)


def test_blind_play_not_allowed_counts_every_player_as_seen():
    """brag.blind = not_allowed: "Every player looks at his cards; there is no blind play": a blind
    stake is flagged and staked as seen; no look is needed before a seen stake."""
    r = hand("Bob: stake 2\nCy: blind 1\n", "brag.blind = not_allowed")
    assert flagged(r) == [(2, "blind_not_allowed", "Cy", "brag.blind"), (2, "stake_short", "Cy", "brag.7.2")]
    assert r.states[-1].stacks[2] == 47


def test_a_look_is_not_a_turn():
    """brag.8.5: "he may look at any time, and a look is not a turn": Cy looks while it is Bob's turn."""
    r = hand("Cy: looks\nBob: blind 1\nCy: stake 2\n")
    assert flagged(r) == []
    assert play(setup(), [Look("Cy"), Stake("Bob", 1, blind=True)]).prompt().to_act == "Cy"


def test_blind_half_of_a_seen_stake_and_double_to_see():
    """brag.see_cost: "a blind player pays half the current seen stake"; brag.8.4: two blind players
    left, either may double to see: against a seen 4, blind Bob pays 2, and his see costs 4."""
    r = hand("Bob: blind 2\nCy: blind 2\nAnn: folds\nBob: sees Cy for 4\nCy: shows Kh Kd 2c\nBob: shows Qh Qd 2d\n")
    assert flagged(r) == []
    assert r.outcome.stacks == {"Ann": 49, "Bob": 43, "Cy": 58}


# ---------------------------------------------------------------- the systems and the limits


def test_first_stake_is_the_bet_and_at_most_the_limit():
    """brag.6 / brag.limit = 1_to_10: "A bet or raise is from one to ten chips": an opening stake of 12
    is capped at 10."""
    r = hand("Bob: looks\nBob: stake 12\n", "brag.limit = 1_to_10")
    assert flagged(r) == [(2, "bet_over_limit", "Bob", "brag.6")]
    assert r.states[-1].stacks[1] == 39


def test_a_blind_raise_is_limited_in_the_blind_players_own_chips():
    """brag.6 / brag.7.2: "Only the increase is limited": facing a seen 4 a blind player's stake is 2; a
    blind 8 raises by 6, more than the limit of 5, and is capped at 7."""
    r = hand("Bob: looks\nBob: stake 4\nCy: blind 8\n")
    assert flagged(r) == [(3, "bet_over_limit", "Cy", "brag.6")]
    assert r.states[-1].stacks[2] == 42


def test_poker_antistall_call_refused_is_made_a_raise_of_one_chip():
    """brag.7.4 (a): "a player may not merely call if that makes the others' stakes equal; he must raise or
    drop"; common.illegal_fix = adjust_to_nearest_legal: the call becomes a raise of one chip."""
    r = hand("Bob: looks\nBob: stake 2\nCy: looks\nCy: stake 2\nAnn: looks\nAnn: stake 2\n",
             "brag.betting = poker_antistall")
    assert flagged(r) == [(6, "call_equalises_stakes", "Ann", "brag.7.4")]
    assert r.states[-1].stacks[0] == 46  # ante 1 and 3
    state = play(setup("brag.betting = poker_antistall"), [
        Look("Bob"), Stake("Bob", 2), Look("Cy"), Stake("Cy", 2), Look("Ann"), Stake("Ann", 3)])
    assert state.prompt().to_act == "Bob"


def test_poker_antistall_allows_the_equalising_call_heads_up():
    """brag.7.4 (a) holds only "with three or more players in": once Cy has dropped, Ann's stake of 2 that
    makes her stake equal to Bob's is a plain call, not refused and not made a raise: Ann and Bob each
    50 less the ante and 2, Cy 50 less the ante."""
    r = hand("Bob: looks\nBob: stake 2\nCy: folds\nAnn: looks\nAnn: stake 2\n", "brag.betting = poker_antistall")
    assert flagged(r) == []
    assert r.states[-1].stacks == (47, 47, 49)


def test_poker_system_ends_on_equal_stakes_with_three_in():
    """brag.7.3: "the betting round ends when the stakes are equal, and a showdown may have more than two
    players": three equal stakes end it; a fourth stake comes after the betting; all three must show."""
    r = hand("Bob: looks\nBob: stake 2\nCy: looks\nCy: stake 2\nAnn: looks\nAnn: stake 2\nBob: stake 1\n",
             "brag.betting = poker")
    assert flagged(r) == [(7, "acted_round_over", "Bob", "brag.4.4")]
    assert r.states[5].phase == "showdown"
    assert [f.player for f in r.findings if f.kind == "unverifiable"] == ["Bob", "Cy", "Ann"]


def test_a_see_in_the_poker_system_is_a_stake():
    """brag.7.3: there is no paid see in the poker system: 'sees Bob for 2' after Bob's 2 is Cy's stake of
    2; when Ann drops the equal stakes end the betting (no finding)."""
    r = hand("Bob: looks\nBob: stake 2\nCy: looks\nCy: sees Bob for 2\nAnn: folds\n", "brag.betting = poker")
    assert flagged(r) == [] and r.states[-1].phase == "showdown"
    assert r.states[-1].stacks == (49, 47, 47)


# ---------------------------------------------------------------- turns


def test_out_of_turn_stake_is_binding_or_void():
    """brag.4.2: betting goes "beginning with the player on the dealer's left and going clockwise": Cy stakes
    before Bob. adjust_to_nearest_legal: it stands (binding), Bob is still to act; void_and_reprompt: void."""
    events = [Look("Cy"), Stake("Cy", 2)]
    r = replay_table(setup(), events)
    assert [(f.code, f.rule) for f in r.illegal] == [("acted_out_of_turn", "brag.4.2")]
    assert r.states[-1].stacks[2] == 47 and r.states[-1].to_act == "Bob"
    r = replay_table(setup("common.illegal_fix = void_and_reprompt"), events)
    assert r.states[-1].stacks[2] == 49 and r.states[-1].to_act == "Bob"


def test_a_player_who_dropped_cannot_act_again():
    """brag.4.3: "at his turn a player must bet or drop out": once out, his stake is ignored."""
    r = hand("Bob: folds\nCy: looks\nCy: stake 1\nAnn: looks\nAnn: stake 1\nBob: looks\nBob: stake 1\n")
    assert flagged(r)[-1] == (7, "acted_not_in_hand", "Bob", "brag.4.3")
    assert r.outcome.stacks["Bob"] == 49


# ---------------------------------------------------------------- seeing


def test_a_see_before_any_stake_is_refused():
    """brag.7.2: a see "puts in double the amount": with nothing staked there is nothing to double."""
    r = hand("Bob: folds\nCy: looks\nCy: sees Ann for 2\n")
    assert flagged(r) == [(3, "see_nothing_staked", "Cy", "brag.7.2")]
    assert r.states[-1].phase == "betting"  # taken as a stake of 2, no showdown


def test_a_see_for_less_or_more_than_double():
    """brag.7.2: heads-up "one puts in double the amount to see the other": double the stake of 3 is 6; a
    see for 5 is made up to 6, a see for 8 gives 2 back."""
    lines = "Bob: looks\nBob: stake 3\nCy: folds\nAnn: looks\nAnn: stake 3\nBob: sees Ann for {n}\n"
    short, over = hand(lines.format(n=5)), hand(lines.format(n=8))
    assert flagged(short) == [(6, "see_short", "Bob", "brag.7.2")]
    assert flagged(over) == [(6, "see_over_cost", "Bob", "brag.7.2")]
    assert short.states[-1].stacks == over.states[-1].stacks == (46, 40, 49)


def test_a_see_he_cannot_afford_is_a_cover():
    """brag.9.3: a player "covers at his turn when he has fewer chips than he must put in": Bob has 4 left
    and a see would cost 6: his see is taken as covering the pot, which ends the heads-up betting; his
    pairs of aces wins the pot of 13 (antes 3, 3 each, his last 4)."""
    r = hand("Bob: looks\nBob: stake 3\nCy: folds\nAnn: looks\nAnn: stake 3\nBob: sees Ann for 6\n"
             "Bob: shows Ah Ad 2c\nAnn: shows Kh Kd 2d\n", seats="Ann 50, Bob 8, Cy 50")
    assert flagged(r) == [(6, "see_short", "Bob", "brag.7.2")]
    assert r.outcome.kind == "showdown" and r.outcome.stacks == {"Ann": 46, "Bob": 13, "Cy": 49}


def test_a_player_who_mucks_at_the_see_concedes():
    """brag.9.4: a player who mucks "concedes": Bob sees Cy, Cy mucks: Bob wins without showing."""
    r = hand("Bob: looks\nBob: stake 2\nCy: looks\nCy: stake 2\nAnn: folds\nBob: sees Cy for 4\nCy: mucks\n")
    assert flagged(r) == [] and r.outcome.stacks == {"Ann": 49, "Bob": 54, "Cy": 47}


def test_a_see_whose_hands_are_not_shown_is_undecided():
    """brag.7.2 / partial information: "a pot ... whose claimants never showed ... is decided: false",
    naming whose hand must be shown."""
    r = hand("Bob: looks\nBob: stake 2\nCy: looks\nCy: stake 2\nAnn: folds\nBob: sees Cy for 4\n"
             "Bob: shows Ah Ad 2c\n")
    assert flagged(r, "unverifiable") == [(None, "showdown_unverifiable", "Cy", "brag.7.2")]
    assert r.outcome.undecided == 11 and r.outcome.stacks == {"Ann": 49, "Bob": 43, "Cy": 47}


# ---------------------------------------------------------------- covering


def test_a_cover_by_a_player_who_can_pay():
    """brag.9.3: "A player covers at his turn when he has fewer chips than he must put in to stay in":
    Cy has 49 facing a stake of 2. adjust: the cover stands as logged (all his chips go in); void: void."""
    lines = "Bob: looks\nBob: stake 2\nCy: covers\n"
    r = hand(lines)
    assert flagged(r) == [(3, "cover_with_chips", "Cy", "brag.9.3")]
    assert r.states[-1].stacks[2] == 0
    r = hand(lines, "common.illegal_fix = void_and_reprompt")
    assert r.states[-1].stacks[2] == 49 and r.states[-1].to_act == "Cy"


def test_a_coverer_has_no_more_turns():
    """brag.9.3: after covering "he has no more turns": his later stake is ignored."""
    r = hand("Bob: looks\nBob: stake 4\nCy: looks\nCy: covers\nAnn: looks\nAnn: stake 4\nBob: stake 4\n"
             "Cy: stake 1\n", seats="Ann 50, Bob 50, Cy 3")
    assert flagged(r) == [(8, "acted_after_cover", "Cy", "brag.9.3")]


def test_a_short_stake_of_his_last_chips_is_a_cover():
    """brag.9.3: he has fewer chips than the stake of 4: putting in his last 2 is covering the pot."""
    r = hand("Bob: looks\nBob: stake 4\nCy: looks\nCy: stake 2\n", seats="Ann 50, Bob 50, Cy 3")
    assert flagged(r) == [(4, "stake_short", "Cy", "brag.7.2")]
    assert play(r.setup, r.events).prompt().to_act == "Ann"
    assert replay_table(r.setup, [*r.events, Stake("Cy", 1)]).illegal[-1].code == "acted_after_cover"


def test_two_covers_side_pot_winner_against_each_coverer():
    """brag.cover_main_contest = side_pot_winner_vs_coverer: "The winner of the side pot then shows against
    the coverer for the main pot" -- with two covers, each pot's winner against the coverer who closed the
    pot below it. Bob covers (main 17), Cy covers (side 1: his last 3), Dee stakes 4 and Ann sees her (side
    2: 12). Dee's nines beat Ann's fives for side 2; Cy's queens beat Dee's nines for side 1 and Bob's tens
    for the main pot. With unequal hands the other reading (the best of all the pot's claimants) gives the
    same winners (tests/golden/BRAG-NOTES.md, 2.7)."""
    lines = ("Bob: looks\nBob: stake 2\nCy: looks\nCy: stake 2\nDee: looks\nDee: stake 4\nAnn: looks\nAnn: stake 4\n"
             "Bob: covers\nCy: covers\nDee: stake 4\nAnn: sees Dee for 8\n"
             "Dee: shows 9h 9d 2c\nAnn: shows 5h 5d Ac\nCy: shows Qh Qd 3c\nBob: shows Th Td 4c\n")
    seats = "Ann 50, Bob 4, Cy 6, Dee 50"
    r = hand(lines, "brag.cover_main_contest = side_pot_winner_vs_coverer", seats=seats)
    # main: antes 4 + Bob 2 + Cy 2 + Dee 4 + Ann 4 + Bob's last 1 = 17; side 1: Cy's last 3 = 3;
    # side 2: Dee 4 + Ann's see 8 = 12
    assert [(p.amount, p.winners) for p in r.outcome.pots] == [(17, ("Cy",)), (3, ("Cy",)), (12, ("Dee",))]
    best = hand(lines, seats=seats)  # best_of_coverer_and_side_pot_finalists: the best of all claimants
    assert [(p.amount, p.winners) for p in best.outcome.pots] == [(17, ("Cy",)), (3, ("Cy",)), (12, ("Dee",))]


def test_a_drop_after_a_cover_leaves_the_last_player_against_the_coverer():
    """brag.4.4 / brag.9.2: everybody else drops after Cy covers: Bob takes the side pot as the last player,
    and shows against Cy for the main pot."""
    r = hand("Bob: looks\nBob: stake 4\nCy: covers\nAnn: folds\nBob: shows 9h 9d 2c\nCy: shows Kh Jd 3c\n",
             seats="Ann 50, Bob 50, Cy 3")
    assert r.outcome.kind == "showdown"
    assert [(p.amount, p.winners) for p in r.outcome.pots] == [(9, ("Bob",))]


def test_covering_heads_up_tie_under_cover_tie_split():
    """brag.cover_heads_up / brag.cover_tie = split: a cover heads-up ends the betting "and both show"; "If the
    coverer's hand ties for the main pot, the tied players share it"."""
    r = hand("Bob: looks\nBob: stake 4\nCy: folds\nAnn: covers\nAnn: shows 9h 9d 2c\nBob: shows 9s 9c 2d\n",
             "brag.cover_tie = split", seats="Ann 3, Bob 50, Cy 50")
    assert [(p.amount, p.winners, p.left_over) for p in r.outcome.pots] == [(9, ("Ann", "Bob"), 1)]


def test_poker_equalised_cover_heads_up_gives_the_excess_back():
    """brag.cover_main_pot = poker_equalised_side_pot: "each other player's stake is matched only up to the
    coverer's total; the excess ... form the side pot": heads-up the excess is Bob's alone."""
    r = hand("Bob: looks\nBob: stake 5\nCy: folds\nAnn: covers\nAnn: shows Ah Ad 2c\nBob: shows Kh Kd 2d\n",
             "brag.cover_main_pot = poker_equalised_side_pot", seats="Ann 3, Bob 50, Cy 50")
    # Ann's total 3 (ante 1 + 2): main 3 + 3 + 1 (Cy's ante) = 7 -> Ann; Bob's excess 3 -> Bob
    assert [(p.amount, p.winners) for p in r.outcome.pots] == [(7, ("Ann",)), (3, ("Bob",))]
    assert r.outcome.stacks == {"Ann": 7, "Bob": 47, "Cy": 49}


# ---------------------------------------------------------------- across hands


def test_kept_blind_hand_is_known_when_its_cards_were_logged():
    """brag.blind_uncontested = pot_carries_blind_keeps_hand: "he keeps his cards, still unseen, for it": the
    cards the log dealt him are still his in the next deal (showing others is noted against the log)."""
    hands = night("hand 1\nCy: dealt Kh Kd 4c\nBob: looks\nBob: folds\nCy: blind 1\nAnn: looks\nAnn: folds\n\n"
                  "hand 2\nCy: blind 1\nAnn: folds\nBob: looks\nBob: stake 2\nCy: looks\nCy: stake 2\n"
                  "Bob: sees Cy for 4\nCy: shows Kh Kd 4c\nBob: shows Qh Qd 4d\n",
                  "brag.blind_uncontested = pot_carries_blind_keeps_hand")
    first, second = hands
    assert first.outcome.kind == "carried"
    assert first.outcome.next_hand.carry == BragCarry(pot=4, kept_blind_hand="Cy", kept_cards=("Kh", "Kd", "4c"))
    assert [f.code for f in second.findings] == [] and second.outcome.stacks["Cy"] == 60


def test_a_seen_last_player_takes_the_pot_even_when_blind_players_carry():
    """brag.blind_uncontested = pot_carries_blind_keeps_hand applies to "A blind player whose opponents all
    drop": a seen player left alone takes the pot (brag.4.4)."""
    r = hand("Bob: looks\nBob: stake 2\nCy: folds\nAnn: folds\n", "brag.blind_uncontested = pot_carries_blind_keeps_hand")
    assert r.outcome.kind == "uncontested" and r.outcome.next_hand.carry.kept_blind_hand is None


def test_every_deal_shuffled_needs_no_mark():
    """brag.shuffle = every_deal: "The pack is shuffled before every deal": no mark needed after a prial."""
    body = ("hand 1\nBob: looks\nBob: stake 2\nCy: looks\nCy: stake 2\nAnn: folds\nBob: sees Cy for 4\n"
            "Cy: shows 8c 8h 8d\nBob: shows Kc Kd Jh\n\nhand 2\nCy: looks\nCy: stake 1\nAnn: folds\nBob: folds\n")
    assert [f.code for h in night(body, "brag.shuffle = every_deal") for f in h.findings] == []
    assert [f.code for h in night(body) for f in h.findings] == ["deal_not_shuffled"]


# ---------------------------------------------------------------- the hand file


def test_a_card_in_two_hands_cannot_be_replayed():
    """Card places: "a card is in one place at a time": Bob shows the Kh that Cy was dealt."""
    with pytest.raises(HandFileError, match="Kh") as info:
        hand("Cy: dealt Kh Kd 4c\nBob: looks\nBob: stake 2\nCy: looks\nCy: stake 2\nAnn: folds\n"
             "Bob: sees Cy for 4\nBob: shows Kh Qd 2c\n")
    assert isinstance(info.value.__cause__, CardError)


def test_a_brag_show_is_three_cards():
    with pytest.raises(HandFileError, match="Bob shows 2 cards: a .* hand is 3 cards"):
        hand("Bob: looks\nBob: stake 2\nCy: folds\nAnn: looks\nAnn: stake 2\nBob: sees Ann for 4\n"
             "Bob: shows Ah Ad\n")


def test_prompt_and_check_speak_in_stakes():
    """The live recorder's view: whose turn, what he may do, and what an action would be flagged with."""
    s = setup()
    events = [Stake("Bob", 1, blind=True), Look("Cy")]
    prompt = play(s, events).prompt()
    assert (prompt.to_act, prompt.describe()) == ("Cy", ["drop", "stake 2–7"])
    assert Stake("Cy", 2) in prompt.events() and Fold("Cy") in prompt.events()
    verdict = play(s, events).legality(See("Cy", 4, "Bob"))
    assert not verdict.legal and verdict.rules == ("brag.4.4",) and verdict.legal_actions == ("drop", "stake 2–7")
    heads_up = [*events, Stake("Cy", 2), Fold("Ann")]
    assert play(s, heads_up).prompt().describe() == ["drop", "blind 1–6", "see Cy for 2", "look (then stake as seen)"]
    assert not play(s, [*heads_up, Stake("Bob", 1, blind=True)]).legality(See("Cy", 4)).legal  # seen vs blind
    assert play(s, [*heads_up, Look("Bob")]).legality(See("Bob", 4, "Cy")).legal
    assert play(s, heads_up).legality(Cover("Bob")).rules == ("brag.9.3",)


def test_a_see_of_the_wrong_player_is_a_see_of_the_other_one_left_under_brag_4_4():
    """brag.4.4 (a see needs two players left: the seer sees the other one): no antes, Bob and Cy stake 3,
    Ann drops; Bob "sees Ann for 6" -- Ann is out, so it is flagged under brag.4.4 and taken as a see of
    Cy, and the see goes on (staking.py _judge_see: see_wrong_target cites brag.4.4)."""
    r = replay_text_hand("three_card_brag", """Bob: looks
Bob: stake 3
Cy: looks
Cy: stake 3
Ann: looks
Ann: folds
Bob: sees Ann for 6
Cy: shows Kh Kd 4c
Bob: shows Qs Jh Tc
""", "brag.ante = 0", seats="Ann 40, Bob 40, Cy 40")
    assert finding_rows(r) == [(7, "see_wrong_target", "Bob", "brag.4.4")]
    (f,) = r.findings
    assert f.message == "Bob sees Ann, but the other player left is Cy" and f.remedy == "taken as a see of Cy"
    assert r.outcome.stacks == {"Ann": 40, "Bob": 43, "Cy": 37}


def test_an_equalising_call_by_a_player_who_cannot_raise_is_a_cover_under_brag_7_4():
    """brag.betting = poker_antistall, brag.7.4 (a): "with three or more players in, a player may not
    merely call if that makes the others' stakes equal; he must raise or drop" -- Ann has 2 left after
    her ante and puts in 2 to match Bob and Cy: she cannot raise by one, so it is flagged under brag.7.4
    and taken as covering the pot (brag.9.3); the showdown follows (staking.py _judge_stake: the cover
    branch of call_equalises_stakes)."""
    r = replay_text_hand("three_card_brag", """Bob: looks
Bob: stake 2
Cy: looks
Cy: stake 2
Dee: looks
Dee: folds
Ann: looks
Ann: stake 2
Bob: shows Kc Kh 7d
Cy: shows Qc Qh 7s
Ann: shows Ks Qs 2s
""", "brag.betting = poker_antistall", seats="Ann 3, Bob 50, Cy 50, Dee 50")
    assert finding_rows(r) == [(8, "call_equalises_stakes", "Ann", "brag.7.4")]
    assert r.findings[0].remedy == "he has only 2: taken as covering the pot"
    assert r.outcome.kind == "showdown" and r.outcome.stacks == {"Ann": 10, "Bob": 47, "Cy": 47, "Dee": 49}


def brag_seen(known: str | None):
    """No antes; Bob and Cy stake 3, Ann drops, Bob sees Cy for 6: Cy is to show (brag.7.2)."""
    rb = load_rulebook("three_card_brag").with_options({"brag.ante": 0})
    state = start_hand(HandSetup(rb, [("Ann", 40), ("Bob", 40), ("Cy", 40)], "Ann"))
    events = [Deal(player="Cy", cards=tuple(cards(known)))] if known else []
    events += [Look(player="Bob"), Stake(player="Bob", amount=3), Look(player="Cy"), Stake(player="Cy", amount=3),
               Look(player="Ann"), Fold(player="Ann"), See(player="Bob", amount=6)]
    for e in events:
        state.push(e)
    return state.prompt()


def test_the_brag_showdown_offers_the_known_hand_and_the_muck():
    """brag.7.2 "one puts in double the amount to see the other" and brag.9.4 "(and has not mucked, which
    concedes)": Bob sees Cy; Cy is to show.  The prompt offers his hand as the log knows it (all three
    cards dealt known: "show Kh Kd 4c") or, unknown, a bare show -- and always the muck (three_card_brag.py
    ShowChoices.describe / events and the showdown prompt)."""
    p = brag_seen("Kh Kd 4c")
    assert (p.phase, p.to_act, p.legal) == ("showdown", "Cy", ("show Kh Kd 4c", "muck"))
    assert p.options.events("Cy") == [Show(player="Cy", cards=tuple(cards("Kh Kd 4c"))), Muck(player="Cy")]
    p = brag_seen(None)
    assert p.legal == ("show", "muck") and p.options.cards is None
    assert p.options.events("Cy") == [Muck(player="Cy")]


def test_a_short_stake_by_a_player_who_has_no_more_is_a_cover_with_its_own_pot():
    """brag.9.3 (a player who cannot make the stake covers with what he has) under brag.7.2: Ann has 2
    after her ante and stakes 2 against Bob's and Cy's 3: flagged stake_short under brag.7.2 and taken as
    covering the pot; Bob and Cy play on, Cy sees Bob.  Ann's flush takes the main pot of 11, Bob's kings
    the side pot of 9 (staking.py _judge_stake: the cover of a short stake)."""
    r = replay_text_hand("three_card_brag", """Bob: looks
Bob: stake 3
Cy: looks
Cy: stake 3
Ann: looks
Ann: stake 2
Bob: stake 3
Cy: sees Bob for 6
Bob: shows Kc Kh 7d
Cy: shows Qc Qh 7s
Ann: shows Ks Qs 2s
""", seats="Ann 3, Bob 50, Cy 50")
    assert finding_rows(r) == [(6, "stake_short", "Ann", "brag.7.2")]
    assert r.findings[0].remedy == "he has only 2: taken as covering the pot"
    assert [(p.amount, p.winners) for p in r.outcome.pots] == [(11, ("Ann",)), (9, ("Bob",))]
    assert r.outcome.stacks == {"Ann": 11, "Bob": 52, "Cy": 40}
    # the table after each action counts the frozen main pot with the chips above it (state.py row)
    assert [(s.action, s.pot, s.to_act) for s in r.states[5:8]] == [(6, 11, "Bob"), (7, 14, "Cy"), (8, 20, "Bob")]


def test_a_blind_player_short_of_his_see_covers_under_the_systems_rule():
    """brag.8.1 / brag.7.2 / brag.9.3: Bob plays blind (2), Cy looks and stakes 4, Ann drops; Bob, still
    blind, has 1 left and "sees Cy for 4": flagged see_short under brag.7.2 (not brag.8.2: he is the
    blind one) and taken as covering the pot; his run beats Cy's kings for the 7 he could cover
    (staking.py _judge_see: the short rule of the seer)."""
    r = replay_text_hand("three_card_brag", """Bob: blind 2
Cy: looks
Cy: stake 4
Ann: looks
Ann: folds
Bob: sees Cy for 4
Cy: shows Kh Kd 4c
Bob: shows Qs Jh Tc
""", "brag.ante = 0", seats="Ann 40, Bob 3, Cy 40")
    assert finding_rows(r) == [(6, "see_short", "Bob", "brag.7.2")]
    assert (r.findings[0].message, r.findings[0].remedy) == ("Bob has 1, less than the 4 a see costs him",
                                                             "taken as covering the pot")
    assert r.outcome.stacks == {"Ann": 40, "Bob": 7, "Cy": 36}


def test_a_one_chip_blind_stake_is_offered_as_one_amount():
    """brag.betting = round, brag.7.1: "at each turn a player puts in one chip or drops out"; blind
    (brag.8.1) Bob may drop, put in 1 blind, or look (three_card_brag staking StakeChoices.describe)."""
    rb = load_rulebook("three_card_brag").with_options({"brag.betting": "round"})
    state = start_hand(HandSetup(rb, [("Ann", 10), ("Bob", 10), ("Cy", 10)], "Ann"))
    assert state.prompt().legal == ("drop", "blind 1", "look (then stake as seen)")


def test_a_brag_redeal_with_the_antes_in_the_carried_pot_is_not_anted_again():
    """brag.ante (every player antes) -- but a redeal after a misdeal has its antes already in the pot
    (Carry.antes_in): a three-card brag deal starting from 3 chips with the antes in takes no ante; the
    same carry without antes_in does (three_card_brag.py begin)."""
    rb = load_rulebook("three_card_brag")
    seats = [("Ann", 10), ("Bob", 10), ("Cy", 10)]
    redeal = start_hand(HandSetup(rb, seats, "Ann", carry_in=Carry(pot=3, antes_in=True)))
    assert redeal.stacks == [10, 10, 10] and redeal.pot.dead == 3
    fresh = start_hand(HandSetup(rb, seats, "Ann", carry_in=Carry(pot=3)))
    assert fresh.stacks == [9, 9, 9]


def test_a_stake_judged_and_committed_in_one_step():
    """brag.7.2 (a player puts in at least the stake, or raises, or drops): the staking round's apply
    judges Bob's stake of 2 and commits it -- 2 chips out of his stack, Cy to act (staking.py
    StakingRound.apply)."""
    state = start_hand(HandSetup(load_rulebook("three_card_brag"), [("Ann", 10), ("Bob", 10), ("Cy", 10)], "Ann"))
    rnd = state.round
    assert rnd.turn == 1
    verdict = rnd.apply(1, Stake(player="Bob", amount=2))
    assert (verdict.kind, verdict.chips, verdict.breaches) == ("stake", 2, [])
    assert rnd.stacks[1] == 7 and rnd.turn == 2


def test_a_player_who_has_covered_has_no_more_turns():
    """brag.9.3 (a player who cannot make the stake covers the pot with what he has, and plays no more):
    Ann's short stake of 2 is her cover; when she later "stakes 3" it is flagged under brag.9.3 and
    ignored -- no chip of hers moves, and the pots come out as without it."""
    lines = ("Bob: looks\nBob: stake 3\nCy: looks\nCy: stake 3\nAnn: looks\nAnn: stake 2\nBob: stake 3\n"
             "{extra}Cy: sees Bob for 6\nBob: shows Kc Kh 7d\nCy: shows Qc Qh 7s\nAnn: shows Ks Qs 2s\n")
    r = replay_text_hand("three_card_brag", lines.format(extra="Ann: stake 3\n"), seats="Ann 3, Bob 50, Cy 50")
    assert [(f.action, f.code, f.rule, f.message, f.remedy) for f in r.findings][1:] == [
        (8, "acted_after_cover", "brag.9.3", "Ann has covered the pot and has no more turns", "ignored")]
    assert r.outcome.stacks == {"Ann": 11, "Bob": 52, "Cy": 40}
    assert [(p.amount, p.winners) for p in r.outcome.pots] == [(11, ("Ann",)), (9, ("Bob",))]


def test_under_anti_stall_the_least_stake_offered_is_one_more_than_the_call():
    """brag.betting = poker_antistall, brag.7.4 (a): "with three or more players in, a player may not
    merely call if that makes the others' stakes equal; he must raise or drop" -- Bob and Cy staked 2,
    Dee dropped: Ann may drop or stake from 3 (not 2) up to the limit."""
    from referee.engine.events import Look as L

    s = HandSetup(load_rulebook("three_card_brag").with_options({"brag.betting": "poker_antistall"}),
                  [("Ann", 50), ("Bob", 50), ("Cy", 50), ("Dee", 50)], "Ann")
    p = play(s, [L("Bob"), Stake("Bob", 2), L("Cy"), Stake("Cy", 2), L("Dee"), Fold("Dee"), L("Ann")]).prompt()
    assert (p.to_act, p.legal) == ("Ann", ("drop", "stake 3–7"))


def test_a_pot_both_players_concede_at_the_see_carries_to_the_next_deal():
    """brag.9.4: "A pot whose claimant has not shown his hand (and has not mucked, which concedes) waits
    until it is shown" -- Bob sees Cy and both throw their hands in: both concede, nobody can take the
    pot of 12, and it carries to the next deal (decided, under the showdown rule brag.4.4)."""
    r = hand("Bob: looks\nBob: stake 3\nCy: looks\nCy: stake 3\nAnn: looks\nAnn: folds\nBob: sees Cy for 6\n"
             "Cy: mucks\nBob: mucks\n", "brag.ante = 0", seats="Ann 40, Bob 40, Cy 40")
    assert [(p.amount, p.winners, p.left_over, p.decided, p.rule) for p in r.outcome.pots] == [
        (12, (), 12, True, "brag.4.4")]
    assert r.outcome.carried == 12 and r.outcome.summary == "12 carried"


def test_three_threes_beat_three_aces_under_the_top_prial_of_333():
    """brag.top_prial = 333: three threes is the highest prial, above three aces -- Bob sees Cy: Cy's
    threes beat Bob's aces and take the 12."""
    r = hand("Bob: looks\nBob: stake 3\nCy: looks\nCy: stake 3\nAnn: looks\nAnn: folds\nBob: sees Cy for 6\n"
             "Cy: shows 3h 3d 3c\nBob: shows Ah Ad Ac\n", "brag.ante = 0", seats="Ann 40, Bob 40, Cy 40")
    assert r.outcome.summary == "Cy wins 12 with prial of threes"
    assert r.outcome.stacks == {"Ann": 40, "Bob": 31, "Cy": 49}


# ---------------------------------------------------------------- the rule each ruling cites


def test_a_tie_at_a_see_is_won_by_the_seen_player_under_brag_tie_at_see():
    """brag.tie_at_see = seer_loses: "When two players remain and one pays to see the other, equal hands are
    won by the player who was seen: the one who paid to see loses" -- the pot cites brag.tie_at_see."""
    r = hand("Bob: looks\nBob: stake 2\nCy: looks\nCy: stake 2\nAnn: folds\nBob: sees Cy for 4\n"
             "Cy: shows 9h 9d 2c\nBob: shows 9s 9c 2d\n")
    (pot,) = r.outcome.pots
    assert (pot.winners, pot.rule) == (("Cy",), "brag.tie_at_see")


def test_a_coverer_tying_the_side_pot_winner_cites_brag_cover_tie():
    """brag.cover_tie = split: "If the coverer's hand ties for the main pot, the tied players share it" --
    the shared main pot cites brag.cover_tie, not the showdown-tie rule."""
    r = hand("Bob: looks\nBob: stake 4\nCy: folds\nAnn: covers\nAnn: shows 9h 9d 2c\nBob: shows 9s 9c 2d\n",
             "brag.cover_tie = split", seats="Ann 3, Bob 50, Cy 50")
    assert [(p.winners, p.rule) for p in r.outcome.pots] == [(("Ann", "Bob"), "brag.cover_tie")]


def test_a_player_short_of_the_ante_is_noted_under_brag_ante():
    """brag.ante: "Each player puts {value} chip(s) into the pot before each deal": Ann with 2 chips can ante
    only 2 of 3, noted under brag.ante."""
    r = hand("Bob: looks\nBob: stake 2\nCy: folds\nAnn: folds\n", "brag.ante = 3", seats="Ann 2, Bob 50, Cy 50")
    assert [(f.code, f.player, f.rule) for f in r.findings if f.code == "ante_short"] == [
        ("ante_short", "Ann", "brag.ante")]


def test_a_poker_system_showdown_of_three_cites_brag_7_3():
    """brag.7.3: "Poker system: the betting round ends when the stakes are equal, and a showdown may have more
    than two players": three equal stakes of 2, all three show and Bob's prial of aces takes the pot; the
    ruling cites brag.7.3."""
    r = hand("Bob: looks\nBob: stake 2\nCy: looks\nCy: stake 2\nAnn: looks\nAnn: stake 2\n"
             "Bob: shows As Ad Ac\nCy: shows 2c 7d 9h\nAnn: shows 3c 8d Jh\n", "brag.betting = poker")
    (pot,) = r.outcome.pots
    assert (pot.winners, pot.rule) == (("Bob",), "brag.7.3")


@pytest.mark.parametrize(("before_the_see", "action"), [
    # Bob, whose blind stake of 2 set the stake of 4, looks and stakes 4: nobody is blind now
    ("Ann: looks\nAnn: folds\nBob: looks\nBob: stake 4\n", 8),
    # Bob, whose blind stake of 2 set the stake of 4, drops: Ann and Cy are both seen
    ("Ann: looks\nAnn: stake 4\nBob: folds\n", 7),
])
def test_a_short_see_between_seen_players_breaks_the_see_rule_not_the_blind_stake_rule(before_the_see: str,
                                                                                        action: int):
    """brag.7.2 "It ends when two remain and one puts in double the amount to see the other" (seed-001:
    "не внесет двойную сумму для вскрытия"); brag.8.2 "A player who has looked at his cards must put in double
    the blind stake at each turn to stay in" governs stakes against a blind player, and nobody left is blind.
    Bob stakes blind 2 (worth 4), Cy looks and stakes 4; then both players left are seen and Cy sees the
    other for 4, short of the 8 (double the stake of 4) a see costs: flagged see_short under brag.7.2 and made up to 8 (staking.py
    _judge_see)."""
    r = replay_text_hand("three_card_brag", "Bob: blind 2\nCy: looks\nCy: stake 4\n" + before_the_see
                         + "Cy: sees for 4\n", "brag.ante = 0", seats="Ann 40, Bob 40, Cy 40")
    assert flagged(r) == [(action, "see_short", "Cy", "brag.7.2")]
    assert r.findings[0].remedy == "made up to 8"


def test_a_short_stake_after_the_blind_staker_has_looked_breaks_the_full_stake_rule():
    """brag.8.5 "A player is blind until he looks at his cards; he may look at any time" and brag.7.2 "each
    remaining player must, at each turn, put in at least that full amount" (seed-001: "все оставшиеся в игре
    участники должны при своем ходе ставить именно эту сумму"): Bob's blind 2 set the stake at 4; Cy and Ann
    look and stake 4; Bob looks and stakes 3.  Nobody is blind any more, so brag.8.2 (double the blind stake)
    no longer governs: flagged stake_short under brag.7.2 and made up to 4 (staking.py _short_rule)."""
    r = replay_text_hand("three_card_brag", "Bob: blind 2\nCy: looks\nCy: stake 4\nAnn: looks\nAnn: stake 4\n"
                         "Bob: looks\nBob: stake 3\n", "brag.ante = 0", seats="Ann 40, Bob 40, Cy 40")
    assert finding_rows(r) == [(7, "stake_short", "Bob", "brag.7.2")]
    assert r.findings[0].remedy == "made up to 4"
