"""The store: where sessions, hands and their append-only event log are kept (SQLite or PostgreSQL).

``from referee.store.store import open_store`` is the way in (:mod:`referee.store.store`, the reads);
the tables are :mod:`referee.store.tables`, the write path :mod:`referee.store.transaction`, the
one way rows get into the log :mod:`referee.store.appending`, an event's stored form
:mod:`referee.store.codec`, the hash chain :mod:`referee.store.chain`, the table state a log leads to
:mod:`referee.store.log`.  This package
imports nothing itself, so the log's pure parts load without SQLAlchemy.
"""
