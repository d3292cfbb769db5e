"""A night worked out by hand, counted out with a typo, closed, reopened, corrected and settled through
the CLI; the report's amendments and the settlement are checked line by line.

Straight draw (seed-002), four players with 100 chips each at €1.00 a chip.  Every stack below is
worked from the rulebook, not from anything referee printed:

* draw.ante = dealer_antes_N: "The dealer puts one chip per player into the pot before the deal" —
  4 chips a hand; the deal passes to the left (Ann, then Bob).
* draw.6: a bet or raise is 1–2 chips before the draw, up to 5 after it.
* draw.8: the second round is opened by the player who made the first bet of the first.

Hand 1, Ann deals and antes 4.  Bob bets 2, Cy calls 2, Dee raises 2 (4 in), Ann folds, Bob calls 2
more, Cy calls 2 more: 4 + 3 × 4 = 16 in the pot.  Bob, Cy and Dee draw.  Bob bets 5, Cy folds, Dee
calls 5: the pot is 26.  Bob's full house beats Dee's three queens.
  Ann 100 − 4 = 96; Bob 100 − 9 + 26 = 117; Cy 100 − 4 = 96; Dee 100 − 9 = 91 (400 in all).

Hand 2, Bob deals and antes 4 (113).  Cy bets 2, Dee calls 2, Ann raises 2 (4 in), Bob folds, Cy
calls 2 more, Dee calls 2 more: 4 + 3 × 4 = 16.  Cy, Dee and Ann draw.  Cy bets 1, Dee folds, Ann
calls 1: the pot is 18.  Ann's three nines beat Cy's pair of jacks.
  Ann 96 − 5 + 18 = 109; Bob 113; Cy 96 − 5 = 91; Dee 91 − 4 = 87 (400 in all).

Balances at a chip a euro: Ann +9, Bob +13, Cy −9, Dee −13.  The fewest transfers are two, and only
one pair of them exists: Cy pays Ann 9, Dee pays Bob 13.

Dee's 87 chips are typed 78.  Then 391 chips are counted for 400: €9 is left over (the night is
over by €9), absorbed pro rata to what the losers lost (Cy 9, Dee 22 of 31): Cy 900 × 9/31 = 261 r 9, Dee
900 × 22/31 = 638 r 22; the odd cent to the largest remainder, Dee: 639.  Balances: Ann +€9.00, Bob
+€13.00, Cy −€6.39, Dee −€15.61.  Cy pays Ann €6.39 at the table.  Corrected, the balances are those
of the log again; Cy has €2.61 still to pay Ann, Dee €13.00 to Bob.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner, Result

from referee.cli import app
from referee.store.store import open_store

runner = CliRunner()
REFEREE = Path(sys.executable).parent / "referee"

HAND_1 = ["new hand", "Bob: bets 2", "Cy: calls", "Dee: raises 2", "Ann: folds", "Bob: calls", "Cy: calls",
          "Bob: draws 1", "Cy: draws 2", "Dee: draws 3", "Bob: bets 5", "Cy: folds", "Dee: calls",
          "Bob: shows Ah Ad Ac Kh Kd", "Dee: shows Qs Qh Qd 2s 3s"]
HAND_2 = ["new hand", "Cy: bets 2", "Dee: calls", "Ann: raises 2", "Bob: folds", "Cy: calls", "Dee: calls",
          "Cy: draws 2", "Dee: draws 3", "Ann: draws 1", "Cy: bets 1", "Dee: folds", "Ann: calls",
          "Cy: shows Jh Jd 4c 7h 8d", "Ann: shows 9h 9d 9c 4s 5d"]
TYPO = ["-c", "Ann:109", "-c", "Bob:113", "-c", "Cy:91", "-c", "Dee:78"]


def cli(db_url: str, *args: str) -> Result:
    return runner.invoke(app, [*args, "--db", db_url], terminal_width=200, env={"COLUMNS": "200"})


def lines(result: Result) -> list[str]:
    return [" ".join(line.split()) for line in result.output.splitlines() if line.strip()]


def test_a_night_worked_by_hand_is_counted_out_corrected_and_settled(db_url: str) -> None:
    assert cli(db_url, "session", "new", "--table", "Kitchen", "--game", "straight_draw", "--chip-value", "1.00",
               "-p", "Ann:100", "-p", "Bob:100", "-p", "Cy:100", "-p", "Dee:100").exit_code == 0
    played = cli(db_url, "act", "1", *HAND_1, *HAND_2)
    assert played.exit_code == 0, played.output
    checked = cli(db_url, "replay", "--session", "1", "--hand", "2", "--check")
    assert checked.exit_code == 0, checked.output  # both hands legal: nothing to rule on

    # the typo: refused, each count shown against what the log says, nothing written
    refused = cli(db_url, "session", "close", "1", *TYPO)
    assert refused.exit_code == 2
    assert lines(refused) == [
        "Counting out session 1:",
        "player the log says counted",
        "Ann 109 109", "Bob 113 113", "Cy 91 91", "Dee 87 78 (−9)",
        "Error: session 1: 1 count differs from the log: Dee: counted 78, the log says 87",
        "Hint: count again and give the right count, or confirm it as counted: referee session close 1 … "
        "--accept --by NAME",
    ]
    with open_store(db_url) as store:
        assert store.session(1).status == "open" and not [r for r in store.events(1) if r.kind == "CashOut"]

    # the host confirms it (wrongly): a fact of the log, and only now is the €9 the night is over by absorbed
    closed = cli(db_url, "session", "close", "1", *TYPO, "--accept", "--by", "Ann")
    assert closed.exit_code == 0, closed.output
    assert lines(closed)[-5:] == [
        "Session 1 closed: Ann 109, Bob 113, Cy 91, Dee 78",
        "Confirmed by Ann: Dee: counted 78, the log says 87",
        "Chips: 400 bought, 391 cashed out (9 fewer came back than were bought: over by 9 chips)",
        "The log gives 400: 1 count differs from the log, confirmed",
        "Over by €9.00 (money left over: the chips cashed out are worth less than was paid in), absorbed pro rata "
        "to the losers (the default): Cy +€2.61, Dee +€6.39",
    ]
    with open_store(db_url) as store:
        facts = [r.payload for r in store.events(1) if r.kind == "CountConfirmed"]
    assert facts == [{"player": "Dee", "counted": 78, "log_says": 87, "by": "Ann"}]

    first = cli(db_url, "settle", "1")
    assert first.exit_code == 0, first.output
    for row in (["Ann", "+€9.00"], ["Bob", "+€13.00"], ["Cy", "−€6.39"], ["Dee", "−€15.61"]):
        assert row in [line.split() for line in first.output.splitlines()]
    paid = cli(db_url, "settle", "1", "--paid", "Cy:Ann:6.39")
    assert paid.exit_code == 0, paid.output
    # Cy is square; Ann is owed 9.00 − 6.39 = 2.61 and Bob 13.00, and Dee alone owes them
    assert sorted(transfers_of(paid)) == ["Dee Ann €2.61", "Dee Bob €13.00"]

    # a closed night is corrected only once reopened, append-only, with the reasons
    early = cli(db_url, "session", "amend", "1", "--count", "Dee:87", "--why", "typed 78 for 87")
    assert early.exit_code == 2 and lines(early)[0] == "Error: session 1 is closed: an amendment is refused"
    reopened = cli(db_url, "session", "reopen", "1", "--why", "Dee counted 87: 78 was a typo", "--by", "Ann")
    assert reopened.exit_code == 0, reopened.output
    assert lines(reopened)[0] == "Session 1 reopened: Dee counted 87: 78 was a typo"
    fixed = cli(db_url, "session", "amend", "1", "--count", "Dee:87", "--why", "typed 78 for 87")
    assert fixed.exit_code == 0, fixed.output
    assert lines(fixed)[0] == "Amended session 1: Dee's count corrected from 78 to 87 (typed 78 for 87)"
    again = cli(db_url, "session", "close", "1")
    assert again.exit_code == 0, again.output
    assert lines(again) == [
        "Counting out session 1:",
        "player the log says counted",
        "Ann 109 109", "Bob 113 113", "Cy 91 91", "Dee 87 87",
        "Session 1 closed: Ann 109, Bob 113, Cy 91, Dee 87",
        "Chips: 400 bought, 400 cashed out (they balance)",
        "The log gives 400: every count agrees with the log",
    ]

    # the settlement follows: Cy's payment stays paid, Cy owes Ann the rest, and it says what changed
    settled = cli(db_url, "settle", "1")
    assert settled.exit_code == 0, settled.output
    out = lines(settled)
    for row in ("Ann +€9.00", "Bob +€13.00", "Cy −€9.00", "Dee −€13.00"):
        assert row in out
    assert "Transfers still to make: 2 (fewest transfers)" in out
    assert sorted(transfers_of(settled)) == ["Cy Ann €2.61", "Dee Bob €13.00"]
    assert "Paid so far: Cy paid Ann €6.39" in out
    changed = out.index("Corrected since it was closed (see `referee report`): what changes")
    assert out[changed + 1:] == [
        "Cy: was −€6.39, now −€9.00 (−€2.61)",
        "Dee: was −€15.61, now −€13.00 (+€2.61)",
        "No longer to make: Dee pays Ann €2.61",
        "New: Cy pays Ann €2.61",
        "Paid before stays paid: Cy paid Ann €6.39",
    ]

    # the report: its amendments with time and reason, its settlement line by line
    with open_store(db_url) as store:
        rows = [r for r in store.events(1) if r.kind in ("Reopened", "Amendment")]
        assert store.session(1).status == "closed"
    times = [f"{r.created_at:%Y-%m-%d %H:%M}" for r in rows]
    report = cli(db_url, "report", "1")
    assert report.exit_code == 0, report.output
    said = lines(report)
    settlement = next(i for i, line in enumerate(said) if line.startswith("Settlement "))
    amendments = next(i for i, line in enumerate(said) if line.startswith("Amendments "))
    assert said[settlement + 1] == "2 transfers (exact):"
    assert said[settlement + 2] == "# Who pays Whom Amount"
    rows = said[settlement + 4:settlement + 6]
    assert [r.split()[0] for r in rows] == ["1", "2"]
    assert sorted(r.split(" ", 1)[1] for r in rows) == ["Cy Ann €2.61", "Dee Bob €13.00"]
    assert said[settlement + 6:amendments] == ["paid: Cy paid Ann €6.39",
                                               "Note: Cy paid Ann €6.39 of €9.00: €2.61 left to pay"]
    assert said[amendments + 1:amendments + 5] == [
        f"{times[0]} UTC reopened by Ann — Dee counted 87: 78 was a typo",
        f"{times[1]} UTC Dee's count corrected from 78 to 87 — typed 78 for 87",
        "Cy: was −€6.39, now −€9.00",
        "Dee: was −€15.61, now −€13.00",
    ]


def test_the_pdf_report_lists_the_amendments(sqlite_url: str, tmp_path: Path) -> None:
    """The same amendments in the PDF, from a real ``referee`` process."""
    from pypdf import PdfReader

    test_a_night_worked_by_hand_is_counted_out_corrected_and_settled(sqlite_url)
    pdf = tmp_path / "night.pdf"
    written = subprocess.run([str(REFEREE), "report", "1", "--pdf", str(pdf), "--db", sqlite_url],
                             capture_output=True, text=True, timeout=600)
    assert written.returncode == 0, written.stderr
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(pdf).pages)
    assert "Amendments" in text
    assert "reopened by Ann Dee counted 87: 78 was a typo" in text
    assert "Dee's count corrected from 78 to 87 typed 78 for 87" in text
    assert "Cy was −€6.39, now −€9.00; Dee was −€15.61, now −€13.00" in text


def transfers_of(result: Result) -> list[str]:
    """The transfers still to make in ``referee settle``'s table: ``PAYER PAYEE AMOUNT``."""
    return [" ".join(line.split()[1:]) for line in lines(result) if re.match(r"^\d+ \S+ \S+ €", line)]
