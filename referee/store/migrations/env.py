"""Alembic environment for referee's store.

Run only through :mod:`referee.store.migrate`, which passes an open connection (already inside a
transaction) in ``config.attributes["connection"]``; there is no alembic.ini and no URL here.
"""

from __future__ import annotations

from alembic import context
from referee.store.tables import metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("referee's migrations run through referee.store.migrate.upgrade(engine), not the alembic CLI")

context.configure(
    connection=connection,
    target_metadata=metadata,
    render_as_batch=connection.dialect.name == "sqlite",  # SQLite alters tables by copy-and-move
    transactional_ddl=True,  # PostgreSQL always; SQLite through referee.store.db's BEGIN hook
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
