"""The players' page in a language: the page itself (``templates/page.html.j2``, Jinja2's i18n
extension) and the words its script writes (:data:`PAGE_WORDS`, sent inside the page as JSON in an
attribute of its body: the page holds no inline script), and
which language a page speaks (:func:`page_language`).

A page speaks the night's language when the night names a money ``locale`` whose language referee
speaks (``ru_RU`` → ``ru``): everybody at that table then reads the same words.  Otherwise it speaks
the phone's: its ``Accept-Language`` header, matched against the catalogs (werkzeug's parser and
matcher, q-values and ``ru-RU`` → ``ru`` included); else English.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any
from urllib.parse import quote

from referee.i18n import N_, _, available, ngettext, speaking

#: the words ``page.js`` writes, by key; ``{name}`` placeholders are filled in by the script
PAGE_WORDS = {
    "noHand": N_("No hand yet."),
    "handTitle": N_("Hand {number} · {game}"),
    "handHead": N_("Dealer {dealer} · pot {pot}"),
    "over": N_("Over: {how}"),
    "toAct": N_("{player} to act: {legal}"),
    "onTable": N_("On the table"),
    "chipsHead": N_("+/− chips"),
    "balanceHead": N_("Balance"),
    "ruling": N_("Ruling, hand {hand}, action {action}: "),
    "findingAt": N_("Hand {hand}, action {action}: {message}"),
    "finding": N_("Hand {hand}: {message}"),
    "nothing": N_("Nothing so far."),
    "pays": N_("{payer} pays {payee} {amount}"),
    "square": N_("Everybody is square."),
    "code": N_("{label} code: {payee} {amount}"),
    "youPay": N_("You pay {payee} {amount}"),
    "paysYou": N_("{payer} pays you {amount}"),
    "nothingToPay": N_("Nothing to pay, nothing to get."),
    "closed": N_("{table} · closed"),
    "title": N_("{table} · referee"),
    "offline": N_("database unreachable: showing the last state"),
    "live": N_("live · {time}"),
    "lost": N_("connection lost: reconnecting…"),
}


def _undecided(count: int) -> str:
    return ngettext("Hand {hands} is not decided yet: the pot counts for nobody until the cards are shown.",
                    "Hands {hands} are not decided yet: the pot counts for nobody until the cards are shown.", count)


def _plural_forms(lang: str, say: Any) -> dict[str, str]:
    """``say(n)`` for each CLDR plural category of ``lang`` (``one``, ``few``, ``many``, ``other``),
    at the smallest whole number in it: the script picks one with the browser's ``Intl.PluralRules``."""
    from babel import Locale

    rule = Locale.parse(lang).plural_form
    forms: dict[str, str] = {}
    for n in range(0, 200):
        forms.setdefault(rule(n), say(n))
    return forms


def page_words(lang: str) -> dict[str, Any]:
    """The script's words in ``lang``."""
    with speaking(lang):
        words: dict[str, Any] = {key: _(text) for key, text in PAGE_WORDS.items()}
        words["undecided"] = _plural_forms(lang, _undecided)
    return words


def night_language(locale: str | None) -> str | None:
    """The language of a night's own money ``locale`` (``ru_RU`` → ``ru``) when referee speaks it."""
    if not locale:
        return None
    code = locale.replace("-", "_").split("_")[0].lower()
    return code if code in available() else None


def accepted_language(header: str | None) -> str:
    """The language of the catalogs a phone's ``Accept-Language`` prefers (English when none)."""
    from werkzeug.datastructures import LanguageAccept
    from werkzeug.http import parse_accept_header

    return parse_accept_header(header, LanguageAccept).best_match(available(), default="en") or "en"


def page_language(night: str | None, header: str | None) -> str:
    """The language a page speaks: the night's (:func:`night_language`), else the phone's."""
    return night or accepted_language(header)


@cache
def templates(lang: str) -> Any:
    """The pages' templates (``templates/``: the night's page, the season's) speaking ``lang``
    through Jinja2's i18n extension, ``lang`` given to them for ``<html lang>``."""
    import jinja2  # loads only for referee serve

    folder = resources.files("referee.scoreboard").joinpath("templates")
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(folder)), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                             extensions=["jinja2.ext.i18n"])
    with speaking(lang) as translations:
        env.install_gettext_translations(translations, newstyle=True)  # type: ignore[attr-defined]
    env.filters["player_link"] = lambda name: "p/" + quote(name, safe="")  # a season's player page
    env.globals["lang"] = lang
    return env


@cache
def page(lang: str) -> str:
    """The players' page in ``lang`` (made once per language)."""
    return templates(lang).get_template("page.html.j2").render(words=page_words(lang))


__all__ = ["PAGE_WORDS", "accepted_language", "night_language", "page", "page_language", "page_words", "templates"]
