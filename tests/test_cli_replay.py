"""``referee replay FILE [--json] [--output PATH]`` through typer's CliRunner and a real subprocess.

The JSON output is checked with jsonschema (pinned in the test extra) against the JSON Schema
shipped in the package (``referee/schemas/replay-2.schema.json``).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from referee.cli import app
from helpers.toy_game import toy_games  # noqa: F401 (the fixture)
from referee.report.json_doc import SCHEMA, schema_path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
REFEREE = Path(sys.executable).parent / "referee"
runner = CliRunner()

NIGHT = """\
rulebook: straight_draw
seats: Ann 50, Bob 50, Cy 50
dealer: Ann

hand 1
Bob: bets 1
Cy: raises 5        # over the limit of 2 before the draw
Ann: folds
Bob: calls
Bob: draws 2
Cy: draws 1
Bob: checks
Cy: bets 3
Bob: calls
Cy: shows Ah Ad Ac 7s 2d
Bob: shows Kh Kd 9c 8c 3s

hand 2
Ann: checks
Bob: checks
Cy: checks
"""

def conforms(value: Any, schema: dict[str, Any]) -> list[str]:
    """Where ``value`` breaks ``schema`` (jsonschema, draft 2020-12)."""
    validator = jsonschema.Draft202012Validator(schema)
    return [f"{e.json_path}: {e.message}" for e in validator.iter_errors(value)]


@pytest.fixture
def night_file(tmp_path: Path) -> Path:
    path = tmp_path / "night.txt"
    path.write_text(NIGHT, encoding="utf-8")
    return path


def shipped_schema() -> dict[str, Any]:
    return json.loads(schema_path().read_text(encoding="utf-8"))


def test_the_checker_catches_what_the_schema_forbids() -> None:
    schema = shipped_schema()
    assert conforms({"schema": SCHEMA}, schema)  # everything else missing
    finding = schema["properties"]["hands"]["items"]["properties"]["findings"]["items"]
    good = {"code": "action_voided", "kind": "note", "severity": "info", "action": 3, "line": 9, "about": None,
            "about_line": None, "player": None, "rule": None, "rule_text": None, "message": "m", "remedy": None}
    assert conforms(good, finding) == []
    assert conforms({**good, "action": "3"}, finding) and conforms({**good, "extra": 1}, finding)
    assert conforms({**good, "kind": "rumour"}, finding) and conforms({**good, "action": True}, finding)


def test_json_output_follows_the_shipped_schema(night_file: Path) -> None:
    result = runner.invoke(app, ["replay", str(night_file), "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert conforms(doc, shipped_schema()) == []
    assert doc["schema"] == "referee.replay/2"
    assert doc["night"]["seats"] == [{"name": n, "stack": 50, "paid_cents": None} for n in ("Ann", "Bob", "Cy")]
    hand1, hand2 = doc["hands"]
    assert (hand1["game"], hand1["dealer"], hand1["line"], hand1["actions"]) == ("straight_draw", "Ann", 5, 11)
    assert hand1["options"]["draw.limit_pre"] == 2 and hand1["option_overrides"] == {}
    assert hand1["stacks_before"] == {"Ann": 50, "Bob": 50, "Cy": 50}
    assert sum(hand1["stacks_after"].values()) + hand1["carried_pot"] + hand1["undecided"] == 150
    (pot,) = hand1["pots"]
    assert pot["winners"] == ["Cy"] and pot["hand"] == "three of a kind, aces"
    over = [f for f in hand1["findings"] if f["rule"] == "draw.6"]
    assert len(over) == 1
    assert (over[0]["action"], over[0]["line"], over[0]["player"]) == (2, 7, "Cy")
    assert over[0]["severity"] == "error" and "draw.limit_pre" in over[0]["rule_text"]
    # hand 2: everybody checked, the antes carry, the next dealer deals
    assert hand2["result"]["kind"] == "passed_out" and hand2["carried_pot"] > 0
    assert hand2["dealer"] == "Bob" and hand2["stacks_before"] == hand1["stacks_after"]
    assert doc["final_stacks"] == hand2["stacks_after"]
    assert doc["findings_total"] == len(hand1["findings"]) + len(hand2["findings"])


def test_every_shipped_replayable_example_follows_the_schema() -> None:
    for name in ("jackpots-friday.txt", "straight-draw-corrections.txt", "whiskey-poker.txt", "three-card-brag.txt"):
        result = runner.invoke(app, ["replay", str(EXAMPLES / name), "--json"])
        assert result.exit_code == 0, (name, result.output)
        assert conforms(json.loads(result.stdout), shipped_schema()) == [], name


def test_rich_output_names_outcome_stacks_findings_and_rule_text(night_file: Path) -> None:
    result = runner.invoke(app, ["replay", str(night_file)], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Hand 1 · straight draw (straight_draw) · dealer Ann · line 5" in out
    assert "Result: showdown — Cy wins" in out
    assert "Cy's raise of 5 is over the limit of 2" in out and "capped at 2" in out
    assert "draw.6: A bet or raise is at least" in out  # the rule's text, quoted
    assert "Hand 2 · straight draw (straight_draw) · dealer Bob · line 18" in out
    assert "Result: passed out" in out and "carries to the next deal: pot:" in out
    assert "Final stacks: Ann" in out


def test_output_file_is_written_and_stdout_stays_empty(night_file: Path, tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    result = runner.invoke(app, ["replay", str(night_file), "--json", "--output", str(target)])
    assert result.exit_code == 0 and result.stdout == ""
    assert json.loads(target.read_text(encoding="utf-8"))["schema"] == SCHEMA
    text_target = tmp_path / "out.txt"
    result = runner.invoke(app, ["replay", str(night_file), "-o", str(text_target)])
    assert result.exit_code == 0 and "Hand 2 · straight draw" in text_target.read_text(encoding="utf-8")
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_a_malformed_file_is_an_error_at_its_line_and_writes_nothing(tmp_path: Path) -> None:
    bad = tmp_path / "night.txt"
    bad.write_text(NIGHT.replace("Cy: draws 1", "Cy: draws 1, gets Ts1"), encoding="utf-8")
    target = tmp_path / "out.json"
    target.write_text("previous report", encoding="utf-8")
    result = runner.invoke(app, ["replay", str(bad), "--json", "--output", str(target)])
    assert result.exit_code == 2
    assert f"Error: {bad}:11: bad card 'Ts1' (1st card)" in result.stderr
    assert "Hint:" in result.stderr and "Traceback" not in result.output
    assert target.read_text(encoding="utf-8") == "previous report"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["night.txt", "out.json"]


def test_a_game_the_engine_does_not_replay_is_reported_at_the_hand(toy_games: Path) -> None:
    """Every shipped game is replayed, so a toy registered with ``replays = False`` stands in: its hand
    file is read, and the replay stops at its first hand with the game's name, as the game declares it."""
    from referee.handfile import read_night

    path = toy_games / "waiting.txt"
    path.write_text("rulebook: toy_waiting.toml\nseats: Ann 10, Bob 10\ndealer: Ann\n\nhand 1\n"
                    "Bob: shows As\nAnn: shows Kh\n", encoding="utf-8")
    night = read_night(path)
    assert night.game == "toy_waiting"
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    from referee.engine.games import find_game

    words = find_game(night.game).title
    assert words == "Waiting toy"
    assert f"{path.name}:{night.hands[0].line}: hand 1 is {words}, which the rules engine does not replay yet" \
        in result.stderr


def test_the_whiskey_poker_example_replays() -> None:
    """Issue 9: examples/whiskey-poker.txt replays (Ann's three sevens take the antes)."""
    result = runner.invoke(app, ["replay", str(EXAMPLES / "whiskey-poker.txt")])
    assert result.exit_code == 0, result.stderr
    assert "Ann" in result.stdout


def test_missing_file_and_missing_output_folder(night_file: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(tmp_path / "nope.txt")])
    assert result.exit_code == 2 and "no such hand file" in result.stderr
    result = runner.invoke(app, ["replay", str(night_file), "--json", "-o", str(tmp_path / "no" / "out.json")])
    assert result.exit_code == 2 and "cannot write" in result.stderr


def test_subprocess_error_and_json(tmp_path: Path) -> None:
    """The installed console script: relative file name in the message, exit 2, JSON on stdout."""
    (tmp_path / "night.txt").write_text(NIGHT.replace("Ann: folds", "Zed: folds"), encoding="utf-8")
    proc = subprocess.run([str(REFEREE), "replay", "night.txt"], cwd=tmp_path, capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stderr.startswith("Error: night.txt:8: unknown player 'Zed'")
    assert "Hint: the players at the table are: Ann, Bob, Cy" in proc.stderr
    assert proc.stdout == ""
    (tmp_path / "good.txt").write_text(NIGHT, encoding="utf-8")
    proc = subprocess.run([str(REFEREE), "replay", "good.txt", "--json"], cwd=tmp_path, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert conforms(json.loads(proc.stdout), shipped_schema()) == []


def _property_names(schema: dict[str, Any]) -> set[str]:
    names = set(schema.get("properties", {}))
    for sub in list(schema.get("properties", {}).values()) + schema.get("oneOf", []):
        names |= _property_names(sub)
    if isinstance(schema.get("items"), dict):
        names |= _property_names(schema["items"])
    if isinstance(schema.get("additionalProperties"), dict):
        names |= _property_names(schema["additionalProperties"])
    return names


def test_docs_json_documents_every_field_of_the_schema() -> None:
    """docs/json.md has a table row for every property the shipped schema names."""
    doc = (ROOT / "docs" / "json.md").read_text(encoding="utf-8")
    missing = sorted(n for n in _property_names(shipped_schema()) if f"| `{n}` |" not in doc)
    assert missing == []


@pytest.mark.parametrize("night", [
    # three-card brag with a chip each: the antes leave nobody but Bob with chips for the next hand
    "rulebook: three_card_brag\nseats: Ann 1, Bob 1\ndealer: Ann\n\nhand 1\nAnn: checks\n\nhand 2\nBob: checks\n",
    # after a covered brag hand nobody has chips left, and the next hand is straight draw
    "rulebook: three_card_brag\nseats: Ann 1, Bob 1\ndealer: Ann\n\nhand 1\nAnn: covers\n\n"
    "hand 2\nrulebook: straight_draw\nAnn: all in\n",
])
def test_a_hand_nobody_but_one_can_play_is_one_error_not_a_traceback(night: str, tmp_path: Path) -> None:
    """A deal needs two players with chips (nobody is dealt in without chips): a night that runs out of
    them is refused at the hand that cannot be dealt, in one line with exit 2 -- it raised a
    ValueError, a StopIteration or an AssertionError from inside the games."""
    path = tmp_path / "broke.txt"
    path.write_text(night)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.output.splitlines()
    assert lines[0].startswith(f"Error: {path}:8: hand 2: ") and "a hand needs two players with chips" in lines[0]
    assert lines[1] == "Hint: chips added between hands ('Bob adds 20') or a player sitting down let the night go on"
