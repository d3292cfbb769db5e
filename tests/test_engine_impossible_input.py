"""Input no table could have produced is refused, with what was expected, in every game: a hand of the
wrong size (a deal, a show, a draw, an arrangement or a reveal) and a card the game's pack does not hold.
A replay stops at the line (exit 2) and ``referee act`` stores nothing; neither is a ruling."""

from __future__ import annotations

import pytest
from helpers.cli import run

from referee.errors import HandFileError
from referee.handfile import parse_night
from referee.handfile.replay import replay_night_file
from referee.store.store import open_store
from referee.store.transaction import SeatSpec

SEATS = "seats: Ann 20, Bob 20, Cy 20\ndealer: Cy\n\nhand 1\n"


def replay(game: str, lines: str) -> None:
    replay_night_file(parse_night(f"rulebook: {game}\n{SEATS}{lines}"))


@pytest.mark.parametrize(("game", "lines", "error"), [
    # a Jackpots hand is five cards (seed-003 plays draw poker's hand, seed-002)
    ("jackpots", "Ann: shows As Ks Qs Js Ts 9s\n", "Ann shows 6 cards: a Jackpots hand is 5 cards"),
    ("jackpots", "Ann: dealt As Ks Qs Js Ts 9s\n", "Ann is dealt 6 cards: a Jackpots hand is 5 cards"),
    ("straight_draw", "Ann: dealt As Ks\n", "Ann is dealt 2 cards: a Straight draw hand is 5 cards"),
    ("jackpots", "Ann: bets 2\nBob: calls\nCy: folds\nAnn: draws 6\n", "Ann draws 6 cards: a Jackpots hand is 5"),
    ("jackpots", "Ann: shows openers As Ad Ks Kd Qs Qd\n", "Ann shows 6 cards as his openers"),
    # brag: "three cards to each player" (seed-001)
    ("three_card_brag", "Ann: dealt As Ks Qs Js Ts\n", "a Three-card Brag hand is 3 cards"),
    ("stop_the_bus", "Ann: shows As Ks Qs Js\n", "Ann shows 4 cards: a Stop the Bus hand is 3 cards"),
    # seven-card brag: seven cards, two hands of three and a discard (seed-001)
    ("seven_card_brag", "Ann: dealt As Ks Qs Js Ts 9s\n", "Ann is dealt 6 cards: a Seven-card Brag hand is 7"),
    ("seven_card_brag", "Ann: arranges As Ks Qs Js | Ts 9s 8s\n", "Ann's hand 1 has 4 cards, not 3"),
    ("seven_card_brag", "Bob: stake 1\nCy: stake 1\nAnn: stake 1\nBob: reveals Ah Kh Qh Jh\n",
     "Bob's revealed hand has 4 cards, not 3"),
    ("nine_card_brag", "Ann: arranges As Ks Qs | Js Ts 9s\n", "Ann arranges 2 hands"),
    # whiskey poker: "five cards face down" (seed-000)
    ("whiskey_poker", "Ann: dealt Jd Tc 4d 9h\n", "Ann is dealt 4 cards: a Whiskey Poker hand is 5 cards"),
    ("la_viuda", "Ann: shows Jd Tc 4d 9h 8h 7h\n", "Ann shows 6 cards: a La Viuda hand is 5 cards"),
    # five-card stud: a hole card and four upcards
    ("five_card_stud", "Ann: dealt ??\nAnn: dealt up Ks\nAnn: dealt up Qs\nAnn: dealt up Js\nAnn: dealt up Ts\n"
     "Ann: dealt up 9s\n", "Ann is dealt 1 more card but holds 5: a Five-card Stud hand is 5 cards"),
])
def test_a_hand_of_the_wrong_size_is_refused_with_the_count_expected(game: str, lines: str, error: str) -> None:
    with pytest.raises(HandFileError, match="(?i)" + error.replace("(", r"\(").replace(")", r"\)")):
        replay(game, lines)


@pytest.mark.parametrize(("game", "options", "line", "hint"), [
    ("whiskey_poker", "", "Ann: dealt Jd Tc 4d Jk2 Jk1", "whiskey poker is played with the 52 cards, no joker"),
    ("jackpots", "", "Ann: dealt Jd Tc 4d Jk2 9h", "jackpots.bug"),
    ("la_viuda", "option laviuda.jokers = 0\n", "Ann: dealt Jd Tc 4d Jk2 9h", "laviuda.jokers"),
    ("three_card_brag", "", "Ann: dealt Jd Jk1 4d", "correct the card"),
])
def test_a_card_the_pack_does_not_hold_is_refused_in_every_game(game: str, options: str, line: str,
                                                                  hint: str) -> None:
    """One treatment of an impossible card: not a ruling (whiskey poker used to call it a misdeal with no
    rule broken) but input to correct, at its line."""
    with pytest.raises(HandFileError, match=r"Jk[12] is not a card of the .* pack") as err:
        replay_night_file(parse_night(f"rulebook: {game}\n{options}{SEATS}{line}\n"))
    assert hint in (err.value.hint or "")


def test_the_table_refuses_an_impossible_hand_and_stores_nothing(sqlite_url: str) -> None:
    with open_store(sqlite_url) as store:
        with store.transaction() as tx:
            session = tx.new_session(table_name="Kitchen", rulebook="whiskey_poker", chip_value_cents=25,
                                        seats=[SeatSpec(n, 20) for n in ("Ann", "Bob", "Cy")])
        sid = str(session.id)
    assert run("act", sid, "new hand", "--db", sqlite_url).returncode == 0
    for line, words in (("Ann: dealt Jd Tc 4d Jk2 Jk1", "Jk2 is not a card of the Whiskey Poker pack"),
                        ("Ann: dealt Jd Tc 4d 9h 8h 7h", "Ann is dealt 6 cards: a Whiskey Poker hand is 5 cards"),
                        ("Ann: shows Jd Tc 4d", "Ann shows 3 cards: a Whiskey Poker hand is 5 cards")):
        refused = run("act", sid, line, "--db", sqlite_url)
        assert refused.returncode == 2 and words in refused.stderr, refused.stderr
        assert len(refused.stderr.splitlines()) <= 2  # the error and its hint, no traceback
        forced = run("act", sid, line, "--force", "--db", sqlite_url)  # not a rule broken: --force cannot log it
        assert forced.returncode == 2
    with open_store(sqlite_url) as store:
        assert store.events(int(sid), 1) == []


def test_a_repeated_show_is_refused_even_after_the_hand_is_over(sqlite_url: str) -> None:
    """A hand is laid face up once: the same ``shows`` line entered again (a second recorder, a double
    paste) is refused -- "Bob has already shown" -- like a repeated deal, bet or draw, and not logged twice."""
    with pytest.raises(HandFileError, match="Bob has already shown Qh Qd Qs 8d 2c"):
        replay("jackpots", "Ann: bets 2\nBob: calls\nCy: folds\nAnn: draws 1\nBob: draws 2\nAnn: checks\n"
                           "Bob: checks\nBob: shows Qh Qd Qs 8d 2c\nAnn: shows Ah Kh 7c 5d 3s\n"
                           "Bob: shows Qh Qd Qs 8d 2c\n")
    with open_store(sqlite_url) as store:
        with store.transaction() as tx:
            session = tx.new_session(table_name="Kitchen", rulebook="jackpots", chip_value_cents=25,
                                        seats=[SeatSpec(n, 100) for n in ("Ann", "Bob", "Cy", "Dee")])
        sid = str(session.id)
    played = run("act", sid, "new hand", "bob open 2", "cy f", "dee f", "ann f", "Bob: shows Qh Qd Qs 8d 2c",
                 "--db", sqlite_url)
    assert played.returncode == 0, played.stderr
    for _ in range(2):  # the hand is over: a second and a third show are refused all the same
        again = run("act", sid, "Bob: shows Qh Qd Qs 8d 2c", "--db", sqlite_url)
        assert again.returncode == 2 and "Bob has already shown Qh Qd Qs 8d 2c" in again.stderr, again.stderr
    with open_store(sqlite_url) as store:
        assert [r.text for r in store.events(int(sid), 1)].count("Bob: shows Qh Qd Qs 8d 2c") == 1
