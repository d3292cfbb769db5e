"""``referee report SESSION``: the terminal report, the PDF read back as a reader would (its text
extracted with pypdf, its pages rendered to PNG with pdftoppm and checked to hold ink), a house's
template folder, the ledger CSV; bad input is one line and writes nothing."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from referee.cli import app
from referee.handfile import read_night
from referee.recording import record_night
from referee.resources import data_dir
from referee.store import open_store

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
                 "Settlement", "Hands (9)", "Findings and rulings", "Penalties", "ruling  hand 7, action 2",
                 "paid: Cy paid Eve €32.00", "hand 7: Cy pays 1 to Dee [jackpots.false_open_penalty]"):
        assert part in out, part
    assert ["1", "Eve", "10", "49", "+€39.00"] in [line.split() for line in out.splitlines()]


def test_the_pdf_reads_as_the_night(demo_db: str, tmp_path: Path) -> None:
    target = tmp_path / "night.pdf"
    result = report("1", "--db", demo_db, "--pdf", str(target))
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
