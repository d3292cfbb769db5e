"""Groups of events several games accept, each with its example line of the hand file (the hints a
scorekeeper sees when a line does not fit).  A game's ``events`` mapping is made of these.  Also the
rulings several games share word for word (:class:`WithoutMisdeal`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from referee.engine import events as ev
from referee.engine.state import HandState, handles

#: What can happen at any table: cards dealt and shown, a misdeal, a correction.
TABLE: Mapping[type[ev.Event], str] = MappingProxyType({
    ev.Deal: "dealt Jh Jd ?? ?? ??",
    ev.Show: "shows As Ad Kc Kd 2s",
    ev.Muck: "mucks",
    ev.Expose: "exposes Jh",
    ev.Misdeal: "misdeal: first card exposed",
    ev.Void: "void 7",
    ev.TakePot: "takes the pot",
})

#: A deal logged by its showdown: ``showdown:`` then the ``shows`` lines (the games that rank shown hands).
SHOWDOWN: Mapping[type[ev.Event], str] = MappingProxyType({
    ev.Showdown: "showdown:",
})

#: The poker betting round's words.
POKER_BETTING: Mapping[type[ev.Event], str] = MappingProxyType({
    ev.Fold: "folds",
    ev.Check: "checks",
    ev.Bet: "bets 2",
    ev.Call: "calls",
    ev.Raise: "raises 2 | raises to 6",
    ev.AllIn: "all in",
})

#: The commerce games' words (whiskey poker, La Viuda): the widow and the turn cycle.
COMMERCE: Mapping[type[ev.Event], str] = MappingProxyType({
    ev.TakeWidow: "takes widow",
    ev.Exchange: "exchanges 7c for Kd | exchanges all | exchanges 7c for Kd and knocks",
    ev.Pass: "passes",
    ev.Knock: "knocks",
    ev.TurnWidow: "widow turned: Ah Kd 7c 7s 2h",
    ev.DealWidow: "widow dealt: 7c 7d Js Qh 2c | widow dealt: ?? ?? ?? ?? ??",
    ev.Reported: "Bob was lowest | Ann wins",
})

#: Brag staking's words.
BRAG_BETTING: Mapping[type[ev.Event], str] = MappingProxyType({
    ev.Fold: "folds",
    ev.Check: "checks",
    ev.Look: "looks",
    ev.Stake: "stake 2 | blind 1",
    ev.See: "sees Bob for 4",
    ev.Cover: "covers",
})

#: Seven- and nine-card brag: arranging and revealing hands, declaring four of a kind.
ARRANGING: Mapping[type[ev.Event], str] = MappingProxyType({
    ev.Arrange: "arranges Ah Ad Ac | Kd Qd Jd, discards 2c",
    ev.Reveal: "reveals Ah Ad Ac | reveals hand 2: Kd Qd Jd",
    ev.Declare: "declares four of a kind 9c 9d 9h 9s",
})


#: What the table's ``?`` asks the engine about, for a player, among the shared actions (each kept for a
#: game that accepts its kind): the rules the findings of each cite are quoted.  A game's own actions
#: add theirs (:attr:`referee.engine.actions.Action.probe`).  An amount past any limit finds the limit.
_BIG = 10**6
SHARED_PROBES: tuple[Callable[[str], ev.PlayerEvent], ...] = (
    ev.Check, ev.Call, lambda p: ev.Bet(p, _BIG), lambda p: ev.Raise(p, _BIG), ev.Fold,
    lambda p: ev.Draw(p, 5), ev.Pass, ev.Knock, ev.TakeWidow, ev.Look,
    lambda p: ev.Stake(p, _BIG), ev.Cover, ev.Muck,
)


class WithoutMisdeal(HandState):
    """A game whose rulebook has no misdeal (seven- and nine-card brag, Stop the Bus): an exposed card
    plays and a misdeal called at the table is ignored, each noted.  Not a game of its own: the games
    that share these rulings subclass it."""

    @handles(ev.Expose)
    def on_expose(self, seat: int, event: ev.Expose) -> None:
        self.flag("card_exposed_plays", f"{self.names[seat]}'s card {event.card} was exposed: the card plays",
                  player=seat)

    @handles(ev.Misdeal)
    def on_misdeal(self, seat: None, event: ev.Misdeal) -> None:
        reason = f" ({event.reason})" if event.reason else ""
        self.flag("misdeal_refused", f"a misdeal was called{reason}, but the rulebook has no misdeal",
                  remedy="ignored: the deal plays on")
