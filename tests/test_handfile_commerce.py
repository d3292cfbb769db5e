"""The hand-file forms of issue 9 item 6 (COMMERCE-NOTES section 13): the widow as dealt, a deal's result
as a fact, a night that starts in the middle of a game, a dealer the log does not know."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.cards import UNKNOWN, card
from referee.engine import events as ev
from referee.errors import HandFileError
from referee.handfile import parse_night, write_night
from referee.handfile.replay import replay_night_file

HEADER = "rulebook: la_viuda\nseats: Ann 3, Bob 3, Cy 3\ndealer: Ann\n"


def body(*lines: str, header: str = HEADER) -> tuple[ev.Event, ...]:
    return parse_night(header + "\nhand 1\n" + "\n".join(lines) + "\n").hands[0].events


def test_widow_dealt_and_result_lines_are_actions() -> None:
    events = body("widow dealt: 7c 7d ?? Qh 2c", "BOB was lowest", "ann wins", "Cy won", "Bob was the lowest")
    assert events == (
        ev.DealWidow((card("7c"), card("7d"), UNKNOWN, card("Qh"), card("2c"))),
        ev.Reported("Bob", "lowest"), ev.Reported("Ann", "best"), ev.Reported("Cy", "best"),
        ev.Reported("Bob", "lowest"),
    )
    assert [e.line for e in events] == [6, 7, 8, 9, 10]


def test_the_canonical_forms_read_back() -> None:
    night = parse_night(HEADER + "game so far: pool 7, fund 14, la viuda bought by cy\n\nhand 1\n"
                        "widow dealt: ?? ?? ?? ?? ??\nCy won\nbob was lowest\n")
    text = write_night(night)
    assert "game so far: pool 7, fund 14, la viuda bought by Cy\n" in text
    assert "widow dealt: ?? ?? ?? ?? ??\nCy wins\nBob was lowest\n" in text
    assert parse_night(text) == night


def test_result_lines_belong_to_the_commerce_games() -> None:
    with pytest.raises(HandFileError, match="not an action of Jackpots"):
        body("Bob was lowest", header="rulebook: jackpots\nseats: Ann 3, Bob 3\ndealer: Ann\n")
    with pytest.raises(HandFileError, match="unknown player 'Zed'"):
        body("Zed was lowest")


def test_game_so_far_items() -> None:
    night = parse_night(HEADER + "game so far: la viuda not bought, pool 5\n\nhand 1\nAnn was lowest\n")
    assert night.so_far == ev.GameSoFar(pool=5, bought=False)
    short = parse_night("rulebook: la_viuda\noption laviuda.short_pack = 5_ranks_per_2_players_plus_1_per_player\n"
                        "seats: Ann 1, Bob 1\ndealer: Ann\ngame so far: points Ann 2 bob 1\n\nhand 1\nAnn wins\n")
    assert short.so_far == ev.GameSoFar(points=(("Ann", 2), ("Bob", 1)))


@pytest.mark.parametrize(("text", "message"), [
    ("game so far: pool seven\n", "cannot read 'pool seven' in 'game so far:'"),
    ("game so far: pool 3, pool 4\n", "gives the pool twice"),
    ("game so far: points Zed 2\n", "unknown player 'Zed'"),
    ("game so far: points Ann 2\n", "points, which La Viuda does not keep"),
    ("game so far: fund 12\n", "must give La Viuda's pool"),
    ("game so far: pool 5\ngame so far: pool 5\n", "a second 'game so far:' line"),
])
def test_game_so_far_mistakes_are_refused_at_their_line(text: str, message: str) -> None:
    with pytest.raises(HandFileError, match=re.escape(message)) as err:
        parse_night(HEADER + text + "\nhand 1\nAnn was lowest\n")
    assert err.value.where is not None and err.value.where.startswith("<text>:")


def test_la_viuda_may_have_been_bought_by_a_player_already_out() -> None:
    """A buyer who has since lost La Viuda's chip is out of the game, and so not seated."""
    night = parse_night(HEADER + "game so far: pool 9, la viuda bought by Zed\n\nhand 1\nAnn was lowest\n")
    assert night.so_far == ev.GameSoFar(pool=9, bought=True, bought_by="Zed")
    carry = replay_night_file(night)[0].replay.outcome.next_hand.carry
    assert carry.bought_by == "Zed" and not carry.buyback_open  # type: ignore[attr-defined]


def test_game_so_far_inside_a_hand_is_refused() -> None:
    with pytest.raises(HandFileError, match="'game so far:' inside a hand"):
        parse_night(HEADER + "\nhand 1\ngame so far: pool 3\n")


def test_the_dealer_may_be_left_out_of_a_commerce_night() -> None:
    night = parse_night("rulebook: whiskey_poker\nseats: Ann 20, Bob 20\n\nhand 1\nAnn wins\n")
    assert night.dealer is None
    assert "dealer:" not in write_night(night)
    replayed = replay_night_file(night)
    assert replayed[0].replay.outcome.pots[0].winners == ("Ann",)


def test_the_example_in_the_docs_replays_as_it_says() -> None:
    """docs/hand-format.md: the night that starts in the middle of a game."""
    doc = (Path(__file__).resolve().parent.parent / "docs" / "hand-format.md").read_text(encoding="utf-8")
    section = doc.split("### Whiskey poker and La Viuda: what a scorekeeper really knows", 1)[1]
    text = section.split("```text\n", 1)[1].split("```", 1)[0]
    night = replay_night_file(parse_night(text))
    first, second = night
    assert first.replay.illegal == () and [p.payer for p in first.replay.outcome.penalties] == ["Cy"]
    assert first.replay.outcome.facts["wild_rank_in_deal"] == "7"
    assert second.replay.outcome.kind == "reported" and second.replay.outcome.next_hand.carry.pool == 9  # type: ignore[attr-defined]
