"""A bench's figure against its target: printed side by side, and the exit code that says whether
every target was met (0) or one was missed (1).

    from target import check, child_env, exit_code, load
    met = [check("replay against PokerKit", 6.4, at_least=6, unit="x")]
    print(f"load average: {load()}")
    raise SystemExit(exit_code(met))
"""

from __future__ import annotations

import os


def load() -> str:
    """The machine's load average over 1, 5 and 15 minutes (the benches share a 2-core machine)."""
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f} ({os.cpu_count()} cores)"


def child_env(**extra: str) -> dict[str, str]:
    """The environment of a timed child process: this one's, but allowed to write its bytecode caches
    (an installed referee has them; without them every run compiles referee's modules again, while
    the libraries it is compared with were compiled when installed), plus ``extra``."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, **extra}


def check(what: str, figure: float, *, at_least: float | None = None, at_most: float | None = None,
          unit: str = "x", digits: int = 2) -> bool:
    """Print ``what: FIGURE  target >= N: met`` (or ``MISSED``) and return whether it was met."""
    if (at_least is None) == (at_most is None):
        raise ValueError("a target is either at_least or at_most")
    if at_least is not None:
        met, sign, bound = figure >= at_least, ">=", at_least
    else:
        assert at_most is not None
        met, sign, bound = figure <= at_most, "<=", at_most
    print(f"{what}: {figure:,.{digits}f}{unit}   target {sign} {bound:,g}{unit}: {'met' if met else 'MISSED'}",
          flush=True)
    return met


def exit_code(met: list[bool]) -> int:
    """0 when every target was met, else 1 (with a last line saying how many were missed)."""
    missed = met.count(False)
    if missed:
        print(f"{missed} of {len(met)} targets missed")
    return 1 if missed else 0
