"""The rules' own words in Russian: hand names with their cases right, an illegal action refused in
Russian, and a ruling that speaks Russian and quotes the seed's sentence.  Every expected line is
worked out by hand from the Russian card-table words (seed-001's brag names: «Прайл», «Велосипед»,
«Пробежка»); English stays as it was (the ranking and dispute tests hold it)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from referee import i18n
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
