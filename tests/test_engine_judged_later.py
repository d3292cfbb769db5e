"""What a hand's log does not decide yet (``HandState.judged_later``): the rules a dispute asked too early
is answered "not decided yet" by, each with the rule that says when it will be judged."""

from __future__ import annotations

from referee.cards import cards
from referee.engine.events import Bet, Call, Cover, Fold, Look, Show, Stake
from referee.engine.replay import play

from helpers.engine import THREE_PLAYERS, dealt, dealt_up, game_setup


def later(state) -> dict[str, str]:
    return {topic: judged.rule for topic, judged in state.judged_later().items()}


def test_a_straight_draw_deal_not_yet_seen_leaves_the_misdeal_and_the_show_order_to_later():
    """draw.misdeal = rrop_list: "A misdeal is declared, if found before two players have acted, when ...";
    draw.9: the showdown goes "clockwise from the first to show (see draw.showdown_first)".  With no card
    of the deal logged and nobody acted, both wait; once two players have acted a misdeal can no longer
    be called, and who shows first still waits for the showdown; a hand that is over leaves nothing."""
    setup = game_setup("straight_draw", seats=THREE_PLAYERS)
    assert later(play(setup, [])) == {"show_order": "draw.showdown_first", "misdeal": "draw.misdeal"}
    assert play(setup, []).judged_later()["misdeal"].when == (
        "a misdeal is judged from the cards as dealt, once they are seen (logged, or exposed), and may be "
        "called until two players have acted")
    assert play(setup, []).judged_later()["show_order"].when == (
        "who shows first is known when the betting is over and the showdown begins")
    assert later(play(setup, [Bet("Bob", 1)])) == {"show_order": "draw.showdown_first", "misdeal": "draw.misdeal"}
    assert later(play(setup, [Bet("Bob", 1), Call("Cy")])) == {"show_order": "draw.showdown_first"}
    assert later(play(setup, [Bet("Bob", 1), Fold("Cy"), Fold("Ann")])) == {}


def test_a_straight_draw_deal_seen_whole_leaves_no_misdeal_to_judge():
    """draw.misdeal: the claim "is judged from the cards as dealt, once they are seen": every hand
    logged, the misdeal is decided from the log now; under draw.misdeal = none there is none to call."""
    setup = game_setup("straight_draw", seats=THREE_PLAYERS)
    deal = [dealt("Bob", "2c 3c 4c 5c 7d"), dealt("Cy", "2d 3d 4d 5d 7h"), dealt("Ann", "2h 3h 4h 5h 7s")]
    assert later(play(setup, deal)) == {"show_order": "draw.showdown_first"}
    no_misdeal = game_setup("straight_draw", {"draw.misdeal": "none"}, seats=THREE_PLAYERS)
    assert later(play(no_misdeal, [])) == {"show_order": "draw.showdown_first"}


def test_a_jackpots_open_not_yet_proven_leaves_the_false_open_to_the_showdown():
    """jackpots.3: "After the showdown the opener must prove that he held jacks or better before the draw";
    what proves openers is what he shows the table.  Bob opens and nothing of his hand is shown: a false
    open is judged later (naming Bob); once he shows his openers there is nothing left to judge of it."""
    setup = game_setup("jackpots")
    opened = [Bet("Bob", 2), Call("Cy")]
    state = play(setup, opened)
    assert later(state)["false_open"] == "jackpots.3"
    assert "Bob's openers shown" in state.judged_later()["false_open"].when
    assert "false_open" not in later(play(setup, opened + [Show("Bob", tuple(cards("Jh Js")), "openers")]))
    assert "false_open" not in later(play(setup, []))  # nobody has opened


def test_a_brag_cover_leaves_who_contests_each_pot_to_the_end_of_the_betting():
    """brag.9.2: "At the end the last two players show for the side pot, and those two and the player who
    covered show for the main pot".  Cy (2 chips left after his ante) covers Bob's stake of 3 while Ann
    is still to act: who contests each pot is judged when the betting is over."""
    setup = game_setup("three_card_brag", seats=[("Ann", 50), ("Bob", 50), ("Cy", 3)])
    before = [Look("Bob"), Stake("Bob", 3), Look("Cy")]
    assert "cover" not in later(play(setup, before))
    assert later(play(setup, before + [Cover("Cy")]))["cover"] == "brag.9.2"


def test_a_stud_hand_leaves_who_shows_first_to_the_showdown():
    """stud.6 names the showdown after the last betting round, led by its last bettor: until the hand is
    over, who shows first is not decided; a deal everybody folds leaves nothing."""
    setup = game_setup("five_card_stud", seats=THREE_PLAYERS)
    deal = [dealt("Bob", "2c"), dealt("Cy", "3c"), dealt("Ann", "4c"),
            dealt_up("Bob", "Kh"), dealt_up("Cy", "Ks"), dealt_up("Ann", "9d")]
    assert later(play(setup, deal)) == {"show_order": "stud.6"}
    assert later(play(setup, deal + [Fold("Bob"), Fold("Cy")])) == {}
