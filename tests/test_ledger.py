"""The session ledger, derived from the log and its replay: buy-ins, rebuys, cash-outs, La Viuda's
fund and buy-back, the whiskey pool and the whisky bill, the conservation check, and a shortfall or
overage absorbed by the session's policy, never dropped."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.engine.events import AddChips, LedgerSetting, TransferPaid, WhiskyBill
from referee.errors import InputError
from referee.handfile import parse_night, read_night
from referee.ledger.ledger import session_ledger
from referee.money.settings import money_settings
from referee.recording.night_file import record_night
from referee.store.store import Store, open_store

GOLDEN = Path(__file__).parent / "golden"


def recorded(store: Store, night_text_or_path: str | Path, cents: int, cash_outs: dict[str, int] | None = None,
             money: list[object] = ()) -> int:  # type: ignore[assignment]
    night = read_night(night_text_or_path) if isinstance(night_text_or_path, Path) else parse_night(night_text_or_path)
    sid = record_night(store, night, table_name="Kitchen", chip_value_cents=cents)
    if money:
        store.append_events(sid, None, list(money))  # type: ignore[arg-type]
    if cash_outs is not None:
        with store.transaction() as tx:
            tx.close_session(sid, cash_outs)
    return sid


@pytest.fixture
def store(sqlite_url: str) -> Store:
    with open_store(sqlite_url) as s:
        yield s  # type: ignore[misc]


def test_a_whole_la_viuda_game_with_a_buy_back(store: Store) -> None:
    """la_viuda 03: two chips each at 5 units; Bob buys La Viuda (10 units); Ann survives and collects
    the fund of 40 units.  At a chip of 5.00 she is up 30.00, Bob down 20.00, Cy down 10.00."""
    sid = recorded(store, GOLDEN / "la_viuda" / "03_complete_game_buyback_played.txt", 500,
                   {"Ann": 2, "Bob": 0, "Cy": 0})
    ledger, _, _ = session_ledger(store, sid)
    assert ledger.balances() == {"Ann": 3000, "Bob": -2000, "Cy": -1000}
    assert ledger.check.holds and (ledger.check.bought, ledger.check.added_by_games, ledger.check.removed_by_games) \
        == (6, 1, 5)  # La Viuda's own chip on the table, the pool's five back to the bank
    (game,) = ledger.games
    assert (game.winner, game.bought_by, game.buyback_hand, game.fund_cents, game.kept_chips) == ("Ann", "Bob", 2, 4000, 2)
    kinds = [(e.player, e.what, e.cents) for e in ledger.entries if e.what.startswith("La Viuda")]
    assert kinds == [("Bob", "La Viuda bought", -1000), ("Ann", "La Viuda's fund", 3000)]
    assert ledger.difference.cents == 0 and not ledger.notes


def test_buy_ins_rebuys_and_cash_outs_balance(store: Store) -> None:
    sid = recorded(store, GOLDEN.parent.parent / "examples" / "jackpots-friday.txt", 25)
    store.append_event(sid, None, AddChips("Cy", 50))
    with store.transaction() as tx:
        tx.close_session(sid, {"Ann": 113, "Bob": 92, "Cy": 139, "Dee": 108, "Eve": 78})
    ledger, _, _ = session_ledger(store, sid)
    assert ledger.check.holds and ledger.check.bought == 530 and ledger.check.cashed == 530
    assert ledger.balances() == {"Ann": 325, "Bob": -200, "Cy": -275, "Dee": 200, "Eve": -50}
    assert [e.what for e in ledger.entries if e.player == "Cy"] == ["buy-in", "rebuy", "cash-out"]


def test_a_ledger_line_of_one_chip_says_chip(store: Store) -> None:
    """A rebuy of one chip and a count of one chip read "adds 1 chip", "cashes out 1 chip" (never
    "1 chips"); more read "chips"."""
    sid = recorded(store, GOLDEN.parent.parent / "examples" / "jackpots-friday.txt", 25)
    store.append_event(sid, None, AddChips("Cy", 1))
    with store.transaction() as tx:
        tx.close_session(sid, {"Ann": 113, "Bob": 92, "Cy": 90, "Dee": 108, "Eve": 1})
    ledger, _, _ = session_ledger(store, sid)
    said = [e.text for e in ledger.entries if e.player in ("Cy", "Eve") and e.what in ("rebuy", "cash-out")]
    assert said == ["Cy adds 1 chip", "Cy cashes out 90 chips", "Eve cashes out 1 chip"]


def test_a_miscount_is_a_shortfall_absorbed_pro_rata_by_the_losers(store: Store) -> None:
    """Bob counts 100 chips where the log gives him 92: 8 chips (2.00) more than there is money for."""
    sid = recorded(store, GOLDEN.parent.parent / "examples" / "jackpots-friday.txt", 25,
                   {"Ann": 113, "Bob": 100, "Cy": 89, "Dee": 108, "Eve": 78})
    ledger, _, _ = session_ledger(store, sid)
    assert not ledger.check.holds and ledger.check.difference == 8
    d = ledger.difference
    assert (d.kind, d.cents) == ("shortfall", 200)
    assert d.parts == (("Bob cashed out 100 chips, 8 more than the log gives (92)", 200),)
    assert d.policy == "pro rata to the losers (the default)"
    assert dict(d.shares) == {"Cy": -169, "Eve": -31}  # Cy lost 2.75, Eve 0.50: 200 split 275 : 50
    assert sum(ledger.balances().values()) == 0


def test_the_banker_absorbs_the_shortfall_when_the_session_says_so(store: Store) -> None:
    sid = recorded(store, GOLDEN.parent.parent / "examples" / "jackpots-friday.txt", 25,
                   {"Ann": 113, "Bob": 88, "Cy": 89, "Dee": 108, "Eve": 78},
                   money=[LedgerSetting("shortfall", "banker"), LedgerSetting("banker", "House")])
    ledger, _, _ = session_ledger(store, sid)
    assert (ledger.difference.kind, ledger.difference.cents) == ("overage", -100)
    assert ledger.difference.policy == "to the banker (House)"
    assert ledger.balances()["House"] == 100 and sum(ledger.balances().values()) == 0


def test_money_paid_other_than_the_chips_value_is_a_named_part(store: Store) -> None:
    text = "rulebook: jackpots\nseats: Ann 20, Bob 20\ndealer: Ann\n\nhand 1\nBob: checks\nAnn: checks\n"
    sid = recorded(store, text, 100)
    store.append_event(sid, None, AddChips("Bob", 20, paid_cents=1500))
    with store.transaction() as tx:
        tx.close_session(sid, {"Ann": 18, "Bob": 40})  # the passed-out pot of 2 is still in the middle
    ledger, _, _ = session_ledger(store, sid)
    assert ledger.check.holds and ledger.check.middle == 2
    assert ledger.difference.parts == (("2 chips nobody holds (2 in the middle at the end)", -200),
                                       ("Bob paid €35.00 for chips worth €40.00", 500))
    assert sum(ledger.balances().values()) == 0


def test_whisky_bill_is_paid_by_the_whiskey_games_loser(store: Store) -> None:
    text = ("rulebook: whiskey_poker\noption whiskey.scoring = lowest_pays_1_to_pool_elimination\n"
            "seats: Ann 3, Bob 1, Cy 3\ndealer: Cy\n\nhand 1\nAnn was lowest\n\nhand 2\nBob was lowest\n")
    sid = recorded(store, text, 100, {"Ann": 2, "Bob": 0, "Cy": 3}, money=[WhiskyBill(3600, "Cy")])
    ledger, _, _ = session_ledger(store, sid)
    (game,) = ledger.games
    assert (game.game, game.loser, game.pool) == ("whiskey_elimination", "Bob", 2)
    # the pool's chips have no money value: they go back to who paid them; Bob owes Cy the bill
    assert ledger.balances() == {"Ann": 0, "Bob": -3600, "Cy": 3600}
    assert ledger.check.holds


def test_an_unfinished_la_viuda_game_left_for_another_game_is_named(store: Store) -> None:
    text = ("rulebook: jackpots\nseats: Ann 20, Bob 20, Cy 20\ndealer: Ann\n\nhand 1\nCy: checks\nAnn: checks\n"
            "Bob: checks\n\nhand 2\nrulebook: la_viuda\nBob was lowest\n\nhand 3\nrulebook: jackpots\n"
            "Cy: checks\nAnn: checks\nBob: checks\n")
    sid = recorded(store, text, 100)
    ledger, _, replayed = session_ledger(store, sid)
    assert ledger.status == "open" and ledger.provisional == ("Ann", "Bob", "Cy")
    assert any("did not finish" in note for note in ledger.notes)
    assert ledger.check.holds  # the pool's chips left with the game: the check says so, it does not fail
    assert ledger.check.removed_by_games == 2 and ledger.check.added_by_games == 1


def test_settings_are_read_from_the_log_last_one_wins(store: Store) -> None:
    sid = recorded(store, "rulebook: jackpots\nseats: Ann 20, Bob 20\ndealer: Ann\n\nhand 1\nBob: checks\n", 100,
                   money=[LedgerSetting("currency", "gbp"), LedgerSetting("locale", "de_DE"),
                          LedgerSetting("currency", "usd")])
    ledger, _, _ = session_ledger(store, sid)
    assert (ledger.settings.currency, ledger.settings.locale) == ("USD", "de_DE")
    assert ledger.money(-1250) == "-12,50\u00a0$"
    assert money_settings([]).shortfall_words == "pro rata to the losers (the default)"


@pytest.mark.parametrize("name, value, message", [
    ("colour", "red", "unknown ledger setting 'colour'"),
    ("currency", "XYZ", "unknown currency 'XYZ'"),
    ("shortfall", "winners", "unknown shortfall policy 'winners'"),
    ("forbid", "Ann", "bad forbid pair 'Ann'"),
])
def test_a_bad_setting_is_refused_before_it_is_stored(store: Store, name: str, value: str, message: str) -> None:
    sid = recorded(store, "rulebook: jackpots\nseats: Ann 20, Bob 20\ndealer: Ann\n\nhand 1\nBob: checks\n", 100)
    before = store.last_seq(sid)
    with pytest.raises(InputError, match=message):
        store.append_event(sid, None, LedgerSetting(name, value))
    assert store.last_seq(sid) == before


def test_payments_go_into_a_closed_session_but_play_does_not(store: Store) -> None:
    sid = recorded(store, "rulebook: jackpots\nseats: Ann 20, Bob 20\ndealer: Ann\n\nhand 1\nBob: checks\n", 100,
                   {"Ann": 25, "Bob": 15})
    store.append_event(sid, None, TransferPaid("bob", "ann", 500))
    ledger, _, _ = session_ledger(store, sid)
    assert ledger.payments[0].payer == "Bob"  # spelled as seated
    assert ledger.settle().transfers == ()
    with pytest.raises(InputError, match="closed"):
        store.append_event(sid, None, AddChips("Ann", 5))
    with pytest.raises(InputError, match="different people"):
        store.append_event(sid, None, TransferPaid("Ann", "ann", 5))


def test_a_whisky_bill_with_no_loser_yet_is_not_charged_and_says_so(store: Store) -> None:
    """whiskey.scoring = lowest_pays_1_to_pool_elimination: "the first player to lose all his chips loses the
    game and pays for the refreshments (seed-004)" -- nobody has lost all his chips yet: Cy's bill of 36.00
    is charged to nobody, and the ledger says so with its amount and who paid it."""
    text = ("rulebook: whiskey_poker\noption whiskey.scoring = lowest_pays_1_to_pool_elimination\n"
            "seats: Ann 3, Bob 2, Cy 3\ndealer: Cy\n\nhand 1\nAnn was lowest\n")
    sid = recorded(store, text, 100, {"Ann": 2, "Bob": 2, "Cy": 3}, money=[WhiskyBill(3600, "Cy")])
    ledger, _, _ = session_ledger(store, sid)
    assert [n for n in ledger.notes if "whisky bill" in n] == [
        "the whisky bill (€36.00, paid by Cy) is not charged: no whiskey pool elimination game decided who pays "
        "for the whisky"]
    assert ledger.balances() == {"Ann": 0, "Bob": 0, "Cy": 0}
