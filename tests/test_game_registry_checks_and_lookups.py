"""The game registry (``referee.engine.games``): what it refuses to register, each refusal in its words (a toy
without a name, one whose hand format and handlers disagree, one that forgets to list its own action among
its events, one registered twice), what taking a game out keeps, and how games are looked up: by any
spelling of their names, their base game, their options, phases in words, dispute codes and money hooks."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.toy_game import DOUBLE, NAME, Double, HighCard, Name, ToyWaiting, toy_games  # noqa: F401 (the fixture)

from referee.engine.events import GAME_KINDS, Check, Fold, Show, Void
from referee.engine.findings import CODES
from referee.engine.games import (SHIPPED, all_games, base_game, dispute_codes, find_game, game_names, game_title,
                                  money_hooks, options_of, phase_words, register, replayed_games, unregister)
from referee.engine.games.jackpots import Jackpots
from referee.engine.games.la_viuda import LaViuda
from referee.engine.games.nine_card_brag import NineCardBrag
from referee.engine.games.seven_card_brag import SevenCardBrag
from referee.engine.games.straight_draw import StraightDraw
from referee.engine.games.three_card_brag import ThreeCardBrag
from referee.engine.games.whiskey_poker import WhiskeyPoker
from referee.errors import InputError

SHIPPED_NAMES = ("straight_draw", "jackpots", "five_card_stud", "whiskey_poker", "la_viuda", "three_card_brag",
                 "seven_card_brag", "nine_card_brag", "stop_the_bus")


# ---------------------------------------------------------------- what registering refuses


class Nameless(HighCard):
    name = ""
    prefix = "toyn"


class Prefixless(HighCard):
    name = "toy_prefixless"
    prefix = ""


class AcceptsUnplayed(HighCard):
    """Its hand format accepts a check it has no handler for."""

    name = "toy_accepts_unplayed"
    prefix = "toyau"
    events = {**HighCard.events, Check: "checks"}


class PlaysUnaccepted(HighCard):
    """It plays folds (inherited) but its hand format does not accept them."""

    name = "toy_plays_unaccepted"
    prefix = "toypu"
    events = {Show: "shows Kh", Double: "doubles", Name: "names Kh"}


class Forgetful(HighCard):
    """A toy read but not replayed that declares its own action ``doubles`` but forgets it among its events."""

    name = "toy_forgetful"
    prefix = "toyfg"
    replays = False
    events = {Show: "shows Kh", Fold: "folds", Name: "names Kh"}
    actions = (DOUBLE, NAME)


@pytest.mark.parametrize(("game", "words"), [
    (Nameless, "Nameless needs a name and a rule-id prefix"),
    (Prefixless, "Prefixless needs a name and a rule-id prefix"),
    (AcceptsUnplayed, "AcceptsUnplayed: events accepted but not played ['Check'], played but not accepted []"),
    (PlaysUnaccepted, "PlaysUnaccepted: events accepted but not played [], played but not accepted ['Fold']"),
    (Forgetful, "Forgetful: actions declared but not among its events ['Double']"),
])
def test_a_game_the_registry_cannot_take_is_refused_in_words(game: type, words: str) -> None:
    """A game needs a name and a rule-id prefix; a replayed game plays every event its hand format accepts
    and accepts every event it plays; every action a game declares is one of its events.  A refused game is
    not registered and leaves no event kind or finding code behind."""
    with pytest.raises(ValueError) as refused:
        register(game)
    assert str(refused.value) == words
    assert game.name not in game_names() and "Double" not in GAME_KINDS and "doubled_twice" not in CODES


def test_a_void_is_accepted_without_a_handler_and_a_game_not_replayed_is_not_checked_for_handlers() -> None:
    """A void needs no handler of the game's own (the engine replays the hand without the voided action); a
    game the engine does not replay yet is not asked to play the events it accepts."""

    class WithVoid(HighCard):
        name = "toy_with_void"
        prefix = "toywv"
        events = {**HighCard.events, Void: "void 2"}

    class NotReplayed(AcceptsUnplayed):
        name = "toy_not_replayed"
        prefix = "toynr"
        replays = False

    for game in (WithVoid, NotReplayed):
        assert register(game) is game
        try:
            assert find_game(game.name) is game and game.name in game_names()
        finally:
            unregister(game)
        assert game.name not in game_names()


def test_a_game_registered_twice_is_refused_naming_the_holder(toy_games: Path) -> None:
    with pytest.raises(ValueError) as refused:
        register(HighCard)
    assert str(refused.value) == "a game named 'toy_high_card' is registered already (HighCard)"


def test_a_game_not_registered_cannot_be_taken_out() -> None:
    with pytest.raises(ValueError) as refused:
        unregister(HighCard)
    assert str(refused.value) == "HighCard is not registered"


def test_taking_out_a_variant_keeps_what_its_base_still_declares() -> None:
    """The toy's own event kind ``Double`` and its code ``doubled_twice`` come with it and its variant: taking
    the variant out keeps them while the toy is registered; taking the toy out too removes them."""
    register(HighCard)
    try:
        register(ToyWaiting)
        unregister(ToyWaiting)
        assert GAME_KINDS.get("Double") is Double and "doubled_twice" in CODES
        assert game_names()[-1] == "toy_high_card" and "toy_waiting" not in game_names()
    finally:
        unregister(HighCard)
    assert "Double" not in GAME_KINDS and "doubled_twice" not in CODES
    assert "Name" not in GAME_KINDS


# ---------------------------------------------------------------- lookups


@pytest.mark.parametrize(("name", "game"), [
    ("three_card_brag", ThreeCardBrag),       # its rulebook name
    ("Three-card Brag", ThreeCardBrag),       # its title
    ("brag", ThreeCardBrag),                  # an alias
    ("  THREE card-brag ", ThreeCardBrag),    # case, spaces, hyphens and underscores do not matter
    ("seven_card  brag", SevenCardBrag),
    ("Nine-Card Brag", NineCardBrag),
    ("JACKPOTS", Jackpots),
])
def test_a_game_is_found_by_any_spelling_of_its_names(name: str, game: type) -> None:
    assert find_game(name) is game


@pytest.mark.parametrize(("name", "hint"), [
    ("jackpot", "did you mean 'jackpots'?"),
    ("seven_card_bragg", "did you mean 'seven_card_brag'?"),
    ("xyzzy", "games: " + ", ".join(SHIPPED_NAMES)),
])
def test_an_unknown_game_is_refused_with_the_nearest_name_or_the_list(name: str, hint: str) -> None:
    with pytest.raises(InputError) as refused:
        find_game(name)
    assert (refused.value.message, refused.value.hint) == (f"unknown game {name!r}", hint)


def test_the_registry_lists_the_shipped_games_in_order() -> None:
    assert game_names() == SHIPPED_NAMES == tuple(name for name, _, _ in SHIPPED)
    assert [g.name for g in all_games()] == list(SHIPPED_NAMES)
    assert replayed_games() == SHIPPED_NAMES
    assert game_title("brag") == "Three-card Brag" and game_title("nine_card_brag") == "Nine-card Brag"


def test_a_games_base_game_is_its_nearest_registered_ancestor() -> None:
    """Jackpots is a variant of straight draw, nine-card brag of seven-card brag; three-card brag and
    seven-card brag vary no registered game (seven-card brag's base class is not a game)."""
    assert [base_game(g) for g in (Jackpots, NineCardBrag, ThreeCardBrag, SevenCardBrag, StraightDraw)] == [
        StraightDraw, SevenCardBrag, None, None, None]


def test_a_games_options_are_its_ancestors_shared_ones_then_its_own() -> None:
    """Nine-card brag's options are its own (seven-card brag shares none with it); a variant of the toy plays
    under the toy's shared ``toy.ante`` once; Jackpots under straight draw's shared options first."""
    assert [o.name for o in options_of(NineCardBrag)] == [
        "brag9.win", "brag9.four_of_a_kind_wins", "brag9.round_tie", "brag9.four_pairs_redeal", "brag9.scoring"]
    assert [o.name for o in options_of(SevenCardBrag)] == [
        "brag7.four_of_a_kind_wins", "brag7.round_tie", "brag7.misorder", "brag7.mode", "brag7.deal"]
    assert options_of(ToyWaiting) == HighCard.house_options and options_of(HighCard) == HighCard.house_options
    shared = [o for o in StraightDraw.house_options if o.shared]
    assert shared and options_of(Jackpots) == (*shared, *Jackpots.house_options)


def test_the_money_hooks_of_the_games_once_each_in_order() -> None:
    assert money_hooks() == (WhiskeyPoker.night_money, LaViuda.night_money)


@pytest.mark.parametrize(("game", "phase", "words"), [
    ("three_card_brag", "betting", "the betting"),         # the game's own
    ("seven_card_brag", "stakes", "the stakes"),
    ("nine_card_brag", "reveal", "revealing the hands"),   # the game it varies
    ("nine_card_brag", "showdown", "the showdown"),        # every game's
    ("three_card_brag", "some_new_phase", "some new phase"),  # none: the engine's name in words
])
def test_a_phase_in_words(game: str, phase: str, words: str) -> None:
    assert phase_words(game, phase) == words


@pytest.mark.parametrize(("game", "topic", "codes"), [
    ("seven_card_brag", "show_order", {"revealed_out_of_turn", "better_hand_not_first"}),
    ("nine_card_brag", "card_fact", {"round_unverifiable", "declaration_unverifiable"}),  # seven-card brag's
    ("nine_card_brag", "over_limit", {"stake_unequal"}),
    ("three_card_brag", "show_order", set()),
    ("seven_card_brag", "no_such_topic", set()),
])
def test_the_codes_that_decide_a_dispute(game: str, topic: str, codes: set[str]) -> None:
    assert dispute_codes(game, topic) == frozenset(codes)


@pytest.fixture
def toy_variant() -> Iterator[type]:
    """A registered variant of the toy with dispute codes and phase words of its own."""

    class Variant(HighCard):
        name = "toy_variant"
        prefix = "toyv"
        dispute_codes = {"turn": ("doubled_twice",)}
        phase_words = {"showdown": "the cards turned"}

    class Base(HighCard):
        name = "toy_base"
        prefix = "toyb"
        dispute_codes = {"turn": ("named_twice",), "card_fact": ("named_unseen",)}
        phase_words = {"naming": "the naming"}

    class Both(Variant, Base):
        name = "toy_both"
        prefix = "toyboth"
        dispute_codes = {}
        phase_words = {}

    for game in (Variant, Base, Both):
        register(game)
    try:
        yield Both
    finally:
        for game in (Both, Base, Variant):
            unregister(game)


def test_a_variants_dispute_codes_and_phase_words_gather_its_ancestors(toy_variant: type) -> None:
    """Each game's own, then the games it varies, nearest first, then every game's."""
    assert dispute_codes("toy_both", "turn") == frozenset({"doubled_twice", "named_twice"})
    assert dispute_codes("toy_both", "card_fact") == frozenset({"named_unseen"})
    assert phase_words("toy_both", "showdown") == "the cards turned"
    assert phase_words("toy_both", "naming") == "the naming"
    assert phase_words("toy_both", "over") == "over"
