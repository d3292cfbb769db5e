"""A read hand file handed to the rules engine: :func:`replay_night_file`.

Glue only: each :class:`HandEntry` becomes the engine's :class:`~referee.engine.night.NightHand`
(with its rulebook in force, :func:`~referee.rulebook.loader.load_rules`) and :func:`referee.engine.night.replay_night` threads
stacks, dealer and the game's state from hand to hand.  An error the engine raises about a hand or
an action is placed at the hand file's line (the engine's events carry their lines).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.engine.games import find_game, game_title, replayed_games
from referee.engine.night import NightHand, NightReplay, replay_night
from referee.errors import HandFileError, RefereeError
from referee.handfile.model import HandEntry, Night
from referee.i18n import _
from referee.rulebook.loader import load_rules

if TYPE_CHECKING:
    from referee.engine.night import NightResult, NightStep, NightThread
    from referee.engine.replay import HandReplay
    from referee.rulebook import Rulebook


@dataclass(frozen=True)
class ReplayedHand:
    """One hand of the file and what the engine made of it."""

    entry: HandEntry
    replay: HandReplay

    @property
    def rulebook(self) -> Rulebook:
        return self.replay.setup.rulebook

    def line_of(self, action: int | None) -> int | None:
        """The hand-file line of action ``action`` (1-based), if it has one."""
        return self.replay.line_of(action)


@dataclass(frozen=True)
class ReplayedNight:
    """A replayed hand file: the engine's night result and each hand beside its entry (iterate it
    for the hands)."""

    night: Night
    result: NightResult
    hands: tuple[ReplayedHand, ...]

    def __iter__(self) -> Iterator[ReplayedHand]:
        return iter(self.hands)

    def __len__(self) -> int:
        return len(self.hands)

    def __getitem__(self, index: int) -> ReplayedHand:
        return self.hands[index]


def _night_hand(hand: HandEntry, night: Night) -> NightHand:
    """The engine's view of one hand of ``night`` (a hand the table ruled on ends with the facts it
    decided: :func:`referee.handfile.rulings.ruled_events`)."""
    events = hand.events
    if night.rulings:  # the table's decisions on record: their facts end the hand (referee.handfile.rulings)
        from referee.handfile.rulings import ruled_events  # not loaded by a one-shot act (no rulings)

        events = ruled_events(night.rulings, hand.number, hand.game, hand.seats, hand.events)
    rulebook = load_rules(hand.rulebook, hand.options, night.base_dir, night.texts)  # the rulebook in force, as recorded
    return NightHand.from_header(rulebook, hand.seats, hand.number, hand.changes,
                                 events, dealer=hand.dealer, shuffled=hand.shuffled)


def night_hands(night: Night) -> list[NightHand]:
    """The engine's view of each hand of ``night``."""
    return [_night_hand(hand, night) for hand in night.hands]


def _check_replayed(night: Night, hand: HandEntry) -> None:
    if not find_game(hand.game).replays:
        raise HandFileError(
            _("hand {number} is {game}, which the rules engine does not replay yet").format(
                number=hand.number, game=game_title(hand.game)),
            where=f"{night.source}:{hand.line}",
            hint=_("games replayed: {games}").format(games=", ".join(game_title(g) for g in replayed_games())),
        )


def _locate(night: Night, err: RefereeError) -> HandFileError:
    """``night.txt:LINE: hand 3, action 7: <message>`` for an engine error about a hand or action."""
    line = err.line
    if line is None and err.hand is not None:
        line = next((h.line for h in night.hands if h.number == err.hand), None)
    where = f"{night.source}:{line}" if line else night.source
    message = f"{err.where}: {err.message}" if err.where else err.message
    located = HandFileError(message, where=where, hint=err.hint)
    located.__cause__ = err
    return located


def replay_night_file(night: Night, progress: Callable[[], object] | None = None, *,
                      snapshots: bool = False) -> ReplayedNight:
    """Replay every hand of ``night`` with the rules engine, in order (``progress`` is called as each
    hand is taken up, for a progress bar; ``snapshots``: each hand keeps the table after each event,
    for a caller that shows it).

    Raises :class:`HandFileError` at the file's line for input the engine cannot replay at all
    (a game it does not replay yet, a card held twice); rule breaches are findings, not errors.
    """
    for hand in night.hands:
        _check_replayed(night, hand)
    try:
        hands = night_hands(night)
        result = replay_night([(s.name, s.stack) for s in night.seats], night.dealer,
                              hands if progress is None else _Ticking(hands, progress), so_far=night.so_far,
                              snapshots=snapshots)
    except RefereeError as err:
        raise _locate(night, err) from err
    hands = tuple(ReplayedHand(entry, replay) for entry, replay in zip(night.hands, result.hands, strict=True))
    return ReplayedNight(night, result, hands)


class NightStream:
    """A night replayed hand by hand as its entries come, each hand's replay handed on and not kept
    (:meth:`hands`): a report walks a long night so, in memory that does not grow with its hands.
    Errors are placed as :func:`replay_night_file` places them; :attr:`result` is the night as the
    hands walked so far leave it (its ``hands`` empty: they were not kept).

    ``thread``: go on from there (a copy of a :attr:`thread` this night's stream reached before its
    next entry): the hands before it are not walked again."""

    def __init__(self, night: Night, thread: NightThread | None = None) -> None:
        self.night = night
        try:
            self._replay = NightReplay([(s.name, s.stack) for s in night.seats], night.dealer, so_far=night.so_far)
        except RefereeError as err:
            raise _locate(night, err) from err
        if thread is not None:
            self._replay.thread = thread

    @property
    def thread(self) -> NightThread:
        """Where the night stands after the hands walked so far (copy it to keep it: it moves on)."""
        return self._replay.thread

    def hands(self, entries: Iterable[HandEntry]) -> Iterator[ReplayedHand]:
        """Each of ``entries`` (the night's hands, in order, with their events) replayed in turn."""
        for entry in entries:
            _check_replayed(self.night, entry)
            try:
                replay = self._replay.hand(_night_hand(entry, self.night))
            except RefereeError as err:
                raise _locate(self.night, err) from err
            yield ReplayedHand(entry, replay)

    @property
    def result(self) -> NightResult:
        return self._replay.result()

    @property
    def last_step(self) -> NightStep:
        """The thread's record of the hand replayed last."""
        return self._replay.thread.steps[-1]


class _Ticking(list):  # type: ignore[type-arg]
    """The hands, calling ``progress`` as each is taken (the engine reads them in order, once)."""

    def __init__(self, hands: list[NightHand], progress: Callable[[], object]) -> None:
        super().__init__(hands)
        self.progress = progress

    def __iter__(self) -> Iterator[NightHand]:
        for hand in super().__iter__():
            self.progress()
            yield hand


__all__ = ["NightStream", "ReplayedHand", "ReplayedNight", "night_hands", "replay_night_file"]
