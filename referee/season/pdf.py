"""A player's page and the season report as PDFs: ``player.html.j2`` and ``season.html.j2`` of
``reports/``, with the night's report's stylesheets (:mod:`referee.report.pdf`), so a club's handouts
all look alike."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from referee.files import check_target, output_file
from referee.plain_words import plural
from referee.report.pdf import html_pdf, render_html, sign_class
from referee.report.terminal import severity_word
from referee.season.terminal import concern_words

if TYPE_CHECKING:
    from referee.season.player import PlayerPage
    from referee.season.report import SeasonReport


def _common(signed: Any, money: Any) -> dict[str, Any]:
    return {"plural": plural, "sign": sign_class, "signed": signed, "money": money, "concern_words": concern_words,
            "severity": severity_word}


def player_html(page: PlayerPage) -> tuple[str, list[Path], Path]:
    return render_html("player.html.j2", {"p": page, "chart": page.chart(font="Referee Sans")}
                       | _common(page.signed, page.money))


def season_html(report: SeasonReport) -> tuple[str, list[Path], Path]:
    return render_html("season.html.j2", {"r": report, "league": report.league, "chart": report.chart(font="Referee Sans")}
                       | _common(report.signed, report.money))


def render_player_pdf(page: PlayerPage, out: BinaryIO) -> None:
    html_pdf(*player_html(page), out)


def render_season_pdf(report: SeasonReport, out: BinaryIO) -> None:
    html_pdf(*season_html(report), out)


def write_player_pdf(page: PlayerPage, target: str | Path) -> Path:
    """``page`` as the PDF file ``target`` (written whole or not at all); returns its path."""
    path = check_target(target, option="--pdf")
    with output_file(path, option="--pdf", binary=True) as out:
        render_player_pdf(page, out)
    return path


def write_season_pdf(report: SeasonReport, target: str | Path) -> Path:
    """``report`` as the PDF file ``target`` (written whole or not at all); returns its path."""
    path = check_target(target, option="--pdf")
    with output_file(path, option="--pdf", binary=True) as out:
        render_season_pdf(report, out)
    return path


__all__ = ["player_html", "render_player_pdf", "render_season_pdf", "season_html", "write_player_pdf",
           "write_season_pdf"]
