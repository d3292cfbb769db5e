"""Every command speaks only marked words: a tour of the whole command tree (enumerated from the app,
so a new command joins the tour by itself) under the pseudo-language (``--lang qps``, given after
the command's name), where a marked string is printed in ``⟦…⟧``: each command's ``--help``, a run
that succeeds where one is cheap, and its main refusals.  A line of the command's own words
without brackets is a string left unmarked.  Data (names, numbers, cards, a hand file's own words)
is told apart as ``tests/test_i18n.py``'s ``_unmarked`` does: by what a line begins with."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer

from referee import i18n
from referee.cli import app
from tests.helpers.cli import invoke
from tests.test_cli_settle import night

ROOT = Path(__file__).parents[1]
RULEBOOK = str(ROOT / "rulebooks" / "jackpots.toml")
NBSP = "\u00a0"
#: a row of data begins with one of these: Friday's players, a number, a session's table, a shipped
#: rulebook's or a registered game's name
DATA = ("Ann", "Bob", "Cy", "Dee", "Eve", "Friday", "#", "1 ", "2 ", "3 ", "4 ", "5 ", "straight_draw", "jackpots",
        "five_card_stud", "whiskey_poker", "la_viuda", "three_card_brag", "seven_card_brag", "nine_card_brag",
        "stop_the_bus")


def command_paths() -> Iterator[tuple[str, ...]]:
    """Every command and group of the app, as the words that name it: ``("session", "show")``."""
    root = typer.main.get_command(app)

    def walk(command: object, path: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
        yield path
        context = typer.Context(command)  # type: ignore[arg-type]
        for name in getattr(command, "list_commands", lambda _ctx: [])(context):
            yield from walk(command.get_command(context, name), (*path, name))  # type: ignore[attr-defined]

    for name in root.list_commands(typer.Context(root)):  # type: ignore[attr-defined]
        yield from walk(root.get_command(typer.Context(root), name), (name,))  # type: ignore[attr-defined]


PATHS = sorted(command_paths())

#: a run that succeeds and the main refusals of each command, on Friday's closed night (session 1)
#: in a store of its own (``{db}``); ``{rulebook}`` is a shipped rulebook's file
RUNS: dict[tuple[str, ...], list[tuple[int, list[str]]]] = {
    ("db",): [(0, ["info", "--db", "{db}"])],
    ("db", "info"): [(0, ["--db", "{db}"]), (2, ["--db", "sqlite:///{tmp}/nowhere.sqlite3"])],
    ("db", "upgrade"): [(0, ["--db", "{db}"])],
    ("db", "verify"): [(0, ["--db", "{db}"]), (2, ["--session", "9", "--db", "{db}"])],
    ("settle",): [(0, ["1", "--db", "{db}"]), (2, ["9", "--db", "{db}"]), (2, ["1", "--set", "x", "--db", "{db}"])],
    ("session",): [(0, ["list", "--db", "{db}"])],
    ("session", "list"): [(0, ["--db", "{db}"])],
    ("session", "show"): [(0, ["1", "--db", "{db}"]), (2, ["9", "--db", "{db}"])],
    ("session", "close"): [(2, ["1", "--db", "{db}"])],
    ("session", "reopen"): [(2, ["9", "--reason", "typo", "--db", "{db}"])],
    ("session", "delete"): [(2, ["1", "--db", "{db}"])],
    ("session", "void"): [(2, ["9", "--reason", "twice", "--db", "{db}"])],
    ("session", "unvoid"): [(2, ["1", "--reason", "twice", "--db", "{db}"])],
    ("standings",): [(0, ["--db", "{db}"])],
    ("player",): [(0, ["list", "--db", "{db}"])],
    ("player", "list"): [(0, ["--db", "{db}"])],
    ("player", "show"): [(2, ["Nobody", "--db", "{db}"])],
    ("player", "pay-details"): [(0, ["Ann", "--db", "{db}"]), (2, ["Ann", "--iban", "XX00", "--db", "{db}"])],
    ("tab",): [(0, ["--db", "{db}"])],
    ("tab", "pay"): [(2, ["Ann", "Bob", "x", "--db", "{db}"])],
    ("season",): [(0, ["list", "--db", "{db}"])],
    ("season", "list"): [(0, ["--db", "{db}"])],
    ("season", "show"): [(2, ["Nowhen", "--db", "{db}"])],
    ("rulebook",): [(0, ["list"])],  # its rows begin with a rulebook's or a game's name
    ("rulebook", "list"): [(0, [])],
    ("rulebook", "check"): [(0, ["{rulebook}"])],
    ("export",): [(2, ["9", "--db", "{db}"])],
    ("import",): [(2, ["{tmp}/nothing.txt", "--db", "{db}"])],
}
#: commands whose runs are another owner's words (the report, the rulings, the table prompt, the
#: page) or that start a server or a prompt: toured by their help and their usage errors here
ELSEWHERE = {("demo",), ("table",), ("act",), ("replay",), ("dispute",), ("report",), ("serve",),
             ("import-ledger",), ("rulebook", "show"), ("season", "new"), ("season", "close"), ("season", "check"),
             ("session", "new"), ("session", "amend"), ("session", "rulebook")}


#: words of other modules than the CLI's that are not marked yet, by their owner (a line holding one
#: is left to its owner's own marking): each goes when its module marks it
PENDING = {
    "no session ": "referee/store (user-visible errors)",
    "`referee session list` shows the sessions": "referee/store",
    "no store at ": "referee/store/db.py",
    "only the commands that start something create a store": "referee/store/db.py",
    "a played night is kept, never deleted": "referee/store/transaction.py",
    "close it instead: referee session close": "referee/store/transaction.py",
    "no season ": "referee/store/seasons.py",
    "make one with `referee season new": "referee/store/seasons.py",
    "no such hand file": "referee/handfile/parser.py",
    "check the path": "referee/handfile/parser.py",
    "is closed: a close is refused": "referee/night/life.py",
    "it is closed already: reopen it": "referee/night/life.py",
    "owes nothing on the tab": "referee/ledger/tab.py",
    "what clears the tab in": "referee/ledger/tab.py",
    "bad IBAN": "referee/ledger/paying.py",
    "copy it from the bank's app": "referee/ledger/paying.py",
    "no player ": "referee/season/player.py",
    "lists the players": "referee/season/player.py",
    "Player Nights Net Last seen": "referee/season/terminal.py",
    " before hand ": "referee/recording/session_log.py and referee/store/chain.py (a night event between hands)",
    " after hand ": "referee/recording/session_log.py and referee/store/chain.py (a night event between hands)",
}
#: the characters of a table's rules and frames
RULES = set(" ─━│┃┏┓┗┛┡┩╇┯┷┼┳┻┠┨└┘┌┐├┤┬┴╭╮╰╯|-+=")


def unmarked(text: str, data: tuple[str, ...] = DATA) -> list[str]:
    """The lines of ``text`` with no ``⟦`` that are neither a rule nor a frame of a table nor a
    row of data; typer's own usage line and panel frames are typer's words.  An error's and a hint's
    own words are looked for after their ``⟦Error:⟧`` and ``⟦Hint:⟧``."""
    found = []
    for raw in text.replace(NBSP, " ").splitlines():
        line = re.sub(r"^⟦(?:Error|Hint):⟧ *", "", " ".join(raw.strip(" │╭╮╰╯─").split()))
        if not line or "⟦" in line or set(line) <= RULES or line.startswith(data):
            continue
        if any(words in line for words in PENDING):
            continue
        if line.startswith("Usage: referee"):
            continue
        found.append(line)
    return found


#: typer's own words in a help: its usage line, and what it adds after a parameter's help
TYPER_WORDS = re.compile(r"Usage: referee[^\n]*|\[(?:default|env var): [^\]]*\]|\[required\]")
#: prose: two words in a row, of letters, one of them lower case
PROSE = re.compile(r"(?<![-\w])(?=[A-Za-z]*[a-z])[A-Za-z']{2,}[,.;:]? [A-Za-z']{2,}(?![-\w])")


def unmarked_help(text: str) -> list[str]:
    """The prose left in a help once its ``⟦…⟧`` and typer's own words are taken out (a paragraph
    wraps over lines and panels, so the help is read as one text): options, metavars and panel
    frames are no prose."""
    frames = "\n".join(" ".join(line.strip(" │╭╮╰╯─").split()) for line in text.splitlines())
    left = re.sub(r"⟦[^⟧]*⟧", " ", TYPER_WORDS.sub(" ", frames).replace("\n", " "))
    return PROSE.findall(left)


def qps(*args: str) -> tuple[int, str]:
    done = invoke(*args, "--lang", i18n.PSEUDO)
    return done.exit_code, done.output


def test_every_command_is_toured() -> None:
    """A new command needs a run here (or a word on why its runs are another's)."""
    assert {path for path in PATHS if path not in RUNS and path not in ELSEWHERE} == set()


@pytest.mark.parametrize("path", PATHS, ids=" ".join)
def test_every_help_is_marked(path: tuple[str, ...]) -> None:
    code, text = qps(*path, "--help")
    assert code == 0, text
    assert unmarked_help(text) == []


def test_every_usage_error_is_marked() -> None:
    for path in PATHS:
        code, text = qps(*path, "--no-such-option")
        assert code == 2, (path, text)
        assert [line for line in text.splitlines() if line.count("⟦") < 2] == [], path


def test_every_command_run_and_refusal_is_marked(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'friday.sqlite3'}"
    night(db)
    for path, runs in RUNS.items():
        for wanted, args in runs:
            words = [a.format(db=db, tmp=tmp_path, rulebook=RULEBOOK) for a in args]
            code, text = qps(*path, *words)
            assert code == wanted, (path, words, text)
            assert unmarked(text) == [], (path, words)
