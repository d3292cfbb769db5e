"""What happened at the table, as the scorekeeper logged it: the event vocabulary of every game.

Events are facts, mistakes included (a false open, an over-limit raise, an exposed card).  They are
immutable and carry no judgement: the engine replays them and reports findings.  Players are named
by the names the hand's seats use.  ``line`` is where the event came from (a hand-file line), kept
only to point error messages at the source; it takes no part in equality.

Amount conventions: ``Bet.amount`` is the chips put in by the bet; ``Raise.amount`` is the size of
the raise *on top of* the call unless ``to`` is true, when it is the player's total for the round.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import cache
from typing import Literal

from referee.cards import AnyCard, Card

_line = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class Event:
    """Base class.  ``line``: source line number, for messages only."""

    line: int | None = _line


@dataclass(frozen=True, slots=True)
class PlayerEvent(Event):
    player: str


# ------------------------------------------------------------------ dealing and cards


@dataclass(frozen=True, slots=True)
class Deal(PlayerEvent):
    """Cards dealt to a player; ``??`` for cards nobody saw.  ``face_up`` for stud upcards."""

    cards: tuple[AnyCard, ...]
    face_up: bool = False


@dataclass(frozen=True, slots=True)
class Show(PlayerEvent):
    """A player shows cards.  ``purpose``: his hand at the showdown, the openers that qualified him,
    or his (split-opener) discards."""

    cards: tuple[AnyCard, ...]
    purpose: Literal["hand", "openers", "discards"] = "hand"


@dataclass(frozen=True, slots=True)
class Muck(PlayerEvent):
    """A player at the showdown throws his hand away unshown (he cannot win the pot)."""


@dataclass(frozen=True, slots=True)
class Expose(PlayerEvent):
    """A card of this player's was exposed (by the dealer or by himself)."""

    card: AnyCard
    by_dealer: bool = True


@dataclass(frozen=True, slots=True)
class Misdeal(Event):
    """The table called a misdeal; ``reason`` as the scorekeeper wrote it."""

    reason: str = ""


# ------------------------------------------------------------------ betting


@dataclass(frozen=True, slots=True)
class Fold(PlayerEvent):
    pass


@dataclass(frozen=True, slots=True)
class Check(PlayerEvent):
    pass


@dataclass(frozen=True, slots=True)
class Bet(PlayerEvent):
    amount: int


@dataclass(frozen=True, slots=True)
class Call(PlayerEvent):
    pass


@dataclass(frozen=True, slots=True)
class Raise(PlayerEvent):
    amount: int
    to: bool = False


@dataclass(frozen=True, slots=True)
class AllIn(PlayerEvent):
    """The player puts in everything he has left (a bet, a raise or a short call)."""


# ------------------------------------------------------------------ draw


@dataclass(frozen=True, slots=True)
class Draw(PlayerEvent):
    """A player draws ``count`` cards (0 = stands pat).  ``discards`` and ``received`` when known;
    ``kept_face_down``: the discards are kept face down in front of him (split openers)."""

    count: int
    discards: tuple[AnyCard, ...] = ()
    received: tuple[AnyCard, ...] = ()
    kept_face_down: bool = False


@dataclass(frozen=True, slots=True)
class Ask(PlayerEvent):
    """``player`` asks ``target`` how many cards he drew; the log answers."""

    target: str


@dataclass(frozen=True, slots=True)
class Declare(PlayerEvent):
    """A spoken declaration: ``what`` is one of ``split_openers`` (announcing a split),
    ``open`` (declaring a pot open after a false open, RRoP), ``false_open`` (the opener admits he
    had no openers), ``four_of_a_kind`` (seven/nine-card brag instant win)."""

    what: str
    cards: tuple[AnyCard, ...] = ()


@dataclass(frozen=True, slots=True)
class TakePot(PlayerEvent):
    """The player raked in the pot.  Marks what is found afterwards as found "after he won"
    (jackpots.11: a false open found after the false opener took the pot)."""


# ------------------------------------------------------------------ corrections


@dataclass(frozen=True, slots=True)
class Void(Event):
    """A correction: the event with action number ``action`` (1-based, within this hand) is void."""

    action: int
    reason: str = ""


# ------------------------------------------------------------------ whiskey poker / la viuda / stop the bus


@dataclass(frozen=True, slots=True)
class TakeWidow(PlayerEvent):
    """Phase 1: the player lays his hand face up as the new widow and takes the widow."""


@dataclass(frozen=True, slots=True)
class Exchange(PlayerEvent):
    """Exchange with the widow / dummy: ``give`` from the hand for ``take`` from the table."""

    give: tuple[AnyCard, ...]
    take: tuple[AnyCard, ...]
    knock: bool = False


@dataclass(frozen=True, slots=True)
class Pass(PlayerEvent):
    pass


@dataclass(frozen=True, slots=True)
class Knock(PlayerEvent):
    pass


@dataclass(frozen=True, slots=True)
class TurnWidow(Event):
    """The dealer turns the widow face up (its cards when known)."""

    cards: tuple[AnyCard, ...] = ()


@dataclass(frozen=True, slots=True)
class DealWidow(Event):
    """``widow dealt: 7c 7d Js Qh 2c``: the widow dealt face down, its cards where somebody saw them
    (``??`` otherwise)."""

    cards: tuple[AnyCard, ...]


@dataclass(frozen=True, slots=True)
class Showdown(Event):
    """``showdown:``: the deal as the scorekeeper saw it end.  The play before it went unrecorded (or
    is logged only as far as it was seen); the ``shows`` lines that follow decide the result under the
    rulebook, as a showdown reached by play would."""


@dataclass(frozen=True, slots=True)
class Reported(PlayerEvent):
    """A deal's result as the scorekeeper wrote it, taken as a fact: ``Bob was lowest`` (``what =
    "lowest"``: the lowest or worst hand) or ``Ann wins`` (``"best"``: the best hand).  Several lines
    of one kind in a hand are a tie."""

    what: Literal["lowest", "best"]


@dataclass(frozen=True, slots=True)
class BuyBack(PlayerEvent):
    """La Viuda: the player buys the widow chip after losing his last chip."""


@dataclass(frozen=True, slots=True)
class DeclineBuyBack(PlayerEvent):
    pass


# ------------------------------------------------------------------ brag


@dataclass(frozen=True, slots=True)
class Look(PlayerEvent):
    """A blind player looks at his cards: from now on he is seen."""


@dataclass(frozen=True, slots=True)
class Stake(PlayerEvent):
    """A brag stake: ``amount`` chips put in at his turn.  ``blind``: logged as a blind stake
    (``blind 1``), by a player who says he has not looked at his cards."""

    amount: int
    blind: bool = False


@dataclass(frozen=True, slots=True)
class See(PlayerEvent):
    """Pay to see (heads-up): ``amount`` chips, and both hands are shown."""

    amount: int
    target: str | None = None


@dataclass(frozen=True, slots=True)
class Cover(PlayerEvent):
    """The player has run out of money and lays his hand face down on the pot (covers it)."""


@dataclass(frozen=True, slots=True)
class Arrange(PlayerEvent):
    """Seven/nine-card brag: the player's discard and his hands in the order he will reveal them."""

    hands: tuple[tuple[AnyCard, ...], ...]
    discard: tuple[AnyCard, ...] = ()


@dataclass(frozen=True, slots=True)
class Reveal(PlayerEvent):
    """Seven/nine-card brag: the player reveals a hand: his ``round``-th (1-based) when the log
    numbers it, else (``None``) his next one."""

    round: int | None
    cards: tuple[AnyCard, ...]



# ------------------------------------------------------------------ the night: between hands


@dataclass(frozen=True, slots=True)
class NightEvent(Event):
    """Something that changes the table between hands rather than inside one: a hand file's hand
    header lines, and the session log's events between hands.  ``player`` names the seat."""


@dataclass(frozen=True, slots=True)
class SitDown(NightEvent):
    """``Eve sits down with 50 after Cy``: a player joins with ``stack`` chips, seated clockwise after
    (to the left of) ``after`` (``None``: after the last seat of the order, just before the first).
    ``paid_cents``: the money paid for the chips when it is not chips x the chip value."""

    player: str
    stack: int
    after: str | None = None
    paid_cents: int | None = None


@dataclass(frozen=True, slots=True)
class Leave(NightEvent):
    """``Bob leaves``: he gets up before the next hand; his chips go with him."""

    player: str


@dataclass(frozen=True, slots=True)
class AddChips(NightEvent):
    """``Bob adds 50`` / ``Bob rebuys 50``: more chips on the table between hands (a rebuy or top-up);
    ``paid_cents`` as for :class:`SitDown`."""

    player: str
    amount: int
    paid_cents: int | None = None


@dataclass(frozen=True, slots=True)
class MoveSeat(NightEvent):
    """A player changes seats: he now sits clockwise after ``after`` (``None``: last in the order)."""

    player: str
    after: str | None = None


@dataclass(frozen=True, slots=True)
class SetDealer(NightEvent):
    """``dealer: Cy``: who deals the next hand (without it the deal passes by the rules).  ``None``
    only at a session's opening: the log does not say who deals first (a commerce game works it out
    from the play)."""

    player: str | None


@dataclass(frozen=True, slots=True)
class ChangeRulebook(NightEvent):
    """``rulebook: whiskey_poker`` between hands (dealer's choice): the game and house rules change;
    the option overrides in force are reset."""

    rulebook: str


@dataclass(frozen=True, slots=True)
class RulebookText(NightEvent):
    """The rulebook a night plays under, as its files read when it came into the night: ``rulebook``
    the reference the log names (a shipped name, or a house file's absolute path); ``files`` each
    file it is made of, the file itself first and then what it ``extends``, as (key, full text): a
    shipped rulebook keyed by its name, a house file by its absolute path; ``version`` the referee
    that shipped the shipped ones.  A night replays from these texts, never from the disk; the first
    text of a file in the log is the one the night plays under, wherever it stands."""

    rulebook: str
    files: tuple[tuple[str, str], ...]
    version: str = ""


@dataclass(frozen=True, slots=True)
class ChangeOption(NightEvent):
    """``option draw.limit_pre = 3`` between hands: one option override from the next hand on."""

    name: str
    value: str | int


@dataclass(frozen=True, slots=True)
class LedgerSetting(NightEvent):
    """``ledger currency = GBP``: how the night's money is kept, written and settled (currency,
    locale, who absorbs a shortfall, the banker, settlement pairs).  It changes nothing at the table:
    the last setting of a name in the log is the one in force, wherever it stands.  Names and values:
    :data:`referee.money.settings.SETTINGS`."""

    name: str
    value: str


@dataclass(frozen=True, slots=True)
class TransferPaid(NightEvent):
    """``Bob paid Ann 12.50``: a settlement transfer paid, in cents of the session's currency (during
    the night or after it: it may be recorded into a closed session)."""

    payer: str
    payee: str
    cents: int


@dataclass(frozen=True, slots=True)
class WhiskyBill(NightEvent):
    """``the whisky: 36.00, paid by Ann``: what the drinks cost, in cents, and who paid for them.  The
    player whom the whiskey game makes pay for the whisky owes it to ``paid_by``."""

    cents: int
    paid_by: str


#: night events about the money, not the table: kept apart from the hands and recordable into a closed
#: session (a transfer is often paid the next day)
MONEY_EVENTS = (LedgerSetting, TransferPaid, WhiskyBill)


@dataclass(frozen=True, slots=True)
class CashOut(NightEvent):
    """A player leaves the game with ``chips`` chips counted at the table (what the bank buys back)."""

    player: str
    chips: int


@dataclass(frozen=True, slots=True)
class Shuffle(NightEvent):
    """``shuffled`` in a hand's header: the pack was shuffled before the next deal (three-card brag
    shuffles only after a prial was shown, ``brag.shuffle``)."""


@dataclass(frozen=True, slots=True)
class GameSoFar(NightEvent):
    """``game so far: pool 7, fund 14, la viuda bought by Cy``: the night starts in the middle of a game
    (whiskey pool elimination, La Viuda, short-pack whisky) and this is what the game had reached.
    Each item is ``None`` (or empty) when not said: ``pool`` chips in the central pool (La Viuda
    included while it lies there); ``fund`` money paid for chips so far, in chip-value units;
    ``bought_by`` who bought La Viuda, ``bought`` whether it was bought (``False``: "la viuda not
    bought"); ``points`` the short-pack points, in the order written."""

    pool: int | None = None
    fund: int | None = None
    bought: bool | None = None
    bought_by: str | None = None
    points: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Ruling(NightEvent):
    """A dispute ruled (``referee dispute``): the referee's answer to a question about action
    ``action`` of hand ``hand``, kept in the session log so that later replays, the ledger and the
    settlement follow it.  Stored with no hand number (like every night event), wherever in the log
    it was made; it names its hand.  It changes nothing at the table between hands.

    * ``question``: the question as the table asked it, literally.
    * ``topic``: what the question was read as (``false_open``, ``over_limit``, ``show_order``,
      ``see``, ``cover``, ``buy_back``, ``card_fact``, ... : ``referee/handfile/rulings.py`` lists them).
    * ``decided_by``: ``"log"`` when the rules engine decided it from the log alone (the replay
      already gives its chips: the ruling only records that it was asked and answered), ``"table"``
      when it was a question of fact the log could not decide and the table decided it.
    * ``ruling``: the ruling in words, as printed.  ``rule``: the rule id cited.  ``code``: the
      finding code it rests on (:data:`referee.engine.findings.CODES`), if any.
    * ``facts``: ``decided_by == "table"`` only: what the table decided, as hand-file action lines
      of that hand (``"Ann: shows openers Jh Jd"``, ``"Bob was lowest"``).  Every replay of the
      session adds them, in order, at the end of the hand's events (after its logged actions, whose
      numbers do not change), so the outcome, and every chip that follows from it, follows the
      ruling.  A later ruling on the same hand and action replaces an earlier one.
    """

    hand: int
    action: int
    question: str
    topic: str
    decided_by: Literal["log", "table"]
    ruling: str
    rule: str | None = None
    code: str | None = None
    facts: tuple[str, ...] = ()


# ------------------------------------------------------------------ the night: counting out and corrections


@dataclass(frozen=True, slots=True)
class CountConfirmed(NightEvent):
    """``Dee's count of 110 confirmed by Ann (the log says 114)``: at the close a player's counted chips
    differ from what the log gives him and ``by`` confirmed the count as the fact of the night.  Only a
    confirmed difference is absorbed by the shortfall policy (``referee session close --accept``)."""

    player: str
    counted: int
    log_says: int
    by: str


@dataclass(frozen=True, slots=True)
class HandEnded(NightEvent):
    """The night closed in the middle of hand ``hand`` and the table ended that hand by rule ``rule``:
    ``how`` is ``return`` (every player takes back what he put in) or ``split`` (the pot is shared by
    the players still in).  ``by`` said so."""

    hand: int
    how: Literal["return", "split"]
    rule: str
    by: str = ""


@dataclass(frozen=True, slots=True)
class Closed(NightEvent):
    """The night closed (``referee session close``), every player counted out: it ended at ``at``
    (ISO 8601, UTC).  Every close writes one, a close after a reopen too, so the log says whether a
    night is open or closed (the last of its ``Closed`` and ``Reopened``) and when it ended."""

    at: str


@dataclass(frozen=True, slots=True)
class Reopened(NightEvent):
    """A closed session opened again to correct it (``referee session reopen``): ``why``, said by ``by``."""

    why: str
    by: str = ""


@dataclass(frozen=True, slots=True)
class Amendment(NightEvent):
    """A correction of the night (``referee session amend``): ``what`` it changes, in words, and
    ``why``.  The change itself is the event recorded with it (a ``Void`` of a hand, a
    ``CountFixed``, an ``AddChips``): this is what the report lists as the night's amendments."""

    what: str
    why: str


@dataclass(frozen=True, slots=True)
class CountFixed(NightEvent):
    """A count corrected after the cash-out: ``player`` counted ``chips`` in all (it replaces what his
    cash-outs of the night said)."""

    player: str
    chips: int


@dataclass(frozen=True, slots=True)
class Voided(NightEvent):
    """The night is void (``referee session void``): kept as it is, counted nowhere, ``why``."""

    why: str


@dataclass(frozen=True, slots=True)
class Unvoided(NightEvent):
    """A void undone (``referee session unvoid``): the night counts again, ``why``."""

    why: str


#: night events about counting out, correcting and voiding the night (docs/ledger.md): kept with the
#: money events, apart from the hands, in log order (a hand that follows never sees them)
CLOSING_EVENTS = (CountConfirmed, HandEnded, Closed, Reopened, Amendment, CountFixed, Voided, Unvoided)


__all__ = [name for name, obj in dict(globals()).items() if isinstance(obj, type) and issubclass(obj, Event)]

#: event kinds a game declares in its own module (its actions, :mod:`referee.engine.actions`), by class
#: name as the store writes them: added when the game is registered (:func:`register_kind`)
GAME_KINDS: dict[str, type[Event]] = {}


def register_kind(kind: type[Event]) -> None:
    """Make a game's own event kind known by its class name (to the store); a name this module or
    another game already gives a different kind is refused."""
    known = globals().get(kind.__name__) if kind.__name__ in __all__ else GAME_KINDS.get(kind.__name__)
    if known is not None and known is not kind:
        raise ValueError(f"an event kind named {kind.__name__} exists already ({known.__module__})")
    if kind.__name__ not in __all__:
        GAME_KINDS[kind.__name__] = kind


def unregister_kind(kind: type[Event]) -> None:
    """Forget a game's own event kind (its game was taken out of the registry)."""
    if GAME_KINDS.get(kind.__name__) is kind:
        del GAME_KINDS[kind.__name__]
_ = Card  # re-exported for type checkers


@cache
def card_fields(kind: type[Event]) -> tuple[str, ...]:
    """The fields of an event kind that may hold cards."""
    return tuple(f.name for f in fields(kind) if "Card" in str(f.type))


def cards_named(event: Event) -> list[Card]:
    """Every known card ``event`` names (dealt, shown, discarded, received, exchanged, arranged)."""
    out: list[Card] = []
    stack: list[object] = [getattr(event, name) for name in reversed(card_fields(type(event)))]
    while stack:  # depth first, in the order the line names them
        value = stack.pop()
        if type(value) is Card:
            out.append(value)
        elif isinstance(value, tuple):
            stack.extend(reversed(value))
    return out
