"""The words of the widow games, brag and Stop the Bus, read line by line as a hand of that game.

These use :class:`HandReader`, the same reader a night's hand uses, so they do not depend on the
game's rulebook being shipped yet.
"""

from __future__ import annotations

import pytest

from referee.cards import UNKNOWN, card, cards
from referee.engine import events as ev
from referee.errors import HandFileError
from referee.handfile.actions import HandReader

SEATS = ("Ann", "Bob", "Cy")


def reader(game: str) -> HandReader:
    def resolve(typed: str) -> str:
        for name in SEATS:
            if name.lower() == typed.lower():
                return name
        raise HandFileError(f"unknown player {typed!r}", hint=", ".join(SEATS))

    return HandReader(game, resolve)


def read(game: str, *lines: str) -> list[ev.Event]:
    r = reader(game)
    return [r.read(text, n) for n, text in enumerate(lines, 1)]


def t(text: str) -> tuple:
    return tuple(cards(text))


def test_whiskey_poker_phases() -> None:
    """seed-000 §2–4: take the widow, pass, knock (also with an exchange), exchange one or all."""
    assert read(
        "whiskey_poker",
        "Ann: dealt ?? ?? ?? ?? ??",
        "Bob: takes the widow",
        "Cy: passes",
        "widow turned: Ah Kd 7c 7s 2h",
        "Ann: exchanges 7c for Kd",
        "Bob: exchanges all",
        "Cy: exchanges 2h for Ah and knocks",
        "Ann: knocks",
        "Bob: shows As Ad Kc Kd 2s",
    ) == [
        ev.Deal("Ann", (UNKNOWN,) * 5),
        ev.TakeWidow("Bob"),
        ev.Pass("Cy"),
        ev.TurnWidow(t("Ah Kd 7c 7s 2h")),
        ev.Exchange("Ann", t("7c"), t("Kd")),
        ev.Exchange("Bob", (UNKNOWN,) * 5, (UNKNOWN,) * 5),
        ev.Exchange("Cy", t("2h"), t("Ah"), knock=True),
        ev.Knock("Ann"),
        ev.Show("Bob", t("As Ad Kc Kd 2s")),
    ]


def test_whiskey_betting_round_words_are_accepted() -> None:
    """whiskey.betting_round = one_before_showdown: a betting round before the showdown."""
    assert read("whiskey_poker", "Ann: bets 1", "Bob: calls") == [ev.Bet("Ann", 1), ev.Call("Bob")]


def test_la_viuda_buy_back() -> None:
    """seed-004 §5: a player who loses all his chips may buy La Viuda, once, at once; or decline."""
    assert read("la_viuda", "Ann: buys la viuda", "Bob: declines viuda", "Cy: exchanges all and knocks") == [
        ev.BuyBack("Ann"),
        ev.DeclineBuyBack("Bob"),
        ev.Exchange("Cy", (UNKNOWN,) * 5, (UNKNOWN,) * 5, knock=True),
    ]


def test_la_viuda_jokers() -> None:
    assert read("la_viuda", "Ann: exchanges Jk1 for jk2")[0] == ev.Exchange("Ann", (card("Jk1"),), (card("Jk2"),))


def test_three_card_brag_blind_seen_see_and_cover() -> None:
    """seed-001 §8–9: blind stakes, looking, seeing (not a blind man), covering the pot."""
    assert read(
        "three_card_brag",
        "Ann: blind 1",
        "Bob: looks",
        "Bob: stake 2",
        "Cy: stakes 2",
        "Ann: covers the pot",
        "Cy: sees Bob for 4",
        "Bob: sees for 4",
        "Cy: folds",
        "Bob: checks",
    ) == [
        ev.Stake("Ann", 1, blind=True),
        ev.Look("Bob"),
        ev.Stake("Bob", 2),
        ev.Stake("Cy", 2),
        ev.Cover("Ann"),
        ev.See("Cy", 4, "Bob"),
        ev.See("Bob", 4),
        ev.Fold("Cy"),
        ev.Check("Bob"),
    ]


def test_a_blind_stake_is_read_as_logged() -> None:
    """The line says what was done: 'blind 1' is a blind stake whatever came before it.  Whether a
    player who looked may still stake blind is the engine's ruling (seed-001 §8), not the reader's."""
    assert read("three_card_brag", "Bob: looks", "Bob: blind 1")[1] == ev.Stake("Bob", 1, blind=True)
    assert read("three_card_brag", "Bob: looks", "void 1", "Bob: blind 1")[2] == ev.Stake("Bob", 1, blind=True)


def test_brag_has_no_bets() -> None:
    with pytest.raises(HandFileError, match="'bets 2' is not an action of Three-card Brag") as info:
        read("three_card_brag", "Ann: bets 2")
    assert info.value.hint is not None and "stake 2" in info.value.hint


def test_seven_card_brag_arrange_reveal_and_four_of_a_kind() -> None:
    """seed-001 §7: discard one, split into two 3-card hands, reveal the better first; four of a kind."""
    events = read(
        "seven_card_brag",
        "Ann: stake 1",
        "Ann: arranges 7h 7d 7c | Kd Qd Jd, discards 2c",
        "Ann: reveals 7h 7d 7c",
        "Ann: reveals Kd Qd Jd",
        "Bob: declares four of a kind 9c 9d 9h 9s",
        "Cy: reveals hand 2: As Ks Qs",
    )
    assert events == [
        ev.Stake("Ann", 1),
        ev.Arrange("Ann", (t("7h 7d 7c"), t("Kd Qd Jd")), t("2c")),
        ev.Reveal("Ann", None, t("7h 7d 7c")),  # his next hand: which one that is, the engine knows
        ev.Reveal("Ann", None, t("Kd Qd Jd")),
        ev.Declare("Bob", "four_of_a_kind", t("9c 9d 9h 9s")),
        ev.Reveal("Cy", 2, t("As Ks Qs")),
    ]


def test_nine_card_brag_three_hands() -> None:
    (arrange,) = read("nine_card_brag", "Ann: arranges 9h 9d 9c | Ah Kh Qh | 2c 3d 5s")
    assert arrange == ev.Arrange("Ann", (t("9h 9d 9c"), t("Ah Kh Qh"), t("2c 3d 5s")))


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("Ann: arranges 7h 7d | Kd Qd Jd", "Ann's hand 1 has 2 cards, not 3"),
        ("Ann: arranges 7h 7d 7c | 7h Qd Jd", "card dealt twice: 7h in Ann's arrangement"),
        ("Ann: reveals 7h 7d", "Ann's revealed hand has 2 cards, not 3"),
        ("Ann: declares split openers", "'declares split openers' is not a declaration of Seven-card Brag"),
        ("Ann: draws 2", "'draws 2' is not an action of Seven-card Brag"),
    ],
)
def test_brag_arrangement_errors(line: str, message: str) -> None:
    with pytest.raises(HandFileError, match=message):
        read("seven_card_brag", line)


def test_stop_the_bus_dummy_exchange_and_stop() -> None:
    """seed-001 §9: a face-up 3-card dummy; exchange one card; (wiki-stb) a stop call."""
    assert read(
        "stop_the_bus", "dummy: 4h 5h 6h", "Ann: exchanges 2c for 6h", "Bob: passes", "Cy: stops the bus",
        "Ann: exchanges all",
    ) == [
        ev.TurnWidow(t("4h 5h 6h")),
        ev.Exchange("Ann", t("2c"), t("6h")),
        ev.Pass("Bob"),
        ev.Knock("Cy"),
        ev.Exchange("Ann", (UNKNOWN,) * 3, (UNKNOWN,) * 3),
    ]


@pytest.mark.parametrize(
    ("game", "line", "message"),
    [
        ("whiskey_poker", "Ann: exchanges 7c 8c for Kd", "Ann gives 2 cards but takes 1"),
        ("whiskey_poker", "Ann: exchanges Kd for Kd", "Kd is both given and taken"),
        ("whiskey_poker", "Ann: buys la viuda", "'buys la viuda' is not an action of Whiskey Poker"),
        ("jackpots", "Ann: exchanges all", "'exchanges all' is not an action of Jackpots"),
        ("five_card_stud", "Ann: draws 1", "'draws 1' is not an action of five-card stud"),
        ("stop_the_bus", "Ann: takes widow", "'takes widow' is not an action of Stop the Bus"),
        ("three_card_brag", "Ann: sees Ann for 2", "Ann sees himself"),
    ],
)
def test_words_of_another_game_are_refused(game: str, line: str, message: str) -> None:
    with pytest.raises(HandFileError, match=message) as info:
        read(game, line)
    assert info.value.hint
