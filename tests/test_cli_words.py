"""What the commands say, said right: a count's noun agrees with it ("1 night", not "1 nights"); a
game is named one way everywhere, as it declares itself; a banker is a name of one word, as
docs/ledger.md says; and ``settle`` of an open night says what it is so far, not "money left over"
beside "everybody is square"."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import text

from helpers.cli import invoke, ok
from referee.engine.events import LedgerSetting
from referee.engine.games import find_game, game_names
from referee.store import codec
from referee.store.chain import event_hash
from referee.store.store import open_store

ROOT = Path(__file__).resolve().parent.parent
NIGHT = ROOT / "examples" / "straight-draw-corrections.txt"
STUD = ROOT / "tests" / "golden" / "five_card_stud" / "10_ante_and_five_streets.txt"




# ------------------------------------------------------------------ counts


def test_one_night_is_one_night(sqlite_url: str, tmp_path: Path) -> None:
    ok("import", str(NIGHT), "--db", sqlite_url)
    ok("session", "close", "1", "-c", "Oleg:50", "-c", "Ivan:60", "-c", "Masha:40", "--accept", "--by", "Oleg",
       "--db", sqlite_url)
    standings = ok("standings", "--db", sqlite_url).output
    assert " · 1 night · " in standings and "1 nights" not in standings
    csv = tmp_path / "s.csv"
    assert ok("standings", "--db", sqlite_url, "--csv", str(csv)).output.startswith("Wrote the standings of 1 night to ")
    verify = ok("db", "verify", "--db", sqlite_url).output
    assert verify.splitlines()[-1] == "All 1 session verified."


def test_one_event_and_one_hand_are_counted_as_one(sqlite_url: str, tmp_path: Path) -> None:
    night = tmp_path / "one.txt"
    night.write_text("rulebook: straight_draw\nseats: Ann 10, Bob 10\ndealer: Ann\n\nhand 1\nBob: folds\n")
    imported = ok("import", str(night), "--db", sqlite_url).output
    counted = re.search(r"as session 1: (\d+) (hands?), (\d+) (events?) ", imported)
    assert counted is not None
    for number, noun in ((counted[1], counted[2]), (counted[3], counted[4])):
        assert noun.endswith("s") == (number != "1"), imported


# ------------------------------------------------------------------ one name per game


@pytest.mark.parametrize("game", game_names())
def test_every_game_declares_its_one_display_name(game: str) -> None:
    title = find_game(game).title
    assert title and title == find_game(title).title  # the name people use finds the game again


def test_a_game_is_named_as_it_declares_itself_in_the_replay_and_the_report(sqlite_url: str) -> None:
    title = find_game("five_card_stud").title
    ok("import", str(STUD), "--db", sqlite_url)
    outputs = [ok("replay", str(STUD)).output, ok("replay", "--session", "1", "--db", sqlite_url).output,
               ok("report", "1", "--db", sqlite_url).output]
    for said in outputs:
        assert title in said
        assert re.search(r"(?i)five[ _]card stud", said) is None  # never the rulebook name spelt out
        assert title.capitalize() not in said or title.capitalize() == title


# ------------------------------------------------------------------ the banker


@pytest.mark.parametrize("banker", ["<script>", "<img", "9th", "Bank!"])
def test_a_banker_that_is_no_name_of_one_word_is_refused(sqlite_url: str, banker: str) -> None:
    ok("import", str(NIGHT), "--db", sqlite_url)
    result = invoke("settle", "1", "--set", f"banker={banker}", "--db", sqlite_url)
    assert result.exit_code == 2
    assert result.output.splitlines()[0] == f"Error: --set banker={banker}: bad banker name {banker!r}"
    with open_store(sqlite_url) as store:
        assert not any(row.kind == "LedgerSetting" for row in store.events(1))


@pytest.mark.parametrize("banker", ["<img src=x>", "Ann Bob", "9th"])
def test_a_one_run_banker_that_is_no_name_of_one_word_is_refused_as_a_recorded_one_is(sqlite_url: str,
                                                                                       banker: str) -> None:
    """``settle --banker NAME`` (this run only) is checked as ``--set banker=NAME``: it printed
    "everybody settles with <img src=x>" and a transfer to that name."""
    ok("import", str(NIGHT), "--db", sqlite_url)
    result = invoke("settle", "1", "--banker", banker, "--db", sqlite_url)
    assert result.exit_code == 2
    assert result.output.splitlines()[0] == f"Error: --banker {banker}: bad banker name {banker!r}"
    assert len(result.output.splitlines()) == 2  # the line and its hint, no settlement printed


def test_a_banker_named_with_one_word_is_recorded(sqlite_url: str) -> None:
    ok("import", str(NIGHT), "--db", sqlite_url)
    assert "Recorded: ledger banker = O'Neil" in ok("settle", "1", "--set", "banker=O'Neil", "--db", sqlite_url).output


def test_a_night_whose_log_holds_an_earlier_banker_still_settles(sqlite_url: str) -> None:
    """An earlier referee took any one word as a banker: such a log still reads and settles."""
    ok("import", str(NIGHT), "--db", sqlite_url)
    with open_store(sqlite_url) as store:
        prev, seq = store.events(1)[-1].hash, store.last_seq(1) + 1
    kind, payload = codec.encode_event(LedgerSetting("banker", "<b>"))
    when = datetime.now(UTC)
    digest = event_hash(prev, session_id=1, seq=seq, hand_number=None, kind=kind, payload=payload, text=None,
                        created_at=when)
    with open_store(sqlite_url) as store, store.engine.begin() as conn:  # as that referee wrote it
        conn.execute(text("INSERT INTO events (session_id, seq, hand_number, kind, payload, text, created_at, "
                          "prev_hash, hash) VALUES (1, :seq, NULL, :kind, :payload, NULL, :at, :prev, :hash)"),
                     {"seq": seq, "kind": kind, "payload": json.dumps(payload), "at": when.replace(tzinfo=None),
                      "prev": prev, "hash": digest})
        conn.execute(text("UPDATE sessions SET last_seq = :seq, last_hash = :hash WHERE id = 1"),
                     {"seq": seq, "hash": digest})
    assert ok("db", "verify", "--db", sqlite_url).output.endswith("All 1 session verified.\n")
    assert "Settlement of session 1" in ok("settle", "1", "--db", sqlite_url).output


# ------------------------------------------------------------------ settle of an open night


def test_settle_of_an_open_night_says_what_it_is_so_far(sqlite_url: str) -> None:
    """Hand 1 in play: Bob bet 2 and Cy called over the antes; 7 chips are in the middle, nobody's yet."""
    ok("session", "new", "--table", "T", "--game", "straight_draw", "-p", "Ann:50", "-p", "Bob:50", "-p", "Cy:50",
       "--dealer", "Ann", "--db", sqlite_url)
    ok("act", "1", "new hand", "bob bets 2", "cy calls", "--db", sqlite_url)
    said = ok("settle", "1", "--db", sqlite_url).output
    assert "Provisional: not cashed out yet" in said
    assert "Not settled yet: €7.00 of chips is in nobody's stack (the night is open)" in " ".join(said.split())
    assert "Over by" not in said and "left over" not in said
    assert "Everybody is square for now (the night is open)." in said


# ------------------------------------------------------------------ a count and its noun agree


def test_a_count_of_one_in_the_night_owners_words_is_singular(sqlite_url: str) -> None:
    """"hand 1 has 1 actions", "a missed rebuy of 1 chips": a count of one takes its noun in the
    singular (and a count of many its plural) in what close, amend and their refusals say."""
    ok("session", "new", "--table", "T", "--game", "jackpots", "-p", "Ann:100", "-p", "Bob:100", "-p", "Cy:100",
       "--db", sqlite_url)
    ok("act", "1", "new hand", "bob open 1", "--db", sqlite_url)  # antes of 1 each, then Bob's 1: 4 in the middle
    voided = invoke("session", "amend", "1", "--void", "1:3", "--why", "misheard", "--db", sqlite_url)
    assert voided.output.splitlines()[0] == "Error: --void 1:3: hand 1 has 1 action, not 3"
    rebuy = ok("session", "amend", "1", "--rebuy", "Cy:1", "--why", "missed", "--db", sqlite_url)
    assert rebuy.output.splitlines()[0] == "Amended session 1: Cy's missed rebuy of 1 chip added (missed)"
    closing = invoke("session", "close", "1", "-c", "Ann:99", "-c", "Bob:98", "-c", "Cy:101", "--db", sqlite_url)
    assert "Error: session 1: hand 1 is still in play (4 chips in the middle)" in closing.output
    closed = ok("session", "close", "1", "-c", "Ann:100", "-c", "Bob:100", "-c", "Cy:101", "--end-hand", "return",
                "--db", sqlite_url)
    assert "Hand 1 ended by house.90.1: its pot of 4 chips returned to those who put it in" in closed.output
