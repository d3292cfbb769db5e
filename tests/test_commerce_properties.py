"""Properties of the commerce games (issue 9 item 9), checked with hypothesis:

* random legal deals -- every event taken from what ``prompt().events()`` offers -- never produce a
  finding, whatever the options;
* card identity: after every event every known card is in exactly one place, and every place holds
  five cards;
* a whole La Viuda game conserves chips (stacks + pool = chips bought + La Viuda) and money (the fund
  is what was paid: chips bought x chip value, plus twice a chip's value for La Viuda), and ends
  with its survivor collecting the fund.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cards import deck_with_jokers, short_pack, standard_deck
from referee.engine.events import Deal, DealWidow, Event
from referee.engine.games import widow_cards
from referee.engine.games.la_viuda import LaViudaCarry
from referee.engine.outcome import Carry
from referee.engine.places import WIDOW
from referee.engine.replay import start_hand
from referee.engine.state import HandSetup, HandState
from referee.rulebook import load_rulebook

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]

WHISKEY_OPTIONS = st.fixed_dictionaries({
    "whiskey.scoring": st.sampled_from(["pot_to_best", "no_ante_lowest_pays_N", "ante_and_lowest_pays_N",
                                        "lowest_pays_1_to_pool_elimination", "pot_to_best_plus_lowest_forfeit"]),
    "whiskey.pass_rule": st.sampled_from(["once_in_phase2", "not_twice_in_a_row", "unlimited"]),
    "whiskey.knock_with_exchange": st.sampled_from(["allowed", "forbidden"]),
    "whiskey.phase2_exchange": st.sampled_from(["one_or_all", "any_number"]),
    "whiskey.phase1_knock": st.sampled_from(["allowed_widow_turned_up", "allowed"]),
    "whiskey.betting_round": st.sampled_from(["none", "one_before_showdown"]),
    "whiskey.tie_best": st.sampled_from(["split", "all_tied_collect_nothing"]),
    "whiskey.tie_lowest": st.sampled_from(["all_tied_pay", "split_payment"]),
    "whiskey.lowest_pays": st.sampled_from(["N_players", "agreed_k"]),
})
VIUDA_OPTIONS = st.fixed_dictionaries({
    "whiskey.pass_rule": st.sampled_from(["once_in_phase2", "not_twice_in_a_row", "unlimited"]),
    "whiskey.knock_with_exchange": st.sampled_from(["allowed", "forbidden"]),
    "whiskey.phase2_exchange": st.sampled_from(["one_or_all", "any_number"]),
    "whiskey.phase1_knock": st.sampled_from(["allowed_widow_turned_up", "allowed"]),
    "laviuda.tie_lowest": st.sampled_from(["highest_nonwild_card_suit_hdcs", "all_tied_pay"]),
    "laviuda.wild_rank_from_pool": st.sampled_from(["on", "off"]),
    "laviuda.jokers": st.sampled_from([0, 1, 2]),
    "laviuda.wild_use": st.sampled_from(["any_card", "no_duplicate_card_in_hand"]),
    "laviuda.natural_beats_wild": st.sampled_from(["no", "yes"]),
    "laviuda.chip_value": st.integers(1, 5),
    "laviuda.short_pack": st.sampled_from(["off", "off", "5_ranks_per_2_players_plus_1_per_player"]),
    "laviuda.points_target": st.integers(1, 3),
})


def well_kept(state: HandState) -> bool:
    """Every known card in exactly one place; every hand in the deal and the widow five cards."""
    places = state.places
    sizes = [len(places.at(s)) for s in range(state.n) if state.dealt_in[s]] + [len(places.at(WIDOW))]
    return widow_cards.consistent(places) and all(size == state.hand_size for size in sizes)


def deal_cards(rng: random.Random, state: HandState) -> list[Event]:
    """The deal, every card seen (so that the players can show their hands at the end)."""
    if state.name == "la_viuda" and state.options["laviuda.short_pack"] != "off":
        pack = short_pack(state.n)
    elif state.name == "la_viuda":
        pack = [c for c in deck_with_jokers() if c in state.cards_of_pack]
    else:
        pack = standard_deck()
    rng.shuffle(pack)
    events: list[Event] = []
    for s in state.order:  # type: ignore[attr-defined]
        events.append(Deal(state.names[s], tuple(pack[:5])))
        del pack[:5]
    events.append(DealWidow(tuple(pack[:5])))
    return events


def play_deal(data: st.DataObject, setup: HandSetup, seen: bool, limit: int = 80) -> tuple[HandState, list[Event]]:
    state = start_hand(setup)
    events = deal_cards(random.Random(data.draw(st.integers(0, 10**6))), state) if seen else []
    for e in events:
        state.push(e)
    for _ in range(limit):
        choices = state.prompt().events()
        if not choices:
            break
        event = data.draw(st.sampled_from(choices))
        state.push(event)
        events.append(event)
        assert well_kept(state), (events, state.places.cards)
    return state, events


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_legal_whiskey_deals_produce_no_finding(data: st.DataObject) -> None:
    n = data.draw(st.integers(2, 6))
    options = data.draw(WHISKEY_OPTIONS)
    book = load_rulebook("whiskey_poker").with_options(options)
    names = NAMES[:n]
    setup = HandSetup(book, [(name, data.draw(st.integers(3, 30))) for name in names], data.draw(st.sampled_from(names)))
    state, events = play_deal(data, setup, seen=data.draw(st.booleans()))
    outcome, findings = state.result()
    assert not findings, (options, events, findings)
    assert outcome.kind in ("showdown", "uncontested", "in_progress")  # passing may go on and on (unlimited)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_legal_la_viuda_deals_produce_no_finding(data: st.DataObject) -> None:
    n = data.draw(st.integers(2, 6))
    options = data.draw(VIUDA_OPTIONS)
    book = load_rulebook("la_viuda").with_options(options)
    names = NAMES[:n]
    short = options["laviuda.short_pack"] != "off"
    so_far = LaViudaCarry(started=True, pool=data.draw(st.integers(1, 30)), prize_cents=0, short_pack=short)
    setup = HandSetup(book, [(name, data.draw(st.integers(1, 3))) for name in names], data.draw(st.sampled_from(names)),
                      carry_in=so_far)  # part-way through a game: any stacks, any pool (so any wild rank)
    state, events = play_deal(data, setup, seen=True)
    outcome, findings = state.result()
    assert not findings, (options, events, findings)
    assert outcome.kind in ("showdown", "in_progress")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_whole_la_viuda_game_conserves_chips_and_money(data: st.DataObject) -> None:
    """laviuda.1, 5, 6, 7: stacks + pool = chips bought + La Viuda after every deal; the fund is what was
    paid; the game ends with one player holding chips, who collects the fund."""
    n = data.draw(st.integers(2, 5))
    each = data.draw(st.integers(1, 3))
    options = {**data.draw(VIUDA_OPTIONS), "laviuda.short_pack": "off", "laviuda.chips_each": each}
    value = int(options["laviuda.chip_value"]) * 100
    book = load_rulebook("la_viuda").with_options(options)
    names = NAMES[:n]
    stacks = {name: each for name in names}
    dealer = data.draw(st.sampled_from(names))
    carry: Carry = Carry()
    for number in range(1, 60):
        setup = HandSetup(book, [(name, stacks[name]) for name in names], dealer, number, carry)
        state, events = play_deal(data, setup, seen=True)
        outcome, findings = state.result()
        assert not findings, (events, findings)
        carry = outcome.next_hand.carry
        assert isinstance(carry, LaViudaCarry)
        stacks = dict(outcome.stacks)
        assert sum(stacks.values()) + carry.pool == n * each + 1
        paid = dict(carry.paid_cents or ())
        bought = 1 if carry.bought_by else 0
        assert carry.prize_cents == sum(paid.values()) == (n * each + 2 * bought) * value
        assert set(carry.out) == {name for name, chips in stacks.items() if chips == 0}
        dealer = outcome.next_hand.dealer
        if carry.game_over:
            break
    else:
        return  # a long game: the invariants held for every deal played
    assert [name for name, chips in stacks.items() if chips] == [carry.winner]
