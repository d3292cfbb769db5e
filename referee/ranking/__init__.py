"""Hand ranking: pure functions, no I/O.

* :mod:`referee.ranking.poker` — five-card high poker, with any wild cards (jokers, a wild rank);
* :mod:`referee.ranking.brag` — three-card Brag (prials, runs, braggers).

Helpers: :mod:`~referee.ranking.keys` (categories and the integer key), :mod:`~referee.ranking.tables`
(natural lookup tables), :mod:`~referee.ranking.wild` (best hand with wild cards).
Import the submodule you need; this package imports nothing itself.
"""
