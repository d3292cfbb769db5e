"""Three-card Brag (RULES.md section 6, seed-001): blind and seen stakes, seeing, covering the pot.

The hand-file vocabulary of the game is here; its rules are not played yet (``replays = False``):
its hand files are read and written, and ``referee replay`` says it does not replay them.
"""

from __future__ import annotations

from referee.engine.games.common import BRAG_BETTING, TABLE
from referee.engine.state import HandState


class ThreeCardBrag(HandState):
    """One hand of Three-card Brag."""

    name = "three_card_brag"
    title = "Three-card Brag"
    prefix = "brag"
    hand_size = 3
    events = {**TABLE, **BRAG_BETTING}
    replays = False
