"""``referee report SESSION``: the terminal report, the PDF read back as a reader would (its text
extracted with pypdf, its pages rendered to PNG with pdftoppm and checked to hold ink), a house's
template folder, the ledger CSV; bad input is one line and writes nothing."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from referee.cli import app
from referee.handfile import read_night
from referee.recording.night_file import record_night
from referee.resources import data_dir
from referee.store.store import open_store

runner = CliRunner()


def report(*args: str) -> Result:
    return runner.invoke(app, ["report", *args], terminal_width=120, env={"COLUMNS": "120"})


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The demo night, recorded, closed, settled (one transfer paid)."""
    folder = tmp_path_factory.mktemp("demo")
    url = f"sqlite:///{folder / 'demo.sqlite3'}"
    result = runner.invoke(app, ["demo", "--db", url, "--pdf", str(folder / "demo.pdf")])
    assert result.exit_code == 0, result.output
    return url


def pdf_text(path: Path) -> list[str]:
    from pypdf import PdfReader

    return [" ".join(page.extract_text().split()) for page in PdfReader(path).pages]


def test_the_terminal_report_has_every_part(demo_db: str) -> None:
    result = report("1", "--db", demo_db)
    assert result.exit_code == 0, result.output
    out = result.output
    for part in ("Session 1 · Ann's kitchen", "Games: La Viuda, Jackpots, Three-card Brag", "Standings", "Ledger",
                 "Settlement", "Hands with a finding or a ruling (1 of 9)", "Every hand: referee report 1 --hands all",
                 "Findings and rulings", "Penalties", "ruling  hand 7, action 2",
                 "paid: Cy paid Eve €32.00", "hand 7: Cy pays 1 to Dee [jackpots.false_open_penalty]"):
        assert part in out, part
    assert ["1", "Eve", "10", "49", "+€39.00"] in [line.split() for line in out.splitlines()]


def test_the_pdf_reads_as_the_night(demo_db: str, tmp_path: Path) -> None:
    target = tmp_path / "night.pdf"
    result = report("1", "--db", demo_db, "--pdf", str(target), "--hands", "all")
    assert result.exit_code == 0, result.output
    assert result.output.strip() == f"Wrote the report of session 1 to {target}"
    pages = pdf_text(target)
    text = "\n".join(pages)
    assert len(pages) >= 4
    cover = pages[0]
    for words in ("Ann's kitchen", "La Viuda, Jackpots, Three-card Brag", "Ann, Bob, Cy, Dee, Eve", "€1.00",
                  "hash chain verified", "Page 1 of"):
        assert words in cover, words
    for words in ("Standings", "Chips over the night", "Ledger", "Chips: 174 bought", "Settlement",
                  "Paid so far: Cy paid Eve €32.00", "The plain debts before simplifying", "Disputes and rulings",
                  "Hand 7, action 2: “Dee says Cy's open was false”", "ruled from the log", "Cy opened without openers", "jackpots.9",
                  "Penalties", "laviuda.4", "The hands", "Three-card Brag", "Eve wins 49 with pair of aces",
                  "Bob buys La Viuda", "survives and collects the fund of €8.00"):
        assert words in text, words
    assert all(f"Page {n} of {len(pages)}" in page for n, page in enumerate(pages, 1))  # the margin boxes


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed")
def test_every_page_renders_with_ink(demo_db: str, tmp_path: Path) -> None:
    target = tmp_path / "night.pdf"
    assert report("1", "--db", demo_db, "--pdf", str(target)).exit_code == 0
    subprocess.run(["pdftoppm", "-r", "50", "-gray", str(target), str(tmp_path / "page")], check=True)
    pages = sorted(tmp_path.glob("page-*.pgm"))
    assert len(pages) == len(pdf_text(target))
    for page in pages:
        data = page.read_bytes()
        header_end = data.index(b"255\n") + 4
        pixels = data[header_end:]
        dark = sum(1 for value in pixels if value < 160)
        assert dark > 300, f"{page.name} is blank ({dark} dark pixels)"


def test_the_pdf_fonts_are_the_shipped_ones(demo_db: str, tmp_path: Path) -> None:
    from pypdf import PdfReader

    target = tmp_path / "night.pdf"
    assert report("1", "--db", demo_db, "--pdf", str(target)).exit_code == 0
    fonts = set()
    for page in PdfReader(target).pages:
        for font in page["/Resources"]["/Font"].values():
            fonts.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
    assert fonts and all(name.startswith("Referee-Sans") for name in fonts), fonts
    assert "Referee-Sans-Italic" in fonts  # the rule texts: the shipped oblique, not a synthesised one


def test_a_house_restyles_the_report_with_its_own_css(demo_db: str, tmp_path: Path) -> None:
    house = tmp_path / "house"
    house.mkdir()
    css = (data_dir("reports") / "session.css").read_text()
    (house / "session.css").write_text(css + '\n@page { @bottom-center { content: "Friday club · " counter(page); '
                                              'font-family: "Referee Sans"; } }\n')
    target = tmp_path / "house.pdf"
    result = report("1", "--db", demo_db, "--pdf", str(target), "--template-dir", str(house))
    assert result.exit_code == 0, result.output
    assert "Friday club · 2" in pdf_text(target)[1]


def test_a_broken_house_template_is_one_line_and_writes_nothing(demo_db: str, tmp_path: Path) -> None:
    house = tmp_path / "house"
    house.mkdir()
    (house / "session.html.j2").write_text("<p>{{ r.table }</p>\n")
    target = tmp_path / "house.pdf"
    result = report("1", "--db", demo_db, "--pdf", str(target), "--template-dir", str(house))
    assert result.exit_code == 2
    assert result.output.startswith(f"Error: {house / 'session.html.j2'}:1: the report template cannot be rendered")
    assert not target.exists() and not list(tmp_path.glob(".house.pdf*"))


@pytest.mark.parametrize("args, message", [
    (["--pdf", "/no/such/folder/n.pdf"], "Error: --pdf: cannot write '/no/such/folder/n.pdf': there is no folder '/no/such/folder'"),
    (["--template-dir", "/no/such/folder", "--pdf", "x.pdf"], "Error: --template-dir: no folder '/no/such/folder'"),
    (["--csv", "/no/such/folder/l.csv"], "Error: --csv: cannot write '/no/such/folder/l.csv'"),
])
def test_bad_paths_are_one_line(demo_db: str, args: list[str], message: str) -> None:
    result = report("1", "--db", demo_db, *args)
    assert result.exit_code == 2 and result.output.startswith(message), result.output


def test_the_ledger_as_csv(demo_db: str, tmp_path: Path) -> None:
    target = tmp_path / "ledger.csv"
    assert report("1", "--db", demo_db, "--csv", str(target)).exit_code == 0
    lines = target.read_text().splitlines()
    assert lines[0].startswith("session,table,player,person,bought_chips,paid,cashed_chips")
    assert "1,Ann's kitchen,Eve,Eve,10,10.00,49,49,0.00,0.00,39.00,3900,EUR" in lines


def test_an_open_session_is_reported_as_provisional(sqlite_url: str) -> None:
    with open_store(sqlite_url) as store:
        record_night(store, read_night(data_dir("examples") / "jackpots-friday.txt"), table_name="Open",
                     chip_value_cents=25)
    result = report("1", "--db", sqlite_url)
    assert result.exit_code == 0, result.output
    assert "Provisional: not cashed out yet" in result.output
    assert "113 on the table" in result.output


def test_help_stays_fast_without_weasyprint() -> None:
    """`referee --help` and `referee report --help` never import WeasyPrint (nor babel)."""
    import sys

    code = ("import sys; from referee.cli import main; sys.argv = ['referee', 'report', '--help']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "assert 'weasyprint' not in sys.modules and 'babel' not in sys.modules, 'heavy import'\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert "--template-dir" in proc.stdout


# ------------------------------------------------------------------ what the report lists: the hands that matter


def test_the_report_lists_the_hands_with_a_finding_or_a_ruling_and_all_of_them_when_asked(
        demo_db: str, tmp_path: Path) -> None:
    """The demo night has 9 hands; only hand 7 has an illegal action (Cy's false open) and a ruling.
    Hand 8 has a note only ("everybody checked"), which the table need not read at the end."""
    default = report("1", "--db", demo_db).output
    listed = [line.split()[0] for line in default.split("Hands with a finding or a ruling (1 of 9)")[1].splitlines()
              if line.split() and line.split()[0].isdigit()]
    assert listed == ["7"]
    every = report("1", "--db", demo_db, "--hands", "all").output
    assert "Hands (9)" in every and "--hands all" not in every
    rows = [line.split()[0] for line in every.split("Hands (9)")[1].splitlines()
            if line.split() and line.split()[0].isdigit()]
    assert rows == [str(n) for n in range(1, 10)]

    short, full = tmp_path / "short.pdf", tmp_path / "full.pdf"
    assert report("1", "--db", demo_db, "--pdf", str(short)).exit_code == 0
    assert report("1", "--db", demo_db, "--pdf", str(full), "--hands", "all").exit_code == 0
    short_text, full_text = " ".join(pdf_text(short)), " ".join(pdf_text(full))
    assert "The hands with a finding or a ruling" in short_text
    assert "1 of the night's 9 hands; every hand: referee report 1 --hands all" in short_text
    assert "7 · Jackpots · dealer Bob · showdown · pot 18" in short_text
    assert "1 · La Viuda · dealer" not in short_text and "1 · La Viuda · dealer" in full_text
    # what the table reads at the end is all there either way
    for words in ("Standings", "Chips over the night", "Ledger", "Settlement", "Disputes and rulings", "Findings",
                  "Penalties"):
        assert words in short_text, words


def test_an_unknown_hand_list_is_one_line(demo_db: str) -> None:
    result = report("1", "--db", demo_db, "--hands", "some")
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        "Error: --hands: unknown hand list 'some'",
        "Hint: --hands flagged (those with a finding or a ruling, the default) or --hands all"]


# ------------------------------------------------------------------ one vocabulary for money

#: jackpots-friday's log gives Ann 113, Bob 92, Cy 89, Dee 108, Eve 78 (Eve bought 80, the others 100):
#: 480 chips bought.  Dee's count is typed 104: 476 chips come back, 4 fewer than were bought, so at a
#: chip of €1.00 the bank keeps €4.00 nobody's chips claim: the night is over by €4.00.
FRIDAY = data_dir("examples") / "jackpots-friday.txt"
MISCOUNT = ("-c", "Ann:113", "-c", "Bob:92", "-c", "Cy:89", "-c", "Dee:104", "-c", "Eve:78")


@pytest.fixture
def miscounted(sqlite_url: str) -> str:
    """The Friday night at €1.00 a chip, closed through the CLI with Dee's count 4 below what the log gives her
    (confirmed by Ann): the night is over by 4 chips."""
    with open_store(sqlite_url) as store:
        record_night(store, read_night(FRIDAY), table_name="Friday", chip_value_cents=100)
    closed = runner.invoke(app, ["session", "close", "1", *MISCOUNT, "--accept", "--by", "Ann", "--db", sqlite_url])
    assert closed.exit_code == 0, closed.output
    return sqlite_url


def equations(text: str) -> list[str]:
    """Every 'Chips: … = …' equation in ``text`` (the part before its verdict)."""
    found = []
    for line in text.splitlines():
        at = line.find("Chips: ")
        if at >= 0 and " = " in line:
            found.append(line[at + len("Chips: "):].split(": ")[0])
    return found


def side(terms: str) -> int:
    """'480 bought + 1 put on by games − 5 taken off' → 476: each term's leading number, signed."""
    total, sign = 0, 1
    for token in terms.replace(" \u2212 ", " - ").split(" "):
        if token in ("+", "-"):
            sign = 1 if token == "+" else -1
        elif token.isdigit():
            total, sign = total + sign * int(token), 0
    return total


def assert_true_equations(text: str) -> None:
    found = equations(text)
    assert found, text
    for equation in found:
        left, right = equation.split(" = ")
        assert side(left) == side(right), equation


def test_close_says_a_count_that_comes_back_short_of_what_was_bought_is_over(sqlite_url: str) -> None:
    with open_store(sqlite_url) as store:
        record_night(store, read_night(FRIDAY), table_name="Friday", chip_value_cents=100)
    closed = runner.invoke(app, ["session", "close", "1", *MISCOUNT, "--accept", "--by", "Ann", "--db", sqlite_url])
    assert closed.exit_code == 0, closed.output
    assert "Chips: 480 bought, 476 cashed out (4 fewer came back than were bought: over by 4 chips)" in \
        closed.output.splitlines()
    assert "Overage" not in closed.output and "hortfall" not in closed.output


def test_settle_says_the_same_night_is_over_and_who_gets_the_money_back(miscounted: str) -> None:
    """Over by €4.00, given back pro rata to the losers: Bob lost 8, Cy 11, Eve 2 (21): Bob 400·8/21 =
    152.4, Cy 209.5, Eve 38.1 cents; the cent left goes to the largest remainder, Cy's."""
    result = runner.invoke(app, ["settle", "1", "--db", miscounted], terminal_width=160, env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())  # the line may wrap
    assert ("Over by €4.00 (money left over: the chips cashed out are worth less than was paid in), absorbed "
            "pro rata to the losers (the default): Bob +€1.52, Cy +€2.10, Eve +€0.38") in out
    assert "Overage" not in out and "hortfall" not in out and "short" not in out.casefold()


def test_the_text_report_says_it_alike_with_true_equations_and_a_column_named_for_its_shares(miscounted: str) -> None:
    result = report("1", "--db", miscounted)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Chips: 480 bought = 476 cashed out + 4 missing from the count: over by 4 chips" in out
    assert_true_equations(out)
    assert "Over by €4.00" in out and ("Dee cashed out 104 chips, 4 fewer than the log gives (108), "
                                       "confirmed by Ann: +€4.00") in out
    header = next(line for line in out.splitlines() if line.startswith("Player") and "Cashed out" in line)
    assert "Share of over" in header and "Shortfall" not in out and "Overage" not in out
    table = [line.split() for line in out.splitlines()]
    assert ["Bob", "100", "€100.00", "92", "+€1.52", "−€6.48"] in table
    assert ["Ann", "100", "€100.00", "113", "+€13.00"] in table  # a winner has no share


def test_the_pdf_says_it_alike_with_true_equations(miscounted: str, tmp_path: Path) -> None:
    target = tmp_path / "night.pdf"
    assert report("1", "--db", miscounted, "--pdf", str(target)).exit_code == 0
    text = "\n".join(pdf_text(target))
    assert "Chips: 480 bought = 476 cashed out + 4 missing from the count: over by 4 chips" in text
    assert_true_equations(text.replace("Chips:", "\nChips:"))
    assert "Over by €4.00 (money left over" in text
    assert "Share of over" in text
    assert "Shortfall" not in text and "Overage" not in text and "shortfall" not in text


def test_the_demo_report_has_true_equations_and_right_plurals(demo_db: str, tmp_path: Path) -> None:
    """The demo night: one illegal action (Cy's false open, hand 7), one dispute ruled."""
    out = report("1", "--db", demo_db).output
    assert_true_equations(out)
    target = tmp_path / "night.pdf"
    assert report("1", "--db", demo_db, "--pdf", str(target)).exit_code == 0
    pages = pdf_text(target)
    assert "1 illegal action found" in pages[0] and "1 dispute ruled" in pages[0]
    assert "illegal actions found" not in pages[0] and "disputes ruled" not in pages[0]
    assert "9 hands" in pages[0]
    text = " ".join(pages)
    assert "2 findings in 9 hands, 1 of them an illegal action" in text
    assert_true_equations(text.replace("Chips:", "\nChips:"))


def test_la_viudas_payers_are_told_as_payers_not_as_winners(demo_db: str) -> None:
    """La Viuda (laviuda.4): "the worst hand pays one chip to the pool"; the hands table says who paid
    in a column named for what it holds, never under 'Winners'."""
    out = report("1", "--db", demo_db, "--hands", "all").output
    assert "Winners" not in out
    header = next(line for line in out.splitlines() if line.startswith("#") and "Dealer" in line)
    assert "What happened" in header
    first = next(line for line in out.splitlines() if line.split()[:3] == ["1", "La", "Viuda"])
    assert "Bob pays 1 to the pool" in first


def test_each_games_money_is_told_in_the_games_own_words(demo_db: str, tmp_path: Path) -> None:
    """A game owns its money (a pool, a fund, a bill): the PDF's paragraph about it is the sentence the
    game's money hook writes, and the shipped template names no game."""
    from referee.engine.games import game_names

    template = (data_dir("reports") / "session.html.j2").read_text()
    assert not [name for name in game_names() if f'"{name}"' in template or f"'{name}'" in template]
    target = tmp_path / "demo.pdf"
    assert report("1", "--db", demo_db, "--pdf", str(target)).exit_code == 0
    text = " ".join(" ".join(pdf_text(target)).split())
    assert "The games' own money" in text
    assert "La Viuda, hands 1\u2013" in text and "collects it" in text


# ------------------------------------------------------------------ the chart: the shape, not one point per hand


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 760), st.floats(0, 330)), min_size=2, max_size=60, unique_by=lambda p: p[0]))
def test_the_chart_leaves_out_only_points_no_one_could_see(points: list[tuple[float, float]]) -> None:
    """A line of the chips chart drops a point only when it lies within a twentieth of a millimetre
    (TOLERANCE, in the chart's units) of the line drawn without it; its ends always stay."""
    from referee.report.chart import TOLERANCE, simplified

    line = sorted(points)
    drawn = simplified(line)
    assert drawn[0] == line[0] and drawn[-1] == line[-1] and set(drawn) <= set(line)
    for px, py in line:
        # the drawn segment over this point's x: the point lies within TOLERANCE of it
        (x1, y1), (x2, y2) = next(((a, b) for a, b in zip(drawn, drawn[1:]) if a[0] <= px <= b[0]))
        dx, dy = x2 - x1, y2 - y1
        distance = abs(dy * (px - x1) - dx * (py - y1)) / ((dx * dx + dy * dy) ** 0.5 or 1.0)
        assert distance <= TOLERANCE + 1e-9


def test_a_300_hand_nights_chart_draws_its_lines_with_fewer_points_than_hands() -> None:
    """Straight runs (a player who sits out, steady losses) need only their ends."""
    from referee.report.chart import chips_chart

    svg = chips_chart({"Ann": tuple(range(300, 0, -1)), "Bob": (100,) * 150 + (None,) * 150})
    assert svg.count("<polyline") == 2
    assert 'points="52.0,14.0 630.0,' in svg  # Ann's line: its two ends only


def test_a_house_template_edited_between_reports_is_used_as_edited(demo_db: str, tmp_path: Path) -> None:
    """Templates are compiled once and kept in the user cache folder; an edited one is compiled again."""
    house = tmp_path / "house"
    house.mkdir()
    target = tmp_path / "house.pdf"
    for word in ("Friday", "Saturday"):
        (house / "session.html.j2").write_text(f"<p>{{{{ r.table }}}} on {word}</p>\n")
        assert report("1", "--db", demo_db, "--pdf", str(target), "--template-dir", str(house)).exit_code == 0
        assert pdf_text(target)[0].startswith(f"Ann's kitchen on {word}")


def test_a_count_above_the_log_is_short_in_close_settle_and_the_report(sqlite_url: str) -> None:
    """Dee's count typed 110 where the log gives 108: 482 chips come back of 480 bought, worth €2.00
    more than was paid in: the night is short by €2.00, which the losers make up pro rata: Bob lost 8,
    Cy 11, Eve 2 (21): Bob 200·8/21 = 76.2, Cy 104.8, Eve 19.0 cents; the cent left to Cy (.76)."""
    with open_store(sqlite_url) as store:
        record_night(store, read_night(FRIDAY), table_name="Friday", chip_value_cents=100)
    counts = [c if not c.startswith("Dee:") else "Dee:110" for c in MISCOUNT]
    closed = runner.invoke(app, ["session", "close", "1", *counts, "--accept", "--by", "Ann", "--db", sqlite_url])
    assert "Chips: 480 bought, 482 cashed out (2 more came back than were bought: short by 2 chips)" in \
        closed.output.splitlines()
    settled = " ".join(runner.invoke(app, ["settle", "1", "--db", sqlite_url]).output.split())
    assert ("Short by €2.00 (the chips cashed out are worth more than was paid in), absorbed pro rata to the "
            "losers (the default): Bob −€0.76, Cy −€1.05, Eve −€0.19") in settled
    out = report("1", "--db", sqlite_url).output
    assert "Chips: 480 bought + 2 counted beyond the log = 482 cashed out: short by 2 chips" in out
    assert_true_equations(out)
    assert "Share of short" in out and "over" not in out.casefold()


def test_the_ledger_csv_names_the_share_column_for_short_or_over(miscounted: str) -> None:
    """The column holds each player's share of the night short (−) or over (+): here Bob's refund."""
    result = report("1", "--db", miscounted, "--csv", "-")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == ("session,table,player,person,bought_chips,paid,cashed_chips,log_chips,games,"
                        "short_or_over_share,balance,balance_cents,currency")
    assert "1,Friday,Bob,Bob,100,100.00,92,92,0.00,1.52,-6.48,-648,EUR" in lines
