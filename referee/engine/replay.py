"""The engine's entry points for one hand: start it, play it, replay it.

* :func:`start_hand` -- the game's :class:`~referee.engine.state.HandState` for a setup, found in the
  registry by the rulebook's game; push events into it one at a time (the live recorder does), and
  ask it whose turn it is (``prompt``) and whether an action would be legal (``legality``).
* :func:`play` -- the hand's state after some events.
* :func:`replay_hand` -- ``replay_hand(setup, events) -> HandReplay``: the outcome, the findings,
  and (``snapshots=True``, for a caller that shows the table after each event) a snapshot after each
  event.  Pure: no I/O, the inputs are not changed.

Corrections: a :class:`~referee.engine.events.Void` event voids an earlier action of the same hand
(by its 1-based number); the voided action is skipped on replay and a note says so.
A night of hands is :func:`referee.engine.night.replay_night`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.engine.events import Event, Void
from referee.engine.findings import Finding
from referee.engine.games import find_game, game_title, replayed_games
from referee.engine.outcome import Outcome
from referee.engine.state import HandSetup, HandState, Snapshot
from referee.errors import InputError
from referee.i18n import _


@dataclass(frozen=True)
class HandReplay:
    """A replayed hand: ``states[i]`` is the table after event ``i + 1`` (empty unless the replay was
    asked for its snapshots)."""

    setup: HandSetup
    events: tuple[Event, ...]
    states: tuple[Snapshot, ...]
    outcome: Outcome
    findings: tuple[Finding, ...]

    @property
    def illegal(self) -> tuple[Finding, ...]:
        """The findings that flag a rule broken (errors)."""
        return tuple(f for f in self.findings if f.severity == "error")

    def line_of(self, action: int | None) -> int | None:
        """The source line (a hand-file line) of action ``action`` (1-based), if it has one."""
        if action is None or not 1 <= action <= len(self.events):
            return None
        return self.events[action - 1].line


def start_hand(setup: HandSetup, voided: frozenset[int] = frozenset()) -> HandState:
    """The state of a new hand of the setup's game (``voided``: action numbers known to be void)."""
    game = find_game(setup.rulebook.game)
    if not game.replays:
        raise InputError(
            _("the rules engine does not replay {game} yet").format(game=game.words()),
            hand=setup.number,
            hint="games replayed: " + ", ".join(game_title(g) for g in replayed_games()),
        )
    return game(setup, voided)


def _voided(events: Sequence[Event]) -> frozenset[int]:
    """The action numbers the hand's corrections void (most hands have none)."""
    if Void not in map(type, events):
        return frozenset()
    return frozenset(e.action for e in events if type(e) is Void)  # type: ignore[attr-defined]


def play(setup: HandSetup, events: Sequence[Event]) -> HandState:
    """The hand's state after ``events``."""
    state = start_hand(setup, _voided(events))
    for event in events:
        state.push(event)
    return state


def replay_hand(setup: HandSetup, events: Sequence[Event], *, snapshots: bool = False) -> HandReplay:
    """Replay one hand: the outcome and every finding; with ``snapshots``, the table after each event
    too (each snapshot checks that no chip was made or lost at its event).

    Raises :class:`~referee.errors.InputError` only for input that cannot be replayed at all (a
    player not seated, a card held twice, an event of another game); everything a player did wrong
    is a finding.
    """
    events = tuple(events)
    state = start_hand(setup, _voided(events))
    states = []
    if snapshots:
        for event in events:
            state.push(event)
            states.append(state.snapshot())
    else:
        for event in events:
            state.push(event)
    outcome, findings = state.conclude()  # the state is this replay's own: no copy to end it on
    return HandReplay(setup, events, tuple(states), outcome, findings)
