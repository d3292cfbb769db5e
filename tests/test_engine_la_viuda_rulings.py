"""La Viuda (seed-004, rulebook ``la_viuda``): the wild rank from the pool, the jokers, the worst hand's chip, the
buy-back offered and refused, elimination and the end of the game, as the rules say them."""

from __future__ import annotations

import pytest

from referee.engine.events import BuyBack, DeclineBuyBack
from referee.engine.games.la_viuda import LaViudaCarry, LaViudaFund, wild_rank
from referee.engine.games.whiskey_poker import WhiskeyCarry
from referee.engine.replay import play, start_hand
from referee.errors import InputError
from referee.handfile import parse_night
from referee.handfile.replay import replay_night_file

from helpers.engine import game_setup, night_text, replay_table, replay_text_night


def test_seats_that_did_not_buy_the_same_chips_are_named_at_the_games_start():
    """laviuda.1.1: "each buys the same number of chips, usually two or three (see laviuda.chips_each)" --
    laviuda.chips_each = 3, and Bob sits down with 2, Dee with 4: noted under laviuda.1.1 at no action,
    each odd seat named with his chips."""
    r = replay_table(game_setup("la_viuda", seats=[("Ann", 3), ("Bob", 2), ("Cy", 3), ("Dee", 4)]), [])
    assert [(f.action, f.code, f.rule, f.message) for f in r.findings] == [
        (None, "chips_bought_differ", "laviuda.1.1", "each player buys 3 chips, but the seats give Bob 2, Dee 4")]


# ---------------------------------------------------------------------- a La Viuda night, as the log gives it

SHOWN = "showdown:\nCy: shows Kc Kd 9h 7h 4s\nBob: shows Qd Th 9s 6c 5h\nAnn: shows 8s 8d Jc 3s 2h\n"
"""Deal 1 (one chip in the pool: aces and the jokers wild, none held): Cy a pair of kings, Bob queen high,
Ann a pair of eights -- Bob's hand is the worst."""


def viuda(body: str, *options: str, seats: str = "Ann 3, Bob 3, Cy 3", so_far: str | None = None):
    """A La Viuda night (Ann deals; Cy, on her right, plays first), perhaps from the middle of a game."""
    text = night_text("la_viuda", body, *options, seats=seats)
    if so_far is not None:
        text = text.replace("dealer: Ann\n", f"dealer: Ann\ngame so far: {so_far}\n")
    return replay_night_file(parse_night(text), snapshots=True)


def deal(lines: str, *options: str, seats: str = "Ann 3, Bob 3, Cy 3", so_far: str | None = None):
    (replayed,) = viuda("hand 1\n" + lines, *options, seats=seats, so_far=so_far)
    return replayed.replay


def rows(replay) -> list[tuple]:
    return [(f.action, f.code, f.player, f.rule, f.message, f.remedy) for f in replay.findings
            if f.code != "chips_bought_differ"]


def prompts(lines: str, *options: str, seats=(("Ann", 3), ("Bob", 1), ("Cy", 3))) -> list[tuple]:
    """(phase, to act, legal, stack) after each line of a first deal."""
    events = list(parse_night(night_text("la_viuda", "hand 1\n" + lines, *options,
                                         seats=", ".join(f"{n} {s}" for n, s in seats))).hands[0].events)
    setup = game_setup("la_viuda", dict(o.split(" = ") for o in options), seats=list(seats))
    return [(p.phase, p.to_act, p.legal, p.stack) for p in (play(setup, events[:i]).prompt()
                                                           for i in range(1, len(events) + 1))]


@pytest.mark.parametrize(("pool", "rank"), [(1, 14), (2, 2), (9, 9), (10, 10), (11, 11), (12, 12), (13, 13),
                                            (14, 14), (15, 2), (26, 13), (27, 14)])
def test_the_pool_count_names_the_wild_rank_aces_again_after_kings(pool, rank):
    """laviuda.2.2: "one chip makes aces wild ..., two chips twos, and so on up to ten chips tens, eleven
    jacks, twelve queens, thirteen kings, fourteen aces again, fifteen twos, and so on" (14 = aces)."""
    assert wild_rank(pool) == rank


@pytest.mark.parametrize(("pool", "in_deal", "after"), [(1, "A", "2"), (9, "9", "T"), (13, "K", "A"), (14, "A", "2")])
def test_each_deal_records_its_wild_rank_and_the_next_ones(pool, in_deal, after):
    """laviuda.2.2 and laviuda.4: "The pool count rises by one, so the next wild rank is one higher" --
    a night begun with ``pool`` chips in the pool: that count's rank is wild in the deal, Bob's worst
    hand adds a chip, and the next deal's rank is the next one (kings, then aces again)."""
    r = deal("Bob was lowest\n", so_far=f"pool {pool}, la viuda not bought")
    assert r.outcome.facts == {"wild_rank_in_deal": in_deal, "wild_rank": after}
    assert r.outcome.next_hand.carry.pool == pool + 1


@pytest.mark.parametrize(("wild", "pays", "facts"), [
    ("on", "Bob", {"wild_rank_in_deal": "A", "wild_rank": "2"}),
    ("off", "Ann", {"wild_rank_in_deal": None, "wild_rank": None}),
])
def test_the_pools_rank_is_wild_only_under_its_option(wild, pays, facts):
    """laviuda.wild_rank_from_pool: on -- "The rank named by the number of chips in the pool is wild ...
    the first deal has one chip and aces are wild": Ann's Ah makes three eights and Bob's queen high is
    worst; off -- "Only the jokers are wild": Ann holds a pair of eights with an ace, the worst against
    a pair of kings and a pair of queens."""
    r = deal("showdown:\nCy: shows Kc Kd 9h 7h 4s\nBob: shows Qd Qh 9s 6c 5h\nAnn: shows Ah 8s 8d Jc 3s\n"
             .replace("Qd Qh 9s", "Qd Th 9s" if wild == "on" else "Qd Qh 9s"),
             f"laviuda.wild_rank_from_pool = {wild}")
    assert [(p.payer, p.amount, p.rule, p.into) for p in r.outcome.penalties] == [(pays, 1, "laviuda.4", "pool")]
    assert r.outcome.facts == facts


@pytest.mark.parametrize(("jokers", "pays"), [(1, "Ann"), (2, "Ann")])
def test_a_joker_in_the_pack_is_wild(jokers, pays):
    """laviuda.2.1 / laviuda.jokers: "jokers are always wild" -- with one joker or two (and no pool rank),
    Bob's Jk1 with his pair of sevens makes three sevens; Ann's pair of fives is the worst."""
    r = deal("showdown:\nCy: shows Kc Kd 9h 8h 4s\nBob: shows Jk1 7d 7s 6c 2h\nAnn: shows 5c 5d Jc 3s Th\n",
             f"laviuda.jokers = {jokers}", "laviuda.wild_rank_from_pool = off")
    assert [p.payer for p in r.outcome.penalties] == [pays]


@pytest.mark.parametrize(("jokers", "hint"), [(0, "this pack has 0 jokers (laviuda.jokers)"),
                                              (1, "this pack has 1 joker (laviuda.jokers)")])
def test_a_joker_beyond_the_packs_jokers_is_refused_naming_the_option(jokers, hint):
    """laviuda.jokers: "The pack is 52 cards plus {value} joker(s)" -- the second joker is no card of a
    pack with one (or none): refused at its line, the hint saying how many the pack has."""
    with pytest.raises(InputError) as refused:
        deal("showdown:\nCy: shows Jk2 Kd 9h 8h 4s\n", f"laviuda.jokers = {jokers}")
    assert str(refused.value).endswith("hand 1, action 2: Jk2 is not a card of the La Viuda pack")
    assert refused.value.hint == hint


def test_the_worst_hand_pays_a_chip_and_the_prompt_offers_la_viuda_to_him_alone():
    """laviuda.4: "the player with the worst poker hand pays one chip to the pool"; laviuda.5.2: La Viuda
    "only immediately after a player loses his original chips: at the end of the deal in which he lost
    his last chip" -- Bob, with one chip, shows the worst hand: once every hand is shown he (and only
    he) is asked whether he buys La Viuda."""
    assert prompts(SHOWN) == [
        ("showdown", "Cy", ("show", "muck"), 3), ("showdown", "Bob", ("show", "muck"), 1),
        ("showdown", "Ann", ("show", "muck"), 3), ("buyback", "Bob", ("buy la viuda", "decline"), 1)]


def test_la_viuda_is_not_offered_while_hands_are_still_to_be_shown():
    """laviuda.5.2: "at the end of the deal in which he lost his last chip" -- Bob throws his hand in
    (conceding: his is the worst hand) while Ann has still to show: she is asked to show first; La
    Viuda is offered to Bob once she has."""
    assert prompts("showdown:\nCy: shows Kc Kd 9h 7h 4s\nBob: mucks\nAnn: shows 8s 8d Jc 3s 2h\n")[2:] == [
        ("showdown", "Ann", ("show", "muck"), 3), ("buyback", "Bob", ("buy la viuda", "decline"), 1)]


def test_a_player_who_keeps_chips_after_paying_is_not_offered_la_viuda():
    """laviuda.5.1: only "A player who loses all his chips" may buy La Viuda -- Bob, worst with two chips,
    keeps one: nobody is asked."""
    assert prompts(SHOWN, seats=(("Ann", 3), ("Bob", 2), ("Cy", 3)))[-1] == ("showdown", None, (), 0)


def test_buying_la_viuda_gives_a_chip_back_costs_twice_a_chip_and_holds_the_wild_rank():
    """laviuda.5.1: "It costs twice the value of a normal chip, and the payment is added to the prize money;
    he then plays on"; laviuda.6: "the pool count stays as it was in the previous hand (the loser's chip
    goes in and La Viuda comes out)" -- Bob (1 chip of the 7 bought at 1 unit) loses his last chip and
    buys La Viuda: he has one chip, the pool stays at one (aces wild again), the fund is 700 + 200 cents,
    Bob's share of it 300."""
    r = deal(SHOWN + "Bob: buys la viuda\n", seats="Ann 3, Bob 1, Cy 3")
    o = r.outcome
    assert rows(r) == []
    assert (o.kind, o.summary, o.stacks) == ("showdown", "Bob pays 1 to the pool; Bob buys La Viuda",
                                              {"Ann": 3, "Bob": 1, "Cy": 3})
    assert [(p.payer, p.payee, p.amount, p.rule, p.into) for p in o.penalties] == [
        ("Bob", None, 1, "laviuda.4", "pool")]
    assert o.facts == {"wild_rank_in_deal": "A", "wild_rank": "A"}
    carry = o.next_hand.carry
    assert carry.to_dict() == {
        "pot": 0, "antes_in": False, "pool": 1, "out": [], "buyback_open": False, "bought_by": "Bob",
        "prize_cents": 900, "paid_cents": {"Ann": 300, "Bob": 300, "Cy": 300}, "game_over": False, "winner": None}
    assert o.next_hand.dealer == "Cy"
    assert play(game_setup("la_viuda", seats=[("Ann", 3), ("Bob", 1), ("Cy", 3)]),
                list(parse_night(night_text("la_viuda", "hand 1\n" + SHOWN + "Bob: buys la viuda\n",
                                            seats="Ann 3, Bob 1, Cy 3")).hands[0].events)).prompt().to_act is None


@pytest.mark.parametrize("answer", ["Bob: declines la viuda\n", ""])
def test_declining_la_viuda_or_saying_nothing_puts_him_out_and_keeps_it_for_the_next(answer):
    """laviuda.5.1 / laviuda.5.2: "A player who loses all his chips is out of the game, unless he buys La
    Viuda ... (a player who says nothing then has declined). If the first player to run out declines
    it, the option passes to the second player" -- Bob is out, the pool holds two chips, La Viuda is
    still to be had."""
    r = deal(SHOWN + answer, seats="Ann 3, Bob 1, Cy 3")
    assert rows(r) == []
    o = r.outcome
    assert (o.summary, o.stacks) == ("Bob pays 1 to the pool", {"Ann": 3, "Bob": 0, "Cy": 3})
    assert o.next_hand.carry.to_dict() == {
        "pot": 0, "antes_in": False, "pool": 2, "out": ["Bob"], "buyback_open": True, "bought_by": None,
        "prize_cents": 700, "paid_cents": {"Ann": 300, "Bob": 100, "Cy": 300}, "game_over": False, "winner": None}


def test_a_decline_by_a_player_not_offered_la_viuda_is_noted_and_the_offer_stands():
    """laviuda.5.2: La Viuda passes only to a player who has just run out -- Ann, who keeps her chips,
    declines it: noted against her; Bob is still asked."""
    lines = SHOWN + "Ann: declines la viuda\n"
    r = deal(lines, seats="Ann 3, Bob 1, Cy 3")
    assert rows(r) == [(5, "decline_not_needed", "Ann", None, "Ann declines La Viuda, which was not his to buy now",
                        None)]
    assert prompts(lines)[-1] == ("buyback", "Bob", ("buy la viuda", "decline"), 1)


def test_tied_worst_hands_that_both_run_out_are_offered_la_viuda_in_turn():
    """laviuda.tie_lowest = all_tied_pay: "each of them pays one chip"; laviuda.5.2: "If the first player to
    run out declines it, the option passes to the second" -- Cy and Bob, one chip each, are both worst:
    Cy (first in play from the dealer's right) is asked first; he declines, Bob is asked and buys; Cy is
    out and Bob plays on with La Viuda's chip."""
    lines = "Cy was lowest\nBob was lowest\nCy: declines la viuda\nBob: buys la viuda\n"
    seats = (("Ann", 3), ("Bob", 1), ("Cy", 1))
    assert [p[:2] for p in prompts(lines, "laviuda.tie_lowest = all_tied_pay", seats=seats)] == [
        ("buyback", "Cy"), ("buyback", "Cy"), ("buyback", "Bob"), ("showdown", None)]
    r = deal(lines, "laviuda.tie_lowest = all_tied_pay", seats="Ann 3, Bob 1, Cy 1")
    o = r.outcome
    assert (o.kind, o.summary, o.stacks) == ("reported", "Cy pays 1 to the pool; Bob pays 1 to the pool; "
                                             "Bob buys La Viuda", {"Ann": 3, "Bob": 1, "Cy": 0})
    assert (o.next_hand.carry.pool, o.next_hand.carry.out, o.next_hand.carry.bought_by) == (2, ("Cy",), "Bob")


@pytest.mark.parametrize(("lines", "options", "seats", "so_far", "finding", "bought"), [
    ("Ann wins\nBob: buys la viuda\n", ("laviuda.short_pack = 5_ranks_per_2_players_plus_1_per_player",),
     "Ann 1, Bob 1, Cy 1", None,
     (2, "buyback_refused", "Bob", "laviuda.short_pack", "Bob buys La Viuda, but short-pack whisky has none",
      "ignored"), None),
    ("Bob was lowest\nBob: buys la viuda\n", (), "Ann 3, Bob 1, Cy 3", "pool 3, fund 9, la viuda bought by Dee",
     (2, "buyback_second", "Bob", "laviuda.5.2",
      "Bob buys La Viuda, but Dee bought it already: it is bought once a game", "refused: no chip, no money"), "Dee"),
    ("Cy was lowest\nBob was lowest\nCy: buys la viuda\nBob: buys la viuda\n", ("laviuda.tie_lowest = all_tied_pay",),
     "Ann 3, Bob 1, Cy 1", None,
     (4, "buyback_second", "Bob", "laviuda.5.2",
      "Bob buys La Viuda, but Cy bought it already: it is bought once a game", "refused: no chip, no money"), "Cy"),
    ("Bob: buys la viuda\n", (), "Ann 3, Bob 1, Cy 3", None,
     (1, "buyback_not_immediate", "Bob", "laviuda.5.2",
      "Bob buys La Viuda before this deal has shown that he lost his last chip", "refused: no chip, no money"), None),
    ("Bob was lowest\nBob: buys la viuda\n", (), "Ann 3, Bob 2, Cy 3", None,
     (2, "buyback_with_chips", "Bob", "laviuda.5.2", "Bob buys La Viuda with 1 chip left: it is bought only when "
      "a player has lost all his chips", "refused: no chip, no money"), None),
    ("Bob was lowest\nAnn: buys la viuda\n", (), "Ann 1, Bob 1, Cy 3", None,
     (2, "buyback_with_chips", "Ann", "laviuda.5.2", "Ann buys La Viuda with 1 chip left: it is bought only when "
      "a player has lost all his chips", "refused: no chip, no money"), None),
    ("Bob was lowest\nCy: buys la viuda\n", (), "Ann 3, Bob 1, Cy 3", None,
     (2, "buyback_with_chips", "Cy", "laviuda.5.2", "Cy buys La Viuda with 3 chips left: it is bought only when "
      "a player has lost all his chips", "refused: no chip, no money"), None),
])
def test_every_buy_back_the_rules_refuse_is_flagged_and_moves_nothing(lines, options, seats, so_far, finding, bought):
    """laviuda.5.2: "La Viuda can be bought only once in a game, and only immediately after a player loses
    his original chips: at the end of the deal in which he lost his last chip"; laviuda.short_pack:
    "There are no ... chips, no pool and no La Viuda" -- each refused purchase is flagged with its
    reason and nobody's chips or the fund change for it."""
    r = deal(lines, *options, seats=seats, so_far=so_far)
    assert rows(r)[-1] == finding
    assert getattr(r.outcome.next_hand.carry, "bought_by", None) == bought


def test_a_player_out_of_the_game_who_plays_or_buys_la_viuda_late_is_flagged_and_ignored():
    """laviuda.5.1: "A player who loses all his chips is out of the game"; laviuda.5.2: "only immediately
    after a player loses his original chips" -- Bob runs out in deal 1 and says nothing; in deal 2 he
    shows a hand (flagged once under laviuda.5.1 and ignored: Ann's worst hand pays) and then buys La
    Viuda: too late, refused, and he stays out."""
    night = viuda("hand 1\nBob was lowest\n\nhand 2\nshowdown:\nBob: shows 2c 3d 4h 6s 8c\n"
                  "Ann: shows Qd Th 9s 6c 5h\nCy: shows Kc Kd 9h 7h 4s\nBob: mucks\nBob: buys la viuda\n",
                  seats="Ann 3, Bob 1, Cy 3")
    r = night.result.hands[1]
    assert rows(r) == [
        (2, "eliminated_player_acted", "Bob", "laviuda.5.1",
         "Bob is out of the game (no chips left) but takes part in this deal", "ignored: his hand takes no part"),
        (6, "buyback_not_immediate", "Bob", "laviuda.5.2",
         "Bob buys La Viuda, but he ran out in an earlier deal: it is bought only immediately after",
         "refused: no chip, no money; he stays out")]
    assert [p.payer for p in r.outcome.penalties] == ["Ann"]
    assert (r.outcome.next_hand.carry.out, r.outcome.next_hand.carry.bought_by) == (("Bob",), None)


def test_after_la_viuda_is_bought_the_next_to_run_out_is_out_and_the_last_with_chips_wins():
    """laviuda.5.2: "once it has been bought, later players are eliminated as soon as they lose all their
    chips"; laviuda.7: "The game ends when all players but one have lost all their chips; the survivor
    collects all the money" -- Bob bought La Viuda before this night; Cy runs out (no offer), then Bob:
    Ann has won; a deal logged after that counts for nothing."""
    night = viuda("hand 1\nCy was lowest\n\nhand 2\nBob was lowest\n\nhand 3\nBob adds 2\nAnn was lowest\n",
                  seats="Ann 2, Bob 1, Cy 1", so_far="pool 2, fund 10, la viuda bought by Bob")
    first, second, third = (h.replay for h in night)
    assert first.outcome.next_hand.carry.to_dict() == {
        "pot": 0, "antes_in": False, "pool": 3, "out": ["Cy"], "buyback_open": False, "bought_by": "Bob",
        "prize_cents": 1000, "paid_cents": None, "game_over": False, "winner": None}
    assert first.outcome.next_hand.dealer == "Bob"  # Ann deals, then the player on her right: Cy, out
    c2 = second.outcome.next_hand.carry
    assert (c2.pool, c2.out, c2.game_over, c2.winner) == (4, ("Cy", "Bob"), True, "Ann")
    assert (third.outcome.kind, third.outcome.summary, third.outcome.penalties) == (
        "game_over", "the game was already over", ())
    assert rows(third)[:1] == [(1, "deal_after_game_over", None, "laviuda.7",
                                "this deal is logged after the game was over", "nothing in it counts")]
    assert night.result.winner == "Ann"
    assert night.result.facts == {"game_over": True, "whisky_payer": None, "prize_cents": 1000, "paid_cents": None,
                                  "points": None}


def test_the_buy_back_prompts_events_are_buying_and_declining():
    """laviuda.5.1: he buys La Viuda or is out: the prompt's two answers, as events."""
    events = list(parse_night(night_text("la_viuda", "hand 1\n" + SHOWN, seats="Ann 3, Bob 1, Cy 3")).hands[0].events)
    p = play(game_setup("la_viuda", seats=[("Ann", 3), ("Bob", 1), ("Cy", 3)]), events).prompt()
    assert p.events() == [BuyBack("Bob"), DeclineBuyBack("Bob")]


# ---------------------------------------------------------------------- the fund (laviuda.1.1, 5.1, 7)

def fund(body: str, *options: str, seats: str, so_far: str | None = None, chip_cents: int = 100):
    """La Viuda's money over a night as the ledger walks it: the game's hook, and the lines of each hand."""
    run, lines = None, []
    night = viuda(body, *options, seats=seats, so_far=so_far).result
    for hand_, step in zip(night.hands, night.steps, strict=True):
        if LaViudaFund.under_way(step.carry_out):
            run = run or LaViudaFund.starting(step, hand_.setup, chip_cents, lambda cents: f"{cents / 100:.2f}")
            lines += run.hand(step, hand_.setup, hand_.outcome)
    return run, [(m.player, m.what, m.cents, m.text, m.hand) for m in lines]


def test_the_fund_is_what_the_chips_cost_and_la_viuda_and_the_survivor_collects_it():
    """laviuda.1.1: "the money paid for the chips is the prize for the final winner"; laviuda.5.1: La Viuda
    "costs twice the value of a normal chip, and the payment is added to the prize money"; laviuda.7:
    "the survivor collects all the money paid for chips, including the price paid for La Viuda" -- one
    chip each at 2 units (fund 6.00); Bob runs out in deal 1 and buys La Viuda (4.00, fund 10.00); Cy
    runs out in deal 2, Bob in deal 3: Ann survives with her chip, worth 1.00 at the table's price, and
    the bank pays her the other 9.00."""
    run, lines = fund("hand 1\nBob was lowest\nBob: buys la viuda\n\nhand 2\nCy was lowest\n\nhand 3\n"
                      "Bob was lowest\n", "laviuda.chips_each = 1", "laviuda.chip_value = 2",
                      seats="Ann 1, Bob 1, Cy 1")
    assert lines == [("Bob", "La Viuda bought", -400, "Bob buys La Viuda: twice a chip's price, into the fund", 1)]
    assert run.over()
    report = run.end(retire=True)
    price = ("La Viuda's chips are priced at 2.00 (laviuda.chip_value), the table's at 1.00: its fund is counted "
             "at La Viuda's price")
    assert [(m.player, m.what, m.cents, m.text, m.hand) for m in report.lines] == [
        ("Ann", "La Viuda's fund", 900, "Ann survives and collects the fund of 10.00: 1 chip still on the table, "
         "9.00 from the bank", 3)]
    assert (report.notes, report.removed, report.held) == ((price,), 3, 0)
    g = report.game
    assert (g.game, g.first_hand, g.last_hand, g.players, g.over, g.winner, g.fund_cents, g.paid_cents) == (
        "la_viuda", 1, 3, ("Ann", "Bob", "Cy"), True, "Ann", 1000, (("Ann", 200), ("Bob", 600), ("Cy", 200)))
    assert (g.bought_by, g.buyback_hand, g.buyback_cents, g.pool, g.kept_chips, g.notes) == (
        "Bob", 1, 400, 3, 1, (price,))
    assert g.words == ("La Viuda, hands 1\u20133 (Ann, Bob, Cy): fund 10.00; La Viuda bought by Bob in hand 1 for "
                       "4.00; Ann survived with 1 chip and collects it; the pool held 3 chips.")
    assert run.end(retire=False).removed == 0


def test_a_game_still_under_way_holds_its_pool_and_one_left_unfinished_says_so():
    """laviuda.7: "The game ends when all players but one have lost all their chips" -- after one deal
    (Bob's worst hand: the pool holds 2 chips) the game is under way: at an open night's end it holds
    its pool; ended by the night, its fund is not collected and its pool leaves the table."""
    run, lines = fund("hand 1\nBob was lowest\n", seats="Ann 3, Bob 3, Cy 3")
    assert lines == [] and not run.over()
    standing = run.standing()
    assert (standing.held, standing.removed, standing.lines) == (2, 0, ())
    g = standing.game
    assert (g.over, g.winner, g.fund_cents, g.paid_cents, g.bought_by, g.pool, g.notes) == (
        False, None, 900, (("Ann", 300), ("Bob", 300), ("Cy", 300)), None, 2, ("the game is under way",))
    assert g.words == "La Viuda, hands 1\u20131 (Ann, Bob, Cy): fund 9.00; not finished; the pool held 2 chips."
    ended = run.end(retire=True)
    assert (ended.lines, ended.removed, ended.notes) == ((), 2, (
        "the La Viuda game of hands 1\u20131 did not finish: its fund was not collected and its pool's 2 chips left "
        "the table",))
    assert run.end(retire=False).removed == 0


def test_la_viuda_bought_in_a_night_begun_mid_game_is_paid_by_its_buyer():
    """laviuda.5.1: "It costs twice the value of a normal chip, and the payment is added to the prize money"
    -- the night begins with a fund of 6 units and La Viuda in the pool; Bob buys it in deal 1: he pays
    2.00 into the fund (8.00), which Ann, surviving deal 2 with her chip, collects; the fund's earlier
    money is noted as paid before the night."""
    run, lines = fund("hand 1\nBob was lowest\nBob: buys la viuda\n\nhand 2\nBob was lowest\n",
                      seats="Ann 1, Bob 1", so_far="pool 1, fund 6, la viuda not bought")
    assert lines == [("Bob", "La Viuda bought", -200, "Bob buys La Viuda: twice a chip's price, into the fund", 1)]
    report = run.end(retire=True)
    assert [(m.player, m.cents) for m in report.lines] == [("Ann", 700)]
    assert report.notes == ("the La Viuda game of hands 1\u20132 began before this night: its fund holds money paid "
                            "earlier",)
    assert report.game.words == ("La Viuda, hands 1\u20132 (Ann, Bob): fund 8.00; La Viuda bought by Bob in hand 1 "
                                 "for 2.00; Ann survived with 1 chip and collects it; the pool held 2 chips.")


def test_la_viuda_bought_before_the_night_is_not_charged_again_nor_given_a_hand():
    """laviuda.5.2: "La Viuda can be bought only once in a game" -- Cy bought it before this night ('game
    so far'): nobody pays for it tonight, and the game's summary invents no hand or price for it."""
    run, lines = fund("hand 1\nBob was lowest\n", seats="Ann 1, Bob 1", so_far="pool 4, fund 14, la viuda bought by Cy")
    report = run.end(retire=True)
    assert lines == [] and [(m.player, m.cents) for m in report.lines] == [("Ann", 1300)]
    assert report.game.words == ("La Viuda, hands 1\u20131 (Ann, Bob): fund 14.00; Ann survived with 1 chip and "
                                 "collects it; the pool held 5 chips.")


@pytest.mark.parametrize(("carry", "under_way"), [
    (LaViudaCarry(started=True, pool=1), True), (LaViudaCarry(), False),
    (LaViudaCarry(started=True, short_pack=True), False), (WhiskeyCarry(started=True, pool=1), False),
])
def test_only_a_started_la_viuda_game_with_chips_has_a_fund(carry, under_way):
    """laviuda.1.1: the fund is what La Viuda's players paid for their chips; laviuda.short_pack: "There are
    ... no chips, no pool and no La Viuda" (no fund); whiskey's pool game is not La Viuda's."""
    assert LaViudaFund.under_way(carry) is under_way


# ---------------------------------------------------------------------- a game begun before the night

SHORT = "laviuda.short_pack = 5_ranks_per_2_players_plus_1_per_player"


@pytest.mark.parametrize(("options", "so_far", "message", "hint"), [
    ((SHORT,), "pool 3", "'game so far:' gives a pool, fund or La Viuda, which short-pack whisky does not have",
     "short-pack whisky's game so far is its points: 'game so far: points Ann 2 Bob 1'"),
    ((SHORT,), "fund 14", "'game so far:' gives a pool, fund or La Viuda, which short-pack whisky does not have",
     "short-pack whisky's game so far is its points: 'game so far: points Ann 2 Bob 1'"),
    ((SHORT,), "la viuda not bought",
     "'game so far:' gives a pool, fund or La Viuda, which short-pack whisky does not have",
     "short-pack whisky's game so far is its points: 'game so far: points Ann 2 Bob 1'"),
    ((), "fund 14, la viuda not bought", "'game so far:' must give La Viuda's pool (at least 1: La Viuda's own chip)",
     "write 'game so far: pool 7, fund 14, la viuda not bought'"),
    ((), "pool 0, fund 14", "'game so far:' must give La Viuda's pool (at least 1: La Viuda's own chip)",
     "write 'game so far: pool 7, fund 14, la viuda not bought'"),
    ((), "points Ann 2 Bob 1", "'game so far:' gives points, which La Viuda does not keep (short pack only)",
     "La Viuda's game so far: 'game so far: pool 7, fund 14, la viuda not bought'"),
])
def test_a_game_so_far_that_does_not_fit_the_game_is_refused_with_the_line_it_takes(options, so_far, message, hint):
    """laviuda.1.2: "One extra chip, called La Viuda (the widow), is placed in the central pool" (so the pool
    holds at least one chip); laviuda.short_pack: "There are no jokers, no wild rank, no chips, no pool and
    no La Viuda" -- a night begun in the middle of a game must give what the game keeps, nothing else."""
    with pytest.raises(InputError) as refused:
        viuda("hand 1\nAnn wins\n", *options, so_far=so_far)
    assert str(refused.value) == f"<text>:{4 + len(options)}: {message}"
    assert refused.value.hint == hint


@pytest.mark.parametrize(("so_far", "carry"), [
    ("pool 7, fund 14, la viuda bought by Cy",
     {"pool": 7, "bought_by": "Cy", "buyback_open": False, "prize_cents": 1400, "paid_cents": None}),
    ("pool 2, la viuda not bought", {"pool": 2, "bought_by": None, "buyback_open": True, "prize_cents": None,
                                     "paid_cents": None}),
])
def test_a_game_so_far_gives_the_pool_the_fund_and_who_bought_la_viuda(so_far, carry):
    """laviuda.2.2 (the pool names the wild rank), laviuda.5.2 (La Viuda bought once a game), laviuda.7 (the
    fund): a night begun in the middle of a game starts from them -- the fund in money units, who paid
    what unknown; Ann's worst hand adds a chip to the pool."""
    r = deal("Ann was lowest\n", seats="Ann 3, Bob 3", so_far=so_far)
    assert r.findings == ()
    out = r.outcome.next_hand.carry.to_dict()
    assert {k: out[k] for k in carry} == {**carry, "pool": carry["pool"] + 1}


def test_the_chips_each_player_buys_is_the_option_one_chip_said_so():
    """laviuda.chips_each: "Each player buys {value} chips at the start of the game" -- with one chip each,
    Bob's two are noted as one chip each bought, in the singular."""
    r = replay_table(game_setup("la_viuda", {"laviuda.chips_each": 1}, seats=[("Ann", 1), ("Bob", 2), ("Cy", 1)]), [])
    assert [(f.code, f.message) for f in r.findings] == [
        ("chips_bought_differ", "each player buys 1 chip, but the seats give Bob 2")]


# ---------------------------------------------------------------------- short-pack whisky (laviuda.short_pack)

def test_short_pack_the_best_hand_scores_and_the_first_alone_at_the_target_wins():
    """laviuda.short_pack: "The winner of each hand scores one point; the first to reach the agreed target
    wins"; laviuda.points_target: "each tied best hand scores one ... players level at the target play on"
    -- target 2: deal 1 Ann and Bob tie for best (a point each); deal 2 Ann scores, 2 to 1, and wins; a
    deal logged after that counts for nothing (laviuda.short_pack)."""
    night = viuda("hand 1\nAnn wins\nBob wins\n\nhand 2\nAnn wins\n\nhand 3\nBob wins\n", SHORT,
                  "laviuda.points_target = 2", seats="Ann 1, Bob 1, Cy 1")
    first, second, third = (h.replay.outcome for h in night)
    assert (first.kind, first.summary, first.facts) == ("reported", "Bob, Ann scores", {})  # in play order
    assert first.next_hand.carry.to_dict() == {"pot": 0, "antes_in": False, "points": {"Ann": 1, "Bob": 1, "Cy": 0},
                                               "game_over": False, "winner": None}
    assert second.next_hand.carry.to_dict() == {"pot": 0, "antes_in": False, "points": {"Ann": 2, "Bob": 1, "Cy": 0},
                                                "game_over": True, "winner": "Ann"}
    assert (first.stacks, second.stacks) == ({"Ann": 1, "Bob": 1, "Cy": 1},) * 2
    assert (third.kind, third.summary) == ("game_over", "the game was already over")
    assert [(f.action, f.code, f.rule) for f in night[2].replay.findings] == [
        (1, "deal_after_game_over", "laviuda.short_pack"), (1, "action_after_hand", None)]
    assert night.result.winner == "Ann"
    assert night.result.facts == {"game_over": True, "whisky_payer": None, "prize_cents": None, "paid_cents": None,
                                  "points": {"Ann": 2, "Bob": 1, "Cy": 0}}


@pytest.mark.parametrize(("ann", "bob", "summary", "points"), [
    ("Ac Ad Js Ts 9c", "Kc Kd Kh Tc 9d", "Bob scores", {"Ann": 0, "Bob": 1, "Cy": 0}),
    ("Kh Kc Js Ts 9c", "Ks Kd Jh Tc 9d", "Bob, Ann scores", {"Ann": 1, "Bob": 1, "Cy": 0}),
])
def test_short_pack_a_showdown_scores_its_best_hands_naturally_and_nobody_pays(ann, bob, summary, points):
    """laviuda.short_pack: "There are no jokers, no wild rank, no chips, no pool ... The winner of each hand
    scores one point"; laviuda.points_target: "each tied best hand scores one" -- Ann's aces are natural
    (no wild rank on the first deal): her pair of aces loses to Bob's three kings; two equal pairs of
    kings (no suit tie-break: that is the worst hand's, laviuda.8) both score; no chip moves."""
    r = deal(f"showdown:\nCy: shows Qs Qd Jc Th 9h\nBob: shows {bob}\nAnn: shows {ann}\n", SHORT,
             seats="Ann 1, Bob 1, Cy 1")
    assert (r.outcome.kind, r.outcome.summary, r.outcome.penalties) == ("showdown", summary, ())
    assert dict(r.outcome.next_hand.carry.points) == points


def test_short_pack_has_no_la_viuda_to_decline():
    """laviuda.short_pack: "no chips, no pool and no La Viuda" -- Bob, whose hand the log says was lowest,
    declines La Viuda: noted, it was not his to buy."""
    r = deal("Ann wins\nBob was lowest\nBob: declines la viuda\n", SHORT, seats="Ann 1, Bob 1, Cy 1")
    assert [(f.action, f.code, f.player) for f in r.findings] == [(3, "decline_not_needed", "Bob")]
    assert prompts("Ann wins\nBob was lowest\n", SHORT, seats=(("Ann", 1), ("Bob", 1), ("Cy", 1)))[-1][:2] == (
        "showdown", None)


def test_a_two_player_short_pack_runs_from_the_aces_to_the_tens():
    """laviuda.short_pack: "two players use the 20 cards A-K-Q-J-10 of each suit" -- a nine is no card of it."""
    with pytest.raises(InputError) as refused:
        deal("showdown:\nBob: shows 9c Kd Qh Jc Ts\n", SHORT, seats="Ann 1, Bob 1")
    assert str(refused.value).endswith("hand 1, action 2: 9c is not a card of the La Viuda pack")
    assert refused.value.hint == "the short pack for 2 players runs from the aces down to the Ts"


@pytest.mark.parametrize(("tie", "payers", "unsettled"), [
    ("highest_nonwild_card_suit_hdcs", [], ["Cy", "Bob"]), ("all_tied_pay", ["Cy", "Bob"], []),
])
def test_two_players_who_throw_their_hands_in_tie_for_worst_as_the_tie_option_says(tie, payers, unsettled):
    """laviuda.4: a hand thrown in concedes; laviuda.8 / laviuda.tie_lowest: "Among equally bad hands, the one
    whose highest card is lower pays" (their cards, unseen, must be shown to tell) or "each of them pays
    one chip" -- Cy and Bob both muck."""
    r = deal("showdown:\nCy: mucks\nBob: mucks\nAnn: shows Kc Kd 9h 7h 4s\n", f"laviuda.tie_lowest = {tie}")
    assert [p.payer for p in r.outcome.penalties] == payers
    assert [(f.code, f.player, f.rule) for f in r.findings] == [
        ("showdown_unverifiable", p, "laviuda.4") for p in unsettled]


def test_short_pack_for_eight_players_cannot_be_dealt():
    """laviuda.short_pack: "seven players: A down to 5, 40 cards; more cannot be dealt" -- eight players
    would need 45 cards of a 44-card pack: a misdeal, said with the counts."""
    seats = ", ".join(f"{n} 1" for n in ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"))
    r = deal("Ann wins\n", SHORT, seats=seats)
    assert [(f.action, f.code, f.rule, f.message, f.remedy) for f in r.findings][0] == (
        None, "pack_too_small", "laviuda.short_pack", "the short pack for 8 players has 44 cards, 45 are needed",
        "misdeal: the deal cannot be made")
    assert r.outcome.kind == "misdeal"
    names = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
    p = start_hand(game_setup("la_viuda", {"laviuda.short_pack": SHORT.split(" = ")[1]},
                              seats=[(n, 1) for n in names])).prompt()
    assert (p.phase, p.to_act) == ("over", None)  # nobody is asked to play a deal that cannot be made


def test_switching_between_la_viuda_and_short_pack_starts_a_new_game():
    """laviuda.1 (a game begins: chips bought, La Viuda in the pool) and laviuda.short_pack (a game of
    points): a table that switches the option starts the other game afresh -- the short-pack points are
    not a La Viuda game; La Viuda then starts with one chip in the pool and aces wild."""
    night = viuda(f"hand 1\nAnn wins\n\nhand 2\noption laviuda.short_pack = off\nBob was lowest\n\nhand 3\n"
                  f"option {SHORT}\nCy wins\n", SHORT, seats="Ann 3, Bob 3, Cy 3")
    viuda_deal, short_again = night[1].replay.outcome, night[2].replay.outcome
    assert (viuda_deal.facts, viuda_deal.next_hand.carry.pool, viuda_deal.next_hand.carry.prize_cents) == (
        {"wild_rank_in_deal": "A", "wild_rank": "2"}, 2, 900)
    assert dict(short_again.next_hand.carry.points) == {"Ann": 0, "Bob": 0, "Cy": 1}


@pytest.mark.parametrize(("wheel", "pays"), [("allowed", "Bob"), ("forbidden", "Ann")])
def test_the_wheel_is_a_straight_only_under_its_option(wheel, pays):
    """common.wheel: "A-2-3-4-5 is a straight, the lowest one" or "is not a straight; the ace counts only
    high" -- no wild cards (no jokers, no pool rank): Ann's A-2-3-4-5 is a straight, and Bob's pair of
    sevens is worst; without the wheel she holds ace high, the worst."""
    r = deal("showdown:\nCy: shows Kc Kd 9h 8h 4s\nBob: shows 7c 7d Jh 6s 3c\nAnn: shows 5c 4d 3h 2s Ah\n",
             f"common.wheel = {wheel}", "laviuda.jokers = 0", "laviuda.wild_rank_from_pool = off")
    assert [p.payer for p in r.outcome.penalties] == [pays]


def test_la_viuda_bought_by_a_player_who_joined_the_game_later_is_counted_as_his_payment():
    """laviuda.5.1: La Viuda "costs twice the value of a normal chip, and the payment is added to the prize
    money" -- Dee sits down in deal 2 (after the chips were bought: her chip is not in the fund), runs out
    and buys La Viuda: the fund grows by 2.00 and what she paid into it is those 2.00."""
    night = viuda("hand 1\nBob was lowest\n\nhand 2\nDee sits down with 1\nDee was lowest\nDee: buys la viuda\n",
                  "laviuda.chips_each = 1", seats="Ann 1, Bob 1, Cy 1")
    carry = night[1].replay.outcome.next_hand.carry
    assert (carry.bought_by, carry.prize_cents, carry.paid_cents) == (
        "Dee", 500, (("Ann", 100), ("Bob", 100), ("Cy", 100), ("Dee", 200)))


def test_a_game_won_without_la_viuda_bought_closes_the_offer_and_names_the_survivor():
    """laviuda.7: "The game ends when all players but one have lost all their chips; the survivor collects
    all the money paid for chips" -- one chip each: Bob's worst hand costs him his only chip, he declines
    La Viuda and Ann, the last with chips, has won; nobody can buy La Viuda any more."""
    night = viuda("hand 1\nBob was lowest\nBob: declines la viuda\n", "laviuda.chips_each = 1", seats="Ann 1, Bob 1")
    assert night[0].replay.outcome.next_hand.carry.to_dict() == {
        "pot": 0, "antes_in": False, "pool": 2, "out": ["Bob"], "buyback_open": False, "bought_by": None,
        "prize_cents": 200, "paid_cents": {"Ann": 100, "Bob": 100}, "game_over": True, "winner": "Ann"}
    assert (night.result.winner, night.result.facts) == ("Ann", {
        "game_over": True, "whisky_payer": None, "prize_cents": 200, "paid_cents": {"Ann": 100, "Bob": 100},
        "points": None})


def test_a_player_out_of_the_game_who_declines_la_viuda_later_is_only_noted():
    """laviuda.5.2: "a player who says nothing then has declined" -- Bob ran out in deal 1 and said nothing;
    his 'declines la viuda' in deal 2 was not his to say: a note, not a breach of play."""
    night = viuda("hand 1\nBob was lowest\n\nhand 2\nCy was lowest\nBob: declines la viuda\n", seats="Ann 3, Bob 1, Cy 3")
    assert rows(night[1].replay) == [
        (2, "decline_not_needed", "Bob", None, "Bob declines La Viuda, which was not his to buy now", None)]


def test_chips_left_in_the_middle_by_another_game_stay_there_through_la_viuda():
    """laviuda.1.1: the fund is "the money paid for the chips" each player holds when the game begins; a
    whiskey deal misdealt (its antes of 3 stay in the middle for the redeal) and then a switch to La
    Viuda: the game begins with the 2 chips each now holds (fund 6.00), and the 3 chips in the middle
    are no chips of La Viuda's: they stay there, deal after deal."""
    night = replay_text_night("whiskey_poker", "hand 1\nmisdeal\n\nhand 2\nrulebook: la_viuda\nBob was lowest\n\n"
                              "hand 3\nCy was lowest\n", seats="Ann 3, Bob 3, Cy 3")
    for replayed, pool in zip(list(night)[1:], (2, 3), strict=True):
        o = replayed.replay.outcome
        carry = o.next_hand.carry
        assert (o.carried, carry.pot, carry.antes_in, carry.pool, carry.prize_cents) == (3, 3, True, pool, 600)


def test_an_unfinished_game_whose_pool_holds_only_la_viuda_counts_one_chip():
    """laviuda.6: "When La Viuda is bought, the pool count stays as it was" -- Bob buys La Viuda in deal 1
    and the night ends there: the pool holds its one chip, which leaves the table with the game."""
    run, _ = fund("hand 1\nBob was lowest\nBob: buys la viuda\n", seats="Ann 3, Bob 1, Cy 3")
    assert run.end(retire=True).notes[-1] == (
        "the La Viuda game of hands 1\u20131 did not finish: its fund was not collected and its pool's 1 chip left "
        "the table")
    assert run.standing().game.words.endswith("; not finished; the pool held 1 chip.")


def test_a_survivor_with_chips_in_front_of_him_collects_the_rest_of_the_fund_from_the_bank():
    """laviuda.7: "the survivor collects all the money paid for chips" -- two chips each at 1 unit (fund
    4.00): Bob loses both and says nothing; Ann survives with her two chips, which count towards the fund
    (2.00 at the table's price), and the bank pays her the other 2.00."""
    run, lines = fund("hand 1\nBob was lowest\n\nhand 2\nBob was lowest\n", "laviuda.chips_each = 2",
                      seats="Ann 2, Bob 2")
    report = run.end(retire=True)
    assert lines == [] and report.notes == ()
    assert [(m.player, m.cents, m.text, m.hand) for m in report.lines] == [
        ("Ann", 200, "Ann survives and collects the fund of 4.00: 2 chips still on the table, 2.00 from the bank", 2)]
    assert report.game.words == ("La Viuda, hands 1\u20132 (Ann, Bob): fund 4.00; Ann survived with 2 chips and "
                                 "collects it; the pool held 3 chips.")


def test_a_deal_of_equal_hands_has_no_worst_and_nobody_pays():
    """laviuda.4 and laviuda.tie_lowest = all_tied_pay: "If worst hands tie, each of them pays" -- but when
    every hand is equal there is no worst hand: Ann and Bob show the same kings, nines, seven and four;
    nobody pays and the pool (and the wild rank) stays."""
    r = deal("showdown:\nBob: shows Kh Ks 9c 7c 4d\nAnn: shows Kc Kd 9h 7h 4s\n", "laviuda.tie_lowest = all_tied_pay",
             seats="Ann 3, Bob 3")
    assert (r.outcome.summary, r.outcome.penalties, r.outcome.next_hand.carry.pool) == ("nobody pays", (), 1)
    assert r.outcome.facts == {"wild_rank_in_deal": "A", "wild_rank": "A"}


def test_short_pack_a_deal_every_player_throws_in_scores_nobody():
    """laviuda.short_pack: "The winner of each hand scores one point" -- every hand thrown in: no winner."""
    r = deal("showdown:\nCy: mucks\nBob: mucks\nAnn: mucks\n", SHORT, seats="Ann 1, Bob 1, Cy 1")
    assert (r.outcome.summary, dict(r.outcome.next_hand.carry.points)) == ("nobody scores", {"Ann": 0, "Bob": 0, "Cy": 0})


def test_a_player_without_chips_when_la_viuda_begins_bought_none_and_paid_nothing():
    """laviuda.1.1: "each buys the same number of chips ...; the money paid for the chips is the prize" --
    a Stop the Bus game costs Bob his last 5 chips, then the table turns to La Viuda: Bob, without chips,
    is not in the game and paid nothing into its fund; Ann and Cy paid for the 10 chips each holds."""
    night = replay_text_night("stop_the_bus", "hand 1\nBob was lowest\n\nhand 2\nrulebook: la_viuda\nCy was lowest\n",
                              seats="Ann 10, Bob 5, Cy 10")
    carry = night[1].replay.outcome.next_hand.carry
    assert (carry.paid_cents, carry.prize_cents) == ((("Ann", 1000), ("Cy", 1000)), 2000)


def test_short_pack_a_player_who_sits_down_later_starts_from_no_points():
    """laviuda.short_pack: "The winner of each hand scores one point" -- Dee sits down in deal 2 and wins
    it: one point, as each player's first win is."""
    night = viuda("hand 1\nAnn wins\n\nhand 2\nDee sits down with 1\nDee wins\n", SHORT, seats="Ann 1, Bob 1, Cy 1")
    assert dict(night[1].replay.outcome.next_hand.carry.points) == {"Ann": 1, "Bob": 0, "Cy": 0, "Dee": 1}


@pytest.mark.parametrize(("options", "lines", "said", "summary"), [
    ((SHORT,), "showdown:\nCy: shows Qs Qd Jc Th 9h\nBob: shows Kc Kd Kh Tc 9d\nAnn: shows Ac Ad Js Ts 9c\nAnn wins\n",
     "the log says Ann wins, but the shown cards say otherwise", "Bob scores"),
    ((), SHOWN + "Ann was lowest\n", "the log says Ann was lowest, but the shown cards say otherwise",
     "Bob pays 1 to the pool"),
])
def test_a_result_line_the_shown_cards_contradict_is_flagged_and_the_cards_decide(options, lines, said, summary):
    """laviuda.4: "A hand shown face up at the showdown plays as shown (cards speak)" -- the log says Ann
    won (short pack) or was worst, but the shown hands say Bob: flagged under laviuda.4; the cards decide."""
    r = deal(lines, *options, seats="Ann 1, Bob 1, Cy 1" if options else "Ann 3, Bob 3, Cy 3")
    assert rows(r) == [(None, "result_contradicts_cards", "Ann", "laviuda.4", said, "the cards decide")]
    assert r.outcome.summary == summary
