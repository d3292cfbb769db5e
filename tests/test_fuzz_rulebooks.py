"""Bad rulebooks, fuzzed: whatever a TOML file holds, the loader gives a rulebook or refuses it with
one RulebookError naming the file (and the line, where the fault is on one); nothing else is ever
raised.  The inputs are the shipped rulebooks and house rulebooks that extend them, with one to three
things changed (a line replaced, dropped, doubled or swapped, a number out of range, a stray quote or
bracket, bytes that are not UTF-8), and random text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from helpers.fuzz import RULEBOOKS, Corpus, fuzz_settings, line_like, mutated_bytes, tried
from referee.errors import RefereeError, RulebookError
from referee.rulebook.loader import load_rulebook

pytestmark = pytest.mark.fuzz

HOUSE = '''# friday.toml: Friday night at Bob's
[rulebook]
name = "friday"
title = "Friday jackpots"
extends = "jackpots"

[options]
"jackpots.false_open_penalty" = "ante_for_all_next_deal"
draw.limit_post = 10

[rules]
"house.1" = "Cards speak at the showdown."

[option_rules."jackpots.false_open_penalty"]
ante_for_all_next_deal = "At Bob's the false opener antes for everybody on the next deal."
'''
BRAG_HOUSE = '''[rulebook]
extends = "three_card_brag"
[options]
brag.limit = 4
'''
BOOKS = Corpus("shipped and house rulebooks",
               [HOUSE, BRAG_HOUSE, *(p.read_text(encoding="utf-8") for p in sorted(RULEBOOKS.glob("*.toml")))])
TOML_WORDS = ("[rulebook]", "[options]", "[rules]", "[option_rules]", "extends = \"jackpots\"", "game = \"brag\"",
              "= 1", "= \"x\"", "= true", "= []", "= {}", "= 1979-05-27", "\"\"\"", "'''", "draw.limit_pre", "[[rules]]",
              "extends = \"friday.toml\"", "extends = \"../rulebooks/jackpots.toml\"", "= 1e400", "= -0")


@given(st.one_of(mutated_bytes(BOOKS, TOML_WORDS), st.lists(line_like(TOML_WORDS), max_size=6)
                 .map(lambda lines: "\n".join(lines).encode("utf-8", "surrogatepass"))))
@fuzz_settings(0.05)
@example(b'[rulebook]\nextends = "friday.toml"\n')  # extends itself
@example(b'[rulebook]\nextends = "jackpots"\n[options]\ndraw.limit_pre = 99999999999999999999999\n')
def test_a_rulebook_file_is_loaded_or_refused_naming_the_file(tmp_path: Path, data: bytes) -> None:
    tried("rulebooks")
    book = tmp_path / "friday.toml"
    book.write_bytes(data)
    try:
        load_rulebook(str(book))
    except RefereeError as err:
        assert isinstance(err, RulebookError), repr(err)
        assert re.match(rf"({re.escape(str(book))}|.*\.toml)(:\d+)?$", err.where or ""), f"no file in {str(err)!r}"
        assert "\n" not in str(err) and "\n" not in (err.hint or ""), str(err)
