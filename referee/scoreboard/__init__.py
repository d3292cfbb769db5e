"""The live scoreboard: a read-only web page per session that players follow on their phones.

:mod:`.view` builds what a page shows from the log alone, and only what the table has seen
(:mod:`referee.engine.public`); :mod:`.app` serves it (Starlette, server-sent events) behind a read
token (:mod:`.token`).  Nothing here writes to the store.
"""
