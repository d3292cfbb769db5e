"""Short forms (referee.handfile.shorthand) are a thin layer: each is rewritten into the hand format's words,
which the hand format's own reader reads into the same event as the long form."""

from __future__ import annotations

import pytest

from referee.engine.games import game_names
from referee.errors import HandFileError
from referee.handfile.actions import HandReader
from referee.handfile.shorthand import expand, game_verbs, split_cards, verb_words

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve")


def read(line: str, game: str) -> object:
    return HandReader(game, lambda typed: next(n for n in NAMES if n.lower() == typed.lower())).read(line, 1)


@pytest.mark.parametrize(("game", "short", "long"), [
    ("jackpots", "bob r 4", "Bob: raises 4"),
    ("jackpots", "bob r to 4", "Bob: raises to 4"),
    ("jackpots", "ann open 2", "Ann: bets 2"),
    ("jackpots", "cat draw 3", "Cat: draws 3"),
    ("jackpots", "cat d 2, discards 7c2d face down", "Cat: draws 2, discards 7c 2d face down"),
    ("jackpots", "ann show JsJh", "Ann: shows Js Jh"),
    ("jackpots", "ann sh openers JsJh", "Ann: shows openers Js Jh"),
    ("jackpots", "b x", "Bob: checks"),
    ("jackpots", "bo f", "Bob: folds"),
    ("jackpots", "e c", "Eve: calls"),
    ("jackpots", "bob pat", "Bob: stands pat"),
    ("jackpots", "bob stands", "Bob: stands pat"),
    ("jackpots", "bob ai", "Bob: all in"),
    ("jackpots", "bob all in", "Bob: all in"),
    ("jackpots", "ANN: Folds", "ANN: Folds"),
    ("jackpots", "bob asks ann", "Bob: asks ann"),
    ("jackpots", "bob decl split openers", "Bob: declares split openers"),
    ("five_card_stud", "dan dealt up Kh", "Dan: dealt up Kh"),
    ("whiskey_poker", "dan knock", "Dan: knocks"),
    ("whiskey_poker", "ann exch 7c for Kd and knocks", "Ann: exchanges 7c for Kd and knocks"),
    ("whiskey_poker", "ann take widow", "Ann: takes widow"),
    ("whiskey_poker", "cat was lowest", "Cat was lowest"),
    ("la_viuda", "bob buys", "Bob: buys la viuda"),
    ("three_card_brag", "eve blind 1", "Eve: blind 1"),
    ("three_card_brag", "eve see bob for 4", "Eve: sees bob for 4"),
    ("three_card_brag", "eve look", "Eve: looks"),
    ("seven_card_brag", "eve arr 7h7d7c | KdQdJd, discards 2c", "Eve: arranges 7h 7d 7c | Kd Qd Jd, discards 2c"),
    ("stop_the_bus", "dan stop", "Dan: stops the bus"),
    ("stop_the_bus", "dan p", "Dan: passes"),
    ("stop_the_bus", "cat lowest", "Cat: lowest"),
    ("jackpots", "misdeal: first card exposed", "misdeal: first card exposed"),
])
def test_a_short_form_is_the_long_form(game: str, short: str, long: str) -> None:
    line = expand(short, game, NAMES)
    assert line == long
    assert read(line, game) == read(long, game)


def test_table_lines_are_left_as_they_are() -> None:
    for line in ("void 3", "void: misheard", "widow turned: Ah Kd 7c 7s 2h", "dealer exposes Jh to Bob", "Bob: calls"):
        assert expand(line, "whiskey_poker", NAMES) == line


def test_see_alone_takes_what_the_engine_knows_it_costs() -> None:
    assert expand("eve see", "three_card_brag", NAMES, see_for=lambda p: "Bob for 4") == "Eve: sees Bob for 4"


def test_cards_typed_together_are_split_but_names_and_verbs_are_not() -> None:
    assert split_cards("JsJh") == "Js Jh" and split_cards("10h9c??") == "10h 9c ??"
    assert split_cards("Jh") == "Jh" and split_cards("pot") == "pot"
    assert expand("bob asks Ahad", "jackpots", (*NAMES, "Ahad")) == "Bob: asks Ahad"


@pytest.mark.parametrize(("line", "message", "hint"), [
    ("bob rasie 4", "'rasie' is not a verb of Jackpots", "did you mean 'raise'?"),
    ("bob de", "'de' could be dealt or declares", "type more of the verb"),
    ("bob", "what did Bob do?", None),
    ("bob knock", "'knock' is not a verb of Jackpots", None),
])
def test_a_line_that_is_no_short_form_says_why(line: str, message: str, hint: str | None) -> None:
    with pytest.raises(HandFileError) as caught:
        expand(line, "jackpots", NAMES)
    assert caught.value.message == message
    if hint is not None:
        assert caught.value.hint == hint


@pytest.mark.parametrize("game", game_names())
def test_every_verb_of_every_game_comes_from_its_example_lines(game: str) -> None:
    from referee.engine.games import find_game

    verbs = game_verbs(game)
    examples = " | ".join(find_game(game).events.values())
    assert verbs and all(word in examples for word in verbs)
    for word in verb_words(game):  # each completes to a line the game's reader reads
        line = expand(f"ann {word}", game, NAMES)
        # a player's word for a line of the table: the dealer says "turn" for 'widow turned'
        assert line.startswith("Ann: ") or word in ("was", "was lowest") or line == "widow turned"


def test_a_short_form_naming_nobody_seated_says_so() -> None:
    names = ["Ann", "Annie", "Bob"]
    with pytest.raises(HandFileError, match="unknown player 'zed'") as caught:
        expand("zed folds", "jackpots", names)
    assert caught.value.hint == "the players at the table are: Ann, Annie, Bob"
    with pytest.raises(HandFileError, match="unknown player 'bobb'") as caught:
        expand("bobb f", "jackpots", names)
    assert (caught.value.hint or "").startswith("did you mean 'bob'? the players at the table are")
    with pytest.raises(HandFileError, match="'an' could be Ann or Annie"):
        expand("an r 4", "jackpots", names)
    assert expand("zed: folds", "jackpots", names) == "zed: folds"  # the hand format's own: its reader says it
    assert expand("shuffled", "jackpots", names) == "shuffled"
