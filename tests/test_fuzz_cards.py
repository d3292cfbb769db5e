"""Bad cards, fuzzed: whatever text a scorekeeper or a file gives the one card parser, it reads cards
or refuses with a one-line CardError naming the bad token (which card it was, when a list); it never
raises anything else.  The inputs: random text, and valid card lists with a card garbled."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from referee.errors import CardError
from helpers.fuzz import CARDS, fuzz_settings, line_like, mutated, tried
from referee.cards import ALL_CARDS, UNKNOWN, parse_card, parse_cards, parse_known_cards

pytestmark = pytest.mark.fuzz

VALID_LISTS = [" ".join(c.text for c in ALL_CARDS[i:i + 5]) for i in range(0, 50, 5)] + ["As, Kd, ??", "10h 10d Jk1"]


def check_refusal(err: CardError) -> None:
    assert "\n" not in str(err), str(err)
    assert len(str(err)) < 400, str(err)


@given(st.lists(st.one_of(line_like(CARDS), st.sampled_from(CARDS)), min_size=10, max_size=10))
@fuzz_settings(0.30, per_example=10)
@example(["\u0130s"])  # İ: str.lower() makes two characters of it
@example(["1\u20800h"])
def test_one_card_token_is_read_or_refused_in_one_line(tokens: list[str]) -> None:
    for token in tokens:
        tried("cards")
        try:
            card = parse_card(token, 2)
        except CardError as err:
            check_refusal(err)
            assert "2nd card" in err.message, err.message
        else:
            assert card is UNKNOWN or card in ALL_CARDS


@given(st.lists(st.one_of(mutated(VALID_LISTS, CARDS), line_like(CARDS)), min_size=5, max_size=5))
@fuzz_settings(0.17, per_example=5)
def test_a_list_of_cards_is_read_or_refused_in_one_line(texts: list[str]) -> None:
    for text in texts:
        tried("cards")
        for read in (parse_cards, parse_known_cards):
            try:
                read(text)
            except CardError as err:
                check_refusal(err)
