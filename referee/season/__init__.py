"""The season: results across nights as a club sees them.

A player across nights (:mod:`.player`), named seasons and their league tables scored by a scoring
file (:mod:`.scoring`, :mod:`.league`), the season report (:mod:`.report`).  Everything reads the
nights' kept figures (:mod:`referee.ledger.kept`): no night is replayed for a season's question
unless its kept figures no longer fit its log.
"""
