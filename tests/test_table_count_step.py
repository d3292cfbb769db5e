"""The table prompt's ``count`` step: at the end of the night the scorekeeper counts every player out
against the log, a count that differs is named and is counted again or confirmed, and the night closes.

Heads-up straight draw (seed-002, draw.ante = dealer_antes_N): Ann deals and antes 2, Bob bets 2 and
Ann calls: 6 in the pot, Bob's full house takes it.  The log gives Ann 100 − 4 = 96, Bob 100 − 2 + 6 = 104.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from referee.cli.table_prompt import prompt_text, run_lines
from referee.recording.live_table import LiveTable
from referee.store.store import open_store
from referee.store.transaction import SeatSpec

HAND = ["new hand", "Bob: bets 2", "Ann: calls", "Bob: draws 1", "Ann: draws 2", "Bob: checks", "Ann: checks",
        "Bob: shows Ah Ad Ac Kh Kd", "Ann: shows 2c 3c 4c 5c 7d"]


@pytest.fixture
def table(sqlite_url: str) -> Iterator[LiveTable]:
    with open_store(sqlite_url) as store:
        with store.transaction() as tx:
            session = tx.new_session(table_name="Kitchen", rulebook="straight_draw", chip_value_cents=100,
                                        seats=[SeatSpec(n, 100) for n in ("Ann", "Bob")])
        assert session.id is not None
        yield LiveTable(store, session.id)


def said(table: LiveTable, lines: list[str]) -> list[str]:
    """What the table answered to ``lines`` (the status lines left out)."""
    echoed: list[str] = []
    run_lines(table, lines, echoed.append)
    return [text for text in echoed if not text.startswith(("hand ", "session "))]


def test_counts_that_agree_with_the_log_close_the_night(table: LiveTable) -> None:
    said(table, HAND)
    assert said(table, ["count"]) == ["Counting out: the log gives Ann 96, Bob 104. Type each count in turn "
                                      "('cancel' to stop)."]
    assert prompt_text(table) == "count Ann (the log says 96)> "
    assert said(table, ["96"]) == []
    assert prompt_text(table) == "count Bob (the log says 104)> "
    assert said(table, ["104"]) == ["Session 1 closed: Ann 96, Bob 104\n"
                                    "Chips: 200 bought, 200 cashed out (they balance)\n"
                                    "The log gives 200: every count agrees with the log"]
    assert table.store.session(1).status == "closed"
    assert said(table, ["new hand"]) == ["✗ session 1 is closed: the night was counted out",
                                         "  quit to leave; to correct it: referee session reopen 1 --why \"…\""]


def test_a_count_that_differs_is_counted_again_or_confirmed(table: LiveTable) -> None:
    said(table, HAND)
    assert said(table, ["count", "96", "100"])[-1] == (
        "1 count differs from the log: Bob: counted 100, the log says 104\n"
        "count a player again ('Dee 87'), confirm the counts as counted ('confirm NAME': who confirms), or 'cancel'")
    assert said(table, ["Ann ninety"])[-1].startswith("✗ count a player again")
    assert said(table, ["bob 110"])[-1].startswith("1 count differs from the log: Bob: counted 110, the log says 104")
    assert table.store.session(1).status == "open"  # nothing recorded while counting
    assert [r.kind for r in table.store.events(1)][-1] == "Show"
    closed = said(table, ["confirm Ann"])[-1].splitlines()
    assert closed == ["Session 1 closed: Ann 96, Bob 110",
                      "Confirmed by Ann: Bob: counted 110, the log says 104",
                      "Chips: 200 bought, 206 cashed out (6 more came back than were bought: short by 6 chips)",
                      "The log gives 200: 1 count differs from the log, confirmed",
                      "Short by €6.00 (the chips cashed out are worth more than was paid in), absorbed pro rata to "
                      "the losers (the default): Ann −€6.00"]
    facts = [r.payload for r in table.store.events(1) if r.kind == "CountConfirmed"]
    assert facts == [{"player": "Bob", "counted": 110, "log_says": 104, "by": "Ann"}]


def test_cancel_records_nothing_and_a_hand_in_play_is_not_counted_out(table: LiveTable) -> None:
    said(table, HAND)
    assert said(table, ["count", "96", "cancel"])[-1] == "Counting out cancelled: nothing was recorded."
    assert table.store.session(1).status == "open"
    said(table, ["new hand", "Ann: bets 2"])
    # hand 2: Bob deals and antes 2, Ann bets 2: 4 chips in the middle
    assert said(table, ["count"]) == ["✗ hand 2 is still in play (4 chips in the middle): finish it before counting out",
                                      "  or end it by rule: referee session close 1 --end-hand return|split"]
    assert prompt_text(table).startswith("Bob")


def test_a_jackpots_pot_held_for_the_openers_proof_is_not_counted_out(sqlite_url: str) -> None:
    """jackpots.11.2: "a winner must show his openers before he may take the pot" — Ann deals and antes 3,
    Bob opens for 2, Cy and Ann fold: Bob is alone, but until he shows his openers the 5 chips are
    nobody's, so ``count`` is refused (naming the hand, its chips and how to finish it) and writes
    nothing.  Bob shows Jh Jd (jackpots.4.1: only his openers): the pot is his, Ann 100 − 3 = 97,
    Bob 100 − 2 + 5 = 103, Cy 100, and the counts balance the 300 chips bought."""
    with open_store(sqlite_url) as store:
        with store.transaction() as tx:
            session = tx.new_session(table_name="Kitchen", rulebook="jackpots", chip_value_cents=100,
                                     seats=[SeatSpec(n, 100) for n in ("Ann", "Bob", "Cy")])
        assert session.id is not None
        table = LiveTable(store, session.id)
        said(table, ["new hand", "Bob: bets 2", "Cy: folds", "Ann: folds"])
        head = store.last_seq(table.session_id)
        assert said(table, ["count"]) == [
            "✗ hand 1 is not over: Bob is alone but has not shown openers: pot undecided (5 chips held, nobody's "
            "yet): show the cards it waits for before counting out",
            "  or end it by rule: referee session close 1 --end-hand return|split"]
        assert store.last_seq(table.session_id) == head and store.session(1).status == "open"
        said(table, ["Bob: shows openers Jh Jd"])
        assert said(table, ["count", "97", "103", "100"]) == [
            "Counting out: the log gives Ann 97, Bob 103, Cy 100. Type each count in turn ('cancel' to stop).",
            "Session 1 closed: Ann 97, Bob 103, Cy 100\n"
            "Chips: 300 bought, 300 cashed out (they balance)\n"
            "The log gives 300: every count agrees with the log"]
