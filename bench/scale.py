"""A season at scale: standings cold and warm, a full replay against PokerKit, the database's size.

    .venv/bin/python bench/scale.py [--hands 100000] [--per-night 250] [--db URL | --postgres]
                                    [--pokerkit-hands 3000] [--warm-runs 5]

Builds a season of HANDS straight-draw hands in nights of PER_NIGHT (tests/helpers/season.py: a few
nights recorded through the store, the others copies of them with other players, days and tables,
their hash chains recomputed) in a fresh database: a SQLite file in a temporary folder by default,
the database ``--db`` names (it should be empty), or with ``--postgres`` a fresh database on the
server ``REFEREE_TEST_PG`` names, else on a throwaway server started as the tests start one
(bench/record.py).  Then prints:

* the database's size per hand (SQLite: the file after a WAL checkpoint; PostgreSQL:
  ``pg_database_size``), the log alone and with every night's figures kept;
* ``referee standings`` cold (no night's figures kept: every night replayed, and kept) and warm (all
  kept and still fitting their logs), as a real subprocess (wall time, start-up included) and
  in-process (:func:`referee.ledger.standings.standings`), with the number of nights it replayed;
* ``referee player NAME`` and ``referee report --season NAME`` warm, as subprocesses, their CPU
  beyond start-up;
* a full replay of the season, night by night, as ``referee replay --session`` does it (the log read
  from the store and replayed), and the replay alone (the logs read first); against PokerKit
  replaying PKHANDS random five-card-draw hands (the cross-check generator's, tests/crosscheck) in the
  same run, as hands a second (PokerKit's rate is measured on a sample: it replays the same kind of
  hand at a rate that does not depend on how many).

Targets (issue 20, item 1): standings warm under 2 s at 100,000 hands; the full replay at least 8x
PokerKit's rate.  The machine's load (``uptime``) is printed first and last: the figures are single
runs on a shared machine.  Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "bench"))


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def database_bytes(store: object) -> int:
    from sqlalchemy import text

    engine = store.engine  # type: ignore[attr-defined]
    with engine.connect() as conn:
        if engine.dialect.name == "sqlite":
            conn.execute(text("PRAGMA wal_checkpoint(TRUNCATE)"))
            path = Path(engine.url.database)
            return sum(p.stat().st_size for p in (path, Path(f"{path}-wal")) if p.exists())
        return int(conn.execute(text("SELECT pg_database_size(current_database())")).scalar_one())


def drop_kept(store: object) -> None:
    from sqlalchemy import text

    with store.engine.begin() as conn:  # type: ignore[attr-defined]
        conn.execute(text("DELETE FROM night_results"))


def cli(*args: str) -> tuple[float, float]:
    """(wall, CPU) seconds of ``referee ARGS`` as a subprocess: on a loaded machine the CPU time (user
    and system, the child's own) is the steadier figure."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True, text=True,
                          env={**os.environ, "COLUMNS": "120"})
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"referee {args[0]} failed: {done.stderr.strip()}")
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def cli_standings(url: str) -> tuple[float, float]:
    return cli("standings", "--db", url)


def in_process_standings(store: object) -> tuple[float, int, int]:
    from referee.ledger.standings import standings

    start = time.perf_counter()
    result = standings(store)  # type: ignore[arg-type]
    return time.perf_counter() - start, len(result.replayed), len(result.sessions)


def season_replay(store: object, ids: list[int]) -> tuple[float, float, int]:
    """(read and replay, replay alone, hands): every night's log read from the store and replayed."""
    from referee.handfile.replay import replay_night_file
    from referee.recording.session_log import read_session_log

    hands = 0
    start = time.perf_counter()
    nights = []
    for sid in ids:
        night = read_session_log(store.log_snapshot(sid)).night  # type: ignore[attr-defined]
        hands += len(replay_night_file(night))
        nights.append(night)
    whole = time.perf_counter() - start
    start = time.perf_counter()
    for night in nights:
        replay_night_file(night)
    return whole, time.perf_counter() - start, hands


def season_pages(url: str, runs: int, start_up: float) -> None:
    """``referee player NAME`` and ``referee report --season NAME`` warm (every night's figures kept),
    as subprocesses: their CPU beyond start-up (``referee --help``'s)."""
    cli("season", "new", "Bench season", "--from", "2000-01-01", "--to", "2099-12-31", "--scoring",
        "points-by-place", "--db", url)
    for what, args in (("referee player Ada", ("player", "Ada", "--db", url)),
                       ("referee report --season", ("report", "--season", "Bench season", "--db", url))):
        cli(*args)  # the first keeps whatever was not kept yet
        timed = [cli(*args) for _ in range(runs)]
        cpu = statistics.median(c for _, c in timed)
        print(f"{what} warm: median {statistics.median(w for w, _ in timed):.2f} s, CPU median {cpu:.2f} s, "
              f"{cpu - start_up:.2f} s beyond start-up   [target < 1 s of CPU beyond start-up]")


def pokerkit_rate(count: int) -> tuple[float, int]:
    from crosscheck import pokerkit_side
    from crosscheck.generator import generate_many

    scripts = generate_many(count, 0)
    start = time.perf_counter()
    for script in scripts:
        pokerkit_side.replay(script)
    return count / (time.perf_counter() - start), count


def run(url: str, args: argparse.Namespace) -> None:
    from helpers.season import build_season

    from referee.store.db import mask_url
    from referee.store.store import open_store

    print(f"database: {mask_url(url)}")
    with open_store(url) as store:
        start = time.perf_counter()
        ids = build_season(store, args.hands, per_night=args.per_night)
        built = time.perf_counter() - start
        counts = store.counts()
        print(f"season: {args.hands:,} hands in {len(ids)} nights, {counts['events']:,} events, "
              f"{counts['players']} players; built in {built:.1f} s")
        log_only = database_bytes(store)
        print(f"database size: {log_only / 2**20:,.1f} MiB, {log_only / args.hands:,.0f} bytes a hand (the log)")

        drop_kept(store)
        cold_cli, cold_cpu = cli_standings(url)
        kept = database_bytes(store)
        print(f"database size: {kept / 2**20:,.1f} MiB, {kept / args.hands:,.0f} bytes a hand "
              f"(with every night's figures kept: +{(kept - log_only) / len(ids) / 1024:,.1f} KiB a night)")
        warm = [cli_standings(url) for _ in range(args.warm_runs)]
        warm_cli, warm_cpu = [w for w, _ in warm], [c for _, c in warm]
        floor = [cli("--help") for _ in range(args.warm_runs)]
        drop_kept(store)
        cold_in, replayed_cold, nights = in_process_standings(store)
        warm_in = [in_process_standings(store) for _ in range(args.warm_runs)]
        print(f"standings cold (every night replayed): referee standings {cold_cli:.2f} s (CPU {cold_cpu:.2f} s); "
              f"in-process {cold_in:.2f} s, {replayed_cold} of {nights} nights replayed")
        print(f"standings warm (all kept): referee standings median {statistics.median(warm_cli):.2f} s "
              f"(best {min(warm_cli):.2f}; CPU median {statistics.median(warm_cpu):.2f} s, of which start-up: "
              f"'referee --help' CPU median {statistics.median(c for _, c in floor):.2f} s); in-process median {statistics.median(t for t, _, _ in warm_in):.3f} s, "
              f"{max(r for _, r, _ in warm_in)} nights replayed   [target < 2 s at 100,000 hands]")

        season_pages(url, args.warm_runs, statistics.median(c for _, c in floor))

        whole, alone, hands = season_replay(store, ids)
    pk, sample = pokerkit_rate(min(args.pokerkit_hands, args.hands))
    print(f"full replay of the season: {hands:,} hands, read and replayed in {whole:.1f} s "
          f"({hands / whole:,.0f} hands/s); replayed alone in {alone:.1f} s ({hands / alone:,.0f} hands/s)")
    print(f"PokerKit: {pk:,.0f} five-card-draw hands/s ({sample:,} hands, same run): the season would take "
          f"{hands / pk:.1f} s")
    print(f"ratio: {hands / whole / pk:.1f}x read and replayed, {hands / alone / pk:.1f}x replayed alone   "
          "[target >= 8x]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--per-night", type=int, default=250)
    parser.add_argument("--db", help="an empty database's URL (default: a SQLite file in a temporary folder)")
    parser.add_argument("--postgres", action="store_true", help="a fresh database on a PostgreSQL server")
    parser.add_argument("--pokerkit-hands", type=int, default=3000)
    parser.add_argument("--warm-runs", type=int, default=5)
    args = parser.parse_args()
    print(f"load average: {load()} (2 cores)")
    with ExitStack() as stack:
        if args.db:
            url = args.db
        elif args.postgres:
            from record import fresh_database, postgres_server

            found = stack.enter_context(postgres_server())
            if found is None:
                raise SystemExit("no PostgreSQL server")
            server, how = found
            print(f"PostgreSQL: {how}")
            url = stack.enter_context(fresh_database(server))
        else:
            folder = stack.enter_context(tempfile.TemporaryDirectory())
            url = f"sqlite:///{folder}/season.sqlite3"
        run(url, args)
    print(f"load average: {load()}")


if __name__ == "__main__":
    main()
