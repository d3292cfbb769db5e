"""The real ``referee`` command in a subprocess, as a user runs it (the installed console script of
this venv, so the worktree's own package is the one run), and in-process through typer's CliRunner."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

from typer.testing import CliRunner, Result

from referee.cli import app

REFEREE = Path(sys.executable).parent / "referee"


def run(*args: str, env: Mapping[str, str] | None = None, cwd: Path | None = None,
        timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """``referee *args`` with nothing on its stdin, its output as text.  A ``REFEREE_DB`` set outside
    the tests is dropped and the terminal is 200 columns wide (no line is wrapped), before ``env``'s
    own variables are added."""
    base = {k: v for k, v in os.environ.items() if k != "REFEREE_DB"} | {"COLUMNS": "200"}
    return subprocess.run([str(REFEREE), *args], capture_output=True, text=True, env=base | dict(env or {}),
                          cwd=cwd, stdin=subprocess.DEVNULL, timeout=timeout)


def invoke(*args: str) -> Result:
    """``referee *args`` in-process (typer's CliRunner), the terminal 200 columns wide."""
    return CliRunner().invoke(app, list(args), terminal_width=200, env={"COLUMNS": "200"})


def ok(*args: str) -> Result:
    """:func:`invoke`, which must succeed."""
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    return result
