"""The plain, unsimplified debts: what each loser owes each winner before any simplification.

Each loser pays every winner in proportion to that winner's winnings: a loser down ``l`` pays a
winner up ``w`` the share ``l × w / T`` of the night, ``T`` being the winners' total (= the
losers').  This is the list people check the simplified one against.

In integer cents the shares rarely come out whole.  The rule, so that every loser still pays
exactly what they lost and every winner gets exactly what they won:

1. each share is first rounded down;
2. the cents left over (for each loser, fewer than the number of winners) go one cent at a time to
   the shares with the largest remainders — ties in name order of the loser, then the winner —
   skipping a share whose loser or winner is already whole;
3. if that leaves someone short (it can, when the largest remainders crowd onto one person), a
   short augmenting search moves single cents between shares until both totals are exact.  Every
   share stays within one cent of its exact value.
"""

from __future__ import annotations

from collections.abc import Sequence


def proportional_debts(balances: Sequence[tuple[str, int]]) -> list[tuple[str, str, int]]:
    """``(loser, winner, cents)`` for every loser and winner, in the order the balances are given.

    ``balances`` sum to zero; zero balances are ignored; shares that round to nothing are left out.
    """
    losers = [(name, -b) for name, b in balances if b < 0]
    winners = [(name, b) for name, b in balances if b > 0]
    total = sum(w for _, w in winners)
    if not total:
        return []
    share = [[lost * won // total for _, won in winners] for _, lost in losers]
    remainder = [[lost * won % total for _, won in winners] for _, lost in losers]
    short_row = [lost - sum(row) for (_, lost), row in zip(losers, share, strict=True)]
    short_col = [won - sum(row[j] for row in share) for j, (_, won) in enumerate(winners)]
    extra = [[False] * len(winners) for _ in losers]

    cells = [(i, j) for i in range(len(losers)) for j in range(len(winners)) if remainder[i][j]]
    cells.sort(key=lambda c: -remainder[c[0]][c[1]])  # stable: name order on ties
    for i, j in cells:
        if short_row[i] and short_col[j]:
            extra[i][j] = True
            short_row[i] -= 1
            short_col[j] -= 1
    for i in range(len(losers)):
        while short_row[i]:
            _augment(i, remainder, extra, short_row, short_col)

    return [
        (loser, winner, share[i][j] + extra[i][j])
        for i, (loser, _) in enumerate(losers)
        for j, (winner, _) in enumerate(winners)
        if share[i][j] + extra[i][j]
    ]


def _augment(start: int, remainder: list[list[int]], extra: list[list[bool]],
             short_row: list[int], short_col: list[int]) -> None:
    """Give loser ``start`` one more rounded-up share, passing one along a chain of losers if needed.

    Breadth-first over loser → winner (a share with a remainder not yet rounded up) and winner →
    loser (a share already rounded up, which that loser gives back).  A path exists because the
    exact fractional shares are a solution (integral flows on a bipartite network).
    """
    width = len(short_col)
    came_from: dict[tuple[str, int], tuple[str, int] | None] = {("row", start): None}
    queue = [("row", start)]
    for node in queue:
        side, k = node
        if side == "row":
            nexts = [("col", j) for j in range(width) if remainder[k][j] and not extra[k][j]]
        else:
            if short_col[k]:
                break
            nexts = [("row", i) for i in range(len(short_row)) if extra[i][k]]
        for nxt in nexts:
            if nxt not in came_from:
                came_from[nxt] = node
                queue.append(nxt)
    else:  # pragma: no cover - the fractional shares guarantee a path
        raise AssertionError("no way to round the shares")
    end = node
    short_col[end[1]] -= 1
    short_row[start] -= 1
    while came_from[end] is not None:
        prev = came_from[end]
        assert prev is not None
        if prev[0] == "row":  # loser prev[1] takes winner end[1]'s extra cent
            extra[prev[1]][end[1]] = True
        else:  # loser end[1] gives back winner prev[1]'s extra cent
            extra[end[1]][prev[1]] = False
        end = prev
