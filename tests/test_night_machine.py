"""No sequence of a host's steps wedges a night, pays a debt twice or stores a refused step: the
night's life as a state machine (tests/helpers/night_machine.py has its rules and what it checks
after every step), on SQLite and PostgreSQL, for every game; a smaller one through the real
``referee`` program; and each behaviour still missing as a scripted run of the same rules that is
expected to fail until it lands.

How long: ``REFEREE_FUZZ_INPUTS`` scales the runs (tests/helpers/fuzz.py); the default pass is short.
The test run's summary ends with the steps and runs the machines took.
"""

from __future__ import annotations

import itertools
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from helpers import night_machine as nm
from helpers.fuzz import SHORT_PASS, total_inputs

#: runs per (game, database) in the default pass, and steps per run
RUNS, STEPS = 2, 18
CLI_RUNS, CLI_STEPS = 2, 10


def scaled(runs: int) -> int:
    """More runs for a longer pass (``REFEREE_FUZZ_INPUTS`` above its default)."""
    return max(runs, round(runs * total_inputs() / SHORT_PASS))


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def fresh_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[[], str]]:
    """A new empty store for each run of the machine, on one backend."""
    made: list[object] = []
    counter = itertools.count(1)
    if request.param == "sqlite":
        yield lambda: f"sqlite:///{tmp_path / f'night-{next(counter)}.sqlite3'}"
        return
    from pytest_postgresql.janitor import DatabaseJanitor

    server = request.getfixturevalue("pg_server")

    def make() -> str:
        name = f"referee_machine_{uuid.uuid4().hex[:12]}"
        janitor = DatabaseJanitor(user=server.user, password=server.password, host=server.host, port=server.port,
                                  dbname=name, maintenance_dbname=server.maintenance_db, connection_timeout=10)
        janitor.init()
        made.append(janitor)
        return str(server.url(name))

    yield make
    for janitor in made:
        janitor.drop()  # type: ignore[attr-defined]


def machine_settings(runs: int, steps: int) -> settings:
    """Not shrunk: a failing run prints every step it took, and shrinking one takes minutes."""
    return settings(settings.get_profile("fuzz"), max_examples=scaled(runs), stateful_step_count=steps,
                    phases=(Phase.explicit, Phase.reuse, Phase.generate))


@pytest.mark.parametrize("game", nm.GAMES)
def test_no_sequence_of_steps_breaks_a_night(game: str, fresh_url: Callable[[], str], tmp_path: Path) -> None:
    machine = nm.machine_for(fresh_url, nm.InProcess, tmp_path, game)
    run_state_machine_as_test(machine, settings=machine_settings(RUNS, STEPS))


def test_no_sequence_of_commands_breaks_a_night(fresh_url: Callable[[], str], tmp_path: Path) -> None:
    """The same steps through the real ``referee`` program, one process per command (fewer of them)."""
    machine = nm.machine_for(fresh_url, nm.Subprocess, tmp_path)
    run_state_machine_as_test(machine, settings=machine_settings(CLI_RUNS, CLI_STEPS))
