"""A long night printed as text: it costs about what its JSON does, and the work shows its progress
on standard error (the output stays clean)."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app

runner = CliRunner()
REFEREE = Path(sys.executable).parent / "referee"
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from replay_text import night_text  # noqa: E402  (the bench's night: straight draw, 17 actions a hand)


def cpu_seconds(*argv: str) -> float:
    """The CPU time (user + system) of ``referee ARGV`` run to the end, its output thrown away."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_DB"}
    done = subprocess.run([str(REFEREE), *argv], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env,
                          stdin=subprocess.DEVNULL, timeout=600)
    assert done.returncode == 0, done.stderr
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def test_a_night_printed_as_text_costs_about_what_its_json_does(tmp_path: Path) -> None:
    """A 5,000-hand file replayed in 3.7 s with --json and 119 s as text."""
    night = tmp_path / "night.txt"
    night.write_text(night_text(400))
    json_cpu = min(cpu_seconds("replay", str(night), "--json") for _ in range(2))
    text_cpu = min(cpu_seconds("replay", str(night)) for _ in range(2))
    assert text_cpu < 2 * json_cpu, (text_cpu, json_cpu)  # it was 18 times


def test_a_long_replay_shows_its_progress_on_standard_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.cli import replay as replay_cli

    monkeypatch.setattr(replay_cli, "PROGRESS_NOTE", 0.0)  # as if every hand took long
    night = tmp_path / "night.txt"
    night.write_text(night_text(40))
    for argv in (["replay", str(night)], ["replay", str(night), "--json"]):
        result = runner.invoke(app, argv)
        assert result.exit_code == 0, result.output
        assert "Replaying hands: 16 of 40" in result.stderr and "Replaying hands: 32 of 40" in result.stderr
        assert "Replaying hands" not in result.stdout
    assert "Printing hands: 16 of 40" in result.stderr or argv[-1] == "--json"
    text = runner.invoke(app, ["replay", str(night)])
    assert "Printing hands: 32 of 40" in text.stderr and "Printing hands" not in text.stdout


def test_a_short_replay_shows_no_progress(tmp_path: Path) -> None:
    night = tmp_path / "night.txt"
    night.write_text(night_text(40))
    result = runner.invoke(app, ["replay", str(night)])
    assert result.exit_code == 0 and result.stderr == ""
