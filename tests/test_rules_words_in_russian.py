"""The rules' own words in Russian: hand names with their cases right, an illegal action refused in
Russian, and a ruling that speaks Russian and quotes the seed's sentence.  Every expected line is
worked out by hand from the Russian card-table words (seed-001's brag names: «Прайл», «Велосипед»,
«Пробежка»); English stays as it was (the ranking and dispute tests hold it)."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee import i18n
from tests.helpers.cli import REFEREE
from referee.cards import cards
from referee.ranking.brag import evaluate_brag
from referee.ranking.poker import WildRules, evaluate


@pytest.fixture
def russian() -> Iterator[None]:
    with i18n.speaking("ru"):
        yield


@pytest.mark.parametrize(("text", "name"), [
    # nominative plural after "две пары", genitive plural after "пара", "тройка", "каре"
    ("Js Jh 5c 5d Ks", "две пары, валеты и пятёрки"),
    ("Kc Kd Kh Ks 2c", "каре королей"),
    ("Qc Qd 9h 7s 2d", "пара дам"),
    ("6c 6d 6h Ks 2d", "тройка шестёрок"),
    ("Kc Kd Kh 7s 7d", "фулл-хаус, короли и семёрки"),
    # genitive singular after "до"
    ("5s 4h 3c 2d As", "стрит до пятёрки"),
    ("9d 8d 7d 6d 5d", "стрит-флеш до девятки"),
    ("As Ks Qs Js Ts", "роял-флеш"),
    ("Ah Kh 9h 7h 5h", "флеш, туз-король-девятка-семёрка-пятёрка"),
    ("Ah Qd 9c 7s 4h", "старшая карта, туз-дама-девятка-семёрка-четвёрка"),
])
def test_poker_hand_names_take_the_russian_cases(russian: None, text: str, name: str) -> None:
    assert evaluate(cards(text)).name == name


def test_five_aces_with_a_joker_are_a_poker_of_aces(russian: None) -> None:
    assert evaluate(cards("As Ah Ad Ac Jk1"), wild=WildRules()).name == "покер из тузов"


@pytest.mark.parametrize(("text", "name"), [
    ("3s 3h 3d", "прайл троек"),
    ("Qh Jh Th", "велосипед, дама-валет-десятка"),
    ("3s 2h Ad", "пробежка, туз-двойка-тройка"),
    ("9h 9d Ac", "пара девяток, непарная карта — туз"),
    ("Kh 9h 4h", "флеш, король-девятка-четвёрка"),
])
def test_brag_hands_take_the_seeds_names(russian: None, text: str, name: str) -> None:
    """seed-001: «а) «Прайл» — три карты одного достоинства; б) «Велосипед» — три последовательные
    карты одной масти; в) «Пробежка» — три последовательные карты»."""
    assert evaluate_brag(cards(text)).name == name


def test_a_name_is_built_in_the_language_it_is_asked_in() -> None:
    """The names are memoised by hand and language: a name built in Russian is not handed to English."""
    pair = evaluate(cards("Kc Kd 9h 7s 2d"))
    with i18n.speaking("ru"):
        assert pair.name == "пара королей"
    assert pair.name == "pair of kings"
    assert evaluate_brag(cards("3s 3h 3d")).name == "prial of threes"


def _referee(*args: str) -> subprocess.CompletedProcess[str]:
    """The real ``referee``, the terminal 200 columns wide, no language variable of the suite's."""
    env = {k: v for k, v in os.environ.items() if k not in (*i18n.ENVIRONMENT, "REFEREE_DB")}
    return subprocess.run([str(REFEREE), *args], capture_output=True, text=True, timeout=300,
                          env=env | {"COLUMNS": "200"}, stdin=subprocess.DEVNULL)


def _lines(text: str) -> list[str]:
    return [" ".join(line.split()) for line in text.splitlines()]


@pytest.mark.parametrize(("lines", "error", "hint"), [
    # "five cards to each player" (seed-002): 6 and 5 take the "many" form
    ("Ann: dealt As Ks Qs Js Ts 9s\n", "Ann получает 6 карт: в Jackpots на руке 5 карт",
     "напишите 5 карт, сданных Ann, ?? для тех, что никто не видел"),
    # 2 takes the "few" form
    ("Ann: dealt As Ks\n", "Ann получает 2 карты: в Jackpots на руке 5 карт",
     "напишите 5 карт, сданных Ann, ?? для тех, что никто не видел"),
    ("Ann: bets 2\nBob: calls\nCy: folds\nAnn: draws 6\n", "Ann прикупает 6 карт: в Jackpots на руке 5 карт",
     "игрок прикупает не больше 5 карт своей руки"),
])
def test_a_hand_no_table_could_deal_is_refused_in_russian(tmp_path: Path, lines: str, error: str,
                                                          hint: str) -> None:
    night = tmp_path / "night.txt"
    night.write_text("rulebook: jackpots\nseats: Ann 20, Bob 20, Cy 20\ndealer: Cy\n\nhand 1\n" + lines)
    action = lines.count("\n")
    done = _referee("--lang", "ru", "replay", str(night))
    assert done.returncode == 2 and done.stdout == ""
    assert _lines(done.stderr) == [f"Ошибка: {night}:{5 + action}: раздача 1, действие {action}: {error}",
                                   f"Подсказка: {hint}"]


def test_one_more_card_than_a_stud_hand_holds_takes_the_one_form(tmp_path: Path) -> None:
    """Five-card stud: a hole card and four upcards; a fifth upcard is "ещё 1 карту" (the "one" form)."""
    night = tmp_path / "night.txt"
    night.write_text("rulebook: five_card_stud\nseats: Ann 20, Bob 20, Cy 20\ndealer: Cy\n\nhand 1\n"
                     "Ann: dealt ??\nAnn: dealt up Ks\nAnn: dealt up Qs\nAnn: dealt up Js\nAnn: dealt up Ts\n"
                     "Ann: dealt up 9s\n")
    done = _referee("--lang", "ru", "replay", str(night))
    assert done.returncode == 2
    assert _lines(done.stderr)[0] == (f"Ошибка: {night}:11: раздача 1, действие 6: Ann получает ещё 1 карту, а у "
                                      "него уже 5: в five-card stud на руке 5 карт")


def test_an_illegal_check_is_refused_at_the_table_in_russian(sqlite_url: str) -> None:
    """Jackpots, Bob opens for 2 and Cy checks: "Once a player has bet, nobody may check" (draw.4.2)."""
    from referee.store.store import open_store
    from referee.store.transaction import SeatSpec

    with open_store(sqlite_url) as store, store.transaction() as tx:
        session = tx.new_session(table_name="Kitchen", rulebook="jackpots", chip_value_cents=25,
                                 seats=[SeatSpec(n, 100) for n in ("Ann", "Bob", "Cy", "Dee")])
    sid = str(session.id)
    assert _referee("act", sid, "new hand", "bob open 2", "--db", sqlite_url).returncode == 0
    refused = _referee("--lang", "ru", "act", sid, "cy x", "--db", sqlite_url)
    assert refused.returncode == 2 and refused.stdout == ""
    assert _lines(refused.stderr)[0].endswith(
        "'cy x': Cy не может сказать чек: нужно уравнять 2; можно: пас, уравнять 2, повысить 1–2 (draw.4.2)")


def test_a_russian_ruling_speaks_russian_and_quotes_the_seed() -> None:
    """The demo night's hand 7: Cy opened Jackpots with ace-king high (Ah Kd 8c 5s 2d) and lost at the
    showdown to Dee's two pair, queens and sevens; seed-003: «Если же нарушение обнаруживается при
    открытии карт, банк выигрывает игрок, имеющий наивысшую комбинацию.»"""
    done = _referee("--lang", "ru", "dispute", "examples/demo-night.txt", "--hand", "7", "--action", "2",
                    "Dee says Cy's open was false")
    assert done.returncode == 0, done.stderr
    text = _lines(done.stdout)
    top = next(i for i, line in enumerate(text) if line.startswith("╭"))
    bottom = next(i for i, line in enumerate(text) if line.startswith("╰"))
    assert text[top].startswith("╭─ Решение — решено по журналу ─")
    panel = " ".join(line.strip("│ ") for line in text[top + 1:bottom])
    assert text[0] == "Решение · examples/demo-night.txt · раздача 7 · действие 2 (строка 88) · jackpots (jackpots)"
    assert text[1] == "Вопрос: “Dee says Cy's open was false” → Было ли открытие ложным? (открывающая комбинация)"
    assert ("Cy открыл торги без открывающей комбинации (до прикупа у него было Ah Kd 8c 5s 2d; нужна была пара "
            "валетов или сильнее): выяснилось на вскрытии, он не может выиграть; банк получает лучшая рука среди "
            "остальных.") == panel
    assert "Мера: Cy платит по 1 фишке каждому из остальных игроков (jackpots.6)" in text
    assert "Штраф: Cy платит 1 игроку Dee [jackpots.false_open_penalty]" in text
    assert ("Правило jackpots.9: If the false open is found at the showdown, the pot goes to the best hand among "
            "the other players.") in text
    assert ("«Если же нарушение обнаруживается при открытии карт, банк выигрывает игрок, имеющий наивысшую "
            "комбинацию.» (seed-003)") in text
    assert any(line.startswith("Также применено jackpots.false_open_penalty: ") for line in text)
    assert "основной банк (18): Dee 18 (две пары, дамы и семёрки) [jackpots.9]" in text
    assert "Что становится с фишками" in text and "Игрок До После Итог" in text
    assert "Факты из журнала до действия 2" in text and "Игрок Карты по журналу Стек после 2" in text
    assert "Ann не записаны 36" in text
    assert "В банке после действия 2: 6; чей был ход до него: Cy" in text


def test_a_ruling_given_in_russian_is_kept_in_the_log_in_english(sqlite_url: str) -> None:
    """The log is language-neutral: a ruling recorded from a Russian terminal reads in English in an
    English replay (and would read in Russian in a Russian one)."""
    assert _referee("import", "examples/demo-night.txt", "--db", sqlite_url).returncode == 0
    ruled = _referee("--lang", "ru", "dispute", "1", "--hand", "7", "--action", "2", "Dee says Cy's open was false",
                     "--db", sqlite_url)
    assert ruled.returncode == 0, ruled.stderr
    assert "Записано в журнал сессии 1 (событие 107): воспроизведение, ведомость и расчёт следуют ему." in " ".join(
        _lines(ruled.stdout))
    replayed = _referee("replay", "--session", "1", "--hand", "7", "--db", sqlite_url)
    assert ("Ruling on record (action 2, ruled from the log, jackpots.9): “Dee says Cy's open was false” — Cy opened "
            "without openers (his hand before the draw was Ah Kd 8c 5s 2d; jacks or better were needed): found at "
            "the showdown, he may not win; the pot goes to the best hand among the others.") in " ".join(
                _lines(replayed.stdout))


def test_the_json_document_keeps_the_engines_english_under_a_russian_interface(tmp_path: Path) -> None:
    """`replay --json` is a file format: Bob's check facing Ann's bet of 2 is described in English
    whatever the interface speaks."""
    night = tmp_path / "night.txt"
    night.write_text("rulebook: jackpots\nseats: Ann 20, Bob 20, Cy 20\ndealer: Cy\n\nhand 1\nAnn: bets 2\nBob: checks\n")
    done = _referee("--lang", "ru", "replay", str(night), "--json")
    assert done.returncode == 0, done.stderr
    finding = json.loads(done.stdout)["hands"][0]["findings"][0]
    assert finding["code"] == "check_facing_bet"
    assert finding["message"] == "Bob cannot check: 2 to call; legal: fold, call 2, raise 1–2"
    shown = _referee("--lang", "ru", "replay", str(night))
    assert "Bob не может сказать чек: нужно уравнять 2; можно: пас, уравнять 2, повысить 1–2" in " ".join(_lines(shown.stdout))


def test_a_hands_outcome_is_said_in_the_language_it_is_shown_in() -> None:
    """The demo's hand 7: Dee's two pair, queens and sevens, takes the pot of 18 once Cy's false open
    is found at the showdown; a Jackpots deal nobody opens carries its 3 antes ("few": 3 фишки)."""
    from referee.handfile.parser import parse_night, read_night
    from referee.handfile.replay import replay_night_file

    night = read_night("examples/demo-night.txt")
    with i18n.speaking("ru"):
        hand7 = replay_night_file(night)[6].replay.outcome
    assert hand7.summary == "Dee выигрывает 18: две пары, дамы и семёрки"
    assert replay_night_file(night)[6].replay.outcome.summary == "Dee wins 18 with two pair, queens and sevens"
    passed = parse_night("rulebook: jackpots\nseats: Ann 20, Bob 20, Cy 20\ndealer: Cy\n\nhand 1\n"
                         "Ann: checks\nBob: checks\nCy: checks\n")
    with i18n.speaking("ru"):
        outcome = replay_night_file(passed)[0].replay.outcome
    assert outcome.kind == "passed_out" and outcome.carried == 3
    assert outcome.summary == "никто не открыл: 3 фишки переходят в следующую раздачу"


@pytest.mark.parametrize(("question", "topic"), [
    ("Ди говорит, что открытие Сая было ложным", "false_open"),
    ("Сай поставил больше лимита", "over_limit"),
    ("кто должен открываться первым?", "show_order"),
    ("Эва вскрыла Боба", "see"),
    ("Эва закрыла банк: кто играет за банк?", "cover"),
    ("может ли Сай выкупить La Viuda?", "buy_back"),
    ("сколько карт прикупил Боб?", "draw_count"),
    ("Энн говорит, что была ошибка при сдаче", "misdeal"),
    ("Энн сходила не в свою очередь", "turn"),
    ("был ли чек Боба по правилам?", "legality"),
])
def test_a_question_asked_in_russian_reads_as_its_topic(question: str, topic: str) -> None:
    from referee.dispute.questions import classify

    found = classify(question)
    assert found is not None and found.name == topic
