"""How long a payment takes to record: prints figures, asserts nothing.

    .venv/bin/python bench/settle_paid.py [RUNS]

``referee settle 1`` and ``referee settle 1 --paid 1`` as cold processes on the closed 300-hand session
of ``bench/report.py``, each run on a fresh copy of the same file (nothing kept from the run before):
best and median wall time of RUNS (default 5), after one untimed run.  ``--paid`` replays the night
once, inside the transaction that holds the session's lock, checks the payment and appends it.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from report import record_session  # noqa: E402 (the bench folder is not a package)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    referee = Path(sys.executable).parent / "referee"
    with tempfile.TemporaryDirectory() as folder:
        url = record_session(Path(folder))
        path = Path(url.removeprefix("sqlite:///"))
        base = path.with_suffix(".base")
        shutil.copy(path, base)
        for label, args in (("settle 1", ["settle", "1"]), ("settle 1 --paid 1", ["settle", "1", "--paid", "1"])):
            times = []
            for _ in range(runs + 1):
                shutil.copy(base, path)
                for extra in (path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
                    extra.unlink(missing_ok=True)
                start = time.perf_counter()
                done = subprocess.run([str(referee), *args, "--db", url], capture_output=True, text=True)
                times.append(time.perf_counter() - start)
                if done.returncode != 0:
                    raise SystemExit(done.stderr)
            times = times[1:]
            print(f"{label}: best {min(times):.3f} s, median {statistics.median(times):.3f} s ({runs} runs)")


if __name__ == "__main__":
    main()
