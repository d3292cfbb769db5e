"""A game owns everything about itself: a toy registered from one module (tests/helpers/toy_game.py)
with an option of its own (``toy.ante``) and an action of its own (``Ann: doubles``, its own event kind
and finding code) is read from a hand file, written back, replayed (``referee replay``, ``--option``),
recorded at the table (``LiveTable``, ``referee act``, ``?``) and listed by ``referee rulebook show``,
with nothing outside that module naming it."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner
from helpers.toy_game import Double, toy_games  # noqa: F401 (the fixture)

from referee.cli import app
from referee.engine.findings import CODES, kind_of
from referee.handfile import parse_night, read_night
from referee.handfile.replay import replay_night_file
from referee.handfile.writer import write_night
from referee.recording.live_table import LiveTable, Said, Stored
from referee.recording.night_file import record_night
from referee.recording.session_log import night_from_session
from referee.store.store import open_store

runner = CliRunner()

#: toy.1 "Every player antes" (toy.ante = 2 here): the pot is 6.  toy.3 "A player may double once a
#: hand: he puts his ante in once more": Bob's first double puts 2 more in (pot 8); his second, at once,
#: is flagged doubled_twice [toy.3] and voided.  toy.2: Bob's ace is the highest rank and takes the 8:
#: Bob 10 - 4 + 8 = 14, Ann and Cy 10 - 2 = 8.
NIGHT = """\
rulebook: {book}
option toy.ante = 2
seats: Ann 10, Bob 10, Cy 10
dealer: Ann

hand 1
Bob: doubles
Bob: doubles
Cy: shows 2c
Bob: shows As
Ann: shows Kh
"""
HAND_LINES = ["Bob: doubles", "Bob: doubles", "Cy: shows 2c", "Bob: shows As", "Ann: shows Kh"]


def toy_night(folder: Path) -> Path:
    path = folder / "night.txt"
    path.write_text(NIGHT.format(book=folder / "toy.toml"), encoding="utf-8")
    return path


def test_the_toys_own_option_and_action_are_read_and_written_back(toy_games: Path) -> None:
    night = read_night(toy_night(toy_games))
    assert dict(night.options) == {"toy.ante": 2}
    assert night.hands[0].events[0] == Double("Bob")
    text = write_night(night)
    assert "option toy.ante = 2" in text and text.count("Bob: doubles") == 2
    assert parse_night(text, base_dir=str(toy_games)) == night


def test_the_toys_own_action_is_replayed_with_its_own_finding(toy_games: Path) -> None:
    result = runner.invoke(app, ["replay", str(toy_night(toy_games)), "--json"])
    assert result.exit_code == 0, result.stderr
    (hand,) = json.loads(result.stdout)["hands"]
    assert hand["net"] == {"Ann": -2, "Bob": 4, "Cy": -2}
    (finding,) = hand["findings"]
    assert (finding["code"], finding["kind"], finding["rule"], finding["action"], finding["player"]) == (
        "doubled_twice", "illegal_action", "toy.3", 2, "Bob")
    assert kind_of("doubled_twice") == "illegal_action"


def test_the_toys_own_option_takes_a_what_if(toy_games: Path) -> None:
    """Under toy.ante = 1 every ante and the double are 1: Bob wins 4 with 2 of his in (+2)."""
    result = runner.invoke(app, ["replay", str(toy_night(toy_games)), "--option", "toy.ante=1"])
    assert result.exit_code == 0, result.stderr
    assert "showdown: Bob wins 4 with As high" in result.stdout
    assert [line.split() for line in result.stdout.splitlines() if line.split()[:1] in (["Ann"], ["Bob"], ["Cy"])][:3] == [
        ["Ann", "-2", "-1", "+1"], ["Bob", "+4", "+2", "-2"], ["Cy", "-2", "-1", "+1"]]
    wrong = runner.invoke(app, ["replay", str(toy_night(toy_games)), "--option", "toy.ante=0"])
    assert wrong.exit_code == 2 and "Traceback" not in wrong.stderr
    assert "option 'toy.ante' must be from 1 to 100 (got 0)" in wrong.stderr


def test_the_toys_own_option_is_listed_and_checked_by_rulebook_show(toy_games: Path) -> None:
    shown = runner.invoke(app, ["rulebook", "show", str(toy_games / "toy.toml"), "--json"])
    assert shown.exit_code == 0, shown.stderr
    book = json.loads(shown.stdout)
    assert book["options"]["toy.ante"] == 1
    assert book["option_rules"]["toy.ante"] == "Every player antes 1 chips before the deal."
    text = runner.invoke(app, ["rulebook", "show", str(toy_games / "toy.toml")], env={"COLUMNS": "200"})
    assert text.exit_code == 0 and "toy.ante" in text.stdout
    bad = toy_games / "bad.toml"
    bad.write_text((toy_games / "toy.toml").read_text() + "\n[options]\n\"toy.ante\" = 101\n", encoding="utf-8")
    checked = runner.invoke(app, ["rulebook", "check", str(bad)])
    assert checked.exit_code == 2
    assert "option 'toy.ante' must be from 1 to 100 (got 101)" in checked.stderr


def test_an_option_of_the_toy_is_refused_in_another_game(toy_games: Path) -> None:
    night = "rulebook: jackpots\noption toy.ante = 2\nseats: Ann 10, Bob 10\ndealer: Ann\n"
    with pytest.raises(Exception) as caught:
        parse_night(night)
    assert "option 'toy.ante' does not apply to jackpots (it belongs to toy_high_card, toy_waiting)" in str(caught.value)


def test_the_toy_is_recorded_at_the_table_and_replayed_from_the_store(toy_games: Path, tmp_path: Path) -> None:
    night = read_night(toy_night(toy_games))
    with open_store(f"sqlite:///{tmp_path / 'toy.sqlite3'}") as store:
        sid = record_night(store, replace(night, hands=()), table_name="toy", chip_value_cents=1)
        table = LiveTable(store, sid)
        assert isinstance(table.enter("new hand"), Stored)
        asked = table.enter("?")
        assert isinstance(asked, Said) and "toy.3: A player may double once a hand" in asked.text
        assert isinstance(table.enter("bob double"), Stored)  # the short form of the toy's own verb
        refused = table.enter("Bob: doubles")  # toy.3: once a hand
        assert not isinstance(refused, Stored) and "toy.3" in str(refused)
        assert isinstance(table.force(), Stored)
        for line in HAND_LINES[2:]:
            assert isinstance(table.enter(line), Stored), line
        stored = night_from_session(store, sid)
    assert stored.hands[0].events == night.hands[0].events
    (mine,), (theirs,) = replay_night_file(stored), replay_night_file(night)
    assert mine.replay.outcome == theirs.replay.outcome
    assert mine.replay.findings == theirs.replay.findings


def test_the_toy_is_recorded_by_referee_act(toy_games: Path, tmp_path: Path) -> None:
    night = read_night(toy_night(toy_games))
    url = f"sqlite:///{tmp_path / 'act.sqlite3'}"
    with open_store(url) as store:
        sid = record_night(store, replace(night, hands=()), table_name="toy", chip_value_cents=1)
    done = runner.invoke(app, ["act", str(sid), "new hand", "bob doubles", "--db", url])
    assert done.exit_code == 0, done.stderr
    again = runner.invoke(app, ["act", str(sid), "Bob: doubles", "--db", url])
    assert again.exit_code == 2 and "toy.3" in again.stderr
    forced = runner.invoke(app, ["act", str(sid), "Bob: doubles", "--force", "--db", url])
    assert forced.exit_code == 0, forced.stderr
    shown = runner.invoke(app, ["act", str(sid), *HAND_LINES[2:], "--db", url])
    assert shown.exit_code == 0, shown.stderr
    with open_store(url) as store:
        assert night_from_session(store, sid).hands[0].events == night.hands[0].events


def test_the_toys_codes_leave_the_catalogue_with_it() -> None:
    assert "doubled_twice" not in CODES


def test_the_tables_of_phase_words_dispute_codes_and_spread_limits_name_no_game() -> None:
    """A game declares its phases in words, the finding codes of its own that decide a dispute and its
    spread limit in its own module: the live table, the dispute's questions and the rulebook loader name
    no game, no game's rule, option or phase and none of a game's own finding codes (docstrings aside)."""
    import ast
    import inspect

    from referee.dispute import questions
    from referee.engine.games import all_games
    from referee.recording import live_table
    from referee.rulebook import loader

    games = all_games()
    names = {g.name for g in games}
    prefixes = tuple(f"{g.prefix}." for g in games)
    own_codes = {code for g in games for code in vars(g).get("finding_codes", {})} | {
        code for g in games for action in vars(g).get("actions", ()) for code in action.findings}
    own_phases = {phase for g in games for phase in vars(g).get("phase_words", {})}
    for module in (live_table, questions, loader):
        tree = ast.parse(inspect.getsource(module))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body
                      and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
        said = [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
                and isinstance(node.value, str) and id(node) not in docstrings]
        phases = own_phases if module is live_table else set()  # a question's words may be "draw", "reveal"
        named = [s for s in said if s in names or s in own_codes or s in phases or s.startswith(prefixes)]
        assert named == [], module.__name__
