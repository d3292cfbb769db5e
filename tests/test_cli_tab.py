"""``referee tab`` and ``referee tab pay``, as a user runs them: the running tab across nights, a
payment against it, its refusals, and the currencies kept apart.  Figures worked out by hand from the
nights' cash-outs (a chip is €1.00)."""

from __future__ import annotations

import json

import psycopg
import pytest

from referee.store.requests import Request, asks
from referee.store.store import ConflictError, open_store
from referee.store.tab_payments import append_tab_payment
from tests.helpers.cli import invoke, ok, run
from tests.helpers.processes import finish, libpq, start, waiting_for_lock
from tests.helpers.tab_nights import night, three_nights


def rows(text: str) -> list[list[str]]:
    return [line.split() for line in text.splitlines()]


def player_lines(text: str) -> list[list[str]]:
    """Each player's line of the tab: name, what he owes or is owed, since when."""
    return [[row[0], " ".join(row[1:-1]), row[-1]] for row in rows(text)
            if len(row) >= 4 and row[1] in ("owes", "is") and row[-1][:2] == "20"]


def test_a_tab_across_three_nights_with_a_part_payment(db_url: str) -> None:
    # Together: Cy owes €15.00 (€5 of night 1, €10 of night 2), Bob is owed €10.00 (night 1's €15 less
    # the €5 he lost on night 3), Ann €5.00 (−10 + 10 + 5).  Cy pays Bob €6.00 against the tab: it clears
    # Cy's oldest debt to Bob first (night 1's €5.00, then €1.00 of what came to Bob from night 2 through
    # Ann): Cy owes €9.00 since night 2; the fewest transfers are Cy pays Ann €5.00 and Bob €4.00.
    three_nights(db_url)
    before = run("tab", "--db", db_url)
    assert before.returncode == 0, before.stderr
    assert "The tab across nights · 3 nights · 0 payments against it" in before.stdout
    assert player_lines(before.stdout) == [["Cy", "owes €15.00", "2026-11-06"], ["Ann", "is owed €5.00", "2026-11-20"],
                                           ["Bob", "is owed €10.00", "2026-11-06"]]
    assert "Transfers that clear it: 2 (fewest transfers)\n  1. Cy pays Bob €10.00\n  2. Cy pays Ann €5.00" \
        in before.stdout
    # what Cy owes Bob, with where it came from: his own €5.00 of night 1, and night 2's €10.00 to Ann,
    # passed on to Bob, to whom Ann owed €10.00 from night 1
    debt = before.stdout[before.stdout.index("Cy         Bob"):before.stdout.index("Cy         Ann")]
    assert [" ".join(line.split()) for line in debt.splitlines()] == [
        "Cy Bob €10.00 passed on through Ann:",
        "session 1 (Kitchen, 2026-11-06) transfer 1: Ann pays Bob €10.00",
        "session 1 (Kitchen, 2026-11-06) transfer 2: Cy pays Bob €5.00",
        "session 2 (Kitchen, 2026-11-13) transfer 1: Cy pays Ann €10.00"]

    paid = run("tab", "pay", "cy", "BOB", "6", "--db", db_url)
    assert paid.returncode == 0, paid.stderr
    assert paid.stdout.splitlines()[0] == "Recorded: Cy paid Bob €6.00 against the tab (tab payment 1)"

    after = ok("tab", "--db", db_url)
    assert "3 nights · 1 payment against it" in after.output
    assert player_lines(after.output) == [["Cy", "owes €9.00", "2026-11-13"], ["Bob", "is owed €4.00", "2026-11-06"],
                                          ["Ann", "is owed €5.00", "2026-11-20"]]
    assert "Transfers that clear it: 2 (fewest transfers)\n  1. Cy pays Ann €5.00\n  2. Cy pays Bob €4.00" \
        in after.output
    assert "session 1 (Kitchen, 2026-11-06) transfer 2" not in after.output  # Cy's oldest debt, paid
    assert "Paid against the tab: 1. Cy paid Bob €6.00" in after.output

    data = json.loads(ok("tab", "--json", "--db", db_url).output)
    (eur,) = data["currencies"]
    assert {line["player"]: line["cents"] for line in eur["lines"]} == {"Cy": -900, "Bob": 400, "Ann": 500}
    assert [(d["debtor"], d["creditor"], d["cents"], [(o["session"], o["transfer"]) for o in d["from"]])
            for d in eur["debts"]] == [("Cy", "Bob", 400, [(1, 1), (2, 1)]),
                                       ("Cy", "Ann", 500, [(1, 1), (2, 1), (3, 1)])]

    for payee, cents in (("Ann", "5"), ("Bob", "4")):  # paying the clearing transfers clears the tab
        ok("tab", "pay", "Cy", payee, cents, "--db", db_url)
    assert "Nobody owes anything across the nights." in ok("tab", "--db", db_url).output


def test_a_payment_asked_again_is_recorded_once(db_url: str) -> None:
    three_nights(db_url)
    first = ok("tab", "pay", "Cy", "Bob", "3", "--db", db_url)
    assert "Recorded: Cy paid Bob €3.00 against the tab (tab payment 1)" in first.output
    again = ok("tab", "pay", "Cy", "Bob", "3", "--db", db_url)  # its reply lost: run as it was
    assert again.output.splitlines() == ["Already recorded: Cy paid Bob €3.00 against the tab (tab payment 1)"]
    ok("tab", "pay", "Cy", "Ann", "1", "--db", db_url)  # something else recorded since
    found = ok("tab", "pay", "Cy", "Bob", "3", "--asked-at", "0", "--db", db_url)
    assert found.output.splitlines() == ["Already recorded: Cy paid Bob €3.00 against the tab (tab payment 1)"]
    second = ok("tab", "pay", "Cy", "Bob", "3", "--again", "--db", db_url)  # a real second payment
    assert "Recorded: Cy paid Bob €3.00 against the tab (tab payment 3)" in second.output
    data = json.loads(ok("tab", "--json", "--db", db_url).output)
    assert [(p["payer"], p["payee"], p["cents"]) for p in data["payments"]] == [
        ("Cy", "Bob", 300), ("Cy", "Ann", 100), ("Cy", "Bob", 300)]


def test_a_payment_more_than_is_owed_is_refused_in_one_line_and_nothing_is_stored(sqlite_url: str) -> None:
    three_nights(sqlite_url)
    for args, error in (
        (("Cy", "Bob", "10.01"), "Error: referee tab pay: Cy paid Bob €10.01 against the tab is more than Bob is "
                                 "owed on it (€10.00)"),
        (("Cy", "Ann", "5.01"), "Error: referee tab pay: Cy paid Ann €5.01 against the tab is more than Ann is "
                                "owed on it (€5.00)"),
        (("Bob", "Ann", "1"), "Error: referee tab pay: Bob owes nothing on the tab in EUR"),
        (("Zed", "Ann", "1"), "Error: referee tab pay: the payer 'Zed' has nothing open on the tab"),
        (("Cy", "Cy", "1"), "Error: referee tab pay: Cy pays himself"),
        (("Cy", "Bob", "lots"), "Error: AMOUNT: "),
    ):
        result = invoke("tab", "pay", *args, "--db", sqlite_url)
        assert result.exit_code == 2, (args, result.output)
        lines = result.output.splitlines()
        assert lines[0].startswith(error), lines
        assert len(lines) == 2 and lines[1].startswith("Hint: ")
    data = json.loads(ok("tab", "--json", "--db", sqlite_url).output)
    assert data["payments"] == []


def test_nights_in_two_currencies_are_two_tabs_never_added(sqlite_url: str) -> None:
    # Ann loses €10.00 to Bob one night and £4.00 to him the next: two debts, never €6 or £6
    night(sqlite_url, "2026-11-06", {"Ann": 10, "Bob": 30, "Cy": 20})
    night(sqlite_url, "2026-11-13", {"Ann": 16, "Bob": 24, "Cy": 20}, currency="GBP")
    shown = ok("tab", "--db", sqlite_url).output
    assert "EUR: 1 open debt" in shown and "GBP: 1 open debt" in shown
    assert "1. Ann pays Bob €10.00" in shown and "1. Ann pays Bob £4.00" in shown
    refused = invoke("tab", "pay", "Ann", "Bob", "3", "--db", sqlite_url)
    assert refused.exit_code == 2
    assert "Ann owes and Bob is owed in EUR and GBP" in refused.output
    assert "--currency EUR" in refused.output
    ok("tab", "pay", "Ann", "Bob", "3", "--currency", "gbp", "--db", sqlite_url)
    data = json.loads(ok("tab", "--json", "--db", sqlite_url).output)
    assert {c["currency"]: {line["player"]: line["cents"] for line in c["lines"]} for c in data["currencies"]} == {
        "EUR": {"Ann": -1000, "Bob": 1000}, "GBP": {"Ann": -100, "Bob": 100}}


def test_the_tab_of_a_table_or_a_range_shows_the_debts_of_those_nights(sqlite_url: str) -> None:
    night(sqlite_url, "2026-11-06", {"Ann": 10, "Bob": 30, "Cy": 20})
    night(sqlite_url, "2026-11-13", {"Dee": 15, "Eve": 25, "Fay": 20}, table="Garage")
    garage = ok("tab", "--table", "garage", "--db", sqlite_url).output
    assert "The tab across nights · 1 night ·" in garage
    assert "1. Dee pays Eve €5.00" in garage and "Ann" not in garage
    november = ok("tab", "--from", "2026-11-01", "--to", "2026-11-07", "--db", sqlite_url).output
    assert "1. Ann pays Bob €10.00" in november and "Dee" not in november
    season = ok("tab", "--season", "2026", "--db", sqlite_url).output
    assert "2 nights" in season and "2. Dee pays Eve €5.00" in season
    assert "Nobody owes anything" in ok("tab", "--season", "2025", "--db", sqlite_url).output


def test_the_standings_are_not_changed_by_the_tab(sqlite_url: str) -> None:
    three_nights(sqlite_url)
    before = ok("standings", "--db", sqlite_url).output
    ok("tab", "pay", "Cy", "Bob", "6", "--db", sqlite_url)
    assert ok("standings", "--db", sqlite_url).output == before


@pytest.mark.postgres
def test_the_same_payment_asked_twice_at_once_is_recorded_once(pg_url: str) -> None:
    # both commands check the tab, then wait for the tab's lock, held here until both wait; let go,
    # the first records it and the second finds it recorded (its own request, stored by its twin)
    three_nights(pg_url)
    with psycopg.connect(libpq(pg_url), autocommit=True) as watch, psycopg.connect(libpq(pg_url)) as holder:
        holder.execute("LOCK TABLE tab_payments IN EXCLUSIVE MODE")
        twins = [start("tab", "pay", "Cy", "Bob", "6", "--db", pg_url) for _ in range(2)]
        waiting_for_lock(watch, 2)
        holder.rollback()
    said = sorted(finish(proc) for proc in twins)
    assert [code for code, _, _ in said] == [0, 0], said
    firsts = sorted(out.splitlines()[0] for _, out, _ in said)
    assert firsts == ["Already recorded: Cy paid Bob €6.00 against the tab (tab payment 1)",
                      "Recorded: Cy paid Bob €6.00 against the tab (tab payment 1)"]
    assert len(json.loads(ok("tab", "--json", "--db", pg_url).output)["payments"]) == 1


def test_a_payment_checked_against_payments_that_moved_since_is_not_stored(db_url: str) -> None:
    # checked when no payment was recorded (head 0), written after one was: exit 75, nothing stored,
    # and the hint says how to find it again should its reply be lost
    three_nights(db_url)
    ok("tab", "pay", "Cy", "Ann", "1", "--db", db_url)
    with open_store(db_url) as store:
        with pytest.raises(ConflictError) as refused:
            append_tab_payment(store, "Cy", "Bob", 600, "EUR", request=Request(asks("tab pay", "cy", "bob", "6", "")),
                               expected_head=0, words=str)
    assert refused.value.exit_code == 75 and refused.value.asked_at == 0
    assert len(json.loads(ok("tab", "--json", "--db", db_url).output)["payments"]) == 1


def test_a_player_under_his_alias_is_one_person_on_the_tab(sqlite_url: str) -> None:
    # Robert sat as Robert on one night and as Bobby on the next: Ann lost €10.00 to him, then he lost
    # €4.00 to her; on the tab Ann owes Robert €6.00, once, and he is paid under either name
    with open_store(sqlite_url) as store:
        with store.transaction() as tx:
            tx.add_player("Robert")
            tx.add_alias("Robert", "Bobby")
    night(sqlite_url, "2026-11-06", {"Ann": 10, "Robert": 30, "Cy": 20})
    night(sqlite_url, "2026-11-13", {"Ann": 24, "Bobby": 16, "Cy": 20})
    assert player_lines(ok("tab", "--db", sqlite_url).output) == [["Ann", "owes €6.00", "2026-11-06"],
                                                                  ["Robert", "is owed €6.00", "2026-11-06"]]
    paid = ok("tab", "pay", "Ann", "bobby", "6", "--db", sqlite_url)
    assert "Recorded: Ann paid Robert €6.00 against the tab (tab payment 1)" in paid.output
    assert "Nobody owes anything across the nights." in ok("tab", "--db", sqlite_url).output


def test_the_tab_of_a_named_season_shows_the_debts_of_its_nights(sqlite_url: str) -> None:
    night(sqlite_url, "2026-11-06", {"Ann": 10, "Bob": 30, "Cy": 20})  # Ann pays Bob €10.00
    night(sqlite_url, "2026-12-04", {"Ann": 20, "Bob": 15, "Cy": 25})  # Bob pays Cy €5.00
    ok("season", "new", "Advent", "--from", "2026-12-01", "--to", "2026-12-24", "--table", "kitchen",
       "--db", sqlite_url)
    # the season's night alone is Bob pays Cy €5.00; across the store Ann owed Bob €10.00 from November,
    # so Bob's debt passes on to her: the season's debt is Ann's €5.00 to Cy (through Bob), and what
    # Ann still owes Bob from November is not the season's
    advent = ok("tab", "--season", "advent", "--db", sqlite_url).output
    assert "1 night" in advent and "passed on through Bob:" in advent
    assert "1. Ann pays Cy €5.00" in advent and "Ann pays Bob €5.00" not in advent
    other = invoke("tab", "--season", "Advent", "--table", "Garage", "--db", sqlite_url)
    assert other.exit_code == 2 and "Error: --table: season Advent is played at kitchen, not Garage" in other.output
