"""The one card notation: parsing, canonical output, jokers, unknown cards, packs, duplicates."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.cards import (
    ALL_CARDS,
    JOKER_1,
    JOKER_2,
    UNKNOWN,
    Card,
    card,
    check_no_duplicates,
    deck_with_jokers,
    duplicates,
    format_cards,
    known_cards,
    parse_card,
    parse_cards,
    parse_known_cards,
    short_pack,
    standard_deck,
)
from referee.errors import CardError


def test_canonical_tokens_round_trip() -> None:
    for c in ALL_CARDS:
        assert parse_card(c.text) is c
        assert str(c) == c.text


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("Ts", "Ts"),
        ("10s", "Ts"),
        ("10d", "Td"),
        ("ts", "Ts"),
        ("qH", "Qh"),
        ("A♠", "As"),
        ("K♥", "Kh"),
        ("2♦", "2d"),
        ("9♣", "9c"),
        ("J♡", "Jh"),
        ("jk1", "Jk1"),
        ("JK2", "Jk2"),
    ],
)
def test_accepted_input_forms(token: str, expected: str) -> None:
    assert parse_card(token).text == expected


def test_unknown_card_is_one_object() -> None:
    got = parse_cards("?? As ??")
    assert got[0] is UNKNOWN and got[2] is UNKNOWN
    assert str(UNKNOWN) == "??"


def test_bad_token_names_position_and_forms() -> None:
    """The issue's own example: bad card 'Ts1' (3rd card): expected rank+suit like 'Ts' or '??'."""
    with pytest.raises(CardError) as err:
        parse_cards("As Kd Ts1")
    msg = str(err.value)
    assert msg.startswith("bad card 'Ts1' (3rd card): expected rank+suit like 'Ts'")
    assert "'??'" in msg


@pytest.mark.parametrize("token", ["1s", "11h", "Tx", "T", "", "AAs", "Jk3", "?", "???", "0s", "Js♠"])
def test_bad_tokens_rejected(token: str) -> None:
    with pytest.raises(CardError):
        parse_card(token)


def test_ordinals_in_messages() -> None:
    for position, word in [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"), (21, "21st")]:
        with pytest.raises(CardError, match=rf"\({word} card\)"):
            parse_card("Zz", position)


def test_commas_and_iterables() -> None:
    assert format_cards(parse_cards("As, Kd,Qh")) == "As Kd Qh"
    assert format_cards(parse_cards(["As", "10c"])) == "As Tc"


def test_known_cards_refuse_unknown() -> None:
    with pytest.raises(CardError, match="card 2 is '\\?\\?'"):
        parse_known_cards("As ?? Kd")
    with pytest.raises(CardError):
        card("??")


def test_pretty_and_attributes() -> None:
    t = card("Th")
    assert (t.rank, t.suit, t.pretty, t.is_joker) == (10, "h", "T♥", False)
    assert JOKER_1.is_joker and JOKER_1.rank == 0 and JOKER_2.pretty == "Jk2"
    assert card("Ac").rank == 14 and card("2c").index == 0 and card("As").index == 51


def test_cards_are_immutable_and_interned() -> None:
    c = card("As")
    with pytest.raises(AttributeError):
        c.rank = 3  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(c)) is c
    assert isinstance(c, Card)


def test_packs() -> None:
    """Decks the games use: 52 cards, 52 plus two jokers, and the short packs (A-K-Q-J-T for two
    players, one more rank per extra player)."""
    assert len(standard_deck()) == 52 and len(set(standard_deck())) == 52
    assert len(deck_with_jokers()) == 54 and JOKER_1 in deck_with_jokers()
    two = short_pack(2)
    assert sorted({c.rank for c in two}) == [10, 11, 12, 13, 14] and len(two) == 20
    assert sorted({c.rank for c in short_pack(3)}) == [9, 10, 11, 12, 13, 14]
    assert len(short_pack(10)) == 52 and len(short_pack(12)) == 52
    with pytest.raises(CardError):
        short_pack(1)


def test_duplicate_detection_ignores_unknowns() -> None:
    """A card dealt twice within a hand's known cards is detected."""
    hand = parse_cards("As ?? Kd ?? As Kd Qh")
    assert [c.text for c in duplicates(hand)] == ["As", "Kd"]
    check_no_duplicates(parse_cards("As ?? ?? Kd"))
    with pytest.raises(CardError, match="card dealt twice: As, Kd") as err:
        check_no_duplicates(hand, where="night.txt:12")
    assert str(err.value).startswith("night.txt:12: ")
    assert err.value.hint


@given(st.lists(st.sampled_from(ALL_CARDS + (UNKNOWN,)), max_size=12))
def test_format_then_parse_is_identity(cs: list) -> None:
    assert parse_cards(format_cards(cs)) == cs


@given(st.lists(st.sampled_from(ALL_CARDS), max_size=8))
def test_pretty_form_parses_back(cs: list[Card]) -> None:
    assert parse_cards(format_cards(cs, pretty=True)) == cs


def test_known_cards_for_ranking() -> None:
    """Only seen cards can be ranked: '??', a non-card or a card twice is refused, naming which."""
    assert known_cards(parse_cards("As Kd"), "hand") == (card("As"), card("Kd"))
    with pytest.raises(CardError, match=r"openers: card 2 is '\?\?' \(not seen\)"):
        known_cards(parse_cards("As ?? Kd"), "openers")
    with pytest.raises(CardError, match="card dealt twice: As"):
        known_cards(parse_cards("As Kd As"), "hand")
    with pytest.raises(ValueError, match="card 1 is 'As', not a card"):
        known_cards(["As"], "hand")
