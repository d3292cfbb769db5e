"""What a scoreboard page shows of a session, as plain JSON data, and only what the table has seen.

The view is built from the store alone: the night is replayed from its log (the report's reading:
standings, the chips chart, findings, rulings, the settlement once the night is closed) and the
current hand is walked once more for whose turn it is and which of its cards are public.

Privacy is enforced where the text is made: every string of a hand (its actions in the hand
format's words, its findings, its rulings, its result) has each card the table has not seen at
that moment written as ``??`` (:func:`redact`).  A logged deal, a draw's cards, a folded or covered
hand never leave the server; the sections about the night (standings, chart, settlement) hold no
card at all.
"""

from __future__ import annotations

import re
from functools import lru_cache
from collections.abc import Iterable, Mapping
from typing import Any

from referee.cards import Card, parse_card
from referee.engine import events as ev
from referee.engine.games import game_title
from referee.engine.public import public_cards
from referee.engine.replay import play
from referee.errors import RefereeError
from referee.handfile.writer import EventWriter
from referee.ledger.ledger import session_ledger
from referee.recording.live_table import LiveTable
from referee.report.chart import chips_chart
from referee.report.document import night_report
from referee.report.json_doc import rule_text

#: a card as any text of the engine writes it: ``Ts``, ``10d``, ``Q♥``, ``Jk1``
_CARD = re.compile(r"(?<![\w?])(?:10|[2-9TJQKA])[cdhs♣♦♥♠](?!\w)|(?<!\w)Jk[12](?!\w)")


@lru_cache(maxsize=1 << 14)
def redact(text: str, public: frozenset[Card]) -> str:
    """``text`` with every card not in ``public`` written as ``??`` (remembered: a running scoreboard
    writes the same findings of a long night's hands at every change)."""

    def hide(m: re.Match[str]) -> str:
        try:
            card = parse_card(m.group(0))
        except RefereeError:
            return m.group(0)
        return m.group(0) if card in public else "??"

    return _CARD.sub(hide, text)


def _scrub(value: Any, public: frozenset[Card]) -> Any:
    """Every string inside ``value`` redacted (lists and dicts walked)."""
    if isinstance(value, str):
        return redact(value, public)
    if isinstance(value, dict):
        return {k: _scrub(v, public) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_scrub(v, public) for v in value]
    return value


def _cards_text(cards: Iterable[Card]) -> str:
    return " ".join(c.text for c in cards)


def _finding(f: Any, book: Any, rule_text: Any) -> dict[str, Any]:
    return {"action": f.about or f.action, "severity": f.severity, "code": f.code, "player": f.player,
            "rule": f.rule, "message": f.message, "remedy": f.remedy,
            "rule_text": rule_text(book, f.rule) if f.rule else None}


def _last_hand(store: Any, session_id: int, replayed: Any, recording: bool) -> tuple[Any, tuple[ev.Event, ...], int, Any] | None:
    """The hand the table is at: ``(setup, events, number, findings)``.  While the night is recorded it
    is the live table's (a hand just begun, no action yet, included); once closed, the last replayed."""
    if recording:
        table = LiveTable(store, session_id)
        if table.state is None or table.hand is None:
            return None
        return table.setup, tuple(table.state.log), table.hand.number, tuple(table.state.findings)
    if not len(replayed):
        return None
    hand = replayed[-1]
    return hand.replay.setup, hand.entry.events, hand.entry.number, hand.replay.findings


def _current_hand(last: tuple[Any, tuple[ev.Event, ...], int, Any] | None, rule_text: Any) -> dict[str, Any] | None:
    """The hand the table is at, as the table sees it: game, dealer, pot, whose turn, its actions."""
    if last is None:
        return None
    setup, events, number, findings = last
    book = setup.rulebook
    state = play(setup, events)
    seen = public_cards(setup, events)
    public = seen[-1] if seen else frozenset()
    prompt = state.prompt()
    outcome = state.outcome()
    writer = EventWriter(book.game)
    voided = {e.action for e in events if isinstance(e, ev.Void)}
    by_action: dict[int, list[dict[str, Any]]] = {}
    for f in findings:
        where = f.about or f.action
        if where is not None:
            by_action.setdefault(where, []).append(_finding(f, book, rule_text))
    actions = []
    for n, event in enumerate(events, 1):
        flagged = by_action.get(n, [])
        actions.append({
            "n": n,
            "words": redact(writer.line(event), seen[n - 1]),  # as public as it was when logged
            "voided": n in voided,
            "illegal": any(f["severity"] == "error" for f in flagged),
            "findings": flagged,
        })
    shown: dict[str, set[Card]] = {}
    for place, held in state.places.cards.items():
        if isinstance(place, int):
            cards = {c for c in held if isinstance(c, Card) and c in public}
            if cards:
                shown.setdefault(state.names[place], set()).update(cards)
    for event in events:
        if isinstance(event, ev.Show):
            shown.setdefault(event.player, set()).update(c for c in event.cards if isinstance(c, Card) and c in public)
    table_cards = [c for place, held in state.places.cards.items() if not isinstance(place, int)
                   for c in held if isinstance(c, Card) and c in public and not str(place).startswith("kept:")]
    finished = prompt.to_act is None and outcome.kind != "in_progress" and not outcome.undecided and bool(events)
    view = {
        "number": number,
        "game": game_title(book.game),
        "dealer": setup.dealer,
        "pot": state.middle(),
        "to_act": prompt.to_act,
        "legal": list(prompt.legal),
        "over": outcome.summary if finished else None,
        "waiting": outcome.summary if not finished and prompt.to_act is None and events else None,
        "stacks": [{"name": n, "chips": s} for n, s in zip(state.names, state.stacks)],
        "shown": [{"name": n, "cards": _cards_text(sorted(c, key=lambda c: (-c.rank, c.suit)))}
                  for n, c in shown.items() if c],
        "table_cards": _cards_text(table_cards),
        "actions": actions,
    }
    return _scrub(view, public)


def _chip_standings(standings: Iterable[Any]) -> list[dict[str, Any]]:
    """While the night is played: each player's chips won or lost so far, best first (money comes
    once the night is counted out and closed)."""
    ranked = sorted(standings, key=lambda s: (-(s.counted - s.bought), s.name.casefold()))
    out: list[dict[str, Any]] = []
    for index, s in enumerate(ranked):
        won = s.counted - s.bought
        rank = out[-1]["rank"] if out and out[-1]["cents"] == won else index + 1
        out.append({"rank": rank, "name": s.name, "bought": s.bought, "counted": s.counted,
                    "balance": f"{won:+d}".replace("-", "−") if won else "0", "cents": won})
    return out


def session_view(store: Any, session_id: int) -> dict[str, Any]:
    """Everything a scoreboard page shows of session ``session_id`` now (plain data for JSON), read
    and replayed whole (a running scoreboard updates it from what is appended: :mod:`.feed`)."""
    snapshot = store.log_snapshot(session_id)  # the log read once: the head and the night agree
    ledger, log, replayed = session_ledger(store, session_id, snapshot)
    last = _last_hand(store, session_id, replayed, snapshot.session.status == "open")
    last_public = {h.entry.number: (public_cards(h.replay.setup, h.entry.events) or [frozenset()])[-1]
                   for h in replayed}
    return night_view(session_id, snapshot.events[-1].seq if snapshot.events else 0, ledger, log, replayed,
                      last, last_public)


def night_view(session_id: int, head: int, ledger: Any, log: Any, replayed: Any,
               last: tuple[Any, tuple[ev.Event, ...], int, Any] | None,
               last_public: Mapping[int, frozenset[Card]]) -> dict[str, Any]:
    """The page's data from the night read through event ``head``: its ledger, log and replay, the
    hand the table is at (``(setup, events, number, findings)``) and the cards public at the end of
    each replayed hand (by number)."""
    report = night_report(ledger, log, replayed, ledger.settle())

    def hand_scrub(number: int, value: Any) -> Any:
        return _scrub(value, last_public.get(number, frozenset()))

    money = report.ledger.money
    report_standings = [{"rank": s.rank, "name": s.name, "bought": s.bought, "counted": s.counted,
                         "balance": s.balance, "cents": s.balance_cents} for s in report.standings]
    closed = report.status != "open"
    settlement = None
    if closed:
        transfers = [{"payer": t.payer, "payee": t.payee, "amount": money(t.cents)} for t in report.settlement.transfers]
        paid = [{"payer": t.payer, "payee": t.payee, "amount": money(t.cents)} for t in report.settlement.paid]
        settlement = {"transfers": transfers, "paid": paid,
                      "players": [{"name": s.name, "balance": s.balance,
                                   "pays": [t for t in transfers if t["payer"] == s.name],
                                   "gets": [t for t in transfers if t["payee"] == s.name]}
                                  for s in report.standings]}
    return {
        "session": session_id,
        "head": head,
        "table": report.table,
        "status": report.status,
        "games": list(report.games),
        "chip_value": report.chip_value,
        "hand": _current_hand(last, rule_text),
        "hands_played": len(replayed),
        # while the night is played a player's result is the chips he won or lost so far; once closed, money
        "standings": report_standings if closed else _chip_standings(report.standings),
        "chart": chips_chart(report.chips) if report.chips else None,
        "findings": [hand_scrub(f.hand, {"hand": f.hand, "action": f.action, "severity": f.severity,
                                         "rule": f.rule, "message": f.message, "remedy": f.remedy,
                                         "rule_text": f.rule_text}) for f in report.findings],
        "rulings": [hand_scrub(r.hand, {"hand": r.hand, "action": r.action, "question": r.question,
                                        "ruling": r.ruling, "rule": r.rule, "rule_text": r.rule_text,
                                        "decided_by": r.decided_by}) for r in report.rulings],
        "settlement": settlement,
    }


__all__ = ["night_view", "redact", "session_view"]
