"""Bad hand files, fuzzed: the parser on text, the engine behind it, and ``referee import`` of a file.

Whatever a hand file holds, it is replayed or refused with errors that each name the file and line
(``night.txt:14: …``); nothing else is ever raised, and a refused import leaves the store row for row
as it was.  The inputs are the example nights and every golden hand of every game with one to three
things changed (a line replaced, dropped, doubled or swapped, a card garbled, a number out of range, a
stray character, bytes that are not UTF-8), and random text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from typer.testing import CliRunner

from helpers.fuzz import EXAMPLES, ROOT, corpus, fuzz_settings, line_like, mutated, mutated_bytes, store_rows, tried
from referee.cli import app
from referee.errors import HandFileError, HandFileErrors, RefereeError
from referee.handfile import parse_night
from referee.handfile.replay import replay_night_file

pytestmark = pytest.mark.fuzz

NIGHTS = corpus("example nights and golden hands",
                [*sorted(EXAMPLES.glob("*.txt")), *sorted((ROOT / "tests" / "golden").glob("*/*.txt"))])
hand_files = st.one_of(mutated(NIGHTS), st.lists(line_like(), max_size=6).map("\n".join))
runner = CliRunner()


def errors_of(err: HandFileError) -> tuple[HandFileError, ...]:
    return err.errors if isinstance(err, HandFileErrors) else (err,)


@given(hand_files)
@fuzz_settings(0.09)
@example("rulebook: jackpots\nseats: Ann 10, Bob 10\ndealer: Ann\nhand 1\nAnn: bets ²\n")
def test_a_hand_file_is_replayed_or_refused_at_its_lines(text: str) -> None:
    tried("hand files")
    try:
        replay_night_file(parse_night(text, source="night.txt", base_dir=str(EXAMPLES)))
    except RefereeError as err:
        assert isinstance(err, HandFileError), repr(err)
        for each in errors_of(err):
            assert re.match(r"night\.txt(:\d+)?$", each.where or ""), f"no file:line in {str(each)!r}"
            assert "\n" not in str(each) and "\n" not in (each.hint or ""), str(each)


@pytest.fixture
def store_with_a_night(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    done = runner.invoke(app, ["import", str(EXAMPLES / "jackpots-friday.txt"), "--db", url])
    assert done.exit_code == 0, done.output
    return url


@given(mutated_bytes(NIGHTS))
@fuzz_settings(0.0012)
@example(b"rulebook: jackpots\nseats: Ann 10, Bob 10\ndealer: Ann\nhand 1\nAnn: bets 2\xff\n")
def test_a_refused_import_names_the_line_and_leaves_the_store_as_it_was(store_with_a_night: str, tmp_path: Path,
                                                                         data: bytes) -> None:
    tried("hand file imports")
    night = tmp_path / "night.txt"
    night.write_bytes(data)
    before = store_rows(store_with_a_night)
    done = runner.invoke(app, ["import", str(night), "--table", "Fuzz", "--again", "--db", store_with_a_night])
    assert done.exit_code in (0, 2), (done.exit_code, done.output, done.exception)
    assert "Traceback" not in done.output
    if done.exit_code == 2:
        errors = [line for line in done.output.splitlines() if line.startswith("Error:")]
        assert errors, done.output
        for line in errors:
            assert re.match(rf"Error: {re.escape(str(night))}(:\d+)?: ", line), line
        assert store_rows(store_with_a_night) == before
