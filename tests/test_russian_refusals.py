"""Bad input refused in Russian: the real ``referee --lang ru …`` in a subprocess exits 2 with one
``Ошибка:`` line saying what and where (file:line) and one ``Подсказка:`` line saying how to fix
it; the hand format's keywords and the card notation quoted in them stay as the file writes them."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.cli import run

NBSP = "\u00a0"


def _refusal(*args: str, cwd: Path) -> list[str]:
    """The lines ``referee --lang ru *args`` prints on stderr, which must refuse with exit 2 and print
    nothing on stdout."""
    done = run("--lang", "ru", *args, cwd=cwd)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stdout == ""
    return [line.replace(NBSP, " ").rstrip() for line in done.stderr.splitlines()]


def test_a_malformed_card_in_a_hand_file_is_refused_in_russian_at_its_line(tmp_path: Path) -> None:
    """Line 6 deals Ann ``Qx``, her third card: no suit is written ``x``."""
    (tmp_path / "night.txt").write_text(
        "rulebook: jackpots\nseats: Ann 100, Bob 100\ndealer: Ann\n\nhand 1\nAnn: dealt As Kd Qx 2c 3c\n",
        encoding="utf-8")
    assert _refusal("replay", "night.txt", cwd=tmp_path) == [
        "Ошибка: night.txt:6: неверная карта 'Qx' (3-я карта): ожидается достоинство и масть, например "
        "'Ts', 'Qh', '10d', джокер 'Jk1'/'Jk2' или '??'",
        "Подсказка: пишите карты как 'Ts Qh 9c', джокеры как 'Jk1', закрытые карты как '??'",
    ]


def test_a_bad_rulebook_value_is_refused_in_russian_at_its_line(tmp_path: Path) -> None:
    """Line 5 sets the draw to 4 cards: straight draw's ``draw.max_draw`` is one of three named ways."""
    (tmp_path / "house.toml").write_text(
        '[rulebook]\nextends = "jackpots"\n\n[options]\n"draw.max_draw" = "4"\n', encoding="utf-8")
    lines = _refusal("rulebook", "check", "house.toml", cwd=tmp_path)
    assert lines[0] == ("Ошибка: house.toml:5: параметр 'draw.max_draw' должен быть одним из: "
                        "3_or_4_if_under_6, 3, 5_split_4_then_1 (указано '4')")
    assert lines[1].startswith("Подсказка: draw.max_draw: ") and len(lines) == 2


def test_a_wrong_database_url_is_refused_in_russian(tmp_path: Path) -> None:
    """``sqlit://`` is a typing slip: referee stores into SQLite or PostgreSQL only."""
    assert _refusal("session", "list", "--db", "sqlit:///night.db", cwd=tmp_path) == [
        "Ошибка: неподдерживаемая база данных 'sqlit' в sqlit:///night.db",
        "Подсказка: referee хранит данные в SQLite (sqlite:///path) или PostgreSQL (postgresql://user@host/db)",
    ]


def test_the_same_refusal_stays_english_in_english(tmp_path: Path) -> None:
    done = run("--lang", "en", "session", "list", "--db", "sqlit:///night.db", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "Error: unsupported database 'sqlit' in sqlit:///night.db",
        "Hint: referee stores into SQLite (sqlite:///path) or PostgreSQL (postgresql://user@host/db)",
    ]
