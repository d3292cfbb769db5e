"""Cross-check: 2,000 random legal no-limit five-card-draw hands replayed by referee and by PokerKit
must end with the same stacks (issue 3, item 9).

The hands come from ``crosscheck.generator`` (seeded, deterministic): 2–6 players, uneven stacks,
antes, bets and raises up to all-in (side pots), draws of 0–5 cards, showdowns with mucks.  PokerKit
plays each hand as it is generated; referee replays the same hand from its events (every hand) and
from the hand-file text (every tenth hand), under the straight-draw options that describe PokerKit's
game (``crosscheck.referee_side.POKERKIT_OPTIONS``).
"""

from __future__ import annotations

import pytest

pytest.importorskip("pokerkit")

from crosscheck import pokerkit_side, referee_side  # noqa: E402
from crosscheck.generator import generate_many  # noqa: E402
from crosscheck.script import DrawHandScript  # noqa: E402

HANDS = 2000
TEXT_EVERY = 10


@pytest.fixture(scope="module")
def scripts() -> list[DrawHandScript]:
    return generate_many(HANDS)


def _describe(script: DrawHandScript, got: tuple[int, ...]) -> str:
    return (
        f"seed {script.seed}: PokerKit {script.final_stacks}, referee {got} "
        f"(start {script.stacks}, min bet {script.min_bet})"
    )


def test_the_hands_cover_what_the_cross_check_needs(scripts: list[DrawHandScript]) -> None:
    """The random hands include every situation the issue names: 2 to 6 players, all-ins of
    unequal stacks (side pots), draws of every size 0-5, showdowns (with mucks), and folds."""
    players = {s.players for s in scripts}
    draws = {len(step.discards) for s in scripts for step in s.steps if hasattr(step, "discards")}
    kinds = {step.kind for s in scripts for step in s.steps if hasattr(step, "kind")}
    showdowns = sum(any(hasattr(step, "cards") for step in s.steps) for s in scripts)
    mucks = sum(any(getattr(step, "cards", None) == () for step in s.steps) for s in scripts)
    side_pots = sum(
        len({st - fin for st, fin in zip(s.stacks, s.final_stacks)}) > 2 and "all_in" in {
            getattr(step, "kind", None) for step in s.steps
        }
        for s in scripts
    )
    assert players == {2, 3, 4, 5, 6}
    assert draws == {0, 1, 2, 3, 4, 5}
    assert kinds == {"fold", "check", "call", "bet", "raise", "all_in"}
    assert showdowns > HANDS // 2 and mucks > HANDS // 10 and side_pots > HANDS // 10


def test_pokerkit_replays_every_script_to_the_stacks_it_played(scripts: list[DrawHandScript]) -> None:
    """The scripts are complete: PokerKit replaying a script (as the benchmark does) ends where it
    ended when the hand was generated."""
    for script in scripts[::5]:
        assert pokerkit_side.replay(script) == script.final_stacks, f"seed {script.seed}"


@pytest.fixture(scope="module")
def replays(scripts: list[DrawHandScript]) -> list[object]:
    """Referee's replay of every hand, from its events (done once for the tests below)."""
    return [referee_side.replay_events(script) for script in scripts]


def test_referee_and_pokerkit_end_every_hand_with_the_same_stacks(
    scripts: list[DrawHandScript], replays: list[object]
) -> None:
    """The cross-check proper: on every hand referee's final stacks equal PokerKit's."""
    wrong = []
    for script, replay in zip(scripts, replays):
        got = referee_side.final_stacks(script, replay)
        if got != script.final_stacks:
            wrong.append(_describe(script, got))
    assert not wrong, f"{len(wrong)} of {len(scripts)} hands differ; first: " + "; ".join(wrong[:5])


def test_referee_finds_nothing_illegal_in_legal_hands(scripts: list[DrawHandScript], replays: list[object]) -> None:
    """Every action in these hands was legal for PokerKit under the same rules: referee must not
    flag any of them as an error."""
    flagged = []
    for script, replay in zip(scripts, replays):
        errors = [f for f in replay.findings if f.severity == "error"]  # type: ignore[attr-defined]
        if errors:
            flagged.append(f"seed {script.seed}: {errors[0]}")
    assert not flagged, f"{len(flagged)} legal hands flagged; first: " + "; ".join(flagged[:5])


def test_the_hand_file_text_reads_back_as_the_same_events_and_stacks(scripts: list[DrawHandScript]) -> None:
    """Every tenth hand goes through the hand-file text: the reader gives the events built directly,
    and replaying the night gives PokerKit's stacks."""
    from referee.engine.replay import replay_hand
    from referee.handfile import parse_night

    for script in scripts[::TEXT_EVERY]:
        night = parse_night(referee_side.to_text(script))
        (hand,) = night.hands
        assert hand.events == referee_side.to_events(script), f"seed {script.seed}"
        replay = replay_hand(referee_side.setup_for(script), hand.events)
        assert referee_side.final_stacks(script, replay) == script.final_stacks, _describe(
            script, referee_side.final_stacks(script, replay)
        )
