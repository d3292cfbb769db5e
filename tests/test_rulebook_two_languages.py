"""A house rulebook in two languages: ``[rules]`` in the file's language, ``[texts.ru]`` the same texts
in Russian; ``rulebook show`` gives each in the interface's language, a text the house wrote in one
language only in that one, with one notice for the whole command (never one per rule)."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.errors import RulebookError
from referee.rulebook import load_rulebook
from tests.helpers.cli import invoke

FRIDAY = '''[rulebook]
name = "friday"
extends = "jackpots"
title = "Friday jackpots"

[rules]
"house.1" = "Cards speak at the showdown."
"house.2" = "No phones on the table."

[option_rules."jackpots.false_open_penalty"]
pay_each_other_player_1 = "The false opener pays each of the others one chip."

[texts.ru.rules]
"house.1" = "При вскрытии карты говорят сами за себя."
{house_2}
[texts.ru.option_rules."jackpots.false_open_penalty"]
pay_each_other_player_1 = "Ложно открывший платит каждому из остальных по фишке."
'''
HOUSE_2_RU = '"house.2" = "Телефоны на стол не кладут."\n'
NOTICE_RU = "Некоторые тексты свода «Friday jackpots» не написаны по-русски: они показаны по-английски."


def _house(tmp_path: Path, house_2: str = HOUSE_2_RU) -> str:
    path = tmp_path / "friday.toml"
    path.write_text(FRIDAY.format(house_2=house_2), encoding="utf-8")
    return str(path)


def _rows(*args: str) -> list[str]:
    """``referee *args``'s lines, each table row as its cells' text with the borders dropped."""
    done = invoke(*args)
    assert done.exit_code == 0, done.output
    return [" ".join(line.replace("│", " ").split()) for line in done.output.splitlines()]


def test_a_bilingual_house_rulebook_reads_in_russian_and_in_english(tmp_path: Path) -> None:
    house = _house(tmp_path)
    russian = _rows("--lang", "ru", "rulebook", "show", house)
    assert "house.1 При вскрытии карты говорят сами за себя." in russian
    assert "house.2 Телефоны на стол не кладут." in russian
    assert ("jackpots.false_open_penalty Ложно открывший платит каждому из остальных по фишке."
            in russian)
    # a rule only the shipped rulebook words keeps its English text and its seed's quote: no fallback
    assert "jackpots.9 If the false open is found at the showdown, the pot goes to the best hand among the other players." in russian
    assert not any("не написаны" in line for line in russian)
    english = _rows("--lang", "en", "rulebook", "show", house)
    assert "house.1 Cards speak at the showdown." in english
    assert "house.2 No phones on the table." in english
    assert "jackpots.false_open_penalty The false opener pays each of the others one chip." in english
    assert not any("not written" in line for line in english)


def test_a_text_missing_in_russian_is_shown_in_english_and_said_once(tmp_path: Path) -> None:
    """house.2 and house.3 have no Russian text: both read in English, under one notice."""
    house = _house(tmp_path, house_2="")
    Path(house).write_text(Path(house).read_text(encoding="utf-8").replace(
        '"house.2" = "No phones on the table."\n', '"house.2" = "No phones on the table."\n"house.3" = "Deal clockwise."\n'),
        encoding="utf-8")
    russian = _rows("--lang", "ru", "rulebook", "show", house)
    assert "house.1 При вскрытии карты говорят сами за себя." in russian
    assert "house.2 No phones on the table." in russian
    assert "house.3 Deal clockwise." in russian
    assert [line for line in russian if "не написаны" in line] == [NOTICE_RU]
    # the next command starts afresh: said again, once
    assert [line for line in _rows("--lang", "ru", "rulebook", "show", house) if "не написаны" in line] == [NOTICE_RU]


def test_a_russian_house_rulebook_falls_back_to_russian_in_english(tmp_path: Path) -> None:
    path = tmp_path / "pyatnitsa.toml"
    path.write_text('[rulebook]\nextends = "jackpots"\ntitle = "Пятница"\nlanguage = "ru"\n\n'
                    '[rules]\n"house.1" = "Карты говорят сами за себя."\n"house.2" = "Без телефонов."\n\n'
                    '[texts.en.rules]\n"house.1" = "Cards speak."\n', encoding="utf-8")
    english = _rows("--lang", "en", "rulebook", "show", str(path))
    assert "house.1 Cards speak." in english and "house.2 Без телефонов." in english
    assert [line for line in english if "not written" in line] == [
        "Some texts of Пятница are not written in English: they are shown in Russian."]
    assert load_rulebook(path).rule_text("house.1") == "Карты говорят сами за себя."  # what a ruling records


@pytest.mark.parametrize(("texts", "refusal"), [
    ('[texts.de.rules]\n"house.1" = "Karten sprechen."\n',
     "friday.toml:14: no language 'de' for texts"),
    ('[texts.en.rules]\n"house.1" = "Cards speak."\n',
     "friday.toml:14: [texts.en] repeats the file's own language"),
    ('[texts.ru.rules]\n"house.9" = "Нет такого правила."\n',
     "friday.toml:15: text of unknown rule 'house.9'"),
    ('[texts.ru.option_rules."jackpots.false_open_penalty"]\nnobody_pays = "Никто не платит."\n',
     "friday.toml:15: texts.ru.option_rules: 'jackpots.false_open_penalty' has no value 'nobody_pays'"),
])
def test_a_bad_translation_is_refused_at_its_line(tmp_path: Path, texts: str, refusal: str) -> None:
    path = tmp_path / "friday.toml"
    path.write_text(FRIDAY.split("[texts.ru.rules]")[0] + "\n" + texts, encoding="utf-8")
    with pytest.raises(RulebookError) as caught:
        load_rulebook(path)
    assert str(caught.value).replace(str(tmp_path) + "/", "") == refusal


def test_a_ruling_quotes_a_bilingual_house_rule_in_the_readers_language(tmp_path: Path) -> None:
    """The demo night's jackpots (hand 7: Cy's false open found at the showdown) played under a house
    rulebook giving jackpots.9 in Russian: a Russian ruling reads it in Russian, an English one in
    the shipped English; nothing fell back, so no notice."""
    (tmp_path / "friday.toml").write_text(
        '[rulebook]\nextends = "jackpots"\ntitle = "Friday jackpots"\n\n[texts.ru.rules]\n'
        '"jackpots.9" = "Если ложное открытие обнаружено при вскрытии, банк берёт лучшая рука среди остальных."\n',
        encoding="utf-8")
    demo = (Path(__file__).parents[1] / "examples" / "demo-night.txt").read_text(encoding="utf-8")
    night = tmp_path / "night.txt"
    night.write_text(demo.replace("\nrulebook: jackpots\n", "\nrulebook: friday.toml\n"), encoding="utf-8")
    question = ("dispute", str(night), "--hand", "7", "--action", "2", "Dee says Cy's open was false")
    russian = _rows("--lang", "ru", *question)
    assert ("Правило jackpots.9: Если ложное открытие обнаружено при вскрытии, банк берёт лучшая рука среди "
            "остальных.") in russian
    assert not any("не написаны" in line for line in russian)
    english = _rows("--lang", "en", *question)
    assert ("Rule jackpots.9: If the false open is found at the showdown, the pot goes to the best hand among "
            "the other players.") in english
