"""A toy game registered for a test, in this one module (``referee.engine.games.register``), and taken
out again after it: High card -- every player antes (``toy.ante`` chips, an option of the toy's own)
and shows one card; the highest rank takes the pot.  A player may double (``Ann: doubles``, an action
of the toy's own): he puts his ante in once more, once a hand (``toy.3``); and name the card he
expects to win with (``Ann: names Kh``, the toy's own event naming a card, ``toy.4``).

The toy keeps its own state in a set and a dict and has no ``copy`` of its own: the hand's copy
copies them (what ``legality`` plays on never reaches the hand it is asked about).

Everything the toy is lives here: its option (``house_options``), its action with its hand-format
words, its writer form, its finding code and what the table's ``?`` asks about (``actions``), its
event kind and its handlers.  Its rulebook file is :data:`RULEBOOK`.

``toy_games`` (a fixture: import it into the test module) registers it, its rulebook file and a
second toy registered as a game the engine does not replay yet; it yields the folder of the rulebook.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import pytest

from referee.cards import AnyCard
from referee.engine.actions import Action, Reading, read_cards, verb
from referee.engine.events import Fold, PlayerEvent, Show
from referee.engine.games import register, unregister
from referee.engine.options import whole_number
from referee.engine.outcome import Outcome
from referee.engine.state import HandState, handles


class HighValue(NamedTuple):
    key: int
    name: str


@dataclass(frozen=True, slots=True)
class Double(PlayerEvent):
    """The toy's own action: the player puts his ante in once more."""


@dataclass(frozen=True, slots=True)
class Name(PlayerEvent):
    """The toy's own event naming a card: the card the player expects to win with."""

    card: AnyCard


def _read_double(reading: Reading, player: str, match: re.Match[str]) -> Double:
    return Double(player)


DOUBLE = Action(
    Double,
    words=verb("double"),
    read=_read_double,
    write=lambda event, hand_size: "doubles",
    findings={"doubled_twice": ("illegal_action", "a second double by one player in one hand")},
    probe=Double,
    rules=("toy.3",),
)

NAME = Action(
    Name,
    words=rf"{verb('name')}\s+(?P<card>\S+)",
    read=lambda reading, player, m: Name(player, read_cards(m["card"], "the named card", need=1)[0]),
    write=lambda event, hand_size: f"names {event.card.text}",
    rules=("toy.4",),
)


class HighCard(HandState):
    """The toy: one card each, shown; an ante; a fold gives up the ante; one double each."""

    name = "toy_high_card"
    title = "High card (a toy game)"
    aliases = ("toy",)
    prefix = "toy"
    house_options = (
        whole_number("toy.ante", 1, 1, 100, "chips each player antes before the deal", "toy rule toy.1",
                     shared=True),
    )
    direction = -1
    hand_size = 1
    events = {Show: "shows Kh", Fold: "folds", Double: "doubles", Name: "names Kh"}
    actions = (DOUBLE, NAME)

    def begin(self) -> None:
        self.doubled: set[int] = set()
        self.named: dict[int, AnyCard] = {}
        for s in range(self.n):
            if self.dealt_in[s]:
                self.post_ante(s, self.ante(), "toy.1")
        self.phase = "showdown"

    def ante(self) -> int:
        return int(self.options["toy.ante"])

    @handles(Show)
    def on_show(self, seat: int, event: Show) -> None:
        self.show(seat, event.cards)

    @handles(Fold)
    def on_fold(self, seat: int, event: Fold) -> None:
        self.put_out(seat)

    @handles(Double)
    def on_double(self, seat: int, event: Double) -> None:
        if seat in self.doubled:
            self.flag("doubled_twice", f"{self.names[seat]} doubled twice", f"{self.prefix}.3", player=seat,
                      remedy="void: one double a hand")
            return
        self.doubled.add(seat)
        self.post_ante(seat, self.ante(), f"{self.prefix}.3")

    @handles(Name)
    def on_name(self, seat: int, event: Name) -> None:
        self.named[seat] = event.card

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
"{prefix}.1" = "Every player antes and is dealt one card."
"{prefix}.2" = "Every player shows his card; the highest rank takes the pot."
"{prefix}.3" = "A player may double once a hand: he puts his ante in once more."
"{prefix}.4" = "A player may name the card he expects to win with."

[option_rules]
"toy.ante" = "Every player antes {{value}} chips before the deal."

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
