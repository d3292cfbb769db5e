"""The CLI skeleton: version, help, the command groups, and light start-up."""

from __future__ import annotations

import json
import subprocess
import sys

from typer.testing import CliRunner

from referee import __version__
from referee.cli import app

runner = CliRunner()

GROUPS = ["session", "table", "act", "replay", "dispute", "settle", "report", "rulebook", "db"]


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"referee {__version__}"


def test_version_subprocess() -> None:
    proc = subprocess.run([sys.executable, "-m", "referee", "--version"], capture_output=True, text=True)
    assert proc.returncode == 0 and proc.stdout.strip() == f"referee {__version__}"


def test_help_lists_every_group() -> None:
    result = runner.invoke(app, ["--help"], terminal_width=120)
    assert result.exit_code == 0
    for group in GROUPS:
        assert f" {group} " in result.output, group


def test_every_group_has_help() -> None:
    for group in GROUPS:
        result = runner.invoke(app, [group, "--help"], terminal_width=120)
        assert result.exit_code == 0, (group, result.output)
        assert "Usage:" in result.output


def test_unknown_command_is_a_usage_error() -> None:
    result = runner.invoke(app, ["no-such-command"])
    assert result.exit_code == 2
    assert result.output.splitlines()[0] == "Error: referee: No such command 'no-such-command'."


def test_usage_errors_are_one_error_line_and_a_hint_in_a_real_process() -> None:
    """A mistyped option, a missing argument, a word where a number goes: the project's error style
    (no typer panel), exit 2."""
    for args, first in ((["act", "abc", "bob folds"], "Error: referee act: Invalid value for 'SESSION': "
                                                      "expected a whole number"),
                        (["settle"], "Error: referee settle: Missing argument 'SESSION'."),
                        (["report", "1", "--pdff", "x.pdf"], "Error: referee report: No such option: --pdff")):
        proc = subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True, text=True,
                              stdin=subprocess.DEVNULL)
        lines = proc.stderr.splitlines()
        assert proc.returncode == 2 and proc.stdout == "", proc.stderr
        assert lines[0].startswith(first) and len(lines) == 2, lines
        assert lines[1].startswith(f"Hint: Usage: referee {args[0]} ") and lines[1].endswith(
            f"`referee {args[0]} --help` says more")


def test_shell_completion_is_offered() -> None:
    result = runner.invoke(app, ["--help"], terminal_width=120)
    assert "--install-completion" in result.output and "--show-completion" in result.output


def test_cli_import_stays_light() -> None:
    """`import referee.cli` (what `referee --help` and completion load) pulls in no heavy library."""
    code = (
        "import sys, json, referee.cli; "
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('sqlalchemy', 'sqlmodel', 'alembic', 'weasyprint', 'jinja2', 'psycopg', 'pokerkit', 'treys'))))"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(proc.stdout) == []


def test_cli_uses_only_typers_public_api() -> None:
    """The commands are built through typer's public API (``typer.Typer``, ``command()``,
    ``add_typer()``, ``typer.main.get_command``, a root group class by ``cls=``), so typer is not pinned
    to one minor release: no module of the package imports typer's private modules (its vendored click
    in ``typer._click``, ``typer.models``) or its internal builders."""
    import ast
    from pathlib import Path

    import referee

    private = {"typer._click", "typer.models", "typer._completion_shared", "typer._completion_classes"}
    internals = {"get_command_from_info", "get_group_from_info", "TyperInfo", "CommandInfo"}
    found = []
    for path in sorted(Path(referee.__file__).parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""] + [f"{node.module}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Attribute) and node.attr in internals:
                names = [node.attr]
            else:
                continue
            bad = [n for n in names if n.split(".")[-1] in internals or any(
                n == p or n.startswith(p + ".") for p in private) or n.startswith("typer._")]
            found += [f"{path.name}:{node.lineno}: {n}" for n in bad]
    assert found == []
