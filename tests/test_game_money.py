"""A game owns its money: it declares a money hook on its class (``night_money``, as it declares its
turn engine) and the ledger books what the hook reports, naming no game.  A toy game with a tip jar
stands in for a game the ledger has never heard of; the shipped games declare theirs."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

import pytest

from referee.engine.games import find_game, money_hooks, register, unregister
from referee.engine.money import GameMoney, GameMoneyReport, MoneyLine, NightMoney
from referee.engine.night import NightStep
from referee.engine.outcome import Carry, Outcome
from referee.engine.state import HandSetup
from referee.handfile import parse_night
from referee.ledger.ledger import session_ledger
from referee.recording.night_file import record_night
from referee.store.store import open_store
from helpers.toy_game import RULEBOOK, HighCard

TIP = 10  # cents the winner of each hand tips the house


@dataclass
class TipJar(NightMoney):
    """The toy's house rule: the winner of each hand tips the house; the house collects the jar."""

    kind: ClassVar[str] = "tip_jar"
    tips: dict[str, int] = field(default_factory=dict)

    @classmethod
    def under_way(cls, carry: Carry) -> bool:
        return True

    def hand(self, step: NightStep, setup: HandSetup, outcome: Outcome) -> list[MoneyLine]:
        super().hand(step, setup, outcome)
        won = [name for name, net in outcome.net.items() if net > 0]
        for name in won:
            self.tips[name] = self.tips.get(name, 0) + TIP
        return [MoneyLine(name, "tip", -TIP, f"{name} tips the house", step.number) for name in won]

    def over(self) -> bool:
        return False

    def _jar(self, notes: tuple[str, ...]) -> GameMoneyReport:
        total = sum(self.tips.values())
        return GameMoneyReport(GameMoney(self.kind, self.first, self.last, self.players, False, notes=notes),
                               (MoneyLine("House", "tip jar", total, "the house collects the tips", self.last),))

    def end(self, retire: bool) -> GameMoneyReport:
        return self._jar(())

    def standing(self) -> GameMoneyReport:
        return self._jar(("the night is still open",))


class TippedHighCard(HighCard):
    name = "toy_tipped"
    title = "High card with a tip jar (a toy game)"
    aliases = ()
    prefix = "toytip"
    night_money = TipJar


@pytest.fixture
def tipped(tmp_path: Path) -> Iterator[Path]:
    book = tmp_path / "tipped.toml"
    book.write_text(RULEBOOK.format(name=TippedHighCard.name, title=TippedHighCard.title,
                                    prefix=TippedHighCard.prefix), encoding="utf-8")
    register(TippedHighCard)
    try:
        yield book
    finally:
        unregister(TippedHighCard)


def test_the_ledger_books_the_money_a_game_reports_without_knowing_the_game(tipped: Path) -> None:
    """toytip.1: "Every player antes 1 chip and is dealt one card"; toytip.2: "the highest rank takes the
    pot".  Hand 1: Ann's king beats Bob's two (Ann 11, Bob 9); hand 2: Bob's ace beats Ann's three (10
    each).  Each winner tipped the house 10 cents: counted out at 10 chips each, Ann and Bob are down
    0.10, the house up 0.20."""
    night = parse_night(f"rulebook: {tipped}\nseats: Ann 10, Bob 10\ndealer: Ann\n\n"
                        "hand 1\nAnn: shows Kh\nBob: shows 2c\n\nhand 2\nBob: shows Ah\nAnn: shows 3d\n")
    with open_store(f"sqlite:///{tipped.parent / 'tips.sqlite3'}") as store:
        sid = record_night(store, night, table_name="Kitchen", chip_value_cents=25)
        with store.transaction() as tx:
            tx.close_session(sid, {"Ann": 10, "Bob": 10})
        ledger, _, replayed = session_ledger(store, sid)
    assert [dict(step.after) for step in replayed.result.steps] == [{"Ann": 11, "Bob": 9}, {"Ann": 10, "Bob": 10}]
    assert ledger.balances() == {"Ann": -10, "Bob": -10, "House": 20}
    assert [(e.player, e.what, e.cents, e.hand) for e in ledger.entries if e.what.startswith("tip")] == [
        ("Ann", "tip", -10, 1), ("Bob", "tip", -10, 2), ("House", "tip jar", 20, 2)]
    (game,) = ledger.games
    assert (game.game, game.first_hand, game.last_hand) == ("tip_jar", 1, 2)
    assert ledger.check.holds and ledger.difference.cents == 0


def test_the_shipped_games_with_money_of_their_own_declare_it_on_their_class() -> None:
    """La Viuda's fund and buy-back (laviuda.1.1, laviuda.5.1, laviuda.7) and the whiskey pool and its
    whisky bill (whiskey.scoring lowest_pays_1_to_pool_elimination) are their games' hooks; the cash
    games have none: chips are all their money."""
    viuda, whiskey = find_game("la_viuda").night_money, find_game("whiskey_poker").night_money
    assert viuda is not None and viuda.kind == "la_viuda"
    assert whiskey is not None and whiskey.kind == "whiskey_elimination"
    assert all(find_game(g).night_money is None for g in ("straight_draw", "jackpots", "five_card_stud",
                                                           "three_card_brag", "seven_card_brag", "stop_the_bus"))
    assert {hook.kind for hook in money_hooks()} >= {"la_viuda", "whiskey_elimination"}
