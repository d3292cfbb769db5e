"""The :class:`Rulebook`: a game, the house's options and the rule texts that rulings cite."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from referee import i18n
from referee.errors import RulebookError
from referee.i18n import N_, _
from referee.rulebook.schema import OptionSpec, OptionValue, game_schema, option_spec

#: A numbered rule id: ``draw.4``, ``jackpots.11.1``, ``house.2``.
RULE_ID = re.compile(r"^[a-z][a-z0-9_]*(\.[0-9]+)+$")

#: The text of an option: one text per value (choices), or one template with ``{value}`` (numbers).
OptionText = Mapping[str, str] | str

#: Where a quote may come from: the five rule documents referee was made from (by language; their
#: copies are ``tests/seeds/``), and ``house``: a house rulebook's own words in its other language.
QUOTE_SOURCES: Mapping[str, str] = MappingProxyType(
    {"seed-000": "ru", "seed-001": "ru", "seed-002": "ru", "seed-003": "ru", "seed-004": "en", "house": ""}
)


@dataclass(frozen=True)
class Quote:
    """A rule in its own words: ``text`` copied exactly from ``source`` (a seed, or ``house``)."""

    source: str
    text: str

    def __str__(self) -> str:
        return f"«{' '.join(self.text.split())}» ({self.source})"


#: The quote of an option: one per value (choices), or one for every value.
OptionQuote = Mapping[str, Quote] | Quote

#: The language a rulebook's ``[rules]`` and ``[option_rules]`` are written in unless its
#: ``[rulebook]`` table says ``language``: English, the format's language.
TEXT_LANGUAGE = "en"


@dataclass(frozen=True)
class Texts:
    """A house rulebook's texts in another language (its ``[texts.ru]``): rules and options' texts,
    shaped like :attr:`Rulebook.rules` and :attr:`Rulebook.option_texts`."""

    rules: Mapping[str, str] = field(default_factory=dict)
    option_texts: Mapping[str, OptionText] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rules", MappingProxyType(dict(self.rules)))
        object.__setattr__(self, "option_texts", _frozen(self.option_texts, str))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Texts) and (dict(self.rules), _as_dicts(self.option_texts)) == (
            dict(other.rules), _as_dicts(other.option_texts))

    def __hash__(self) -> int:
        return hash(frozenset(self.rules.items()))


def rule_sort_key(rule_id: str) -> tuple[str, tuple[int, ...]]:
    """Order numbered rules naturally: ``draw.2`` before ``draw.10``."""
    prefix, _, numbers = rule_id.partition(".")
    return prefix, tuple(int(n) for n in numbers.split("."))


@dataclass(frozen=True, eq=True)
class Rulebook:
    """A loaded, validated rulebook.  Immutable; :meth:`with_options` returns a new one.

    ``options`` holds every option of the game (dotted name -> str or int).  ``rules`` holds the
    numbered rule texts (``jackpots.6`` -> text), ``option_texts`` the text of each option per value.
    ``source`` is the file it was loaded from; ``chain`` the files of its ``extends`` chain, own first.
    """

    name: str
    game: str
    title: str
    options: Mapping[str, OptionValue]
    source: str
    extends: str | None = None
    rules: Mapping[str, str] = field(default_factory=dict, repr=False)
    option_texts: Mapping[str, OptionText] = field(default_factory=dict, repr=False)
    chain: tuple[str, ...] = ()
    #: the rules in their source's own words (rule id -> quote); a rule may have none
    quotes: Mapping[str, Quote] = field(default_factory=dict, repr=False)
    #: the options' texts in their source's own words, per value like ``option_texts``
    option_quotes: Mapping[str, OptionQuote] = field(default_factory=dict, repr=False)
    #: a house rulebook's texts in other languages (language -> its texts), shown when the interface
    #: speaks that language; ``rules`` and ``option_texts`` stay the texts a ruling records
    translations: Mapping[str, Texts] = field(default_factory=dict, repr=False)
    #: the language of each rule and option text a bilingual house file words (rule id or option
    #: name -> language): a text here missing in the interface's language is a fallback, said once
    languages: Mapping[str, str] = field(default_factory=dict, repr=False)
    #: every numbered rule id with the ids it is numbered under (``draw.7`` for ``draw.7.1``)
    _numbered: frozenset[str] = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))
        object.__setattr__(self, "rules", MappingProxyType(dict(self.rules)))
        object.__setattr__(self, "option_texts", _frozen(self.option_texts, str))
        object.__setattr__(self, "quotes", MappingProxyType(dict(self.quotes)))
        object.__setattr__(self, "option_quotes", _frozen(self.option_quotes, Quote))
        object.__setattr__(self, "translations", MappingProxyType(dict(self.translations)))
        object.__setattr__(self, "languages", MappingProxyType(dict(self.languages)))
        numbered = set()
        for rule_id in self.rules:
            if RULE_ID.match(rule_id):
                head = rule_id
                while "." in head.partition(".")[2]:
                    numbered.add(head)
                    head = head.rpartition(".")[0]
                numbered.add(head)
        object.__setattr__(self, "_numbered", frozenset(numbered))
        # by content, as equality: the same rulebook loaded twice is one key of any mapping
        object.__setattr__(self, "_hash", hash((self.name, self.game, self.source, frozenset(self.options.items()))))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Rulebook):
            return NotImplemented
        return (self.name, self.game, self.title, dict(self.options), dict(self.rules), self.source) == (
            other.name, other.game, other.title, dict(other.options), dict(other.rules), other.source
        ) and _as_dicts(self.option_texts) == _as_dicts(other.option_texts) and (
            dict(self.quotes), _as_dicts(self.option_quotes)) == (dict(other.quotes), _as_dicts(other.option_quotes)) and (
            dict(self.translations), dict(self.languages)) == (dict(other.translations), dict(other.languages))

    # -- options ---------------------------------------------------------------------------

    def option(self, name: str) -> OptionValue:
        """The value in force of option ``name`` (raises :class:`RulebookError` if the game has no such option)."""
        if name not in self.options:
            option_spec(name, self.game)  # raises: unknown name, or an option of another game
        return self.options[name]

    def spec(self, name: str) -> OptionSpec:
        """The schema entry of option ``name`` in this game."""
        return option_spec(name, self.game)

    def with_options(self, overrides: Mapping[str, object], where: str | None = None) -> "Rulebook":
        """A copy with ``overrides`` applied, validated as a rulebook file would be.

        ``where`` (a file and line, e.g. the hand-file header) is put on any error raised.
        """
        options = dict(self.options)
        for name, value in overrides.items():
            try:
                spec = option_spec(name, self.game)
                options[spec.name] = spec.validate(value)
                _text_for(self.option_texts, spec, options[spec.name])
            except RulebookError as err:
                raise (err.located(where) if where else err) from None
        return Rulebook(
            name=self.name,
            game=self.game,
            title=self.title,
            options=options,
            source=self.source,
            extends=self.extends,
            rules=self.rules,
            option_texts=self.option_texts,
            chain=self.chain,
            quotes=self.quotes,
            option_quotes=self.option_quotes,
            translations=self.translations,
            languages=self.languages,
        )

    # -- rules -----------------------------------------------------------------------------

    def rule_ids(self) -> list[str]:
        """Every numbered rule id, in natural order (options are citable too: see :meth:`rule_text`)."""
        return sorted(self.rules, key=rule_sort_key)

    def has_rule(self, rule_id: str) -> bool:
        """True if ``rule_id`` is a numbered rule (or has numbered sub-rules) or an option of this game."""
        return rule_id in self.rules or rule_id in self.options or rule_id in self._numbered

    def _sub_rules(self, rule_id: str) -> list[str]:
        """The ids numbered under ``rule_id`` (``draw.7.1``, ``draw.7.2`` under ``draw.7``), in order."""
        if not RULE_ID.match(rule_id):
            return []
        return [r for r in self.rule_ids() if r.startswith(rule_id + ".")]

    def rule_text(self, rule_id: str) -> str:
        """The text of a numbered rule, or of an option for the value in force.

        A rule split into sub-rules (``draw.7.1`` ...) is also citable whole: ``rule_text("draw.7")``
        joins them as "(1) ... (2) ...".

        ``rule_text("jackpots.6")`` is the seed rule; ``rule_text("jackpots.false_open_penalty")`` states the
        reading of that option's current value.
        """
        text = self._text(self.rules, self.option_texts, rule_id)
        if text is not None:
            return text
        known = list(self.rules) + list(self.options)
        close = difflib.get_close_matches(rule_id, known, n=1, cutoff=0.6)
        raise RulebookError(
            _("rulebook {rulebook!r} has no rule {rule!r}").format(rulebook=self.name, rule=rule_id),
            hint=(_("did you mean {name!r}?").format(name=close[0]) if close else
                  _("run `referee rulebook show {rulebook}` for its rules").format(rulebook=self.name)),
        )

    def _text(self, rules: Mapping[str, str], option_texts: Mapping[str, OptionText], rule_id: str) -> str | None:
        """The text of ``rule_id`` from ``rules`` and ``option_texts`` (this rulebook's own, or a
        translation's), None when they have none for it."""
        if rule_id in rules:
            return rules[rule_id]
        if rule_id in self.options:
            try:
                return _text_for(option_texts, self.spec(rule_id), self.options[rule_id])
            except RulebookError:
                return None
        subs = self._sub_rules(rule_id)
        if subs and all(sub in rules for sub in subs):
            return " ".join(f"({sub[len(rule_id) + 1:]}) {rules[sub]}" for sub in subs)
        return None

    def shown_text(self, rule_id: str, language: str | None = None) -> str:
        """The text of ``rule_id`` as a person reads it in ``language`` (default: the interface's):
        a bilingual house rulebook's text in that language, else :meth:`rule_text`.  A text the house
        words in one language only is shown in it, and the fallback is noted for
        :func:`fallback_notice` (said once a command)."""
        text = self.rule_text(rule_id)
        language = (language or i18n.language() or TEXT_LANGUAGE).split("_")[0]
        worded = [key for key in (rule_id, *self._sub_rules(rule_id)) if key in self.languages]
        if not worded or all(self.languages[key] == language for key in worded):
            return text
        translated = self.translations.get(language)
        shown = self._text(translated.rules, translated.option_texts, rule_id) if translated else None
        if shown is None:
            _FALLBACKS.setdefault((self.title, language, self.languages[worded[0]]), None)
            return text
        return shown

    def rule_quotes(self, rule_id: str) -> tuple[Quote, ...]:
        """The rule in its source's own words, as :meth:`rule_text` reads it: a numbered rule's quote,
        the quote of an option's value in force, or the quotes of a rule's sub-rules in order (each
        once); empty when the rulebook quotes none (a seed-silent rule, a house rule)."""
        if rule_id in self.rules:
            return (self.quotes[rule_id],) if rule_id in self.quotes else ()
        if rule_id in self.options:
            quoted = self.option_quotes.get(rule_id)
            if isinstance(quoted, Quote):
                return (quoted,)
            value = str(self.options[rule_id])
            return (quoted[value],) if quoted is not None and value in quoted else ()
        found: list[Quote] = []
        for sub in self._sub_rules(rule_id):
            if sub in self.quotes and self.quotes[sub] not in found:
                found.append(self.quotes[sub])
        return tuple(found)

    def option_text(self, name: str, value: OptionValue | None = None) -> str:
        """The text of option ``name`` for ``value`` (default: the value in force)."""
        spec = self.spec(name)
        return _text_for(self.option_texts, spec, self.options[name] if value is None else spec.validate(value))

    def cite(self, rule_id: str) -> str:
        """``"jackpots.6: <text>"``: how a ruling quotes a rule."""
        return f"{rule_id}: {self.rule_text(rule_id)}"

    def schema_names(self) -> tuple[str, ...]:
        """The game's option names in schema order."""
        return game_schema(self.game).names()


def _frozen(per_option: Mapping[str, object], one: type) -> Mapping[str, object]:
    """Options' texts (or quotes) made read-only: each ``one`` for every value, or a table per value."""
    return MappingProxyType({k: v if isinstance(v, one) else MappingProxyType(dict(v))  # type: ignore[call-overload]
                             for k, v in per_option.items()})


def _as_dicts(texts: Mapping[str, OptionText] | Mapping[str, OptionQuote]) -> dict[str, object]:
    """Option texts (or quotes) with every mapping as a dict, to compare by content."""
    return {k: v if isinstance(v, (str, Quote)) else dict(v) for k, v in texts.items()}


def _text_for(texts: Mapping[str, OptionText], spec: OptionSpec, value: OptionValue) -> str:
    """The text of ``spec`` at ``value``; a missing text is a rulebook error."""
    text = texts.get(spec.name)
    if isinstance(text, str):
        return text.replace("{value}", str(value))
    if text is not None and str(value) in text:
        return text[str(value)].replace("{value}", str(value))
    raise RulebookError(
        _("option {name!r} = {value!r} has no rule text").format(name=spec.name, value=value),
        hint=_('add it under [option_rules."{name}"] so rulings can cite it').format(name=spec.name),
    )


#: the fallbacks of this command (rulebook title, language asked, language shown), in order
_FALLBACKS: dict[tuple[str, str, str], None] = {}

#: the notice of a fallback, by (language asked, language shown)
_FALLBACK_WORDS = {
    ("ru", "en"): N_("Some texts of {rulebook} are not written in Russian: they are shown in English."),
    ("en", "ru"): N_("Some texts of {rulebook} are not written in English: they are shown in Russian."),
}


def fallback_notice() -> str | None:
    """One line saying which rulebooks' texts :meth:`Rulebook.shown_text` showed in another language
    than the one asked since it was last asked (a command asks once, after what it shows), or None."""
    if not _FALLBACKS:
        return None
    notices = []
    for (title, asked, shown), _none in _FALLBACKS.items():
        words = _FALLBACK_WORDS.get((asked, shown))
        notices.append(_(words).format(rulebook=title) if words else
                       _("Some texts of {rulebook} are not written in {asked}: they are shown in {shown}.").format(
                           rulebook=title, asked=asked, shown=shown))
    _FALLBACKS.clear()
    return " ".join(dict.fromkeys(notices))
