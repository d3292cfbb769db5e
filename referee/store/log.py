"""The log as the store hands it out and checks it: :class:`LogSnapshot` (everything stored about one
session, read in one transaction) and :class:`TableState`, the table as the night events so far leave
it (who sits where, the dealer, the rules in force, chips bought and cashed out).  The store checks
a night event against it (Bob leaving when he is not seated) before it is appended; the session log
(:mod:`referee.recording.session_log`, above the store) reads a night with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from referee.engine.events import (
    AddChips,
    Amendment,
    CountConfirmed,
    CountFixed,
    HandEnded,
    Closed,
    Reopened,
    Unvoided,
    Voided,
    CashOut,
    ChangeOption,
    ChangeRulebook,
    GameSoFar,
    LedgerSetting,
    Leave,
    MoveSeat,
    NightEvent,
    Ruling,
    RulebookText,
    SetDealer,
    Shuffle,
    SitDown,
    TransferPaid,
    WhiskyBill,
)
from referee.errors import InputError, StoreError
from referee.i18n import N_, _
from referee.handfile.model import OptionValue
from referee.money import check_amount
from referee.money.settings import check_setting
from referee.rulebook.loader import rulebook_key
from referee.store.codec import decode_event
from referee.store.tables import LOG_LEGACY

if TYPE_CHECKING:
    from referee.store.models import EventRecord, GameSession, HandRecord, SeatRecord


@dataclass(frozen=True)
class LogSnapshot:
    """Everything the store holds about one session, read in one transaction."""

    session: GameSession
    seats: Sequence[SeatRecord]
    hands: Sequence[HandRecord]
    events: Sequence[EventRecord]


def closed_at(event: Closed) -> datetime:
    """When a ``Closed`` event says the night ended (aware, UTC); InputError when it says no time."""
    try:
        moment = datetime.fromisoformat(event.at) if isinstance(event.at, str) else None
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise InputError(_("a close at {at!r}: a close says when the night ended, as an ISO 8601 time with its time zone").format(at=event.at), hint=_("e.g. 2026-12-05T23:40:00+00:00"))
    return moment.astimezone(UTC)


def seat_key(name: str) -> str:
    """How a name is known at the table: spaces tidied, any case."""
    return " ".join(name.split()).casefold()


def _whole(value: object, what: str, minimum: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise InputError(_("{what} must be a whole number of at least {minimum}, not {value!r}").format(what=_(what), minimum=minimum, value=value),
                         hint=_("chips and money are whole numbers (chips, cents)"))
    return check_amount(value, what)


@dataclass
class TableState:
    """The table as the night events so far leave it.  :meth:`apply` checks one more event against
    it, returns the event with names spelled as seated, and records it."""

    rulebook: str
    options: dict[str, OptionValue]
    chip_value_cents: int
    seats: list[str] = field(default_factory=list)  # clockwise, as seated now
    dealer: str | None = None  # the last SetDealer
    bought: dict[str, int] = field(default_factory=dict)  # chips, sit-downs and adds
    paid: dict[str, int] = field(default_factory=dict)  # cents
    cashed: dict[str, int] = field(default_factory=dict)  # chips counted at cash-out
    due: list[str] = field(default_factory=list)  # sat down and not cashed out since
    known: dict[str, str] = field(default_factory=dict)  # name key -> name, everyone seated tonight
    texts: dict[str, str] = field(default_factory=dict)  # rulebook file key -> its text as first recorded

    @property
    def rulebook_texts(self) -> tuple[tuple[str, str], ...]:
        """The rulebook files recorded in the night so far (what ``load_rules(..., texts=)`` reads)."""
        return tuple(self.texts.items())

    def _seated_text(self) -> str:
        return _("seated: {names}").format(names=", ".join(self.seats) or _("nobody yet"))

    def name(self, typed: str) -> str | None:
        """The name as seated tonight of someone called ``typed`` (any case), or None."""
        return self.known.get(seat_key(typed)) if isinstance(typed, str) else None

    def seated(self, typed: str, what: str) -> str:
        name = self.name(typed)
        if name is None or name not in self.seats:
            raise InputError(_("{name!r} is not at the table: {why}").format(name=typed, why=_(what)), hint=self._seated_text())
        return name

    def _after(self, typed: str | None, player: str) -> str | None:
        if typed is None:
            return None
        after = self.seated(typed, _("{player} cannot sit after him").format(player=player))
        if after == player:
            raise InputError(_("{player} cannot sit after himself").format(player=player), hint=self._seated_text())
        return after

    def _place(self, player: str, after: str | None) -> None:
        self.seats.insert(self.seats.index(after) + 1 if after else len(self.seats), player)

    def _buy(self, player: str, chips: int, paid_cents: int | None) -> None:
        if paid_cents is not None:
            _whole(paid_cents, _("the money {player} paid (cents)").format(player=player), 0)
        cost = chips * self.chip_value_cents if paid_cents is None else paid_cents
        check_amount(sum(self.bought.values()) + chips, N_("the chips bought at the table in all"))  # so no stack, pot
        check_amount(sum(self.paid.values()) + cost, N_("the money paid for chips in all (cents)"))  # or sum can pass it
        self.bought[player] = self.bought.get(player, 0) + chips
        self.paid[player] = self.paid.get(player, 0) + cost

    def apply(self, event: NightEvent, *, recorded: bool = False) -> NightEvent:  # noqa: C901 - one branch per night event
        """Check ``event`` against the table, record it; the event with names as seated.
        Raises InputError when it does not fit (the table is then unchanged).  ``recorded``: the
        event is read from the log (a setting is checked as it was when it was recorded)."""
        match event:
            case SitDown():
                player = self.name(event.player) or " ".join(event.player.split())
                if player in self.seats:
                    raise InputError(_("{player} is already seated").format(player=player), hint=_("each player sits once"))
                stack = _whole(event.stack, _("{player}'s buy-in (chips)").format(player=player), 0)
                after = self._after(event.after, player)
                self._buy(player, stack, event.paid_cents)
                self.known[seat_key(player)] = player
                self._place(player, after)
                if player not in self.due:
                    self.due.append(player)
                return replace(event, player=player, after=after)
            case AddChips():
                player = self.seated(event.player, N_("only a seated player adds chips"))
                self._buy(player, _whole(event.amount, _("the chips {player} adds").format(player=player), 1), event.paid_cents)
                return replace(event, player=player)
            case Leave():
                player = self.seated(event.player, N_("only a seated player can leave"))
                self.seats.remove(player)
                return replace(event, player=player)
            case MoveSeat():
                player = self.seated(event.player, N_("only a seated player changes seats"))
                after = self._after(event.after, player)
                self.seats.remove(player)
                self._place(player, after)
                return replace(event, player=player, after=after)
            case SetDealer() if event.player is None:  # the opening: who deals first is not known
                self.dealer = None
                return event
            case SetDealer():
                player = self.name(event.player)
                if player is None or player not in self.seats:
                    raise InputError(_("dealer {player!r} is not seated").format(player=event.player), hint=self._seated_text())
                self.dealer = player
                return replace(event, player=player)
            case ChangeRulebook():
                if not isinstance(event.rulebook, str) or not event.rulebook.strip():
                    raise InputError(_("a rulebook change names no rulebook"), hint=_("name a shipped rulebook or a file"))
                self.rulebook, self.options = event.rulebook, {}
                return event
            case ChangeOption():
                if not isinstance(event.name, str) or not event.name.strip():
                    raise InputError(_("an option change names no option"), hint=_("write NAME=VALUE"))
                if isinstance(event.value, bool) or not isinstance(event.value, (str, int)):
                    raise InputError(_("option {name} = {value!r}: a value is text or a whole number").format(name=event.name, value=event.value))
                self.options[event.name] = event.value
                return event
            case Shuffle() | GameSoFar() | Ruling():  # facts of the game, not of the table
                return event
            case RulebookText():
                if (not isinstance(event.rulebook, str) or not event.rulebook.strip() or not event.files
                        or not all(isinstance(k, str) and k and isinstance(t, str) for k, t in event.files)):
                    raise InputError(_("a recorded rulebook names no rulebook or holds no file text"),
                                     hint=_("record a rulebook with its files' texts"))
                for key, text in event.files:  # the first text of a file is the one the night plays under
                    self.texts.setdefault(key, text)
                return event
            case LedgerSetting():
                name, value = check_setting(event.name, event.value, recorded=recorded)
                return replace(event, name=name, value=value)
            case TransferPaid():
                payer, payee = (" ".join(str(n).split()) if isinstance(n, str) else "" for n in (event.payer, event.payee))
                if not payer or not payee or payer.casefold() == payee.casefold():
                    raise InputError(_("a payment from {payer!r} to {payee!r}: a payment is between two different people").format(payer=event.payer, payee=event.payee), hint=_("name who paid and who was paid"))
                cents = _whole(event.cents, _("the money {payer} paid {payee} (cents)").format(payer=payer, payee=payee), 1)
                return replace(event, payer=self.name(payer) or payer, payee=self.name(payee) or payee, cents=cents)
            case WhiskyBill():
                cents = _whole(event.cents, N_("the whisky bill (cents)"), 1)
                paid_by = " ".join(event.paid_by.split()) if isinstance(event.paid_by, str) else ""
                if not paid_by:
                    raise InputError(_("the whisky bill names nobody who paid it"), hint=_("say who paid for the drinks"))
                return replace(event, cents=cents, paid_by=self.name(paid_by) or paid_by)
            case CountConfirmed() | HandEnded() | Closed() | Reopened() | Amendment() | CountFixed() | Voided() | Unvoided():
                return self._closing(event)
            case CashOut():
                player = self.name(event.player)
                if player is None:
                    raise InputError(_("{player!r} did not play tonight: nothing to cash out").format(player=event.player),
                                     hint=_("players tonight: {names}").format(names=", ".join(self.known.values()) or _("nobody")))
                if player not in self.due:
                    raise InputError(_("{player} has already cashed out").format(player=player), hint=_("each player cashes out once per sit-down"))
                chips = _whole(event.chips, _("{player}'s cash-out (chips)").format(player=player), 0)
                self.due.remove(player)
                self.cashed[player] = self.cashed.get(player, 0) + chips
                return replace(event, player=player)
        raise InputError(_("{name} is not an event of the night between hands").format(name=type(event).__name__))

    def _closing(self, event: NightEvent) -> NightEvent:
        """A fact of counting out or correcting the night, checked (see :data:`CLOSING_EVENTS`)."""
        def _given(text: object, what: str) -> str:
            words = " ".join(text.split()) if isinstance(text, str) else ""
            if not words:
                raise InputError(_("{name} says no {what}").format(name=type(event).__name__, what=_(what)),
                                 hint=_("give the {what} in words").format(what=_(what)))
            return words

        match event:
            case CountConfirmed():
                player = self.name(event.player)
                if player is None:
                    raise InputError(_("{player!r} did not play tonight: no count to confirm").format(player=event.player))
                _whole(event.counted, _("{player}'s count (chips)").format(player=player), 0)
                _whole(event.log_says, _("the chips the log gives {player}").format(player=player), 0)
                return replace(event, player=player, by=_given(event.by, N_("name of who confirmed it")))
            case HandEnded():
                if event.how not in ("return", "split"):
                    raise InputError(_("a hand ends at the close with its pot returned or split, not {how!r}").format(how=event.how))
                _whole(event.hand, N_("the hand ended at the close"), 1)
                return replace(event, rule=_given(event.rule, N_("rule cited")))
            case Reopened() | Voided() | Unvoided():
                return replace(event, why=_given(event.why, N_("reason")))
            case Closed():
                return replace(event, at=closed_at(event).isoformat(timespec="microseconds"))
            case Amendment():
                return replace(event, what=_given(event.what, N_("correction")), why=_given(event.why, N_("reason")))
            case CountFixed():
                player = self.name(event.player)
                if player is None or player not in self.cashed:
                    raise InputError(_("{player!r} has not cashed out: there is no count to correct").format(player=event.player),
                                     hint=_("cashed out: {names}").format(names=", ".join(self.cashed) or _("nobody")))
                self.cashed[player] = _whole(event.chips, _("{player}'s corrected count (chips)").format(player=player), 0)
                return replace(event, player=player)
        raise AssertionError(event)

    def copy(self) -> TableState:
        return TableState(self.rulebook, dict(self.options), self.chip_value_cents, list(self.seats), self.dealer,
                          dict(self.bought), dict(self.paid), dict(self.cashed), list(self.due), dict(self.known),
                          dict(self.texts))


def table_state(session: GameSession, seats: Iterable[SeatRecord], night_rows: Iterable[EventRecord]) -> TableState:
    """The table as session ``session``'s night events (rows with no hand, in ``seq`` order) leave
    it; for a legacy session its registered seats not sat down in the log come first."""

    state = TableState(session.rulebook, dict(session.options), session.chip_value_cents)
    events = [(row.seq, decode_event(row.kind, row.payload, where=f"session {session.id}, event {row.seq}"))
              for row in night_rows]
    if session.log_version == LOG_LEGACY:
        in_log = {seat_key(e.player) for _seq, e in events if isinstance(e, SitDown)}
        for seat in sorted(seats, key=lambda s: s.number):
            if seat_key(seat.name) not in in_log:
                state.apply(SitDown(seat.name, seat.buy_in))
    assert session.id is not None
    for seq, event in events:
        if not isinstance(event, NightEvent):
            raise StoreError(_("{name} is stored with no hand").format(name=type(event).__name__), where=f"session {session.id}, event {seq}")
        apply_logged(state, event, session.id, seq)
    return state


def unrecorded_rulebooks(session: GameSession, night_rows: Iterable[EventRecord]) -> list[str]:
    """The rulebooks session ``session``'s log names (its header's, each ``ChangeRulebook``'s) whose
    text it does not hold (no ``RulebookText`` records their file): a night recorded before the log
    held its rulebook, in the order named."""
    named, recorded = [session.rulebook], set()
    for row in night_rows:
        if row.kind == "ChangeRulebook" and isinstance(row.payload.get("rulebook"), str):
            named.append(row.payload["rulebook"])
        elif row.kind == "RulebookText" and isinstance(row.payload.get("files"), list):
            recorded.update(pair[0] for pair in row.payload["files"] if isinstance(pair, list) and pair)
    return list(dict.fromkeys(ref for ref in named if rulebook_key(ref) not in recorded))


def apply_logged(state: TableState, event: NightEvent, session_id: int, seq: int | None) -> NightEvent:
    """``event``, read from session ``session_id``'s log, applied to ``state``: one that does not fit
    means the log was edited (a StoreError), not a typing mistake."""
    try:
        return state.apply(event, recorded=True)
    except InputError as err:
        where = f"session {session_id}" + (f", event {seq}" if seq is not None else "")
        raise StoreError(_("the log does not hold together: {message}").format(message=err.message), where=where,
                         hint=_("run `referee db verify`: the log may have been edited")) from None


__all__ = ["LogSnapshot", "TableState", "apply_logged", "seat_key", "table_state", "unrecorded_rulebooks"]
