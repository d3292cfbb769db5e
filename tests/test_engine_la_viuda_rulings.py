"""La Viuda (seed-004, rulebook ``la_viuda``): a game whose players did not all buy the same chips."""

from __future__ import annotations

from helpers.engine import game_setup, replay_table


def test_seats_that_did_not_buy_the_same_chips_are_named_at_the_games_start():
    """laviuda.1.1: "each buys the same number of chips, usually two or three (see laviuda.chips_each)" --
    laviuda.chips_each = 3, and Bob sits down with 2, Dee with 4: noted under laviuda.1.1 at no action,
    each odd seat named with his chips."""
    r = replay_table(game_setup("la_viuda", seats=[("Ann", 3), ("Bob", 2), ("Cy", 3), ("Dee", 4)]), [])
    assert [(f.action, f.code, f.rule, f.message) for f in r.findings] == [
        (None, "chips_bought_differ", "laviuda.1.1", "each player buys 3 chips, but the seats give Bob 2, Dee 4")]
