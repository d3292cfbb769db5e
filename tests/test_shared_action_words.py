"""The hand format's words of the actions every table shares (``referee.engine.games.common``): cards dealt
(face down or up), shown (a hand, openers, discards), exposed and thrown in, declarations, the pot raked and a
result reported -- each line read into its event and written back in the canonical words; a declaration the
format does not know is refused with the list of those it does."""

from __future__ import annotations

import pytest

from referee.cards import cards
from referee.engine import events as ev
from referee.errors import HandFileError
from referee.handfile.actions import HandReader
from referee.handfile.writer import write_events


def read(game: str, line: str) -> ev.Event:
    return HandReader(game, lambda typed: typed.capitalize()).read(line, 1)


def c(text: str) -> tuple:
    return tuple(cards(text))


LINES = [
    # (game, the line as logged, the event, the line as written back)
    ("jackpots", "Ann: dealt Kh Kd", ev.Deal("Ann", c("Kh Kd")), "Ann: dealt Kh Kd"),
    ("jackpots", "Ann: is dealt down Kh Kd", ev.Deal("Ann", c("Kh Kd")), "Ann: dealt Kh Kd"),
    ("five_card_stud", "Ann: dealt up Kh", ev.Deal("Ann", c("Kh"), face_up=True), "Ann: dealt up Kh"),
    ("jackpots", "Ann: shows Kh Kd Kc 2s 2d", ev.Show("Ann", c("Kh Kd Kc 2s 2d")), "Ann: shows Kh Kd Kc 2s 2d"),
    ("jackpots", "Ann: show hand Kh Kd Kc 2s 2d", ev.Show("Ann", c("Kh Kd Kc 2s 2d")), "Ann: shows Kh Kd Kc 2s 2d"),
    ("jackpots", "Ann: shows openers Kh Kd", ev.Show("Ann", c("Kh Kd"), purpose="openers"), "Ann: shows openers Kh Kd"),
    ("jackpots", "Ann: shows Discards 2c", ev.Show("Ann", c("2c"), purpose="discards"), "Ann: shows discards 2c"),
    ("jackpots", "Ann: mucks", ev.Muck("Ann"), "Ann: mucks"),
    ("jackpots", "Ann: exposes Jh", ev.Expose("Ann", c("Jh")[0], by_dealer=False), "Ann: exposes Jh"),
    ("jackpots", "Ann: declares split openers Kh", ev.Declare("Ann", what="split_openers", cards=c("Kh")),
     "Ann: declares split openers Kh"),
    ("jackpots", "Ann: admits false  open", ev.Declare("Ann", what="false_open"), "Ann: declares false open"),
    ("jackpots", "Ann: declares Open", ev.Declare("Ann", what="open"), "Ann: declares open"),
    ("seven_card_brag", "Ann: declares four of a kind 9c 9d 9h 9s",
     ev.Declare("Ann", what="four_of_a_kind", cards=c("9c 9d 9h 9s")), "Ann: declares four of a kind 9c 9d 9h 9s"),
    ("nine_card_brag", "Ann: declares four pairs", ev.Declare("Ann", what="four_pairs"), "Ann: declares four pairs"),
    ("jackpots", "Ann: takes the pot", ev.TakePot("Ann"), "Ann: takes the pot"),
    ("jackpots", "Ann: rakes in pot", ev.TakePot("Ann"), "Ann: takes the pot"),
    ("seven_card_brag", "Ann: arranges Ah Ad Ac | Kd Qd Jd, discards 2c",
     ev.Arrange("Ann", hands=(c("Ah Ad Ac"), c("Kd Qd Jd")), discard=c("2c")), "Ann: arranges Ah Ad Ac | Kd Qd Jd, discards 2c"),
    ("nine_card_brag", "Ann: arranges Ah Ad Ac|Kd Qd Jd | 2c 2d 5s",
     ev.Arrange("Ann", hands=(c("Ah Ad Ac"), c("Kd Qd Jd"), c("2c 2d 5s"))), "Ann: arranges Ah Ad Ac | Kd Qd Jd | 2c 2d 5s"),
    ("seven_card_brag", "Ann: reveals Kd Qd Jd", ev.Reveal("Ann", None, c("Kd Qd Jd")), "Ann: reveals Kd Qd Jd"),
    ("nine_card_brag", "Ann: reveals hand 3 Kd Qd Jd", ev.Reveal("Ann", 3, c("Kd Qd Jd")), "Ann: reveals hand 3: Kd Qd Jd"),
    ("stop_the_bus", "Bob: was the lowest", ev.Reported("Bob", what="lowest"), "Bob was lowest"),
    ("stop_the_bus", "Bob: lowest", ev.Reported("Bob", what="lowest"), "Bob was lowest"),
]


@pytest.mark.parametrize(("game", "line", "event", "written"), LINES, ids=[line for _, line, _, _ in LINES])
def test_a_shared_action_is_read_and_written_back(game: str, line: str, event: ev.Event, written: str) -> None:
    got = read(game, line)
    assert got == event
    assert write_events([got], game) == [written]


def test_a_declaration_the_format_does_not_know_is_refused_with_those_it_does() -> None:
    with pytest.raises(HandFileError) as refused:
        read("seven_card_brag", "Ann: declares a  flush")
    assert (refused.value.message, refused.value.hint) == (
        "cannot read declaration 'a flush'",
        "a player may declare: split openers, false open, open, four of a kind, four pairs")
