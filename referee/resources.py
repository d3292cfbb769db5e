"""Where the shipped data files (rulebooks, report templates) live.

In a wheel they are packaged inside ``referee/_data/``; in a source checkout (editable install)
they sit at the repository root.  Every reader goes through these two functions.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """Return the directory holding shipped data ``name`` ("rulebooks" or "reports")."""
    packaged = _PACKAGE_DIR / "_data" / name
    if packaged.is_dir():
        return packaged
    checkout = _PACKAGE_DIR.parent / name
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(f"shipped data folder {name!r} is missing from the installation")


def rulebooks_dir() -> Path:
    return data_dir("rulebooks")


def reports_dir() -> Path:
    return data_dir("reports")
