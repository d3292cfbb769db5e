"""Mutation testing of the rules engine's rule modules with mutmut (pinned in the test extra).

What is mutated and which tests run is mutmut's config in ``pyproject.toml`` (``[tool.mutmut]``):
``referee/engine/games/*.py``, ``betting.py``, ``pots.py``, ``places.py``, ``staking.py``,
``exchanges.py`` and ``state.py``, judged by the engine's tests (``tests/test_engine_*.py``, the
goldens, the rule tests, the oracle properties, the hand format's tests of each game's own lines, the
live table and the PokerKit cross-check); mutmut runs, for each mutant, only the tests that
call the mutated function.  mutmut copies the package to ``mutants/`` (git-ignored) and switches
mutants on by trampolines.

The engine has some 11,000 mutants: at about one a second on a 2-core machine the full run takes
hours, so a fixed-seed sample is run::

    .venv/bin/python bench/mutation.py --sample 300            # seed 7 unless --seed
    .venv/bin/python bench/mutation.py --all                   # every mutant (hours)
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


#: Mutants no test can tell from the code, each with why: (file, function, the line before, the line
#: after) as the survivors list prints them.  They are listed as such and a further score leaves them out; the target
#: is judged on the whole sample.
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
    ("referee/engine/state.py", "snapshot", "if sum(stacks) + pot != self.total:",
     "if sum(stacks) + pot == self.total:"):
        "the guard against an engine that makes or loses chips: the check it calls fails only when chips are "
        "not conserved, which no correct engine lets happen",
    ("referee/engine/games/seven_card_brag.py", "counted_rounds",
     "best = max(rounds, key=lambda r: self.key_of(seat, r))", "best = max(rounds, )"):
        "only a misordered seven-card player's hands are reordered (nine-card brag has no such option), and "
        "his second hand, the last of two, is the better one: the best round is the last either way",
    ("referee/engine/games/whiskey_poker.py", "carry_so_far",
     '"under whiskey.scoring = lowest_pays_1_to_pool_elimination", line=so_far.line,',
     '"under whiskey.scoring = lowest_pays_1_to_pool_elimination", line=None,'):
        "the hand-file reader places the refusal at the 'game so far:' line itself",
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
    ("referee/engine/games/__init__.py", "find_game",
     "close = difflib.get_close_matches(name, game_names(), n=1, cutoff=0.5)",
     "close = difflib.get_close_matches(name, game_names(), cutoff=0.5)"):
        "only the closest match is read (close[0]), and get_close_matches returns its matches best first "
        "whether it is asked for one or three",
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
}

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
    (("referee/engine/state.py",), 'self.next_hand(carried, "showdown")', 'self.next_hand(carried, "SHOWDOWN")',
     "a game's carry_out tells apart only the ends it names (passed out, misdeal, carried, redeal, in "
     "progress): a showdown is none of them under any spelling"),
    (("referee/engine/state.py",), 'self.next_hand(carried, "showdown")', 'self.next_hand(carried, "XXshowdownXX")',
     "a game's carry_out tells apart only the ends it names (passed out, misdeal, carried, redeal, in "
     "progress): a showdown is none of them under any spelling"),
    (("referee/engine/games/jackpots.py",), 'if self.phase == "uncontested" or not others:',
     'if self.phase == "XXuncontestedXX" or not others:',
     "an uncontested hand has one player in it: the opener (the branch before took the case of his having "
     "dropped), so nobody else is in the hand and 'not others' holds either way"),
    (("referee/engine/games/jackpots.py",), 'if self.phase == "uncontested" or not others:',
     'if self.phase == "UNCONTESTED" or not others:',
     "an uncontested hand has one player in it: the opener (the branch before took the case of his having "
     "dropped), so nobody else is in the hand and 'not others' holds either way"),
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
