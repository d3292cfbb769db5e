"""The interface's language: gettext catalogs (``referee/locale``), the language chosen, and the
date and money locale that goes with it.

English is the source language: a marked string is its own English text, and a language without a
catalog reads English.  The language comes from ``--lang`` (:func:`use`, called by the CLI before a
command runs), else ``REFEREE_LANG``, else gettext's usual ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``
(:func:`chosen_language`).  The catalogs are compiled to ``.mo`` files when the wheel is built
(``hatch_build.py``); a checkout, which commits only the ``.po`` files, compiles a catalog in memory
when it is first loaded (:func:`translations`).

The strings are marked with :func:`_`, :func:`ngettext` (every count: Russian has three plural
forms), :func:`pgettext` and :func:`npgettext` (a word with two senses), and :func:`N_` where a
string is defined once and translated where it is shown.  The translations in use are a context
variable, so a server can answer each request in its own language.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date, datetime
from functools import cache
from pathlib import Path

DOMAIN = "referee"
#: the catalogs: ``<language>/LC_MESSAGES/referee.po`` (and ``.mo`` in a built wheel)
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
#: where the language is looked for, in this order, after ``--lang``
ENVIRONMENT = ("REFEREE_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
#: the money and date locale of English, the source language (a night's own ``locale`` setting wins)
ENGLISH_LOCALE = "en_GB"

#: the pseudo-language: every marked string in brackets (``⟦Who pays whom⟧``), so that a run shows
#: at a glance, and a test finds, a string left unmarked: it is the one without them
PSEUDO = "qps"

_current: ContextVar[gettext.NullTranslations] = ContextVar("referee_translations")


def language_codes(value: str | None) -> list[str]:
    """The languages a setting names, best first: ``ru_RU.UTF-8`` → ``["ru_RU"]``, ``LANGUAGE``'s
    ``ru:en`` → ``["ru", "en"]``; ``C`` and ``POSIX`` name none (English)."""
    codes = []
    for part in (value or "").split(":"):
        code = part.split(".")[0].split("@")[0].strip().replace("-", "_")
        if code and code not in ("C", "POSIX"):
            codes.append(code)
    return codes


def chosen_language(lang: str | None = None) -> list[str]:
    """The languages asked for: ``lang`` (``--lang``), else the first of :data:`ENVIRONMENT` set."""
    if lang:
        return language_codes(lang)
    for name in ENVIRONMENT:
        if os.environ.get(name):
            return language_codes(os.environ[name])
    return []


class PseudoTranslations(gettext.NullTranslations):
    """The pseudo-language :data:`PSEUDO`: each message as English, in ``⟦…⟧``."""

    def gettext(self, message: str) -> str:
        return f"⟦{message}⟧"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"⟦{msgid1 if n == 1 else msgid2}⟧"

    def pgettext(self, context: str, message: str) -> str:
        return f"⟦{message}⟧"

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return f"⟦{msgid1 if n == 1 else msgid2}⟧"


@cache
def translations(languages: tuple[str, ...]) -> gettext.NullTranslations:
    """The catalog of the first of ``languages`` that has one (``ru_RU`` finds ``ru``), or English
    (:class:`gettext.NullTranslations`).  A compiled ``.mo`` is read by :func:`gettext.translation`;
    without one (a checkout), the ``.po`` is compiled in memory by Babel."""
    if languages[:1] == (PSEUDO,):
        return PseudoTranslations()
    found = gettext.translation(DOMAIN, LOCALE_DIR, languages=list(languages), fallback=True)
    if type(found) is not gettext.NullTranslations:
        return found
    for code in languages:
        for name in dict.fromkeys((code, code.split("_")[0])):
            po = LOCALE_DIR / name / "LC_MESSAGES" / f"{DOMAIN}.po"
            if po.is_file():
                return _compiled(po)
    return found


def _compiled(po: Path) -> gettext.GNUTranslations:
    """The ``.po`` file ``po`` compiled in memory, as ``pybabel compile`` would write it."""
    from io import BytesIO

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        catalog = read_po(source)
    buffer = BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def available() -> list[str]:
    """The languages referee speaks: English and each with a catalog."""
    return ["en", *sorted(p.name for p in LOCALE_DIR.iterdir() if (p / "LC_MESSAGES").is_dir())]


def speaks(lang: str) -> bool:
    """Whether referee speaks ``lang`` (``ru``, ``ru_RU``, ``en``)."""
    codes = language_codes(lang)
    return bool(codes) and (codes[0] == PSEUDO or codes[0].split("_")[0] in available())


def use(lang: str | None = None) -> gettext.NullTranslations:
    """Make the language ``lang`` (else the environment's, :func:`chosen_language`) the one the
    interface speaks from now on in this context; the translations are returned."""
    chosen = translations(tuple(chosen_language(lang)))
    _current.set(chosen)
    return chosen


@contextmanager
def speaking(lang: str | None = None) -> Iterator[gettext.NullTranslations]:
    """:func:`use` ``lang`` inside the ``with`` block, the language in use before it after."""
    token = _current.set(translations(tuple(chosen_language(lang))))
    try:
        yield _current.get()
    finally:
        _current.reset(token)


def current() -> gettext.NullTranslations:
    """The translations in use (the environment's language until :func:`use` chooses one)."""
    try:
        return _current.get()
    except LookupError:
        return use()


def language() -> str | None:
    """The language of the catalog in use (``"ru"``), or None for English."""
    info = current().info()
    return info.get("language") or None


def quoting_seeds() -> bool:
    """Whether rules are quoted in the seeds' own words beside their English texts: the shipped
    rulebooks' quotes are Russian sentences, so when the interface speaks Russian."""
    return (language() or "").split("_")[0] == "ru"


def translating() -> bool:
    """Whether the interface speaks anything but English (a catalog, or the pseudo-language)."""
    return type(current()) is not gettext.NullTranslations


def _(message: str) -> str:
    """``message`` in the interface's language."""
    return current().gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form for ``count`` (``1 раздача``, ``2 раздачи``, ``5 раздач``, ``21 раздача``)."""
    return current().ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the sense ``context`` names."""
    return current().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    return current().npgettext(context, singular, plural, count)


def N_(message: str) -> str:
    """``message`` marked for the catalog, left as it is: translated with :func:`_` where it is shown."""
    return message


def money_locale() -> str:
    """The locale money and dates are written in when a night names none: the language's (``ru``),
    or :data:`ENGLISH_LOCALE`."""
    return language() or ENGLISH_LOCALE


def format_day(day: date) -> str:
    """A day in the interface's language: ``2026-11-28``; in Russian ``28 ноября 2026``."""
    from babel.dates import format_date

    # TRANSLATORS: a CLDR date pattern (https://unicode.org/reports/tr35/tr35-dates.html), e.g. "d MMMM y"
    return format_date(day, pgettext("date pattern", "yyyy-MM-dd"), locale=money_locale())


def format_moment(moment: datetime) -> str:
    """A time of day on a day: ``2026-11-28 21:05``; in Russian ``28 ноября 2026, 21:05``."""
    from babel.dates import format_datetime

    # TRANSLATORS: a CLDR date-and-time pattern, e.g. "d MMMM y, HH:mm"
    return format_datetime(moment, pgettext("date and time pattern", "yyyy-MM-dd HH:mm"), locale=money_locale())


__all__ = ["DOMAIN", "LOCALE_DIR", "N_", "PSEUDO", "PseudoTranslations", "_", "available", "chosen_language", "current", "format_day", "format_moment",
           "language", "money_locale", "ngettext", "npgettext", "pgettext", "quoting_seeds", "speaking", "speaks", "translating", "translations", "use"]
