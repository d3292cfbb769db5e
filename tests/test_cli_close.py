"""Counting out and correcting a night through the CLI: ``referee session close`` checks every count
against the log, refuses a difference nobody confirmed and a hand still in play; ``session reopen``
and ``session amend`` correct a closed night, append-only, with reasons.

Stacks are worked by hand from straight draw's rules (seed-002): draw.ante = dealer_antes_N, "the
dealer puts one chip per player into the pot before the deal"; draw.6, a bet of 1–2 before the draw.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner, Result

from referee.cli import app
from referee.store.store import open_store

runner = CliRunner()
REFEREE = Path(sys.executable).parent / "referee"

#: heads-up, Ann deals and antes 2; Bob bets 2, Ann calls: 6 in the pot; both check after the draw and
#: Bob's full house wins it.  Ann 100 − 4 = 96, Bob 100 − 2 + 6 = 104.
HEADS_UP = ["new hand", "Bob: bets 2", "Ann: calls", "Bob: draws 1", "Ann: draws 2", "Bob: checks", "Ann: checks",
            "Bob: shows Ah Ad Ac Kh Kd", "Ann: shows 2c 3c 4c 5c 7d"]

#: four players; hand 1, Ann deals and antes 4: Bob bets 2, Cy calls, Dee and Ann fold; Bob bets 5 after
#: the draw and Cy calls: the pot is 4 + 4 + 10 = 18, Bob's.  Ann 96, Bob 100 − 7 + 18 = 111, Cy 93, Dee 100.
#: Hand 2, Bob deals and antes 4 (107): Cy bets 2 (91), Dee raises 2, 4 in (96), Ann folds: 10 in the
#: middle, and the night stops there.
IN_PLAY = ["new hand", "Bob: bets 2", "Cy: calls", "Dee: folds", "Ann: folds", "Bob: draws 1", "Cy: draws 2",
           "Bob: bets 5", "Cy: calls", "Bob: shows Ah Ad Ac Kh Kd", "Cy: shows 2c 3c 4c 5c 7d",
           "new hand", "Cy: bets 2", "Dee: raises 2", "Ann: folds"]


def cli(db_url: str, *args: str) -> Result:
    return runner.invoke(app, [*args, "--db", db_url], terminal_width=200, env={"COLUMNS": "200"})


def lines(result: Result) -> list[str]:
    return [" ".join(line.split()) for line in result.output.splitlines() if line.strip()]


def night(db_url: str, players: list[str], actions: list[str], game: str = "straight_draw") -> None:
    assert cli(db_url, "session", "new", "--table", "Kitchen", "--game", game, "--chip-value", "1.00",
               *[f"-p{p}" for p in players]).exit_code == 0
    played = cli(db_url, "act", "1", *actions)
    assert played.exit_code == 0, played.output


def kinds(db_url: str) -> list[str]:
    with open_store(db_url) as store:
        return [r.kind for r in store.events(1)]


def test_counts_that_disagree_with_the_log_are_named_and_refused(db_url: str) -> None:
    """The log gives Ann 96 and Bob 104: counts of 100 each add up to what was bought, but each is wrong."""
    night(db_url, ["Ann:100", "Bob:100"], HEADS_UP)
    before = kinds(db_url)
    refused = cli(db_url, "session", "close", "1", "--cash-out", "Ann:100", "--cash-out", "Bob:100")
    assert refused.exit_code == 2
    assert lines(refused) == [
        "Counting out session 1:",
        "player the log says counted",
        "Ann 96 100 (+4)",
        "Bob 104 100 (−4)",
        "Error: session 1: 2 counts differ from the log: Ann: counted 100, the log says 96; "
        "Bob: counted 100, the log says 104",
        "Hint: count again and give the right counts, or confirm them as counted: referee session close 1 … "
        "--accept --by NAME",
    ]
    nobody = cli(db_url, "session", "close", "1", "-c", "Ann:100", "-c", "Bob:100", "--accept")
    assert nobody.exit_code == 2
    assert lines(nobody)[-2:] == ["Error: --accept: --accept needs who confirms the counts",
                                  "Hint: name him: --accept --by NAME (a player of the night)"]
    assert kinds(db_url) == before  # nothing written
    settled = cli(db_url, "settle", "1")
    assert "Provisional: not cashed out yet, valued at the chips the log gives them: Ann, Bob" in settled.output

    right = cli(db_url, "session", "close", "1", "-c", "Ann:96", "-c", "Bob:104")
    assert right.exit_code == 0, right.output
    assert lines(right)[-3:] == ["Session 1 closed: Ann 96, Bob 104",
                                 "Chips: 200 bought, 200 cashed out (they balance)",
                                 "The log gives 200: every count agrees with the log"]
    assert "CountConfirmed" not in kinds(db_url)


def test_a_confirmed_difference_is_a_fact_of_the_log_with_who_confirmed_it(db_url: str) -> None:
    night(db_url, ["Ann:100", "Bob:100"], HEADS_UP)
    closed = cli(db_url, "session", "close", "1", "-c", "Ann:96", "-c", "Bob:100", "--accept", "--by", "Ann")
    assert closed.exit_code == 0, closed.output
    # 4 chips of Bob's are missing: 4 euros more were paid in than are paid out, so the night is over
    # by €4.00, and the only loser, Ann, takes it back: Ann −4 + 4 = 0, Bob 0
    assert lines(closed)[-5:] == [
        "Session 1 closed: Ann 96, Bob 100",
        "Confirmed by Ann: Bob: counted 100, the log says 104",
        "Chips: 200 bought, 196 cashed out (4 fewer came back than were bought: over by 4 chips)",
        "The log gives 200: 1 count differs from the log, confirmed",
        "Over by €4.00 (money left over: the chips cashed out are worth less than was paid in), absorbed pro rata "
        "to the losers (the default): Ann +€4.00",
    ]
    with open_store(db_url) as store:
        rows = store.events(1)
    facts = [(r.kind, r.payload) for r in rows if r.kind in ("CountConfirmed", "CashOut")]
    assert facts == [("CountConfirmed", {"player": "Bob", "counted": 100, "log_says": 104, "by": "Ann"}),
                     ("CashOut", {"player": "Ann", "chips": 96}), ("CashOut", {"player": "Bob", "chips": 100})]
    shown = cli(db_url, "session", "show", "1").output
    assert "after hand 1: Bob's count of 100 confirmed by Ann (the log says 104)" in shown
    report = lines(cli(db_url, "report", "1"))
    assert "Bob cashed out 100 chips, 4 fewer than the log gives (104), confirmed by Ann" in " ".join(report)


def test_a_night_cannot_close_in_the_middle_of_a_hand_unless_the_hand_is_ended_by_rule(db_url: str) -> None:
    """house.90.1: "every player takes back the chips he put into the pot in this hand" — Bob his ante
    of 4, Cy 2, Dee 4: Ann 96, Bob 111, Cy 93, Dee 100, and nothing is left over."""
    night(db_url, ["Ann:100", "Bob:100", "Cy:100", "Dee:100"], IN_PLAY)
    counts = ["-c", "Ann:96", "-c", "Bob:111", "-c", "Cy:93", "-c", "Dee:100"]
    refused = cli(db_url, "session", "close", "1", *counts)
    assert refused.exit_code == 2
    assert lines(refused) == [
        "Error: session 1: hand 2 is still in play (10 chips in the middle)",
        "Hint: finish it at the table, or end it by rule: --end-hand return (house.90.1: every player takes back "
        "what he put in) or --end-hand split (house.90.2)",
    ]
    wrong = cli(db_url, "session", "close", "1", *counts, "--end-hand", "fold")
    assert wrong.exit_code == 2 and lines(wrong)[0].startswith("Error: --end-hand: a hand in play ends with its pot "
                                                               "returned or split, not 'fold'")
    assert "CashOut" not in kinds(db_url)
    closed = cli(db_url, "session", "close", "1", *counts, "--end-hand", "return", "--by", "Ann")
    assert closed.exit_code == 0, closed.output
    assert lines(closed) == [
        "Counting out session 1:",
        "player the log says counted",
        "Ann 96 96", "Bob 111 111", "Cy 93 93", "Dee 100 100",
        "Hand 2 ended by house.90.1: its pot of 10 chips returned to those who put it in (Bob 4, Cy 2, Dee 4)",
        "Session 1 closed: Ann 96, Bob 111, Cy 93, Dee 100",
        "Chips: 400 bought, 400 cashed out (they balance)",
        "The log gives 400: every count agrees with the log",
    ]
    settled = lines(cli(db_url, "settle", "1"))
    assert not any(line.startswith(("Over by", "Short by")) for line in settled)
    for row in ("Ann −€4.00", "Bob +€11.00", "Cy −€7.00", "Dee €0.00"):
        assert row in settled
    with open_store(db_url) as store:
        [ended] = [r.payload for r in store.events(1) if r.kind == "HandEnded"]
    assert ended == {"hand": 2, "how": "return", "rule": "house.90.1", "by": "Ann"}


def test_a_hand_in_play_split_at_the_close(sqlite_url: str) -> None:
    """house.90.2: "the players still in the hand share the whole pot equally, an odd chip to the first
    of them clockwise from the dealer's left" — Bob dealt; Cy, Dee and Bob are still in (Ann folded):
    10 = 3 + 3 + 3 and the odd chip to Cy.  Bob 107 + 3 = 110, Cy 91 + 4 = 95, Dee 96 + 3 = 99, Ann 96."""
    night(sqlite_url, ["Ann:100", "Bob:100", "Cy:100", "Dee:100"], IN_PLAY)
    closed = cli(sqlite_url, "session", "close", "1", "-c", "Ann:96", "-c", "Bob:110", "-c", "Cy:95", "-c", "Dee:99",
                 "--end-hand", "split")
    assert closed.exit_code == 0, closed.output
    assert "Hand 2 ended by house.90.2: its pot of 10 chips split between the players still in (Cy 4, Dee 3, Bob 3)" \
        in lines(closed)
    assert lines(closed)[-2:] == ["Chips: 400 bought, 400 cashed out (they balance)",
                                  "The log gives 400: every count agrees with the log"]
    shown = runner.invoke(app, ["rulebook", "show", "straight_draw"], terminal_width=200, env={"COLUMNS": "200"})
    assert shown.exit_code == 0 and "house.90.2" in shown.output


def test_a_jackpots_pot_held_for_the_openers_proof_is_ended_by_rule_before_the_close(sqlite_url: str) -> None:
    """jackpots.11.2: "a winner must show his openers before he may take the pot" — Ann deals and antes 3,
    Bob opens for 2, Cy and Ann fold, and Bob never shows his openers: the 5 chips are held, nobody's,
    so the close is refused and writes nothing.  house.90.1: "every player takes back the chips he put
    into the pot in this hand" — Ann her ante of 3, Bob his open of 2: everybody 100, and the 300 chips
    bought balance."""
    night(sqlite_url, ["Ann:100", "Bob:100", "Cy:100"], ["new hand", "Bob: bets 2", "Cy: folds", "Ann: folds"],
          game="jackpots")
    before = kinds(sqlite_url)
    refused = cli(sqlite_url, "session", "close", "1", "-c", "Ann:97", "-c", "Bob:98", "-c", "Cy:100")
    assert refused.exit_code == 2
    assert lines(refused) == [
        "Error: session 1: hand 1 is not over: Bob is alone but has not shown openers: pot undecided (5 chips held, "
        "nobody's yet)",
        "Hint: show the cards it waits for at the table, or end it by rule: --end-hand return (house.90.1: every "
        "player takes back what he put in) or --end-hand split (house.90.2)",
    ]
    assert kinds(sqlite_url) == before
    closed = cli(sqlite_url, "session", "close", "1", "-c", "Ann:100", "-c", "Bob:100", "-c", "Cy:100",
                 "--end-hand", "return")
    assert closed.exit_code == 0, closed.output
    assert lines(closed)[-4:] == [
        "Hand 1 ended by house.90.1: its pot of 5 chips returned to those who put it in (Ann 3, Bob 2)",
        "Session 1 closed: Ann 100, Bob 100, Cy 100",
        "Chips: 300 bought, 300 cashed out (they balance)",
        "The log gives 300: every count agrees with the log",
    ]
    settled = lines(cli(sqlite_url, "settle", "1"))
    assert not any(line.startswith(("Over by", "Short by")) for line in settled)


def test_end_hand_without_a_hand_in_play_is_refused(sqlite_url: str) -> None:
    night(sqlite_url, ["Ann:100", "Bob:100"], HEADS_UP)
    refused = cli(sqlite_url, "session", "close", "1", "-c", "Ann:96", "-c", "Bob:104", "--end-hand", "split")
    assert refused.exit_code == 2
    assert lines(refused) == ["Error: --end-hand: no hand is in play: there is no hand to end",
                              "Hint: leave out --end-hand"]


def test_a_closed_night_is_reopened_and_corrected_append_only(db_url: str) -> None:
    """A call logged twice (the scorekeeper thought the first was lost) is voided; a rebuy the log
    missed is added: Bob's 20 chips bought make what the log gives him 104 + 20 = 124, his count."""
    night(db_url, ["Ann:100", "Bob:100"], HEADS_UP)
    assert cli(db_url, "act", "1", "new hand", "Ann: bets 2", "Bob: calls").exit_code == 0
    assert cli(db_url, "act", "1", "--force", "Bob: calls").exit_code == 0
    # hand 2: Bob deals and antes 2 (102), Ann bets 2 (94), Bob calls (100); Ann bets 3 (91), Bob folds:
    # the pot of 2 + 4 + 3 = 9 is Ann's: Ann 100, Bob 100 (+ the 20 chips he bought: 120 on the table)
    assert cli(db_url, "act", "1", "Ann: draws 1", "Bob: draws 1", "Ann: bets 3", "Bob: folds").exit_code == 0
    flagged = cli(db_url, "replay", "--session", "1", "--hand", "2", "--check")
    assert flagged.exit_code == 1  # the second call is a rule broken
    closed = cli(db_url, "session", "close", "1", "-c", "Ann:100", "-c", "Bob:120", "--accept", "--by", "Ann")
    assert closed.exit_code == 0, closed.output
    assert "Confirmed by Ann: Bob: counted 120, the log says 100" in lines(closed)
    # 20 chips more than were paid for: the night is short by €20, nobody lost to absorb it, so it is
    # shared equally: Ann 0 − 10 = −€10, Bob +20 − 10 = +€10
    assert lines(closed)[-3:] == [
        "Chips: 200 bought, 220 cashed out (20 more came back than were bought: short by 20 chips)",
        "The log gives 200: 1 count differs from the log, confirmed",
        "Short by €20.00 (the chips cashed out are worth more than was paid in), absorbed pro rata to the losers "
        "(the default): nobody lost, so shared equally: Ann −€10.00, Bob −€10.00"]

    for refused in (cli(db_url, "act", "1", "new hand"),
                    cli(db_url, "session", "amend", "1", "--void", "2:3", "--why", "logged twice"),
                    cli(db_url, "session", "close", "1")):
        assert refused.exit_code == 2 and lines(refused)[0].startswith("Error: session 1 is closed"), refused.output
    assert "reopen" in lines(cli(db_url, "act", "1", "new hand"))[1]
    no_reason = cli(db_url, "session", "reopen", "1", "--why", "  ")
    assert no_reason.exit_code == 2 and lines(no_reason)[0] == "Error: --why: a night is reopened for a reason"
    standing = lines(cli(db_url, "standings"))
    assert [line.split()[1:6:4] for line in standing if line.split()[1:2] in (["Ann"], ["Bob"])] == [
        ["Bob", "+€10.00"], ["Ann", "−€10.00"]]
    assert cli(db_url, "session", "reopen", "1", "--why", "Bob's rebuy was never logged").exit_code == 0
    # reopened, the night is open again: the standings leave it out until it is closed
    assert "Not counted: session 1, still open (its results are provisional)" in lines(cli(db_url, "standings"))
    twice = cli(db_url, "session", "reopen", "1", "--why", "again")
    assert twice.exit_code == 2 and lines(twice)[0] == "Error: session 1 is reopened for corrections: a reopen is refused"

    for bad, error in ((["--void", "9:1"], "Error: --void 9:1: session 1 has no hand 9"),
                       (["--void", "2:99"], "Error: --void 2:99: hand 2 has 7 actions, not 99"),
                       (["--void", "2"], "Error: --void: bad void '2'"),
                       (["--count", "Zed:5"], "Error: 'Zed' has not cashed out: there is no count to correct"),
                       ([], "Error: session 1: nothing to correct")):
        result = cli(db_url, "session", "amend", "1", *bad, "--why", "x")
        assert result.exit_code == 2 and lines(result)[0] == error, result.output
    before = kinds(db_url)
    amended = cli(db_url, "session", "amend", "1", "--void", "2:3", "--rebuy", "bob:20",
                  "--why", "logged twice; the rebuy was missed")
    assert amended.exit_code == 0, amended.output
    assert lines(amended) == [
        "Amended session 1: hand 2, action 3 void (Bob: calls) (logged twice; the rebuy was missed)",
        "Amended session 1: Bob's missed rebuy of 20 chips added (logged twice; the rebuy was missed)",
        "Close it again when it is right: referee session close 1",
    ]
    assert kinds(db_url)[:len(before)] == before  # appended, nothing changed before
    assert kinds(db_url)[len(before):] == ["Void", "Amendment", "AddChips", "Amendment"]
    assert cli(db_url, "replay", "--session", "1", "--hand", "2", "--check").exit_code == 0
    again = cli(db_url, "session", "close", "1")
    assert again.exit_code == 0, again.output
    assert lines(again)[2:4] == ["Ann 100 100", "Bob 120 120"]
    assert lines(again)[-2:] == ["Chips: 220 bought, 220 cashed out (they balance)",
                                 "The log gives 220: every count agrees with the log"]
    standing = lines(cli(db_url, "standings"))
    assert [line.split()[1:6:4] for line in standing if line.split()[1:2] in (["Ann"], ["Bob"])] == [
        ["Ann", "€0.00"], ["Bob", "€0.00"]]
    settled = lines(cli(db_url, "settle", "1"))
    assert "Everybody is square." in settled
    assert settled[settled.index("Corrected since it was closed (see `referee report`): what changes") + 1:] == [
        "Ann: was −€10.00, now €0.00 (+€10.00)",
        "Bob: was +€10.00, now €0.00 (−€10.00)",
        "No longer to make: Ann pays Bob €10.00",
    ]
    import json

    amended = json.loads(cli(db_url, "settle", "1", "--json").output)["amended"]
    assert amended == {"balances": [{"name": "Ann", "was": -1000, "now": 0, "change": 1000},
                                    {"name": "Bob", "was": 1000, "now": 0, "change": -1000}],
                       "transfers_before": [{"payer": "Ann", "payee": "Bob", "cents": 1000, "text": "€10.00"}]}


def test_reopen_through_a_real_process(sqlite_url: str) -> None:
    night(sqlite_url, ["Ann:100", "Bob:100"], HEADS_UP)
    assert cli(sqlite_url, "session", "close", "1", "-c", "Ann:96", "-c", "Bob:104").exit_code == 0
    proc = subprocess.run([str(REFEREE), "session", "reopen", "1", "--why", "a late rebuy", "--db", sqlite_url],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[0] == "Session 1 reopened: a late rebuy"
    listed = cli(sqlite_url, "session", "list").output
    assert listed.splitlines()[2].split()[-1] == "open"


def _at_a_terminal(args: list[str], answer: str) -> tuple[int, str]:
    """Run ``referee`` with its input and output on a pseudo-terminal, answer its question; its exit
    code and all it printed."""
    import os
    import pty
    import select

    leader, follower = pty.openpty()
    proc = subprocess.Popen([str(REFEREE), *args], stdin=follower, stdout=follower, stderr=follower,
                            env={**os.environ, "COLUMNS": "200"})
    os.close(follower)
    out = b""
    answered = False
    while True:
        ready, _, _ = select.select([leader], [], [], 120)
        if not ready:
            proc.kill()
            break
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the process ended and closed the terminal
            break
        if not chunk:
            break
        out += chunk
        if not answered and b"Who confirms" in out:
            os.write(leader, answer.encode() + b"\r")
            answered = True
    os.close(leader)
    import re

    return proc.wait(timeout=120), re.sub(r"\x1b\[[0-9;]*m", "", out.decode().replace("\r\n", "\n"))


def test_at_a_terminal_the_close_asks_who_confirms_a_count_that_differs(sqlite_url: str) -> None:
    night(sqlite_url, ["Ann:100", "Bob:100"], HEADS_UP)
    args = ["session", "close", "1", "-c", "Ann:96", "-c", "Bob:100", "--db", sqlite_url]
    code, said = _at_a_terminal(args, "")
    assert code == 2, said
    assert "1 count differs from the log: Bob: counted 100, the log says 104" in said
    assert "Error: session 1: 1 count differs from the log" in said  # nobody confirmed: refused
    assert "CashOut" not in kinds(sqlite_url)
    code, said = _at_a_terminal(args, "Cy")  # nobody at the table: refused, naming who may confirm
    assert code == 2 and "Error: 'Cy' is not a player of session 1" in said and "who may confirm: Ann, Bob" in said
    assert "CashOut" not in kinds(sqlite_url)
    code, said = _at_a_terminal(args, "ann")
    assert code == 0, said
    assert "Confirmed by Ann: Bob: counted 100, the log says 104" in said
    with open_store(sqlite_url) as store:
        assert [r.payload["by"] for r in store.events(1) if r.kind == "CountConfirmed"] == ["Ann"]


def test_a_reopened_night_closes_again_on_the_counts_already_taken(sqlite_url: str) -> None:
    """Reopened to correct a count, the night is closed again the way a host does it: the counts typed
    again as before are the ones in the log already; a count typed differently is refused with how to
    correct it (an appended CountFixed, `session amend --count`), never taken silently.  HEADS_UP: the
    log gives Ann 96, Bob 104; Bob's count was mistyped 140 and confirmed."""
    night(sqlite_url, ["Ann:100", "Bob:100"], HEADS_UP)
    assert cli(sqlite_url, "session", "close", "1", "-c", "Ann:96", "-c", "Bob:140", "--accept", "--by", "Ann").exit_code == 0
    assert cli(sqlite_url, "session", "reopen", "1", "--why", "Bob's 104 was typed 140").exit_code == 0
    assert cli(sqlite_url, "session", "amend", "1", "--count", "Bob:104", "--why", "typo").exit_code == 0
    other = cli(sqlite_url, "session", "close", "1", "-c", "Ann:95", "-c", "Bob:104")
    assert other.exit_code == 2
    assert lines(other)[-2:] == ["Error: --cash-out: Ann was counted at 96 before the night was reopened",
                                 'Hint: correct a count with: referee session amend 1 --count Ann:95 --why "…", then '
                                 "close it again"]
    again = cli(sqlite_url, "session", "close", "1", "-c", "Ann:96", "-c", "Bob:104")
    assert again.exit_code == 0, again.output
    assert "Session 1 closed: Ann 96, Bob 104" in lines(again)
    assert "The log gives 200: every count agrees with the log" in lines(again)
    assert kinds(sqlite_url).count("CashOut") == 2  # each counted once: nothing was cashed out twice
