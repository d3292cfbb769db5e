"""PokerNow ledger CSV import: the real column layout, cents or dollars, rows merged per player."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from referee.errors import InputError
from referee.ledger.pokernow import LedgerFileError, LedgerPlayer, parse_pokernow_ledger, read_pokernow_ledger
from referee.ledger.settlement import settle

HERE = Path(__file__).parent / "pokernow"
HEADER = "player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net"
T = "2026-01-01T20:00:00Z"


def ledger(*rows: str) -> str:
    return "\n".join([HEADER, *rows]) + "\n"


def test_cents_file_merged_per_player() -> None:
    got = read_pokernow_ledger(HERE / "cents.csv")
    assert got.source == "cents.csv"
    assert (got.unit, got.unit_reason) == ("cents", "median buy-in 2000 is at least 1000")
    assert got.players == (
        LedgerPlayer("Dag, Jr.", ("dG8vM1",), ("Dag, Jr.",), (8,), buy_in=2000, buy_out=3000, net=1000),
        # the newest session's nickname names the player; both of them
        LedgerPlayer("Ines", ("iN4bT6",), ("Ines", "Ines the Great"), (6, 7), buy_in=4000, buy_out=6650, net=2650),
        # Marta is still seated: her stack counts as what she leaves with
        LedgerPlayer("Marta", ("mA1xQ9",), ("Marta",), (2, 4), buy_in=4000, buy_out=3150, net=-850),
        # came back under a new id: the same nickname, ignoring case
        LedgerPlayer("olek", ("oL7pW2", "zZ3kR8"), ("olek", "Olek"), (3, 5), buy_in=4000, buy_out=1200, net=-2800),
    )
    assert got.balances() == {"Dag, Jr.": 1000, "Ines": 2650, "Marta": -850, "olek": -2800}


def test_dollars_file() -> None:
    got = read_pokernow_ledger(HERE / "dollars.csv")
    assert (got.unit, got.unit_reason) == ("dollars", "median buy-in 100 is under 1000")
    assert got.balances() == {"Rui": 6200, "Sol": -15000, "Tam": 8800}
    sol = got.players[1]
    assert (sol.buy_in, sol.buy_out, sol.rows) == (15000, 0, (3, 4))


def test_decimal_amounts_are_dollars_and_nit_escrow_is_paid_back() -> None:
    got = read_pokernow_ledger(HERE / "nit-escrow.csv")
    assert (got.unit, got.unit_reason) == ("dollars", "amounts with a decimal point")
    vee, wim = got.players
    assert (vee.buy_in, vee.buy_out, vee.net) == (2000, 1275, -725)  # 12.50 cashed out + 0.25 escrow
    assert wim.net == 725


def test_the_unit_can_be_forced() -> None:
    as_cents = read_pokernow_ledger(HERE / "dollars.csv", unit="cents")
    assert (as_cents.unit, as_cents.unit_reason) == ("cents", "forced")
    assert as_cents.balances() == {"Rui": 62, "Sol": -150, "Tam": 88}
    assert read_pokernow_ledger(HERE / "cents.csv", unit="dollars").balances()["Ines"] == 265000
    with pytest.raises(LedgerFileError) as err:
        read_pokernow_ledger(HERE / "nit-escrow.csv", unit="cents")
    assert str(err.value) == "nit-escrow.csv:2: buy_out '12.50' is not a whole number of cents (amounts read as cents)"
    assert err.value.hint == "if the file is in dollars, say so (unit='dollars')"


def test_a_row_that_does_not_add_up_is_named() -> None:
    with pytest.raises(LedgerFileError) as err:
        read_pokernow_ledger(HERE / "bad-row.csv")
    assert err.value.where == "bad-row.csv:3"
    assert str(err.value) == ("bad-row.csv:3: net -9.00 is not buy_out 12.00 + stack 0.00 \u2212 buy_in 20.00 "
                              "(= -8.00)")
    assert err.value.hint is not None and "Download Ledger" in err.value.hint


def test_an_unbalanced_file_is_refused() -> None:
    with pytest.raises(LedgerFileError) as err:
        read_pokernow_ledger(HERE / "unbalanced.csv")
    assert str(err.value) == "unbalanced.csv: the nets of rows 2\u20134 total -1.00, not 0 (amounts read as cents)"
    assert isinstance(err.value, InputError)
    # the usual cause: downloaded while a hand was in play, its pot in nobody's stack
    assert err.value.hint is not None and "a hand still in play" in err.value.hint


def test_the_game_runs_from_its_first_to_its_last_timestamp() -> None:
    """A 2023 game started and ended in 2023, whenever it is imported: from the earliest sit-down to
    the latest time in the file (Marta is still seated: her start counts, her end is not known)."""
    got = read_pokernow_ledger(HERE / "cents.csv")
    assert got.started == datetime(2026, 3, 14, 20, 30, tzinfo=UTC)
    assert got.ended == datetime(2026, 3, 15, 0, 30, tzinfo=UTC)
    old = parse_pokernow_ledger(ledger('"Ann",a,2023-05-01T20:00:00Z,2023-05-01T23:10:00Z,20,25,0,5',
                                       '"Bob",b,2023-05-01T20:05:00Z,,20,,15,-5'))
    assert (old.started, old.ended) == (datetime(2023, 5, 1, 20, 0, tzinfo=UTC), datetime(2023, 5, 1, 23, 10, tzinfo=UTC))


def test_an_id_seen_under_two_nicknames_joins_both() -> None:
    got = parse_pokernow_ledger(ledger(
        '"Kit",k1,2026-01-01T22:00:00Z,,20,,30,10',
        '"Kat",k1,2026-01-01T21:00:00Z,2026-01-01T21:50:00Z,20,0,0,-20',
        '"KAT",k2,2026-01-01T20:00:00Z,2026-01-01T20:50:00Z,20,25,0,5',
        '"Lu",l1,2026-01-01T20:00:00Z,2026-01-01T23:00:00Z,20,25,0,5',
    ))
    assert got.balances() == {"Kit": -500, "Lu": 500}
    assert got.players[0].player_ids == ("k1", "k2")


def test_a_quoted_nickname_over_two_lines() -> None:
    got = parse_pokernow_ledger(ledger(
        '"Old name",a,2026-09-29T01:00:00.000Z,2026-09-29T02:00:00.000Z,100,100,0,0',
        '"New\nname",a,2026-09-29T03:00:00.000Z,,100,,120,20',
        '"Blair",b,2026-09-29T04:00:00.000Z,,100,,80,-20',
    ))
    assert got.balances() == {"Blair": -2000, "New\nname": 2000}
    assert got.players[1].rows == (2, 3)  # the two-line row starts on line 3; Blair is on line 5
    assert got.players[0].rows == (5,)


def test_a_ledger_settles() -> None:
    s = settle(read_pokernow_ledger(HERE / "cents.csv").balances())
    assert len(s.transfers) == 3  # no part of the table balances on its own


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "ledger.csv: the ledger is empty"),
        (HEADER + "\n", "ledger.csv: the ledger has no players"),
        ("name,net\nAnn,5\n", "ledger.csv:1: not a PokerNow ledger: no column player_nickname, player_id"),
        ('entry,at,order\n"-- starting hand #1 --",2026-01-01T00:00:00Z,1\n', "ledger.csv:1: not a PokerNow ledger"),
        (ledger(f'"Ann",a,{T},,20,20,0,0', f'"Bob",b,{T},,20x,0,0,-20'), "ledger.csv:3: buy_in '20x' is not a number"),
        (ledger(f'"Ann",a,{T},,-20,0,0,20', f'"Bob",b,{T},,20,0,0,-20'), "ledger.csv:2: buy_in '-20' is not an amount"),
        (ledger(f'"Ann",a,{T},,,20,0,20'), "ledger.csv:2: no buy-in"),
        (ledger('"Ann",a,,,20,20'), "ledger.csv:2: 6 fields where the header has 8"),
        (ledger(f',,{T},,20,20,0,0'), "ledger.csv:2: a row with neither a nickname nor a player id"),
        # when the game was played is the ledger's own say: a row without it, or with nonsense, is refused
        (ledger('"Ann",a,,,20,20,0,0', f'"Bob",b,{T},,20,20,0,0'), "ledger.csv:2: no session_start_at"),
        (ledger(f'"Ann",a,{T},,20,20,0,0', '"Bob",b,last night,,20,20,0,0'),
         "ledger.csv:3: session_start_at 'last night' is not a time"),
        (ledger(f'"Ann",a,{T},2026-13-01T00:00:00Z,20,20,0,0', f'"Bob",b,{T},,20,20,0,0'),
         "ledger.csv:2: session_end_at '2026-13-01T00:00:00Z' is not a time"),
        (ledger(f'"Ann",a,{T},2026-01-01T19:59:59Z,20,20,0,0', f'"Bob",b,{T},,20,20,0,0'),
         "ledger.csv:2: session_end_at 2026-01-01T19:59:59Z is before session_start_at 2026-01-01T20:00:00Z"),
        # one player is no night: nobody to settle with
        (ledger(f'"Ann",a,{T},,20,20,0,0', f'"ann",a2,{T},,20,20,0,0'),
         "ledger.csv: the ledger has one player ('Ann', rows 2, 3): a night needs two or more"),
    ],
)
def test_bad_files(text: str, message: str) -> None:
    with pytest.raises(LedgerFileError, match=message.replace("(", r"\(").replace(")", r"\)")) as err:
        parse_pokernow_ledger(text)
    assert "\n" not in str(err.value) and err.value.hint


def test_a_missing_file_and_a_byte_order_mark(tmp_path: Path) -> None:
    with pytest.raises(LedgerFileError, match="nope.csv: cannot read the ledger"):
        read_pokernow_ledger(tmp_path / "nope.csv")
    marked = tmp_path / "Poker Now Ledger (3).csv"
    marked.write_text("\ufeff" + (HERE / "dollars.csv").read_text(), encoding="utf-8")
    assert read_pokernow_ledger(marked).balances()["Tam"] == 8800


def test_unknown_unit() -> None:
    with pytest.raises(InputError, match="unknown ledger unit 'euros'"):
        parse_pokernow_ledger(ledger(f'"Ann",a,{T},,20,20,0,0'), unit="euros")  # type: ignore[arg-type]
