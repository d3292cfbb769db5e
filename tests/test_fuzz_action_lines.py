"""Bad action lines, fuzzed: a hand's body line in the hand format (``Ann: raises to 6``) and the
table's short forms (``ann r 6``, ``bob JsJh``) of every game, read into an event or refused with a
one-line HandFileError; nothing else is ever raised.  The inputs: random text, the domain's words in
random order, and good lines of the example nights with a word, card or number changed."""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from helpers.fuzz import EXAMPLES, fuzz_settings, line_like, mutated, tried
from referee.engine import events as ev
from referee.errors import HandFileError, RefereeError
from referee.handfile.actions import HandReader
from referee.rulebook.loader import load_rulebook, shipped_rulebook_names
from referee.handfile.shorthand import expand

pytestmark = pytest.mark.fuzz

GAMES = sorted({load_rulebook(name).game for name in shipped_rulebook_names()})
SEATED = ("Ann", "Bob", "Cy", "Dee")
#: every body line of the example nights: the valid lines the mutations start from
BODY_LINES = sorted({
    line.split("#")[0].strip()
    for path in EXAMPLES.glob("*.txt")
    for line in path.read_text(encoding="utf-8").splitlines()
    if re.match(r"\s*(\w+:\s|\w+ (sits|leaves|adds|was|wins)|void|misdeal|widow|dummy|showdown)", line)
})
SHORT_FORMS = ["ann r 4", "bob c", "cy f", "dee x", "ann open 2", "cy draw 3", "dee knock", "ann see",
               "ann show JsJh", "bob blind 2", "cy cover", "dee swap Kh for Qd", "ann all", "bob stand"]


def read_line(game: str, text: str, *, short: bool) -> None:
    """Read ``text`` as the fifth line of a hand of ``game`` whose first four were bets and calls."""
    def resolve(typed: str) -> str:
        for name in SEATED:
            if name.lower() == typed.lower():
                return name
        raise HandFileError(f"{typed!r} is not seated", hint="seated: " + ", ".join(SEATED))

    before: list[ev.Event] = [ev.Check(player="Ann", line=1), ev.Check(player="Bob", line=2)]
    reader = HandReader(game, resolve, before, set())
    line = expand(text, game, SEATED) if short else text
    reader.read(line, len(before) + 1)


def check(game: str, text: str, short: bool) -> None:
    tried("action lines")
    try:
        read_line(game, text, short=short)
    except RefereeError as err:
        assert isinstance(err, HandFileError), repr(err)
        assert "\n" not in err.message and err.message.strip(), repr(err.message)
        assert "\n" not in (err.hint or ""), repr(err.hint)


lines = st.one_of(line_like(), mutated(BODY_LINES), mutated(SHORT_FORMS), st.sampled_from(BODY_LINES + SHORT_FORMS))


@given(st.lists(st.tuples(st.sampled_from(GAMES), lines, st.booleans()), min_size=8, max_size=8))
@fuzz_settings(0.30, per_example=8)
@example([("jackpots", "Ann: raises to ²", False)])  # a digit that is not 0-9
@example([("three_card_brag", "bob JsJh\u0301", True)])
@example([("five_card_stud", "widow turned: 2h 3s 2c 3h 2s", False)])  # a table line of another game
def test_an_action_line_is_read_or_refused_in_one_line(batch: list[tuple[str, str, bool]]) -> None:
    for game, text, short in batch:
        check(game, text, short)
