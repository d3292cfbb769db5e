"""The prompt of ``referee table``, on prompt_toolkit: a status line, completion, history, and the
one-keystroke force.

* The bottom toolbar always shows the hand, the dealer, the pot, whose turn it is and what he may
  do, and the cards known so far (:meth:`referee.recording.live_table.Status.line`).
* :class:`TableCompleter` completes player names and table words first, then the verbs of the
  game (the legal ones of the player to act first), then cards (the player's own known cards
  first, then every card the log has placed nowhere) and names.
* After a refused action, ``!`` on an empty line logs it as it happened (``force`` does the same).
* Every line is handed to :class:`referee.recording.live_table.LiveTable`, which commits it before the next prompt.

This module imports prompt_toolkit; only ``referee table`` imports this module, so ``referee
--help`` and the other commands never load it.  :func:`run_lines` is the same loop without a
terminal (standard input that is not one, a script).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary, WeakSet

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys

from referee.cards import Card
from referee.cli.act import describe
from referee.cli.count_step import CountStep
from referee.errors import InputError, RefereeError
from referee.i18n import N_, _, pgettext
from referee.recording.live_table import Entry, LiveTable, Refused, Said, Stored

if TYPE_CHECKING:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import History
    from prompt_toolkit.input import Input
    from prompt_toolkit.output import Output

#: The words of the table mode itself (besides actions and the night's header lines).
COMMANDS = ("new hand", "undo", "?", "force", "count", "quit")
TABLE_WORDS = ("misdeal", "void", "widow turned", "widow dealt:", "dummy:")
QUIT = frozenset({"quit", "exit", "q"})
FORCE = frozenset({"!", "force"})
#: Verbs after which the player names cards (hand-format words).
CARD_VERBS = frozenset({"dealt", "shows", "exposes", "exchanges", "arranges", "reveals", "declares", "draws"})
NAME_VERBS = frozenset({"asks", "sees"})

HELP = N_("""\
Type one action per line: 'bob r 4' (Bob raises 4), 'ann open 2', 'cat draw 3', 'dan knock',
'eve see', 'ann show JsJh', or the hand format's words ('Bob: raises to 4', 'misdeal', 'void 7').
  new hand   begin the next hand (the deal passes by the rules)
  undo       void the last action (nothing is ever deleted)
  !          after a refused action: log it as it happened (also 'force')
  ?          what the rulebook says about this spot
  Eve sits down with 50 after Cy · Bob leaves · Bob adds 50 · dealer: Cy · option NAME = VALUE
             between hands, in the hand format's words
  count      at the end of the night: count every player out against the log and close it
  quit       leave (Ctrl-D); every acknowledged line is already stored""")


class TableCompleter(Completer):
    """Completion of the table's words for the line being typed (see the module docstring)."""

    def __init__(self, live: LiveTable) -> None:
        self.live = live

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
        before = document.text_before_cursor
        words = before.split()
        current = "" if not words or before[-1:].isspace() else words[-1]
        done = words if not current else words[:-1]
        for text, meta in self.candidates(done, current):
            if text == current:
                continue
            yield Completion(text, start_position=-len(current), display_meta=meta)

    def candidates(self, done: list[str], current: str) -> list[tuple[str, str]]:
        """(word, note) pairs that may come next after the words ``done``, starting with ``current``."""
        low = current.lower()
        if not done:
            found = [(n, pgettext("completion", "player")) for n in self._names()]
            found += [(c, "") for c in COMMANDS + TABLE_WORDS]
            return [(w, m) for w, m in found if w.lower().startswith(low)]
        from referee.handfile.shorthand import player_named

        player = player_named(done[0].rstrip(":"), self._names())
        if player is None:
            return []
        if len(done) == 1:
            return [(w, m) for w, m in self._verbs(player) if w.lower().startswith(low)]
        verb = self._verb(done[1])
        if verb in NAME_VERBS:
            note = pgettext("completion", "player")
            return [(n, note) for n in self._names() if n != player and n.lower().startswith(low)]
        if verb in CARD_VERBS:
            return [(c, m) for c, m in self._cards(player) if c.lower().startswith(low)]
        return []

    def _names(self) -> tuple[str, ...]:
        return self.live.names

    def _verb(self, typed: str) -> str | None:
        from referee.handfile.shorthand import verb_for

        try:
            return verb_for(typed, self.live.game).split()[0]
        except RefereeError:  # a half-typed or unknown verb completes to nothing
            return None

    def _verbs(self, player: str) -> list[tuple[str, str]]:
        """The verbs of the game in its players' words (``drop`` in brag), the legal ones first."""
        from referee.handfile.writer import EventWriter
        from referee.handfile.shorthand import spoken_words, verb_words

        legal: list[str] = []
        prompt = self.live.prompt()
        if prompt is not None and prompt.to_act == player:
            writer = EventWriter(self.live.game)
            spoken = spoken_words(self.live.game)
            for event in prompt.events():
                words = writer.action_words(event)  # type: ignore[arg-type]
                verb = words if not any(ch.isdigit() for ch in words) else words.split()[0]
                said = [k for k, meant in spoken.items() if meant in (verb, verb.split()[0])]
                legal.append(said[0] if said else verb)
        legal = list(dict.fromkeys(legal))
        rest = [w for w in verb_words(self.live.game) if w not in legal]
        return [(w, _("legal now")) for w in legal] + [(w, "") for w in rest]

    def _cards(self, player: str) -> list[tuple[str, str]]:
        state = self.live.state
        if state is None:
            return []
        seat = state.table.index.get(player)
        own = [c.text for c in (state.places.at(seat) if seat is not None else ()) if type(c) is Card]
        where = state.places.where
        unplaced = sorted((c for c in state.cards_of_pack if c not in where), key=_card_order)
        return ([(c, _("{player}'s").format(player=player)) for c in own] + [(c.text, "") for c in unplaced]
                + [("??", _("unseen"))])


def _card_order(card: object) -> tuple[int, str]:
    text = getattr(card, "text", str(card))
    return ("AKQJT98765432".find(text[0]) if text[0] in "AKQJT98765432" else 99, text)


# ------------------------------------------------------------------ what the table says


def entry_lines(entry: Entry, width: int | None = None) -> list[tuple[str, str]]:
    """What one entry prints, as (style, text) lines; with a ``width``, each line is wrapped at
    that many columns between words (a rule's text, a list of verbs: never a word cut in two)."""
    if isinstance(entry, Stored):
        out = [("class:stored", f"✓ {describe(entry)}")]
    elif isinstance(entry, Said):
        out = [("", entry.text)] if entry.text else []
    else:
        assert isinstance(entry, Refused)
        rules = f" ({', '.join(entry.rules)})" if entry.rules else ""
        out = [("class:refused", f"✗ {entry.reason}{rules}")]
        if entry.forceable:
            out.append(("class:hint", "  " + _("press ! to log it as it happened") + (f" ({entry.hint})" if entry.hint else "")))
        elif entry.hint:
            out.append(("class:hint", f"  {entry.hint}"))
    if width is None:
        return out
    return [(style, "\n".join(wrap_text(text, width))) for style, text in out]


def wrap_text(text: str, width: int) -> list[str]:
    """``text``'s lines wrapped at ``width`` columns between words; a wrapped line goes on indented
    two more than its own indent (the rule texts of ``?`` stay under their rule id)."""
    out: list[str] = []
    for line in text.split("\n"):
        indent = " " * (len(line) - len(line.lstrip(" ")))
        out += textwrap.wrap(line, max(width - 1, 20), subsequent_indent=indent + "  ", break_long_words=False,
                             break_on_hyphens=False, drop_whitespace=True) or [""]
    return out


#: a counting out under way at a table (the ``count`` step, :mod:`referee.cli.count_step`)
_COUNTING: WeakKeyDictionary[LiveTable, CountStep] = WeakKeyDictionary()
#: tables whose night the ``count`` step closed: nothing more is recorded into them
_COUNTED: WeakSet[LiveTable] = WeakSet()


def _count(live: LiveTable, text: str | None) -> Entry:
    """Start the counting out (``text`` None) or take one line of it."""
    if text is None:
        try:
            step = _COUNTING[live] = CountStep(live)
        except InputError as err:
            return Refused(err.message, hint=err.hint)
        return Said(step.opening())
    step = _COUNTING[live]
    said = step.enter(text)
    if step.done:
        del _COUNTING[live]
        if step.closed:
            _COUNTED.add(live)
    return Said("\n".join(said))


def handle(live: LiveTable, text: str) -> Entry | None:
    """Act on one typed line; None for a line that ends the session.  A database server that went
    away (reading the log again, looking whether it moved) is said under the line, and the table
    goes on: the next line tries again."""
    from referee.errors import RetryableError
    from referee.recording.live_table import refusal

    try:
        return _handle(live, text)
    except RetryableError as err:
        return refusal(err)


def _handle(live: LiveTable, text: str) -> Entry | None:
    word = " ".join(text.split()).lower()
    if word in QUIT:
        return None
    if live in _COUNTING:
        return _count(live, text)
    if live in _COUNTED:
        sid = live.session_id
        return Refused(_("session {session} is closed: the night was counted out").format(session=sid),
                       hint=_("quit to leave; to correct it: referee session reopen {session} --why \"…\"").format(session=sid))
    if word == "count":
        return _count(live, None)
    if word in ("help", "h"):
        from referee.engine.games import game_title
        from referee.handfile.shorthand import hint_words

        words = _("{game} words: {words}").format(game=game_title(live.game), words=hint_words(live.game))
        return Said(_(HELP) + "\n  " + words)
    if word in FORCE:
        return live.force()
    if word == "":
        if live.store.last_seq(live.session_id) != live.seen:  # another recorder wrote: show it
            live.reload()
            return Said(_("the log moved on: reloaded"))
        return Said("")
    return live.enter(text)


def run_lines(live: LiveTable, lines: Iterable[str], echo: Callable[[str], None]) -> None:
    """The table without a terminal: each line handled in turn, each result echoed as plain text."""
    echo(live.status().line())
    for text in lines:
        entry = handle(live, text)
        if entry is None:
            return
        for _, said in entry_lines(entry):
            echo(said)
        echo(live.status().line())


# ------------------------------------------------------------------ the prompt


def key_bindings(live: LiveTable) -> KeyBindings:
    """``!`` on an empty line after a refused action logs it (one keystroke); a pasted colour code
    is dropped."""
    bindings = KeyBindings()

    @Condition
    def may_force() -> bool:
        from prompt_toolkit.application import get_app

        return live.can_force and get_app().current_buffer.text == ""

    @bindings.add("!", filter=may_force)
    def _force(event: KeyPressEvent) -> None:
        event.current_buffer.text = "!"
        event.current_buffer.validate_and_handle()

    @bindings.add(Keys.Vt100MouseEvent)
    def _no_mouse(event: KeyPressEvent) -> None:
        """The table asks for no mouse reports, so what reads as one is a pasted colour code
        (``\\x1b[31m``, which prompt_toolkit's own handler cannot parse and fails on): dropped."""

    return bindings


def make_session(live: LiveTable, *, history: History | None = None, input: Input | None = None,
                 output: Output | None = None) -> PromptSession[str]:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.styles import Style

    style = Style.from_dict({
        "bottom-toolbar": "noreverse bg:#222222 #eeeeee",
        "stored": "#5fd75f",
        "refused": "#ff5f5f bold",
        "hint": "#aaaaaa",
    })
    return PromptSession(
        completer=TableCompleter(live), complete_while_typing=True, history=history or InMemoryHistory(),
        key_bindings=key_bindings(live), style=style, input=input, output=output,
        bottom_toolbar=lambda: live.status().toolbar(_columns()), reserve_space_for_menu=4,
    )


def _columns() -> int | None:
    """The terminal's width, for wrapping what the table shows (None when it is not known)."""
    from prompt_toolkit.application import get_app_or_none

    app = get_app_or_none()
    return app.output.get_size().columns - 1 if app is not None else None  # the last column: no wrap by the terminal


def prompt_text(live: LiveTable) -> str:
    if live in _COUNTING:
        return _COUNTING[live].prompt()
    prompt = live.prompt()
    who = prompt.to_act if prompt is not None and prompt.to_act else _("table")
    return f"{who}> "


def run(live: LiveTable, session: PromptSession[str], echo: Callable[[FormattedText], None]) -> None:
    """The table at a terminal: prompt, handle, print, until ``quit`` or Ctrl-D."""
    greeting = _("Type an action ('bob r 4'), 'new hand', 'undo', '?', 'help' or 'quit'.")
    echo(FormattedText([("", "\n".join(wrap_text(greeting, session.output.get_size().columns)))]))
    while True:
        try:
            text = session.prompt(prompt_text(live))
        except KeyboardInterrupt:
            continue
        except EOFError:
            return
        entry = handle(live, text)
        if entry is None:
            return
        for style, said in entry_lines(entry, session.output.get_size().columns):
            echo(FormattedText([(style, said)]))
