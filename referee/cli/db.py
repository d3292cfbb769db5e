"""``referee db``: which database, its schema revision and contents; apply migrations; verify the logs.

Every command of ``db`` and ``session`` takes ``--db URL`` (or ``REFEREE_DB``; else the default
SQLite file in the user data folder).  sqlalchemy and alembic are imported inside the
command bodies only.  A database that cannot be used is a StoreError, which the root group prints
as one ``Error: …`` line with a hint (exit 2).
"""

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any

import typer

from referee.i18n import _, ngettext
from referee.plain_words import plural

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

AskedAtOption = Annotated[
    int | None,
    typer.Option(
        "--asked-at",
        metavar="EVENT",
        min=0,
        help="Run again after exit 75: where the log stood when the lost run asked (it printed it), so that "
        "what it recorded is found even if more was recorded since.",
    ),
]


@contextmanager
def found_again_at() -> Iterator[None]:
    """A writing command's exit 75 (its reply may be lost after the server stored its fact) says how
    to run it again: as it is, or with ``--asked-at N`` (where the log stood when it asked, which the
    store set on the error) once anything else has been recorded."""
    from referee.errors import RetryableError

    try:
        yield
    except RetryableError as err:
        if err.asked_at is not None:
            err.hint = (f"{err.hint}; " if err.hint else "") + asked_at_hint(err.asked_at)
        raise


def asked_at_hint(at: int) -> str:
    """How a writing command that exited 75 is run again so that it finds its own fact."""
    return _("run as it is, it finds what it stored; if anything else is recorded first, add --asked-at {at} "
             "(where the log stood when it asked)").format(at=at)


def open_for(ctx: typer.Context, db: str | None, *, migrate: bool = True, create: bool = False) -> "Store":
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

    Creates no tables and migrates nothing: an empty database shows no revision until first used (a
    SQLite file that does not exist is refused, as by every command that does not start something).
    """
    from referee.store.migrate import current_revision, head_revision

    with open_for(ctx, db, migrate=False) as store:
        with store.guard(), store.engine.connect() as conn:
            revision = current_revision(conn)
            server = conn.dialect.server_version_info
        head = head_revision()
        counts = store.counts() if revision == head else None
        if revision is None:
            state = _("not initialised: `referee db upgrade` (or any command that records) creates the tables")
        elif revision == head:
            state = _("up to date")
        else:
            state = _("differs from this referee's {head}: run `referee db upgrade` (or upgrade referee if it is "
                      "newer)").format(head=head)
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
    typer.echo(_("Database:  {url}  ({source})").format(url=data["url"], source=data["source"]))
    typer.echo(_("Dialect:   {dialect} {version}").format(dialect=data["dialect"],
                                                          version=data["server_version"]).rstrip())
    typer.echo(_("Schema:    {revision} ({state})").format(revision=revision or _("none"), state=state))
    if counts is not None:
        typer.echo(_("Contents:  {counts}").format(counts=", ".join(_counted(name, n) for name, n in counts.items())))


def _counted(name: str, count: int) -> str:
    """``3 players``, ``1 alias``: what the store holds of one kind, in words."""
    said = {"players": lambda: ngettext("{count} player", "{count} players", count),
            "aliases": lambda: ngettext("{count} alias", "{count} aliases", count),
            "sessions": lambda: ngettext("{count} session", "{count} sessions", count),
            "seats": lambda: ngettext("{count} seat", "{count} seats", count),
            "hands": lambda: ngettext("{count} hand", "{count} hands", count),
            "events": lambda: ngettext("{count} event", "{count} events", count)}
    return said[name]().format(count=count) if name in said else f"{count} {name}"


@app.command("upgrade")
def upgrade(ctx: typer.Context, db: DbOption = None) -> None:
    """Create the tables or apply pending migrations (all in one transaction; commands do it on first use)."""
    from referee.store.migrate import upgrade as run_upgrade

    with open_for(ctx, db, migrate=False, create=True) as store, store.guard():
        result = run_upgrade(store.engine)
    if result.changed:
        typer.echo(_("Upgraded {url}: schema {before} -> {after}").format(
            url=store.display_url, before=result.before or _("none"), after=result.after))
    else:
        typer.echo(_("{url}: schema already at {after} (up to date)").format(url=store.display_url, after=result.after))


@app.command("verify")
def verify(
    ctx: typer.Context,
    db: DbOption = None,
    session: Annotated[int | None, typer.Option("--session", metavar="ID", help="Verify only this session.")] = None,
) -> None:
    """Check every session's hash chain: was any recorded event edited, removed or reordered?  And
    every kept result: one edited outside referee is replaced from the log, and named.

    Exits 1 when a chain is broken, naming the first event that does not fit.
    """
    from referee.ledger.kept import replace_unverified
    from referee.store.audit import unsigned_words
    from referee.store.key import KEY_ENV_VAR, store_key_path
    from referee.store.kept import FIGURES
    from referee.store.tables import ORIGIN_LOG_SIGNED, ORIGIN_LOG_UNVERIFIED, ORIGIN_LOG_VERIFIED

    with open_for(ctx, db) as store:
        reports = [store.verify_chain(session)] if session is not None else store.verify_all()
        origins = {g.id: g.origin for g in store.sessions()}
        columns = {report.session_id: store.audit_session(report.session_id) for report in reports}
        unsigned = store.unsigned_rows()
        games = {g.id: g for g in store.sessions()}
        key_path = store_key_path(store.engine.url)
        replaced = replace_unverified(store, session)
    foreign_key = bool(games) and unsigned is not None and len(unsigned) == len(games)
    if foreign_key:  # not one row is signed with this key: the key, not the rows, is the likelier cause
        typer.echo(_("No session row carries this store's signature: the key here ({key}) is not the one the store "
                     "was written with (copy that key file here, or name it with {variable}), or every row was "
                     "edited; what only the signature covers (created_at, buy_in_default, fingerprint) is not "
                     "checked").format(key=key_path or _("this process"), variable=KEY_ENV_VAR))
    elif unsigned:
        for sid in unsigned:
            if sid in columns:
                columns[sid].insert(0, unsigned_words(games[sid]))
    for sid, kind in replaced:
        said = (_("session {session}: its kept figures (ledger and hands) did not verify (edited outside referee): "
                  "replaced from the log") if kind == FIGURES else
                _("session {session}: its kept table state (the night thread) did not verify (edited outside "
                  "referee): replaced from the log"))
        typer.echo(said.format(session=sid))
    broken = unverified = edited = 0
    for report in reports:
        origin = origins.get(report.session_id)
        if not report.ok:
            broken += 1
            typer.echo(_("session {session}: CHAIN BROKEN at {problem}").format(session=report.session_id,
                                                                               problem=report.problem))
        elif columns[report.session_id]:
            edited += 1
            typer.echo(_("session {session}: ROW EDITED: {problems} (the log is the truth: the session's row was "
                         "changed outside referee)").format(session=report.session_id,
                                                            problems="; ".join(columns[report.session_id])))
        elif origin == ORIGIN_LOG_UNVERIFIED:  # its chain starts at its import: what came before is unproven
            unverified += 1
            typer.echo(_("session {session}: {events}, chain intact since its import (head {head}); IMPORTED "
                         "UNVERIFIED with --as-new: its log before the import is not proven").format(
                session=report.session_id, events=plural(report.events, "event", "events"), head=report.head[:16]))
        else:
            said = {ORIGIN_LOG_VERIFIED: _("session {session}: {events}, chain intact (head {head}), imported from a "
                                           "verified export (its origin unsigned)"),
                    ORIGIN_LOG_SIGNED: _("session {session}: {events}, chain intact (head {head}), imported from "
                                         "this store's own signed export")}.get(
                origin or "", _("session {session}: {events}, chain intact (head {head})"))
            typer.echo(said.format(session=report.session_id, events=plural(report.events, "event", "events"),
                                   head=report.head[:16]))
    if not reports:
        typer.echo(_("No sessions to verify."))
    elif broken:
        typer.echo(ngettext("{count} of {sessions} has a broken chain: its log was changed after recording.",
                            "{count} of {sessions} have a broken chain: their logs were changed after recording.",
                            broken).format(count=broken, sessions=plural(len(reports), "session", "sessions")))
        raise typer.Exit(1)
    elif edited or foreign_key:
        if not edited:
            raise typer.Exit(1)
        typer.echo(ngettext("{count} of {sessions} has its row changed outside referee: `referee session show N` "
                            "shows it as stored; its log is the truth.",
                            "{count} of {sessions} have their row changed outside referee: `referee session show "
                            "N` shows it as stored; its log is the truth.",
                            edited).format(count=edited, sessions=plural(len(reports), "session", "sessions")))
        raise typer.Exit(1)
    elif unverified:
        typer.echo(_("{verified} of {sessions} verified; {unverified} imported unverified (their log before the "
                     "import is not proven).").format(verified=len(reports) - unverified, unverified=unverified,
                                                      sessions=plural(len(reports), "session", "sessions")))
    else:
        typer.echo(ngettext("All {count} session verified.", "All {count} sessions verified.",
                            len(reports)).format(count=len(reports)))
