"""How fast the end of the night is: the PDF report against bare WeasyPrint, its memory, settlement.

    .venv/bin/python bench/report.py [RUNS] [SEEDS] [--memory]

1. The PDF report of a 300-hand session, as a cold process (``python -m referee report 1 --pdf``:
   a new interpreter that imports referee, opens the store, replays the night, builds the ledger,
   settles it and renders the PDF), next to its floor: bare WeasyPrint, in a cold process of its own
   in the same run, laying out the report's own HTML with the report's own stylesheets and font
   settings (the HTML ``referee.report.pdf.report_html`` made of the same night, written to a file
   beforehand).  What the report costs over its floor is what referee adds: start-up, reading,
   replaying, accounting, settling and the template.  The default report (the hands with a finding
   or a ruling) is held to the targets: at most 1.3x its floor by CPU time (user + system, the
   steadier figure on a shared machine), and at most 2 s of CPU; the full report (``--hands all``,
   every hand listed) is printed beside it against its own floor.  Each is timed RUNS times
   (default 5), all taking turns, after one untimed run (so that all find their bytecode caches, as
   an installed referee does); best and median wall time, and the best CPU time.
2. Memory (``--memory``: this alone): the peak of a report at 500, 2,000 and 4,000 hands, in KB a hand
   (:func:`bench_memory`).
3. Settlement (what ``bench/settle.py`` measured before): exact settlement of 16 players, all with a
   non-zero balance (one night per seed, default 20 seeds), each a fresh call, against the 0.2 s
   target; then at the auto limit, the crowded shape, with forbidden and preferred pairs, greedy 100.

Exits 1 when a target is missed.
"""

from __future__ import annotations

import itertools
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from target import check, child_env, exit_code, load

from referee.ledger.settlement import EXACT_LIMIT, UnsettleableError, settle
from referee.ledger.zero_sum import _clear_bit_sets

PDF_RATIO_TARGET = 1.3
PDF_TARGET_S = 2.0
SETTLE_TARGET_S = 0.2
HANDS = 300

#: three Jackpots hands the bench night cycles through (each names its dealer, so every one is legal)
PATTERNS = (
    "dealer: Ann\nBob: dealt Qh Qd 9c 5s 3h\nBob: bets 2\nCy: calls\nDee: folds\nAnn: folds\n"
    "Bob: draws 3, discards 9c 5s 3h, gets Qs 8d 2c\nCy: draws 1\nBob: bets 5\nCy: calls\n"
    "Bob: shows Qh Qd Qs 8d 2c\nCy: shows Th Ts 6h 6d Ac\n",
    "dealer: Bob\nCy: dealt Ah Kd 8c 5s 2d\nCy: bets 2\nDee: calls\nAnn: folds\nBob: folds\n"
    "Cy: draws 3, discards 8c 5s 2d, gets Ac As 9h\nDee: draws 2\nCy: bets 5\nDee: calls\n"
    "Cy: shows Ah Kd Ac As 9h\nDee: shows Qc Qd 7h 7s 3c\n",
    "dealer: Cy\nDee: checks\nAnn: checks\nBob: checks\nCy: checks\n",
    "dealer: Dee\nAnn: dealt Kh Kd 9c 5s 3h\nAnn: bets 2\nBob: calls\nCy: folds\nDee: folds\n"
    "Ann: draws 3, discards 9c 5s 3h, gets 8s 8d 2c\nBob: draws 1\nAnn: bets 4\nBob: folds\n"
    "Ann: shows openers Kh Kd\n",
)


def night_text(hands: int = HANDS) -> str:
    lines = ["rulebook: jackpots", "option draw.limit_post = 10",
             "seats: Ann 5000, Bob 5000, Cy 5000, Dee 5000", "dealer: Ann", ""]
    for number in range(1, hands + 1):
        lines += [f"hand {number}", PATTERNS[(number - 1) % len(PATTERNS)]]
    return "\n".join(lines)


def record_session(folder: Path) -> str:
    """A closed 300-hand session in a fresh SQLite file; its URL."""
    from referee.handfile import parse_night
    from referee.handfile.replay import replay_night_file
    from referee.recording.night_file import record_night
    from referee.store.store import open_store

    url = f"sqlite:///{folder / 'bench.sqlite3'}"
    night = parse_night(night_text(), source="bench night")
    final = replay_night_file(night).result.stacks
    with open_store(url) as store:
        sid = record_night(store, night, table_name="Bench table", chip_value_cents=25)
        with store.transaction() as tx:
            tx.close_session(sid, dict(final))
    return url


#: bare WeasyPrint: an HTML file laid out with stylesheets and fonts as referee.report.pdf does it
FLOOR = """
import os, sys
from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration
html, base, target, *sheets = sys.argv[1:]
fonts = FontConfiguration()
document = HTML(filename=html, base_url=base + os.sep)
document.write_pdf(target, stylesheets=[CSS(filename=s, font_config=fonts) for s in sheets], font_config=fonts,
                   full_fonts=True)
"""


def floor_command(url: str, all_hands: bool, folder: Path, target: Path) -> list[str]:
    """A cold process laying out the report's own HTML (made now, untimed) to ``target`` with bare
    WeasyPrint."""
    from referee.report.document import report_of
    from referee.report.pdf import report_html
    from referee.store.store import open_store

    with open_store(url) as store:
        html, sheets, base = report_html(report_of(store, 1, all_hands=all_hands))
    page = folder / f"{target.stem}.html"
    page.write_text(html, encoding="utf-8")
    return [sys.executable, "-c", FLOOR, str(page), str(base), str(target), *map(str, sheets)]


def cold(commands: dict[str, list[str]], runs: int) -> dict[str, tuple[list[float], list[float]]]:
    """Each command run ``runs`` times as a cold process, the commands taking turns (so a load that
    comes and goes on a shared machine falls on each alike): (wall seconds, CPU seconds) of each run,
    the CPU time (user + system, from the children's rusage) being the steadier figure under load."""
    env = child_env()
    for command in commands.values():
        subprocess.run(command, check=True, capture_output=True, env=env)  # untimed: bytecode and OS caches
    times: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True, env=env)
            wall = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            times[name][0].append(wall)
            times[name][1].append(cpu)
    return times


def pages(pdf: Path) -> int:
    from pypdf import PdfReader

    return len(PdfReader(pdf).pages)


def bench_pdf(runs: int) -> list[bool]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        url = record_session(folder)
        report_pdf, full_pdf = folder / "night.pdf", folder / "full.pdf"
        report_cmd = [sys.executable, "-m", "referee", "report", "1", "--db", url, "--pdf", str(report_pdf)]
        full_cmd = [*report_cmd[:-1], str(full_pdf), "--hands", "all"]
        times = cold({"floor": floor_command(url, False, folder, folder / "floor.pdf"),
                      "report": report_cmd,
                      "full floor": floor_command(url, True, folder, folder / "full-floor.pdf"),
                      "full": full_cmd},
                     runs)
        met = []
        for name, floor_name, pdf, label in (("report", "floor", report_pdf, "referee report (default)"),
                                             ("full", "full floor", full_pdf, "referee report --hands all")):
            floor, floor_cpu = times[floor_name]
            wall, cpu = times[name]
            print(f"bare WeasyPrint on its HTML, cold process    best {min(floor):5.2f} s  "
                  f"median {statistics.median(floor):5.2f} s   CPU best {min(floor_cpu):5.2f} s   (the floor)")
            print(f"{label}, {HANDS} hands, {pages(pdf):2d} pages   best {min(wall):5.2f} s  "
                  f"median {statistics.median(wall):5.2f} s   CPU best {min(cpu):5.2f} s   "
                  f"({min(wall) / min(floor):.2f}x the floor by wall time)")
            if name == "report":
                met.append(check("default PDF report against bare WeasyPrint on its HTML, by CPU",
                                 min(cpu) / min(floor_cpu), at_most=PDF_RATIO_TARGET))
                met.append(check("default PDF report, CPU", min(cpu), at_most=PDF_TARGET_S, unit=" s"))
            else:
                print(f"  {min(cpu) / min(floor_cpu):.2f}x its floor by CPU (no target: the whole night on paper)")
    return met


# ---------------------------------------------------------------- memory: flat in the number of hands

MEMORY_HANDS = (500, 2000, 4000)

DATA_CHILD = """
import resource, sys, tracemalloc
from referee.report.document import report_of
from referee.store.store import open_store
with open_store(sys.argv[1]) as store:
    tracemalloc.start()
    report_of(store, 1)
    peak = tracemalloc.get_traced_memory()[1]
print(peak, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""

CLI_CHILD = """
import resource, runpy, sys
sys.argv = ["referee", *sys.argv[1:]]
try:
    runpy.run_module("referee", run_name="__main__")
except SystemExit as done:
    assert not done.code, done.code
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)
"""


def long_night_text(hands: int) -> str:
    """A night of ``hands`` Jackpots hands of which two are flagged (false opens, hands 2 and 3) and the
    rest clean showdowns and folds, with stacks deep enough to last: the default report's pages stay
    the same whatever ``hands`` is, so what grows with it is what the report holds per hand."""
    lines = ["rulebook: jackpots", "option draw.limit_post = 10",
             "seats: Ann 100000, Bob 100000, Cy 100000, Dee 100000", "dealer: Ann", ""]
    for number in range(1, hands + 1):
        pattern = PATTERNS[1] if number in (2, 3) else PATTERNS[0] if number % 2 else PATTERNS[3]
        lines += [f"hand {number}", pattern]
    return "\n".join(lines)


def bench_memory() -> None:
    """Peak memory of a report at 500, 2,000 and 4,000 hands, each in a process of its own: the traced
    peak (tracemalloc) of ``report_of`` (reading, replaying, accounting and settling the night: what the
    terminal report and the PDF are made from), and the peak resident size (ru_maxrss) of
    ``referee report 1 --pdf`` and of ``referee report 1 --pdf --hands all`` (every hand on paper: its
    pages grow with the hands, and WeasyPrint lays the whole document out before writing it)."""
    from referee.handfile import parse_night
    from referee.handfile.replay import replay_night_file
    from referee.recording.night_file import record_night
    from referee.store.store import open_store

    print("report memory, a night of two flagged hands among N (bench/report.py long_night_text):")
    rows: dict[int, tuple[int, int, int, int, int]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for hands in MEMORY_HANDS:
            url = f"sqlite:///{Path(tmp) / f'memory-{hands}.sqlite3'}"
            night = parse_night(long_night_text(hands), source="bench night")
            with open_store(url) as store:
                sid = record_night(store, night, table_name="Bench table", chip_value_cents=25)
                with store.transaction() as tx:
                    tx.close_session(sid, dict(replay_night_file(night).result.stacks))
            del night
            data = subprocess.run([sys.executable, "-c", DATA_CHILD, url], check=True, capture_output=True, text=True)
            traced, data_rss = (int(x) for x in data.stdout.split())
            measured = []
            for extra in ((), ("--hands", "all")):
                pdf = Path(tmp) / f"report-{hands}-{len(extra)}.pdf"
                run = subprocess.run([sys.executable, "-c", CLI_CHILD, "report", "1", "--db", url, "--pdf", str(pdf),
                                      *extra], check=True, capture_output=True, text=True)
                measured.append((int(run.stderr.split()[-1]), pages(pdf)))
            (pdf_rss, pdf_pages), (all_rss, all_pages) = measured
            rows[hands] = (traced, data_rss, pdf_rss, all_rss, all_pages)
            print(f"  {hands:5,} hands: report_of traced peak {traced / 1e6:6.1f} MB (process {data_rss / 1e3:5.0f} MB); "
                  f"report --pdf {pdf_rss / 1e3:5.0f} MB, {pdf_pages} pages; --hands all {all_rss / 1e3:5.0f} MB, "
                  f"{all_pages} pages")
    low, high = MEMORY_HANDS[0], MEMORY_HANDS[-1]
    per = [(rows[high][i] - rows[low][i]) / (high - low) for i in range(4)]
    print(f"  per hand from {low:,} to {high:,}: report_of {per[0] / 1e3:.2f} KB traced, {per[1]:.2f} KB resident; "
          f"report --pdf {per[2]:.2f} KB; --hands all {per[3]:.2f} KB (its pages: "
          f"{(rows[high][4] - rows[low][4]) / (high - low):.3f} a hand)")


# ---------------------------------------------------------------- settlement (was bench/settle.py)


def night(players: int, seed: int, most: int, step: int = 1) -> dict[str, int]:
    """``players`` non-zero balances summing to zero, in multiples of ``step`` cents."""
    rng = random.Random(seed)
    while True:
        values = [rng.choice((-1, 1)) * rng.randint(1, most // step) * step for _ in range(players - 1)]
        values.append(-sum(values))
        if values[-1] and abs(values[-1]) <= 4 * most:
            return {f"player{i:03d}": v for i, v in enumerate(values)}


def crowded_night(seed: int) -> dict[str, int]:
    """12 winners of 1 to 9 euros and 4 losers of 10 to 20: many zero-sum groups, no opposites."""
    rng = random.Random(seed)
    losers = [rng.randint(10, 20) for _ in range(4)]
    winners = [1] * 12
    for _ in range(sum(losers) - 12):
        winners[rng.choice([i for i, w in enumerate(winners) if w < 9])] += 1
    values = [-100 * v for v in losers] + [100 * v for v in winners]
    return {f"player{i:03d}": v for i, v in enumerate(values)}


def timed(make: Callable[[int], dict[str, int]], seeds: int, **options: object) -> tuple[list[float], int]:
    times, transfers = [], 0
    for seed in range(seeds):
        balances = make(seed)
        _clear_bit_sets.cache_clear()  # each call pays for everything, as a fresh process would
        start = time.perf_counter()
        result = settle(balances, **options)  # type: ignore[arg-type]
        times.append(time.perf_counter() - start)
        transfers = max(transfers, len(result.transfers))
    return times, transfers


def timed_with_pairs(make: Callable[[int], dict[str, int]], seeds: int) -> tuple[list[float], int]:
    """As :func:`timed`, with six random pairs of the night: three forbidden, three preferred."""
    times, transfers = [], 0
    for seed in range(seeds):
        balances = make(seed)
        pairs = random.Random(seed).sample(list(itertools.combinations(sorted(balances), 2)), 6)
        _clear_bit_sets.cache_clear()
        start = time.perf_counter()
        try:
            result = settle(balances, method="exact", forbidden=pairs[:3], preferred=pairs[3:])
            transfers = max(transfers, len(result.transfers))
        except UnsettleableError:  # timed all the same: finding that out is part of the work
            pass
        times.append(time.perf_counter() - start)
    return times, transfers


def report(label: str, times: list[float], transfers: int, target: float | None = None) -> None:
    worst, median = max(times), statistics.median(times)
    against = f"   target {target * 1000:.0f} ms: worst is {worst / target:.2f}x of it" if target else ""
    print(f"{label:<52} worst {worst * 1000:7.1f} ms  median {median * 1000:7.1f} ms  "
          f"(up to {transfers} transfers){against}")


def bench_settle(seeds: int) -> list[bool]:
    print(f"settlement: {seeds} seeds per line; times are one settle() call each")
    sixteen, transfers = timed(lambda s: night(16, s, 50_000), seeds, method="exact")
    report("exact, 16 players", sixteen, transfers, SETTLE_TARGET_S)
    met = [check("exact settlement of 16 players, worst", max(sixteen), at_most=SETTLE_TARGET_S, unit=" s", digits=3)]
    report(f"exact, {EXACT_LIMIT} players (the auto limit)",
           *timed(lambda s: night(EXACT_LIMIT, s, 50_000), seeds, method="exact"))
    crowded, transfers = timed(crowded_night, seeds, method="exact")
    report("exact, 16 players, crowded (12 x 1-9, 4 x 10-20)", crowded, transfers, SETTLE_TARGET_S)
    met.append(check("exact settlement of 16 players, crowded, worst", max(crowded), at_most=SETTLE_TARGET_S,
                     unit=" s", digits=3))
    for label, make in (("16 players", lambda s: night(16, s, 50_000)), ("16 crowded", crowded_night)):
        report(f"exact, {label}, 3 forbidden + 3 preferred pairs", *timed_with_pairs(make, seeds))
    report("greedy, 100 players", *timed(lambda s: night(100, s, 50_000), seeds, method="greedy"))
    return met


def main() -> int:
    args = [a for a in sys.argv[1:] if a != "--memory"]
    runs = int(args[0]) if len(args) > 0 else 5
    seeds = int(args[1]) if len(args) > 1 else 20
    print(f"Python {sys.version.split()[0]}, load average {load()}; {runs} runs per process")
    if "--memory" in sys.argv[1:]:  # the memory figures alone
        bench_memory()
        return 0
    met = bench_pdf(runs)
    bench_memory()
    met += bench_settle(seeds)
    print(f"load average: {load()}")
    return exit_code(met)


if __name__ == "__main__":
    raise SystemExit(main())
