"""A night carries its rulebook: the text of every rulebook file it plays under is in its log, so
a house file edited, moved or deleted after the night never changes it, and the night replays the
same wherever it is exported to.

The night used throughout, worked out by hand: straight draw under a house file whose ante is the
dealer's (``draw.ante = dealer_antes_N``: the dealer puts one chip per player into the pot).  Ann
deals to Ann, Bob and Cy, so she antes 3; Bob bets 1, Cy and Ann fold; Bob takes the pot of 4.
Ann 50 - 3 = 47, Bob 50 - 1 + 4 = 53, Cy 50: Ann -3, Bob +3, at a chip of €1.00 Ann pays Bob €3.00.
Under the edited file (``each_player_antes_1``) everyone would ante 1 and Bob would take 4:
Ann 49, Bob 52, Cy 49.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from referee.cli import app
from referee.handfile import parse_night, read_night
from referee.handfile.replay import replay_night_file
from referee.recording.night_file import record_night
from referee.recording.session_log import session_log
from referee.store.store import Store, open_store

runner = CliRunner()

HOUSE = '[rulebook]\nname = "house"\nextends = "straight_draw"\n[options]\n"draw.ante" = "dealer_antes_N"\n'
EDITED = HOUSE.replace("dealer_antes_N", "each_player_antes_1")
NIGHT = """\
rulebook: house.toml
seats: Ann 50, Bob 50, Cy 50
dealer: Ann

hand 1
Bob: bets 1
Cy: folds
Ann: folds
"""
RECORDED = "Final stacks: Ann 47, Bob 53, Cy 50"
UNDER_THE_EDIT = "Final stacks: Ann 49, Bob 52, Cy 49"


def run(db_url: str, *args: str) -> Result:
    return runner.invoke(app, [*args], env={"REFEREE_DB": db_url, "COLUMNS": "200"}, terminal_width=200)


def ok(db_url: str, *args: str) -> str:
    result = run(db_url, *args)
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())  # the words, whatever the terminal's wrapping


def changed_words(path: Path) -> str:
    return (f"{path.name} has changed since this night: the night plays under the rules it was recorded with; "
            f"`--rulebook {path}` shows what the new one would change")


def gone_words(path: Path) -> str:
    return f"{path.name} is no longer at {path}: the night plays under the rules it was recorded with"


def figures(db_url: str) -> tuple[str, str, str, str]:
    """What the replay, the report, the settlement and `db verify` say of session 1."""
    return (ok(db_url, "replay", "--session", "1"), ok(db_url, "report", "1"), ok(db_url, "settle", "1"),
            ok(db_url, "db", "verify"))


def check_recorded(replayed: str, report: str, settled: str, verified: str) -> None:
    assert RECORDED in replayed
    assert "1 Bob 50 53 +€3.00" in report and "3 Ann 50 47 −€3.00" in report
    assert "Ann Bob €3.00" in settled
    assert "session 1: " in verified and "chain intact" in verified


@pytest.fixture
def night(tmp_path: Path) -> Path:
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "house.toml").write_text(HOUSE, encoding="utf-8")
    (folder / "night.txt").write_text(NIGHT, encoding="utf-8")
    return folder / "night.txt"


def test_a_house_file_edited_moved_and_deleted_never_changes_the_recorded_night(db_url: str, night: Path) -> None:
    house = (night.parent / "house.toml").resolve()
    ok(db_url, "import", str(night))
    check_recorded(*figures(db_url))

    house.write_text(EDITED, encoding="utf-8")  # the club changes its ante after the night
    replayed, report, settled, verified = figures(db_url)
    check_recorded(replayed, report, settled, verified)
    assert changed_words(house) in replayed and changed_words(house) in report
    # what the edited file would have made of the night, beside the night as recorded
    what_if = ok(db_url, "replay", "--session", "1", "--rulebook", str(house))
    assert "Ann 47 49 +2" in what_if and "Bob 53 52 -1" in what_if and "Cy 50 49 -1" in what_if

    house.rename(house.with_name("old-house.toml"))  # moved away, then gone altogether
    replayed, report, settled, verified = figures(db_url)
    check_recorded(replayed, report, settled, verified)
    assert gone_words(house) in replayed and gone_words(house) in report
    house.with_name("old-house.toml").unlink()
    check_recorded(*figures(db_url))


def test_the_night_exported_replays_the_same_in_a_store_with_no_house_file(db_url: str, night: Path,
                                                                            tmp_path: Path) -> None:
    first = f"sqlite:///{tmp_path / 'first.sqlite3'}"
    imported = ok(first, "import", str(night))
    fingerprint = re.search(r"fingerprint (\w+)", imported)
    assert fingerprint is not None
    as_text, as_json = tmp_path / "night-export.txt", tmp_path / "night-export.json"
    as_text.write_text(run(first, "export", "1").output, encoding="utf-8")
    as_json.write_text(run(first, "export", "1", "--json").output, encoding="utf-8")
    house = (night.parent / "house.toml").resolve()
    assert f"rulebook file {house}:\n| [rulebook]\n" in as_text.read_text(encoding="utf-8")
    shutil.rmtree(night.parent)  # the other club has no house file

    for n, export in enumerate((as_text, as_json), 1):
        # the other store: the same night, as its own fingerprint says, under the rules it was recorded with
        other = ok(db_url, "import", str(export), *(["--again"] if n == 2 else []))
        assert f"fingerprint {fingerprint[1]}" in other
        replayed = ok(db_url, "replay", "--session", str(n))
        assert RECORDED in replayed and gone_words(house) in replayed
        assert "Ann Bob €3.00" in ok(db_url, "settle", str(n))
    assert ok(db_url, "db", "verify").count("chain intact") == 2


def test_a_hand_file_reads_a_rulebook_from_its_own_rulebook_file_block() -> None:
    """A hand file exported elsewhere names a house file this machine never had: its block is read."""
    text = ("rulebook file /nowhere/house.toml:\n" + "".join(f"| {line}\n" if line else "|\n"
                                                             for line in HOUSE.splitlines())
            + "\n" + NIGHT.replace("house.toml", "/nowhere/house.toml"))
    parsed = parse_night(text, source="sent.txt")
    assert parsed.texts == (("/nowhere/house.toml", HOUSE),)
    assert replay_night_file(parsed).result.stacks == {"Ann": 47, "Bob": 53, "Cy": 50}


def store_as_the_last_release(store: Store, night: Path) -> int:
    """A night as the release before this one stored it: its log without its rulebook's text."""
    with store.transaction() as tx:
        tx.records_rulebooks = False
        return record_night(tx, read_night(night), table_name="Old", chip_value_cents=100)


EXAMPLES = sorted((Path(__file__).parent.parent / "examples").glob("*.txt"))


def test_nights_stored_before_get_their_rulebook_on_first_read_and_replay_the_same(db_url: str, night: Path) -> None:
    house = (night.parent / "house.toml").resolve()
    with open_store(db_url) as store:
        sessions = {store_as_the_last_release(store, path): path for path in [night, *EXAMPLES]}
        for sid in sessions:
            assert "RulebookText" not in {row.kind for row in store.events(sid)}
    house.write_text(HOUSE.replace("[options]", "# tidied up\n[options]"), encoding="utf-8")  # same rules
    with open_store(db_url) as store:
        for sid, path in sessions.items():
            expected = replay_night_file(read_night(path)).result.stacks  # from the files, as the last release did
            log = session_log(store, sid)  # the first read records the rulebook at the end of the log
            last = store.events(sid)[-1]
            assert last.kind == "RulebookText" and last.hand_number is None, path.name
            assert replay_night_file(log.night).result.stacks == expected, path.name
            assert store.verify_chain(sid).ok, path.name
        recorded = [row.payload["files"][0] for row in store.events(1) if row.kind == "RulebookText"]
        assert recorded == [[str(house), house.read_text(encoding="utf-8")]]
    house.write_text(EDITED, encoding="utf-8")
    replayed = ok(db_url, "replay", "--session", "1")
    assert RECORDED in replayed and changed_words(house) in replayed
    assert ok(db_url, "db", "verify").count("chain intact") == len(sessions)


def test_a_night_stored_before_whose_house_file_is_gone_is_refused_until_it_is_given(db_url: str,
                                                                                     night: Path) -> None:
    house = (night.parent / "house.toml").resolve()
    with open_store(db_url) as store:
        store_as_the_last_release(store, night)
    kept = house.rename(night.parent / "kept-somewhere.toml")
    refused = run(db_url, "replay", "--session", "1")
    assert refused.exit_code == 2
    assert refused.output.splitlines() == [
        f"Error: session 1: the house rulebook {house} this night was recorded under is gone",
        "Hint: put it back, or give it with `referee session rulebook 1 --file FILE`"]
    given = ok(db_url, "session", "rulebook", "1", "--file", str(kept))
    assert given.startswith(f"Session 1 now holds the house rulebook {house}")
    kept.unlink()
    check_recorded(*figures(db_url))
    again = run(db_url, "session", "rulebook", "1", "--file", str(night))
    assert again.exit_code == 2 and again.output.startswith(
        "Error: session 1 holds the text of every rulebook it names: nothing to record")


def test_a_rulebook_change_mid_night_is_recorded_and_replayed_from_the_log(db_url: str, night: Path) -> None:
    """``rulebook: house.toml`` before hand 2 of a straight draw night: its text goes in after the change."""
    house = (night.parent / "house.toml").resolve()
    night.write_text(NIGHT.replace("rulebook: house.toml", "rulebook: straight_draw")
                     + "\nhand 2\nrulebook: house.toml\nCy: bets 1\nAnn: folds\nBob: folds\n", encoding="utf-8")
    ok(db_url, "import", str(night))
    with open_store(db_url) as store:
        kinds = [row.kind for row in store.events(1) if row.hand_number is None]
        assert kinds[kinds.index("ChangeRulebook") + 1] == "RulebookText"
    before = ok(db_url, "replay", "--session", "1")
    house.unlink()
    after = ok(db_url, "replay", "--session", "1")
    assert after == f"Note: {gone_words(house)} {before}"
    assert json.loads(run(db_url, "export", "1", "--json").output)["chain"]["ok"]


def test_a_rulebook_chosen_at_the_table_is_played_from_the_log_once_its_file_is_gone(db_url: str,
                                                                                     night: Path) -> None:
    house = (night.parent / "house.toml").resolve()
    ok(db_url, "session", "new", "--table", "Kitchen", "--rulebook", "straight_draw", "--chip-value", "1",
       "-p", "Ann:50", "-p", "Bob:50", "-p", "Cy:50")
    ok(db_url, "act", "1", f"rulebook: {house}")
    with open_store(db_url) as store:
        assert [row.kind for row in store.events(1)][-2:] == ["ChangeRulebook", "RulebookText"]
    house.unlink()  # the table goes on under the rules it chose
    played = ok(db_url, "act", "1", "new hand", "Bob: bets 1", "Cy: folds", "Ann: folds")
    assert "Bob: bets 1" in played
    replayed = ok(db_url, "replay", "--session", "1")
    assert RECORDED in replayed and gone_words(house) in replayed


def test_an_export_writes_a_shipped_rulebook_only_when_its_recorded_text_is_not_the_one_shipped() -> None:
    from referee.handfile.writer import write_rulebook_files
    from referee.resources import rulebooks_dir

    shipped = (rulebooks_dir() / "jackpots.toml").read_text(encoding="utf-8")
    assert write_rulebook_files((("jackpots", shipped),)) == []  # every referee that ships it has it
    older = shipped.replace("Jackpots", "Jackpots (as shipped before)", 1)
    block = write_rulebook_files((("jackpots", older), ("/club/house.toml", HOUSE)))
    assert block[0] == "rulebook file jackpots:" and "rulebook file /club/house.toml:" in block
    assert parse_night("\n".join(block) + "\nrulebook: jackpots\nseats: Ann 5, Bob 5\ndealer: Ann\n").texts == (
        ("jackpots", older), ("/club/house.toml", HOUSE))
