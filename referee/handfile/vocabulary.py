"""Which lines a hand of each game may hold.

This is the format's own check, not a ruling: an action that can physically happen at a table of
this game (a check in brag, a raise over the limit) is always accepted and judged later by the
engine; an action that cannot even be described in this game (a knock in jackpots, a draw in
stud) is a misread line and stops the parse.
"""

from __future__ import annotations

from typing import Final

from referee.engine import events as ev

_ANY_GAME: Final[frozenset[type[ev.Event]]] = frozenset(
    {ev.Deal, ev.Show, ev.Muck, ev.Expose, ev.Misdeal, ev.Void, ev.TakePot}
)
_POKER_BETTING: Final = frozenset({ev.Fold, ev.Check, ev.Bet, ev.Call, ev.Raise, ev.AllIn})
_DRAW: Final = frozenset({ev.Draw, ev.Ask})
_WIDOW: Final = frozenset({ev.TakeWidow, ev.Exchange, ev.Pass, ev.Knock, ev.TurnWidow})
_BRAG_BETTING: Final = frozenset({ev.Fold, ev.Check, ev.Look, ev.Stake, ev.See, ev.Cover})

ALLOWED: Final[dict[str, frozenset[type[ev.Event]]]] = {
    "straight_draw": _ANY_GAME | _POKER_BETTING | _DRAW,
    "jackpots": _ANY_GAME | _POKER_BETTING | _DRAW | {ev.Declare},
    "five_card_stud": _ANY_GAME | _POKER_BETTING,
    # whiskey.betting_round = one_before_showdown adds a betting round
    "whiskey_poker": _ANY_GAME | _WIDOW | _POKER_BETTING,
    "la_viuda": _ANY_GAME | _WIDOW | {ev.BuyBack, ev.DeclineBuyBack},
    "three_card_brag": _ANY_GAME | _BRAG_BETTING,
    # brag7.mode = best_three_then_bet adds brag betting; the equal stakes before a deal are stakes
    "seven_card_brag": _ANY_GAME | _BRAG_BETTING | {ev.Arrange, ev.Reveal, ev.Declare},
    "nine_card_brag": _ANY_GAME | _BRAG_BETTING | {ev.Arrange, ev.Reveal, ev.Declare},
    "stop_the_bus": _ANY_GAME | {ev.Exchange, ev.Pass, ev.Knock, ev.TurnWidow},
}

# What a Declare may say, per game (the ``what`` of :class:`~referee.engine.events.Declare`).
DECLARATIONS: Final[dict[str, frozenset[str]]] = {
    "jackpots": frozenset({"split_openers", "open", "false_open"}),
    "seven_card_brag": frozenset({"four_of_a_kind"}),
    "nine_card_brag": frozenset({"four_of_a_kind"}),
}

# Cards in a hand where ``exchanges all`` means the whole hand for the whole widow / dummy.
HAND_SIZE: Final[dict[str, int]] = {"whiskey_poker": 5, "la_viuda": 5, "stop_the_bus": 3}

# Hints for actions that belong to another game's words.
BRAG_HINT: Final = "brag has no bets, calls or raises: write the chips put in as 'Ann: stake 2'"


def allowed(game: str, kind: type[ev.Event]) -> bool:
    """True if an event of ``kind`` can be written in a hand of ``game``."""
    return kind in ALLOWED[game]
