"""A deal logged by its showdown alone: ``showdown:`` then the ``shows`` lines.  The scorekeeper often sees
only the end of a deal; the shown hands decide it under the rulebook (wild rank from the pool, ties, who
pays), as a showdown reached by logged play would.  The golden hands whiskey_poker/31 and la_viuda/27 pin
the rulings; these cover the format and the draw games."""

from __future__ import annotations

import pytest

from referee.engine.events import Showdown
from referee.errors import HandFileError
from referee.handfile import parse_night, write_night
from referee.handfile.replay import replay_night_file

from helpers.engine import night_text

WHISKEY_SHOWN = ("Ann: shows 2c 2s 6h 9h Kd\nBob: shows Qc Qh 8c 8d 3s\nCy: shows As Kc Jh Jc 7d\n"
                 "Dee: shows 5c 5d 9c 9d 4h\n")


def night(game: str, body: str, *options: str) -> str:
    return night_text(game, "hand 1\n" + body, *options, seats="Ann 20, Bob 20, Cy 20, Dee 20", dealer="Dee")


def test_the_showdown_line_is_read_and_written_back() -> None:
    text = night("whiskey_poker", "Showdown\n" + WHISKEY_SHOWN)
    parsed = parse_night(text)
    assert type(parsed.hands[0].events[0]) is Showdown
    written = write_night(parsed)
    assert "\nshowdown:\nAnn: shows 2c 2s 6h 9h Kd\n" in written
    assert parse_night(written).hands[0].events == parsed.hands[0].events


def test_without_the_showdown_line_the_shows_are_play_and_the_deal_goes_on() -> None:
    """What the line changes: bare shows are shows during the turns (flagged), and the deal is not over."""
    (bare,) = replay_night_file(parse_night(night("whiskey_poker", WHISKEY_SHOWN)))
    assert bare.replay.outcome.kind == "in_progress"
    (logged,) = replay_night_file(parse_night(night("whiskey_poker", "showdown:\n" + WHISKEY_SHOWN)))
    assert logged.replay.outcome.kind == "showdown" and not logged.replay.findings


def test_a_tie_for_the_lowest_hand_found_from_the_showdown_alone_pays_as_the_rulebook_says() -> None:
    """whiskey.5.2 / whiskey.tie_lowest (seed-000: "the player with the weakest hand at the showdown gives the
    winner the agreed number of chips"): Ann and Dee both show a pair of fives with the same kickers by rank;
    under no_ante_lowest_pays_N each tied lowest hand pays the 4 (the default tie rule: all tied pay)."""
    shown = ("Ann: shows 5h 5s 9h 7c 3d\nBob: shows Qc Qh 8c 8d 3s\nCy: shows As Kc Jh Jc 7d\n"
             "Dee: shows 5c 5d 9c 7h 3s\n")
    (hand,) = replay_night_file(parse_night(night("whiskey_poker", "showdown:\n" + shown,
                                                  "whiskey.scoring = no_ante_lowest_pays_N")))
    outcome = hand.replay.outcome
    assert outcome.kind == "showdown"
    assert sorted((p.payer, p.payee, p.amount) for p in outcome.penalties) == [("Ann", "Bob", 4), ("Dee", "Bob", 4)]


def test_a_draw_deal_logged_by_its_showdown_awards_the_pot_the_log_knows() -> None:
    """draw.9 (seed-002): "the player whose combination is ranked highest takes the pot": the betting went
    unrecorded, so the pot is what the log holds (the dealer's antes); the shown hands decide it, in any order,
    and a player who threw his hand in contests nothing."""
    text = ("rulebook: jackpots\nseats: Ann 30, Bob 30, Cy 30\ndealer: Ann\n\nhand 1\nshowdown:\n"
            "Cy: shows Jh Jd 9c 9s 4h\nBob: shows Qh Qd Qs 8d 2c\nAnn: mucks\n")
    (hand,) = replay_night_file(parse_night(text))
    outcome = hand.replay.outcome
    assert outcome.kind == "showdown" and [(p.amount, p.winners) for p in outcome.pots] == [(3, ("Bob",))]
    assert outcome.stacks == {"Ann": 27, "Bob": 33, "Cy": 30} and not hand.replay.illegal


def test_a_game_that_does_not_rank_a_showdown_refuses_the_line() -> None:
    with pytest.raises(HandFileError, match="(?i)showdown"):
        replay_night_file(parse_night(night("seven_card_brag", "showdown:\n")))


def test_a_showdown_line_after_the_showdown_is_refused() -> None:
    with pytest.raises(HandFileError, match="'showdown:' comes after the deal reached"):
        replay_night_file(parse_night(night("whiskey_poker", "showdown:\n" + WHISKEY_SHOWN + "showdown:\n")))


def test_a_stud_deal_logged_by_its_showdown_goes_to_the_best_shown_hand() -> None:
    """stud.6: "the best five-card hand among the players still in wins the pot"; no ante (stud.ante), no bet
    logged: the pot the log holds is empty, but the ruling names the winner."""
    text = ("rulebook: five_card_stud\nseats: Ann 30, Bob 30, Cy 30\ndealer: Ann\n\nhand 1\nshowdown:\n"
            "Bob: shows Qh Qd Qs 8d 2c\nCy: shows Jh Jd 9c 9s 4h\nAnn: mucks\n")
    (hand,) = replay_night_file(parse_night(text))
    assert hand.replay.outcome.kind == "showdown" and hand.replay.outcome.pots[0].winners == ("Bob",)
