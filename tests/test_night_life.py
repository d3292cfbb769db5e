"""A night's life through its one owner (:mod:`referee.night`), as a host meets it at the CLI: a busted
player never wedges the night, a void night goes on no more, corrections are checked as the table
checks them, only a player of the night confirms its counts, the money a count implies stays within
the money bound, and a close is written at the head its counts were checked at.

The wedged night, worked by hand from straight draw's rules (seed-002): heads-up, Bob deals and antes
2 (draw.ante = dealer_antes_N, "one chip per player"); Ann bets 2 of her 3 chips, Bob calls; both stand
pat; Ann bets her last chip, Bob calls; Ann shows seven high, Bob two pair: Bob takes the 8 in the pot.
Ann has 0 chips, Bob 50 − 2 − 2 − 1 + 8 = 53.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from referee.cli import app
from referee.cli.count_step import CountStep
from referee.engine.events import AddChips
from referee.errors import InputError
from referee.night import life
from referee.recording.live_table import LiveTable
from referee.store.store import StaleLogError, open_store

runner = CliRunner()
REFEREE = Path(sys.executable).parent / "referee"

BUST_ANN = ["new hand", "ann bets 2", "bob calls", "ann stands pat", "bob stands pat", "ann bets 1", "bob calls",
            "ann shows 2c3d4h5s7c", "bob shows AhAdKsKdQc"]

#: heads-up, Ann deals and antes 2; Bob bets 2, Ann calls: Bob's full house takes the 6 in the pot.
#: Ann 100 − 4 = 96, Bob 100 − 2 + 6 = 104.
HEADS_UP = ["new hand", "Bob: bets 2", "Ann: calls", "Bob: draws 1", "Ann: draws 2", "Bob: checks", "Ann: checks",
            "Bob: shows Ah Ad Ac Kh Kd", "Ann: shows 2c 3c 4c 5c 7d"]


def cli(db_url: str, *args: str) -> Result:
    return runner.invoke(app, [*args, "--db", db_url], terminal_width=200, env={"COLUMNS": "200"})


def lines(result: Result) -> list[str]:
    return [" ".join(line.split()) for line in result.output.splitlines() if line.strip()]


def rows(db_url: str) -> tuple[list[tuple[int, str]], int, str, str | None]:
    """The session's log (seq, kind), its hands, status and void reason: what a refused step must not change."""
    with open_store(db_url) as store:
        game = store.session(1)
        return [(r.seq, r.kind) for r in store.events(1)], len(store.hands(1)), game.status, game.void_reason


def busted_night(db_url: str) -> None:
    new = cli(db_url, "session", "new", "--table", "B", "--game", "straight_draw", "-p", "Ann:3", "-p", "Bob:50",
              "--dealer", "Bob")
    assert new.exit_code == 0, new.output
    played = cli(db_url, "act", "1", *BUST_ANN)
    assert played.exit_code == 0, played.output
    assert "over: Bob wins 8" in lines(played)[-1]


def heads_up_night(db_url: str, *extra: str) -> None:
    assert cli(db_url, "session", "new", "--table", "Kitchen", "--game", "straight_draw", "-p", "Ann:100",
               "-p", "Bob:100", *extra).exit_code == 0
    played = cli(db_url, "act", "1", *HEADS_UP)
    assert played.exit_code == 0, played.output


# ------------------------------------------------------------------ never wedged


def test_a_busted_player_does_not_wedge_the_night(db_url: str) -> None:
    """Ann loses her last chip; 'new hand' is refused without beginning hand 2, naming the steps that let
    the night go on; her chips added between hands are taken, and the next hand begins."""
    busted_night(db_url)
    before = rows(db_url)
    refused = cli(db_url, "act", "1", "new hand")
    assert refused.exit_code == 2
    assert lines(refused) == [
        "Error: session 1, hand 1 after action 8: 'new hand': hand 2 cannot be dealt: only Bob has chips: "
        "a hand needs two players with chips",
        "Hint: let the night go on with 'Ann adds 20' (chips added between hands), or a newcomer sitting down "
        "('Eve sits down with 20'); 'Ann leaves' if he is done; or count the night out: referee session close 1",
    ]
    assert rows(db_url) == before  # no hand 2, nothing written
    assert cli(db_url, "act", "1", "new hand", "--force").exit_code == 2  # no force deals a hand nobody can play
    assert rows(db_url) == before
    added = cli(db_url, "act", "1", "Ann adds 20")
    assert added.exit_code == 0 and lines(added)[0] == "between hands: Ann adds 20 (from the next hand)"
    began = cli(db_url, "act", "1", "new hand")
    assert began.exit_code == 0 and lines(began)[0] == "hand 2 begins: Ann deals"
    # hand 2: Ann deals and antes 2 of her 20; Bob, eldest, opens the betting
    assert "pot 2 · Bob to act" in lines(began)[-1]


def test_a_busted_player_leaves_and_a_newcomer_lets_the_night_go_on(sqlite_url: str) -> None:
    """The other way out the refusal names: Ann leaves, Eve sits down, and hand 2 is dealt, in a real process."""
    busted_night(sqlite_url)

    def referee(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(REFEREE), *args, "--db", sqlite_url], capture_output=True, text=True, timeout=120,
                              env={**os.environ, "COLUMNS": "200"})

    refused = referee("act", "1", "new hand")
    assert refused.returncode == 2 and "hand 2 cannot be dealt: only Bob has chips" in refused.stderr
    assert "'Ann adds 20'" in refused.stderr and "Traceback" not in refused.stderr
    assert rows(sqlite_url)[1] == 1
    went_on = referee("act", "1", "Ann leaves", "Eve sits down with 30", "new hand")
    assert went_on.returncode == 0, went_on.stderr
    assert went_on.stdout.splitlines()[:3] == ["between hands: Ann leaves (from the next hand)",
                                               "between hands: Eve sits down with 30 (from the next hand)",
                                               "hand 2 begins: Bob deals"]  # Ann's deal passes to her left


def test_a_night_wedged_by_an_older_referee_goes_on_once_chips_are_added(sqlite_url: str) -> None:
    """An older referee began hand 2 though only Bob had chips (the store alone begins it, unchecked):
    the table still opens, takes Ann's chips between hands, and deals the begun hand once she has them."""
    busted_night(sqlite_url)
    with open_store(sqlite_url) as store:
        with store.transaction() as tx:
            tx.start_hand(1)
    refused = cli(sqlite_url, "act", "1", "new hand")
    assert refused.exit_code == 2 and "hand 2 cannot be dealt: only Bob has chips" in lines(refused)[0]
    added = cli(sqlite_url, "act", "1", "Ann adds 20")
    assert added.exit_code == 0, added.output
    played = cli(sqlite_url, "act", "1", "bob checks")
    assert played.exit_code == 0 and lines(played)[0] == "hand 2, action 1: Bob: checks", played.output


def test_the_owner_begins_a_hand_only_when_the_night_can_deal_it(db_url: str) -> None:
    """The library call the CLI and the table make: refused with nothing begun, then taken once Ann has
    chips; a second new hand while the first holds no action is refused by the state (in a hand)."""
    from referee.night.states import NightState

    busted_night(db_url)
    with open_store(db_url) as store:
        assert life.state_of(store, 1) is NightState.OPEN
        with pytest.raises(life.CannotDeal, match="only Bob has chips"):
            life.begin_hand(store, 1)
        assert len(store.hands(1)) == 1
        life.add_chips(store, 1, "Ann", 20)
        assert life.begin_hand(store, 1).number == 2
        assert life.state_of(store, 1) is NightState.IN_HAND
        with pytest.raises(InputError, match="has a hand in play: a new hand is refused"):
            life.begin_hand(store, 1)
        assert len(store.hands(1)) == 2


def test_every_state_allows_a_step_and_every_refusal_says_what_to_do_instead() -> None:
    """From every state some step is taken (from void, only its undoing); every refused step names what
    to do instead (a void night names how to see it: it goes on no more)."""
    from referee.night.states import STEPS, NightState, Step, legal_steps

    for state in NightState:
        assert set(STEPS[state]) == set(Step)
        if state is not NightState.VOID:
            assert legal_steps(state), state
        for step, instead in STEPS[state].items():
            assert instead is None or "referee" in instead or "'" in instead or "finish" in instead, (state, step)
    assert all("referee session show" in (hint or "") for step, hint in STEPS[NightState.VOID].items()
               if step is not Step.UNVOID)
    assert legal_steps(NightState.VOID) == (Step.UNVOID,)  # nothing goes on but the void's undoing


# ------------------------------------------------------------------ a void night goes on no more


def test_a_void_night_goes_on_no_more(db_url: str) -> None:
    heads_up_night(db_url)
    assert cli(db_url, "session", "void", "1", "--why", "typed up twice").exit_code == 0
    before = rows(db_url)
    for args in (["act", "1", "new hand"], ["act", "1", "Ann adds 20"], ["table", "1"],
                 ["session", "close", "1", "-c", "Ann:96", "-c", "Bob:104"], ["session", "reopen", "1", "--why", "x"],
                 ["session", "amend", "1", "--rebuy", "Ann:5", "--why", "x"], ["serve", "1", "--no-qr"]):
        refused = cli(db_url, *args)
        assert refused.exit_code == 2, (args, refused.output)
        assert lines(refused)[0].startswith("Error: session 1 is void (typed up twice)"), (args, refused.output)
        assert lines(refused)[1].startswith("Hint: it is void and kept as it is; see it with: referee session show 1")
    assert rows(db_url) == before
    rerun = cli(db_url, "session", "void", "1", "--why", "typed up  twice")  # the same void run again
    assert rerun.exit_code == 0 and lines(rerun) == ["Already recorded: void: typed up twice (session 1)"]
    again = cli(db_url, "session", "void", "1", "--why", "again")
    assert again.exit_code == 2 and "already void" in lines(again)[0]
    assert rows(db_url) == before


def test_the_store_takes_nothing_more_into_a_void_night(sqlite_url: str) -> None:
    """Checked where it is written: an append that raced the void (read before it) finds it void."""
    heads_up_night(sqlite_url)
    with open_store(sqlite_url) as store:
        seen = store.last_seq(1)
        with store.transaction() as tx:
            tx.void_session(1, "imported twice")
        with pytest.raises(InputError, match=r"session 1 is void \(imported twice\)"):
            store.append_event(1, None, AddChips("Ann", 5), expected_seq=seen)
        assert store.last_seq(1) == seen + 1  # the void's own event, and nothing after it


# ------------------------------------------------------------------ corrections checked as the table checks them


def test_an_action_voided_already_is_not_voided_again(db_url: str) -> None:
    heads_up_night(db_url)
    assert cli(db_url, "act", "1", "undo").exit_code == 0  # action 9 voids action 8, Ann's show
    before = rows(db_url)
    again = cli(db_url, "session", "amend", "1", "--void", "1:8", "--why", "shown twice")
    assert again.exit_code == 2
    assert lines(again)[0] == ("Error: --void 1:8: action 8 of hand 1 (Ann: shows 2c 3c 4c 5c 7d) is void already: "
                               "action 9 of hand 1 voided it (void 8: undo)")
    twice = cli(db_url, "session", "amend", "1", "--void", "1:7", "--void", "1:7", "--why", "x")
    assert twice.exit_code == 2 and lines(twice)[0] == "Error: --void 1:7: action 7 of hand 1 is voided twice"
    assert rows(db_url) == before
    once = cli(db_url, "session", "amend", "1", "--void", "1:7", "--why", "Bob's show was logged early")
    assert once.exit_code == 0, once.output
    by_amend = cli(db_url, "session", "amend", "1", "--void", "1:7", "--why", "again")
    assert by_amend.exit_code == 2 and "is void already: action 10 of hand 1 voided it" in lines(by_amend)[0]


def test_a_count_corrected_twice_in_one_amendment_is_refused(sqlite_url: str) -> None:
    heads_up_night(sqlite_url)
    assert cli(sqlite_url, "session", "close", "1", "-c", "Ann:96", "-c", "Bob:104").exit_code == 0
    assert cli(sqlite_url, "session", "reopen", "1", "--why", "Bob's count").exit_code == 0
    before = rows(sqlite_url)
    twice = cli(sqlite_url, "session", "amend", "1", "--count", "Bob:117", "--count", "bob:118", "--why", "x")
    assert twice.exit_code == 2
    assert lines(twice) == ["Error: --count: Bob's count is given twice (117 and 118)", "Hint: give Bob's right count once"]
    assert rows(sqlite_url) == before


@pytest.mark.parametrize("seat", [["-p", "Ann:0"], ["-p", "Ann", "--buy-in", "0"]])
def test_a_player_is_not_seated_with_no_chips(sqlite_url: str, seat: list[str]) -> None:
    """docs/store.md: "a player seated with no chips could not play"."""
    refused = cli(sqlite_url, "session", "new", "--table", "B", "--game", "straight_draw", *seat, "-p", "Bob:50")
    assert refused.exit_code == 2
    assert "Ann would sit down with no chips: a player seated with no chips could not play" in lines(refused)[0]
    assert lines(cli(sqlite_url, "session", "list"))[0].startswith("Error: no store at")  # nothing was written


# ------------------------------------------------------------------ people of the night


def test_only_a_player_of_the_night_confirms_its_counts(db_url: str) -> None:
    heads_up_night(db_url)
    before = rows(db_url)
    for who in ("😀", "Zed"):
        refused = cli(db_url, "session", "close", "1", "-c", "Ann:96", "-c", "Bob:100", "--accept", "--by", who)
        assert refused.exit_code == 2
        assert lines(refused) == [f"Error: '{who}' is not a player of session 1: only a player of the night confirms "
                                  "its counts", "Hint: who may confirm: Ann, Bob"]
    assert rows(db_url) == before
    closed = cli(db_url, "session", "close", "1", "-c", "Ann:96", "-c", "Bob:100", "--accept", "--by", "bob")
    assert closed.exit_code == 0 and "Confirmed by Bob: Bob: counted 100, the log says 104" in lines(closed)


def test_at_the_table_only_a_player_of_the_night_confirms(sqlite_url: str) -> None:
    heads_up_night(sqlite_url)
    with open_store(sqlite_url) as store:
        step = CountStep(LiveTable(store, 1))
        step.enter("96")
        assert step.enter("100")[0] == "1 count differs from the log: Bob: counted 100, the log says 104"
        assert step.enter("confirm Zed") == ["✗ 'Zed' is not a player of session 1: only a player of the night "
                                             "confirms its counts\n  who may confirm: Ann, Bob"]
        assert store.session(1).status == "open" and not step.done
        assert step.enter("confirm Ann")[0] == "Session 1 closed: Ann 96, Bob 100"
        assert [r.payload["by"] for r in store.events(1) if r.kind == "CountConfirmed"] == ["Ann"]


# ------------------------------------------------------------------ the money a count implies


def test_a_count_whose_money_is_past_the_money_bound_is_refused_before_anything_is_written(db_url: str) -> None:
    """At €100.00 (10,000 cents) a chip, a count of 1,000,000,000 chips is worth 10,000,000,000,000 cents: past the bound of
    1,000,000,000 cents, whatever is confirmed."""
    heads_up_night(db_url, "--chip-value", "100.00")
    before = rows(db_url)
    refused = cli(db_url, "session", "close", "1", "-c", "Ann:96", "-c", "Bob:1000000000", "--accept", "--by", "Ann")
    assert refused.exit_code == 2
    assert lines(refused)[0] == ("Error: Bob's count of 1,000,000,000 chips at 100.00 a chip is worth "
                                 "10,000,000,000,000 cents, past the money bound of 1,000,000,000")
    assert len(lines(refused)) == 2  # one line and its hint: no counting table printed before it
    assert rows(db_url) == before


# ------------------------------------------------------------------ checked where it is written


def test_a_close_checked_against_an_older_head_is_refused(db_url: str) -> None:
    """The counts are checked, then another recorder adds Ann's 50 chips before the close is written: the
    close is refused, nothing of it stored, and counted again the log gives Ann 146."""
    heads_up_night(db_url)
    with open_store(db_url) as store, open_store(db_url) as other:
        out = life.count_out(store, 1, [("Ann", 96), ("Bob", 104)])
        assert not out.differ
        life.add_chips(other, 1, "Ann", 50)
        before = rows(db_url)
        with pytest.raises(StaleLogError, match="Ann adds 50"):
            life.close(store, out)
        assert rows(db_url) == before
        again = life.count_out(store, 1, [("Ann", 96), ("Bob", 104)])
        assert [(c.name, c.log_says, c.counted) for c in again.differ] == [("Ann", 146, 96)]


def test_a_close_racing_a_rebuy_at_the_cli_shows_the_counts_again(db_url: str) -> None:
    """The audit's race, forced: a second connection holds the session's row lock while it appends
    'Ann adds 50'; `session close` reads the log (without it), shows the counts, then waits for the lock;
    the rebuy commits, and the close, written at the head it read, is refused (exit 75) and counts again."""
    heads_up_night(db_url)
    locked, release, done = threading.Event(), threading.Event(), threading.Event()

    def hold() -> None:
        with open_store(db_url) as store:
            with store.transaction() as tx:
                tx.append_events(1, None, [AddChips("Ann", 50)])
                locked.set()
                release.wait(60)
        done.set()

    holder = threading.Thread(target=hold)
    holder.start()
    assert locked.wait(30)
    proc = subprocess.Popen([str(REFEREE), "session", "close", "1", "-c", "Ann:96", "-c", "Bob:104", "--db", db_url],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "COLUMNS": "200", "PYTHONUNBUFFERED": "1"})
    try:
        assert proc.stdout is not None
        shown = [proc.stdout.readline() for _ in range(4)]  # the counts it checked: the log without the rebuy
        assert [" ".join(line.split()) for line in shown] == [
            "Counting out session 1:", "player the log says counted", "Ann 96 96", "Bob 104 104"]
        release.set()
        out, err = proc.communicate(timeout=120)
    finally:
        release.set()
        holder.join(60)
        if proc.poll() is None:
            proc.kill()
    assert done.is_set()
    assert proc.returncode == 75, err
    assert [" ".join(line.split()) for line in out.splitlines()] == [
        "Not closed: the log changed after the counts were checked. Counting out session 1 again:",
        "player the log says counted", "Ann 146 96 (−50)", "Bob 104 104"]
    assert "Ann adds 50" in err and "Traceback" not in err
    log, hands, status, _ = rows(db_url)
    assert status == "open" and [kind for _, kind in log][-1] == "AddChips"


# ------------------------------------------------------------------ run again after a lost reply


def test_a_correction_a_close_and_a_reopen_run_again_say_already_recorded(db_url: str) -> None:
    """Each command carries what it asks: run again with nothing recorded in between (its reply was lost,
    exit 75), it finds its own facts and stores nothing twice."""
    heads_up_night(db_url)
    steps = [["session", "amend", "1", "--rebuy", "Bob:20", "--why", "his rebuy was missed"],
             ["session", "close", "1", "-c", "Ann:96", "-c", "Bob:124"],
             ["session", "reopen", "1", "--why", "Bob's count"]]
    for args in steps:
        first = cli(db_url, *args)
        assert first.exit_code == 0, first.output
        before = rows(db_url)
        again = cli(db_url, *args)
        assert again.exit_code == 0, again.output
        assert lines(again)[-1].startswith("Already recorded: "), again.output
        assert rows(db_url) == before
    later = cli(db_url, *steps[0])  # the same words after something else was recorded: a new fact
    assert lines(later)[0] == "Amended session 1: Bob's missed rebuy of 20 chips added (his rebuy was missed)"
