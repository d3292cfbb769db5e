"""Stop the Bus (RULES.md section 9, seed-001): exchanges with a face-up dummy; the lowest hand pays.

The hand-file vocabulary of the game is here; its rules are not played yet (``replays = False``):
its hand files are read and written, and ``referee replay`` says it does not replay them.
"""

from __future__ import annotations

from referee.engine.events import Exchange, Knock, Pass, TurnWidow
from referee.engine.games.common import TABLE
from referee.engine.state import HandState


class StopTheBus(HandState):
    """One hand of Stop the Bus."""

    name = "stop_the_bus"
    title = "Stop the Bus"
    prefix = "stopbus"
    hand_size = 3
    events = {**TABLE, Exchange: "exchanges 7c for Kd", Pass: "passes", Knock: "knocks | stops the bus", TurnWidow: "dummy: 4h 5h 6h"}
    replays = False
