"""A night's figures kept in the store are never stale (issue 20, item 1: "a night's replay result
cached in the store keyed by the head of its hash chain (a new event, a correction or a ruling changes
the head, so a stale result cannot be read) ... a cache that does not match is recomputed, never
trusted").

Each test reads a night once (its figures are kept), changes the night the way the table does (an
event, a correction, a ruling, a reopen, a close, a money setting) or tampers with the kept row, and
reads again: the answer is the one a fresh replay of the log gives, never the kept one.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from hypothesis import HealthCheck, assume, given, settings
from sqlalchemy import text
from typer.testing import CliRunner

from helpers.nights import DISPUTED, TABLE_RULED, nights
from referee.cli import app
from referee.engine.events import CashOut, CountFixed, LedgerSetting, Void
from referee.errors import RefereeError
from referee.handfile import Night, parse_night
from referee.handfile.replay import replay_night_file
from referee.ledger.kept import FORMAT, night_figures
from referee.ledger.ledger import session_ledger
from referee.ledger.standings import standings
from referee.recording.night_file import record_night
from referee.store.kept import deciding_code
from referee.store.store import Store, open_store

runner = CliRunner()



def events_of(*lines: str) -> tuple[object, ...]:
    """The events of hand-format action lines of a jackpots hand."""
    text = "rulebook: jackpots\nseats: Ann 20, Bob 20, Cy 20\ndealer: Ann\n\nhand 1\n" + "\n".join(lines) + "\n"
    return parse_night(text).hands[0].events


def fresh(store: Store, sid: int) -> dict[str, tuple[int, int]]:
    """Each seat's chips (as the log gives them) and balance, from a replay of the log as it is now,
    the kept figures left aside."""
    ledger, _, _ = session_ledger(store, sid)
    return {line.name: (line.log_chips, line.balance_cents) for line in ledger.players}


def kept(store: Store, sid: int) -> tuple[dict[str, tuple[int, int]], bool]:
    """Each seat's chips and balance as the kept-figures path gives them, and whether it replayed."""
    found = night_figures(store, [store.session(sid)])[sid]
    assert not isinstance(found, RefereeError), found
    return {line.name: (line.log_chips, line.balance_cents) for line in found.ledger.players}, found.replayed


def kept_row(store: Store, sid: int) -> tuple[str, int, str] | None:
    with store.engine.connect() as conn:
        row = conn.execute(text("SELECT head, format, referee FROM night_results WHERE session_id = :s "
                                "AND kind = 'figures'"),
                           {"s": sid}).first()
    return None if row is None else tuple(row)  # type: ignore[return-value]


def tamper(store: Store, sid: int, sql: str, **params: object) -> None:
    with store.engine.begin() as conn:
        conn.execute(text(sql), {"s": sid, **params})


def test_a_kept_night_is_read_not_replayed_while_its_log_ends_where_it_did(db_url: str) -> None:
    with open_store(db_url) as store:
        sid = record_night(store, DISPUTED, table_name="Kitchen", chip_value_cents=25)
        store.close_session(sid, {"Ann": 17, "Bob": 30, "Cy": 23})
        first = standings(store)
        assert first.replayed == (sid,)
        assert kept_row(store, sid) == (store.verify_chain(sid).head, FORMAT, deciding_code())
        again = standings(store)
        assert again.replayed == ()
        assert again.rows == first.rows and again.sessions == first.sessions == (sid,)


def test_a_new_event_after_a_kept_read_is_in_the_next_answer(db_url: str) -> None:
    """An open night counted with --open: a money setting, then a new hand's actions, each moves the
    head, so the next read replays and shows them."""
    with open_store(db_url) as store:
        sid = record_night(store, DISPUTED, table_name="Kitchen", chip_value_cents=25)
        assert standings(store, include_open=True).currency == "EUR"
        store.append_event(sid, None, LedgerSetting("currency", "GBP"))
        after = standings(store, include_open=True)
        assert after.currency == "GBP" and after.replayed == (sid,)
        before, replayed = kept(store, sid)
        assert not replayed
        store.start_hand(sid)
        store.append_events(sid, 3, list(events_of("Cy: bets 1")))  # Cy opens hand 3: his chip is in the middle
        now, replayed = kept(store, sid)
        assert replayed and now == fresh(store, sid) and now != before


def test_a_correction_after_a_kept_read_is_in_the_next_answer(db_url: str) -> None:
    """'void 1' (docs/hand-format.md: the action did not happen): Cy's opening bet in hand 2 is taken
    back, so his chip is his again."""
    with open_store(db_url) as store:
        sid = record_night(store, DISPUTED, table_name="Kitchen", chip_value_cents=25)
        before, _ = kept(store, sid)
        store.append_event(sid, 2, Void(1, "misheard: he checked"))
        now, replayed = kept(store, sid)
        assert replayed and now == fresh(store, sid) and now != before


def test_a_ruling_after_a_kept_read_is_in_the_next_answer(db_url: str) -> None:
    """The table decided hand 1 (Bob's openers shown): a ``Ruling`` is appended with no hand number
    and the replay follows it, so Bob's balance moves."""
    with open_store(db_url) as store:
        sid = record_night(store, DISPUTED, table_name="Kitchen", chip_value_cents=25)
        before, _ = kept(store, sid)
        assert not kept(store, sid)[1]
        store.append_event(sid, None, TABLE_RULED)
        now, replayed = kept(store, sid)
        assert replayed and now == fresh(store, sid)
        assert now["Bob"][0] > before["Bob"][0]


def test_a_reopen_and_a_close_after_a_kept_read_are_in_the_next_answer(db_url: str) -> None:
    """A closed night counted, then reopened (left out of the standings as open, counted with --open
    at its log's chips), a count corrected, and closed again: each read answers from the log as it is."""
    with open_store(db_url) as store:
        sid = record_night(store, DISPUTED, table_name="Kitchen", chip_value_cents=25)
        store.append_event(sid, None, TABLE_RULED)
        store.close_session(sid, {"Ann": 17, "Bob": 40, "Cy": 13})
        closed = {row.player: row.net_cents for row in standings(store).rows}
        assert standings(store).replayed == ()
        store.reopen_session(sid, "Cy counted 13, he has 15", by="Ann")
        reopened = standings(store)
        assert reopened.rows == () and reopened.skipped == ((sid, "still open (its results are provisional)"),)
        counted_open = standings(store, include_open=True)
        assert counted_open.replayed == (sid,)
        store.append_event(sid, None, CountFixed("Cy", 15))
        store.close_session(sid)
        now = standings(store)
        assert now.replayed == (sid,)
        assert {row.player: row.net_cents for row in now.rows} != closed
        assert {row.player: row.net_cents for row in now.rows} == {n: b for n, (_, b) in fresh(store, sid).items()}


def test_a_kept_row_that_does_not_fit_is_replayed_and_replaced(db_url: str) -> None:
    """A wrong head, an older format, another referee's version, a document that is garbage, one
    with a field missing, one of another status: each is replayed (the fresh answer) and replaced."""
    with open_store(db_url) as store:
        sid = record_night(store, DISPUTED, table_name="Kitchen", chip_value_cents=25)
        store.append_event(sid, None, CashOut("Ann", 17))
        truth, _ = kept(store, sid)
        head = store.verify_chain(sid).head
        lies = [
            ("UPDATE night_results SET head = :h WHERE session_id = :s", {"h": "0" * 64}),
            ("UPDATE night_results SET seq = seq - 1 WHERE session_id = :s", {}),
            ("UPDATE night_results SET format = :f WHERE session_id = :s", {"f": FORMAT - 1}),
            ("UPDATE night_results SET referee = :r WHERE session_id = :s", {"r": "0.0.1"}),
            ("UPDATE night_results SET document = :d WHERE session_id = :s", {"d": '{"status": "open", "x": 1}'}),
            ("UPDATE night_results SET document = :d WHERE session_id = :s", {"d": '"garbage"'}),
            ("UPDATE night_results SET document = :d WHERE session_id = :s", {"d": "[1, 2]"}),
        ]
        for sql, params in lies:
            tamper(store, sid, sql, **params)
            balances, replayed = kept(store, sid)
            assert replayed and balances == truth, sql
            assert kept_row(store, sid) == (head, FORMAT, deciding_code())
        # a document that decodes, with the balances changed but the status of another night
        with store.engine.connect() as conn:
            document = conn.execute(text("SELECT document FROM night_results WHERE session_id = :s"),
                                    {"s": sid}).scalar_one()
        import json

        document = json.loads(document) if isinstance(document, str) else document
        document["status"] = "closed"
        document["ledger"]["players"][0]["log_chips"] += 500
        tamper(store, sid, "UPDATE night_results SET document = :d WHERE session_id = :s", d=json.dumps(document))
        balances, replayed = kept(store, sid)
        assert replayed and balances == truth
        # a document missing a field of a player's line
        document["status"] = "open"
        del document["ledger"]["players"][0]["cashed"]
        tamper(store, sid, "UPDATE night_results SET document = :d WHERE session_id = :s", d=json.dumps(document))
        balances, replayed = kept(store, sid)
        assert replayed and balances == truth
        assert not kept(store, sid)[1]  # replaced by the fresh one, which is read from now on


def test_a_night_that_no_longer_replays_is_reported_on_every_read_and_never_kept(db_url: str) -> None:
    with open_store(db_url) as store:
        sid = record_night(store, DISPUTED, table_name="Kitchen", chip_value_cents=25)
        good = record_night(store, DISPUTED, table_name="Hall", chip_value_cents=25)
        # a card named twice in hand 2: the engine refuses the night outright
        store.append_events(sid, 2, list(events_of("Ann: dealt Kh Kd 9c 5s 3h", "Bob: dealt Kh Qd Qc 7s 2h")))
        for _ in range(2):
            result = standings(store, include_open=True)
            assert [sid_ for sid_, _ in result.broken] == [sid]
            assert result.sessions == (good,)
        assert kept_row(store, sid) is None


def test_the_standings_are_the_same_with_and_without_kept_figures(sqlite_url: str) -> None:
    """The command's CSV, cold (every night replayed) and warm (read from the kept figures), and again
    after the kept rows are dropped: the same text."""
    with open_store(sqlite_url) as store:
        store.add_player("Robert")
        store.add_alias("Robert", "Bobby")
        one = record_night(store, DISPUTED, table_name="Kitchen", chip_value_cents=25)
        store.close_session(one, {"Ann": 17, "Bob": 30, "Cy": 23})
        two = record_night(store, replace(DISPUTED, rulings=()), table_name="Kitchen", chip_value_cents=10)
        store.append_event(two, None, TABLE_RULED)
    answers = []
    for _ in range(2):
        result = runner.invoke(app, ["standings", "--open", "--csv", "-", "--db", sqlite_url])
        assert result.exit_code == 0, result.output
        answers.append(result.stdout)
    with open_store(sqlite_url) as store:
        tamper(store, 0, "DELETE FROM night_results WHERE session_id > :s")
    answers.append(runner.invoke(app, ["standings", "--open", "--csv", "-", "--db", sqlite_url]).stdout)
    assert answers[0] == answers[1] == answers[2]
    assert "Bob" in answers[0]


def test_a_viewer_on_a_read_only_database_gets_the_standings(tmp_path: Path) -> None:
    """A read-only copy (docs/store.md: ``?mode=ro&uri=true``) cannot keep figures: it answers all the
    same, replaying what is not kept."""
    path = tmp_path / "club.sqlite3"
    with open_store(f"sqlite:///{path}") as store:
        sid = record_night(store, DISPUTED, table_name="Kitchen", chip_value_cents=25)
        store.close_session(sid, {"Ann": 17, "Bob": 30, "Cy": 23})
    result = runner.invoke(app, ["standings", "--db", f"sqlite:///file:{path}?mode=ro&uri=true"])
    assert result.exit_code == 0, result.output
    assert "1 night ·" in result.output and "Cy" in result.output


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                 HealthCheck.filter_too_much])
@given(night=nights())
def test_random_nights_of_every_game_give_the_same_figures_kept_or_replayed(db_url: str, night: Night) -> None:
    """Random nights of every game (players coming and going, rebuys, games switched): the figures read
    back from the kept document are exactly those of a fresh replay -- the whole ledger, field for
    field, and the hands each seat played; a night that does not replay fails the same way each time."""
    try:
        replay_night_file(night)
    except RefereeError:
        assume(False)
    with open_store(db_url) as store:
        sid = record_night(store, night, table_name="Generated", chip_value_cents=10)
        game = store.session(sid)
        try:
            ledger, _, replayed = session_ledger(store, sid)
        except RefereeError as err:
            for _ in range(2):
                found = night_figures(store, [game])[sid]
                assert isinstance(found, RefereeError) and str(found) == str(err)
            return
        hands: dict[str, int] = {}
        for hand in replayed:
            for name in hand.replay.setup.names:
                hands[name] = hands.get(name, 0) + 1
        cold = night_figures(store, [game])[sid]
        warm = night_figures(store, [game])[sid]
        assert not isinstance(cold, RefereeError) and not isinstance(warm, RefereeError)
        assert cold.replayed and not warm.replayed
        assert cold.ledger == warm.ledger == ledger
        assert dict(cold.hands) == dict(warm.hands) == hands
        assert warm.hand_count == len(replayed)


def test_settle_keeps_the_ledger_and_a_payment_recorded_since_is_in_the_next_settlement(db_url: str) -> None:
    """``referee settle`` reads the kept ledger (the standings then replay nothing); ``--paid 1`` records
    a payment (a ``TransferPaid`` event moves the head), and the next settlement has it paid."""
    import json

    with open_store(db_url) as store:
        sid = record_night(store, DISPUTED, table_name="Kitchen", chip_value_cents=25)
        store.close_session(sid, {"Ann": 17, "Bob": 30, "Cy": 23})
    first = runner.invoke(app, ["settle", str(sid), "--json", "--db", db_url])
    assert first.exit_code == 0, first.output
    with open_store(db_url) as store:
        assert kept_row(store, sid) == (store.verify_chain(sid).head, FORMAT, deciding_code())
        assert standings(store).replayed == ()
    transfers = json.loads(first.stdout)["transfers"]
    assert transfers
    paid = runner.invoke(app, ["settle", str(sid), "--paid", "1", "--db", db_url])
    assert paid.exit_code == 0, paid.output
    after = json.loads(runner.invoke(app, ["settle", str(sid), "--json", "--db", db_url]).stdout)
    assert after != json.loads(first.stdout)
    with open_store(db_url) as store:
        ledger, _, _ = session_ledger(store, sid)
        assert [(t.payer, t.payee, t.cents) for t in ledger.payments] == \
            [(transfers[0]["payer"], transfers[0]["payee"], transfers[0]["cents"])]
        assert kept_row(store, sid) == (store.verify_chain(sid).head, FORMAT, deciding_code())
        assert not kept(store, sid)[1]
