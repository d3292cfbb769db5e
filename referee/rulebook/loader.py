"""Load rulebook TOML files: shipped ones by name, house ones by path, following ``extends``.

The file format (see ``docs/rulebooks.md``)::

    [rulebook]
    name = "friday"            # optional, default: the file name
    game = "jackpots"          # optional when extending: inherited
    title = "Friday jackpots"  # optional
    extends = "jackpots"       # a shipped name, or a path relative to this file

    [options]                  # dotted option names, quoted or not
    "jackpots.false_open_penalty" = "ante_for_all_next_deal"

    [rules]                    # numbered rule texts: <prefix>.<n>[.<m>...]
    "house.1" = "Cards speak."

    [option_rules."draw.raise_cap"]   # the text of an option, one entry per value
    per_player_3 = "..."
    [option_rules]
    "draw.limit_pre" = "... {value} chips ..."   # whole-number options: one template

    [quotes]                   # a rule in its source's own words, copied exactly
    "jackpots.9" = { source = "seed-003", text = "..." }
    [option_quotes."jackpots.min_open"]         # an option's text, per value (or one for all)
    JJ = { source = "seed-003", text = "..." }

Every problem is a :class:`RulebookError` whose ``where`` is ``file:line`` of the offending key.
"""

from __future__ import annotations

import difflib
import functools
import os
import re
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Mapping

from referee import __version__, i18n
from referee.engine.events import RulebookText
from referee.engine.games import find_game
from referee.errors import RulebookError
from referee.i18n import _
from referee.resources import rulebooks_dir
from referee.rulebook.model import (
    QUOTE_SOURCES,
    RULE_ID,
    TEXT_LANGUAGE,
    OptionQuote,
    OptionText,
    Quote,
    Rulebook,
    Texts,
    _text_for,
)
from referee.rulebook.schema import (
    OptionValue,
    all_options,
    base_of,
    check_game,
    game_schema,
    games,
    option_spec,
)
from referee.rulebook.toml_lines import key_lines, line_of

_TOP_LEVEL = ("rulebook", "options", "rules", "option_rules", "quotes", "option_quotes", "texts")
_META_KEYS = ("name", "game", "title", "extends", "language")


def shipped_rulebook_names() -> list[str]:
    """Names of the rulebooks shipped with referee, games in the registry's order first."""
    names = [path.stem for path in rulebooks_dir().glob("*.toml")]
    order = {game: i for i, game in enumerate(games())}
    return sorted(names, key=lambda n: (order.get(n, len(order)), n))


def shipped_rulebook_path(name: str) -> Path:
    """The file of shipped rulebook ``name``; an unknown name raises with the closest match as hint."""
    path = rulebooks_dir() / f"{name}.toml"
    if path.is_file():
        return path
    names = shipped_rulebook_names()
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.5)
    hint = (_("did you mean {name!r}?").format(name=close[0]) if close else
            _("shipped: {names}; or give a .toml path").format(names=", ".join(names)))
    raise RulebookError(_("no shipped rulebook named {name!r}").format(name=name), hint=hint)


def is_rulebook_path(ref: str | Path) -> bool:
    """True if a rulebook reference (a ``rulebook:`` line, ``--rulebook``) names a file rather than a
    shipped rulebook."""
    if isinstance(ref, Path):
        return True
    return "/" in ref or "\\" in ref or ref.lower().endswith(".toml")


def resolve_rulebook(ref: str, base_dir: str | None) -> str:
    """The argument for :func:`load_rulebook`: a shipped name as is, a relative path joined to ``base_dir``
    (the folder of the hand file that names it)."""
    if is_rulebook_path(ref) and base_dir is not None and not Path(ref).is_absolute():
        return str(Path(base_dir) / ref)
    return ref


#: The texts of rulebook files a night plays under (its log's ``RulebookText`` events, a hand file's
#: ``rulebook file`` blocks): (key, full text) pairs, a file known by :func:`file_key`.
RulebookTexts = tuple[tuple[str, str], ...]


def file_key(path: str | Path) -> str:
    """How a rulebook file is known in a night's record: a shipped rulebook by its name, a house file
    by its absolute path (as written, links not followed: the same text always gives the same key)."""
    absolute = Path(os.path.abspath(path))
    if absolute.parent == Path(os.path.abspath(rulebooks_dir())):
        return absolute.stem
    return str(absolute)


def rulebook_key(ref: str, base_dir: str | None = None) -> str:
    """The key (:func:`file_key`) of the file a rulebook reference names."""
    ref = resolve_rulebook(ref, base_dir)
    return file_key(ref) if is_rulebook_path(ref) else ref


def is_shipped_key(key: str) -> bool:
    """Whether a file key names a shipped rulebook (a house file's key is a path)."""
    return not is_rulebook_path(key)


class _Files:
    """Where a rulebook's files are read from: a night's recorded ``texts`` first, the disk for the
    rest; ``read`` keeps every text read, by key, in the order read (the file, then what it extends)."""

    def __init__(self, texts: Iterable[tuple[str, str]] = ()) -> None:
        self.texts = dict(texts)
        self.read: dict[str, str] = {}

    def recorded(self, path: Path) -> bool:
        return file_key(path) in self.texts


def option_value(text: str) -> OptionValue:
    """An option value as written (``option x = 3``, ``--option x=3``): a whole number becomes an int,
    anything else a string (quotes dropped)."""
    text = text.strip().strip("\"'")
    return int(text) if re.fullmatch(r"-?\d+", text) else text


def parse_option(text: str, where: str = "--option") -> tuple[str, OptionValue]:
    """``NAME=VALUE`` as written on the command line, as an option name and its value."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip() or not value.strip():
        raise RulebookError(_("bad option {text!r}").format(text=text), where=where,
                            hint=_("write NAME=VALUE, e.g. --option jackpots.false_open_penalty=ante_for_all_next_deal (see `referee rulebook show`)"))
    return name.strip(), option_value(value)


#: The rulebooks in force loaded so far: (reference, options) -> the rulebook and what its files held
#: (a house rulebook edited since is loaded again).  The one cache of a rulebook with its options.
_IN_FORCE: dict[tuple[str, tuple[tuple[str, OptionValue], ...]], tuple[Rulebook, tuple[bytes, ...]]] = {}


def _contents(book: Rulebook) -> tuple[bytes, ...]:
    """The bytes of a house rulebook's files (its ``extends`` chain), to tell an edited one."""
    out = []
    for source in book.chain or (book.source,):
        try:
            out.append(Path(source).read_bytes())
        except OSError:
            out.append(b"")
    return tuple(out)


#: The rulebooks loaded from a night's recorded texts: (key, options, texts) -> the rulebook (texts never change)
_RECORDED: dict[tuple[str, tuple[tuple[str, OptionValue], ...], RulebookTexts], Rulebook] = {}


def load_rules(ref: str, options: Mapping[str, OptionValue] | None = None, base_dir: str | None = None,
               texts: RulebookTexts = ()) -> Rulebook:
    """The rulebook in force: rulebook ``ref`` (a shipped name, or a path relative to ``base_dir``)
    with ``options`` applied, its files read from ``texts`` (a night's record) when they are there,
    else from the disk.  Each (rulebook, options) is loaded once; raises RulebookError."""
    ref = resolve_rulebook(ref, base_dir)
    pairs = tuple((options or {}).items())
    if texts and any(k == rulebook_key(ref) for k, _text in texts):
        recorded = (rulebook_key(ref), pairs, texts)
        book = _RECORDED.get(recorded)
        if book is None:
            book = load_rulebook(ref, texts)
            book = _RECORDED[recorded] = book.with_options(options) if options else book
        return book
    house = is_rulebook_path(ref)
    key = (str(Path(ref).resolve()) if house else ref, pairs)
    known = _IN_FORCE.get(key)
    if known is not None and (not house or _contents(known[0]) == known[1]):
        return known[0]
    book = load_rulebook(ref)
    book = book.with_options(options) if options else book
    _IN_FORCE[key] = (book, _contents(book) if house else ())
    return book


def load_rulebook(name_or_path: str | Path, texts: RulebookTexts = ()) -> Rulebook:
    """Load a shipped rulebook by name (``"jackpots"``) or a rulebook file by path (``"house.toml"``),
    its files read from ``texts`` (a night's record) when they are there.

    Raises :class:`RulebookError` (with ``where="file:line"`` and a hint) for every problem.
    """
    if is_rulebook_path(name_or_path):
        return _load_file(Path(name_or_path), str(name_or_path), (), _Files(texts))
    if texts and str(name_or_path) in dict(texts):
        return _load_file(rulebooks_dir() / f"{name_or_path}.toml", str(name_or_path), (), _Files(texts))
    return _load_shipped(str(name_or_path))


def rulebook_files(ref: str, base_dir: str | None = None, texts: RulebookTexts = ()) -> RulebookTexts:
    """The files rulebook ``ref`` is made of, as (key, full text): the file itself, then what it
    extends; read from ``texts`` where they are there, else from the disk (checked as it is loaded)."""
    ref = resolve_rulebook(ref, base_dir)
    files = _Files(texts)
    path = Path(ref) if is_rulebook_path(ref) else (
        rulebooks_dir() / f"{ref}.toml" if ref in files.texts else shipped_rulebook_path(ref))
    _load_file(path, ref if is_rulebook_path(ref) else _display(path), (), files)
    return tuple(files.read.items())


def recorded_rulebook(ref: str, base_dir: str | None = None, texts: RulebookTexts = ()) -> RulebookText:
    """The ``RulebookText`` event that records rulebook ``ref`` into a night (:func:`rulebook_files`)."""
    return RulebookText(ref, rulebook_files(ref, base_dir, texts), __version__)


def changed_on_disk(texts: RulebookTexts) -> list[tuple[str, bool]]:
    """The house files of ``texts`` that now differ on disk: (key, whether it is gone altogether).
    Shipped rulebooks are left out: they change only with referee itself."""
    changed = []
    for key, text in texts:
        if is_shipped_key(key):
            continue
        try:
            now = Path(key).read_text(encoding="utf-8")
        except OSError:
            changed.append((key, True))
            continue
        if now != text:
            changed.append((key, False))
    return changed


@functools.lru_cache(maxsize=None)
def _load_shipped(name: str) -> Rulebook:
    """Shipped rulebooks are read once per process (they are immutable data)."""
    path = shipped_rulebook_path(name)
    return _load_file(path, _display(path), (), _Files())


def _display(path: Path) -> str:
    """A short name for a path in messages: relative to the working directory when below it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


class _Located:
    """Turns key paths of one file into ``file:line`` strings for errors."""

    def __init__(self, display: str, text: str) -> None:
        self.display = display
        self.text = text

    @functools.cached_property
    def lines(self) -> dict[tuple[str, ...], int]:
        """Where each key is, worked out when an error needs it (a good file needs none)."""
        return key_lines(self.text)

    def at(self, *path: str) -> str:
        line = line_of(self.lines, tuple(path))
        return f"{self.display}:{line}" if line else self.display

    def error(self, err: RulebookError, *path: str) -> RulebookError:
        return err.located(self.at(*path))

    def fail(self, message: str, hint: str, *path: str) -> RulebookError:
        return RulebookError(message, where=self.at(*path), hint=hint)


def _read_toml(path: Path, display: str, files: _Files) -> tuple[dict[str, Any], str]:
    key = file_key(path)
    try:
        text = files.texts[key] if key in files.texts else path.read_text(encoding="utf-8")
        files.read.setdefault(key, text)
    except FileNotFoundError:
        raise RulebookError(
            _("rulebook file not found: {display}").format(display=display),
            hint=_("give a shipped rulebook name (`referee rulebook list`) or the path of a .toml file"),
        ) from None
    except (OSError, UnicodeDecodeError) as err:
        raise RulebookError(_("cannot read rulebook file: {err}").format(err=err), where=display,
                            hint=_("a rulebook is a UTF-8 TOML text file")) from None
    try:
        return tomllib.loads(text), text
    except tomllib.TOMLDecodeError as err:
        message = str(err)
        match = re.search(r"\(at line (\d+), column (\d+)\)", message)
        where = f"{display}:{match.group(1)}" if match else display
        raise RulebookError(_("TOML syntax error: {message}").format(message=message), where=where,
                            hint=_("see https://toml.io for the syntax; quote keys that contain dots")) from None


def _flatten(table: Mapping[str, Any], parts: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    """Leaves of nested tables as (key parts, value): ``draw.max_draw = 3`` -> (("draw", "max_draw"), 3)."""
    leaves: list[tuple[tuple[str, ...], Any]] = []
    for key, value in table.items():
        if isinstance(value, dict):
            leaves.extend(_flatten(value, parts + (key,)))
        else:
            leaves.append((parts + (key,), value))
    return leaves


def _option_text_entries(
    table: Mapping[str, Any], loc: _Located, own: tuple[str, ...], parts: tuple[str, ...] = (),
    section: str = "option_rules",
) -> list[tuple[tuple[str, ...], str, Any]]:
    """Entries of ``[option_rules]`` (or ``[option_quotes]``): (key parts, option name, str template or
    per-value table).  ``own``: the game's option names (another game's option may have texts too:
    every game is then loaded)."""
    entries: list[tuple[tuple[str, ...], str, Any]] = []
    for key, value in table.items():
        here = parts + (key,)
        name = ".".join(here)
        if name in own or name in all_options():
            entries.append((here, name, value))
        elif isinstance(value, dict) and not _is_quote(value):
            entries.extend(_option_text_entries(value, loc, own, here, section))
        else:
            close = difflib.get_close_matches(name, list(all_options()), n=1, cutoff=0.6)
            raise loc.fail(_("{section}: unknown option {name!r}").format(section=section, name=name),
                           _("did you mean {name!r}?").format(name=close[0]) if close else _("keys are option names such as 'draw.raise_cap'"),
                           *section.split("."), *here)
    return entries


_QUOTE_KEYS = ("source", "text")
_QUOTE_FORM = '{ source = "seed-003", text = "…" }'


def _is_quote(value: Any) -> bool:
    return isinstance(value, dict) and any(key in value for key in _QUOTE_KEYS)


def _quote_entries(table: Mapping[str, Any], parts: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    """Entries of ``[quotes]``: (key parts, quote table); dotted keys unquoted nest, so follow them
    down to a table with ``source``/``text`` (or to anything that is not a table)."""
    entries: list[tuple[tuple[str, ...], Any]] = []
    for key, value in table.items():
        if isinstance(value, dict) and value and not _is_quote(value):
            entries.extend(_quote_entries(value, parts + (key,)))
        else:
            entries.append((parts + (key,), value))
    return entries


def _quote(value: Any, of: str, loc: _Located, *where: str) -> Quote:
    """One quote as written: a table of a known ``source`` and a non-empty ``text``, kept exactly."""
    if not isinstance(value, dict):
        raise loc.fail(_("quote of {of} must be a table").format(of=of), _("write it as {form}").format(form=_QUOTE_FORM), *where)
    for key in value:
        if key not in _QUOTE_KEYS:
            raise loc.fail(_("unknown key {key!r} in the quote of {of}").format(key=key, of=of), _("a quote is {form}").format(form=_QUOTE_FORM), *where)
    source, text = value.get("source"), value.get("text")
    if not isinstance(text, str) or not text.strip():
        raise loc.fail(_("quote of {of} is empty").format(of=of),
                       _("copy the source's sentence exactly, or leave the rule without a quote"), *where)
    if source is None:
        raise loc.fail(_("quote of {of} has no source").format(of=of), _("sources: {sources}").format(sources=", ".join(QUOTE_SOURCES)), *where)
    if not isinstance(source, str) or source not in QUOTE_SOURCES:
        close = difflib.get_close_matches(str(source), list(QUOTE_SOURCES), n=1, cutoff=0.6)
        raise loc.fail(_("quote of {of} names an unknown source {source!r}").format(of=of, source=source),
                       _("did you mean {name!r}?").format(name=close[0]) if close else _("sources: {sources}").format(sources=", ".join(QUOTE_SOURCES)), *where)
    return Quote(source, text)


def _rule_quotes(data: Mapping[str, Any], parent: Rulebook | None, rules: Mapping[str, str],
                 replaced: set[str], loc: _Located) -> dict[str, Quote]:
    """The rulebook's quotes: the parent's, less those of rules this file words anew, then its own."""
    quotes = {k: v for k, v in (parent.quotes if parent is not None else {}).items() if k not in replaced}
    for parts, value in _quote_entries(data.get("quotes", {})):
        rule_id = ".".join(parts)
        if rule_id not in rules:
            hint = (f'an option\'s quote goes under [option_quotes."{rule_id}"]' if rule_id in all_options() else
                    "quote a rule of [rules] (its id, e.g. 'draw.3')")
            close = difflib.get_close_matches(rule_id, list(rules), n=1, cutoff=0.6)
            raise loc.fail(_("quote of unknown rule {rule!r}").format(rule=rule_id),
                           _("did you mean {name!r}?").format(name=close[0]) if close and rule_id not in all_options() else hint,
                           "quotes", *parts)
        quotes[rule_id] = _quote(value, rule_id, loc, "quotes", *parts)
    return quotes


def _option_quotes(data: Mapping[str, Any], parent: Rulebook | None, game: str, replaced: Mapping[str, object],
                   loc: _Located) -> dict[str, OptionQuote]:
    """The options' quotes: the parent's, less those of texts this file words anew, then its own."""
    quotes: dict[str, OptionQuote] = {}
    for name, quoted in (parent.option_quotes if parent is not None else {}).items():
        gone = replaced.get(name)
        if gone is None:
            quotes[name] = quoted
        elif isinstance(gone, dict) and not isinstance(quoted, Quote):
            kept = {v: q for v, q in quoted.items() if v not in gone}
            if kept:
                quotes[name] = kept
    table = data.get("option_quotes", {})
    for parts, name, value in _option_text_entries(table, loc, game_schema(game).names(), section="option_quotes"):
        where = ("option_quotes", *parts)
        try:
            spec = option_spec(name, game)
        except RulebookError as err:
            raise loc.error(err, *where) from None
        if _is_quote(value) or not isinstance(value, dict):
            quotes[name] = _quote(value, name, loc, *where)
            continue
        merged = dict(quotes[name]) if isinstance(quotes.get(name), dict) else {}
        for choice, one in value.items():
            if spec.is_int and re.fullmatch(r"-?\d+", choice):
                try:
                    spec.validate(int(choice))
                except RulebookError as err:
                    raise loc.error(err, *where, choice) from None
            elif not spec.choices or choice not in spec.choices:
                raise loc.fail(_("option_quotes: {name!r} has no value {choice!r}").format(name=name, choice=choice),
                               _("values: {values}").format(values=spec.allowed_text()) if spec.choices else
                               _("quote a whole-number option per number (2 = {form}) or once for all").format(form=_QUOTE_FORM),
                               *where, choice)
            merged[choice] = _quote(one, f"{name} = {choice}", loc, *where, choice)
        quotes[name] = merged
    return quotes


def _read_option_texts(table: Mapping[str, Any], game: str, texts: dict[str, OptionText],
                       reworded: dict[str, object], loc: _Located, section: tuple[str, ...]) -> None:
    """The option texts of ``table`` (an ``[option_rules]`` table, or a translation's) into ``texts``,
    each named in ``reworded`` (name -> the name, or its values worded); ``section``: the keys above."""
    for parts, name, value in _option_text_entries(table, loc, game_schema(game).names(), section=".".join(section)):
        where = (*section, *parts)
        try:
            spec = option_spec(name, game)
        except RulebookError as err:
            raise loc.error(err, *where) from None
        if isinstance(value, str):
            if not value.strip():
                raise loc.fail(_("rule text of {name!r} is empty").format(name=name),
                               _("write the rule as a sentence"), *where)
            texts[name] = " ".join(value.split())
            reworded[name] = name
        elif isinstance(value, dict) and spec.choices:
            merged = dict(texts[name]) if isinstance(texts.get(name), dict) else {}
            for choice, text in value.items():
                if choice not in spec.choices:
                    raise loc.fail(_("{section}: {name!r} has no value {value!r}").format(
                                       section=".".join(section), name=name, value=choice),
                                   _("values: {values}").format(values=spec.allowed_text()), *where, choice)
                if not isinstance(text, str) or not text.strip():
                    raise loc.fail(_("rule text of {name} = {value} must be a non-empty string").format(
                                       name=name, value=choice), _("write the rule as a sentence"), *where, choice)
                merged[choice] = " ".join(text.split())
            texts[name] = merged
            reworded[name] = {**(reworded[name] if isinstance(reworded.get(name), dict) else {}),  # type: ignore[dict-item]
                              **{choice: True for choice in value}}
        elif spec.is_int:
            raise loc.fail(_("rule text of {name!r} must be a string with {{value}}").format(name=name),
                           _("see docs/rulebooks.md"), *where)
        else:
            raise loc.fail(_("rule text of {name!r} must be a string with {{value}} or a table with one text "
                             "per value").format(name=name), _("see docs/rulebooks.md"), *where)


_TEXTS_KEYS = ("rules", "option_rules")


def _translations(data: Mapping[str, Any], parent: Rulebook | None, game: str, language: str,
                  rules: Mapping[str, str], own: set[str], loc: _Located) -> dict[str, Texts]:
    """The rulebook's texts in other languages: the parent's (less those of texts this file words
    anew, ``own``), then this file's ``[texts.<language>]`` tables (``rules`` and ``option_rules``
    shaped like the file's own), each text checked as those are."""
    found = {lang: Texts({k: v for k, v in texts.rules.items() if k not in own},
                         {k: v for k, v in texts.option_texts.items() if k not in own})
             for lang, texts in (parent.translations if parent is not None else {}).items()}
    for lang, table in data.get("texts", {}).items():
        if lang not in i18n.available() or lang == i18n.PSEUDO:
            raise loc.fail(_("no language {language!r} for texts").format(language=lang),
                           _("languages: {languages}").format(languages=", ".join(i18n.available())), "texts", lang)
        if lang == language:
            raise loc.fail(_("[texts.{language}] repeats the file's own language").format(language=lang),
                           _("the texts in {language} are [rules] and [option_rules]; [texts.<language>] gives "
                             "them in another one").format(language=lang), "texts", lang)
        if not isinstance(table, dict):
            raise loc.fail(_("'texts.{language}' must be a table").format(language=lang),
                           _("write it as [texts.{language}.rules]").format(language=lang), "texts", lang)
        for key in table:
            if key not in _TEXTS_KEYS:
                raise loc.fail(_("unknown key {key!r} in [texts.{language}]").format(key=key, language=lang),
                               _("keys: {keys}").format(keys=", ".join(_TEXTS_KEYS)), "texts", lang, key)
        before = found.get(lang, Texts())
        translated = dict(before.rules)
        for parts, value in _flatten(table.get("rules", {})):
            rule_id = ".".join(parts)
            where = ("texts", lang, "rules", *parts)
            if rule_id not in rules:
                close = difflib.get_close_matches(rule_id, list(rules), n=1, cutoff=0.6)
                raise loc.fail(_("text of unknown rule {rule!r}").format(rule=rule_id),
                               _("did you mean {name!r}?").format(name=close[0]) if close else
                               _("give a text to a rule of [rules] (its id, e.g. 'house.1')"), *where)
            if not isinstance(value, str) or not value.strip():
                raise loc.fail(_("rule {rule!r} must be a non-empty string").format(rule=rule_id),
                               _('write "<id>" = "text"'), *where)
            translated[rule_id] = " ".join(value.split())
        option_texts = {k: v if isinstance(v, str) else dict(v) for k, v in before.option_texts.items()}
        _read_option_texts(table.get("option_rules", {}), game, option_texts, {}, loc, ("texts", lang, "option_rules"))
        found[lang] = Texts(translated, option_texts)
    return found


def _resolve_extends(extends: str, path: Path, files: _Files) -> tuple[Path, str]:
    """The file an ``extends`` value names: a shipped name, or a path relative to the extending file."""
    if is_rulebook_path(extends):
        target = Path(extends)
        if not target.is_absolute():
            target = path.parent / target
        return target, _display(target)
    target = rulebooks_dir() / f"{extends}.toml" if extends in files.texts else shipped_rulebook_path(extends)
    return target, _display(target)


def _check_limits(game: str, options: Mapping[str, OptionValue], own: Mapping[str, tuple[str, ...]],
                  loc: _Located) -> None:
    """Options that contradict each other: under the game's spread limit (its ``spread_limit``) the smallest
    bet must fit under each limit, or no bet could ever be made."""
    spread = find_game(game).spread_limit
    if spread is not None and options.get(spread[0]) == "spread_limit":
        _option, smallest, limits = spread
        for limit in limits:
            low, high = options[smallest], options[limit]
            if low > high:  # type: ignore[operator]
                where = ("options", *own[smallest]) if smallest in own else (
                    ("options", *own[limit]) if limit in own else ("rulebook",))
                raise loc.fail(_("{smallest} = {low} is above {limit} = {high}: under a spread limit no bet could be made").format(smallest=smallest, low=low, limit=limit, high=high), _("lower {smallest} or raise {limit}").format(smallest=smallest, limit=limit), *where)


def _check_cited_rules(game: str, rules: Mapping[str, str], resolved: Path, loc: _Located) -> None:
    """A rulebook that extends none must hold every rule the engine cites for its game (the rule ids of
    the game's shipped rulebook): a missing one would be quoted as its parent rule's text."""
    try:
        shipped = shipped_rulebook_path(game)
    except RulebookError:
        return  # a game without a shipped rulebook: nothing to compare with
    if shipped.resolve() == resolved:
        return
    missing = [rule_id for rule_id in _load_shipped(shipped.stem).rules if rule_id not in rules]
    if missing:
        shown = ", ".join(missing[:12]) + (f" and {len(missing) - 12} more" if len(missing) > 12 else "")
        raise loc.fail(_("rules the engine cites for {game} are missing: {shown}").format(game=game, shown=shown),
                       _('give each its text under [rules], or extend the shipped rulebook (extends = "{game}")').format(game=game),
                       "rules" if "rules" in loc.text else "rulebook")


def _load_file(path: Path, display: str, stack: tuple[Path, ...], files: _Files) -> Rulebook:
    data, text = _read_toml(path, display, files)
    loc = _Located(display, text)
    resolved = path.resolve()

    for key in data:
        if key not in _TOP_LEVEL:
            close = difflib.get_close_matches(key, _TOP_LEVEL, n=1, cutoff=0.5)
            raise loc.fail(_("unknown table {key!r}").format(key=key),
                           _("did you mean {name!r}?").format(name=close[0]) if close else _("tables: {tables}").format(tables=", ".join(_TOP_LEVEL)), key)
    for key in _TOP_LEVEL:
        if key in data and not isinstance(data[key], dict):
            raise loc.fail(_("{key!r} must be a table").format(key=key), _("write it as [{key}]").format(key=key), key)
    meta = data.get("rulebook")
    if meta is None:
        raise RulebookError(_("missing [rulebook] table"), where=display,
                            hint=_('start the file with [rulebook] and game = "..." or extends = "..."'))
    for key, value in meta.items():
        if key not in _META_KEYS:
            close = difflib.get_close_matches(key, _META_KEYS, n=1, cutoff=0.5)
            raise loc.fail(_("unknown key {key!r} in [rulebook]").format(key=key),
                           _("did you mean {name!r}?").format(name=close[0]) if close else _("keys: {keys}").format(keys=", ".join(_META_KEYS)),
                           "rulebook", key)
        if not isinstance(value, str) or not value.strip():
            raise loc.fail(_("[rulebook] {key} must be a non-empty string").format(key=key), _('write {key} = "..."').format(key=key), "rulebook", key)

    parent: Rulebook | None = None
    extends = meta.get("extends")
    if extends is not None:
        try:
            target, target_display = _resolve_extends(extends, path, files)
        except RulebookError as err:
            raise loc.error(err, "rulebook", "extends") from None
        chain = stack + (resolved,)
        if target.resolve() in chain:
            names = " -> ".join(p.name for p in chain + (target.resolve(),))
            raise loc.fail(_("extends cycle: {names}").format(names=names), _("a rulebook cannot extend itself, directly or through others"),
                           "rulebook", "extends")
        try:
            parent = _load_file(target, target_display, chain, files)
        except RulebookError as err:
            if err.where is None:
                raise loc.error(err, "rulebook", "extends") from None
            raise

    game = meta.get("game")
    if game is not None:
        try:
            game = check_game(game)
        except RulebookError as err:
            raise loc.error(err, "rulebook", "game") from None
        if parent is not None and game != parent.game and base_of(game) != parent.game:
            raise loc.fail(
                _("game {game!r} differs from game {game2!r} of the rulebook it extends ({name})").format(game=game, game2=parent.game, name=parent.name),
                _("drop the game line, or extend a {game} rulebook").format(game=game), "rulebook", "game")
    elif parent is not None:
        game = parent.game
    else:
        raise loc.fail(_("no game: set game or extends in [rulebook]"),
                       _("games: {games}").format(games=", ".join(games())), "rulebook")
    schema = game_schema(game)

    options: dict[str, OptionValue] = schema.defaults()
    if parent is not None:
        options.update({k: v for k, v in parent.options.items() if k in options})
    own_option_lines: dict[str, tuple[str, ...]] = {}
    for parts, value in _flatten(data.get("options", {})):
        name = ".".join(parts)
        try:
            spec = option_spec(name, game)
            options[name] = spec.validate(value)
        except RulebookError as err:
            raise loc.error(err, "options", *parts) from None
        own_option_lines[name] = parts

    rules: dict[str, str] = dict(parent.rules) if parent is not None else {}
    worded: set[str] = set()  # the rules this file words itself (their inherited quotes do not hold)
    prefixes = schema.rule_prefixes()
    for parts, value in _flatten(data.get("rules", {})):
        rule_id = ".".join(parts)
        if not RULE_ID.match(rule_id):
            raise loc.fail(_("bad rule id {rule!r}").format(rule=rule_id), _("rule ids are <prefix>.<number>[.<number>], e.g. 'house.1'"),
                           "rules", *parts)
        if rule_id.split(".")[0] not in prefixes:
            raise loc.fail(_("rule {rule!r} has a prefix foreign to {game}").format(rule=rule_id, game=game),
                           _("prefixes for this game: {prefixes}").format(prefixes=", ".join(prefixes)), "rules", *parts)
        if not isinstance(value, str) or not value.strip():
            raise loc.fail(_("rule {rule!r} must be a non-empty string").format(rule=rule_id), _('write "<id>" = "text"'), "rules", *parts)
        rules[rule_id] = " ".join(value.split())
        worded.add(rule_id)

    texts: dict[str, OptionText] = {}
    reworded: dict[str, object] = {}  # the option texts this file words itself: name -> str or its values
    if parent is not None:
        texts.update({k: v if isinstance(v, str) else dict(v) for k, v in parent.option_texts.items() if k in options})
    _read_option_texts(data.get("option_rules", {}), game, texts, reworded, loc, ("option_rules",))

    quotes = _rule_quotes(data, parent, rules, worded, loc)
    option_quotes = _option_quotes(data, parent, game, reworded, loc)
    language = meta.get("language", TEXT_LANGUAGE)
    if language not in i18n.available():
        raise loc.fail(_("no language {language!r} for texts").format(language=language),
                       _("languages: {languages}").format(languages=", ".join(i18n.available())), "rulebook", "language")
    own = {*worded, *reworded}  # a text worded anew here drops the parent's translations of it
    translations = _translations(data, parent, game, language, rules, own, loc)
    languages = {k: v for k, v in (parent.languages if parent is not None else {}).items() if k not in own}
    if "texts" in data or language != TEXT_LANGUAGE:  # a bilingual file: what it words, and in which language
        for lang in data.get("texts", {}):
            languages.update({key: languages.get(key, TEXT_LANGUAGE)
                              for key in (*translations[lang].rules, *translations[lang].option_texts)})
        languages.update({key: language for key in own})

    _check_limits(game, options, own_option_lines, loc)

    for name, value in options.items():
        try:
            _text_for(texts, option_spec(name, game), value)
        except RulebookError as err:
            where = ("options", *own_option_lines[name]) if name in own_option_lines else ("rulebook",)
            raise loc.error(err, *where) from None
    if parent is None and not files.recorded(path):  # a recorded file was checked when it was recorded
        _check_cited_rules(game, rules, resolved, loc)

    name = meta.get("name") or path.stem
    title = meta.get("title") or (parent.title if parent is not None else name)
    return Rulebook(
        name=name,
        game=game,
        title=title,
        options=options,
        source=str(resolved),
        extends=extends,
        rules=rules,
        option_texts=texts,
        chain=(str(resolved),) + (parent.chain if parent is not None else ()),
        quotes=quotes,
        option_quotes=option_quotes,
        translations=translations,
        languages=languages,
    )
