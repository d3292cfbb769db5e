"""Random legal no-limit five-card-draw hands, with PokerKit as the oracle of what is legal.

``generate(seed)`` plays one hand in PokerKit from a seeded ``random.Random`` (deterministic: the
same seed gives the same hand), choosing every action among those PokerKit allows at that point,
and records it as a :class:`~crosscheck.script.DrawHandScript`.  The hands cover 2–6 players,
uneven stacks (short ones, so all-ins and side pots are common), antes from every player, bets
and raises from the minimum to all-in, draws of 0–5 cards from a shuffled pack, folds, and
showdowns where some players muck.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from pokerkit import State

from crosscheck import pokerkit_side
from crosscheck.script import Act, DrawHandScript, DrawStep, ShowStep, Step

RANKS = "23456789TJQKA"
SUITS = "cdhs"
PACK = tuple(r + s for r in RANKS for s in SUITS)


def _text(card: object) -> str:
    """A PokerKit card in referee's notation (they agree: rank then suit)."""
    return f"{card.rank.value}{card.suit.value}"  # type: ignore[attr-defined]


def _stacks(rng: random.Random, players: int, ante: int) -> tuple[int, ...]:
    """Uneven stacks: some short (all-in soon), some deep."""
    out = []
    for _ in range(players):
        kind = rng.random()
        if kind < 0.3:
            out.append(rng.randint(ante + 1, ante + 12))
        elif kind < 0.8:
            out.append(rng.randint(15, 120))
        else:
            out.append(rng.randint(120, 400))
    return tuple(out)


def _betting_action(rng: random.Random, state: State, raises: int, acted: set[int], min_bet: int) -> Act:
    """One legal action for the player to act, chosen at random among PokerKit's legal ones.

    One raise PokerKit allows is left out because the rules forbid it: a player who has already
    acted in the round (checked) and now faces only an all-in bet smaller than the minimum bet may
    not raise (Robert's Rules of Poker, no limit rule 3: "A player who has already acted and is not
    facing a full-size wager may not subsequently raise an all-in bet that is less than the minimum
    bet").  PokerKit counts such a short opening all-in as a full bet and reopens the betting.
    """
    player = state.actor_index
    assert player is not None
    to_call = state.checking_or_calling_amount or 0
    stack = state.stacks[player]
    short_opening = 0 < max(state.bets) < min_bet and player in acted
    can_raise = state.can_complete_bet_or_raise_to() and not short_opening
    roll = rng.random()
    if to_call > 0 and roll < 0.22 and state.can_fold():
        return Act(player, "fold")
    raise_chance = 0.45 / (1 + raises)
    if can_raise and roll > 1 - raise_chance:
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        assert low is not None and high is not None
        pick = rng.random()
        if pick < 0.25:
            to = high
        elif pick < 0.55:
            to = low
        else:
            to = rng.randint(low, high)
        facing = max(state.bets) > 0
        if to == state.bets[player] + stack:
            return Act(player, "all_in", to)
        return Act(player, "raise" if facing else "bet", to)
    if to_call >= stack and to_call > 0:
        # calling puts him all in: logged either as a call or as "all in"
        return Act(player, "all_in" if rng.random() < 0.5 else "call", 0, call_all_in=True)
    return Act(player, "call" if to_call else "check")


def _show_or_muck(rng: random.Random, state: State, contributions: list[int], mucked: set[int]) -> ShowStep:
    """The next player at the showdown shows, or now and then mucks.

    He may muck only while another player not (yet) mucked put in at least as much as he did, so
    every pot he could win still has a player who can win it (PokerKit burns a pot nobody may win).
    """
    player = state.showdown_index
    assert player is not None
    others = [
        i for i in range(state.player_count)
        if i != player and state.statuses[i] and i not in mucked and contributions[i] >= contributions[player]
    ]
    if others and rng.random() < 0.15:
        mucked.add(player)
        return ShowStep(player, ())
    return ShowStep(player, tuple(_text(c) for c in state.hole_cards[player]))


def generate(seed: int, *, min_players: int = 2, max_players: int = 6) -> DrawHandScript:
    """A random legal hand from ``seed``, played to its end in PokerKit."""
    rng = random.Random(seed)
    players = rng.randint(min_players, max_players)
    ante = 1
    min_bet = rng.choice((1, 1, 2, 5))
    stacks = _stacks(rng, players, ante)
    deck = list(PACK)
    rng.shuffle(deck)
    holes = tuple(tuple(deck[p * 5:(p + 1) * 5]) for p in range(players))
    state = pokerkit_side.new_state(stacks, ante, min_bet, tuple(deck))
    pokerkit_side.deal_holes(state, holes)
    # after the hole cards PokerKit burns the next card; the draw deals from the one after it
    stub: Iterator[str] = iter(deck[players * 5 + 1:])
    left = 52 - players * 5 - 1
    steps: list[Step] = []
    raises = 0
    street = state.street_index
    acted: set[int] = set()
    mucked: set[int] = set()
    received: dict[int, tuple[str, ...]] = {}
    while state.status:
        if state.street_index != street:
            street, raises = state.street_index, 0
            acted = set()
        if state.actor_index is not None:
            act = _betting_action(rng, state, raises, acted, min_bet)
            acted.add(act.player)
            pokerkit_side.apply_act(state, act)
            if act.kind in ("bet", "raise") or (act.kind == "all_in" and not act.call_all_in):
                raises += 1
            steps.append(act)
        elif state.stand_patter_or_discarder_index is not None:
            player = state.stand_patter_or_discarder_index
            hand = list(state.hole_cards[player])
            count = min(rng.choice((0, 1, 1, 2, 2, 3, 3, 3, 4, 5)), left)
            left -= count
            discards = tuple(_text(c) for c in rng.sample(hand, count))
            new = tuple(next(stub) for _ in range(count))
            state.stand_pat_or_discard("".join(discards))
            received[player] = new
            steps.append(DrawStep(player, discards, new))
            if state.can_deal_hole():
                pokerkit_side.deal_holes(state, tuple(received.get(i, ()) for i in range(players)))
        elif state.showdown_index is not None:
            paid = [stacks[i] - state.stacks[i] for i in range(players)]
            step = _show_or_muck(rng, state, paid, mucked)
            state.show_or_muck_hole_cards(not step.mucks, step.player)
            steps.append(step)
        else:
            raise AssertionError(f"PokerKit waits for something the generator does not drive (seed {seed})")
    return DrawHandScript(seed, stacks, ante, min_bet, tuple(deck), holes, tuple(steps), tuple(state.stacks))


def generate_many(count: int, first_seed: int = 0) -> list[DrawHandScript]:
    """``count`` hands from consecutive seeds."""
    return [generate(first_seed + k) for k in range(count)]
