"""Database fixtures shared by every test that touches the store: SQLite and a real PostgreSQL.

No mock ever stands in for a database.  ``db_url`` is parametrised over both backends, so a test
that takes it runs once on a fresh SQLite file and once on a fresh PostgreSQL database:

* ``sqlite_url`` — a SQLite file in the test's own temporary directory;
* ``pg_url``     — a brand-new database on a real PostgreSQL server (created and dropped around the
  test with pytest-postgresql's ``DatabaseJanitor``); the test is marked ``postgres``;
* ``pg_server``  — the session's server: the one named by ``REFEREE_TEST_PG`` (``.ci/run`` sets it),
  else one this conftest starts itself — as the ``postgres`` user when running as root (``initdb``
  refuses root), else through pytest-postgresql's ``postgresql_proc`` — and stops at the end.

When no server can be had, postgres tests are skipped with the reason; with
``REFEREE_REQUIRE_POSTGRES=1`` such a skip is turned into a failure (see
:func:`pytest_runtest_makereport`).  The terminal summary always ends with a line counting the
postgres tests that passed, failed and were skipped, which ``.ci/run`` checks.

The whole suite runs on every core with pytest-xdist (``-n auto`` in pyproject's addopts; a run that
names its tests stays in one process, see :func:`pytest_xdist_auto_num_workers`).  Then the
controller starts the one server and hands it to the workers through ``REFEREE_TEST_PG``; each test
still gets a database of its own.  The closing lines (postgres tests, fuzz inputs) are counted on the
controller from the test reports, which carry what each test did in their ``user_properties`` (what
a test counts for a closing line is a tally: tests/helpers/tallies.py).
Hypothesis's example database (``.hypothesis/``) is shared by the workers safely: each test, and each
parametrized case, has a key of its own and runs on one worker, and each example is one file
written by an atomic rename.
The ``no-database`` hypothesis profile (``--hypothesis-profile=no-database``) reads and saves no
examples: the mutation bench's runs use it, so that no mutant is killed by an example another
mutant's run found (each mutant is judged by the tests alone).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

import pytest
from hypothesis import settings

#: the suite speaks English (the source language) whatever the machine's LANG says; a test of another
#: language asks for it itself (tests/test_i18n.py)
os.environ["REFEREE_LANG"] = "en"

settings.register_profile("no-database", database=None)

PG_ENV = "REFEREE_TEST_PG"
REQUIRE_ENV = "REFEREE_REQUIRE_POSTGRES"
PG_MARK = "postgres"


def _postgres_required() -> bool:
    return os.environ.get(REQUIRE_ENV, "").strip().lower() in ("1", "true", "yes", "on")


# ------------------------------------------------------------------ the server


@dataclass(frozen=True)
class PgServer:
    """Where a running PostgreSQL server answers: enough to create databases and build URLs."""

    host: str
    port: int
    user: str
    password: str | None = None
    maintenance_db: str = "postgres"

    def url(self, dbname: str) -> str:
        """A ``postgresql://`` URL for database ``dbname`` on this server."""
        auth = quote(self.user, safe="")
        if self.password:
            auth += ":" + quote(self.password, safe="")
        return f"postgresql://{auth}@{self.host}:{self.port}/{dbname}"

    @classmethod
    def from_url(cls, url: str) -> PgServer:
        """Read ``postgresql://user[:password]@host:port/maintenance_db`` (``REFEREE_TEST_PG``)."""
        parts = urlsplit(url)
        if parts.scheme.split("+")[0] not in ("postgresql", "postgres") or not parts.hostname:
            raise ValueError(f"{PG_ENV} must look like postgresql://user@host:port/postgres, not {url!r}")
        return cls(
            host=parts.hostname,
            port=parts.port or 5432,
            user=unquote(parts.username or "postgres"),
            password=unquote(parts.password) if parts.password else None,
            maintenance_db=parts.path.lstrip("/") or "postgres",
        )


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _start_server_as_postgres_user(durable: bool = False) -> tuple[PgServer, Callable[[], None]]:
    """Run ``initdb`` and ``pg_ctl start`` as the ``postgres`` user (we are root, and initdb refuses
    root), data and socket in a fresh temporary directory, trust auth, 127.0.0.1 on a free port.
    Commits are not flushed to disk (fast tests) unless ``durable`` (bench/record.py)."""
    bindir = Path(subprocess.run(["pg_config", "--bindir"], check=True, capture_output=True, text=True).stdout.strip())
    if not (bindir / "initdb").exists():
        raise RuntimeError(f"no initdb in {bindir} (is the postgresql server package installed?)")
    # Not under pytest's basetemp: that is mode 0700 and owned by root, so postgres could not enter it.
    base = Path(tempfile.mkdtemp(prefix="referee-test-pg-"))
    shutil.chown(base, "postgres", "postgres")
    datadir, logfile = base / "data", base / "server.log"

    def as_postgres(*argv: str | Path) -> None:
        done = subprocess.run(
            ["runuser", "-u", "postgres", "--", *map(str, argv)],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=120,
        )
        if done.returncode != 0:
            log = logfile.read_text(errors="replace")[-2000:] if logfile.exists() else ""
            raise RuntimeError(f"{Path(str(argv[0])).name} failed: {(done.stderr or done.stdout).strip()} {log}".strip())

    def stop() -> None:
        try:
            if (datadir / "postmaster.pid").exists():
                as_postgres(bindir / "pg_ctl", "-D", datadir, "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(base, ignore_errors=True)

    try:
        as_postgres(bindir / "initdb", "-D", datadir, "-U", "postgres", "-A", "trust", "-E", "UTF8",
                    "--no-sync", "--no-instructions")
        last_error: Exception | None = None
        for _attempt in range(3):  # a free port can be taken between choosing and binding it
            port = _free_port()
            options = f"-h 127.0.0.1 -p {port} -k {base}"
            if not durable:
                options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
            try:
                as_postgres(bindir / "pg_ctl", "-D", datadir, "-l", logfile, "-o", options, "-w", "-t", "60", "start")
                return PgServer(host="127.0.0.1", port=port, user="postgres"), stop
            except RuntimeError as err:
                last_error = err
        raise RuntimeError(f"PostgreSQL did not start: {last_error}")
    except BaseException:
        stop()
        raise


def _acquire_server(request: pytest.FixtureRequest) -> tuple[PgServer, Callable[[], None]]:
    """The server for this run, and how to stop it (a no-op for a server we did not start)."""
    given = os.environ.get(PG_ENV, "").strip()
    if given:
        return PgServer.from_url(given), lambda: None
    if shutil.which("pg_config") is None:
        raise RuntimeError(f"pg_config not found: install the postgresql server or set {PG_ENV}")
    if os.geteuid() == 0:
        return _start_server_as_postgres_user()
    proc = request.getfixturevalue("postgresql_proc")  # pytest-postgresql: runs as this (non-root) user
    return PgServer(host=proc.host, port=int(proc.port), user=proc.user, password=proc.password or None), lambda: None


@pytest.fixture(scope="session")
def pg_server(request: pytest.FixtureRequest) -> Iterator[PgServer]:
    """A real PostgreSQL server for the whole run (skipped, or failed when required, if none)."""
    try:
        server, stop = _acquire_server(request)
    except Exception as err:  # no server: the reason goes into the skip (or failure) message
        reason = f"no PostgreSQL server: {' '.join(str(err).split())}"
        if _postgres_required():
            pytest.fail(f"{reason} ({REQUIRE_ENV}=1)", pytrace=False)
        pytest.skip(reason)
    try:
        yield server
    finally:
        stop()


# ------------------------------------------------------------------ the workers


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto``: the whole suite (no tests named) runs on every core; a run that names its files
    or tests runs in one process, with no workers to start."""
    if config.args_source != pytest.Config.ArgsSource.TESTPATHS:
        return 0
    return None  # xdist counts the cores


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    """With workers (as root, no ``REFEREE_TEST_PG``): start the one server for them all before they
    start, hand it to them in ``REFEREE_TEST_PG``, and stop it when the run ends."""
    if not config.pluginmanager.has_plugin("dsession") or os.environ.get(PG_ENV, "").strip():
        return
    if os.geteuid() != 0 or shutil.which("pg_config") is None:
        return  # each worker gets one through pytest-postgresql, or skips with the reason
    try:
        server, stop = _start_server_as_postgres_user()
    except Exception:  # each worker tries again and skips (or fails) with the reason
        return
    os.environ[PG_ENV] = server.url(server.maintenance_db)
    config.add_cleanup(stop)
    config.add_cleanup(lambda: os.environ.pop(PG_ENV, None))


# ------------------------------------------------------------------ per-test databases


@pytest.fixture
def pg_url(pg_server: PgServer, request: pytest.FixtureRequest) -> Iterator[str]:
    """A fresh, empty PostgreSQL database for one test, dropped afterwards; its ``postgresql://`` URL."""
    from pytest_postgresql.janitor import DatabaseJanitor

    request.applymarker(pytest.mark.postgres)
    dbname = f"referee_test_{uuid.uuid4().hex[:12]}"
    janitor = DatabaseJanitor(
        user=pg_server.user,
        password=pg_server.password,
        host=pg_server.host,
        port=pg_server.port,
        dbname=dbname,
        maintenance_dbname=pg_server.maintenance_db,
        connection_timeout=10,
    )
    janitor.init()
    try:
        yield pg_server.url(dbname)
    finally:
        janitor.drop()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A SQLite database file (not yet created) in the test's temporary directory; its URL."""
    return f"sqlite:///{tmp_path / 'referee.sqlite3'}"


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest) -> str:
    """A fresh database URL, once per backend: SQLite file, then a new database on real PostgreSQL."""
    return str(request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "pg_url"))


@pytest.fixture(scope="session", autouse=True)
def _isolated_user_data(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Keep every test away from the real user data directory and from a REFEREE_DB set outside."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("xdg-data")))
        mp.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("xdg-cache")))  # the report's compiled templates
        mp.delenv("REFEREE_DB", raising=False)
        yield


# ------------------------------------------------------------------ reporting


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Tag the reports of postgres tests; with REFEREE_REQUIRE_POSTGRES=1 a skipped postgres test is
    a failure, never a silent skip."""
    outcome = yield
    report = outcome.get_result()
    if report.when == "teardown":  # what the test counted goes to the controller in its report
        from helpers import tallies

        added = tallies.since_last_report()
        if added:
            report.user_properties.append((tallies.PROPERTY, added))
    if item.get_closest_marker(PG_MARK) is None:
        return
    report.user_properties.append((PG_MARK, True))  # counted by pytest_terminal_summary
    if report.skipped and _postgres_required():
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        reason = reason.removeprefix("Skipped: ")
        report.outcome = "failed"
        report.longrepr = f"postgres test skipped but {REQUIRE_ENV}=1: {reason}"


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One closing line counting the postgres tests (``.ci/run`` requires ``N passed`` with N > 0)."""
    counts = {"passed": 0, "failed": 0, "skipped": 0}
    seen: set[tuple[str, str]] = set()
    for key in ("passed", "failed", "skipped", "error"):
        for report in terminalreporter.stats.get(key, []):
            if (PG_MARK, True) not in getattr(report, "user_properties", ()):
                continue
            nodeid = getattr(report, "nodeid", "")
            if report.skipped or report.failed:
                outcome = "skipped" if report.skipped else "failed"
            elif report.when == "call":
                outcome = "passed"
            else:
                continue
            if (nodeid, outcome) not in seen:
                seen.add((nodeid, outcome))
                counts[outcome] += 1
    terminalreporter.write_line(
        f"postgres tests: {counts['passed']} passed, {counts['failed']} failed, {counts['skipped']} skipped"
    )
    from helpers import tallies
    from helpers.fuzz import summary as fuzz_summary

    counted = tallies.totals(value for reports in terminalreporter.stats.values() for report in reports
                             if isinstance(report, pytest.TestReport)
                             for name, value in report.user_properties if name == tallies.PROPERTY)
    fuzzed = fuzz_summary(counted["fuzz inputs"])  # the inputs the fuzz tests tried (.ci/run requires 100,000)
    if fuzzed:
        terminalreporter.write_line(fuzzed)
    from helpers.swap import TALLY, summary as swap_summary

    swapped = swap_summary(counted[TALLY])  # the (night, step) pairs the scoreboard's swap proof compared
    if swapped:
        terminalreporter.write_line(swapped)
    from helpers.night_machine import RUNS_TALLY, STEPS_TALLY, summary as machine_summary

    machined = machine_summary(counted[STEPS_TALLY], counted[RUNS_TALLY])  # the night machines' steps and runs
    if machined:
        terminalreporter.write_line(machined)
