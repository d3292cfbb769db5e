"""Which rule a ruling cites under a rulebook.

A situation names the most precise rule id there is for it (``draw.4.2``); a rulebook that does not
split that rule so finely is cited at the nearest rule it has (``draw.4``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.rulebook import Rulebook


def cite(rulebook: Rulebook, rule_id: str) -> str:
    """``rule_id`` if the rulebook has it, else its nearest parent it has (``draw.4.2`` -> ``draw.4``)."""
    probe = rule_id
    while True:
        if rulebook.has_rule(probe):
            return probe
        head, dot, tail = probe.rpartition(".")
        if not dot or not tail.isdigit() or "." not in head:
            return rule_id
        probe = head
