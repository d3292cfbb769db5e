"""The scoreboard's web server: one session's page, its state as JSON, and its updates as server-sent
events; read-only.

* ``GET /s/{session}/{token}/`` the page (the assets it loads ship in this package: no CDN);
  ``…/state`` the view as JSON; ``…/events`` a server-sent event stream: the view at once on
  connecting (event ``state``, so a page that lost its connection catches up), then each time it
  changes what changed (event ``change``: the sections to ``set``, the items to ``append`` to a
  list), or the whole view again for a page that missed a change.
* a page speaks the night's language, else the phone's ``Accept-Language``
  (:mod:`referee.scoreboard.words`): the page and its data are made once per language asked for,
  and the answers that depend on it say ``Vary: Accept-Language``.
* a wrong or missing token, another session, any other path: 404 (the link without its last ``/``
  redirects to the page); any method but GET or HEAD, anywhere: 405.  Every response forbids inline
  script, framing and referrers (:data:`SECURITY_HEADERS`).
* the log is watched by polling its head (the last sequence number and the session's status), so
  an append from any recorder (the table prompt, ``referee act``, another machine on PostgreSQL)
  shows within the poll interval; while the database cannot be reached the pages are told so and
  keep the last view, and the watch goes on until it answers again.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any, Final

from anyio import to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from referee.i18n import N_, _, speaking
from referee.scoreboard.feed import NightFeed
from referee.scoreboard.token import token_matches
from referee.scoreboard.words import night_language, page, page_language

POLL_SECONDS = 0.2
#: what the pages are told while the database cannot be read
OFFLINE: Final = N_("the database cannot be reached")
#: the change that changes nothing
UNCHANGED: Final = '"set": {}, "append": {}'
#: the answers that depend on the page's language say so to caches
VARY: Final = {"Vary": "Accept-Language"}


def changes(old: dict[str, Any], new: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """What turns view ``old`` into ``new``: ``set`` the sections that changed, ``append`` to the
    lists that only grew (findings, rulings: a long night's page is not sent whole for an action)."""
    out: dict[str, dict[str, Any]] = {"set": {}, "append": {}}
    for key, value in new.items():
        before = old.get(key)
        if value == before:
            continue
        if isinstance(value, list) and isinstance(before, list) and before and value[:len(before)] == before:
            out["append"][key] = value[len(before):]
        else:
            out["set"][key] = value
    for key in old.keys() - new.keys():
        out["set"][key] = None
    return out


class Edition:
    """The view of the session in one language: its latest view (as JSON text) and what changed in
    it last, made from its own feed (the engine's words are made in that language)."""

    def __init__(self, store: Any, session_id: int, lang: str) -> None:
        self.lang = lang
        self.feed = NightFeed(store, session_id)
        self.view = "{}"
        self.change = UNCHANGED  # from the version before to this one
        self._doc: dict[str, Any] = {}  # the view last read (only the worker reading the feed touches it)

    def read(self) -> tuple[tuple[object, ...], bool]:
        """The log's head and whether the view changed (run in a worker thread)."""
        with speaking(self.lang):
            head, view = self.feed.read()
        if view is None:
            self.change = UNCHANGED
            return head, False
        self.change = json.dumps(changes(self._doc, view), ensure_ascii=False)[1:-1]
        self._doc = view
        self.view = json.dumps(view, ensure_ascii=False)
        return head, True


class Board:
    """The one session a server shows: its view in each language asked for (:class:`Edition`; the
    English one always, for the night's own language is read from it), the night's language, and
    who is waiting for the next change."""

    def __init__(self, store: Any, session_id: int, token: str, poll: float = POLL_SECONDS) -> None:
        self.store = store
        self.session_id = session_id
        self.token = token  # the session's read token (:mod:`.token`)
        self.poll = poll
        self.editions: dict[str, Edition] = {"en": Edition(store, session_id, "en")}
        #: the language the night names (its money locale's), when referee speaks it
        self.language: str | None = None
        self.head: tuple[object, ...] | None = None
        self.version = 0
        self.offline: str | None = None  # :data:`OFFLINE` while the database cannot be read
        self.changed = asyncio.Condition()

    @property
    def feed(self) -> NightFeed:
        """The English edition's feed."""
        return self.editions["en"].feed

    def _read(self) -> tuple[tuple[object, ...], bool]:
        """The log's head and whether any edition's view changed (run in a worker thread)."""
        changed = False
        head: tuple[object, ...] = ()
        for edition in list(self.editions.values()):
            head, moved = edition.read()
            changed = changed or moved
        self.language = night_language(self.feed.locale())
        return head, changed

    async def edition(self, lang: str) -> Edition:
        """The edition in ``lang``, made (and read) the first time it is asked for."""
        found = self.editions.get(lang)
        if found is None:
            found = Edition(self.store, self.session_id, lang)
            try:
                await to_thread.run_sync(found.read)
            except Exception:  # noqa: BLE001 - the database went away: read at the next refresh
                pass
            found = self.editions.setdefault(lang, found)
        return found

    async def refresh(self) -> None:
        """Look at the log once; tell the waiting pages if anything changed."""
        try:
            head, changed = await to_thread.run_sync(self._read)
        except Exception:  # noqa: BLE001 - a database that went away: say so, keep watching
            await self._publish(offline=OFFLINE)  # (not why: the error may name a path of the server)
            return
        if changed:
            self.head = head
            await self._publish(offline=None, changed=True)
        elif self.offline is not None:
            await self._publish(offline=None)

    async def _publish(self, *, offline: str | None, changed: bool = False) -> None:
        if not changed and offline == self.offline:
            return
        if not changed:
            for edition in self.editions.values():
                edition.change = UNCHANGED
        self.offline = offline
        async with self.changed:
            self.version += 1
            self.changed.notify_all()

    def _offline(self, lang: str) -> str:
        if self.offline is None:
            return "null"
        with speaking(lang):
            return json.dumps(_(self.offline), ensure_ascii=False)

    def message(self, lang: str = "en") -> str:
        """What a page is sent: the view, and whether it is live."""
        return '{"offline": %s, "view": %s}' % (self._offline(lang), self.editions[lang].view)

    def change_message(self, lang: str = "en") -> str:
        """What a page that has the version before is sent: what changed, and whether it is live."""
        return '{"offline": %s, %s}' % (self._offline(lang), self.editions[lang].change)

    def language_of(self, request: Request) -> str:
        """The language ``request``'s page speaks: the night's, else the phone's."""
        return page_language(self.language, request.headers.get("accept-language"))

    async def watch(self) -> None:
        while True:
            await self.refresh()
            await asyncio.sleep(self.poll)

    async def updates(self, request: Request, lang: str = "en") -> AsyncIterator[dict[str, str]]:
        """The event stream of one page in ``lang``: the state now (event ``state``), then each change:
        what changed (event ``change``) when the page has the version before, else the state."""
        seen = -1
        while True:
            async with self.changed:
                if seen == self.version:
                    try:
                        await asyncio.wait_for(self.changed.wait(), timeout=15)
                    except TimeoutError:
                        pass
            if await request.is_disconnected():
                return
            if seen != self.version:
                behind, seen = seen, self.version
                if behind >= 0 and behind == seen - 1:
                    yield {"event": "change", "data": self.change_message(lang)}
                else:
                    yield {"event": "state", "data": self.message(lang)}


#: what every response says to the browser: nothing but this server's own files (no inline script or
#: style), never in a frame, no referrer, no guessing at content types
SECURITY_HEADERS: Final = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Resource-Policy": "same-origin",
}


class Guard:
    """Around the app: any request but GET or HEAD, anywhere, is a 405 (no endpoint writes); every
    response carries :data:`SECURITY_HEADERS`; a request the app fails on is a bare 500, never a
    traceback (the app's own errors are a bug, said in one line: the scorekeeper's prompt is no place
    for a traceback)."""

    def __init__(self, app: Callable[..., Awaitable[None]]) -> None:
        self.app = app
        self.headers = [(k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def guarded_send(message: dict[str, Any]) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message = {**message, "headers": [*message.get("headers", []), *self.headers]}
            await send(message)

        if scope["method"] not in ("GET", "HEAD"):
            response = PlainTextResponse("Method Not Allowed", status_code=405, headers={"Allow": "GET, HEAD"})
            await response(scope, receive, guarded_send)
            return
        try:
            await self.app(scope, receive, guarded_send)
        except Exception as err:  # noqa: BLE001 - one plain answer and one line, no traceback anywhere
            logging.getLogger("uvicorn.error").error("scoreboard: %s answering %s", type(err).__name__, scope["path"][:80])
            if not started:
                await PlainTextResponse("Internal Server Error", status_code=500)(scope, receive, guarded_send)


def create_app(board: Board) -> Any:
    """The ASGI app that serves ``board``'s session."""
    from sse_starlette.sse import EventSourceResponse  # Starlette loads only for referee serve

    def allowed(request: Request) -> bool:
        params = request.path_params
        return params["session"] == board.session_id and token_matches(board.token, params["token"])

    def not_found() -> Response:
        return PlainTextResponse("Not Found", status_code=404)

    async def show_page(request: Request) -> Response:
        if not allowed(request):
            return not_found()
        lang = board.language_of(request)
        return HTMLResponse(page(lang), headers={"Cache-Control": "no-store", **VARY})

    async def to_page(request: Request) -> Response:
        """The link typed without its last '/': on to the page (only for the right token)."""
        if not allowed(request):
            return not_found()
        return RedirectResponse(f"/s/{board.session_id}/{board.token}/", status_code=308,
                                headers={"Cache-Control": "no-store"})

    async def state(request: Request) -> Response:
        if not allowed(request):
            return not_found()
        edition = await board.edition(board.language_of(request))
        return Response(board.message(edition.lang), media_type="application/json",
                        headers={"Cache-Control": "no-store", **VARY})

    async def events(request: Request) -> Response:
        if not allowed(request):
            return not_found()
        edition = await board.edition(board.language_of(request))
        return EventSourceResponse(board.updates(request, edition.lang), ping=10,
                                   headers={"Cache-Control": "no-store", **VARY})

    async def no_page(request: Request) -> Response:
        return not_found()

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await board.refresh()
        task = asyncio.create_task(board.watch())
        try:
            yield
        finally:
            task.cancel()

    assets = StaticFiles(directory=str(resources.files("referee.scoreboard").joinpath("assets")))
    app = Starlette(routes=[
        Route("/s/{session:int}/{token}/", show_page),
        Route("/s/{session:int}/{token}", to_page),
        Route("/s/{session:int}/{token}/state", state),
        Route("/s/{session:int}/{token}/events", events),
        Mount("/assets", assets),
        Route("/{path:path}", no_page),
    ], lifespan=lifespan)
    return Guard(app)


__all__ = ["Board", "create_app"]
