"""The pot engine and the betting-round engine: side pots at table stakes, odd chips, no-limit raises."""

from __future__ import annotations

from referee.cards import cards
from referee.engine.events import AllIn, Bet, Call, Check, Deal, Draw, Fold, Raise, Show
from referee.engine.state import HandSetup
from referee.engine.pots import Pot, build_pots, split_pot, uncalled_excess
from referee.engine.replay import check_action, replay_hand
from referee.engine.table import Table
from referee.rulebook import load_rulebook

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
    v = check_action(s, [Bet(player="Bob", amount=10)], Raise(player="Cy", amount=5))
    assert not v.legal and v.rules == ("draw.betting",) and "raise 10–89" in v.legal_actions[-1]
    assert check_action(s, [Bet(player="Bob", amount=10)], Raise(player="Cy", amount=10)).legal


def test_short_all_in_does_not_reopen():
    """No limit: "an all-in short raise does not reopen the betting" for players who already acted."""
    s = nl_setup([100, 100, 14, 100])
    events = [Bet(player="Bob", amount=10), AllIn(player="Cy"), Call(player="Dee"), Call(player="Ann")]
    v = check_action(s, events, Raise(player="Bob", amount=20))
    assert not v.legal and "only an all-in for less" in v.message
    assert check_action(s, events, Call(player="Bob")).legal
    # Dee had not acted: she may raise over the short all-in
    assert check_action(s, events[:2], Raise(player="Dee", amount=10)).legal


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
    r = replay_hand(s, events)
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
    r = replay_hand(s, [Bet(player="Bob", amount=50)])
    f = r.illegal[0]
    assert f.rule == "draw.betting" and f.remedy == "taken as all in for 29"
    assert r.states[-1].stacks[1] == 0


def test_pot_limit_maximum():
    """draw.betting = pot_limit: "at most the pot after calling"."""
    s = nl_setup([100, 100, 100, 100], {"draw.betting": "pot_limit"})
    v = check_action(s, [Bet(player="Bob", amount=4)], Raise(player="Cy", amount=13))
    # pot 4 antes + 4 bet + 4 call = 12
    assert not v.legal and "over the limit of 12" in v.message


def test_player_not_in_hand_and_unknown_name():
    """A folded player acting is a finding; a name not seated cannot be replayed (InputError)."""
    import pytest

    from referee.errors import InputError

    s = nl_setup([100, 100, 100, 100])
    r = replay_hand(s, [Fold(player="Bob"), Bet(player="Bob", amount=5)])
    assert "not in the hand" in r.illegal[0].message
    with pytest.raises(InputError) as err:
        replay_hand(s, [Bet(player="Zed", amount=5)])
    assert "action 1" in str(err.value)


def test_uncalled_all_in_returned_even_if_he_mucks():
    """An all-in nobody could match comes back at the end of the round: P1 all in for 105 against
    P2's 3 chips gets 102 back before the showdown, even though he then mucks (PokerKit agrees)."""
    rb = load_rulebook("straight_draw").with_options({**NL})
    s = HandSetup(rb, [("Ann", 106), ("Bob", 4)], "Bob")
    events = [Check(player="Ann"), Check(player="Bob"), Draw(player="Ann", count=0), Draw(player="Bob", count=0),
              AllIn(player="Ann"), AllIn(player="Bob")]
    from referee.engine.events import Muck

    r = replay_hand(s, events + [Muck(player="Ann"), Show(player="Bob", cards=tuple(cards("8c 6h 8s Jc Qd")))])
    assert r.outcome.stacks == {"Ann": 102, "Bob": 8}


def test_a_raise_nobody_reopened_gives_the_true_reason():
    """draw.4.1 / draw.betting: a player may raise only when the betting comes back to him reopened.  When
    nobody went all in, a refused raise says why it was refused -- his own bet is the last one, or nobody
    raised since he acted -- never "only an all-in for less than a full raise came"."""
    s = HandSetup(load_rulebook("jackpots"), [("Ann", 100), ("Bob", 100), ("Cy", 100), ("Dee", 100)], "Ann")
    own = check_action(s, [Bet(player="Bob", amount=2)], Raise(player="Bob", amount=2))
    assert not own.legal and "the last bet or raise is his own" in own.message and "all-in" not in own.message
    called = check_action(s, [Bet(player="Bob", amount=2), Call(player="Cy"), Call(player="Dee")],
                          Raise(player="Cy", amount=2))
    assert not called.legal and "nobody has raised since Cy acted" in called.message
    assert "all-in" not in called.message
