"""The rules engine: pure code, no I/O.  A replay takes a rulebook and a hand's events and returns
the state after each event, the outcome and the findings.

* :mod:`referee.engine.events` -- what happened at the table (the event vocabulary);
* :mod:`referee.engine.state` -- the lean hand core every game is built on (push, prompt, outcome);
* :mod:`referee.engine.games` -- the registry: one module per game;
* :mod:`referee.engine.replay` / :mod:`referee.engine.night` -- replay a hand, a night.
"""
