"""A night's life as a hypothesis state machine: every step a host can take, in any order, against a
real store, with what must hold after each.

The machine (:class:`NightMachine`) plays one night of one game from ``session new`` to its settlement
and beyond: hands begun and played (legal lines from :mod:`scorekeeper`, illegal ones, a short stack
played to a bust), chips added, players sitting down and standing up, disputes, closes with the log's
counts and with wrong ones (confirmed or not, by a player or by nobody), reopen, amendments (void,
count, rebuy), a void night, money settings, payments (by their number in the list last printed and
by what they are; too much, between a pair who owe nothing) and the night's export imported back
(text and JSON, as exported or edited, ``--as-new``).  Each writing step is now and then run a
second time, as a host runs a command again when its reply was lost.

Each step is a command with its arguments; a :class:`Runner` runs it, in this process
(:class:`InProcess`: the owners of a night's facts called as the commands call them) or as the real
``referee`` program (:class:`Subprocess`).  What the store holds is read directly, row for row.

What must hold (``check_*``; :class:`NightMachine` runs them after every step):

* a refused step changed no row, and neither did a step run again (it is recognised, not stored twice);
* the night is never wedged: while it is open its table can be opened, a hand in play can be played
  on or ended, and a refused ``new hand`` names the step that lets the night go on, which is then taken;
* money sums to zero, night by night;
* every payment is counted once: the log's payments are exactly those the host made;
* once every transfer is paid, everybody is square;
* an export imports as the same night (recognised, nothing written) and replays identically;
* the standings equal the nights replayed afresh.

Behaviour the store does not have yet is named in :data:`NOT_YET`: while a name is there, the
machine does not take the step that shows it (the random runs stay green) and a scripted test of
that step is an expected failure (strict: it fails loudly once the behaviour lands, and the name is
then taken out of :data:`NOT_YET`).
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from hypothesis import note
from hypothesis.errors import InvalidArgument
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from helpers.scorekeeper import biggest, legal_events, words
from typer.testing import CliRunner

from helpers.fuzz import store_rows
from helpers.tallies import TALLIES
from referee.cli import app
from referee.engine import events as ev
from referee.engine.games import game_names
from referee.errors import RefereeError
from referee.store.store import Store, open_store

#: Behaviour issue-level rules ask for that the code does not have yet, by name: what goes wrong today.
NOT_YET: dict[str, str] = {}


def not_yet(name: str) -> bool:
    return name in NOT_YET


#: Tables that hold facts; ``night_results`` is a cache of figures worked out from them (a read may fill it).
CACHE_TABLES = frozenset({"night_results"})


def fact_rows(url: str) -> dict[str, list[tuple[Any, ...]]]:
    return {t: rows for t, rows in store_rows(url).items() if t not in CACHE_TABLES}


def rows_changed(before: dict[str, list[tuple[Any, ...]]], after: dict[str, list[tuple[Any, ...]]]) -> str:
    """What differs, in a line: the tables and how many rows each gained or lost."""
    parts = []
    for table in sorted(set(before) | set(after)):
        old, new = before.get(table, []), after.get(table, [])
        if old != new:
            gained = len([r for r in new if r not in old])
            lost = len([r for r in old if r not in new])
            parts.append(f"{table} +{gained} -{lost}")
    return ", ".join(parts)


# ------------------------------------------------------------------ running a command


@dataclass(frozen=True)
class Ran:
    args: tuple[str, ...]
    code: int
    out: str

    @property
    def said(self) -> str:
        return f"referee {' '.join(self.args)} → exit {self.code}: {self.out.strip()[-600:]}"


class Runner:
    """Runs ``referee --db URL ARGS…`` and returns the exit code and everything printed."""

    kind: ClassVar[str]

    def __init__(self, url: str) -> None:
        self.url = url

    def __call__(self, *args: str) -> Ran:
        raise NotImplementedError


_runner = CliRunner()


class InProcess(Runner):
    """The command's own code in this process (typer's runner): what the owners of a night's facts
    decide, without a program's start-up."""

    kind = "commands"

    def __call__(self, *args: str) -> Ran:
        result = _runner.invoke(app, ["--db", self.url, *args], terminal_width=200, env={"COLUMNS": "200"})
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise AssertionError(f"referee {' '.join(args)} raised {result.exception!r}") from result.exception
        return Ran(args, result.exit_code, result.output)


class Library(Runner):
    """The library API of a night's life on one open store (:mod:`referee.night`, and the live table
    for the table's lines), each step with the identity its command gives it; the steps it does not own
    (starting a night, settling it, disputes, export and import) as their commands run them, in this
    process."""

    kind = "library"

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.store = open_store(url)
        self.commands = InProcess(url)

    def __call__(self, *args: str) -> Ran:
        from referee.errors import AlreadyRecorded

        try:
            said = self._call(list(args))
        except AlreadyRecorded as done:
            return Ran(args, 0, f"Already recorded: {done}")
        except RefereeError as err:
            return Ran(args, err.exit_code, f"Error: {err.message}" + (f"\nHint: {err.hint}" if err.hint else ""))
        return self.commands(*args) if said is None else Ran(args, 0, said)

    def _call(self, args: list[str]) -> str | None:
        from referee.night import life
        from referee.store.requests import Request, asks

        store = self.store
        if args[0] == "act":
            return self._act(args[1:])
        if args[:2] not in (["session", "close"], ["session", "reopen"], ["session", "amend"], ["session", "void"]):
            return None
        verb, sid, options = args[1], int(args[2]), _options(args[3:])
        if verb == "close":
            pairs = [(t.rpartition(":")[0], int(t.rpartition(":")[2])) for t in options.get("-c", [])]
            by = options.get("--by", [None])[0]
            accept = "--accept" in options
            request = Request(asks("session close", sid, sorted((n.casefold(), c) for n, c in pairs), None,
                                   " ".join((by or "").split()) if accept else None))
            end_hand = options.get("--end-hand", [None])[0]
            request = Request(asks("session close", sid, sorted((n.casefold(), c) for n, c in pairs), end_hand,
                                   " ".join((by or "").split()) if accept else None))
            out = life.count_out(store, sid, pairs, end_hand=end_hand, by=by, request=request)
            if accept and by and out.differ:
                life.confirmer(out, by)
            closed = life.close(store, out, by=by if accept else None, request=request)
            return f"Session {sid} closed: {closed.count_out.cash_outs}"
        why = options["--why"][0]
        if verb == "reopen":
            life.reopen(store, sid, why, request=Request(asks("session reopen", sid, " ".join(why.split()), "")))
            return f"Session {sid} reopened"
        if verb == "void":
            life.void(store, sid, why)
            return f"Session {sid} is void"
        def pairs_of(option: str) -> list[tuple[str, int]]:
            return [(t.rpartition(":")[0], int(t.rpartition(":")[2])) for t in options.get(option, [])]
        voids = [(int(h), a) for h, a in pairs_of("--void")]
        fixes, rebuys = pairs_of("--count"), pairs_of("--rebuy")
        request = Request(asks("session amend", sid, voids, fixes, rebuys, " ".join(why.split())))
        return "; ".join(life.amend(store, sid, why, life.Amendments(voids, fixes, rebuys), request=request))

    def _act(self, args: list[str]) -> str:
        from referee.errors import InputError, RetryableError
        from referee.recording.live_table import LiveTable, Refused

        force = args[0] == "--force"
        sid, line = int(args[force]), args[force + 1]
        table = LiveTable(self.store, sid)
        entry = table.enter(line)
        if isinstance(entry, Refused) and entry.forceable and force:
            entry = table.force()
        if isinstance(entry, Refused):
            if entry.stale or entry.retry:
                raise RetryableError(entry.reason, hint=entry.hint)
            raise InputError(entry.reason, hint=entry.hint or ("add --force to log it as it happened"
                                                             if entry.forceable else None))
        return str(getattr(entry, "text", entry))


def _options(args: list[str]) -> dict[str, list[str]]:
    """``-c A:1 -c B:2 --accept --by Bob`` as {'-c': ['A:1', 'B:2'], '--accept': [], '--by': ['Bob']}."""
    out: dict[str, list[str]] = {}
    i = 0
    while i < len(args):
        if args[i] == "--accept":
            out.setdefault(args[i], [])
            i += 1
        else:
            out.setdefault(args[i], []).append(args[i + 1])
            i += 2
    return out


class Subprocess(Runner):
    """The real ``referee`` program, one process per command."""

    kind = "cli"
    program = str(Path(sys.executable).parent / "referee")

    def __call__(self, *args: str) -> Ran:
        env = {k: v for k, v in os.environ.items() if k != "REFEREE_DB"}
        env["COLUMNS"] = "200"
        done = subprocess.run([self.program, "--db", self.url, *args], capture_output=True, text=True, env=env,
                              stdin=subprocess.DEVNULL, timeout=120)
        return Ran(args, done.returncode, done.stdout + done.stderr)


# ------------------------------------------------------------------ how many steps were taken

#: steps and runs per machine (library, cli), printed at the end of the test run (tallies: carried to
#: the summary under xdist too, tests/helpers/tallies.py)
STEPS_TALLY, RUNS_TALLY = "night machine steps", "night machine runs"
STEPS: Counter[str] = TALLIES[STEPS_TALLY]
RUNS: Counter[str] = TALLIES[RUNS_TALLY]
#: how each kind of step ended (command, exit code): which states the runs reached
ENDED: Counter[tuple[str, int]] = Counter()


def summary(steps: Mapping[str, int], runs: Mapping[str, int]) -> str | None:
    """The closing line of a run that drove the machines (tests/conftest.py prints it)."""
    if not runs:
        return None
    return "night machine: " + "; ".join(f"{kind} {steps.get(kind, 0):,} steps in {runs[kind]:,} runs"
                                          for kind in sorted(runs))


# ------------------------------------------------------------------ the machine

GAMES = tuple(game_names())
SEATED = ("Ann", "Bob", "Cy", "Dee")
LATE = ("Eve", "Fay", "Gus")
WHY = st.sampled_from(["miscounted", "Bob's rebuy was missed", "wrong seat", "typo"])


class NightMachine(RuleBasedStateMachine):
    """One night of one game (see the module docstring).  A subclass (:func:`machine_for`) says where
    (a fresh store per run), how commands run, and which game."""

    fresh_url: ClassVar[Callable[[], str]]
    runner: ClassVar[type[Runner]]
    game: ClassVar[str | None] = None  # None: each run draws one
    scratch: ClassVar[Path]

    def __init__(self) -> None:
        super().__init__()
        self.url = type(self).fresh_url()
        self.run = self.runner(self.url)
        self.store: Store = open_store(self.url)
        self.sid = 1
        self.status = "open"
        self.paid: list[tuple[str, str, int]] = []  # the payments the host made, as (payer, payee, cents)
        self.transfers: list[tuple[str, str, int]] = []  # the list the last settle printed
        self.list_key = ""  # its key
        self.others: list[int] = []  # nights imported beside this one
        self.seated: list[str] = []
        self.came: list[str] = []  # everybody who sat down tonight
        self.files = 0
        self.rng = random.Random(0)
        self.taken = 0  # commands run in this run
        RUNS[self.runner.kind] += 1

    def teardown(self) -> None:
        try:
            if self.status != "void":
                self._export_is_the_same_night("json")
        finally:
            self.store.close()
            if isinstance(self.run, Library):
                self.run.store.close()

    # -------------------------------------------------------------- the one way a step is taken

    def step(self, *args: str, expect: str | None = None, again: bool = False, hint: bool = False) -> Ran:
        """Run one command; ``expect`` 'done' or 'refused' (None: either).  A refused command (exit 2)
        changed no row; with ``again`` a done command is run a second time, as a retry, and changes
        no row either."""
        STEPS[self.runner.kind] += 1
        self.taken += 1
        note_step = f"step {self.taken} of run {RUNS[self.runner.kind]}"
        before = fact_rows(self.url)
        ran = self.run(*args)
        after = fact_rows(self.url)
        ENDED[(" ".join(a for a in args[:2] if not a.isdigit()), ran.code)] += 1
        assert ran.code in (0, 2, 75), f"{note_step}: neither done nor refused nor 'run it again': {ran.said}"
        assert "Traceback" not in ran.out, ran.said
        if ran.code != 0:
            assert before == after, f"{note_step}: a refused step changed rows ({rows_changed(before, after)}): {ran.said}"
            if hint:
                assert "Hint:" in ran.out, f"{note_step}: a refusal that names no way on: {ran.said}"
        recognised = ran.code == 0 and before == after and "already recorded" in ran.out.lower()
        if recognised:  # its own fact is in the log already (asked again): nothing written, all is well
            pass
        elif expect == "done":
            assert ran.code == 0, f"{note_step}: refused, though the night allows it: {ran.said}"
        elif expect == "refused":
            assert ran.code != 0, f"{note_step}: taken, though the night refuses it: {ran.said}"
        if again and ran.code == 0:
            STEPS[self.runner.kind] += 1
            retried = self.run(*args)
            assert retried.code in (0, 2, 75), f"{note_step}: a retry neither done nor refused: {retried.said}"
            moved = fact_rows(self.url)
            assert moved == after, f"{note_step}: run again, it stored again ({rows_changed(after, moved)}): {retried.said}"
        return ran

    # -------------------------------------------------------------- reading the night (never writes)

    def table(self) -> Any:
        from referee.recording.live_table import LiveTable

        return LiveTable(self.store, self.sid)

    def snapshot(self) -> Any:
        return self.store.log_snapshot(self.sid)

    def in_hand(self) -> bool:
        """A hand is in play: begun and not over (the table's view)."""
        if self.status != "open":
            return False
        t = self.table()
        return t.state is not None and t.over() is None

    def ledger(self, sid: int | None = None) -> Any:
        from referee.ledger.ledger import session_ledger

        return session_ledger(self.store, self.sid if sid is None else sid)

    # -------------------------------------------------------------- the night begins

    @initialize(game=st.sampled_from(GAMES), players=st.sampled_from([2, 2, 3, 4]), short=st.booleans(),
                stacks=st.lists(st.integers(20, 200), min_size=4, max_size=4), dealer=st.integers(0, 3),
                seed=st.integers(0, 2**16))
    def begin(self, game: str, players: int, short: bool, stacks: list[int], dealer: int, seed: int) -> None:
        game = type(self).game or game
        with contextlib.suppress(InvalidArgument):  # a scripted run, outside hypothesis
            note(f"the game: {game}")
        self.rng = random.Random(seed)
        self.seated = list(SEATED[:players])
        self.came = list(self.seated)
        if short:
            stacks[0] = 1 + seed % 2  # a short stack: the way to a bust
        seats = [a for name, chips in zip(self.seated, stacks) for a in ("-p", f"{name}:{chips}")]
        self.step("session", "new", "--table", "Night", "--game", game, *seats,
                  "--dealer", self.seated[dealer % players], expect="done")
        self.game_played = game

    # -------------------------------------------------------------- hands

    @precondition(lambda self: self.status == "open")
    @rule(force=st.booleans())
    def begin_a_hand(self, force: bool) -> None:
        """'new hand': taken between hands while two players have chips; refused, with the way on
        named and nothing written, when fewer have; in a hand still in play, taken only forced (when
        the hand waits for something nobody will type)."""
        t = self.table()
        if t.state is not None and t.over() is None:
            stuck = not legal_events(t, self.rng)
            if force and stuck:
                self.step("act", "--force", str(self.sid), "new hand", expect="done")
            else:
                self.step("act", str(self.sid), "new hand", expect="refused")
            return
        with_chips = self._with_chips(t)
        if with_chips < 2 and not_yet("bust"):
            return
        ran = self.step("act", str(self.sid), "new hand", expect="done" if with_chips >= 2 else "refused", hint=True)
        if ran.code != 0:
            self._the_named_way_on(t)

    def _with_chips(self, t: Any) -> int:
        """How many players of the next hand have chips: those seated now (as the log's changes
        between hands leave the table) with chips after the last hand, or chips added since."""
        stacks = dict(t.stacks()) if t.state is not None else t.thread.stacks
        added = {e.player for e in t.header if isinstance(e, (ev.AddChips, ev.SitDown))}
        return sum(1 for name in t.table_state.seats if stacks.get(name, 1) > 0 or name in added)

    def _the_named_way_on(self, t: Any) -> None:
        """After a refused 'new hand': chips added between hands (or, with one player left, a newcomer
        sitting down) are taken, and then the hand begins."""
        broke = [n for n in self.seated if dict(t.stacks()).get(n, 1) == 0] if t.state is not None else []
        if len(self.seated) < 2 or not broke:
            self.sit_down(20)
        else:
            self.step("act", str(self.sid), f"{broke[0]} adds 20", expect="done")
        self.step("act", str(self.sid), "new hand", expect="done")

    @precondition(lambda self: self.status == "open")
    @rule(pick=st.integers(0, 10**6), big=st.booleans())
    def act_legal(self, pick: int, big: bool) -> None:
        """A legal line of the hand in play is taken (``big``: the one that puts most chips in, the
        way a short stack busts)."""
        t = self.table()
        events = legal_events(t, self.rng)
        if not events:
            return
        event = biggest(events) if big else events[pick % len(events)]
        self.step("act", str(self.sid), words(t, event), expect="done")

    @precondition(lambda self: self.status == "open")
    @rule(lines=st.integers(1, 12), big=st.booleans())
    def act_along(self, lines: int, big: bool) -> None:
        """Up to ``lines`` legal lines, one after another, beginning the next hand when one is over
        (while two players have chips): the way the night gets anywhere."""
        for _ in range(lines):
            t = self.table()
            events = legal_events(t, self.rng)
            if events:
                event = biggest(events) if big else self.rng.choice(events)
                self.step("act", str(self.sid), words(t, event), expect="done")
            elif (t.state is None or t.over() is not None) and self._with_chips(t) >= 2:
                self.step("act", str(self.sid), "new hand", expect="done")
            else:
                return

    @precondition(lambda self: self.status == "open")
    @rule(pick=st.integers(0, 10**6), nobody=st.booleans())
    def act_illegal(self, pick: int, nobody: bool) -> None:
        """An action out of turn, or by nobody at the table, is refused and writes nothing."""
        t = self.table()
        if t.state is None or t.over() is not None:
            return
        if nobody:
            self.step("act", str(self.sid), "Zed: bets 1", expect="refused")
            return
        prompt = t.state.prompt()
        others = [n for n in t.state.names if n != prompt.to_act]
        tries = [kind(n) for n in others for kind in (ev.Fold, ev.Check)] + [ev.Bet(n, 1) for n in others]
        illegal = [e for e in tries if not _legal(t, e)]
        if illegal:
            self.step("act", str(self.sid), words(t, illegal[pick % len(illegal)]), expect="refused")

    # -------------------------------------------------------------- between hands

    def _between_hands(self) -> bool:
        return self.status == "open" and not self.in_hand()

    @precondition(lambda self: self.status == "open")
    @rule(who=st.integers(0, 10), chips=st.integers(1, 100))
    def add_chips(self, who: int, chips: int) -> None:
        """Chips added between hands are always taken."""
        if self.in_hand():
            return
        self.step("act", str(self.sid), f"{self.seated[who % len(self.seated)]} adds {chips}", expect="done")

    @precondition(lambda self: self.status == "open")
    @rule(chips=st.integers(1, 100))
    def sit_down(self, chips: int) -> None:
        """A newcomer sits down between hands."""
        free = [n for n in LATE if n not in self.came]
        if not free or self.in_hand():
            return
        self.step("act", str(self.sid), f"{free[0]} sits down with {chips}", expect="done")
        self.seated.append(free[0])
        self.came.append(free[0])

    @precondition(lambda self: self.status == "open" and len(self.seated) > 1)
    @rule(who=st.integers(0, 10))
    def stand_up(self, who: int) -> None:
        """A player leaves between hands (one stays: the night waits for a newcomer)."""
        if self.in_hand():
            return
        name = self.seated[who % len(self.seated)]
        self.step("act", str(self.sid), f"{name} leaves", expect="done")
        self.seated.remove(name)

    @precondition(lambda self: self.status != "void")
    @rule(hand=st.integers(1, 20), action=st.integers(1, 30), again=st.booleans())
    def dispute(self, hand: int, action: int, again: bool) -> None:
        """A dispute about an action: a ruling, or 'not decided yet' that stores nothing."""
        hands = len(self.snapshot().hands)
        if not hands:
            return
        ran = self.step("dispute", str(self.sid), "--hand", str(1 + hand % hands), "--action", str(action),
                        "Bob says Ann acted out of turn", again=again and not not_yet("retry_dispute"))
        if "not decided" in ran.out:
            pass  # checked by step: see check_not_decided_stores_nothing
        self.last_dispute = ran

    # -------------------------------------------------------------- the end of the night

    def _counts(self) -> tuple[dict[str, int], bool]:
        """What the log gives each player who still has to cash out (a hand in play ended by
        returning its pot: house.90.1), and whether a hand is in play."""
        from referee.ledger.counting import counts_at_close, end_hand_shares, hand_in_play

        ledger, log, replayed = self.ledger()
        hand = hand_in_play(replayed)
        given = end_hand_shares(hand, "return") if hand is not None else {}
        counts = counts_at_close(ledger, log, dict.fromkeys(log.table.due, 0), given)
        return {c.name: c.log_says for c in counts if c.name in log.table.due}, hand is not None

    @precondition(lambda self: self.status in ("open", "reopened"))
    @rule(wrong=st.integers(-3, 3), who=st.integers(0, 10), accept=st.sampled_from(["no", "player", "nobody"]),
          again=st.booleans())
    def close(self, wrong: int, who: int, accept: str, again: bool) -> None:
        """Close with the log's counts (taken), with a wrong count (refused unless confirmed by a player
        of the night; a confirmer nobody at the table is refused); a hand in play is ended by rule."""
        counts, in_hand = self._counts()
        if not counts:
            return
        name = sorted(counts)[who % len(counts)]
        if wrong and counts[name] + wrong >= 0:
            counts[name] += wrong
        else:
            wrong = 0
        if accept == "nobody" and not_yet("confirmer"):
            accept = "player"
        args = ["session", "close", str(self.sid), *[a for n, c in counts.items() for a in ("-c", f"{n}:{c}")]]
        if accept == "player":
            args += ["--accept", "--by", self.came[who % len(self.came)]]
        elif accept == "nobody":
            args += ["--accept", "--by", "Zed"]
        if in_hand:
            args += ["--end-hand", "return"]
        done = not wrong or accept == "player"
        ran = self.step(*args, expect=("done" if done else "refused") if not in_hand else None, again=again,
                        hint=True)
        if ran.code == 0:
            self.status = "closed"

    @precondition(lambda self: self.status in ("open", "reopened"))
    @rule(chance=st.integers(0, 2))
    def close_and_settle(self, chance: int) -> None:
        """The end of most nights: the hand in play ended, the counts (one of them off and confirmed by a
        player), the transfers listed and the first one paid (now and then the night plays on instead)."""
        if chance:
            return
        self.close(wrong=2, who=0, accept="player", again=False)  # a count two chips over, confirmed
        if self.status == "closed":
            self.pay_by_number(1, again=False)

    @precondition(lambda self: self.status in ("open", "closed", "reopened"))
    @rule(again=st.booleans())
    def reopen(self, again: bool) -> None:
        """A closed night reopens (once: run again, it is recognised); an open or reopened one is refused."""
        ran = self.step("session", "reopen", str(self.sid), "--why", "a count was mistyped",
                        expect="done" if self.status == "closed" else "refused", again=again)
        if ran.code == 0:
            self.status = "reopened"

    @precondition(lambda self: self.status in ("open", "reopened"))
    @rule(pick=st.integers(0, 10**6), again=st.booleans())
    def amend_void(self, pick: int, again: bool) -> None:
        """Void an action of a finished hand; an action already voided is refused."""
        snap = self.snapshot()
        t = self.table() if self.status == "open" else None  # a reopened night's table does not open
        current = t.hand_number if t is not None and t.state is not None and t.over() is None else None
        rows = [(r.hand_number, k) for h in snap.hands if h.number != current
                for k, r in enumerate([x for x in snap.events if x.hand_number == h.number], 1)
                if r.kind in ("Bet", "Call", "Raise", "Check", "Stake")]
        if not rows:
            return
        hand, action = rows[pick % len(rows)]
        voided = {(r.hand_number, r.payload.get("action")) for r in snap.events if r.kind == "Void"}
        if (hand, action) in voided and not_yet("void_voided"):
            return
        self.step("session", "amend", str(self.sid), "--void", f"{hand}:{action}", "--why", "logged by mistake",
                  expect="refused" if (hand, action) in voided else None, again=again and not not_yet("retry"))

    @precondition(lambda self: self.status in ("open", "reopened"))
    @rule(who=st.integers(0, 10), chips=st.integers(0, 300), again=st.booleans())
    def amend_count(self, who: int, chips: int, again: bool) -> None:
        """Correct the count of a player counted out before the night was reopened."""
        cashed = list(self.ledger()[1].table.cashed)
        if not cashed:
            return
        self.step("session", "amend", str(self.sid), "--count", f"{cashed[who % len(cashed)]}:{chips}",
                  "--why", "miscounted", expect="done", again=again and not not_yet("retry"))

    @precondition(lambda self: self.status in ("open", "reopened"))
    @rule(who=st.integers(0, 10), chips=st.integers(1, 100), again=st.booleans())
    def amend_rebuy(self, who: int, chips: int, again: bool) -> None:
        """Add a rebuy the log missed (of a player at the table)."""
        self.step("session", "amend", str(self.sid), "--rebuy", f"{self.seated[who % len(self.seated)]}:{chips}",
                  "--why", "a missed rebuy", expect="done", again=again and not not_yet("retry"))

    @precondition(lambda self: self.status != "void")
    @rule(again=st.booleans(), chance=st.integers(0, 5))
    def void_night(self, again: bool, chance: int = 0) -> None:
        """Void the night: kept, counted nowhere; nothing goes on after it (now and then: a void night
        ends the run's story)."""
        if chance:
            return
        self.step("session", "void", str(self.sid), "--why", "played for fun", expect="done",
                  again=again and not not_yet("retry"))
        self.status = "void"

    @precondition(lambda self: self.status == "reopened")
    @rule(which=st.sampled_from(["new hand", "Ann adds 5", "Eve sits down with 5"]))
    def play_on_a_reopened_night(self, which: str) -> None:
        """A reopened night is corrected, not played on: the refusal says how (amend, then close)."""
        ran = self.step("act", str(self.sid), which, expect="refused", hint=True)
        assert "amend" in ran.out, ran.said

    @precondition(lambda self: self.status == "void")
    @rule()
    def show_the_night(self) -> None:
        """The night as the host reads it (a step that writes nothing; all a void night leaves)."""
        self.step("session", "show", str(self.sid), "--json", expect="done")

    @precondition(lambda self: self.status == "void" and not not_yet("void_night"))
    @rule(which=st.sampled_from(["new hand", "close", "reopen", "amend", "pay"]))
    def void_night_goes_nowhere(self, which: str) -> None:
        """A void night takes no new fact: each refusal says what can be done instead."""
        args = {"new hand": ("act", str(self.sid), "new hand"),
                "close": ("session", "close", str(self.sid)),
                "reopen": ("session", "reopen", str(self.sid), "--why", "x"),
                "amend": ("session", "amend", str(self.sid), "--rebuy", f"{self.came[0]}:5", "--why", "x"),
                "pay": ("settle", str(self.sid), "--paid", f"{self.came[0]}:{self.came[1]}:1")}[which]
        self.step(*args, expect="refused", hint=True)

    # -------------------------------------------------------------- money

    @precondition(lambda self: self.status != "void")
    @rule(setting=st.sampled_from(["currency=EUR", "locale=en_GB", "shortfall=losers", "settle=direct"]),
          again=st.booleans())
    def settle_setting(self, setting: str, again: bool) -> None:
        """A money setting of the night is recorded."""
        self.step("settle", str(self.sid), "--set", setting, expect="done",
                  again=again and not not_yet("retry_money"))

    def _settle(self, *extra: str, expect: str | None = None, again: bool = False) -> Ran:
        ran = self.step("settle", str(self.sid), *extra, "--json", expect=expect, again=again)
        if ran.code == 0:
            data = json.loads(ran.out[ran.out.index("{"):])
            self.transfers = [(t["payer"], t["payee"], t["cents"]) for t in data["transfers"]]
            self.list_key = data["list"]  # the key of the list printed: '--paid N@KEY' names it
        return ran

    @precondition(lambda self: self.status == "closed")
    @rule()
    def settle_list(self) -> None:
        """The transfers still to make, as the host reads them before paying."""
        self._settle(expect="done")

    @precondition(lambda self: self.status == "closed")
    @rule(n=st.integers(1, 6), again=st.booleans())
    def pay_by_number(self, n: int, again: bool) -> None:
        """'--paid N@KEY' pays the transfer numbered N in the list the host last saw (KEY: that list's)."""
        if not self.transfers:
            self._settle(expect="done")
        if not self.transfers or n > len(self.transfers):
            return
        paid = self.transfers[n - 1]
        self._settle("--paid", f"{n}@{self.list_key}", expect="done", again=again and not not_yet("retry_money"))
        self.paid.append(paid)

    @precondition(lambda self: self.status == "closed")
    @rule(n=st.integers(1, 6), part=st.sampled_from([1, 2, 3]), again=st.booleans())
    def pay_by_content(self, n: int, part: int, again: bool) -> None:
        """'--paid PAYER:PAYEE:AMOUNT' pays what it says: the whole transfer or a part, exact to the cent."""
        self._settle(expect="done")
        if not self.transfers or n > len(self.transfers):
            return
        payer, payee, cents = self.transfers[n - 1]
        cents = max(1, cents // part)
        self._settle("--paid", f"{payer}:{payee}:{cents // 100}.{cents % 100:02d}", expect="done",
                     again=again and not not_yet("retry_money"))
        self.paid.append((payer, payee, cents))

    @precondition(lambda self: self.status == "closed")
    @rule(kind=st.sampled_from(["too much", "owes nothing"]))
    def pay_wrong(self, kind: str) -> None:
        """Paying more than is owed, or between a pair who owe each other nothing, is refused."""
        self._settle(expect="done")
        ledger = self.ledger()[0]
        balances = ledger.balances()
        if kind == "too much" and self.transfers and not not_yet("pay_too_much"):
            payer, payee, cents = self.transfers[0]
            over = cents + 1  # a cent too much
            self._settle("--paid", f"{payer}:{payee}:{over // 100}.{over % 100:02d}", expect="refused")
        elif kind == "owes nothing" and not not_yet("pay_nothing_owed"):
            pairs = {(a, b) for a, b, _ in self.transfers}
            square = [(a, b) for a in balances for b in balances if a != b and (a, b) not in pairs
                      and balances[a] >= 0 and balances[b] <= 0]
            if square:
                a, b = square[0]
                self._settle("--paid", f"{a}:{b}:1", expect="refused")

    # -------------------------------------------------------------- export and import

    def _begun_empty(self) -> bool:
        snap = self.snapshot()
        return len(snap.hands) > len({r.hand_number for r in snap.events if r.hand_number is not None})

    def _export(self, fmt: str, sid: int | None = None) -> Path:
        self.files += 1
        path = self.scratch / f"night-{id(self)}-{self.files}.{'json' if fmt == 'json' else 'txt'}"
        args = ["export", str(self.sid if sid is None else sid), "-o", str(path)] + (["--json"] if fmt == "json" else [])
        self.step(*args, expect="done")
        return path

    def _export_is_the_same_night(self, fmt: str) -> None:
        """Exported and imported into an empty store, the night replays as it does here: the same
        export back, the same balances."""
        path = self._export(fmt)
        other = f"sqlite:///{path.with_suffix('.sqlite3')}"
        ran = type(self.run)(other)("import", str(path))
        assert ran.code == 0, f"the export does not import into an empty store: {ran.said}"
        sid = int(ran.out.split(" as session ")[1].split(":")[0])
        back = type(self.run)(other)("export", str(sid), *(["--json"] if fmt == "json" else []))
        with open_store(other) as there:
            from referee.ledger.ledger import session_ledger

            theirs = session_ledger(there, sid)[0].balances()
            seated_there = list(session_ledger(there, sid)[1].table.seats)
        if fmt == "json":  # the whole log: the money too
            ours = self.ledger()[0].balances()
            assert theirs == ours, f"imported, the night's balances differ: {ours} here, {theirs} there"
            return
        # the hand format: the hands and the changes between them (money paid and cash-outs are comments)
        text = path.read_text(encoding="utf-8")
        said = "# not in the hand format: "  # money and corrections: comments, by design (--json keeps them)
        seated = list(self.ledger()[1].table.seats)
        assert seated_there == seated, f"imported, the table is {seated_there}; here it is {seated}"
        hands = "\n".join(line for line in text.splitlines() if not line.startswith(said)).rstrip()
        again = "\n".join(line for line in back.out.splitlines() if not line.startswith(said)).rstrip()
        assert again == hands, f"exported again, the imported night differs:\n{hands}\n----\n{again}"

    @precondition(lambda self: self.status != "void")
    @rule(fmt=st.sampled_from(["text", "json"]), how=st.sampled_from(["as is", "edited", "as new"]))
    def export_import(self, fmt: str, how: str) -> None:
        """The night's export imported into its own store is recognised (nothing written); an edited
        export is a new night (a JSON one only with --as-new); --as-new of an unedited one is refused."""
        if how == "as new" and (fmt == "text" or not_yet("as_new")):
            how = "as is"
        if fmt == "text" and how == "as is" and not_yet("text_import_begun_hand") and self._begun_empty():
            fmt = "json"
        path = self._export(fmt)
        if how == "as is":
            self.step("import", str(path), expect="refused", hint=True)
            self._export_is_the_same_night(fmt)
        elif how == "as new":
            self.step("import", str(path), "--as-new", expect="refused", hint=True)
        elif fmt == "json":
            document = json.loads(path.read_text(encoding="utf-8"))
            document["table"] = str(document.get("table", "")) + " (copy)"
            if document.get("events"):
                document["events"][0]["text"] = "edited " + str(document["events"][0].get("text"))
            path.write_text(json.dumps(document), encoding="utf-8")
            self.step("import", str(path), expect="refused")  # its chain no longer matches
            ran = self.step("import", str(path), "--as-new")
            if ran.code == 0:
                self.others.append(int(ran.out.split(" as session ")[1].split(":")[0]))
        else:
            text = path.read_text(encoding="utf-8")
            head, sep, rest = text.partition("seats: ")
            seats, nl, tail = rest.partition("\n")
            first = seats.split(",")[0].split()
            if not sep or len(first) != 2 or not first[1].isdigit():
                return
            edited = seats.replace(" ".join(first), f"{first[0]} {int(first[1]) + self.files}", 1)
            path.write_text(head + sep + edited + nl + tail, encoding="utf-8")
            ran = self.step("import", str(path), expect="done")
            self.others.append(int(ran.out.split(" as session ")[1].split(":")[0]))

    # -------------------------------------------------------------- what holds after every step

    @invariant()
    def check_never_wedged(self) -> None:
        """An open night's table opens, and a hand in play can be played on or ended."""
        if self.status != "open":
            return
        try:
            t = self.table()
        except RefereeError as err:
            raise AssertionError(f"the night is wedged: its table does not open ({err})") from None
        if t.state is not None and t.over() is None and not legal_events(t, self.rng):
            assert t.state.prompt().to_act is None, "a player is to act but nothing he could do is legal"

    @invariant()
    def check_money_and_payments(self) -> None:
        """Money sums to zero; every payment is in the log once; all paid, everybody is square."""
        if self.status == "void":
            return
        ledger = self.ledger()[0]
        balances = ledger.balances()
        assert sum(balances.values()) == 0, f"money does not sum to zero: {balances}"
        stored = [(r.payload["payer"], r.payload["payee"], r.payload["cents"])
                  for r in self.snapshot().events if r.kind == "TransferPaid"]
        assert Counter(stored) == Counter(self.paid), f"payments in the log {stored}, made {self.paid}"
        if self.status == "closed":
            result = ledger.settle()
            if not result.transfers:
                net = dict(balances)
                for payer, payee, cents in stored:
                    net[payer] = net.get(payer, 0) + cents
                    net[payee] = net.get(payee, 0) - cents
                assert not any(net.values()), f"every transfer paid, but not square: {net}"

    @invariant()
    def check_standings_replay(self) -> None:
        """The standings (kept figures where they fit) equal every counted night replayed afresh."""
        from referee.ledger.standings import standings

        fresh: Counter[str] = Counter()
        for game in self.store.sessions():
            if game.void_reason is None and game.status == "closed":
                for line in self.ledger(game.id)[0].players:
                    fresh[line.player] += line.balance_cents
        rows = {row.player: row.net_cents for row in standings(self.store).rows}
        assert rows == {p: n for p, n in fresh.items()} or (not rows and not fresh), \
            f"standings {rows}, nights replayed {dict(fresh)}"


def _legal(t: Any, event: ev.Event) -> bool:
    try:
        return t.state.legality(event).legal
    except RefereeError:  # not even an action of this game: the table refuses it all the same
        return False


def machine_for(fresh_url: Callable[[], str], runner: type[Runner], scratch: Path,
                game: str | None = None) -> type[NightMachine]:
    """The machine on stores made by ``fresh_url``, commands run by ``runner``, one game or any."""
    return type(f"{runner.kind.title()}NightMachine", (NightMachine,),
                {"fresh_url": staticmethod(fresh_url), "runner": runner, "scratch": scratch, "game": game})
