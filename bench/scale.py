"""A season at scale: standings cold and warm against a bare program, the season read and replayed
against PokerKit on the same hands, the database's size.

    .venv/bin/python bench/scale.py [--hands 100000] [--per-night 250] [--db URL | --postgres]
                                    [--compare-nights 20] [--repeat 3] [--warm-runs 5]

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
  warm, against a bare program (:data:`BARE_STANDINGS`: sqlite3, json, typer and rich, nothing of
  referee) that prints the same table from the same kept figures, checking that each still fits
  its log's last event as referee does; the two take turns, and the bench stops unless referee's
  output begins with the bare program's table (SQLite only);
* ``referee player NAME`` and ``referee report --season NAME`` warm, as subprocesses, their CPU
  beyond start-up (``referee --help``'s);
* the season's first COMPARE_NIGHTS nights read from the store and replayed, night by night, as
  ``referee replay --session`` does it, and replayed alone (the logs read first), against PokerKit
  replaying the same hands in the same run: the season's two hands (tests/helpers/season.py's LONG
  and SHORT) written as PokerKit scripts (:data:`POKERKIT_LONG`, :data:`POKERKIT_SHORT`: the same
  seats, antes, bets, draws and showdown, checked against referee's result), one for each hand of
  those nights in turn.  Both sides parse their cards (referee from the stored log, PokerKit from
  card strings); the sides take turns, REPEAT runs each, the fastest counts.

Targets (exit 1 when one is missed): warm ``referee standings`` at most 1.5x the bare program (CPU
time, the median of the warm runs) and under 2 s of wall time at 100,000 hands; the season read and
replayed at least 4x PokerKit's rate on the same hands; a player's page and the season report under
1 s of CPU each beyond start-up.  The machine's load is printed first and
last: the figures are taken on a shared machine.
"""

from __future__ import annotations

import argparse
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

from crosscheck import pokerkit_side  # noqa: E402
from crosscheck.script import Act, DrawHandScript, DrawStep, ShowStep  # noqa: E402
from target import check, child_env, exit_code, load  # noqa: E402

STANDINGS_RATIO = 1.5  # warm referee standings against the bare program, at most
STANDINGS_WALL_S = 2.0  # warm referee standings at 100,000 hands, at most
REPLAY_RATIO = 4.0  # the season read and replayed against PokerKit, at least


def _deck(holes: tuple[tuple[str, ...], ...], burn: str, drawn: tuple[str, ...]) -> tuple[str, ...]:
    """The pack in PokerKit's dealing order: hole cards, the burn card, the draw's cards, the rest."""
    used = [*(c for hole in holes for c in hole), burn, *drawn]
    return (*used, *(r + s for r in "23456789TJQKA" for s in "cdhs" if r + s not in used))


# The season's two hands (tests/helpers/season.py's LONG and SHORT) as PokerKit plays them: player 0
# is left of the dealer (the season's y), 1 the next (z), 2 the dealer (x), who antes 3 for the
# table (straight draw's draw.ante = dealer_antes_N); the limit caps z's "raises 3" to a raise to
# 3.  LONG: y's full house beats z's straight, y +14, z -8, x -6; SHORT: y takes the ante.
_Y, _Z, _X = ("Ac", "Ad", "Ah", "3s", "4s"), ("7c", "8c", "9d", "Th", "Kd"), ("5h", "6h", "Qc", "Qs", "Ks")
POKERKIT_LONG = DrawHandScript(
    0, (1000, 1000, 1000), (0, 0, 3), 1, _deck((_Y, _Z, _X), "9s", ("2c", "2d", "Js", "Jc", "4h", "5d")),  # type: ignore[arg-type]
    (_Y, _Z, _X),
    (Act(0, "bet", 1), Act(1, "raise", 3), Act(2, "call"), Act(0, "call"),
     DrawStep(0, ("3s", "4s"), ("2c", "2d")), DrawStep(1, ("Kd",), ("Js",)),
     DrawStep(2, ("5h", "6h", "Qc"), ("Jc", "4h", "5d")),
     Act(0, "check"), Act(1, "bet", 5), Act(2, "fold"), Act(0, "call"),
     ShowStep(1, ("7c", "8c", "9d", "Th", "Js")), ShowStep(0, ("Ac", "Ad", "Ah", "2c", "2d"))),
    (1014, 992, 994))
POKERKIT_SHORT = DrawHandScript(
    0, (1000, 1000, 1000), (0, 0, 3), 1, _deck((_Y, _Z, _X), "9s", ()), (_Y, _Z, _X),  # type: ignore[arg-type]
    (Act(0, "bet", 1), Act(1, "fold"), Act(2, "fold")), (1003, 1000, 997))

#: warm standings with nothing of referee: the kept figures read with sqlite3 and json (each only
#: while it still fits its night's last event), added up per player, printed as referee prints them
BARE_STANDINGS = r"""
import json, sqlite3
import typer
from rich import box
from rich.console import Console
from rich.table import Table

def money(cents):
    sign = "+" if cents > 0 else "−" if cents < 0 else ""
    return f"{sign}€{abs(cents) / 100:,.2f}"

def main(path: str):
    conn = sqlite3.connect(path)
    people, nights = {}, 0
    for status, void, last_seq, last_hash, seq, head, document in conn.execute(
            "SELECT s.status, s.void_reason, e.seq, e.hash, r.seq, r.head, r.document FROM sessions s "
            "LEFT JOIN events e ON e.session_id = s.id "
            "AND e.seq = (SELECT MAX(seq) FROM events WHERE session_id = s.id) "
            "LEFT JOIN night_results r ON r.session_id = s.id AND r.kind = 'figures' ORDER BY s.started_at, s.id"):
        if void is not None or status != "closed":
            continue
        if (seq, head) != (last_seq, last_hash):
            raise SystemExit("a night's figures are not kept: not warm")
        doc = json.loads(document)
        nights += 1
        for line in doc["ledger"]["players"]:
            p = people.setdefault(line["player"], {"names": [], "nights": 0, "hands": 0, "won": 0, "results": []})
            if line["name"] not in p["names"]:
                p["names"].append(line["name"])
            p["nights"] += 1
            p["hands"] += doc["hands"].get(line["name"], 0)
            p["won"] += line["balance_cents"] > 0
            p["results"].append(line["balance_cents"])
    ordered = sorted(people.items(), key=lambda item: (-sum(item[1]["results"]), item[0].casefold()))
    out = Console()
    out.print(f"[bold]Standings[/] · the first night to the last · {nights} nights · EUR")
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style="bold")
    for column, justify in (("#", "right"), ("Player", "left"), ("Nights", "right"), ("Won", "right"),
                            ("Hands", "right"), ("Net", "right"), ("Best", "right"), ("Worst", "right"),
                            ("Also as", "left")):
        table.add_column(column, justify=justify)
    rank, last = 0, None
    for index, (player, p) in enumerate(ordered):
        net = sum(p["results"])
        if net != last:
            rank, last = index + 1, net
        table.add_row(str(rank), player, str(p["nights"]), str(p["won"]), str(p["hands"]), money(net),
                      money(max(p["results"])), money(min(p["results"])),
                      ", ".join(n for n in p["names"] if n != player))
    out.print(table)

typer.run(main)
"""


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


def timed_process(command: list[str]) -> tuple[float, float, str]:
    """(wall, CPU, standard output) of a subprocess: on a loaded machine the CPU time (user and
    system, the child's own) is the steadier figure."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=child_env(COLUMNS="120"))
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command[2:4])} failed: {done.stderr.strip()}")
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.stdout


def cli(*args: str) -> tuple[float, float]:
    """(wall, CPU) seconds of ``referee ARGS`` as a subprocess."""
    wall, cpu, _ = timed_process([sys.executable, "-m", "referee", *args])
    return wall, cpu


def cli_standings(url: str) -> tuple[float, float]:
    return cli("standings", "--db", url)


def warm_against_bare(url: str, runs: int) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """Warm ``referee standings`` and the bare program, taking turns ``runs`` times after one untimed
    run each; stops the bench if their tables differ.  ((wall, CPU) of referee's runs, of the bare's)."""
    with tempfile.TemporaryDirectory() as tmp:
        bare = Path(tmp) / "bare_standings.py"
        bare.write_text(BARE_STANDINGS, encoding="utf-8")
        commands = {"referee": [sys.executable, "-m", "referee", "standings", "--db", url],
                    "bare": [sys.executable, str(bare), url.removeprefix("sqlite:///")]}
        tables = {name: timed_process(command)[2] for name, command in commands.items()}
        if not tables["referee"].startswith(tables["bare"]):  # referee may add a note after the table
            raise SystemExit("the bare program's standings differ from referee's:\n"
                             f"{tables['referee']}\n{tables['bare']}")
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
        for _ in range(runs):
            for name, command in commands.items():
                times[name].append(timed_process(command)[:2])
    return times["referee"], times["bare"]


def in_process_standings(store: object) -> tuple[float, int, int]:
    from referee.ledger.standings import standings

    start = time.perf_counter()
    result = standings(store)  # type: ignore[arg-type]
    return time.perf_counter() - start, len(result.replayed), len(result.sessions)


def against_pokerkit(store: object, ids: list[int], repeat: int) -> tuple[int, float, float, float]:
    """The nights ``ids`` read from the store and replayed, replayed alone, and PokerKit replaying the
    same hands, taking turns ``repeat`` times: (hands, and the three best rates in hands a second)."""
    from referee.engine.events import Show
    from referee.handfile.replay import replay_night_file
    from referee.recording.session_log import read_session_log

    def read_and_replay() -> None:
        for sid in ids:
            replay_night_file(read_session_log(store.log_snapshot(sid)).night)  # type: ignore[attr-defined]

    nights = [read_session_log(store.log_snapshot(sid)).night for sid in ids]  # type: ignore[attr-defined]
    for script in (POKERKIT_LONG, POKERKIT_SHORT):
        assert pokerkit_side.replay(script) == script.final_stacks, "the season's hands in PokerKit have changed"
    scripts = [POKERKIT_LONG if any(isinstance(e, Show) for e in hand.events) else POKERKIT_SHORT
               for night in nights for hand in night.hands]

    def replay_alone() -> None:
        for night in nights:
            replay_night_file(night)

    def pokerkit() -> None:
        for script in scripts:
            pokerkit_side.replay(script)

    runs = {"read and replay": read_and_replay, "replay alone": replay_alone, "pokerkit": pokerkit}
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(repeat):
        for name, run in runs.items():
            start = time.perf_counter()
            run()
            best[name] = min(best[name], time.perf_counter() - start)
    hands = len(scripts)
    return hands, hands / best["read and replay"], hands / best["replay alone"], hands / best["pokerkit"]


def season_pages(url: str, runs: int, start_up: float) -> list[bool]:
    """``referee player NAME`` and ``referee report --season NAME`` warm (every night's figures kept),
    as subprocesses: their CPU beyond start-up (``referee --help``'s)."""
    cli("season", "new", "Bench season", "--from", "2000-01-01", "--to", "2099-12-31", "--scoring",
        "points-by-place", "--db", url)
    met = []
    for what, args in (("referee player Ada", ("player", "Ada", "--db", url)),
                       ("referee report --season", ("report", "--season", "Bench season", "--db", url))):
        cli(*args)  # the first keeps whatever was not kept yet
        timed = [cli(*args) for _ in range(runs)]
        cpu = statistics.median(c for _, c in timed)
        print(f"{what} warm: median {statistics.median(w for w, _ in timed):.2f} s wall, CPU median {cpu:.2f} s")
        met.append(check(f"{what} warm, CPU beyond start-up", cpu - start_up, at_most=1.0, unit=" s"))
    return met


def run(url: str, args: argparse.Namespace) -> list[bool]:
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

        met = [check("warm referee standings, median wall", statistics.median(warm_cli), at_most=STANDINGS_WALL_S,
                     unit=" s")]
        if url.startswith("sqlite:"):
            ref, bare = warm_against_bare(url, args.warm_runs)
            ref_cpu, bare_cpu = statistics.median(c for _, c in ref), statistics.median(c for _, c in bare)
            print(f"warm standings against the bare program (same table), median of {args.warm_runs}: referee "
                  f"{statistics.median(w for w, _ in ref):.2f} s wall, {ref_cpu:.2f} s CPU; bare "
                  f"{statistics.median(w for w, _ in bare):.2f} s wall, {bare_cpu:.2f} s CPU")
            met.append(check("warm referee standings against a bare sqlite3+json+typer+rich program, by CPU",
                             ref_cpu / bare_cpu, at_most=STANDINGS_RATIO))

        met += season_pages(url, args.warm_runs, statistics.median(c for _, c in floor))

        hands, whole, alone, pk = against_pokerkit(store, ids[:args.compare_nights], args.repeat)
    print(f"the season's first {min(args.compare_nights, len(ids))} nights, {hands:,} hands, best of {args.repeat}: "
          f"read and replayed {whole:,.0f} hands/s, replayed alone {alone:,.0f} hands/s; PokerKit on the same "
          f"hands {pk:,.0f} hands/s")
    print(f"replayed alone: {alone / pk:.1f}x PokerKit")
    met.append(check("season read-and-replay against PokerKit, same hands", whole / pk, at_least=REPLAY_RATIO))
    return met


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--per-night", type=int, default=250)
    parser.add_argument("--db", help="an empty database's URL (default: a SQLite file in a temporary folder)")
    parser.add_argument("--postgres", action="store_true", help="a fresh database on a PostgreSQL server")
    parser.add_argument("--compare-nights", type=int, default=20,
                        help="nights of the season read and replayed against PokerKit")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each side against PokerKit; the fastest counts")
    parser.add_argument("--warm-runs", type=int, default=5)
    args = parser.parse_args()
    print(f"load average: {load()}")
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
        met = run(url, args)
    print(f"load average: {load()}")
    return exit_code(met)


if __name__ == "__main__":
    raise SystemExit(main())
