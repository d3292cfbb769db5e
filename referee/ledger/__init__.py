"""The night's money: the session ledger derived from the log, settlement with the fewest
transfers, standings across nights, and the import of a PokerNow ledger.

* :mod:`referee.ledger.ledger` — one session's ledger: buy-ins, rebuys, cash-outs, the games' money
  (La Viuda's fund and buy-backs, the whisky bill), the conservation check and the policy that
  absorbs a shortfall; each player's balance in integer cents.
* :mod:`referee.ledger.settlement` — who pays whom (with :mod:`~referee.ledger.zero_sum`,
  :mod:`~referee.ledger.pair_flow`, :mod:`~referee.ledger.plain_debts`).
* :mod:`referee.ledger.standings` — players' results across nights, aliases merged.
* :mod:`referee.ledger.pokernow` — a PokerNow ledger CSV read into per-player money.

Nothing here imports the store, the CLI or WeasyPrint at module level.
"""
