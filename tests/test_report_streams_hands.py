"""A report walks its night one hand at a time: each hand is read, replayed and told once, and let go
before the night is done, so a night of thousands of hands is never held whole in memory."""

from __future__ import annotations

import gc
import weakref

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.engine.night import NightReplay
from referee.handfile import parse_night
from referee.handfile.replay import replay_night_file
from referee.recording.night_file import record_night
from referee.store.store import open_store

runner = CliRunner()

HANDS = 60
#: Jackpots: Bob opens with queens and wins at the showdown; Ann opens with kings and Bob folds
WON = ("dealer: Ann\nBob: dealt Qh Qd 9c 5s 3h\nBob: bets 2\nCy: calls\nDee: folds\nAnn: folds\n"
       "Bob: draws 3, discards 9c 5s 3h, gets Qs 8d 2c\nCy: draws 1\nBob: bets 5\nCy: calls\n"
       "Bob: shows Qh Qd Qs 8d 2c\nCy: shows Th Ts 6h 6d Ac\n")
FOLDED = ("dealer: Dee\nAnn: dealt Kh Kd 9c 5s 3h\nAnn: bets 2\nBob: calls\nCy: folds\nDee: folds\n"
          "Ann: draws 3, discards 9c 5s 3h, gets 8s 8d 2c\nBob: draws 1\nAnn: bets 4\nBob: folds\n"
          "Ann: shows openers Kh Kd\n")
#: Cy opens on Ah Kd (no pair of jacks or better) and shows it at the showdown: a false open (jackpots.9), the one hand flagged
FALSE_OPEN = ("dealer: Bob\nCy: dealt Ah Kd 8c 5s 2d\nCy: bets 2\nDee: calls\nAnn: folds\nBob: folds\n"
              "Cy: draws 3, discards 8c 5s 2d, gets Ac As 9h\nDee: draws 2\nCy: bets 5\nDee: calls\n"
              "Cy: shows Ah Kd Ac As 9h\nDee: shows Qc Qd 7h 7s 3c\n")


def night_text() -> str:
    lines = ["rulebook: jackpots", "option draw.limit_post = 10",
             "seats: Ann 10000, Bob 10000, Cy 10000, Dee 10000", "dealer: Ann", ""]
    for number in range(1, HANDS + 1):
        lines += [f"hand {number}", FALSE_OPEN if number == 7 else WON if number % 2 else FOLDED]
    return "\n".join(lines)


@pytest.fixture
def night_url(db_url: str) -> str:
    night = parse_night(night_text(), source="long night")
    with open_store(db_url) as store:
        sid = record_night(store, night, table_name="Long", chip_value_cents=25)
        with store.transaction() as tx:
            tx.close_session(sid, dict(replay_night_file(night).result.stacks))
    return db_url


def test_a_report_replays_each_hand_once_and_keeps_none_of_them(night_url: str,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Counted at the engine: every hand of the night is replayed exactly once, and when a hand is
    replayed at most the one before it is still alive (the ledger's walk and the report's lines have
    taken what they need); after the report none is."""
    replayed: list[weakref.ref[object]] = []
    most_alive = 0
    real_hand = NightReplay.hand

    def counting_hand(self: NightReplay, hand: object) -> object:
        nonlocal most_alive
        gc.collect()
        most_alive = max(most_alive, sum(1 for ref in replayed if ref() is not None))
        result = real_hand(self, hand)  # type: ignore[arg-type]
        replayed.append(weakref.ref(result))
        return result

    monkeypatch.setattr(NightReplay, "hand", counting_hand)
    gc.collect()
    gc.freeze()  # what lived before the report is not looked at again: each collection sees the report's own objects
    try:
        shown = runner.invoke(app, ["report", "1", "--db", night_url], env={"COLUMNS": "120"})
    finally:
        gc.unfreeze()
    assert shown.exit_code == 0, shown.output
    assert f"(1 of {HANDS})" in shown.output  # the false open of hand 7, the one hand listed
    assert len(replayed) == HANDS
    assert most_alive <= 1
    gc.collect()
    assert sum(1 for ref in replayed if ref() is not None) == 0


def test_every_hand_listed_is_told_from_a_walked_night_as_from_the_whole_replay(night_url: str) -> None:
    """``--hands all``: the report walked hand by hand lists each hand with the winner, pot and
    findings that replaying the whole night at once gives."""
    from referee.ledger.ledger import session_ledger
    from referee.report.document import night_report, report_of

    with open_store(night_url) as store:
        walked = report_of(store, 1, all_hands=True)
        ledger, log, whole = session_ledger(store, 1)
        at_once = night_report(ledger, log, whole, ledger.settle())
    assert len(walked.listed_hands) == HANDS
    assert walked.hands == at_once.hands
    assert walked.findings == at_once.findings and walked.penalties == at_once.penalties
    assert walked.chips == at_once.chips and walked.standings == at_once.standings
    assert walked.ledger == at_once.ledger
