"""Seven-card Brag (RULES.md section 7, seed-001): two three-card hands revealed in rounds.

The hand-file vocabulary of the game is here; its rules are not played yet (``replays = False``):
its hand files are read and written, and ``referee replay`` says it does not replay them.
"""

from __future__ import annotations

from referee.engine.games.common import ARRANGING, BRAG_BETTING, TABLE
from referee.engine.state import HandState


class SevenCardBrag(HandState):
    """One hand of Seven-card Brag."""

    name = "seven_card_brag"
    title = "Seven-card Brag"
    prefix = "brag7"
    hand_size = 7
    events = {**TABLE, **BRAG_BETTING, **ARRANGING}
    declarations = frozenset({"four_of_a_kind"})
    replays = False
