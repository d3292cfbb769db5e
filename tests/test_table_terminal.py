"""``referee table`` as a scorekeeper uses it: a real ``referee`` process in a pseudo-terminal (pexpect,
as pgcli's end-to-end tests drive pgcli), its output read into a terminal emulator (pyte) so that the
test sees the screen a person would see.  A whole Jackpots hand with typos, a refused and then forced
action, an undo and a completion; then the log is checked, and what the screen showed."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pyte
import pytest

from referee.handfile.replay import replay_night_file
from referee.recording.session_log import night_from_session
from referee.store.store import open_store
from referee.store.transaction import SeatSpec

REFEREE = Path(sys.executable).parent / "referee"
ROWS, COLS = 30, 120


class Terminal:
    """A pseudo-terminal running ``referee`` and the screen it draws."""

    def __init__(self, *args: str, env: dict[str, str], cols: int = COLS, rows: int = ROWS) -> None:
        env = env | {"COLUMNS": str(cols), "LINES": str(rows)}
        self.child = pexpect.spawn(str(REFEREE), list(args), env=env, dimensions=(rows, cols), timeout=30)
        self.screen = pyte.Screen(cols, rows)
        self.screen.write_process_input = self.child.send  # the terminal answers, e.g. where its cursor is
        self.stream = pyte.ByteStream(self.screen)
        self.seen: dict[str, None] = {}  # every line the screen ever showed, in the order first shown

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def pump(self, wait: float = 0.05) -> None:
        try:
            while True:
                data = self.child.read_nonblocking(65536, timeout=wait)
                self.stream.feed(data)
        except pexpect.TIMEOUT:
            pass
        for line in self.screen.display:
            if line.strip():
                self.seen.setdefault(line.rstrip())

    def wait_for(self, text: str, timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.pump()
            if text in "\n".join(self.screen.display):
                return self.text()
            if not self.child.isalive():
                break
        raise AssertionError(f"the screen never showed {text!r}; it shows:\n{self.text()}")

    def type(self, keys: str, then: str) -> str:
        self.child.send(keys)
        return self.wait_for(then)

    def bottom_line(self) -> str:
        return self.bottom_lines(1)[0]

    def bottom_lines(self, n: int) -> list[str]:
        """The last ``n`` lines of the screen that hold anything (the status line)."""
        lines = [line.rstrip() for line in self.screen.display if line.strip()]
        return lines[-n:]


@pytest.fixture
def terminal_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_DB"}
    return env | {"TERM": "xterm-256color", "COLUMNS": str(COLS), "LINES": str(ROWS),
                  "XDG_DATA_HOME": str(tmp_path / "data")}


@pytest.fixture
def session(sqlite_url: str) -> Iterator[tuple[str, int]]:
    with open_store(sqlite_url) as store:
        with store.transaction() as tx:
            game = tx.new_session(table_name="Kitchen", rulebook="jackpots", chip_value_cents=25,
                                     seats=[SeatSpec(n, 100) for n in ("Ann", "Bob", "Cy", "Dee")])
        assert game.id is not None
    yield sqlite_url, game.id


def test_a_whole_jackpots_hand_at_the_terminal(session: tuple[str, int], terminal_env: dict[str, str]) -> None:
    url, sid = session
    term = Terminal("table", str(sid), "--db", url, env=terminal_env)
    try:
        screen = term.wait_for("table> ")
        assert "Session 1: Kitchen (Jackpots)" in screen
        assert term.bottom_line() == "session 1 · Jackpots · no hand yet: type 'new hand' (Ann deals)"

        term.type("new hand\r", "✓ hand 1 begins: Ann deals")
        term.type("bob dealt JhJd??????\r", "✓ hand 1, action 1: Bob: dealt Jh Jd ?? ?? ??")
        screen = term.type("bob rasie 2\r", "did you mean 'raise'?")  # a typo: refused, nothing stored
        assert "✗ 'rasie' is not a verb of Jackpots" in screen
        term.type("bob open 2\r", "✓ hand 1, action 2: Bob: bets 2")
        assert term.bottom_lines(2) == ["hand 1 · Jackpots · dealer Ann · pot 6 · Cy to act: fold, call 2, raise 1–2",
                                        "cards Bob Jh Jd"]

        screen = term.type("cy x\r", "press ! to log it as it happened")
        assert "✗ Cy cannot check: 2 to call; legal: fold, call 2, raise 1–2 (draw.4.2)" in screen
        term.type("!", "✓ hand 1, action 3: Cy: checks")  # one keystroke: logged as it happened
        term.type("undo\r", "✓ hand 1, action 4: void 3: undo (takes back Cy: checks)")
        assert "Cy to act: fold, call 2, raise 1–2" in term.bottom_lines(2)[0]

        term.type("cy f\r", "✓ hand 1, action 5: Cy: folds")
        term.type("deee c\r", "✗ unknown player 'deee'")  # a typo in a name
        assert "did you mean 'dee'?" in term.text()
        term.type("dee c\r", "✓ hand 1, action 6: Dee: calls")
        term.type("ann r 2\r", "✓ hand 1, action 7: Ann: raises 2")
        term.type("bob c\r", "✓ hand 1, action 8: Bob: calls")
        term.type("dee c\r", "✓ hand 1, action 9: Dee: calls")
        term.type("bob d 3\r", "✓ hand 1, action 10: Bob: draws 3")
        term.type("dee draw 1\r", "✓ hand 1, action 11: Dee: draws 1")
        term.type("ann s", "stand  legal now")  # the completion menu offers what is legal now, in the game's words
        term.type("\t\r", "✓ hand 1, action 12: Ann: stands pat")
        term.type("?\r", "draw.8: The second betting round is opened by the player who made the first bet")
        for line, shown in [("bob x", "Bob: checks"), ("dee b 5", "Dee: bets 5"), ("ann c", "Ann: calls"),
                            ("bob f", "Bob: folds"), ("dee muck", "Dee: mucks"),
                            ("ann show KsKhKd4c4s", "Ann: shows Ks Kh Kd 4c 4s"),
                            ("bob show openers JhJd", "Bob: shows openers Jh Jd")]:
            term.type(line + "\r", shown)
        term.pump(0.3)
        assert term.bottom_lines(3) == [  # too long for 120 columns: wrapped between its parts, never cut
            "hand 1 · Jackpots · dealer Ann · pot 26 · over: Ann wins 26 with full house, kings full of fours",
            "'new hand': Bob deals",
            "cards Ann Ks Kh Kd 4c 4s; Bob Jh Jd"]
        term.type("quit\r", "")
        term.child.expect(pexpect.EOF, timeout=20)
    finally:
        term.child.close(force=True)
    assert term.child.exitstatus == 0

    with open_store(url) as store:
        texts = [r.text for r in store.events(sid, 1)]
        assert store.verify_chain(sid).ok
        night = night_from_session(store, sid)
    assert texts == [
        "Bob: dealt Jh Jd ?? ?? ??", "Bob: bets 2", "Cy: checks", "void 3: undo", "Cy: folds", "Dee: calls",
        "Ann: raises 2", "Bob: calls", "Dee: calls", "Bob: draws 3", "Dee: draws 1", "Ann: stands pat",
        "Bob: checks", "Dee: bets 5", "Ann: calls", "Bob: folds", "Dee: mucks", "Ann: shows Ks Kh Kd 4c 4s",
        "Bob: shows openers Jh Jd",
    ]
    hand = replay_night_file(night)[0].replay
    assert hand.illegal == ()  # the forced check is void: the replay skips it
    assert hand.outcome.summary == "Ann wins 26 with full house, kings full of fours"
    refused = [line for line in term.seen if line.startswith("✗")]
    assert refused == ["✗ 'rasie' is not a verb of Jackpots", "✗ Cy cannot check: 2 to call; legal: fold, call 2, "
                       "raise 1–2 (draw.4.2)", "✗ unknown player 'deee'"]
