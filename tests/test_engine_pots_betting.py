"""The pot engine and the betting-round engine: side pots at table stakes, odd chips, no-limit raises."""

from __future__ import annotations

from referee.cards import cards
from referee.engine.events import AllIn, Bet, Call, Check, Deal, Draw, Fold, Raise, Show
from referee.engine.state import HandSetup
from referee.engine.pots import Pot, build_pots, split_pot, uncalled_excess
from referee.engine.replay import play
from referee.engine.table import Table
from referee.rulebook import load_rulebook
from referee.engine.replay import start_hand

from helpers.engine import game_setup, replay_table, replay_text_hand

NL = {"draw.betting": "no_limit", "draw.ante": "each_player_antes_1", "draw.all_check": "proceed_to_draw"}


def nl_setup(stacks, options=None):
    rb = load_rulebook("straight_draw").with_options({**NL, **(options or {})})
    names = ["Ann", "Bob", "Cy", "Dee"][: len(stacks)]
    return HandSetup(rb, list(zip(names, stacks)), "Ann")


def test_side_pots_from_levels():
    """Table stakes: "side pots for players all in": A in for 5, B and C for 10 -> main 15 + dead, side 10."""
    pots = build_pots([5, 10, 10, 2], [True, True, True, False], dead=4)
    assert pots == [Pot(5 + 5 + 5 + 2 + 4, (0, 1, 2)), Pot(10, (1, 2))]


def test_uncalled_excess_returned():
    """A bet nobody could call goes back: B bet 10, the most anyone else put in is 4."""
    assert uncalled_excess([4, 10, 3], [True, True, False]) == (1, 6)
    assert uncalled_excess([10, 10], [True, True]) is None


def test_odd_chip_rules():
    """common.showdown_tie: split keeps the odd chip; odd_chip_left_of_dealer gives it from the dealer's left."""
    t = Table(["Ann", "Bob", "Cy"], "Bob")
    assert split_pot(7, [0, 2], t, "split").left_over == 1
    assert split_pot(7, [0, 2], t, "odd_chip_left_of_dealer").shares == {0: 3, 2: 4}


def test_no_limit_minimum_raise_is_previous_raise():
    """draw.betting = no_limit: "a raise is at least the previous bet or raise in the round"."""
    s = nl_setup([100, 100, 100, 100])
    v = play(s, [Bet(player="Bob", amount=10)]).legality(Raise(player="Cy", amount=5))
    assert not v.legal and v.rules == ("draw.betting",) and "raise 10–89" in v.legal_actions[-1]
    assert play(s, [Bet(player="Bob", amount=10)]).legality(Raise(player="Cy", amount=10)).legal


def test_short_all_in_does_not_reopen():
    """No limit: "an all-in short raise does not reopen the betting" for players who already acted."""
    s = nl_setup([100, 100, 14, 100])
    events = [Bet(player="Bob", amount=10), AllIn(player="Cy"), Call(player="Dee"), Call(player="Ann")]
    v = play(s, events).legality(Raise(player="Bob", amount=20))
    assert not v.legal and "only an all-in for less" in v.message
    assert play(s, events).legality(Call(player="Bob")).legal
    # Dee had not acted: she may raise over the short all-in
    assert play(s, events[:2]).legality(Raise(player="Dee", amount=10)).legal


def test_no_limit_all_ins_make_side_pots_at_showdown():
    """Table stakes with side pots, settled at the showdown (the PokerKit cross-check's case)."""
    s = nl_setup([21, 51, 100, 100])
    events = [
        Deal(player="Bob", cards=tuple(cards("As Ad Ac Kd Ks"))), Deal(player="Cy", cards=tuple(cards("Qs Qd Qc 2d 3s"))),
        Deal(player="Dee", cards=tuple(cards("Js Jd 9c 8d 7s"))), Deal(player="Ann", cards=tuple(cards("Th 9h 8h 7h 6h"))),
        Bet(player="Bob", amount=10), Raise(player="Cy", amount=40), Call(player="Dee"), AllIn(player="Ann"),
        AllIn(player="Bob"),
        Draw(player="Bob", count=0), Draw(player="Cy", count=0), Draw(player="Dee", count=0), Draw(player="Ann", count=0),
        Check(player="Cy"), Check(player="Dee"),
        Show(player="Bob", cards=tuple(cards("As Ad Ac Kd Ks"))), Show(player="Cy", cards=tuple(cards("Qs Qd Qc 2d 3s"))),
        Show(player="Dee", cards=tuple(cards("Js Jd 9c 8d 7s"))), Show(player="Ann", cards=tuple(cards("Th 9h 8h 7h 6h"))),
    ]
    r = replay_table(s, events)
    assert not r.illegal, r.findings
    o = r.outcome
    # antes 4; Ann all in 20, Bob 50, Cy and Dee 50 each
    assert o.pots[0].winners == ("Ann",) and o.pots[0].amount == 84
    assert o.pots[1].winners == ("Bob",) and o.pots[1].amount == 90
    assert len(o.pots) == 2  # Cy's and Dee's equal 50s leave no third pot
    assert o.stacks == {"Ann": 84, "Bob": 90, "Cy": 49, "Dee": 49}
    assert sum(o.stacks.values()) == 272


def test_table_stakes_bet_over_stack():
    """Table stakes: nobody bets more than he has on the table: taken as all in."""
    s = nl_setup([100, 30, 100, 100])
    r = replay_table(s, [Bet(player="Bob", amount=50)])
    f = r.illegal[0]
    assert f.rule == "draw.betting" and f.remedy == "taken as all in for 29"
    assert r.states[-1].stacks[1] == 0


def test_pot_limit_maximum():
    """draw.betting = pot_limit: "at most the pot after calling"."""
    s = nl_setup([100, 100, 100, 100], {"draw.betting": "pot_limit"})
    v = play(s, [Bet(player="Bob", amount=4)]).legality(Raise(player="Cy", amount=13))
    # pot 4 antes + 4 bet + 4 call = 12
    assert not v.legal and "over the limit of 12" in v.message


def test_player_not_in_hand_and_unknown_name():
    """A folded player acting is a finding; a name not seated cannot be replayed (InputError)."""
    import pytest

    from referee.errors import InputError

    s = nl_setup([100, 100, 100, 100])
    r = replay_table(s, [Fold(player="Bob"), Bet(player="Bob", amount=5)])
    assert "not in the hand" in r.illegal[0].message
    with pytest.raises(InputError) as err:
        replay_table(s, [Bet(player="Zed", amount=5)])
    assert "action 1" in str(err.value)


def test_uncalled_all_in_returned_even_if_he_mucks():
    """An all-in nobody could match comes back at the end of the round: P1 all in for 105 against
    P2's 3 chips gets 102 back before the showdown, even though he then mucks (PokerKit agrees)."""
    rb = load_rulebook("straight_draw").with_options({**NL})
    s = HandSetup(rb, [("Ann", 106), ("Bob", 4)], "Bob")
    events = [Check(player="Ann"), Check(player="Bob"), Draw(player="Ann", count=0), Draw(player="Bob", count=0),
              AllIn(player="Ann"), AllIn(player="Bob")]
    from referee.engine.events import Muck

    r = replay_table(s, events + [Muck(player="Ann"), Show(player="Bob", cards=tuple(cards("8c 6h 8s Jc Qd")))])
    assert r.outcome.stacks == {"Ann": 102, "Bob": 8}


def test_a_raise_nobody_reopened_gives_the_true_reason():
    """draw.4.1 / draw.betting: a player may raise only when the betting comes back to him reopened.  When
    nobody went all in, a refused raise says why it was refused -- his own bet is the last one, or nobody
    raised since he acted -- never "only an all-in for less than a full raise came"."""
    s = HandSetup(load_rulebook("jackpots"), [("Ann", 100), ("Bob", 100), ("Cy", 100), ("Dee", 100)], "Ann")
    own = play(s, [Bet(player="Bob", amount=2)]).legality(Raise(player="Bob", amount=2))
    assert not own.legal and "the last bet or raise is his own" in own.message and "all-in" not in own.message
    called = play(s, [Bet(player="Bob", amount=2), Call(player="Cy"), Call(player="Dee")]) \
        .legality(Raise(player="Cy", amount=2))
    assert not called.legal and "nobody has raised since Cy acted" in called.message
    assert "all-in" not in called.message
def test_a_caller_facing_only_a_short_all_in_may_not_reraise():
    """draw.betting = no_limit (table stakes, PokerKit and casino practice): "an all-in for less than a
    full raise does not reopen the betting for players who already acted" -- Bob bets 10, Cy calls, Dee
    goes all in for 12 (2 more): Cy, who called, may only call or fold.  (betting.py: the caller is one
    who acted.)"""
    seats = [("Ann", 100), ("Bob", 100), ("Cy", 100), ("Dee", 12)]
    opts = {"draw.betting": "no_limit"}
    state = start_hand(game_setup("straight_draw", opts, seats=seats))
    for e in (Bet(player="Bob", amount=10), Call(player="Cy"), AllIn(player="Dee"), Call(player="Ann")):
        state.push(e)
    assert state.to_act() == "Bob"
    bob = state.prompt().options
    assert bob.raise_min is None and bob.to_call == 2  # Bob acted (he bet) and faces a short all-in
    state.push(Call(player="Bob"))
    cy = state.prompt().options
    assert state.to_act() == "Cy" and cy.raise_min is None and cy.to_call == 2
    raised = state.legality(Raise(player="Cy", amount=10))
    assert not raised.legal and "raise_not_reopened" in [f.code for f in raised.findings]


def test_the_prompt_offers_a_bet_as_a_bet_and_a_raise_as_a_raise():
    """draw.4: nobody has bet -- the legal events offered are bets; after a bet, raises (betting.py
    LegalActions.events, what a recorder's completion picks from)."""
    from referee.engine.replay import play

    first = play(game_setup("straight_draw"), []).prompt().events()
    assert Bet("Bob", 1) in first and Bet("Bob", 2) in first and not any(isinstance(e, Raise) for e in first)
    after = play(game_setup("straight_draw"), [Bet(player="Bob", amount=1)]).prompt().events()
    assert Raise("Cy", 1) in after and not any(isinstance(e, Bet) for e in after)


def test_a_split_pot_is_summed_up_with_both_winners():
    """common.showdown_tie = split: the outcome's summary names both winners ("Bob/Cy win 5")."""
    three = [("Ann", 100), ("Bob", 100), ("Cy", 100)]
    events = [Deal(player="Bob", cards=tuple(cards("As Kd Qc Jh 9s"))),
              Deal(player="Cy", cards=tuple(cards("Ad Ks Qh Jc 9d"))),
              Bet(player="Bob", amount=1), Call(player="Cy"), Fold(player="Ann"),
              Draw(player="Bob", count=0), Draw(player="Cy", count=0), Check(player="Bob"), Check(player="Cy")]
    r = replay_table(game_setup("straight_draw", seats=three), events)
    assert r.outcome.summary.startswith("Bob/Cy win 5")


def test_odd_chips_of_several_split_pots_are_all_carried():
    """common.showdown_tie = split: "Tied best hands share the pot equally; an odd chip that cannot be
    divided stays in the pot for the next deal".  Dee is all in for 1: the main pot of 8 is tied three
    ways (2 each, 2 left) and the side pot of 5 two ways (2 each, 1 left): 3 chips stay, not only the
    last pot's 1 (state.py award: the odd chips summed over the pots)."""
    r = replay_text_hand("straight_draw", """Bob: bets 2
Cy: calls
Dee: all in
Ann: calls
Bob: stands pat
Cy: stands pat
Dee: stands pat
Ann: stands pat
Bob: bets 1
Cy: calls
Ann: folds
Bob: shows 9h 8c 7d 6s 5h
Cy: shows 9d 8h 7s 6c 5d
Dee: shows 9c 8d 7h 6d 5s
""", "common.showdown_tie = split", seats="Ann 100, Bob 100, Cy 100, Dee 1")
    o = r.outcome
    assert [(p.amount, p.left_over) for p in o.pots] == [(8, 2), (5, 1)]
    assert o.carried == 3


def test_a_raise_short_of_a_full_raise_is_offered_as_all_in_with_its_chips():
    """draw.betting = no_limit (table stakes): Bob bets 10, Cy calls; Dee, with 15, may call 10 or raise only all in, 5 more: the prompt says so, with the chips
    (betting.py LegalActions.describe)."""
    rb = load_rulebook("straight_draw").with_options({"draw.betting": "no_limit"})
    state = start_hand(HandSetup(rb, [("Ann", 100), ("Bob", 100), ("Cy", 100), ("Dee", 15)], "Ann"))
    state.push(Bet(player="Bob", amount=10))
    state.push(Call(player="Cy"))
    p = state.prompt()
    assert (p.to_act, p.legal) == ("Dee", ("fold", "call 10", "raise all in (5)"))


def test_a_check_where_nobody_may_check_is_taken_as_a_fold():
    """draw.check_first_round = bet_or_drop: "In the first betting round nobody may check: each player
    must bet or fold" -- Bob is offered only fold or a bet, and his check is flagged under
    draw.check_first_round and taken as a fold: he is out and Cy is to act."""
    setup = HandSetup(load_rulebook("straight_draw").with_options({"draw.check_first_round": "bet_or_drop"}),
                      [("Ann", 100), ("Bob", 100), ("Cy", 100), ("Dee", 100)], "Ann")
    from referee.engine.replay import play

    assert play(setup, []).prompt().legal == ("fold", "bet 1–2")
    r = replay_table(setup, [Check(player="Bob")])
    assert [(f.code, f.rule, f.remedy) for f in r.findings] == [
        ("check_not_allowed", "draw.check_first_round", "taken as a fold (he did not bet)")]
    assert r.findings[0].message == "Bob cannot check: nobody may check in this round (bet or drop)"
    assert r.states[-1].in_hand == ("Ann", "Cy", "Dee") and r.states[-1].to_act == "Cy"


def test_a_round_where_checking_is_allowed_offers_the_check_first():
    """draw.check_first_round = allowed (seed-002): "In the first betting round a player may check while
    nobody has bet" -- Bob, first to act, is offered check, fold or a bet of 1 to 2 (draw.limit_pre)."""
    from referee.engine.replay import play

    setup = HandSetup(load_rulebook("straight_draw"), [("Ann", 100), ("Bob", 100), ("Cy", 100), ("Dee", 100)], "Ann")
    assert play(setup, []).prompt().legal == ("check", "fold", "bet 1–2")


def test_a_limit_structure_without_its_limit_is_refused():
    """draw.betting = spread_limit / fixed_limit: bets go up to a limit, so a round of either structure
    must be given its limit (pot limit and no limit need none)."""
    import pytest

    from referee.engine.betting import BettingRules

    fields = dict(bet_min=1, cap_per_player=None, cap_per_round=None, opening_bet_counts_as_raise=False,
                  check_allowed=True, check_raise_allowed=True, fix="adjust_to_nearest_legal", ids=None)
    for structure in ("spread_limit", "fixed_limit"):
        with pytest.raises(ValueError, match=f"{structure} needs a limit"):
            BettingRules(structure=structure, limit=None, **fields)
    assert BettingRules(structure="no_limit", limit=None, **fields).limit is None


def test_a_bet_under_the_minimum_by_a_player_short_of_it_goes_all_in():
    """draw.6: "A bet or raise is at least draw.bet_min chips" -- with a minimum of 3, Cy has only 2 and
    bets 1: flagged under draw.6, and his bet is raised as far as he can go, all in for 2."""
    setup = HandSetup(load_rulebook("straight_draw").with_options({"draw.bet_min": 3, "draw.limit_pre": 5}),
                      [("Ann", 100), ("Bob", 100), ("Cy", 2), ("Dee", 100)], "Ann")
    r = replay_table(setup, [Check(player="Bob"), Bet(player="Cy", amount=1)])
    assert [(f.action, f.code, f.rule, f.remedy) for f in r.findings] == [
        (2, "bet_under_minimum", "draw.6", "raised to all in for 2")]
    assert r.states[-1].stacks == (96, 100, 0, 100) and r.states[-1].to_act == "Dee"


def test_a_pot_nobody_contests_goes_to_the_last_player_in_under_draw_4_3():
    """draw.4.3 (the round ends when every player still in has put in the same) -- Bob bets 1 and the
    others fold: Bob alone takes the 5 in the middle (Ann's 4 ante and his bet), a pot that cites
    draw.4.3."""
    r = replay_table(HandSetup(load_rulebook("straight_draw"), [("Ann", 100), ("Bob", 100), ("Cy", 100), ("Dee", 100)],
                              "Ann"),
                    [Bet(player="Bob", amount=1), Fold(player="Cy"), Fold(player="Dee"), Fold(player="Ann")])
    assert [(p.amount, p.winners, p.rule) for p in r.outcome.pots] == [(5, ("Bob",), "draw.4.3")]


def test_each_pot_of_a_showdown_is_summed_up_in_turn():
    """common.showdown_tie = split, with a side pot: Dee is all in for 1 -- the main pot of 8 (Ann's ante
    of 4 and 1 from each) and the side pot of 5 both go to Bob's and Cy's equal straights, beating Dee's
    aces; the summary names each pot in turn, the main pot first."""
    r = replay_text_hand("straight_draw", "Bob: bets 2\nCy: calls\nDee: all in\nAnn: calls\n"
                         "Bob: stands pat\nCy: stands pat\nDee: stands pat\nAnn: stands pat\n"
                         "Bob: bets 1\nCy: calls\nAnn: folds\n"
                         "Bob: shows 9h 8c 7d 6s 5h\nCy: shows 9d 8h 7s 6c 5d\nDee: shows Ac Ad 7h 6d 5s\n",
                         seats="Ann 100, Bob 100, Cy 100, Dee 1")
    assert [(p.amount, p.winners) for p in r.outcome.pots] == [(8, ("Bob", "Cy")), (5, ("Bob", "Cy"))]
    assert r.outcome.summary == "Bob/Cy win 8 with straight, nine high; Bob/Cy win 5 with straight, nine high"


def test_a_tied_pot_cites_the_showdown_tie_rule():
    """common.showdown_tie = split: "Tied best hands share the pot equally; an odd chip that cannot be divided
    stays in the pot for the next deal": Bob's and Cy's equal ace-high hands share the pot of 5, 2 each, 1
    stays -- and the pot's ruling cites common.showdown_tie, not the plain showdown rule."""
    three = [("Ann", 100), ("Bob", 100), ("Cy", 100)]
    events = [Deal(player="Bob", cards=tuple(cards("As Kd Qc Jh 9s"))),
              Deal(player="Cy", cards=tuple(cards("Ad Ks Qh Jc 9d"))),
              Bet(player="Bob", amount=1), Call(player="Cy"), Fold(player="Ann"),
              Draw(player="Bob", count=0), Draw(player="Cy", count=0), Check(player="Bob"), Check(player="Cy")]
    r = replay_table(game_setup("straight_draw", seats=three), events)
    (pot,) = r.outcome.pots
    assert (pot.winners, pot.shares, pot.left_over, pot.rule) == (("Bob", "Cy"), {"Bob": 2, "Cy": 2}, 1,
                                                                 "common.showdown_tie")
