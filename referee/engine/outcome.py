"""How a hand ended: pots and who won them, final stacks, what carries to the next deal.

Everything here is plain data (str, int, lists, dicts) with ``to_dict()`` for JSON.

``kind`` is one of

* ``showdown`` -- the hand was decided by showing hands;
* ``uncontested`` -- everybody else folded;
* ``passed_out`` -- nobody bet (or opened): the deal is void and redealt, the pot carries;
* ``false_open`` -- a false open ended the hand (the pot stays on the table, jackpots.10);
* ``misdeal`` -- a misdeal: bets go back, the same dealer deals again;
* ``in_progress`` -- the log stops before the hand is over (the live recorder's case).

``in_middle``: chips still in play when the log stops mid-hand (``in_progress``).  For every outcome,
stacks + carried + undecided + in_middle = the chips the hand started with (stacks and carried pot).

A pot that cannot be awarded because a needed hand was not shown is ``decided = False``: its chips
are neither in anybody's stack nor carried; the ``unverifiable`` finding says what must be shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: Fills a frozen record's fields in the written ``__init__`` methods below.  They do what the
#: dataclass-generated ``__init__`` does, but a compiled engine (docs/compiled.md) compiles a written
#: method and runs a generated one as Python: one record per pot and per hand, made in every replay.
_set = object.__setattr__

OUTCOME_KINDS = ("showdown", "uncontested", "passed_out", "false_open", "misdeal", "in_progress")


@dataclass(frozen=True, slots=True, init=False)
class PotResult:
    """One pot: its chips, who could win it, who did and what each got.

    ``left_over``: odd chips that stay in the middle for the next deal (``common.showdown_tie = split``).
    ``hand``: the winning hand's name when it was decided by showing hands.
    """

    amount: int
    eligible: tuple[str, ...]
    winners: tuple[str, ...] = ()
    shares: dict[str, int] = field(default_factory=dict)
    decided: bool = True
    left_over: int = 0
    rule: str | None = None
    hand: str | None = None

    def __init__(
        self, amount: int, eligible: tuple[str, ...], winners: tuple[str, ...] = (),
        shares: dict[str, int] | None = None, decided: bool = True, left_over: int = 0,
        rule: str | None = None, hand: str | None = None,
    ) -> None:
        _set(self, "amount", amount)
        _set(self, "eligible", eligible)
        _set(self, "winners", winners)
        _set(self, "shares", {} if shares is None else shares)
        _set(self, "decided", decided)
        _set(self, "left_over", left_over)
        _set(self, "rule", rule)
        _set(self, "hand", hand)

    def to_dict(self) -> dict[str, object]:
        return {
            "amount": self.amount,
            "eligible": list(self.eligible),
            "winners": list(self.winners),
            "shares": dict(self.shares),
            "decided": self.decided,
            "left_over": self.left_over,
            "rule": self.rule,
            "hand": self.hand,
        }


@dataclass(frozen=True, slots=True)
class Penalty:
    """Chips a player had to pay because of a ruling (``payee`` None: owed as antes next deal)."""

    payer: str
    payee: str | None
    amount: int
    rule: str

    def to_dict(self) -> dict[str, object]:
        return {"payer": self.payer, "payee": self.payee, "amount": self.amount, "rule": self.rule}


@dataclass(frozen=True, slots=True, init=False)
class CarryIn:
    """What a hand inherits from the previous deal (all zero/None for the first hand of a night).

    ``pot``: chips left on the table (a passed-out pot, a false-open pot, odd chips);
    ``free_ride_payer``: a false opener who antes for everybody this deal (jackpots.false_open_penalty);
    ``passed_out``: how many deals in a row nobody opened (progressive openers, ante cap);
    ``antes_in``: the antes of this deal are already in ``pot`` (a redeal after a misdeal).
    """

    pot: int = 0
    free_ride_payer: str | None = None
    passed_out: int = 0
    antes_in: bool = False

    def __init__(
        self, pot: int = 0, free_ride_payer: str | None = None, passed_out: int = 0, antes_in: bool = False
    ) -> None:
        _set(self, "pot", pot)
        _set(self, "free_ride_payer", free_ride_payer)
        _set(self, "passed_out", passed_out)
        _set(self, "antes_in", antes_in)

    def to_dict(self) -> dict[str, object]:
        return {
            "pot": self.pot,
            "free_ride_payer": self.free_ride_payer,
            "passed_out": self.passed_out,
            "antes_in": self.antes_in,
        }


@dataclass(frozen=True, slots=True, init=False)
class NextHand:
    """What the next deal must do: who deals, and what it inherits."""

    dealer: str
    carry: CarryIn
    same_dealer: bool = False
    obligations: tuple[str, ...] = ()

    def __init__(
        self, dealer: str, carry: CarryIn, same_dealer: bool = False, obligations: tuple[str, ...] = ()
    ) -> None:
        _set(self, "dealer", dealer)
        _set(self, "carry", carry)
        _set(self, "same_dealer", same_dealer)
        _set(self, "obligations", obligations)

    def to_dict(self) -> dict[str, object]:
        return {
            "dealer": self.dealer,
            "same_dealer": self.same_dealer,
            "carry": self.carry.to_dict(),
            "obligations": list(self.obligations),
        }


@dataclass(frozen=True, slots=True, init=False)
class Outcome:
    """The result of one hand."""

    kind: str
    pots: tuple[PotResult, ...]
    stacks: dict[str, int]
    net: dict[str, int]
    carried: int
    undecided: int
    penalties: tuple[Penalty, ...]
    next_hand: NextHand
    showdown_order: tuple[str, ...] = ()
    summary: str = ""
    in_middle: int = 0

    def __init__(
        self, kind: str, pots: tuple[PotResult, ...], stacks: dict[str, int], net: dict[str, int], carried: int,
        undecided: int, penalties: tuple[Penalty, ...], next_hand: NextHand, showdown_order: tuple[str, ...] = (),
        summary: str = "", in_middle: int = 0,
    ) -> None:
        _set(self, "kind", kind)
        _set(self, "pots", pots)
        _set(self, "stacks", stacks)
        _set(self, "net", net)
        _set(self, "carried", carried)
        _set(self, "undecided", undecided)
        _set(self, "penalties", penalties)
        _set(self, "next_hand", next_hand)
        _set(self, "showdown_order", showdown_order)
        _set(self, "summary", summary)
        _set(self, "in_middle", in_middle)

    @property
    def decided(self) -> bool:
        """True when every chip has found its place (no pot waits for cards to be shown)."""
        return self.undecided == 0 and self.kind != "in_progress"

    def to_dict(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "summary": self.summary,
            "pots": [p.to_dict() for p in self.pots],
            "stacks": dict(self.stacks),
            "net": dict(self.net),
            "carried": self.carried,
            "undecided": self.undecided,
            "in_middle": self.in_middle,
            "penalties": [p.to_dict() for p in self.penalties],
            "next_hand": self.next_hand.to_dict(),
            "showdown_order": list(self.showdown_order),
        }
