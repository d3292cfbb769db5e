"""Whiskey poker's settlement (rulebook ``whiskey_poker``, seed-000, seed-004): each ``whiskey.scoring``, each
tie option and each amount the lowest hand pays, pinned whole -- the pots with their winners, shares,
rule and hand name, every payment with its payee, rule and where it goes, the stacks, what is carried to
the next deal (the chips and, under the pool scoring, the pool, who is out and who pays the whisky), the
summary and the order of the show -- hand after hand where a deal leaves chips for the next."""

from __future__ import annotations

import pytest

from referee.engine.games.whiskey_poker import WhiskeyCarry, WhiskeyPoker
from referee.engine.outcome import Carry

from helpers.engine import finding_rows, replay_text_hand, replay_text_night

#: Cy deals; Ann (on his left) knocks first; the widow is turned up; Bob and Cy keep their hands
KNOCK = "Ann: knocks\nwidow turned: 2c 3d 4h 6s 8c\nBob: passes\nCy: passes\n"
#: Ann's aces full beat Cy's two pair; Bob's ten high is the lowest hand
SHOWS = "Ann: shows Ah Ad Ac Kh Ks\nBob: shows 7h 5s 3c 9d Td\nCy: shows Qd Qc Jd Jc 9c\n"
#: Ann's and Cy's ace-high hands tie at the top; Bob's ten high is the lowest
TIED_BEST = "Ann: shows Ah Kh Qh Jh 9s\nBob: shows 7h 5s 3c 9c Td\nCy: shows As Ks Qs Js 9d\n"
#: Ann's aces full are best; Bob's and Cy's ten-high hands tie at the bottom
TIED_LOWEST = "Ann: shows Ah Ad Ac Kh Ks\nBob: shows 7h 5s 3c 9d Td\nCy: shows 7d 5c 3s 9h Tc\n"
THREE = "Ann 20, Bob 20, Cy 20"
EVERYONE = ("Ann", "Bob", "Cy")
ACES_FULL = "full house, aces full of kings"
ACE_HIGH = "high card, ace-king-queen-jack-nine"


def pots(outcome):
    return [(p.amount, p.eligible, p.winners, p.shares, p.decided, p.left_over, p.rule, p.hand)
            for p in outcome.pots]


def payments(outcome):
    return [(p.payer, p.payee, p.amount, p.rule, p.into) for p in outcome.penalties]


def settled(shows: str, *options: str, seats: str = THREE):
    return replay_text_hand("whiskey_poker", KNOCK + shows, *options, seats=seats, dealer="Cy")


@pytest.mark.parametrize(("options", "want_pots", "want_paid", "stacks", "carry", "summary"), [
    pytest.param(
        (), [(3, EVERYONE, ("Ann",), {"Ann": 3}, True, 0, "whiskey.5.1", ACES_FULL)], [],
        {"Ann": 22, "Bob": 19, "Cy": 19}, WhiskeyCarry(),
        f"Ann wins 3 with {ACES_FULL}", id="pot_to_best: the antes to the best hand"),
    pytest.param(
        ("whiskey.scoring = no_ante_lowest_pays_N",), [], [("Bob", "Ann", 3, "whiskey.5.2", "pot")],
        {"Ann": 23, "Bob": 17, "Cy": 20}, WhiskeyCarry(),
        "Bob pays 3 to Ann", id="no ante: the lowest pays the best as many chips as players"),
    pytest.param(
        ("whiskey.scoring = no_ante_lowest_pays_N", "whiskey.lowest_pays = agreed_k", "whiskey.agreed_k = 2"), [],
        [("Bob", "Ann", 2, "whiskey.5.2", "pot")], {"Ann": 22, "Bob": 18, "Cy": 20}, WhiskeyCarry(),
        "Bob pays 2 to Ann", id="no ante: the lowest pays the agreed 2"),
    pytest.param(
        ("whiskey.scoring = ante_and_lowest_pays_N",),
        [(3, EVERYONE, ("Ann",), {"Ann": 3}, True, 0, "whiskey.5.1", ACES_FULL)],
        [("Bob", "Ann", 3, "whiskey.5.3", "pot")], {"Ann": 25, "Bob": 16, "Cy": 19}, WhiskeyCarry(),
        f"Ann wins 3 with {ACES_FULL}; Bob pays 3 to Ann", id="ante and the lowest pays"),
    pytest.param(
        ("whiskey.scoring = lowest_pays_1_to_pool_elimination",), [],
        [("Bob", None, 1, "whiskey.scoring", "pool")], {"Ann": 20, "Bob": 19, "Cy": 20},
        WhiskeyCarry(started=True, pool=1), "Bob pays 1 into the pool", id="pool: one chip into the pool"),
    pytest.param(
        ("whiskey.scoring = lowest_pays_1_to_pool_elimination", "whiskey.lowest_pays = agreed_k",
         "whiskey.agreed_k = 3"), [], [("Bob", None, 1, "whiskey.scoring", "pool")],
        {"Ann": 20, "Bob": 19, "Cy": 20}, WhiskeyCarry(started=True, pool=1), "Bob pays 1 into the pool",
        id="pool: one chip whatever is agreed"),
    pytest.param(
        ("whiskey.scoring = pot_to_best_plus_lowest_forfeit",),
        [(3, EVERYONE, ("Ann",), {"Ann": 3}, True, 0, "whiskey.5.1", ACES_FULL)],
        [("Bob", None, 3, "whiskey.scoring", "pot")], {"Ann": 22, "Bob": 16, "Cy": 19}, WhiskeyCarry(pot=3),
        f"Ann wins 3 with {ACES_FULL}; Bob pays 3 into the next deal's pot", id="forfeit into the next pot"),
])
def test_each_scoring_settles_the_same_showdown_its_own_way(options, want_pots, want_paid, stacks, carry, summary):
    """whiskey.5.1-5.3 and whiskey.scoring, three players with 20 chips, Cy deals: Ann's aces full are the
    best hand, Bob's ten high the lowest.  pot_to_best: the 3 antes to Ann.  no_ante_lowest_pays_N: Bob
    pays Ann "as many chips as there are players" (3; the agreed 2 under agreed_k).  ante_and_lowest_pays_N:
    both.  The pool: Bob pays one chip into the pool, whatever the agreed amount.  The forfeit: Ann takes
    the antes and Bob's 3 lie in the middle for the next deal."""
    r = settled(SHOWS, *options)
    o = r.outcome
    assert finding_rows(r) == []
    assert (o.kind, o.undecided, o.showdown_order) == ("showdown", 0, EVERYONE)
    assert pots(o) == want_pots and payments(o) == want_paid
    assert o.stacks == stacks and o.carried == carry.pot
    assert (o.next_hand.dealer, o.next_hand.same_dealer, o.next_hand.carry) == ("Ann", False, carry)
    assert o.summary == summary


@pytest.mark.parametrize(("options", "want_pots", "want_paid", "stacks", "carried", "summary"), [
    pytest.param(
        (), [(3, EVERYONE, ("Ann", "Cy"), {"Ann": 1, "Cy": 1}, True, 1, "whiskey.tie_best", ACE_HIGH)], [],
        {"Ann": 20, "Bob": 19, "Cy": 20}, 1, f"Ann/Cy win 3 with {ACE_HIGH}",
        id="split: the odd chip stays for the next deal"),
    pytest.param(
        ("common.showdown_tie = odd_chip_left_of_dealer",),
        [(3, EVERYONE, ("Ann", "Cy"), {"Ann": 2, "Cy": 1}, True, 0, "whiskey.tie_best", ACE_HIGH)], [],
        {"Ann": 21, "Bob": 19, "Cy": 20}, 0, f"Ann/Cy win 3 with {ACE_HIGH}",
        id="split: the odd chip to Ann, on the dealer's left"),
    pytest.param(
        ("whiskey.tie_best = all_tied_collect_nothing",),
        [(3, EVERYONE, (), {}, True, 3, "whiskey.tie_best", None)], [],
        {"Ann": 19, "Bob": 19, "Cy": 19}, 3, "3 stays on the table", id="nobody collects: the pot stays"),
    pytest.param(
        ("whiskey.scoring = no_ante_lowest_pays_N",), [],
        [("Bob", "Ann", 1, "whiskey.5.2", "pot"), ("Bob", "Cy", 1, "whiskey.5.2", "pot"),
         ("Bob", None, 1, "whiskey.tie_best", "pot")],
        {"Ann": 21, "Bob": 17, "Cy": 21}, 1, "Bob pays 1 to Ann; Bob pays 1 to Cy; Bob pays 1 into the next deal's pot",
        id="no ante, split: the lowest's odd chip stays for the next deal"),
    pytest.param(
        ("whiskey.scoring = no_ante_lowest_pays_N", "common.showdown_tie = odd_chip_left_of_dealer"), [],
        [("Bob", "Ann", 2, "whiskey.5.2", "pot"), ("Bob", "Cy", 1, "whiskey.5.2", "pot")],
        {"Ann": 22, "Bob": 17, "Cy": 21}, 0, "Bob pays 2 to Ann; Bob pays 1 to Cy",
        id="no ante, split: the lowest's odd chip to Ann"),
    pytest.param(
        ("whiskey.scoring = no_ante_lowest_pays_N", "whiskey.tie_best = all_tied_collect_nothing"), [],
        [("Bob", None, 3, "whiskey.tie_best", "pot")], {"Ann": 20, "Bob": 17, "Cy": 20}, 3,
        "Bob pays 3 into the next deal's pot", id="no ante, nobody collects: the payment stays too"),
    pytest.param(
        ("whiskey.scoring = ante_and_lowest_pays_N", "whiskey.tie_best = all_tied_collect_nothing"),
        [(3, EVERYONE, (), {}, True, 3, "whiskey.tie_best", None)],
        [("Bob", None, 3, "whiskey.tie_best", "pot")], {"Ann": 19, "Bob": 16, "Cy": 19}, 6,
        "3 stays on the table; Bob pays 3 into the next deal's pot", id="ante and lowest, nobody collects: 6 stay"),
    pytest.param(
        ("whiskey.scoring = pot_to_best_plus_lowest_forfeit",),
        [(3, EVERYONE, ("Ann", "Cy"), {"Ann": 1, "Cy": 1}, True, 1, "whiskey.tie_best", ACE_HIGH)],
        [("Bob", None, 3, "whiskey.scoring", "pot")], {"Ann": 20, "Bob": 16, "Cy": 20}, 4,
        f"Ann/Cy win 3 with {ACE_HIGH}; Bob pays 3 into the next deal's pot",
        id="forfeit: the odd chip and the forfeit both stay"),
])
def test_tied_best_hands_share_or_collect_nothing_as_whiskey_tie_best_says(options, want_pots, want_paid, stacks,
                                                                           carried, summary):
    """whiskey.tie_best = split: "Tied best hands share the winnings (the pot, and what the lowest hand
    pays) equally; an odd chip is dealt with as common.showdown_tie says (by default it stays in the pot
    for the next deal)"; all_tied_collect_nothing: "nobody collects: the pot stays for the next deal, and
    what the lowest hand pays is put into it too".  Ann and Cy tie with ace-king-queen-jack-nine, Bob's
    ten high is lowest; the antes are 3 and Bob pays 3 (three players)."""
    o = settled(TIED_BEST, *options).outcome
    assert pots(o) == want_pots and payments(o) == want_paid
    assert (o.stacks, o.carried, o.next_hand.carry.pot) == (stacks, carried, carried)
    assert o.summary == summary and o.kind == "showdown"


@pytest.mark.parametrize(("options", "want_paid", "stacks"), [
    pytest.param((), [("Bob", "Ann", 3, "whiskey.5.2", "pot"), ("Cy", "Ann", 3, "whiskey.5.2", "pot")],
                 {"Ann": 26, "Bob": 17, "Cy": 17}, id="all tied pay the full amount"),
    pytest.param(("whiskey.tie_lowest = split_payment",),
                 [("Bob", "Ann", 2, "whiskey.5.2", "pot"), ("Cy", "Ann", 1, "whiskey.5.2", "pot")],
                 {"Ann": 23, "Bob": 18, "Cy": 19}, id="split: the odd chip paid by Bob, nearest the dealer's left"),
])
def test_tied_lowest_hands_pay_as_whiskey_tie_lowest_says(options, want_paid, stacks):
    """whiskey.tie_lowest = all_tied_pay: "If lowest hands tie, each of them pays the full amount";
    split_payment: "they share the payment equally; an odd chip is paid by the tied player nearest the
    dealer's left".  Ann deals (Bob on her left, then Cy); Bob knocks; under no_ante_lowest_pays_N (3
    players: 3 chips) Bob's and Cy's ten-high hands tie at the bottom: each pays Ann 3, or they share
    the 3, Bob paying the odd chip (2) and Cy 1."""
    r = replay_text_hand("whiskey_poker", "Bob: knocks\nwidow turned: 2c 3d 4h 6s 8c\nCy: passes\nAnn: passes\n"
                         + TIED_LOWEST, "whiskey.scoring = no_ante_lowest_pays_N", *options, seats=THREE, dealer="Ann")
    o = r.outcome
    assert payments(o) == want_paid and o.stacks == stacks and o.carried == 0
    assert o.showdown_order == ("Bob", "Cy", "Ann") and o.kind == "showdown"


def test_a_knock_by_bob_starts_the_show_with_him():
    """whiskey.6.4: "When the turn comes round again to the player who knocked first, everyone shows his
    cards" -- Cy deals, Bob knocks at his first turn after Ann passed: the show goes Bob, Cy, Ann."""
    r = replay_text_hand("whiskey_poker", "Ann: passes\nBob: knocks\nwidow turned: 2c 3d 4h 6s 8c\nCy: passes\n"
                         "Ann: passes\n" + SHOWS, seats=THREE, dealer="Cy")
    assert r.outcome.showdown_order == ("Bob", "Cy", "Ann")


def test_a_pot_tied_twice_is_carried_twice_and_won_whole_in_the_third_deal():
    """whiskey.tie_best = all_tied_collect_nothing: "the pot stays for the next deal"; whiskey.1.1 "Each
    player antes one chip": the antes of a deal that starts with chips on the table go in on top of
    them.  Deal 1: Ann and Cy tie, the 3 antes stay; deal 2: 3 + 3 antes, Ann and Cy tie again, 6 stay;
    deal 3: 6 + 3 = 9 go to Cy's aces full.  The deal passes to the left: Cy, Ann, Bob deal.  Ann 20 - 3 = 17, Bob 17, Cy 17 + 9 = 26."""
    night = replay_text_night(
        "whiskey_poker",
        f"hand 1\n{KNOCK}{TIED_BEST}\n"
        f"hand 2\nBob: knocks\nwidow turned: 2c 3d 4h 6s 8c\nCy: passes\nAnn: passes\n{TIED_BEST}\n"
        "hand 3\nCy: knocks\nwidow turned: 2c 3d 4h 6s 8c\nAnn: passes\nBob: passes\n"
        "Ann: shows 7h 5s 3c 9d Td\nBob: shows Qd Qc Jd Jc 9c\nCy: shows Ah Ad Ac Kh Ks\n",
        "whiskey.tie_best = all_tied_collect_nothing", seats=THREE, dealer="Cy")
    got = [(pots(h.replay.outcome), h.replay.outcome.carried, h.replay.outcome.stacks) for h in night]
    assert got == [
        ([(3, EVERYONE, (), {}, True, 3, "whiskey.tie_best", None)], 3, {"Ann": 19, "Bob": 19, "Cy": 19}),
        ([(6, EVERYONE, (), {}, True, 6, "whiskey.tie_best", None)], 6, {"Ann": 18, "Bob": 18, "Cy": 18}),
        ([(9, EVERYONE, ("Cy",), {"Cy": 9}, True, 0, "whiskey.5.1", ACES_FULL)], 0,
         {"Ann": 17, "Bob": 17, "Cy": 26})]


#: Cy, with one chip, antes it and is all in for nothing; Ann bets 2 and Bob calls in the betting round
SIDE_POT = KNOCK + "Ann: bets 2\nBob: calls\n"
SHORT = "Ann 20, Bob 20, Cy 1"
BETTING = "whiskey.betting_round = one_before_showdown"


@pytest.mark.parametrize(("shows", "options", "want_pots", "stacks", "carried", "undecided", "summary"), [
    pytest.param(
        "", (),
        [(3, EVERYONE, (), {}, False, 0, "whiskey.5.1", None), (4, ("Ann", "Bob"), (), {}, False, 0, "whiskey.5.1", None)],
        {"Ann": 17, "Bob": 17, "Cy": 0}, 0, 7, "3 undecided; 4 undecided", id="no hand shown: both pots wait"),
    pytest.param(
        "Ann: shows Ah Kh Qh Jh 9s\nBob: shows 7h 5s 3c 9c Td\n", (),
        [(3, EVERYONE, (), {}, False, 0, "whiskey.5.1", None),
         (4, ("Ann", "Bob"), ("Ann",), {"Ann": 4}, True, 0, "whiskey.5.1", ACE_HIGH)],
        {"Ann": 21, "Bob": 17, "Cy": 0}, 0, 3, f"3 undecided; Ann wins 4 with {ACE_HIGH}",
        id="the antes wait for Cy's hand, the bets go to Ann"),
    pytest.param(
        TIED_BEST, (),
        [(3, EVERYONE, ("Ann", "Cy"), {"Ann": 1, "Cy": 1}, True, 1, "whiskey.tie_best", ACE_HIGH),
         (4, ("Ann", "Bob"), ("Ann",), {"Ann": 4}, True, 0, "whiskey.5.1", ACE_HIGH)],
        {"Ann": 22, "Bob": 17, "Cy": 1}, 1, 0, f"Ann/Cy win 3 with {ACE_HIGH}; Ann wins 4 with {ACE_HIGH}",
        id="Ann and Cy split the antes, the odd chip stays; Ann takes the bets"),
    pytest.param(
        TIED_BEST, ("whiskey.tie_best = all_tied_collect_nothing",),
        [(3, EVERYONE, (), {}, True, 3, "whiskey.tie_best", None),
         (4, ("Ann", "Bob"), ("Ann",), {"Ann": 4}, True, 0, "whiskey.5.1", ACE_HIGH)],
        {"Ann": 21, "Bob": 17, "Cy": 0}, 3, 0, f"3 stays on the table; Ann wins 4 with {ACE_HIGH}",
        id="the tied antes stay, Ann takes the bets"),
    pytest.param(
        "Ann: shows Ah Kh Qh Jh 9s\nBob: shows Ac Kc Qc Jc 9d\nCy: shows As Ks Qs Jd 9h\n",
        ("whiskey.tie_best = all_tied_collect_nothing",),
        [(3, EVERYONE, (), {}, True, 3, "whiskey.tie_best", None),
         (4, ("Ann", "Bob"), (), {}, True, 4, "whiskey.tie_best", None)],
        {"Ann": 17, "Bob": 17, "Cy": 0}, 7, 0, "3 stays on the table; 4 stays on the table",
        id="everybody ties: both pots stay"),
])
def test_a_player_all_in_on_his_ante_can_win_only_the_antes(shows, options, want_pots, stacks, carried, undecided,
                                                            summary):
    """whiskey.betting_round = one_before_showdown ("one betting round, as in straight draw") and
    whiskey.5.1: Cy has one chip, antes it and has nothing to bet: the 3 antes are a pot of their own, the
    4 Ann and Bob bet another that only they can win.  Each pot goes to the best hand among those who may
    win it, under whiskey.tie_best; a pot whose winner needs a hand not shown is undecided, and the next
    pot is settled all the same."""
    r = replay_text_hand("whiskey_poker", SIDE_POT + shows, BETTING, *options, seats=SHORT, dealer="Cy")
    o = r.outcome
    assert pots(o) == want_pots
    assert (o.stacks, o.carried, o.undecided, o.summary) == (stacks, carried, undecided, summary)
    assert o.next_hand.carry == WhiskeyCarry(carried)
    waiting = ["Ann", "Bob", "Cy"] if not shows else ["Cy"] if undecided else []
    assert [(f.code, f.player, f.rule) for f in r.findings] == [
        ("showdown_unverifiable", name, "whiskey.5.1") for name in waiting]


@pytest.mark.parametrize(("options", "lines", "kind", "want_paid", "stacks", "undecided", "unverifiable", "summary"), [
    pytest.param((), "Ann wins\n", "reported", [], {"Ann": 22, "Bob": 19, "Cy": 19}, 0, [],
                 "Ann wins 3", id="pot_to_best: the winner named takes the antes"),
    pytest.param((), "Ann wins\nCy wins\n", "reported", [], {"Ann": 20, "Bob": 19, "Cy": 20}, 0, [],
                 "Ann/Cy win 3", id="pot_to_best: two winners named split, the odd chip stays"),
    pytest.param((), "Bob was lowest\n", "showdown", [], {"Ann": 19, "Bob": 19, "Cy": 19}, 3,
                 ["Ann", "Bob", "Cy"], "3 undecided", id="pot_to_best: the lowest named decides nothing"),
    pytest.param(("whiskey.scoring = no_ante_lowest_pays_N",), "Ann wins\nBob was lowest\n", "reported",
                 [("Bob", "Ann", 3, "whiskey.5.2", "pot")], {"Ann": 23, "Bob": 17, "Cy": 20}, 0, [],
                 "Bob pays 3 to Ann", id="no ante: the lowest named pays the winner named"),
    pytest.param(("whiskey.scoring = no_ante_lowest_pays_N",), "Bob was lowest\n", "reported", [],
                 {"Ann": 20, "Bob": 20, "Cy": 20}, 0, ["Ann", "Bob", "Cy"], "nothing changes hands",
                 id="no ante: nobody to pay, nothing moves"),
    pytest.param(("whiskey.scoring = no_ante_lowest_pays_N",), "Ann wins\n", "reported", [],
                 {"Ann": 20, "Bob": 20, "Cy": 20}, 0, ["Ann", "Bob", "Cy"], "who is lowest is undecided",
                 id="no ante: the lowest not named, nobody pays"),
    pytest.param(("whiskey.scoring = pot_to_best_plus_lowest_forfeit",), "Bob was lowest\n", "reported",
                 [("Bob", None, 3, "whiskey.scoring", "pot")], {"Ann": 19, "Bob": 16, "Cy": 19}, 3,
                 ["Ann", "Bob", "Cy"], "3 undecided; Bob pays 3 into the next deal's pot",
                 id="forfeit: the lowest named pays into the next pot, the antes wait"),
    pytest.param(("whiskey.scoring = lowest_pays_1_to_pool_elimination",), "Bob was lowest\n", "reported",
                 [("Bob", None, 1, "whiskey.scoring", "pool")], {"Ann": 20, "Bob": 19, "Cy": 20}, 0, [],
                 "Bob pays 1 into the pool", id="pool: the lowest named pays his chip"),
    pytest.param(("whiskey.scoring = lowest_pays_1_to_pool_elimination",), "Ann wins\n", "showdown", [],
                 {"Ann": 20, "Bob": 20, "Cy": 20}, 0, ["Ann", "Bob", "Cy"], "who is lowest is undecided",
                 id="pool: the winner named decides nothing"),
])
def test_a_deal_logged_by_its_result_lines_settles_what_they_name(options, lines, kind, want_paid, stacks, undecided,
                                                                  unverifiable, summary):
    """COMMERCE-NOTES section 8: a result line (``Ann wins``, ``Bob was lowest``) "settles what the cards
    cannot"; what it does not name and the scoring needs stays unsettled, each hand it waits for flagged
    (``showdown_unverifiable``, under whiskey.5.1).  Three players with 20, Cy deals; pot_to_best's antes
    are 3, the lowest pays 3 (three players) or one chip into the pool.  The deal is ``reported`` when a
    line decided what its scoring needs (the best, the lowest, or both), else it stays a ``showdown``."""
    r = replay_text_hand("whiskey_poker", lines, *options, seats=THREE, dealer="Cy")
    o = r.outcome
    assert (o.kind, payments(o), o.stacks, o.undecided, o.summary) == (kind, want_paid, stacks, undecided, summary)
    assert [(f.code, f.player, f.rule, f.action) for f in r.findings] == [
        ("showdown_unverifiable", name, "whiskey.5.1", None) for name in unverifiable]
    assert all(f.message == f"the deal cannot be settled: show {f.player}'s hand"
               and f.remedy == "nothing that needs his hand is decided" for f in r.findings)


# ------------------------------------------------------------------ the pool elimination game (seed-004)

POOL = "whiskey.scoring = lowest_pays_1_to_pool_elimination"


def carries(night):
    return [h.replay.outcome.next_hand.carry.to_dict() for h in night]


def pool_state(pool: int, out=(), payer=None) -> dict:
    return {"pot": 0, "antes_in": False, "pool": pool, "out": list(out), "game_over": bool(out), "whisky_payer": payer}


@pytest.mark.parametrize(("options", "hand_2_paid", "stacks", "after"), [
    pytest.param((), [("Bob", 1), ("Cy", 1)], {"Ann": 1, "Bob": 0, "Cy": 1}, pool_state(3, ["Bob"], "Bob"),
                 id="both tied lowest pay a chip: Bob's last"),
    pytest.param(("whiskey.tie_lowest = split_payment",), [("Bob", 1)], {"Ann": 1, "Bob": 0, "Cy": 2},
                 pool_state(2, ["Bob"], "Bob"), id="split: Bob, nearest the dealer's left, pays the one chip"),
])
def test_the_pool_grows_hand_by_hand_until_a_player_has_lost_all_his_chips(options, hand_2_paid, stacks, after):
    """seed-004: "each player starts with five chips ... the lowest hand pays one chip to a central pool;
    the first player to lose all his chips loses the game and pays for the refreshments".  Ann 2, Bob 1,
    Cy 2, Cy deals: deal 1, Ann is lowest (pool 1); deal 2 (Ann deals), Bob and Cy tie for lowest --
    Bob's chip is his last: he is out, the game is over and he pays for the whisky."""
    night = replay_text_night("whiskey_poker", "hand 1\nAnn was lowest\n\nhand 2\nBob was lowest\nCy was lowest\n",
                              POOL, *options, seats="Ann 2, Bob 1, Cy 2", dealer="Cy")
    assert carries(night) == [pool_state(1), after]
    assert [(p.payer, p.amount) for p in night[1].replay.outcome.penalties] == hand_2_paid
    assert night[1].replay.outcome.stacks == stacks
    assert WhiskeyPoker.night_result(night[1].replay.outcome.next_hand.carry, stacks) == (None, {
        "game_over": True, "whisky_payer": "Bob", "prize_cents": None, "paid_cents": None, "points": None})


def test_two_players_losing_their_last_chips_together_the_first_in_play_pays_the_whisky():
    """seed-004: "the first player to lose all his chips ... pays for the refreshments" -- Bob and Cy,
    one chip each, tie for lowest in the same deal (whiskey.tie_lowest = all_tied_pay): both are out;
    the first of them in play order from the dealer's left (Cy deals: Ann, Bob, Cy) is Bob."""
    night = replay_text_night("whiskey_poker", "hand 1\nCy was lowest\nBob was lowest\n", POOL,
                              seats="Ann 2, Bob 1, Cy 1", dealer="Cy")
    assert carries(night) == [pool_state(2, ["Bob", "Cy"], "Bob")]


def test_a_pool_deal_whose_lowest_hand_is_not_shown_moves_nothing_and_the_game_goes_on():
    """seed-004: the lowest hand pays one chip -- Bob did not show his hand, so who is lowest cannot be
    told: nobody pays, the pool keeps what it had (game so far: pool 3) and Bob is asked to show."""
    night = replay_text_night("whiskey_poker", "game so far: pool 3\n\nhand 1\n" + KNOCK
                              + "Ann: shows Ah Ad Ac Kh Ks\nCy: shows Qd Qc Jd Jc 9c\n", POOL,
                              seats="Ann 5, Bob 5, Cy 5", dealer="Cy")
    o = night[0].replay.outcome
    assert (o.kind, o.penalties, o.summary) == ("showdown", (), "who is lowest is undecided")
    assert carries(night) == [pool_state(3)]
    assert finding_rows(night[0].replay) == [(None, "showdown_unverifiable", "Bob", "whiskey.5.1")]


def test_a_night_without_a_whiskey_game_has_no_whisky_payer():
    """whiskey.scoring other than the pool game keeps no game from deal to deal: the night's result names
    nobody to pay for the whisky and the game is not over."""
    assert WhiskeyPoker.night_result(Carry(), {"Ann": 5}) == (None, {
        "game_over": False, "whisky_payer": None, "prize_cents": None, "paid_cents": None, "points": None})


def test_another_games_chips_on_the_table_start_a_whiskey_game_with_only_the_chips():
    """A night that changes games: the chips left in the middle (and whether the next antes are among
    them) carry into whiskey poker; nothing else of the other game does (La Viuda's pool and fund, though
    its carry is a whiskey carry too).  A whiskey carry is kept as it is."""
    from referee.engine.games.la_viuda import LaViudaCarry

    assert WhiskeyCarry.adopt(LaViudaCarry(pot=2, started=True, pool=5, prize_cents=900)) == WhiskeyCarry(pot=2)
    mine = WhiskeyCarry(pot=2, started=True, pool=4)
    assert WhiskeyCarry.adopt(mine) is mine
    assert WhiskeyCarry.adopt(Carry(pot=3, antes_in=True)) == WhiskeyCarry(pot=3, antes_in=True)


# ------------------------------------------------------------------ the pool game's money


def euros(cents: int) -> str:
    return f"€{cents / 100:.2f}"


def pool_money(night, upto: int):
    """The whiskey pool's money hook over the night's first ``upto`` deals, at a chip of 1.00."""
    from referee.engine.games.whiskey_poker import WhiskeyPool

    steps = night.result.steps
    pool = WhiskeyPool.starting(steps[0], night[0].replay.setup, 100, euros)
    for step, hand in list(zip(steps, night))[:upto]:
        assert pool.hand(step, hand.replay.setup, hand.replay.outcome) == []
    return pool


def test_the_pools_chips_go_back_as_money_to_who_paid_them_when_the_game_ends():
    """seed-004: the pool game's chips "have no money value": Ann 3, Bob 2, Cy 3 (Cy deals); Bob is lowest
    in deals 1 and 3, Ann in deal 2 -- Bob's second chip is his last: the game is over after deal 3, Bob
    lost and pays for the whisky.  The pool's 3 chips go back as money: 2.00 to Bob, 1.00 to Ann; at the
    end of the night the bank takes them off the table; when the night left the game earlier they went
    with it."""
    from referee.engine.money import GameMoney

    night = replay_text_night("whiskey_poker", "hand 1\nBob was lowest\n\nhand 2\nAnn was lowest\n\n"
                              "hand 3\nBob was lowest\n", POOL, seats="Ann 3, Bob 2, Cy 3", dealer="Cy")
    pool = pool_money(night, 3)
    assert pool.over() and pool.paid == {"Bob": 2, "Ann": 1}
    report = pool.end(retire=True)
    assert [(line.player, line.what, line.cents, line.text, line.hand) for line in report.lines] == [
        ("Ann", "whiskey pool", 100, "Ann takes back the 1 chip paid into the whiskey pool (in the elimination "
                                     "game chips have no money value)", 3),
        ("Bob", "whiskey pool", 200, "Bob takes back the 2 chips paid into the whiskey pool (in the elimination "
                                     "game chips have no money value)", 3)]
    words = ("Whiskey pool elimination, hands 1\u20133: Bob lost all his chips and pays for the whisky; the pool "
             "(3 chips) goes back to who paid it.")
    assert report.game == GameMoney("whiskey_elimination", 1, 3, ("Ann", "Bob", "Cy"), True, loser="Bob", pool=3,
                                    words=words)
    assert (report.removed, report.held) == (3, 0)
    assert pool.end(retire=False).removed == 0


def test_a_pool_game_still_under_way_holds_its_pool():
    """The same game after deal 2: nobody has lost all his chips; the game stands with 2 chips in the pool
    (held, not yet given back)."""
    from referee.engine.money import GameMoney

    night = replay_text_night("whiskey_poker", "hand 1\nBob was lowest\n\nhand 2\nAnn was lowest\n", POOL,
                              seats="Ann 3, Bob 2, Cy 3", dealer="Cy")
    pool = pool_money(night, 2)
    assert not pool.over()
    report = pool.standing()
    assert report.game == GameMoney(
        "whiskey_elimination", 1, 2, ("Ann", "Bob", "Cy"), False, pool=2, notes=("the game is under way",),
        words="Whiskey pool elimination, hands 1\u20132: nobody has lost yet; the pool (2 chips) goes back to who "
              "paid it.")
    assert (report.lines, report.held, report.removed) == ((), 2, 0)


def test_only_a_pool_game_under_way_has_whiskey_pool_money():
    from referee.engine.games.whiskey_poker import WhiskeyPool

    from referee.engine.games.la_viuda import LaViudaCarry

    assert WhiskeyPool.under_way(WhiskeyCarry(started=True))
    assert not WhiskeyPool.under_way(WhiskeyCarry())
    assert not WhiskeyPool.under_way(Carry())
    assert not WhiskeyPool.under_way(LaViudaCarry(started=True, pool=3))  # La Viuda's game has its own money


def test_the_whisky_bill_is_shared_by_the_losers_of_the_nights_pool_games():
    """seed-004: the loser "must pay for the whisky" -- two pool games of the night were lost, by Bob and
    by Ann: Cy's bill of 36.01 is theirs in equal shares (the odd cent to Ann, first by name); a bill Ann
    paid herself is Bob's half only; a La Viuda game's loser pays no whisky."""
    from referee.engine.events import WhiskyBill
    from referee.engine.games.whiskey_poker import WhiskeyPool
    from referee.engine.money import GameMoney

    games = [GameMoney("whiskey_elimination", 1, 4, ("Ann", "Bob", "Cy"), True, loser="Bob"),
             GameMoney("whiskey_elimination", 5, 9, ("Ann", "Bob", "Cy"), True, loser="Ann"),
             GameMoney("la_viuda", 10, 12, ("Ann", "Bob", "Cy"), True, loser="Cy")]
    lines, notes = WhiskeyPool.night(games, [WhiskyBill(3601, "Cy"), WhiskyBill(1000, "Ann")], euros)
    assert [(line.player, line.what, line.cents, line.text, line.hand) for line in lines] == [
        ("Ann", "whisky bill", -1801, "Ann lost the whiskey game and pays for the whisky", None),
        ("Cy", "whisky bill", 1801, "Cy paid for the whisky", None),
        ("Bob", "whisky bill", -1800, "Bob lost the whiskey game and pays for the whisky", None),
        ("Cy", "whisky bill", 1800, "Cy paid for the whisky", None),
        ("Bob", "whisky bill", -500, "Bob lost the whiskey game and pays for the whisky", None),
        ("Ann", "whisky bill", 500, "Ann paid for the whisky", None)]
    assert notes == []


def test_a_whisky_bill_without_a_loser_is_charged_to_nobody_and_noted():
    from referee.engine.events import WhiskyBill
    from referee.engine.games.whiskey_poker import WhiskeyPool
    from referee.engine.money import GameMoney

    games = [GameMoney("whiskey_elimination", 1, 4, ("Ann", "Bob"), False), GameMoney("la_viuda", 5, 6, ("Ann",), True,
                                                                                       loser="Bob")]
    lines, notes = WhiskeyPool.night(games, [WhiskyBill(3600, "Cy"), WhiskyBill(500, "Ann")], euros)
    assert lines == []
    assert notes == ["the whisky bill (€36.00, paid by Cy) is not charged: no whiskey pool elimination game decided "
                     "who pays for the whisky",
                     "the whisky bill (€5.00, paid by Ann) is not charged: no whiskey pool elimination game decided "
                     "who pays for the whisky"]


def test_a_winner_named_for_the_antes_cannot_win_the_bets_he_had_no_part_in():
    """whiskey.5.1 and a result line: Cy, all in on his ante, is named the winner -- he takes the 3 antes,
    the only pot he may win; who wins the 4 Ann and Bob bet is not said by the line and their hands
    were not shown, so that pot is undecided and, COMMERCE-NOTES section 8, "every ruling that needs his
    hand is unverifiable (finding with action: null, the player, whiskey.5.1)": both are asked to show."""
    r = replay_text_hand("whiskey_poker", SIDE_POT + "Cy wins\n", BETTING, seats=SHORT, dealer="Cy")
    o = r.outcome
    assert pots(o) == [(3, EVERYONE, ("Cy",), {"Cy": 3}, True, 0, "whiskey.5.1", None),
                       (4, ("Ann", "Bob"), (), {}, False, 0, "whiskey.5.1", None)]
    assert (o.kind, o.undecided, o.stacks) == ("reported", 4, {"Ann": 17, "Bob": 17, "Cy": 3})
    assert [(f.code, f.player) for f in r.findings] == [("showdown_unverifiable", "Ann"),
                                                       ("showdown_unverifiable", "Bob")]


def test_the_pools_money_lines_are_in_the_order_of_names_whatever_their_case():
    """Money is listed by name, case aside (``ann`` before ``Bob``): the chips given back, and the whisky
    bill shared by two losers."""
    from referee.engine.events import WhiskyBill
    from referee.engine.games.whiskey_poker import WhiskeyPool
    from referee.engine.money import GameMoney

    over = WhiskeyCarry(started=True, pool=3, out=("Bob",), game_over=True, whisky_payer="Bob")
    pool = WhiskeyPool(1, ("ann", "Bob", "Cy"), 100, euros, last=4, carry=over, paid={"Bob": 1, "ann": 2})
    assert [(line.player, line.cents) for line in pool.end(retire=True).lines] == [("ann", 200), ("Bob", 100)]
    games = [GameMoney("whiskey_elimination", 1, 4, ("ann", "Bob"), True, loser="Bob"),
             GameMoney("whiskey_elimination", 5, 9, ("ann", "Bob"), True, loser="ann")]
    lines, _ = WhiskeyPool.night(games, [WhiskyBill(1000, "Cy")], euros)
    assert [(line.player, line.cents) for line in lines] == [("ann", -500), ("Cy", 500), ("Bob", -500), ("Cy", 500)]
