"""Properties of the brag family (hypothesis).

* Random legal hands -- every action taken from what the engine offers (``prompt().events()``) --
  never produce a finding, and each such action is legal by an independent statement of the staking
  rules (:class:`Rules`, written from tests/golden/BRAG-NOTES.md sections 2.3-2.7, not from the engine).
* A random action after a legal start is flagged, at its own action number, exactly when that
  statement says it is illegal.
* Any log of brag actions replays without crashing, every rule it cites is the rulebook's, and chips
  are conserved (the replay checks it after every event; the outcome adds up).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cards import UNKNOWN, standard_deck
from referee.engine import events as ev
from referee.engine.events import Arrange, Check, Cover, Deal, Event, Fold, Knock, Look, Pass, See, Stake, \
    TurnWidow
from referee.engine.replay import replay_hand, start_hand
from referee.engine.games import find_game
from referee.engine.state import HandSetup
from referee.errors import InputError
from referee.ranking.brag import BragRules, evaluate_brag
from referee.rulebook import load_rulebook

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]
THREE_CARD_OPTIONS = [
    {},
    {"brag.betting": "round"},
    {"brag.betting": "poker", "brag.limit": "1"},
    {"brag.betting": "poker_antistall", "brag.cover_main_pot": "poker_equalised_side_pot"},
    {"brag.blind": "not_allowed", "brag.ante": 0, "brag.limit": "1_to_10"},
    {"brag.blind_may_raise": "no", "brag.tie_at_see": "split", "brag.cover_tie": "split"},
    {"brag.cover_main_contest": "side_pot_winner_vs_coverer", "common.illegal_fix": "void_and_reprompt"},
    {"brag.blind_uncontested": "pot_carries_blind_keeps_hand", "brag.wild": "deuces"},
]
LIMITS = {"1": 1, "1_to_5": 5, "1_to_10": 10}


def half_up(n: int) -> int:
    return (n + 1) // 2


@dataclass
class Rules:
    """The staking rules of three-card brag, stated independently of the engine, for legal prefixes."""

    options: dict
    stacks: dict[str, int]
    order: list[str]  # from the dealer's left
    seen: set[str] = field(default_factory=set)
    live: set[str] = field(default_factory=set)
    covered: list[str] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=dict)  # seen units
    stake: int = 0  # the current stake, seen units (round, bet-or-raise)
    turn: str | None = None
    emptied: str | None = None
    ended: bool = False

    def __post_init__(self) -> None:
        self.system = self.options["brag.betting"]
        self.poker = self.system.startswith("poker")
        self.blind_play = self.options["brag.blind"] == "allowed"
        if not self.blind_play:
            self.seen = set(self.order)
        self.live = set(self.order)
        self.totals = dict.fromkeys(self.order, 0)
        self.turn = self.order[0]

    def active(self) -> list[str]:
        return [p for p in self.order if p in self.live and p not in self.covered]

    def blind(self, p: str) -> bool:
        return p not in self.seen

    def least_and_most(self, p: str) -> tuple[int, int]:
        """brag.8.2 / see_cost: seen units, a blind player pays half rounded up; brag.6: only the increase
        is limited; brag.7.1: no raising in the round system; brag.blind_may_raise."""
        need = max(self.totals.values()) - self.totals[p] if self.poker else self.stake
        base = half_up(need) if self.blind(p) else need
        least = max(base, 1)
        opening = (max(self.totals.values()) if self.poker else self.stake) == 0
        raising = self.system != "round" and (
            not self.blind(p) or self.options["brag.blind_may_raise"] == "yes" or opening)
        return least, base + LIMITS[self.options["brag.limit"]] if raising else least

    def equalises(self, p: str, chips: int) -> bool:
        """brag.7.4 (a): with three or more in, a stake may not merely make all the stakes equal."""
        active = self.active()
        if self.system != "poker_antistall" or len(active) < 3:
            return False
        after = self.totals[p] + (2 * chips if self.blind(p) else chips)
        return all(self.totals[q] == after for q in active if q != p) and after == max(self.totals.values())

    def legal(self, e: Event) -> bool:
        p = e.player  # type: ignore[attr-defined]
        if isinstance(e, Look):
            return True
        if isinstance(e, Cover) and p == self.emptied and not self.ended:
            return True  # covering right after his own stake took his last chip (brag.9.3)
        if self.ended or p != self.turn:
            return False
        if isinstance(e, Check):
            return False  # brag.4.3
        if isinstance(e, Fold):
            return True
        stack = self.stacks[p]
        least, most = self.least_and_most(p)
        if isinstance(e, Cover):  # brag.9.3: fewer chips than he must put in to stay in
            return stack < (least + 1 if self.equalises(p, least) else least)
        if isinstance(e, See) and not self.poker:
            others = [q for q in self.active() if q != p]
            if len(others) != 1 or self.stake == 0:
                return False  # brag.4.4; nothing to double
            if not self.blind(p) and self.blind(others[0]):
                return False  # brag.8.3
            cost = 2 * least
            return stack >= cost and e.amount == cost
        amount = e.amount  # type: ignore[attr-defined]
        if isinstance(e, Stake) and e.blind and not self.blind(p):
            return False  # brag.8.5 / brag.blind
        return least <= amount <= min(most, stack) and not self.equalises(p, amount)

    def apply(self, e: Event) -> None:
        """Play a legal event."""
        p = e.player  # type: ignore[attr-defined]
        if isinstance(e, Look):
            self.seen.add(p)
            return
        in_turn = p == self.turn
        self.emptied = None
        if isinstance(e, Fold):
            self.live.discard(p)
        else:
            chips = self.stacks[p] if isinstance(e, Cover) else (
                2 * self.least_and_most(p)[0] if isinstance(e, See) and not self.poker else e.amount)  # type: ignore[attr-defined]
            worth = 2 * chips if self.blind(p) else chips
            self.stacks[p] -= chips
            self.totals[p] += worth
            if isinstance(e, Cover):
                self.covered.append(p)
            elif isinstance(e, See) and not self.poker:
                self.ended = True
            else:
                self.stake = max(self.stake, worth)
                if self.stacks[p] == 0:
                    self.emptied = p
        active = self.active()
        top = max(self.totals.values())
        if len(active) <= 1 or (self.poker and top and all(self.totals[q] == top for q in active)
                                and (self.system == "poker" or len(active) == 2)):
            self.ended = True
        if not self.ended and in_turn:
            start = self.order.index(p)
            self.turn = next(q for q in self.order[start + 1:] + self.order[:start + 1] if q in active)
        if self.ended:
            self.turn = None


@st.composite
def brag_setups(draw: st.DrawFn) -> tuple[HandSetup, dict]:
    n = draw(st.integers(2, 5))
    stacks = draw(st.lists(st.integers(1, 25), min_size=n, max_size=n))
    options = draw(st.sampled_from(THREE_CARD_OPTIONS))
    rb = load_rulebook("three_card_brag").with_options(options)
    dealer = draw(st.sampled_from(NAMES[:n]))
    return HandSetup(rb, list(zip(NAMES[:n], stacks)), dealer), dict(rb.options)


def deals(draw: st.DrawFn, players: list[str], size: int) -> list[Deal]:
    deck = draw(st.permutations(standard_deck()))
    return [Deal(p, tuple(deck[i * size:(i + 1) * size])) for i, p in enumerate(players)]


def independent_rules(setup: HandSetup, options: dict) -> Rules:
    ante = int(options["brag.ante"])
    stacks = {s.name: s.stack - min(ante, s.stack) for s in setup.seats}
    names = [s.name for s in setup.seats]
    d = names.index(setup.dealer)
    order = names[d + 1:] + names[:d + 1]
    return Rules(options, stacks, order)


def legal_brag_hand(draw: st.DrawFn, setup: HandSetup, options: dict, limit: int = 80) -> list[Event]:
    """A hand played from the engine's prompts only (the cards dealt first, so shows can be offered)."""
    events: list[Event] = deals(draw, [s.name for s in setup.seats], 3)
    state = start_hand(setup)
    for e in events:
        state.push(e)
    rules = independent_rules(setup, options)
    while len(events) < limit:
        offered = state.prompt().events()
        if not offered:
            break
        move = draw(st.sampled_from(offered))
        assert state.legality(move).legal, (move, state.legality(move).findings)
        if state.phase == "betting":
            assert rules.legal(move), (move, rules)
            rules.apply(move)
        state.push(move)
        events.append(move)
    return events


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_legal_three_card_brag_hands_have_no_finding_and_conserve_chips(data: st.DataObject) -> None:
    setup, options = data.draw(brag_setups())
    events = legal_brag_hand(data.draw, setup, options)
    r = replay_hand(setup, events)
    assert r.findings == (), [str(f) for f in r.findings]
    o = r.outcome
    assert sum(o.stacks.values()) + o.carried + o.undecided + o.in_middle == sum(s.stack for s in setup.seats)


def candidate(draw: st.DrawFn, players: list[str]) -> Event:
    p = draw(st.sampled_from(players))
    amount = draw(st.integers(0, 14))
    return draw(st.sampled_from([Fold(p), Check(p), Cover(p), See(p, amount), Stake(p, amount),
                                 Stake(p, amount, blind=True)]))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_random_action_is_flagged_at_its_number_exactly_when_illegal(data: st.DataObject) -> None:
    setup, options = data.draw(brag_setups())
    rules = independent_rules(setup, options)
    state = start_hand(setup)
    for _ in range(data.draw(st.integers(0, 12))):  # a legal start of the betting, from the prompts
        offered = state.prompt().events()
        if not offered or state.phase != "betting":
            break
        move = data.draw(st.sampled_from(offered))
        rules.apply(move)
        state.push(move)
    move = candidate(data.draw, [s.name for s in setup.seats])
    illegal = not rules.legal(move)
    count = len(state.findings)
    state.push(move)
    flagged = [f for f in state.findings[count:] if f.severity == "error" and f.action == state.action]
    assert bool(flagged) == illegal, (move, rules, [str(f) for f in state.findings[count:]])


ANY_BRAG_EVENT = st.one_of(
    st.builds(Fold, player=st.sampled_from(NAMES[:3])),
    st.builds(Check, player=st.sampled_from(NAMES[:3])),
    st.builds(Look, player=st.sampled_from(NAMES[:3])),
    st.builds(Cover, player=st.sampled_from(NAMES[:3])),
    st.builds(Stake, player=st.sampled_from(NAMES[:3]), amount=st.integers(-2, 30), blind=st.booleans()),
    st.builds(See, player=st.sampled_from(NAMES[:3]), amount=st.integers(-2, 30),
              target=st.sampled_from([None, *NAMES[:3]])),
)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(THREE_CARD_OPTIONS), st.lists(ANY_BRAG_EVENT, max_size=30))
def test_any_brag_log_replays_with_findings_not_crashes(options: dict, events: list[Event]) -> None:
    rb = load_rulebook("three_card_brag").with_options(options)
    setup = HandSetup(rb, [("Ann", 30), ("Bob", 20), ("Cy", 6)], "Ann")
    r = replay_hand(setup, events)
    for f in r.findings:
        if f.severity == "error":
            assert f.rule and rb.has_rule(f.rule), f
    o = r.outcome
    assert sum(o.stacks.values()) + o.carried + o.undecided + o.in_middle == 56


# ---------------------------------------------------------------- seven- and nine-card brag, Stop the Bus


def prompted(draw: st.DrawFn, setup: HandSetup, events: list[Event], settle: int = 1000) -> list[Event]:
    """Play on from ``events`` with what the prompts offer until nobody is to act; after ``settle``
    events, a pass or stop call whenever one is offered (so that the exchanging comes to an end)."""
    state = start_hand(setup)
    for e in events:
        state.push(e)
    while True:
        offered = state.prompt().events()
        if not offered:
            break
        if len(events) >= settle:
            offered = [e for e in offered if isinstance(e, (Pass, Knock))] or offered
        move = draw(st.sampled_from(offered))
        assert state.legality(move).legal, (move, [str(f) for f in state.legality(move).findings])
        state.push(move)
        events.append(move)
    return events


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(["seven_card_brag", "nine_card_brag"]), st.integers(2, 5))
def test_legal_seven_and_nine_card_deals_have_no_finding(data: st.DataObject, game: str, n: int) -> None:
    """The arrangements put each player's best hand first (brag7.4, brag9.3); the rest is prompted."""
    rb = load_rulebook(game)
    setup = HandSetup(rb, [(p, 20) for p in NAMES[:n]], data.draw(st.sampled_from(NAMES[:n])))
    rounds, top = (2, 7) if game == "seven_card_brag" else (3, 9)
    ranking = BragRules(top_prial=top)
    deck = data.draw(st.permutations(standard_deck()))
    events: list[Event] = []
    for i, p in enumerate(NAMES[:n]):
        cards = deck[i * 9:(i + 1) * 9]
        hands = sorted((tuple(cards[3 * k:3 * k + 3]) for k in range(rounds)),
                       key=lambda h: evaluate_brag(h, ranking).key, reverse=True)
        events.append(Arrange(p, tuple(hands), tuple(cards[6:7]) if rounds == 2 else ()))
    stakes = [Stake(p, 2) for p in NAMES[:n]]
    events = prompted(data.draw, setup, stakes + events)
    r = replay_hand(setup, events)
    assert r.findings == (), [str(f) for f in r.findings]
    assert r.outcome.kind in ("showdown", "carried")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.integers(2, 5), st.sampled_from([{}, {"stopbus.exchange": "one_or_three"},
                                                      {"stopbus.end": "stop_call_then_one_turn_each"}]))
def test_legal_stop_the_bus_deals_have_no_finding(data: st.DataObject, n: int, options: dict) -> None:
    rb = load_rulebook("stop_the_bus").with_options(options)
    setup = HandSetup(rb, [(p, 10) for p in NAMES[:n]], data.draw(st.sampled_from(NAMES[:n])))
    deck = data.draw(st.permutations(standard_deck()))
    events: list[Event] = [TurnWidow(tuple(deck[:3]))]
    events += [Deal(p, tuple(deck[3 + 3 * i:6 + 3 * i])) for i, p in enumerate(NAMES[:n])]
    events = prompted(data.draw, setup, events, settle=25)
    r = replay_hand(setup, events)
    assert r.findings == (), [str(f) for f in r.findings]


def test_the_generator_reaches_covers_and_blind_play() -> None:
    """The legal-hand property is not vacuous: random prompted hands see blind stakes, covers and sees."""
    rng = random.Random(1)
    seen = {"cover": 0, "blind": 0, "see": 0}
    rb = load_rulebook("three_card_brag")
    for _ in range(200):
        setup = HandSetup(rb, [(p, rng.randint(2, 12)) for p in NAMES[:4]], "Ann")
        state = start_hand(setup)
        while (offered := state.prompt().events()) and state.phase == "betting":
            move = rng.choice(offered)
            seen["cover"] += isinstance(move, Cover)
            seen["blind"] += isinstance(move, Stake) and move.blind
            seen["see"] += isinstance(move, See)
            state.push(move)
    assert seen["cover"] > 20 and seen["blind"] > 20 and seen["see"] > 5, seen


def any_event(game: str) -> st.SearchStrategy[Event]:
    """Any event of the game's vocabulary (cards at random: a log may contradict itself)."""
    player = st.sampled_from(NAMES[:3])
    card = st.one_of(st.just(UNKNOWN), st.sampled_from(standard_deck()))
    three = st.lists(st.sampled_from(standard_deck()), min_size=3, max_size=3, unique=True).map(tuple)
    makers = {
        ev.Fold: st.builds(ev.Fold, player), ev.Check: st.builds(ev.Check, player),
        ev.Look: st.builds(ev.Look, player), ev.Cover: st.builds(ev.Cover, player),
        ev.Stake: st.builds(ev.Stake, player, st.integers(0, 12), st.booleans()),
        ev.See: st.builds(ev.See, player, st.integers(0, 12)),
        ev.Reveal: st.builds(ev.Reveal, player, st.none() | st.integers(1, 3), three),
        ev.Declare: st.builds(ev.Declare, player, st.sampled_from(["four_of_a_kind", "four_pairs"]),
                              st.lists(st.sampled_from(standard_deck()), max_size=8, unique=True).map(tuple)),
        ev.Exchange: st.builds(lambda p, a, b: ev.Exchange(p, (a,), (b,)), player, card, card),
        ev.Pass: st.builds(ev.Pass, player), ev.Knock: st.builds(ev.Knock, player),
        ev.TurnWidow: st.builds(ev.TurnWidow, three),
        ev.Reported: st.builds(ev.Reported, player, st.sampled_from(["lowest", "best"])),
        ev.Show: st.builds(ev.Show, player, three), ev.Muck: st.builds(ev.Muck, player),
        ev.TakePot: st.builds(ev.TakePot, player), ev.Misdeal: st.builds(ev.Misdeal),
    }
    return st.one_of([makers[k] for k in find_game(game).events if k in makers])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(["three_card_brag", "seven_card_brag", "nine_card_brag", "stop_the_bus"]))
def test_any_log_of_any_brag_game_is_a_finding_or_an_input_error(data: st.DataObject, game: str) -> None:
    """Whatever is logged, a replay either rules (findings citing the rulebook, chips conserved) or
    refuses input it cannot replay (a card in two places, a contradiction) with an InputError."""
    rb = load_rulebook(game)
    setup = HandSetup(rb, [("Ann", 12), ("Bob", 7), ("Cy", 3)], "Ann")
    events = data.draw(st.lists(any_event(game), max_size=25))
    try:
        r = replay_hand(setup, events)
    except InputError:
        return
    for f in r.findings:
        if f.severity == "error":
            assert f.rule and rb.has_rule(f.rule), f
    o = r.outcome
    assert sum(o.stacks.values()) + o.carried + o.undecided + o.in_middle == 22


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(["three_card_brag", "seven_card_brag", "nine_card_brag", "stop_the_bus",
                                   "whiskey_poker", "la_viuda"]))
def test_every_rule_a_brag_or_commerce_replay_cites_is_in_its_rulebook(data: st.DataObject, game: str) -> None:
    """A ruling quotes the rule it follows: every finding (notes as well as breaches), pot and penalty of
    any logged hand of the brag and commerce games names a rule or option the game's rulebook has."""
    rb = load_rulebook(game)
    setup = HandSetup(rb, [("Ann", 12), ("Bob", 7), ("Cy", 3)], "Ann")
    events = data.draw(st.lists(any_event(game), max_size=25))
    try:
        r = replay_hand(setup, events)
    except InputError:
        return
    o = r.outcome
    cited = [x for x in [*(f.rule for f in r.findings), *(p.rule for p in o.pots), *(p.rule for p in o.penalties)]
             if x is not None]
    assert [x for x in cited if not rb.has_rule(x)] == []
