"""Whiskey poker (seed-000, rulebook ``whiskey_poker``): deals logged by their result -- under a scoring where
the lowest hand pays too, and the order of the show with no knock logged."""

from __future__ import annotations

from helpers.engine import replay_text_hand


def test_a_deal_logged_only_by_its_lowest_hand_is_a_reported_result_with_the_antes_undecided():
    """whiskey.scoring = ante_and_lowest_pays_N: "Every player antes one chip and the best hand takes the
    antes; the lowest hand also pays the best hand the agreed amount" -- the log says only "Bob was
    lowest": the deal is a reported result; who takes the 3 antes (and Bob's payment) is not logged, so
    the antes stay undecided and no chip of Bob's moves."""
    r = replay_text_hand("whiskey_poker", "Bob was lowest\n", "whiskey.scoring = ante_and_lowest_pays_N",
                         seats="Ann 10, Bob 10, Cy 10", dealer="Cy")
    o = r.outcome
    assert (o.kind, o.undecided, o.carried) == ("reported", 3, 0)
    assert o.stacks == {"Ann": 9, "Bob": 9, "Cy": 9}


def test_a_deal_with_no_knock_logged_shows_from_the_dealers_left():
    """whiskey.6.4: the hands are shown "When the turn comes round again to the player who knocked first"
    -- with no knock logged (a deal logged by its result: Ann won, Bob was lowest) there is no knocker to
    start from, and the order is the deal's, from the dealer's left (whiskey.6.2): Cy deals, so Ann, Bob,
    Cy."""
    r = replay_text_hand("whiskey_poker", "Ann wins\nBob was lowest\n", seats="Ann 10, Bob 10, Cy 10", dealer="Cy")
    assert (r.outcome.kind, r.outcome.showdown_order) == ("reported", ("Ann", "Bob", "Cy"))
