"""Wall time of ``referee --help`` against a bare typer app with the same command tree.

Target: referee within 1.3x the bare app (median wall time, the two taking turns); exits 1 when
missed.  The ratio of their median CPU times (user + system, of each child) is printed beside it:
on a loaded machine both wait alike for a core, which narrows the wall ratio, and CPU shows the
work each does.  The bare app is generated from referee's own command tree (same groups, same commands, same
help texts) with nothing but typer imported, so the difference is what referee itself adds at
start-up.

    .venv/bin/python bench/cli_help.py [--runs 30]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from target import check, child_env, exit_code, load

TARGET = 1.3  # referee --help against the bare app, at most


def command_tree() -> dict[str, object]:
    """{group: {command: help} | help} of the real app, read through click."""
    import typer.main

    from referee.cli import app

    root = typer.main.get_command(app)
    ctx = typer.Context(root)
    tree: dict[str, object] = {}
    for name in root.list_commands(ctx):  # type: ignore[attr-defined]
        cmd = root.get_command(ctx, name)  # type: ignore[attr-defined]  # built when asked for (RefereeGroup)
        sub = getattr(cmd, "commands", None)
        tree[name] = {n: (c.help or "") for n, c in sub.items()} if sub is not None else (cmd.help or "")
    return tree


def bare_app_source(tree: dict[str, object]) -> str:
    lines = ["import typer", "app = typer.Typer(no_args_is_help=True)"]
    for i, (name, node) in enumerate(tree.items()):
        if isinstance(node, dict):
            lines.append(f"g{i} = typer.Typer()")
            lines.append(f"app.add_typer(g{i}, name={name!r})")
            for j, (cname, chelp) in enumerate(node.items()):
                lines.append(f"@g{i}.command({cname!r}, help={chelp!r})")
                lines.append(f"def c{i}_{j}(x: str = typer.Option('', help='an option')): pass")
        else:
            lines.append(f"@app.command({name!r}, help={node!r})")
            lines.append(f"def c{i}(x: str = typer.Option('', help='an option')): pass")
    lines.append("app()")
    return "\n".join(lines) + "\n"


def time_runs(cmd: list[str], runs: int) -> list[tuple[float, float]]:
    """(wall, CPU) seconds of each of ``runs`` runs of ``cmd``."""
    out = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=child_env())
        wall = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        out.append((wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    print(f"load average: {load()}")
    tree = command_tree()
    n_commands = sum(len(v) if isinstance(v, dict) else 1 for v in tree.values())
    with tempfile.TemporaryDirectory() as tmp:
        bare = Path(tmp) / "bare_app.py"
        bare.write_text(bare_app_source(tree))
        ref_cmd = [sys.executable, "-m", "referee", "--help"]
        bare_cmd = [sys.executable, str(bare), "--help"]
        time_runs(ref_cmd, 2), time_runs(bare_cmd, 2)  # warm the OS caches
        ref: list[tuple[float, float]] = []
        base: list[tuple[float, float]] = []
        for _ in range(args.runs):  # interleave so drift hits both alike
            ref += time_runs(ref_cmd, 1)
            base += time_runs(bare_cmd, 1)
    r, b = statistics.median(w for w, _ in ref), statistics.median(w for w, _ in base)
    r_cpu, b_cpu = statistics.median(c for _, c in ref), statistics.median(c for _, c in base)
    print(f"command tree: {len(tree)} groups/commands at the top, {n_commands} commands in all")
    print(f"referee --help   median {r * 1000:7.1f} ms  (min {min(w for w, _ in ref) * 1000:.1f}), "
          f"CPU {r_cpu * 1000:.1f} ms")
    print(f"bare typer app   median {b * 1000:7.1f} ms  (min {min(w for w, _ in base) * 1000:.1f}), "
          f"CPU {b_cpu * 1000:.1f} ms")
    print(f"by CPU: {r_cpu / b_cpu:.2f}x")
    met = [check("referee --help against a bare typer app", r / b, at_most=TARGET)]
    print(f"load average: {load()}")
    return exit_code(met)


if __name__ == "__main__":
    raise SystemExit(main())
