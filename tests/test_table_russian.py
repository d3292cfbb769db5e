"""``referee --lang ru table`` as a Russian table uses it: a real process in a pseudo-terminal (pexpect,
the screen read by pyte, as tests/test_table_terminal.py does in English).  A three-card brag hand
typed with the seeds' verbs (втемную, пас), the help, a refused line with its Russian hint, then the
night counted out at the prompt and closed.

Worked out by hand: three players ante 1 each (pot 3), Bob stakes 1 blind (pot 4), Cy and Ann drop:
Bob takes the 4 chips, so the log gives Ann 100 − 1 = 99, Bob 100 − 1 − 1 + 4 = 102, Cy 99.  The frame
of every line is the table prompt's own words in Russian; the game's title, its legal actions and a
hand's outcome are the engine's words (looked up, not spelled here), and what is stored stays in the
hand format's English words."""

from __future__ import annotations

from pathlib import Path

import pexpect
import pytest

from referee import i18n
from referee.engine.games import game_title
from referee.store.store import open_store
from referee.store.transaction import SeatSpec
from tests.test_table_terminal import Terminal, terminal_env  # noqa: F401 - its fixture


@pytest.fixture
def brag_night(sqlite_url: str) -> tuple[str, int]:
    with open_store(sqlite_url) as store:
        with store.transaction() as tx:
            game = tx.new_session(table_name="Kitchen", rulebook="three_card_brag", chip_value_cents=100,
                                  seats=[SeatSpec(n, 100) for n in ("Ann", "Bob", "Cy")])
    assert game.id is not None
    return sqlite_url, game.id


def test_a_russian_brag_hand_typed_with_russian_verbs_and_counted_out(brag_night: tuple[str, int], tmp_path: Path,
                                                                      terminal_env: dict[str, str]) -> None:
    url, sid = brag_night
    with i18n.speaking("ru"):
        game = game_title("three_card_brag")
    term = Terminal("--lang", "ru", "table", str(sid), "--db", url, env=terminal_env)
    try:
        term.wait_for("стол> ")
        screen = term.wait_for("раздач ещё нет")  # the status line, drawn under the prompt
        assert f"Сессия {sid}: Kitchen ({game})" in screen
        assert term.bottom_line() == f"сессия {sid} · {game} · раздач ещё нет: введите 'new hand' (сдаёт Ann)"

        term.type("new hand\r", "✓ начинается раздача 1: сдаёт Ann")
        # brag.limit 1_to_5, blind allowed: the status line's legal actions, wrapped under "банк 3"
        assert term.bottom_line() == "ход Bob: выбыть, втемную 1–5, посмотреть карты (дальше ставки в открытую)"
        term.type("bob втемную 1\r", "✓ раздача 1, действие 1: Bob: blind 1")
        # Cy may stay in for Bob's 1 or raise it by up to 5
        assert term.bottom_line() == "ход Cy: выбыть, втемную 1–6, посмотреть карты (дальше ставки в открытую)"
        term.type("help\r", "  undo       аннулировать последнее действие (ничего не удаляется)")
        term.type("cy пас\r", "✓ раздача 1, действие 2: Cy: folds")
        term.type("ann пас\r", "✓ раздача 1, действие 3: Ann: folds")
        status = term.bottom_line().split(" · ")
        assert status[:4] == ["раздача 1", game, "сдаёт Ann", "банк 4"]
        assert status[4].startswith("окончена: ") and status[5] == "'new hand': сдаёт Bob"

        term.type("bob втемную 1\r", "нажмите !, чтобы записать, как было")  # after the hand: refused
        seen = list(term.seen)
        refused = [line for line in seen if line.startswith("✗ раздача 1 окончена (")]
        assert len(refused) == 1 and refused[0].endswith("): Bob: blind 1 — уже после неё")
        hint = seen[seen.index(refused[0]) + 1:][:2]
        assert hint == ["  нажмите !, чтобы записать, как было (введите 'new hand', чтобы начать следующую раздачу, "
                        "или запишите это в эту", "    принудительно)"]  # wrapped at 120 columns between words
        term.type("count\r", "подсчёт Ann (по журналу 99)> ")
        assert ("Подсчёт фишек: по журналу Ann 99, Bob 102, Cy 99. Вводите подсчёт каждого по очереди "
                "('cancel' — прервать).") in term.seen
        term.type("99\r", "подсчёт Bob (по журналу 102)> ")
        term.type("102\r", "подсчёт Cy (по журналу 99)> ")
        term.child.send("99\r")
        term.pump(1.0)
        term.type("bob пас\r", f"✗ сессия {sid} закрыта: фишки подсчитаны")
        assert f'  quit — выйти; чтобы исправить: referee session reopen {sid} --why "…"' in term.seen
        term.type("quit\r", "")
        term.child.expect(pexpect.EOF, timeout=20)
    finally:
        term.child.close(force=True)
    assert term.child.exitstatus == 0
    with open_store(url) as store:
        assert store.session(sid).status == "closed"
        # the log holds the hand format's English words, whatever the table spoke
        assert [r.text for r in store.events(sid, 1)] == ["Bob: blind 1", "Cy: folds", "Ann: folds"]
    refused = [line for line in term.seen if line.startswith("✗")]
    assert refused[-1] == f"✗ сессия {sid} закрыта: фишки подсчитаны"
