"""One action line of a hand (``Ann: raises to 6``, ``misdeal: first card exposed``) into one event.

Every line of a hand's body becomes exactly one event, so a hand's action numbers are its body
lines counted from 1.  Verbs are case-insensitive and take either form (``fold`` / ``folds``);
cards go through :func:`referee.cards.parse_cards`, the one card parser.  The reader keeps no
state of the hand beyond its events (``void`` alone needs them to find the previous action); what a
line means at this point of the hand is the engine's business, not this module's.

The player lines' words are declared with the actions (:mod:`referee.engine.actions`): the shared
ones where their turn engine lives (:data:`referee.engine.games.common.SHARED_ACTIONS`), a game's own
in its module; this module reads the lines of the table itself (misdeal, void, the widow, results).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import chain

from referee.engine import events as ev
from referee.engine.actions import Action, parse_amount, read_cards  # noqa: F401 (the header's amounts too)
from referee.engine.games import all_games, find_game
from referee.engine.games.common import SHARED_ACTIONS
from referee.errors import HandFileError, excerpt
from referee.handfile import vocabulary
from referee.handfile.shorthand import game_verbs, spoken_words
from referee.handfile.writer import EventWriter
from referee.i18n import N_, _, ngettext

_I = re.IGNORECASE

#: the lines of the table itself (no player's ``Name:``), read before a player's line
MISDEAL_LINE = re.compile(r"misdeal(?:\s*:\s*(?P<reason>.*))?", _I)
VOID_LINE = re.compile(r"void(?:\s+(?P<n>\S+))?(?:\s*:\s*(?P<reason>.*))?", _I)
WIDOW_TURNED_LINE = re.compile(r"(?:widow\s+turned(?:\s+up)?|dummy)(?:\s*:\s*(?P<cards>.*))?", _I)
SHOWDOWN_LINE = re.compile(r"showdown\s*:?", _I)
DEALER_EXPOSES_LINE = re.compile(r"dealer\s+exposes\s+(?P<card>\S+)\s+to\s+(?P<name>\S+)", _I)
WIDOW_DEALT_LINE = re.compile(r"widow\s+dealt\s*:\s*(?P<cards>.+)", _I)
RESULT_LINE = re.compile(r"(?P<name>[^\s:]+)\s+(?:(?P<low>was\s+(?:the\s+)?lowest)|wins|won)", _I)
#: a player's line: ``Name: action``
PLAYER_LINE = re.compile(r"(?P<name>[^\s:]+)\s*:\s*(?P<action>.*)")
#: the first words of the table's own lines that may look like ``Name: …`` (``misdeal: first card exposed``)
TABLE_WORDS = frozenset({"misdeal", "void", "widow", "dummy", "showdown", "dealer"})


action_examples = vocabulary.action_examples


@dataclass
class HandReader:
    """Reads the body lines of one hand.  ``resolve`` maps a typed name to its seat name."""

    game: str
    resolve: Callable[[str], str]
    events: list[ev.Event] = field(default_factory=list)
    voided: set[int] = field(default_factory=set)

    # ------------------------------------------------------------ reading

    def add(self, event: ev.Event) -> ev.Event:
        """Check ``event`` belongs to the game, record it and return it."""
        if not vocabulary.allowed(self.game, type(event)):
            raise HandFileError(
                _("'{action}' is not an action of {game}").format(action=_describe(event, self.game),
                                                                  game=vocabulary.title(self.game)),
                hint=_(vocabulary.BRAG_HINT)
                if isinstance(event, (ev.Bet, ev.Call, ev.Raise, ev.AllIn)) and "brag" in self.game
                else _("{game} actions: {examples}").format(game=vocabulary.title(self.game),
                                                            examples=action_examples(self.game)),
            )
        if isinstance(event, ev.Declare):
            known = vocabulary.declarations(self.game)
            if event.what not in known:
                said = event.what.replace("_", " ")
                choices = ", ".join(sorted(w.replace("_", " ") for w in known)) or "nothing"
                raise HandFileError(
                    _("'declares {said}' is not a declaration of {game}").format(said=said, game=vocabulary.title(self.game)),
                    hint=_("a player of {game} may declare: {choices}").format(game=vocabulary.title(self.game), choices=choices),
                )
        if isinstance(event, ev.Void):
            self.voided.add(event.action)
        self.events.append(event)
        return event

    def table_line(self, text: str, line: int) -> ev.Event | None:
        """A line that names no player (misdeal, void, widow turned, dealer exposes); None if not one."""
        m = MISDEAL_LINE.fullmatch(text)
        if m:
            return self.add(ev.Misdeal(reason=(m["reason"] or "").strip(), line=line))
        m = VOID_LINE.fullmatch(text)
        if m:
            return self.add(self._void(m["n"], (m["reason"] or "").strip(), line))
        m = WIDOW_TURNED_LINE.fullmatch(text)
        if m:
            shown = (m["cards"] or "").strip()
            cs = read_cards(shown, N_("the widow")) if shown else ()
            return self.add(ev.TurnWidow(cards=cs, line=line))
        if SHOWDOWN_LINE.fullmatch(text):
            return self.add(ev.Showdown(line=line))
        m = DEALER_EXPOSES_LINE.fullmatch(text)
        if m:
            (c,) = read_cards(m["card"], N_("the exposed card"), need=1)
            return self.add(ev.Expose(player=self.resolve(m["name"]), card=c, by_dealer=True, line=line))
        return self.commerce_line(text, line)

    def commerce_line(self, text: str, line: int) -> ev.Event | None:
        """Whiskey poker and La Viuda: the widow as dealt, and a deal's result as the scorekeeper knows it."""
        m = WIDOW_DEALT_LINE.fullmatch(text)
        if m:
            return self.add(ev.DealWidow(cards=read_cards(m["cards"], N_("the widow")), line=line))
        m = RESULT_LINE.fullmatch(text)
        if m:
            what = "lowest" if m["low"] else "best"
            return self.add(ev.Reported(player=self.resolve(m["name"]), what=what, line=line))  # type: ignore[arg-type]
        return None

    def _void(self, number: str | None, reason: str, line: int) -> ev.Void:
        count = len(self.events)
        if number is None:
            target = count
            while target in self.voided or (target >= 1 and isinstance(self.events[target - 1], ev.Void)):
                target -= 1
            if target < 1:
                raise HandFileError(_("'void' with nothing to void"), hint=_("a void corrects an earlier action of the hand"))
        else:
            if not number.isdecimal():
                raise HandFileError(_("bad action number {number} in 'void'").format(number=excerpt(number)), hint=_("write 'void 7' to void action 7"))
            target = int(number)
            if not 1 <= target <= count:
                raise HandFileError(
                    ngettext("'void {target}': the hand has {count} action so far", "'void {target}': the hand has {count} actions so far",
                             count).format(target=target, count=count),
                    hint=_("action numbers count the hand's lines from 1; 'void' alone voids the previous action"),
                )
            if isinstance(self.events[target - 1], ev.Void):
                raise HandFileError(_("action {target} is itself a void").format(target=target), hint=_("log the action again instead"))
            if target in self.voided:
                raise HandFileError(_("action {target} is already void").format(target=target), hint=_("remove the second 'void'"))
        return ev.Void(action=target, reason=reason, line=line)

    def read(self, text: str, line: int) -> ev.Event:
        """One body line of the hand (comment removed): a table line or ``Name: action``."""
        text = " ".join(text.split())
        m = PLAYER_LINE.fullmatch(text)
        if m is not None and m["name"].lower() not in TABLE_WORDS:  # most lines: no table line to try
            return self.player_line(self.resolve(m["name"]), m["action"], line)
        event = self.table_line(text, line)
        if event is not None:
            return event
        if m is None:
            raise HandFileError(
                _("cannot read {text}").format(text=excerpt(text)),
                hint=_("lines look like 'hand 3', 'Ann: bets 2', 'misdeal: …', 'void 7', 'Eve sits down with 50' or 'Bob was lowest'"),
            )
        return self.player_line(self.resolve(m["name"]), m["action"], line)

    def player_line(self, player: str, text: str, line: int) -> ev.Event:
        """``text`` is what follows ``Name:``; ``player`` the resolved seat name."""
        for said in dict.fromkeys((text, _in_format_words(text, self.game))):
            # the actions its first word may begin, then every action: the shared ones, the game's own,
            # then (to say whose action it is) every other game's
            for action in chain(_by_verb(self.game, said), _actions(self.game)):
                m = action.match(said)
                if m:
                    return self.add(replace(action.read(self, player, m), line=line))
        hint = _("{game} actions: {examples}").format(game=vocabulary.title(self.game), examples=action_examples(self.game))
        verb, _sep, rest = text.partition(" ")
        close = _close_verb(verb, self.game)
        if close is not None:  # a misspelt verb: 'rasies 2' reads as 'raises 2'
            hint = _("did you mean {name!r}? ({hint})").format(name=" ".join((close, rest)).strip(), hint=hint)
        raise HandFileError(_("cannot read action {text} of {player}").format(text=excerpt(text), player=player), hint=hint)


def _by_verb(game: str, said: str) -> tuple[Action, ...]:
    """The shared and ``game``'s own actions that a line beginning as ``said`` does may be, in the
    order they are tried (a line is one action: the first that matches)."""
    index = _verb_index(game)
    word = said.partition(" ")[0].lower()
    for form in (word, word.removesuffix("s"), word.removesuffix("es")):
        found = index.get(form)
        if found is not None:
            return found
    return index[""]


@cache
def _verb_index(game: str) -> dict[str, tuple[Action, ...]]:
    """``game``'s actions (the shared ones, then its own) by the words their lines begin with; under
    ``""`` those whose first word is not known (tried on every line)."""
    actions = (*SHARED_ACTIONS, *find_game(game).actions)
    words = {w for a in actions for w in a.first_words or ()}
    index = {w: tuple(a for a in actions if a.first_words is None or w in a.first_words) for w in words}
    index[""] = tuple(a for a in actions if a.first_words is None)
    return index


def _actions(game: str) -> Iterator[Action]:
    """The actions a line may be: the shared ones, ``game``'s own, then every other registered game's
    (loaded only when a line is none of ``game``'s: it is then refused as another game's action)."""
    yield from SHARED_ACTIONS
    own = find_game(game).actions
    yield from own
    for other in all_games():
        yield from (a for a in other.actions if a not in own)


def _in_format_words(text: str, game: str) -> str:
    """``text`` with its first word, a word the game's players say (``drops`` in brag, ``open`` in
    draw: the game's ``table_words``), put in the hand format's words (``folds``, ``bets``)."""
    word, _sep, rest = text.partition(" ")
    spoken = spoken_words(game)
    low = word.lower()
    for form in (low, low.removesuffix("s"), low.removesuffix("es")):
        if form in spoken:
            return " ".join(w for w in (spoken[form], rest) if w)
    return text


def _close_verb(word: str, game: str) -> str | None:
    """The word of ``game`` that ``word`` looks like a misspelling of, if one is close (only the
    game's own words: never another game's)."""
    verbs = [*spoken_words(game), *game_verbs(game)]
    if word.lower() in verbs:
        return None  # the verb is right: its arguments are what is wrong
    close = difflib.get_close_matches(word.lower(), verbs, n=1, cutoff=0.6)
    return close[0] if close else None


def _describe(event: ev.Event, game: str) -> str:
    """The line's words, for an error saying it is not an action of the hand's game."""
    writer = EventWriter(game)
    if isinstance(event, ev.PlayerEvent):
        return writer.action_words(event)
    return writer.line(event)  # a table line (the widow turned, a misdeal): its own words
