"""A hand written and read back is the same hand (DESIGN.md: property tests for what must always hold).

Generated hands of every game go through the canonical writer and the reader; whole generated
nights (seat changes, dealers, options) do too, for every game whose rulebook is shipped.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers.nights import NAMES, hand_events, nights
from referee.engine import events as ev
from referee.errors import HandFileError
from referee.handfile import Night, parse_night, write_night
from referee.handfile.actions import HandReader
from referee.engine.games import game_names
from referee.handfile.writer import write_events

def read_back(lines: list[str], game: str, seats: tuple[str, ...]) -> tuple[ev.Event, ...]:
    def resolve(typed: str) -> str:
        for s in seats:
            if s.lower() == typed.lower():
                return s
        raise HandFileError(f"unknown player {typed!r}")

    reader = HandReader(game, resolve)
    return tuple(reader.read(text, n) for n, text in enumerate(lines, 1))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_every_game_hand_round_trips(data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(game_names()))
    seats = tuple(data.draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=6, unique=True)))
    events = data.draw(hand_events(game, seats))
    lines = write_events(events, game)
    assert read_back(lines, game, seats) == events
    assert write_events(read_back(lines, game, seats), game) == lines


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(nights())
def test_whole_nights_round_trip(night: Night) -> None:
    text = write_night(night)
    assert parse_night(text) == night
    assert write_night(parse_night(text)) == text


def test_a_worked_night_is_written_canonically() -> None:
    text = (
        "Rulebook: jackpots\nseats: ann 100, Bob 100\nDEALER: ANN\n\nhand\n"
        "ann: Bet 2   # opens\nbob: goes all-in\nAnn: calls\nbob: stand pat\nann: draws 1, discards ?? face down\n"
    )
    assert write_night(parse_night(text)) == (
        "rulebook: jackpots\nseats: ann 100, Bob 100\ndealer: ann\n\nhand 1\n"
        "ann: bets 2\nBob: all in\nann: calls\nBob: stands pat\nann: draws 1, discards ?? face down\n"
    )


def test_the_brag_line_forms_round_trip() -> None:
    """The brag family's own forms: the 'shuffled' header line, 'was lowest', 'declares four pairs'."""
    text = ("rulebook: three_card_brag\nseats: Ann 10, Bob 10\ndealer: Ann\n\nhand 1\nDealer: bob\nSHUFFLED\n"
            "bob: blind 1\n\nhand 2\nrulebook: stop_the_bus\nAnn: lowest\nBob: was lowest\n\nhand 3\n"
            "rulebook: nine_card_brag\nann: declares four pairs 5c 5d 8h 8s jc jd ah ad\n")
    night = parse_night(text)
    assert [h.shuffled for h in night.hands] == [True, False, False]
    assert night.hands[1].events == (ev.Reported("Ann", "lowest"), ev.Reported("Bob", "lowest"))
    assert write_night(night).split("\n\n")[1:] == [
        "hand 1\ndealer: Bob\nshuffled\nBob: blind 1",
        "hand 2\nrulebook: stop_the_bus\nAnn was lowest\nBob was lowest",  # the canonical form of both
        "hand 3\nrulebook: nine_card_brag\nAnn: declares four pairs 5c 5d 8h 8s Jc Jd Ah Ad\n",
    ]
    assert parse_night(write_night(night)) == night
    with pytest.raises(HandFileError, match="'shuffled' after the hand's first action"):
        parse_night(text.replace("bob: blind 1\n", "bob: blind 1\nshuffled\n"))
    with pytest.raises(HandFileError, match="'shuffled' before the first 'hand' line"):
        parse_night("rulebook: three_card_brag\nshuffled\nseats: Ann 10, Bob 10\ndealer: Ann\n")


def test_the_shipped_examples_read_and_round_trip() -> None:
    """Every night in examples/ reads, and its canonical form reads back as the same night."""
    from pathlib import Path

    from referee.handfile import read_night

    examples = sorted((Path(__file__).resolve().parent.parent / "examples").glob("*.txt"))
    assert len(examples) >= 4
    for path in examples:
        night = read_night(path)
        assert night.hands, path.name
        assert parse_night(write_night(night), base_dir=night.base_dir) == night, path.name
