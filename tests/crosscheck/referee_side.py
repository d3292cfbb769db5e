"""Referee's side: a script as referee events (built directly, or written as a hand file and read
back), replayed by ``referee.engine.replay.replay_hand`` under the options PokerKit plays.

The rulebook is straight draw with the options that describe PokerKit's game:
no-limit table stakes, every player antes 1, an all-check first round goes on to the draw, up to
five cards drawn, no raise cap, the second round and the showdown led from the dealer's left /
the last aggressor, and an odd chip to the first winner left of the dealer (PokerKit gives the
remainder of a split to the winner with the lowest player index, player 0 sitting left of the
button).
"""

from __future__ import annotations

from functools import lru_cache

from referee.cards import parse_known_cards
from referee.engine import events as ev
from referee.engine.state import HandSetup
from referee.rulebook import Rulebook, load_rulebook

from crosscheck.script import Act, DrawHandScript, DrawStep, ShowStep

#: straight-draw options that make referee play PokerKit's no-limit five-card draw
POKERKIT_OPTIONS: dict[str, object] = {
    "draw.betting": "no_limit",
    "draw.ante": "each_player_antes_1",
    "draw.all_check": "proceed_to_draw",
    "draw.check_first_round": "allowed",
    "draw.check_raise": "allowed",
    "draw.max_draw": "5_split_4_then_1",
    "draw.raise_cap": "none",
    "draw.round2_first": "left_of_dealer",
    "draw.showdown_first": "last_bettor_or_first_to_act",
    "common.showdown_tie": "odd_chip_left_of_dealer",
    "common.wheel": "allowed",
}


def options_for(min_bet: int) -> dict[str, object]:
    """The option overrides for a hand with this minimum bet."""
    return {**POKERKIT_OPTIONS, "draw.bet_min": min_bet}


@lru_cache(maxsize=None)
def rulebook_for(min_bet: int) -> Rulebook:
    """The straight-draw rulebook with PokerKit's options (cached: rulebooks are frozen)."""
    return load_rulebook("straight_draw").with_options(options_for(min_bet))


def setup_for(script: DrawHandScript) -> HandSetup:
    """Seats ``P1`` .. ``Pn`` clockwise with the script's stacks; the dealer is the last seat."""
    names = script.names()
    return HandSetup(rulebook_for(script.min_bet), tuple(zip(names, script.stacks)), dealer=names[-1])


def _cards(texts: tuple[str, ...]) -> tuple[object, ...]:
    return tuple(parse_known_cards(list(texts))) if texts else ()


def _draw_parts(script: DrawHandScript) -> list[tuple[int, DrawStep]]:
    """Where each draw goes in the log: (step index, draw).  A five-card draw is logged as PokerKit
    cannot say it: four cards in turn, the fifth after every other player has drawn
    (``draw.max_draw = 5_split_4_then_1``, the only value that allows five)."""
    placed: list[tuple[int, DrawStep]] = []
    fifths: list[tuple[int, DrawStep]] = []
    last_draw = -1
    for k, step in enumerate(script.steps):
        if not isinstance(step, DrawStep):
            continue
        last_draw = k
        if len(step.discards) == 5:
            placed.append((k, DrawStep(step.player, step.discards[:4], step.received[:4])))
            fifths.append((k, DrawStep(step.player, step.discards[4:], step.received[4:])))
        else:
            placed.append((k, step))
    return placed + [(last_draw, d) for _, d in fifths]


def _log_order(script: DrawHandScript) -> list[Act | DrawStep | ShowStep]:
    """The steps in the order the scorekeeper logs them (five-card draws split, see above)."""
    parts = _draw_parts(script)
    by_step: dict[int, list[DrawStep]] = {}
    for k, d in parts:
        by_step.setdefault(k, []).append(d)
    out: list[Act | DrawStep | ShowStep] = []
    for k, step in enumerate(script.steps):
        out.extend(by_step.get(k, ()) if isinstance(step, DrawStep) else (step,))
    return out


def to_events(script: DrawHandScript) -> tuple[ev.Event, ...]:
    """The script as referee events: the deal, then every step in the order it is logged."""
    names = script.names()
    out: list[ev.Event] = [ev.Deal(names[p], _cards(hole)) for p, hole in enumerate(script.holes)]  # type: ignore[arg-type]
    for step in _log_order(script):
        who = names[step.player]
        if isinstance(step, Act):
            if step.kind == "fold":
                out.append(ev.Fold(who))
            elif step.kind == "check":
                out.append(ev.Check(who))
            elif step.kind == "call":
                out.append(ev.Call(who))
            elif step.kind == "all_in":
                out.append(ev.AllIn(who))
            elif step.kind == "bet":
                out.append(ev.Bet(who, step.to))
            else:
                out.append(ev.Raise(who, step.to, to=True))
        elif isinstance(step, DrawStep):
            out.append(ev.Draw(who, len(step.discards), _cards(step.discards), _cards(step.received)))  # type: ignore[arg-type]
        else:
            out.append(ev.Muck(who) if step.mucks else ev.Show(who, _cards(step.cards)))  # type: ignore[arg-type]
    return tuple(out)


def to_text(script: DrawHandScript) -> str:
    """The script as a hand file (one night of one hand), written by hand rather than by the
    canonical writer so that the reader is checked against an independent spelling."""
    names = script.names()
    lines = [f"# cross-check hand, seed {script.seed}", "rulebook: straight_draw"]
    lines += [f"option {name} = {value}" for name, value in options_for(script.min_bet).items()]
    lines.append("seats: " + ", ".join(f"{n} {s}" for n, s in zip(names, script.stacks)))
    lines += [f"dealer: {names[-1]}", "", "hand 1"]
    lines += [f"{names[p]}: dealt {' '.join(hole)}" for p, hole in enumerate(script.holes)]
    for step in _log_order(script):
        who = names[step.player]
        if isinstance(step, Act):
            word = {
                "fold": "folds", "check": "checks", "call": "calls", "all_in": "all in",
                "bet": f"bets {step.to}", "raise": f"raises to {step.to}",
            }[step.kind]
            lines.append(f"{who}: {word}")
        elif isinstance(step, DrawStep):
            if not step.discards:
                lines.append(f"{who}: stands pat")
            else:
                lines.append(
                    f"{who}: draws {len(step.discards)}, discards {' '.join(step.discards)}, "
                    f"gets {' '.join(step.received)}"
                )
        else:
            assert isinstance(step, ShowStep)
            lines.append(f"{who}: mucks" if step.mucks else f"{who}: shows {' '.join(step.cards)}")
    return "\n".join(lines) + "\n"


def final_stacks(script: DrawHandScript, replay: object) -> tuple[int, ...]:
    """Referee's final stacks in PokerKit's player order, from a ``HandReplay``."""
    stacks = replay.outcome.stacks  # type: ignore[attr-defined]
    return tuple(stacks[name] for name in script.names())


def replay_events(script: DrawHandScript) -> object:
    """Replay the script's events directly; the ``HandReplay``."""
    from referee.engine.replay import replay_hand

    return replay_hand(setup_for(script), to_events(script))
