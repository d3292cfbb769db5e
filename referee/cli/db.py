"""``referee db``: which database, its schema revision and contents; apply migrations; verify the logs.

Every command of ``db`` and ``session`` takes ``--db URL`` (or ``REFEREE_DB``; else the default
SQLite file in the user data folder).  sqlalchemy, sqlmodel and alembic are imported inside the
command bodies only.  A database that cannot be used is a StoreError, which the root group prints
as one ``Error: …`` line with a hint (exit 2).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from referee.store.store import Store

app = typer.Typer(
    help="The database: where it is, its schema and contents; apply migrations; verify the event logs.",
    no_args_is_help=True,
)

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        envvar="REFEREE_DB",
        metavar="URL",
        show_envvar=True,
        help="Database URL: sqlite:///path/file.sqlite3 or postgresql://user[:password]@host[:port]/dbname "
        "(default: referee.sqlite3 in the user data folder).",
    ),
]


def open_for(ctx: typer.Context, db: str | None, *, migrate: bool = True, create: bool = False) -> Store:
    """Open the store a command was pointed at: the command's ``--db``, else ``referee --db URL``,
    else ``REFEREE_DB``, else the default SQLite file.  For every command that uses the database.

    A SQLite file that does not exist is created only with ``create``: by the commands that start
    something (:data:`~referee.store.db.STARTING_COMMANDS`); every other one refuses it in one line
    ("no store at …; did you mean …?"), so a mistyped path never makes a new, empty store."""
    from referee.store.store import open_store

    from_command_line = db if _source_name(ctx, "db") not in ("ENVIRONMENT", "DEFAULT") else None
    if from_command_line is None:
        from_command_line = ctx.meta.get("referee.db")
    return open_store(from_command_line, migrate=migrate, create=create)


def _source_name(ctx: typer.Context, param: str) -> str | None:
    source = ctx.get_parameter_source(param)
    return None if source is None else source.name


def _echo_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2, sort_keys=False, default=str))


@app.command("info")
def info(
    ctx: typer.Context,
    db: DbOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the information as JSON.")] = False,
) -> None:
    """Show the database URL (password masked), its dialect, schema revision and what it holds.

    Creates no tables and migrates nothing: a new database shows no revision until first used.
    """
    from referee.store.migrate import current_revision, head_revision

    with open_for(ctx, db, migrate=False) as store:
        with store.guard(), store.engine.connect() as conn:
            revision = current_revision(conn)
            server = conn.dialect.server_version_info
        head = head_revision()
        counts = store.counts() if revision == head else None
        if revision is None:
            state = "not initialised: `referee db upgrade` (or any command that records) creates the tables"
        elif revision == head:
            state = "up to date"
        else:
            state = f"differs from this referee's {head}: run `referee db upgrade` (or upgrade referee if it is newer)"
        data = {
            "url": store.display_url,
            "source": store.source,
            "dialect": store.dialect,
            "server_version": ".".join(str(part) for part in server or ()),
            "revision": revision,
            "head": head,
            "state": state,
            "counts": counts,
        }
    if as_json:
        _echo_json(data)
        return
    typer.echo(f"Database:  {data['url']}  ({data['source']})")
    typer.echo(f"Dialect:   {data['dialect']} {data['server_version']}".rstrip())
    typer.echo(f"Schema:    {revision or 'none'} ({state})")
    if counts is not None:
        typer.echo("Contents:  " + ", ".join(f"{n} {name}" for name, n in counts.items()))


@app.command("upgrade")
def upgrade(ctx: typer.Context, db: DbOption = None) -> None:
    """Create the tables or apply pending migrations (all in one transaction; commands do it on first use)."""
    from referee.store.migrate import upgrade as run_upgrade

    with open_for(ctx, db, migrate=False, create=True) as store, store.guard():
        result = run_upgrade(store.engine)
    if result.changed:
        typer.echo(f"Upgraded {store.display_url}: schema {result.before or 'none'} -> {result.after}")
    else:
        typer.echo(f"{store.display_url}: schema already at {result.after} (up to date)")


@app.command("verify")
def verify(
    ctx: typer.Context,
    db: DbOption = None,
    session: Annotated[int | None, typer.Option("--session", metavar="ID", help="Verify only this session.")] = None,
) -> None:
    """Check every session's hash chain: was any recorded event edited, removed or reordered?

    Exits 1 when a chain is broken, naming the first event that does not fit.
    """
    from referee.store.models import ORIGIN_LOG_UNVERIFIED, ORIGIN_LOG_VERIFIED

    with open_for(ctx, db) as store:
        reports = [store.verify_chain(session)] if session is not None else store.verify_all()
        origins = {g.id: g.origin for g in store.sessions()}
    broken = unverified = 0
    for report in reports:
        origin = origins.get(report.session_id)
        if not report.ok:
            broken += 1
            typer.echo(f"session {report.session_id}: CHAIN BROKEN at {report.problem}")
        elif origin == ORIGIN_LOG_UNVERIFIED:  # its chain starts at its import: what came before is unproven
            unverified += 1
            typer.echo(f"session {report.session_id}: {report.events} events, chain intact since its import (head "
                       f"{report.head[:16]}); IMPORTED UNVERIFIED with --as-new: its log before the import is not "
                       "proven")
        else:
            since = ", imported from a verified export" if origin == ORIGIN_LOG_VERIFIED else ""
            typer.echo(f"session {report.session_id}: {report.events} events, chain intact (head {report.head[:16]})"
                       f"{since}")
    if not reports:
        typer.echo("No sessions to verify.")
    elif broken:
        typer.echo(f"{broken} of {len(reports)} sessions have a broken chain: their logs were changed after recording.")
        raise typer.Exit(1)
    elif unverified:
        typer.echo(f"{len(reports) - unverified} of {len(reports)} sessions verified; {unverified} imported "
                   "unverified (their log before the import is not proven).")
    else:
        typer.echo(f"All {len(reports)} sessions verified.")
