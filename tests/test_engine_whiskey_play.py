"""Whiskey poker's play (rulebook ``whiskey_poker``, seed-000, seed-004): the rules its turn cycle and its
betting round are built with under every value of the options they read, and every finding and refusal
of its own -- code, rule id, player, action number, message and remedy -- with what each leaves on the
table."""

from __future__ import annotations

import pytest

from referee.cards import card, cards
from referee.engine.betting import BettingRuleIds, BettingRules
from referee.engine.events import Bet, Deal, Exchange, Knock, Muck, Pass, Reported, Show, TakeWidow, TurnWidow
from referee.engine.exchanges import ExchangeRuleIds, ExchangeRules
from referee.engine.games.whiskey_poker import WhiskeyCarry, WhiskeyPoker
from referee.engine.outcome import PotResult
from referee.engine.replay import play, start_hand
from referee.errors import InputError

from helpers.engine import THREE_PLAYERS, game_setup, replay_text_hand, replay_text_night

#: the seed's own rule for each option at its default (whiskey.2.1 .. whiskey.4)
SEED_IDS = ExchangeRuleIds(phase1_order="whiskey.2.1", phase2_order="whiskey.3.1", last_turn="whiskey.4",
                           face_down="whiskey.2.1", pass_rule="whiskey.3.2", knock_with_exchange="whiskey.3.3",
                           exchange_count="whiskey.3.1", phase1_knock="whiskey.2.4")
SEED_RULES = ExchangeRules(pass_rule="once_in_phase2", knock_with_exchange=True, any_number=False,
                           knock_turns_widow_up=True, hand_size=5, ids=SEED_IDS)


def cycle_rules(options: dict[str, str]) -> ExchangeRules:
    return start_hand(game_setup("whiskey_poker", options, seats=THREE_PLAYERS)).exchange_rules()


@pytest.mark.parametrize(("option", "value", "changed", "ids"), [
    ("whiskey.pass_rule", "not_twice_in_a_row", {"pass_rule": "not_twice_in_a_row"}, {"pass_rule": "whiskey.pass_rule"}),
    ("whiskey.pass_rule", "unlimited", {"pass_rule": "unlimited"}, {"pass_rule": "whiskey.pass_rule"}),
    ("whiskey.knock_with_exchange", "forbidden", {"knock_with_exchange": False},
     {"knock_with_exchange": "whiskey.knock_with_exchange"}),
    ("whiskey.phase2_exchange", "any_number", {"any_number": True}, {"exchange_count": "whiskey.phase2_exchange"}),
    ("whiskey.phase1_knock", "allowed", {"knock_turns_widow_up": False}, {"phase1_knock": "whiskey.phase1_knock"}),
])
def test_each_turn_option_away_from_the_seed_changes_its_rule_and_cites_the_option(option, value, changed, ids):
    """COMMERCE-NOTES section 4: a breach is cited under "the numbered rule that states an option's seed
    default when it is in force, else the option".  At the seed's defaults the cycle cites whiskey.2.1
    (phase one), 3.1 (phase two, one card or all), 3.2 (pass once), 3.3 (knock with an exchange), 4
    (the one more turn) and 2.4 (a phase-one knock turns the widow up); each option set otherwise
    changes what the cycle allows and makes the option itself the rule cited."""
    import dataclasses

    assert cycle_rules({}) == SEED_RULES
    want = dataclasses.replace(SEED_RULES, **changed, ids=dataclasses.replace(SEED_IDS, **ids))
    assert cycle_rules({option: value}) == want


@pytest.mark.parametrize("fix", ["adjust_to_nearest_legal", "void_and_reprompt"])
def test_the_betting_round_is_straight_draws_after_the_draw_round(fix):
    """whiskey.betting_round = one_before_showdown: "After the last turn there is one betting round, as in
    straight draw" (COMMERCE-NOTES section 10: "Limits as straight draw's after-draw defaults (bet or raise
    1-5)"): spread limit 1 to 5, three raises a player, no cap on the round, the opening bet no raise,
    check and check-raise allowed; every breach cited under whiskey.betting_round; an illegal action
    fixed as common.illegal_fix says."""
    state = start_hand(game_setup("whiskey_poker", {"whiskey.betting_round": "one_before_showdown",
                                                    "common.illegal_fix": fix}, seats=THREE_PLAYERS))
    option = "whiskey.betting_round"
    assert state.betting_rules() == BettingRules(
        structure="spread_limit", bet_min=1, limit=5, cap_per_player=3, cap_per_round=None,
        opening_bet_counts_as_raise=False, check_allowed=True, check_raise_allowed=True, fix=fix,
        ids=BettingRuleIds(order=option, no_check_after_bet=option, limits=option, structure=option, cap=option,
                           check_raise=option, check_allowed=option))


def test_the_betting_round_starts_left_of_the_dealer_and_offers_the_spread():
    """whiskey.betting_round = one_before_showdown, "as in straight draw": the first player still in on
    the dealer's left opens (Cy deals: Ann); she may check, fold or bet 1 to 5.  After her bet of 2, Bob may
    fold, call 2 or raise 1 to 5."""
    setup = game_setup("whiskey_poker", {"whiskey.betting_round": "one_before_showdown"}, seats=THREE_PLAYERS,
                       dealer="Cy")
    turns = [Knock("Ann"), TurnWidow(tuple(cards("2c 3d 4h 6s 8c"))), Pass("Bob"), Pass("Cy")]
    opening = play(setup, turns).prompt()
    assert (opening.phase, opening.to_act, opening.legal) == ("betting", "Ann", ("check", "fold", "bet 1–5"))
    state = play(setup, [*turns, Bet("Ann", 2)])
    after_bet = state.prompt()
    assert (after_bet.phase, after_bet.to_act, after_bet.legal) == ("betting", "Bob", ("fold", "call 2", "raise 1–5"))
    assert state.stacks == [47, 49, 49]


# ------------------------------------------------------------------ findings and refusals

PLAYED = "Ann: knocks\nwidow turned: 2c 3d 4h 6s 8c\nBob: passes\nCy: passes\n"


@pytest.mark.parametrize(("lines", "options", "want"), [
    pytest.param("Bob: bets 2\n", (), [
        (1, "bet_outside_round", "Bob", "whiskey.1.3", "Bob cannot bet: there is no betting in whiskey poker",
         "ignored: no chip moves")], id="a bet where there is no betting"),
    pytest.param("Ann: bets 2\n", ("whiskey.betting_round = one_before_showdown",), [
        (1, "bet_outside_round", "Ann", "whiskey.betting_round",
         "Ann cannot bet now: the betting round comes after the last turns", "ignored: no chip moves")],
        id="a bet before the betting round"),
    pytest.param(PLAYED + "Ann: bets 2\nBob: calls\nCy: calls\nBob: bets 1\n",
                 ("whiskey.betting_round = one_before_showdown",), [
        (8, "bet_outside_round", "Bob", "whiskey.betting_round",
         "the betting round before the showdown is over: Bob cannot act", "ignored: no chip moves")],
        id="a bet after the betting round"),
    pytest.param("Ann: shows Ah Ad Ac Kh Ks\n", (), [
        (1, "showed_during_play", "Ann", None, "Ann showed his hand during play", None)], id="a show during play"),
    pytest.param("Ann: mucks\n", (), [
        (1, "mucked_outside_showdown", "Ann", None, "Ann mucked during play", None)], id="a muck during play"),
    pytest.param("Ann: takes the pot\n", (), [
        (1, "took_pot_early", "Ann", None, "Ann took the pot before the hand was over", None)],
        id="the pot taken during play"),
    pytest.param(PLAYED + "Ann: takes the pot\n", (), [], id="the pot taken after the last turns"),
    pytest.param("misdeal: first card exposed\n", (), [
        (1, "misdeal_called", None, "whiskey.1.2", "a misdeal was called (first card exposed)",
         "nobody pays; the same dealer deals again")], id="a misdeal with its reason"),
    pytest.param("misdeal\n", (), [
        (1, "misdeal_called", None, "whiskey.1.2", "a misdeal was called", "nobody pays; the same dealer deals again")],
        id="a misdeal"),
    pytest.param("dealer exposes Jh to Bob\n", (), [
        (1, "card_exposed_plays", "Bob", None, "Bob's card Jh was exposed", "the card plays")], id="an exposed card"),
    pytest.param(PLAYED + "Ann: shows Ah Ad ?? Kh Ks\n", (), [
        (5, "show_unreadable", "Ann", None, "Ann's shown hand is not five known cards (Ah Ad ?? Kh Ks)", None)],
        id="a hand shown with a card unread"),
    pytest.param(PLAYED + "Ann: shows Ah Ad Ac Kh Ks\nBob: shows 7h 5s 3c 9d Td\nCy: shows Qd Qc Jd Jc 9c\nBob wins\n",
                 (), [(None, "result_contradicts_cards", "Bob", "whiskey.5.1",
                       "the log says Bob wins, but the shown cards say otherwise", "the cards decide")],
                 id="a winner the cards contradict"),
    pytest.param(PLAYED + "Ann: shows Ah Ad Ac Kh Ks\nBob: shows 7h 5s 3c 9d Td\nCy: shows Qd Qc Jd Jc 9c\n"
                 "Cy was lowest\n", ("whiskey.scoring = no_ante_lowest_pays_N",),
                 [(None, "result_contradicts_cards", "Cy", "whiskey.5.1",
                   "the log says Cy was lowest, but the shown cards say otherwise", "the cards decide")],
                 id="a lowest hand the cards contradict"),
    pytest.param(PLAYED + "Cy: exchanges 2d for 9d\n", ("common.illegal_fix = void_and_reprompt",), [
        (5, "acted_after_last_turn", "Cy", "whiskey.4", "Cy acted after the last turns: the hands are to be shown",
         "void")], id="an exchange after the last turns, void"),
    pytest.param("Ann: passes\nwidow turned: 2c 3d 4h 6s 8c\n", ("common.illegal_fix = void_and_reprompt",), [
        (2, "widow_turned_out_of_turn", None, "whiskey.2.1",
         "the widow was turned face up while Bob was to act with it face down",
         "void: the widow stays face down")], id="the widow turned in phase one, void"),
])
def test_each_whiskey_finding_names_its_rule_player_action_and_remedy(lines, options, want):
    """Three players with 20 chips, Cy deals (Ann plays first).  whiskey.1.3 "There are no betting rounds";
    with whiskey.betting_round = one_before_showdown the round comes "After the last turn"; a show, a
    muck or a pot taken while the turns go on are flagged and play on; whiskey.1.2: a misdeal is a fault
    of the deal, "the same dealer deals again"; an exposed card plays; whiskey.5.1: the shown cards
    decide (COMMERCE-NOTES section 8), a hand shown short is no hand; the one betting round over, a bet
    is ignored; whiskey.4: "when that round is complete the hands are shown"; whiskey.2.5: the widow is
    turned up by the dealer or a knock (under common.illegal_fix = void_and_reprompt a breach is void:
    nothing moves)."""
    r = replay_text_hand("whiskey_poker", lines, *options, seats="Ann 20, Bob 20, Cy 20", dealer="Cy")
    assert [(f.action, f.code, f.player, f.rule, f.message, f.remedy) for f in r.findings
            if f.code != "showdown_unverifiable"] == want


def test_a_void_exchange_after_the_last_turns_moves_no_card():
    """common.illegal_fix = void_and_reprompt: "An illegal action is flagged and voided" -- Cy's exchange
    after the last turns is void, so the 9d of the face-up widow is still the widow's: Cy showing it is a
    show of a card the log has in the widow, flagged under whiskey.3.1."""
    r = replay_text_hand("whiskey_poker", "Ann: knocks\nwidow turned: 2c 3d 4h 9d 8c\nBob: passes\nCy: passes\n"
                         "Cy: exchanges 2d for 9d\nCy: shows 9d 9s 7c 5h 4d\n", "common.illegal_fix = void_and_reprompt",
                         seats="Ann 20, Bob 20, Cy 20", dealer="Cy")
    assert [(f.action, f.code, f.rule, f.message) for f in r.findings if f.action][1:] == [
        (6, "shown_hand_contradicts_log", "whiskey.3.1", "Cy shows 9d 9s 7c 5h 4d: the log has 9d in the widow")]


def test_an_exchange_after_the_last_turns_moves_its_cards_when_adjusted():
    """common.illegal_fix = adjust_to_nearest_legal: an exchange after the last turns "moved as logged" --
    Cy holds the 9d he took; his show of it contradicts nothing."""
    r = replay_text_hand("whiskey_poker", "Ann: knocks\nwidow turned: 2c 3d 4h 9d 8c\nBob: passes\nCy: passes\n"
                         "Cy: exchanges 2d for 9d\nCy: shows 9d 9s 7c 5h 4d\n", seats="Ann 20, Bob 20, Cy 20",
                         dealer="Cy")
    assert [(f.action, f.code) for f in r.findings if f.action] == [(5, "acted_after_last_turn")]


#: Bob's hand is known from the deal; Cy deals, so Ann plays first
BOB_DEALT = "Bob: dealt 2d 3d 7s 8h Jc\n"


@pytest.mark.parametrize(("lines", "options", "want"), [
    pytest.param(BOB_DEALT + "Ann: knocks\nwidow turned: 2d 4c 5c 6c 9c\n", (),
                 (3, "whiskey.2.4", "the widow is turned up as 2d 4c 5c 6c 9c: the log has 2d in Bob's hand"),
                 id="turned up by a knock"),
    pytest.param(BOB_DEALT + "Ann: passes\nBob: passes\nwidow turned: 2d 4c 5c 6c 9c\n", (),
                 (4, "whiskey.2.5", "the widow is turned up as 2d 4c 5c 6c 9c: the log has 2d in Bob's hand"),
                 id="turned up by the dealer"),
    pytest.param(BOB_DEALT + "Ann: takes widow\nwidow turned: 2d 4c 5c 6c 9c\n", (),
                 (3, "whiskey.2.2", "the widow is turned up as 2d 4c 5c 6c 9c: the log has 2d in Bob's hand"),
                 id="laid down by a player taking it"),
    pytest.param("Ann: takes widow\nwidow turned: 4c 5c 6c 9c Tc\nBob: exchanges 2d for 4c\n"
                 "widow turned: 2d 5c 6c 9c Kc\n", (),
                 (4, "whiskey.3.1", "the widow is turned up as 2d 5c 6c 9c Kc: the log has Tc in the widow, "
                                    "not among them"), id="restated after an exchange"),
    pytest.param("Ann: takes widow\nwidow turned: 4c 5c 6c 9c Tc\nBob: exchanges all\nwidow turned: 4c 2s 3s 7h 8d\n",
                 (), (4, "whiskey.3.1", "the widow is turned up as 4c 2s 3s 7h 8d: the log has 4c in Bob's hand"),
                 id="restated after an exchange of all"),
    pytest.param(BOB_DEALT + "Ann: knocks\nBob: passes\nwidow turned: 2d 4c 5c 6c 9c\n",
                 ("whiskey.phase1_knock = allowed",),
                 (4, "whiskey.phase1_knock", "the widow is turned up as 2d 4c 5c 6c 9c: the log has 2d in Bob's hand"),
                 id="spread by the dealer after a phase-one knock"),
])
def test_a_widow_statement_the_log_contradicts_cites_how_the_widow_came_face_up(lines, options, want):
    """COMMERCE-NOTES section 7: a ``widow turned:`` naming a card the log has elsewhere, or leaving out
    one it knows the widow holds, is flagged; the rule cited is the one under which the widow lies face
    up: whiskey.2.4 (a knock turns it up at once), 2.5 (the dealer turns it up), 2.2 (the taker's hand,
    laid face up, is the widow), 3.1 (an exchange with the face-up widow; the statement restates it),
    whiskey.phase1_knock = allowed (the dealer spreads it after a face-down knock).  The statement wins."""
    r = replay_text_hand("whiskey_poker", lines, *options, seats="Ann 20, Bob 20, Cy 20", dealer="Cy")
    found = [(f.action, f.rule, f.message, f.remedy) for f in r.findings if f.code == "widow_contradicts_log"]
    assert found == [(*want, "the stated cards are the widow; hands the log had holding them are no longer trusted")]


@pytest.mark.parametrize(("exchange", "want"), [
    pytest.param("Cy: exchanges 2d for 4c\n", [
        ("exchange_card_not_held", "Cy gives 2d, which the log has in Bob's hand")], id="a card another player holds"),
    pytest.param("Cy: exchanges 9h for Tc\n", [
        ("exchange_card_not_in_widow", "Cy takes Tc, which the widow does not hold")], id="a card the widow has not"),
    pytest.param("Cy: exchanges 9h for 2d\n", [
        ("exchange_card_not_in_widow", "Cy takes 2d, which the log has in Bob's hand")],
        id="a card another player holds, from the widow"),
    pytest.param("Cy: exchanges 9h for 4c\n", [], id="a card the widow holds for one he may hold"),
    pytest.param("Cy: dealt 9h 8d 7d 6d 5d\nCy: exchanges Kd for 4c\n", [
        ("exchange_card_not_held", "Cy gives Kd, which Cy does not hold")], id="a card his known hand has not"),
])
def test_an_exchange_naming_a_card_the_log_has_elsewhere_says_where(exchange, want):
    """whiskey.3.1 "exchange one of his cards for one widow card" and COMMERCE-NOTES section 7: a card taken
    that the widow (known whole once Ann laid it down) does not hold, or a card given that the log has in
    another player's hand or that his own known hand has not, is flagged under whiskey.3.1 saying where
    the log has it; the exchange stands, and the log no longer trusts the places involved."""
    r = replay_text_hand("whiskey_poker", BOB_DEALT + "Ann: takes widow\nwidow turned: 4c 5c 6c 9c Jh\nBob: passes\n"
                         + exchange, seats="Ann 20, Bob 20, Cy 20", dealer="Cy")
    assert [(f.code, f.message) for f in r.findings] == want
    action = 5 + exchange.count("dealt")
    assert all((f.action, f.player, f.rule) == (action, "Cy", "whiskey.3.1") for f in r.findings)
    remedies = {"exchange_card_not_in_widow": "the exchange stands as logged; the log no longer trusts the widow or "
                                              "his hand",
                "exchange_card_not_held": "the exchange stands as logged; the log no longer trusts his hand or the "
                                          "widow"}
    assert all(f.remedy == remedies[f.code] for f in r.findings)


def test_after_a_contradicted_exchange_the_log_no_longer_trusts_the_places_it_touched():
    """COMMERCE-NOTES section 7: "one mistake in the log raises one finding" -- Cy gives the 2d the log has
    in Bob's hand: flagged once; after it the log trusts neither Bob's hand, Cy's nor the widow, so Bob
    showing a hand without the 2d, and a restatement of the widow, raise nothing more."""
    r = replay_text_hand("whiskey_poker", BOB_DEALT + "Ann: takes widow\nwidow turned: 4c 5c 6c 9c Jh\nBob: passes\n"
                         "Cy: exchanges 2d for 4c\nwidow turned: 2s 5c 6c 9c Jh\nAnn: knocks\nBob: passes\n"
                         "Cy: passes\nBob: shows Ah 3d 7s 8h Jc\n", seats="Ann 20, Bob 20, Cy 20", dealer="Cy")
    assert [(f.action, f.code) for f in r.findings if f.action] == [(5, "exchange_card_not_held")]


def test_an_exposed_card_is_in_its_players_hand_from_then_on():
    """An exposed card plays (it stays in Bob's hand): Cy showing the Jh the dealer exposed to Bob is a show
    of a card the log has in Bob's hand, flagged under whiskey.3.1."""
    r = replay_text_hand("whiskey_poker", "dealer exposes Jh to Bob\n" + PLAYED
                         + "Cy: shows Jh Js 7c 5h 4d\n", seats="Ann 20, Bob 20, Cy 20", dealer="Cy")
    assert [(f.action, f.code, f.rule, f.message) for f in r.findings if f.action and f.action > 1] == [
        (6, "shown_hand_contradicts_log", "whiskey.3.1", "Cy shows Jh Js 7c 5h 4d: the log has Jh in Bob's hand")]


def test_a_second_showdown_line_is_refused_saying_where_the_deal_is():
    """docs/hand-format.md: ``showdown:`` "stands where the logged play stops" -- once the deal has reached
    its showdown a second ``showdown:`` is refused, saying so."""
    with pytest.raises(InputError) as refused:
        replay_text_hand("whiskey_poker", "showdown:\nshowdown:\n", seats="Ann 20, Bob 20, Cy 20", dealer="Cy")
    assert refused.value.message.endswith("'showdown:' comes after the deal reached showdown")
    assert refused.value.hint == "'showdown:' stands where the logged play stops; leave it out here"


@pytest.mark.parametrize(("seats", "body", "options", "reason"), [
    pytest.param("Ann 5, Bob 5, Cy 5", "hand 1\nmisdeal\nAnn: passes\n", (), "a misdeal", id="after a misdeal"),
    pytest.param("Ann 1, Bob 5, Cy 5", "game so far: pool 3\n\nhand 1\nAnn was lowest\n\nhand 2\nBob: passes\n",
                 ("whiskey.scoring = lowest_pays_1_to_pool_elimination",), "the game was over",
                 id="after the pool game was lost"),
])
def test_an_action_after_the_deal_ended_is_ignored_saying_how_it_ended(seats, body, options, reason):
    """whiskey.1.2 (a misdeal: "the same dealer deals again") and seed-004 ("the first player to lose all
    his chips loses the game": Ann pays her last chip in deal 1): an action logged after the deal ended
    is ignored, the finding saying how it ended."""
    night = replay_text_night("whiskey_poker", body, *options, seats=seats, dealer="Cy")
    (after,) = [f for f in night[-1].replay.findings if f.code == "action_after_hand"]
    assert (after.message, after.remedy) == (f"the hand is over ({reason}): this action comes after it", "ignored")


def test_an_exchange_of_more_cards_than_a_hand_is_refused():
    """whiskey.1.1: each player "receives five cards" -- an exchange giving six is no exchange: refused,
    saying how to write the whole hand's."""
    six, other = tuple(cards("2c 3c 4c 5c 6c 7c")), tuple(cards("2d 3d 4d 5d 6d 7d"))
    with pytest.raises(InputError) as refused:
        play(game_setup("whiskey_poker", seats=THREE_PLAYERS), [Exchange("Bob", six, other)])
    assert refused.value.message.endswith("Bob exchanges 6 cards, but a hand is 5")
    assert refused.value.hint == "write 'exchanges all' for the whole hand"


def test_a_result_line_naming_a_player_with_no_chips_is_flagged_and_ignored():
    """whiskey.1.1 "Each player antes one chip ... and receives five cards": Bob lost his last chip in deal
    1 and is not in deal 2; a result line naming him there is flagged under whiskey.1.1 and ignored --
    Cy, the other player named, is the lowest and pays Ann the agreed 2."""
    night = replay_text_night("whiskey_poker", "hand 1\nAnn wins\n\nhand 2\nBob was lowest\nCy was lowest\nAnn wins\n",
                              "whiskey.scoring = ante_and_lowest_pays_N", "whiskey.lowest_pays = agreed_k",
                              "whiskey.agreed_k = 2", seats="Ann 5, Bob 1, Cy 5", dealer="Cy")
    r = night[1].replay
    assert [(f.action, f.code, f.player, f.rule, f.message, f.remedy) for f in r.findings] == [
        (1, "result_names_player_out", "Bob", "whiskey.1.1", "the log names Bob, who is not in this deal", "ignored")]
    assert [(p.payer, p.payee, p.amount) for p in r.outcome.penalties] == [("Cy", "Ann", 2)]


def test_a_deal_whose_dealer_is_not_logged_is_noted_and_the_deal_passes_left_of_the_one_worked_out():
    """whiskey.6.2: "the deal then passes to the left" -- a night without a dealer: deal 1 is logged by
    its result alone (the log does not say who dealt, noted); in deal 2 Bob plays first, so Ann dealt
    it (seats clockwise Ann, Bob, Cy) and Bob deals next."""
    from referee.handfile import parse_night
    from referee.handfile.replay import replay_night_file

    night = replay_night_file(parse_night(
        "rulebook: whiskey_poker\nseats: Ann 5, Bob 5, Cy 5\n\nhand 1\nAnn wins\n\n"
        "hand 2\nBob: knocks\nwidow turned: 2c 3d 4h 6s 8c\nCy: passes\nAnn: passes\n"))
    first, second = night
    assert [(f.action, f.code, f.kind, f.message) for f in first.replay.findings] == [
        (None, "dealer_unknown", "note", "the log does not say who dealt this hand")]
    assert second.replay.setup.dealer == "Ann" and [f for f in second.replay.findings if f.action] == []
    assert second.replay.outcome.next_hand.dealer == "Bob"


def test_the_deal_passes_over_a_player_with_no_chips():
    """whiskey.6.2 "the deal then passes to the left" -- to the next player who still has chips: Ann
    deals, Bob loses his last chip (the lowest pays under no_ante_lowest_pays_N), so Cy deals next."""
    r = replay_text_hand("whiskey_poker", "Ann wins\nBob was lowest\n", "whiskey.scoring = no_ante_lowest_pays_N",
                         seats="Ann 5, Bob 3, Cy 5", dealer="Ann")
    assert r.outcome.stacks == {"Ann": 8, "Bob": 0, "Cy": 5} and r.outcome.next_hand.dealer == "Cy"


def test_a_game_so_far_outside_the_pool_game_is_refused_saying_which_scoring_keeps_one():
    """whiskey.scoring: only lowest_pays_1_to_pool_elimination keeps a game from deal to deal (its pool):
    a ``game so far:`` under pot_to_best is refused with how to fix it."""
    with pytest.raises(InputError) as refused:
        replay_text_night("whiskey_poker", "game so far: pool 3\n\nhand 1\nAnn wins\n", seats="Ann 5, Bob 5")
    assert refused.value.message == ("'game so far:' has nothing to give: whiskey poker keeps a game from deal to "
                                     "deal only under whiskey.scoring = lowest_pays_1_to_pool_elimination")
    assert refused.value.hint == "remove the line, or set the scoring option before it"


# ------------------------------------------------------------------ the deal, the end of it, the show


def test_a_misdeal_leaves_the_antes_for_the_same_dealers_redeal_where_nobody_antes_again():
    """whiskey.1.2 and a misdeal: "nobody pays; the same dealer deals again" -- the 3 antes of deal 1
    (whiskey.1.1) are carried with the next deal's antes already in: Cy deals again, nobody antes, and
    Ann's win takes the 3.  Ann 19 + 3 = 22, Bob and Cy 19."""
    night = replay_text_night("whiskey_poker", "hand 1\nmisdeal: first card exposed\n\nhand 2\nAnn wins\n",
                              seats="Ann 20, Bob 20, Cy 20", dealer="Cy")
    first, second = (h.replay.outcome for h in night)
    assert (first.kind, first.carried, first.summary) == ("misdeal", 3, "misdeal: Cy deals again")
    assert (first.next_hand.dealer, first.next_hand.same_dealer) == ("Cy", True)
    assert first.next_hand.carry.to_dict() == {"pot": 3, "antes_in": True, "pool": 0, "out": [], "game_over": False,
                                               "whisky_payer": None}
    assert first.pots == (PotResult(3, (), left_over=3, rule="whiskey.1.2"),)
    assert night[1].replay.setup.dealer == "Cy"
    assert (second.stacks, second.pots[0].amount) == ({"Ann": 22, "Bob": 19, "Cy": 19}, 3)


def test_a_misdeal_without_antes_carries_nothing():
    """whiskey.scoring = no_ante_lowest_pays_N: there is no ante, so a misdeal leaves nothing in the middle
    and the redeal's antes are not "in" (there are none)."""
    r = replay_text_hand("whiskey_poker", "misdeal\n", "whiskey.scoring = no_ante_lowest_pays_N",
                         seats="Ann 20, Bob 20, Cy 20", dealer="Cy")
    o = r.outcome
    assert (o.kind, o.pots, o.carried, o.next_hand.same_dealer) == ("misdeal", (), 0, True)
    assert (o.next_hand.carry.pot, o.next_hand.carry.antes_in) == (0, False)


def test_a_deal_after_the_pool_game_is_over_counts_for_nothing():
    """seed-004: "the first player to lose all his chips loses the game" -- a deal logged after that is
    flagged at its first action under whiskey.scoring; nothing in it counts and the game's state (the
    pool, who is out, who pays the whisky) is carried as it was."""
    night = replay_text_night("whiskey_poker", "hand 1\nBob was lowest\n\nhand 2\nAnn was lowest\n",
                              "whiskey.scoring = lowest_pays_1_to_pool_elimination", seats="Ann 3, Bob 1, Cy 3",
                              dealer="Cy")
    r = night[1].replay
    over = [(f.action, f.code, f.rule, f.message, f.remedy) for f in r.findings if f.code == "deal_after_game_over"]
    assert over == [(1, "deal_after_game_over", "whiskey.scoring", "this deal is logged after the game was over",
                     "nothing in it counts")]
    o = r.outcome
    assert (o.kind, o.summary, o.pots, o.penalties, o.carried) == ("game_over", "the game was already over", (), (), 0)
    assert o.next_hand.carry.to_dict() == {"pot": 0, "antes_in": False, "pool": 1, "out": ["Bob"], "game_over": True,
                                           "whisky_payer": "Bob"}


def test_a_deal_logged_halfway_is_in_progress_and_carries_what_it_got():
    """A deal whose log stops during the turns: it is in progress, every chip (the 3 antes) still in the
    middle; what it carries on is what it started with (the pool game's 4 chips)."""
    r = replay_text_hand("whiskey_poker", "Ann: passes\n", seats="Ann 20, Bob 20, Cy 20", dealer="Cy")
    assert (r.outcome.kind, r.outcome.summary) == ("in_progress", "in progress (phase1): 3 chips in the middle")
    night = replay_text_night("whiskey_poker", "game so far: pool 4\n\nhand 1\nAnn: passes\n",
                              "whiskey.scoring = lowest_pays_1_to_pool_elimination", seats="Ann 5, Bob 5, Cy 5",
                              dealer="Cy")
    assert night[0].replay.outcome.next_hand.carry == WhiskeyCarry(started=True, pool=4)


@pytest.mark.parametrize(("wheel", "winner", "hand"), [
    ("allowed", "Ann", "straight, five high"),
    ("forbidden", "Bob", "pair of twos"),
])
def test_the_wheel_is_a_straight_only_where_common_wheel_allows_it(wheel, winner, hand):
    """common.wheel = allowed: "A-2-3-4-5 is a straight, the lowest one (five high)"; forbidden: "the ace
    counts only high" -- Ann's A-2-3-4-5 beats Bob's pair of twos only where the wheel is a straight."""
    r = replay_text_hand("whiskey_poker", PLAYED + "Ann: shows Ah 2d 3c 4s 5h\nBob: shows 2s 2h 9c Jd Kd\n"
                         "Cy: shows 7d 8d 9d Tc 3s\n", f"common.wheel = {wheel}", seats="Ann 20, Bob 20, Cy 20",
                         dealer="Cy")
    (pot,) = r.outcome.pots
    assert (pot.winners, pot.hand) == ((winner,), hand)


def test_the_show_goes_round_from_the_knocker_and_a_muck_or_a_result_line_ends_the_prompt():
    """whiskey.6.4: "When the turn comes round again to the player who knocked first, everyone shows his
    cards" -- Bob knocked (Ann deals): Bob is asked first, offered to show or muck; the log does not know
    his hand, so the event offered is his muck; after Bob mucks, Cy; after Cy shows, Ann; once a result
    line is logged, nobody is asked."""
    setup = game_setup("whiskey_poker", seats=THREE_PLAYERS, dealer="Ann")
    turns = [Knock("Bob"), TurnWidow(tuple(cards("2c 3d 4h 6s 8c"))), Pass("Cy"), Pass("Ann")]
    p = play(setup, turns).prompt()
    assert (p.phase, p.to_act, p.legal, p.stack) == ("showdown", "Bob", ("show", "muck"), 49)
    assert p.options.events("Bob") == [Muck("Bob")]
    p = play(setup, [*turns, Muck("Bob")]).prompt()
    assert (p.phase, p.to_act) == ("showdown", "Cy")
    p = play(setup, [*turns, Muck("Bob"), Show("Cy", tuple(cards("Ah Ad Ac Kh Ks")))]).prompt()
    assert (p.phase, p.to_act) == ("showdown", "Ann")
    p = play(setup, [*turns, Reported("Cy", "best")]).prompt()
    assert (p.phase, p.to_act) == ("showdown", None)


def test_a_betting_round_where_only_one_player_can_bet_goes_straight_to_the_show():
    """whiskey.betting_round = one_before_showdown: Ann and Bob antes their last chip and have nothing to
    bet; only Cy could: there is no betting, the hands are shown (Cy deals, Ann is asked first)."""
    setup = game_setup("whiskey_poker", {"whiskey.betting_round": "one_before_showdown"},
                       seats=[("Ann", 1), ("Bob", 1), ("Cy", 20)], dealer="Cy")
    p = play(setup, [Knock("Ann"), TurnWidow(tuple(cards("2c 3d 4h 6s 8c"))), Pass("Bob"), Pass("Cy")]).prompt()
    assert (p.phase, p.to_act) == ("showdown", "Ann")


def test_the_betting_round_opens_with_the_first_player_in_the_deal_left_of_the_dealer():
    """whiskey.betting_round = one_before_showdown, "as in straight draw": Dee deals; Ann, on her left, has
    no chips and is not in the deal, so Bob opens the betting."""
    setup = game_setup("whiskey_poker", {"whiskey.betting_round": "one_before_showdown"},
                       seats=[("Ann", 0), ("Bob", 20), ("Cy", 20), ("Dee", 20)], dealer="Dee")
    p = play(setup, [Knock("Bob"), TurnWidow(tuple(cards("2c 3d 4h 6s 8c"))), Pass("Cy"), Pass("Dee")]).prompt()
    assert (p.phase, p.to_act) == ("betting", "Bob")


@pytest.mark.parametrize(("seats", "stacks", "events", "dealer"), [
    pytest.param(["Ann", "Bob", "Cy"], {"Ann": 5, "Bob": 5, "Cy": 5}, [Pass("Bob")], "Ann", id="left of the dealer"),
    pytest.param(["Ann", "Bob", "Cy"], {"Ann": 5, "Bob": 5, "Cy": 5}, [Knock("Ann")], "Cy", id="round the table"),
    pytest.param(["Ann", "Bob", "Cy"], {"Ann": 5, "Bob": 0, "Cy": 5}, [Pass("Cy")], "Ann",
                 id="over a player with no chips"),
    pytest.param(["Ann", "Bob", "Cy"], {"Ann": 5, "Bob": 0, "Cy": 5}, [Pass("Bob"), TakeWidow("Cy")], "Ann",
                 id="the first turn of a player in the deal"),
    pytest.param(["Ann", "Bob", "Cy"], {"Ann": 5, "Bob": 5, "Cy": 5}, [TurnWidow(()), Reported("Ann", "best")], None,
                 id="no turn logged: not known"),
])
def test_the_dealer_is_the_player_with_chips_before_the_first_to_take_a_turn(seats, stacks, events, dealer):
    """whiskey.2.1: "beginning with the player on the dealer's left" -- the first turn logged tells who
    dealt: the player with chips just before him."""
    assert WhiskeyPoker.infer_dealer(seats, stacks, events) == dealer


def test_a_five_card_exchange_with_its_cards_named_swaps_them_whole():
    """whiskey.3.1 "exchange all five of his cards for the widow": Cy's exchange of all five, both hands
    named, leaves him the widow's five and the widow his -- his show of the widow's cards contradicts
    nothing, Bob's show of one of Cy's old cards does."""
    r = replay_text_hand("whiskey_poker", "Ann: takes widow\nwidow turned: 4c 5c 6c 9c Jh\nBob: passes\n"
                         "Cy: exchanges 2d 3d 7s 8h Jc for 4c 5c 6c 9c Jh\nAnn: knocks\nBob: passes\nCy: passes\n"
                         "Cy: shows 4c 5c 6c 9c Jh\nBob: shows 2d Ah Ad Kc Ks\n", seats="Ann 20, Bob 20, Cy 20",
                         dealer="Cy")
    assert [(f.action, f.code, f.message) for f in r.findings if f.action] == [
        (9, "shown_hand_contradicts_log", "Bob shows 2d Ah Ad Kc Ks: the log has 2d in the widow")]


def test_the_turn_prompt_names_the_cards_the_log_knows():
    """whiskey.3.1: with the widow face up, Bob may exchange with it -- his prompt carries his hand as the
    log knows it (dealt) and the widow Ann laid down, so the exchanges it offers name their cards."""
    setup = game_setup("whiskey_poker", seats=THREE_PLAYERS, dealer="Cy")
    bob, widow = tuple(cards("2d 3d 7s 8h Jc")), tuple(cards("4c 5c 6c 9c Jh"))
    p = play(setup, [Deal(player="Bob", cards=bob), TakeWidow("Ann"), TurnWidow(widow)]).prompt()
    assert (p.phase, p.to_act, p.options.hand, p.options.widow) == ("phase2", "Bob", bob, widow)
    assert Exchange("Bob", (card("2d"),), (card("4c"),)) in p.options.events("Bob")


def test_a_hand_the_log_followed_is_ranked_without_being_shown():
    """COMMERCE-NOTES section 8: a player's hand is known when "shown, or followed card by card by the
    log" -- Bob's dealt hand, never exchanged, is ranked at the showdown though he did not show it: his
    pair of jacks takes the antes from Ann's and Cy's shown hands."""
    r = replay_text_hand("whiskey_poker", "Bob: dealt Jd Js 7s 8h 2c\n" + PLAYED.replace("2c", "Ac")
                         + "Ann: shows Kh Qd 9c 6h 3h\nCy: shows Td 9d 5h 4d 3s\n", seats="Ann 20, Bob 20, Cy 20",
                         dealer="Cy")
    (pot,) = r.outcome.pots
    assert (pot.winners, pot.hand, r.outcome.kind) == (("Bob",), "pair of jacks", "showdown")
    assert [f for f in r.findings if f.code == "showdown_unverifiable"] == []


def test_a_player_who_folded_in_the_betting_round_is_not_asked_to_show_and_cannot_win():
    """whiskey.betting_round = one_before_showdown and whiskey.6.4 ("everyone shows his cards" from the
    knocker): Ann knocked and bets 2, Bob folds, Cy calls: the show is Ann, then Cy; Bob's folded hand
    does not count even where it would have won -- Cy's two pair take the 7."""
    r = replay_text_hand("whiskey_poker", PLAYED + "Ann: bets 2\nBob: folds\nCy: calls\n"
                         "Ann: shows Kh Qd 9c 6h 3h\nCy: shows Td Tc 5h 5d 3s\nBob: shows Ah Ad Ac Kc Ks\n",
                         "whiskey.betting_round = one_before_showdown", seats="Ann 20, Bob 20, Cy 20", dealer="Cy")
    o = r.outcome
    assert o.showdown_order == ("Ann", "Cy")
    assert [(p.amount, p.winners) for p in o.pots] == [(7, ("Cy",))]
    assert o.stacks == {"Ann": 17, "Bob": 19, "Cy": 24}


def test_everybody_else_folding_in_the_betting_round_leaves_the_pot_uncontested():
    """whiskey.betting_round = one_before_showdown: Ann bets 2, Bob and Cy fold -- Ann takes the 3 antes and
    her bet back without showing: the deal is uncontested."""
    r = replay_text_hand("whiskey_poker", PLAYED + "Ann: bets 2\nBob: folds\nCy: folds\n",
                         "whiskey.betting_round = one_before_showdown", seats="Ann 20, Bob 20, Cy 20", dealer="Cy")
    o = r.outcome
    assert (o.kind, o.stacks, o.summary) == ("uncontested", {"Ann": 22, "Bob": 19, "Cy": 19}, "Ann wins 5")
    assert r.findings == ()


def test_a_widow_dealt_with_a_card_a_player_holds_is_refused_naming_the_holder():
    """Each card is in the pack once (whiskey.6.1: "a standard 52-card pack"): the widow logged as dealt
    the 2c that Bob was dealt already is a logging error the replay cannot play."""
    from referee.engine.events import DealWidow
    from referee.errors import CardError

    with pytest.raises(CardError) as refused:
        play(game_setup("whiskey_poker", seats=THREE_PLAYERS),
             [Deal(player="Bob", cards=tuple(cards("2c 3c 4c 5c 7d"))), DealWidow(cards=tuple(cards("2c 9d Td Jd Qd")))])
    assert str(refused.value) == "hand 1, action 2: the widow is dealt 2c but Bob holds it"


def test_the_deal_stays_with_the_dealer_when_nobody_else_has_chips():
    """whiskey.6.2 "the deal then passes to the left" -- to a player with chips: Ann deals, Bob pays his
    last 2 chips as the lowest (no_ante_lowest_pays_N, two players); nobody else has chips, so the deal
    stays with Ann."""
    r = replay_text_hand("whiskey_poker", "Ann wins\nBob was lowest\n", "whiskey.scoring = no_ante_lowest_pays_N",
                         seats="Ann 5, Bob 2", dealer="Ann")
    assert r.outcome.stacks == {"Ann": 7, "Bob": 0} and r.outcome.next_hand.dealer == "Ann"
