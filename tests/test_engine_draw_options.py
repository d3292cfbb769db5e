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
from referee.engine.events import AllIn, Ask, Bet, Call, Check, Deal, Draw, Expose, Fold, Misdeal, Muck, Raise, Showdown, \
    TakePot
from referee.engine.outcome import PokerCarry
from referee.engine.places import MUCK, kept
from referee.engine.replay import play, start_hand
from referee.errors import InputError

from helpers.engine import FOUR_PLAYERS, dealt, findings_in_full, game_setup, replay_table, shown

FIVE = [*FOUR_PLAYERS, ("Eve", 100)]
SIX = [*FIVE, ("Fay", 100)]

#: Bob bets 1 and everybody calls: the pot is Ann's ante of 4 and 4 x 1 (actions 1-4)
CALLED = [Bet(player="Bob", amount=1), Call(player="Cy"), Call(player="Dee"), Call(player="Ann")]
#: everybody draws in turn from the dealer's left: Bob 2, Cy 1, Dee stands pat, Ann 3 (actions 5-8)
DRAWS = [Draw(player="Bob", count=2), Draw(player="Cy", count=1), Draw(player="Dee", count=0),
         Draw(player="Ann", count=3)]


def setup(options=None, seats=FOUR_PLAYERS, **kw):
    return game_setup("straight_draw", options, seats=seats, **kw)


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
    assert findings_in_full(r) == [(None, "ante_short", "Ann", "draw.2", "Ann could ante only 2 of 4", None)]


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
    assert findings_in_full(r) == [(None, "passed_out", None, "draw.all_check",
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
    assert findings_in_full(over) == [(len(called) + 1, "drew_too_many", "Bob", "draw.max_draw",
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
    assert (taken.count, taken.times, taken.discards, taken.received) == (
        5, 2, (*[UNKNOWN] * 4, *cards("7c")), (*[UNKNOWN] * 4, *cards("Kd")))
    state.push(Draw(player="Bob", count=1))  # a sixth card: no split draw gives one
    assert [(f.code, f.message) for f in state.findings] == [("draw_out_of_phase", "Bob cannot draw now (round2)")]


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
    assert findings_in_full(r) == [(at, code, "Bob", rule, message, "ignored")]


# ---------------------------------------------------------------------- the draw's own refusals


def test_a_draw_before_the_draw_is_ignored():
    """draw.7.1: "After the first betting round the dealer serves each player" -- Bob draws during round
    one: flagged and ignored; Cy is still to act in the betting."""
    r = replay_table(setup(), [Bet(player="Bob", amount=1), Draw(player="Bob", count=2)])
    assert findings_in_full(r) == [(2, "draw_out_of_phase", "Bob", "draw.7.1", "Bob cannot draw now (round1)", "ignored")]
    assert r.states[-1].to_act == "Cy"


def test_a_draw_by_a_player_who_folded_is_ignored():
    """draw.7.1: the dealer serves "each player still in the hand" -- Cy folded: his draw is ignored and
    Bob is still to draw."""
    r = replay_table(setup(), [Bet(player="Bob", amount=1), Fold(player="Cy"), Call(player="Dee"),
                               Call(player="Ann"), Draw(player="Cy", count=1)])
    assert findings_in_full(r) == [(5, "draw_not_in_hand", "Cy", "draw.7.1", "Cy is not in the hand and cannot draw", "ignored")]
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
        assert state.places.at(kept(1) if face_down else MUCK) == tuple(cards("7c 2d"))
        assert state.places.at(MUCK if face_down else kept(1)) == ()
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


# ---------------------------------------------------------------------- draw.round2_first

ROUND1_CY_OPENS = [Check(player="Bob"), Bet(player="Cy", amount=1), Call(player="Dee"), Call(player="Ann"),
                   Call(player="Bob")]


@pytest.mark.parametrize("option, seats, first", [
    # seed-002 draw.8: "Открывает его тот, кто первый сделал ставку в предыдущем круге торговли"
    ("first_bettor_round1", FOUR_PLAYERS, "Cy"),
    ("left_of_dealer", FOUR_PLAYERS, "Bob"),
    # Cy bet his last chip: he has nothing left to bet; the next player still in with chips opens
    ("first_bettor_round1", [("Ann", 100), ("Bob", 100), ("Cy", 1), ("Dee", 100)], "Dee"),
    ("left_of_dealer", [("Ann", 100), ("Bob", 100), ("Cy", 1), ("Dee", 100)], "Bob"),
    # Bob, on the dealer's left, bet his last chip: under left_of_dealer Cy opens
    ("left_of_dealer", [("Ann", 100), ("Bob", 1), ("Cy", 100), ("Dee", 100)], "Cy"),
])
def test_who_opens_the_second_betting_round(option, seats, first):
    """draw.8 / draw.round2_first: the first bettor of round one (seed-002), or the first player on the
    dealer's left (left_of_dealer) -- passing over a player who is all in."""
    draws = [Draw(player=n, count=1) for n in ("Bob", "Cy", "Dee", "Ann")]
    r = replay_table(setup({"draw.round2_first": option}, seats=seats), ROUND1_CY_OPENS + draws)
    assert (r.states[-1].phase, r.states[-1].to_act) == ("round2", first)
    assert r.findings == ()


def test_when_nobody_has_chips_left_after_the_draw_the_hand_goes_to_the_showdown():
    """draw.8 / draw.4.3: every player still in is all in after round one -- nobody can bet: when the last
    has drawn the hands are shown, from the last raiser (Bob, the only bettor), clockwise (draw.9)."""
    seats = [("Ann", 5), ("Bob", 1), ("Cy", 1), ("Dee", 1)]
    draws = [Draw(player=n, count=1) for n in ("Bob", "Cy", "Dee", "Ann")]
    r = replay_table(setup(seats=seats), CALLED + draws)
    assert r.states[-1].phase == "showdown"
    assert r.outcome.showdown_order == ("Bob", "Cy", "Dee", "Ann")


# ---------------------------------------------------------------------- draw.showdown_first and draw.9

ROUND1_CY_RAISES = [Bet(player="Bob", amount=1), Raise(player="Cy", amount=1), Call(player="Dee"),
                    Call(player="Ann"), Call(player="Bob")]
ALL_PAT = [Draw(player=n, count=0) for n in ("Bob", "Cy", "Dee", "Ann")]


def guidance(options, events):
    state = start_hand(setup(options))
    for e in events:
        state.push(e)
    return state


@pytest.mark.parametrize("option, events, order, first", [
    # Cy raised last in the hand (round one); round two all checked
    ("last_raiser", ROUND1_CY_RAISES + ALL_PAT + [Check(player=n) for n in ("Bob", "Cy", "Dee", "Ann")],
     ("Cy", "Dee", "Ann", "Bob"), (2, "Cy bet or raised last in the hand", "draw.showdown_first")),
    # Cy raised last but folded in round two: the first to act after the draw (Bob) shows first
    ("last_raiser", ROUND1_CY_RAISES + ALL_PAT + [Check(player="Bob"), Fold(player="Cy"), Check(player="Dee"),
                                                  Check(player="Ann")],
     ("Bob", "Dee", "Ann"),
     (1, "Cy, who bet or raised last, is out in the hand: Bob was first to act after the draw", "draw.showdown_first")),
    # nobody bet at all (everybody checked round one, then went on to the draw)
    ("last_raiser", CHECKS + ALL_PAT + [Check(player=n) for n in ("Bob", "Cy", "Dee", "Ann")],
     ("Bob", "Cy", "Dee", "Ann"),
     (1, "nobody bet in the hand: Bob was first to act after the draw", "draw.showdown_first")),
    # the last bettor of the last round: Dee bet in round two
    ("last_bettor_or_first_to_act", ROUND1_CY_RAISES + ALL_PAT + [Check(player="Bob"), Check(player="Cy"),
                                                                  Bet(player="Dee", amount=2), Call(player="Ann"),
                                                                  Call(player="Bob"), Call(player="Cy")],
     ("Dee", "Ann", "Bob", "Cy"), (3, "Dee bet or raised last in the last betting round", "draw.showdown_first")),
    # nobody bet in round two: its first player (Bob, round one's first bettor) shows first
    ("last_bettor_or_first_to_act", ROUND1_CY_RAISES + ALL_PAT + [Check(player=n) for n in ("Bob", "Cy", "Dee", "Ann")],
     ("Bob", "Cy", "Dee", "Ann"),
     (1, "nobody bet in the last betting round: Bob was first to act after the draw", "draw.showdown_first")),
])
def test_who_shows_first_and_why(option, events, order, first):
    """draw.9 (seed-002): "Вскрытие карт начинается с игрока, который последний поднимал ставку, и затем
    продолжается по часовой стрелке"; draw.showdown_first = last_raiser (in the hand; nobody, or out:
    the first to act after the draw) or last_bettor_or_first_to_act (in the last round)."""
    opts = {"draw.showdown_first": option, "draw.all_check": "proceed_to_draw"}
    state = guidance(opts, events)
    assert state.phase == "showdown" and state.to_show() == first
    assert replay_table(setup(opts), events).outcome.showdown_order == order


def test_after_the_first_hand_is_shown_the_others_show_clockwise_and_a_muck_counts_as_done():
    """draw.9: "every remaining player in turn, clockwise from the first to show" -- Cy shows first; Dee
    mucks; Ann is next, clockwise from Cy; Bob showing before Ann is out of order."""
    events = ROUND1_CY_RAISES + ALL_PAT + [Check(player=n) for n in ("Bob", "Cy", "Dee", "Ann")]
    state = guidance(None, events)
    state.push(shown("Cy", "Qs Qd 9c 8h 3s"))
    assert state.to_show() == (3, "clockwise from Cy, who showed first", "draw.9")
    state.push(Muck(player="Dee"))
    assert state.to_show() == (0, "clockwise from Cy, who showed first", "draw.9")
    state.push(shown("Bob", "As Ad Kc 7h 2s"))
    assert [(f.action, f.code, f.player, f.rule, f.message) for f in state.findings] == [
        (16, "showed_out_of_order", "Bob", "draw.9", "Bob showed before Ann, who was to show first")]
    state.push(shown("Ann", "Jc Jd 2c 2d 9s"))
    assert state.to_show() is None
    o = state.outcome()
    # Ann's two pair (jacks and twos) beats Bob's aces: antes 4 and 4 x 2 are hers
    assert [(p.amount, p.winners) for p in o.pots] == [(4 + 8, ("Ann",))] and o.stacks["Ann"] == 100 - 4 - 2 + 12


def test_nobody_is_to_show_before_the_showdown_nor_after_an_unrecorded_play():
    """draw.9: who shows first is known only at the showdown; after a bare 'showdown:' line (the play not
    logged) nobody is known to be first, so any order of showing stands."""
    state = guidance(None, CALLED)
    assert state.to_show() is None
    state.push(Showdown())
    assert state.phase == "showdown" and state.to_show() is None
    state.push(shown("Dee", "4c 5d 6h 8s Th"))
    state.push(shown("Bob", "As Ad Kc 7h 2s"))
    state.push(shown("Ann", "Jc Jd 2c 2d 9s"))
    state.push(shown("Cy", "Qs Qd 9c 8h 3s"))
    assert state.findings == []
    assert [(p.amount, p.winners) for p in state.outcome().pots] == [(8, ("Ann",))]  # two pair beats aces


def test_a_showdown_line_after_the_hand_is_decided_is_refused():
    """'showdown:' stands where the logged play stops: after everybody folded to Bob the hand is over."""
    events = [Bet(player="Bob", amount=1), Fold(player="Cy"), Fold(player="Dee"), Fold(player="Ann"), Showdown()]
    with pytest.raises(InputError) as err:
        replay_table(setup(), events)
    assert err.value.message == "'showdown:' comes after the hand reached its uncontested"
    assert err.value.hint == "'showdown:' stands where the logged play stops; leave it out here"


# ---------------------------------------------------------------------- betting outside a betting round


@pytest.mark.parametrize("events, message, rule", [
    # the second round is over: the hands are to be shown
    (CALLED + DRAWS + [Check(player=n) for n in ("Bob", "Cy", "Dee", "Ann")] + [Bet(player="Bob", amount=1)],
     "Bob cannot bet now: the betting is over", "draw.4.3"),
    # everybody else folded: the hand is Bob's
    ([Bet(player="Bob", amount=1), Fold(player="Cy"), Fold(player="Dee"), Fold(player="Ann"), Raise(player="Bob", amount=1)],
     "Bob cannot raise now: no betting round is open (uncontested)", "draw.4.3"),
    # the draw: Bob is to draw
    (CALLED + [Call(player="Cy")], "Cy cannot call now: the draw is not over: Bob is to draw", "draw.7.1"),
])
def test_a_bet_when_no_betting_round_is_open_is_ignored_saying_why(events, message, rule):
    """draw.4.3: "A betting round ends when every player still in the hand has put the same amount"; draw.7.1:
    the draw comes between the rounds -- a bet outside a round is flagged and ignored."""
    r = replay_table(setup(), events)
    who = message.split()[0]
    assert findings_in_full(r, kind="illegal_action")[-1:] == [(len(events), "bet_outside_round", who, rule, message, "ignored")]


# ---------------------------------------------------------------------- the deal, exposed cards, misdeals


def test_cards_dealt_after_the_betting_began_or_to_a_player_not_dealt_in_are_flagged():
    """draw.3: "The dealer deals five cards face down to each player ... starting with the player on his
    left" -- before the betting; draw.misdeal: dealing to a player who is not in the deal (Dee has no
    chips) is a dealing error.  Both are flagged; the cards are his as logged."""
    seats = [("Ann", 100), ("Bob", 100), ("Cy", 100), ("Dee", 0)]
    r = replay_table(setup(seats=seats), [dealt("Bob", "As Ad Kc 7h 2s"), Bet(player="Bob", amount=1),
                                          dealt("Cy", "Qs Qd 9c 8h 3s"), dealt("Dee", "4c 5d 6h 8s Th")])
    assert findings_in_full(r) == [
        (3, "dealt_during_betting", "Cy", "draw.3", "cards dealt to Cy after the betting began", None),
        (4, "dealt_during_betting", "Dee", "draw.3", "cards dealt to Dee after the betting began", None),
        (4, "dealt_not_in_deal", "Dee", "draw.misdeal", "Dee has no chips and is not in this deal but was dealt cards",
         None)]


@pytest.mark.parametrize("options, before, by_dealer, code, remedy", [
    # the dealer exposes a card before anybody acts: a misdeal may be called
    (None, [], True, "card_exposed", "a misdeal if the table calls it before two players act"),
    (None, [Check(player="Bob")], True, "card_exposed", "a misdeal if the table calls it before two players act"),
    (None, [Check(player="Bob"), Check(player="Cy")], True, "card_exposed",
     "too late for a misdeal (two players have acted): the hand stands"),
    ({"draw.misdeal": "none"}, [], True, "card_exposed",
     "no misdeal under this rulebook: the error is corrected and play goes on"),
    # the player exposes his own card: it plays, the table may still call a misdeal for the deal
    (None, [], False, "card_exposed_plays", "a misdeal if the table calls it before two players act"),
    # after the first round: the card plays
    (None, CALLED, True, "card_exposed_plays", "the card plays"),
    (None, CALLED, False, "card_exposed_plays", "the card plays"),
])
def test_an_exposed_card_says_whether_it_can_make_a_misdeal(options, before, by_dealer, code, remedy):
    """draw.misdeal = rrop_list (RRoP): a misdeal "if found before two players have acted, when the first or
    second card is exposed ...; a card the dealer exposes before the draw must be kept"; draw.misdeal =
    none: no misdeal at all."""
    r = replay_table(setup(options), [*before, Expose(player="Bob", card=cards("As")[0], by_dealer=by_dealer)])
    by = "the dealer" if by_dealer else "Bob"
    assert findings_in_full(r) == [(len(before) + 1, code, "Bob", "draw.misdeal", f"Bob's card As was exposed by {by}", remedy)]


@pytest.mark.parametrize("options, before, message, remedy", [
    ({"draw.misdeal": "none"}, [], "a misdeal was called (two cards exposed) but this rulebook has none",
     "ignored: the error is corrected and play goes on"),
    (None, [Check(player="Bob"), Check(player="Cy")], "a misdeal was called (two cards exposed) after two players had acted",
     "ignored: too late, the hand stands"),
    (None, CALLED + [Draw(player="Bob", count=1)],
     "a misdeal was called (two cards exposed) after two players had acted", "ignored: too late, the hand stands"),
])
def test_a_misdeal_called_too_late_or_under_no_misdeal_is_ignored(options, before, message, remedy):
    """draw.misdeal: a misdeal only "if found before two players have acted"; under none, never: the call
    is flagged and the hand goes on."""
    r = replay_table(setup(options), [*before, Misdeal(reason="two cards exposed")])
    assert findings_in_full(r) == [(len(before) + 1, "misdeal_refused", None, "draw.misdeal", message, remedy)]
    assert r.outcome.kind == "in_progress"


def test_a_misdeal_before_two_players_act_returns_the_bets_and_the_same_dealer_deals_again():
    """draw.misdeal = rrop_list: Bob bet 2, then the misdeal is called: his 2 come back, Ann's ante of 4
    stays in the pot for Ann's redeal, whose antes are already in."""
    r = replay_table(setup(), [Bet(player="Bob", amount=2), Misdeal(reason="two cards exposed")])
    assert findings_in_full(r) == [(2, "misdeal_called", None, "draw.misdeal",
                        "misdeal (two cards exposed): bets are returned and the same dealer deals again", None)]
    o = r.outcome
    assert (o.kind, o.stacks, o.carried) == ("misdeal", {"Ann": 96, "Bob": 100, "Cy": 100, "Dee": 100}, 4)
    assert (o.next_hand.dealer, o.next_hand.same_dealer, o.next_hand.carry) == ("Ann", True,
                                                                                 PokerCarry(4, antes_in=True))
    redeal = replay_table(setup(seats=list(o.stacks.items()), carry_in=o.next_hand.carry), [])
    assert redeal.outcome.stacks == o.stacks and redeal.outcome.in_middle == 4


@pytest.mark.parametrize("options, events, later", [
    (None, [], {"show_order", "misdeal"}),
    (None, [Check(player="Bob")], {"show_order", "misdeal"}),
    (None, [Check(player="Bob"), Check(player="Cy")], {"show_order"}),
    ({"draw.misdeal": "none"}, [], {"show_order"}),
    # every hand logged as dealt: a misdeal claim can be judged now
    (None, [dealt("Bob", "As Ad Kc 7h 2s"), dealt("Cy", "Qs Qd 9c 8h 3s"), dealt("Dee", "4c 5d 6h 8s Th"),
            dealt("Ann", "Jc Jd 2c 2d 9s")], {"show_order"}),
    (None, CALLED, {"show_order"}),
    (None, CALLED + DRAWS + [Check(player=n) for n in ("Bob", "Cy", "Dee", "Ann")], set()),
    (None, [Bet(player="Bob", amount=1), Fold(player="Cy"), Fold(player="Dee"), Fold(player="Ann")], set()),
])
def test_what_the_hand_has_not_reached_the_point_of_judging(options, events, later):
    """draw.showdown_first: who shows first is known when the betting is over; draw.misdeal: a misdeal is
    judged from the cards as dealt, and may be called until two players have acted."""
    state = guidance(options, events)
    found = state.judged_later()
    assert {k for k in found if k in ("show_order", "misdeal")} == later
    if "show_order" in later:
        assert (found["show_order"].rule, found["show_order"].when) == (
            "draw.showdown_first", "who shows first is known when the betting is over and the showdown begins")
    if "misdeal" in later:
        assert (found["misdeal"].rule, found["misdeal"].when) == (
            "draw.misdeal", "a misdeal is judged from the cards as dealt, once they are seen (logged, or exposed), "
                            "and may be called until two players have acted")


# ---------------------------------------------------------------------- shows, mucks and the rake


def test_a_hand_shown_during_play_and_a_muck_outside_the_showdown_are_flagged():
    """draw.9: hands are shown at the showdown -- Bob shows during round one (flagged; the cards are seen)
    and Cy mucks during it (flagged; he is out of the hand)."""
    r = replay_table(setup(), [shown("Bob", "As Ad Kc 7h 2s"), Muck(player="Cy")])
    assert findings_in_full(r) == [(1, "showed_during_play", "Bob", None, "Bob showed his hand during play", None),
                       (2, "mucked_outside_showdown", "Cy", None, "Cy mucked outside the showdown", None)]
    assert r.states[-1].in_hand == ("Ann", "Bob", "Dee")


def test_openers_shown_reveal_cards_of_his_hand_and_decide_nothing():
    """A show of openers or discards (Jackpots' proof) in straight draw only shows cards of his hand."""
    state = guidance(None, CALLED)
    state.push(shown("Bob", "As Ad", purpose="openers"))
    assert state.findings == [] and set(cards("As Ad")) <= set(state.hand_of(1))


def test_taking_the_pot_early_or_a_pot_that_stays_is_flagged():
    """Raking the pot decides nothing: Bob takes it during round one (flagged at once), and the deal is
    then passed out (everybody checked, draw.5): the pot stays on the table, flagged at the end under
    draw.all_check for the action of the rake."""
    r = replay_table(setup(), [TakePot(player="Bob"), *CHECKS])
    assert findings_in_full(r) == [
        (1, "took_pot_early", "Bob", None, "Bob took the pot before the hand was over", None),
        (None, "passed_out", None, "draw.all_check", "everybody checked: the deal is void and the pot of 4 stays", None),
        (1, "took_pot_not_his", "Bob", "draw.all_check",
         "Bob took the pot, but it stays on the table: taking the pot decides nothing",
         "the pot goes where the ruling puts it")]


def test_the_winner_taking_his_pot_is_no_finding():
    """draw.4.3: everybody folded to Bob: the pot is his, and his raking it is what the ruling says."""
    r = replay_table(setup(), [Bet(player="Bob", amount=1), Fold(player="Cy"), Fold(player="Dee"), Fold(player="Ann"),
                               TakePot(player="Bob")])
    assert r.findings == () and r.outcome.stacks["Bob"] == 104
    assert [(p.amount, p.winners, p.rule) for p in r.outcome.pots] == [(5, ("Bob",), "draw.4.3")]


# ---------------------------------------------------------------------- what the draw takes and gives


@pytest.mark.parametrize("draw, before, discards, received", [
    # nothing of the deal logged: his hand before the draw is five unseen cards
    (Draw(player="Bob", count=2), (UNKNOWN,) * 5, (UNKNOWN,) * 2, (UNKNOWN,) * 2),
    # the new cards named in part: the rest are unseen
    (Draw(player="Bob", count=2, received=tuple(cards("Kd"))), (UNKNOWN,) * 5, (UNKNOWN,) * 2,
     (*cards("Kd"), UNKNOWN)),
    (Draw(player="Bob", count=0), (UNKNOWN,) * 5, (), ()),
])
def test_what_a_draw_took_from_an_unlogged_deal(draw, before, discards, received):
    """draw.7.3: the discards are set aside and as many cards dealt from the stub; cards the log does not
    name are unseen (??): a question about the draw is still answered from the count."""
    state = guidance(None, CALLED + [draw])
    taken = state.drawn[1]
    assert (taken.count, taken.times, taken.before, taken.discards, taken.received) == (
        draw.count, 1, before, discards, received)
    assert len(state.hand_of(1)) == 5 and state.hand_of(1)[3:] == ((*received,) if received else (UNKNOWN,) * 2)


def test_a_voided_bet_is_not_one_of_the_two_actions_that_end_the_misdeal():
    """draw.misdeal: a misdeal may be called "if found before two players have acted" -- under
    common.illegal_fix = void_and_reprompt Bob's bet of 5 (over the limit of 2) is void, so after his bet
    of 1 only one player has acted: the misdeal stands and his chip comes back."""
    events = [Bet(player="Bob", amount=5), Bet(player="Bob", amount=1), Misdeal(reason="card exposed")]
    r = replay_table(setup({"common.illegal_fix": "void_and_reprompt"}), events)
    assert [f.code for f in r.findings] == ["bet_over_limit", "misdeal_called"]
    assert r.outcome.kind == "misdeal" and r.outcome.stacks["Bob"] == 100


def test_the_first_bet_of_round_one_is_the_first_that_stands():
    """draw.8: round two is opened by "the player who made the first bet in round 1" -- Bob's bet of 5 is
    void (void_and_reprompt), Bob then checks and Cy bets: Cy made the first bet and opens round two."""
    events = [Bet(player="Bob", amount=5), Check(player="Bob"), Bet(player="Cy", amount=1), Call(player="Dee"),
              Call(player="Ann"), Call(player="Bob")] + [Draw(player=n, count=1) for n in ("Bob", "Cy", "Dee", "Ann")]
    r = replay_table(setup({"common.illegal_fix": "void_and_reprompt"}), events)
    assert (r.states[-1].phase, r.states[-1].to_act) == ("round2", "Cy")


def test_nobody_may_check_in_round_one_under_bet_or_drop_but_round_two_allows_it():
    """draw.check_first_round = bet_or_drop: "In the first betting round nobody may check" -- the second
    round (draw.8: "He may check, bet or fold") is not the first."""
    opts = {"draw.check_first_round": "bet_or_drop"}
    r = replay_table(setup(opts), CALLED + DRAWS + [Check(player="Bob")])
    assert r.findings == () and r.states[-1].to_act == "Cy"
    first = play(setup(opts), []).legality(Check(player="Bob"))
    assert not first.legal and first.rules == ("draw.check_first_round",)


def test_the_prompt_outside_the_betting_and_the_draw():
    """draw.9: at the showdown no betting round and no draw is open: the prompt names the phase and nobody
    to act."""
    p = play(setup(), CALLED + DRAWS + [Check(player=n) for n in ("Bob", "Cy", "Dee", "Ann")]).prompt()
    assert (p.phase, p.to_act, p.legal, p.options) == ("showdown", None, (), None)


def test_an_unshown_hand_leaves_the_pot_undecided_naming_who_must_show():
    """draw.9: the best hand wins -- Bob's and Cy's hands are not known and not shown: the pot waits."""
    r = replay_table(setup(), CALLED + DRAWS + [Check(player=n) for n in ("Bob", "Cy", "Dee", "Ann")]
                     + [shown("Dee", "4c 5d 6h 8s Th"), shown("Ann", "Jc Jd 2c 2d 9s")])
    assert findings_in_full(r, kind="unverifiable") == [(None, "showdown_unverifiable", None, "draw.9",
                        "the showdown cannot be decided: show the hands of Bob, Cy",
                        "the pot is undecided until they are shown")]
    assert r.outcome.undecided == 8


def test_a_rake_while_the_pot_is_undecided_or_the_hand_goes_on_is_not_judged_yet():
    """Raking the pot decides nothing -- while the pot cannot be decided yet (hands unshown) or the hand
    is not over, a rake is not judged against the ruling."""
    unshown = CALLED + DRAWS + [Check(player=n) for n in ("Bob", "Cy", "Dee", "Ann")] + [TakePot(player="Bob")]
    assert [f.code for f in replay_table(setup(), unshown).findings] == ["showdown_unverifiable"]
    early = replay_table(setup(), [Bet(player="Bob", amount=1), TakePot(player="Bob")])
    assert [f.code for f in early.findings] == ["took_pot_early"]


# ---------------------------------------------------------------------- the draw's lines


def parsed(line):
    from referee.handfile import parse_night

    text = "rulebook: straight_draw\nseats: Ann 20, Bob 20, Cy 20, Dee 20\ndealer: Ann\n\nhand 1\nBob: " + line + "\n"
    (event,) = parse_night(text, source="night.txt").hands[0].events
    return event


@pytest.mark.parametrize("line, event, written", [
    ("stands pat", Draw(player="Bob", count=0), "stands pat"),
    ("stand pat", Draw(player="Bob", count=0), "stands pat"),
    ("draws 0", Draw(player="Bob", count=0), "stands pat"),
    ("draws 3", Draw(player="Bob", count=3), "draws 3"),
    ("draws 1 card", Draw(player="Bob", count=1), "draws 1"),
    ("draws 2 cards, discards 7c 2d, gets Kd Ks",
     Draw(player="Bob", count=2, discards=tuple(cards("7c 2d")), received=tuple(cards("Kd Ks"))),
     "draws 2, discards 7c 2d, gets Kd Ks"),
    ("draws 2, discards 7c 2d face down",
     Draw(player="Bob", count=2, discards=tuple(cards("7c 2d")), kept_face_down=True),
     "draws 2, discards 7c 2d face down"),
    ("draws 2, discards face down", Draw(player="Bob", count=2, kept_face_down=True), "draws 2, discards face down"),
    ("draws 1, receives Kd", Draw(player="Bob", count=1, received=tuple(cards("Kd"))), "draws 1, gets Kd"),
    ("draws 1, got ??", Draw(player="Bob", count=1, received=(UNKNOWN,)), "draws 1, gets ??"),
    ("draws 0, discards face down", Draw(player="Bob", count=0, kept_face_down=True), "draws 0, discards face down"),
    ("asks Ann", Ask(player="Bob", target="Ann"), "asks Ann"),
    ("asks cy, how many did you take?", Ask(player="Bob", target="Cy"), "asks Cy"),
])
def test_the_draws_lines_read_and_written(line, event, written):
    """draw.7.2: "Each player states how many cards he exchanges. A player who stands pat must say so" --
    the hand format's words of a draw and of the count question, read and written back."""
    from referee.handfile.writer import write_events

    assert parsed(line) == event
    assert write_events([event], "straight_draw") == [f"Bob: {written}"]


@pytest.mark.parametrize("line, message, hint", [
    ("draws three", "bad number of cards 'three'", "write 'draws 3'"),
    ("draws 3 4", "cannot read 'draws 3 4'", "write 'draws 3' or 'stands pat'"),
    ("draws 2, tosses 7c 2d", "cannot read 'tosses 7c 2d' in a draw",
     "write 'draws 2, discards 7c 2d face down, gets Kd Ks' (each part optional)"),
    ("draws 2, discards", "cannot read 'discards' in a draw",
     "write 'draws 2, discards 7c 2d face down, gets Kd Ks' (each part optional)"),
    ("draws 2, discards 7c", "Bob draws 2 but the line lists 1 discards", "the numbers must agree; write '??' for a card nobody saw"),
    ("draws 1, gets Kd Ks", "Bob draws 1 but the line lists 2 new cards", "the numbers must agree; write '??' for a card nobody saw"),
    ("asks Bob", "Bob asks himself", "write whom he asked: 'Bob: asks Ann'"),
])
def test_a_draw_line_that_cannot_be_read_is_refused(line, message, hint):
    from referee.errors import HandFileError

    with pytest.raises(HandFileError) as err:
        parsed(line)
    assert (err.value.message, err.value.hint, err.value.where) == (message, hint, "night.txt:6")


# ---------------------------------------------------------------------- a hand thrown in during play


@pytest.mark.parametrize("events, phase, to_act", [
    # round one: Bob bet, Cy and Dee called; Ann, last to act, throws her hand in: the draw begins
    ([Bet(player="Bob", amount=1), Call(player="Cy"), Call(player="Dee"), Muck(player="Ann")], "draw", "Bob"),
    # the draw: Bob, Cy and Dee have drawn; Ann, last to draw, throws her hand in: round two begins
    (CALLED + DRAWS[:3] + [Muck(player="Ann")], "round2", "Bob"),
    # round two: everybody checked but Ann, who throws her hand in: the showdown
    (CALLED + DRAWS + [Check(player=n) for n in ("Bob", "Cy", "Dee")] + [Muck(player="Ann")], "showdown", None),
])
def test_a_hand_thrown_in_by_the_last_to_act_ends_the_round_or_the_draw(events, phase, to_act):
    """draw.4.3 (seed-002): "Круг торговли заканчивается, когда все игроки, оставшиеся в игре, уравняли
    ставки"; draw.7.1: the dealer serves "каждым из игроков, оставшихся в игре (то есть с теми, кто не
    спасовал)" -- a player who throws his cards in during play is out of the hand (flagged: it is no
    showdown), and the play goes on without him: the round or the draw he was last in is over."""
    r = replay_table(setup(), events)
    assert findings_in_full(r)[0] == (len(events), "mucked_outside_showdown", "Ann", None, "Ann mucked outside the showdown", None)
    assert (r.states[-1].phase, r.states[-1].to_act) == (phase, to_act)
    assert "Ann" not in r.states[-1].in_hand


def test_the_last_player_left_after_the_others_throw_their_hands_in_takes_the_pot():
    """draw.4.3: everybody else is out of the hand -- Bob, the only one left, takes the pot uncontested
    (the antes 4 and the four calls)."""
    during_draw = CALLED + DRAWS[:1] + [Muck(player=n) for n in ("Cy", "Dee", "Ann")]
    r = replay_table(setup(), during_draw)
    assert (r.outcome.kind, r.outcome.stacks["Bob"]) == ("uncontested", 100 - 1 + 8)
    in_round = [Bet(player="Bob", amount=1), Fold(player="Cy"), Fold(player="Dee"), Muck(player="Ann")]
    r2 = replay_table(setup(), in_round)
    assert (r2.outcome.kind, r2.outcome.stacks["Bob"]) == ("uncontested", 100 + 4)


# ---------------------------------------------------------------------- the draw's refusals in Russian

VERBS_RU = [(Fold(player="Cy"), "спасовать"), (Check(player="Cy"), "сказать чек"), (Call(player="Cy"), "уравнять"),
            (Bet(player="Cy", amount=1), "сделать ставку"), (Raise(player="Cy", amount=2), "повысить"),
            (AllIn(player="Cy"), "пойти ва-банк")]


def test_the_draws_refusals_read_in_russian():
    """draw.7.1 and draw.max_draw, as a Russian table reads them (seed-002's words: прикуп): a bet while the
    draw is on names what he tried in its own words, and a draw of five cards where four may be drawn
    counts the cards in the plural form for five."""
    from referee import i18n

    with i18n.speaking("ru"):
        for event, verb in VERBS_RU:
            r = replay_table(setup(), CALLED + [event])
            assert [(f.message, f.remedy) for f in r.findings] == [
                (f"Cy сейчас не может {verb}: прикуп ещё не окончен: прикупает Bob", "не учитывается")]
        r = replay_table(setup(), CALLED + [Draw(player="Bob", count=5)])
        assert [(f.message, f.remedy) for f in r.findings] == [
            ("Bob прикупил 5 карт; можно прикупить не больше 4",
             "прикуп остаётся в силе: сданные карты нельзя забрать обратно")]


def test_the_draw_prompt_says_the_stack_of_the_player_to_draw():
    """draw.7.1: Bob, first to draw, has 99 chips after his bet of 1."""
    p = play(setup(), CALLED).prompt()
    assert (p.to_act, p.stack) == ("Bob", 99)
    assert (play(setup(), CALLED + DRAWS[:1]).prompt().to_act, play(setup(), CALLED + DRAWS[:1]).prompt().stack) == (
        "Cy", 99)


def test_a_misdeal_called_without_a_reason():
    """draw.misdeal: "misdeal" on its own line: the finding says so without a reason."""
    r = replay_table(setup(), [Misdeal()])
    assert [f.message for f in r.findings] == ["misdeal: bets are returned and the same dealer deals again"]
    late = replay_table(setup(), [Check(player="Bob"), Check(player="Cy"), Misdeal()])
    assert [f.message for f in late.findings] == ["a misdeal was called after two players had acted"]


def test_a_deal_with_an_unseen_card_can_still_be_judged_a_misdeal_later():
    """draw.misdeal: "a misdeal is judged from the cards as dealt, once they are seen" -- every hand logged
    but one card of Ann's unseen: not yet."""
    deal = [dealt("Bob", "As Ad Kc 7h 2s"), dealt("Cy", "Qs Qd 9c 8h 3s"), dealt("Dee", "4c 5d 6h 8s Th"),
            Deal(player="Ann", cards=(*cards("Jc Jd 2c 2d"), UNKNOWN))]
    assert "misdeal" in guidance(None, deal).judged_later()


def test_an_unrecorded_play_in_round_one_goes_to_the_showdown_under_either_showdown_rule():
    """'showdown:' where the logged play stops, in round one: no second round was logged, so nobody bet
    in it; the hands shown decide the pot whatever draw.showdown_first says."""
    for option in ("last_raiser", "last_bettor_or_first_to_act"):
        state = guidance({"draw.showdown_first": option}, [Bet(player="Bob", amount=1), Showdown()])
        assert (state.phase, state.showdown_order, state.to_show()) == ("showdown", [], None)


def test_a_player_out_of_the_hand_showing_at_the_showdown_is_not_out_of_order():
    """draw.9: the order binds those still in the hand -- Cy folded in round two; his cards shown at the
    showdown break no order."""
    events = CALLED + DRAWS + [Bet(player="Bob", amount=1), Fold(player="Cy"), Call(player="Dee"), Call(player="Ann")]
    r = replay_table(setup(), events + [shown("Cy", "Qs Qd 9c 8h 3s")])
    assert [f.code for f in r.findings if f.code == "showed_out_of_order"] == []
    assert r.outcome.showdown_order == ("Bob", "Dee", "Ann")


def test_the_first_to_rake_the_pot_is_the_one_judged():
    """Raking decides nothing: Cy rakes first (flagged with its action), then Bob, the winner."""
    r = replay_table(setup(), [Bet(player="Bob", amount=1), Fold(player="Cy"), Fold(player="Dee"), Fold(player="Ann"),
                               TakePot(player="Cy"), TakePot(player="Bob")])
    assert findings_in_full(r) == [(5, "took_pot_not_his", "Cy", "draw.4.3",
                        "Cy took the pot, but it belongs to Bob: taking the pot decides nothing",
                        "the pot goes where the ruling puts it")]


def test_a_player_with_no_chips_is_not_dealt_in_and_the_next_player_opens():
    """draw.4.1: "The first betting round begins with the eldest hand" -- Bob, on the dealer's left, has
    no chips and is not dealt in: Cy, the first player dealt in on the dealer's left, opens; Ann antes
    for the three players dealt in; the draw skips Bob too."""
    seats = [("Ann", 100), ("Bob", 0), ("Cy", 100), ("Dee", 100)]
    state = start_hand(setup(seats=seats))
    assert (state.prompt().to_act, state.stacks) == ("Cy", [97, 0, 100, 100])
    for e in [Bet(player="Cy", amount=1), Call(player="Dee"), Call(player="Ann")]:
        state.push(e)
    assert (state.phase, state.prompt().to_act, state.prompt().legal) == ("draw", "Cy", ("stand pat", "draw 1–4"))


def test_a_misdeal_after_a_passed_out_deal_keeps_the_count_of_deals_passed_out():
    """draw.misdeal / draw.5: a misdeal is no deal passed out, nor a deal played: the redeal inherits the
    count (one) and the pot (the ante of 4 that stayed, and this deal's 4), its antes already in."""
    r = replay_table(setup(dealer="Bob", carry_in=PokerCarry(4, passed_out=1)), [Misdeal()])
    assert r.outcome.next_hand.carry == PokerCarry(8, antes_in=True, passed_out=1)


def test_a_rake_of_a_split_pot_names_both_winners():
    """common.showdown_tie = split: Bob and Cy tie; Ann, out of the hand, rakes it: flagged naming both."""
    three = [("Ann", 100), ("Bob", 100), ("Cy", 100)]
    events = [dealt("Bob", "As Kd Qc Jh 9s"), dealt("Cy", "Ad Ks Qh Jc 9d"), Bet(player="Bob", amount=1),
              Call(player="Cy"), Fold(player="Ann"), Draw(player="Bob", count=0), Draw(player="Cy", count=0),
              Check(player="Bob"), Check(player="Cy"), shown("Bob", "As Kd Qc Jh 9s"), shown("Cy", "Ad Ks Qh Jc 9d"),
              TakePot(player="Ann")]
    r = replay_table(setup(seats=three), events)
    assert [(f.code, f.message) for f in r.findings] == [
        ("took_pot_not_his", "Ann took the pot, but it belongs to Bob, Cy: taking the pot decides nothing")]


@pytest.mark.parametrize("seats, events, message", [
    # Cy folded in round one; after the round he raises
    (FOUR_PLAYERS, [Bet(player="Bob", amount=1), Fold(player="Cy"), Call(player="Dee"), Call(player="Ann"),
                    Raise(player="Cy", amount=1)], "Cy has folded and cannot raise"),
    # Cy has no chips and is not dealt in
    ([("Ann", 100), ("Bob", 100), ("Cy", 0), ("Dee", 100)],
     [Bet(player="Bob", amount=1), Call(player="Dee"), Call(player="Ann"), Call(player="Cy")],
     "Cy is not in the hand and cannot call"),
])
def test_a_bet_by_a_player_out_of_the_hand_outside_a_round_names_him(seats, events, message):
    """draw.4.3: the betting is for the players still in the hand -- after the round is over, a bet by
    a player who folded, or who was never dealt in, is flagged against him and ignored."""
    r = replay_table(setup(seats=seats), events)
    assert findings_in_full(r) == [(len(events), "acted_not_in_hand", "Cy", "draw.4.3", message, "ignored")]


def test_a_draw_of_the_most_cards_allowed_out_of_turn_is_out_of_turn_only():
    """draw.7.1 and draw.max_draw (four players: four cards): Cy draws four before Bob -- out of turn, but
    not too many."""
    r = replay_table(setup(), CALLED + [Draw(player="Cy", count=4)])
    assert [(f.code, f.player) for f in r.findings] == [("drew_out_of_turn", "Cy")]
