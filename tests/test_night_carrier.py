"""The engine's night thread is the one carrier of a night (DESIGN.md, "One carrier of a night": "The
ledger, the report and its chart, the live table ... read what it recorded; none computes stacks
again").  For random nights of every game -- players sitting down and leaving, rebuys, a table
switching games, a disputed hand the table ruled on, a La Viuda game with its buy-back -- the stacks
the ledger, the report's chart and the live table show are the thread's, hand by hand.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from helpers.nights import DISPUTED, TABLE_RULED, hand_events, nights
from referee.engine.events import Ruling
from referee.errors import RefereeError
from referee.handfile import Night, parse_night, read_night
from referee.handfile.replay import ReplayedNight, replay_night_file
from referee.handfile.writer import EventWriter
from referee.ledger.ledger import session_ledger
from referee.recording.live_table import LiveTable
from referee.recording.night_file import record_night
from referee.report.document import night_report
from referee.store.store import Store, open_store

GOLDEN = Path(__file__).parent / "golden"
#: la_viuda 03: Bob runs out in hand 2 and buys La Viuda; Ann survives and collects the fund
BUYBACK = read_night(GOLDEN / "la_viuda" / "03_complete_game_buyback_played.txt")


def _replays(night: Night) -> ReplayedNight | None:
    try:
        return replay_night_file(night)
    except RefereeError:
        return None


@st.composite
def disputed_nights(draw: st.DrawFn) -> tuple[Night, tuple[Ruling, ...]]:
    """A night, and now and then a ruling the table made on one of its hands (a fact of that hand's
    game added at its end, as ``referee dispute --decide`` records it)."""
    night = draw(nights())
    assume(_replays(night) is not None)  # a card held twice, say: the engine refuses the night outright
    if not night.hands or not draw(st.booleans()):
        return night, ()
    hand = draw(st.sampled_from(night.hands))
    (fact,) = draw(hand_events(hand.game, hand.seats).filter(lambda events: len(events) == 1))
    ruling = Ruling(hand.number, draw(st.integers(1, max(1, len(hand.events)))), "was that right?", "other",
                    "table", "The table decided", facts=(EventWriter(hand.game).line(fact),))
    if _replays(replace(night, rulings=(ruling,))) is None:  # a fact the hand cannot take
        return night, ()
    return night, (ruling,)


def _record(store: Store, night: Night, rulings: tuple[Ruling, ...]) -> int:
    sid = record_night(store, night, table_name="Kitchen", chip_value_cents=25)
    for ruling in rulings:
        store.append_event(sid, None, ruling)
    return sid


def _holding_after(replayed: ReplayedNight, hands: int) -> dict[str, int]:
    """What the thread recorded each player holding after hand ``hands``: his stack, and what he took
    away when he left and sat down again."""
    steps = replayed.result.steps[:hands]
    held = dict(steps[-1].after) if steps else dict(replayed.result.opening)
    for step in steps:
        for name, chips in step.away.items():
            held[name] += chips
    return held


def _check_night(store: Store, night: Night, rulings: tuple[Ruling, ...]) -> None:
    thread = replay_night_file(replace(night, rulings=rulings))  # the night thread's record
    steps = thread.result.steps
    assert [step.number for step in steps] == [hand.number for hand in night.hands]

    # the report's chart, the whole night: after every hand, each player's chips as the thread left them
    sid = _record(store, night, rulings)
    ledger, log, replayed = session_ledger(store, sid)
    report = night_report(ledger, log, replayed, ledger.settle())
    # (a player's line starts at the point just before the first hand he sits down for, at his stack)
    for name, points in report.chips.items():
        expected = [thread.result.opening.get(name)] + [step.after.get(name) for step in steps]
        for k, step in enumerate(steps):
            if expected[k] is None and name in step.joined:
                expected[k] = step.joined[name]
        assert list(points) == expected, name

    # the ledger and the live table after each hand: the night recorded up to it
    for k in range(len(night.hands) + 1):
        prefix = replace(night, hands=night.hands[:k])
        sid = _record(store, prefix, tuple(r for r in rulings if r.hand <= k))
        ledger, _, _ = session_ledger(store, sid)
        held = _holding_after(thread, k)
        assert {line.name: line.log_chips for line in ledger.players} == {line.name: held[line.name]
                                                                          for line in ledger.players}
        if k:  # the live table starts hand k where the thread does, and once it is over shows what it left
            live = LiveTable(store, sid)
            assert live.hand_number == k
            assert {seat.name: seat.stack for seat in live.setup.seats} == {
                name: steps[k - 1].before[name] for name in night.hands[k - 1].seats}
            if live.over() is not None:
                assert dict(live.status().stacks) == {name: steps[k - 1].after[name] for name in night.hands[k - 1].seats}


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                                                  HealthCheck.function_scoped_fixture])
@given(disputed_nights())
@example((BUYBACK, ()))
@example((DISPUTED, (TABLE_RULED,)))
def test_the_ledger_the_report_and_the_live_table_show_the_night_threads_stacks(
        tmp_path_factory: object, disputed: tuple[Night, tuple[Ruling, ...]]) -> None:
    night, rulings = disputed
    folder = tmp_path_factory.mktemp("night")  # type: ignore[attr-defined]
    with open_store(f"sqlite:///{folder / 'night.sqlite3'}") as store:
        _check_night(store, night, rulings)


def test_the_buy_back_and_the_ruling_are_in_the_threads_record() -> None:
    """The fixed examples above hold what they are there for: La Viuda bought in hand 2 (laviuda.5.1:
    "he may buy La Viuda ... twice the value of a normal chip"), and the table's ruling deciding hand 1
    (Bob's openers shown: he takes the pot, and hand 2 starts from the ruled stacks)."""
    viuda = replay_night_file(BUYBACK).result.steps
    assert viuda[0].carry_out.bought_by is None and viuda[1].carry_out.bought_by == "Bob"  # type: ignore[attr-defined]
    ruled = replay_night_file(replace(DISPUTED, rulings=(TABLE_RULED,))).result.steps
    # Ann deals and antes 3 (draw.ante "dealer_antes_N") and folds; Bob and Cy put in 2+2+3 and 4+3:
    # Bob's openers shown, he takes the pot of 17
    assert ruled[0].after == {"Ann": 17, "Bob": 30, "Cy": 13}
    assert ruled[1].before == {"Ann": 17, "Bob": 40, "Cy": 13} and ruled[1].added == {"Bob": 10}


def test_the_live_table_opens_a_hand_whose_logged_correction_voids_an_action_it_could_not_take(tmp_path: Path) -> None:
    """A hand file recorded into the store with a line later voided ("void 2: misheard", docs/hand-format.md:
    the action did not happen) -- here Bob's deal names Ann's king of hearts again -- is a night the
    replay reads; the live table opens it as the replay reads it, where Bob's wrong deal never happened."""
    night = parse_night("rulebook: jackpots\nseats: Ann 20, Bob 20\ndealer: Ann\n\nhand 1\n"
                        "Ann: dealt Kh Kd 9c 5s 3h\nBob: dealt Kh Qd Qc 7s 2h\nvoid 2: misheard, not his cards\n"
                        "Bob: bets 1\n")
    thread = replay_night_file(night)
    with open_store(f"sqlite:///{tmp_path / 'void.sqlite3'}") as store:
        sid = _record(store, night, ())
        live = LiveTable(store, sid)
        assert live.hand_number == 1 and live.prompt() is not None
        # Ann deals and antes one chip per player (draw.ante dealer_antes_N: 2); Bob bets 1
        assert dict(live.status().stacks) == {"Ann": 18, "Bob": 19}
        assert {s.name: s.stack for s in live.setup.seats} == dict(thread.result.steps[0].before)
