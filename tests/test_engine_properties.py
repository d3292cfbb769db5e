"""Properties of the engine (hypothesis): chips are conserved whatever is logged, and the legality
of an action agrees with the replay (an action found legal produces no finding)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine.events import AllIn, Bet, Call, Check, Draw, Fold, Raise
from referee.engine.state import HandSetup
from referee.engine.replay import play
from referee.rulebook import load_rulebook

from helpers.engine import replay_table

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]
OPTION_SETS = [
    {},
    {"draw.betting": "no_limit", "draw.ante": "each_player_antes_1", "draw.all_check": "proceed_to_draw"},
    {"draw.betting": "pot_limit", "draw.raise_cap": "none"},
    {"draw.betting": "fixed_limit", "draw.raise_cap": "bet_plus_4_raises_total", "draw.check_raise": "forbidden"},
    {"common.illegal_fix": "void_and_reprompt", "draw.check_first_round": "bet_or_drop"},
]


@st.composite
def setups(draw):
    n = draw(st.integers(2, 5))
    stacks = draw(st.lists(st.integers(1, 40), min_size=n, max_size=n))
    game = draw(st.sampled_from(["straight_draw", "jackpots"]))
    options = draw(st.sampled_from(OPTION_SETS))
    rb = load_rulebook(game).with_options(options)
    return HandSetup(rb, list(zip(NAMES[:n], stacks)), draw(st.sampled_from(NAMES[:n])))


def legal_move(draw, setup, events):
    """A legal next event chosen from what the engine says is legal, or None when nothing is due."""
    turn = play(setup, events).prompt()
    if turn.to_act is None:
        return None
    who = turn.to_act
    if turn.phase == "draw":
        return Draw(player=who, count=draw(st.integers(0, 3)))
    opts = turn.options
    if opts is None:
        return None
    choices = ["fold"]
    if opts.can_check:
        choices.append("check")
    if opts.to_call:
        choices.append("call")
    if opts.raise_min is not None:
        choices.append("raise")
    kind = draw(st.sampled_from(choices))
    if kind == "fold":
        return Fold(player=who)
    if kind == "check":
        return Check(player=who)
    if kind == "call":
        return Call(player=who)
    size = draw(st.integers(opts.raise_min, opts.raise_max))
    if opts.all_in_only:
        return AllIn(player=who)
    return Bet(player=who, amount=size) if opts.is_bet else Raise(player=who, amount=size)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_legal_sequences_conserve_chips_and_agree_with_check(data):
    """Conservation: stacks + pots + carried chips are constant; an action's legality "legal" means no finding."""
    setup = data.draw(setups())
    events = []
    for _ in range(30):
        move = legal_move(data.draw, setup, events)
        if move is None:
            break
        verdict = play(setup, events).legality(move)
        assert verdict.legal, (move, verdict.findings)
        events.append(move)
    r = replay_table(setup, events)
    assert not r.illegal, r.illegal
    total = sum(s.stack for s in setup.seats) + setup.carry_in.pot
    o = r.outcome
    assert sum(o.stacks.values()) + o.carried + o.undecided + o.in_middle == total


ANY_EVENT = st.one_of(
    st.builds(Fold, player=st.sampled_from(NAMES[:3])),
    st.builds(Check, player=st.sampled_from(NAMES[:3])),
    st.builds(Call, player=st.sampled_from(NAMES[:3])),
    st.builds(Bet, player=st.sampled_from(NAMES[:3]), amount=st.integers(-2, 60)),
    st.builds(Raise, player=st.sampled_from(NAMES[:3]), amount=st.integers(-2, 60), to=st.booleans()),
    st.builds(AllIn, player=st.sampled_from(NAMES[:3])),
    st.builds(Draw, player=st.sampled_from(NAMES[:3]), count=st.integers(0, 5)),
)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(OPTION_SETS), st.lists(ANY_EVENT, max_size=25))
def test_any_log_replays_with_findings_not_crashes(options, events):
    """Record as it happened: any sequence of actions by seated players replays (illegal ones become
    findings with rule ids), and chips are conserved."""
    rb = load_rulebook("straight_draw").with_options(options)
    setup = HandSetup(rb, [("Ann", 30), ("Bob", 20), ("Cy", 10)], "Ann")
    r = replay_table(setup, events)
    assert all(f.rule for f in r.findings if f.severity == "error")
    for f in r.findings:
        if f.rule and f.severity == "error":
            assert rb.has_rule(f.rule), f.rule
    assert len(r.states) == len(events)
    o = r.outcome
    assert sum(o.stacks.values()) + o.carried + o.undecided + o.in_middle == 60


def cited_rules(replay) -> list[str]:
    """Every rule id a replay cites: its findings', its pots' and its penalties'."""
    o = replay.outcome
    return [r for r in [*(f.rule for f in replay.findings), *(p.rule for p in o.pots), *(p.rule for p in o.penalties)]
            if r is not None]


@settings(max_examples=80, deadline=None, derandomize=True)
@given(st.sampled_from(["straight_draw", "jackpots"]), st.sampled_from(OPTION_SETS), st.lists(ANY_EVENT, max_size=25))
def test_every_rule_a_draw_replay_cites_is_in_its_rulebook(game, options, events):
    """A ruling quotes the rule it follows (the replay prints the rule's text by its id): every finding,
    pot and penalty of any logged straight-draw or Jackpots hand -- notes and answers as well as
    breaches -- names a rule or option the game's rulebook has."""
    rb = load_rulebook(game).with_options(options)
    r = replay_table(HandSetup(rb, [("Ann", 30), ("Bob", 20), ("Cy", 10)], "Ann"), events)
    assert [rule for rule in cited_rules(r) if not rb.has_rule(rule)] == []
