"""Short forms of the hand format's action lines, for the live table and ``referee act``:
``bob r 4``, ``ann open 2``, ``cat draw 3``, ``dan knock``, ``eve see``, ``ann show JsJh``.

A thin layer over the one vocabulary: a short line is rewritten into the hand format's own words
(``Bob: raises 4``), which :class:`referee.handfile.actions.HandReader` then reads into an event
as it reads a hand file.  Nothing here knows what an event means.  The verbs are the game's, taken
from the game registry (each event kind's example lines, ``find_game(name).events``); on top of them
come a few words of table talk (``x`` for a check, ``open`` for the first bet) and any unique
beginning of a verb (``kn`` for ``knocks``).

A line already in the hand format (``Bob: raises to 4``, ``misdeal``, ``void 7``) is left as it is.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from referee.errors import HandFileError

#: Table talk: a word people say at the table, and the hand format's words it stands for.  A word
#: applies in a game only when the verb it stands for is one of that game's.
TABLE_TALK: dict[str, str] = {
    "f": "folds",
    "x": "checks",
    "k": "checks",
    "c": "calls",
    "b": "bets",
    "open": "bets",
    "opens": "bets",
    "r": "raises",
    "ai": "all in",
    "allin": "all in",
    "shove": "all in",
    "d": "draws",
    "pat": "stands pat",
    "sp": "stands pat",
    "sh": "shows",
    "m": "mucks",
    "p": "passes",
    "see": "sees",
}

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
    from referee.engine.games import find_game
    from referee.handfile.parser import RESERVED

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


def verb_words(game: str) -> list[str]:
    """Every way a verb of ``game`` may be typed at the table: its words, its fixed phrases and the
    table talk that applies (for completion)."""
    verbs = game_verbs(game)
    words = [phrase for verb in verbs.values() for phrase in (verb.phrases or (verb.word,))]
    words += [v.word for v in verbs.values() if v.word not in words]
    words += [talk for talk, meant in TABLE_TALK.items() if meant.split()[0] in verbs]
    return list(dict.fromkeys(words))


def verb_for(word: str, game: str) -> str:
    """The hand format's words for the verb ``word`` typed in ``game``: itself in either form
    (``fold``/``folds``), table talk, or the one verb it begins.  HandFileError when none or several."""
    verbs = game_verbs(game)
    low = word.lower()
    for form in (low, low + "s", low + "es", low.removesuffix("s"), low.removesuffix("es")):
        if form in verbs:
            return verbs[form].word
    talk = TABLE_TALK.get(low)
    if talk is not None and talk.split()[0] in verbs:
        return talk
    starting = [w for w in verbs if w.startswith(low)]
    if len(starting) == 1:
        return verbs[starting[0]].word
    if starting:
        raise HandFileError(f"{word!r} could be {' or '.join(sorted(starting))}", hint="type more of the verb")
    close = difflib.get_close_matches(low, [*verbs, *TABLE_TALK], n=1, cutoff=0.6)
    hint = f"did you mean {close[0]!r}?" if close else f"{game.replace('_', ' ')} verbs: {', '.join(verb_words(game))}"
    raise HandFileError(f"{word!r} is not a verb of {game.replace('_', ' ')}", hint=hint)


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
        raise HandFileError(f"{first!r} could be {' or '.join(starting)}", hint="type more of the name")
    import difflib

    close = difflib.get_close_matches(first.lower(), [n.lower() for n in names], n=1)
    guess = next((f"did you mean '{n.lower()}'? " for n in names if close and n.lower() == close[0]), "")
    raise HandFileError(f"unknown player {first!r}",
                        hint=f"{guess}the players at the table are: {', '.join(names)}")


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
    first, _, rest = line.partition(" ")
    if first.endswith(":") or rest.startswith(":"):
        return line  # already ``Name: action``
    player = player_named(first, names)
    if player is None:
        _not_a_seated_name(first, rest, game, names)
        return line
    if not rest:
        raise HandFileError(f"what did {player} do?", hint=f"write '{player.lower()} <verb> …', e.g. "
                            f"'{player.lower()} {verb_words(game)[0]}'")
    typed_verb, _, args = rest.partition(" ")
    if re.fullmatch(r"(?:was|wins|won)", typed_verb, re.IGNORECASE) and rest.lower() != "was":
        return f"{player} {rest}"  # ``Bob was lowest`` / ``Ann wins``: the result lines name the player first
    words = verb_for(typed_verb, game)
    verb = game_verbs(game)[words.split()[0]]
    arguments = [split_cards(t) if player_named(t, names) is None else t for t in args.split()]
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


__all__ = ["TABLE_TALK", "Verb", "expand", "game_verbs", "player_named", "split_cards", "verb_for", "verb_words"]
