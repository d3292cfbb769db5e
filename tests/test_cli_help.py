"""The help of every command reads as plain words: a flag shows no type after it (it takes no value)
and no reStructuredText markup from a docstring shows through."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from referee.cli import app

runner = CliRunner()
REFEREE = Path(sys.executable).parent / "referee"


def every_command() -> list[list[str]]:
    """The path of every command and group of the app, the root first."""
    import typer.main

    root = typer.main.get_command(app)
    paths: list[list[str]] = [[]]

    def walk(command: object, path: list[str]) -> None:
        ctx = typer.Context(command)  # type: ignore[arg-type]
        for name in getattr(command, "list_commands", lambda _ctx: [])(ctx):
            sub = command.get_command(ctx, name)  # type: ignore[attr-defined]
            paths.append([*path, name])
            walk(sub, [*path, name])

    walk(root, [])
    return paths


def test_no_flag_shows_a_type_and_no_help_shows_markup() -> None:
    commands = every_command()
    assert ["session", "new"] in commands and ["export"] in commands and ["db", "verify"] in commands
    for path in commands:
        result = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "200"})
        assert result.exit_code == 0, (path, result.output)
        assert "--help" in result.output
        assert "<bool>" not in result.output, (path, result.output)
        assert "``" not in result.output, (path, result.output)


def test_export_help_in_a_real_process() -> None:
    proc = subprocess.run([str(REFEREE), "export", "--help"], capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL, env={"COLUMNS": "100", "PATH": "/usr/bin:/bin"})
    assert proc.returncode == 0, proc.stderr
    assert "(--json) its whole log" in proc.stdout
    assert "<bool>" not in proc.stdout and "``" not in proc.stdout
    json_line = next(line for line in proc.stdout.splitlines() if "--json" in line and "Write" in line)
    assert "│ --json " in json_line and json_line.split("--json", 1)[1].lstrip().startswith("Write"), json_line
    assert any("-o" in line and "FILE" in line for line in proc.stdout.splitlines())
