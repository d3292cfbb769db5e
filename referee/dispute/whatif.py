"""What if the table had played another house rule: the night replayed under changed options (or
another rulebook) beside the night as logged, hand by hand and for the night.

:func:`night_under` makes the changed night (each hand's rulebook with the changes applied, the
log itself untouched); :func:`compare` replays both and lists, per hand, how the findings (matched
by their stable ``code``), the outcome and each player's chips differ.  The way a table settles
"which house rule do we play".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from referee.errors import InputError, RefereeError
from referee.handfile.replay import replay_night_file
from referee.rulebook.loader import is_rulebook_path, load_rulebook, load_rules, rulebook_files
from referee.rulebook.schema import option_spec
from referee.i18n import _

if TYPE_CHECKING:
    from referee.handfile.model import Night, OptionValue
    from referee.handfile.replay import ReplayedHand, ReplayedNight
    from referee.rulebook.model import Rulebook


@dataclass(frozen=True)
class Change:
    """What is changed: option overrides (``--option NAME=VALUE``) and/or another rulebook
    (``--rulebook house.toml``), in words for a heading."""

    options: Mapping[str, OptionValue]
    rulebook: str | None = None

    def words(self) -> str:
        parts = [f"rulebook {self.rulebook}"] if self.rulebook else []
        parts += [f"{name} = {value}" for name, value in self.options.items()]
        return ", ".join(parts)


def _has_option(game: str, name: str) -> bool:
    try:
        option_spec(name, game)
    except RefereeError:
        return False
    return True


def night_under(night: Night, change: Change) -> Night:
    """``night`` with every hand's rulebook changed: ``change.rulebook`` instead of the hand's, for
    the hands of its game (the log's own option lines still apply), then ``change.options`` on every
    hand whose game has them.  An option no hand's game has, or a rulebook of a game no hand plays,
    is an InputError."""
    other: Rulebook | None = load_rulebook(change.rulebook) if change.rulebook else None
    games = sorted({h.game for h in night.hands})
    for name in change.options:
        if not any(_has_option(g, name) for g in games):
            try:
                option_spec(name, games[0] if games else night.game)  # its own error says best what is wrong
            except RefereeError as err:
                raise InputError(_("--option {name}: {message}").format(name=name, message=err.message), hint=err.hint) from None
            raise InputError(_("--option {name}: no hand of this night plays a game with that option").format(name=name),
                             hint="games played: " + ", ".join(games))
    if other is not None and other.game not in games:
        raise InputError(_("--rulebook {rulebook} is for {game}, which no hand of this night plays").format(rulebook=change.rulebook, game=other.game),
                         hint="games played: " + ", ".join(games))
    other_ref = change.rulebook and (str(Path(change.rulebook).resolve()) if is_rulebook_path(change.rulebook)
                                     else change.rulebook)
    texts = night.texts
    if other_ref:  # the other rulebook as its files read now, even where the night recorded them otherwise
        now = {key for key, _ in rulebook_files(other_ref)}
        texts = tuple((key, text) for key, text in texts if key not in now)
    hands = []
    for hand in night.hands:
        # the other rulebook for the hands of its game; the log's own option lines still apply
        ref = other_ref if other is not None and other.game == hand.game else hand.rulebook
        options = dict(hand.options)
        options.update((n, v) for n, v in change.options.items() if _has_option(hand.game, n))
        load_rules(ref, options, night.base_dir, texts)  # a value the rulebook refuses is refused here, before any replay
        hands.append(replace(hand, rulebook=ref, options=options))
    return replace(night, hands=tuple(hands), texts=texts)


@dataclass(frozen=True)
class HandDifference:
    """One hand as logged (``was``) and under the change (``now``)."""

    number: int
    was: ReplayedHand
    now: ReplayedHand
    #: finding codes only one side has, with how many more times
    gone: dict[str, int]
    new: dict[str, int]

    @property
    def net_was(self) -> dict[str, int]:
        return dict(self.was.replay.outcome.net)

    @property
    def net_now(self) -> dict[str, int]:
        return dict(self.now.replay.outcome.net)

    @property
    def outcome_differs(self) -> bool:
        a, b = self.was.replay.outcome, self.now.replay.outcome
        return (a.kind, a.summary, a.carried, a.undecided, a.penalties) != \
            (b.kind, b.summary, b.carried, b.undecided, b.penalties)

    @property
    def differs(self) -> bool:
        return bool(self.gone or self.new or self.outcome_differs or self.net_was != self.net_now
                    or self.was.replay.outcome.stacks != self.now.replay.outcome.stacks)


@dataclass(frozen=True)
class Comparison:
    change: Change
    was: ReplayedNight
    now: ReplayedNight
    hands: tuple[HandDifference, ...]

    @property
    def differing(self) -> list[HandDifference]:
        return [h for h in self.hands if h.differs]

    def final(self) -> list[tuple[str, int, int]]:
        """Each player's last stack as logged and under the change."""
        a, b = self.was.result.stacks, self.now.result.stacks
        return [(name, a.get(name, 0), b.get(name, 0)) for name in dict.fromkeys([*a, *b])]


def _codes(hand: ReplayedHand) -> Counter[str]:
    return Counter(f.code for f in hand.replay.findings)


def compare(night: Night, change: Change, *, was: ReplayedNight | None = None,
            hands: Sequence[int] | None = None, snapshots: bool = False) -> Comparison:
    """Replay ``night`` as logged and under ``change``; ``hands``: compare only these hand numbers;
    ``snapshots``: the hands under the change keep the table after each event (to be shown)."""
    was = was or replay_night_file(night)
    now = replay_night_file(night_under(night, change), snapshots=snapshots)
    out = []
    for a, b in zip(was.hands, now.hands, strict=True):
        if hands is not None and a.entry.number not in hands:
            continue
        ca, cb = _codes(a), _codes(b)
        out.append(HandDifference(a.entry.number, a, b, dict(ca - cb), dict(cb - ca)))
    return Comparison(change, was, now, tuple(out))


__all__ = ["Change", "Comparison", "HandDifference", "compare", "night_under"]
