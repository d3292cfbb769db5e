"""Shared pieces of the fuzz tests (``tests/test_fuzz_*.py``): how many inputs to try, strategies that
make bad input out of good (a line changed, a card garbled, a number out of range, bytes that are not
UTF-8), the count of inputs tried, and the store read back row for row.

How many: ``REFEREE_FUZZ_INPUTS`` is the number of inputs the whole fuzz pass tries (a short pass of
:data:`SHORT_PASS` by default; ``.ci/run`` sets 100,000).  Each test takes its share of it
(:func:`fuzz_settings`).  Every input handed to the code under test is counted (:func:`tried`); the
test run's summary ends with ``fuzz inputs: N tried``, which ``.ci/run`` checks.
"""

from __future__ import annotations

import os
import re
import sqlite3
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from helpers.tallies import TALLIES

ENV = "REFEREE_FUZZ_INPUTS"
#: inputs of the README's test command: a quick pass over every target
SHORT_PASS = 3_000

#: inputs tried per target in this process (a tally: tests/helpers/tallies.py)
TRIED: Counter[str] = TALLIES["fuzz inputs"]

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
RULEBOOKS = ROOT / "rulebooks"
LEDGERS = ROOT / "tests" / "pokernow"

settings.register_profile(
    "fuzz",
    deadline=None,  # a loaded 2-core machine: time is measured by .ci/run, not per example
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much,
                           HealthCheck.function_scoped_fixture, HealthCheck.large_base_example],
    print_blob=True,  # a failure prints the @reproduce_failure line to keep as a regression example
)


def total_inputs() -> int:
    raw = os.environ.get(ENV, "").strip().replace("_", "").replace(",", "")
    return int(raw) if raw else SHORT_PASS


def fuzz_settings(share: float, per_example: int = 1) -> settings:
    """Hypothesis settings for a test that takes ``share`` of the run's inputs, trying
    ``per_example`` inputs in each example."""
    examples = max(10, round(total_inputs() * share / per_example))
    return settings(settings.get_profile("fuzz"), max_examples=examples)


def tried(target: str, count: int = 1) -> None:
    TRIED[target] += count


def summary(tried: Mapping[str, int]) -> str | None:
    """``fuzz inputs: 100,123 tried (cards 30,000, …)``, or None when no fuzz test ran."""
    total = sum(tried.values())
    if not total:
        return None
    parts = ", ".join(f"{name} {n}" for name, n in sorted(tried.items()))
    return f"fuzz inputs: {total} tried ({parts})"


# ------------------------------------------------------------------ the words of bad input

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "ann", "BOB", "Zed", "Ann Lee", "Анна", "Bob:", "B0b")
VERBS = (
    "bets", "calls", "raises", "raises to", "folds", "checks", "draws", "stands pat", "shows", "mucks",
    "knocks", "sees", "blind", "covers", "antes", "opens", "discards", "exchanges", "takes", "declares",
    "arranges", "reveals", "asks", "sits down with", "leaves", "adds", "rebuys", "buys", "void", "undo",
    "new hand", "b", "c", "r", "f", "x", "d", "s", "k", "open", "see", "all", "face down", "openers",
    "discards", "after", "for", "with", "to", "hand", "dealer:", "seats:", "rulebook:", "option", "so far:",
)
CARDS = ("As", "Kd", "Qh", "Jc", "Ts", "10d", "9h", "2c", "Jk1", "Jk2", "??", "AS", "kD", "1s", "Ts1", "Xx",
         "A♠", "K♦", "11h", "0c", "Zz", "A", "s", "🂡")
#: numbers at and beyond every edge: zero, negative, huge, decimals, digits that are not ASCII
NUMBERS = (
    "0", "1", "2", "-1", "-0", "007", "1.5", "2,5", "1e9", "99999999999999999999999", "2147483648",
    "9223372036854775808", "3000000000", "١٢", "²", "۳", "½", "Ⅻ", "1_000", "+5", "0x10", "nan", "inf",
    "1 000", "€5", "$5", "5$", "5.", ".5",
)
PUNCTUATION = (":", ",", "#", "=", "\"", "'", "[", "]", "{", "}", "\\", "/", "..", "—", "…", "\t", " ", "  ")
ODD = ("\x00", "\x1b[31m", "\u200b", "\ufeff", "\r", "\u2028", "\x7f", "\ud800", "\U0001f600", "é", "ß", "İ",
       "\u0301", "ﬀ")


def _words(extra: Sequence[str] = ()) -> st.SearchStrategy[str]:
    return st.sampled_from(NAMES + VERBS + CARDS + NUMBERS + PUNCTUATION + ODD + tuple(extra))


def noise() -> st.SearchStrategy[str]:
    """Random text: any characters (surrogates included: a file read with errors= can carry them)."""
    return st.text(st.characters(codec=None), max_size=60)


def word_salad(extra: Sequence[str] = ()) -> st.SearchStrategy[str]:
    """Words of the domain in random order: gets past a tokenizer to the checks behind it."""
    return st.lists(_words(extra), max_size=8).map(" ".join)


def line_like(extra: Sequence[str] = ()) -> st.SearchStrategy[str]:
    """One line of input: noise, or the domain's own words in random order."""
    return st.one_of(noise(), word_salad(extra), st.sampled_from(NUMBERS + CARDS + ODD + tuple(extra)))


_NUMBER = re.compile(r"\d+")
_CARD = re.compile(r"\b(?:10|[2-9TJQKA])[cdhs]\b|\bJk[12]\b|\?\?")


@st.composite
def mutated(draw: Any, valid: Sequence[str], extra: Sequence[str] = ()) -> str:
    """A valid text with one to three things changed, each as a careless hand or a corrupted file
    changes it: a line replaced, dropped, doubled or swapped, a card garbled, a number put out of range,
    a piece cut off or a stray character typed into it."""
    text = draw(st.sampled_from(valid))
    for _ in range(draw(st.integers(1, 3))):
        lines = text.split("\n")
        i = draw(st.integers(0, max(0, len(lines) - 1)))
        how = draw(st.sampled_from(("replace", "drop", "double", "swap", "card", "number", "insert", "cut", "word")))
        if how == "replace":
            lines[i] = draw(line_like(extra))
        elif how == "drop":
            del lines[i]
        elif how == "double":
            lines.insert(i, lines[i])
        elif how == "swap":
            j = draw(st.integers(0, max(0, len(lines) - 1)))
            lines[i], lines[j] = lines[j], lines[i]
        elif how in ("card", "number"):
            spots = list((_CARD if how == "card" else _NUMBER).finditer(text))
            if spots:
                spot = draw(st.sampled_from(spots))
                new = draw(st.sampled_from(CARDS if how == "card" else NUMBERS) | noise())
                text = text[: spot.start()] + new + text[spot.end():]
                continue
        elif how == "insert" and lines:
            at = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:at] + draw(st.sampled_from(PUNCTUATION + ODD) | noise()) + lines[i][at:]
        elif how == "cut" and lines:
            lines = lines[: i + 1]
            lines[-1] = lines[-1][: draw(st.integers(0, len(lines[-1])))]
        elif how == "word" and lines:
            words = lines[i].split(" ")
            k = draw(st.integers(0, len(words) - 1))
            words[k] = draw(_words(extra))
            lines[i] = " ".join(words)
        text = "\n".join(lines)
    return text


@st.composite
def mutated_bytes(draw: Any, valid: Sequence[str], extra: Sequence[str] = ()) -> bytes:
    """A mutated text as a file holds it: UTF-8, now and then with bytes that are not UTF-8 (Latin-1
    or Windows-1251 text, a truncated sequence, a stray 0xFF) or a byte-order mark."""
    data = draw(mutated(valid, extra)).encode("utf-8", "surrogatepass")
    how = draw(st.sampled_from(("as is", "as is", "bad bytes", "latin-1", "bom", "nul")))
    if how == "bad bytes" and data:
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.sampled_from((b"\xff", b"\xc3", b"\xe2\x82", b"\x80\x80", b"\xed\xa0\x80"))) + data[at:]
    elif how == "latin-1":
        data = data + draw(st.sampled_from(("\ncafé Ñoño\n".encode("latin-1"), "\nЕщё раз\n".encode("cp1251"))))
    elif how == "bom":
        data = b"\xef\xbb\xbf" + data
    elif how == "nul":
        data = data.replace(b"\n", b"\x00\n", 1)
    return data


class Corpus(tuple[str, ...]):
    """Valid texts the mutations start from, shown by their name in hypothesis's reports (not whole)."""

    name: str

    def __new__(cls, name: str, texts: Sequence[str]) -> Corpus:
        made = super().__new__(cls, texts)
        made.name = name
        return made

    def __repr__(self) -> str:
        return f"<{self.name}: {len(self)} texts>"


def corpus(name: str, paths: Sequence[Path]) -> Corpus:
    return Corpus(name, [p.read_text(encoding="utf-8") for p in paths])


# ------------------------------------------------------------------ the store, row for row


def store_rows(url: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the store at ``url``, in a stable order: two reads are equal
    exactly when nothing was written in between."""
    if url.startswith("sqlite:///"):
        con = sqlite3.connect(url.removeprefix("sqlite:///"))
        try:
            tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
            return {t: sorted(con.execute(f'SELECT * FROM "{t}"').fetchall(), key=repr) for t in tables}
        finally:
            con.close()
    import psycopg

    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://")) as con:
        tables = [r[0] for r in con.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename")]
        return {t: sorted(con.execute(f'SELECT * FROM "{t}"').fetchall(), key=repr) for t in tables}
