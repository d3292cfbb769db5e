"""Bad command lines, fuzzed: random argv built from the commands' own parameters, run through the
real app (CliRunner) on a real SQLite store that holds a closed night and an open one.  Whatever is
typed, the command succeeds (0), gives its verdict (1, for ``--check`` and ``db verify``), or is
refused with exit code 2 and one ``Error:`` line (a hand file's several bad lines: one each); never a
traceback, and a refused command leaves the store row for row as it was.

The values tried for each parameter are ones that fit it (a session that exists, an example night, a
shipped rulebook, ``Ann:40``) and ones that do not (numbers beyond every edge, text where a number
goes, files that are not what they should be, random text).  ``table``, ``serve`` and ``demo`` are
left out: they wait at a prompt, serve until stopped, or write a demo database and PDF of their own;
``--pdf`` is left out for time (a PDF is rendered by WeasyPrint, seconds each)."""

from __future__ import annotations

import re
import shutil
from functools import cache
from pathlib import Path
from typing import Any

import click
import pytest
import typer.main
from hypothesis import example, given
from hypothesis import strategies as st
from typer.testing import CliRunner

from helpers.fuzz import EXAMPLES, LEDGERS, NUMBERS, RULEBOOKS, fuzz_settings, noise, store_rows, tried, word_salad
from referee.cli import app

pytestmark = pytest.mark.fuzz

LEFT_OUT_COMMANDS = {"table", "serve", "demo"}
LEFT_OUT_OPTIONS = {"pdf", "db", "template_dir"}
runner = CliRunner()


@cache
def commands() -> tuple[tuple[tuple[str, ...], click.Command], ...]:
    """Every command the fuzz runs, with the words that name it (``("session", "new")``)."""
    root = typer.main.get_command(app)
    ctx = click.Context(root)
    found = []
    for name in root.list_commands(ctx):  # type: ignore[attr-defined]
        if name in LEFT_OUT_COMMANDS:
            continue
        command = root.get_command(ctx, name)  # type: ignore[attr-defined]
        subs = getattr(command, "commands", None)
        if subs:
            found += [((name, sub_name), sub) for sub_name, sub in subs.items()]
        else:
            found.append(((name,), command))
    return tuple(found)


TEMPLATE_NIGHTS = (["import", str(EXAMPLES / "jackpots-friday.txt")],
                   ["session", "new", "--table", "Kitchen", "--game", "jackpots", "-p", "Ann:40", "-p", "Bob:40",
                    "-p", "Cy:40"],
                   ["act", "2", "new hand", "bob open 2", "cy c"])


def record_template(url: str) -> None:
    """A closed night (jackpots-friday, imported) and an open one with a hand under way."""
    for argv in TEMPLATE_NIGHTS:
        done = runner.invoke(app, [*argv, "--db", url])
        assert done.exit_code == 0, done.output


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("cli") / "template.sqlite3"
    record_template(f"sqlite:///{path}")
    return path


#: the files a command line may name, as ``{name}`` placeholders filled in per test (:func:`files`)
FILES = ("{night}", "{brag}", "{ledger}", "{bad ledger}", "{rulebook}", "{not utf-8}", "{json}", "{empty}", "{folder}",
         "{missing}")


def values(name: str) -> st.SearchStrategy[str]:
    """Values for the parameter ``name``: many that fit it, and bad ones of every kind."""
    bad = st.one_of(st.sampled_from(NUMBERS), noise(), word_salad(), st.just(""), st.sampled_from(
        ("-", "--", "--help", "-1", "--db", "Ann", "Ann:", ":40", "Ann:-5", "Ann:99999999999999999999", "x=y", "=")))
    fitting: tuple[str, ...]
    if name in ("session_id", "session", "hand", "action", "hands"):
        fitting = ("1", "2", "3", "99", "1,2", "all")
    elif name in ("file", "path", "source"):
        fitting = FILES + ("1", "2")
    elif name in ("output", "csv"):
        fitting = ("{out}", "{folder}", "{missing folder}", "-")
    elif name in ("player", "cash_out", "count", "rebuy", "paid", "prefer", "forbid", "name"):
        fitting = ("Ann:40", "Bob:0", "Cy:40", "Ann=Bob", "Ann:Bob", "Ann>Bob", "Marta=Ann", "1:2")
    elif name in ("rulebook", "game"):
        fitting = ("jackpots", "straight_draw", "three_card_brag", "{rulebook}", "nonesuch")
    elif name in ("option", "options", "setting", "decide"):
        fitting = ("draw.limit_pre=3", "jackpots.false_open_penalty=ante_for_all_next_deal", "draw.limit_pre=x",
                   "rounding=down", "nonesuch=1", "jackpots.6=yes")
    elif name in ("start", "end", "season"):
        fitting = ("2026", "2026-03-14", "2026-13-40", "1999", "99999")
    elif name in ("chip_value", "buy_in", "currency", "locale", "unit", "method", "end_hand", "banker", "by", "why",
                  "table", "question", "host", "port", "lines", "void"):
        fitting = ("0.25", "25c", "EUR", "USD", "de_DE", "auto", "cents", "return", "split", "Ann", "fewest",
                   "Bob says Ann's open was false", "bob raises to 4", "new hand", "1:2", "T")
    else:
        fitting = ("1", "Ann")
    return st.one_of(st.sampled_from(fitting), st.sampled_from(fitting), bad)


@st.composite
def command_lines(draw: Any) -> list[str]:
    words, command = draw(st.sampled_from(commands()))
    argv = list(words)
    params = [p for p in command.params if p.name not in LEFT_OUT_OPTIONS]
    for param in draw(st.lists(st.sampled_from(params), max_size=6)) if params else []:
        if isinstance(param, click.Argument):
            argv += [draw(values(param.name or "")) for _ in range(1 if param.nargs == 1 else draw(st.integers(1, 3)))]
        elif getattr(param, "is_flag", False):
            argv.append(draw(st.sampled_from(param.opts)))
        else:
            argv += [draw(st.sampled_from(param.opts)), draw(values(param.name or ""))]
    if draw(st.integers(0, 9)) == 0:  # a stray word, an unknown option, an argument missing
        at = draw(st.integers(0, len(argv)))
        argv.insert(at, draw(st.sampled_from(("--nonesuch", "-x", "extra", "--db", "--help"))))
    return argv


def allowed_verdict(argv: list[str]) -> bool:
    """Exit code 1 is a verdict: an illegal hand under ``replay --check``, a broken chain in ``db verify``."""
    return "--check" in argv or argv[:2] == ["db", "verify"]


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "not-utf8.txt").write_bytes(b"rulebook: jackpots\n\xff\xfe\n")
    (tmp_path / "log.json").write_text('{"format": "referee-log", "version": 1, "events": [1, 2]}')
    (tmp_path / "empty.csv").write_text("")
    (tmp_path / "folder").mkdir()
    return {
        "night": str(EXAMPLES / "jackpots-friday.txt"), "brag": str(EXAMPLES / "three-card-brag.txt"),
        "ledger": str(LEDGERS / "cents.csv"), "bad ledger": str(LEDGERS / "unbalanced.csv"),
        "rulebook": str(RULEBOOKS / "jackpots.toml"), "not utf-8": str(tmp_path / "not-utf8.txt"),
        "json": str(tmp_path / "log.json"), "empty": str(tmp_path / "empty.csv"), "folder": str(tmp_path / "folder"),
        "missing": str(tmp_path / "missing.txt"), "out": str(tmp_path / "out.txt"),
        "missing folder": str(tmp_path / "no" / "such" / "out.csv"),
    }


@given(command_lines())
@fuzz_settings(0.004)
@example(["session", "new", "--table", "T", "-p", "Ann:²", "-p", "Bob:1"])  # a digit int() cannot read
@example(["db", "verify", "--session", "99999999999999999999999"])  # beyond SQLite's 64 bits
@example(["act", "2147483648", "new hand"])  # beyond PostgreSQL's integer
@example(["session", "new", "--table", "T\udcff", "-p", "Ann:4", "-p", "Bob:3"])  # an argument not UTF-8
def test_a_command_line_succeeds_or_is_refused_in_one_line_leaving_the_store_as_it_was(
        template: Path, files: dict[str, str], tmp_path: Path, words: list[str]) -> None:
    argv = [word.format_map(files) if word in FILES or word in ("{out}", "{missing folder}") else word
            for word in words]
    tried("command lines")
    work = tmp_path / "store.sqlite3"
    shutil.copyfile(template, work)
    run_and_check(argv, f"sqlite:///{work}")


@given(command_lines())
@fuzz_settings(0.0004)
@example(["act", "2147483648", "new hand"])  # beyond PostgreSQL's integer
def test_a_command_line_on_postgresql_succeeds_or_is_refused_leaving_the_store_as_it_was(
        pg_url: str, files: dict[str, str], words: list[str]) -> None:
    """The same on one real PostgreSQL database (the nights recorded once: what a command that
    succeeded wrote stays for the next, so only the refusals are compared, each with the store just
    before it)."""
    argv = [word.format_map(files) if word in FILES or word in ("{out}", "{missing folder}") else word
            for word in words]
    if not store_rows(pg_url).get("sessions"):
        record_template(pg_url)
    tried("command lines (PostgreSQL)")
    run_and_check(argv, pg_url)


def run_and_check(argv: list[str], url: str) -> None:
    """Run ``referee ARGV --db URL``: it succeeds, gives a verdict, or is refused in one line and
    leaves the store as it was."""
    before = store_rows(url)
    done = runner.invoke(app, [*argv, "--db", url] if "--" not in argv else argv, catch_exceptions=True)
    if done.exception is not None and not isinstance(done.exception, SystemExit):
        raise AssertionError(f"referee {' '.join(argv)}: {done.exception!r}") from done.exception
    assert "Traceback" not in done.output, done.output
    assert done.exit_code in (0, 2) or (done.exit_code == 1 and allowed_verdict(argv)), (argv, done.exit_code,
                                                                                          done.output)
    if done.exit_code == 2:
        errors = [line for line in done.output.splitlines() if line.startswith("Error:")]
        assert errors, (argv, done.output)
        assert len(errors) == 1 or re.search(r"\d+ bad lines: nothing was", done.output), (argv, done.output)
        assert store_rows(url) == before, f"referee {' '.join(argv)} was refused yet the store changed"
