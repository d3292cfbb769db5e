"""Findings: what the referee noticed while replaying a hand.

A finding never changes the log.  It names the action (1-based number of the event in the hand,
``None`` for something found at the end of the hand), the player concerned, the rule it applies
(a rule id of the rulebook: ``draw.6``, ``jackpots.false_open_penalty``), a one-line message and
the remedy that was applied ("capped at 2", "void: Bob is still to act").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

#: What kind of thing was found.
FindingKind = Literal[
    "illegal_action",  # an action the rules do not allow at that point
    "false_open",  # jackpots: an opening without openers, established
    "unverifiable",  # a ruling needs cards nobody showed
    "misdeal",  # a misdeal called, or a dealing error that could be one
    "answer",  # a question the log answers (how many cards did he draw?)
    "note",  # anything else worth telling (a penalty paid short, an odd chip carried)
]

#: How serious: an ``error`` broke a rule, a ``warning`` may matter to the result, ``info`` is told.
Severity = Literal["error", "warning", "info"]

SEVERITY_OF: Final[dict[str, Severity]] = {
    "illegal_action": "error",
    "false_open": "error",
    "unverifiable": "warning",
    "misdeal": "warning",
    "answer": "info",
    "note": "info",
}


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing the referee found.  JSON-friendly through :meth:`to_dict`."""

    kind: FindingKind
    message: str
    rule: str | None = None
    action: int | None = None
    player: str | None = None
    remedy: str | None = None
    severity: Severity | None = None

    def __post_init__(self) -> None:
        if self.severity is None:
            object.__setattr__(self, "severity", SEVERITY_OF[self.kind])

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON: every field, ``None`` kept so the shape is stable."""
        return {
            "kind": self.kind,
            "severity": self.severity,
            "action": self.action,
            "player": self.player,
            "rule": self.rule,
            "message": self.message,
            "remedy": self.remedy,
        }

    def __str__(self) -> str:
        where = f"action {self.action}: " if self.action is not None else ""
        rule = f" [{self.rule}]" if self.rule else ""
        remedy = f" -> {self.remedy}" if self.remedy else ""
        return f"{where}{self.message}{rule}{remedy}"
