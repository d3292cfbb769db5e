"""Nine-card Brag (RULES.md section 8, seed-001): three three-card hands revealed in rounds.

The hand-file vocabulary of the game is here; its rules are not played yet (``replays = False``):
its hand files are read and written, and ``referee replay`` says it does not replay them.
"""

from __future__ import annotations

from referee.engine.games.common import ARRANGING, BRAG_BETTING, TABLE
from referee.engine.games.seven_card_brag import SevenCardBrag


class NineCardBrag(SevenCardBrag):
    """One hand of Nine-card Brag."""

    name = "nine_card_brag"
    title = "Nine-card Brag"
    prefix = "brag9"
    hand_size = 9
    events = {**TABLE, **BRAG_BETTING, **ARRANGING}
    replays = False
