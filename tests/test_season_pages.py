"""A player across nights and the season report, as a user sees them: ``referee player NAME``,
``referee player list``, ``referee report --season NAME`` in the terminal and as a PDF (read back
with pypdf and rendered with pdftoppm), ``referee season check FILE``.

The nights are those of tests/test_league_tables.py (worked out by hand there); Bob's, by hand::

    night  day         net   place   running
    1      2027-01-01  −10   2 of 3  −10
    2      2027-01-08  +20   1 of 3  +10
    3      2027-01-15   −4   2 of 3   +6
    4      2027-01-22  −30   4 of 4  −24
    5      2027-01-29  +10   1 of 3  −14
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from helpers.cli import invoke, ok
from helpers.league import record_nights, winter_2027
from test_league_tables import NIGHTS


@pytest.fixture
def season(sqlite_url: str, tmp_path: Path) -> str:
    return winter_2027(sqlite_url, tmp_path)


def rows_after(out: str, header: str) -> list[list[str]]:
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    rows = []
    for line in lines[start + 2:]:
        if not line.strip() or "─" in line:
            break
        rows.append([cell.strip() for cell in line.strip().split("  ") if cell.strip()])
    return rows


def test_a_players_page_lists_his_nights_places_and_running_net(season: str) -> None:
    out = ok("player", "Bob", "--db", season).stdout
    assert "Bob · every night · 5 nights · EUR" in out
    assert "Net −€14.00 (-1400 chips)" in out  # a chip of these ledgers is a cent
    assert "won 2 of 5 nights" in out
    assert "Best night 2027-01-08 (Kitchen) +€20.00 · worst night 2027-01-22 (Kitchen) −€30.00" in out
    rows = rows_after(out, "Date")
    assert [(r[0], r[-4], r[-2], r[-1]) for r in rows] == [
        ("2027-01-01", "−€10.00", "2/3", "−€10.00"),
        ("2027-01-08", "+€20.00", "1/3", "+€10.00"),
        ("2027-01-15", "−€4.00", "2/3", "+€6.00"),
        ("2027-01-22", "−€30.00", "4/4", "−€24.00"),
        ("2027-01-29", "+€10.00", "1/3", "−€14.00"),
    ]


def test_a_word_naming_no_subcommand_is_a_player_and_show_names_one_called_like_a_subcommand(season: str) -> None:
    page = ok("player", "Bob", "--db", season).stdout
    assert ok("player", "show", "Bob", "--db", season).stdout == page
    assert ok("player", "--db", season, "Bob").stdout == page  # show's options before the name
    help_text = ok("player", "--help").stdout
    assert "referee player NAME" in " ".join(help_text.split())
    missing = invoke("player", "Zed", "--db", season)
    assert missing.exit_code == 2 and "no player 'Zed'" in missing.output and "player list" in missing.output


def test_the_list_of_players_gives_nights_net_and_last_seen(season: str) -> None:
    rows = rows_after(ok("player", "list", "--db", season).stdout, "Player  ")
    assert rows == [["Ann", "4", "+€36.00", "2027-02-05"], ["Cy", "5", "+€23.00", "2027-02-05"],
                    ["Dee", "4", "−€32.00", "2027-02-05"], ["Eve", "2", "−€13.00", "2027-02-05"],
                    ["Bob", "5", "−€14.00", "2027-01-29"]]


def test_an_alias_is_one_player_in_the_standings_the_players_page_and_the_season_report(
        sqlite_url: str, tmp_path: Path) -> None:
    from referee.store.store import open_store

    record_nights(sqlite_url, tmp_path, NIGHTS[:2])
    with open_store(sqlite_url) as store:
        with store.transaction() as tx:
            tx.add_alias("Bob", "Bobby")
    record_nights(sqlite_url, tmp_path, [("2027-01-15", {"Ann": 10, "Bobby": -4, "Dee": -6})])
    ok("season", "new", "Short", "--from", "2027-01-01", "--to", "2027-01-31", "--db", sqlite_url)
    page = ok("player", "Bobby", "--season", "Short", "--db", sqlite_url).stdout
    assert page.startswith("Bob · Short") and "3 nights" in page and "also as Bobby" in page and "+€6.00" in page
    standings = ok("standings", "--season", "Short", "--db", sqlite_url).stdout
    assert "Bobby" not in standings and any(line.split()[1:4] == ["Bob", "3", "+€6.00"]
                                            for line in standings.splitlines() if line.strip()[:1].isdigit())
    report = ok("report", "--season", "Short", "--db", sqlite_url).stdout
    assert "Bob -€4.00" not in report and "Bobby" not in report.split("The nights")[1]


def test_the_season_report_in_the_terminal_has_the_table_the_nights_and_each_player(season: str) -> None:
    out = ok("report", "--season", "winter 2027", "--db", season).stdout
    assert "Winter 2027 (2027-01-01 to 2027-03-31) · EUR · 6 nights · Points by place" in out
    # 10-7-5-3-1 and a point a night: Bob 8+11+8+4+11 = 42; Ann 11+11+6+11 = 39 and Cy 6+8+11+8+6 = 39,
    # Ann ahead on money (+36 to +23); Dee 6+6+8+4 = 24; Eve 6+8 = 14 in 2 nights, 3 needed
    table = [line.split() for line in out.split("The nights")[0].splitlines() if line[:1] in "12345—"]
    assert [row[:4] for row in table] == [["1", "Bob", "5", "42"], ["2", "Ann", "4", "39"], ["3", "Cy", "5", "39"],
                                          ["4", "Dee", "4", "24"], ["—", "Eve", "2", "14"]]
    assert " ".join(table[2][5:]) == "below Ann on net money"
    assert "2027-01-22 · Kitchen · session 4 · 0 hands · Cy +€40.00, Dee +€5.00, Eve −€15.00, Bob −€30.00" in out
    assert "No dispute was ruled this season." in out


def test_the_season_pdf_reads_back_with_its_league_table_nights_and_players(season: str, tmp_path: Path) -> None:
    from pypdf import PdfReader

    target = tmp_path / "season.pdf"
    assert "Wrote the report of the season Winter 2027" in ok("report", "--season", "Winter 2027", "--pdf",
                                                             str(target), "--db", season).stdout
    reader = PdfReader(target)
    assert 1 <= len(reader.pages) <= 3  # short: a page or two
    text = " ".join(" ".join(page.extract_text().split()) for page in reader.pages)
    assert "League table · Winter 2027" in text
    assert "The nights" in text and "Disputes and rulings" in text and "The players" in text
    assert "+€36.00" in text and "below Ann on net money" in text and "not ranked: 2 nights of the 3 needed" in text
    for name in ("Ann", "Bob", "Cy", "Dee", "Eve"):
        assert name in text
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-r", "40", "-png", str(target), str(tmp_path / "season")], check=True)
        pngs = sorted(tmp_path.glob("season-*.png"))
        assert len(pngs) == len(reader.pages) and all(png.stat().st_size > 5_000 for png in pngs)


def test_a_scoring_file_with_bad_fields_names_each_at_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "house.toml"
    bad.write_text('name = "House"\nrank_by = "score"\npoints_by_place = [5, 7]\nbest_nights = 0\n'
                   'minimum_nights = -1\nspeed = 3\ntie_breaks = ["money", "luck"]\n', encoding="utf-8")
    result = invoke("season", "check", str(bad))
    assert result.exit_code == 2
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert [line.split(": ")[1] for line in errors] == [f"{bad}:{n}" for n in range(2, 8)]
    assert "6 bad fields" in result.output
    good = ok("season", "check", "points-by-place").stdout
    assert "good" in good and "ties broken by net money, then nights played, then head-to-head" in good
    made = invoke("season", "new", "Bad", "--from", "2027-01-01", "--to", "2027-01-31", "--scoring", str(bad),
                  "--db", f"sqlite:///{tmp_path / 'x.sqlite3'}")
    assert made.exit_code == 2 and f"{bad}:2" in made.output


def test_a_players_page_and_the_season_report_read_the_kept_figures_and_replay_no_night(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The demo night's figures kept by a first read carry Cy's hands per game and his false open and
    its ruling: a second read of his page, and the season's report, replay nothing and say the same."""
    import referee.handfile.replay as replay_module
    from helpers.scoreboard import demo_night

    url = demo_night(tmp_path)
    ok("season", "new", "Always", "--from", "2000-01-01", "--to", "2099-12-31", "--db", url)
    cold = ok("player", "Cy", "--db", url).stdout
    replayed: list[int] = []
    real = replay_module.replay_night_file
    monkeypatch.setattr(replay_module, "replay_night_file", lambda night, *a, **k: replayed.append(1) or real(night, *a, **k))
    assert ok("player", "Cy", "--db", url).stdout == cold
    report = ok("report", "--season", "Always", "--db", url).stdout
    assert replayed == []
    assert "Jackpots" in cold and "a false open found at the showdown: the pot goes to the others" in cold and "Dee says Cy's open was false" in cold
    assert "Dee says Cy's open was false" in report and "(about Cy)" in report


def test_a_players_pdf_has_his_nights_and_his_running_net_chart(season: str, tmp_path: Path) -> None:
    from pypdf import PdfReader

    target = tmp_path / "bob.pdf"
    assert "Wrote the page of Bob" in ok("player", "Bob", "--pdf", str(target), "--db", season).stdout
    reader = PdfReader(target)
    text = " ".join(" ".join(page.extract_text().split()) for page in reader.pages)
    assert len(reader.pages) == 1 and "Bob · every night" in text
    assert "2027-01-22 Kitchen −€30.00" in text and "4 of 4" in text
    assert "net (EUR)" in text and "night" in text  # the chart's axes: it is drawn in the page
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-r", "40", "-png", str(target), str(tmp_path / "bob")], check=True)
        assert (tmp_path / "bob-1.png").stat().st_size > 5_000


REPEATED_RAISE = """rulebook: straight_draw
seats: Ann 100, Bob 100, Cy 100
dealer: Ann
""" + """
hand
dealer: Ann
Bob: bets 1
Cy: raises 3
Ann: folds
Bob: folds
""" * 3


def test_an_illegal_action_a_player_repeats_in_a_night_is_one_finding_naming_its_hands(sqlite_url: str) -> None:
    """Cy raises 3 over a bet of 1 in each of three hands (straight draw's raise is capped): his page
    lists the one finding with hands 1, 2 and 3, and nothing about Ann or Bob."""
    from referee.handfile import parse_night
    from referee.handfile.replay import replay_night_file
    from referee.recording.night_file import record_night
    from referee.store.store import open_store

    night = parse_night(REPEATED_RAISE)
    with open_store(sqlite_url, create=True) as store:
        sid = record_night(store, night, table_name="Kitchen", chip_value_cents=10)
        with store.transaction() as tx:
            tx.close_session(sid, replay_night_file(night).result.stacks)
    cy = ok("player", "Cy", "--db", sqlite_url).stdout
    findings = [line for line in cy.split("Findings and rulings about him")[1].splitlines() if "session" in line]
    assert len(findings) == 1 and "hands 1, 2, 3:" in findings[0]
    assert "None: no illegal action" in ok("player", "Ann", "--db", sqlite_url).stdout
