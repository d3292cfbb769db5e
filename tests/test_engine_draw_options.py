"""Straight draw's house-rule options, each value, and the refusals of its own events (seed-002,
rulebook ``straight_draw``): who antes, what follows a round everybody checked, how many cards may be
drawn, who opens the second round and shows first, until when the count question is answered, and
every finding of a draw, a question, a deal, an exposed card, a misdeal, a show, a muck and a rake,
with its rule, player, action, message and remedy.

Four players Ann, Bob, Cy, Dee with 100 chips each; Ann deals unless a test says otherwise, so Bob (the
eldest hand) acts first and draws first (draw.4.1, draw.7.1)."""

from __future__ import annotations

import pytest

from referee.cards import UNKNOWN, cards
from referee.engine.events import Ask, Bet, Call, Check, Draw, Expose, Fold, Misdeal, Muck, Raise, Showdown, \
    TakePot
from referee.engine.outcome import PokerCarry
from referee.engine.replay import play, start_hand
from referee.errors import InputError

from helpers.engine import FOUR_PLAYERS, dealt, game_setup, replay_table, shown

FIVE = [*FOUR_PLAYERS, ("Eve", 100)]
SIX = [*FIVE, ("Fay", 100)]

#: Bob bets 1 and everybody calls: the pot is Ann's ante of 4 and 4 x 1 (actions 1-4)
CALLED = [Bet(player="Bob", amount=1), Call(player="Cy"), Call(player="Dee"), Call(player="Ann")]
#: everybody draws in turn from the dealer's left: Bob 2, Cy 1, Dee stands pat, Ann 3 (actions 5-8)
DRAWS = [Draw(player="Bob", count=2), Draw(player="Cy", count=1), Draw(player="Dee", count=0),
         Draw(player="Ann", count=3)]


def setup(options=None, seats=FOUR_PLAYERS, **kw):
    return game_setup("straight_draw", options, seats=seats, **kw)


def rows(replay, *, kind=None):
    """(action, code, player, rule, message, remedy) of each finding (of one kind, if given)."""
    return [(f.action, f.code, f.player, f.rule, f.message, f.remedy) for f in replay.findings
            if kind is None or f.kind == kind]


# ---------------------------------------------------------------------- draw.ante


@pytest.mark.parametrize("option, seats, stacks, pot", [
    # seed-002 draw.2: "сдающий кладёт в центр стола шесть фишек ... по одной фишке на каждого игрока"
    ("dealer_antes_N", FOUR_PLAYERS, {"Ann": 96, "Bob": 100, "Cy": 100, "Dee": 100}, 4),
    ("dealer_antes_N", SIX, {"Ann": 94, "Bob": 100, "Cy": 100, "Dee": 100, "Eve": 100, "Fay": 100}, 6),
    # a player with no chips is not dealt in and is no ante's worth
    ("dealer_antes_N", [("Ann", 100), ("Bob", 100), ("Cy", 100), ("Dee", 0)],
     {"Ann": 97, "Bob": 100, "Cy": 100, "Dee": 0}, 3),
    # hoyle-jp: "everyone antes"
    ("each_player_antes_1", FOUR_PLAYERS, {"Ann": 99, "Bob": 99, "Cy": 99, "Dee": 99}, 4),
    ("each_player_antes_1", [("Ann", 100), ("Bob", 100), ("Cy", 100), ("Dee", 0)],
     {"Ann": 99, "Bob": 99, "Cy": 99, "Dee": 0}, 3),
])
def test_who_antes_before_the_deal(option, seats, stacks, pot):
    """draw.ante: the dealer antes one chip per player dealt in (seed-002, "по одной фишке на каждого
    игрока"), or every player dealt in antes one chip."""
    r = replay_table(setup({"draw.ante": option}, seats=seats), [])
    assert r.outcome.stacks == stacks and r.outcome.in_middle == pot and r.findings == ()


def test_a_dealer_short_of_the_ante_antes_what_he_has_and_it_is_noted():
    """draw.2: "the pot receives an ante of one chip per player" -- Ann deals with 2 chips for four
    players: she antes her 2, noted under draw.2 at the end of the hand."""
    r = replay_table(setup(seats=[("Ann", 2), ("Bob", 100), ("Cy", 100), ("Dee", 100)]), [])
    assert r.outcome.stacks["Ann"] == 0 and r.outcome.in_middle == 2
    assert rows(r) == [(None, "ante_short", "Ann", "draw.2", "Ann could ante only 2 of 4", None)]


# ---------------------------------------------------------------------- draw.all_check

CHECKS = [Check(player=n) for n in ("Bob", "Cy", "Dee", "Ann")]


@pytest.mark.parametrize("option, dealer, same_dealer", [
    ("redeal_next_dealer_adds_N", "Bob", False),
    ("redeal_same_dealer_all_reante", "Ann", True),
])
def test_a_first_round_everybody_checks_ends_the_deal_and_the_pot_stays(option, dealer, same_dealer):
    """draw.5 (seed-002): "Если в первом круге торговли все игроки, включая сдающего, выбирают чек,
    раздача считается завершённой" -- the deal is void, Ann's ante of 4 stays for the redeal; the next
    dealer (Bob) redeals, or, under redeal_same_dealer_all_reante, Ann again; the carry counts one
    deal passed out."""
    r = replay_table(setup({"draw.all_check": option}), CHECKS)
    o = r.outcome
    assert (o.kind, o.carried, o.stacks) == ("passed_out", 4, {"Ann": 96, "Bob": 100, "Cy": 100, "Dee": 100})
    assert rows(r) == [(None, "passed_out", None, "draw.all_check",
                        "everybody checked: the deal is void and the pot of 4 stays", None)]
    assert (o.next_hand.dealer, o.next_hand.same_dealer) == (dealer, same_dealer)
    assert o.next_hand.carry == PokerCarry(4, passed_out=1)
    assert o.summary == "passed out: 4 chips carried to the next deal"


def test_everybody_checking_goes_on_to_the_draw_under_proceed_to_draw():
    """draw.all_check = proceed_to_draw: "the hand goes on to the draw as usual" -- Bob draws first and
    may take up to four cards (four players, draw.max_draw)."""
    r = replay_table(setup({"draw.all_check": "proceed_to_draw"}), CHECKS)
    assert r.findings == () and r.outcome.kind == "in_progress"
    p = play(setup({"draw.all_check": "proceed_to_draw"}), CHECKS).prompt()
    assert (p.phase, p.to_act, p.legal) == ("draw", "Bob", ("stand pat", "draw 1–4"))


def test_after_proceed_to_draw_nobody_bet_so_round_two_opens_on_the_dealers_left():
    """draw.8: "the second round is begun by the player who made the first bet in round 1" -- nobody bet
    (everybody checked, draw.all_check = proceed_to_draw): the first player still in on the dealer's
    left (Bob) opens it."""
    r = replay_table(setup({"draw.all_check": "proceed_to_draw"}), CHECKS + DRAWS)
    assert (r.states[-1].phase, r.states[-1].to_act) == ("round2", "Bob")


@pytest.mark.parametrize("option, stacks, pot", [
    # the next dealer (Bob) adds one chip per player: 4 + 4 (seed-002: 6 + 6 = 12)
    ("redeal_next_dealer_adds_N", {"Ann": 96, "Bob": 96, "Cy": 100, "Dee": 100}, 8),
    # every player antes one again, the dealer (Ann) too, whoever antes otherwise
    ("redeal_same_dealer_all_reante", {"Ann": 95, "Bob": 99, "Cy": 99, "Dee": 99}, 8),
])
def test_the_redeal_after_everybody_checked(option, stacks, pot):
    """draw.5 / draw.all_check: the next deal's antes go on top of the pot that stayed."""
    o = replay_table(setup({"draw.all_check": option}), CHECKS).outcome
    nh = o.next_hand
    redeal = replay_table(setup({"draw.all_check": option}, seats=list(o.stacks.items()), dealer=nh.dealer,
                                carry_in=nh.carry), [])
    assert redeal.outcome.stacks == stacks and redeal.outcome.in_middle == pot and redeal.findings == ()


def test_a_second_deal_passed_out_in_a_row_is_counted_in_the_carry():
    """draw.5: each deal everybody checks is void again; the carry counts the deals passed out in a row
    (two) and holds both antes (8)."""
    o = replay_table(setup(), CHECKS).outcome
    nh = o.next_hand
    second = [Check(player=n) for n in ("Cy", "Dee", "Ann", "Bob")]
    o2 = replay_table(setup(seats=list(o.stacks.items()), dealer=nh.dealer, carry_in=nh.carry), second).outcome
    assert o2.kind == "passed_out" and o2.next_hand.carry == PokerCarry(8, passed_out=2)
    assert o2.next_hand.dealer == "Cy"


def test_a_hand_that_is_won_carries_nothing_and_forgets_the_passed_out_deals():
    """draw.9: the pot is won; nothing is carried (the count of passed-out deals starts again)."""
    carry = PokerCarry(4, passed_out=1)
    r = replay_table(setup(carry_in=carry), [Bet(player="Bob", amount=1), Fold(player="Cy"), Fold(player="Dee"),
                                             Fold(player="Ann")])
    assert r.outcome.kind == "uncontested" and r.outcome.next_hand.carry == PokerCarry(0)
    assert r.outcome.stacks["Bob"] == 100 + 4 + 4


# ---------------------------------------------------------------------- draw.max_draw


@pytest.mark.parametrize("option, seats, limit", [
    ("3_or_4_if_under_6", FOUR_PLAYERS, 4),
    ("3_or_4_if_under_6", FIVE, 4),
    ("3_or_4_if_under_6", SIX, 3),
    ("3", FOUR_PLAYERS, 3),
    ("3", SIX, 3),
    ("5_split_4_then_1", FOUR_PLAYERS, 4),
    ("5_split_4_then_1", SIX, 4),
])
def test_the_most_cards_one_may_draw_at_once(option, seats, limit):
    """draw.7.4 (seed-002): "Игрок имеет право обменять до трёх карт. (Если в игре участвует меньше шести
    игроков, разрешается заменить до четырёх карт.)"; draw.max_draw = 3: three; 5_split_4_then_1 (RRoP):
    four at once.  The draw's prompt offers standing pat or 1 to the limit; one card more is flagged
    under draw.max_draw and stands."""
    names = [n for n, _ in seats]
    called = [Bet(player="Bob", amount=1)] + [Call(player=n) for n in names[2:] + names[:1]]
    p = play(setup({"draw.max_draw": option}, seats=seats), called).prompt()
    assert (p.phase, p.to_act, p.legal) == ("draw", "Bob", ("stand pat", f"draw 1–{limit}"))
    assert [e.count for e in p.options.events("Bob")] == list(range(limit + 1))
    assert replay_table(setup({"draw.max_draw": option}, seats=seats), called + [Draw(player="Bob", count=limit)]
                        ).findings == ()
    over = replay_table(setup({"draw.max_draw": option}, seats=seats), called + [Draw(player="Bob", count=limit + 1)])
    assert rows(over) == [(len(called) + 1, "drew_too_many", "Bob", "draw.max_draw",
                           f"Bob drew {limit + 1} cards; at most {limit} may be drawn",
                           "the draw stands: cards dealt cannot be taken back")]


def test_the_fifth_card_comes_after_every_other_player_has_drawn():
    """draw.max_draw = 5_split_4_then_1 (RRoP): "a player who wants a fifth card receives it after every
    other player has drawn" -- Bob draws 4; when Ann (last) has drawn, round two is open and Bob, before
    anyone bets, takes his fifth: he has drawn 5 in two draws, nothing is flagged."""
    opts = {"draw.max_draw": "5_split_4_then_1"}
    draws = [Draw(player="Bob", count=4), Draw(player="Cy", count=1), Draw(player="Dee", count=0),
             Draw(player="Ann", count=3)]
    state = start_hand(setup(opts))
    for e in CALLED + draws:
        state.push(e)
    assert state.phase == "round2"
    state.push(Draw(player="Bob", count=1, discards=tuple(cards("7c")), received=tuple(cards("Kd"))))
    assert state.findings == [] and state.phase == "round2"
    taken = state.drawn[1]
    assert (taken.count, taken.times, taken.discards[-1:], taken.received) == (5, 2, tuple(cards("7c")),
                                                                                (*[UNKNOWN] * 4, *cards("Kd")))


@pytest.mark.parametrize("option, second, late, code, rule, message", [
    # a fifth card before the others have drawn: a second draw
    ("5_split_4_then_1", [Draw(player="Bob", count=1)], [], "drew_twice", "draw.7.4", "Bob has already drawn (4)"),
    # a fifth card once round two has begun: too late
    ("5_split_4_then_1", [], [Check(player="Bob"), Draw(player="Bob", count=1)], "draw_out_of_phase", "draw.7.1",
     "Bob cannot draw now (round2)"),
    # two cards after the four: not the one card the split allows
    ("5_split_4_then_1", [], [Draw(player="Bob", count=2)], "draw_out_of_phase", "draw.7.1",
     "Bob cannot draw now (round2)"),
    # no split draw under the seed's rule: a second draw, after the draw, is out of its phase
    ("3_or_4_if_under_6", [], [Draw(player="Bob", count=1)], "draw_out_of_phase", "draw.7.1",
     "Bob cannot draw now (round2)"),
    ("3_or_4_if_under_6", [Draw(player="Bob", count=1)], [], "drew_twice", "draw.7.4", "Bob has already drawn (4)"),
])
def test_a_second_draw_is_ignored_unless_it_is_the_split_fifth_card(option, second, late, code, rule, message):
    """draw.7.4 / draw.max_draw: only under 5_split_4_then_1, and only one card after four, after every
    other player has drawn and before the betting: any other second draw is flagged and ignored."""
    events = CALLED + [Draw(player="Bob", count=4)] + second + [Draw(player="Cy", count=1),
                                                                Draw(player="Dee", count=0), Draw(player="Ann", count=3)]
    r = replay_table(setup({"draw.max_draw": option}), events + late)
    at = 6 if second else len(events) + len(late)
    assert rows(r) == [(at, code, "Bob", rule, message, "ignored")]


# ---------------------------------------------------------------------- the draw's own refusals


def test_a_draw_before_the_draw_is_ignored():
    """draw.7.1: "After the first betting round the dealer serves each player" -- Bob draws during round
    one: flagged and ignored; Cy is still to act in the betting."""
    r = replay_table(setup(), [Bet(player="Bob", amount=1), Draw(player="Bob", count=2)])
    assert rows(r) == [(2, "draw_out_of_phase", "Bob", "draw.7.1", "Bob cannot draw now (round1)", "ignored")]
    assert r.states[-1].to_act == "Cy"


def test_a_draw_by_a_player_who_folded_is_ignored():
    """draw.7.1: the dealer serves "each player still in the hand" -- Cy folded: his draw is ignored and
    Bob is still to draw."""
    r = replay_table(setup(), [Bet(player="Bob", amount=1), Fold(player="Cy"), Call(player="Dee"),
                               Call(player="Ann"), Draw(player="Cy", count=1)])
    assert rows(r) == [(5, "draw_not_in_hand", "Cy", "draw.7.1", "Cy is not in the hand and cannot draw", "ignored")]
    assert (r.states[-1].phase, r.states[-1].to_act) == ("draw", "Bob")


def test_the_draw_goes_round_from_the_dealers_left_and_skips_who_folded():
    """draw.7.1: "the dealer serves each player still in the hand in turn, starting from his left; the
    dealer draws last" -- Cy folded: Bob, Dee, then Ann draw; the second round then opens with Bob."""
    state = start_hand(setup())
    for e in [Bet(player="Bob", amount=1), Fold(player="Cy"), Call(player="Dee"), Call(player="Ann")]:
        state.push(e)
    seen = []
    for name in ("Bob", "Dee", "Ann"):
        seen.append((state.phase, state.expected_actor(), state.prompt().to_act))
        state.push(Draw(player=name, count=1))
    assert seen == [("draw", n, n) for n in ("Bob", "Dee", "Ann")]
    assert (state.phase, state.expected_actor(), state.prompt().to_act) == ("round2", None, "Bob")
    assert state.findings == []


def test_a_draw_that_lists_more_cards_than_it_draws_is_refused():
    """draw.7.3: "the dealer gives him the same number of cards" -- a draw of 1 that lists two discards
    cannot be replayed: the line must say as many cards as are drawn."""
    bad = Draw(player="Bob", count=1, discards=tuple(cards("7c 2d")))
    with pytest.raises(InputError) as err:
        replay_table(setup(), CALLED + [bad])
    assert str(err.value.message) == "Bob draws 1 but the log lists 2 discards and 0 cards received"
    assert err.value.hint == "list at most as many discards and new cards as the number drawn"
    assert err.value.where == "hand 1, action 5"


def test_the_discards_go_to_the_muck_or_face_down_in_front_of_the_player():
    """draw.7.3: "A player's discards are handed in face down and set aside; the dealer gives him the same
    number of cards" -- Bob's 7c 2d go to the muck and Kd Ks join his hand; kept face down (a Jackpots
    opener's split), they lie in front of him instead."""
    for face_down in (False, True):
        state = start_hand(setup())
        for e in [dealt("Bob", "Ah Ad 7c 2d 9s"), *CALLED,
                  Draw(player="Bob", count=2, discards=tuple(cards("7c 2d")), received=tuple(cards("Kd Ks")),
                       kept_face_down=face_down)]:
            state.push(e)
        assert state.hand_of(1) == tuple(cards("Ah Ad 9s Kd Ks"))
        assert (1 in state.kept_face_down) == face_down
        assert state.drawn[1].before == tuple(cards("Ah Ad 7c 2d 9s"))
        assert state.drawn[1].discards == tuple(cards("7c 2d"))


# ---------------------------------------------------------------------- draw.count_question


def ask_rows(option, events):
    r = replay_table(setup({"draw.count_question": option}), events)
    return [(f.action, f.code, f.player, f.rule, f.message) for f in r.findings]


ANSWER = "Cy asks Bob how many cards Bob drew: Bob drew 2"
NEED_NOT = "Cy asks Bob how many cards Bob drew: Bob drew 2 (the log); asked after the betting began, Bob need not answer"


@pytest.mark.parametrize("option", ["answer_until_betting", "answer_until_action_after_draw"])
def test_a_question_during_the_draw_is_answered_from_the_log(option):
    """draw.7.7 (seed-002): "В ходе замены карт, перед началом ставок, любой участник может спросить у
    другого, сколько карт тот поменял" -- during the draw Cy asks Bob: Bob drew 2 (or stood pat; or, asked
    before his turn, has not drawn yet), answered under draw.7.7 whatever draw.count_question says."""
    assert ask_rows(option, CALLED + [Draw(player="Bob", count=2), Ask(player="Cy", target="Bob")]) == [
        (6, "draw_count_answer", "Cy", "draw.7.7", ANSWER)]
    assert ask_rows(option, CALLED + [Draw(player="Bob", count=0), Ask(player="Cy", target="Bob")]) == [
        (6, "draw_count_answer", "Cy", "draw.7.7", "Cy asks Bob how many cards Bob drew: Bob stood pat")]
    assert ask_rows(option, CALLED + [Ask(player="Cy", target="Bob")]) == [
        (5, "draw_count_answer", "Cy", "draw.7.7", "Cy asks Bob how many cards Bob drew: Bob has not drawn yet")]


@pytest.mark.parametrize("option, rule, message", [
    ("answer_until_betting", "draw.count_question", NEED_NOT),
    ("answer_until_action_after_draw", "draw.7.7", ANSWER),
])
def test_a_question_after_the_draw_before_any_bet_depends_on_the_count_question_rule(option, rule, message):
    """draw.count_question: the seed's "В ходе замены карт, перед началом ставок" (answer_until_betting)
    ends the duty to answer when the draw is over and the second round begins; RRoP's "until there has
    been an action after the draw" (answer_until_action_after_draw) keeps it until somebody acts --
    Cy asks Bob after Ann, the last, has drawn and before Bob (first to act) has acted."""
    assert ask_rows(option, CALLED + DRAWS + [Ask(player="Cy", target="Bob")]) == [
        (9, "draw_count_answer", "Cy", rule, message)]


@pytest.mark.parametrize("option", ["answer_until_betting", "answer_until_action_after_draw"])
def test_a_question_after_an_action_after_the_draw_need_not_be_answered(option):
    """draw.count_question: once Bob has checked in the second round (and at the showdown), Bob need not
    answer under either rule; the log still says what he drew."""
    assert ask_rows(option, CALLED + DRAWS + [Check(player="Bob"), Ask(player="Cy", target="Bob")]) == [
        (10, "draw_count_answer", "Cy", "draw.count_question", NEED_NOT)]
    showdown = CALLED + DRAWS + [Check(player=n) for n in ("Bob", "Cy", "Dee", "Ann")]
    assert ask_rows(option, showdown + [Ask(player="Cy", target="Bob")])[0] == (
        13, "draw_count_answer", "Cy", "draw.count_question", NEED_NOT)
