"""A season on the players' phones, read-only: the league table and each player's page.

* ``GET /season/{token}/`` the league table (points and money side by side, the tie-break that
  ranked level players), each name a link to his page; ``…/p/{name}`` a player's page over the
  season (his nights, his running net as a chart, hands per game, the findings and rulings about
  him); ``…/state`` the league table as JSON.
* a page speaks the phone's ``Accept-Language`` (a season has no language of its own:
  :func:`referee.scoreboard.words.accepted_language`), and says ``Vary: Accept-Language``.
* the same rules as a night's page (:mod:`referee.scoreboard.app`): a wrong token, an unknown player,
  any other path: 404; any method but GET or HEAD: 405 (:class:`~referee.scoreboard.app.Guard`, with
  its security headers: the pages are server-made HTML with no script and no inline style).

Each request reads the season afresh from the nights' kept figures, so a night recorded or closed
since shows on the next load.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from anyio import to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from referee.i18n import speaking
from referee.scoreboard.app import VARY, Guard
from referee.scoreboard.token import token_matches
from referee.scoreboard.words import accepted_language, templates


def create_season_app(store: Any, season: str, token: str) -> Any:
    """The ASGI app that serves season ``season`` of ``store`` behind ``token``."""
    from referee.season.nights import resolve_span, span_nights
    from referee.season.player import page_of
    from referee.season.report import season_report
    from referee.season.terminal import concern_words
    from referee.report.pdf import sign_class

    headers = {"Cache-Control": "no-store"}
    page_headers = {**headers, **VARY}  # a page speaks the phone's language

    def allowed(request: Request) -> bool:
        return token_matches(token, request.path_params["token"])

    def not_found() -> Response:
        return PlainTextResponse("Not Found", status_code=404)

    def league_page(lang: str) -> str:
        with speaking(lang):
            report = season_report(store, season, with_players=False)
            return templates(lang).get_template("season.html.j2").render(r=report, league=report.league, sign=sign_class)

    def league_state() -> str:
        report = season_report(store, season, with_players=False)
        rows = [{"rank": row.rank, "player": row.player, "nights": row.nights, "counted": row.counted,
                 "points": row.points, "net_cents": row.net_cents, "tie_break": row.tie_words()}
                for row in report.league.rows]
        return json.dumps({"season": report.span.name, "currency": report.currency,
                           "scoring": report.league.scoring.name, "rows": rows}, ensure_ascii=False)

    def player_page(name: str, lang: str) -> str | None:
        with speaking(lang):
            found = span_nights(store, resolve_span(store, season))
            people = {line.player for _, figures in found.counted.nights for line in figures.ledger.players}
            if name not in people:
                return None
            page = page_of(name, found)
            return templates(lang).get_template("season_player.html.j2").render(
                p=page, chart=page.chart(small=True), sign=sign_class, concern_words=concern_words)

    async def show_league(request: Request) -> Response:
        if not allowed(request):
            return not_found()
        lang = accepted_language(request.headers.get("accept-language"))
        return HTMLResponse(await to_thread.run_sync(league_page, lang), headers=page_headers)

    async def to_league(request: Request) -> Response:
        if not allowed(request):
            return not_found()
        return RedirectResponse(f"/season/{token}/", status_code=308, headers=headers)

    async def state(request: Request) -> Response:
        if not allowed(request):
            return not_found()
        return Response(await to_thread.run_sync(league_state), media_type="application/json", headers=headers)

    async def show_player(request: Request) -> Response:
        if not allowed(request):
            return not_found()
        lang = accepted_language(request.headers.get("accept-language"))
        html = await to_thread.run_sync(player_page, request.path_params["name"], lang)
        return not_found() if html is None else HTMLResponse(html, headers=page_headers)

    async def no_page(request: Request) -> Response:
        return not_found()

    assets = StaticFiles(directory=str(resources.files("referee.scoreboard").joinpath("assets")))
    app = Starlette(routes=[
        Route("/season/{token}/", show_league),
        Route("/season/{token}", to_league),
        Route("/season/{token}/state", state),
        Route("/season/{token}/p/{name}", show_player),
        Mount("/assets", assets),
        Route("/{path:path}", no_page),
    ])
    return Guard(app)


__all__ = ["create_season_app"]
