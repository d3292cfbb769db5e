"""The money of a whiskey pool elimination game in the night's ledger: the pool's chips go back, as
money, to those who paid them in, each entry saying how many; a game still under way is said so."""

from __future__ import annotations

from referee.handfile import parse_night
from referee.ledger.ledger import session_ledger
from referee.recording.night_file import record_night
from referee.store.store import open_store


def test_the_whiskey_pools_chips_go_back_as_money_to_who_paid_them(sqlite_url: str) -> None:
    """whiskey.scoring = lowest_pays_1_to_pool_elimination: the lowest hand pays one chip into the pool,
    and "the first player to lose all his chips loses the game" (seed-004) -- Ann is lowest in hand 1
    (3 -> 2), Bob, with his one chip, in hand 2: he is out and the game ends.  The pool's chips have no
    money value: Ann and Bob each take back the 1 chip they paid, at a chip of 1.00."""
    text = ("rulebook: whiskey_poker\noption whiskey.scoring = lowest_pays_1_to_pool_elimination\n"
            "seats: Ann 3, Bob 1, Cy 3\ndealer: Cy\n\nhand 1\nAnn was lowest\n\nhand 2\nBob was lowest\n")
    with open_store(sqlite_url) as store:
        sid = record_night(store, parse_night(text), table_name="Kitchen", chip_value_cents=100)
        with store.transaction() as tx:
            tx.close_session(sid, {"Ann": 2, "Bob": 0, "Cy": 3})
        ledger, _, _ = session_ledger(store, sid)
    assert [(e.player, e.cents, e.hand, e.text) for e in ledger.entries if e.what == "whiskey pool"] == [
        ("Ann", 100, 2, "Ann takes back the 1 chip paid into the whiskey pool (in the elimination game chips have "
                        "no money value)"),
        ("Bob", 100, 2, "Bob takes back the 1 chip paid into the whiskey pool (in the elimination game chips have "
                        "no money value)")]


def test_a_whiskey_pool_game_under_way_is_said_so_in_the_ledger(sqlite_url: str) -> None:
    """The same game after hand 1 only: Ann has paid one chip into the pool and nobody is out, so the
    game is under way -- the ledger says nobody has lost yet and the pool's chip goes back to who paid it."""
    text = ("rulebook: whiskey_poker\noption whiskey.scoring = lowest_pays_1_to_pool_elimination\n"
            "seats: Ann 3, Bob 3, Cy 3\ndealer: Cy\n\nhand 1\nAnn was lowest\n")
    with open_store(sqlite_url) as store:
        sid = record_night(store, parse_night(text), table_name="Kitchen", chip_value_cents=100)
        ledger, _, _ = session_ledger(store, sid)
    (game,) = ledger.games
    assert (game.game, game.loser, game.pool, game.notes) == ("whiskey_elimination", None, 1, ("the game is under way",))
    assert game.words == ("Whiskey pool elimination, hands 1\u20131: nobody has lost yet; the pool (1 chip) goes back "
                          "to who paid it.")
