"""The scoreboard's web server: one session's page, its state as JSON, and its updates as server-sent
events; read-only.

* ``GET /s/{session}/{token}/`` the page (the assets it loads ship in this package: no CDN);
  ``…/state`` the view as JSON; ``…/events`` a server-sent event stream, one ``state`` event each
  time the view changes (and at once on connecting, so a page that lost its connection catches up).
* a wrong or missing token, another session: 404; any method but GET or HEAD, anywhere: 405.
* the log is watched by polling its head (the last sequence number and the session's status), so
  an append from any recorder (the table prompt, ``referee act``, another machine on PostgreSQL)
  shows within the poll interval; while the database cannot be reached the pages are told so and
  keep the last view, and the watch goes on until it answers again.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

from anyio import to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from referee.errors import RefereeError
from referee.scoreboard.token import token_matches
from referee.scoreboard.view import session_view

POLL_SECONDS = 0.2


class Board:
    """The one session a server shows: its latest view (as JSON text) and who is waiting for the next."""

    def __init__(self, store: Any, session_id: int, key: bytes, poll: float = POLL_SECONDS) -> None:
        self.store = store
        self.session_id = session_id
        self.key = key
        self.poll = poll
        self.head: tuple[object, ...] | None = None
        self.view = "{}"
        self.version = 0
        self.offline: str | None = None  # why the database cannot be read, while it cannot
        self.changed = asyncio.Condition()

    def _read(self, known: tuple[object, ...] | None) -> tuple[tuple[object, ...], str | None]:
        """The log's head and, when it moved, the new view (run in a worker thread)."""
        session = self.store.session(self.session_id)
        # a hand begun ('new hand') holds no event yet: the count of hands moves the head too
        head = (self.store.last_seq(self.session_id), len(self.store.hands(self.session_id)), session.status,
                session.ended_at)
        if head == known:
            return head, None
        return head, json.dumps(session_view(self.store, self.session_id), ensure_ascii=False)

    async def refresh(self) -> None:
        """Look at the log once; tell the waiting pages if anything changed."""
        try:
            head, view = await to_thread.run_sync(self._read, self.head)
        except RefereeError as err:
            await self._publish(offline=f"{err}")
            return
        except Exception as err:  # noqa: BLE001 - a database that went away: say so, keep watching
            await self._publish(offline=" ".join(str(err).split())[:200] or type(err).__name__)
            return
        if view is not None:
            self.head = head
            self.view = view
            await self._publish(offline=None, changed=True)
        elif self.offline is not None:
            await self._publish(offline=None)

    async def _publish(self, *, offline: str | None, changed: bool = False) -> None:
        if not changed and offline == self.offline:
            return
        self.offline = offline
        async with self.changed:
            self.version += 1
            self.changed.notify_all()

    def message(self) -> str:
        """What a page is sent: the view, and whether it is live."""
        return '{"offline": %s, "view": %s}' % (json.dumps(self.offline), self.view)

    async def watch(self) -> None:
        while True:
            await self.refresh()
            await asyncio.sleep(self.poll)

    async def updates(self, request: Request) -> AsyncIterator[dict[str, str]]:
        """The event stream of one page: the state now, then each change."""
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
                seen = self.version
                yield {"event": "state", "data": self.message()}


def _asset(name: str) -> str:
    return resources.files("referee.scoreboard").joinpath("assets", name).read_text(encoding="utf-8")


class ReadOnly:
    """Any request but GET or HEAD, anywhere: 405 (no endpoint writes)."""

    def __init__(self, app: Callable[..., Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["method"] not in ("GET", "HEAD"):
            response = PlainTextResponse("Method Not Allowed", status_code=405, headers={"Allow": "GET, HEAD"})
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)


def create_app(board: Board) -> Any:
    """The ASGI app that serves ``board``'s session."""
    from sse_starlette.sse import EventSourceResponse  # Starlette loads only for referee serve

    page = _asset("page.html")

    def allowed(request: Request) -> bool:
        params = request.path_params
        return params["session"] == board.session_id and token_matches(board.session_id, params["token"], board.key)

    def not_found() -> Response:
        return PlainTextResponse("Not Found", status_code=404)

    async def show_page(request: Request) -> Response:
        if not allowed(request):
            return not_found()
        return HTMLResponse(page, headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})

    async def state(request: Request) -> Response:
        if not allowed(request):
            return not_found()
        return Response(board.message(), media_type="application/json", headers={"Cache-Control": "no-store"})

    async def events(request: Request) -> Response:
        if not allowed(request):
            return not_found()
        return EventSourceResponse(board.updates(request), ping=10, headers={"Cache-Control": "no-store"})

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
        Route("/s/{session:int}/{token}/state", state),
        Route("/s/{session:int}/{token}/events", events),
        Mount("/assets", assets),
        Route("/{path:path}", no_page),
    ], lifespan=lifespan)
    return ReadOnly(app)



__all__ = ["Board", "create_app"]
