"""Short forms of the hand format's action lines, for the live table and ``referee act``:
``bob r 4``, ``ann open 2``, ``cat draw 3``, ``dan knock``, ``eve see``, ``ann show JsJh``.

A thin layer over the one vocabulary: a short line is rewritten into the hand format's own words
(``Bob: raises 4``), which :class:`referee.handfile.actions.HandReader` then reads into an event
as it reads a hand file.  Nothing here knows what an event means.  The verbs are the game's, taken
from the game registry: the hand format's verbs (each event kind's example lines,
``find_game(name).events``) and the words its players say (``find_game(name).table_words``: ``drop``
and ``пас`` in brag, ``open`` in draw), which are also what the hints and the did-you-mean offer; on
top of them come a few abbreviations (``x`` for a check where the game has checking) and any unique
beginning of a verb (``kn`` for ``knocks``).

A line already in the hand format (``Bob: raises to 4``, ``misdeal``, ``void 7``) is left as it is.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from referee.engine.games import find_game, game_title
from referee.errors import HandFileError
from referee.handfile.model import RESERVED
from referee.i18n import _

#: Abbreviations said at any table, and the hand format's words each stands for.  One applies in a
#: game only when the words it stands for are among those the game offers (its ``table_words``):
#: ``x`` is a check in draw, nothing in brag, which has no checking.  A game's own words (``open``,
#: ``drop``, ``пас``) are the game's (``table_words`` in its module).
TABLE_TALK: dict[str, str] = {
    "f": "folds",
    "x": "checks",
    "k": "checks",
    "c": "calls",
    "b": "bets",
    "r": "raises",
    "ai": "all in",
    "allin": "all in",
    "shove": "all in",
    "d": "draws",
    "sp": "stands pat",
    "sh": "shows",
    "m": "mucks",
    "p": "passes",
}

#: The hand format's verbs of any table (cards dealt, shown, exposed; the pot taken): offered in
#: every game beside the words its players say.
_TABLE_VERBS = ("dealt", "shows", "mucks", "exposes", "takes")

#: Words a player may add to a verb that takes nothing (``cover the pot``, ``keep his hand``).
_FILLER = frozenset({"the", "his", "her", "hand", "pot", "widow", "la", "viuda", "bus", "face", "up"})

#: Words after which the rest of a verb's example line is what the player says (an amount, cards,
#: a name): ``raises to 6``, ``sees Bob for 4``, ``exchanges all``, ``reveals hand 2: …``.
_ARGUMENT_WORDS = frozenset({"to", "for", "and", "hand", "all", "up", "down"})

_CARD = r"(?:10|[2-9tjqka])[cdhs♣♦♥♠]|\?\?|jk[12]"
_RUN_OF_CARDS = re.compile(rf"(?:{_CARD}){{2,}}", re.IGNORECASE)
_ONE_CARD = re.compile(_CARD, re.IGNORECASE)
_TABLE_LINE = re.compile(r"(?:misdeal|void|widow|dummy|dealer\s+exposes)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Verb:
    """One verb of a game: its word as the hand format writes it (``raises``) and the fixed phrases
    it begins (``stands pat``, ``takes the pot``) for a verb said alone."""

    word: str
    phrases: tuple[str, ...]


@cache
def game_verbs(game: str) -> dict[str, Verb]:
    """The player verbs of ``game`` by their word, from the game registry's example lines."""
    found: dict[str, list[str]] = {}
    for examples in find_game(game).events.values():
        for example in examples.split(" | "):
            words = example.split()
            first = words[0]
            if first.rstrip(":").lower() in RESERVED or first[0].isupper():
                continue  # a table line (misdeal, void 7, widow turned) or one that names its player first
            phrase = [first]
            for word in words[1:]:
                if not word.isalpha() or not word.islower() or word in _ARGUMENT_WORDS:
                    break
                phrase.append(word)
            fixed = " ".join(phrase) if len(phrase) == len(words) else None
            phrases = found.setdefault(first.lower(), [])
            if fixed is not None and fixed not in phrases:
                phrases.append(fixed)
    return {word: Verb(word, tuple(phrases)) for word, phrases in found.items()}


@cache
def spoken_words(game: str) -> dict[str, str]:
    """The words ``game``'s players say (its ``table_words``), each with the hand format's words it
    stands for; empty for a game that declares none (its hand-format verbs are then its words)."""
    return dict(getattr(find_game(game), "table_words", {}))  # a plug-in game may declare none


@cache
def offered_verbs(game: str) -> frozenset[str]:
    """The hand format's verbs ``game`` offers: those its players' words stand for and the verbs of any
    table (or, for a game that declares no words, every verb it accepts)."""
    spoken = spoken_words(game)
    verbs = game_verbs(game)
    if not spoken:
        return frozenset(verbs)
    return frozenset({meant.split()[0] for meant in spoken.values()} | {v for v in _TABLE_VERBS if v in verbs})


def verb_words(game: str) -> list[str]:
    """Every way a verb of ``game`` is offered at the table: the words its players say (else its
    verbs and their fixed phrases), the verbs of any table, and the abbreviations that apply (for
    completion and the hints)."""
    verbs = game_verbs(game)
    spoken = spoken_words(game)
    offered = offered_verbs(game)
    if spoken:
        words = list(spoken)
        words += [phrase for v in _TABLE_VERBS if v in verbs for phrase in (verbs[v].phrases or (v,))
                  if not any(phrase == meant for meant in spoken.values())]
    else:
        words = [phrase for verb in verbs.values() for phrase in (verb.phrases or (verb.word,))]
        words += [v.word for v in verbs.values() if v.word not in words]
    words += [talk for talk, meant in TABLE_TALK.items() if meant.split()[0] in offered]
    return list(dict.fromkeys(words))


def hint_words(game: str) -> str:
    """The verbs of ``game`` for a hint: the words its players say (others meaning the same in
    brackets: ``drop (пас)``), then the verbs of any table."""
    spoken = spoken_words(game)
    if not spoken:
        return ", ".join(w for w in verb_words(game) if w not in TABLE_TALK)
    by_meaning: dict[str, list[str]] = {}
    for word, meant in spoken.items():
        by_meaning.setdefault(meant, []).append(word)
    said = [words[0] + (f" ({', '.join(words[1:])})" if words[1:] else "") for words in by_meaning.values()]
    verbs = game_verbs(game)
    said += [phrase for v in _TABLE_VERBS if v in verbs for phrase in (verbs[v].phrases or (v,))
             if phrase not in by_meaning]
    return ", ".join(dict.fromkeys(said))


def _spoken(low: str, spoken: dict[str, str]) -> str | None:
    for form in (low, low.removesuffix("s"), low.removesuffix("es")):
        if form in spoken:
            return spoken[form]
    return None


def verb_for(word: str, game: str) -> str:
    """The hand format's words for the verb ``word`` typed in ``game``: a word its players say
    (``drop`` in brag), a verb of the hand format in either form (``fold``/``folds``), an abbreviation
    that applies, or the one verb it begins.  HandFileError when none or several."""
    verbs = game_verbs(game)
    spoken = spoken_words(game)
    low = word.lower()
    said = _spoken(low, spoken)
    if said is not None:
        return said
    for form in (low, low + "s", low + "es", low.removesuffix("s"), low.removesuffix("es")):
        if form in verbs:
            return verbs[form].word
    talk = TABLE_TALK.get(low)
    if talk is not None and talk.split()[0] in offered_verbs(game):
        return talk
    meanings = {w: verbs[w].word for w in verbs if w.startswith(low)}
    meanings |= {w: meant for w, meant in spoken.items() if w.startswith(low)}
    if len({meant.split()[0] for meant in meanings.values()}) == 1:
        return max(meanings.values(), key=len)  # ``st`` → ``stands pat``, not ``stands``
    if meanings:
        starting = sorted(w for w in meanings if w in verbs) or sorted(meanings)
        raise HandFileError(_("{word!r} could be {names}").format(word=word, names=_(" or ").join(starting)), hint=_("type more of the verb"))

    title = game_title(game)
    known = [*spoken, *sorted(offered_verbs(game))]
    close = difflib.get_close_matches(low, known, n=1, cutoff=0.6)
    hint = (_("did you mean {name!r}?").format(name=close[0]) if close else
            _("{game} verbs: {verbs}").format(game=title, verbs=hint_words(game)))
    raise HandFileError(_("{word!r} is not a verb of {title}").format(word=word, title=title), hint=hint)


def player_named(typed: str, names: Sequence[str]) -> str | None:
    """The seated name ``typed`` stands for: the name in any case, else the one name it begins."""
    low = typed.lower()
    exact = [n for n in names if n.lower() == low]
    if exact:
        return exact[0]
    starting = [n for n in names if n.lower().startswith(low)]
    return starting[0] if len(starting) == 1 else None


def _not_a_seated_name(first: str, rest: str, game: str, names: Sequence[str]) -> None:
    """A line whose second word is a verb of the game names a player first: if no seated name is
    meant by ``first``, say so here (the hand-format reader would only say it cannot read the line)."""
    typed_verb = rest.partition(" ")[0]
    if not typed_verb or not names:
        return
    try:
        verb_for(typed_verb, game)
    except HandFileError:
        return  # not a short form: left to the hand-format reader
    starting = sorted(n for n in names if n.lower().startswith(first.lower()))
    if len(starting) > 1:
        raise HandFileError(_("{word!r} could be {names}").format(word=first, names=_(" or ").join(starting)), hint=_("type more of the name"))

    close = difflib.get_close_matches(first.lower(), [n.lower() for n in names], n=1)
    guess = next((_("did you mean '{name}'? ").format(name=n.lower()) for n in names if close and n.lower() == close[0]), "")
    raise HandFileError(_("unknown player {name!r}").format(name=first),
                        hint=_("{guess}the players at the table are: {names}").format(guess=guess, names=', '.join(names)))


def _takes_nothing(words: str, verb: Verb) -> bool:
    """Whether the hand format's ``words`` are a whole line already (``folds``, ``stands pat``)."""
    return words in verb.phrases or (" " in words and not any(p.startswith(words + " ") for p in verb.phrases))


def split_cards(token: str) -> str:
    """``JsJh`` → ``Js Jh`` (cards typed without spaces); any other token as it is."""
    core = token.rstrip(",")
    if _RUN_OF_CARDS.fullmatch(core):
        return " ".join(m.group(0) for m in _ONE_CARD.finditer(core)) + token[len(core):]
    return token


def expand(text: str, game: str, names: Sequence[str],
           see_for: Callable[[str], str | None] | None = None) -> str:
    """The hand-format line a table line stands for (see the module docstring).

    ``names``: the players seated in the hand; ``see_for(player)``: what follows ``sees`` when the
    player says only "see" (``Bob for 4``, known to the engine), or None.  A line that names no
    seated player first (``misdeal``, ``void 7``, ``Bob: calls``) comes back as it is.
    """
    line = " ".join(text.split())
    if not line or _TABLE_LINE.match(line):
        return line
    first, _sep, rest = line.partition(" ")
    if first.endswith(":") or rest.startswith(":"):
        return line  # already ``Name: action``
    player = player_named(first, names)
    if player is None:
        _not_a_seated_name(first, rest, game, names)
        return line
    if not rest:
        raise HandFileError(_("what did {player} do?").format(player=player), hint=_("write '{name} <verb> …', e.g. '{name} {verb}'").format(
                                name=player.lower(), verb=verb_words(game)[0]))
    typed_verb, _sep, args = rest.partition(" ")
    if re.fullmatch(r"(?:was|wins|won)", typed_verb, re.IGNORECASE) and rest.lower() != "was":
        return f"{player} {rest}"  # ``Bob was lowest`` / ``Ann wins``: the result lines name the player first
    if typed_verb.lower() == "lowest" and not args:
        return f"{player}: lowest"  # ``cy lowest``: the player's result line (``Cy: lowest``, docs/hand-format.md)
    words = verb_for(typed_verb, game)
    if _TABLE_LINE.match(words):  # a player's word for a line of the table: ``ann turn`` → ``widow turned``
        cards = [split_cards(a) for a in args.split() if a.lower() not in _FILLER]
        return f"{words}: {' '.join(cards)}" if cards else words
    verb = game_verbs(game)[words.split()[0]]
    arguments = [split_cards(t) if player_named(t, names) is None else t for t in args.split()]
    if _spoken(typed_verb.lower(), spoken_words(game)) is not None and _takes_nothing(words, verb):
        while arguments and arguments[0].lower() in _FILLER | set(words.split()):
            arguments.pop(0)  # ``cover the pot``, ``keep his hand``, ``stop the bus``: the phrase said out
    if not arguments and len(verb.phrases) == 1 and " " in verb.phrases[0] and " " not in words:
        words = verb.phrases[0]  # a fixed phrase said by its first word: ``stands`` → ``stands pat``
    for phrase in verb.phrases:  # the rest of a fixed phrase typed out: ``all in``, ``stands pat``
        tail = phrase.split()[len(words.split()):]
        if tail and [a.lower() for a in arguments[:len(tail)]] == tail:
            words, arguments = phrase, arguments[len(tail):]
            break
    if verb.word == "sees" and "for" not in (a.lower() for a in arguments) and see_for is not None:
        cost = see_for(player)
        if cost is not None:
            arguments = [cost]
    return f"{player}: {' '.join([words, *arguments])}"


__all__ = ["TABLE_TALK", "Verb", "expand", "game_verbs", "hint_words", "offered_verbs", "player_named", "spoken_words",
           "split_cards", "verb_for", "verb_words"]
