"""Events in the scorekeeper's words: a night event as the hand format says it (where it has words
for it), and any event as a line of the hand format.  The session log, the store's messages and the
reports all say an event this one way."""

from __future__ import annotations

from referee.engine.events import (
    CLOSING_EVENTS,
    MONEY_EVENTS,
    Amendment,
    CountConfirmed,
    CountFixed,
    HandEnded,
    Closed,
    Reopened,
    Unvoided,
    Voided,
    AddChips,
    CashOut,
    ChangeOption,
    ChangeRulebook,
    Event,
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
from referee.handfile.writer import EventWriter, write_so_far
from referee.money import format_cents


def night_words(event: NightEvent) -> str:
    """A night event in the scorekeeper's words (the hand format's where it has them)."""
    paying = ""
    if isinstance(event, (SitDown, AddChips)) and event.paid_cents is not None:
        paying = f", paying {format_cents(event.paid_cents)}"
    match event:
        case SitDown():
            return f"{event.player} sits down with {event.stack}" + (f" after {event.after}" if event.after else "") + paying
        case AddChips():
            return f"{event.player} adds {event.amount}{paying}"
        case Leave():
            return f"{event.player} leaves"
        case MoveSeat():
            return f"{event.player} moves " + (f"after {event.after}" if event.after else "to the last seat")
        case SetDealer():
            return f"dealer: {event.player}" if event.player is not None else "dealer: not known"
        case ChangeRulebook():
            return f"rulebook: {event.rulebook}"
        case ChangeOption():
            return f"option {event.name} = {event.value}"
        case RulebookText():
            count = len(event.files)
            return f"rulebook {event.rulebook} recorded ({count} file{'s' if count != 1 else ''}, referee {event.version})"
        case CashOut():
            return f"{event.player} cashes out {event.chips}"
        case Shuffle():
            return "shuffled"
        case GameSoFar():
            return write_so_far(event)
        case Ruling():
            by = "the table decided" if event.decided_by == "table" else "ruled from the log"
            return f"ruling on hand {event.hand}, action {event.action} ({by}): {event.ruling}"
        case LedgerSetting():
            return f"ledger {event.name} = {event.value}"
        case TransferPaid():
            return f"{event.payer} paid {event.payee} {format_cents(event.cents)}"
        case WhiskyBill():
            return f"the whisky: {format_cents(event.cents)}, paid by {event.paid_by}"
        case CountConfirmed():
            return (f"{event.player}'s count of {event.counted} confirmed by {event.by} "
                    f"(the log says {event.log_says})")
        case HandEnded():
            ended = "the pot returned" if event.how == "return" else "the pot split"
            return f"hand {event.hand} ended at the close: {ended} ({event.rule})" + (f", said by {event.by}"
                                                                                    if event.by else "")
        case Closed():
            return f"closed at {event.at}"
        case Reopened():
            return f"reopened: {event.why}" + (f" ({event.by})" if event.by else "")
        case Amendment():
            return f"amended: {event.what}, because {event.why}"
        case Voided():
            return f"void: {event.why}"
        case Unvoided():
            return f"void undone: {event.why}"
        case CountFixed():
            return f"{event.player}'s count corrected to {event.chips}"
    raise AssertionError(f"no words for night event {event!r}")


def event_words(event: Event) -> str:
    """Any event in the scorekeeper's words: ``Bob: raises to 4``, ``Eve sits down with 50``."""
    if isinstance(event, NightEvent):
        return night_words(event)

    return EventWriter("").line(event)


def in_hand_format(event: NightEvent) -> bool:
    """Whether a hand file can say it (it has no seat moves, cash-outs or money paid)."""
    if isinstance(event, (MoveSeat, CashOut, Ruling, *MONEY_EVENTS, *CLOSING_EVENTS)):
        return False
    return not (isinstance(event, (SitDown, AddChips)) and event.paid_cents is not None)


__all__ = ["event_words", "in_hand_format", "night_words"]
