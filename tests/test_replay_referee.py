"""``referee replay`` as the referee: every bad line at once, ``--check``, ``--hand``, the timeline,
penalties by where they go, the JSON of every golden file against the shipped schema, the what-if
(``--option``, ``--rulebook``), and every finding code the engines produce exercised by a golden file.
The last test drives ``replay``, ``dispute`` and the what-if from real subprocesses against a
recorded session."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from helpers import cli
from typer.testing import CliRunner

from referee.cli import app
from referee.engine.findings import CODES
from referee.errors import HandFileError, HandFileErrors
from referee.handfile import parse_night, read_night
from referee.handfile.replay import replay_night_file
from referee.report.json_doc import night_json, schema_path
from referee.dispute.whatif import Change, compare

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
GOLDEN_FILES = sorted(GOLDEN.glob("*/*.txt"))
EXAMPLES = sorted((ROOT / "examples").glob("*.txt"))
REFEREE = Path(sys.executable).parent / "referee"
runner = CliRunner()
FALSE_OPEN = GOLDEN / "jackpots" / "15_false_open_found_at_showdown.txt"

TYPOS = """\
rulebook: jackpots
seats: Ann 100, Bob 100, Cy 100
dealer: Ann

hand 1
Bob: bets 2
Cy: cals
Ann: folds
Bobb: calls
Bob: draws 3, discards Ts1 2c 3c

hand 3
Cy: bets 2
"""


# ------------------------------------------------------------------ reading: every bad line at once


def test_every_bad_line_is_reported_at_once_and_nothing_is_replayed(tmp_path: Path) -> None:
    with pytest.raises(HandFileErrors) as caught:
        parse_night(TYPOS, source="night.txt")
    lines = [str(e) for e in caught.value.errors]
    assert [line.split(":")[1] for line in lines] == ["7", "9", "10", "12"]
    path = tmp_path / "night.txt"
    path.write_text(TYPOS, encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and result.stdout == ""
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
    assert len(errors) == 4
    assert errors[1].startswith(f"Error: {path}:9: unknown player 'Bobb' — hint: the players at the table are")
    assert "4 bad lines: nothing was replayed" in result.stderr and "Traceback" not in result.output


def test_one_bad_seat_does_not_lose_the_others() -> None:
    with pytest.raises(HandFileErrors) as caught:
        parse_night("rulebook: jackpots\nseats: Ann 100, Bob x, Cy 100\ndealer: Ann\n\nhand 1\nCy: bets 2\nZed: folds\n")
    assert [str(e).split(":")[1] for e in caught.value.errors] == ["2", "7"]  # Cy is seated: only Zed is unknown


# ------------------------------------------------------------------ the terminal


def test_check_exits_1_on_a_broken_rule_and_hand_shows_one_hand() -> None:
    result = runner.invoke(app, ["replay", str(FALSE_OPEN), "--check"], env={"COLUMNS": "140"})
    assert result.exit_code == 1, result.output
    clean = GOLDEN / "straight_draw" / "01_showdown_best_hand.txt"
    assert runner.invoke(app, ["replay", str(clean), "--check"]).exit_code == 0
    night = ROOT / "examples" / "jackpots-friday.txt"
    result = runner.invoke(app, ["replay", str(night), "--hand", "3"], env={"COLUMNS": "140"})
    assert result.exit_code == 0, result.output
    assert "Hand 3 ·" in result.stdout and "Hand 1 ·" not in result.stdout
    missing = runner.invoke(app, ["replay", str(night), "--hand", "9"])
    assert missing.exit_code == 2 and "has no hand 9" in missing.stderr


def test_the_timeline_marks_illegal_actions_and_penalties_say_where_they_go() -> None:
    result = runner.invoke(app, ["replay", str(FALSE_OPEN)], env={"COLUMNS": "160"})
    out = result.stdout
    assert "Pot" in out and "Dee" in out
    assert "Bob: bets 2" in out and "Penalty: Bob pays 1 to Cy [jackpots.false_open_penalty]" in out
    assert "false_open_at_showdown" in out and "jackpots.9: If the false open is found at the showdown" in out
    under = runner.invoke(app, ["replay", str(FALSE_OPEN), "--option",
                                "jackpots.false_open_penalty=ante_for_all_next_deal"], env={"COLUMNS": "160"})
    assert "Bob pays 4 as antes for everybody next deal" in under.stdout
    bus = next(p for p in sorted((GOLDEN / "stop_the_bus").glob("*.txt"))
               if any(h.replay.outcome.penalties for h in replay_night_file(read_night(p))))
    out = runner.invoke(app, ["replay", str(bus)], env={"COLUMNS": "160"}).stdout
    assert "into the pot [stopbus.penalty]" in out and "as antes" not in out
    illegal = runner.invoke(app, ["replay", str(GOLDEN / "straight_draw" / "03_over_limit_bet_capped.txt")],
                            env={"COLUMNS": "160"}).stdout
    assert "✗ bet_over_limit" in illegal


def test_a_long_night_shows_a_progress_bar_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from rich.console import Console

    from referee.cli import replay as replay_cli

    monkeypatch.setattr(replay_cli, "PROGRESS_AFTER", 0.0)
    console = Console(file=io.StringIO(), force_terminal=True, width=100)
    with replay_cli.progress_for(console, 30, "Printing hands") as ticker:
        for _ in range(30):
            ticker.advance()
        assert ticker.bar is not None
    quiet = Console(file=io.StringIO(), force_terminal=False)
    with replay_cli.progress_for(quiet, 300, "Printing hands") as ticker:
        ticker.advance()
        assert ticker.bar is None  # not a terminal: no bar


def night_of(hands: int) -> str:
    """A Jackpots night of ``hands`` hands (a won pot with openers shown, a passed-out deal in turn)."""
    lines = ["rulebook: jackpots", "seats: Ann 5000, Bob 5000, Cy 5000, Dee 5000", "dealer: Ann", ""]
    for number in range(1, hands + 1):
        dealer = ("Ann", "Bob", "Cy", "Dee")[(number - 1) % 4]
        order = ["Ann", "Bob", "Cy", "Dee"]
        first = order[(order.index(dealer) + 1) % 4]
        rest = [order[(order.index(first) + k) % 4] for k in range(1, 4)]
        if number % 2:
            body = [f"{first}: dealt Kh Kd 9c 5s 3h", f"{first}: bets 2", *(f"{p}: folds" for p in rest),
                    f"{first}: shows openers Kh Kd"]
        else:
            body = [f"{p}: checks" for p in [first, *rest]]
        lines += [f"hand {number}", f"dealer: {dealer}", *body, ""]
    return "\n".join(lines)


def test_a_long_night_shows_a_rich_progress_bar_in_a_real_terminal(tmp_path: Path) -> None:
    """End to end: ``referee replay`` of a 2,000-hand night in a pseudo-terminal draws rich's bar (the
    label, the bar, done/total, the time left) while it replays and prints (a night of 300 hands is
    now printed before the bar's 0.4 s have passed)."""
    import pexpect

    night = tmp_path / "long-night.txt"
    night.write_text(night_of(2000), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("REFEREE_DB", "NO_COLOR")} | {"TERM": "xterm"}
    child = pexpect.spawn(str(REFEREE), ["replay", str(night)], env=env, dimensions=(40, 120), timeout=600)
    screen = child.read().decode("utf-8", "replace")
    child.close()
    assert child.exitstatus == 0, screen[-2000:]
    assert "Printing hands" in screen or "Replaying hands" in screen
    counts = [int(m) for m in re.findall(r"(?<!\d)(\d+)/2000(?!\d)", screen)]
    assert counts and len(set(counts)) > 5 and max(counts) >= 1500, screen[:2000]  # drawn again and again
    assert "━" in screen  # rich's bar
    assert "Findings: " in screen and "Final stacks: " in screen
    # (piped, no bar is drawn: test_a_long_night_shows_a_progress_bar_on_a_terminal)


# ------------------------------------------------------------------ JSON v2


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    schema = json.loads(schema_path().read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("path", GOLDEN_FILES + EXAMPLES, ids=[f"{p.parent.name}/{p.stem}" for p in GOLDEN_FILES + EXAMPLES])
def test_the_json_of_every_golden_file_validates(path: Path, validator: jsonschema.Draft202012Validator) -> None:
    night = read_night(path)
    document = json.loads(json.dumps(night_json(night, replay_night_file(night, snapshots=True))))
    problems = [f"{e.json_path}: {e.message}" for e in validator.iter_errors(document)]
    assert problems == []


def test_json_v2_answers_the_questions_across_hands() -> None:
    viuda = GOLDEN / "la_viuda" / "05_buyback_not_immediately.txt"
    doc = night_json(read_night(viuda), replay_night_file(read_night(viuda), snapshots=True))
    assert doc["schema"] == "referee.replay/2" and doc["night"]["dealer"] == "Ann"
    pools = [h["carried_in"]["pool"] for h in doc["hands"]]
    assert pools == sorted(pools) and all(isinstance(p, int) for p in pools)  # "how much was in the pool on deal N?"
    assert all("wild_rank_in_deal" in h["facts"] for h in doc["hands"])  # "which rank was wild in deal N?"
    assert [h["carry"]["buyback_open"] for h in doc["hands"]][-1] is False  # "could she still buy back?"
    late = [f for f in doc["hands"][2]["findings"] if f["code"] == "buyback_not_immediate"]
    assert late and late[0]["action"] == 2
    false_open = night_json(read_night(FALSE_OPEN), replay_night_file(read_night(FALSE_OPEN), snapshots=True))
    (found,) = [f for f in false_open["hands"][0]["findings"] if f["code"] == "false_open_at_showdown"]
    assert found["about"] == 2 and found["about_line"] is not None  # the opening bet
    assert {p["to"] for p in false_open["hands"][0]["penalties"]} == {"player"}
    assert false_open["errors_total"] >= 1


@pytest.mark.parametrize(("golden", "to", "words"), [
    # jackpots.false_open_penalty = ante_for_all_next_deal: "The false opener antes for all the other
    # players on the next deal, a free ride for them"
    ("jackpots/21_penalty_free_ride_next_deal.txt", "antes_next_deal", "Cy pays 4 as antes for everybody next deal"),
    # laviuda.4: "the player with the worst poker hand pays one chip to the pool"
    ("la_viuda/01_first_deal_aces_wild_counter_clockwise.txt", "pool", "Dee pays 1 into the pool"),
    # whiskey.scoring = lowest_pays_1_to_pool_elimination: "At each showdown the lowest hand pays one
    # chip to a central pool"
    ("whiskey_poker/16_game_pool_elimination_whisky_payer.txt", "pool", "Bob pays 1 into the pool"),
    # stopbus.5: "the player with the lowest hand pays an agreed sum into the pot, for example five chips"
    ("stop_the_bus/01_full_round_without_exchange.txt", "pot", "Ann pays 5 into the pot"),
])
def test_a_penalty_says_where_its_chips_went_as_the_game_that_imposed_it_says(golden: str, to: str, words: str) -> None:
    """Each game names where a payee-less penalty's chips go (Penalty.into); the JSON's ``to`` and the
    words of a replay and a ruling say so, with no game's name looked up outside the game."""
    from referee.report.json_doc import penalty_words

    night = read_night(GOLDEN / golden)
    replayed = replay_night_file(night, snapshots=True)
    (first,) = [p for p in replayed.hands[0].replay.outcome.penalties if p.payee is None]
    assert penalty_words(first) == words
    doc = night_json(night, replayed)
    assert [p["to"] for p in doc["hands"][0]["penalties"] if p["payee"] is None] == [to]


def test_an_unfinished_hand_has_its_chips_in_the_middle_as_a_field() -> None:
    night = parse_night("rulebook: straight_draw\nseats: Ann 50, Bob 50\ndealer: Ann\n\nhand 1\nBob: bets 2\n")
    hand = night_json(night, replay_night_file(night, snapshots=True))["hands"][0]
    assert hand["result"]["kind"] == "in_progress" and hand["in_middle"] == 4 and hand["result"]["decided"] is False


# ------------------------------------------------------------------ what if


def test_what_if_matches_findings_by_code_and_compares_chips() -> None:
    night = read_night(FALSE_OPEN)
    comparison = compare(night, Change({"jackpots.false_open_penalty": "ante_for_all_next_deal"}))
    (diff,) = comparison.differing
    assert diff.gone == {} and diff.new == {}  # the same findings; the penalty differs
    assert diff.net_was["Bob"] == -10 and diff.net_now["Bob"] == -7
    assert dict((n, (a, b)) for n, a, b in comparison.final())["Cy"] == (112, 111)
    none = compare(night, Change({"jackpots.false_open_penalty": "none"}))
    assert none.differing[0].net_now["Bob"] == -7


def test_what_if_on_the_command_line_and_its_errors(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(FALSE_OPEN), "--option", "jackpots.false_open_penalty=none"],
                           env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    assert "What if: jackpots.false_open_penalty = none" in result.stdout and "1 hand differs" in result.stdout
    assert "Final as logged" in result.stdout
    bad = runner.invoke(app, ["replay", str(FALSE_OPEN), "--option", "jackpots.false_open_penalty=twice"])
    assert bad.exit_code == 2 and "must be one of" in bad.stderr
    other = runner.invoke(app, ["replay", str(FALSE_OPEN), "--option", "brag.ante=2"])
    assert other.exit_code == 2 and "--option brag.ante" in other.stderr
    house = tmp_path / "house.toml"
    house.write_text('[rulebook]\nname = "house"\nextends = "jackpots"\n\n[options]\n'
                     '"jackpots.false_open_penalty" = "ante_for_all_next_deal"\n', encoding="utf-8")
    by_book = runner.invoke(app, ["replay", str(FALSE_OPEN), "--rulebook", str(house)], env={"COLUMNS": "160"})
    assert by_book.exit_code == 0, by_book.output
    assert "Bob pays 4 as antes for everybody next deal" in by_book.stdout
    brag = runner.invoke(app, ["replay", str(FALSE_OPEN), "--rulebook", "three_card_brag"])
    assert brag.exit_code == 2 and "which no hand of this night plays" in brag.stderr
    as_json = json.loads(runner.invoke(app, ["replay", str(FALSE_OPEN), "--json", "--rulebook", str(house)]).stdout)
    assert as_json["hands"][0]["options"]["jackpots.false_open_penalty"] == "ante_for_all_next_deal"


# ------------------------------------------------------------------ every finding code exercised


#: codes a hand file cannot produce, each with the proof that the engine still does (from a session log,
#: which the hand-file reader does not stand between): the reader refuses a declaration the game does not have
ONLY_FROM_A_LOG = {"declaration_unknown"}


def test_every_finding_code_appears_in_a_golden_file() -> None:
    """Each code of referee.engine.findings.CODES is produced by at least one golden file's replay."""
    seen = {f.code for path in GOLDEN_FILES for hand in replay_night_file(read_night(path)) for f in hand.replay.findings}
    never = sorted(set(CODES) - seen - ONLY_FROM_A_LOG)
    assert never == [], f"finding codes no golden file exercises: {never}"
    assert ONLY_FROM_A_LOG <= set(CODES) and not ONLY_FROM_A_LOG & seen


def test_a_declaration_the_game_lacks_is_refused_by_the_reader_and_noted_from_a_log() -> None:
    from referee.engine.events import Declare, Stake
    from referee.engine.replay import replay_hand
    from referee.engine.state import HandSetup
    from referee.rulebook import load_rulebook

    with pytest.raises(HandFileError, match="is not a declaration of Jackpots"):
        parse_night("rulebook: jackpots\nseats: Ann 9, Bob 9\ndealer: Ann\n\nhand 1\nBob: declares four pairs\n")
    for game, events in (("jackpots", [Declare("Bob", "four_pairs")]),
                         ("seven_card_brag", [Stake("Bob", 1), Declare("Bob", "four_pairs")])):
        setup = HandSetup(load_rulebook(game), [("Ann", 9), ("Bob", 9)], "Ann")
        codes = [f.code for f in replay_hand(setup, events).findings]
        assert "declaration_unknown" in codes, game


# ------------------------------------------------------------------ from real subprocesses, against a session


def test_replay_dispute_and_what_if_from_a_subprocess_against_a_recorded_session(tmp_path: Path) -> None:
    env = {"REFEREE_DB": f"sqlite:///{tmp_path / 'club.sqlite3'}", "COLUMNS": "150"}

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return cli.run(*args, env=env, cwd=tmp_path)

    imported = run("import", str(FALSE_OPEN))
    assert imported.returncode == 0, imported.stderr
    sid = imported.stdout.split("session ")[1].split(":")[0]
    replayed = run("replay", "--session", sid, "--check")
    assert replayed.returncode == 1 and "false_open_at_showdown" in replayed.stdout
    as_json = json.loads(run("replay", "--session", sid, "--json").stdout)
    assert as_json["source"] == f"session {sid}" and as_json["hands"][0]["findings"][0]["code"]
    ruled = run("dispute", sid, "--hand", "1", "--action", "2", "Cy says Bob's open was false",
                "--pdf", "ruling.pdf")
    assert ruled.returncode == 0, ruled.stderr
    assert "Ruling — decided from the log" in ruled.stdout and f"Recorded in session {sid}'s log" in ruled.stdout
    assert (tmp_path / "ruling.pdf").stat().st_size > 1000
    after = json.loads(run("replay", "--session", sid, "--json").stdout)
    assert after["rulings"][0]["code"] == "false_open_at_showdown" and after["rulings"][0]["decided_by"] == "log"
    what_if = run("replay", "--session", sid, "--option", "jackpots.false_open_penalty=ante_for_all_next_deal")
    assert what_if.returncode == 0, what_if.stderr
    assert "as antes for everybody next deal" in what_if.stdout and "Final under the change" in what_if.stdout
    unknown = run("dispute", sid, "--hand", "1", "--action", "2", "lovely weather tonight")
    assert unknown.returncode == 2 and unknown.stderr.startswith("Error: cannot tell what the question")
