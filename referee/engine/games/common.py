"""Groups of events several games accept, each with its example line of the hand file (the hints a
scorekeeper sees when a line does not fit).  A game's ``events`` mapping is made of these.  Also the
words of the actions of any table (dealt, shows, mucks, exposes, declares, takes the pot), the order
in which a line is tried against every shared action (:data:`SHARED_ACTIONS`: these and those of the
turn engines), what the table's ``?`` asks about (:data:`SHARED_PROBES`), and the rulings several
games share word for word (:class:`WithoutMisdeal`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from types import MappingProxyType

from referee.cards import format_cards
from referee.engine import betting, exchanges, staking
from referee.engine import events as ev
from referee.engine.actions import Action, Reading, read_cards, verb
from referee.engine.state import CarryT, HandState, handles
from referee.errors import HandFileError, excerpt
from referee.i18n import _

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



# ------------------------------------------------------------------ the shared actions' words


def _show(r: Reading, p: str, m: re.Match[str]) -> ev.Show:
    purpose = (m["purpose"] or "hand").lower()
    return ev.Show(p, read_cards(m["cards"], f"{p}'s shown cards"), purpose=purpose)  # type: ignore[arg-type]


def _write_show(e: ev.Show, size: int) -> str:
    return "shows " + ("" if e.purpose == "hand" else e.purpose + " ") + format_cards(e.cards)


#: What a ``declares`` line may say, and the ``Declare.what`` each stands for.
DECLARATION_WORDS: dict[str, str] = {
    "split openers": "split_openers",
    "false open": "false_open",
    "open": "open",
    "four of a kind": "four_of_a_kind",
    "four pairs": "four_pairs",
}


def _declare(r: Reading, p: str, m: re.Match[str]) -> ev.Declare:
    rest = " ".join(m["what"].split())
    for words, what in sorted(DECLARATION_WORDS.items(), key=lambda kv: -len(kv[0])):
        wm = re.fullmatch(rf"{words}(?:\s+(?P<cards>.+))?", rest, re.IGNORECASE)
        if wm:
            cs = read_cards(wm["cards"], f"{p}'s declared cards") if wm["cards"] else ()
            return ev.Declare(p, what=what, cards=cs)
    raise HandFileError(
        _("cannot read declaration {text}").format(text=excerpt(rest)),
        hint=_("a player may declare: {words}").format(words=", ".join(DECLARATION_WORDS)),
    )


#: What can happen at any table, in the hand format's words: cards dealt, shown, exposed, thrown in;
#: the pot raked.
TABLE_ACTIONS: tuple[Action, ...] = (
    Action(ev.Deal, r"(?:is\s+)?dealt(?:\s+(?P<up>up)|\s+down)?\s+(?P<cards>.+)",
           lambda r, p, m: ev.Deal(p, read_cards(m["cards"], "the deal"), face_up=bool(m["up"])),
           lambda e, size: ("dealt up " if e.face_up else "dealt ") + format_cards(e.cards), verbs=("is", "dealt")),
    Action(ev.Show, rf"{verb('show')}(?:\s+(?P<purpose>openers|discards|hand))?\s+(?P<cards>.+)", _show,
           _write_show),
    Action(ev.Muck, verb("muck"), lambda r, p, m: ev.Muck(p), lambda e, size: "mucks"),
    Action(ev.Expose, rf"{verb('expose')}\s+(?P<card>\S+)",
           lambda r, p, m: ev.Expose(p, read_cards(m["card"], "the exposed card", need=1)[0], by_dealer=False),
           lambda e, size: f"exposes {e.card.text}"),
)
#: A spoken declaration (jackpots' split openers and open pot, brag's four of a kind).
DECLARE = Action(ev.Declare, rf"(?:{verb('declare')}|admits)\s+(?P<what>.+)", _declare,
                 lambda e, size: "declares " + e.what.replace("_", " ") + (f" {format_cards(e.cards)}" if e.cards else ""),
                 verbs=("declare", "admits"))
#: The pot raked in.
TAKE_POT = Action(ev.TakePot, rf"(?:{verb('take')}|{verb('rake')})(?:\s+in)?\s+(?:the\s+)?pot",
                  lambda r, p, m: ev.TakePot(p), lambda e, size: "takes the pot", verbs=("take", "rake"))
#: A deal's result as the scorekeeper wrote it, on the player's line (``Bob: lowest``): Stop the Bus
#: and the commerce games (the table line ``Bob was lowest`` is the hand format's own).
REPORTED = Action(ev.Reported, r"(?:was\s+)?(?:the\s+)?lowest",
                  lambda r, p, m: ev.Reported(p, what="lowest"),
                  lambda e, size: "was lowest" if e.what == "lowest" else "wins", verbs=("was", "the", "lowest"))

#: Every shared action, in the order a line is tried against them (a game's own come after).
SHARED_ACTIONS: tuple[Action, ...] = (*TABLE_ACTIONS, *betting.ACTIONS, DECLARE, TAKE_POT, *exchanges.ACTIONS,
                                      *staking.ACTIONS, REPORTED)


#: What the table's ``?`` asks the engine about, for a player, among the shared actions (each kept for a
#: game that accepts its kind): the rules the findings of each cite are quoted.  A game's own actions
#: add theirs (:attr:`referee.engine.actions.Action.probe`).  An amount past any limit finds the limit.
_BIG = 10**6
SHARED_PROBES: tuple[Callable[[str], ev.PlayerEvent], ...] = (
    ev.Check, ev.Call, lambda p: ev.Bet(p, _BIG), lambda p: ev.Raise(p, _BIG), ev.Fold,
    lambda p: ev.Draw(p, 5), ev.Pass, ev.Knock, ev.TakeWidow, ev.Look,
    lambda p: ev.Stake(p, _BIG), ev.Cover, ev.Muck,
)


class WithoutMisdeal(HandState[CarryT]):
    """A game whose rulebook has no misdeal (seven- and nine-card brag, Stop the Bus): an exposed card
    plays and a misdeal called at the table is ignored, each noted.  Not a game of its own: the games
    that share these rulings subclass it."""

    @handles(ev.Expose)
    def on_expose(self, seat: int, event: ev.Expose) -> None:
        self.flag("card_exposed_plays", _("{player}'s card {card} was exposed: the card plays").format(player=self.names[seat], card=event.card),
                  player=seat)

    @handles(ev.Misdeal)
    def on_misdeal(self, seat: None, event: ev.Misdeal) -> None:
        reason = f" ({event.reason})" if event.reason else ""
        self.flag("misdeal_refused", _("a misdeal was called{reason}, but the rulebook has no misdeal").format(reason=reason),
                  remedy=_("ignored: the deal plays on"))
