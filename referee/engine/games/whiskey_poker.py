"""Whiskey Poker (RULES.md section 4, seed-000, seed-004): the widow dealt as an extra hand, phases of taking, passing and knocking, one more turn each after a knock.

The hand-file vocabulary of the game is here; its rules are not played yet (``replays = False``):
its hand files are read and written, and ``referee replay`` says it does not replay them.
"""

from __future__ import annotations

from referee.engine.games.common import COMMERCE, POKER_BETTING, TABLE
from referee.engine.state import HandState


class WhiskeyPoker(HandState):
    """One hand of Whiskey Poker."""

    name = "whiskey_poker"
    title = "Whiskey Poker"
    prefix = "whiskey"
    hand_size = 5
    events = {**TABLE, **COMMERCE, **POKER_BETTING}
    replays = False
