"""Properties against an independent statement of the rules (hypothesis).

The other property tests take their moves from the engine's own prompt and judge them with its own
checker.  Here the oracle is a small model written from RULES.md alone, sharing no code with the
engine: it says whose turn it is, when a betting round ends, whether an action is legal (turn,
check, limits, raise cap), who draws first and who leads round 2, and where the chips are; the
engine must agree event by event.  The same for openers (a tiny counter of ranks and suits) and
for side pots (a peeling statement of table stakes).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from referee.cards import cards, standard_deck
from referee.engine.events import Bet, Call, Check, Deal, Draw, Fold, Raise, Show
from referee.engine.games.jackpots import holds_openers
from referee.engine.pots import build_pots
from referee.engine.replay import replay_hand, start_hand
from referee.engine.state import HandSetup
from referee.rulebook import load_rulebook

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]

# ====================================================================== the draw game, as RULES.md states it


@dataclass
class DrawModel:
    """Straight draw / Jackpots (RULES.md section 1) with deep stacks, in a dozen plain rules:

    * the dealer antes one chip per player (draw.2); eldest hand (the dealer's left) bets first (draw.4);
    * the turn goes clockwise to the next player still in who has not acted since the last bet or raise,
      or has not matched the highest bet; the round ends exactly when every player still in has acted
      and matched it (draw.4), or when one player is left;
    * check only with nothing to call (a "call" of nothing is a check); a bet only when nobody has bet
      (a "raise" then is a bet); bets and raises 1..2 before the
      draw, 1..5 after (draw.6); one player raises at most 3 times a round, the opening bet not counted
      (draw.raise_cap = per_player_3), or one bet and four raises in all (bet_plus_4_raises_total);
    * everybody checks round 1: the deal is passed out (draw.5);
    * the draw goes clockwise from the dealer's left among players still in, at most 3 cards, 4 with
      fewer than six dealt (draw.7);
    * round 2 is begun by round 1's first bettor, or if he folded the first player still in to his left
      (draw.8); with ``left_of_dealer`` by the first player still in from the dealer's left.
    """

    n: int
    dealer: int
    stacks: list[int]
    cap: str = "per_player_3"
    round2_first: str = "first_bettor_round1"
    live: list[bool] = field(init=False)
    pot: int = 0
    phase: str = "round1"
    first_bettor: int | None = None

    def __post_init__(self) -> None:
        self.live = [True] * self.n
        self.stacks[self.dealer] -= self.n
        self.pot = self.n
        self.drawn: set[int] = set()
        self.open_round(self.left_of(self.dealer))

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.n

    def clockwise_from(self, seat: int) -> list[int]:
        return [(seat + k) % self.n for k in range(self.n)]

    def first_in_from(self, seat: int) -> int:
        return next(s for s in self.clockwise_from(seat) if self.live[s])

    def open_round(self, first: int) -> None:
        self.bets = [0] * self.n
        self.current = 0
        self.raises = [0] * self.n
        self.total_raises = 0
        self.acted: set[int] = set()
        self.next_from = first

    # ---------------------------------------------------------------- whose turn

    def must_act(self, seat: int) -> bool:
        return self.live[seat] and (seat not in self.acted or self.bets[seat] != self.current)

    def to_act(self) -> int | None:
        if self.phase == "draw":
            return next((s for s in self.clockwise_from(self.left_of(self.dealer))
                         if self.live[s] and s not in self.drawn), None)
        if self.phase not in ("round1", "round2") or sum(self.live) == 1:
            return None
        return next((s for s in self.clockwise_from(self.next_from) if self.must_act(s)), None)

    # ---------------------------------------------------------------- what is legal

    def limit(self) -> int:
        return 2 if self.phase == "round1" else 5

    def may_raise(self, seat: int) -> bool:
        if self.cap == "per_player_3":
            return self.raises[seat] < 3
        return self.total_raises < 4

    def legal(self, seat: int, kind: str, size: int = 0) -> bool:
        turn = self.to_act()
        if seat != turn:
            return False
        if self.phase == "draw":
            return kind == "draw" and 0 <= size <= (4 if self.n < 6 else 3)
        if kind == "fold":
            return True
        if kind == "check":
            return self.bets[seat] == self.current
        if kind == "call":  # with nothing to call, a call is a check (the hand format's words)
            return True
        if kind == "bet":
            return self.current == 0 and 1 <= size <= self.limit()
        if kind == "raise" and self.current == 0:  # a "raise" when nobody has bet is a bet
            return 1 <= size <= self.limit()
        if kind == "raise":
            return self.current > 0 and 1 <= size <= self.limit() and self.may_raise(seat)
        return False  # a draw during a betting round

    def choices(self, seat: int) -> list[tuple[str, int]]:
        if self.phase == "draw":
            return [("draw", k) for k in range(0, 4)]
        out = [("fold", 0)]
        out += [("check", 0)] if self.bets[seat] == self.current else [("call", 0)]
        word = "bet" if self.current == 0 else "raise"
        out += [(word, k) for k in range(1, self.limit() + 1) if self.legal(seat, word, k)]
        return out

    # ---------------------------------------------------------------- applying a legal action

    def apply(self, seat: int, kind: str, size: int = 0) -> None:
        if kind == "draw":
            self.drawn.add(seat)
            if self.to_act() is None:
                self.start_round2()
            return
        self.next_from = self.left_of(seat)
        self.acted.add(seat)
        if kind == "fold":
            self.live[seat] = False
        elif kind in ("call", "bet", "raise"):
            to = self.current + (size if kind != "call" else 0)
            put = to - self.bets[seat]
            self.stacks[seat] -= put
            self.pot += put
            self.bets[seat] = to
            if kind != "call":
                self.current = to
                self.acted = {seat}
                if kind == "raise":
                    self.raises[seat] += 1
                    self.total_raises += 1
                elif self.phase == "round1" and self.first_bettor is None:
                    self.first_bettor = seat
        if sum(self.live) == 1:
            self.phase = "uncontested"
        elif self.to_act() is None:
            self.end_round()

    def end_round(self) -> None:
        if self.phase == "round1":
            self.phase = "draw" if self.current > 0 else "over"
        else:
            self.phase = "showdown"

    def start_round2(self) -> None:
        self.phase = "round2"
        if self.round2_first == "first_bettor_round1":
            start = self.first_bettor
        else:
            start = self.left_of(self.dealer)
        self.open_round(self.first_in_from(start))


def event_for(name: str, kind: str, size: int):
    return {"fold": lambda: Fold(player=name), "check": lambda: Check(player=name),
            "call": lambda: Call(player=name), "bet": lambda: Bet(player=name, amount=size),
            "raise": lambda: Raise(player=name, amount=size), "draw": lambda: Draw(player=name, count=size)}[kind]()


PROBE_KINDS = ["fold", "check", "call", "bet", "raise", "draw"]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_draw_betting_agrees_with_the_rules_as_written(data):
    """draw.4, draw.5, draw.6, draw.7, draw.8, draw.raise_cap: event by event, whose turn it is, when a
    round ends, who draws first and who begins round 2, whether a random action (any player, any kind,
    any size) is legal, and every stack -- as the independent model says; chips are conserved."""
    n = data.draw(st.integers(2, 6), label="players")
    dealer = data.draw(st.integers(0, n - 1), label="dealer")
    game = data.draw(st.sampled_from(["straight_draw", "jackpots"]), label="game")
    cap = data.draw(st.sampled_from(["per_player_3", "bet_plus_4_raises_total"]), label="cap")
    r2 = data.draw(st.sampled_from(["first_bettor_round1", "left_of_dealer"]), label="round2_first")
    rb = load_rulebook(game).with_options({"draw.raise_cap": cap, "draw.round2_first": r2})
    names = NAMES[:n]
    setup = HandSetup(rb, [(p, 200) for p in names], names[dealer])
    model = DrawModel(n, dealer, [200] * n, cap, r2)
    aggressive = data.draw(st.booleans(), label="raise whenever allowed")
    state = start_hand(setup)
    phases = {"over": "over"}
    for _ in range(60):
        turn = model.to_act()
        assert state.to_act() == (names[turn] if turn is not None else None), (model.phase, state.phase)
        assert state.phase == phases.get(model.phase, model.phase)
        assert list(state.stacks) == model.stacks
        assert sum(state.stacks) + state.middle() == 200 * n
        if turn is None:
            break
        if model.phase in ("round1", "round2"):  # the prompt offers a bet or raise exactly when one is legal
            offered = state.prompt().options
            assert (offered.raise_min is not None) == any(k in ("bet", "raise") for k, _ in model.choices(turn))
        # a random probe: the engine's check must call it legal exactly when the model does
        who = data.draw(st.one_of(st.just(turn), st.integers(0, n - 1)), label="probe player")
        kind = data.draw(st.sampled_from(PROBE_KINDS), label="probe kind")
        size = data.draw(st.integers(1, 7), label="probe size")
        if kind == "draw":  # 0 to 5: a draw of more than the five cards of a hand is refused as input
            size = min(size - 1, 5)
        if kind not in ("fold", "check", "call") or state.live[who]:
            verdict = state.legality(event_for(names[who], kind, size))
            assert verdict.legal == model.legal(who, kind, size), (names[who], kind, size, verdict.findings)
        # then a legal move, chosen by the model
        moves = model.choices(turn)
        if moves[0][0] == "fold" and data.draw(st.integers(0, 3), label="may fold"):
            moves = moves[1:]  # fold a quarter of the time, so that hands reach the draw and round 2
        if aggressive and any(k == "raise" for k, _ in moves):
            moves = [m for m in moves if m[0] == "raise"]  # a raising war, up to the cap
        kind, size = data.draw(st.sampled_from(moves), label="move")
        state.push(event_for(names[turn], kind, size))
        model.apply(turn, kind, size)
    event(f"ended in {model.phase}")
    outcome = state.outcome()
    assert sum(outcome.stacks.values()) + outcome.carried + outcome.undecided + outcome.in_middle == 200 * n
    if model.phase == "over":
        assert outcome.kind == "passed_out" and outcome.carried == model.pot


# ====================================================================== openers, counted


def is_straight(ranks: list[int]) -> bool:
    r = sorted(set(ranks))
    return len(r) == 5 and (r[-1] - r[0] == 4 or r == [2, 3, 4, 5, 14])


def opens_by_count(hand: list[str]) -> bool:
    """jackpots.1, counted: "a pair of jacks or better (JJ, QQ, KK, AA, two pair, trips, ...)" -- any pair
    of jacks or higher, two pairs, three or four of a kind, a full house, a straight or a flush."""
    order = "23456789TJQKA"
    ranks = [order.index(c[0]) + 2 for c in hand]
    counts = Counter(ranks)
    pairs = [r for r, k in counts.items() if k >= 2]
    return (any(r >= 11 for r in pairs) or len(pairs) >= 2 or max(counts.values()) >= 3
            or len({c[1] for c in hand}) == 1 or is_straight(ranks))


DECK = [c.text for c in standard_deck()]
PAIRED_HANDS = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)


@settings(max_examples=300, deadline=None)
@given(st.one_of(PAIRED_HANDS, st.permutations(DECK).map(lambda d: d[:5])))
def test_a_hand_opens_iff_it_holds_jacks_or_better_by_count(hand):
    """jackpots.1 / jackpots.min_open = JJ: ``holds_openers`` agrees with the tiny counter above."""
    assert holds_openers(cards(" ".join(hand)), "JJ") == opens_by_count(hand), hand


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True))
def test_jackpots_opening_without_openers_is_a_false_open(hand):
    """jackpots.1 and jackpots.10 end to end: Bob is dealt the hand, opens, everybody folds -- he takes the
    pot if the counter says it opens, else it is a false open and the pot stays."""
    setup = HandSetup(load_rulebook("jackpots"), [(p, 100) for p in NAMES[:4]], "Ann")
    r = replay_hand(setup, [Deal(player="Bob", cards=tuple(cards(" ".join(hand)))), Bet(player="Bob", amount=2),
                            Fold(player="Cy"), Fold(player="Dee"), Fold(player="Ann")])
    assert r.outcome.kind == ("uncontested" if opens_by_count(hand) else "false_open"), hand


# ====================================================================== side pots, peeled


def peel(contributed: list[int], live: list[bool], dead: int, ranking: list[int]) -> list[int]:
    """Table stakes stated plainly: the best hand still in wins from every player at most what he put in
    himself (the dead chips too); what is left goes to the next best, and so on; chips nobody still in
    could win stay in the middle (returned here as the last entry)."""
    taken = [0] * len(contributed)  # chips already won from each player
    won = [0] * len(contributed)
    dead_left = dead
    for w in ranking:  # best first, live players only
        for j, c in enumerate(contributed):
            chips = max(0, min(c, contributed[w]) - taken[j])
            taken[j] += chips
            won[w] += chips
        won[w] += dead_left
        dead_left = 0
    left = [c - t for c, t in zip(contributed, taken)]
    return won + [sum(left) + dead_left]


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_side_pots_match_table_stakes(data):
    """Pots (pots.py; table stakes, draw.betting, brag covers aside): cutting contributions into main and side
    pots and giving each to the best eligible hand pays each player exactly what the peeling statement
    says; nothing is made or lost."""
    n = data.draw(st.integers(2, 6))
    contributed = data.draw(st.lists(st.integers(0, 30), min_size=n, max_size=n))
    live = data.draw(st.lists(st.booleans(), min_size=n, max_size=n).filter(any))
    dead = data.draw(st.integers(0, 12))
    everyone = [s for s in range(n) if live[s]]
    ranking = data.draw(st.permutations(everyone))
    pots = build_pots(contributed, live, dead)
    assert sum(p.amount for p in pots) == sum(contributed) + dead
    won = [0] * n
    for pot in pots:
        assert all(live[s] for s in pot.eligible)
        best = min(pot.eligible, key=ranking.index)
        won[best] += pot.amount
    expected = peel(contributed, live, dead, ranking)
    # build_pots gives chips above the highest live level to the last pot (RULES: "impossible in a
    # well-formed hand", a folded player never bets more than the top live player): compare such
    # hands on totals only
    top_live = max(contributed[s] for s in everyone)
    if all(c <= top_live for c in contributed):
        assert won == expected[:n] and expected[n] == 0, (contributed, live, dead, ranking, pots)
    else:
        assert sum(won) == sum(expected)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_no_limit_all_ins_pay_as_table_stakes_say(data):
    """draw.betting = no_limit with short stacks, end to end: everybody stands pat on known hands and the
    showdown pays each player what the peeling statement says for the chips the engine took from him
    (ranking by a peer evaluator, treys, not by referee's own)."""
    from treys import Card as TCard, Evaluator

    n = data.draw(st.integers(2, 5))
    stacks = data.draw(st.lists(st.integers(3, 30), min_size=n, max_size=n))
    names = NAMES[:n]
    deck = data.draw(st.permutations(DECK))
    hands = {names[i]: deck[5 * i:5 * i + 5] for i in range(n)}
    rb = load_rulebook("straight_draw").with_options({"draw.betting": "no_limit", "draw.ante": "each_player_antes_1"})
    setup = HandSetup(rb, list(zip(names, stacks)), names[0])
    events = [Deal(player=p, cards=tuple(cards(" ".join(h)))) for p, h in hands.items()]
    state = start_hand(setup)
    for e in events:
        state.push(e)
    for _ in range(40):
        turn = state.prompt()
        if turn.to_act is None:
            break
        if turn.phase == "draw":
            state.push(Draw(player=turn.to_act, count=0))
            continue
        opts = turn.options
        choice = data.draw(st.sampled_from(["allin", "call", "allin", "fold"]))
        who = turn.to_act
        if choice == "allin" and opts.raise_max is not None:
            state.push((Bet if opts.is_bet else Raise)(player=who, amount=opts.raise_max))
        elif choice == "fold" and not opts.can_check:
            state.push(Fold(player=who))
        elif opts.to_call:
            state.push(Call(player=who))
        else:
            state.push(Check(player=who))
    event(f"ended in {state.phase}")
    if state.phase != "showdown":
        return
    for p in state.in_hand():
        state.push(Show(player=names[p], cards=tuple(cards(" ".join(hands[names[p]])))))
    contributed = [stacks[i] - 1 - state.stacks[i] for i in range(n)]  # after the ante of 1
    live = list(state.live)
    ev = Evaluator()
    score = {i: ev.evaluate([TCard.new(c) for c in hands[names[i]]], []) for i in range(n) if live[i]}
    if len(set(score.values())) < len(score):
        return  # a tie: the peeling statement above is for distinct hands
    ranking = sorted(score, key=score.get)
    before = list(state.stacks)
    outcome = state.outcome()
    expected = peel(contributed, live, n, ranking)
    assert [outcome.stacks[names[i]] - before[i] for i in range(n)] == expected[:n]
    assert outcome.carried == expected[n]
