"""Bad PokerNow ledgers, fuzzed: whatever a CSV holds, it is read or refused with one error naming the
file (and the line, where the fault is on one); ``referee import-ledger`` of a refused file leaves the
store row for row as it was.  The inputs are the real-layout ledgers of tests/pokernow with one to
three things changed (a row replaced, dropped, doubled or swapped, an amount or a time out of range, a
stray quote or comma, bytes that are not UTF-8), and random text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from typer.testing import CliRunner

from helpers.fuzz import LEDGERS, corpus, fuzz_settings, line_like, mutated, mutated_bytes, store_rows, tried
from referee.cli import app
from referee.errors import RefereeError
from referee.ledger.pokernow import LedgerFileError, ledger_fingerprint, parse_pokernow_ledger

pytestmark = pytest.mark.fuzz

LEDGER_FILES = corpus("PokerNow ledgers", sorted(LEDGERS.glob("*.csv")))
COLUMNS = ("player_nickname", "player_id", "session_start_at", "session_end_at", "buy_in", "buy_out", "stack",
           "net", "nit_escrow", "2026-03-14T21:05:00.000Z", "2026-02-30T25:61:00Z", "-2000", "12.345", "\"\"")
ledgers = st.one_of(mutated(LEDGER_FILES, COLUMNS), st.lists(line_like(COLUMNS), max_size=5).map("\n".join))
runner = CliRunner()


@given(ledgers, st.sampled_from(("auto", "auto", "cents", "dollars")))
@fuzz_settings(0.07)
@example("player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net\n"
         "A,a,2026-03-14T21:00:00Z,,²,,0,0\nB,b,2026-03-14T21:00:00Z,,10,,0,0\n", "auto")
@example("player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net\n\ud800"
         "A,a,2026-03-14T21:00:00Z,,10,,0,-10\nB,b,2026-03-14T21:00:00Z,,10,,20,10\n", "auto")  # not UTF-8
def test_a_ledger_is_read_or_refused_naming_the_file(text: str, unit: str) -> None:
    tried("ledgers")
    try:
        ledger_fingerprint(parse_pokernow_ledger(text, source="ledger.csv", unit=unit))  # type: ignore[arg-type]
    except RefereeError as err:
        assert isinstance(err, LedgerFileError), repr(err)
        assert re.match(r"ledger\.csv(:\d+)?$", err.where or ""), f"no file in {str(err)!r}"
        assert "\n" not in str(err) and "\n" not in (err.hint or ""), str(err)


@pytest.fixture
def club_store(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    done = runner.invoke(app, ["import-ledger", str(LEDGERS / "cents.csv"), "--db", url])
    assert done.exit_code == 0, done.output
    return url


@given(mutated_bytes(LEDGER_FILES, COLUMNS))
@fuzz_settings(0.0012)
@example(b"player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net\n\xff\n")
def test_a_refused_ledger_import_names_the_file_and_leaves_the_store_as_it_was(club_store: str, tmp_path: Path,
                                                                               data: bytes) -> None:
    tried("ledger imports")
    ledger = tmp_path / "ledger.csv"
    ledger.write_bytes(data)
    before = store_rows(club_store)
    done = runner.invoke(app, ["import-ledger", str(ledger), "--again", "--db", club_store])
    assert done.exit_code in (0, 2), (done.exit_code, done.output, done.exception)
    if done.exit_code == 2:
        errors = [line for line in done.output.splitlines() if line.startswith("Error:")]
        assert len(errors) == 1, done.output
        assert re.match(r"Error: (\S*/)?ledger\.csv(:\d+)?: ", errors[0]), errors[0]
        assert store_rows(club_store) == before


def test_a_lone_player_with_a_line_break_in_his_nickname_is_named_in_one_line() -> None:
    """A quoted nickname may hold a line break (PokerNow keeps it); the refusal quotes it, on one line
    (the fuzz pass found 'O\\nMarta' printed over two)."""
    text = ("player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net\n"
            '"O\nMarta",a,2026-03-14T21:00:00Z,,10,,10,0\n')
    with pytest.raises(LedgerFileError) as refused:
        parse_pokernow_ledger(text, source="ledger.csv")
    assert "\n" not in str(refused.value)
    assert "the ledger has one player ('O\\nMarta', row 2)" in str(refused.value)
