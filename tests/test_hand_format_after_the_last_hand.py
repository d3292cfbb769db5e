"""The night's changes after its last hand in the hand format (docs/hand-format.md, "After the last
hand"): read back as night events, written in their order, refused where they cannot be, and carried
by a text export so that a night imported from it is the stored night, changes and all."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from referee.cli import app
from referee.engine.events import AddChips, Leave, SetDealer, SitDown
from referee.errors import HandFileError
from referee.handfile import parse_night, write_night
from referee.ledger.ledger import session_ledger
from referee.store.store import open_store

DOCS = Path(__file__).resolve().parent.parent / "docs" / "hand-format.md"

HEADER = "rulebook: straight_draw\nseats: Ann 50, Bob 50, Cy 50\ndealer: Ann\n"
HAND = "\nhand 1\nBob: bets 1\nCy: folds\nAnn: folds\n"

runner = CliRunner()


def ok(*args: str) -> Result:
    result = runner.invoke(app, list(args), terminal_width=200, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result


def refused(text: str) -> HandFileError:
    with pytest.raises(HandFileError) as caught:
        parse_night(text, source="night.txt")
    return caught.value


def test_the_example_in_the_docs_reads_as_the_changes_it_lists_in_their_order() -> None:
    """docs/hand-format.md: "Cy leaves / Ann adds 20 / Eve sits down with 50 after Bob / dealer: Bob"
    after the last hand; written back, the example is the canonical text it is."""
    section = DOCS.read_text(encoding="utf-8").split("### After the last hand", 1)[1]
    text = section.split("```text\n", 1)[1].split("```", 1)[0]
    night = parse_night(text)
    assert night.closing == (Leave("Cy"), AddChips("Ann", 20), SitDown("Eve", 50, "Bob"), SetDealer("Bob"))
    assert len(night.hands) == 1 and night.hands[0].changes == ()
    assert write_night(night) == text


def test_a_night_with_no_hands_has_its_changes_after_the_header() -> None:
    """A night begun and changed before its first deal: 'Bob leaves', 'Dee sits down with 30'."""
    text = HEADER + "\nafter the last hand\nBob leaves\nDee sits down with 30\n"
    night = parse_night(text)
    assert night.hands == () and night.closing == (Leave("Bob"), SitDown("Dee", 30))
    assert write_night(night) == text


def test_the_game_and_its_options_may_change_after_the_last_hand() -> None:
    """Dealer's choice named before the next deal: 'rulebook: jackpots', then an option of it; a
    rulebook's option it does not have is refused at its line."""
    text = HEADER + HAND + "\nafter the last hand\nrulebook: jackpots\noption draw.limit_post = 10\nshuffled\n"
    night = parse_night(text)
    assert [type(e).__name__ for e in night.closing] == ["ChangeRulebook", "ChangeOption", "Shuffle"]
    assert write_night(night) == text
    err = refused(HEADER + HAND + "\nafter the last hand\noption no.such = 1\n")
    assert err.where == "night.txt:11", str(err)


def test_a_night_without_changes_after_its_last_hand_is_written_as_before() -> None:
    night = parse_night(HEADER + HAND)
    assert night.closing == () and write_night(night) == HEADER + HAND


@pytest.mark.parametrize(("after", "line", "says"), [
    ("after the last hand\nhand 2\nBob: bets 1\n", 11, "'hand 2' after 'after the last hand'"),
    ("after the last hand\nBob: bets 1\n", 11, "'Bob: bets 1' after 'after the last hand'"),
    ("after the last hand\nZed leaves\n", 11, "unknown player"),
    ("after the last hand\nBob leaves\nafter the last hand\n", 12, "a second 'after the last hand' line"),
], ids=["a hand", "an action", "an unknown player", "twice"])
def test_what_may_not_follow_the_last_hand_is_refused_at_its_line(after: str, line: int, says: str) -> None:
    err = refused(HEADER + HAND + "\n" + after)
    assert err.where == f"night.txt:{line}" and says in err.message, str(err)


def test_a_text_export_of_changes_after_the_last_hand_imports_as_the_same_night(tmp_path: Path) -> None:
    """At the table: a hand, then 'Cy leaves', 'Ann adds 20', 'Dee sits down with 40 after Bob' and
    'dealer: Dee'. The text export says them as lines; imported into a fresh store, the night exports
    to the same text, seats the same players and gives each the same chips and balance. Worked out: Ann
    deals and antes 3 for the table (47), Bob bets 1 and takes the 4 (53), Ann adds 20 (67), Cy leaves
    with his 50, Dee brings 40."""
    here, there = f"sqlite:///{tmp_path / 'here.sqlite3'}", f"sqlite:///{tmp_path / 'there.sqlite3'}"
    ok("session", "new", "--table", "Kitchen", "--game", "straight_draw", "-p", "Ann:50", "-p", "Bob:50",
       "-p", "Cy:50", "--dealer", "Ann", "--db", here)
    ok("act", "1", "new hand", "bob bets 1", "cy folds", "ann folds", "Cy leaves", "Ann adds 20",
       "Dee sits down with 40 after Bob", "dealer: Dee", "--db", here)
    text = ok("export", "1", "--db", here).stdout
    assert text.endswith("\nafter the last hand\nCy leaves\nAnn adds 20\nDee sits down with 40 after Bob\n"
                         "dealer: Dee\n"), text
    path = tmp_path / "night.txt"
    path.write_text(text, encoding="utf-8")
    ok("import", str(path), "--db", there)
    assert ok("export", "1", "--db", there).stdout == text
    again = runner.invoke(app, ["import", str(path), "--db", here])  # its own store: the stored night
    assert again.exit_code == 2 and "already in the store as session 1" in again.output, again.output
    with open_store(here) as store:
        ours = session_ledger(store, 1)
    with open_store(there) as store:
        theirs = session_ledger(store, 1)
    assert list(theirs[1].table.seats) == list(ours[1].table.seats) == ["Ann", "Bob", "Dee"]
    assert [(p.name, p.bought, p.log_chips) for p in theirs[0].players] == \
        [(p.name, p.bought, p.log_chips) for p in ours[0].players]
    assert {p.name: p.log_chips for p in ours[0].players} == {"Ann": 67, "Bob": 53, "Cy": 50, "Dee": 40}
    assert theirs[0].balances() == ours[0].balances()
