"""``referee rulebook list | show | check``, through typer's CliRunner and a real subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner, Result

from referee.cli import app
from referee.engine.games import game_names
from referee.rulebook import load_rulebook

runner = CliRunner()
REFEREE = Path(sys.executable).parent / "referee"


def invoke(*args: str) -> Result:
    return runner.invoke(app, ["rulebook", *args], terminal_width=200, env={"COLUMNS": "200"})


def test_list_shows_every_shipped_rulebook() -> None:
    result = invoke("list")
    assert result.exit_code == 0, result.output
    for game in game_names():
        book = load_rulebook(game)
        row = next(line for line in result.output.splitlines() if f" {game} " in line)
        assert book.title in row and "shipped" in row
    assert "extends straight_draw" in next(l for l in result.output.splitlines() if " jackpots " in l)


def test_show_lists_options_then_rules_in_force() -> None:
    result = invoke("show", "jackpots")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Jackpots (jacks or better to open)" in out
    assert out.index("Options") < out.index("Rules") < out.index("Option rules in force")
    assert "jackpots.false_open_penalty" in out and "pay_each_other_player_1" in out
    assert "jackpots.6" in out and "draw.4.2" in out
    assert "The false opener gives one chip to each of the other players" in out


def test_show_marks_house_changes(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('[rulebook]\nextends = "straight_draw"\n[options]\n"draw.limit_pre" = 3\n')
    result = invoke("show", str(house))
    assert result.exit_code == 0, result.output
    row = next(line for line in result.output.splitlines() if "draw.limit_pre" in line and "│" in line)
    assert "3 *" in row
    assert "may not exceed 3 chips" in result.output


def test_show_json() -> None:
    result = invoke("show", "five_card_stud", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    book = load_rulebook("five_card_stud")
    assert data["game"] == "five_card_stud" and data["options"] == dict(book.options)
    assert list(data["rules"]) == book.rule_ids()
    assert data["option_rules"]["stud.all_check"] == book.rule_text("stud.all_check")


def test_check_ok(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('[rulebook]\nname = "friday"\nextends = "jackpots"\n[options]\n"draw.limit_post" = 10\n')
    result = invoke("check", str(house))
    assert result.exit_code == 0, result.output
    assert result.output.strip() == "ok: friday (jackpots, extends jackpots), 33 options, 35 rules"
    assert invoke("check", "stop_the_bus").output.strip() == "ok: stop_the_bus (stop_the_bus), 9 options, 9 rules"


def test_check_error_in_the_project_style(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('[rulebook]\nextends = "jackpots"\n\n[options]\n"draw.max_draw" = 4\n')
    result = invoke("check", str(house))
    assert result.exit_code == 2
    assert result.output.splitlines()[0] == (
        f"Error: {house}:5: option 'draw.max_draw' must be one of 3_or_4_if_under_6, 3, 5_split_4_then_1 (got '4')")
    assert "Hint: draw.max_draw: how many cards a player may draw" in result.output
    assert "Traceback" not in result.output


def test_show_unknown_name() -> None:
    result = invoke("show", "jackpot")
    assert result.exit_code == 2
    assert "Error: no shipped rulebook named 'jackpot'" in result.output
    assert "Hint: did you mean 'jackpots'?" in result.output


def test_real_subprocess(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('[rulebook]\nextends = "three_card_brag"\n[options]\nbrag.wild = "deuces"\nbrag.ante = 0\n')
    ok = subprocess.run([str(REFEREE), "rulebook", "check", "house.toml"], cwd=tmp_path, capture_output=True, text=True)
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.strip() == "ok: house (three_card_brag, extends three_card_brag), 21 options, 28 rules"
    house.write_text('[rulebook]\nextends = "three_card_brag"\n[options]\nbrag.wildcards = "deuces"\n')
    bad = subprocess.run([str(REFEREE), "rulebook", "check", "house.toml"], cwd=tmp_path, capture_output=True, text=True)
    assert bad.returncode == 2
    assert bad.stderr.splitlines() == [
        "Error: house.toml:4: unknown option 'brag.wildcards'",
        "Hint: did you mean 'brag.wild'?",
    ]
    listed = subprocess.run([str(REFEREE), "rulebook", "list"], capture_output=True, text=True)
    assert listed.returncode == 0 and "stop_the_bus" in listed.stdout


def test_check_refuses_a_standalone_rulebook_lacking_a_rule_the_engine_cites(tmp_path: Path) -> None:
    """A copy of the shipped brag rulebook with brag.4.1 renamed would have its rulings quote brag.4's text:
    refused, naming each missing rule id, at the [rules] line, exit 2, no traceback."""
    shipped = Path(load_rulebook("three_card_brag").source).read_text(encoding="utf-8")
    copy = tmp_path / "house.toml"
    copy.write_text(shipped.replace('"brag.4.1" =', '"brag.4.9" =').replace('"brag.6" =', '"brag.6.9" ='),
                    encoding="utf-8")
    done = subprocess.run([str(REFEREE), "rulebook", "check", str(copy)], capture_output=True, text=True, timeout=60)
    rules_line = shipped.splitlines().index("[rules]") + 1
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        f"Error: {copy}:{rules_line}: rules the engine cites for three_card_brag are missing: brag.4.1, brag.6",
        'Hint: give each its text under [rules], or extend the shipped rulebook (extends = "three_card_brag")',
    ]


def test_check_refuses_a_smallest_bet_above_the_limit(tmp_path: Path) -> None:
    """draw.betting = spread_limit: "any bet or raise from draw.bet_min up to draw.limit_pre chips": a smallest
    bet of 10 under a limit of 2 leaves no bet anyone could make -- refused at its line."""
    house = tmp_path / "house.toml"
    house.write_text('[rulebook]\nextends = "jackpots"\n\n[options]\n"draw.bet_min" = 10\n', encoding="utf-8")
    done = invoke("check", str(house))
    assert done.exit_code == 2
    assert done.output.splitlines()[0] == (f"Error: {house}:5: draw.bet_min = 10 is above draw.limit_pre = 2: "
                                           "under a spread limit no bet could be made")
    under_fixed = tmp_path / "fixed.toml"  # a fixed limit ignores the smallest bet: nothing contradicts
    under_fixed.write_text('[rulebook]\nextends = "jackpots"\n\n[options]\n"draw.bet_min" = 10\n'
                           '"draw.betting" = "fixed_limit"\n', encoding="utf-8")
    assert invoke("check", str(under_fixed)).exit_code == 0
