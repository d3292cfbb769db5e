"""The database fixtures themselves: a real PostgreSQL behind ``pg_url``, a fresh database per test,
and ``REFEREE_REQUIRE_POSTGRES=1`` turning a skipped postgres test into a failure."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

pytest_plugins = ["pytester"]

CONFTEST = (Path(__file__).parent / "conftest.py").read_text()
INI = "[pytest]\naddopts = -p no:cacheprovider -p no:postgresql -p no:hypothesispytest\nmarkers =\n    postgres: needs a real PostgreSQL server\n"
SKIPPING_TEST = """
import pytest

@pytest.mark.postgres
def test_needs_a_server():
    pytest.skip("no server here")

def test_plain():
    assert True
"""


@pytest.mark.postgres
def test_pg_url_is_a_fresh_database_on_a_real_server(pg_url: str) -> None:
    with psycopg.connect(pg_url) as conn:
        version = conn.execute("SHOW server_version_num").fetchone()
        tables = conn.execute("SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'").fetchone()
        name = conn.execute("SELECT current_database()").fetchone()
    assert version is not None and int(version[0]) >= 150000
    assert tables == (0,)
    assert name is not None and name[0].startswith("referee_test_")


def test_db_url_runs_each_test_on_both_backends(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(CONFTEST)
    pytester.makeini(INI)
    pytester.makepyfile(test_both="def test_store(db_url):\n    pass\n")
    result = pytester.runpytest_inprocess("--collect-only", "-q")
    result.stdout.fnmatch_lines(["test_both.py::test_store[[]sqlite[]]", "test_both.py::test_store[[]postgres[]]"])
    only_postgres = pytester.runpytest_inprocess("--collect-only", "-q", "-m", "postgres")
    only_postgres.stdout.fnmatch_lines(["test_both.py::test_store[[]postgres[]]", "1/2 tests collected (1 deselected)*"])


def _run(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, require: bool) -> pytest.RunResult:
    pytester.makeconftest(CONFTEST)
    pytester.makeini(INI)
    pytester.makepyfile(test_skipping=SKIPPING_TEST)
    if require:
        monkeypatch.setenv("REFEREE_REQUIRE_POSTGRES", "1")
    else:
        monkeypatch.delenv("REFEREE_REQUIRE_POSTGRES", raising=False)
    return pytester.runpytest_inprocess()


def test_a_skipped_postgres_test_is_a_skip_by_default(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    result = _run(pytester, monkeypatch, require=False)
    result.assert_outcomes(passed=1, skipped=1)
    result.stdout.fnmatch_lines(["postgres tests: 0 passed, 0 failed, 1 skipped"])


def test_a_skipped_postgres_test_fails_when_postgres_is_required(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = _run(pytester, monkeypatch, require=True)
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*postgres test skipped but REFEREE_REQUIRE_POSTGRES=1: no server here*",
                                 "postgres tests: 0 passed, 1 failed, 0 skipped"])
