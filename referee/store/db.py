"""Which database, and how to connect to it: URL resolution, engines, and connection errors.

The URL comes from ``--db`` (the CLI option), else ``REFEREE_DB``, else the default SQLite file
``<user data dir>/referee/referee.sqlite3`` (platformdirs).  ``postgresql://`` and ``postgres://``
URLs use psycopg 3; ``sqlite:///path`` uses the standard library's sqlite3, with WAL journaling,
foreign keys on and real transactions (DDL included) on every connection.

Every failure to reach or use the database becomes a one-line :class:`~referee.errors.StoreError`
naming the URL with its password masked, plus a hint.  A server that cannot be reached when the
command opens the database (refused, unknown host, wrong password) is the URL to check: exit 2.  A
server that answered and then went away in the middle of the command (stopped, restarted, its
connection terminated, refusing the command's next connection) or that says it is starting up or
shutting down is an outage: a
:class:`~referee.errors.ServerGoneError`, exit 75, run the command again once it is back.  A SQLite
file another program keeps locked for longer than a writer waits (``database is locked``) is a
:class:`~referee.errors.DatabaseBusyError`, exit 75 too: run it again in a moment.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import platformdirs

from referee.errors import DatabaseBusyError, RefereeError, RetryableError, ServerGoneError, StoreError
from referee.i18n import N_, _

if TYPE_CHECKING:
    from sqlalchemy.engine import URL, Engine

ENV_VAR: Final = "REFEREE_DB"
DEFAULT_FILENAME: Final = "referee.sqlite3"
CONNECT_TIMEOUT_SECONDS: Final = 5
SQLITE_BUSY_TIMEOUT_SECONDS: Final = 10
WRITE_OPTION: Final = "referee_write"  # execution option: take SQLite's write lock at BEGIN
_HINT_SET_URL: Final = N_("pass --db URL or set {variable}, e.g. sqlite:///path/to/referee.sqlite3 or postgresql://user@host/dbname")


def default_sqlite_path() -> Path:
    """``referee.sqlite3`` in the user data directory (``~/.local/share/referee`` on Linux)."""
    return platformdirs.user_data_path("referee") / DEFAULT_FILENAME


@dataclass(frozen=True)
class DatabaseChoice:
    """A database URL as given, and where it came from (``--db``, ``REFEREE_DB`` or ``default``)."""

    url: str
    source: str


def resolve_url(option: str | None = None, environ: Mapping[str, str] | None = None) -> DatabaseChoice:
    """``--db`` beats ``REFEREE_DB`` beats the default SQLite file (whose folder is created)."""
    env = os.environ if environ is None else environ
    if option is not None:
        if not option.strip():  # an empty --db is a mistake (an unset variable in a script), not "the default"
            raise StoreError(_("--db names no database: the URL is empty"),
                             hint=_("give a URL, e.g. --db sqlite:///path/to/referee.sqlite3, or leave --db out for the default database"))
        return DatabaseChoice(option.strip(), "--db")
    from_env = env.get(ENV_VAR, "").strip()
    if from_env:
        return DatabaseChoice(from_env, ENV_VAR)
    path = default_sqlite_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise StoreError(_("cannot create the data folder {folder}: {reason}").format(folder=path.parent, reason=err.strerror), hint=_set_url()) from None
    return DatabaseChoice(f"sqlite:///{path}", "default")


def mask_url(url: URL | str) -> str:
    """The URL as text with any password replaced by ``***`` (safe to print)."""
    from sqlalchemy.engine import make_url  # SQLAlchemy loads only when a database is opened, not for --help
    from sqlalchemy.exc import ArgumentError  # SQLAlchemy loads only when a database is opened, not for --help

    if isinstance(url, str):
        try:
            url = make_url(url)
        except (ArgumentError, ValueError):
            return _mask_unparsed(url)
    backend = url.get_backend_name()
    if backend == "sqlite":  # as typed: no percent-encoding of the path, no driver name
        query = "&".join(f"{k}={v}" for k, vs in url.query.items() for v in ((vs,) if isinstance(vs, str) else vs))
        return f"sqlite:///{url.database or ''}" + (f"?{query}" if query else "")
    return url.set(drivername=backend).render_as_string(hide_password=True)


def _mask_unparsed(text: str) -> str:
    """Mask ``user:password@`` in a string SQLAlchemy could not parse."""
    scheme, sep, rest = text.partition("://")
    if not sep or "@" not in rest:
        return text
    auth, _, host = rest.rpartition("@")
    user, colon, _password = auth.partition(":")
    return f"{scheme}://{user}{':***' if colon else ''}@{host}"


def parse_url(text: str) -> URL:
    """Read a database URL and pick its driver: psycopg 3 for PostgreSQL, sqlite3 for SQLite."""
    from sqlalchemy.engine import make_url  # SQLAlchemy loads only when a database is opened, not for --help
    from sqlalchemy.exc import ArgumentError  # SQLAlchemy loads only when a database is opened, not for --help

    try:
        url = make_url(text)
    except (ArgumentError, ValueError) as err:
        raise StoreError(_("malformed database URL {url!r}: {reason}").format(url=_mask_unparsed(text), reason=err), hint=_set_url()) from None
    dialect, _plus, driver = url.drivername.partition("+")
    if dialect in ("postgresql", "postgres"):
        if driver not in ("", "psycopg"):
            raise StoreError(_("unsupported PostgreSQL driver {driver!r} in {url}").format(driver=driver, url=mask_url(url)),
                             hint=_("write postgresql://... (referee connects through psycopg 3)"))
        return url.set(drivername="postgresql+psycopg")
    if dialect == "sqlite":
        if driver not in ("", "pysqlite"):
            raise StoreError(_("unsupported SQLite driver {driver!r} in {url}").format(driver=driver, url=mask_url(url)),
                             hint=_("write sqlite:///path/to/file.sqlite3"))
        return url.set(drivername="sqlite+pysqlite")
    raise StoreError(_("unsupported database {dialect!r} in {url}").format(dialect=dialect, url=mask_url(url)),
                     hint=_("referee stores into SQLite (sqlite:///path) or PostgreSQL (postgresql://user@host/db)"))


def _check_sqlite_path(url: URL) -> None:
    database = url.database or ""
    if database in ("", ":memory:") or database.startswith("file:"):
        return
    path = Path(database).expanduser()
    if path.is_dir():
        raise StoreError(_("cannot open database {url}: {path} is a folder, not a file").format(url=mask_url(url), path=path),
                         hint=_("name a file, e.g. sqlite:///{path}").format(path=path / DEFAULT_FILENAME))
    if not path.parent.is_dir():
        raise StoreError(_("cannot open database {url}: the folder {folder} does not exist").format(url=mask_url(url), folder=path.parent),
                         hint=_("create the folder first, or {hint}").format(hint=_set_url()))


#: the files SQLite (and the store's key) keep beside a database: never a store of their own
_SQLITE_SIDE_FILES: Final = ("-wal", "-shm", "-journal", ".key")
#: the commands that start something, and so may create a store (every other one refuses a missing one)
STARTING_COMMANDS: Final = ("referee session new", "referee import", "referee import-ledger", "referee demo",
                            "referee db upgrade")


class NoStoreError(StoreError):
    """A SQLite store that does not exist, named to a command that only uses one (a mistyped path)."""


def check_store_exists(url: URL, source: str) -> None:
    """NoStoreError unless the SQLite file of ``url`` exists (a server's database, an in-memory or
    ``file:`` URI: nothing to check): ``no store at PATH; did you mean …?``, naming a file of a
    nearby name in the same folder when there is one.  ``source``: where the URL came from."""
    database = url.database or ""
    if url.get_backend_name() != "sqlite" or database in ("", ":memory:") or database.startswith("file:"):
        return
    path = Path(database).expanduser()
    if path.exists() or not path.parent.is_dir():  # a missing folder is said when the engine is made
        return
    if source == "default":
        raise NoStoreError(_("no store at {path} (the default store): nothing has been recorded here yet").format(
                               path=database),
                           hint=_("`referee session new …` or `referee import FILE` starts it; or name another store "
                                  "with --db URL or {variable}").format(variable=ENV_VAR))
    nearby = _nearby_file(path)
    if nearby is not None:
        typed = str(Path(database).with_name(nearby.name))
        named = f"--db sqlite:///{typed}" if source == "--db" else f"{ENV_VAR}=sqlite:///{typed}"
        message = _("no store at {path}; did you mean {named}?").format(path=database, named=named)
    else:
        message = _("no store at {path}: no such file in {folder}").format(path=database, folder=path.parent.resolve())
    raise NoStoreError(message, hint=_("check the path; only the commands that start something create a store "
                                       "({commands})").format(commands=", ".join(STARTING_COMMANDS)))


def _nearby_file(path: Path) -> Path | None:
    """The file in ``path``'s folder whose name is nearest ``path``'s (a mistyped extension or letter)."""
    import difflib  # only when a store is missing

    try:
        names = [p.name for p in path.parent.iterdir()
                 if p.is_file() and not p.name.endswith(_SQLITE_SIDE_FILES)]
    except OSError:
        return None
    folded = {name.casefold(): name for name in names}
    match = difflib.get_close_matches(path.name.casefold(), list(folded), n=1, cutoff=0.75)
    return path.with_name(folded[match[0]]) if match else None


def _install_sqlite_hooks(engine: Engine) -> None:
    from sqlalchemy import event  # SQLAlchemy loads only when a database is opened, not for --help

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy, not the sqlite3 module, decide where transactions begin (so DDL is
        # transactional too), then switch on WAL and foreign keys for this connection.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_SECONDS * 1000}")
            cursor.execute("PRAGMA foreign_keys = ON")
            mode = cursor.execute("PRAGMA journal_mode = WAL").fetchone()
            if mode and str(mode[0]).lower() not in ("wal", "memory"):
                raise StoreError(_("SQLite refused WAL journal mode (got {mode!r})").format(mode=mode[0]))
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        # A writing transaction takes the write lock at once, so two writers queue (busy_timeout)
        # instead of one failing half-way with "database is locked".
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get(WRITE_OPTION) else "BEGIN")


def create_engine_for(url: URL) -> Engine:
    """An engine for a URL from :func:`parse_url`, with the SQLite connection hooks installed.

    Nothing is connected yet; :func:`describe_error` turns a later connection failure into a
    StoreError.
    """
    from sqlalchemy import create_engine  # SQLAlchemy loads only when a database is opened, not for --help

    connect_args: dict[str, Any] = {}
    if url.get_backend_name() == "sqlite":
        _check_sqlite_path(url)
        connect_args["timeout"] = SQLITE_BUSY_TIMEOUT_SECONDS
        if (url.database or "").startswith("file:"):
            connect_args["uri"] = True
    elif "connect_timeout" not in url.query:
        connect_args["connect_timeout"] = CONNECT_TIMEOUT_SECONDS
    try:
        engine = create_engine(url, connect_args=connect_args)
    except Exception as err:  # noqa: BLE001 - a bad URL query option, an unloadable driver
        raise describe_error(url, err) from None
    if url.get_backend_name() == "sqlite":
        _install_sqlite_hooks(engine)
    else:
        _quiet_pipeline_teardown()
    return engine


class _PipelineTeardown(logging.Filter):
    """Drops psycopg's "error ignored terminating <Pipeline …>" warning, and that one only.

    psycopg's ``executemany`` (an import's bulk insert, :class:`referee.store.transaction.BulkLog`) runs in a pipeline;
    when the server goes away in the middle, the error raised in the pipeline goes up (and is said in
    one line by the CLI), and closing the pipeline on the lost connection fails again: psycopg ignores
    that second error and logs it as a warning, which Python prints on stderr before our line.  It
    says nothing the error does not: the connection is lost."""

    def filter(self, record: logging.LogRecord) -> bool:
        from psycopg import Pipeline

        return not (str(record.msg).startswith(("error ignored terminating", "error ignored exiting"))
                    and isinstance(record.args, tuple) and record.args and isinstance(record.args[0], Pipeline))


def _quiet_pipeline_teardown() -> None:
    """Install :class:`_PipelineTeardown` on psycopg's logger (once)."""
    logger = logging.getLogger("psycopg")
    if not any(isinstance(f, _PipelineTeardown) for f in logger.filters):
        logger.addFilter(_PipelineTeardown())


def _unreachable(low: str) -> bool:
    """Whether a (lower-cased) message says no server answered at the URL's host and port."""
    return any(words in low for words in ("refused", "timeout", "timed out", "could not translate host",
                                          "name or service", "no route"))


def _set_url() -> str:
    """How to name the database: the hint of a database URL that cannot be used."""
    return _(_HINT_SET_URL).format(variable=ENV_VAR)


def _hint_for(url: URL, message: str) -> str:
    low = message.lower()
    if url.get_backend_name() == "sqlite":
        if "readonly" in low or "read-only" in low or "permission" in low:
            return _("the database file or its folder is read-only: use a writable path, or {hint}").format(hint=_set_url())
        if "not a database" in low:
            return _("the file is not a referee (SQLite) database: name another file")
        if "locked" in low or "busy" in low:
            return _("another referee is writing to this database: try again in a moment")
        return _("check the path, or {hint}").format(hint=_set_url())
    if "read-only transaction" in low or "permission denied" in low:  # a viewer's role (docs/operations.md)
        return _("this database user may only read (a viewer's URL): record with the URL of the owner's role")
    if "password" in low or "authentication" in low:
        return _("check the user name and password in the URL")
    if "does not exist" in low and "database" in low:
        return _("create the database first (createdb NAME), or name an existing one in the URL")
    if _unreachable(low):
        return _("is the server running? check host and port")
    return _("check the database URL and that the server accepts connections")


#: PostgreSQL's SQLSTATEs for a server going away: admin_shutdown (a fast stop, pg_terminate_backend),
#: crash_shutdown, cannot_connect_now (starting up, shutting down, in recovery).
_GONE_SQLSTATES: Final = frozenset({"57P01", "57P02", "57P03"})
_GONE_WORDS: Final = ("the database system is starting up", "the database system is shutting down",
                      "the database system is in recovery mode", "the database system is not yet accepting")


def one_line(text: str) -> str:
    """A driver's message of several lines as one line.  psycopg writes a clause a line and wraps
    its long sentences onto indented lines: a wrapped line goes on after a space, a new clause after
    ``; `` (a new sentence after ``. ``)."""
    joined = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if not joined or joined[-1] in ".;:,?!(" or (raw[:1].isspace() and line[:1].islower()):
            joined += (" " if joined else "") + line
        else:
            joined += (". " if line[:1].isupper() else "; ") + line
    return " ".join(joined.split())


def _server_gone(url: URL, err: BaseException, original: BaseException, text: str, answered: bool) -> bool:
    """Whether a failure is the server going away (an outage), not a URL or a request to fix."""
    low = text.lower()
    if answered and url.get_backend_name() != "sqlite" and "connect" in low and _unreachable(low):
        return True  # it answered earlier in this command: a new connection refused now, it went away
    if getattr(err, "connection_invalidated", False):  # SQLAlchemy: the connection broke mid-use
        return True
    if getattr(original, "sqlstate", None) in _GONE_SQLSTATES:
        return True
    return any(words in low for words in _GONE_WORDS)


def describe_error(url: URL, err: BaseException, *, answered: bool = False) -> StoreError:
    """A one-line StoreError for a database failure: what failed, on which URL (password masked);
    a ServerGoneError (exit 75) when the server went away, see the module's note.  ``answered``: the
    server answered earlier in this command (the store is open), so no answer now is an outage."""
    if isinstance(err, StoreError):
        return err
    original = getattr(err, "orig", None) or err
    text = one_line(str(original)) or type(original).__name__
    if url.password:
        text = text.replace(str(url.password), "***")
    for prefix in ("connection failed: ",):
        text = text.removeprefix(prefix)
    if url.get_backend_name() == "sqlite" and any(w in text.lower() for w in ("database is locked", "database is busy")):
        return DatabaseBusyError(
            _("the database is busy: another program kept it locked for more than {seconds} s ({reason})").format(
                seconds=SQLITE_BUSY_TIMEOUT_SECONDS, reason=text), where=mask_url(url),
            hint=_("another referee (or a program with the file open) is writing to it: what was reported done is "
                   "kept; run the command again in a moment"))
    if _server_gone(url, err, original, text, answered):
        return ServerGoneError(
            _("the database server went away: {reason}").format(reason=text), where=mask_url(url),
            hint=_("the server stopped or restarted (the URL is fine): what was reported done is kept; "
                   "run the command again once the server is back"))
    return StoreError(_("cannot use database {url}: {reason}").format(url=mask_url(url), reason=text), hint=_hint_for(url, text))


class ConflictError(StoreError, RetryableError):
    """The database refused a write that collided with another one (a unique key, a foreign key):
    retryable (exit 75), nothing was stored."""


class StaleLogError(ConflictError):
    """An append made against a log that moved on since the recorder last saw it (``expected_seq``):
    nothing was stored; the message says what was recorded meanwhile."""


@contextmanager
def guarded(url: URL) -> Iterator[None]:
    """Turn a database failure inside the block into a one-line StoreError naming ``url`` (masked)."""
    from sqlalchemy.exc import IntegrityError, SQLAlchemyError

    try:
        yield
    except RefereeError:
        raise
    except IntegrityError as err:
        raise ConflictError(
            f"the database refused the change: {' '.join(str(err.orig).split())}",
            where=mask_url(url),
            hint="another referee may have written the same thing at the same moment: try again",
        ) from None
    except SQLAlchemyError as err:
        # the store is open, so the server answered: no answer now is an outage, not a URL to fix
        raise describe_error(url, err, answered=True) from None
