"""What a test run counts for its closing lines (the fuzz inputs tried, by target): one counter per
tally, by name.

Under pytest-xdist each worker process counts its own; tests/conftest.py puts what each test added
into that test's report, and the controller adds the reports up (:func:`totals`) for the summary."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable

#: this process's counts, by tally name (e.g. "fuzz inputs") and then by what was counted
TALLIES: defaultdict[str, Counter[str]] = defaultdict(Counter)
#: a test report's user property carrying what that test added to the tallies
PROPERTY = "tallies"

_reported: defaultdict[str, Counter[str]] = defaultdict(Counter)


def since_last_report() -> dict[str, dict[str, int]]:
    """What was counted since the last call (nothing: an empty dict), to go into a test's report."""
    added: dict[str, dict[str, int]] = {}
    for name, counts in TALLIES.items():
        new = counts - _reported[name]
        if new:
            added[name] = dict(new)
            _reported[name].update(new)
    return added


def totals(reported: Iterable[dict[str, dict[str, int]]]) -> defaultdict[str, Counter[str]]:
    """The run's tallies, from what each test's report carried."""
    summed: defaultdict[str, Counter[str]] = defaultdict(Counter)
    for added in reported:
        for name, counts in added.items():
            summed[name].update(counts)
    return summed
