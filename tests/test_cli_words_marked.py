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
NIGHT = str(ROOT / "examples" / "demo-night.txt")
NBSP = "\u00a0"
#: a row of data begins with one of these: one of Friday's players (or the season's name), alone or
#: after a row's number, a session's number and the day it started, or a shipped rulebook's or a
#: registered game's name
PLAYERS = ("Ann", "Bob", "Cy", "Dee", "Eve")
DATA = (*PLAYERS, "Friday", "Winter", "#", *(f"{n} {name}" for n in range(1, 6) for name in (*PLAYERS, "20")),
        "straight_draw", "jackpots", "five_card_stud", "whiskey_poker", "la_viuda", "three_card_brag",
        "seven_card_brag", "nine_card_brag", "stop_the_bus")


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

#: a run that succeeds and the main refusals of each command, in this order, on Friday's closed
#: night (session 1) in a store of its own (``{db}``; the tab is paid against before the night is
#: reopened and amended); ``{rulebook}`` is a shipped rulebook's file
RUNS: dict[tuple[str, ...], list[tuple[int, list[str]]]] = {
    ("tab", "pay"): [(2, ["Ann", "Bob", "x", "--db", "{db}"]), (0, ["Eve", "Ann", "0.50", "--db", "{db}"]),
                     (0, ["Eve", "Ann", "0.50", "--db", "{db}"])],
    ("season", "new"): [(0, ["Winter", "--from", "2026-01-01", "--to", "2026-12-31", "--db", "{db}"])],
    ("season", "close"): [(0, ["Winter", "--db", "{db}"])],
    ("season", "check"): [(2, [])],
    ("session", "new"): [(0, ["--table", "Kitchen", "--player", "Ann:100", "--player", "Bob:100", "--game", "jackpots",
                              "--db", "{db}"]),
                         (2, ["--table", "Kitchen", "--player", "Ann:100", "--game", "jackpots", "--db", "{db}"]),
                         (2, ["--table", "Kitchen", "--player", "Ann", "--player", "Bob", "--game", "jackpots",
                              "--db", "{db}"])],
    ("session", "rulebook"): [(2, ["1", "--file", "{tmp}/gone.toml", "--db", "{db}"])],
    ("replay",): [(2, []), (2, ["{night}", "--hand", "99"])],
    ("report",): [(2, ["--db", "{db}"]), (2, ["1", "--hands", "some", "--db", "{db}"])],
    ("serve",): [(2, ["--db", "{db}"])],
    ("act",): [(2, ["9", "bob calls", "--db", "{db}"])],
    ("table",): [(2, ["9", "--db", "{db}"])],
    ("demo",): [(2, ["--chip-value", "x", "--db", "{db}"])],
    ("dispute",): [(2, ["1", "--hand", "1", "--action", "1", "whatever", "--db", "{db}"]),
                   (2, ["1", "--hand", "1", "--action", "1", "was the open false?", "--pdf", "-", "--db", "{db}"])],
    ("import-ledger",): [(2, ["{tmp}/ledger.csv", "--unit", "euros", "--db", "{db}"])],
    ("db",): [(0, ["info", "--db", "{db}"])],
    ("db", "info"): [(0, ["--db", "{db}"]), (2, ["--db", "sqlite:///{tmp}/nowhere.sqlite3"])],
    ("db", "upgrade"): [(0, ["--db", "{db}"])],
    ("db", "verify"): [(0, ["--db", "{db}"]), (2, ["--session", "9", "--db", "{db}"])],
    ("settle",): [(0, ["1", "--db", "{db}"]), (2, ["9", "--db", "{db}"]), (2, ["1", "--set", "x", "--db", "{db}"])],
    ("session",): [(0, ["list", "--db", "{db}"])],
    ("session", "list"): [(0, ["--db", "{db}"])],
    ("session", "show"): [(0, ["1", "--db", "{db}"]), (2, ["9", "--db", "{db}"])],
    ("session", "close"): [(2, ["1", "--db", "{db}"])],
    ("session", "reopen"): [(2, ["9", "--why", "typo", "--db", "{db}"]), (0, ["1", "--why", "typo", "--db", "{db}"])],
    ("session", "amend"): [(2, ["2", "--why", "typo", "--void", "x:1", "--db", "{db}"]),
                           (0, ["1", "--why", "typo", "--count", "Ann:112", "--db", "{db}"])],
    ("session", "delete"): [(2, ["1", "--db", "{db}"])],
    ("session", "void"): [(2, ["9", "--why", "twice", "--db", "{db}"])],
    ("session", "unvoid"): [(2, ["1", "--why", "twice", "--db", "{db}"])],
    ("standings",): [(0, ["--db", "{db}"])],
    ("player",): [(0, ["list", "--db", "{db}"])],
    ("player", "list"): [(0, ["--db", "{db}"])],
    ("player", "show"): [(2, ["Nobody", "--db", "{db}"])],
    ("player", "pay-details"): [(0, ["Ann", "--db", "{db}"]), (2, ["Ann", "--iban", "XX00", "--db", "{db}"])],
    ("tab",): [(0, ["--db", "{db}"])],
    ("season",): [(0, ["list", "--db", "{db}"])],
    ("season", "list"): [(0, ["--db", "{db}"])],
    ("season", "show"): [(2, ["Nowhen", "--db", "{db}"])],
    ("rulebook",): [(0, ["list"])],  # its rows begin with a rulebook's or a game's name
    ("rulebook", "list"): [(0, [])],
    ("rulebook", "check"): [(0, ["{rulebook}"])],
    ("export",): [(2, ["9", "--db", "{db}"])],
    ("import",): [(2, ["{tmp}/nothing.txt", "--db", "{db}"])],
}
#: commands whose runs print another owner's words (a rulebook's own rule texts): toured by their
#: help and their usage errors here (the demo's, a ruling's and the table prompt's successes are
#: tests/test_i18n.py's and their owners' tests)
ELSEWHERE = {("rulebook", "show")}


#: a night event in ``session show``: its number, its place (marked), then what the log says of it,
#: in the log's own (the hand format's) words, as ``referee export`` writes them
NIGHT_EVENT = re.compile(r"^\d+ ⟦[^⟦⟧]*⟧: ")
#: the characters of a table's rules and frames
RULES = set(" ─━│┃┏┓┗┛┡┩╇┯┷┼┳┻┠┨└┘┌┐├┤┬┴╭╮╰╯|-+=")


def unmarked(text: str, data: tuple[str, ...] = DATA) -> list[str]:
    """The lines of ``text`` that are neither a rule nor a frame of a table nor a row of data and
    hold no ``⟦``, or prose outside their ``⟦…⟧``; typer's own usage line and panel frames are
    typer's words.  An error's and a hint's own words are looked for after their ``⟦Error:⟧`` and
    ``⟦Hint:⟧`` (and the command an error names)."""
    found = []
    for raw in text.replace(NBSP, " ").splitlines():
        line = re.sub(r"^⟦(?:Error|Hint):⟧ *(?:referee[a-z -]*: )?", "", " ".join(raw.strip(" │╭╮╰╯─").split()))
        if not line or set(line) <= RULES or line.startswith(data) or line.startswith("Usage: referee") \
                or NIGHT_EVENT.match(line):
            continue
        left = line
        while "⟦" in left and (inner := re.sub(r"⟦[^⟦⟧]*⟧", " ", left)) != left:
            left = inner
        if "⟦" not in line or PROSE.search(left):
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
            words = [a.format(db=db, tmp=tmp_path, rulebook=RULEBOOK, night=NIGHT) for a in args]
            code, text = qps(*path, *words)
            assert code == wanted, (path, words, text)
            assert unmarked(text) == [], (path, words)


def test_every_help_of_the_command_tree_is_in_the_catalog() -> None:
    """The helps are written in English where the commands are defined and translated when a run
    builds its command: each command's help and summary and each parameter's help must be in the
    template (``referee/cli/help_catalog.py`` extracts them), or it would stay English."""
    from babel.messages.pofile import read_po

    from referee.cli.app import paragraphs, summary
    from referee.i18n import LOCALE_DIR

    with (LOCALE_DIR / "referee.pot").open("rb") as f:
        known = {m.id for m in read_po(f) if isinstance(m.id, str)}
    root = typer.main.get_command(app)
    missing = []
    with i18n.speaking("en"):
        for path in PATHS:
            command = root
            for name in path:
                command = command.get_command(typer.Context(command), name)  # type: ignore[attr-defined]
            texts = [paragraphs(command.help), summary(paragraphs(command.help) or "")]
            texts += [getattr(param, "help", None) for param in command.params]
            missing += [(path, text) for text in texts if text and text not in known]
    assert missing == []


def _words(text: str) -> list[str]:
    """Each line of ``text`` with its frame and its runs of blanks taken out."""
    return [" ".join(line.replace(NBSP, " ").strip(" │╭╮╰╯─").split()) for line in text.splitlines()]


def test_lang_after_the_command_wins_over_the_environment(sqlite_url: str) -> None:
    """``--lang`` is read after the command's name too (the last one given wins), and REFEREE_LANG
    is the fallback: Friday's night settled (tests/test_cli_settle.py: Ann +3.25 EUR)."""
    from tests.helpers.cli import run

    night(sqlite_url)
    after = run("settle", "1", "--db", sqlite_url, "--lang", "ru", env={"REFEREE_LANG": "en"})
    assert after.returncode == 0, after.stderr
    assert "Расчёт по сессии 1 · Friday · закрыт · EUR (ru)" in _words(after.stdout)
    both = run("--lang", "ru", "session", "list", "--db", sqlite_url, "--lang", "en")
    assert "No sessions yet" not in both.stdout and "id started (UTC) table rulebook seats hands events status" in \
        _words(both.stdout)
    joined = _words(invoke("session", "list", "--db", sqlite_url, "--lang=ru").output)
    assert "№ начата (UTC) стол свод правил места раздачи события состояние" in joined
    fallback = run("session", "show", "1", "--db", sqlite_url, env={"REFEREE_LANG": "ru"})
    assert "Сессия 1: Friday" in _words(fallback.stdout)
    assert "состояние закрыт" in _words(fallback.stdout)
    refused = run("settle", "1", "--db", sqlite_url, "--lang", "xx")
    assert refused.returncode == 2
    assert _words(refused.stderr)[:2] == ["Error: --lang: no language 'xx' here", "Hint: give one of: en, ru"]


def test_a_commands_help_and_its_options_speak_russian() -> None:
    """The command's help, each option's help and the panels' titles, translated when the help is
    shown (they are written in English where the command is defined)."""
    lines = _words(invoke("db", "verify", "--help", "--lang", "ru").output)
    assert ("Проверить цепочку хешей каждой сессии: не было ли записанное событие изменено, удалено или "
            "переставлено? И каждый сохранённый результат: изменённый вне referee заменяется по журналу и "
            "называется.") in lines
    assert "Выходит с кодом 1, когда цепочка нарушена, называя первое событие, которое в неё не вписывается." in lines
    assert "Параметры" in lines
    assert "--session ID Проверить только эту сессию." in lines
    assert "--lang LANG Язык всех сообщений: ru, en (или REFEREE_LANG, иначе LANGUAGE, LC_ALL, LC_MESSAGES, LANG)." in lines
    assert "--help Показать эту справку и выйти." in lines
    group = _words(invoke("--lang", "ru", "db", "--help").output)
    assert "Команды" in group
    # a command's line in its group's list: the first paragraph of its help, translated apart
    assert "info Показать URL базы данных (пароль скрыт), её диалект, версию схемы и что в ней хранится." in group
    # the same process asked in English next: English throughout, one panel of options (--lang in it)
    english = _words(invoke("db", "verify", "--help").output)
    assert "Options" in english and "Параметры" not in english
    assert "--lang LANG The language of every message: ru, en (also REFEREE_LANG, else LANGUAGE, LC_ALL, LC_MESSAGES, " \
           "LANG)." in english


def test_what_the_store_holds_is_counted_in_russian(sqlite_url: str) -> None:
    """examples/jackpots-friday.txt seats Ann, Bob, Cy and Dee, Eve sits down before hand 3, and
    there are three hands: 5 игроков, 0 псевдонимов, 1 сессия, 5 мест, 3 раздачи; one night verified."""
    night(sqlite_url)
    info = _words(invoke("db", "info", "--db", sqlite_url, "--lang", "ru").output)
    assert any(line.startswith("Содержимое: 5 игроков, 0 псевдонимов, 1 сессия, 5 мест, 3 раздачи, ") for line in info)
    assert any(line.startswith("Схема: ") and line.endswith(" (актуальна)") for line in info)
    verified = _words(invoke("db", "verify", "--db", sqlite_url, "--lang", "ru").output)
    assert verified[-1] == "Проверена 1 сессия."
