"""The live table (referee.recording.live_table): what a scorekeeper's lines do to the log and to the hand in memory.

Lines are refused with the engine's reason and forced into the log as facts; undo and corrections
append voids; ``new hand`` moves the deal on by the rules; night lines hold from the next hand; two
tables on one session detect each other's appends (SQLite and PostgreSQL); a table rebuilt from the
store is the table that recorded it.
"""

from __future__ import annotations

import pytest

from referee.engine.events import Void
from referee.engine.games import replayed_games
from referee.handfile.replay import replay_night_file
from referee.recording.live_table import LiveTable, Refused, Said, Stored
from referee.recording.session_log import night_from_session
from referee.store.store import Store, open_store
from referee.store.transaction import SeatSpec

FOUR = ("Ann", "Bob", "Cy", "Dee")


def new_table(store: Store, game: str = "jackpots", names: tuple[str, ...] = FOUR, **options: object) -> LiveTable:
    with store.transaction() as tx:
        session = tx.new_session(table_name="Kitchen", rulebook=game, chip_value_cents=25, options=options,
                                    seats=[SeatSpec(n, 100) for n in names])
    assert session.id is not None
    return LiveTable(store, session.id)


def stored(table: LiveTable, *lines: str) -> list[Stored]:
    out = []
    for line in lines:
        entry = table.enter(line)
        assert isinstance(entry, Stored), (line, entry)
        out.append(entry)
    return out


@pytest.fixture
def store(sqlite_url: str):
    with open_store(sqlite_url) as opened:
        yield opened


def test_an_illegal_action_is_refused_with_the_reason_and_forced_as_a_fact(store: Store) -> None:
    table = new_table(store)
    stored(table, "new hand", "bob open 2")
    refused = table.enter("cy x")
    assert isinstance(refused, Refused) and refused.forceable
    assert refused.reason.startswith("Cy cannot check: 2 to call")
    assert refused.rules == ("draw.4.2",)
    assert store.last_seq(table.session_id) == table.seen  # nothing was stored
    forced = table.force()
    assert isinstance(forced, Stored) and forced.text == "Cy: checks" and forced.action == 2
    assert [f.rule for f in forced.findings if f.severity == "error"] == ["draw.4.2"]
    replay = replay_night_file(night_from_session(store, table.session_id))
    assert [(f.action, f.rule) for f in replay[0].replay.illegal] == [(2, "draw.4.2")]
    assert isinstance(table.force(), Refused)  # one force per refusal


def test_undo_and_corrections_append_voids_and_delete_nothing(store: Store) -> None:
    table = new_table(store)
    stored(table, "new hand", "bob open 2", "cy f")
    undo = table.enter("undo")
    assert isinstance(undo, Stored) and undo.text == "void 2: undo" and undo.note == "takes back Cy: folds"
    assert table.prompt().to_act == "Cy"  # type: ignore[union-attr]
    stored(table, "cy c", "void 1: misheard, he checked")
    rows = store.events(table.session_id, 1)
    assert [r.text for r in rows] == ["Bob: bets 2", "Cy: folds", "void 2: undo", "Cy: calls",
                                      "void 1: misheard, he checked"]
    assert isinstance(store.hand_events(table.session_id, 1)[2], Void)
    assert table.prompt().to_act == "Bob"  # type: ignore[union-attr]
    again = table.enter("undo")  # the latest action still standing: Cy's call
    assert isinstance(again, Stored) and again.text == "void 4: undo"


def test_the_deal_moves_on_by_the_rules_and_stays_after_a_misdeal(store: Store) -> None:
    table = new_table(store)
    dealers = []
    for _ in range(3):
        stored(table, "new hand")
        dealers.append(table.status().dealer)
        while (prompt := table.prompt()) is not None and prompt.to_act is not None:
            stored(table, f"{prompt.to_act} x")  # nobody opens: passed out
    assert dealers == ["Ann", "Bob", "Cy"]
    stored(table, "new hand", "misdeal: a card face up", "new hand")
    assert table.status().dealer == "Dee"  # the same dealer deals again


def test_la_viuda_deals_counter_clockwise(store: Store) -> None:
    table = new_table(store, "la_viuda", ("Ann", "Bob", "Cy"))
    order = []
    for loser in ("Ann", "Bob", "Cy"):
        stored(table, "new hand")
        order.append(table.status().dealer)
        stored(table, f"{loser} was lowest")
    assert order == ["Ann", "Cy", "Bob"]


def test_a_night_line_holds_from_the_next_hand_to_begin(store: Store) -> None:
    table = new_table(store)
    stored(table, "new hand", "bob open 2")
    joined = table.enter("eve sits down with 80 after Dee")
    assert isinstance(joined, Stored) and joined.text == "Eve sits down with 80 after Dee"
    assert joined.note == "from the next hand" and "Eve" not in table.names
    stored(table, "cy f", "dee f", "ann f")
    assert table.over() is None  # Bob is alone, but the pot is his only once he shows his openers
    assert table.status().line().endswith("Bob is alone but has not shown openers: pot undecided")
    stored(table, "bob show openers JhJd")
    assert table.over() is not None
    stored(table, "new hand")
    assert table.names == ("Ann", "Bob", "Cy", "Dee", "Eve") and table.status().dealer == "Bob"
    left = table.enter("Ann leaves")  # the hand has begun and holds nothing yet: it holds from this one
    assert isinstance(left, Stored) and left.note == "from hand 2"
    assert table.names == ("Bob", "Cy", "Dee", "Eve")
    stored(table, "cy x")
    night = night_from_session(store, table.session_id)
    assert night.hands[1].seats == ("Bob", "Cy", "Dee", "Eve")


def test_an_action_after_the_hand_asks_for_a_new_hand(store: Store) -> None:
    table = new_table(store)
    stored(table, "new hand", "bob open 2", "cy f", "dee f", "ann f", "bob show openers Jh Jd")
    assert table.over() == "Bob wins 6 uncontested"
    late = table.enter("cy x")
    assert isinstance(late, Refused) and late.forceable and "hand 1 is over" in late.reason
    assert "new hand" in (late.hint or "")
    shown = table.enter("cy show 7c7d2s2h3c")  # cards may be entered whenever they are shown
    assert isinstance(shown, Stored) and shown.text == "Cy: shows 7c 7d 2s 2h 3c"


def test_new_hand_while_one_is_under_way_is_refused_and_can_be_forced(store: Store) -> None:
    table = new_table(store)
    stored(table, "new hand", "bob open 2")
    early = table.enter("new hand")
    assert isinstance(early, Refused) and early.forceable and early.reason == "hand 1 is not over (Cy to act)"
    begun = table.force()
    assert isinstance(begun, Stored) and begun.hand == 2
    empty = table.enter("new hand")
    assert isinstance(empty, Refused) and not empty.forceable


def test_lines_that_cannot_be_logged_are_refused_and_cannot_be_forced(store: Store) -> None:
    table = new_table(store)
    assert isinstance(table.enter("bob x"), Refused)  # no hand yet
    stored(table, "new hand", "bob dealt Jh Jd ?? ?? ??")
    for line, reason in [("cy dealt Jh 2c ?? ?? ??", "already holds it"), ("bob rasie 4", "'rasie' is not a verb"),
                         ("zed f", "unknown player 'zed'"), ("zed: folds", "not seated in hand 1"), ("cy knock", "not a verb of Jackpots")]:
        entry = table.enter(line)
        assert isinstance(entry, Refused) and not entry.forceable, line
        assert reason in entry.reason, (line, entry)
        assert isinstance(table.force(), Refused)
    typo = table.enter("bob rasie 4")
    assert isinstance(typo, Refused) and typo.hint == "did you mean 'raise'?"


def test_the_status_shows_hand_pot_turn_choices_and_cards(store: Store) -> None:
    table = new_table(store)
    assert table.status().line() == "session 1 · Jackpots · no hand yet: type 'new hand' (Ann deals)"
    stored(table, "new hand", "bob dealt JhJd?????? ", "bob open 2")
    status = table.status()
    assert (status.hand, status.dealer, status.pot, status.to_act) == (1, "Ann", 6, "Cy")
    assert status.legal == ("fold", "call 2", "raise 1–2")
    assert status.cards == (("Bob", "Jh Jd"),)
    assert status.line() == ("hand 1 · Jackpots · dealer Ann · pot 6 · Cy to act: fold, call 2, raise 1–2"
                             " · cards Bob Jh Jd")


def test_question_mark_shows_the_rules_of_the_spot(store: Store) -> None:
    table = new_table(store)
    stored(table, "new hand", "bob open 2")
    said = table.enter("?")
    assert isinstance(said, Said)
    assert said.text.startswith("Cy to act (first betting round): fold, call 2, raise 1–2")
    assert "draw.4.2: " in said.text and "draw.4.1: " in said.text
    book = table.rulebook
    assert f"draw.4.2: {' '.join(book.rule_text('draw.4.2').split())}" in said.text


@pytest.mark.parametrize("game", replayed_games())
def test_question_mark_quotes_the_rulebook_in_every_game(store: Store, game: str) -> None:
    """``?`` at the first spot of a hand of every game: the rules with their texts, never a crash (it
    raised AttributeError in brag and the commerce games, whose rounds have no betting rule ids)."""
    table = new_table(store, game, ("Ann", "Bob", "Cy"))
    stored(table, "new hand")
    said = table.enter("?")
    assert isinstance(said, Said), said
    head, *rules = said.text.splitlines()
    assert rules and all(line.startswith("  ") for line in rules), said.text
    rule_id, _, text = rules[0].strip().partition(": ")
    assert text == " ".join(table.rulebook.rule_text(rule_id).split())


def test_a_table_rebuilt_from_the_store_is_the_table_that_recorded(store: Store) -> None:
    table = new_table(store)
    stored(table, "new hand", "bob open 2", "cy f", "dee c", "ann r 2", "bob c", "dee c", "undo", "dee f",
           "Eve sits down with 50", "bob draw 3")
    again = LiveTable(store, table.session_id)
    assert again.status() == table.status() and again.seen == table.seen
    assert again.state is not None and table.state is not None and again.state.log == table.state.log


def test_two_tables_on_one_session_see_each_others_appends(db_url: str) -> None:
    with open_store(db_url) as one, open_store(db_url) as other:
        first = new_table(one)
        stored(first, "new hand")
        second = LiveTable(other, first.session_id)
        stored(first, "bob open 2")
        raced = second.enter("bob x")
        assert isinstance(raced, Refused) and raced.stale
        assert raced.reason == ("hand 1 changed since you loaded it: Bob: bets 2 (action 1); your 'Bob: checks' "
                                "was not stored — enter it again")
        assert second.status() == first.status()  # reloaded: nothing lost, nothing overwritten
        stored(second, "cy f")
        late = first.enter("cy c")
        assert isinstance(late, Refused) and late.stale and "Cy: folds (action 2)" in late.reason
        stored(first, "dee c")
        assert [r.text for r in one.events(first.session_id, 1)] == ["Bob: bets 2", "Cy: folds", "Dee: calls"]
        assert one.verify_chain(first.session_id).ok
