"""Stop the Bus (seed-001, rulebook ``stop_the_bus``): the stop caller's extra turn is ignored, and a
deal's result says who paid into the bus pot."""

from __future__ import annotations

from helpers.engine import replay_text_night


def test_the_stop_callers_turn_after_his_call_is_ignored():
    """stopbus.end = stop_call_then_one_turn_each: "every other player then has one more turn" -- Bob
    stops the bus, Cy has his last turn, and Bob passes again: flagged out of turn and ignored; Ann, the
    last to have her turn, is still to act and no chip has moved."""
    (replayed,) = replay_text_night("stop_the_bus", "hand 1\ndummy: 9h 4c Kd\nBob: stops the bus\nCy: passes\n"
                                    "Bob: passes\n", "stopbus.end = stop_call_then_one_turn_each",
                                    seats="Ann 10, Bob 10, Cy 10")
    r = replayed.replay
    assert [(f.action, f.code, f.player, f.rule, f.remedy) for f in r.findings] == [
        (4, "acted_out_of_turn", "Bob", "stopbus.3", "ignored")]
    assert (r.states[-1].to_act, r.states[-1].stacks) == ("Ann", (10, 10, 10))


def test_a_deals_result_says_who_paid_into_the_bus_pot():
    """stopbus.5: "the player with the lowest hand pays an agreed sum into the pot, for example five
    chips" -- a deal logged by its result, Bob lowest: he pays 5, and the bus pot of 5 stays for the
    next deal (stopbus.6: deals go on until one player has chips left)."""
    (replayed,) = replay_text_night("stop_the_bus", "hand 1\nBob: was lowest\n", seats="Ann 10, Bob 10, Cy 10")
    o = replayed.replay.outcome
    assert o.summary == "Bob pays 5; bus pot 5"
    assert (o.stacks, o.carried) == ({"Ann": 10, "Bob": 5, "Cy": 10}, 5)
