"""Jackpots (RULES.md section 2, seed-003): openers, their proof, and false opens by when they are found."""

from __future__ import annotations

import pytest

from referee.cards import cards
from referee.engine.events import Bet, Call, Check, Deal, Declare, Draw, Fold, Muck, Raise, Show, TakePot
from referee.engine.events import Misdeal, Void
from referee.engine.state import HandSetup
from referee.engine.games.jackpots import JackpotsCarry
from referee.engine.replay import play
from referee.rulebook import load_rulebook

from helpers.engine import dealt, drawn, finding_rows, game_setup, replay_table, replay_text_hand, shown

FOUR = [("Ann", 100), ("Bob", 100), ("Cy", 100), ("Dee", 100)]


def setup(options=None, **kw):
    rb = load_rulebook("jackpots")
    if options:
        rb = rb.with_options(options)
    return HandSetup(rb, FOUR, "Ann", **kw)


def deal(name, text):
    return Deal(player=name, cards=tuple(cards(text)))


def show(name, text, purpose="hand"):
    return Show(player=name, cards=tuple(cards(text)), purpose=purpose)


def kinds(r, kind):
    return [f for f in r.findings if f.kind == kind]


BOB_JJ = deal("Bob", "Jh Js 7c 4d 2s")
BOB_NOTHING = deal("Bob", "Ah Ks 7c 4d 2s")
PRE = [Bet(player="Bob", amount=2), Call(player="Cy"), Fold(player="Dee"), Fold(player="Ann")]


def test_opener_with_jacks_wins_uncontested_showing_openers():
    """jackpots.4.1: "If nobody called the opening bet, the opener ... shows only the cards that qualified him"."""
    r = replay_table(setup(), [Bet(player="Bob", amount=2), Fold(player="Cy"), Fold(player="Dee"),
                              Fold(player="Ann"), show("Bob", "Jh Js", "openers")])
    assert r.outcome.kind == "uncontested" and r.outcome.stacks["Bob"] == 104
    assert not r.illegal


def test_uncontested_opener_unshown_is_undecided():
    """jackpots.11.2: "a winner must show openers before taking the pot": not shown -> undecided, not guessed."""
    r = replay_table(setup(), [Bet(player="Bob", amount=2), Fold(player="Cy"), Fold(player="Dee"), Fold(player="Ann")])
    assert r.outcome.undecided == 6
    assert "openers were not shown" in kinds(r, "unverifiable")[0].message


def test_false_open_found_after_everyone_dropped_pot_stays():
    """jackpots.10: "Found after everyone else dropped: the pot stays on the table for the next deal"."""
    r = replay_table(setup(), [BOB_NOTHING, Bet(player="Bob", amount=2), Fold(player="Cy"), Fold(player="Dee"),
                              Fold(player="Ann")])
    o = r.outcome
    assert o.kind == "false_open" and o.carried == 6
    f = kinds(r, "false_open")[0]
    assert f.rule == "jackpots.10" and f.player == "Bob"
    # jackpots.6: one chip to each other player
    assert [(p.payee, p.amount) for p in o.penalties] == [("Cy", 1), ("Dee", 1), ("Ann", 1)]
    assert o.stacks == {"Ann": 96 + 1, "Bob": 98 - 3, "Cy": 101, "Dee": 101}


def test_false_open_found_before_showdown_others_play_on():
    """jackpots.7/8: found before the showdown, "the false opener drops out (chips stay)"; "others play on"."""
    events = [BOB_NOTHING, Bet(player="Bob", amount=2), Call(player="Cy"), Call(player="Dee"), Fold(player="Ann"),
              Declare(player="Bob", what="false_open")]
    r = replay_table(setup(), events)
    f = kinds(r, "false_open")[0]
    assert f.rule == "jackpots.7" and f.action == 6
    assert r.states[-1].in_hand == ("Cy", "Dee") and r.states[-1].phase == "draw"
    assert r.states[-1].stacks[1] == 98 - 3  # paid 1 each to Ann, Cy, Dee


def test_false_open_at_showdown_pot_to_best_other():
    """jackpots.9: "Found at the showdown: the pot goes to the best hand among the others"."""
    events = [BOB_NOTHING] + PRE + [
        Draw(player="Bob", count=3, discards=tuple(cards("7c 4d 2s")), received=tuple(cards("Ad Ac 3h"))),
        Draw(player="Cy", count=3), Check(player="Bob"), Check(player="Cy"),
        show("Bob", "Ah Ad Ac Ks 3h"), show("Cy", "Qs Qd 9c 8h 3s")]
    r = replay_table(setup(), events)
    assert r.outcome.pots[0].winners == ("Cy",)
    assert kinds(r, "false_open")[0].rule == "jackpots.9"
    # jackpots.6: "The false opener gives one chip to each of the other players" -- named, not "he"
    assert kinds(r, "false_open")[0].remedy == "Bob pays 1 chip to each other player (jackpots.6)"


def test_split_openers_kept_face_down_prove_openers():
    """jackpots.2: "the opener may discard the cards that qualified him, but must keep the discards face down";
    jackpots.3: what proves openers is what he shows the table: until he turns up the jack he kept face down
    the pot is undecided, once he does it is his."""
    bob = deal("Bob", "Jh Js Tc 9h 8d")
    events = [bob] + PRE + [
        Draw(player="Bob", count=1, discards=tuple(cards("Js")), received=tuple(cards("7s")), kept_face_down=True),
        Draw(player="Cy", count=2), Check(player="Bob"), Check(player="Cy"),
        show("Bob", "Jh Tc 9h 8d 7s"), show("Cy", "Qs Qd 9c 8h 3s")]
    unshown = replay_table(setup(), events)
    assert not unshown.outcome.pots[0].decided and kinds(unshown, "unverifiable")
    r = replay_table(setup(), events + [show("Bob", "Js", "discards")])
    assert r.outcome.pots[0].winners == ("Bob",) and not kinds(r, "false_open")
    # not kept: he cannot prove them (jackpots.unproven_opener = as_false_open), shown from the muck or not
    events[5] = Draw(player="Bob", count=1, discards=tuple(cards("Js")), received=tuple(cards("7s")))
    for tail in ([], [show("Bob", "Js", "discards")], [show("Bob", "Jh Js", "openers")]):
        r2 = replay_table(setup(), events + tail)
        assert r2.outcome.pots[0].winners == ("Cy",)
        assert "did not keep" in kinds(r2, "false_open")[0].message


def test_discards_kept_face_down_that_hold_no_openers_are_a_false_open_at_the_showdown():
    """jackpots.2: the opener "must keep those discards face down in front of himself so that they can be
    checked later"; jackpots.9: "If the false open is found at the showdown, the pot goes to the best hand
    among the other players".  Bob opens, draws three keeping 7c 4d 2s face down (named in the log) and
    shows Ah Ks Ad Ac 3h: what he kept (Ah Ks) and every discard are known, and Ah Ks 7c 4d 2s holds no
    jacks or better, so nothing he could still turn up proves openers: a false open, not an open question.
    Ann deals and antes 4; Bob bets 2, Cy calls: a pot of 8 to Cy's queens, and Bob pays 1 chip to each
    other player (jackpots.6): Ann 100 - 4 + 1, Bob 100 - 2 - 3, Cy 100 - 2 + 8 + 1, Dee 100 + 1."""
    events = PRE + [
        Draw(player="Bob", count=3, discards=tuple(cards("7c 4d 2s")), received=tuple(cards("Ad Ac 3h")),
             kept_face_down=True),
        Draw(player="Cy", count=3), Check(player="Bob"), Check(player="Cy"),
        show("Bob", "Ah Ks Ad Ac 3h"), show("Cy", "Qs Qd 9c 8h 3s")]
    r = replay_table(setup(), events)
    assert [f.rule for f in kinds(r, "false_open")] == ["jackpots.9"] and not kinds(r, "unverifiable")
    assert r.outcome.pots[0].winners == ("Cy",) and r.outcome.pots[0].amount == 8
    assert r.outcome.stacks == {"Ann": 97, "Bob": 95, "Cy": 107, "Dee": 101}


def test_split_openers_shown_after_an_uncontested_win_with_the_discard_mucked_are_unproven():
    """jackpots.2: the opener "must keep those discards face down in front of himself so that they can be
    checked later"; jackpots.10: "Found after everyone else dropped: the pot stays on the table for the
    next deal".  Bob opens on Jh Js, draws one throwing Js into the muck (not kept face down), bets 5 and
    Cy drops; he shows Jh Js as his openers, but Js went into the muck: unproven, a false open.  The pot
    of 13 (Ann's ante 4, 2 + 2, Bob's 5) stays; Bob pays 1 to each other player (jackpots.6)."""
    events = [deal("Bob", "Jh Js Tc 9h 8d")] + PRE + [
        Draw(player="Bob", count=1, discards=tuple(cards("Js")), received=tuple(cards("7s"))),
        Draw(player="Cy", count=2), Bet(player="Bob", amount=5), Fold(player="Cy"), show("Bob", "Jh Js", "openers")]
    r = replay_table(setup(), events)
    assert r.outcome.kind == "false_open" and r.outcome.carried == 13
    assert [f.rule for f in kinds(r, "false_open")] == ["jackpots.10"]
    assert "did not keep the discards Js face down" in kinds(r, "false_open")[0].message
    assert r.outcome.stacks == {"Ann": 97, "Bob": 90, "Cy": 99, "Dee": 101}


def test_both_openers_discarded_face_down_and_shown_prove_an_uncontested_open():
    """jackpots.2: the opener "may discard some or all of the cards that qualified him ... but he must keep
    those discards face down"; jackpots.3: his proof is "his hand with the discards he kept face down".
    Bob throws both jacks, keeps them face down, draws 7s 6c, bets 5 and Cy drops; he turns up Jh Js: his
    open is proven and the pot of 13 is his (Bob 100 - 2 - 5 + 13)."""
    events = [deal("Bob", "Jh Js Tc 9h 8d")] + PRE + [
        Draw(player="Bob", count=2, discards=tuple(cards("Jh Js")), received=tuple(cards("7s 6c")),
             kept_face_down=True),
        Draw(player="Cy", count=2), Bet(player="Bob", amount=5), Fold(player="Cy"), show("Bob", "Jh Js", "discards")]
    r = replay_table(setup(), events)
    assert r.outcome.kind == "uncontested" and r.outcome.pots[0].winners == ("Bob",)
    assert not kinds(r, "false_open") and not kinds(r, "unverifiable")
    assert r.outcome.stacks == {"Ann": 96, "Bob": 106, "Cy": 98, "Dee": 100}


def test_discards_kept_face_down_unnamed_leave_the_open_undecided_until_shown():
    """jackpots.3: "What proves openers is what the opener shows the table: his openers, or his hand with the
    discards he kept face down".  Bob draws three keeping his discards face down (the log does not name
    them) and shows Ah Ks Ad Ac 3h: his kept Ah Ks are not openers, but the three cards before him may
    still be; the pot of 8 waits for them (undecided), no false open is found yet."""
    events = PRE + [
        Draw(player="Bob", count=3, received=tuple(cards("Ad Ac 3h")), kept_face_down=True),
        Draw(player="Cy", count=3), Check(player="Bob"), Check(player="Cy"),
        show("Bob", "Ah Ks Ad Ac 3h"), show("Cy", "Qs Qd 9c 8h 3s")]
    r = replay_table(setup(), events)
    assert not kinds(r, "false_open") and [f.rule for f in kinds(r, "unverifiable")] == ["jackpots.3"]
    assert r.outcome.pots[0].amount == 8 and not r.outcome.pots[0].decided
    assert r.outcome.stacks == {"Ann": 96, "Bob": 98, "Cy": 98, "Dee": 100}


def test_split_declare_option_requires_announcement():
    """jackpots.split_declare = declare_and_under_chip: "an undeclared split cannot be used as proof"."""
    bob = deal("Bob", "Jh Js Tc 9h 8d")
    draw = Draw(player="Bob", count=1, discards=tuple(cards("Js")), received=tuple(cards("7s")), kept_face_down=True)
    tail = [Draw(player="Cy", count=2), Check(player="Bob"), Check(player="Cy"),
            show("Bob", "Jh Tc 9h 8d 7s"), show("Cy", "Qs Qd 9c 8h 3s"), show("Bob", "Js", "discards")]
    opts = {"jackpots.split_declare": "declare_and_under_chip"}
    r = replay_table(setup(opts), [bob] + PRE + [draw] + tail)
    assert r.outcome.pots[0].winners == ("Cy",)
    r2 = replay_table(setup(opts), [bob] + PRE + [Declare(player="Bob", what="split_openers"), draw] + tail)
    assert r2.outcome.pots[0].winners == ("Bob",)


def test_opener_who_folds_must_prove_penalty():
    """jackpots.5: "An opener who drops before the showdown must keep his discards to prove openers"."""
    events = [BOB_NOTHING, Bet(player="Bob", amount=2), Call(player="Cy"), Call(player="Dee"), Fold(player="Ann"),
              Draw(player="Bob", count=1), Draw(player="Cy", count=1), Draw(player="Dee", count=1),
              Check(player="Bob"), Bet(player="Cy", amount=5), Fold(player="Bob"), Fold(player="Dee")]
    r = replay_table(setup(), events)
    assert r.outcome.kind == "uncontested" and r.outcome.pots[0].winners == ("Cy",)
    f = kinds(r, "false_open")[0]
    assert f.rule == "jackpots.5" and len(r.outcome.penalties) == 3


def test_dropped_opener_unknown_is_unverifiable():
    """Partial information: the dropped opener's cards were never seen -> the penalty is unverifiable."""
    events = [Bet(player="Bob", amount=2), Raise(player="Cy", amount=2), Fold(player="Dee"), Fold(player="Ann"),
              Fold(player="Bob")]
    r = replay_table(setup(), events)
    assert r.outcome.pots[0].winners == ("Cy",)
    assert any(f.rule == "jackpots.5" for f in kinds(r, "unverifiable"))


def test_false_open_after_win_keeps_pot_if_best():
    """jackpots.11.1: "Found after the false opener has won the pot: he cannot be made to return it provided his
    hand at the showdown was the highest": Bob admits his false open after the showdown his aces won."""
    events = [BOB_NOTHING] + PRE + [
        Draw(player="Bob", count=3, discards=tuple(cards("7c 4d 2s")), received=tuple(cards("Ad Ac 3h"))),
        Draw(player="Cy", count=3), Check(player="Bob"), Check(player="Cy"),
        show("Bob", "Ah Ad Ac Ks 3h"), show("Cy", "Qs Qd 9c 8h 3s"), TakePot(player="Bob"),
        Declare(player="Bob", what="false_open")]
    r = replay_table(setup(), events)
    assert r.outcome.pots[0].winners == ("Bob",) and not r.outcome.penalties
    assert kinds(r, "false_open")[0].rule == "jackpots.11.1"
    assert any(f.rule == "jackpots.11.2" for f in r.illegal)
    # forfeit: "a winner must prove openers": the pot goes to the best hand among the others (jackpots.9)
    forfeit = replay_table(setup({"jackpots.false_open_after_win": "forfeit"}), events)
    assert forfeit.outcome.kind == "showdown" and forfeit.outcome.pots[0].winners == ("Cy",)
    assert forfeit.outcome.pots[0].rule == "jackpots.9" and forfeit.outcome.carried == 0
    f = kinds(forfeit, "false_open")[0]
    assert f.rule == "jackpots.false_open_after_win" and "dropped" not in f.message
    assert len(forfeit.outcome.penalties) == 3


def test_taking_the_pot_decides_nothing():
    """jackpots.9: "If the false open is found at the showdown, the pot goes to the best hand among the other
    players": Bob (no openers dealt) rakes a pot his hand lost; the rake is flagged and changes nothing."""
    events = [BOB_NOTHING] + PRE + [
        Draw(player="Bob", count=3, discards=tuple(cards("7c 4d 2s")), received=tuple(cards("Ad Ac 3h"))),
        Draw(player="Cy", count=1), Check(player="Bob"), Check(player="Cy"),
        show("Bob", "Ah Ad Ac Ks 3h"), show("Cy", "Qs Qd Qc Qh 3s")]
    without = replay_table(setup(), events)
    raked = replay_table(setup(), events + [TakePot(player="Bob")])
    for r in (without, raked):
        assert r.outcome.kind == "showdown" and r.outcome.pots[0].winners == ("Cy",)
        assert r.outcome.pots[0].rule == "jackpots.9"
        assert kinds(r, "false_open")[0].rule == "jackpots.9"
    assert raked.outcome.stacks == without.outcome.stacks
    rake = [f for f in raked.findings if f.code == "took_pot_not_his"]
    assert len(rake) == 1 and rake[0].player == "Bob" and rake[0].action == len(events) + 1
    assert "everybody else dropped" not in " ".join(f.message for f in raked.findings)


def test_penalty_as_free_ride_next_deal():
    """jackpots.6 alternative: "he antes for all other players on the next deal (free ride)"; Bob deals that
    deal, where he antes for everybody as the dealer anyway: jackpots.free_ride_by_dealer = antes_for_others_too
    (the default), "he antes his dealer's ante of one chip per player and one more chip for each other player"."""
    r = replay_table(setup({"jackpots.false_open_penalty": "ante_for_all_next_deal"}),
                    [BOB_NOTHING, Bet(player="Bob", amount=2), Fold(player="Cy"), Fold(player="Dee"),
                     Fold(player="Ann")])
    nxt = r.outcome.next_hand
    assert nxt.dealer == "Bob" and nxt.carry.free_ride_payer == "Bob" and nxt.obligations
    follow = replay_table(HandSetup(setup().rulebook, list(r.outcome.stacks.items()), nxt.dealer, 2, nxt.carry), [])
    assert follow.outcome.stacks["Bob"] == r.outcome.stacks["Bob"] - 4 - 3
    assert {n: follow.outcome.stacks[n] for n in ("Ann", "Cy", "Dee")} == \
        {n: r.outcome.stacks[n] for n in ("Ann", "Cy", "Dee")}


def test_free_ride_by_dealer_other_choices():
    """jackpots.free_ride_by_dealer = next_deal_he_does_not_deal: "antes only as the dealer; the free ride moves
    to the next deal he does not deal"; = dealer_ante_counts: "that ante is the free ride"."""
    opts = {"jackpots.false_open_penalty": "ante_for_all_next_deal"}
    r = replay_table(setup(opts), [BOB_NOTHING, Bet(player="Bob", amount=2), Fold(player="Cy"), Fold(player="Dee"),
                                  Fold(player="Ann")])
    stacks, carry = list(r.outcome.stacks.items()), r.outcome.next_hand.carry
    for choice, owed_after in (("next_deal_he_does_not_deal", "Bob"), ("dealer_ante_counts", None)):
        rb = load_rulebook("jackpots").with_options({**opts, "jackpots.free_ride_by_dealer": choice})
        deal2 = [Bet(player="Cy", amount=2), Fold(player="Dee"), Fold(player="Ann"), Fold(player="Bob"),
                 show("Cy", "Kh Kd", "openers")]
        follow = replay_table(HandSetup(rb, stacks, "Bob", 2, carry), deal2)
        assert follow.outcome.stacks["Bob"] == r.outcome.stacks["Bob"] - 4  # his dealer's ante only
        assert follow.outcome.next_hand.carry.free_ride_payer == owed_after
        if owed_after:  # the next deal is Cy's: Bob antes the 4 there, Cy nothing
            third = replay_table(HandSetup(rb, list(follow.outcome.stacks.items()), "Cy", 3,
                                          follow.outcome.next_hand.carry), [])
            assert third.outcome.stacks["Bob"] == follow.outcome.stacks["Bob"] - 4
            assert third.outcome.stacks["Cy"] == follow.outcome.stacks["Cy"]
            assert third.outcome.next_hand.carry.free_ride_payer is None


def test_free_ride_served_on_a_passed_out_deal():
    """The free ride is owed "on the next deal": paid on a deal everybody checked, it is served (the antes stay
    in the pot); the redeal's dealer antes as usual and nobody is still owed a free ride."""
    opts = {"jackpots.false_open_penalty": "ante_for_all_next_deal"}
    r = replay_table(setup(opts), [BOB_NOTHING, Bet(player="Bob", amount=2), Fold(player="Cy"), Fold(player="Dee"),
                                  Fold(player="Ann")])
    rb = load_rulebook("jackpots").with_options(opts)
    seats = [(n, c) for n, c in r.outcome.stacks.items()]
    # Cy deals hand 2 (Bob owes the free ride and is not dealing)
    passed = replay_table(HandSetup(rb, seats, "Cy", 2, r.outcome.next_hand.carry),
                         [Check(player=n) for n in ("Dee", "Ann", "Bob", "Cy")])
    assert passed.outcome.kind == "passed_out"
    assert passed.outcome.stacks["Bob"] == r.outcome.stacks["Bob"] - 4
    assert passed.outcome.next_hand.carry.free_ride_payer is None and not passed.outcome.next_hand.obligations
    third = replay_table(HandSetup(rb, list(passed.outcome.stacks.items()), "Dee", 3, passed.outcome.next_hand.carry), [])
    assert third.outcome.stacks["Bob"] == passed.outcome.stacks["Bob"]
    assert third.outcome.stacks["Dee"] == passed.outcome.stacks["Dee"] - 4


def test_penalty_payees_active_only():
    """jackpots.penalty_payees = active_players_only: only players still in the hand are paid."""
    r = replay_table(setup({"jackpots.penalty_payees": "active_players_only"}),
                    [BOB_NOTHING, Bet(player="Bob", amount=2), Call(player="Cy"), Fold(player="Dee"),
                     Fold(player="Ann"), Declare(player="Bob", what="false_open")])
    assert [p.payee for p in r.outcome.penalties] == ["Cy"]


def test_progressive_openers_after_passed_out_deal():
    """jackpots.min_open = progressive_QQ_KK_AA: "after a deal in which nobody opened, it is queens"."""
    opts = {"jackpots.min_open": "progressive_QQ_KK_AA"}
    passed = replay_table(setup(opts), [Check(player=n) for n in ("Bob", "Cy", "Dee", "Ann")])
    assert passed.outcome.kind == "passed_out" and passed.outcome.next_hand.carry.passed_out == 1
    events = [BOB_JJ, Bet(player="Bob", amount=2), Fold(player="Cy"), Fold(player="Dee"), Fold(player="Ann")]
    r = replay_table(setup(opts, carry_in=passed.outcome.next_hand.carry), events)
    assert r.outcome.kind == "false_open"  # jacks no longer open
    assert "queens or better were needed" in kinds(r, "false_open")[0].message
    shown = replay_table(setup(opts, carry_in=passed.outcome.next_hand.carry),
                        events[1:] + [show("Bob", "Jh Jd", "openers")])  # the deal not logged: his show decides
    message = kinds(shown, "false_open")[0].message
    assert "(Jh Jd) are not openers: queens or better were needed" in message, message
    assert replay_table(setup(opts), events).outcome.kind == "uncontested"


def test_no_open_reante_same_dealer():
    """jackpots.no_open = reante_same_dealer: "every player antes again and the same dealer deals"."""
    opts = {"jackpots.no_open": "reante_same_dealer"}
    r = replay_table(setup(opts), [Check(player=n) for n in ("Bob", "Cy", "Dee", "Ann")])
    assert r.outcome.next_hand.dealer == "Ann"
    assert r.outcome.stacks == {"Ann": 96, "Bob": 100, "Cy": 100, "Dee": 100}
    rb = load_rulebook("jackpots").with_options(opts)
    redeal = replay_table(HandSetup(rb, list(r.outcome.stacks.items()), "Ann", carry_in=r.outcome.next_hand.carry), [])
    assert redeal.outcome.stacks == {"Ann": 95, "Bob": 99, "Cy": 99, "Dee": 99}  # every player antes again


def test_no_open_ante_cap_three_deals():
    """jackpots.no_open = ante_cap_3_deals: "antes again, but only for three deals in a row"."""
    opts = {"jackpots.no_open": "ante_cap_3_deals"}
    r = replay_table(setup(opts, carry_in=JackpotsCarry(pot=12, passed_out=3)), [])
    assert r.outcome.stacks["Ann"] == 100
    r2 = replay_table(setup(opts, carry_in=JackpotsCarry(pot=8, passed_out=2)), [])
    assert r2.outcome.stacks["Ann"] == 96


def test_rrop_declare_open_or_pot_carries():
    """jackpots.false_open_before_showdown = rrop_declare_open: "If nobody declares, every bet except the
    false opener's first bet is returned and the pot carries"."""
    opts = {"jackpots.false_open_before_showdown": "rrop_declare_open"}
    base = [BOB_NOTHING, Bet(player="Bob", amount=2), Call(player="Cy"), Declare(player="Bob", what="false_open")]
    r = replay_table(setup(opts), base)
    o = r.outcome
    assert o.kind == "false_open" and o.carried == 4 + 2
    assert o.stacks["Cy"] == 100 + 1  # his call back, plus the 1-chip penalty
    declared = replay_table(setup(opts), base + [Declare(player="Cy", what="open")])
    assert declared.outcome.kind == "in_progress"


def test_unproven_opener_forfeit_pot_only():
    """jackpots.unproven_opener = forfeit_pot_only: "may not win the pot, but no penalty applies"."""
    events = PRE + [Draw(player="Bob", count=1), Draw(player="Cy", count=1), Check(player="Bob"),
                    Check(player="Cy"), Muck(player="Bob"), show("Cy", "Qs Qd 9c 8h 3s")]
    r = replay_table(setup({"jackpots.unproven_opener": "forfeit_pot_only"}), events)
    assert r.outcome.pots[0].winners == ("Cy",) and not r.outcome.penalties
    r2 = replay_table(setup(), events)
    assert len(r2.outcome.penalties) == 3


def test_a_bluff_open_is_legal_to_record():
    """jackpots.1.2 "nobody may open as a bluff" is judged when it comes to light, not at the bet:
    the recorder may log the bet; the replay rules on it later."""
    v = play(setup(), [BOB_NOTHING]).legality(Bet(player="Bob", amount=2))
    assert v.legal


BUG = {"jackpots.bug": "joker_as_ace_or_straight_flush_filler"}


def test_bug_ace_opens():
    """jackpots.bug: "the joker may be used only as an ace" — an ace and the bug are a pair of aces, openers."""
    r = replay_table(setup(BUG), [deal("Bob", "As Jk1 9c 6d 2s"), *PRE[:1], Fold(player="Cy"), Fold(player="Dee"),
                                 Fold(player="Ann"), show("Bob", "As Jk1", "openers")])
    assert r.outcome.kind == "uncontested" and not r.findings


def test_bug_is_not_a_third_king():
    """jackpots.bug: with K-K and the bug the hand is "a pair of kings with an ace kicker", not three kings: it
    opens (kings beat jacks) but loses at the showdown to three queens."""
    events = [deal("Bob", "Kh Ks Jk1 7c 4d"), *PRE,
              Draw(player="Bob", count=0), Draw(player="Cy", count=0),
              Check(player="Bob"), Check(player="Cy"),
              show("Bob", "Kh Ks Jk1 7c 4d"), show("Cy", "Qc Qd Qh 2c 9h")]
    r = replay_table(setup(BUG), events)
    (pot,) = r.outcome.pots
    assert pot.winners == ("Cy",) and pot.hand == "three of a kind, queens"
    assert not r.illegal


def test_joker_without_the_bug_is_refused_at_the_deal():
    """A Jackpots pack has no joker unless the house plays the bug (jackpots.bug = none by default)."""
    import pytest

    from referee.errors import CardError

    with pytest.raises(CardError, match="Jk1 is not a card of the Jackpots pack") as err:
        replay_table(setup(), [deal("Bob", "As Jk1 9c 6d 2s")])
    assert err.value.where == "hand 1, action 1"


def test_same_card_in_two_shown_hands_is_an_error():
    """A pack holds every card once: "Bob: shows Jh Jd 4c 4s 2h" then "Ann: shows Jh Qs Qd 9c 8c" cannot be
    replayed; the error names the hand, the action and where the card is."""
    import pytest

    from referee.errors import CardError

    events = [Bet(player="Bob", amount=2), Call(player="Cy"), Fold(player="Dee"), Fold(player="Ann"),
              Draw(player="Bob", count=3), Draw(player="Cy", count=1), Check(player="Bob"), Check(player="Cy"),
              show("Bob", "Jh Jd 4c 4s 2h"), show("Cy", "Jh Qs Qd 9c 8c")]
    with pytest.raises(CardError) as info:
        replay_table(setup(), events)
    assert (info.value.hand, info.value.action) == (1, 10)
    assert info.value.message == "Cy shows Jh but Bob holds it"


def test_false_open_in_the_logged_deal_comes_out_after_a_contested_win():
    """jackpots.11.1 (seed-003): "if a false open is discovered only after that player has won the pot, he cannot
    be made to return it provided his hand was the highest ... no penalty"; jackpots.11.2: the winner must show
    his openers before he takes the pot.  Ann opened on nines (her logged deal), won the showdown with four nines
    and raked the pot unshown: the deal is evidence the table did not have, so she keeps it; under
    jackpots.false_open_after_win = forfeit the pot goes to Bob's queens and the penalty applies."""
    # dealer Ann: Bob acts first, so he plays the opener and Cy its caller
    events = [deal("Bob", "9c 9h Kd 6s 3c"), deal("Cy", "Qs Qd 8h 7c 2d"), Bet(player="Bob", amount=2),
              Call(player="Cy"), Fold(player="Dee"), Fold(player="Ann"),
              Draw(player="Bob", count=3, discards=tuple(cards("Kd 6s 3c")), received=tuple(cards("9s 9d 4h"))),
              Draw(player="Cy", count=3, discards=tuple(cards("8h 7c 2d")), received=tuple(cards("Ah Jc 5s"))),
              Bet(player="Bob", amount=4), Call(player="Cy"),
              show("Bob", "9c 9h 9s 9d 4h"), show("Cy", "Qs Qd Ah Jc 5s"), TakePot(player="Bob")]
    for logged in (events, events[2:]):  # the ruling must not change because the deal was logged (jackpots.3)
        r = replay_table(setup(), logged)
        assert r.outcome.pots[0].winners == ("Bob",) and not r.outcome.penalties
        assert [f.rule for f in kinds(r, "false_open")] == ["jackpots.11.1"]
        assert [f.rule for f in r.illegal] == ["jackpots.11.2", "jackpots.11.1"]
    forfeit = replay_table(setup({"jackpots.false_open_after_win": "forfeit"}), events)
    assert forfeit.outcome.pots[0].winners == ("Cy",) and len(forfeit.outcome.penalties) == 3
JP_PRE = [Bet(player="Bob", amount=2), Call(player="Cy"), Fold(player="Dee"), Fold(player="Ann")]


@pytest.mark.parametrize(("hand", "opens"), [
    ("Th Ts 9c 4d 2s", False),  # a pair of tens does not open
    ("Ah Ks Qc Jd 9s", False),  # ace high does not
    ("Jh Js 7c 4d 2s", True),  # jacks open
    ("Ah As 7c 4d 2s", True),
    ("3h 3s 2c 2d 9s", True),  # two small pairs are better than jacks
    ("5h 5s 5c Kd 9s", True),  # trips
    ("5h 6s 7c 8d 9s", True),  # a straight
])
def test_jacks_or_better_threshold(hand, opens):
    """jackpots.1 / jackpots.min_open = JJ: "Nobody may make the first bet without a pair of jacks or
    better (JJ, QQ, KK, AA, two pair, trips, ...)" -- tens do not open, jacks do.  jackpots.3: what
    proves openers is what the opener shows the table, so the uncalled opener shows his hand."""
    events = [dealt("Bob", hand), Bet(player="Bob", amount=2), Fold(player="Cy"), Fold(player="Dee"),
              Fold(player="Ann")]
    if opens:
        events.append(Show(player="Bob", cards=tuple(cards(hand)), purpose="hand"))
    r = replay_table(game_setup("jackpots"), events)
    if opens:
        assert r.outcome.kind == "uncontested" and r.outcome.stacks["Bob"] == 104 and not r.illegal
    else:
        assert r.outcome.kind == "false_open" and r.outcome.carried == 6
        assert [f.rule for f in r.findings if f.kind == "false_open"] == ["jackpots.10"]


@pytest.mark.parametrize(("passed_out", "opens", "short"), [
    (0, "Jh Js", "Th Ts"),
    (1, "Qh Qs", "Jh Js"),
    (2, "Kh Ks", "Qh Qs"),
    (3, "Ah As", "Kh Ks"),
    (5, "Ah As", "Kh Ks"),  # aces is as high as it goes
])
def test_progressive_level(passed_out, opens, short):
    """jackpots.min_open = progressive_QQ_KK_AA (wiki-5cd): "each passed-out deal raises the requirement"
    -- jacks, then queens after one deal nobody opened, kings after two, aces after three and more."""
    opts = {"jackpots.min_open": "progressive_QQ_KK_AA"}
    carry = JackpotsCarry(pot=0, passed_out=passed_out)
    for pair, good in ((opens, True), (short, False)):
        events = [dealt("Bob", pair + " 7c 4d 2s"), Bet(player="Bob", amount=2), Fold(player="Cy"),
                  Fold(player="Dee"), Fold(player="Ann")]
        r = replay_table(game_setup("jackpots", opts, carry_in=carry), events)
        assert (r.outcome.kind == "uncontested") is good, (passed_out, pair)
    # and without the option jacks always open
    events = [dealt("Bob", "Jh Js 7c 4d 2s"), Bet(player="Bob", amount=2), Fold(player="Cy"), Fold(player="Dee"),
              Fold(player="Ann")]
    assert replay_table(game_setup("jackpots", carry_in=carry), events).outcome.kind == "uncontested"


def test_progressive_count_follows_passed_out_deals():
    """jackpots.min_open = progressive_QQ_KK_AA: the count of passed-out deals is carried: a deal nobody
    opened adds one, a deal that was opened starts it again."""
    opts = {"jackpots.min_open": "progressive_QQ_KK_AA"}
    checks = [Check(player=n) for n in ("Bob", "Cy", "Dee", "Ann")]
    r = replay_table(game_setup("jackpots", opts, carry_in=JackpotsCarry(pot=4, passed_out=1)), checks)
    assert r.outcome.next_hand.carry.passed_out == 2
    opened = replay_table(game_setup("jackpots", opts, carry_in=JackpotsCarry(pot=4, passed_out=1)),
                         [dealt("Bob", "Qh Qs 7c 4d 2s"), Bet(player="Bob", amount=2), Fold(player="Cy"),
                          Fold(player="Dee"), Fold(player="Ann")])
    assert opened.outcome.next_hand.carry.passed_out == 0


def test_openers_shown_that_include_drawn_cards_do_not_prove():
    """jackpots.3: "the opener must prove he held JJ+ before the draw" -- Bob's dealt hand is not logged;
    he drew three and got Jd Jc 5h, and at the showdown shows Jd Jc as his openers: cards he drew prove
    nothing, he may not win (a false open found at the showdown, jackpots.9)."""
    events = JP_PRE + [
        Draw(player="Bob", count=3, received=tuple(cards("Jd Jc 5h"))), Draw(player="Cy", count=3),
        Check(player="Bob"), Check(player="Cy"),
        shown("Bob", "Jd Jc", "openers"), shown("Bob", "Jd Jc 5h 8s 9s"), shown("Cy", "Qs 4d 9c 8h 3s")]
    r = replay_table(game_setup("jackpots"), events)
    falses = [f for f in r.findings if f.kind == "false_open"]
    assert falses and "include cards he drew" in falses[0].message
    assert r.outcome.pots[0].winners == ("Cy",)
    # the same pair dealt to him (not drawn) proves openers
    from_the_deal = [dealt("Bob", "Jd Jc 8s 9s 2h")] + JP_PRE + [
        drawn("Bob", "2h", "5h"), Draw(player="Cy", count=3), Check(player="Bob"), Check(player="Cy"),
        shown("Bob", "Jd Jc", "openers"), shown("Bob", "Jd Jc 5h 8s 9s"), shown("Cy", "Qs 4d 9c 8h 3s")]
    ok = replay_table(game_setup("jackpots"), from_the_deal)
    assert ok.outcome.pots[0].winners == ("Bob",) and not [f for f in ok.findings if f.kind == "false_open"]


def test_split_openers_declared_after_the_draw_do_not_count():
    """jackpots.split_declare = declare_and_under_chip (RRoP): the split must be announced -- "an undeclared
    split cannot be used as proof".  Bob splits his jacks (keeps Js face down) and declares it only after
    the draw: too late, he cannot prove openers and may not win (even with the kept jack turned up, the
    proof jackpots.3 asks for)."""
    opts = {"jackpots.split_declare": "declare_and_under_chip"}
    bob = dealt("Bob", "Jh Js Tc 9h 8d")
    split = drawn("Bob", "Js", "7s", kept_face_down=True)
    tail = [Draw(player="Cy", count=2), Check(player="Bob"), Check(player="Cy"),
            shown("Bob", "Jh Tc 9h 8d 7s"), shown("Bob", "Js", "discards"), shown("Cy", "Qs Qd 9c 8h 3s")]
    late = replay_table(game_setup("jackpots", opts), [bob] + JP_PRE + [split, Declare(player="Bob", what="split_openers")]
                       + tail)
    assert [(f.code, f.action) for f in late.findings if f.code == "split_declared_late"] == [
        ("split_declared_late", 7)]
    assert late.outcome.pots[0].winners == ("Cy",)
    assert [f.code for f in late.findings if f.kind == "false_open"] == ["unproven_opener"]
    in_time = replay_table(game_setup("jackpots", opts), [bob] + JP_PRE + [Declare(player="Bob", what="split_openers"),
                                                                    split] + tail)
    assert in_time.outcome.pots[0].winners == ("Bob",)


def test_keep_if_best_does_not_keep_a_pot_the_opener_did_not_win():
    """jackpots.11.1 / jackpots.false_open_after_win = keep_if_best_no_penalty: "he cannot be made to return
    it *provided his hand at the showdown was the highest*" -- Bob opened on nothing, rakes the pot, but
    Cy's flush beat his aces: he does not keep it (no "keeps the pot" ruling; his stack does not grow)."""
    events = [dealt("Bob", "Ah Ks 7c 4d 2s")] + JP_PRE + [
        drawn("Bob", "7c 4d 2s", "Ad Ac 3h"), Draw(player="Cy", count=3), Check(player="Bob"), Check(player="Cy"),
        shown("Bob", "Ah Ad Ac Ks 3h"), shown("Cy", "2c 5c 8c 9c Tc"), TakePot(player="Bob")]
    r = replay_table(game_setup("jackpots"), events)
    assert not [f for f in r.findings if f.rule == "jackpots.11.1"]
    assert r.outcome.stacks["Bob"] < 100
    assert "Bob" not in {w for p in r.outcome.pots for w in p.winners}
    # jackpots.9: the pot belongs to the best other hand shown -- the rake decides nothing
    assert [(p.amount, p.winners, p.rule) for p in r.outcome.pots] == [(8, ("Cy",), "jackpots.9")]
    # with the best hand he keeps it -- once the false open is found after he won (here: he admits it after
    # the showdown; the rake line alone finds nothing, jackpots.9)
    best = events[:-2] + [shown("Cy", "Qs Qd 9c 8h 3s"), TakePot(player="Bob"), Declare(player="Bob", what="false_open")]
    kept = replay_table(game_setup("jackpots"), best)
    assert kept.outcome.pots[0].winners == ("Bob",)
    assert [f.rule for f in kept.findings if f.code == "false_open_after_win"] == ["jackpots.11.1"]


def test_a_false_opener_without_chips_left_cannot_pay_the_penalty():
    """jackpots.6 with jackpots.false_open_penalty = pay_each_other_player_1: a false opener who has no chips
    left pays what he can; the unpaid penalty is noted under jackpots.false_open_penalty."""
    seats = [("Ann", 100), ("Bob", 2), ("Cy", 100), ("Dee", 100)]
    events = [Deal(player="Bob", cards=tuple(cards("Ah Ks 7c 4d 2s"))), Bet(player="Bob", amount=2),
              Fold(player="Cy"), Fold(player="Dee"), Fold(player="Ann")]
    r = replay_table(game_setup("jackpots", seats=seats), events)
    unpaid = [f for f in r.findings if f.code == "penalty_unpaid"]
    assert [(f.rule, f.player) for f in unpaid] == [("jackpots.false_open_penalty", "Bob")] * 3
    assert "no chips left to pay" in unpaid[0].message and r.outcome.penalties == ()


def test_an_opener_left_alone_without_showing_openers_leaves_the_pot_undecided_under_jackpots_4_1():
    """jackpots.4.1 (the opener must hold jacks or better and prove it) / jackpots.11.2: Bob opens, Cy and
    Ann fold; Bob is alone but has not shown his openers: flagged under jackpots.4.1 naming him, and the
    pot of 5 waits (jackpots.py end_uncontested)."""
    r = replay_text_hand("jackpots", "Bob: bets 2\nCy: folds\nAnn: folds\n", seats="Ann 20, Bob 20, Cy 20")
    assert finding_rows(r) == [(None, "openers_unverifiable", "Bob", "jackpots.4.1")]
    assert r.findings[0].message == ("Bob's openers were not shown: show the pair (or split-opener discards) "
                                     "Bob opened with")
    (pot,) = r.outcome.pots
    assert (pot.amount, pot.decided, pot.rule) == (5, False, "jackpots.11.2") and r.outcome.kind == "uncontested"


def test_openers_shown_that_are_not_the_cards_dealt_make_a_false_open():
    """jackpots.10 (a false open when everybody else dropped: the pot stays, the opener pays each other
    player, jackpots.6): Bob was dealt Qs Qd 9c 9h 2s, opens, Cy and Ann drop, and he "shows openers
    Jh Jd" -- not cards he was dealt: disproven, so a false open (jackpots.py table_proof)."""
    r = replay_text_hand("jackpots", "Bob: dealt Qs Qd 9c 9h 2s\nBob: bets 2\nCy: folds\nAnn: folds\nBob: shows openers Jh Jd\n",
             seats="Ann 20, Bob 20, Cy 20")
    assert finding_rows(r) == [(None, "false_open_all_dropped", "Bob", "jackpots.10")]
    assert "(the openers he showed (Jh Jd) are not the cards he was dealt (Qs Qd 9c 9h 2s))" in r.findings[0].message
    o = r.outcome
    assert o.kind == "false_open" and o.stacks == {"Ann": 18, "Bob": 16, "Cy": 21}
    assert [(p.payer, p.payee, p.amount) for p in o.penalties] == [("Bob", "Cy", 1), ("Bob", "Ann", 1)]


def test_free_ride_antes_cite_the_penalty_option():
    """jackpots.6 / jackpots.false_open_penalty = ante_for_all_next_deal: the false opener's antes for
    everybody in the next deal are noted under jackpots.false_open_penalty."""
    ride = replay_table(game_setup("jackpots", {"jackpots.false_open_penalty": "ante_for_all_next_deal"},
                                  carry_in=JackpotsCarry(pot=0, free_ride_payer="Bob")), [])
    assert [(f.code, f.rule) for f in ride.findings if f.code == "free_ride_antes"] == [
        ("free_ride_antes", "jackpots.false_open_penalty")]


def test_a_false_open_found_when_everybody_dropped_says_what_was_needed_and_what_follows():
    """jackpots.10: a false open found when everybody else dropped -- the pot stays for the next deal and
    the opener pays each other player (jackpots.6).  Bob's dealt Ah Ks 7c 4d 2s is no pair: the finding
    says he opened without openers, what his hand was, that jacks or better were needed
    (jackpots.min_open = JJ), and what follows."""
    r = replay_table(game_setup("jackpots"), [BOB_NOTHING, Bet(player="Bob", amount=2), Fold(player="Cy"),
                                             Fold(player="Dee"), Fold(player="Ann")])
    assert [(f.code, f.rule, f.message, f.remedy) for f in r.findings] == [(
        "false_open_all_dropped", "jackpots.10",
        "Bob opened without openers (his hand before the draw was Ah Ks 7c 4d 2s; jacks or better were needed) "
        "and everybody else dropped",
        "the pot stays on the table for the next deal; Bob pays 1 chip to each other player (jackpots.6)")]


def test_a_deferred_free_ride_is_still_owed_after_a_passed_out_deal_or_a_misdeal():
    """jackpots.false_open_penalty = ante_for_all_next_deal with jackpots.free_ride_by_dealer =
    next_deal_he_does_not_deal: Ann owes the free ride but deals (and antes as the dealer anyway): it
    moves to the next deal she does not deal.  That deal is passed out (Bob deals next) or misdealt
    (Ann deals again): either way she still owes it."""
    opts = {"jackpots.false_open_penalty": "ante_for_all_next_deal",
            "jackpots.free_ride_by_dealer": "next_deal_he_does_not_deal"}
    owed = JackpotsCarry(pot=0, free_ride_payer="Ann")
    for events, dealer in (([Check(player=n) for n in ("Bob", "Cy", "Dee", "Ann")], "Bob"), ([Misdeal()], "Ann")):
        nxt = replay_table(game_setup("jackpots", opts, carry_in=owed), events).outcome.next_hand
        assert (nxt.dealer, nxt.carry.free_ride_payer) == (dealer, "Ann")
        assert nxt.obligations == ("Ann antes for everybody (jackpots.false_open_penalty)",)


def test_a_correction_in_a_jackpots_hand_replays_it_without_the_voided_action():
    """A correction (``void N``) in a Jackpots deal: Bob opens for 2, Cy's logged call is voided -- Cy is
    to act again and his 2 chips are back."""
    r = replay_table(game_setup("jackpots"), [BOB_JJ, Bet(player="Bob", amount=2), Call(player="Cy"), Void(action=3)])
    assert r.states[-1].to_act == "Cy" and r.states[-1].stacks[2] == 100


def test_a_false_open_declared_in_the_first_round_under_rrop_lets_the_others_declare_the_pot_open():
    """jackpots.7: "the false opener drops out of the hand automatically; the chips he put in stay in the
    pot".  What the others do depends on jackpots.false_open_before_showdown: play_on (seed-003,
    jackpots.8) "the others play on as if nothing had happened"; rrop_declare_open "another player still
    in the hand who holds openers ... may declare the pot open" -- Bob opened on nothing and admits it
    after Cy's call, in the first round."""
    events = [BOB_NOTHING, Bet(player="Bob", amount=2), Call(player="Cy"), Declare(player="Bob", what="false_open")]
    play_on = replay_table(setup(), events)
    assert [(f.code, f.rule, f.remedy) for f in play_on.findings] == [
        ("false_open_before_showdown", "jackpots.7", "the others play on (jackpots.8)")]
    rrop = replay_table(setup({"jackpots.false_open_before_showdown": "rrop_declare_open"}), events)
    assert [(f.code, f.rule, f.remedy) for f in rrop.findings][0] == (
        "false_open_before_showdown", "jackpots.7", "the others may declare the pot open")
    assert rrop.states[-1].phase == "declare_open"


def test_an_opener_who_wins_the_showdown_without_showing_openers_holds_the_pot_undecided():
    """jackpots.3: the opener must prove he held openers before the draw -- Bob's deal is not logged, he
    drew three and his aces may be drawn cards; he wins the showdown against Cy's queens but has not
    shown his openers: the pot of 8 waits, undecided, under jackpots.3 (a note about the end of the
    hand, at no action), until he shows them."""
    events = JP_PRE + [Draw(player="Bob", count=3), Draw(player="Cy", count=3), Check(player="Bob"),
                       Check(player="Cy"), shown("Bob", "Ah Ad Ac Ks 3h"), shown("Cy", "Qs Qd 9c 8h 3s")]
    r = replay_table(game_setup("jackpots"), events)
    assert [(f.action, f.code, f.rule, f.remedy) for f in r.findings] == [
        (None, "openers_unverifiable", "jackpots.3", "the pot he would win is undecided until they are shown")]
    assert [(p.amount, p.winners, p.decided, p.rule) for p in r.outcome.pots] == [(8, (), False, "jackpots.3")]


def test_openers_shown_before_the_showdown_that_are_not_openers_put_the_opener_out():
    """jackpots.7: "Once a false open is established, the false opener drops out of the hand
    automatically; the chips he put in stay in the pot"; jackpots.8 the others play on.  Bob opened,
    Cy and Dee called, and Bob shows his "openers" Th Ts at the table: tens are not jacks or better, so
    the false open is established there -- the finding says what he showed, what was needed and how it
    came to light; Cy and Dee play on."""
    r = replay_table(game_setup("jackpots"), [Bet(player="Bob", amount=2), Call(player="Cy"), Call(player="Dee"),
                                             Fold(player="Ann"), shown("Bob", "Th Ts", "openers")])
    assert [(f.action, f.code, f.rule, f.message, f.remedy) for f in r.findings] == [(
        5, "false_open_before_showdown", "jackpots.7",
        "Bob opened without openers (the openers he showed (Th Ts) are not openers: jacks or better were needed; "
        "shown at the table): Bob is out of the hand, Bob's chips stay in the pot", "the others play on (jackpots.8)")]
    assert r.states[-1].in_hand == ("Cy", "Dee")


def test_a_joker_refused_in_jackpots_says_which_option_holds_the_bug():
    """jackpots.bug = none by default: the pack has no joker; the error says how to fix the log, and
    which option plays the bug (jackpots.bug = joker_as_ace_or_straight_flush_filler)."""
    import pytest

    from referee.errors import CardError

    with pytest.raises(CardError) as err:
        replay_table(setup(), [deal("Bob", "As Jk1 9c 6d 2s")])
    assert err.value.hint == ("correct the card; a Jackpots pack holds the bug only with option "
                              "jackpots.bug = joker_as_ace_or_straight_flush_filler")


def test_a_false_open_declared_at_the_table_says_so_once():
    """jackpots.7 (a false open established during the hand): Bob admits it after Cy's call -- the finding
    gives how it came to light, once: "the false open was declared at the table"."""
    r = replay_table(setup(), [BOB_NOTHING, Bet(player="Bob", amount=2), Call(player="Cy"),
                              Declare(player="Bob", what="false_open")])
    assert [f.message for f in r.findings] == [
        "Bob opened without openers (the false open was declared at the table): Bob is out of the hand, "
        "Bob's chips stay in the pot"]


def test_an_opener_who_mucks_at_the_showdown_without_openers_pays_the_penalty():
    """jackpots.3: "an opener who shows nothing, or whose proof went into the muck, has not proven his
    openers"; his logged deal Ah Ks 7c 4d 2s shows he opened without them -- he mucks at the showdown:
    flagged under jackpots.3, and he pays each other player (jackpots.6); Cy's queens take the pot."""
    events = [BOB_NOTHING] + PRE + [Draw(player="Bob", count=3), Draw(player="Cy", count=3), Check(player="Bob"),
                                    Check(player="Cy"), show("Cy", "Qs Qd 9c 8h 3s"), Muck(player="Bob")]
    r = replay_table(setup(), events)
    (f,) = [f for f in r.findings if f.kind == "false_open"]
    assert (f.code, f.rule, f.message, f.remedy) == (
        "false_open_at_showdown", "jackpots.3",
        "Bob opened without openers (his hand before the draw was Ah Ks 7c 4d 2s; jacks or better were needed): "
        "he mucked at the showdown without proving them", "Bob pays 1 chip to each other player (jackpots.6)")
    assert r.outcome.pots[0].winners == ("Cy",)


def test_an_opener_who_stood_pat_shows_the_hand_that_was_his_before_the_draw():
    """jackpots.3: "What proves openers is what the opener shows the table" -- Bob stood pat, so the hand
    he shows is the hand he opened with: Th Ts 9c 4d 2s, tens, not jacks or better.  The finding says
    he showed it standing pat, and Cy's queens take the pot."""
    events = PRE + [Draw(player="Bob", count=0), Draw(player="Cy", count=1), Check(player="Bob"), Check(player="Cy"),
                    show("Bob", "Th Ts 9c 4d 2s"), show("Cy", "Qs Qd 9h 8h 3s")]
    r = replay_table(setup(), events)
    (f,) = kinds(r, "false_open")
    assert "Bob opened without openers (he showed Th Ts 9c 4d 2s standing pat)" in f.message
    assert r.outcome.pots[0].winners == ("Cy",)


def test_an_opener_whose_kept_cards_are_not_openers_and_whose_discards_were_mucked_cannot_prove_them():
    """jackpots.2 / jackpots.3: what proves openers is what the opener shows, with the discards he kept --
    Bob drew three (dealt Ah Kd 3h) and shows Th 9c Ah Kd 3h: the two he kept, Th 9c, are not openers
    and his discards went into the muck, so he could not prove them (jackpots.unproven_opener =
    as_false_open): he may not win, and Cy's queens take the pot."""
    events = PRE + [Draw(player="Bob", count=3, received=tuple(cards("Ah Kd 3h"))), Draw(player="Cy", count=1),
                    Check(player="Bob"), Check(player="Cy"), show("Bob", "Th 9c Ah Kd 3h"), show("Cy", "Qs Qd 9h 8h 3s")]
    r = replay_table(setup(), events)
    (f,) = r.findings
    assert (f.code, f.rule) == ("unproven_opener", "jackpots.unproven_opener")
    assert f.message.startswith("Bob could not prove his openers (the cards he kept (Th 9c) are not openers and his "
                                "discards went into the muck (jackpots.2))")
    assert r.outcome.pots[0].winners == ("Cy",)


def test_an_undeclared_false_open_is_noted_against_the_opening_bet():
    """jackpots.false_open_before_showdown = rrop_declare_open: "If nobody declares, every bet except the
    false opener's first bet is returned and the pot carries" -- the finding is Bob's, cites that rule and
    is about his opening bet (action 2, after his deal), not the action where the hand ran out."""
    opts = {"jackpots.false_open_before_showdown": "rrop_declare_open"}
    events = [BOB_NOTHING, Bet(player="Bob", amount=2), Call(player="Cy"), Declare(player="Bob", what="false_open")]
    r = replay_table(setup(opts), events)
    assert [(f.player, f.rule, f.about) for f in r.findings if f.code == "false_open_not_declared"] == [
        ("Bob", "jackpots.false_open_before_showdown", 2)]


def test_an_opener_who_drops_out_with_his_discards_mucked_could_not_prove_his_openers():
    """jackpots.5: "An opener who drops out before the showdown must keep his discards at hand to prove that he
    held openers" -- Bob opened, drew three with his discards in the muck, folded to Cy's bet and shows what he
    kept (Th 9c, no openers): he could not prove them (unproven, jackpots.unproven_opener = as_false_open),
    which is not the same finding as having opened without openers."""
    events = PRE + [Draw(player="Bob", count=3, received=tuple(cards("Ah Kd 3h"))), Draw(player="Cy", count=1),
                    Check(player="Bob"), Bet(player="Cy", amount=2), Fold(player="Bob"),
                    show("Bob", "Th 9c Ah Kd 3h")]
    r = replay_table(setup(), events)
    assert [(f.code, f.rule, f.player, f.about) for f in r.findings if f.kind == "false_open"] == [
        ("unproven_opener", "jackpots.5", "Bob", 1)]
    assert r.outcome.kind == "uncontested" and r.outcome.pots[0].winners == ("Cy",)


def test_an_opener_found_false_after_dropping_out_pays_the_penalty():
    """jackpots.5: "An opener who drops out before the showdown must keep his discards at hand to prove that he
    held openers"; jackpots.6: "as a rule the offender gives one chip to each of the other players" -- Bob
    was dealt Ah Ks 7c 4d 2s (no openers), opened, drew and folded to Cy's bet: the finding is his, about his
    opening bet, and says the penalty he pays."""
    events = [BOB_NOTHING] + PRE + [Draw(player="Bob", count=3), Draw(player="Cy", count=1), Check(player="Bob"),
                                    Bet(player="Cy", amount=2), Fold(player="Bob")]
    r = replay_table(setup(), events)
    assert [(f.code, f.rule, f.player, f.about, f.remedy) for f in r.findings] == [
        ("false_open_after_dropping", "jackpots.5", "Bob", 2, "Bob pays 1 chip to each other player (jackpots.6)")]


def test_a_false_open_with_two_callers_under_rrop_plays_on_without_a_declaration():
    """jackpots.false_open_before_showdown = rrop_declare_open: "The pot always plays if there was a raise, two
    or more callers, or the action before the draw was complete" -- Cy and Dee each called Bob's opening 2
    exactly; Bob admits a false open: the pot plays, there is no wait for a declaration, and Ann is to act."""
    events = [BOB_NOTHING, Bet(player="Bob", amount=2), Call(player="Cy"), Call(player="Dee"),
              Declare(player="Bob", what="false_open")]
    r = replay_table(setup({"jackpots.false_open_before_showdown": "rrop_declare_open"}), events)
    assert [(f.code, f.rule) for f in r.findings] == [("false_open_before_showdown", "jackpots.7")]
    assert (r.states[-1].phase, r.states[-1].to_act) == ("round1", "Ann")


def test_openers_shown_after_dropping_out_that_include_drawn_cards_are_a_false_open_with_its_penalty():
    """jackpots.5: "An opener who drops out before the showdown must keep his discards at hand to prove that he
    held openers"; jackpots.6: "as a rule the offender gives one chip to each of the other players" -- Bob
    opened, drew Ah Kd 3h for 7c 4d 2s, folded to Cy's bet and shows Ah Ks as his openers: the Ah is a drawn
    card, so he opened without openers; the finding is his, about his opening bet, and says his penalty."""
    events = PRE + [Draw(player="Bob", count=3, discards=tuple(cards("7c 4d 2s")), received=tuple(cards("Ah Kd 3h"))),
                    Draw(player="Cy", count=1), Check(player="Bob"), Bet(player="Cy", amount=2), Fold(player="Bob"),
                    show("Bob", "Ah Ks", purpose="openers")]
    r = replay_table(setup(), events)
    assert [(f.code, f.rule, f.player, f.about, f.remedy) for f in r.findings] == [
        ("false_open_after_dropping", "jackpots.5", "Bob", 1, "Bob pays 1 chip to each other player (jackpots.6)")]
    assert "after dropping out" in r.findings[0].message


def test_an_unproven_opener_alone_under_forfeit_pot_only_leaves_the_pot_without_a_penalty():
    """jackpots.10: "If the false open is found after every other player has dropped out ... the pot stays on
    the table for the next deal"; jackpots.unproven_opener = forfeit_pot_only: "An opener who cannot prove
    openers may not win the pot, but no penalty applies" -- Bob drew three with his discards in the muck, bet,
    Cy dropped, and he shows Th 9c Ah Kd 3h: he could not prove his openers; the pot stays, and the remedy
    names no penalty."""
    events = PRE + [Draw(player="Bob", count=3, received=tuple(cards("Ah Kd 3h"))), Draw(player="Cy", count=1),
                    Bet(player="Bob", amount=2), Fold(player="Cy"), show("Bob", "Th 9c Ah Kd 3h")]
    r = replay_table(setup({"jackpots.unproven_opener": "forfeit_pot_only"}), events)
    assert [(f.code, f.rule, f.player, f.remedy) for f in r.findings] == [
        ("false_open_all_dropped", "jackpots.10", "Bob", "the pot stays on the table for the next deal")]
    assert r.outcome.kind == "false_open" and r.outcome.penalties == ()
