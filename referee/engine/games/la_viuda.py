"""La Viuda (RULES.md section 5, seed-004): Mexican whiskey poker: jokers, the wild rank from the pool, the one-time buy-back.

The hand-file vocabulary of the game is here; its rules are not played yet (``replays = False``):
its hand files are read and written, and ``referee replay`` says it does not replay them.
"""

from __future__ import annotations

from referee.engine.events import BuyBack, DeclineBuyBack
from referee.engine.games.common import COMMERCE, TABLE
from referee.engine.games.whiskey_poker import WhiskeyPoker


class LaViuda(WhiskeyPoker):
    """One hand of La Viuda."""

    name = "la_viuda"
    title = "La Viuda"
    prefix = "laviuda"
    hand_size = 5
    direction = -1  # dealt and played counter-clockwise
    events = {**TABLE, **COMMERCE, BuyBack: "buys la viuda", DeclineBuyBack: "declines la viuda"}
    replays = False
