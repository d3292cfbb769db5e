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


def test_no_help_breaks_a_line_where_its_docstring_was_wrapped() -> None:
    """On a terminal wide enough for any sentence, every paragraph of a command's help is one line and
    every option and command takes one row: a line break inside a sentence would be the docstring's
    own (``import-ledger --help`` once printed its docstring's three source lines as three lines)."""
    import typer.main

    root = typer.main.get_command(app)
    for path in every_command():
        command = root
        for name in path:
            command = command.get_command(typer.Context(command), name)  # type: ignore[attr-defined]
        ctx = typer.Context(command)  # type: ignore[arg-type]
        result = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "1000"})
        assert result.exit_code == 0, (path, result.output)
        lines = [line.rstrip() for line in result.output.splitlines()]
        start = next(n for n, line in enumerate(lines) if line.lstrip().startswith("Usage:")) + 1
        end = next(n for n, line in enumerate(lines) if line.startswith("╭"))
        prose = lines[start:end]
        joined = [(a, b) for a, b in zip(prose, prose[1:]) if a.strip() and b.strip()]
        assert joined == [], (path, joined)
        rows = [line for line in lines if line.startswith("│")]
        shown = [p for p in command.get_params(ctx) if not getattr(p, "hidden", False)]
        subcommands = getattr(command, "list_commands", lambda _ctx: [])(ctx)
        assert len(rows) == len(shown) + len(subcommands), (path, rows)
