"""A game registered in one place (``referee.engine.games.register``) is accepted end to end: the
hand-file reader, the replay (``referee replay``) and ``referee rulebook list`` know it; after the
test it is gone again."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner
from helpers.toy_game import Double, HighCard, Name, toy_games  # noqa: F401 (the fixture)

from referee.cli import app
from referee.engine.games import find_game, game_names

runner = CliRunner()

NIGHT = """\
rulebook: toy.toml
seats: Ann 10, Bob 10, Cy 10
dealer: Ann

hand 1
Cy: shows 2c
Bob: shows As
Ann: shows Kh
"""


def test_a_registered_toy_game_is_read_replayed_and_listed(toy_games: Path) -> None:
    from referee.handfile import read_night

    assert find_game("toy") is HighCard and find_game("High card (a toy game)") is HighCard
    path = toy_games / "night.txt"
    path.write_text(NIGHT, encoding="utf-8")
    night = read_night(path)
    assert night.game == "toy_high_card" and len(night.hands) == 1
    result = runner.invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.stderr
    assert '"Bob"' in result.stdout and "toy.2" in result.stdout
    text = runner.invoke(app, ["replay", str(path)])
    assert text.exit_code == 0 and "Bob" in text.stdout
    listed = runner.invoke(app, ["rulebook", "list"], env={"COLUMNS": "200"})
    assert listed.exit_code == 0
    row = next(line for line in listed.stdout.splitlines() if "toy_high_card" in line)
    cells = [c.strip() for c in row.strip("│ ").split("│")]
    assert cells == ["toy_high_card", "High card (a toy game)", "toy", "—", "counter-clockwise", "1"]
    waiting = next(line for line in listed.stdout.splitlines() if "toy_waiting" in line)
    assert "not replayed yet" in waiting and "toy_high_card" in waiting  # its base game


def test_a_word_of_another_game_is_refused_with_the_toys_own_words(toy_games: Path) -> None:
    """The hand file's hint for a line the toy does not have lists the toy's actions."""
    path = toy_games / "night.txt"
    path.write_text(NIGHT.replace("Ann: shows Kh", "Ann: bets 2"), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert "shows Kh" in result.stderr and "folds" in result.stderr


def test_the_toy_is_unregistered_after_its_test() -> None:
    assert all(g not in ("toy_high_card", "toy_waiting") for g in game_names())


def test_a_game_without_a_title_is_named_in_words_from_its_name() -> None:
    untitled = type("Untitled", (HighCard,), {"name": "toy_no_title", "title": ""})
    assert untitled.words() == "toy no title" and HighCard.words() == "High card (a toy game)"


def test_push_hint_lists_the_games_own_actions_not_the_hands_log(toy_games: Path) -> None:
    """HandState.push: an event that is not an action of the game is refused, "X is not an action of
    <Game>", with a hint listing that game's action examples -- never the events this hand has logged."""
    import pytest

    from referee.engine.events import Bet, Call, Fold, Knock, Show
    from referee.engine.games.straight_draw import StraightDraw
    from referee.engine.replay import start_hand
    from referee.engine.state import HandSetup
    from referee.errors import InputError
    from referee.rulebook import load_rulebook
    from referee.cards import cards

    state = start_hand(HandSetup(load_rulebook("straight_draw"), [("Ann", 20), ("Bob", 20), ("Cy", 20)], "Ann"))
    for event in (Bet(player="Bob", amount=2), Call(player="Cy"), Fold(player="Ann")):
        state.push(event)
    with pytest.raises(InputError) as caught:
        state.push(Knock(player="Bob"))
    err = caught.value
    assert "Knock is not an action of straight draw" in str(err)
    assert err.hint == "straight draw actions: " + "; ".join(dict.fromkeys(StraightDraw.events.values()))
    assert "draws 3 | stands pat" in err.hint and "bets 2" in err.hint
    assert "Bet(" not in err.hint and "player=" not in err.hint and "amount" not in err.hint
    # the toy's own words, not straight draw's, and not its log
    toy = start_hand(HandSetup(load_rulebook(str(toy_games / "toy.toml")), [("Ann", 5), ("Bob", 5)], "Ann"))
    toy.push(Show(player="Bob", cards=tuple(cards("As"))))
    with pytest.raises(InputError) as caught:
        toy.push(Bet(player="Ann", amount=1))
    assert "Bet is not an action of High card (a toy game)" in str(caught.value)
    assert caught.value.hint == "High card (a toy game) actions: shows Kh; folds; doubles; names Kh"


def test_a_game_that_plays_an_event_its_hand_format_does_not_accept_is_refused() -> None:
    """A registered game is checked: every event it plays (a handler) must be one its hand format
    accepts (``events``), and the other way round -- a toy that handles folds but lists only shows is
    refused, naming what is played but not accepted."""
    import pytest

    from referee.engine.events import Show
    from referee.engine.games import register

    class Unlisted(HighCard):
        name = "toy_unlisted"
        prefix = "toyun"
        events = {Show: "shows Kh", Double: "doubles", Name: "names Kh"}

    with pytest.raises(ValueError, match=r"played but not accepted \['Fold'\]"):
        register(Unlisted)
    assert "toy_unlisted" not in game_names()


def test_a_games_own_finding_codes_are_catalogued_with_it() -> None:
    """A game declares the finding codes of its own rulings (its ``finding_codes`` and its actions'):
    once the game is asked for, each has its kind (``kind_of`` never fails on a code a game flags)."""
    from referee.engine.findings import CODES, kind_of
    from referee.engine.games import all_games

    for game in all_games():
        own = dict(game.finding_codes) | {c: e for a in game.actions for c, e in a.findings.items()}
        for code, (kind, meaning) in own.items():
            assert CODES[code] == (kind, meaning) and kind_of(code) == kind, (game.name, code)
    assert kind_of("false_open_at_showdown") == "false_open" and kind_of("drew_too_many") == "illegal_action"


#: a plug-in that takes the name of a shipped game, in a fresh process: the shipped module is not
#: imported yet (each loads when first asked for), then it is
TAKEN_NAME = """
import pytest
from helpers.toy_game import HighCard
from referee.engine.games import find_game, register

class Impostor(HighCard):
    name = "stop_the_bus"
    prefix = "imp"

for _ in range(2):
    with pytest.raises(ValueError) as refused:
        register(Impostor)
    print(refused.value)
    find_game("stop_the_bus")
"""


def test_a_game_taking_a_shipped_games_name_is_refused_naming_the_shipped_one() -> None:
    """One name per game: a plug-in registered as ``stop_the_bus`` is refused, whether the shipped game
    of that name is still to be imported (the registry knows it by name) or already loaded, and the
    refusal names the class that holds the name."""
    import os
    import subprocess
    import sys

    import pytest

    import referee

    from referee.engine.games import register

    class Impostor(HighCard):
        name = "stop_the_bus"
        prefix = "imp"

    find_game("stop_the_bus")  # loaded: this process holds the shipped class
    with pytest.raises(ValueError, match=r"^a game named 'stop_the_bus' is registered already \(StopTheBus\)$"):
        register(Impostor)
    here = Path(referee.__file__).resolve().parents[1]  # the referee under test, not another install
    done = subprocess.run([sys.executable, "-c", TAKEN_NAME], cwd=Path(__file__).parent, capture_output=True,
                          text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(here)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["a game named 'stop_the_bus' is registered already (StopTheBus)"] * 2


def _toy_hand(folder: Path):  # type: ignore[no-untyped-def]
    from referee.engine.replay import start_hand
    from referee.engine.state import HandSetup
    from referee.rulebook import load_rulebook

    return start_hand(HandSetup(load_rulebook(str(folder / "toy.toml")), [("Ann", 5), ("Bob", 5)], "Ann"))


def test_asking_whether_a_games_own_action_is_legal_leaves_the_hand_as_it_was(toy_games: Path) -> None:
    """The toy keeps who has doubled in a set of its own and has no copy() of its own: asking whether
    Bob may double (played on a copy) must not make Bob's double, pushed next, his second (toy.3: "A
    player may double once a hand")."""
    hand = _toy_hand(toy_games)
    hand.push(Double("Ann"))
    assert not hand.legality(Double("Ann")).legal  # Ann has doubled: a second one is flagged
    assert hand.legality(Double("Bob")).legal
    assert hand.legality(Double("Bob")).legal  # asked twice: still his first
    hand.push(Double("Bob"))
    assert [f.code for f in hand.findings] == []
    assert hand.stacks == [3, 3]  # each: ante 1, double 1


def test_a_card_named_by_a_games_own_event_is_checked_against_the_pack(toy_games: Path) -> None:
    """The toy's own event naming a card (``Ann: names Kh``, registered with the toy after the engine
    was imported) is checked like a deal or a show: a joker is not a card of the toy's 52-card pack."""
    import pytest

    from referee.cards import card
    from referee.errors import CardError

    hand = _toy_hand(toy_games)
    hand.push(Name("Ann", card("Kh")))
    with pytest.raises(CardError, match="Jk1 is not a card of the High card \\(a toy game\\) pack"):
        hand.push(Name("Bob", card("Jk1")))
