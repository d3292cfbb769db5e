"""The JSON form of each thing referee writes out, one function per thing, documented in ``docs/json.md``.

A hand (:func:`hand_json`), the table after an event (:func:`table_json`), a session's header
(:func:`session_json`), its hash chain (:func:`chain_json`), a transfer (:func:`transfer_json`), a
settlement (:func:`settlement_json`), a finding (:func:`finding_json`), a rulebook (:func:`rulebook_json`),
and the documents made of them:
a replayed night (:func:`night_json`, schema ``referee.replay/2``; ``--json`` of ``replay``), a
session log (``export --json``, :func:`referee.recording.session_log.log_document`), ``session show
--json``, ``settle --json``, the kept results and the players' page.  Each form is built field by
field from the engine's and the ledger's records (never by dumping them), so its shape changes only
on purpose; nested values go through the one plain-data conversion, :func:`referee.plain_data.plain`.

A JSON Schema of the replay document ships with the package: :func:`schema_path`
(``referee/schemas/replay-2.schema.json``); the schema of the first version, ``referee.replay/1``,
ships beside it for documents written by referee 0.1 (:func:`schema_path` with ``version=1``).  A
change that could break a reader (a field renamed, removed or retyped) or a new field bumps the
version; the games' own ``facts`` and carry objects may gain keys within it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee import __version__
from referee.engine.events import NightEvent, Ruling, SitDown
from referee.engine.games import find_game
from referee.errors import RefereeError
from referee.i18n import N_, _
from referee.handfile.model import Night
from referee.handfile.rulings import in_force, of_hand
from referee.handfile.words import night_words
from referee.handfile.writer import EventWriter, write_so_far
from referee.plain_data import plain
from referee.store.codec import event_fields

if TYPE_CHECKING:
    from referee.engine.findings import Finding
    from referee.engine.outcome import Penalty, PotResult
    from referee.engine.state import Snapshot
    from referee.handfile.replay import ReplayedHand, ReplayedNight
    from referee.ledger.ledger import SessionLedger
    from referee.ledger.paying import PayWay
    from referee.ledger.settlement import Settlement, Transfer
    from referee.rulebook import Rulebook
    from referee.store.chain import ChainReport
    from referee.store.models import GameSession

SCHEMA = "referee.replay/2"


def schema_path(version: int = 2) -> Path:
    """The JSON Schema file of ``referee.replay/<version>``, shipped inside the package."""
    return Path(__file__).resolve().parent.parent / "schemas" / f"replay-{version}.schema.json"


def rule_text(rulebook: "Rulebook", rule_id: str | None) -> str | None:
    """The text of a cited rule for the options in force, or None if the rulebook has no such rule."""
    if rule_id is None or not rulebook.has_rule(rule_id):
        return None
    try:
        return rulebook.rule_text(rule_id)
    except RefereeError:
        return None


#: how each destination of a penalty reads in words (the terminal, a ruling), translated where shown
DESTINATION_WORDS = {"antes_next_deal": N_("{payer} pays {amount} as antes for everybody next deal"),
                     "pool": N_("{payer} pays {amount} into the pool"), "pot": N_("{payer} pays {amount} into the pot")}


def penalty_words(penalty: "Penalty") -> str:
    """``Bob pays 1 to Ann``, ``Cy pays 5 into the pot``, ``Dee pays 3 as antes for everybody next deal``,
    in the interface's language (the terminal, a ruling; the JSON document has its own fields)."""
    where = penalty.destination  # the game that imposed it says where its chips went
    said = _("{payer} pays {amount} to {payee}") if where == "player" else _(DESTINATION_WORDS[where])
    return said.format(payer=penalty.payer, amount=penalty.amount, payee=penalty.payee)


def finding_json(finding: "Finding", rulebook: "Rulebook | None" = None,
                 line_of: Callable[[int | None], int | None] | None = None) -> dict[str, Any]:
    """A finding: its code, what it is, where it was established and what it is about (with their
    lines in the hand file, through ``line_of``), the player, the rule cited and its text (from
    ``rulebook``), what happened and the remedy applied."""
    def line(action: int | None) -> int | None:
        return line_of(action) if line_of is not None else None

    return {
        "code": finding.code,
        "kind": finding.kind,
        "severity": finding.severity,
        "action": finding.action,
        "line": line(finding.action),
        "about": finding.about,
        "about_line": line(finding.about),
        "player": finding.player,
        "rule": finding.rule,
        "rule_text": rule_text(rulebook, finding.rule) if rulebook is not None else None,
        "message": finding.message,
        "remedy": finding.remedy,
    }


def table_json(state: "Snapshot") -> dict[str, Any]:
    """The table after an event: its action number, the phase, whose turn it is, every chip in the
    middle, each player's stack (in seating order) and who is still in the hand."""
    return {
        "action": state.action,
        "phase": state.phase,
        "to_act": state.to_act,
        "pot": state.pot,
        "stacks": dict(zip(state.names, state.stacks)),
        "in_hand": list(state.in_hand),
    }


def pot_json(pot: "PotResult") -> dict[str, Any]:
    """A pot of a hand: its chips, who could win it, who did and what each got."""
    return {
        "amount": pot.amount,
        "eligible": list(pot.eligible),
        "winners": list(pot.winners),
        "shares": dict(pot.shares),
        "decided": pot.decided,
        "left_over": pot.left_over,
        "rule": pot.rule,
        "hand": pot.hand,
    }


def penalty_json(penalty: "Penalty") -> dict[str, Any]:
    """Chips paid because of a ruling, and where they went."""
    return {"payer": penalty.payer, "payee": penalty.payee, "amount": penalty.amount, "rule": penalty.rule,
            "to": penalty.destination}


def _kind(event: NightEvent) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", type(event).__name__).lower()  # SitDown -> sit_down


def change_json(change: NightEvent) -> dict[str, Any]:
    """A seat change of a hand's header, or a session's night event between hands: its kind and its
    fields in the event's one JSON form (:func:`referee.store.codec.event_fields`)."""
    return {"kind": _kind(change), **event_fields(change)}


def ruling_json(ruling: Ruling) -> dict[str, Any]:
    return event_fields(ruling)


def timeline_json(hand: "ReplayedHand") -> list[dict[str, Any]]:
    """Each action of the hand in the log's words, with the table after it (:func:`table_json`)."""
    replay = hand.replay
    writer = EventWriter(replay.setup.rulebook.game)
    logged = len(hand.entry.events)
    codes: dict[int, list[str]] = {}
    for f in replay.findings:
        if f.action is not None:
            codes.setdefault(f.action, []).append(f.code)
    out = []
    for event, state in zip(replay.events, replay.states, strict=True):
        text = night_words(event) if isinstance(event, NightEvent) else writer.line(event)
        out.append({
            "action": state.action,
            "line": event.line,
            "text": text,
            "from_ruling": state.action > logged,
            **table_json(state),
            "codes": codes.get(state.action, []),
        })
    return out


def hand_json(hand: "ReplayedHand", rulings: Sequence[Ruling] = ()) -> dict[str, Any]:
    """One hand: what was played, under which rules, how it ended, and every finding."""
    replay, entry = hand.replay, hand.entry
    setup, outcome = replay.setup, replay.outcome
    book = setup.rulebook
    game = book.game
    carry_in = find_game(game).carry_type.adopt(setup.carry_in)
    return {
        "number": entry.number,
        "line": entry.line,
        "game": game,
        "rulebook": {"name": book.name, "title": book.title, "source": book.source},
        "options": dict(book.options),
        "option_overrides": dict(entry.options),
        "dealer": setup.dealer,
        "dealer_known": setup.dealer_known,
        "shuffled": setup.shuffled,
        "seats": list(setup.names),
        "changes": [change_json(c) for c in entry.changes],
        "actions": len(entry.events),
        "ruled_actions": len(replay.events) - len(entry.events),
        "result": {"kind": outcome.kind, "summary": outcome.summary, "decided": outcome.decided},
        "stacks_before": {s.name: s.stack for s in setup.seats},
        "stacks_after": dict(outcome.stacks),
        "net": dict(outcome.net),
        "carried_in": plain(carry_in.to_dict()),
        "pots": [pot_json(pot) for pot in outcome.pots],
        "carried_pot": outcome.carried,
        "undecided": outcome.undecided,
        "in_middle": outcome.in_middle,
        "penalties": [penalty_json(p) for p in outcome.penalties],
        "facts": plain(outcome.facts),
        "carry": plain(outcome.next_hand.carry.to_dict()),
        "findings": [finding_json(f, hand.rulebook, hand.line_of) for f in replay.findings],
        "next_dealer": outcome.next_hand.dealer,
        "next_hand": {
            "dealer": outcome.next_hand.dealer,
            "same_dealer": outcome.next_hand.same_dealer,
            "obligations": list(outcome.next_hand.obligations),
        },
        "showdown_order": list(outcome.showdown_order),
        "rulings": [ruling_json(r) for r in of_hand(rulings, entry.number)],
        "timeline": timeline_json(hand),
    }


def night_json(night: Night, replayed: "ReplayedNight", *, opening: Iterable[SitDown] = (),
               closing: Iterable[NightEvent] = ()) -> dict[str, Any]:
    """The whole document for ``referee replay --json``.  ``opening``: a session's opening sit-downs
    (for the money paid); ``closing``: its night events after the last hand (cash-outs)."""
    hands = replayed.hands
    paid = {s.player: s.paid_cents for s in opening}
    result = replayed.result
    return {
        "schema": SCHEMA,
        "generator": f"referee {__version__}",
        "source": night.source,
        "night": {
            "rulebook": night.rulebook,
            "game": night.game,
            "option_overrides": dict(night.options),
            "seats": [{"name": s.name, "stack": s.stack, "paid_cents": paid.get(s.name)} for s in night.seats],
            "dealer": night.dealer,
            "so_far": write_so_far(night.so_far) if night.so_far is not None else None,
        },
        "hands": [hand_json(h, night.rulings) for h in hands],
        "closing": [change_json(c) for c in closing if not isinstance(c, Ruling)],
        "final_stacks": dict(result.stacks),
        "seated_at_end": list(result.seated),
        "findings_total": sum(len(h.replay.findings) for h in hands),
        "errors_total": sum(len(h.replay.illegal) for h in hands),
        "winner": result.winner,
        "night_facts": plain(result.facts),
        "rulings": [ruling_json(r) for r in in_force(night.rulings)],
    }


def rulebook_json(book: "Rulebook") -> dict[str, Any]:
    """A rulebook: its name, game, title, source file and the rulebook it extends, every option's
    value, every rule's text as in force, each option's rule text for its value, and the quotes of
    the rules (and options, for their value) that have them: their source's own words."""
    return {
        "name": book.name,
        "game": book.game,
        "title": book.title,
        "source": book.source,
        "extends": book.extends,
        "options": dict(book.options),
        "rules": {rule_id: book.rules[rule_id] for rule_id in book.rule_ids()},
        "option_rules": {name: book.rule_text(name) for name in book.schema_names()},
        "quotes": {rule_id: [{"source": q.source, "text": q.text} for q in book.rule_quotes(rule_id)]
                   for rule_id in [*book.rule_ids(), *book.schema_names()] if book.rule_quotes(rule_id)},
    }


# ---------------------------------------------------------------- sessions and money


def session_json(session: "GameSession") -> dict[str, Any]:
    """A session's header: its number, table, times, status (and why it is void), rulebook and
    options, chip value, default buy-in, log version and where it came from (an imported night's
    origin is part of its genesis hash)."""
    return {
        "id": session.id,
        "table": session.table_name,
        "started_at": session.started_at.isoformat(),
        "ended_at": session.ended_at.isoformat() if session.ended_at else None,
        "status": session.status,
        "void": session.void_reason,
        "rulebook": session.rulebook,
        "options": dict(session.options),
        "chip_value_cents": session.chip_value_cents,
        "buy_in_default": session.buy_in_default,
        "log_version": session.log_version,
        "origin": session.origin,
    }


def chain_json(chain: "ChainReport") -> dict[str, Any]:
    """Whether a session's hash chain holds: the events checked, the head, the first problem."""
    return {"ok": chain.ok, "events": chain.events, "head": chain.head, "problem": chain.problem}


def transfer_json(transfer: "Transfer", money: Callable[[int], str] | None = None) -> dict[str, Any]:
    """``payer`` pays ``payee`` ``cents``; with ``money`` (the session's money format) also the
    amount as text."""
    out: dict[str, Any] = {"payer": transfer.payer, "payee": transfer.payee, "cents": transfer.cents}
    if money is not None:
        out["text"] = money(transfer.cents)
    return out


def pay_way_json(way: "PayWay", *, code: bool = True) -> dict[str, Any]:
    """One way to pay a transfer's payee: the scheme (``kind``, ``label``), what to do in words
    (``text``; ``words`` with the link), the link; with ``code`` also its QR code as an SVG ``data:``
    URI (``qr``, null when it has none) for a page to show."""
    out: dict[str, Any] = {"kind": way.kind, "label": way.label, "text": way.text, "words": way.words,
                           "link": way.link}
    if code:
        out["qr"] = way.svg_data_uri()
    return out


def settlement_json(ledger: "SessionLedger", result: "Settlement") -> dict[str, Any]:
    """Who pays whom: the method, each balance, the difference and who absorbed it, the transfers
    still to make, those paid, the plain debts (not simplified), notes, and who is provisional."""
    from referee.ledger.payments import list_key

    money = ledger.money
    return {
        "session": ledger.session_id,
        "list": list_key(result),
        "currency": ledger.settings.currency,
        "locale": ledger.settings.locale,
        "method": result.method,
        "banker": result.banker,
        "balances": {name: cents for name, cents in result.balances},
        "difference": {"cents": ledger.difference.cents, "kind": ledger.difference.kind,
                       "policy": ledger.difference.policy, "shares": dict(ledger.difference.shares)},
        "transfers": [transfer_json(t, money) for t in result.transfers],
        "paid": [transfer_json(t, money) for t in result.paid],
        "plain_debts": [transfer_json(t, money) for t in result.plain_debts()],
        "notes": list(result.notes),
        "provisional": list(ledger.provisional),
    }


def amended_json(before: "SessionLedger", after: "SessionLedger", was: "Settlement") -> dict[str, Any]:
    """What corrections after a night was closed changed: each balance that moved, and the
    transfers as they were."""
    from referee.ledger.counting import balance_changes

    return {
        "balances": [{"name": c.name, "was": c.was, "now": c.now, "change": c.now - c.was}
                     for c in balance_changes(before, after)],
        "transfers_before": [transfer_json(t, after.money) for t in was.transfers],
    }


__all__ = ["SCHEMA", "amended_json", "chain_json", "change_json", "finding_json", "hand_json", "night_json",
           "pay_way_json", "penalty_json", "penalty_words", "plain", "pot_json", "rule_text", "rulebook_json", "ruling_json",
           "schema_path", "session_json", "settlement_json", "table_json", "timeline_json", "transfer_json"]
