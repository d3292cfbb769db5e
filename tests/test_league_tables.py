"""League tables worked out by hand: six nights of a club recorded as ledgers, scored by scoring
files, and the table ``referee standings --season NAME`` prints checked line by line (points and
money side by side, the rule that ranked two players level on points).

The season (euros won, − lost; a night's places by money, points 5-3-1 for first, second, third)::

    night  day         Ann   Bob   Cy   Dee   Eve
    1      2027-01-01  +30   −10   −20
    2      2027-01-08        +20   +5   −25
    3      2027-01-15  +10    −4         −6
    4      2027-01-22        −30  +40    +5   −15
    5      2027-01-29  −12   +10   +2
    6      2027-02-05   +8         −4    −6    +2

    points  Ann 5+5+1+5 = 16    Bob 3+5+3+0+5 = 16   Cy 1+3+5+3+1 = 13   Dee 1+1+3+0 = 5   Eve 1+3 = 4
    money   Ann +36             Bob −14              Cy +23              Dee −32           Eve −13
    nights  Ann 4               Bob 5                Cy 5                Dee 4             Eve 2
    Ann and Bob both played nights 1, 3, 5: Ann finished ahead in 1 and 3, Bob in 5.

Ann and Bob are level on 16 points: net money puts Ann first, nights played Bob, head-to-head Ann.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.cli import invoke, ok
from helpers.league import record_nights

NIGHTS = [
    ("2027-01-01", {"Ann": 30, "Bob": -10, "Cy": -20}),
    ("2027-01-08", {"Bob": 20, "Cy": 5, "Dee": -25}),
    ("2027-01-15", {"Ann": 10, "Bob": -4, "Dee": -6}),
    ("2027-01-22", {"Cy": 40, "Dee": 5, "Eve": -15, "Bob": -30}),
    ("2027-01-29", {"Bob": 10, "Cy": 2, "Ann": -12}),
    ("2027-02-05", {"Ann": 8, "Eve": 2, "Cy": -4, "Dee": -6}),
]


def scoring(folder: Path, name: str, **fields: object) -> str:
    path = folder / f"{name}.toml"
    lines = [f'name = "{name}"']
    for key, value in fields.items():
        lines.append(f"{key} = {value!r}".replace("'", '"'))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    """The six nights, recorded once for the tests that only add seasons (each its own)."""
    folder = tmp_path_factory.mktemp("club")
    url = f"sqlite:///{folder / 'club.sqlite3'}"
    record_nights(url, folder, NIGHTS)
    return url, folder


@pytest.fixture
def season(club: tuple[str, Path], tmp_path: Path) -> tuple[str, Path]:
    return club[0], tmp_path


@pytest.fixture
def own_season(db_url: str, tmp_path: Path) -> tuple[str, Path]:
    """The six nights in a store of the test's own (which it may add nights to), on SQLite and on a
    real PostgreSQL."""
    record_nights(db_url, tmp_path, NIGHTS)
    return db_url, tmp_path


def table_lines(url: str, folder: Path, name: str, **fields: object) -> list[list[str]]:
    """The rows of the league table of the six nights under a scoring of ``fields``: each row's cells
    (split on two spaces or more)."""
    ok("season", "new", name, "--from", "2027-01-01", "--to", "2027-03-31", "--scoring",
       scoring(folder, name, **fields), "--db", url)
    out = ok("standings", "--season", name, "--db", url).stdout.splitlines()
    start = next(i for i, line in enumerate(out) if line.startswith("#"))
    return [[cell for cell in line.strip().split("  ") if cell.strip()] for line in out[start + 2:] if line.strip()]


def cells(rows: list[list[str]]) -> list[list[str]]:
    return [[c.strip() for c in row] for row in rows]


def test_level_on_points_net_money_ranks_first_when_it_is_the_first_tie_break(season: tuple[str, Path]) -> None:
    rows = cells(table_lines(*season, "Money first", rank_by="points", points_by_place=[5, 3, 1],
                             minimum_nights=3, tie_breaks=["money", "nights", "head_to_head"]))
    assert rows == [
        ["1", "Ann", "4", "16", "+€36.00"],
        ["2", "Bob", "5", "16", "−€14.00", "below Ann on net money"],
        ["3", "Cy", "5", "13", "+€23.00"],
        ["4", "Dee", "4", "5", "−€32.00"],
        ["—", "Eve", "2", "4", "−€13.00", "not ranked: 2 nights of the 3 needed"],
    ]


def test_level_on_points_nights_played_ranks_when_it_comes_first(season: tuple[str, Path]) -> None:
    rows = cells(table_lines(*season, "Nights first", rank_by="points", points_by_place=[5, 3, 1],
                             minimum_nights=3, tie_breaks=["nights", "money", "head_to_head"]))
    assert rows[:2] == [["1", "Bob", "5", "16", "−€14.00"], ["2", "Ann", "4", "16", "+€36.00", "below Bob on nights played"]]


def test_level_on_points_head_to_head_counts_the_nights_both_played(season: tuple[str, Path]) -> None:
    rows = cells(table_lines(*season, "Head to head", rank_by="points", points_by_place=[5, 3, 1],
                             tie_breaks=["head_to_head", "nights"]))
    assert rows[:2] == [["1", "Ann", "4", "16", "+€36.00"], ["2", "Bob", "5", "16", "−€14.00", "below Ann on head-to-head"]]
    assert rows[-1] == ["5", "Eve", "2", "4", "−€13.00"]  # no minimum: Eve is ranked


def test_players_level_on_every_tie_break_share_their_rank(season: tuple[str, Path]) -> None:
    rows = cells(table_lines(*season, "No tie breaks", rank_by="points", points_by_place=[5, 3, 1], tie_breaks=[]))
    assert rows[:3] == [["1", "Ann", "4", "16", "+€36.00"], ["1", "Bob", "5", "16", "−€14.00", "level with Ann on every tie-break"],
                        ["3", "Cy", "5", "13", "+€23.00"]]


def test_best_nights_drop_a_players_worst_and_attendance_counts_every_night_kept(season: tuple[str, Path]) -> None:
    """Best 3 nights, 5-3-1 and 2 for turning up: a night is worth 7, 5, 3 or 2.  Ann 7+7+3+7 keeps
    7+7+7 = 21; Bob 5+7+5+2+7 keeps 19; Cy 3+5+7+5+3 keeps 17; Dee 3+3+5+2 keeps 11; Eve missed four
    nights: her two count, 3+5 = 8.  Money is every night's."""
    rows = cells(table_lines(*season, "Best three", rank_by="points", points_by_place=[5, 3, 1], attendance=2,
                             best_nights=3))
    assert rows == [
        ["1", "Ann", "3 of 4", "21", "+€36.00"],
        ["2", "Bob", "3 of 5", "19", "−€14.00"],
        ["3", "Cy", "3 of 5", "17", "+€23.00"],
        ["4", "Dee", "3 of 4", "11", "−€32.00"],
        ["5", "Eve", "2", "8", "−€13.00"],
    ]


def test_ranked_by_net_money_there_is_no_points_column(season: tuple[str, Path]) -> None:
    rows = cells(table_lines(*season, "Money", rank_by="money"))
    assert rows == [["1", "Ann", "4", "+€36.00"], ["2", "Cy", "5", "+€23.00"], ["3", "Eve", "2", "−€13.00"],
                    ["4", "Bob", "5", "−€14.00"], ["5", "Dee", "4", "−€32.00"]]


def test_a_season_counts_only_its_own_days_and_table(own_season: tuple[str, Path]) -> None:
    url, folder = own_season
    record_nights(url, folder, [("2027-01-02", {"Ann": -50, "Bob": 50})], table="Attic")  # another table
    record_nights(url, folder, [("2027-04-01", {"Ann": -50, "Cy": 50})])  # after the season
    ok("season", "new", "Kitchen winter", "--from", "2027-01-01", "--to", "2027-03-31", "--table", "kitchen",
       "--db", url)
    out = ok("standings", "--season", "kitchen WINTER", "--db", url).stdout
    assert "6 nights" in out and "+€36.00" in out and "Net money" in out


def test_a_season_of_an_unknown_name_is_refused_with_the_known_ones(own_season: tuple[str, Path]) -> None:
    url, _ = own_season
    ok("season", "new", "Spring", "--from", "2027-04-01", "--to", "2027-06-30", "--db", url)
    result = invoke("standings", "--season", "Sprung", "--db", url)
    assert result.exit_code == 2
    assert "no season 'Sprung'" in result.output and "Spring" in result.output
    again = invoke("season", "new", "spring", "--from", "2027-04-01", "--to", "2027-06-30", "--db", url)
    assert again.exit_code == 2 and "there is a season 'Spring' already" in again.output


def test_a_closed_season_is_listed_closed_and_still_counts_a_night_of_its_days(own_season: tuple[str, Path]) -> None:
    url, folder = own_season
    ok("season", "new", "Winter", "--from", "2027-01-01", "--to", "2027-03-31", "--db", url)
    assert "Closed the season Winter" in ok("season", "close", "winter", "--db", url).stdout
    listed = ok("season", "list", "--db", url).stdout
    assert any(line.split()[:4] == ["Winter", "2027-01-01", "2027-03-31", "every"] and line.split()[-1] == "closed"
               for line in listed.splitlines())
    record_nights(url, folder, [("2027-03-01", {"Dee": 40, "Ann": -40})])  # played in its days, recorded late
    shown = ok("season", "show", "Winter", "--db", url).stdout
    assert "closed" in shown.splitlines()[0] and "7 nights" in shown
    # by money: Cy +23, Dee −32 + 40 = +8, Ann +36 − 40 = −4, Eve −13, Bob −14
    assert [line.split()[1] for line in shown.splitlines() if line[:1].isdigit()] == ["Cy", "Dee", "Ann", "Eve", "Bob"]
    assert any(line.split()[:4] == ["2", "Dee", "5", "+€8.00"] for line in shown.splitlines())
