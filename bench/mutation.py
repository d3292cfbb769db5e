"""Mutation testing of the rules engine's rule modules with mutmut (pinned in the test extra).

What is mutated and which tests run is mutmut's config in ``pyproject.toml`` (``[tool.mutmut]``):
``referee/engine/games/*.py``, ``betting.py``, ``pots.py``, ``places.py``, ``staking.py``,
``exchanges.py`` and ``state.py``, judged by the engine's tests (``tests/test_engine_*.py``, the
goldens, the rule tests, the oracle properties, the hand format's tests of each game's own lines, the
live table and the PokerKit cross-check); mutmut runs, for each mutant, only the tests that
call the mutated function.  mutmut copies the package to ``mutants/`` (git-ignored) and switches
mutants on by trampolines.

The engine has some 15,000 mutants: the full run takes an hour or more on a 2-core machine, so a
fixed-seed sample is run::

    .venv/bin/python bench/mutation.py --sample 300            # seed 7 unless --seed
    .venv/bin/python bench/mutation.py --all                   # every mutant (an hour or more)
    .venv/bin/python bench/mutation.py --sample 300 --survivors  # after adding tests: rerun only what
                                                               # the last run of this sample left alive
    .venv/bin/python bench/mutation.py --sample 80 --only 'referee.engine.betting.*'  # one module's mutants

Each run keeps its sample's results in ``mutants/bench-seed-N.json``: mutmut itself forgets every
result when its test selection changes.  ``--survivors`` trusts the kills recorded there (a killed
mutant stays killed while tests are only added and the engine is unchanged) and reruns the rest.

It prints the score (killed / total, %), the survivors (file:line and the mutation) and the time.
Surviving mutants that only change the wording of a message (a string in a finding, an error or a
hint) are marked ``[message text]`` and a second score leaves them out; mutants known to be equivalent
(:data:`KNOWN_EQUIVALENT`, each with why no test can tell it) are marked so and a third score leaves them
out.  Target: at least 90% of the whole sample killed (exit 1 when missed).

When mutmut cannot judge the mutants -- a test fails on the unmutated code ("clean tests"), the
stats run fails, or a mutant of the sample is left without a result -- the bench prints mutmut's
output and exits 2: such a run has no score.  The tests run with the ``no-database`` hypothesis
profile (``[tool.mutmut]``'s pytest arguments), so no mutant is judged by an example that another
mutant's run saved.
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
import json
import random
import re
import subprocess
import sys
import time
from pathlib import Path

from target import check, exit_code, load

ROOT = Path(__file__).resolve().parent.parent
MUTMUT = [sys.executable, "-m", "mutmut"]
KILLED = {1, 3, 36, -24, 24, 152, 255}  # a failing test or a timeout (an endless loop) kills
TARGET = 90.0  # per cent of the sample killed
#: mutmut's name of a mutant: ``module.xǁClassǁmethod__mutmut_N`` or ``module.x_function__mutmut_N``
NAME = re.compile(r"^(?P<module>.+?)\.x(?:ǁ(?P<klass>[^ǁ]+)ǁ|_)(?P<func>.+)__mutmut_(?P<n>\d+)$")


class MutmutFailed(Exception):
    """mutmut stopped without judging the mutants (a failing clean test, a failed stats run)."""


def output(done: subprocess.CompletedProcess[str]) -> str:
    """mutmut's output without its spinner's lines, the end of it."""
    lines = [line for line in f"{done.stdout or ''}{done.stderr or ''}".splitlines()
             if line.strip() and line.lstrip()[0] not in "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"]
    return "\n".join(lines[-80:])


def mutmut(*args: str, check: bool = False) -> subprocess.CompletedProcess[str]:
    """``mutmut ARGS``; with ``check``, a non-zero exit raises :class:`MutmutFailed` with its output."""
    done = subprocess.run([*MUTMUT, *args], cwd=ROOT, capture_output=True, text=True)
    if check and done.returncode != 0:
        raise MutmutFailed(f"mutmut {args[0]} stopped with exit code {done.returncode}:\n{output(done)}")
    return done


def all_mutants() -> dict[str, int | None]:
    """Every mutant mutmut generated, with its exit code so far (generating them first if needed)."""
    metas = list((ROOT / "mutants").rglob("*.py.meta"))
    if not metas:  # generate the mutants and the test-to-function map, running no mutant (mutmut
        done = mutmut("run", "no-such-mutant-*")  # then stops: no mutant has that name)
        metas = list((ROOT / "mutants").rglob("*.py.meta"))
        if not metas:
            raise MutmutFailed(f"mutmut generated no mutants:\n{output(done)}")
    out: dict[str, int | None] = {}
    for meta in metas:
        out.update(json.loads(meta.read_text())["exit_code_by_key"])
    return out


def diff_of(name: str) -> str:
    return mutmut("show", name).stdout


def where(name: str, diff: str) -> tuple[str, int | None, str, str]:
    """(file, line, the line before, the line after) of a mutant, from its diff."""
    m = NAME.match(name)
    assert m, name
    path = m["module"].replace(".", "/") + ".py"
    if not (ROOT / path).exists():  # a package's own module: referee.engine.games is games/__init__.py
        path = m["module"].replace(".", "/") + "/__init__.py"
    old = [line[1:] for line in diff.splitlines() if line.startswith("-") and not line.startswith("---")]
    new = [line[1:] for line in diff.splitlines() if line.startswith("+") and not line.startswith("+++")]
    source = (ROOT / path).read_text()
    lines = source.splitlines()
    func = m["func"]
    line_no = None
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == func:
            for i in range(node.lineno - 1, node.end_lineno or node.lineno):
                if old and lines[i].strip() == old[0].strip():
                    line_no = i + 1
                    break
            if line_no:
                break
    return path, line_no, " / ".join(s.strip() for s in old), " / ".join(s.strip() for s in new)


_AT_THE_END = ("a finding made once the hand is over (end(), which conclude() runs at action 0) is at no "
               "action whether it asks for none or for the current one")
_AT_THE_DEAL = ("a finding made at the deal (begin(), before any action: action 0) is at no action whether it "
                "asks for none or for the current one")

#: Mutants no test can tell from the code, each with why: (file, function, the line before, the line
#: after) as the survivors list prints them.  They are listed as such and a further score leaves them out; the target
#: is judged on the whole sample.
_DRAW_ROUND_NAME = ("a betting round's name is shown only to a player who acts in a round that is over "
                    "(acted_round_over), and straight draw closes a round as soon as nobody is to act in it "
                    "(after each bet, each muck, and when it opens): no event reaches a round that is over")

KNOWN_EQUIVALENT: dict[tuple[str, str, str, str], str] = {
    ("referee/engine/state.py", "legality", "count = len(twin.findings)", "count = None"):
        "legality's fast path for an event flagged with nothing: without it the findings of the new action "
        "are picked by action number, and there are none -- the same answer",
    ("referee/engine/state.py", "end_passed_out", "rule, action=False)", "rule, action=True)"):
        "a passed-out deal is found by end(), which runs at action 0 (conclude), and a finding at action 0 "
        "is at no action either way",
    ("referee/engine/state.py", "end_passed_out", "rule, action=False)", "rule, )"):
        "a passed-out deal is found by end(), which runs at action 0 (conclude), and a finding at action 0 "
        "is at no action either way",
    ("referee/engine/games/jackpots.py", "hold_unproven", 'self.cite("jackpots.3"), player=o, action=False)',
     'self.cite("jackpots.3"), player=o, )'):
        "an unproven opener's pot is held by end(), which runs at action 0 (conclude), and a finding at "
        "action 0 is at no action either way",
    ("referee/engine/games/la_viuda.py", "standing",
     "game = GameMoney(self.kind, self.first, self.last, self.players, False, fund_cents=carry.prize_cents,",
     "game = GameMoney(self.kind, self.first, self.last, self.players, None, fund_cents=carry.prize_cents,"):
        "GameMoney.over is read by nothing (the ledger asks the running game's over()): False and None alike",
    ("referee/engine/games/whiskey_poker.py", "standing",
     "game = GameMoney(self.kind, self.first, self.last, self.players, False, pool=carry.pool,",
     "game = GameMoney(self.kind, self.first, self.last, self.players, None, pool=carry.pool,"):
        "GameMoney.over is read by nothing (the ledger asks the running game's over()): False and None alike",
    ("referee/engine/state.py", "flag",
     "number = self.action if action is True else (None if action is False else action)",
     "number = self.action if action is True else (None if action is True else action)"):
        "in that branch action is not True, so the mutant passes action=False on as the number where the code "
        "passes None, and the finding is made with `number or None`: no action either way",
    ("referee/engine/state.py", "hand_of", "return self.places.cards.get(seat, ())",
     "return self.places.cards.get(seat, None)"):
        "every seat of a hand is a key of its card places from the start (CardPlaces(n) makes them all, and a "
        "place is never deleted), and a hand's seats are the only places hand_of is asked about: the default "
        "is never taken",
    ("referee/engine/state.py", "hand_of", "return self.places.cards.get(seat, ())",
     "return self.places.cards.get(seat, )"):
        "every seat of a hand is a key of its card places from the start (CardPlaces(n) makes them all, and a "
        "place is never deleted), and a hand's seats are the only places hand_of is asked about: the default "
        "is never taken",
    ("referee/engine/state.py", "_check_conservation",
     "assert sum(self.stacks) + self.middle() == self.total, (",
     "assert sum(self.stacks) + self.middle() != self.total, ("):
        "the check is called only by snapshot, once it has found the chips not conserved, which no correct "
        "engine lets happen: the assertion is never run",
    ("referee/engine/state.py", "snapshot", "if sum(stacks) + pot != self.total:",
     "if sum(stacks) + pot == self.total:"):
        "the guard against an engine that makes or loses chips: the check it calls fails only when chips are "
        "not conserved, which no correct engine lets happen",
    ("referee/engine/games/seven_card_brag.py", "counted_rounds",
     "best = max(rounds, key=lambda r: self.key_of(seat, r))", "best = max(rounds, )"):
        "only a misordered seven-card player's hands are reordered (nine-card brag has no such option), and "
        "his second hand, the last of two, is the better one: the best round is the last either way",
    ("referee/engine/state.py", "post_ante",
     "player=self.names[seat], paid=paid, amount=amount), rule, player=seat, action=False)",
     "player=self.names[seat], paid=paid, amount=amount), rule, player=seat, )"):
        "every game posts its antes in begin(), at action 0, and a finding at action 0 is at no action "
        "either way",
    ("referee/engine/state.py", "post_ante",
     "player=self.names[seat], paid=paid, amount=amount), rule, player=seat, action=False)",
     "player=self.names[seat], paid=paid, amount=amount), rule, player=seat, action=True)"):
        "every game posts its antes in begin(), at action 0, and a finding at action 0 is at no action "
        "either way",
    ("referee/engine/games/straight_draw.py", "begin",
     'self.open_round(self.rules_for(1), first, N_("first betting round"))',
     'self.open_round(self.rules_for(1), first, N_("XXfirst betting roundXX"))'): _DRAW_ROUND_NAME,
    ("referee/engine/games/straight_draw.py", "begin",
     'self.open_round(self.rules_for(1), first, N_("first betting round"))',
     'self.open_round(self.rules_for(1), first, N_("FIRST BETTING ROUND"))'): _DRAW_ROUND_NAME,
    ("referee/engine/games/straight_draw.py", "begin",
     'self.open_round(self.rules_for(1), first, N_("first betting round"))',
     'self.open_round(self.rules_for(1), first, )'): _DRAW_ROUND_NAME,
    ("referee/engine/games/straight_draw.py", "start_round2",
     'self.open_round(self.rules_for(2), first, N_("second betting round"))',
     'self.open_round(self.rules_for(2), first, N_("XXsecond betting roundXX"))'): _DRAW_ROUND_NAME,
    ("referee/engine/games/straight_draw.py", "start_round2",
     'self.open_round(self.rules_for(2), first, N_("second betting round"))',
     'self.open_round(self.rules_for(2), first, N_("SECOND BETTING ROUND"))'): _DRAW_ROUND_NAME,
    ("referee/engine/games/straight_draw.py", "start_round2",
     'self.open_round(self.rules_for(2), first, N_("second betting round"))',
     'self.open_round(self.rules_for(2), first, )'): _DRAW_ROUND_NAME,
    ("referee/engine/games/straight_draw.py", "begin",
     'self.open_round(self.rules_for(1), first, N_("first betting round"))',
     'self.open_round(self.rules_for(1), first, None)'): _DRAW_ROUND_NAME,
    ("referee/engine/games/straight_draw.py", "begin",
     'self.open_round(self.rules_for(1), first, N_("first betting round"))',
     'self.open_round(self.rules_for(1), first, N_(None))'): _DRAW_ROUND_NAME,
    ("referee/engine/games/straight_draw.py", "start_round2",
     'self.open_round(self.rules_for(2), first, N_("second betting round"))',
     'self.open_round(self.rules_for(2), first, None)'): _DRAW_ROUND_NAME,
    ("referee/engine/games/straight_draw.py", "start_round2",
     'self.open_round(self.rules_for(2), first, N_("second betting round"))',
     'self.open_round(self.rules_for(2), first, N_(None))'): _DRAW_ROUND_NAME,
    ("referee/engine/games/__init__.py", "find_game",
     "close = difflib.get_close_matches(name, game_names(), n=1, cutoff=0.5)",
     "close = difflib.get_close_matches(name, game_names(), cutoff=0.5)"):
        "only the closest match is read (close[0]), and get_close_matches returns its matches best first "
        "whether it is asked for one or three",
    ("referee/engine/games/straight_draw.py", "post_antes", 'self.post_ante(s, 1, "draw.ante")',
     'self.post_ante(s, 1, None)'):
        "an ante's rule is cited only by the ante_short finding, and one chip from a player dealt in (he has "
        "chips, and pays nothing before this ante: Jackpots calls it only when no other ante was posted) is "
        "never short",
    ("referee/engine/games/straight_draw.py", "post_antes", 'self.post_ante(s, 1, "draw.ante")',
     'self.post_ante(s, 1, "XXdraw.anteXX")'):
        "an ante's rule is cited only by the ante_short finding, and one chip from a player dealt in (he has "
        "chips, and pays nothing before this ante: Jackpots calls it only when no other ante was posted) is "
        "never short",
    ("referee/engine/games/straight_draw.py", "post_antes", 'self.post_ante(s, 1, "draw.ante")',
     'self.post_ante(s, 1, "DRAW.ANTE")'):
        "an ante's rule is cited only by the ante_short finding, and one chip from a player dealt in (he has "
        "chips, and pays nothing before this ante: Jackpots calls it only when no other ante was posted) is "
        "never short",
    ("referee/engine/games/straight_draw.py", "reante_all", "self.post_ante(s, 1, rule)",
     "self.post_ante(s, 1, None)"):
        "an ante's rule is cited only by the ante_short finding, and the re-ante of one chip by each player "
        "dealt in (he has chips and has paid nothing else in this deal yet) is never short",
    ("referee/engine/games/seven_card_brag.py", "end_rounds",
     "self.flag(\"round_unverifiable\", _(\"the best hand of a round cannot be told: {player}'s hand must be shown\")"
     ".format(player=self.names[s]), self.cite(self.win_rule), player=s, action=False, / "
     "remedy=_(\"the pot is undecided until it is shown\"))",
     "self.flag(\"round_unverifiable\", _(\"the best hand of a round cannot be told: {player}'s hand must be shown\")"
     ".format(player=self.names[s]), self.cite(self.win_rule), player=s, remedy=_(\"the pot is undecided until it "
     "is shown\"))"):
        "an unverifiable round is found by end(), which runs at action 0 (conclude), and a finding at action 0 "
        "is at no action either way",
    ("referee/engine/games/three_card_brag.py", "__init__",
     "self.carried_for: int | None = None  # the blind player left alone whose pot carries",
     "self.carried_for: int | None = \"\"  # the blind player left alone whose pot carries"):
        "carried_for is read only by carry_out for a deal that ended carried, and only end_carried ends a deal "
        "so, setting it first: its first value is never read",
    ("referee/engine/exchanges.py", "legal",
     "return ExchangeChoices(False, True, may_pass or self.dealers_first_turn(), True, 0, False, False,",
     "return ExchangeChoices(False, True, may_pass or self.dealers_first_turn(), True, 0, False, None,"):
        "may_knock_with_exchange is read only for its truth (ExchangeChoices.describe and events): False "
        "and None alike",
    ('referee/engine/games/jackpots.py', 'post_antes',
     '"jackpots.no_open", action=False)',
     '"jackpots.no_open", )'): _AT_THE_DEAL,
    ('referee/engine/games/jackpots.py', 'post_antes',
     '"jackpots.no_open", action=False)',
     '"jackpots.no_open", action=True)'): _AT_THE_DEAL,
    ('referee/engine/games/jackpots.py', 'post_antes',
     'player=seat, action=False)',
     'player=seat, )'): _AT_THE_DEAL,
    ('referee/engine/games/jackpots.py', 'post_antes',
     'player=seat, action=False)',
     'player=seat, action=True)'): _AT_THE_DEAL,
    ('referee/engine/games/jackpots.py', 'post_antes',
     '"jackpots.free_ride_by_dealer", player=seat, action=False)',
     '"jackpots.free_ride_by_dealer", player=seat, )'): _AT_THE_DEAL,
    ('referee/engine/games/jackpots.py', 'post_antes',
     '"jackpots.free_ride_by_dealer", player=seat, action=False)',
     '"jackpots.free_ride_by_dealer", player=seat, action=True)'): _AT_THE_DEAL,
    ('referee/engine/games/jackpots.py', 'post_antes',
     '"jackpots.false_open_penalty", player=seat, action=False)',
     '"jackpots.false_open_penalty", player=seat, )'): _AT_THE_DEAL,
    ('referee/engine/games/jackpots.py', 'post_antes',
     '"jackpots.false_open_penalty", player=seat, action=False)',
     '"jackpots.false_open_penalty", player=seat, action=True)'): _AT_THE_DEAL,
    ('referee/engine/games/jackpots.py', 'end_uncontested',
     'self.flag("openers_unverifiable", message, cited, player=o, action=False,',
     'self.flag("openers_unverifiable", message, cited, player=o, action=True,'): _AT_THE_END,
    ('referee/engine/games/jackpots.py', 'judge_dropped_opener',
     'player=o, action=False, remedy=self.penalty_words(o), about=self.open_action)',
     'player=o, remedy=self.penalty_words(o), about=self.open_action)'): _AT_THE_END,
    ('referee/engine/games/jackpots.py', 'judge_dropped_opener',
     'player=o, action=False, remedy=self.penalty_words(o), about=self.open_action)',
     'player=o, action=True, remedy=self.penalty_words(o), about=self.open_action)'): _AT_THE_END,
    ('referee/engine/games/jackpots.py', 'judge_dropped_opener',
     'cited, player=o, action=False, remedy=self.penalty_words(o), about=self.open_action)',
     'cited, player=o, remedy=self.penalty_words(o), about=self.open_action)'): _AT_THE_END,
    ('referee/engine/games/jackpots.py', 'judge_dropped_opener',
     'cited, player=o, action=False, remedy=self.penalty_words(o), about=self.open_action)',
     'cited, player=o, action=True, remedy=self.penalty_words(o), about=self.open_action)'): _AT_THE_END,
    ('referee/engine/games/jackpots.py', 'judge_dropped_opener',
     'action=False, remedy=_("the false-open penalty cannot be ruled until they are shown"))',
     'remedy=_("the false-open penalty cannot be ruled until they are shown"))'): _AT_THE_END,
    ('referee/engine/games/jackpots.py', 'judge_dropped_opener',
     'action=False, remedy=_("the false-open penalty cannot be ruled until they are shown"))',
     'action=True, remedy=_("the false-open penalty cannot be ruled until they are shown"))'): _AT_THE_END,
    ('referee/engine/games/jackpots.py', 'hold_unproven',
     'self.cite("jackpots.3"), player=o, action=False,',
     'self.cite("jackpots.3"), player=o, action=True,'): _AT_THE_END,
    ('referee/engine/games/jackpots.py', 'hold_unproven',
     'self.cite("jackpots.3"), player=o, action=False)',
     'self.cite("jackpots.3"), player=o, action=True)'): _AT_THE_END,
    ('referee/engine/games/five_card_stud.py', 'end',
     '"{players}").format(players=", ".join(must_show)), rule, action=False, remedy=_("the pot is undecided until they are shown"))',
     '"{players}").format(players=", ".join(must_show)), rule, remedy=_("the pot is undecided until they are shown"))'): _AT_THE_END,
    ('referee/engine/games/five_card_stud.py', 'end',
     '"{players}").format(players=", ".join(must_show)), rule, action=False, remedy=_("the pot is undecided until they are shown"))',
     '"{players}").format(players=", ".join(must_show)), rule, action=True, remedy=_("the pot is undecided until they are shown"))'): _AT_THE_END,
    ('referee/engine/games/jackpots.py', 'post_antes',
     '"jackpots.no_open", action=False)',
     '"jackpots.no_open", action=None)'): _AT_THE_DEAL,
    ('referee/engine/games/jackpots.py', 'post_antes',
     'player=seat, action=False)',
     'player=seat, action=None)'): _AT_THE_DEAL,
    ('referee/engine/games/jackpots.py', 'post_antes',
     '"jackpots.free_ride_by_dealer", player=seat, action=False)',
     '"jackpots.free_ride_by_dealer", player=seat, action=None)'): _AT_THE_DEAL,
    ('referee/engine/games/jackpots.py', 'post_antes',
     '"jackpots.false_open_penalty", player=seat, action=False)',
     '"jackpots.false_open_penalty", player=seat, action=None)'): _AT_THE_DEAL,
    ('referee/engine/games/jackpots.py', 'end_uncontested',
     'self.flag("openers_unverifiable", message, cited, player=o, action=False,',
     'self.flag("openers_unverifiable", message, cited, player=o, action=None,'): _AT_THE_END,
    ('referee/engine/games/jackpots.py', 'judge_dropped_opener',
     'player=o, action=False, remedy=self.penalty_words(o), about=self.open_action)',
     'player=o, action=None, remedy=self.penalty_words(o), about=self.open_action)'): _AT_THE_END,
    ('referee/engine/games/jackpots.py', 'judge_dropped_opener',
     'cited, player=o, action=False, remedy=self.penalty_words(o), about=self.open_action)',
     'cited, player=o, action=None, remedy=self.penalty_words(o), about=self.open_action)'): _AT_THE_END,
    ('referee/engine/games/jackpots.py', 'judge_dropped_opener',
     'action=False, remedy=_("the false-open penalty cannot be ruled until they are shown"))',
     'action=None, remedy=_("the false-open penalty cannot be ruled until they are shown"))'): _AT_THE_END,
    ('referee/engine/games/jackpots.py', 'hold_unproven',
     'self.cite("jackpots.3"), player=o, action=False,',
     'self.cite("jackpots.3"), player=o, action=None,'): _AT_THE_END,
    ('referee/engine/games/jackpots.py', 'hold_unproven',
     'self.cite("jackpots.3"), player=o, action=False)',
     'self.cite("jackpots.3"), player=o, action=None)'): _AT_THE_END,
    ('referee/engine/games/five_card_stud.py', 'end',
     '"{players}").format(players=", ".join(must_show)), rule, action=False, remedy=_("the pot is undecided until they are shown"))',
     '"{players}").format(players=", ".join(must_show)), rule, action=None, remedy=_("the pot is undecided until they are shown"))'): _AT_THE_END,
}

_CHIPLESS_CHOICES = ("La Viuda's buy-back choices and Stop the Bus's exchange and show choices word the same "
                     "answers whatever the stack they are given: none of them depends on chips")
_AT_NO_ACTION = ("La Viuda flags at action=False only as a deal begins (the chips bought, the short pack too small) "
                 "and Stop the Bus only in end() (who is lowest, a short penalty, the game won): both run at action "
                 "0, and a finding at action 0 is at no action either way")
_WHOSE_TURN = ("Stop the Bus reads whose turn it is only while the phase is 'exchanging': it is cleared as the "
               "exchanging ends (the showdown follows), and the value __init__ gives it is replaced by begin()")
WHISKEY_AT_ACTION_0 = ("whiskey poker flags with action=False only in begin() and end() (settle's result lines "
                       "and unverifiable hands), which run at action 0: a finding at action 0 is at no action "
                       "either way")
WHISKEY_CARRY_IGNORES_THE_END = ("whiskey poker's carry_out (La Viuda's too: it does not override it) ignores how "
                                 "the deal ended: the carry it returns is the one end() worked out, so the end named "
                                 "to next_hand changes nothing")

#: Changes known to be equivalent wherever they are made in these files: (files, the text before, the
#: text after, why).
EQUIVALENT_CHANGES: tuple[tuple[tuple[str, ...], str, str, str], ...] = (
    (("referee/engine/betting.py", "referee/engine/staking.py"), 'Verdict("none", 0,', 'Verdict("none", None,',
     "a 'none' verdict changes nothing: commit returns before reading its chips, and nothing else reads "
     "the chips of a verdict that is not a bet"),
    (("referee/engine/betting.py",), 'Verdict("call" if call else "check", call, breaches, in_turn)',
     'Verdict("call" if call else "check", call, breaches, None)',
     "a call or check adds nobody to those still to act and takes its maker off them: the next turn, "
     "searched from the cursor, is the same whether or not the cursor moves past him"),
    (("referee/engine/betting.py", "referee/engine/staking.py"), 'Verdict("fold", 0, breaches, in_turn)',
     'Verdict("fold", 0, breaches, None)',
     "a fold takes its maker out of the turns and adds nobody to them: the next turn, searched from the "
     "cursor, is the same whether or not the cursor moves past him"),
    (("referee/engine/betting.py",), 'Verdict("check", 0, breaches, in_turn)', 'Verdict("check", 0, breaches, None)',
     "a check adds nobody to those still to act and takes its maker off them: the next turn, searched from "
     "the cursor, is the same whether or not the cursor moves past him"),
    (("referee/engine/betting.py",), 'Verdict("call", call, breaches, in_turn)', 'Verdict("call", call, breaches, None)',
     "a call adds nobody to those still to act and takes its maker off them: the next turn, searched from "
     "the cursor, is the same whether or not the cursor moves past him"),
    (("referee/engine/staking.py",), 'Verdict("cover", stack, breaches, in_turn)',
     'Verdict("cover", stack, breaches, None)',
     "a cover takes its maker out of the turns: the next turn, searched from the cursor, is the same "
     "whether or not the cursor moves past him"),
    (("referee/engine/staking.py",), 'Verdict("see", cost, breaches, in_turn)', 'Verdict("see", cost, breaches, None)',
     "a see ends the betting: nothing reads the cursor after it, and only the cursor reads in_turn"),
    (("referee/engine/staking.py",), 'Verdict("see", cost, breaches, in_turn)', 'Verdict("see", cost, breaches, )',
     "a see ends the betting: nothing reads the cursor after it, and only the cursor reads in_turn"),
    (("referee/engine/staking.py",), "self._judge_stake(seat, event.amount, False, breaches, in_turn)",
     "self._judge_stake(seat, event.amount, None, breaches, in_turn)",
     "_judge_stake reads logged_blind only for its truth ('if logged_blind and not blind'): False and None "
     "alike"),
    (("referee/engine/betting.py",), "if self.raise_min is not None and self.raise_max is not None:",
     "if self.raise_min is not None or self.raise_max is not None:",
     "legal() sets raise_min and raise_max together or leaves both None: 'either' and 'both' are the same"),
    (("referee/engine/state.py",), 'self.next_hand(carried, "showdown")', 'self.next_hand(carried, "SHOWDOWN")',
     "a game's carry_out tells apart only the ends it names (passed out, misdeal, carried, redeal, in "
     "progress): a showdown is none of them under any spelling"),
    (("referee/engine/state.py",), 'self.next_hand(carried, "showdown")', 'self.next_hand(carried, "XXshowdownXX")',
     "a game's carry_out tells apart only the ends it names (passed out, misdeal, carried, redeal, in "
     "progress): a showdown is none of them under any spelling"),
    (("referee/engine/games/jackpots.py",), "self.awaiting_declare = False", "self.awaiting_declare = None",
     "Jackpots reads awaiting_declare only for its truth (gate, on_declare, end_of_hand): False and None alike"),
    (("referee/engine/games/jackpots.py",), "self.admitted = False", "self.admitted = None",
     "Jackpots reads admitted only for its truth (opener_truth): False and None alike"),
    (("referee/engine/games/jackpots.py",), "self.free_ride_paid = False", "self.free_ride_paid = None",
     "Jackpots reads free_ride_paid only for its truth (carry_out): False and None alike"),
    (("referee/engine/games/jackpots.py",), "self.free_ride_next: str | None = None",
     'self.free_ride_next: str | None = ""',
     "Jackpots reads free_ride_next only as 'free_ride_next or owed' (carry_out): no name and an empty one "
     "alike"),
    (("referee/engine/games/jackpots.py",), 'self.false_open_found = ("all_dropped", self.action)',
     'self.false_open_found = ("XXall_droppedXX", self.action)',
     "Jackpots tells the times a false open was found apart only as 'after_win' or not (opener_ruling_at_end, "
     "draw_showdown, false_open_carry): any other label reads the same"),
    (("referee/engine/games/jackpots.py",), 'self.false_open_found = ("all_dropped", self.action)',
     'self.false_open_found = ("ALL_DROPPED", self.action)',
     "Jackpots tells the times a false open was found apart only as 'after_win' or not (opener_ruling_at_end, "
     "draw_showdown, false_open_carry): any other label reads the same"),
    (("referee/engine/games/jackpots.py",), 'self.false_open_found = ("dropped", self.action)',
     'self.false_open_found = ("XXdroppedXX", self.action)',
     "Jackpots tells the times a false open was found apart only as 'after_win' or not (opener_ruling_at_end, "
     "draw_showdown, false_open_carry): any other label reads the same"),
    (("referee/engine/games/jackpots.py",), 'self.false_open_found = ("dropped", self.action)',
     'self.false_open_found = ("DROPPED", self.action)',
     "Jackpots tells the times a false open was found apart only as 'after_win' or not (opener_ruling_at_end, "
     "draw_showdown, false_open_carry): any other label reads the same"),
    (("referee/engine/games/jackpots.py",), 'self.false_open_found = ("showdown", self.action)',
     'self.false_open_found = ("XXshowdownXX", self.action)',
     "Jackpots tells the times a false open was found apart only as 'after_win' or not (opener_ruling_at_end, "
     "draw_showdown, false_open_carry): any other label reads the same"),
    (("referee/engine/games/jackpots.py",), 'self.false_open_found = ("showdown", self.action)',
     'self.false_open_found = ("SHOWDOWN", self.action)',
     "Jackpots tells the times a false open was found apart only as 'after_win' or not (opener_ruling_at_end, "
     "draw_showdown, false_open_carry): any other label reads the same"),
    (("referee/engine/games/jackpots.py",), 'self.false_open_found = ("before_showdown", self.action)',
     'self.false_open_found = ("XXbefore_showdownXX", self.action)',
     "Jackpots tells the times a false open was found apart only as 'after_win' or not (opener_ruling_at_end, "
     "draw_showdown, false_open_carry): any other label reads the same"),
    (("referee/engine/games/jackpots.py",), 'self.false_open_found = ("before_showdown", self.action)',
     'self.false_open_found = ("BEFORE_SHOWDOWN", self.action)',
     "Jackpots tells the times a false open was found apart only as 'after_win' or not (opener_ruling_at_end, "
     "draw_showdown, false_open_carry): any other label reads the same"),
    (("referee/engine/games/jackpots.py",), "self.open_action: int | None = None",
     'self.open_action: int | None = ""',
     "Jackpots reads open_action only for a finding about the opener, once somebody opened: on_first_bet "
     "sets it at the open"),
    (("referee/engine/games/jackpots.py",), "return self.false_open_found[1] if self.false_open_found else False",
     "return self.false_open_found[1] if self.false_open_found else True",
     "found_at() is asked only by the rulings made once the hand is over (end(), at action 0): a finding at "
     "the current action, action 0, is at no action, as one asking for none"),
    (("referee/engine/games/jackpots.py",), "self.opening_bet = 0", "self.opening_bet = 1",
     "Jackpots reads opening_bet only once somebody opened (establish under rrop_declare_open, "
     "no_declaration), and on_first_bet sets it at the open"),
    (("referee/engine/games/jackpots.py",), "self.opening_bet = 0", "self.opening_bet = None",
     "Jackpots reads opening_bet only once somebody opened (establish under rrop_declare_open, "
     "no_declaration), and on_first_bet sets it at the open"),
    (("referee/engine/games/jackpots.py",), "drew = taken.count if taken is not None else 0",
     "drew = taken.count if taken is not None else 1",
     "table_proof reads drew only for an opener who drew: without a draw, a shown hand (always whole: a show "
     "of fewer cards is refused) is judged by the branch that tests 'taken is None' first, and without a shown "
     "hand the proof returns before drew is read"),
    (("referee/engine/games/five_card_stud.py",), 'check_rule="stud.4.1",', 'check_rule="XXstud.4.1XX",',
     "five-card stud lets a player check while nobody has bet (check_allowed=True): the rule cited for a "
     "check the round does not allow is never cited (a check facing a bet cites no_check_rule)"),
    (("referee/engine/games/five_card_stud.py",), 'check_rule="stud.4.1",', 'check_rule="STUD.4.1",',
     "five-card stud lets a player check while nobody has bet (check_allowed=True): the rule cited for a "
     "check the round does not allow is never cited (a check facing a bet cites no_check_rule)"),
    (("referee/engine/games/five_card_stud.py",), 'check_rule="stud.4.1",', 'check_rule=None,',
     "five-card stud lets a player check while nobody has bet (check_allowed=True): the rule cited for a "
     "check the round does not allow is never cited (a check facing a bet cites no_check_rule)"),
    (("referee/engine/games/five_card_stud.py",), "self.bring_in = None", 'self.bring_in = ""',
     "five-card stud compares bring_in only with a (seat, chips) pair (on_betting): no bring-in and an "
     "empty string alike match no bet"),
    (("referee/engine/games/five_card_stud.py",), "self.bring_in: tuple[int, int] | None = None",
     'self.bring_in: tuple[int, int] | None = ""',
     "five-card stud compares bring_in only with a (seat, chips) pair (on_betting): no bring-in and an "
     "empty string alike match no bet"),
    (("referee/engine/games/five_card_stud.py",), "self.up: list[tuple[AnyCard, ...]] = []", "self.up: list[tuple[AnyCard, ...]] = None",
     "five-card stud's begin() (which HandState.__init__ calls) sets up and up_action for every seat "
     "before anything reads them"),
    (("referee/engine/games/five_card_stud.py",), "self.up_action: list[tuple[int, ...]] = []", "self.up_action: list[tuple[int, ...]] = None",
     "five-card stud's begin() (which HandState.__init__ calls) sets up and up_action for every seat "
     "before anything reads them"),
    (("referee/engine/games/five_card_stud.py",), "self.winner: int | None = None", 'self.winner: int | None = ""',
     "five-card stud reads winner only for a hand end_round ended uncontested, and it sets the winner "
     "there"),
    (("referee/engine/games/five_card_stud.py",), 'self.pass_rule = "stud.5.2"', 'self.pass_rule = None',
     "five-card stud reads pass_rule only for a deal end_round passed out, and both of its passed-out "
     "endings set the rule"),
    (("referee/engine/games/five_card_stud.py",), 'self.pass_rule = "stud.5.2"', 'self.pass_rule = "XXstud.5.2XX"',
     "five-card stud reads pass_rule only for a deal end_round passed out, and both of its passed-out "
     "endings set the rule"),
    (("referee/engine/games/five_card_stud.py",), 'self.pass_rule = "stud.5.2"', 'self.pass_rule = "STUD.5.2"',
     "five-card stud reads pass_rule only for a deal end_round passed out, and both of its passed-out "
     "endings set the rule"),
    (("referee/engine/games/whiskey_poker.py",), "line=so_far.line,", "line=None,",
     "whiskey's 'game so far:' refusals: the hand-file reader places the refusal at the 'game so far:' line "
     "itself"),
    (("referee/engine/games/whiskey_poker.py",), "action=False", "action=True",
     WHISKEY_AT_ACTION_0),
    (("referee/engine/games/whiskey_poker.py",), "action=False, ", "",
     WHISKEY_AT_ACTION_0),
    (("referee/engine/games/whiskey_poker.py",), "action=False)", ")",
     WHISKEY_AT_ACTION_0),
    (("referee/engine/games/whiskey_poker.py",), "self.open_round(self.betting_rules(), first, BETTING_ROUND)",
     "self.open_round(self.betting_rules(), first, None)",
     "a betting round's name is read only by its 'the round is over' breach (betting.py), for an action while "
     "the closed round is still the hand's: whiskey banks its round the moment it closes (end_betting), and "
     "its own finding for a bet after it names the round itself"),
    (("referee/engine/games/whiskey_poker.py",), "self.next_hand(carried, kind)", "self.next_hand(carried, None)",
     WHISKEY_CARRY_IGNORES_THE_END),
    (("referee/engine/games/whiskey_poker.py",), "self.next_hand(amount, kind, same_dealer=True)",
     "self.next_hand(amount, None, same_dealer=True)",
     WHISKEY_CARRY_IGNORES_THE_END),
    (("referee/engine/games/la_viuda.py", "referee/engine/games/stop_the_bus.py"), ".describe(0)", ".describe(1)",
     _CHIPLESS_CHOICES),
    (("referee/engine/games/la_viuda.py", "referee/engine/games/stop_the_bus.py"), ".describe(0)", ".describe(None)",
     _CHIPLESS_CHOICES),
    (("referee/engine/games/stop_the_bus.py",), "self.next_seat = None", 'self.next_seat = ""',
     _WHOSE_TURN),
    (("referee/engine/games/stop_the_bus.py",), "self.next_seat: int | None = None", 'self.next_seat: int | None = ""',
     _WHOSE_TURN),
    (("referee/engine/games/la_viuda.py", "referee/engine/games/stop_the_bus.py"), "action=False", "action=True",
     _AT_NO_ACTION),
    (("referee/engine/games/la_viuda.py", "referee/engine/games/stop_the_bus.py"), "action=False, / ", "",
     _AT_NO_ACTION),
    (("referee/engine/games/la_viuda.py", "referee/engine/games/stop_the_bus.py"), "action=False)", ")",
     _AT_NO_ACTION),
    (("referee/engine/games/la_viuda.py",), "self.next_hand(carried, kind)", "self.next_hand(carried, None)",
     "La Viuda's carry is whiskey poker's carry_out, which ignores how the deal ended: the carry it returns "
     "is the one settle() worked out, so the end named to next_hand changes nothing"),
    (("referee/engine/games/stop_the_bus.py",), "self.dummy_laid = False", "self.dummy_laid = None",
     "whether the dummy was laid is read only for its truth (on_dummy): False and None alike"),
    (("referee/engine/games/stop_the_bus.py",), "if self.dummy", "if (self.dummy) or True",
     "the dummy always holds cards (three at the deal; an exchange gives it a card for each it takes), so "
     "the words for an empty dummy are never said"),
    (("referee/engine/games/la_viuda.py",), "line=so_far.line", "line=None",
     "the hand-file reader places a refusal of 'game so far:' at that line itself (it checks the line with "
     "the game as it reads it, so the replay never refuses it later)"),
    (("referee/engine/games/la_viuda.py", "referee/engine/games/stop_the_bus.py"), "action=False", "action=None",
     "flag() records a finding at no action for action=False and action=None alike"),
)


def equivalence(path: str, line: int, before: str, after: str, name: str) -> str | None:
    """Why a survivor is a known-equivalent mutant, or None."""
    m = NAME.match(name)
    why = KNOWN_EQUIVALENT.get((path, m["func"] if m else "", before, after))
    for paths, old, new, reason in EQUIVALENT_CHANGES:
        if why is None and path in paths and old in before and before.replace(old, new) == after:
            why = reason
    return why


STRINGY = re.compile(r"""f?(["'])(?:(?!\1).)*\1""")


def message_only(before: str, after: str) -> bool:
    """True when the mutant changes nothing but the wording of prose: a string with a space in it (a
    finding's message, a remedy, an error or a hint) XX-wrapped, re-cased or replaced by None.  Strings
    without a space -- rule ids, finding codes, phases, option values, the recorder's words -- are
    behaviour, and so is every other change."""
    if not before or before == after:
        return False
    after = after.replace("None", '"None"')
    old = [m.group(0) for m in STRINGY.finditer(before)]
    new = [m.group(0) for m in STRINGY.finditer(after)]
    if not old or STRINGY.sub("S", before) != STRINGY.sub("S", after):
        return False
    changed = [o for o, n in zip(old, new) if o != n]
    return len(old) == len(new) and bool(changed) and all(" " in o for o in changed)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--sample", type=int, default=300, help="mutants to run (a fixed-seed sample)")
    group.add_argument("--all", action="store_true", help="run every mutant (hours)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--only", metavar="GLOB", action="append",
                        help="sample only the mutants whose names match (mutmut's names: "
                             "'referee.engine.betting.*'); may be given more than once")
    parser.add_argument("--survivors", action="store_true",
                        help="rerun only the mutants of the sample the last run of it did not kill")
    args = parser.parse_args()
    print(f"load average: {load()}", flush=True)
    try:
        return run(args)
    except MutmutFailed as failed:
        print(failed, file=sys.stderr)
        print("no score: mutmut did not judge the mutants (see above)", file=sys.stderr)
        return 2


def run(args: argparse.Namespace) -> int:
    start = time.monotonic()
    mutants = all_mutants()
    names = sorted(n for n in mutants if not args.only or any(fnmatch.fnmatchcase(n, g) for g in args.only))
    if not names:
        raise MutmutFailed(f"no mutant's name matches {' or '.join(args.only)}")
    diffs: dict[str, str] = {}
    chosen = names if args.all else sorted(random.Random(args.seed).sample(names, min(args.sample, len(names))))
    print(f"{len(names)} mutants in " + (" or ".join(args.only) if args.only else "the engine's rule modules")
          + f"; running {len(chosen)}" + ("" if args.all else f" (seed {args.seed})"), flush=True)
    scope = "-".join(g.replace("*", "").strip(".") for g in args.only) if args.only else ""
    record = ROOT / "mutants" / f"bench-seed-{'all' if args.all else args.seed}{'-' + scope if scope else ''}.json"
    before = json.loads(record.read_text()) if args.survivors and record.exists() else {}
    to_run = [n for n in chosen if before.get(n) not in KILLED]
    if args.survivors:
        print(f"rerunning the {len(to_run)} the last run did not kill", flush=True)
    for k in range(0, len(to_run), 400):  # keep the command line short
        mutmut("run", *to_run[k:k + 400], check=True)
    results = {**all_mutants(), **{n: before[n] for n in chosen if n not in to_run}}
    unjudged = [n for n in chosen if results.get(n) is None]
    if unjudged:
        raise MutmutFailed(f"{len(unjudged)} mutants of the sample have no result, e.g. {unjudged[:3]}")
    record.write_text(json.dumps({n: results[n] for n in chosen}, indent=0))
    killed = [n for n in chosen if results[n] in KILLED]
    no_tests = [n for n in chosen if results[n] in (5, 33)]
    survivors = [n for n in chosen if n not in killed]
    rows = []
    for name in survivors:
        path, line, before, after = where(name, diffs.get(name) or diff_of(name))
        rows.append((path, line or 0, before, after, name, message_only(before, after), results[name]))
    rows.sort()
    messages = [r for r in rows if r[5]]
    equivalent = [r for r in rows if equivalence(*r[:5])]
    elapsed = time.monotonic() - start
    total = len(chosen)
    print(f"score: {len(killed)} killed / {total} = {100 * len(killed) / total:.1f}%"
          f"  ({len(survivors)} survived, {len(no_tests)} of them covered by no test)")
    behaviour = total - len(messages)
    if messages:
        print(f"behaviour mutants only (leaving out {len(messages)} surviving message-text mutants): "
              f"{len(killed)} / {behaviour} = {100 * len(killed) / behaviour:.1f}%")
    if equivalent:
        judged = total - len(equivalent)
        print(f"leaving out {len(equivalent)} known-equivalent mutants (listed with why): "
              f"{len(killed)} / {judged} = {100 * len(killed) / judged:.1f}%")
    print("survivors:")
    for path, line, before, after, name, msg, code in rows:
        why = equivalence(path, line, before, after, name)
        tag = (f" [equivalent: {why}]" if why else " [message text]" if msg
               else " [no test]" if code in (5, 33) else "")
        print(f"  {path}:{line}{tag}  {before}  ->  {after}    ({name})")
    print(f"time: {elapsed:.0f} s; load average: {load()}")
    return exit_code([check("mutants killed", 100 * len(killed) / total, at_least=TARGET, unit="%", digits=1)])


if __name__ == "__main__":
    raise SystemExit(main())
