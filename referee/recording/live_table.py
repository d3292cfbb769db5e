"""Recording a session live: the table's current hand as an engine state, one typed line at a time.

:class:`LiveTable` is what ``referee table`` and ``referee act`` record through.  It is built from
the store alone (the session log is the whole truth) and then kept in memory: each line the
scorekeeper types is read into one event (the hand format's words, or a short form:
:mod:`referee.handfile.shorthand`), judged on a copy of the hand's state (:meth:`HandState.check`, one step),
appended to the log and committed, and only then pushed into the state.  Nothing is replayed per
line; starting the next hand is one step of the night's :class:`~referee.engine.night.NightThread`.

What a line can be:

* an action of the current hand (``bob r 4``, ``Bob: raises to 4``, ``misdeal``, ``void 7``);
  an illegal one is refused with the engine's reason and can be forced into the log
  (:meth:`LiveTable.force`: it is then judged by the replay like any logged fact);
* ``undo``: a ``Void`` of the latest action still standing (never a deletion);
* ``new hand``: the next hand begins, dealt by whoever the rules say deals next;
* a line of the night between hands, in the hand format's words (``Eve sits down with 50 after
  Cy``, ``Bob leaves``, ``Bob adds 50``, ``dealer: Cy``, ``option draw.limit_pre = 3``,
  ``rulebook: whiskey_poker``, ``shuffled``): it holds from the next hand to begin;
* ``?``: what the rulebook says about the current spot (:meth:`LiveTable.rules_here`).

Every append names the last ``seq`` this table saw; if another recorder (a second terminal, another
machine) wrote in between, the store refuses with :class:`~referee.store.store.StaleLogError` in plain
words, nothing is stored, and the table reloads itself from the log so the line can be entered again.
"""

from __future__ import annotations

import copy
import re
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from referee.cards import Card, format_cards
from referee.engine import events as ev
from referee.engine.games import game_title, phase_words
from referee.engine.games.common import SHARED_PROBES
from referee.engine.night import NightHand, NightThread
from referee.engine.replay import play, start_hand
from referee.errors import AlreadyRecorded, DatabaseBusyError, HandFileError, InputError, RefereeError, RetryableError
from referee.handfile.actions import HandReader, parse_amount
from referee.handfile.parser import (
    ADD_CHIPS_LINE,
    DEALER_LINE,
    LEAVE_LINE,
    OPTION_LINE,
    RULEBOOK_LINE,
    SHUFFLED_LINE,
    SIT_DOWN_LINE,
)
from referee.handfile.replay import night_hands
from referee.handfile.shorthand import expand, player_named
from referee.handfile.writer import EventWriter
from referee.i18n import N_, _
from referee.recording.kept_thread import threaded
from referee.recording.night_file import stored_rulebook
from referee.recording.session_log import _game_of, night_words, read_session_log
from referee.rulebook.loader import load_rules, option_value
from referee.rulebook.model import fallback_notice
from referee.night.life import CannotDeal, begin_hand, dealable, hand_over, night_event, state_from
from referee.night.states import NightState, Step, check, instead
from referee.store.codec import decode_event
from referee.store.requests import Request, asks
from referee.store.store import StaleLogError

if TYPE_CHECKING:
    from referee.engine.findings import Finding
    from referee.engine.state import HandSetup, HandState, Prompt
    from referee.rulebook import Rulebook
    from referee.recording.session_log import TableState
    from referee.store.store import Store
    from referee.store.models import GameSession

#: What a scorekeeper types to start the next hand, to take back the last action, to ask the rules.
NEW_HAND = frozenset({"new hand", "new", "nh", "next hand"})
UNDO = frozenset({"undo", "u"})
HELP_HERE = frozenset({"?", "rules", "rule"})


@dataclass(frozen=True)
class Stored:
    """A line that is now in the log (committed): what it was taken as, and what the engine noted."""

    text: str  # the line as the log holds it, in the hand format's words
    seq: int
    hand: int | None  # None: an event of the night between hands
    action: int | None  # its action number in the hand
    findings: tuple[Finding, ...] = ()  # what the engine flagged at it (a forced action's breach, a note)
    note: str = ""  # a word about it (``from the next hand``, ``hand 4 begins: Cy deals``)


@dataclass(frozen=True)
class Refused:
    """A line that was not stored: why, a hint, and whether :meth:`LiveTable.force` can log it as it
    happened (an illegal action can; a line that cannot be read or replayed cannot)."""

    reason: str
    hint: str | None = None
    forceable: bool = False
    stale: bool = False  # another recorder wrote first: the table was reloaded from the log
    retry: bool = False  # not the line's fault (the database went away): the same line may be entered again
    rules: tuple[str, ...] = ()


#: What the table says under a line the database could not take because its server went away.
NOT_STORED_HINT = N_("not stored: type the line again once the database server is back "
                     "(every line acknowledged with ✓ is kept)")

#: ... and when another program kept the (SQLite) database locked.
BUSY_HINT = N_("not stored: type the line again in a moment (every line acknowledged with ✓ is kept)")


def refusal(err: RefereeError) -> Refused:
    """A line the store refused: a retryable failure (the server went away) says to type it again
    when the server is back, in the table's words (the store's hint speaks to a command)."""
    if isinstance(err, DatabaseBusyError):
        return Refused(err.message, _(BUSY_HINT), retry=True)
    if isinstance(err, RetryableError):
        return Refused(err.message, _(NOT_STORED_HINT), retry=True)
    return Refused(err.message, err.hint)


@dataclass(frozen=True)
class Said:
    """An answer that stores nothing (``?``)."""

    text: str


Entry = Stored | Refused | Said


@dataclass
class _Pending:
    """A refused line that :meth:`LiveTable.force` may log: the event and where it goes."""

    kind: str  # "action" | "new hand"
    event: ev.Event | None = None
    text: str = ""


@dataclass(frozen=True)
class Status:
    """What the status line shows: the hand, the pot, whose turn and what he may do, the cards known."""

    session: int
    table: str
    game: str
    hand: int | None
    dealer: str | None
    pot: int
    to_act: str | None
    legal: tuple[str, ...]
    phase: str
    cards: tuple[tuple[str, str], ...]  # (whose, cards) for every place holding a known card
    over: str | None = None  # how the hand ended, once it is over
    waiting: str | None = None  # nobody to act, the hand not over: what it waits for (a pot undecided)
    next_dealer: str | None = None
    seated: tuple[str, ...] = ()
    stacks: tuple[tuple[str, int], ...] = ()

    def line(self) -> str:
        """The status as one line of text."""
        return " · ".join(self.parts())

    def toolbar(self, width: int | None = None) -> str:
        """The status as the table's status line shows it: the hand, and the cards on a line of their
        own; wrapped onto more lines at ``width`` columns between its parts (never cut, never in the
        middle of a word)."""
        parts = self.parts()
        rows = [parts[:-1], parts[-1:]] if self.cards else [parts]
        return "\n".join(line for row in rows for line in wrap_parts(row, width))

    def parts(self) -> list[str]:
        game = game_title(self.game)
        if self.hand is None:
            return [_("session {session}").format(session=self.session), game,
                    _("no hand yet: type 'new hand' ({dealer} deals)").format(dealer=self.next_dealer)]
        parts = [_("hand {hand}").format(hand=self.hand), game, _("dealer {dealer}").format(dealer=self.dealer),
                 _("pot {pot}").format(pot=self.pot)]
        if self.over is not None:
            parts.append(_("over: {how}").format(how=self.over))
            parts.append(_("'new hand': {dealer} deals").format(dealer=self.next_dealer))
        elif self.to_act is not None:
            parts.append(_("{player} to act: {legal}").format(player=self.to_act, legal=", ".join(map(str, self.legal)) or "?"))
        else:
            parts.append(self.waiting or phase_words(self.game, self.phase))
        if self.cards:
            parts.append(_("cards {cards}").format(cards="; ".join(f"{who} {cards}" for who, cards in self.cards)))
        return parts


#: Terminal escape sequences (a colour code: ``\x1b[31m``) and other control characters (not tabs).
_CONTROL = re.compile(r"\x1b\[[0-9;?<=>]*[ -/]*[@-~]|\x1b[@-_]|[\x00-\x08\x0b-\x1f\x7f]")

def wrap_parts(parts: Sequence[str], width: int | None, sep: str = " · ") -> list[str]:
    """``parts`` joined by ``sep`` onto lines of at most ``width`` columns, broken between parts (a
    part longer than a line is broken between its words, never inside one)."""
    if width is None or width <= 0:
        return [sep.join(parts)] if parts else []
    lines: list[str] = []
    current = ""
    for part in parts:
        joined = f"{current}{sep}{part}" if current else part
        if len(joined) <= width:
            current = joined
            continue
        if current:
            lines.append(current)
        pieces = textwrap.wrap(part, width, break_long_words=False, break_on_hyphens=False) or [part]
        lines += pieces[:-1]
        current = pieces[-1]
    if current:
        lines.append(current)
    return lines



def _is_text(line: str) -> bool:
    """Whether ``line`` can be stored: no lone surrogate (what Python makes of bytes that are not UTF-8)."""
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True

class LiveTable:
    """A session's table as recorded so far, ready for the next line (see the module docstring)."""

    def __init__(self, store: Store, session_id: int, *, base_dir: str | None = None, asking: str | None = None,
                 again: bool = False, at: int | None = None, quote_rules: bool = False) -> None:
        self.store = store
        #: whether ``?`` also gives each rule in its source's own words (the seed's sentence), for a
        #: table that reads the seeds' language
        self.quote_rules = quote_rules
        self.session_id = session_id
        self.base_dir = base_dir  # what a house rulebook's path in 'rulebook: FILE' is relative to (None: here)
        #: a one-shot command recording (``act``): each event of the night it appends carries its identity
        #: (:mod:`referee.store.requests`), so that, run again after a lost reply, it is stored once;
        #: ``again``: the same line meant a second time right after itself; ``at``: where the log stood
        #: when a run whose reply was lost asked it (its ``--asked-at``)
        self.asking, self.again, self.at = asking, again, at
        #: where the log stood when the last line between hands was asked (what a retry is told)
        self.asked_at: int | None = None
        self._pending_force: _Pending | None = None
        self._status: tuple[tuple[int, int], Status] | None = None
        self.reload()

    # ------------------------------------------------------------------ building from the log

    def reload(self) -> None:
        """Rebuild everything from the store (at start-up, and after another recorder wrote)."""
        snap = self.store.log_snapshot(self.session_id)
        self.night_state = state_from(snap.session, snap, None)  # open (between hands or in one), else refused
        if self.night_state not in (NightState.OPEN, NightState.IN_HAND):  # before its log is read: it may not read
            check(self.night_state, Step.ACTION, self.session_id, why=snap.session.void_reason)
        log = read_session_log(snap)
        self.session: GameSession = log.session
        self.seen = snap.events[-1].seq if snap.events else 0
        self.table_state: TableState = log.table
        night = log.night
        hands = night_hands(night)
        self.started = len(snap.hands)  # hands begun in the store (the last may hold no event yet)
        playing = bool(hands) and self.started == len(hands)
        # the thread past the finished hands: from the one kept in the store where it still fits the log
        self.thread: NightThread = threaded(self.store, snap, night, hands[:-1] if playing else hands)
        self.header: list[ev.NightEvent] = list(log.closing)  # night events for the next hand to begin
        self.state: HandState | None = None
        self.hand: NightHand | None = None
        if playing:
            self.hand = hands[-1]
            self.setup: HandSetup = self.thread.setup_for(self.hand)
            self.state = play(self.setup, self.hand.events)  # as the replay plays it (its voids known first)
        elif self.started > len(hands):  # begun, nothing logged yet: its header may still change
            try:
                self._deal_pending()
            except InputError:  # begun by an older referee though nobody could play it: dealt once somebody can
                self.hand = self.state = None
        self._undealt = self.started > len(hands) and self.state is None
        self._pending_force = None
        self._status = None

    def _next_hand(self, number: int, events: tuple[ev.Event, ...] = ()) -> NightHand:
        """The engine's view of the hand to begin next: the table as the night events leave it."""
        table = self.table_state
        return NightHand.from_header(load_rules(table.rulebook, table.options, texts=table.rulebook_texts), table.seats,
                                     number, self.header, events)

    def _deal_pending(self) -> None:
        """The begun hand that holds no event yet, set up as its header now stands."""
        self.hand = self._next_hand(self.started)
        self.setup = self.thread.setup_for(self.hand)
        self.state = start_hand(self.setup)

    # ------------------------------------------------------------------ what the table looks like

    @property
    def game(self) -> str:
        if self.state is not None:
            return self.state.rulebook.game

        return _game_of(self.table_state.rulebook, self.table_state.rulebook_texts)

    @property
    def hand_number(self) -> int | None:
        return self.hand.number if self.hand is not None else None

    @property
    def names(self) -> tuple[str, ...]:
        """Who is seated in the current hand (else at the table now)."""
        if self.state is not None:
            return self.state.names
        return tuple(self.table_state.seats)

    @property
    def rulebook(self) -> Rulebook:
        if self.state is not None:
            return self.state.rulebook
        return load_rules(self.table_state.rulebook, self.table_state.options, texts=self.table_state.rulebook_texts)

    @property
    def can_force(self) -> bool:
        """Whether the line refused last can be logged as it happened (:meth:`force`)."""
        return self._pending_force is not None

    def prompt(self) -> Prompt | None:
        return self.state.prompt() if self.state is not None else None

    def over(self) -> str | None:
        """How the current hand ended, or None while it is under way (somebody to act, a pot still
        to be decided by showing cards) or there is none."""
        return hand_over(self.state) if self.state is not None else None

    def next_dealer(self) -> str | None:
        """Who deals the next hand by the rules (the current one ended as the log says)."""
        thread = self._thread_after_current()
        try:
            return thread.setup_for(self._next_hand(self.started + 1)).dealer
        except RefereeError:
            return None

    def _thread_after_current(self) -> NightThread:
        if self.state is None or self.hand is None or not self.state.log:
            return self.thread
        thread = copy.copy(self.thread)
        thread.after(replace(self.hand, events=tuple(self.state.log)), self.setup, self.state.outcome())
        return thread

    def stacks(self) -> tuple[tuple[str, int], ...]:
        """Each player of the current hand and his chips: once the hand is over, as the night thread
        records them after it (the pots paid out); while it is under way, what is in front of him."""
        state = self.state
        if state is None:
            return ()
        if self.over() is None:
            return tuple(zip(state.names, state.stacks))
        after = self._thread_after_current().stacks
        return tuple((name, after[name]) for name in state.names)

    def known_cards(self) -> tuple[tuple[str, str], ...]:
        """Every place holding a card the log knows (a player's hand, the widow): ``("Bob", "Jh Jd")``."""
        state = self.state
        if state is None:
            return ()
        known: dict[str, list[Card]] = {}
        for place, held in state.places.cards.items():
            who = state.names[place] if isinstance(place, int) else str(place)
            if isinstance(place, str) and place.startswith("kept:"):
                who = _("{player}'s kept discards").format(player=state.names[int(place[5:])])
            cards = [c for c in held if type(c) is Card]
            if cards:
                known.setdefault(who, []).extend(cards)
        voided = {e.action for e in state.log if type(e) is ev.Void}
        for number, event in enumerate(state.log, 1):  # shown openers and discards the places do not hold
            if type(event) is ev.Show and number not in voided:
                mine = known.setdefault(event.player, [])
                mine += [c for c in event.cards if type(c) is Card and c not in mine
                         and state.places.place_of(c) is None]
        return tuple((who, format_cards(cards)) for who, cards in known.items() if cards)

    def status(self) -> Status:
        """The status line's facts (worked out once per change of the log, whatever the prompt redraws)."""
        key = (self.seen, self.started)
        if self._status is None or self._status[0] != key:
            self._status = (key, self._work_out_status())
        return self._status[1]

    def _work_out_status(self) -> Status:
        state = self.state
        table = self.table_state
        if state is None or self.hand is None:
            return Status(self.session_id, self.session.table_name, self.game, None, None, 0, None, (), "",
                          (), next_dealer=self.next_dealer(), seated=tuple(table.seats))
        prompt = state.prompt()
        over = self.over()
        waiting = None
        if over is None and prompt.to_act is None and state.log:
            waiting = self.showdown_guidance() or state.outcome().summary
        return Status(
            self.session_id, self.session.table_name, self.game, self.hand.number, state.names[state.table.dealer],
            state.middle(), prompt.to_act, prompt.legal, prompt.phase, self.known_cards(), over, waiting,
            self.next_dealer() if over is not None else None, tuple(state.names), self.stacks(),
        )

    def _to_show(self) -> tuple[str, str | None, str | None] | None:
        """At a showdown nobody is prompted for: who is to show his hand now and, where the game says
        (its ``to_show`` hook), why and the rule that says so; None elsewhere."""
        state = self.state
        if state is None or state.phase != "showdown" or state.prompt().to_act is not None:
            return None
        hook = getattr(state, "to_show", None)
        if hook is not None:
            said = hook()
            return None if said is None else (state.names[said[0]], said[1], said[2])
        voided = {e.action for e in state.log if type(e) is ev.Void}
        done = {e.player for n, e in enumerate(state.log, 1) if n not in voided
                and (type(e) is ev.Muck or (type(e) is ev.Show and e.purpose == "hand"))}
        left = [name for name in state.outcome().showdown_order if name not in done]
        return (left[0], None, None) if left else None

    def showdown_guidance(self) -> str | None:
        """``Dee shows first: Dee bet or raised last in the hand (draw.showdown_first)``, then who shows
        next, while a showdown waits for hands to be shown; None elsewhere."""
        showing = self._to_show()
        if showing is None:
            return None
        who, why, rule = showing
        log = self.state.log if self.state is not None else []
        voided = {e.action for e in log if type(e) is ev.Void}
        done = any(type(e) is ev.Show and e.purpose == "hand" and n not in voided for n, e in enumerate(log, 1))
        head = ((_("{player} shows next") if done else _("{player} shows first")) if why
                else _("{player} to show")).format(player=who)
        return head + (f": {why}" if why else "") + (f" ({rule})" if rule else "")

    # ------------------------------------------------------------------ entering a line

    def enter(self, text: str) -> Entry:
        """Read one typed line and act on it (see the module docstring).  Colour codes and other
        control characters pasted with it are dropped (they are no part of what was said)."""
        line = " ".join(_CONTROL.sub("", text).split())
        low = line.lower()
        self._pending_force = None
        if not line:
            return Said("")
        if not _is_text(line):
            return Refused(_("the line holds bytes that are not UTF-8 text (a terminal set to another encoding?)"),
                           hint=_("type the line again in plain text"))
        if low in HELP_HERE:
            return Said(self.rules_here())
        if low in UNDO:
            return self._undo()
        if low in NEW_HAND:
            return self.new_hand()
        try:
            night_event = self._night_line(line)
        except RefereeError as err:
            return Refused(err.message, err.hint)
        if night_event is not None:
            return self._store_night_event(night_event)
        return self._action(line)

    def force(self) -> Entry:
        """Log the line refused last as it happened (an illegal action, a hand begun before the last
        one was over): the replay judges it like any other logged fact."""
        pending = self._pending_force
        self._pending_force = None
        if pending is None:
            return Refused(_("nothing to force"), hint=_("force logs the action refused just before"))
        if pending.kind == "new hand":
            return self.new_hand(force=True)
        assert pending.event is not None
        return self._store_action(pending.event, pending.text)

    # -- actions

    def _see_for(self, player: str) -> str | None:
        state = self.state
        if state is None:
            return None
        prompt = state.prompt()
        if prompt.to_act != player:
            return None
        for event in prompt.events():
            if isinstance(event, ev.See):
                return (f"{event.target} " if event.target else "") + f"for {event.amount}"
        return None

    def read(self, line: str) -> ev.Event:
        """The event a line of the current hand stands for (HandFileError when it cannot be read)."""
        state = self.state
        assert state is not None
        names = state.names

        def resolve(typed: str) -> str:
            name = player_named(typed, names)
            if name is None:
                raise HandFileError(_("{name!r} is not seated in hand {hand}").format(name=typed, hand=self.hand_number),
                                    hint=_("seated: {names}").format(names=", ".join(names)))
            return name

        voided = {e.action for e in state.log if type(e) is ev.Void}
        reader = HandReader(state.rulebook.game, resolve, list(state.log), voided)
        return reader.read(expand(line, state.rulebook.game, names, self._see_for), len(state.log) + 1)

    def _action(self, line: str) -> Entry:
        state = self.state
        if state is None:
            return Refused(_("no hand is under way"), hint=_("type 'new hand' to begin hand 1"))
        try:
            event = self.read(line)
        except RefereeError as err:
            return Refused(err.message, err.hint)
        return self._judged(event, line)

    def _rebased(self, event: ev.Event) -> tuple[HandSetup, HandState] | None:
        """For a hand whose dealer the log does not name (a commerce night logged without one): the
        setup and state the replay will give once ``event`` is logged, when they differ from the
        current ones (the replay works the dealer out from the play)."""
        state, hand = self.state, self.hand
        assert state is not None and hand is not None
        if self.setup.dealer_known:
            return None
        setup = self.thread.setup_for(replace(hand, events=(*state.log, event)))
        if setup.dealer == self.setup.dealer and setup.dealer_known == self.setup.dealer_known:
            return None
        return setup, play(setup, state.log)

    def _judged(self, event: ev.Event, line: str) -> Entry:
        try:
            rebased = self._rebased(event)
        except RefereeError as err:
            return Refused(err.message, err.hint)
        state = rebased[1] if rebased is not None else self.state
        assert state is not None
        try:
            verdict = state.legality(event)
        except RefereeError as err:  # cannot be replayed at all (a card held twice): never logged
            return Refused(err.message, err.hint)
        over = self.over()
        late = over is not None and type(event) not in type(state).after_end and type(event) is not ev.Void
        if late or any(f.code == "action_after_hand" for f in verdict.findings):
            self._pending_force = _Pending("action", event, line)
            return Refused(_("hand {hand} is over ({how}): {action} comes after it").format(
                hand=self.hand_number, how=over or phase_words(self.game, state.phase), action=self._words(event)),
                hint=_("type 'new hand' to begin the next hand, or force it into this one"), forceable=True)
        if not verdict.legal:
            self._pending_force = _Pending("action", event, line)
            errors = [f.message for f in verdict.findings if f.severity == "error"]
            return Refused("; ".join(errors) or verdict.message, forceable=True, rules=verdict.rules)
        return self._store_action(event, line)

    def _words(self, event: ev.Event) -> str:
        return EventWriter(self.game).line(event)

    def _store_action(self, event: ev.Event, typed: str) -> Entry:
        hand = self.hand
        assert self.state is not None and hand is not None
        words = self._words(event)
        try:
            rebased = self._rebased(event)
            row = self.store.append_event(self.session_id, hand.number, event, text=words, expected_seq=self.seen)
        except StaleLogError as err:
            return self._stale(err)
        except RefereeError as err:
            return refusal(err)
        self.seen = row.seq
        if rebased is not None:
            self.setup, self.state = rebased
        state = self.state
        if not state.log:  # the hand begins: its header is settled
            self.header = []
        before = len(state.findings)
        state.push(event)
        found = tuple(f for f in state.findings[before:] if f.action == state.action)
        return Stored(words, row.seq, hand.number, state.action, found)

    def _stale(self, err: RefereeError) -> Refused:
        self.reload()
        return Refused(err.message, hint=_("the table is reloaded from the log: enter it again if it still stands"),
                       stale=True)

    def _undo(self) -> Entry:
        state = self.state
        if state is None or not state.log:
            return Refused(_("nothing to undo in this hand"),
                           hint=_("undo takes back the last action of the current hand (between hands, nothing)"))
        try:
            event = self.read("void: undo")
        except RefereeError as err:
            return Refused(err.message, err.hint)
        target = state.log[event.action - 1]  # type: ignore[attr-defined]
        stored = self._store_action(event, "undo")
        if isinstance(stored, Stored):
            return replace(stored, note=_("takes back {action}").format(action=self._words(target)))
        return stored

    # -- hands

    def new_hand(self, *, force: bool = False) -> Entry:
        """Begin the next hand, dealt by whoever the rules say deals next."""
        if self._undealt:
            return self._deal_begun()
        state = self.state
        if state is not None and not state.log:
            return Refused(_("hand {hand} has begun and holds no action yet").format(hand=self.hand_number),
                           hint=_("enter its first action (or 'misdeal')"))
        if state is not None and not force and self.over() is None:
            self._pending_force = _Pending("new hand")
            prompt = state.prompt()
            waiting = (_("{player} to act").format(player=prompt.to_act) if prompt.to_act
                       else phase_words(self.game, prompt.phase))
            return Refused(_("hand {hand} is not over ({waiting})").format(hand=self.hand_number, waiting=waiting),
                           hint=instead(NightState.IN_HAND, Step.BEGIN_HAND, self.session_id), forceable=True)
        thread = self._thread_after_current()
        try:
            begin_hand(self.store, self.session_id, expected_seq=self.seen,
                       setup=lambda: thread.setup_for(self._next_hand(self.started + 1)))
        except StaleLogError as err:
            return self._stale(err)
        except CannotDeal as err:  # nothing begun: the night goes on between hands
            return Refused(err.message, err.hint)
        except InputError as err:  # another recorder began it first
            began = self.started
            self.reload()
            reason = (_("another recorder began hand {hand} first; yours was not begun ({why})").format(
                hand=self.started, why=err.message) if self.started > began else err.message)
            return Refused(reason, hint=_("the table is reloaded from the log"), stale=True)
        self.thread = thread
        self.started += 1
        self._deal_pending()
        assert self.state is not None
        return Stored(f"hand {self.started}", self.seen, self.started, None,
                      note=_("{dealer} deals").format(dealer=self.state.names[self.state.table.dealer]))

    def _deal_begun(self) -> Entry:
        """Deal the hand an older referee began though nobody could play it, once somebody can."""
        try:
            dealable(lambda: self.thread.setup_for(self._next_hand(self.started)), self.session_id,
                     buy_in=self.session.buy_in_default)
        except CannotDeal as err:
            return Refused(err.message, err.hint)
        self._deal_pending()
        self._undealt = False
        assert self.state is not None
        return Stored(f"hand {self.started}", self.seen, self.started, None,
                      note=_("{dealer} deals").format(dealer=self.state.names[self.state.table.dealer]))

    # -- the night between hands

    def _night_line(self, line: str) -> ev.NightEvent | None:
        """The night event a line of the hand format's header stands for, or None if it is not one."""
        if m := SIT_DOWN_LINE.fullmatch(line):
            name = m["name"]
            if name.islower() and self.table_state.name(name) is None:
                name = name.capitalize()  # a newcomer typed in haste: seated as ``Eve``
            return ev.SitDown(name, parse_amount(m["n"], f"stack for {name}"), m["after"])
        if m := LEAVE_LINE.fullmatch(line):
            return ev.Leave(m["name"])
        if m := ADD_CHIPS_LINE.fullmatch(line):
            return ev.AddChips(m["name"], parse_amount(m["n"], f"amount {m['name']} adds"))
        if m := DEALER_LINE.fullmatch(line):
            return ev.SetDealer(m["name"])
        if m := OPTION_LINE.fullmatch(line):
            value = option_value(m["value"])
            table = self.table_state
            load_rules(table.rulebook, {**table.options, m["name"]: value}, texts=table.rulebook_texts)  # refused here if the rulebook refuses it
            return ev.ChangeOption(m["name"], value)
        if m := RULEBOOK_LINE.fullmatch(line):
            ref = m["ref"].strip()
            load_rules(ref, {}, self.base_dir, self.table_state.rulebook_texts)  # refused here if it cannot be loaded
            return ev.ChangeRulebook(stored_rulebook(ref, self.base_dir))
        if SHUFFLED_LINE.fullmatch(line):
            return ev.Shuffle()
        return None

    def _store_night_event(self, event: ev.NightEvent) -> Entry:
        request = None if self.asking is None else Request(
            asks(self.asking, self.session_id, night_words(event)), again=self.again, at=self.at)
        self.asked_at = self.seen
        try:
            row = night_event(self.store, self.session_id, event, expected_seq=self.seen, state=self.night_state,
                              request=request)
        except AlreadyRecorded as done:  # this command's own line, stored by its run whose reply was lost
            return Said(str(done)[0].upper() + str(done)[1:])
        except StaleLogError as err:
            return self._stale(err)
        except RefereeError as err:
            return refusal(err)
        self.seen = row.seq
        applied = decode_event(row.kind, row.payload)
        assert isinstance(applied, ev.NightEvent)
        self.table_state.apply(applied)
        if isinstance(applied, ev.ChangeRulebook):  # the store recorded the rulebook's text right after it
            last = row.hash
            for extra in self.store.log_since(self.session_id, row.seq).events:
                if extra.kind != "RulebookText" or extra.prev_hash != last:
                    break
                recorded = decode_event(extra.kind, extra.payload)
                assert isinstance(recorded, ev.NightEvent)
                self.table_state.apply(recorded)
                self.seen, last = extra.seq, extra.hash
        self.header.append(applied)
        state = self.state
        note = _("from the next hand")
        if state is not None and not state.log:  # the begun hand has not started: it holds from this one
            self._deal_pending()
            note = _("from hand {hand}").format(hand=self.hand_number)
        return Stored(night_words(applied), row.seq, None, None, note=note)

    # ------------------------------------------------------------------ the rules here

    def rules_here(self, quotes: bool | None = None) -> str:
        """What the rulebook says about the current spot: the rules the engine would cite for what
        the player to act may do now (and for doing something else), with their texts; ``quotes``
        (default: the table's ``quote_rules``): each also in its source's own words, under its text."""
        quotes = self.quote_rules if quotes is None else quotes
        state = self.state
        book = self.rulebook
        if state is None:
            return _("No hand under way: 'new hand' begins one.  Rulebook {rulebook}").format(rulebook=book.name)
        prompt = state.prompt()
        ids = self._rule_ids(state, prompt)
        head = (_("{player} to act ({phase}): {legal}").format(
                    player=prompt.to_act, phase=phase_words(self.game, prompt.phase), legal=", ".join(map(str, prompt.legal)))
                if prompt.to_act else _("hand {hand}: {how}").format(
                    hand=self.hand_number,
                    how=self.over() or self.showdown_guidance() or phase_words(self.game, prompt.phase)))
        showing = self._to_show()
        if showing is not None and showing[2] is not None:  # the showdown's order first: the rule saying who shows
            ids = [showing[2], *ids]
        lines = [head]
        for rule in ids:
            try:
                text = book.shown_text(rule)  # a bilingual house rulebook's in the interface's language
            except (KeyError, RefereeError):
                continue
            lines.append(f"  {rule}: {' '.join(text.split())}")
            if quotes:
                lines.extend(f"    {quote}" for quote in book.rule_quotes(rule))
        if len(lines) == 1:
            lines.append("  " + _("(no rule of {rulebook} speaks to this spot)").format(rulebook=book.name))
        notice = fallback_notice()
        if notice:
            lines.append("  " + notice)
        return "\n".join(lines)

    def _rule_ids(self, state: HandState, prompt: Prompt) -> list[str]:
        ids: list[str] = []
        rnd = state.round
        if rnd is not None and rnd.turn is not None:
            # each game's round names its rules its own way (a betting round's order, limits and
            # structure; a brag staking interval's system); the probes below find the rest
            rules = getattr(rnd.rules, "ids", None)
            ids += [r for r in (getattr(rules, name, None) for name in ("order", "limits", "structure"))
                    if isinstance(r, str)]
            if not getattr(rnd.rules, "check_allowed", True) and isinstance(getattr(rules, "check_allowed", None), str):
                ids.append(rules.check_allowed)
            if isinstance(getattr(rnd.rules, "rule", None), str):
                ids.append(rnd.rules.rule)
        ids += [rule for action in type(state).actions for rule in action.rules]  # the game's own actions' rules
        for event in self._probes(state, prompt):
            try:
                verdict = state.legality(event)
            except RefereeError:
                continue
            ids += [f.rule for f in verdict.findings if f.rule and f.code != "action_voided"]
        return list(dict.fromkeys(state.cite(rule) for rule in ids))

    @staticmethod
    def _probes(state: HandState, prompt: Prompt) -> list[ev.Event]:
        """Actions to ask the engine about: what the player to act may do, the rest of the game's
        simple actions (the shared ones and the game's own), and the same by somebody else (out of turn)."""
        game = type(state)
        kinds = game.events
        who = prompt.to_act
        others = [n for i, n in enumerate(state.names) if state.live[i] and n != who]
        players = [who, *others[:1]] if who else others[:2]
        out: list[ev.Event] = list(prompt.events())
        probes = [*SHARED_PROBES, *(a.probe for a in game.actions if a.probe is not None)]
        for player in players:
            if player is None:
                continue
            out += [e for e in (probe(player) for probe in probes) if type(e) in kinds]
        return out


__all__ = ["NOT_STORED_HINT", "Entry", "LiveTable", "Refused", "Said", "Status", "Stored", "refusal", "wrap_parts"]
