"""Jackpots (seed-003, rulebook ``jackpots``): each ruling in full -- every finding's action, code,
player, rule, words, remedy and the action it is about; the chips after it; what the hand carries to
the next deal -- for the free ride's antes, the progressive minimums, the declarations, the opener's
proof and the end of a hand whose opener is alone or out.

Four players, 100 chips each; Ann deals unless told (Bob acts first) and, under draw.ante =
dealer_antes_N, antes one chip per player dealt in (4)."""

from __future__ import annotations

import pytest

from referee.engine.events import Bet, Call, Check, Declare, Draw, Fold, Misdeal, Muck, Raise, TakePot
from referee.engine.findings import JudgedLater
from referee.engine.games.jackpots import JackpotsCarry
from referee.engine.outcome import Penalty, PotResult
from referee.engine.replay import play
from referee.errors import InputError

from helpers.engine import dealt, drawn, game_setup, replay_table, shown

ANN, BOB, CY, DEE = "Ann", "Bob", "Cy", "Dee"
FREE_RIDE = {"jackpots.false_open_penalty": "ante_for_all_next_deal"}
BOB_OWES = JackpotsCarry(pot=0, free_ride_payer="Bob")
OWED_WORDS = ("Bob antes for everybody (jackpots.false_open_penalty)",)
#: the penalty as seed-003 has it "as a rule": one chip to each other player, from the dealer's left
PAYS_EACH = (Penalty("Bob", "Cy", 1, "jackpots.false_open_penalty"),
             Penalty("Bob", "Dee", 1, "jackpots.false_open_penalty"),
             Penalty("Bob", "Ann", 1, "jackpots.false_open_penalty"))
BOB_PAYS = "Bob pays 1 chip to each other player (jackpots.6)"


def rows(replay):
    """Each finding in full: (action, code, player, rule, message, remedy, about)."""
    return [(f.action, f.code, f.player, f.rule, f.message, f.remedy, f.about) for f in replay.findings]


def pots(replay):
    return [(p.amount, p.eligible, p.winners, p.decided, p.left_over, p.rule) for p in replay.outcome.pots]


def order_from(dealer: str) -> list[str]:
    names = [ANN, BOB, CY, DEE]
    i = names.index(dealer)
    return names[i + 1:] + names[:i + 1]


def first_opens_rest_fold(dealer: str, openers: str = "Kh Kd") -> list:
    """The player on the dealer's left opens for 2, the others drop, and he shows his openers."""
    first, *rest = order_from(dealer)
    return [Bet(player=first, amount=2), *[Fold(player=n) for n in rest], shown(first, openers, "openers")]


# ---------------------------------------------------------------------- the free ride (jackpots.6)


@pytest.mark.parametrize(("dealer", "by_dealer", "ante", "stacks", "finding", "owed_after"), [
    # Ann deals; Bob owes the free ride: he antes the 4 for everybody, Ann antes nothing; Bob opens and
    # takes the 6 (his 4 and his 2): he ends where he began
    (ANN, "antes_for_others_too", "dealer_antes_N", {ANN: 100, BOB: 100, CY: 100, DEE: 100},
     ("free_ride_antes", "jackpots.false_open_penalty", "Bob antes 4 for everybody (free ride after his false open)"),
     None),
    # Bob deals and owes it: his dealer's 4 and 3 more for the others (the shipped reading); Cy opens
    # and takes 7 + 2
    (BOB, "antes_for_others_too", "dealer_antes_N", {ANN: 100, BOB: 93, CY: 107, DEE: 100},
     ("free_ride_antes", "jackpots.free_ride_by_dealer",
      "Bob deals: he antes 4 as the dealer and 3 more for the other players (free ride after his false open)"),
     None),
    # the free ride moves to the next deal he does not deal: here only his dealer's 4, and he still owes it
    (BOB, "next_deal_he_does_not_deal", "dealer_antes_N", {ANN: 100, BOB: 96, CY: 104, DEE: 100},
     ("free_ride_deferred", "jackpots.free_ride_by_dealer",
      "Bob deals and antes 4 as the dealer; his free ride moves to the next deal he does not deal"),
     "Bob"),
    # his dealer's ante is the free ride
    (BOB, "dealer_ante_counts", "dealer_antes_N", {ANN: 100, BOB: 96, CY: 104, DEE: 100},
     ("free_ride_antes", "jackpots.false_open_penalty", "Bob antes 4 for everybody (free ride after his false open)"),
     None),
    # where every player antes 1 (draw.ante = each_player_antes_1) the dealer has no ante of his own
    # to weigh against the free ride: Bob antes the 4 for everybody, nobody else antes
    (BOB, "antes_for_others_too", "each_player_antes_1", {ANN: 100, BOB: 96, CY: 104, DEE: 100},
     ("free_ride_antes", "jackpots.false_open_penalty", "Bob antes 4 for everybody (free ride after his false open)"),
     None),
])
def test_the_free_ride_is_antes_for_everybody_on_the_next_deal(dealer, by_dealer, ante, stacks, finding, owed_after):
    """jackpots.6: "alternatively he antes for all the other players on the next deal, a free ride for them";
    jackpots.free_ride_by_dealer says what it costs him when he deals that deal (draw.ante =
    dealer_antes_N: "the dealer antes one chip per player")."""
    options = {**FREE_RIDE, "jackpots.free_ride_by_dealer": by_dealer, "draw.ante": ante}
    r = replay_table(game_setup("jackpots", options, dealer=dealer, carry_in=BOB_OWES), first_opens_rest_fold(dealer))
    code, rule, message = finding
    assert rows(r) == [(None, code, BOB, rule, message, None, None)]
    assert r.outcome.kind == "uncontested" and r.outcome.stacks == stacks
    assert r.outcome.next_hand.carry == JackpotsCarry(pot=0, free_ride_payer=owed_after)
    assert r.outcome.next_hand.obligations == (OWED_WORDS if owed_after else ())


@pytest.mark.parametrize(("dealer", "bob_chips", "shorts"), [
    # Ann deals: Bob, with 2 chips, owes 4 for everybody
    (ANN, 2, [("Bob could ante only 2 of 4", "jackpots.false_open_penalty")]),
    # Bob deals with 5: his dealer's 4 in full, then 1 of the 3 for the others
    (BOB, 5, [("Bob could ante only 1 of 3", "jackpots.free_ride_by_dealer")]),
    # Bob deals with 2: 2 of his dealer's 4 (draw.2), then nothing of the 3
    (BOB, 2, [("Bob could ante only 2 of 4", "draw.2"), ("Bob could ante only 0 of 3", "jackpots.free_ride_by_dealer")]),
])
def test_a_free_ride_the_false_opener_cannot_pay_in_full_is_noted_under_the_rule_it_is_owed_by(dealer, bob_chips, shorts):
    """jackpots.6 (the free ride) and draw.2 (the dealer's ante): a player short of chips antes what he
    has, and each short ante is noted under the rule that asked for it."""
    seats = [(ANN, 100), (BOB, bob_chips), (CY, 100), (DEE, 100)]
    r = replay_table(game_setup("jackpots", FREE_RIDE, seats=seats, dealer=dealer, carry_in=BOB_OWES), [])
    short_rows = [(None, "ante_short", BOB, rule, message, None, None) for message, rule in shorts]
    assert rows(r)[:len(shorts)] == short_rows
    assert [f.code for f in r.findings[len(shorts):]] == ["free_ride_antes"]
    assert r.outcome.stacks[BOB] == 0 and r.outcome.in_middle == bob_chips


def test_a_free_ride_owed_by_a_player_who_is_not_seated_is_refused():
    """jackpots.6: the free ride is the false opener's own ante for everybody; a next deal without him
    cannot be started with it owed."""
    seats = [(ANN, 100), (CY, 100), (DEE, 100)]
    with pytest.raises(InputError) as err:
        play(game_setup("jackpots", FREE_RIDE, seats=seats, carry_in=BOB_OWES), [])
    assert err.value.message == "Bob owes the antes for everybody but is not seated"
    assert err.value.hint == "seat him, or start the hand without the free ride"
    assert err.value.hand == 1


def test_the_ante_cap_after_three_deals_nobody_opened_is_noted():
    """jackpots.no_open = ante_cap_3_deals: "antes again, but only for three deals in a row" -- after
    three deals nobody opened, nobody antes; the note says why, at no action."""
    r = replay_table(game_setup("jackpots", {"jackpots.no_open": "ante_cap_3_deals"},
                                carry_in=JackpotsCarry(pot=12, passed_out=3)), [])
    assert rows(r) == [(None, "no_antes_after_passes", None, "jackpots.no_open",
                        "no antes: nobody has opened for 3 deals", None, None)]
    assert set(r.outcome.stacks.values()) == {100} and r.outcome.in_middle == 12


# ---------------------------------------------------------------------- the minimum to open


@pytest.mark.parametrize(("passed_out", "bob", "needed"), [
    (0, "Th Ts 7c 4d 2s", "jacks or better"),
    (1, "Jh Js 7c 4d 2s", "queens or better"),
    (2, "Qh Qs 7c 4d 2s", "kings or better"),
    (3, "Kh Ks 7c 4d 2s", "aces or better"),
    (4, "Kh Ks 7c 4d 2s", "aces or better"),  # aces are the top of the progression
])
def test_progressive_openers_each_pair_just_short_is_a_false_open(passed_out, bob, needed):
    """jackpots.min_open = progressive_QQ_KK_AA (wiki-5cd): "after a deal in which nobody opened, it is
    queens", then kings, then aces; jackpots.10: "If the false open is found after every other player has
    dropped out ... the pot stays on the table for the next deal", and jackpots.6 one chip to each other
    player.  Bob opens on the pair just below the minimum of this deal; everybody drops: the pot of 6
    (Ann's 4, Bob's 2) stays, Bob pays Cy, Dee and Ann 1 each."""
    setup = game_setup("jackpots", {"jackpots.min_open": "progressive_QQ_KK_AA"},
                       carry_in=JackpotsCarry(pot=0, passed_out=passed_out))
    r = replay_table(setup, [dealt(BOB, bob), Bet(player=BOB, amount=2), Fold(player=CY), Fold(player=DEE),
                             Fold(player=ANN)])
    assert rows(r) == [(
        None, "false_open_all_dropped", BOB, "jackpots.10",
        f"Bob opened without openers (his hand before the draw was {bob}; {needed} were needed) and everybody "
        "else dropped", f"the pot stays on the table for the next deal; {BOB_PAYS}", 2)]
    o = r.outcome
    assert (o.kind, o.carried, o.summary) == ("false_open", 6, "false open: 6 chips stay for the next deal")
    assert pots(r) == [(6, (BOB,), (), True, 6, "jackpots.10")]
    assert o.penalties == PAYS_EACH
    assert o.stacks == {ANN: 97, BOB: 95, CY: 101, DEE: 101}


@pytest.mark.parametrize(("passed_out", "bob"), [(0, "Jh Js 7c 4d 2s"), (1, "Qh Qs 7c 4d 2s"),
                                                  (2, "Kh Ks 7c 4d 2s"), (3, "Ah As 7c 4d 2s"),
                                                  (5, "Ah As 7c 4d 2s")])
def test_progressive_openers_the_minimum_itself_opens(passed_out, bob):
    """jackpots.min_open = progressive_QQ_KK_AA: the pair the progression has reached opens; Bob shows it
    and takes the 6 uncontested (jackpots.4.1)."""
    setup = game_setup("jackpots", {"jackpots.min_open": "progressive_QQ_KK_AA"},
                       carry_in=JackpotsCarry(pot=0, passed_out=passed_out))
    r = replay_table(setup, [dealt(BOB, bob), Bet(player=BOB, amount=2), Fold(player=CY), Fold(player=DEE),
                             Fold(player=ANN), shown(BOB, bob[:5], "openers")])
    assert rows(r) == [] and r.outcome.kind == "uncontested"
    assert r.outcome.stacks == {ANN: 96, BOB: 104, CY: 100, DEE: 100}


# ---------------------------------------------------------------------- declarations


BOB_NOTHING = dealt(BOB, "Ah Ks 7c 4d 2s")
RROP = {"jackpots.false_open_before_showdown": "rrop_declare_open"}


@pytest.mark.parametrize(("events", "finding"), [
    # jackpots.2: only the opener splits his openers
    ([Bet(player=BOB, amount=2), Declare(player=CY, what="split_openers")],
     (2, "split_declared_not_opener", CY, "jackpots.2", "Cy declared split openers but did not open", None, None)),
    # jackpots.split_declare: the announcement comes before his draw, not after it
    ([Bet(player=BOB, amount=2), Call(player=CY), Fold(player=DEE), Fold(player=ANN), Draw(player=BOB, count=1),
      Declare(player=BOB, what="split_openers")],
     (6, "split_declared_late", BOB, "jackpots.split_declare", "Bob declared split openers after the draw",
      "the declaration comes too late to count", None)),
    # a false open needs an opener
    ([Declare(player=BOB, what="false_open")],
     (1, "false_open_declared_nobody_opened", BOB, None, "Bob declared a false open but nobody has opened", None,
      None)),
    # jackpots.1.1: an opener who showed his jacks held openers: the declaration is ignored
    ([Bet(player=BOB, amount=2), Call(player=CY), shown(BOB, "Jh Js", "openers"), Declare(player=CY, what="false_open")],
     (4, "false_open_declared_but_held", CY, "jackpots.1.1", "a false open was declared but Bob held openers "
      "(he showed Jh Js)", "ignored", None)),
    # jackpots.false_open_before_showdown: the pot is declared open only after a false open, under rrop
    ([Bet(player=BOB, amount=2), Declare(player=CY, what="open")],
     (2, "declared_open_nothing_pending", CY, "jackpots.false_open_before_showdown",
      "Cy declared the pot open, but no false open awaits a declaration", "ignored", None)),
    ([Declare(player=CY, what="misdeal")],
     (1, "declaration_unknown", CY, None, "Cy declared misdeal: not a declaration of this game", None, None)),
])
def test_a_declaration_out_of_place_is_noted_and_changes_nothing(events, finding):
    """jackpots.2 (split openers), jackpots.1.1 (openers), jackpots.false_open_before_showdown (declaring
    the pot open): a declaration nobody could make there is noted where it was made; the hand goes on."""
    r = replay_table(game_setup("jackpots"), events)
    assert rows(r) == [finding]
    assert r.outcome.kind == "in_progress" and r.outcome.penalties == ()


def test_under_rrop_an_undeclared_false_open_returns_every_bet_but_the_openers_first():
    """jackpots.false_open_before_showdown = rrop_declare_open (RRoP): "if nobody declares, all bets except
    the opener's first bet are returned and the pot (antes + that bet) carries"; jackpots.7 the false opener
    is out, jackpots.6 he pays 1 to each other player.  Bob opens 2 on ace-king, Cy calls (one caller, no
    raise: the pot waits for a declaration), Bob admits it; nobody declares: Cy has his 2 back, the pot of
    6 (Ann's 4 and Bob's 2) carries."""
    r = replay_table(game_setup("jackpots", RROP), [BOB_NOTHING, Bet(player=BOB, amount=2), Call(player=CY),
                                                   Declare(player=BOB, what="false_open")])
    assert r.states[-1].phase == "declare_open"
    assert rows(r) == [
        (4, "false_open_before_showdown", BOB, "jackpots.7", "Bob opened without openers (the false open was declared "
         "at the table): Bob is out of the hand, Bob's chips stay in the pot", "the others may declare the pot open", 2),
        (None, "false_open_not_declared", BOB, "jackpots.false_open_before_showdown", "nobody declared the pot open: "
         "every bet but the false opener's first is returned and the pot carries to the next deal", None, 2)]
    o = r.outcome
    assert (o.kind, o.carried, o.summary) == ("false_open", 6, "false open: 6 chips carried to the next deal")
    assert pots(r) == [(6, (), (), True, 6, "jackpots.false_open_before_showdown")]
    assert o.penalties == PAYS_EACH
    assert o.stacks == {ANN: 97, BOB: 95, CY: 101, DEE: 101}
    assert o.next_hand.carry == JackpotsCarry(pot=6)


def test_under_rrop_the_next_action_without_a_declaration_ends_the_hand():
    """jackpots.false_open_before_showdown = rrop_declare_open: the pot plays only if someone declares it
    open; Dee folding instead is the table's answer -- the pot carries, and his fold comes after the hand."""
    r = replay_table(game_setup("jackpots", RROP), [BOB_NOTHING, Bet(player=BOB, amount=2), Call(player=CY),
                                                   Declare(player=BOB, what="false_open"), Fold(player=DEE)])
    assert [f.code for f in r.findings] == ["false_open_before_showdown", "false_open_not_declared", "action_after_hand"]
    assert r.findings[1].action is None and r.outcome.kind == "false_open" and r.outcome.carried == 6


@pytest.mark.parametrize(("dee", "without"), [
    ("Qh Qs 7d 4c 3h", []),
    # jackpots.false_open_before_showdown: only "another active player holding openers" may declare; the
    # declaration stands, and the finding says what he held
    ("9c 9d 5h 4s 2c", [(6, "declared_open_without_openers", DEE, "jackpots.false_open_before_showdown",
                         "Dee declared the pot open without openers (9c 9d 5h 4s 2c)", "the declaration stands", None)]),
])
def test_under_rrop_a_player_in_the_hand_declares_the_pot_open_and_it_plays_on(dee, without):
    """jackpots.false_open_before_showdown = rrop_declare_open: "another active player holding openers who
    did not pass them may declare the pot open".  Bob opens 2 on ace-king, Cy drops, Dee calls, Bob
    admits the false open (one caller: the pot waits); Cy, out of the hand, cannot declare; Dee does:
    the first round plays on with Ann to act, facing Bob's 2."""
    events = [BOB_NOTHING, dealt(DEE, dee), Bet(player=BOB, amount=2), Fold(player=CY), Call(player=DEE),
              Declare(player=BOB, what="false_open"), Declare(player=CY, what="open"), Declare(player=DEE, what="open")]
    r = replay_table(game_setup("jackpots", RROP), events)
    declared = [
        (6, "false_open_before_showdown", BOB, "jackpots.7", "Bob opened without openers (the false open was declared "
         "at the table): Bob is out of the hand, Bob's chips stay in the pot", "the others may declare the pot open", 3),
        (7, "declared_open_not_in_hand", CY, "jackpots.false_open_before_showdown",
         "Cy is not in the hand and cannot declare the pot open", "ignored", None),
        *[(8,) + row[1:] for row in without],
        (8, "pot_declared_open", DEE, "jackpots.false_open_before_showdown", "Dee declares the pot open: it plays on",
         None, None)]
    assert rows(r) == declared
    s = r.states[-1]
    assert (s.phase, s.to_act, s.in_hand) == ("round1", ANN, (ANN, DEE))
    assert r.outcome.kind == "in_progress" and r.outcome.penalties == PAYS_EACH


def test_a_false_open_declared_after_the_draw_under_rrop_plays_on():
    """jackpots.false_open_before_showdown = rrop_declare_open applies while the first round is open; a
    false open that comes to light after the draw is jackpots.8: "the other players play on"."""
    events = [BOB_NOTHING, Bet(player=BOB, amount=2), Call(player=CY), Fold(player=DEE), Fold(player=ANN),
              Draw(player=BOB, count=3), Declare(player=BOB, what="false_open")]
    r = replay_table(game_setup("jackpots", RROP), events)
    assert rows(r) == [
        (7, "false_open_before_showdown", BOB, "jackpots.7", "Bob opened without openers (the false open was declared "
         "at the table): Bob is out of the hand, Bob's chips stay in the pot", "the others play on (jackpots.8)", 2)]


# ---------------------------------------------------------------------- the opener alone


def alone(*tail) -> list:
    """Bob opens for 2 and everybody drops: a pot of 6 (Ann's 4, Bob's 2)."""
    return [Bet(player=BOB, amount=2), Fold(player=CY), Fold(player=DEE), Fold(player=ANN), *tail]


UNSHOWN_WORDS = "Bob's openers were not shown: show the pair (or split-opener discards) Bob opened with"
UNDECIDED = "the pot is undecided until they are shown"


@pytest.mark.parametrize(("show_mode", "events", "found"), [
    # jackpots.4.1: "shows only the cards that qualified him"; jackpots.11.2: the rake unshown is flagged
    ("openers_only", alone(TakePot(player=BOB)),
     [(5, "took_pot_without_openers", BOB, "jackpots.11.2", "Bob took the pot without showing his openers", None, None),
      (None, "openers_unverifiable", BOB, "jackpots.4.1", UNSHOWN_WORDS, UNDECIDED, None)]),
    ("openers_only", alone(), [(None, "openers_unverifiable", BOB, "jackpots.4.1", UNSHOWN_WORDS, UNDECIDED, None)]),
    # jackpots.uncalled_show = full_hand: his openers are not enough
    ("full_hand", alone(shown(BOB, "Jh Js", "openers")),
     [(None, "openers_unverifiable", BOB, "jackpots.uncalled_show", "Bob must show his whole hand before he takes "
       "the pot", UNDECIDED, None)]),
])
def test_an_opener_alone_who_has_not_shown_what_the_house_asks_leaves_the_pot_undecided(show_mode, events, found):
    """jackpots.4.1: "If nobody called the opening bet, the opener ... shows only the cards that qualified
    him"; jackpots.uncalled_show = full_hand asks for his whole hand; jackpots.11.2 "a winner must show
    his openers before he may take the pot": until he shows them the pot of 6 waits for him."""
    r = replay_table(game_setup("jackpots", {"jackpots.uncalled_show": show_mode}), events)
    assert rows(r) == found
    o = r.outcome
    assert (o.kind, o.undecided, o.carried, o.summary) == (
        "uncontested", 6, 0, "Bob is alone but has not shown openers: pot undecided")
    assert pots(r) == [(6, (BOB,), (), False, 0, "jackpots.11.2")]
    assert o.stacks == {ANN: 96, BOB: 98, CY: 100, DEE: 100} and o.penalties == ()


@pytest.mark.parametrize("show_mode", ["openers_only", "full_hand"])
def test_an_opener_alone_who_shows_his_whole_hand_takes_the_pot(show_mode):
    """jackpots.uncalled_show: under either reading an opener who shows his whole hand of jacks has shown
    his openers: the 6 are his."""
    r = replay_table(game_setup("jackpots", {"jackpots.uncalled_show": show_mode}),
                     alone(shown(BOB, "Jh Js 7c 4d 2s")))
    assert rows(r) == [] and r.outcome.kind == "uncontested" and r.outcome.undecided == 0
    assert r.outcome.stacks == {ANN: 96, BOB: 104, CY: 100, DEE: 100}


def test_an_opener_alone_who_shows_a_hand_without_openers_leaves_the_pot_for_the_next_deal():
    """jackpots.10: "If the false open is found after every other player has dropped out ... the pot stays
    on the table for the next deal"; jackpots.6: one chip to each other player.  Bob, alone, shows his
    whole hand (nothing drawn, so it is his hand before the draw): a pair of tens -- found there, at
    action 5."""
    r = replay_table(game_setup("jackpots"), alone(shown(BOB, "Th Ts 7c 4d 2s")))
    assert rows(r) == [(5, "false_open_all_dropped", BOB, "jackpots.10", "Bob opened without openers (his hand "
                        "before the draw was Th Ts 7c 4d 2s; jacks or better were needed) and everybody else dropped",
                        f"the pot stays on the table for the next deal; {BOB_PAYS}", 1)]
    assert pots(r) == [(6, (BOB,), (), True, 6, "jackpots.10")]
    assert r.outcome.penalties == PAYS_EACH and r.outcome.stacks == {ANN: 97, BOB: 95, CY: 101, DEE: 101}


def test_a_false_open_admitted_after_the_opener_took_the_pot_alone_still_leaves_it_for_the_next_deal():
    """jackpots.10 ("found after every other player has dropped out ... the pot stays on the table")
    under jackpots.false_open_after_win: Bob, alone, rakes the 6 without showing openers (jackpots.11.2)
    and then admits the false open: it came to light after he took the pot (action 6), and the pot stays
    for the next deal with his penalty; his rake decided nothing."""
    r = replay_table(game_setup("jackpots"), alone(TakePot(player=BOB), Declare(player=BOB, what="false_open")))
    assert rows(r) == [
        (5, "took_pot_without_openers", BOB, "jackpots.11.2", "Bob took the pot without showing his openers", None, None),
        (6, "false_open_after_win", BOB, "jackpots.false_open_after_win", "Bob opened without openers (the false open "
         "was declared at the table) and everybody else dropped", f"the pot stays on the table for the next deal; "
         f"{BOB_PAYS}", 1),
        (5, "took_pot_not_his", BOB, "jackpots.false_open_after_win", "Bob took the pot, but it stays on the table: "
         "taking the pot decides nothing", "the pot goes where the ruling puts it", None)]
    assert pots(r) == [(6, (BOB,), (), True, 6, "jackpots.false_open_after_win")]
    assert (r.outcome.kind, r.outcome.carried, r.outcome.summary) == (
        "false_open", 6, "false open: 6 chips stay for the next deal")
    assert r.outcome.penalties == PAYS_EACH


# ---------------------------------------------------------------------- the opener who dropped out


BOB_DROPS = [Bet(player=BOB, amount=2), Call(player=CY), Fold(player=DEE), Fold(player=ANN),
             Draw(player=BOB, count=3), Draw(player=CY, count=2), Fold(player=BOB)]


@pytest.mark.parametrize(("penalty", "found"), [
    ("pay_each_other_player_1", [(None, "penalty_unverifiable", BOB, "jackpots.5", "Bob opened and dropped out; his "
                                  "openers were not shown: show the discards Bob kept",
                                  "the false-open penalty cannot be ruled until they are shown", None)]),
    ("ante_for_all_next_deal", [(None, "penalty_unverifiable", BOB, "jackpots.5", "Bob opened and dropped out; his "
                                 "openers were not shown: show the discards Bob kept",
                                 "the false-open penalty cannot be ruled until they are shown", None)]),
    ("none", []),  # no penalty to rule: nothing waits for his discards
])
def test_an_opener_who_dropped_out_unshown_leaves_only_the_penalty_open(penalty, found):
    """jackpots.5: "An opener who drops out before the showdown must keep his discards at hand to prove that
    he held openers" -- only the penalty (jackpots.6) is at stake: Cy takes the 8."""
    r = replay_table(game_setup("jackpots", {"jackpots.false_open_penalty": penalty}), BOB_DROPS)
    assert rows(r) == found
    assert r.outcome.stacks == {ANN: 96, BOB: 98, CY: 106, DEE: 100} and r.outcome.penalties == ()


@pytest.mark.parametrize(("penalty", "remedy", "penalties", "owed"), [
    ("pay_each_other_player_1", BOB_PAYS, PAYS_EACH, None),
    ("ante_for_all_next_deal", "Bob antes for everybody on the next deal (jackpots.6)",
     (Penalty(BOB, None, 4, "jackpots.false_open_penalty", into="antes_next_deal"),), BOB),
    ("none", "no penalty beyond the pot (jackpots.false_open_penalty)", (), None),
])
def test_an_opener_who_mucks_at_the_showdown_without_proof_pays_the_house_penalty(penalty, remedy, penalties, owed):
    """jackpots.3: "an opener who shows nothing, or whose proof went into the muck, has not proven his
    openers"; jackpots.unproven_opener = as_false_open; jackpots.6 and jackpots.false_open_penalty: one chip
    to each other player, the antes for everybody on the next deal, or nothing beyond the pot.  Bob mucks
    at the showdown (action 9) without showing anything; Cy's queens take the 8."""
    events = [Bet(player=BOB, amount=2), Call(player=CY), Fold(player=DEE), Fold(player=ANN), Draw(player=BOB, count=1),
              Draw(player=CY, count=1), Check(player=BOB), Check(player=CY), Muck(player=BOB),
              shown(CY, "Qs Qd 9c 8h 3s")]
    r = replay_table(game_setup("jackpots", {"jackpots.false_open_penalty": penalty}), events)
    assert rows(r) == [(None, "unproven_opener", BOB, "jackpots.3", "Bob could not prove his openers (he threw his hand "
                        "away without showing openers): he mucked at the showdown without proving them", remedy, 1)]
    assert r.outcome.penalties == penalties
    assert [(p.amount, p.winners) for p in r.outcome.pots] == [(8, (CY,))]
    assert r.outcome.next_hand.carry.free_ride_payer == owed
    assert r.outcome.next_hand.obligations == (OWED_WORDS if owed else ())
    paid = 3 if penalty == "pay_each_other_player_1" else 0
    assert r.outcome.stacks == {ANN: 96 + paid // 3, BOB: 98 - paid, CY: 106 + paid // 3, DEE: 100 + paid // 3}


def test_an_opener_who_mucks_unproven_under_forfeit_pot_only_is_simply_out():
    """jackpots.unproven_opener = forfeit_pot_only: "An opener who cannot prove openers may not win the pot,
    but no penalty applies" -- Bob mucked at the showdown: he was not going to win it; nothing to rule."""
    events = [Bet(player=BOB, amount=2), Call(player=CY), Fold(player=DEE), Fold(player=ANN), Draw(player=BOB, count=1),
              Draw(player=CY, count=1), Check(player=BOB), Check(player=CY), Muck(player=BOB),
              shown(CY, "Qs Qd 9c 8h 3s")]
    r = replay_table(game_setup("jackpots", {"jackpots.unproven_opener": "forfeit_pot_only"}), events)
    assert rows(r) == [] and r.outcome.penalties == ()
    assert r.outcome.stacks == {ANN: 96, BOB: 98, CY: 106, DEE: 100}


def test_a_false_open_admitted_after_the_opener_dropped_out_pays_at_once():
    """jackpots.5 / jackpots.6: Bob opened, drew and dropped out (action 7); he then admits the false open
    (action 8): he pays each other player at once, and Cy still takes the 8."""
    r = replay_table(game_setup("jackpots"), BOB_DROPS + [Declare(player=BOB, what="false_open")])
    assert rows(r) == [(8, "false_open_after_dropping", BOB, "jackpots.5", "Bob opened without openers (the false open "
                        "was declared at the table) after dropping out", BOB_PAYS, 1)]
    assert r.outcome.penalties == PAYS_EACH
    assert r.outcome.stacks == {ANN: 97, BOB: 95, CY: 107, DEE: 101}


# ---------------------------------------------------------------------- the opener at the showdown


SHOWDOWN_PRE = [Bet(player=BOB, amount=2), Call(player=CY), Fold(player=DEE), Fold(player=ANN)]


@pytest.mark.parametrize(("unproven", "remedy", "penalties", "stacks"), [
    ("as_false_open", BOB_PAYS, PAYS_EACH, {ANN: 97, BOB: 95, CY: 107, DEE: 101}),
    ("forfeit_pot_only", "no penalty (jackpots.unproven_opener)", (), {ANN: 96, BOB: 98, CY: 106, DEE: 100}),
])
def test_an_opener_whose_kept_cards_prove_nothing_may_not_win_the_showdown(unproven, remedy, penalties, stacks):
    """jackpots.3: "if he cannot [prove openers], he may not win the pot"; jackpots.unproven_opener.  Bob
    drew three (Ah Ad 3h), his discards went into the muck, and he shows Th 9c Ah Ad 3h: aces beat Cy's
    queens, but what he kept (Th 9c) proves nothing: Cy takes the 8 under jackpots.9."""
    events = SHOWDOWN_PRE + [drawn(BOB, "", "Ah Ad 3h"), Draw(player=CY, count=1), Check(player=BOB),
                             Check(player=CY), shown(BOB, "Th 9c Ah Ad 3h"), shown(CY, "Qs Qd 9h 8h 3s")]
    events[4] = Draw(player=BOB, count=3, received=events[4].received)
    r = replay_table(game_setup("jackpots", {"jackpots.unproven_opener": unproven}), events)
    assert rows(r) == [(None, "unproven_opener", BOB, "jackpots.unproven_opener", "Bob could not prove his openers (the "
                        "cards he kept (Th 9c) are not openers and his discards went into the muck (jackpots.2)): found "
                        "at the showdown, he may not win; the pot goes to the best hand among the others", remedy, 1)]
    assert [(p.amount, p.winners, p.rule) for p in r.outcome.pots] == [(8, (CY,), "jackpots.9")]
    assert r.outcome.penalties == penalties and r.outcome.stacks == stacks


@pytest.mark.parametrize("unproven", ["as_false_open", "forfeit_pot_only"])
def test_an_unproven_opener_whose_hand_won_and_who_raked_the_pot_keeps_it_as_found_after_the_win(unproven):
    """jackpots.3 and jackpots.11.2: the table let an opener whose hand won the showdown take the pot without
    proving his openers; what he failed to prove comes out only after he won it, and jackpots.11.1 rules it
    (jackpots.false_open_after_win = keep_if_best_no_penalty: "his hand was the highest, he keeps the pot"),
    whatever jackpots.unproven_opener says of an opener found unproven at the showdown.  Bob kept Th 9c, drew
    Ah Ad 3h, showed his aces over Cy's queens and raked the 8 (action 11): Ann put in 4, Bob and Cy 2 each."""
    events = SHOWDOWN_PRE + [drawn(BOB, "", "Ah Ad 3h"), Draw(player=CY, count=1), Check(player=BOB),
                             Check(player=CY), shown(BOB, "Th 9c Ah Ad 3h"), shown(CY, "Qs Qd 9h 8h 3s"),
                             TakePot(player=BOB)]
    events[4] = Draw(player=BOB, count=3, received=events[4].received)
    r = replay_table(game_setup("jackpots", {"jackpots.unproven_opener": unproven}), events)
    assert [(f.action, f.code, f.rule, f.remedy) for f in r.findings if f.player == BOB] == [
        (11, "took_pot_without_openers", "jackpots.11.2", None),
        (None, "false_open_after_win", "jackpots.11.1", "no penalty")]
    assert [(p.amount, p.winners) for p in r.outcome.pots] == [(8, (BOB,))] and r.outcome.penalties == ()
    assert r.outcome.stacks == {ANN: 96, BOB: 106, CY: 98, DEE: 100}


def test_a_false_open_in_the_logged_deal_found_at_the_showdown_gives_the_pot_to_the_others():
    """jackpots.9: "If the false open is found at the showdown, the pot goes to the best hand among the
    other players" -- Bob's logged deal Ah Ks 7c 4d 2s held no openers; his three aces are the best hand
    shown, but the 8 go to Cy's queens and Bob pays each other player (jackpots.6)."""
    events = [BOB_NOTHING] + SHOWDOWN_PRE + [drawn(BOB, "7c 4d 2s", "Ad Ac 3h"), Draw(player=CY, count=3),
                                             Check(player=BOB), Check(player=CY), shown(BOB, "Ah Ad Ac Ks 3h"),
                                             shown(CY, "Qs Qd 9c 8h 3s")]
    r = replay_table(game_setup("jackpots"), events)
    assert rows(r) == [(None, "false_open_at_showdown", BOB, "jackpots.9", "Bob opened without openers (his hand before "
                        "the draw was Ah Ks 7c 4d 2s; jacks or better were needed): found at the showdown, he may not "
                        "win; the pot goes to the best hand among the others", BOB_PAYS, 2)]
    assert [(p.amount, p.winners, p.rule) for p in r.outcome.pots] == [(8, (CY,), "jackpots.9")]
    assert r.outcome.stacks == {ANN: 97, BOB: 95, CY: 107, DEE: 101}


AFTER_WIN = [BOB_NOTHING] + SHOWDOWN_PRE + [drawn(BOB, "7c 4d 2s", "Ad Ac 3h"), Draw(player=CY, count=3),
                                            Check(player=BOB), Check(player=CY), shown(BOB, "Ah Ad Ac Ks 3h")]
ADMITTED = "Bob opened without openers (the false open was declared at the table), found after "


@pytest.mark.parametrize(("after_win", "cy", "finding", "winner", "rule", "penalties"), [
    # jackpots.11.1: "he cannot be made to return it provided his hand at the showdown was the highest,
    # and no penalty applies"
    ("keep_if_best_no_penalty", "Qs Qd 9c 8h 3s",
     ("jackpots.11.1", ADMITTED + "he won the showdown: his hand was the highest, he keeps the pot", "no penalty"),
     BOB, "draw.9", ()),
    # RRoP: "a winner must prove openers to win"
    ("forfeit", "Qs Qd 9c 8h 3s",
     ("jackpots.false_open_after_win", ADMITTED + "the showdown: a winner must prove openers, he forfeits the pot to "
      "the best hand among the others", BOB_PAYS), CY, "jackpots.9", PAYS_EACH),
    # Cy's flush beat his aces: there is nothing to keep
    ("keep_if_best_no_penalty", "2c 5c 8c 9c Tc",
     ("jackpots.false_open_after_win", ADMITTED + "the showdown: his hand was not the highest; the pot goes to the "
      "best hand among the others", BOB_PAYS), CY, "jackpots.9", PAYS_EACH),
])
def test_a_false_open_admitted_after_the_showdown_is_ruled_by_the_after_win_option(after_win, cy, finding, winner,
                                                                                   rule, penalties):
    """jackpots.11.1 and jackpots.false_open_after_win: Bob opened on ace-king (his logged deal), drew three
    aces and showed them; Cy showed his hand; then Bob admits the false open (action 12) -- after the
    showdown was played out."""
    r = replay_table(game_setup("jackpots", {"jackpots.false_open_after_win": after_win}),
                     AFTER_WIN + [shown(CY, cy), Declare(player=BOB, what="false_open")])
    cited, message, remedy = finding
    assert rows(r) == [(12, "false_open_after_win", BOB, cited, message, remedy, 2)]
    assert [(p.amount, p.winners, p.rule) for p in r.outcome.pots] == [(8, (winner,), rule)]
    assert r.outcome.penalties == penalties


def test_a_false_open_admitted_during_the_showdown_is_found_at_it():
    """jackpots.9: "If the false open is found at the showdown, the pot goes to the best hand among the other
    players" -- Bob shows his aces and admits the false open (action 11) before Cy has shown: found at the
    showdown, not after a win; Cy's queens take the 8."""
    r = replay_table(game_setup("jackpots"), AFTER_WIN + [Declare(player=BOB, what="false_open"),
                                                          shown(CY, "Qs Qd 9c 8h 3s")])
    assert rows(r) == [
        (11, "false_open_at_showdown", BOB, "jackpots.9", "Bob opened without openers (the false open was declared at "
         "the table): found at the showdown, he may not win; the pot goes to the best hand among the others",
         BOB_PAYS, 2)]
    assert [(p.amount, p.winners, p.rule) for p in r.outcome.pots] == [(8, (CY,), "jackpots.9")]


def test_a_false_open_in_the_logged_deal_of_a_winner_who_raked_unshown_comes_out_after_the_win():
    """jackpots.3: "If the table let an opener whose hand won the showdown take the pot without proving his
    openers (jackpots.11.2), a false open known only from the deal the scorekeeper logged came out after
    he won the pot: jackpots.11.1 applies" -- Bob's aces won and he raked the 8 unshown (action 12)."""
    r = replay_table(game_setup("jackpots"), AFTER_WIN + [shown(CY, "Qs Qd 9c 8h 3s"), TakePot(player=BOB)])
    assert rows(r) == [
        (12, "took_pot_without_openers", BOB, "jackpots.11.2", "Bob took the pot without showing his openers", None, None),
        (None, "false_open_after_win", BOB, "jackpots.11.1", "Bob opened without openers (his hand before the draw was "
         "Ah Ks 7c 4d 2s; jacks or better were needed), found after he won the showdown: his hand was the highest, he "
         "keeps the pot", "no penalty", 2)]
    assert [(p.amount, p.winners) for p in r.outcome.pots] == [(8, (BOB,))] and r.outcome.penalties == ()


@pytest.mark.parametrize(("bob", "penalty", "found", "pot", "stacks"), [
    # he loses to Cy's queens: only the penalty is open
    ("Ah Kd 9c 5h 3h", "pay_each_other_player_1",
     [(None, "penalty_unverifiable", BOB, "jackpots.3", "Bob's openers were not shown: the false-open penalty cannot "
       "be ruled", None, None)], (8, (CY,), True, "draw.9"), {ANN: 96, BOB: 98, CY: 106, DEE: 100}),
    ("Ah Kd 9c 5h 3h", "none", [], (8, (CY,), True, "draw.9"), {ANN: 96, BOB: 98, CY: 106, DEE: 100}),
    # his aces win: the pot waits for his openers
    ("Ah Ad 9c 5h 3h", "pay_each_other_player_1",
     [(None, "openers_unverifiable", BOB, "jackpots.3", UNSHOWN_WORDS, "the pot he would win is undecided until "
       "they are shown", None)], (8, (), False, "jackpots.3"), {ANN: 96, BOB: 98, CY: 98, DEE: 100}),
])
def test_an_opener_at_the_showdown_who_has_not_shown_openers_is_ruled_when_he_shows_them(bob, penalty, found, pot,
                                                                                          stacks):
    """jackpots.3: "After the showdown the opener must prove that he held jacks or better before the draw" --
    Bob's deal is not logged and he drew three unnamed cards: what he shows may hold drawn cards."""
    events = SHOWDOWN_PRE + [Draw(player=BOB, count=3), Draw(player=CY, count=3), Check(player=BOB),
                             Check(player=CY), shown(BOB, bob), shown(CY, "Qs Qd 9h 8h 3s")]
    r = replay_table(game_setup("jackpots", {"jackpots.false_open_penalty": penalty}), events)
    assert rows(r) == found
    assert [(p.amount, p.winners, p.decided, p.rule) for p in r.outcome.pots] == [pot]
    assert r.outcome.stacks == stacks and r.outcome.penalties == ()


# ---------------------------------------------------------------------- what is left to judge


FALSE_OPEN_LATER = JudgedLater("jackpots.3", "a false open is found at the showdown, or when the opener's hand is "
                               "seen (Bob's openers shown, or a false open declared at the table)")


@pytest.mark.parametrize(("events", "later"), [
    ([], None),  # nobody opened
    ([Bet(player=BOB, amount=2)], FALSE_OPEN_LATER),
    # the logged deal is the scorekeeper's, not the table's: still to be found
    ([BOB_NOTHING, Bet(player=BOB, amount=2)], FALSE_OPEN_LATER),
    ([Bet(player=BOB, amount=2), shown(BOB, "Jh Js", "openers")], None),  # proven at the table
    ([Bet(player=BOB, amount=2), Call(player=CY), Declare(player=BOB, what="false_open")], None),  # found
    (alone(), None),  # the hand is over: his openers are ruled at its end
])
def test_a_false_open_is_left_to_later_while_the_opener_has_shown_nothing(events, later):
    """jackpots.3: "When a false open counts as found ... is when the table learns it: when it is declared at
    the table, or when what the opener shows fails as proof"; until then a dispute about it is not decided
    yet."""
    judged = play(game_setup("jackpots"), events).judged_later()
    assert judged.get("false_open") == later


# ---------------------------------------------------------------------- openers and their proof


@pytest.mark.parametrize(("hand", "minimum", "bug", "opens"), [
    ("", "JJ", False, False),
    ("Jh", "JJ", False, False),  # one card is no pair
    ("Jh Js", "JJ", False, True),
    ("Jh Js", "QQ", False, False),
    ("Ah As", "AA", False, True),
    ("Jk1", "JJ", True, False),  # the bug alone is no pair
    ("As Jk1", "AA", True, True),  # the bug is an ace: a pair of aces
    ("2c 3d 4h 6s 9c Kh Ks", "KK", False, True),  # any five of seven
])
def test_openers_are_a_pair_of_the_minimum_or_better_among_the_known_cards(hand, minimum, bug, opens):
    """jackpots.1.1: "Nobody may make the first bet (open) without a pair of jacks or better" (or the
    progressive minimum, jackpots.min_open); jackpots.bug: the joker "may be used only as an ace"."""
    from referee.cards import cards
    from referee.engine.games.jackpots import BUG, holds_openers

    assert holds_openers(cards(hand), minimum, BUG if bug else None) is opens


def test_a_bug_split_from_the_openers_into_the_muck_cannot_prove_them():
    """jackpots.2: "he must keep those discards face down in front of himself so that they can be checked
    later"; jackpots.bug: the joker is an ace.  Bob's aces are As and the bug; he throws the bug into the
    muck for 7h and shows As 9c 6d 2s 7h: his openers needed the bug he did not keep -- unproven, and
    Cy's queens take the 8 (jackpots.3, jackpots.unproven_opener)."""
    events = [dealt(BOB, "As Jk1 9c 6d 2s"), *SHOWDOWN_PRE, drawn(BOB, "Jk1", "7h"), Draw(player=CY, count=1),
              Check(player=BOB), Check(player=CY), shown(BOB, "As 9c 6d 2s 7h"), shown(CY, "Qs Qd 9h 8h 3s")]
    r = replay_table(game_setup("jackpots", {"jackpots.bug": "joker_as_ace_or_straight_flush_filler"}), events)
    assert rows(r) == [(None, "unproven_opener", BOB, "jackpots.unproven_opener", "Bob could not prove his openers (he "
                        "split his openers and did not keep the discards Jk1 face down: they went into the muck "
                        "(jackpots.2)): found at the showdown, he may not win; the pot goes to the best hand among the "
                        "others", BOB_PAYS, 2)]
    assert [(p.amount, p.winners) for p in r.outcome.pots] == [(8, (CY,))]


def test_a_showdown_a_false_opener_lost_waits_for_the_hands_not_shown_under_jackpots_9():
    """jackpots.9: "the pot goes to the best hand among the other players" -- Bob's logged deal held no
    openers; Cy and Dee called; Cy shows, Dee has not: the best hand among the others is not known, so
    the pot of 10 waits for Dee's hand, cited under jackpots.9."""
    events = [BOB_NOTHING, Bet(player=BOB, amount=2), Call(player=CY), Call(player=DEE), Fold(player=ANN),
              drawn(BOB, "7c 4d 2s", "Ad Ac 3h"), Draw(player=CY, count=3), Draw(player=DEE, count=1),
              Check(player=BOB), Check(player=CY), Check(player=DEE),
              shown(BOB, "Ah Ad Ac Ks 3h"), shown(CY, "Qs Qd 9c 8h 3s")]
    r = replay_table(game_setup("jackpots"), events)
    assert rows(r) == [
        (None, "false_open_at_showdown", BOB, "jackpots.9", "Bob opened without openers (his hand before the draw was "
         "Ah Ks 7c 4d 2s; jacks or better were needed): found at the showdown, he may not win; the pot goes to the "
         "best hand among the others", BOB_PAYS, 2),
        (None, "showdown_unverifiable", None, "jackpots.9", "the showdown cannot be decided: show the hands of Dee",
         "the pot is undecided until they are shown", None)]
    assert (r.outcome.undecided, r.outcome.penalties) == (10, PAYS_EACH)


# ---------------------------------------------------------------------- a deal nobody opens


@pytest.mark.parametrize(("no_open", "rule", "dealer"), [
    ("as_draw.all_check", "draw.all_check", BOB),  # as in straight draw: the next dealer redeals
    ("reante_same_dealer", "jackpots.no_open", ANN),  # hoyle-jp: the same dealer, every player antes again
    ("ante_cap_3_deals", "jackpots.no_open", BOB),
])
def test_a_deal_nobody_opens_is_void_under_the_no_open_option(no_open, rule, dealer):
    """jackpots.no_open: what happens when nobody opens -- the deal is void and Ann's 4 stay, noted under
    the rule that says so; who deals next follows it."""
    r = replay_table(game_setup("jackpots", {"jackpots.no_open": no_open}),
                     [Check(player=n) for n in (BOB, CY, DEE, ANN)])
    assert rows(r) == [(None, "passed_out", None, rule, "everybody checked: the deal is void and the pot of 4 stays",
                        None, None)]
    assert pots(r) == [(4, (), (), True, 4, rule)]
    assert r.outcome.next_hand.dealer == dealer
    assert (r.outcome.next_hand.carry, r.outcome.next_hand.obligations) == (JackpotsCarry(pot=4, passed_out=1), ())


# ---------------------------------------------------------------------- a false open found during play


def test_a_false_opener_leaving_closes_the_round_he_was_to_act_in():
    """jackpots.7: "the false opener drops out of the hand automatically; the chips he put in stay in the
    pot"; jackpots.8 the others play on -- Cy raised Bob's open to 4 and Dee called; Bob, to act, admits
    the false open: nobody else is to act, so the round is over and the draw begins with Cy."""
    events = [BOB_NOTHING, Bet(player=BOB, amount=2), Raise(player=CY, amount=2), Call(player=DEE), Fold(player=ANN),
              Declare(player=BOB, what="false_open")]
    r = replay_table(game_setup("jackpots"), events)
    assert [row[:4] for row in rows(r)] == [(6, "false_open_before_showdown", BOB, "jackpots.7")]
    s = r.states[-1]
    assert (s.phase, s.in_hand, s.stacks) == ("draw", (CY, DEE), (97, 95, 97, 97))


def test_a_false_opener_leaving_before_his_draw_when_the_others_have_drawn_starts_the_last_round():
    """jackpots.7 / jackpots.8: Dee deals and opens last (Ann, Bob and Cy checked); Ann and Bob call, Cy
    drops; Ann and Bob draw, and Dee, the last to draw, admits the false open: the draw is over and the
    betting after it begins with Ann."""
    events = [Check(player=ANN), Check(player=BOB), Check(player=CY), Bet(player=DEE, amount=2), Call(player=ANN),
              Call(player=BOB), Fold(player=CY), Draw(player=ANN, count=1), Draw(player=BOB, count=2),
              Declare(player=DEE, what="false_open")]
    r = replay_table(game_setup("jackpots", dealer=DEE), events)
    assert rows(r) == [(10, "false_open_before_showdown", DEE, "jackpots.7", "Dee opened without openers (the false "
                        "open was declared at the table): Dee is out of the hand, Dee's chips stay in the pot",
                        "the others play on (jackpots.8)", 4)]
    s = r.states[-1]
    assert (s.phase, s.to_act, s.in_hand) == ("round2", ANN, (ANN, BOB))


@pytest.mark.parametrize(("tail", "kind", "stacks"), [
    # Cy bets after the draw and Dee drops: Cy takes the 12
    ([Bet(player=CY, amount=2), Fold(player=DEE)], "uncontested", {ANN: 97, BOB: 95, CY: 109, DEE: 99}),
    # both check and show: Dee's trips take the 10
    ([Check(player=CY), Check(player=DEE), shown(CY, "Qs Qd 9c 8h 3s"), shown(DEE, "5c 5d 5h Kc 2d")], "showdown",
     {ANN: 97, BOB: 95, CY: 99, DEE: 109}),
])
def test_a_false_open_found_before_the_showdown_is_ruled_once(tail, kind, stacks):
    """jackpots.8: "If the false open is found before the showdown, the other players play on as if nothing
    had happened" -- Bob admits it after Cy and Dee called (action 6): that finding and his penalty are
    all; the end of the hand rules nothing more about him."""
    events = [BOB_NOTHING, Bet(player=BOB, amount=2), Call(player=CY), Call(player=DEE), Fold(player=ANN),
              Declare(player=BOB, what="false_open"), Draw(player=CY, count=1), Draw(player=DEE, count=2), *tail]
    r = replay_table(game_setup("jackpots"), events)
    assert [row[:4] for row in rows(r)] == [(6, "false_open_before_showdown", BOB, "jackpots.7")]
    assert (r.outcome.kind, r.outcome.stacks, r.outcome.penalties) == (kind, stacks, PAYS_EACH)


def test_a_false_open_in_the_logged_deal_of_an_opener_who_raked_alone_leaves_the_pot_for_the_next_deal():
    """jackpots.3 / jackpots.10: Bob's logged deal holds no openers; everybody drops and he rakes the 6 without
    showing openers (jackpots.11.2): the false open comes out after he took the pot, and the pot stays on the
    table for the next deal with his penalty."""
    r = replay_table(game_setup("jackpots"), [BOB_NOTHING, *alone(TakePot(player=BOB))])
    assert rows(r) == [
        (6, "took_pot_without_openers", BOB, "jackpots.11.2", "Bob took the pot without showing his openers", None, None),
        (None, "false_open_after_win", BOB, "jackpots.false_open_after_win", "Bob opened without openers (his hand "
         "before the draw was Ah Ks 7c 4d 2s; jacks or better were needed) and everybody else dropped",
         f"the pot stays on the table for the next deal; {BOB_PAYS}", 2),
        (6, "took_pot_not_his", BOB, "jackpots.false_open_after_win", "Bob took the pot, but it stays on the table: "
         "taking the pot decides nothing", "the pot goes where the ruling puts it", None)]
    assert (r.outcome.kind, r.outcome.carried, r.outcome.penalties) == ("false_open", 6, PAYS_EACH)


def test_a_false_open_is_established_once():
    """jackpots.7: "Once a false open is established, the false opener drops out of the hand automatically"
    -- Bob admits it twice (actions 4 and 5): one finding and one penalty (jackpots.6)."""
    r = replay_table(game_setup("jackpots"), [BOB_NOTHING, Bet(player=BOB, amount=2), Call(player=CY),
                                             Declare(player=BOB, what="false_open"), Declare(player=BOB, what="false_open")])
    assert [row[:4] for row in rows(r)] == [(4, "false_open_before_showdown", BOB, "jackpots.7")]
    assert r.outcome.penalties == PAYS_EACH and r.states[-1].stacks == (97, 95, 99, 101)


def test_openers_retrieved_from_the_muck_at_the_referees_discretion_prove_the_open():
    """jackpots.retrieve_mucked_discard = referee_discretion (RRoP: "management's discretion"): Bob split his
    jacks, throwing Js into the muck for 7s; at the showdown he shows Jh Js as his openers, the Js taken
    back from the muck: proven -- a false open declared by Cy afterwards is ignored (jackpots.1.1) and
    Bob's straight takes the 8."""
    events = [dealt(BOB, "Jh Js Tc 9h 8d"), *SHOWDOWN_PRE, drawn(BOB, "Js", "7s"), Draw(player=CY, count=1),
              Check(player=BOB), Check(player=CY), shown(BOB, "Jh Tc 9h 8d 7s"), shown(BOB, "Jh Js", "openers"),
              shown(CY, "Qs Qd 9c 8h 3s"), Declare(player=CY, what="false_open")]
    r = replay_table(game_setup("jackpots", {"jackpots.retrieve_mucked_discard": "referee_discretion"}), events)
    assert rows(r) == [(13, "false_open_declared_but_held", CY, "jackpots.1.1", "a false open was declared but Bob held "
                        "openers (he showed Jh Js, Js retrieved from the muck)", "ignored", None)]
    assert [(p.amount, p.winners) for p in r.outcome.pots] == [(8, (BOB,))]


@pytest.mark.parametrize(("deal", "received", "shows", "found", "stacks"), [
    # what he kept after the draw proves nothing and his discards went into the muck: unproven
    ([], "Ah Kd 3h", [shown(BOB, "Th 9c Ah Kd 3h")],
     ("unproven_opener", "Bob dropped out and could not prove his openers (the cards he kept (Th 9c) are not openers "
      "and his discards went into the muck (jackpots.2))", 1), {ANN: 97, BOB: 95, CY: 107, DEE: 101}),
    # his logged deal held no openers
    ([BOB_NOTHING], "", [],
     ("false_open_after_dropping", "Bob opened without openers (his hand before the draw was Ah Ks 7c 4d 2s; jacks or "
      "better were needed)", 2), {ANN: 97, BOB: 95, CY: 107, DEE: 101}),
])
def test_an_opener_who_dropped_out_without_openers_pays_the_penalty(deal, received, shows, found, stacks):
    """jackpots.5: "An opener who drops out before the showdown must keep his discards at hand to prove that
    he held openers"; jackpots.6: one chip to each other player.  Bob opens, Cy calls, both draw; Bob checks,
    Cy bets 2 and Bob folds: Cy takes the 10."""
    draw = drawn(BOB, "", received) if received else Draw(player=BOB, count=3)
    if received:
        draw = Draw(player=BOB, count=3, received=draw.received)
    events = deal + SHOWDOWN_PRE + [draw, Draw(player=CY, count=1), Check(player=BOB), Bet(player=CY, amount=2),
                                    Fold(player=BOB), *shows]
    r = replay_table(game_setup("jackpots"), events)
    code, message, about = found
    assert rows(r) == [(None, code, BOB, "jackpots.5", message, BOB_PAYS, about)]
    assert r.outcome.stacks == stacks and r.outcome.penalties == PAYS_EACH


def test_a_split_pot_an_unproven_opener_would_share_waits_whole_for_his_openers():
    """jackpots.3 ("if he cannot [prove openers], he may not win the pot") and common.showdown_tie = split:
    Bob (deal not logged, three cards drawn) and Cy tie with ace-king-nine-five-three (Cy, the last to bet,
    shows first; Dee mucks).  Bob's
    half is not his until he shows openers, so the whole pot of 13 -- with the odd chip the split would
    leave -- waits, undecided."""
    events = [Bet(player=BOB, amount=2), Call(player=CY), Call(player=DEE), Fold(player=ANN), Draw(player=BOB, count=3),
              Draw(player=CY, count=2), Draw(player=DEE, count=1), Check(player=BOB), Bet(player=CY, amount=1),
              Call(player=DEE), Call(player=BOB), shown(CY, "As Kc 9d 5s 3c"), Muck(player=DEE),
              shown(BOB, "Ah Kd 9c 5h 3h")]
    r = replay_table(game_setup("jackpots"), events)
    assert rows(r) == [(None, "openers_unverifiable", BOB, "jackpots.3", UNSHOWN_WORDS,
                        "the pot he would win is undecided until they are shown", None)]
    assert [(p.amount, p.winners, p.decided, p.left_over, p.rule) for p in r.outcome.pots] == [
        (13, (), False, 0, "jackpots.3")]
    o = r.outcome
    assert (o.undecided, o.carried, o.stacks) == (13, 0, {ANN: 96, BOB: 97, CY: 97, DEE: 97})


def test_the_penalty_goes_to_the_players_dealt_in_while_the_false_opener_has_chips():
    """jackpots.6: "the offender gives one chip to each of the other players" (jackpots.penalty_payees =
    all_other_players_dealt) -- Dee has no chips and is not dealt in: she is not paid.  Bob had 3 chips and
    opened for 2: he pays Cy his last chip, and Ann's is noted unpaid."""
    seats = [(ANN, 100), (BOB, 3), (CY, 100), (DEE, 0)]
    r = replay_table(game_setup("jackpots", seats=seats), [BOB_NOTHING, Bet(player=BOB, amount=2), Fold(player=CY),
                                                          Fold(player=ANN)])
    assert rows(r) == [
        (None, "false_open_all_dropped", BOB, "jackpots.10", "Bob opened without openers (his hand before the draw was "
         "Ah Ks 7c 4d 2s; jacks or better were needed) and everybody else dropped",
         f"the pot stays on the table for the next deal; {BOB_PAYS}", 2),
        (None, "penalty_unpaid", BOB, "jackpots.false_open_penalty", "Bob has no chips left to pay Ann the penalty", None,
         None)]
    assert r.outcome.penalties == (Penalty(BOB, CY, 1, "jackpots.false_open_penalty"),)
    assert r.outcome.stacks == {ANN: 97, BOB: 0, CY: 101, DEE: 0} and r.outcome.carried == 5


def test_what_a_deal_leaves_to_the_next_reads_in_russian():
    """The counted words of a Jackpots deal's end read in the table's language (Russian counts: 3 раздачи,
    6 фишек): the ante cap after three deals nobody opened, a false open's pot that carries (nobody
    declared it open under rrop_declare_open) and one that stays (everybody else dropped)."""
    from referee import i18n

    with i18n.speaking("ru"):
        cap = replay_table(game_setup("jackpots", {"jackpots.no_open": "ante_cap_3_deals"},
                                      carry_in=JackpotsCarry(pot=12, passed_out=3)), [])
        carried = replay_table(game_setup("jackpots", RROP), [BOB_NOTHING, Bet(player=BOB, amount=2), Call(player=CY),
                                                             Declare(player=BOB, what="false_open")])
        stays = replay_table(game_setup("jackpots"), [BOB_NOTHING, *alone()])
    assert [f.message for f in cap.findings] == ["анте нет: никто не открывал торги 3 раздачи"]
    assert carried.outcome.summary == "ложное открытие: 6 фишек переходят в следующую раздачу"
    assert stays.outcome.summary == "ложное открытие: 6 фишек остаются до следующей раздачи"


@pytest.mark.parametrize(("carry", "events"), [
    # the redeal after a misdeal takes no antes (they stayed in the pot): the free ride is not served
    (JackpotsCarry(pot=4, antes_in=True, free_ride_payer="Bob"), [Misdeal()]),
    # jackpots.no_open = ante_cap_3_deals: after three deals nobody opened nobody antes, Bob neither
    (JackpotsCarry(pot=12, passed_out=3, free_ride_payer="Bob"), [Check(player=n) for n in (BOB, CY, DEE, ANN)]),
])
def test_a_free_ride_on_a_deal_without_antes_is_still_owed(carry, events):
    """jackpots.6: the free ride is the false opener's "ante for all the other players on the next deal": a
    deal that takes no antes does not serve it; he owes it on the next one."""
    options = {**FREE_RIDE, "jackpots.no_open": "ante_cap_3_deals"}
    r = replay_table(game_setup("jackpots", options, carry_in=carry), events)
    assert [f.code for f in r.findings if f.code.startswith("free_ride")] == []
    assert r.outcome.stacks[BOB] == 100
    assert r.outcome.next_hand.carry.free_ride_payer == BOB and r.outcome.next_hand.obligations == OWED_WORDS


def test_a_false_opener_left_alone_at_the_showdown_does_not_keep_the_pot_he_raked():
    """jackpots.9 / jackpots.10: Bob's logged deal held no openers; at the showdown he shows three aces and
    Cy throws his hand in: nobody else contests it, so there is no best hand among the others -- the pot
    of 8 stays on the table for the next deal (as when everybody else drops), Bob's rake decides nothing,
    and he pays each other player (jackpots.6)."""
    events = AFTER_WIN + [Muck(player=CY), TakePot(player=BOB)]
    r = replay_table(game_setup("jackpots"), events)
    assert [row[:4] for row in rows(r)] == [(12, "took_pot_without_openers", BOB, "jackpots.11.2"),
                                            (None, "false_open_at_showdown", BOB, "jackpots.9"),
                                            (12, "took_pot_not_his", BOB, "jackpots.9")]
    assert pots(r) == [(8, (), (), True, 8, "jackpots.9")]
    o = r.outcome
    assert (o.carried, o.penalties, o.stacks) == (8, PAYS_EACH, {ANN: 97, BOB: 95, CY: 99, DEE: 101})


def test_openers_that_fail_when_shown_after_the_showdown_are_a_false_open_found_at_it():
    """jackpots.3: "When a false open counts as found ... when what the opener shows fails as proof ... at
    the showdown when the opener is asked for his openers" -- after the showdown (Bob's three aces, Cy's
    queens) Bob shows Ah Ks as his openers (action 12): no pair.  That is the showdown's proof failing, not
    a false open found after a win: jackpots.9, Cy takes the 8 and Bob pays each other player."""
    r = replay_table(game_setup("jackpots"), AFTER_WIN + [shown(CY, "Qs Qd 9c 8h 3s"), shown(BOB, "Ah Ks", "openers")])
    assert [row[:4] for row in rows(r)] == [(12, "false_open_at_showdown", BOB, "jackpots.9")]
    # the ruling gives the whole evidence the log holds: his logged deal, of which Ah Ks are two cards
    assert rows(r)[0][4] == ("Bob opened without openers (his hand before the draw was Ah Ks 7c 4d 2s; jacks or better "
                             "were needed): found at the showdown, he may not win; the pot goes to the best hand among "
                             "the others")
    assert [(p.amount, p.winners, p.rule) for p in r.outcome.pots] == [(8, (CY,), "jackpots.9")]
    assert r.outcome.penalties == PAYS_EACH


def test_under_rrop_two_callers_of_an_opening_bet_of_one_chip_let_the_pot_play():
    """jackpots.false_open_before_showdown = rrop_declare_open: "the pot always plays if there was a raise,
    two or more callers" -- Bob opens for 1 chip, Cy and Dee call it: after his false open the first round
    goes on, Ann to act."""
    events = [BOB_NOTHING, Bet(player=BOB, amount=1), Call(player=CY), Call(player=DEE),
              Declare(player=BOB, what="false_open")]
    r = replay_table(game_setup("jackpots", RROP), events)
    assert [row[:4] for row in rows(r)] == [(5, "false_open_before_showdown", BOB, "jackpots.7")]
    assert (r.states[-1].phase, r.states[-1].to_act) == ("round1", ANN)


BUG_ON = {"jackpots.bug": "joker_as_ace_or_straight_flush_filler"}


@pytest.mark.parametrize(("draw", "tail"), [
    # he keeps As and the bug, draws three and shows his hand at the showdown: his kept cards are his openers
    (drawn(BOB, "9c 6d 2s", "7h 8h 3c"), [Check(player=BOB), Check(player=CY), shown(BOB, "As Jk1 7h 8h 3c"),
                                           shown(CY, "Qs Qd 9h 5h 3s")]),
    # he splits both, keeps them face down, and shows them after Cy drops to his bet
    (drawn(BOB, "As Jk1", "7h 8h", kept_face_down=True), [Bet(player=BOB, amount=2), Fold(player=CY),
                                                          shown(BOB, "As Jk1", "discards")]),
])
def test_the_bug_as_an_ace_proves_openers_kept_or_split(draw, tail):
    """jackpots.bug = joker_as_ace_or_straight_flush_filler: the joker "may be used only as an ace" (or to
    fill a straight or flush) -- As and the bug are a pair of aces; jackpots.2 / jackpots.3: kept in his
    hand or split and kept face down, they prove his open, and the pot is Bob's."""
    events = [dealt(BOB, "As Jk1 9c 6d 2s"), *SHOWDOWN_PRE, draw, Draw(player=CY, count=1), *tail]
    r = replay_table(game_setup("jackpots", BUG_ON), events)
    assert [f for f in r.findings if f.kind in ("false_open", "unverifiable")] == []
    assert [p.winners for p in r.outcome.pots] == [(BOB,)]


def test_an_opener_who_drew_one_naming_his_discard_is_judged_by_the_hand_it_leaves():
    """jackpots.3: "the opener must prove that he held jacks or better before the draw" -- Bob's deal is not
    logged; he drew one, throwing 2s for Ad, and shows Ah Ks 7c 4d Ad: the four he kept and the discard
    the log names were his hand before the draw, Ah Ks 7c 4d 2s -- no openers.  His aces are the best
    hand, but Cy's queens take the 8 (jackpots.9) and Bob pays each other player (jackpots.6)."""
    events = SHOWDOWN_PRE + [drawn(BOB, "2s", "Ad"), Draw(player=CY, count=1), Check(player=BOB), Check(player=CY),
                             shown(BOB, "Ah Ks 7c 4d Ad"), shown(CY, "Qs Qd 9h 8h 3s")]
    r = replay_table(game_setup("jackpots"), events)
    assert rows(r) == [(None, "false_open_at_showdown", BOB, "jackpots.9", "Bob opened without openers (his hand before "
                        "the draw was Ah Ks 7c 4d 2s; jacks or better were needed): found at the showdown, he may not "
                        "win; the pot goes to the best hand among the others", BOB_PAYS, 1)]
    assert [(p.amount, p.winners) for p in r.outcome.pots] == [(8, (CY,))] and r.outcome.penalties == PAYS_EACH


def test_a_declaration_after_a_deal_nobody_opened_is_still_heard():
    """jackpots.1.1 / jackpots.no_open: nobody opened and the deal is void; Bob's "false open" said after it
    (action 5) is still heard -- a false open needs an opener -- and noted as such, not ignored as an
    action after the hand."""
    r = replay_table(game_setup("jackpots"), [Check(player=n) for n in (BOB, CY, DEE, ANN)]
                     + [Declare(player=BOB, what="false_open")])
    assert [row[:4] for row in rows(r)] == [(5, "false_open_declared_nobody_opened", BOB, None),
                                            (None, "passed_out", None, "draw.all_check")]
