"""Money: integer cents inside, babel-formatted text outside, and what a typed amount means.

Amounts are whole numbers of the currency's minor unit — cents for EUR or USD, pence for GBP, yen
for JPY (babel knows each currency's number of decimals).  ``Decimal`` appears only here, at the
edge, while text is read or written; babel is imported on first use so that a command which never
shows money does not pay for loading it.  A session's money settings (currency, locale, who absorbs
a shortfall, ...) are :mod:`referee.money.settings`.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import TYPE_CHECKING

from referee.errors import InputError, excerpt
from referee.i18n import ENGLISH_LOCALE, N_, _

if TYPE_CHECKING:
    from babel import Locale

DEFAULT_CURRENCY = "EUR"
#: how money is written when a night names no locale and the interface speaks English
DEFAULT_LOCALE = ENGLISH_LOCALE

#: The one bound on chips and money: no count of chips (a buy-in, a bet, what a table holds in all)
#: and no sum of money in cents (a chip's value, a payment, what a table's chips cost in all) may be
#: larger.  It is far beyond any home game, and every database stores it alike (PostgreSQL's integer
#: column stops at 2,147,483,647, SQLite's at 2**63 - 1; a report prints it whole).
AMOUNT_LIMIT = 1_000_000_000
AMOUNT_HINT = N_("no count of chips and no sum of money in cents may be more than {limit:,} "
                 "(a table's chips and their worth in all too)")

_CENTS = re.compile(r"([+-]?)\s*(\d+)\s*(?:c|ct|cts|cents?)", re.IGNORECASE)
_SPACES = ("\u00a0", "\u202f", " ")


def format_cents(cents: int) -> str:
    """Cents as a plain amount with two decimals, no currency: 1250 → ``12.50``, -5 → ``-0.05``."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}{whole}.{part:02d}"


def format_money(cents: int, currency: str = DEFAULT_CURRENCY, locale: str = DEFAULT_LOCALE) -> str:
    """Cents in the currency and locale: ``format_money(-1250)`` → ``-€12.50``; de_DE → ``-12,50 €``."""
    from babel.numbers import format_currency  # babel loads only when money is written or read

    _check_currency(currency)
    return format_currency(_to_decimal(cents, currency), currency, locale=_locale(locale))


def format_signed(cents: int, currency: str = DEFAULT_CURRENCY, locale: str = DEFAULT_LOCALE) -> str:
    """A result with its sign always shown: ``+€12.50``, ``−€3.00`` (a minus sign), ``€0.00``."""
    text = format_money(abs(cents), currency, locale)
    return f"+{text}" if cents > 0 else f"\u2212{text}" if cents < 0 else text


def parse_money(
    text: str,
    *,
    currency: str = DEFAULT_CURRENCY,
    locale: str = DEFAULT_LOCALE,
    signed: bool = False,
    where: str | None = None,
) -> int:
    """A typed amount as cents: ``"12.50"`` → 1250, ``"12,50"`` in de_DE → 1250, ``"1250c"`` → 1250.

    Accepts the locale's decimal and grouping separators (``1,250.50`` in en_GB, ``1.250,50`` in
    de_DE), the currency's symbol or code before or after, and a whole number of cents with a ``c``
    (``ct``, ``cents``) suffix.  A minus sign only with ``signed=True``.  More decimals than the
    currency has, a separator the locale does not use, or anything else is an :class:`InputError`.
    """
    from babel.numbers import NumberFormatError, get_decimal_symbol, get_group_symbol, parse_decimal  # heavy: babel

    _check_currency(currency)
    loc = _locale(locale)
    raw = text.strip()
    hint = _hint(currency, loc)
    if not raw:
        raise InputError(_("no amount given"), where=where, hint=hint)
    if cents_match := _CENTS.fullmatch(raw):
        cents = check_count(cents_match[2], N_("amount"), where=where) * (-1 if cents_match[1] == "-" else 1)
    else:
        number = _strip_currency(raw, currency, loc)
        group = get_group_symbol(loc)
        if group in _SPACES:  # a typed space stands for the locale's narrow or no-break space
            number = re.sub("[ \u00a0\u202f]", group, number)
        try:
            amount = parse_decimal(number, locale=loc, strict=True)
        except NumberFormatError:
            raise InputError(
                _("cannot read {text!r} as an amount in {locale} (decimal separator {decimal!r}, grouping {group!r})").format(
                    text=text, locale=loc, decimal=get_decimal_symbol(loc), group=group),
                where=where,
                hint=hint,
            ) from None
        digits = _digits(currency)
        if amount.is_finite() and amount.adjusted() + digits >= len(str(AMOUNT_LIMIT)):  # never converted whole
            raise InputError((_("amount {text!r} is more than {limit:,} cents") if digits else
                              _("amount {text!r} is more than {limit:,} units")).format(text=text, limit=AMOUNT_LIMIT),
                             where=where, hint=_(AMOUNT_HINT).format(limit=AMOUNT_LIMIT))
        scaled = amount.scaleb(digits)
        if scaled != scaled.to_integral_value():
            raise InputError(
                _("{text!r} has more than {digits} decimal places for {currency}").format(text=text, digits=digits, currency=currency), where=where, hint=hint
            )
        cents = int(scaled)
    if cents < 0 and not signed:
        raise InputError(_("amount {text!r} is negative").format(text=text), where=where, hint=_("give the amount without a sign"))
    return check_amount(cents, N_("amount"), where=where)


def check_amount(value: int, what: str, *, where: str | None = None) -> int:
    """``value`` (chips or cents) if it is within :data:`AMOUNT_LIMIT`, else an :class:`InputError`
    naming ``what`` it is (marked with ``N_`` by the caller: translated here, where it is shown)."""
    if abs(value) > AMOUNT_LIMIT:
        raise InputError(_("{what} {value:,} is more than {limit:,}").format(what=_(what), value=value, limit=AMOUNT_LIMIT), where=where, hint=_(AMOUNT_HINT).format(limit=AMOUNT_LIMIT))
    return value


def check_count(text: str, what: str, *, where: str | None = None) -> int:
    """The whole number ``text`` (digits) within :data:`AMOUNT_LIMIT`; a long one is refused unread
    (``what``: as :func:`check_amount` takes it)."""
    if not (text.strip().isascii() and text.strip().isdigit()):  # '²' is a digit to str.isdigit, not to int()
        raise InputError(_("{what} {value} is not a whole number").format(what=_(what), value=excerpt(text.strip())), where=where,
                         hint=_("write the number in digits 0-9, like 40"))
    if len(text.strip().lstrip("0")) > len(str(AMOUNT_LIMIT)):
        raise InputError(_("{what} {value} is more than {limit:,}").format(what=_(what), value=excerpt(text.strip()), limit=AMOUNT_LIMIT), where=where, hint=_(AMOUNT_HINT).format(limit=AMOUNT_LIMIT))
    return check_amount(int(text), what, where=where)


def chips_to_cents(chips: int, chip_value_cents: int) -> int:
    """What ``chips`` chips are worth when one chip is worth ``chip_value_cents``; chips may be net (< 0)."""
    if isinstance(chips, bool) or not isinstance(chips, int):
        raise InputError(_("chip count {chips!r} is not a whole number").format(chips=chips), hint=_("count chips in whole chips"))
    if isinstance(chip_value_cents, bool) or not isinstance(chip_value_cents, int) or chip_value_cents <= 0:
        raise InputError(
            _("chip value {value!r} is not a positive whole number of cents").format(value=chip_value_cents),
            hint=_("give the value of one chip in cents, like 25 for 0.25"),
        )
    return chips * chip_value_cents


def plain_amount(cents: int, currency: str) -> str:
    """Cents as the plain amount a payment scheme reads, in the currency's own decimals: a decimal
    point, no thousands separator, no sign of the currency (1250 EUR → ``12.50``, 1250 JPY → ``1250``)."""
    _check_currency(currency)
    return f"{_to_decimal(cents, currency):f}"


def _to_decimal(cents: int, currency: str) -> Decimal:
    if isinstance(cents, bool) or not isinstance(cents, int):
        raise InputError(_("amount {cents!r} is not a whole number of cents").format(cents=cents), hint=_("keep money in integer cents"))
    return Decimal(cents).scaleb(-_digits(currency))


def _digits(currency: str) -> int:
    from babel.numbers import get_currency_precision  # babel loads only when money is written or read

    return int(get_currency_precision(currency))


def _check_currency(currency: str) -> None:
    from babel.numbers import list_currencies  # babel loads only when money is written or read

    if currency not in list_currencies():
        raise InputError(_("unknown currency {currency!r}").format(currency=currency), hint=_("use an ISO 4217 code like EUR, GBP or USD"))


def _locale(name: str) -> Locale:
    from babel import Locale, UnknownLocaleError  # babel loads only when money is written or read

    try:
        return Locale.parse(name)
    except (UnknownLocaleError, ValueError, TypeError):
        raise InputError(_("unknown locale {name!r}").format(name=name), hint=_("use a locale like en_GB, de_DE or fr_FR")) from None


def _strip_currency(text: str, currency: str, loc: Locale) -> str:
    from babel.numbers import get_currency_symbol  # babel loads only when money is written or read

    for mark in sorted({get_currency_symbol(currency, loc), currency, currency.lower()}, key=len, reverse=True):
        if text.startswith(mark):
            return text[len(mark):].strip()
        if text.endswith(mark):
            return text[: -len(mark)].strip()
        if text[:1] in "+-" and text[1:].lstrip().startswith(mark):  # -€12.50
            return text[0] + text[1:].lstrip()[len(mark):].strip()
    return text


def _hint(currency: str, loc: Locale) -> str:
    from babel.numbers import format_decimal  # babel loads only when money is written or read

    digits = _digits(currency)
    pattern = "#,##0." + "0" * digits if digits else "#,##0"
    plain = format_decimal(_to_decimal(1250, currency), format=pattern, locale=loc)
    example = format_money(1250, currency, str(loc))
    if digits:
        return _("type an amount like {plain} or {money}, or in cents like 1250c").format(plain=plain, money=example)
    return _("type an amount like {plain} or {money}").format(plain=plain, money=example)
