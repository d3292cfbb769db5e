"""Straight five-card draw (RULES.md section 1, seed-002): a test per rule and option."""

from __future__ import annotations

import pytest

from referee.cards import cards
from referee.engine.events import Ask, Bet, Call, Check, Deal, Draw, Fold, Misdeal, Raise, Show, Void
from referee.engine.state import HandSetup
from referee.engine.replay import play
from referee.rulebook import load_rulebook

from helpers.engine import dealt, finding_codes, game_setup, replay_table, replay_text_hand, replay_text_night, shown

SIX = [("Ann", 100), ("Bob", 100), ("Cy", 100), ("Dee", 100), ("Eve", 100), ("Fay", 100)]
FOUR = SIX[:4]


def setup(options=None, seats=FOUR, dealer="Ann", game="straight_draw", **kw):
    rb = load_rulebook(game)
    if options:
        rb = rb.with_options(options)
    return HandSetup(rb, seats, dealer, **kw)


def deal(name, text):
    return Deal(player=name, cards=tuple(cards(text)))


def rules_of(replay):
    return [f.rule for f in replay.findings if f.severity == "error"]


def full_hand():
    """Four players, dealer Ann: Bob opens 2, all call, all draw, Bob bets 5, Cy raises, showdown."""
    return [
        deal("Bob", "As Ad Kc 7h 2s"), deal("Cy", "Qs Qd 9c 8h 3s"),
        deal("Dee", "4c 5d 6h 8s Th"), deal("Ann", "Jc Jd 2c 2d 9s"),
        Bet(player="Bob", amount=2), Call(player="Cy"), Call(player="Dee"), Call(player="Ann"),
        Draw(player="Bob", count=3, discards=tuple(cards("Kc 7h 2s")), received=tuple(cards("Ah 3c 4h"))),
        Draw(player="Cy", count=3, discards=tuple(cards("9c 8h 3s")), received=tuple(cards("Qh 5c 6c"))),
        Draw(player="Dee", count=1, discards=tuple(cards("Th")), received=tuple(cards("7c"))),
        Draw(player="Ann", count=1, discards=tuple(cards("9s")), received=tuple(cards("Ks"))),
        Bet(player="Bob", amount=5), Raise(player="Cy", amount=5), Call(player="Dee"), Fold(player="Ann"),
        Call(player="Bob"),
        Show(player="Cy", cards=tuple(cards("Qs Qd Qh 5c 6c"))),
        Show(player="Dee", cards=tuple(cards("4c 5d 6h 8s 7c"))),
        Show(player="Bob", cards=tuple(cards("As Ad Ah 3c 4h"))),
    ]


def test_full_hand_showdown_best_hand_wins():
    """draw.9: "best hand wins": Dee's straight beats trip aces and trip queens; chips conserved."""
    r = replay_table(setup(), full_hand())
    assert r.findings == ()  # a legal hand, played in turn: nothing to find
    o = r.outcome
    assert o.kind == "showdown"
    assert [p.winners for p in o.pots] == [("Dee",)]
    # antes 4 (dealer Ann) + 4x2 + 3x10
    assert o.pots[0].amount == 4 + 8 + 30
    assert o.stacks == {"Ann": 100 - 4 - 2, "Bob": 88, "Cy": 88, "Dee": 100 - 12 + 42}
    assert sum(o.stacks.values()) == 400


def test_dealer_antes_for_all():
    """draw.2: "the dealer puts N chips (one per player) in the pot"."""
    r = replay_table(setup(seats=SIX), [])
    assert r.outcome.kind == "in_progress"
    assert r.outcome.stacks["Ann"] == 94


def test_each_player_antes_1():
    """draw.ante = each_player_antes_1 (hoyle-jp "everyone antes")."""
    r = replay_table(setup({"draw.ante": "each_player_antes_1"}), [Check(player="Bob")])
    assert r.states[-1].stacks == (99, 99, 99, 99)
    assert r.states[-1].pot == 4


def test_eldest_hand_acts_first_out_of_turn_flagged():
    """draw.4.1: "eldest hand first": Cy acting before Bob is out of turn; the action stands."""
    r = replay_table(setup(), [Check(player="Cy")])
    assert rules_of(r) == ["draw.4.1"]
    assert r.states[-1].to_act == "Bob"


def test_no_check_after_bet_must_act_again():
    """draw.4.2: "after a bet nobody may check"; draw.check_facing_bet = must_act_again (the default): "the
    player must act again and call, raise or fold; nothing he did is taken as chips put in"."""
    r = replay_table(setup(), [Bet(player="Bob", amount=2), Check(player="Cy")])
    f = r.illegal[0]
    assert (f.rule, f.action, f.player) == ("draw.4.2", 2, "Cy")
    assert f.remedy.startswith("void: Cy must act again (draw.check_facing_bet)")
    assert r.states[-1].stacks[2] == 100 and r.states[-1].to_act == "Cy"


@pytest.mark.parametrize("choice, remedy, cy_stack, cy_in", [
    ("taken_as_call", "taken as a call of 2 (draw.check_facing_bet)", 98, True),
    ("taken_as_fold", "taken as a fold (draw.check_facing_bet)", 100, False),
])
def test_no_check_after_bet_remedy_options(choice, remedy, cy_stack, cy_in):
    """draw.check_facing_bet = taken_as_call / taken_as_fold: "A check facing a bet is taken as a call" /
    "is taken as a fold"; the option decides, whatever common.illegal_fix says."""
    for fix in ("adjust_to_nearest_legal", "void_and_reprompt"):
        r = replay_table(setup({"draw.check_facing_bet": choice, "common.illegal_fix": fix}),
                        [Bet(player="Bob", amount=2), Check(player="Cy")])
        assert [(f.rule, f.remedy) for f in r.illegal] == [("draw.4.2", remedy)]
        assert r.states[-1].stacks[2] == cy_stack and ("Cy" in r.states[-1].in_hand) == cy_in


def test_void_and_reprompt_keeps_player_to_act():
    """common.illegal_fix = void_and_reprompt: the illegal check is void, Cy is still to act."""
    r = replay_table(setup({"common.illegal_fix": "void_and_reprompt"}),
                    [Bet(player="Bob", amount=2), Check(player="Cy")])
    assert r.illegal[0].remedy.startswith("void")
    assert r.states[-1].to_act == "Cy" and r.states[-1].stacks[2] == 100


def test_round_ends_when_stakes_equal():
    """draw.4.3: "A round ends when all remaining players have put in equal amounts" -> the draw."""
    r = replay_table(setup(), [Bet(player="Bob", amount=1), Call(player="Cy"), Call(player="Dee"),
                              Call(player="Ann")])
    assert r.states[-1].phase == "draw" and r.states[-1].to_act == "Bob"


def test_all_check_next_dealer_redeals_and_adds():
    """draw.5: everybody checks -> the deal is void; the next dealer adds N more (6 + 6 = 12)."""
    events = [Check(player=n) for n in ("Bob", "Cy", "Dee", "Eve", "Fay", "Ann")]
    r = replay_table(setup(seats=SIX), events)
    o = r.outcome
    assert o.kind == "passed_out" and o.carried == 6
    assert o.next_hand.dealer == "Bob" and o.next_hand.carry.pot == 6
    nxt = replay_table(setup(seats=list(o.stacks.items()), dealer="Bob", carry_in=o.next_hand.carry), [])
    assert nxt.states == () and nxt.outcome.kind == "in_progress"
    assert nxt.outcome.stacks["Bob"] == 94


def test_all_check_same_dealer_reante():
    """draw.all_check = redeal_same_dealer_all_reante: "the cards are thrown in, every player antes again and
    the same dealer deals again; the pot stays": each player's chips show one ante each on the redeal."""
    opts = {"draw.all_check": "redeal_same_dealer_all_reante"}
    r = replay_table(setup(opts), [Check(player=n) for n in ("Bob", "Cy", "Dee", "Ann")])
    assert r.outcome.next_hand.dealer == "Ann" and r.outcome.next_hand.same_dealer
    assert r.outcome.stacks == {"Ann": 96, "Bob": 100, "Cy": 100, "Dee": 100} and r.outcome.carried == 4
    redeal = replay_table(setup(opts, seats=list(r.outcome.stacks.items()), carry_in=r.outcome.next_hand.carry), [])
    assert redeal.outcome.stacks == {"Ann": 95, "Bob": 99, "Cy": 99, "Dee": 99}
    assert redeal.outcome.in_middle == 8


def test_all_check_proceed_to_draw():
    """draw.all_check = proceed_to_draw: "everyone checked: the draw follows"."""
    r = replay_table(setup({"draw.all_check": "proceed_to_draw"}),
                    [Check(player=n) for n in ("Bob", "Cy", "Dee", "Ann")])
    assert r.states[-1].phase == "draw"


def test_limit_before_draw_capped():
    """draw.6: "before the draw a bet or raise <= 2 chips": a bet of 4 is capped at 2."""
    r = replay_table(setup(), [Bet(player="Bob", amount=4)])
    f = r.illegal[0]
    assert f.rule == "draw.6" and f.remedy == "capped at 2"
    assert r.states[-1].stacks[1] == 98


def test_limit_after_draw_is_5():
    """draw.6: "after the draw <= 5 chips"."""
    events = [Bet(player="Bob", amount=1), Call(player="Cy"), Fold(player="Dee"), Fold(player="Ann"),
              Draw(player="Bob", count=0), Draw(player="Cy", count=2), Bet(player="Bob", amount=5),
              Raise(player="Cy", amount=6)]
    r = replay_table(setup(), events)
    assert [(f.rule, f.action, f.remedy) for f in r.illegal] == [("draw.6", 8, "capped at 5")]


def test_bet_minimum_one_chip():
    """draw.bet_min: "bet/raise >= 1 chip": a bet of 0 chips is no bet: nothing above the call."""
    v = play(setup({"draw.bet_min": 2}), []).legality(Bet(player="Bob", amount=1))
    assert not v.legal and v.rules == ("draw.6",)
    assert "under the minimum of 2" in v.message


def test_three_raises_per_player():
    """draw.6 / draw.raise_cap = per_player_3: "one player may raise at most 3 times in one round"."""
    events = [Bet(player="Bob", amount=1), Raise(player="Cy", amount=1), Fold(player="Dee"), Fold(player="Ann"),
              Raise(player="Bob", amount=1), Raise(player="Cy", amount=1), Raise(player="Bob", amount=1),
              Raise(player="Cy", amount=1), Raise(player="Bob", amount=1), Raise(player="Cy", amount=1)]
    r = replay_table(setup(), events)
    assert [(f.rule, f.player, f.remedy) for f in r.illegal] == [("draw.raise_cap", "Cy", "taken as a call of 1")]
    assert r.states[-1].phase == "draw"


def test_opening_bet_counts_as_raise_option():
    """draw.opening_bet_counts_as_raise = yes: Bob's bet plus two raises use up his three."""
    events = [Bet(player="Bob", amount=1), Raise(player="Cy", amount=1), Fold(player="Dee"), Fold(player="Ann"),
              Raise(player="Bob", amount=1), Raise(player="Cy", amount=1), Raise(player="Bob", amount=1),
              Raise(player="Cy", amount=1), Raise(player="Bob", amount=1)]
    r = replay_table(setup({"draw.opening_bet_counts_as_raise": "yes"}), events)
    assert [(f.rule, f.player, f.action) for f in r.illegal] == [("draw.raise_cap", "Bob", 9)]


def test_bet_plus_four_raises_total():
    """draw.raise_cap = bet_plus_4_raises_total (RRoP "one bet and four raises")."""
    events = [Bet(player="Bob", amount=1), Raise(player="Cy", amount=1), Raise(player="Dee", amount=1),
              Raise(player="Ann", amount=1), Raise(player="Bob", amount=1), Raise(player="Cy", amount=1)]
    r = replay_table(setup({"draw.raise_cap": "bet_plus_4_raises_total"}), events)
    assert [(f.rule, f.player) for f in r.illegal] == [("draw.raise_cap", "Cy")]


def test_check_raise_forbidden():
    """draw.check_raise = forbidden: "a player who checked may not raise later in the round";
    draw.check_raise_breach = must_act_again (the default): "he must act again and call or fold"."""
    events = [Check(player="Bob"), Bet(player="Cy", amount=1), Fold(player="Dee"), Fold(player="Ann"),
              Raise(player="Bob", amount=1)]
    r = replay_table(setup({"draw.check_raise": "forbidden"}), events)
    assert [f.rule for f in r.illegal] == ["draw.check_raise"]
    assert r.illegal[0].remedy.startswith("void: Bob must act again (draw.check_raise_breach)")
    assert r.states[-1].to_act == "Bob" and r.states[-1].stacks[1] == 100
    assert not replay_table(setup(), events).illegal


@pytest.mark.parametrize("choice, remedy, bob_stack, bob_in", [
    ("taken_as_call", "taken as a call of 1 (draw.check_raise_breach)", 99, True),
    ("taken_as_fold", "taken as a fold (draw.check_raise_breach)", 100, False),
])
def test_check_raise_remedy_options(choice, remedy, bob_stack, bob_in):
    """draw.check_raise_breach = taken_as_call / taken_as_fold: the forbidden check-raise "is taken as a call
    of the bet he faces" / "is taken as a fold"."""
    events = [Check(player="Bob"), Bet(player="Cy", amount=1), Call(player="Dee"), Fold(player="Ann"),
              Raise(player="Bob", amount=1)]
    r = replay_table(setup({"draw.check_raise": "forbidden", "draw.check_raise_breach": choice}), events)
    assert [(f.rule, f.remedy) for f in r.illegal] == [("draw.check_raise", remedy)]
    assert r.states[-1].stacks[1] == bob_stack and ("Bob" in r.states[-1].in_hand) == bob_in


def test_bet_or_drop_first_round():
    """draw.check_first_round = bet_or_drop: "no-one may check" in round 1."""
    v = play(setup({"draw.check_first_round": "bet_or_drop"}), []).legality(Check(player="Bob"))
    assert not v.legal and v.rules == ("draw.check_first_round",)


def test_fixed_limit_bets_exactly_the_limit():
    """draw.betting = fixed_limit: "every bet and raise is exactly draw.limit_pre"."""
    r = replay_table(setup({"draw.betting": "fixed_limit"}), [Bet(player="Bob", amount=1)])
    assert [(f.rule, f.remedy) for f in r.illegal] == [("draw.betting", "raised to 2")]


def test_a_hand_is_judged_by_its_own_rulebook_when_another_of_that_name_was_used_first():
    """draw.6: "before the draw it is at most draw.limit_pre chips" -- the same hand replayed under
    the shipped limit (2) and then under a house copy of the rulebook with draw.limit_pre = 4: a bet
    of 3 is over the limit in the first and legal in the second (the betting rules follow the
    options in force, whichever rulebook of the same name came first)."""
    bet = [Bet(player="Bob", amount=3)]
    assert [f.code for f in replay_table(setup(), bet).illegal] == ["bet_over_limit"]
    assert replay_table(setup({"draw.limit_pre": 4}), bet).illegal == ()
    assert [f.code for f in replay_table(setup(), bet).illegal] == ["bet_over_limit"]


def test_max_draw_three_with_six_players():
    """draw.7 / draw.max_draw: "maximum 3 cards; 4 if fewer than six players"."""
    six = setup(seats=SIX)
    pre = [Bet(player="Bob", amount=1)] + [Call(player=n) for n in ("Cy", "Dee", "Eve", "Fay", "Ann")]
    r = replay_table(six, pre + [Draw(player="Bob", count=4)])
    assert [f.rule for f in r.illegal] == ["draw.max_draw"]
    four = [Bet(player="Bob", amount=1)] + [Call(player=n) for n in ("Cy", "Dee", "Ann")]
    assert not replay_table(setup(), four + [Draw(player="Bob", count=4)]).illegal
    r3 = replay_table(setup({"draw.max_draw": "3"}), four + [Draw(player="Bob", count=4)])
    assert [f.rule for f in r3.illegal] == ["draw.max_draw"]


def test_draw_in_turn_dealer_last():
    """draw.7.1: "dealer serves each active player in turn from his left"; dealer draws last."""
    pre = [Bet(player="Bob", amount=1)] + [Call(player=n) for n in ("Cy", "Dee", "Ann")]
    r = replay_table(setup(), pre + [Draw(player="Ann", count=1)])
    assert [(f.rule, f.player) for f in r.illegal] == [("draw.7.1", "Ann")]
    ok = replay_table(setup(), pre + [Draw(player=n, count=1) for n in ("Bob", "Cy", "Dee", "Ann")])
    assert not ok.illegal and ok.states[-1].phase == "round2"


def test_count_question_answered_from_log():
    """draw.7.7: "any player may ask any other how many cards he took"."""
    pre = [Bet(player="Bob", amount=1)] + [Call(player=n) for n in ("Cy", "Dee", "Ann")]
    r = replay_table(setup(), pre + [Draw(player="Bob", count=2), Ask(player="Cy", target="Bob")])
    answers = [f for f in r.findings if f.kind == "answer"]
    assert answers and "Bob drew 2" in answers[0].message and answers[0].rule == "draw.7.7"


def test_round2_opened_by_first_bettor():
    """draw.8: "Round 2 is begun by the player who made the first bet in round 1"."""
    pre = [Check(player="Bob"), Bet(player="Cy", amount=1), Call(player="Dee"), Call(player="Ann"),
           Call(player="Bob")]
    draws = [Draw(player=n, count=1) for n in ("Bob", "Cy", "Dee", "Ann")]
    r = replay_table(setup(), pre + draws)
    assert r.states[-1].to_act == "Cy"
    r2 = replay_table(setup({"draw.round2_first": "left_of_dealer"}), pre + draws)
    assert r2.states[-1].to_act == "Bob"


def test_round2_first_bettor_folded_next_to_left():
    """draw.8: "if he has folded, by the first active player to his left"."""
    pre = [Bet(player="Bob", amount=1), Raise(player="Cy", amount=1), Call(player="Dee"), Call(player="Ann"),
           Fold(player="Bob")]
    draws = [Draw(player=n, count=1) for n in ("Cy", "Dee", "Ann")]
    r = replay_table(setup(), pre + draws)
    assert r.states[-1].to_act == "Cy"


def test_showdown_starts_with_last_raiser():
    """draw.9: "Showdown starts with the last raiser and goes clockwise"."""
    r = replay_table(setup(), full_hand())
    assert r.outcome.showdown_order == ("Cy", "Dee", "Bob")


def test_unshown_hand_leaves_pot_undecided():
    """Partial information: Bob's final hand is unknown and not shown: the referee does not guess."""
    events = [Bet(player="Bob", amount=1), Call(player="Cy"), Fold(player="Dee"), Fold(player="Ann"),
              Draw(player="Bob", count=1), Draw(player="Cy", count=1), Check(player="Bob"), Check(player="Cy"),
              Show(player="Cy", cards=tuple(cards("As Ks Qs Js Ts")))]
    r = replay_table(setup(), events)
    assert r.outcome.undecided == 6 and not r.outcome.pots[0].decided
    unv = [f for f in r.findings if f.kind == "unverifiable"]
    assert unv and "Bob" in unv[0].message


def test_split_pot_odd_chip_stays_or_goes_left():
    """common.showdown_tie: "split" keeps the odd chip in the middle; odd_chip_left_of_dealer gives it."""
    three = [("Ann", 100), ("Bob", 100), ("Cy", 100)]
    events = [
        deal("Bob", "As Kd Qc Jh 9s"), deal("Cy", "Ad Ks Qh Jc 9d"),
        Bet(player="Bob", amount=1), Call(player="Cy"), Fold(player="Ann"),
        Draw(player="Bob", count=0), Draw(player="Cy", count=0), Check(player="Bob"), Check(player="Cy"),
        Show(player="Bob", cards=tuple(cards("As Kd Qc Jh 9s"))),
        Show(player="Cy", cards=tuple(cards("Ad Ks Qh Jc 9d"))),
    ]
    r = replay_table(setup(seats=three), events)
    o = r.outcome
    assert o.pots[0].amount == 5 and o.pots[0].winners == ("Bob", "Cy")
    assert o.carried == 1 and o.next_hand.carry.pot == 1
    assert o.stacks == {"Ann": 97, "Bob": 101, "Cy": 101}
    r2 = replay_table(setup({"common.showdown_tie": "odd_chip_left_of_dealer"}, seats=three), events)
    assert r2.outcome.pots[0].shares == {"Bob": 3, "Cy": 2}


def test_misdeal_before_two_act_returns_bets():
    """draw.misdeal = rrop_list: "misdeal if caught before two players act"; bets go back, same dealer."""
    r = replay_table(setup(), [Bet(player="Bob", amount=2), Misdeal(reason="card exposed")])
    o = r.outcome
    assert o.kind == "misdeal" and o.stacks["Bob"] == 100
    assert o.next_hand.dealer == "Ann" and o.next_hand.carry.antes_in and o.carried == 4
    late = replay_table(setup(), [Bet(player="Bob", amount=2), Call(player="Cy"), Misdeal()])
    assert late.outcome.kind == "in_progress"
    assert any(f.kind == "misdeal" and "after two players" in f.message for f in late.findings)


def test_void_correction_skips_action():
    """Corrections are new events: Void(3) removes Cy's mistaken fold from the replay."""
    r = replay_table(setup(), [Bet(player="Bob", amount=2), Fold(player="Cy"), Void(action=2, reason="misheard"),
                              Call(player="Cy")])
    assert "Cy" in r.states[-1].in_hand and not r.illegal


def test_uncontested_when_all_fold():
    """Outcome "all others folded": Bob takes the antes and his bet back."""
    r = replay_table(setup(), [Bet(player="Bob", amount=2)] + [Fold(player=n) for n in ("Cy", "Dee", "Ann")])
    assert r.outcome.kind == "uncontested" and r.outcome.stacks["Bob"] == 104


def test_fifth_card_after_everyone_else():
    """draw.max_draw = 5_split_4_then_1: "a player who wants a fifth card receives it after every
    other player has drawn"."""
    pre = [Bet(player="Bob", amount=1)] + [Call(player=n) for n in ("Cy", "Dee", "Ann")]
    draws = [Draw(player="Bob", count=4)] + [Draw(player=n, count=1) for n in ("Cy", "Dee", "Ann")]
    r = replay_table(setup({"draw.max_draw": "5_split_4_then_1"}), pre + draws + [Draw(player="Bob", count=1),
                                                                                  Ask(player="Cy", target="Bob")])
    assert not r.illegal
    assert "Bob drew 5" in [f for f in r.findings if f.kind == "answer"][0].message


def test_named_discards_from_an_unlogged_hand_are_learned_not_flagged():
    """Partial information: "Discards face down, set aside" (draw.7) — a scorekeeper who never logged the deal may
    still name the discards; they were among the unseen cards, so the log is consistent and nothing is flagged."""
    events = [Bet(player="Bob", amount=2), Call(player="Cy"), Fold(player="Dee"), Fold(player="Ann"),
              Draw(player="Bob", count=2, discards=tuple(cards("7c 2d"))), Draw(player="Cy", count=1)]
    r = replay_table(setup(), events)
    assert r.findings == ()


def test_a_discard_someone_else_holds_is_refused():
    """A card is in the pack once: Cy cannot discard the ace Bob was dealt."""
    import pytest

    from referee.errors import CardError

    events = [deal("Bob", "As Ad Kc 7h 2s"), Bet(player="Bob", amount=2), Call(player="Cy"), Fold(player="Dee"),
              Fold(player="Ann"), Draw(player="Bob", count=0), Draw(player="Cy", count=1, discards=tuple(cards("As")))]
    with pytest.raises(CardError, match="Cy discards As but Bob holds it") as err:
        replay_table(setup(), events)
    assert err.value.where == "hand 1, action 7"


def test_round2_first_bettor_folded_next_live_to_his_left_not_dealers_left():
    """draw.8 (seed-002): "Round 2 is begun by the player who made the first bet in round 1; if he has
    folded, by the first active player to his left" -- Cy bet first and folded; the first active player
    to *his* left is Dee, although Bob (the dealer's left) is still in."""
    pre = [Check(player="Bob"), Bet(player="Cy", amount=1), Raise(player="Dee", amount=1), Call(player="Ann"),
           Call(player="Bob"), Fold(player="Cy")]
    draws = [Draw(player=n, count=1) for n in ("Bob", "Dee", "Ann")]
    for game in ("straight_draw", "jackpots"):
        r = replay_table(game_setup(game), pre + draws)
        assert r.states[-1].phase == "round2" and r.states[-1].to_act == "Dee", game
        bad = replay_table(game_setup(game), pre + draws + [Check(player="Bob")])
        assert [(f.code, f.rule) for f in bad.illegal if f.action == 10] == [("acted_out_of_turn", "draw.8")]
    # draw.round2_first = left_of_dealer: Bob
    r2 = replay_table(game_setup("straight_draw", {"draw.round2_first": "left_of_dealer"}), pre + draws)
    assert r2.states[-1].to_act == "Bob"


SHOWDOWN_HANDS = {"Bob": "As Ad Kc 7h 2s", "Cy": "Qs Qd 9c 8h 3s", "Dee": "4c 5d 6h 8s Th", "Ann": "Jc Jd 2c 2d 9s"}


def showdown_hand(round2):
    """Everybody calls Dee's raise of Bob's bet in round 1, everybody stands pat, then ``round2``."""
    events = [dealt(n, h) for n, h in SHOWDOWN_HANDS.items()]
    events += [Bet(player="Bob", amount=1), Call(player="Cy"), Raise(player="Dee", amount=1), Call(player="Ann"),
               Call(player="Bob"), Call(player="Cy")]
    events += [Draw(player=n, count=0) for n in ("Bob", "Cy", "Dee", "Ann")]
    return events + round2


def test_showdown_order_from_the_last_raiser_clockwise():
    """draw.9 / draw.showdown_first = last_raiser: "Showdown starts with the last raiser and goes
    clockwise" -- with round 2 all checked the last raiser is Dee (round 1), so Dee, Ann, Bob, Cy;
    Bob showing before Dee and Ann is out of order."""
    checks = [Check(player=n) for n in ("Bob", "Cy", "Dee", "Ann")]
    r = replay_table(game_setup("straight_draw"), showdown_hand(checks))
    assert r.outcome.showdown_order == ("Dee", "Ann", "Bob", "Cy")
    early = replay_table(game_setup("straight_draw"), showdown_hand(checks) + [shown("Bob", SHOWDOWN_HANDS["Bob"])])
    assert [(f.code, f.rule) for f in early.findings if f.code == "showed_out_of_order"] == [
        ("showed_out_of_order", "draw.9")]
    in_order = showdown_hand(checks) + [shown(n, SHOWDOWN_HANDS[n]) for n in ("Dee", "Ann", "Bob", "Cy")]
    done = replay_table(game_setup("straight_draw"), in_order)
    assert "showed_out_of_order" not in finding_codes(done) and done.outcome.pots[0].winners == ("Ann",)
    # a raise in round 2 moves the start to that raiser; a folded raiser is skipped
    r2 = replay_table(game_setup("straight_draw"), showdown_hand(
        [Bet(player="Bob", amount=1), Raise(player="Cy", amount=1), Call(player="Dee"), Call(player="Ann"),
         Call(player="Bob")]))
    assert r2.outcome.showdown_order == ("Cy", "Dee", "Ann", "Bob")
    # draw.showdown_first = last_bettor_or_first_to_act: round 2 all checked -> its first player (Bob)
    r3 = replay_table(game_setup("straight_draw", {"draw.showdown_first": "last_bettor_or_first_to_act"}),
                     showdown_hand(checks))
    assert r3.outcome.showdown_order == ("Bob", "Cy", "Dee", "Ann")


def test_void_and_reprompt_a_raise_that_is_not_above_the_bet():
    """common.illegal_fix = void_and_reprompt, draw.6: a "raise" to no more than the bet is void and the
    player is still to act (betting.py: the void of raise_not_above_bet)."""
    events = [Bet(player="Bob", amount=1), Raise(player="Cy", amount=1), Call(player="Dee"), Call(player="Ann"),
              Raise(player="Bob", amount=1, to=True)]
    r = replay_table(game_setup("straight_draw", {"common.illegal_fix": "void_and_reprompt"}), events)
    assert [(f.code, f.rule, f.action) for f in r.illegal] == [("raise_not_above_bet", "draw.6", 5)]
    assert r.states[-1].to_act == "Bob" and r.states[-1].stacks[1] == 99


def test_a_draw_of_too_many_cites_the_max_draw_option():
    """draw.max_draw = 3_or_4_if_under_6: with four players at most 4 cards; Bob draws 5 -- flagged under
    draw.max_draw (straight_draw.py draw_breaches)."""
    events = [Bet(player="Bob", amount=1), Call(player="Cy"), Call(player="Dee"), Call(player="Ann"),
              Draw(player="Bob", count=5)]
    r = replay_table(game_setup("straight_draw"), events)
    assert [(f.code, f.rule, f.player) for f in r.illegal] == [("drew_too_many", "draw.max_draw", "Bob")]


def test_void_and_reprompt_breaches_keep_their_codes_and_rules():
    """common.illegal_fix = void_and_reprompt: a draw of too many cards (draw.max_draw) and a bet facing a
    bet (draw.4.2) are void, with their own codes and rules; the player is still to act."""
    opts = {"common.illegal_fix": "void_and_reprompt"}
    pre = [Bet(player="Bob", amount=1), Call(player="Cy"), Call(player="Dee"), Call(player="Ann")]
    r = replay_table(game_setup("straight_draw", opts), pre + [Draw(player="Bob", count=5)])
    assert [(f.code, f.rule) for f in r.illegal] == [("drew_too_many", "draw.max_draw")]
    assert r.states[-1].to_act == "Bob" and r.states[-1].phase == "draw"
    r2 = replay_table(game_setup("straight_draw", opts), [Bet(player="Bob", amount=1), Bet(player="Cy", amount=2)])
    assert [(f.code, f.rule) for f in r2.illegal] == [("bet_facing_bet", "draw.4.2")]
    assert r2.states[-1].to_act == "Cy"


def test_a_check_facing_a_bet_taken_as_a_call_is_a_call():
    """draw.4.2 with draw.check_facing_bet = taken_as_call: "after a bet nobody may check" -- Cy's check is
    taken as a call, and the round ends when the others call (it does not reopen the betting)."""
    events = [Bet(player="Bob", amount=2), Check(player="Cy"), Call(player="Dee"), Call(player="Ann")]
    r = replay_table(game_setup("straight_draw", {"draw.check_facing_bet": "taken_as_call"}), events)
    assert [(f.code, f.remedy) for f in r.illegal] == [
        ("check_facing_bet", "taken as a call of 2 (draw.check_facing_bet)")]
    assert r.states[-1].phase == "draw" and r.states[-1].stacks == (94, 98, 98, 98)


DRAW_ROUND1 = "Bob: checks\nCy: bets 1\nDee: calls\nAnn: calls\nBob: calls\n"


FOUR_SEATS = "Ann 100, Bob 100, Cy 100, Dee 100"


def test_a_checked_round_two_shows_down_from_its_first_player():
    """draw.showdown_first = last_bettor_or_first_to_act: "if nobody bet in that round, with the first
    player to act in it"; draw.round2_first = first_bettor_round1: Cy made the first bet, so he opens
    round two; all check -- the showdown begins with Cy, not the dealer's left (straight_draw.py
    start_showdown)."""
    r = replay_text_hand("straight_draw", DRAW_ROUND1 + "Bob: draws 1\nCy: draws 1\nDee: draws 1\nAnn: draws 1\n"
             "Cy: checks\nDee: checks\nAnn: checks\nBob: checks\n",
             "draw.showdown_first = last_bettor_or_first_to_act", seats=FOUR_SEATS)
    assert r.outcome.showdown_order == ("Cy", "Dee", "Ann", "Bob")


def test_a_draw_out_of_turn_names_who_is_to_draw_and_what_became_of_it():
    """draw.7.1 (the draw goes clockwise from the dealer's left): Cy draws before Bob.  Flagged under
    draw.7.1 naming Bob; under common.illegal_fix = void_and_reprompt it is void and Bob is still to
    draw, otherwise the draw stands (straight_draw.py draw_breaches)."""
    lines = "Bob: bets 1\nCy: calls\nDee: calls\nAnn: calls\nCy: draws 1\n"
    for options, remedy in (((), "the draw stands"), (("common.illegal_fix = void_and_reprompt",), "void: Bob is to draw")):
        r = replay_text_hand("straight_draw", lines, *options, seats=FOUR_SEATS)
        assert [(f.action, f.code, f.player, f.rule, f.message, f.remedy) for f in r.findings] == [
            (5, "drew_out_of_turn", "Cy", "draw.7.1", "Cy drew out of turn: Bob is to draw", remedy)]


def test_a_bet_facing_a_bet_names_the_player_and_is_taken_as_put_in():
    """draw.6 (after a bet each player must call, raise or fold): Bob bets 1, Cy "bets 2" -- flagged
    bet_facing_bet naming Cy and the bet he faces; his 2 chips are taken as put in (betting.py judge)."""
    r = replay_text_hand("straight_draw", "Bob: bets 1\nCy: bets 2\n", seats=FOUR_SEATS)
    (f,) = r.findings
    assert (f.code, f.player, f.message, f.remedy) == (
        "bet_facing_bet", "Cy", "Cy cannot bet: there is a bet of 1; Cy must call, raise or fold",
        "Cy's 2 chips taken as put in")


def test_a_deal_everybody_checks_is_void_under_draw_all_check_and_the_pot_stays():
    """draw.all_check = redeal_next_dealer_adds_N (seed-002): "If everybody checks in the first round the
    deal is void ... and adds one chip per player to the pot that stays" -- Ann's ante of 4 stays: the
    finding and the pot cite draw.all_check."""
    r = replay_table(setup(), [Check(player=n) for n in ("Bob", "Cy", "Dee", "Ann")])
    assert [(f.code, f.rule, f.message) for f in r.findings] == [
        ("passed_out", "draw.all_check", "everybody checked: the deal is void and the pot of 4 stays")]
    assert [(p.amount, p.left_over, p.rule) for p in r.outcome.pots] == [(4, 4, "draw.all_check")]


def test_a_misdeal_keeps_the_pot_for_the_redeal_under_draw_misdeal():
    """draw.misdeal = rrop_list: a misdeal is declared and the deal is void; the ante of 4 stays in the
    pot, which names draw.misdeal."""
    r = replay_table(setup(), [Misdeal()])
    assert r.outcome.kind == "misdeal" and [(f.code, f.rule) for f in r.findings] == [("misdeal_called", "draw.misdeal")]
    assert [(p.amount, p.left_over, p.winners, p.rule) for p in r.outcome.pots] == [(4, 4, (), "draw.misdeal")]


def test_the_table_after_each_action_as_the_replay_reports_it():
    """seed-002: the dealer antes one chip per player (4 for four players) and Bob, on his left, opens the
    betting: after Bob bets 2 the table is action 1, round one, Cy to act, stacks Ann 96 / Bob 98 /
    Cy 100 / Dee 100, a pot of 6, all four in (its JSON form, docs/json.md "The table after an event")."""
    from referee.report.json_doc import table_json

    r = replay_table(setup(), [Bet(player="Bob", amount=2)])
    assert [table_json(s) for s in r.states] == [{
        "action": 1, "phase": "round1", "to_act": "Cy", "stacks": {"Ann": 96, "Bob": 98, "Cy": 100, "Dee": 100},
        "pot": 6, "in_hand": ["Ann", "Bob", "Cy", "Dee"]}]


def test_a_draw_of_too_many_stands_when_the_fix_is_to_keep_what_was_played():
    """draw.max_draw = 3_or_4_if_under_6 (four players: at most 4): Bob draws 5.  Under the default
    common.illegal_fix the cards dealt cannot be taken back: flagged with the limit, and it stands."""
    r = replay_table(setup(), [Bet(player="Bob", amount=1), Call(player="Cy"), Call(player="Dee"), Call(player="Ann"),
                              Draw(player="Bob", count=5)])
    assert [(f.action, f.code, f.rule, f.message, f.remedy) for f in r.findings] == [
        (5, "drew_too_many", "draw.max_draw", "Bob drew 5 cards; at most 4 may be drawn",
         "the draw stands: cards dealt cannot be taken back")]


def test_the_cards_drawn_join_the_drawers_hand_in_place_of_his_discards():
    """draw.7.1: "After the first betting round the dealer serves each player still in the hand in turn"
    -- as many cards as he discarded.  Bob keeps Ah Kd, discards
    7c 4s 2h and is dealt Qs Js Ts -- his hand is then Ah Kd Qs Js Ts."""
    from referee.engine.replay import start_hand

    state = start_hand(setup())
    for e in (deal("Bob", "Ah Kd 7c 4s 2h"), Bet(player="Bob", amount=1), Call(player="Cy"), Call(player="Dee"),
              Call(player="Ann"), Draw(player="Bob", count=3, discards=tuple(cards("7c 4s 2h")),
                                       received=tuple(cards("Qs Js Ts")))):
        state.push(e)
    assert state.hand_of(1) == tuple(cards("Ah Kd Qs Js Ts"))


def test_the_draw_prompt_offers_standing_pat_or_up_to_the_most_cards_allowed():
    """draw.7.1 (the dealer serves each player in turn from his left) with draw.max_draw =
    3_or_4_if_under_6: with four players Bob, first to draw, may stand pat or draw 1 to 4 -- and the
    events offered are exactly the draws of 0 to 4 cards."""
    from referee.engine.replay import play

    p = play(setup(), [Bet(player="Bob", amount=1), Call(player="Cy"), Call(player="Dee"), Call(player="Ann")]).prompt()
    assert (p.phase, p.to_act, p.legal) == ("draw", "Bob", ("stand pat", "draw 1–4"))
    assert [(e.player, e.count) for e in p.options.events("Bob")] == [("Bob", n) for n in range(5)]


def test_a_raise_during_the_draw_is_ignored_and_says_who_is_to_draw():
    """draw.7.1: "After the first betting round the dealer serves each player still in the hand in turn"
    -- Bob "raises 1" while he is to draw: no betting round is open, so it is flagged under draw.7.1 and
    ignored."""
    r = replay_text_hand("straight_draw", "Bob: bets 1\nCy: calls\nDee: calls\nAnn: calls\nBob: raises 1\n",
                         seats="Ann 20, Bob 20, Cy 20, Dee 20")
    assert [(f.action, f.code, f.rule, f.message, f.remedy) for f in r.findings] == [
        (5, "bet_outside_round", "draw.7.1", "Bob cannot raise now: the draw is not over: Bob is to draw", "ignored")]


def test_a_player_who_takes_a_pot_he_lost_is_flagged_and_the_pot_goes_where_the_ruling_puts_it():
    """draw.9 (the showdown: the best hand wins): Bob's nine high loses to Cy's aces; Bob raking the pot
    is flagged under draw.9 -- taking the pot decides nothing, and the 6 go to Cy."""
    r = replay_text_hand("straight_draw", "Bob: bets 1\nCy: calls\nDee: folds\nAnn: folds\nBob: stands pat\n"
                         "Cy: stands pat\nBob: checks\nCy: checks\nBob: shows 9h 8c 7d 6s 4h\nCy: shows Ah Ad 7s 6c 5d\n"
                         "Bob: takes the pot\n", seats="Ann 20, Bob 20, Cy 20, Dee 20")
    assert [(f.action, f.code, f.rule, f.message, f.remedy) for f in r.findings] == [
        (11, "took_pot_not_his", "draw.9", "Bob took the pot, but it belongs to Cy: taking the pot decides nothing",
         "the pot goes where the ruling puts it")]
    assert [(p.amount, p.winners) for p in r.outcome.pots] == [(6, ("Cy",))]


def test_a_player_who_lost_all_his_chips_is_not_in_the_next_hand():
    """draw.4.1 (the betting goes round the players in the hand): Dee went all in with her 1 chip and lost
    it in hand 1; in hand 2 she is not dealt in -- her bet is flagged under draw.4.1 and ignored."""
    n = replay_text_night("straight_draw", "hand 1\nBob: bets 1\nCy: folds\nDee: all in\nAnn: folds\nBob: stands pat\n"
                          "Dee: stands pat\nBob: shows Ah Ad 7s 6c 5d\nDee: shows 9h 8c 7d 6s 4h\n\nhand 2\nDee: bets 1\n",
                          seats="Ann 20, Bob 20, Cy 20, Dee 1")
    assert n[0].replay.outcome.stacks["Dee"] == 0
    assert [(f.action, f.code, f.rule, f.message, f.remedy) for f in n[1].replay.findings] == [
        (1, "acted_not_in_hand", "draw.4.1", "Dee is not in the hand and cannot act", "ignored")]


def test_a_raise_after_the_round_by_a_player_out_of_the_hand_says_why_he_cannot_act():
    """draw.4.3: "A betting round ends when every player still in the hand has put the same amount" --
    after the round, a raise by Cy, who folded in it, or by Dee, who lost her last chip in hand 1 and is
    not dealt in, is flagged under draw.4.3 and ignored, saying which of the two he is."""
    folded = replay_text_hand("straight_draw", "Bob: bets 1\nCy: folds\nDee: calls\nAnn: calls\nCy: raises 1\n",
                              seats="Ann 20, Bob 20, Cy 20, Dee 20")
    assert [(f.action, f.code, f.rule, f.message, f.remedy) for f in folded.findings] == [
        (5, "acted_not_in_hand", "draw.4.3", "Cy has folded and cannot raise", "ignored")]
    n = replay_text_night("straight_draw", "hand 1\nBob: bets 1\nCy: folds\nDee: all in\nAnn: folds\nBob: stands pat\n"
                          "Dee: stands pat\nBob: shows Ah Ad 7s 6c 5d\nDee: shows 9h 8c 7d 6s 4h\n\n"
                          "hand 2\nCy: bets 1\nAnn: calls\nBob: calls\nDee: raises 1\n", seats="Ann 20, Bob 20, Cy 20, Dee 1")
    assert [(f.action, f.code, f.rule, f.message, f.remedy) for f in n[1].replay.findings] == [
        (4, "acted_not_in_hand", "draw.4.3", "Dee is not in the hand and cannot raise", "ignored")]


def test_an_unshown_hand_at_the_showdown_cites_the_showdown_rule():
    """draw.9: "At the showdown every remaining player in turn ... shows his hand and names it; the best hand
    by standard poker ranking wins the pot": Bob's unknown hand is not shown, so the finding that the pot
    cannot be decided cites draw.9."""
    events = [Bet(player="Bob", amount=1), Call(player="Cy"), Fold(player="Dee"), Fold(player="Ann"),
              Draw(player="Bob", count=1), Draw(player="Cy", count=1), Check(player="Bob"), Check(player="Cy"),
              Show(player="Cy", cards=tuple(cards("As Ks Qs Js Ts")))]
    r = replay_table(setup(), events)
    assert [(f.code, f.rule) for f in r.findings if f.kind == "unverifiable"] == [("showdown_unverifiable", "draw.9")]


def test_the_showdown_guidance_names_the_last_raiser_then_goes_clockwise_from_him():
    """draw.showdown_first = last_raiser: "The showdown begins with the last player who bet or raised in the
    hand and goes clockwise"; draw.9: "every remaining player in turn, clockwise from the first to show" --
    Cy raised last: he is to show first (draw.showdown_first); once he has, Dee shows next, clockwise from
    Cy (draw.9); when every hand is shown nobody is due."""
    from referee.engine.replay import start_hand

    *called, cy, dee, bob = full_hand()
    state = start_hand(setup())
    for event in called:
        state.push(event)
    assert state.to_show() == (2, "Cy bet or raised last in the hand", "draw.showdown_first")
    state.push(cy)
    assert state.to_show() == (3, "clockwise from Cy, who showed first", "draw.9")
    state.push(dee)
    state.push(bob)
    assert state.to_show() is None
