"""Debts routed only along allowed pairs: can they be settled at all, and a plan that does it.

Debtors owe, creditors are owed, and a debtor may pay a creditor only when the pair is allowed (no
forbidden pair).  This is a transportation problem: a maximum flow from the debtors to the
creditors over the allowed pairs (Edmonds–Karp: shortest augmenting paths, so the number of
augmentations does not depend on the amounts).  When the flow cannot carry every debt, the debtors
still reachable from an unpaid one are the people who cannot be settled: together they owe more than
all the creditors they may pay are owed (Hall's condition fails), which is what the error names.

Before the searches, each debtor pays each allowed creditor what it can, in order: most of the
flow, found without a search.  A flow can use more pairs than needed; cancelling its cycles (shift
money around a cycle until one of its transfers drops to zero) leaves a forest, which has at most
one transfer fewer than the people it touches.  Preferred pairs are tried first and kept when a
cycle can drop another pair instead.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

Pair = Callable[[str, str], bool]


@dataclass(frozen=True)
class Shortfall:
    """Debtors who cannot pay everything they owe over the allowed pairs."""

    debtors: tuple[str, ...]
    owed: int  # what those debtors owe in all
    creditors: tuple[str, ...]  # every creditor they may pay
    payable: int  # what those creditors are owed in all


def flow_plan(
    debtors: Sequence[tuple[str, int]],
    creditors: Sequence[tuple[str, int]],
    allowed: Pair,
    preferred: Pair = lambda payer, payee: False,
) -> list[tuple[str, str, int]] | Shortfall:
    """A forest of ``(payer, payee, cents)`` settling ``debtors`` (owing) with ``creditors`` (owed).

    Amounts are positive and both sides total the same.  The plan's order: payer, then payee, in the
    order given.  A :class:`Shortfall` when the allowed pairs cannot carry every debt.
    """
    flow, short = _route(debtors, creditors, allowed, preferred)
    if short is not None:
        return short
    _cancel_cycles(flow, preferred)
    order = {name: i for i, (name, _) in enumerate([*debtors, *creditors])}
    return [(a, b, cents) for (a, b), cents in sorted(flow.items(), key=lambda e: (order[e[0][0]], order[e[0][1]]))]


def shortfall(
    debtors: Sequence[tuple[str, int]], creditors: Sequence[tuple[str, int]], allowed: Pair
) -> Shortfall | None:
    """Who cannot be settled over the allowed pairs, or ``None`` when everyone can."""
    return _route(debtors, creditors, allowed, lambda payer, payee: False)[1]


def _route(
    debtors: Sequence[tuple[str, int]], creditors: Sequence[tuple[str, int]], allowed: Pair, preferred: Pair
) -> tuple[dict[tuple[str, str], int], Shortfall | None]:
    """A maximum flow (preferred pairs first) and the shortfall if it does not carry every debt."""
    supply = {name: owed for name, owed in debtors}
    demand = {name: due for name, due in creditors}
    flow: dict[tuple[str, str], int] = {}
    d_names = [name for name, _ in debtors]
    c_names = [name for name, _ in creditors]

    def augment(usable: Pair) -> None:
        for d in d_names:  # straight payments first: most of the flow, without a search
            for c in c_names:
                amount = min(supply[d], demand[c])
                if amount and usable(d, c):
                    supply[d] -= amount
                    demand[c] -= amount
                    flow[(d, c)] = flow.get((d, c), 0) + amount
        while True:
            path = _augmenting_path(d_names, c_names, supply, demand, flow, usable)
            if path is None:
                return
            amount = min(supply[path[0]], demand[path[-1]])
            for k in range(1, len(path) - 1, 2):  # the creditor → debtor steps undo flow
                amount = min(amount, flow[(path[k + 1], path[k])])
            supply[path[0]] -= amount
            demand[path[-1]] -= amount
            for k in range(0, len(path) - 1):
                if k % 2 == 0:
                    edge = (path[k], path[k + 1])
                    flow[edge] = flow.get(edge, 0) + amount
                else:
                    edge = (path[k + 1], path[k])
                    flow[edge] -= amount
                    if not flow[edge]:
                        del flow[edge]

    augment(lambda a, b: allowed(a, b) and preferred(a, b))
    augment(allowed)
    if any(supply.values()):
        return flow, _shortfall(d_names, c_names, supply, flow, allowed, dict(debtors), dict(creditors))
    return flow, None


def _augmenting_path(d_names: list[str], c_names: list[str], supply: dict[str, int], demand: dict[str, int],
                     flow: dict[tuple[str, str], int], usable: Pair) -> list[str] | None:
    """Debtor, creditor, debtor, ... creditor: from a debtor with money left to a creditor still owed."""
    parent: dict[str, str | None] = {}
    queue: deque[str] = deque()
    creditors = set(c_names)
    for d in d_names:
        if supply[d] > 0:
            parent[d] = None
            queue.append(d)
    while queue:
        node = queue.popleft()
        if node in creditors:
            if demand[node] > 0:
                path = [node]
                while parent[path[-1]] is not None:
                    path.append(parent[path[-1]])  # type: ignore[arg-type]
                return path[::-1]
            nexts = [d for d in d_names if flow.get((d, node), 0) > 0]
        else:
            nexts = [c for c in c_names if usable(node, c)]
        for nxt in nexts:
            if nxt not in parent:
                parent[nxt] = node
                queue.append(nxt)
    return None


def _shortfall(d_names: list[str], c_names: list[str], supply: dict[str, int], flow: dict[tuple[str, str], int],
               allowed: Pair, owed: dict[str, int], due: dict[str, int]) -> Shortfall:
    """The debtors (and creditors) reachable from an unpaid debtor in what is left of the network."""
    reached = {d for d in d_names if supply[d] > 0}
    queue = deque(reached)
    c_set = set(c_names)
    while queue:
        node = queue.popleft()
        nexts = [d for d in d_names if flow.get((d, node), 0) > 0] if node in c_set else [
            c for c in c_names if allowed(node, c)
        ]
        for nxt in nexts:
            if nxt not in reached:
                reached.add(nxt)
                queue.append(nxt)
    stuck = tuple(d for d in d_names if d in reached)
    paid_to = tuple(c for c in c_names if c in reached)
    return Shortfall(stuck, sum(owed[d] for d in stuck), paid_to, sum(due[c] for c in paid_to))


def _cancel_cycles(flow: dict[tuple[str, str], int], preferred: Pair) -> None:
    """Shift money round each cycle of the flow until one of its pairs carries nothing."""
    while (cycle := _find_cycle(flow)) is not None:
        # cycle: d0 c0 d1 c1 ... back to d0; edges alternate d→c forward (+) and d→c against (−)
        edges = []
        for k in range(len(cycle)):
            a, b = cycle[k], cycle[(k + 1) % len(cycle)]
            edges.append((a, b) if k % 2 == 0 else (b, a))
        plus, minus = edges[0::2], edges[1::2]
        options = []
        for gain, lose in ((plus, minus), (minus, plus)):
            drop = min(lose, key=lambda e: (flow[e], preferred(*e)))
            options.append((preferred(*drop), gain, lose, flow[drop]))
        _, gain, lose, amount = min(options, key=lambda o: o[0])  # drop a non-preferred pair if we can
        for e in gain:
            flow[e] += amount
        for e in lose:
            flow[e] -= amount
            if not flow[e]:
                del flow[e]


def _find_cycle(flow: dict[tuple[str, str], int]) -> list[str] | None:
    """A cycle of the pairs carrying money, as debtor, creditor, debtor, ... (first node a debtor)."""
    adjacent: dict[str, list[str]] = {}
    for a, b in flow:
        adjacent.setdefault(a, []).append(b)
        adjacent.setdefault(b, []).append(a)
    debtors = {a for a, _ in flow}
    seen: set[str] = set()
    for root in adjacent:
        if root in seen or root not in debtors:
            continue
        parent: dict[str, str | None] = {root: None}
        depth = {root: 0}
        stack = [root]
        while stack:
            node = stack.pop()
            seen.add(node)
            for nxt in adjacent[node]:
                if nxt == parent[node]:
                    continue
                if nxt in parent:  # a cycle: the two tree paths from node and nxt up to their meeting
                    cycle = _cycle_through(node, nxt, parent, depth)
                    start = next(k for k, name in enumerate(cycle) if name in debtors)
                    return cycle[start:] + cycle[:start]
                parent[nxt] = node
                depth[nxt] = depth[node] + 1
                stack.append(nxt)
    return None


def _cycle_through(a: str, b: str, parent: dict[str, str | None], depth: dict[str, int]) -> list[str]:
    up_a, up_b = [a], [b]
    while depth[up_a[-1]] > depth[up_b[-1]]:
        up_a.append(parent[up_a[-1]])  # type: ignore[arg-type]
    while depth[up_b[-1]] > depth[up_a[-1]]:
        up_b.append(parent[up_b[-1]])  # type: ignore[arg-type]
    while up_a[-1] != up_b[-1]:
        up_a.append(parent[up_a[-1]])  # type: ignore[arg-type]
        up_b.append(parent[up_b[-1]])  # type: ignore[arg-type]
    return up_a + up_b[-2::-1]  # a ... where they meet ... b, and b is next to a
