"""The live scoreboard under a table's load: 30 phones connected, 500 actions appended, on an empty
night and on a night already 300 hands long.

    .venv/bin/python bench/scoreboard.py [--hands 0 300] [--clients 30] [--actions 500] [--pace 0.05] [--db URL]

For each of ``--hands`` (the hands recorded before the server starts): a real ``referee serve`` in a
subprocess, on a fresh SQLite file (or ``--db``: PostgreSQL, one night after the other);
``--clients`` event streams read as a browser's EventSource reads them, each in its own thread; a
scripted scorekeeper records ``--actions`` legal lines through the live table
(:class:`referee.recording.live_table.LiveTable`, as ``referee table`` and ``referee act`` record),
one every ``--pace`` seconds (a fast table plays an action every few seconds: 0.05 s is ~50x faster).

Prints, for every (client, action) pair, the latency from the action's commit to the first state
that client received holding it: p50, p99 and the worst (targets: p50 ≤ 250 ms, p99 ≤ 1 s, and
every pair seen); the server's CPU while idle with every client connected (its utime + stime over
5 s of no appends); its memory per connected client (resident memory with the clients connected,
less before they were, over their number).  Exits 1 when a target is missed on any night.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from helpers.scoreboard import EventStream  # noqa: E402

from referee.handfile.writer import EventWriter  # noqa: E402
from referee.recording.live_table import LiveTable, Refused, Stored  # noqa: E402
from referee.store.store import open_store  # noqa: E402
from referee.store.transaction import SeatSpec

REFEREE = Path(sys.executable).parent / "referee"


def record_one(table: LiveTable, rng: random.Random) -> object:
    """One line at the table: an action the prompt offers, or the next hand once nobody is to act
    (forced past a showdown nobody logs)."""
    prompt = table.prompt()
    if prompt is None or prompt.to_act is None or not prompt.events():
        return table.new_hand(force=True)
    entry = table.enter(EventWriter(table.game).line(rng.choice(prompt.events())))
    if isinstance(entry, Refused) and table.can_force:
        entry = table.force()
    return entry


def proc_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def proc_rss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


class Client(threading.Thread):
    """One phone: the time it first saw each head of the log."""

    def __init__(self, url: str) -> None:
        super().__init__(daemon=True)
        self.stream = EventStream(url + "events")
        self.first_seen: dict[int, float] = {}
        self.stop = False

    def run(self) -> None:
        while not self.stop:
            try:
                state = self.stream.next_state(timeout=30)
            except (AssertionError, OSError):
                return
            head = state["view"].get("head", 0)
            self.first_seen.setdefault(head, time.monotonic())


def record_hands(store: object, sid: int, hands: int, rng: random.Random) -> None:
    """``hands`` hands recorded before the server starts, as the table records them."""
    table = LiveTable(store, sid)  # type: ignore[arg-type]
    while len(store.hands(sid)) < hands:  # type: ignore[attr-defined]
        record_one(table, rng)


def run(args: argparse.Namespace, hands: int) -> bool:
    """One night of ``hands`` hands under the load; prints its figures, and whether it met the targets."""
    folder = tempfile.mkdtemp(prefix="referee-bench-scoreboard-")
    url = args.db or f"sqlite:///{folder}/bench.sqlite3"
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_DB"} | {"XDG_DATA_HOME": folder}
    with open_store(url) as store:
        with store.transaction() as tx:
            sid = tx.new_session(table_name="Bench", rulebook="jackpots", chip_value_cents=100,
                                    seats=[SeatSpec(n, 10**6) for n in ("Ann", "Bob", "Cy", "Dee")]).id
        assert sid is not None
        rng = random.Random(7)
        record_hands(store, sid, hands, rng)
        before = store.last_seq(sid)
        server = subprocess.Popen([str(REFEREE), "--db", url, "serve", str(sid), "--port", "0", "--no-qr"],
                                  stdout=subprocess.PIPE, text=True, env=env, stdin=subprocess.DEVNULL)
        try:
            assert server.stdout is not None
            page = next(line.strip() for line in server.stdout if line.strip().startswith("http://"))
            time.sleep(1.0)
            rss_before = proc_rss(server.pid)
            clients = [Client(page) for _ in range(args.clients)]
            for c in clients:
                c.start()
            time.sleep(2.0)
            rss_with = proc_rss(server.pid)
            cpu0 = proc_cpu(server.pid)
            time.sleep(5.0)
            idle = (proc_cpu(server.pid) - cpu0) / 5.0

            table = LiveTable(store, sid)
            acked: dict[int, float] = {}
            started = time.monotonic()
            while len(acked) < args.actions:
                entry = record_one(table, rng)
                if isinstance(entry, Stored) and entry.action is not None:
                    acked[entry.seq] = time.monotonic()
                time.sleep(args.pace)
            took = time.monotonic() - started
            time.sleep(2.0)
            for c in clients:
                c.stop = True
            played = len(store.hands(sid))
        finally:
            server.terminate()
            server.wait(timeout=10)
    latencies: list[float] = []
    missed = 0
    for c in clients:
        heads = sorted(c.first_seen.items())
        for seq, at in acked.items():
            seen = next((t for head, t in heads if head >= seq), None)
            if seen is None:
                missed += 1
            else:
                latencies.append(max(seen - at, 0.0))
    latencies.sort()
    q = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
    p50, p99 = q[49] * 1000, q[98] * 1000
    print(f"scoreboard: a night of {hands} hands ({before} events) going on to {played} hands: {args.clients} clients, "
          f"{len(acked)} actions appended in {took:.1f} s (one every {args.pace * 1000:.0f} ms), {url.split(':')[0]}")
    print(f"  append → client latency: p50 {p50:.0f} ms (target ≤ 250), p99 {p99:.0f} ms "
          f"(target ≤ 1000), worst {latencies[-1] * 1000:.0f} ms; {missed} (client, action) pairs never seen")
    print(f"  server CPU while idle with {args.clients} clients: {idle * 100:.1f}% of one core")
    print(f"  server memory: {rss_before / 2**20:.1f} MiB, {rss_with / 2**20:.1f} MiB with the clients: "
          f"{(rss_with - rss_before) / max(args.clients, 1) / 1024:.0f} KiB per client")
    met = p50 <= 250 and p99 <= 1000 and not missed
    if not met:
        print("  TARGET MISSED")
    return met


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, nargs="+", default=[0, 300])
    parser.add_argument("--clients", type=int, default=30)
    parser.add_argument("--actions", type=int, default=500)
    parser.add_argument("--pace", type=float, default=0.05)
    parser.add_argument("--db")
    args = parser.parse_args()
    results = [run(args, hands) for hands in args.hands]
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
