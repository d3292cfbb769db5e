"""Helpers for the scoreboard tests: a night recorded into the store one event at a time (as the
table records it), random nights of every game, a real ``referee serve`` and its event stream (what
the table has seen is worked out apart from the engine in :mod:`helpers.swap`)."""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from urllib.parse import urlsplit

from referee.cards import UNKNOWN
from referee.engine import events as ev
from referee.engine.games import find_game
from referee.engine.night import NightHand, NightThread
from referee.engine.replay import start_hand
from referee.errors import RefereeError
from referee.handfile.model import Night
from referee.rulebook.loader import load_rules
from referee.handfile.writer import EventWriter, write_events
from referee.recording.night_file import header_events, stored_rulebook
from referee.store.store import Store, open_store
from referee.store.transaction import SeatSpec

CARD = re.compile(r"(?<![\w?])(?:10|[2-9TJQKA])[cdhs](?!\w)|(?<!\w)Jk[12](?!\w)")


def record_step_by_step(store: Store, night: Night, table_name: str = "Privacy") -> Iterator[tuple[int, int, int]]:
    """Record ``night`` into a new session one event at a time; after each append yield
    ``(session, hand index, events of that hand so far)``."""
    with store.transaction() as tx:
        game = tx.new_session(table_name=table_name, rulebook=stored_rulebook(night.rulebook, night.base_dir),
                                 chip_value_cents=100, seats=[SeatSpec(s.name, s.stack) for s in night.seats],
                                 options=dict(night.options), dealer=night.dealer, dealer_unknown=night.dealer is None)
    sid = game.id
    assert sid is not None
    if night.so_far is not None:
        store.append_events(sid, None, [replace(night.so_far, line=None)])
    for index, hand in enumerate(night.hands):
        store.append_events(sid, None, header_events(hand, night.base_dir))
        with store.transaction() as tx:
            started = tx.start_hand(sid, dealer=hand.dealer)
        for k, (event, text) in enumerate(zip(hand.events, write_events(hand.events, game=hand.game), strict=True), 1):
            store.append_event(sid, started.number, replace(event, line=None), text=text)
            yield sid, index, k
        with store.transaction() as tx:
            tx.end_hand(sid, started.number)


def card_tokens(text: str) -> set[str]:
    return set(CARD.findall(text))


def random_night(game_name: str, seed: int, hands: int = 2) -> str:
    """A random night of ``game_name`` as a hand file: every player dealt real cards (the widow or
    dummy too, where the game has one), then legal actions the engine offers chosen at random, each
    unseen card ``??`` it offers replaced by a real card from the pack, and at the end the hands still
    in shown or thrown away at random.  What the engine refuses is left out: the night replays."""

    rng = random.Random(seed)
    game = find_game(game_name)
    book = load_rules(game.name, {}, None)
    names = ["Ann", "Bob", "Cy", "Dee", "Eve"][: rng.randint(3, 5)]
    writer = EventWriter(game.name)
    thread = NightThread([(n, 60) for n in names], names[-1], None)
    lines = [f"rulebook: {game.name}", "seats: " + ", ".join(f"{n} 60" for n in names), f"dealer: {names[-1]}"]
    for number in range(1, hands + 1):
        hand = NightHand(book, tuple(names), (), number)
        try:
            setup = thread.setup_for(hand)
        except RefereeError:
            break
        state = start_hand(setup)
        pack = sorted(state.pack(), key=lambda c: c.index)  # the game's own pack under its options
        rng.shuffle(pack)
        logged: list[ev.Event] = []

        def real(cards: tuple) -> tuple:
            return tuple((pack.pop() if pack else UNKNOWN) if c is UNKNOWN else c for c in cards)

        def attempt(event: ev.Event) -> bool:
            nonlocal state
            twin = state.copy()
            try:
                twin.push(event)
            except RefereeError:
                return False
            state = twin
            logged.append(event)
            return True

        def dealt() -> tuple:
            return tuple(pack.pop() for _ in range(min(game.hand_size, len(pack))))

        for seat in range(len(setup.names)):
            attempt(ev.Deal(setup.names[seat], dealt()))
        if len(pack) >= game.hand_size:
            attempt(ev.DealWidow(dealt()))
        for _ in range(40):
            prompt = state.prompt()
            offered = prompt.events()
            rng.shuffle(offered)
            if not any(attempt(_with_real_cards(e, real)) for e in offered[:6]):
                break
        for seat, name in enumerate(setup.names):
            held = tuple(c for c in state.places.at(seat) if c is not UNKNOWN)
            if held and rng.random() < 0.7:
                attempt(ev.Show(name, held))
        if not logged:
            break
        lines.append(f"hand {number}")
        lines += writer.lines(logged) if hasattr(writer, "lines") else [writer.line(e) for e in logged]
        outcome = state.outcome()
        if outcome.kind == "in_progress" or outcome.undecided:
            break
        thread.after(hand, setup, outcome)
    return "\n".join(lines) + "\n"


def _with_real_cards(event: ev.Event, real) -> ev.Event:
    changes = {}
    for name in ("cards", "give", "take", "discards", "received"):
        value = getattr(event, name, None)
        if isinstance(value, tuple) and value:
            changes[name] = real(value)
    return replace(event, **changes) if changes else event


class Served:
    """``referee serve`` running in a real subprocess: its URL, and a way to read its event stream
    (``open_files``: the server process's open-file limit)."""
    def __init__(self, url: str, session: int, *extra: str, open_files: int | None = None) -> None:

        self.db = url
        referee = Path(sys.executable).parent / "referee"
        env = {k: v for k, v in os.environ.items() if k != "REFEREE_DB"}

        def limits() -> None:
            if open_files is not None:
                import resource

                resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))

        self.process = subprocess.Popen([str(referee), "--db", url, "serve", str(session), "--port", "0", "--no-qr", *extra],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                                        stdin=subprocess.DEVNULL, preexec_fn=limits if open_files is not None else None)
        assert self.process.stdout is not None
        self.printed: list[str] = []
        for line in self.process.stdout:
            self.printed.append(line)
            if line.strip().startswith("http://"):
                self.url = line.strip()
                break
        else:
            raise AssertionError(f"referee serve printed no URL: {self.printed} {self.process.stderr.read()}")  # type: ignore[union-attr]
        self._wait_ready()

    def _wait_ready(self) -> None:

        for _ in range(100):
            try:
                with urllib.request.urlopen(self.url + "state", timeout=5):
                    return
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.05)
        raise AssertionError("the scoreboard never answered")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)

    def __enter__(self) -> Served:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def request(url: str, method: str = "GET") -> tuple[int, str]:
    """``(status, body)`` of one plain HTTP request."""
    try:
        with urllib.request.urlopen(urllib.request.Request(url, method=method), timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode()


class EventStream:
    """A page's server-sent event stream, read as a browser's EventSource reads it."""
    def __init__(self, url: str) -> None:

        parts = urlsplit(url)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
        self.connection.request("GET", parts.path, headers={"Accept": "text/event-stream"})
        self.response = self.connection.getresponse()
        assert self.response.status == 200, self.response.status
        self.raw: list[str] = []
        self.state: dict = {}

    def next_state(self, timeout: float = 5.0) -> dict:
        """The next state the page has: a ``state`` event's data, or the one before with a
        ``change`` event applied as the page applies it (pings skipped)."""

        deadline = time.monotonic() + timeout
        event, data = None, []
        while time.monotonic() < deadline:
            line = self.response.readline().decode()  # chunked transfer decoded
            if not line:
                raise AssertionError("the event stream closed")
            self.raw.append(line)
            line = line.rstrip("\r\n")
            if line.startswith("event:"):
                event = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].strip())
            elif line == "" and event == "state":
                self.state = json.loads("\n".join(data))
                return self.state
            elif line == "" and event == "change":
                change = json.loads("\n".join(data))
                view = {**self.state["view"], **change["set"]}
                for key, items in change["append"].items():
                    view[key] = [*(self.state["view"].get(key) or []), *items]
                self.state = {"offline": change["offline"], "view": view}
                return self.state
            elif line == "":
                event, data = None, []
        raise AssertionError(f"no state event within {timeout} s")

    def close(self) -> None:
        self.connection.close()


def demo_night(folder) -> str:
    """The demo night recorded by a real ``referee demo`` into a database of its own: its URL."""
    url = f"sqlite:///{Path(folder) / 'demo.sqlite3'}"
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_DB"}
    done = subprocess.run([str(Path(sys.executable).parent / "referee"), "demo", "--db", url, "--pdf",
                           str(Path(folder) / "demo.pdf")], capture_output=True, text=True, env=env,
                          stdin=subprocess.DEVNULL, timeout=300)
    assert done.returncode == 0, done.stderr
    return url


def act(url: str, session: int, *lines: str) -> None:
    """Lines recorded by a real ``referee act``; each must be taken."""
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_DB"}
    done = subprocess.run([str(Path(sys.executable).parent / "referee"), "--db", url, "act", str(session), *lines], capture_output=True, text=True,
                          env=env, stdin=subprocess.DEVNULL, timeout=120)
    assert done.returncode == 0, done.stderr


def new_session(url: str, table: str = "Kitchen") -> int:
    """A Jackpots night of four, 100 chips each."""
    with open_store(url) as store:
        with store.transaction() as tx:
            session = tx.new_session(table_name=table, rulebook="jackpots", chip_value_cents=100,
                                        seats=[SeatSpec(n, 100) for n in ("Ann", "Bob", "Cy", "Dee")])
        assert session.id is not None
        return session.id
