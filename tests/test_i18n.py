"""The interface's language: the catalogs complete and up to date, the language chosen by
``--lang``, ``REFEREE_LANG`` and ``LANG``, counts in Russian's three plural forms, money and dates in
the language's locale when a night names none, and the Russian CLI seen through a real subprocess."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from datetime import date, datetime
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from referee import i18n
from referee.i18n import LOCALE_DIR
from referee.money.settings import MoneySettings, money_settings
from referee.plain_words import plural
from tests.helpers.cli import REFEREE
from tests.test_cli_settle import night

ROOT = Path(__file__).parents[1]
POT = LOCALE_DIR / "referee.pot"
RU = LOCALE_DIR / "ru" / "LC_MESSAGES" / "referee.po"
#: a placeholder of str.format ({name}, {count:,}) or of Jinja2's newstyle gettext (%(name)s)
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([a-z_]+\)s")
NBSP = "\u00a0"


@pytest.fixture
def russian() -> Iterator[None]:
    """The interface in Russian for one test, English again after it."""
    with i18n.speaking("ru"):
        yield


def _catalog(path: Path):  # type: ignore[no-untyped-def]
    with path.open("rb") as f:
        return read_po(f)


def _ids(catalog) -> set[tuple[str, str | None]]:  # type: ignore[no-untyped-def]
    return {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in catalog if m.id}


def test_every_string_of_the_template_has_a_russian_translation_with_the_same_placeholders() -> None:
    template, russian = _catalog(POT), _catalog(RU)
    assert russian.num_plurals == 3
    assert _ids(template) == _ids(russian)  # every string, and none the package no longer marks
    for message in russian:
        if not message.id:
            continue
        sources = [message.id] if isinstance(message.id, str) else list(message.id)
        forms = [message.string] if isinstance(message.string, str) else list(message.string)
        assert len(forms) == (1 if isinstance(message.id, str) else 3), message.id
        assert all(forms) and not message.fuzzy, f"untranslated: {message.id!r}"
        wanted = sorted(PLACEHOLDER.findall(sources[-1]))
        for form in forms:
            assert sorted(PLACEHOLDER.findall(form)) == wanted, (message.id, form)


def test_the_template_holds_every_string_the_package_marks(tmp_path: Path) -> None:
    """``pybabel extract`` as docs/operations.md runs it finds what the committed .pot holds: nothing
    marked is missing from it, nothing in it is marked no more."""
    fresh = tmp_path / "fresh.pot"
    pybabel = Path(sys.executable).parent / "pybabel"
    done = subprocess.run([str(pybabel), "extract", "-F", "babel.cfg", "-o", str(fresh), "."], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert _ids(_catalog(fresh)) == _ids(_catalog(POT))


def test_every_string_marked_in_the_code_is_in_the_template() -> None:
    """Each literal the package's Python passes to a marking call is in the .pot: Babel's extractor
    reads tokens, not syntax, and a keyword used as a plain name (``said[:3]``) makes it read past
    the next real call; the syntax tree says what is marked."""
    import ast

    first = {"_": 0, "N_": 0, "ngettext": 0, "said": 0, "said_plural": 0, "pgettext": 1, "npgettext": 1,
             "plural": 1}
    template = {m.id if isinstance(m.id, str) else m.id[0] for m in _catalog(POT) if m.id}
    missing = []
    for path in (ROOT / "referee").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in first:
                index = first[node.func.id]
                if len(node.args) > index and isinstance(node.args[index], ast.Constant):
                    if node.args[index].value not in template:
                        missing.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.args[index].value!r}")
    assert missing == []


def test_only_the_i18n_package_calls_gettext_itself() -> None:
    """The standard library's ``gettext.ngettext`` speaks English whatever the interface's language:
    every module counts and translates through :mod:`referee.i18n`."""
    strays = [str(path.relative_to(ROOT)) for path in (ROOT / "referee").rglob("*.py")
              if "i18n" not in path.parts and re.search(r"^\s*(from gettext import|import gettext)",
                                                        path.read_text(encoding="utf-8"), re.M)]
    assert strays == []


def test_no_marked_string_hides_inside_an_f_string() -> None:
    """Babel's Python extractor reads no call inside an f-string: ``f"{_('Error:')}"`` would never
    reach the catalog, so nothing is marked that way."""
    import ast

    for path in (ROOT / "referee").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name):
                        assert inner.func.id not in ("_", "pgettext", "npgettext"), f"{path}:{inner.lineno}"


def test_no_string_is_marked_both_alone_and_as_a_count() -> None:
    """A catalog holds one entry per source string: a word marked alone (``_("player")``) and as a
    count (``plural(n, "player", "players")``) would share it, and gettext finds no translation for
    the one alone; such a word takes a context (``pgettext``) in one of its uses."""
    import ast

    alone: dict[str, str] = {}
    counted: dict[str, str] = {}
    for path in (ROOT / "referee").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args):
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            first, *rest = node.args
            if node.func.id in ("_", "N_") and isinstance(first, ast.Constant):
                alone.setdefault(first.value, where)
            elif node.func.id == "ngettext" and isinstance(first, ast.Constant):
                counted.setdefault(first.value, where)
            elif node.func.id == "plural" and rest and isinstance(rest[0], ast.Constant):
                counted.setdefault(rest[0].value, where)
    both = {word: (alone[word], counted[word]) for word in alone.keys() & counted.keys()}
    assert both == {}


@pytest.mark.parametrize(("setting", "codes"), [
    ("ru_RU.UTF-8", ["ru_RU"]), ("ru:en", ["ru", "en"]), ("C", []), ("POSIX", []), ("de_DE@euro", ["de_DE"]),
    ("", []), ("ru-RU", ["ru_RU"]),
])
def test_a_locale_setting_names_its_languages(setting: str, codes: list[str]) -> None:
    assert i18n.language_codes(setting) == codes


def test_the_language_comes_from_lang_then_referee_lang_then_the_usual_variables(
        monkeypatch: pytest.MonkeyPatch) -> None:
    for name in i18n.ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)
    assert i18n.chosen_language() == []  # English
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.chosen_language() == ["de_DE"]
    monkeypatch.setenv("LC_MESSAGES", "it_IT.UTF-8")
    assert i18n.chosen_language() == ["it_IT"]
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    assert i18n.chosen_language() == ["fr_FR"]
    monkeypatch.setenv("LANGUAGE", "ru:en")
    assert i18n.chosen_language() == ["ru", "en"]
    monkeypatch.setenv("REFEREE_LANG", "en")
    assert i18n.chosen_language() == ["en"]
    assert i18n.chosen_language("ru") == ["ru"]  # --lang first


def test_counts_take_russian_plural_forms(russian: None) -> None:
    # 1, 21, 101: the "one" form; 2-4, 22: "few"; 5-20, 11-14, 25, 111: "many"
    said = {n: plural(n, "hand", "hands") for n in (1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111)}
    assert said == {1: "1 раздача", 2: "2 раздачи", 4: "4 раздачи", 5: "5 раздач", 11: "11 раздач",
                    12: "12 раздач", 14: "14 раздач", 21: "21 раздача", 22: "22 раздачи", 25: "25 раздач",
                    101: "101 раздача", 111: "111 раздач"}


def test_counts_stay_english_in_english() -> None:
    assert [plural(n, "hand", "hands") for n in (1, 2, 21)] == ["1 hand", "2 hands", "21 hands"]


def test_money_and_dates_follow_the_language_when_the_night_names_no_locale(russian: None) -> None:
    from referee.money import format_money

    settings = MoneySettings(currency="RUB")
    assert settings.money_locale == "ru"
    assert format_money(-12_505_000, "RUB", settings.money_locale) == f"-125{NBSP}050,00{NBSP}₽"
    assert i18n.format_moment(datetime(2026, 11, 28, 21, 5)) == "28 ноября 2026, 21:05"
    assert i18n.format_day(date(2026, 11, 28)) == "28 ноября 2026"
    # a night's own locale stays the authority
    assert money_settings([("locale", "de_DE")]).money_locale == "de_DE"


def test_money_and_dates_stay_as_they_were_in_english() -> None:
    assert MoneySettings().money_locale == "en_GB"
    assert i18n.format_moment(datetime(2026, 11, 28, 21, 5)) == "2026-11-28 21:05"
    assert i18n.format_day(date(2026, 11, 28)) == "2026-11-28"


def _referee(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """The real ``referee`` with only ``env``'s language variables (none of the suite's)."""
    base = {k: v for k, v in os.environ.items() if k not in (*i18n.ENVIRONMENT, "REFEREE_DB")}
    return subprocess.run([str(REFEREE), *args], capture_output=True, text=True, timeout=300,
                          env=base | {"COLUMNS": "200"} | env, stdin=subprocess.DEVNULL)


def _lines(text: str) -> list[str]:
    return [" ".join(line.replace(NBSP, " ").split()) for line in text.splitlines()]


def test_settle_speaks_russian_under_a_russian_lang(sqlite_url: str) -> None:
    """Friday's night (tests/test_cli_settle.py): Ann +3.25, Bob −2.00, Cy −2.75, Dee +2.00,
    Eve −0.50 in EUR; in Russian money is written ``3,25 €`` and three transfers are ``3 перевода``."""
    night(sqlite_url)
    done = _referee("settle", "1", "--db", sqlite_url, LANG="ru_RU.UTF-8")
    assert done.returncode == 0, done.stderr
    lines = _lines(done.stdout)
    assert "Расчёт по сессии 1 · Friday · закрыт · EUR (ru)" in lines
    assert "Игрок Итог" in lines
    for row in ("Ann +3,25 €", "Bob −2,00 €", "Cy −2,75 €", "Dee +2,00 €", "Eve −0,50 €"):
        assert row in lines
    assert any(line.startswith("Осталось 3 перевода (наименьшее число переводов) · список ") for line in lines)
    assert "# Кто платит Кому Сумма" in lines
    assert ["1 Cy Ann 2,75 €", "2 Eve Ann 0,50 €", "3 Bob Dee 2,00 €"] == [
        line for line in lines if line[:2] in ("1 ", "2 ", "3 ")]
    # a payment typed as the list writes it in Russian is read in the same locale
    paid = _referee("settle", "1", "--paid", "Cy:Ann:2,75", "--db", sqlite_url, LANG="ru_RU.UTF-8")
    assert paid.returncode == 0, paid.stderr
    assert "Записано: Cy → Ann: 2,75 €" in _lines(paid.stdout)
    assert "Уже оплачено: Cy → Ann: 2,75 €" in _lines(paid.stdout)
    assert any(line.startswith("Осталось 2 перевода (") for line in _lines(paid.stdout))
    refused = _referee("settle", "1", "--set", "x", "--db", sqlite_url, LANG="ru_RU.UTF-8")
    assert refused.returncode == 2
    assert _lines(refused.stderr) == ["Ошибка: --set: неверная настройка 'x'",
                                      "Подсказка: пишите ИМЯ=ЗНАЧЕНИЕ, например --set currency=RUB или --set shortfall=banker"]
    english = _referee("settle", "1", "--db", sqlite_url, LANG="en_US.UTF-8")
    assert "Settlement of session 1 · Friday · closed · EUR (en_GB)" in _lines(english.stdout)
    assert "2 Bob Dee €2.00" in _lines(english.stdout)  # the unpaid transfers as they were
    assert "Paid so far: Cy paid Ann €2.75" in _lines(english.stdout)


def test_a_usage_error_speaks_russian_through_the_one_error_path() -> None:
    done = _referee("--lang", "ru", "settle")
    assert done.returncode == 2
    assert _lines(done.stderr)[0] == "Ошибка: referee settle: Не указан аргумент 'SESSION'."
    assert _lines(done.stderr)[1] == ("Подсказка: Вызов: referee settle [OPTIONS] {SESSION}; "
                                      "подробнее: `referee settle --help`")
    extra = _referee("--lang", "ru", "settle", "1", "2")
    assert _lines(extra.stderr)[0] == "Ошибка: referee settle: Лишние аргументы (2)"
    typo = _referee("--lang", "ru", "sette")
    assert _lines(typo.stderr)[0] == "Ошибка: referee: Нет команды 'sette'. Может быть, 'settle', 'serve'?"
    unknown = _referee("--lang", "xx", "settle")
    assert _lines(unknown.stderr)[:2] == ["Error: --lang: no language 'xx' here", "Hint: give one of: en, ru"]


def test_the_demo_speaks_russian_with_lang_ru(tmp_path: Path) -> None:
    """The demo night has 9 hands and 89 events: ``9 раздач, 89 событий`` (9 and 89 take the "many"
    form); its money is written in Russian (the demo records the interface's locale)."""
    db = f"sqlite:///{tmp_path / 'demo.sqlite3'}"
    done = _referee("--lang", "ru", "demo", "--db", db, "--pdf", str(tmp_path / "demo.pdf"))
    assert done.returncode == 0, done.stderr
    lines = _lines(done.stdout)
    assert f"Записан как сессия 1 в {db}: 9 раздач, 89 событий." in lines
    assert ("Воспроизведение сохранённого журнала совпадает с воспроизведением файла; цепочка хешей проверена."
            in lines)
    assert f"PDF-отчёт о вечере: {tmp_path / 'demo.pdf'}" in lines
    assert f"Посмотреть снова: referee report 1 --db {db}" in lines
    # what the Russian runs wrote (the demo, then a settlement that keeps the night's figures) is
    # language-neutral: no Cyrillic in the log but the seeds' own words that the rulebooks quote
    import sqlite3

    assert _referee("--lang", "ru", "settle", "1", "--db", db).returncode == 0

    with sqlite3.connect(tmp_path / "demo.sqlite3") as conn:
        written = [(kind, payload, text) for kind, payload, text in
                   conn.execute("SELECT kind, payload, text FROM events ORDER BY seq")]
        kept = [document for (document,) in conn.execute("SELECT document FROM night_results")]
    cyrillic = re.compile("[а-яё]", re.I)
    assert [kind for kind, payload, text in written
            if kind != "RulebookText" and cyrillic.search(f"{payload} {text}")] == []
    assert kept and [document for document in kept if cyrillic.search(str(document))] == []


def test_help_lists_the_commands_in_russian() -> None:
    done = _referee("--lang", "ru", "--help")
    assert done.returncode == 0, done.stderr
    text = " ".join(done.stdout.split())
    assert "Запись раздач и судья в спорах для домашних покерных игр." in text
    assert "demo Записать, воспроизвести, рассчитать и показать встроенный пример вечера" in text
    assert "--version Показать версию и выйти." in text


def test_a_command_run_in_process_leaves_the_callers_language_as_it_was() -> None:
    from tests.helpers.cli import invoke

    assert "Запись раздач" in " ".join(invoke("--lang", "ru", "--help").output.split())
    assert i18n.language() is None and plural(2, "hand", "hands") == "2 hands"


def test_the_chat_message_speaks_russian(sqlite_url: str) -> None:
    """Night 3 of the tab's three nights (tests/test_settle_message.py has it in English): Bob pays Ann
    €5.00; on the tab Cy owes €9.00 since night 2 (13 November 2026), Bob is owed €9.00 since night 1
    (6 November 2026).  In Russian: money ``5,00 €``, days ``13 ноября 2026``, a transfer ``Bob → Ann``."""
    from tests.helpers.tab_nights import three_nights

    three_nights(sqlite_url)
    assert _referee("tab", "pay", "Cy", "Bob", "6", "--db", sqlite_url).returncode == 0
    done = _referee("settle", "3", "--message", "--db", sqlite_url, LANG="ru_RU.UTF-8")
    assert done.returncode == 0, done.stderr
    assert [line.replace(NBSP, " ") for line in done.stdout.splitlines()] == [
        "Kitchen · вечер 3 · 20 ноября 2026",
        "",
        "Итоги",
        "  Ann +5,00 €",
        "  Dee 0,00 €",
        "  Bob −5,00 €",
        "",
        "Кто кому платит",
        "  1. Bob → Ann: 5,00 €",
        "",
        "Не закрыто с прошлых вечеров",
        "  Cy должен 9,00 € (с 13 ноября 2026)",
        "  Bob получает 9,00 € (с 6 ноября 2026)",
        "  Закрывается так: Cy → Bob: 9,00 €",
    ]


def _unmarked(lines: list[str], data: tuple[str, ...]) -> list[str]:
    """The lines of a pseudo-language run with no ``⟦…⟧`` that are neither a table's rule nor one of
    its rows of data (a row begins with one of ``data``: a player's name, a transfer's number)."""
    return [line for line in lines if line and "⟦" not in line and set(line) != {"─"}
            and not line.startswith(data)]


def test_every_line_of_settle_the_demo_and_a_usage_error_is_marked(sqlite_url: str, tmp_path: Path) -> None:
    """The pseudo-language (``--lang qps``) brackets every marked string: a line of these commands'
    own words without brackets is a string left unmarked."""
    night(sqlite_url)
    settled = _referee("--lang", i18n.PSEUDO, "settle", "1", "--db", sqlite_url)
    assert settled.returncode == 0, settled.stderr
    lines = _lines(settled.stdout)
    assert "⟦Settlement of session 1⟧ · Friday · ⟦closed⟧ · EUR (en_GB)" in lines
    assert _unmarked(lines, ("Ann ", "Bob ", "Cy ", "Dee ", "Eve ", "1 ", "2 ", "3 ")) == []
    db = f"sqlite:///{tmp_path / 'demo.sqlite3'}"
    demo = _referee("--lang", i18n.PSEUDO, "demo", "--db", db, "--pdf", str(tmp_path / "demo.pdf"))
    assert demo.returncode == 0, demo.stderr
    own = _lines(demo.stdout.partition("⟦The demo night")[2])  # its own lines, after the report's
    assert own[0].startswith(": ") and f"⟦Recorded as session 1 in {db}: 9 ⟦hands⟧, 89 ⟦events⟧.⟧" in own
    assert _unmarked(own[1:], ()) == []
    for args in (("settle",), ("settle", "x"), ("settle", "1", "2"), ("sette",), ("report", "1", "--pdff", "x")):
        error = _referee("--lang", i18n.PSEUDO, *args)
        assert error.returncode == 2
        assert [line for line in _lines(error.stderr) if line.count("⟦") < 2] == [], args
