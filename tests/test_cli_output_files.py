"""Every command that writes a file (export, replay, report --csv/--pdf, standings --csv, dispute --pdf)
writes it the one way (referee.files.output_file): a path it cannot write is one error line and a hint,
exit 2, no traceback and nothing left behind; the file it writes has an ordinary new file's mode."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from helpers.cli import REFEREE, run
from typer.testing import CliRunner

from referee.cli import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "jackpots-friday.txt"
FALSE_OPEN = ROOT / "tests" / "golden" / "jackpots" / "15_false_open_found_at_showdown.txt"
DISPUTE = ["--hand", "1", "--action", "2", "Cy says Bob's open was false", "--no-record"]


@pytest.fixture
def session_db(sqlite_url: str) -> str:
    """A database holding the example Jackpots night as session 1."""
    done = runner.invoke(app, ["import", str(EXAMPLE), "--db", sqlite_url])
    assert done.exit_code == 0, done.output
    return sqlite_url


def writers(db: str, target: Path) -> dict[str, list[str]]:
    """Each command that writes a file, told to write ``target``; the option that names the file."""
    return {
        "--output": ["export", "1", "--db", db, "-o", str(target)],
        "--output ": ["export", "1", "--json", "--db", db, "-o", str(target)],
        "--output  ": ["replay", "--session", "1", "--db", db, "-o", str(target)],
        "--csv": ["standings", "--db", db, "--csv", str(target)],
        "--csv ": ["report", "1", "--db", db, "--csv", str(target)],
    }


@pytest.mark.parametrize("bad", ["/proc/x.out", "no-such-folder/x.out", "."])
def test_a_file_that_cannot_be_written_is_one_error_and_exit_2(session_db: str, tmp_path: Path, bad: str,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for option, argv in writers(session_db, Path(bad)).items():
        proc = run(*argv)
        assert proc.returncode == 2, (argv, proc.stderr)
        assert "Traceback" not in proc.stderr, proc.stderr
        errors = [line for line in proc.stderr.splitlines() if line.startswith("Error:")]
        assert errors == [errors[0]] and errors[0].startswith(f"Error: {option.strip()}: cannot write '{bad}'"), proc.stderr
        assert "Hint:" in proc.stderr
    # no temporary file left behind (the store and its key, beside it)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["referee.sqlite3", "referee.sqlite3.key"]


def test_a_pdf_that_cannot_be_written_is_refused_like_any_other_file(session_db: str) -> None:
    for argv in (["report", "1", "--db", session_db, "--pdf", "/proc/x.pdf"],
                 ["dispute", str(FALSE_OPEN), *DISPUTE, "--pdf", "/proc/x.pdf"]):
        result = runner.invoke(app, argv)
        assert result.exit_code == 2, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert "Error: --pdf: cannot write '/proc/x.pdf'" in result.output


def test_every_written_file_has_the_mode_of_an_ordinary_new_file(session_db: str, tmp_path: Path) -> None:
    mask = os.umask(0o022)
    try:
        commands = {name: [*argv[:-1], str(tmp_path / f"{i}.out")]
                    for i, (name, argv) in enumerate(writers(session_db, tmp_path / "x").items())}
        commands["report --pdf"] = ["report", "1", "--db", session_db, "--pdf", str(tmp_path / "report.pdf")]
        commands["dispute --pdf"] = ["dispute", str(FALSE_OPEN), *DISPUTE, "--pdf", str(tmp_path / "ruling.pdf")]
        for name, argv in commands.items():
            result = runner.invoke(app, argv)
            assert result.exit_code == 0, (name, result.output)
            written = Path(argv[-1])
            assert written.stat().st_size > 0, name
            assert written.stat().st_mode & 0o777 == 0o644, (name, oct(written.stat().st_mode))
    finally:
        os.umask(mask)
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary file left behind


def test_a_report_pdf_named_dash_goes_to_standard_output_never_to_a_terminal(session_db: str, tmp_path: Path) -> None:
    """`--pdf -` means standard output, as `--csv -` does: the PDF's bytes into a pipe or a redirect,
    no file named '-'; onto a terminal (or beside `--csv -`) it is refused in one line, exit 2."""
    import pexpect

    env = {k: v for k, v in os.environ.items() if k != "REFEREE_DB"}
    piped = subprocess.run([str(REFEREE), "report", "1", "--db", session_db, "--pdf", "-"], capture_output=True,
                           env=env, cwd=tmp_path, stdin=subprocess.DEVNULL, timeout=300)
    assert piped.returncode == 0, piped.stderr
    assert piped.stdout.startswith(b"%PDF-") and piped.stdout.rstrip().endswith(b"%%EOF") and piped.stderr == b""
    assert not (tmp_path / "-").exists()
    both = run("report", "1", "--db", session_db, "--pdf", "-", "--csv", "-")
    assert both.returncode == 2 and both.stdout == ""
    assert both.stderr.splitlines()[0] == ("Error: --pdf: '-' writes the PDF to standard output, which is where "
                                           "--csv - writes too")
    said, status = pexpect.run(f"{REFEREE} report 1 --db {session_db} --pdf -", withexitstatus=True, env=env | {
        "COLUMNS": "200", "NO_COLOR": "1"}, cwd=str(tmp_path), timeout=300)
    assert status == 2, said
    assert b"'-' writes the PDF to standard output, which is a terminal here" in said and b"%PDF" not in said
    assert not (tmp_path / "-").exists()
