"""A toy game registered for a test, in one place (``referee.engine.games.register``), and taken out
again after it: High card -- every player antes 1 and shows one card; the highest rank takes the pot.

``toy_games`` (a fixture: import it into the test module) registers it, its rulebook file and a
second toy registered as a game the engine does not replay yet; it yields the folder of the rulebook.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

from referee.engine.events import Fold, Show
from referee.engine.games import register, unregister
from referee.engine.outcome import Outcome
from referee.engine.state import HandState, handles


class HighValue(NamedTuple):
    key: int
    name: str


class HighCard(HandState):
    """The toy: one card each, shown; an ante of 1; a fold gives up the ante."""

    name = "toy_high_card"
    title = "High card (a toy game)"
    aliases = ("toy",)
    prefix = "toy"
    direction = -1
    hand_size = 1
    events = {Show: "shows Kh", Fold: "folds"}

    def begin(self) -> None:
        for s in range(self.n):
            if self.dealt_in[s]:
                self.post_ante(s, 1, "toy.1")
        self.phase = "showdown"

    @handles(Show)
    def on_show(self, seat: int, event: Show) -> None:
        self.show(seat, event.cards)

    @handles(Fold)
    def on_fold(self, seat: int, event: Fold) -> None:
        self.put_out(seat)

    def end(self) -> Outcome:
        live = self.in_hand()
        if len(live) == 1:
            return self.end_uncontested(live[0], "toy.2")
        values = {s: HighValue(self.shown[s][0].rank, f"{self.shown[s][0].text} high") for s in live if s in self.shown}
        pots, carried, undecided, _ = self.showdown_pots(set(live), values, "toy.2")
        return self.end_showdown(pots, carried, undecided)


class ToyWaiting(HighCard):
    """A toy the engine reads but does not replay yet (``replays = False``)."""

    name = "toy_waiting"
    title = "Waiting toy"
    aliases = ()
    prefix = "toywait"
    replays = False


RULEBOOK = """\
[rulebook]
name = "{name}"
game = "{name}"
title = "{title}"

[rules]
"{prefix}.1" = "Every player antes 1 chip and is dealt one card."
"{prefix}.2" = "Every player shows his card; the highest rank takes the pot."

[option_rules."common.wheel"]
allowed = "A-2-3-4-5 is a straight."
forbidden = "A-2-3-4-5 is not a straight."

[option_rules."common.showdown_tie"]
split = "Tied best cards share the pot; an odd chip stays in the pot."
odd_chip_left_of_dealer = "Tied best cards share the pot; an odd chip goes to the tied player nearest the dealer's left."

[option_rules."common.illegal_fix"]
adjust_to_nearest_legal = "An illegal action is flagged and treated as the nearest legal one."
void_and_reprompt = "An illegal action is flagged and voided."
"""


@pytest.fixture
def toy_games(tmp_path: Path) -> Iterator[Path]:
    """Register the toys and write their rulebooks (``toy.toml``, ``toy_waiting.toml``) into a folder."""
    for game, file in ((HighCard, "toy.toml"), (ToyWaiting, "toy_waiting.toml")):
        (tmp_path / file).write_text(RULEBOOK.format(name=game.name, title=game.title, prefix=game.prefix),
                                     encoding="utf-8")
    register(HighCard)
    register(ToyWaiting)
    try:
        yield tmp_path
    finally:
        unregister(ToyWaiting)
        unregister(HighCard)
