"""The rules engine: pure code, no I/O.  A replay takes a rulebook and a hand's events and returns
the state after each event, the outcome and the findings."""
