"""The one owner of a night's life: every fact that begins, plays on, ends, corrects or voids a night
is checked here against the night's state (:mod:`referee.night.states`) and the facts already in its
log, then appended, and the append is made at the head the check read (``expected_seq``): if another
recorder wrote in between, nothing is stored and :class:`~referee.store.store.StaleLogError` says what
was stored meanwhile.  A refused step writes nothing.

The CLI (``session``, ``act``, ``table``, ``serve``) and the table prompt (its ``new hand``, its lines
between hands, its ``count`` step) call these functions; they parse what was typed and print what is
returned.  The table's one-line append of an action stays
where it is (:class:`~referee.recording.live_table.LiveTable` checks it at the head it holds).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import PurePath
from typing import TYPE_CHECKING

from referee.engine import events as ev
from referee.errors import InputError
from referee.i18n import _, ngettext
from referee.i18n.said import said_later, said_plural
from referee.money import AMOUNT_HINT, AMOUNT_LIMIT, format_cents
from referee.night.states import NightState, Step, check, instead
from referee.plain_words import plural
from referee.rulebook.loader import is_rulebook_path

if TYPE_CHECKING:
    from referee.engine.state import HandSetup, HandState
    from referee.handfile.replay import ReplayedHand, ReplayedNight
    from referee.ledger.counting import Count
    from referee.ledger.ledger import SessionLedger
    from referee.ledger.settlement import Transfer
    from referee.recording.session_log import SessionLog
    from referee.store.log import LogSnapshot, TableState
    from referee.store.models import EventRecord, GameSession, HandRecord
    from referee.store.requests import Request
    from referee.store.store import Store

#: The chips a refusal suggests adding for a player with none, when the night names no buy-in.
SUGGESTED_CHIPS = 20


# ------------------------------------------------------------------ where a night stands


@dataclass(frozen=True)
class NightView:
    """A night as one read of its log shows it: its state, the head the read saw (``seq``: the
    ``expected_seq`` of whatever is appended on the strength of this read), the log, its ledger and
    its replay."""

    state: NightState
    seq: int
    snapshot: LogSnapshot
    log: SessionLog
    ledger: SessionLedger
    replayed: ReplayedNight

    @property
    def session_id(self) -> int:
        sid = self.snapshot.session.id
        assert sid is not None
        return sid

    @property
    def hand_in_play(self) -> ReplayedHand | None:
        from referee.ledger.counting import hand_in_play

        return hand_in_play(self.replayed)


def state_from(game: GameSession, snapshot: LogSnapshot, replayed: ReplayedNight | None) -> NightState:
    """The state of a night from its session row, its log and (for an open night) its replay."""
    if game.void_reason is not None:
        return NightState.VOID
    if game.status != "open":
        return NightState.CLOSED
    if any(row.kind == "Reopened" for row in snapshot.events):
        return NightState.REOPENED
    played = {row.hand_number for row in snapshot.events if row.hand_number is not None}
    if len(snapshot.hands) > len(played):  # a hand begun that holds no action yet
        return NightState.IN_HAND
    if replayed is not None and len(replayed):
        # not over while under way or a pot is still to be decided, as the table sees it (hand_over)
        if not replayed.hands[-1].replay.outcome.decided:
            return NightState.IN_HAND
    return NightState.OPEN


def view(store: Store, session_id: int) -> NightView:
    """Read the night: its state and everything the checks of a step need, at one head."""
    from referee.ledger.ledger import session_ledger

    snap = store.log_snapshot(session_id)
    seq = snap.events[-1].seq if snap.events else 0
    ledger, log, replayed = session_ledger(store, session_id, snap)
    return NightView(state_from(snap.session, snap, replayed), seq, snap, log, ledger, replayed)


def state_of(store: Store, session_id: int) -> NightState:
    """Where night ``session_id`` stands now.  A void night is not replayed (its log may not replay)."""
    snap = store.log_snapshot(session_id)
    state = state_from(snap.session, snap, None)
    if state is not NightState.OPEN:
        return state
    return view(store, session_id).state


def check_step(store: Store, session_id: int, step: Step, *, replay: bool = True) -> NightState:
    """Refuse ``step`` unless night ``session_id``'s state takes it (the refusal names the step that
    lets the night go on); the state otherwise.  ``replay=False``: the state as the log shows it without
    a replay (open between hands and in a hand are then told apart only by a hand begun with no action)."""
    snap = store.log_snapshot(session_id)
    state = state_from(snap.session, snap, None)
    if replay and state is NightState.OPEN:
        state = view(store, session_id).state
    check(state, step, session_id, why=snap.session.void_reason if state is NightState.VOID else None)
    return state


def not_void(store: Store, session_id: int) -> GameSession:
    """Refuse a void night (it goes on no more: not recorded into, served or corrected), saying how to
    see it; its session otherwise."""
    game = store.session(session_id)
    if game.void_reason is not None:
        raise InputError(_("session {session} is void ({why}): it goes on no more").format(
            session=session_id, why=game.void_reason), hint=instead(NightState.VOID, Step.VOID, session_id))
    return game


def asked_again(store: Store, session_id: int, request: Request | None) -> None:
    """Raise AlreadyRecorded when night ``session_id``'s log ends with what ``request`` asked (an earlier
    run whose reply was lost, or a twin that got there first); nothing otherwise, and nothing written.
    A step refused because its own fact is in the log already says so instead of refusing."""
    if request is None or request.again:
        return
    with store.transaction(request) as tx:
        tx.lock(session_id)


def hand_over(state: HandState) -> str | None:
    """How a hand ended, or None while it is under way (somebody to act, a pot still to be decided by
    showing cards) or has no action yet."""
    if not state.log or state.prompt().to_act is not None:
        return None
    outcome = state.outcome()
    return outcome.summary if outcome.decided else None


# ------------------------------------------------------------------ hands


class CannotDeal(InputError):
    """A hand that cannot be dealt (fewer than two players with chips): refused before it is begun."""


def dealable(setup: Callable[[], HandSetup], session_id: int, *, buy_in: int = 0) -> None:
    """Refuse a hand that cannot be dealt (fewer than two players with chips), naming the steps that
    let the night go on: chips added for a player who has none, a newcomer sitting down, or the close.
    ``setup`` works out the hand's setup as the table would deal it."""
    from referee.engine.replay import start_hand

    ready = None
    try:
        ready = setup()
        start_hand(ready)
    except InputError as err:  # any hand that cannot be set up is refused before it is begun
        empty = [seat.name for seat in ready.seats if seat.stack <= 0] if ready is not None else []
        refused = (_("hand {hand} cannot be dealt: {why}").format(hand=ready.number, why=err.message)
                   if ready is not None else _("the next hand cannot be dealt: {why}").format(why=err.message))
        where = _("session {session}").format(session=session_id)
        if not empty:
            raise CannotDeal(refused, where=where, hint=err.hint) from None
        chips = buy_in or SUGGESTED_CHIPS
        # the hand format's words stay English: they are what the table prompt reads
        adds = _(" or ").join(f"'{name} adds {chips}'" for name in empty[:2])
        hint = ngettext(
            "let the night go on with {adds} (chips added between hands), or a newcomer sitting down "
            "({sits}); {leaves} if he is done; or count the night out: referee session close {session}",
            "let the night go on with {adds} (chips added between hands), or a newcomer sitting down "
            "({sits}); {leaves} if they are done; or count the night out: referee session close {session}",
            len(empty)).format(adds=adds, sits=f"'Eve sits down with {chips}'", leaves=f"'{empty[0]} leaves'",
                               session=session_id)
        raise CannotDeal(refused, where=where, hint=hint) from None


def begin_hand(store: Store, session_id: int, *, expected_seq: int | None = None,
               setup: Callable[[], HandSetup] | None = None) -> HandRecord:
    """Begin the night's next hand.

    Checks: the night's state takes a new hand (between hands: not closed, reopened or void, no hand
    in play); the hand can be dealt (two players with chips), else refused naming who could add chips
    or sit down; then begins it at ``expected_seq`` (default: the head this read saw).  ``setup`` is
    the caller's own setup of the hand to deal (the live table keeps the night's thread in memory);
    without it the setup is worked out from the log.  Nothing is written when refused."""
    if setup is None:
        night = view(store, session_id)
        check(night.state, Step.BEGIN_HAND, session_id)
        setup = _next_setup(store, night)
        if expected_seq is None:
            expected_seq = night.seq
    game = store.session(session_id)
    dealable(setup, session_id, buy_in=game.buy_in_default)
    return store.write(lambda tx: tx.start_hand(session_id, expected_seq=expected_seq))


def _next_setup(store: Store, night: NightView) -> Callable[[], HandSetup]:
    from referee.engine.night import NightHand
    from referee.handfile.replay import night_hands
    from referee.recording.kept_thread import threaded
    from referee.rulebook.loader import load_rules

    def work_out() -> HandSetup:
        hands = night_hands(night.log.night)
        thread = threaded(store, night.snapshot, night.log.night, hands)
        table = night.log.table
        hand = NightHand.from_header(load_rules(table.rulebook, table.options, texts=table.rulebook_texts), table.seats, len(hands) + 1,
                                     night.log.closing)
        return thread.setup_for(hand)

    return work_out


# ------------------------------------------------------------------ the table between hands


def seat_chips(name: str, chips: int, *, example: str) -> int:
    """A player sits down with chips: refused with none (a player seated with no chips could not play),
    at the start of the night as between hands; ``example`` is how to say it right."""
    if chips <= 0:
        raise InputError(_("{player} would sit down with no chips: a player seated with no chips could not play").format(
            player=name), hint=_("give the chips he buys, e.g. {example}").format(example=example))
    return chips


_STEP_OF = {ev.AddChips: Step.ADD_CHIPS, ev.SitDown: Step.SIT_DOWN, ev.Leave: Step.STAND_UP}


def night_event(store: Store, session_id: int, event: ev.NightEvent, *, expected_seq: int | None = None,
                state: NightState | None = None, request: Request | None = None) -> EventRecord:
    """Append a fact of the table between hands (chips added, a sit-down, a stand-up, a dealer, an
    option, a rulebook, a shuffle): it holds from the next hand to begin.

    Checks: a newcomer brings chips; the night's state takes it (``state``: the caller's own reading of
    it, the live table's; default: read now); the table's own checks (who is seated, the chips and the
    money bought in all within the bound) are the store's; the
    append is made at ``expected_seq`` (default: the head read now).  Chips added are taken between
    hands and during one, whoever has them.  ``request``: what the command asks (its identity: a re-run
    finds its own fact, :mod:`referee.store.requests`)."""
    try:
        return _night_event(store, session_id, event, expected_seq, state, request)
    except InputError:
        asked_again(store, session_id, request)
        raise


def _night_event(store: Store, session_id: int, event: ev.NightEvent, expected_seq: int | None,
                 state: NightState | None, request: Request | None) -> EventRecord:
    step = _STEP_OF.get(type(event), Step.ADD_CHIPS)
    if isinstance(event, ev.SitDown):
        seat_chips(event.player, event.stack, example=f"'{event.player} sits down with {SUGGESTED_CHIPS}'")
    if state is None:
        snap = store.log_snapshot(session_id)
        state = state_from(snap.session, snap, None)
        if expected_seq is None:
            expected_seq = snap.events[-1].seq if snap.events else 0
    check(state, step, session_id, why=store.session(session_id).void_reason if state is NightState.VOID else None)
    return store.append_event(session_id, None, event, expected_seq=expected_seq, request=request)


def add_chips(store: Store, session_id: int, name: str, chips: int, *, paid_cents: int | None = None,
              expected_seq: int | None = None, request: Request | None = None) -> EventRecord:
    """``NAME adds CHIPS`` between hands (:func:`night_event`): a seated player buys more chips."""
    return night_event(store, session_id, ev.AddChips(name, chips, paid_cents), expected_seq=expected_seq,
                       request=request)


def sit_down(store: Store, session_id: int, name: str, chips: int, *, after: str | None = None,
             paid_cents: int | None = None, expected_seq: int | None = None,
             request: Request | None = None) -> EventRecord:
    """``NAME sits down with CHIPS [after WHO]`` (:func:`night_event`): a newcomer, with chips (a player
    with none could not play)."""
    return night_event(store, session_id, ev.SitDown(name, chips, after, paid_cents), expected_seq=expected_seq,
                       request=request)


def stand_up(store: Store, session_id: int, name: str, *, expected_seq: int | None = None,
             request: Request | None = None) -> EventRecord:
    """``NAME leaves`` (:func:`night_event`): a player stands up from the next hand."""
    return night_event(store, session_id, ev.Leave(name), expected_seq=expected_seq, request=request)


# ------------------------------------------------------------------ the close


def _check_money(cents: int, what: str) -> None:
    """Refuse ``what`` when the money it is worth (``cents``) is past the money bound."""
    if abs(cents) > AMOUNT_LIMIT:
        raise InputError(_("{what} is worth {cents:,} cents, past the money bound of {limit:,}").format(
            what=what, cents=cents, limit=AMOUNT_LIMIT), hint=AMOUNT_HINT)


@dataclass(frozen=True)
class CountOut:
    """A close checked against the log at head ``seq``: each player's count beside what the log gives
    him, the counts that differ and need confirming, the cash-outs to record, and the hand in play
    ended by rule (``ended``: its number, rule and what it gives back)."""

    session_id: int
    seq: int
    counts: tuple[Count, ...]
    differ: tuple[Count, ...]
    cash_outs: tuple[tuple[str, int], ...]
    facts: tuple[ev.NightEvent, ...] = ()
    players: tuple[str, ...] = ()  # who may confirm: the players of the night
    ended: tuple[int, str, dict[str, int], int] | None = None  # hand, rule, given back, chips in the middle
    end_hand: str | None = None


def count_out(store: Store, session_id: int, counted: Sequence[tuple[str, int]], *,
              end_hand: str | None = None, by: str | None = None, request: Request | None = None) -> CountOut:
    """Check a close's counts against the log, writing nothing.

    Checks: the state takes a close (open or reopened; in a hand only with ``end_hand`` by the rule its
    rulebook names); each name is a player of the night, given once, counted for the first time (a
    count taken before a reopen stays, unless the same); every player due is counted; the money each
    count and all of them imply stays within the money bound.  The result is what :func:`close`
    records, at the head this read saw.  ``request``: the close's identity; refused because the night is
    closed by an earlier run of the same close, it says "already recorded" (AlreadyRecorded)."""
    try:
        return _count_out(store, session_id, counted, end_hand, by)
    except InputError:
        asked_again(store, session_id, request)
        raise


def _count_out(store: Store, session_id: int, counted: Sequence[tuple[str, int]], end_hand: str | None,
               by: str | None) -> CountOut:
    from referee.ledger.counting import chips_held, counts_at_close, end_hand_rule, end_hand_shares

    seen: set[str] = set()
    for name, _chips in counted:
        if name.casefold() in seen:
            raise InputError(_("{player} is cashed out twice").format(player=name), where="--cash-out",
                             hint=_("give each player once"))
        seen.add(name.casefold())
    check_step(store, session_id, Step.CLOSE, replay=False)  # a void or closed night: refused before any replay
    night = view(store, session_id)
    check(night.state, Step.CLOSE, session_id)
    table = night.log.table
    fresh: dict[str, int] = {}
    for typed, chips in counted:
        name = table.name(typed)
        if name is None:
            raise InputError(_("{name!r} did not play tonight: nothing to cash out").format(name=typed), where="--cash-out",
                             hint=_("players tonight: {players}").format(
                                 players=", ".join(table.known.values()) or _("nobody")))
        if name in table.cashed and name not in table.due:  # counted before the night was reopened
            if table.cashed[name] != chips:
                raise InputError(_("{player} was counted at {chips} before the night was reopened").format(
                    player=name, chips=table.cashed[name]), where="--cash-out",
                    hint=_("correct a count with: referee session amend {session} --count {player}:{chips} "
                           "--why \"…\", then close it again").format(session=session_id, player=name, chips=chips))
            continue  # the same count again: already in the log
        fresh[name] = chips
    cents = night.snapshot.session.chip_value_cents
    for name, chips in fresh.items():
        _check_money(chips * cents, _("{player}'s count of {chips:,} chips at {price} a chip").format(
            player=name, chips=chips, price=format_cents(cents)))
    _check_money(sum(fresh.values()) * cents, _("the counts in all at {price} a chip").format(price=format_cents(cents)))
    missing = [n for n in table.due if n not in fresh]
    if missing:
        raise InputError(ngettext("{players} has not cashed out", "{players} have not cashed out", len(missing)).format(
            players=", ".join(missing)),
                         where=_("session {session}").format(session=session_id),
                         hint=_("give every player's counted chips: {options}").format(
                             options=" ".join(f"--cash-out {n}:CHIPS" for n in missing)))
    facts: list[ev.NightEvent] = []
    given_back: dict[str, int] = {}
    ended = None
    hand = night.hand_in_play
    if hand is not None:
        number, middle = hand.entry.number, chips_held(hand)
        if end_hand is None:
            raise hand_not_over(hand, session_id)
        rule = end_hand_rule(hand, end_hand)
        given_back = end_hand_shares(hand, end_hand)
        facts.append(ev.HandEnded(number, end_hand, rule, " ".join((by or "").split())))  # type: ignore[arg-type]
        ended = (number, rule, given_back, middle)
    elif end_hand is not None:
        raise InputError(_("no hand is in play: there is no hand to end"), where="--end-hand",
                         hint=_("leave out --end-hand"))
    counts = counts_at_close(night.ledger, night.log, fresh, given_back)
    differ = tuple(c for c in counts if c.difference and c.confirmed_by is None)
    pairs = tuple((typed, chips) for typed, chips in counted if table.name(typed) in fresh)
    return CountOut(session_id, night.seq, tuple(counts), differ, pairs, tuple(facts),
                    tuple(table.known.values()), ended, end_hand)


def hand_not_over(hand: ReplayedHand, session_id: int, *, at_table: bool = False) -> InputError:
    """The refusal of a counting out while ``hand`` is not over (:func:`referee.ledger.counting.hand_in_play`):
    a hand under way, or a pot held until cards are shown, whose chips are nobody's yet; it names the
    hand, its chips and how to finish it.  ``at_table``: said at the table prompt's ``count``."""
    from referee.ledger.counting import chips_held

    outcome = hand.replay.outcome
    chips = plural(chips_held(hand), "chip", "chips")
    if outcome.kind == "in_progress" and at_table:
        return InputError(_("hand {hand} is still in play ({chips} in the middle): finish it before counting out").format(
            hand=hand.entry.number, chips=chips),
            hint=_("or end it by rule: referee session close {session} --end-hand return|split").format(session=session_id))
    if outcome.kind == "in_progress":
        return InputError(_("hand {hand} is still in play ({chips} in the middle)").format(
            hand=hand.entry.number, chips=chips), where=_("session {session}").format(session=session_id),
            hint=_("finish it at the table, or end it by rule: --end-hand return (house.90.1: "
                   "every player takes back what he put in) or --end-hand split (house.90.2)"))
    if at_table:
        return InputError(_("hand {hand} is not over: {outcome} ({chips} held, nobody's yet): show the cards it "
                            "waits for before counting out").format(hand=hand.entry.number, outcome=outcome.summary,
                                                                     chips=chips),
                          hint=_("or end it by rule: referee session close {session} --end-hand return|split").format(
                              session=session_id))
    return InputError(_("hand {hand} is not over: {outcome} ({chips} held, nobody's yet)").format(
        hand=hand.entry.number, outcome=outcome.summary, chips=chips), where=_("session {session}").format(session=session_id),
                      hint=_("show the cards it waits for at the table, or end it by rule: --end-hand return "
                             "(house.90.1: every player takes back what he put in) or --end-hand split (house.90.2)"))


def confirmer(out: CountOut, by: str | None) -> str:
    """Who confirms the counts that differ: a player of the night (any spelling of his name); refused,
    naming who may confirm, otherwise."""
    who = " ".join((by or "").split())
    players = ", ".join(out.players) or _("nobody")
    if not who:
        raise InputError(_("the counts that differ need who confirms them"),
                         hint=_("a player of the night confirms them: {players}").format(players=players))
    from referee.store.log import seat_key

    for name in out.players:
        if seat_key(name) == seat_key(who):
            return name
    raise InputError(_("{name!r} is not a player of session {session}: only a player of the night "
                       "confirms its counts").format(name=who, session=out.session_id),
                     hint=_("who may confirm: {players}").format(players=players))


@dataclass(frozen=True)
class Closed:
    """A close recorded: the counts confirmed and by whom."""

    count_out: CountOut
    confirmed: tuple[tuple[Count, str], ...] = field(default=())


def close(store: Store, out: CountOut, *, by: str | None = None, request: Request | None = None) -> Closed:
    """Record the close :func:`count_out` checked: the hand in play ended by rule, each count that
    differs confirmed by ``by`` (a player of the night: :func:`confirmer`), the cash-outs, the night
    closed; all in one transaction, at the head the count-out read.  If the log moved on since
    (another recorder appended), nothing is stored and StaleLogError says what came in between: count
    out again (:func:`count_out`) and show the counts again.  ``request``: the close's identity."""
    who = confirmer(out, by) if out.differ else ""
    facts: list[ev.NightEvent] = list(out.facts)
    if out.differ:
        facts += [ev.CountConfirmed(c.name, c.counted, c.log_says, who) for c in out.differ]
    with store.transaction(request) as tx:
        tx.check_head(out.session_id, out.seq, [(ev.CashOut(name, chips), None) for name, chips in out.cash_outs])
        if facts:
            tx.append_events(out.session_id, None, facts)
        tx.close_session(out.session_id, list(out.cash_outs))
    return Closed(out, tuple((c, who) for c in out.differ))


def close_night(store: Store, session_id: int, counted: Sequence[tuple[str, int]], *, by: str | None = None,
                end_hand: str | None = None, request: Request | None = None) -> Closed:
    """Count the night out and close it in one call (:func:`count_out`, then :func:`close`)."""
    out = count_out(store, session_id, counted, end_hand=end_hand, by=by, request=request)
    return close(store, out, by=by, request=request)


# ------------------------------------------------------------------ corrections


def reopen(store: Store, session_id: int, why: str, *, by: str = "", request: Request | None = None) -> GameSession:
    """Open a closed night again to correct it (``Reopened(why, by)``).  Checks: the night is closed
    (not open, reopened or void); a reason is given.  ``request``: the reopen's identity (a re-run of
    it says "already recorded")."""
    reason = " ".join(why.split())
    if not reason:
        raise InputError(_("a night is reopened for a reason"), where="--why",
                         hint=_('say why, e.g. --why "Dee\'s count was mistyped"'))
    try:
        check_step(store, session_id, Step.REOPEN)
    except InputError:
        asked_again(store, session_id, request)
        raise
    with store.transaction(request) as tx:
        return tx.reopen_session(session_id, reason, " ".join(by.split()))


@dataclass(frozen=True)
class Amendments:
    """What :func:`amend` is asked to correct: actions to void (hand, action number), counts to fix
    (name, chips) and rebuys the log missed (name, chips)."""

    voids: Sequence[tuple[int, int]] = ()
    counts: Sequence[tuple[str, int]] = ()
    rebuys: Sequence[tuple[str, int]] = ()


def amend(store: Store, session_id: int, why: str, asked: Amendments, *,
          request: Request | None = None) -> list[str]:
    """Correct a night, append-only: each correction is its event followed by an ``Amendment`` saying it
    with the reason; all of them or none, checked and written under the session's lock (one atomic
    step).  Returns what each one did.

    Checks: the state takes an amendment (open, in a hand or reopened: not closed or void); a reason;
    a void names an action of the log that is not itself a correction and is not void already (by
    ``undo`` or an earlier amendment: the refusal names it); a count names a player of the night once
    and its money stays within the money bound; a rebuy is of more than no chips, for a player of the
    night, within the money bound.  ``request``: the amendment's identity (a re-run of it after a lost
    reply says "already recorded" and stores nothing)."""
    from referee.recording.session_log import read_session_log

    reason = " ".join(why.split())
    if not reason:
        raise InputError(_("a correction has a reason"), where="--why", hint=_('say why, e.g. --why "Bob\'s rebuy was missed"'))
    if not (asked.voids or asked.counts or asked.rebuys):
        raise InputError(_("nothing to correct"), where=_("session {session}").format(session=session_id),
                         hint=_("give --void HAND:ACTION, --count NAME:CHIPS or --rebuy NAME:CHIPS"))
    said: list[str] = []
    with store.transaction(request) as tx:
        tx.lock(session_id)  # what it checks below is what it writes at: nobody appends in between
        snap = tx.log_snapshot(session_id)
        state = state_from(snap.session, snap, None)
        check(state, Step.AMEND, session_id, why=snap.session.void_reason if state is NightState.VOID else None)
        planned = _corrections(snap, read_session_log(snap).table, reason, asked)
        for hand_number, event, what in planned:
            tx.append_events(session_id, hand_number, [event])
            if what:
                said.append(what)
    return said


def _corrections(snap: LogSnapshot, table: TableState, reason: str,
                 asked: Amendments) -> list[tuple[int | None, ev.Event, str]]:
    """The events that make the corrections ``asked`` (each followed by its Amendment), checked."""
    from referee.store.chain import what_it_says

    session_id = snap.session.id
    cents = snap.session.chip_value_cents
    planned: list[tuple[int | None, ev.Event, str]] = []
    voiding: dict[tuple[int, int], str] = {}
    for hand, action in asked.voids:
        where = f"--void {hand}:{action}"
        hint = _("write HAND:ACTION, the action's number in its hand (`referee replay --session ID --hand N` shows them)")
        rows = [r for r in snap.events if r.hand_number == hand]
        if not rows:
            raise InputError(_("session {session} has no hand {hand}").format(session=session_id, hand=hand),
                             where=where, hint=hint)
        if not 1 <= action <= len(rows):
            raise InputError(ngettext("hand {hand} has {count} action, not {action}",
                                      "hand {hand} has {count} actions, not {action}", len(rows)).format(
                hand=hand, count=len(rows), action=action), where=where, hint=hint)
        target = rows[action - 1]
        if target.kind == "Void":
            raise InputError(_("action {action} of hand {hand} is itself a correction ({what})").format(
                action=action, hand=hand, what=what_it_says(target)),
                where=where, hint=_("void the action it voided instead, or leave it"))
        earlier = next((n for n, r in enumerate(rows, 1) if r.kind == "Void"
                        and isinstance(r.payload, dict) and r.payload.get("action") == action), None)
        if earlier is not None:
            raise InputError(_("action {action} of hand {hand} ({what}) is void already: action {earlier} of hand "
                               "{hand} voided it ({void})").format(action=action, hand=hand, what=what_it_says(target),
                                                                   earlier=earlier, void=what_it_says(rows[earlier - 1])),
                             where=where, hint=_("leave it: the replay already plays the hand without it"))
        if (hand, action) in voiding:
            raise InputError(_("action {action} of hand {hand} is voided twice").format(action=action, hand=hand),
                             where=where, hint=_("give it once"))
        what = said_later("hand {hand}, action {action} void ({what})", hand=hand, action=action,
                          what=what_it_says(target))
        voiding[(hand, action)] = what
        # the log keeps an amendment's words in English; the one who amends is told them in his language
        planned += [(hand, ev.Void(action, reason), what), (None, ev.Amendment(what.english, reason), "")]
    fixed: dict[str, int] = {}
    for typed, chips in asked.counts:
        name = table.name(typed) or typed  # one who has not cashed out: the store's check says so
        if name in fixed:
            raise InputError(_("{player}'s count is given twice ({first} and {second})").format(
                player=name, first=fixed[name], second=chips), where="--count",
                hint=_("give {player}'s right count once").format(player=name))
        _check_money(chips * cents, _("{player}'s count of {chips:,} chips at {price} a chip").format(
            player=name, chips=chips, price=format_cents(cents)))
        fixed[name] = chips
        what = said_later("{player}'s count corrected from {old} to {new}", player=name, old=table.cashed.get(name),
                          new=chips)
        planned += [(None, ev.CountFixed(typed, chips), what), (None, ev.Amendment(what.english, reason), "")]
    for typed, chips in asked.rebuys:
        where = f"--rebuy {typed}:{chips}"
        if chips <= 0:
            raise InputError(_("a rebuy of {chips}").format(chips=plural(chips, "chip", "chips")), where=where,
                             hint=_("give the chips he bought, more than none"))
        name = table.name(typed)
        if name is None:
            raise InputError(_("{name!r} did not play in session {session}").format(name=typed, session=session_id),
                             where=where, hint=_("players of the night: {players}").format(
                                 players=", ".join(table.known.values()) or _("nobody")))
        _check_money(chips * cents, _("a rebuy of {chips:,} chips at {price} a chip").format(
            chips=chips, price=format_cents(cents)))
        what = said_plural(chips, "{player}'s missed rebuy of {count} chip added",
                           "{player}'s missed rebuy of {count} chips added", player=name)
        planned += [(None, ev.AddChips(name, chips), what), (None, ev.Amendment(what.english, reason), "")]
    return planned


def void(store: Store, session_id: int, why: str) -> GameSession:
    """Void a night: a ``Voided`` event appended to its log; kept, counted nowhere; every later step
    but an unvoid is refused.  Checks: a reason; not void already (voided already for the same
    reason, it is a re-run: AlreadyRecorded).  Works on any night, even one whose log no longer replays."""
    from referee.errors import AlreadyRecorded

    game = store.session(session_id)
    reason = " ".join(why.split()) if isinstance(why, str) else why
    if game.void_reason is not None and reason == game.void_reason:
        raise AlreadyRecorded(session_id, (f"void: {reason}",), 1, 0)
    with store.transaction() as tx:
        return tx.void_session(session_id, why)


def unvoid(store: Store, session_id: int, why: str) -> GameSession:
    """Undo a night's void: an ``Unvoided`` event appended to its log; it counts again and goes on
    from the state its log gives.  Checks: the night is void (undone already for the same reason, it
    is a re-run: AlreadyRecorded); a reason."""
    from referee.errors import AlreadyRecorded

    snap = store.log_snapshot(session_id)
    reason = " ".join(why.split()) if isinstance(why, str) else why
    if snap.session.void_reason is None and snap.events and snap.events[-1].kind == "Unvoided" \
            and snap.events[-1].payload.get("why") == reason:
        raise AlreadyRecorded(session_id, (f"void undone: {reason}",), snap.events[-1].seq, snap.events[-1].seq)
    check(state_from(snap.session, snap, None), Step.UNVOID, session_id)
    with store.transaction() as tx:
        return tx.unvoid_session(session_id, why)


def steps_named(state: NightState, session_id: int) -> dict[Step, str | None]:
    """Every step with what ``state`` says of it: None (taken) or what to do instead."""
    from referee.night.states import instead

    return {step: instead(state, step, session_id) for step in Step}


def supply_rulebook(store: Store, session_id: int, file_name: str, text: str) -> tuple[str, list[ev.RulebookText]]:
    """Record ``text`` as the house rulebook night ``session_id`` names and whose file is gone (a night
    stored before the log held its rulebook): the one gone file it names, or the one of them called
    ``file_name``.  Refused when nothing is missing or the file name does not tell which.  The rulebook
    it was recorded as, and the rulebook texts recorded."""
    with store.transaction() as tx:
        missing = [ref for ref in tx.unrecorded_rulebooks(session_id) if is_rulebook_path(ref)]
        if not missing:
            raise InputError(_("session {session} holds the text of every rulebook it names: nothing to record").format(
                session=session_id), hint=_("`referee session show {session}` lists them").format(session=session_id))
        named = [ref for ref in missing if PurePath(ref).name == file_name]
        if len(missing) > 1 and len(named) != 1:
            raise InputError(_("session {session} names several house rulebooks that are gone: {files}").format(
                session=session_id, files=", ".join(missing)), where="--file",
                hint=_("give each under its own file name, one at a time"))
        ref = missing[0] if len(missing) == 1 else named[0]
        return ref, tx.record_rulebooks(session_id, supplied=((ref, text),))


# ------------------------------------------------------------------ the night's money: settings and payments


def record_money(store: Store, game: GameSession, settings: Sequence[tuple[str, str]], paid: Sequence[str],
                 options: dict[str, object], *, request: Request | None = None,
                 again: bool = False) -> tuple[SessionLedger, list[Transfer]]:
    """Record night ``game``'s money settings, then the payments ``paid`` names (``2@7f3a9c``,
    ``Bob:Ann:12.50``: :func:`referee.ledger.payments.resolve_payment`), checked against the night as
    the session's lock holds it: a night that is void, does not replay or lacks a setting takes
    nothing, and a payment named twice, paid already (unless ``again``), or more than is owed is
    refused (:func:`referee.ledger.payments.check_payments`).  ``options``: how the night settles
    (``method``, ``banker``, ``prefer``, ``forbid``).  The ledger with them, and the payments recorded.
    ``request``: the command's identity (its fact stored already: AlreadyRecorded)."""
    # the ledger only here: a line at the table ('act') loads none of it
    from referee.ledger.ledger import session_ledger
    from referee.ledger.payments import check_payments, resolve_payment
    from referee.ledger.standings import replaying

    session_id = game.id
    assert session_id is not None
    with store.transaction(request) as tx:
        tx.lock(session_id)  # this command's own fact, stored already, is found here (AlreadyRecorded)
        if settings:  # recorded only if the night, with them, replays and adds up (a banker for a policy that needs one)
            tx.append_events(session_id, None, [ev.LedgerSetting(name, value) for name, value in settings])
        with replaying(game):
            ledger, _, _ = session_ledger(store, session_id, tx.log_snapshot(session_id))
        if not paid:
            return ledger, []
        current = ledger.settle(**options)
        payments = [(f"--paid {text}", resolve_payment(text, current, ledger)) for text in paid]
        check_payments(current, payments, again=again, money=ledger.money, session_id=session_id)
        transfers = [t for _, t in payments]
        ledger.settle(**options, paid=(*ledger.payments, *transfers))  # the night still settles with them
        tx.append_events(session_id, None, [ev.TransferPaid(t.payer, t.payee, t.cents) for t in transfers])
        return replace(ledger, payments=(*ledger.payments, *transfers)), transfers


__all__ = [
    "Amendments",
    "CannotDeal",
    "Closed",
    "CountOut",
    "NightView",
    "add_chips",
    "amend",
    "begin_hand",
    "check_step",
    "close",
    "close_night",
    "confirmer",
    "count_out",
    "dealable",
    "hand_not_over",
    "hand_over",
    "night_event",
    "not_void",
    "record_money",
    "reopen",
    "seat_chips",
    "sit_down",
    "stand_up",
    "state_from",
    "state_of",
    "steps_named",
    "supply_rulebook",
    "unvoid",
    "view",
    "void",
]
