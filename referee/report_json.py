"""The JSON form of a replayed night: schema ``referee.replay/1``, documented in ``docs/json.md``.

The document is built field by field from the engine's results (never by dumping its objects), so
its shape changes only with the schema version.  A JSON Schema of it ships with the package:
:func:`schema_path` (``referee/schemas/replay-1.schema.json``).  Compatible additions keep the
version; a change that could break a reader (a field renamed, removed or retyped) bumps it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee import __version__
from referee.errors import RefereeError
from referee.engine.events import AddChips, Leave, SitDown
from referee.handfile.model import Night

if TYPE_CHECKING:
    from referee.engine.findings import Finding
    from referee.handfile.replay import ReplayedHand, ReplayedNight
    from referee.rulebook import Rulebook

SCHEMA = "referee.replay/1"


def schema_path() -> Path:
    """The JSON Schema file of :data:`SCHEMA`, shipped inside the package."""
    return Path(__file__).resolve().parent / "schemas" / "replay-1.schema.json"


def rule_text(rulebook: "Rulebook", rule_id: str | None) -> str | None:
    """The text of a cited rule for the options in force, or None if the rulebook has no such rule."""
    if rule_id is None or not rulebook.has_rule(rule_id):
        return None
    try:
        return rulebook.rule_text(rule_id)
    except RefereeError:
        return None


def finding_json(hand: "ReplayedHand", finding: "Finding") -> dict[str, Any]:
    return {
        "kind": finding.kind,
        "severity": finding.severity,
        "action": finding.action,
        "line": hand.line_of(finding.action),
        "player": finding.player,
        "rule": finding.rule,
        "rule_text": rule_text(hand.rulebook, finding.rule),
        "message": finding.message,
        "remedy": finding.remedy,
    }


def _change_json(change: SitDown | Leave | AddChips) -> dict[str, Any]:
    if isinstance(change, SitDown):
        return {"kind": "sit_down", "player": change.player, "stack": change.stack, "after": change.after}
    if isinstance(change, Leave):
        return {"kind": "leave", "player": change.player}
    return {"kind": "add_chips", "player": change.player, "amount": change.amount}


def hand_json(hand: "ReplayedHand") -> dict[str, Any]:
    """One hand: what was played, under which rules, how it ended, and every finding."""
    replay, entry = hand.replay, hand.entry
    setup, outcome = replay.setup, replay.outcome
    book = setup.rulebook
    carry_in = setup.carry_in
    return {
        "number": entry.number,
        "line": entry.line,
        "game": book.game,
        "rulebook": {"name": book.name, "title": book.title, "source": book.source},
        "options": dict(book.options),
        "option_overrides": dict(entry.options),
        "dealer": setup.dealer,
        "seats": list(setup.names),
        "changes": [_change_json(c) for c in entry.changes],
        "actions": len(entry.events),
        "result": {"kind": outcome.kind, "summary": outcome.summary, "decided": outcome.decided},
        "stacks_before": {s.name: s.stack for s in setup.seats},
        "stacks_after": dict(outcome.stacks),
        "net": dict(outcome.net),
        "carried_in": {
            "pot": carry_in.pot,
            "free_ride_payer": getattr(carry_in, "free_ride_payer", None),
            "passed_out": getattr(carry_in, "passed_out", 0),
        },
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
        "penalties": [
            {"payer": p.payer, "payee": p.payee, "amount": p.amount, "rule": p.rule} for p in outcome.penalties
        ],
        "findings": [finding_json(hand, f) for f in replay.findings],
        "next_dealer": outcome.next_hand.dealer,
        "showdown_order": list(outcome.showdown_order),
    }


def night_json(night: Night, replayed: "ReplayedNight") -> dict[str, Any]:
    """The whole document for ``referee replay --json``."""
    hands = replayed.hands
    return {
        "schema": SCHEMA,
        "generator": f"referee {__version__}",
        "source": night.source,
        "night": {
            "rulebook": night.rulebook,
            "game": night.game,
            "option_overrides": dict(night.options),
            "seats": [{"name": s.name, "stack": s.stack} for s in night.seats],
            "dealer": night.dealer,
        },
        "hands": [hand_json(h) for h in hands],
        "final_stacks": dict(replayed.result.stacks),
        "seated_at_end": list(replayed.result.seated),
        "findings_total": sum(len(h.replay.findings) for h in hands),
    }
