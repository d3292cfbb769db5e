"""The JSON form of a replayed night: schema ``referee.replay/2``, documented in ``docs/json.md``.

The document is built field by field from the engine's results (never by dumping its objects), so
its shape changes only with the schema version.  A JSON Schema of it ships with the package:
:func:`schema_path` (``referee/schemas/replay-2.schema.json``); the schema of the first version,
``referee.replay/1``, ships beside it for documents written by referee 0.1 (:func:`schema_path`
with ``version=1``).  A change that could break a reader (a field renamed, removed or retyped) or
a new field bumps the version; the games' own ``facts`` and carry objects may gain keys within it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee import __version__
from referee.engine.events import NightEvent, Ruling, SitDown
from referee.engine.games import find_game
from referee.errors import RefereeError
from referee.handfile.model import Night
from referee.handfile.rulings import in_force, of_hand
from referee.handfile.writer import EventWriter, write_so_far
from referee.recording.session_log import night_words
from referee.store.codec import event_fields

if TYPE_CHECKING:
    from referee.engine.findings import Finding
    from referee.engine.outcome import Penalty
    from referee.handfile.replay import ReplayedHand, ReplayedNight
    from referee.rulebook import Rulebook

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


#: how each destination of a penalty reads in words (the terminal, a ruling)
DESTINATION_WORDS = {"antes_next_deal": "as antes for everybody next deal", "pool": "into the pool",
                     "pot": "into the pot"}


def penalty_words(penalty: "Penalty") -> str:
    """``Bob pays 1 to Ann``, ``Cy pays 5 into the pot``, ``Dee pays 3 as antes for everybody next deal``."""
    where = penalty.destination  # the game that imposed it says where its chips went
    to = f"to {penalty.payee}" if where == "player" else DESTINATION_WORDS[where]
    return f"{penalty.payer} pays {penalty.amount} {to}"


def finding_json(hand: "ReplayedHand", finding: "Finding") -> dict[str, Any]:
    """A finding as the engine writes it (:meth:`Finding.to_dict`), with where it is in the hand file
    and the text of the rule it cites."""
    placed = {"action": ("line", hand.line_of(finding.action)), "about": ("about_line", hand.line_of(finding.about)),
              "rule": ("rule_text", rule_text(hand.rulebook, finding.rule))}
    out: dict[str, Any] = {}
    for key, value in finding.to_dict().items():
        out[key] = value
        if key in placed:
            out[placed[key][0]] = placed[key][1]
    return out


def _kind(event: NightEvent) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", type(event).__name__).lower()  # SitDown -> sit_down


def change_json(change: NightEvent) -> dict[str, Any]:
    """A seat change of a hand's header, or a session's night event between hands: its kind and its
    fields in the event's one JSON form (:func:`referee.store.codec.event_fields`)."""
    return {"kind": _kind(change), **event_fields(change)}


def ruling_json(ruling: Ruling) -> dict[str, Any]:
    return event_fields(ruling)


def _plain(value: Any) -> Any:
    """A game's facts and carries as plain JSON values (tuples as lists)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def timeline_json(hand: "ReplayedHand") -> list[dict[str, Any]]:
    """Each action of the hand with the table after it (``HandReplay.states``)."""
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
            "phase": state.phase,
            "to_act": state.to_act,
            "pot": state.pot,
            "stacks": dict(zip(state.names, state.stacks)),
            "in_hand": list(state.in_hand),
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
        "carried_in": _plain(carry_in.to_dict()),
        "pots": [
            {
                "amount": pot.amount,
                "eligible": list(pot.eligible),
                "winners": list(pot.winners),
                "shares": dict(pot.shares),
                "decided": pot.decided,
                "left_over": pot.left_over,
                "rule": pot.rule,
                "hand": pot.hand,
            }
            for pot in outcome.pots
        ],
        "carried_pot": outcome.carried,
        "undecided": outcome.undecided,
        "in_middle": outcome.in_middle,
        "penalties": [{**p.to_dict(), "to": p.destination} for p in outcome.penalties],
        "facts": _plain(outcome.facts),
        "carry": _plain(outcome.next_hand.carry.to_dict()),
        "findings": [finding_json(hand, f) for f in replay.findings],
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
        "night_facts": _plain(result.facts),
        "rulings": [ruling_json(r) for r in in_force(night.rulings)],
    }
