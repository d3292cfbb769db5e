"""Shipped rulebooks, templates and the scoreboard's assets work from an installed wheel, not only from a checkout."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

from referee.engine.games import game_names

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def unpacked_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the project's wheel the way pip does and unzip it: an installation without the checkout."""
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(out), str(REPO)],
        check=True, capture_output=True, text=True,
    )
    (wheel,) = out.glob("referee-*.whl")
    target = tmp_path_factory.mktemp("site")
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(target)
    return target


def test_wheel_carries_the_rulebooks(unpacked_wheel: Path) -> None:
    shipped = sorted(p.stem for p in (unpacked_wheel / "referee" / "_data" / "rulebooks").glob("*.toml"))
    assert shipped == sorted(game_names())


def test_every_shipped_rulebook_loads_from_the_wheel(unpacked_wheel: Path, tmp_path: Path) -> None:
    code = (
        "import json, referee.rulebook as r\n"
        "books = [r.load_rulebook(n) for n in r.shipped_rulebook_names()]\n"
        "print(json.dumps({'module': r.__file__, 'books': {b.name: [b.game, b.source, len(b.options),"
        " len(b.rules), b.rule_text('common.wheel')] for b in books}}))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(unpacked_wheel)
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, check=True)
    result = json.loads(proc.stdout)
    data_dir = unpacked_wheel / "referee" / "_data" / "rulebooks"
    assert Path(result["module"]).resolve().is_relative_to(unpacked_wheel.resolve())
    assert sorted(result["books"]) == sorted(game_names())
    for name, (game, source, n_options, n_rules, wheel_text) in result["books"].items():
        assert game == name
        assert Path(source).resolve() == (data_dir / f"{name}.toml").resolve()
        assert n_options > 0 and n_rules > 0 and wheel_text


def test_the_main_job_runs_from_the_wheel(unpacked_wheel: Path, tmp_path: Path) -> None:
    """`referee demo` from an installation without the checkout: the example night, the rulebooks and the
    store's migrations all come out of the wheel."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "REFEREE_DB")}
    env["PYTHONPATH"] = str(unpacked_wheel)
    db = tmp_path / "wheel.sqlite3"
    proc = subprocess.run(
        [sys.executable, "-m", "referee", "demo", "--db", f"sqlite:///{db}"],
        cwd=tmp_path, env=env, capture_output=True, text=True,
    )
    assert proc.returncode == 0, proc.stderr
    assert "hash chain verified" in proc.stdout
    assert str(unpacked_wheel / "referee" / "_data" / "examples") in proc.stdout
    for folder in ("rulebooks", "examples", "reports"):
        assert (unpacked_wheel / "referee" / "_data" / folder).is_dir(), folder
    assert (unpacked_wheel / "referee" / "store" / "migrations" / "versions").is_dir()


def test_the_scoreboard_is_served_from_the_wheel(unpacked_wheel: Path, tmp_path: Path) -> None:
    """`referee serve` from an installation without the checkout: the page, its style and its script come
    out of the wheel (every asset ships with the package: no CDN)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "REFEREE_DB")}
    env["PYTHONPATH"] = str(unpacked_wheel)
    url = f"sqlite:///{tmp_path / 'wheel.sqlite3'}"
    made = subprocess.run([sys.executable, "-m", "referee", "--db", url, "session", "new", "--table", "Wheel",
                           "--game", "jackpots", "-p", "Ann:10", "-p", "Bob:10"], cwd=tmp_path, env=env,
                          capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    server = subprocess.Popen([sys.executable, "-m", "referee", "--db", url, "serve", "1", "--port", "0", "--no-qr"],
                              cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        page = next(line.strip() for line in server.stdout if line.strip().startswith("http://"))
        base = page.split("/s/")[0]
        bodies = {}
        for path in (page, base + "/assets/page.css", base + "/assets/page.js"):
            for _ in range(100):
                try:
                    with urllib.request.urlopen(path, timeout=5) as response:
                        bodies[path] = response.read().decode()
                    break
                except OSError:  # not listening yet
                    time.sleep(0.05)
        assert len(bodies) == 3 and "/assets/page.js" in bodies[page]
        assert not re.search(r"(src|href)=\"https?://", bodies[page])  # nothing from elsewhere
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert (unpacked_wheel / "referee" / "scoreboard" / "templates" / "page.html.j2").is_file()


def test_the_shipped_scoring_files_and_the_season_report_work_from_the_wheel(unpacked_wheel: Path, tmp_path: Path) -> None:
    """`referee season check PRESET` and a season made with one, reported as a PDF: the scoring
    presets (leagues/) and the season's templates come out of the wheel."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "REFEREE_DB")}
    env["PYTHONPATH"] = str(unpacked_wheel)
    db = f"sqlite:///{tmp_path / 'wheel.sqlite3'}"

    def referee(*args: str) -> str:
        proc = subprocess.run([sys.executable, "-m", "referee", *args], cwd=tmp_path, env=env, capture_output=True,
                              text=True)
        assert proc.returncode == 0, proc.stderr
        return proc.stdout

    listed = referee("season", "check", "--list")
    assert {"net-money", "points-by-place", "attendance"} <= {line.split(":")[0] for line in listed.splitlines()}
    assert (unpacked_wheel / "referee" / "_data" / "leagues" / "points-by-place.toml").is_file()
    referee("demo", "--db", db, "--pdf", str(tmp_path / "night.pdf"))
    referee("season", "new", "Always", "--from", "2000-01-01", "--to", "2099-12-31", "--scoring", "points-by-place",
            "--db", db)
    assert "Wrote the report" in referee("report", "--season", "Always", "--pdf", str(tmp_path / "season.pdf"), "--db", db)
    assert (tmp_path / "season.pdf").read_bytes().startswith(b"%PDF")


def test_the_wheel_carries_compiled_catalogs_and_speaks_russian_from_them(unpacked_wheel: Path,
                                                                          tmp_path: Path) -> None:
    """The build hook (hatch_build.py) compiles each ``.po`` into the wheel: an installed referee reads
    the ``.mo`` and never compiles a catalog itself (Babel's catalog reader is not even imported)."""
    assert (unpacked_wheel / "referee" / "locale" / "ru" / "LC_MESSAGES" / "referee.mo").is_file()
    code = ("import sys, referee.i18n as i\n"
            "i.use('ru')\n"
            "print(i.__file__)\n"
            "print(i._('Who pays whom'))\n"
            "print('babel.messages.pofile' in sys.modules)\n")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "REFEREE_LANG")}
    env["PYTHONPATH"] = str(unpacked_wheel)
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                          check=True)
    module, said, compiled_here = proc.stdout.splitlines()
    assert Path(module).resolve().is_relative_to(unpacked_wheel.resolve())
    assert (said, compiled_here) == ("Кто кому платит", "False")
    helped = subprocess.run([sys.executable, "-m", "referee", "--lang", "ru", "--help"], cwd=tmp_path, env=env,
                            capture_output=True, text=True)
    assert helped.returncode == 0, helped.stderr
    assert "Запись раздач и судья в спорах для домашних покерных игр." in helped.stdout
