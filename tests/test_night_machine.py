"""No sequence of a host's steps wedges a night, pays a debt twice or stores a refused step: the
night's life as a state machine (tests/helpers/night_machine.py has its rules and what it checks
after every step), on SQLite and PostgreSQL, for every game; a smaller one through the real
``referee`` program; and each behaviour still missing as a scripted run of the same rules that is
expected to fail until it lands.

How long: ``REFEREE_MACHINE_RUNS`` runs each machine that many times over (default 1: the short pass,
about a minute of CPU); the fuzz pass's ``REFEREE_FUZZ_INPUTS`` does not scale it, so CI's long
fuzz pass leaves the suite's time as it is.
The test run's summary ends with the steps and runs the machines took.
"""

from __future__ import annotations

import itertools
import os
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from helpers import night_machine as nm

#: runs per game in the default pass and steps per run (on SQLite, on PostgreSQL): about a minute of CPU in all
RUNS = {"sqlite": 2, "postgres": 2}
STEPS = {"sqlite": 20, "postgres": 12}
CLI_RUNS, CLI_STEPS = 2, 10


def scaled(runs: int) -> int:
    """More runs for a longer pass (``REFEREE_MACHINE_RUNS`` times the default)."""
    times = os.environ.get("REFEREE_MACHINE_RUNS", "1")
    if not (times.isascii() and times.isdigit() and int(times) > 0):
        raise pytest.UsageError(f"REFEREE_MACHINE_RUNS={times!r}: give a whole number of passes, like 5")
    return runs * int(times)


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
def test_no_sequence_of_steps_breaks_a_night(game: str, fresh_url: Callable[[], str], tmp_path: Path,
                                             request: pytest.FixtureRequest) -> None:
    machine = nm.machine_for(fresh_url, nm.Library, tmp_path, game)
    backend = request.node.callspec.params["fresh_url"]
    run_state_machine_as_test(machine, settings=machine_settings(RUNS[backend], STEPS[backend]))


def test_no_sequence_of_commands_breaks_a_night(fresh_url: Callable[[], str], tmp_path: Path) -> None:
    """The same steps through the real ``referee`` program, one process per command (fewer of them)."""
    machine = nm.machine_for(fresh_url, nm.Subprocess, tmp_path)
    run_state_machine_as_test(machine, settings=machine_settings(CLI_RUNS, CLI_STEPS))


# ---------------------------------------------------------------------- the steps of issue's stories, scripted


@pytest.fixture
def night(sqlite_url: str, tmp_path: Path) -> Iterator[nm.NightMachine]:
    """The machine on one SQLite store, its rules taken one by one as a story tells them."""
    machine = nm.machine_for(lambda: sqlite_url, nm.Library, tmp_path)()
    yield machine
    machine.store.close()
    machine.run.store.close()  # type: ignore[attr-defined]


def checked(machine: nm.NightMachine) -> None:
    machine.check_never_wedged()
    machine.check_money_and_payments()
    machine.check_standings_replay()


def begin(machine: nm.NightMachine, game: str, *seats: str, dealer: str | None = None) -> None:
    machine.seated = [s.split(":")[0] for s in seats]
    machine.came = list(machine.seated)
    machine.step("session", "new", "--table", "B", "--game", game, *[a for s in seats for a in ("-p", s)],
                 *(["--dealer", dealer] if dealer else []), expect="done")


def closed_with_winner_and_two_losers(machine: nm.NightMachine) -> None:
    """Ann +€50, Bob −€20, Cy −€30: the settlement is Cy pays Ann €30, Bob pays Ann €20."""
    begin(machine, "straight_draw", "Ann:100", "Bob:100", "Cy:100")
    machine.step("session", "close", "1", "-c", "Ann:150", "-c", "Bob:80", "-c", "Cy:70", "--accept", "--by", "Bob",
                 expect="done")
    machine.status = "closed"
    machine.settle_list()
    assert machine.transfers == [("Cy", "Ann", 3000), ("Bob", "Ann", 2000)]


def test_a_busted_player_leaves_the_night_a_way_on(night: nm.NightMachine) -> None:
    """Ann:3 against Bob:50 loses her last chip: 'new hand' is refused, creates nothing and names the
    way on ('Ann adds 20'), which is taken, and then the hand begins."""
    begin(night, "straight_draw", "Ann:3", "Bob:50", dealer="Bob")
    for line in ("new hand", "ann b 2", "bob r 2", "ann c", "ann d 1", "bob d 1", "ann shows 2c 3d 4h 5s 7c",
                 "bob shows As Ad Kc Kd 2h"):
        night.step("act", "1", line, expect="done")
    checked(night)
    ran = night.step("act", "1", "new hand", expect="refused", hint=True)
    assert "adds" in ran.out
    checked(night)
    night.step("act", "1", "Ann adds 20", expect="done")
    night.step("act", "1", "new hand", expect="done")
    checked(night)


@pytest.mark.xfail(nm.not_yet("retry_money"), reason=nm.NOT_YET.get("retry_money", ""), strict=True)
@pytest.mark.parametrize("paid", ["1", "Cy:Ann:30"])
def test_a_payment_run_again_is_recorded_once(night: nm.NightMachine, paid: str) -> None:
    """'settle 1 --paid 1' (or 'Cy:Ann:30') run again after its reply was lost: Cy's €30 is paid once,
    and Bob's €20 is still to pay."""
    closed_with_winner_and_two_losers(night)
    night._settle("--paid", paid, expect="done", again=True)
    night.paid.append(("Cy", "Ann", 3000))
    checked(night)
    night.settle_list()
    assert night.transfers == [("Bob", "Ann", 2000)]


@pytest.mark.xfail(nm.not_yet("pay_nothing_owed"), reason=nm.NOT_YET.get("pay_nothing_owed", ""), strict=True)
def test_a_payment_between_players_who_owe_each_other_nothing_is_refused(night: nm.NightMachine) -> None:
    """Bob owes Ann, not Cy: 'Bob paid Cy €1' is refused and nothing is written."""
    closed_with_winner_and_two_losers(night)
    night._settle("--paid", "Bob:Cy:1", expect="refused")
    checked(night)


@pytest.mark.xfail(nm.not_yet("pay_too_much"), reason=nm.NOT_YET.get("pay_too_much", ""), strict=True)
def test_paying_more_than_is_owed_is_refused(night: nm.NightMachine) -> None:
    """Cy owes Ann €30: €31 is refused; €12.34 of it is taken, exact to the cent."""
    closed_with_winner_and_two_losers(night)
    night._settle("--paid", "Cy:Ann:30.01", expect="refused")
    night._settle("--paid", "Cy:Ann:12.34", expect="done")
    night.paid.append(("Cy", "Ann", 1234))
    checked(night)


def test_every_transfer_paid_leaves_everybody_square(night: nm.NightMachine) -> None:
    """Cy pays Ann €30 and Bob pays Ann €20: no transfer is left, and everybody is square."""
    closed_with_winner_and_two_losers(night)
    night._settle("--paid", "Cy:Ann:30", expect="done")
    night._settle("--paid", "Bob:Ann:20", expect="done")
    night.paid += [("Cy", "Ann", 3000), ("Bob", "Ann", 2000)]
    assert night.transfers == []
    checked(night)


def test_a_count_confirmed_by_nobody_at_the_table_is_refused(night: nm.NightMachine) -> None:
    """Counts that differ from the log are confirmed by a player of the night, never by 'Zed'."""
    begin(night, "straight_draw", "Ann:100", "Bob:100")
    night.step("session", "close", "1", "-c", "Ann:110", "-c", "Bob:90", "--accept", "--by", "Zed",
               expect="refused", hint=True)
    night.step("session", "close", "1", "-c", "Ann:110", "-c", "Bob:90", expect="refused", hint=True)
    night.step("session", "close", "1", "-c", "Ann:110", "-c", "Bob:90", "--accept", "--by", "Ann", expect="done")


def test_a_void_night_goes_on_no_more(night: nm.NightMachine) -> None:
    """Voided (and voided again: recognised), a night takes no new hand, close, reopen, amendment or
    payment, and each refusal says what can be done instead."""
    begin(night, "straight_draw", "Ann:100", "Bob:100")
    night.void_night(again=True)
    for which in ("new hand", "close", "reopen", "amend", "pay"):
        night.void_night_goes_nowhere(which)


@pytest.mark.xfail(nm.not_yet("text_import_begun_hand"), reason=nm.NOT_YET.get("text_import_begun_hand", ""),
                   strict=True)
def test_the_text_export_of_a_night_with_a_hand_just_begun_is_recognised(night: nm.NightMachine) -> None:
    """Found by the machine: 'Dee adds 31', 'new hand', then the night's text export imported into its
    own store is a new night, not the stored one."""
    begin(night, "straight_draw", "Ann:21", "Bob:74", "Cy:36", "Dee:71")
    night.step("act", "1", "Dee adds 31", expect="done")
    night.step("act", "1", "new hand", expect="done")
    path = night._export("text")
    night.step("import", str(path), expect="refused", hint=True)


def test_the_text_export_keeps_the_changes_after_the_last_hand(night: nm.NightMachine) -> None:
    """Found by the machine: 'Cy leaves' and 'Bob leaves' after the last hand were comments in the text
    export; imported into an empty store, Cy and Bob were still seated."""
    begin(night, "stop_the_bus", "Ann:199", "Bob:44", "Cy:171", "Dee:28", dealer="Dee")
    night.step("act", "1", "Cy leaves", expect="done")
    night.step("act", "1", "Bob leaves", expect="done")
    night._export_is_the_same_night("text")
