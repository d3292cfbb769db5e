"""Money: babel formatting per currency and locale, typed amounts read into cents, chip values."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.errors import InputError
from referee.money import chips_to_cents, format_cents, format_money, parse_money


@pytest.mark.parametrize(
    ("cents", "currency", "locale", "expected"),
    [
        (1250, "EUR", "en_GB", "€12.50"),
        (-1250, "EUR", "en_GB", "-€12.50"),
        (1250, "EUR", "de_DE", "12,50\u00a0€"),
        (123456, "GBP", "en_GB", "£1,234.56"),
        (123456, "EUR", "fr_FR", "1\u202f234,56\u00a0€"),
        (5, "USD", "en_US", "$0.05"),
        (1250, "JPY", "ja_JP", "￥1,250"),  # no minor unit: 1250 is 1250 yen
    ],
)
def test_format_money(cents: int, currency: str, locale: str, expected: str) -> None:
    assert format_money(cents, currency, locale) == expected


def test_format_cents_plain() -> None:
    assert [format_cents(c) for c in (0, 5, 1250, -1250, 100000)] == ["0.00", "0.05", "12.50", "-12.50", "1000.00"]


@pytest.mark.parametrize(
    ("text", "locale", "expected"),
    [
        ("12.50", "en_GB", 1250),
        ("12", "en_GB", 1200),
        ("0.5", "en_GB", 50),
        ("1,250.50", "en_GB", 125050),
        ("12,50", "de_DE", 1250),
        ("1.250,50", "de_DE", 125050),
        ("1 250,50", "fr_FR", 125050),  # a typed space for French grouping
        ("12,50", "fr_FR", 1250),
        ("1250c", "en_GB", 1250),
        ("1250 cents", "de_DE", 1250),
        ("25ct", "en_GB", 25),
        ("€12.50", "en_GB", 1250),
        ("12,50 €", "de_DE", 1250),
        ("EUR 7", "en_GB", 700),
        ("  3.10 ", "en_GB", 310),
    ],
)
def test_parse_money(text: str, locale: str, expected: int) -> None:
    assert parse_money(text, locale=locale) == expected


def test_parse_money_signed_only_when_asked() -> None:
    assert parse_money("-12.50", signed=True) == -1250
    assert parse_money("-€3", signed=True) == -300
    assert parse_money("-40c", signed=True) == -40
    with pytest.raises(InputError, match="negative"):
        parse_money("-12.50")


@pytest.mark.parametrize(
    ("text", "locale", "message"),
    [
        ("12,50", "en_GB", r"cannot read '12,50' as an amount in en_GB \(decimal separator '\.', grouping ','\)"),
        ("12.50", "de_DE", r"cannot read '12.50' as an amount in de_DE \(decimal separator ',', grouping '\.'\)"),
        ("12.505", "en_GB", "has more than 2 decimal places for EUR"),
        ("abc", "en_GB", "cannot read 'abc'"),
        ("", "en_GB", "no amount given"),
        ("12.5.0", "en_GB", "cannot read"),
    ],
)
def test_parse_money_errors_are_one_line_with_a_hint(text: str, locale: str, message: str) -> None:
    with pytest.raises(InputError, match=message) as err:
        parse_money(text, locale=locale, where="--amount")
    assert "\n" not in str(err.value)
    assert err.value.where == "--amount"
    assert err.value.hint is not None and "1250c" in err.value.hint


def test_hint_shows_the_locale_forms() -> None:
    with pytest.raises(InputError) as err:
        parse_money("12.50", locale="de_DE")
    assert err.value.hint == "type an amount like 12,50 or 12,50\u00a0€, or in cents like 1250c"


def test_unknown_locale_and_currency() -> None:
    with pytest.raises(InputError, match="unknown locale 'xx_YY'"):
        format_money(100, "EUR", "xx_YY")
    with pytest.raises(InputError, match="unknown currency 'EURO'"):
        parse_money("1", currency="EURO")


def test_format_money_refuses_a_float() -> None:
    with pytest.raises(InputError, match="not a whole number of cents"):
        format_money(12.5)  # type: ignore[arg-type]


@given(st.integers(0, 10**9), st.sampled_from(["en_GB", "de_DE", "fr_FR", "en_US", "nl_NL"]))
def test_formatted_money_reads_back(cents: int, locale: str) -> None:
    assert parse_money(format_money(cents, "EUR", locale), locale=locale) == cents


def test_chips_to_cents() -> None:
    assert chips_to_cents(40, 25) == 1000
    assert chips_to_cents(-12, 5) == -60  # a net result in chips
    assert chips_to_cents(0, 100) == 0


@pytest.mark.parametrize(("chips", "value"), [(1.5, 25), (True, 25), (10, 0), (10, -5), (10, 2.5)])
def test_chips_to_cents_refuses(chips: object, value: object) -> None:
    with pytest.raises(InputError):
        chips_to_cents(chips, value)  # type: ignore[arg-type]
