"""A session's money settings: what its :class:`~referee.engine.events.LedgerSetting` events say.

They are night events of the log rather than columns of the session row: they are chained and
hashed like everything else recorded about the night (changing the currency of a played night shows
in ``referee db verify``), they need no migration, a session recorded before them simply has the
defaults, and one set later (the shortfall policy, once the cash-outs show the night short or over) says when it
was set.  The last setting of a name is the one in force.

=============  =========================================  ====================================
name           value                                      default
=============  =========================================  ====================================
``currency``   ISO 4217 code: ``EUR``, ``GBP``, ``USD``    ``EUR``
``locale``     how money is written: ``en_GB``, ``de_DE``  ``en_GB``
``shortfall``  who absorbs a night short or over:          ``losers``
               ``losers`` (pro rata to what each lost)
               or ``banker``
``banker``     who holds the bank (a player of the         none
               night, or another name such as ``Bank``)
``settle``     ``direct`` (losers pay winners) or          ``direct``
               ``banker`` (everybody settles with the
               banker)
``prefer``     settlement pairs to use where they can:     none
               ``Ann:Bob Cy:Dee`` (empty: none)
``forbid``     pairs that never settle with each other     none
=============  =========================================  ====================================
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from referee.errors import InputError
from referee.i18n import N_, _
from referee.money import DEFAULT_CURRENCY, DEFAULT_LOCALE, _check_currency, _locale
from referee.plain_words import NAME_RE


class MissingSetting(InputError):
    """A night whose log replays but whose money needs a setting it does not have (a night short or
    over to be absorbed by a banker nobody named): fixed with ``referee settle --set``, not by voiding
    the night."""

SHORTFALL_POLICIES = {
    "losers": "pro rata to the losers",
    "banker": "to the banker",
}
SETTLE_MODES = ("direct", "banker")

SETTINGS: Mapping[str, str] = {
    "currency": N_("the currency, an ISO 4217 code like EUR, GBP or USD"),
    "locale": N_("how money is written, a locale like en_GB, de_DE or fr_FR"),
    "shortfall": N_("who absorbs what the night is short or over: losers (pro rata) or banker"),
    "banker": N_("who holds the bank: a player of the night, or a name like Bank"),
    "settle": N_("direct (losers pay winners) or banker (everybody settles with the banker)"),
    "prefer": N_("settlement pairs to use where possible, like 'Ann:Bob Cy:Dee'"),
    "forbid": N_("pairs who never settle with each other, like 'Ann:Bob'"),
}

Pair = tuple[str, str]


def _hint() -> str:
    return _("settings: {settings}").format(settings="; ".join("{} ({})".format(name, _(what)) for name, what in SETTINGS.items()))


def read_pairs(text: str, what: str) -> tuple[Pair, ...]:
    """``"Ann:Bob Cy:Dee"`` (commas allowed) as pairs; empty text is no pair."""
    pairs = []
    for item in text.replace(",", " ").split():
        a, sep, b = item.partition(":")
        if not sep or not a or not b or ":" in b or a.casefold() == b.casefold():
            raise InputError(_("bad {what} pair {item!r}").format(what=what, item=item), hint=_("write a pair as NAME:NAME, e.g. Ann:Bob"))
        pairs.append((a, b))
    return tuple(pairs)


def check_setting(name: str, value: str, *, recorded: bool = False) -> tuple[str, str]:
    """The setting as it is stored (names trimmed, the currency in capitals), or InputError.
    ``recorded``: a setting read from a log, checked as an earlier referee checked it when it was
    recorded (a banker of one word, before a banker's name had to be a name), so an old night reads."""
    if not isinstance(name, str) or name.strip().lower() not in SETTINGS:
        raise InputError(_("unknown ledger setting {name!r}").format(name=name), hint=_hint())
    name = name.strip().lower()
    if not isinstance(value, str):
        raise InputError(_("ledger setting {name} = {value!r}: the value is text").format(name=name, value=value), hint=_(SETTINGS[name]))
    value = value.strip()
    if name == "currency":
        value = value.upper()
        _check_currency(value)
    elif name == "locale":
        value = str(_locale(value))
    elif name == "shortfall":
        if value not in SHORTFALL_POLICIES:
            raise InputError(_("unknown shortfall policy {value!r}").format(value=value), hint=_(SETTINGS[name]))
    elif name == "settle":
        if value not in SETTLE_MODES:
            raise InputError(_("unknown settlement mode {value!r}").format(value=value), hint=_(SETTINGS[name]))
    elif name == "banker":
        if not (len(value.split()) == 1 if recorded else NAME_RE.fullmatch(value)):
            raise InputError(_("bad banker name {value!r}").format(value=value), hint=_("a name of one word (letters, digits, ' and -, a letter first): a player of the night, or e.g. Bank"))
    else:
        value = " ".join(f"{a}:{b}" for a, b in read_pairs(value, name))
    return name, value


@dataclass(frozen=True)
class MoneySettings:
    """The settings in force for a session (the defaults where the log sets none)."""

    currency: str = DEFAULT_CURRENCY
    locale: str = DEFAULT_LOCALE
    shortfall: str = "losers"
    banker: str | None = None
    settle: str = "direct"
    prefer: tuple[Pair, ...] = ()
    forbid: tuple[Pair, ...] = ()
    #: the names the log set (the others are defaults), for the report to say which is which
    set_in_log: frozenset[str] = frozenset()

    @property
    def money_locale(self) -> str:
        """The locale money is written in: the night's own ``locale`` setting, else the interface's
        language's (:func:`referee.i18n.money_locale`: en_GB in English, ru in Russian)."""
        from referee.i18n import money_locale

        return self.locale if "locale" in self.set_in_log else money_locale()

    @property
    def shortfall_words(self) -> str:
        words = SHORTFALL_POLICIES[self.shortfall]
        if self.shortfall == "banker":
            words += f" ({self.banker})" if self.banker else " (no banker named)"
        return words + ("" if "shortfall" in self.set_in_log else " (the default)")


def money_settings(values: Iterable[tuple[str, str]]) -> MoneySettings:
    """The settings in force after ``(name, value)`` settings in log order (checked as stored)."""
    found: dict[str, str] = {}
    for name, value in values:
        name, value = check_setting(name, value, recorded=True)
        found[name] = value
    return MoneySettings(
        currency=found.get("currency", DEFAULT_CURRENCY),
        locale=found.get("locale", DEFAULT_LOCALE),
        shortfall=found.get("shortfall", "losers"),
        banker=found.get("banker") or None,
        settle=found.get("settle", "direct"),
        prefer=read_pairs(found.get("prefer", ""), "prefer"),
        forbid=read_pairs(found.get("forbid", ""), "forbid"),
        set_in_log=frozenset(found),
    )


__all__ = ["SETTINGS", "SHORTFALL_POLICIES", "MissingSetting", "MoneySettings", "check_setting", "money_settings",
           "read_pairs"]
