"""The session report as a PDF: the Jinja2 template ``session.html.j2`` and the stylesheets
``fonts.css`` and ``session.css`` from ``reports/`` (shipped in the wheel as
``referee/_data/reports``), rendered by WeasyPrint.

A house restyles the report with a folder of its own (``--template-dir``): a file found there is
used instead of the shipped one of the same name, so the folder may hold only a ``session.css``.
WeasyPrint is imported here only, when a PDF is asked for.  The PDF is written atomically: to a
temporary file beside the target, then moved over it, so a failure leaves no half-written file.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

import platformdirs

from referee.errors import InputError
from referee.files import check_target, output_file
from referee.report.chart import chips_chart
from referee.report.terminal import ROUTINE, check_words, severity_word
from referee.report.words import difference_words, plural, share_column
from referee.resources import reports_dir

if TYPE_CHECKING:
    from referee.report.document import NightReport

TEMPLATE = "session.html.j2"
STYLESHEETS = ("fonts.css", "session.css")


def _folders(template_dir: str | Path | None) -> list[Path]:
    folders = []
    if template_dir is not None:
        folder = Path(template_dir)
        if not folder.is_dir():
            raise InputError(f"no folder {str(template_dir)!r}", where="--template-dir",
                             hint="give a folder holding session.html.j2 and/or session.css (copies of reports/)")
        folders.append(folder)
    folders.append(reports_dir())
    return folders


def _find(name: str, folders: list[Path]) -> Path:
    for folder in folders:
        if (folder / name).is_file():
            return folder / name
    raise InputError(f"the report file {name} is missing", hint="reinstall referee")  # pragma: no cover


def _compiled_templates() -> Any:
    """Jinja2's cache of compiled templates in the user cache folder (``referee/templates``), as Python
    keeps its bytecode: a template is compiled once, not at every report, and
    again when its text changes (the cache checks it).  A folder that cannot be written only means
    compiling each time."""
    import jinja2  # Jinja2 and WeasyPrint load only when a PDF is made

    class QuietCache(jinja2.FileSystemBytecodeCache):
        def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
            try:
                super().load_bytecode(bucket)
            except OSError:
                pass

        def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
            try:
                super().dump_bytecode(bucket)
            except OSError:
                pass

    folder = platformdirs.user_cache_path("referee") / "templates"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return QuietCache(str(folder))


def render_html(template: str, context: dict[str, Any], template_dir: str | Path | None = None
                ) -> tuple[str, list[Path], Path]:
    """``template`` of ``reports/`` (or of ``template_dir``) rendered with ``context`` in the interface's
    language (Jinja2's i18n extension; ``lang`` is its code, for ``<html lang>``): the HTML, the
    stylesheets to apply (the night's report's: every report of referee looks the same), and the
    folder its relative links start from."""
    import jinja2  # Jinja2 and WeasyPrint load only when a PDF is made

    from referee.i18n import current, language

    folders = _folders(template_dir)
    env = jinja2.Environment(loader=jinja2.FileSystemLoader([str(f) for f in folders]),
                             autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                             bytecode_cache=_compiled_templates(), extensions=["jinja2.ext.i18n"])
    env.install_gettext_translations(current(), newstyle=True)  # type: ignore[attr-defined]
    try:
        html = env.get_template(template).render(**({"lang": (language() or "en").split("_")[0]} | context))
    except jinja2.TemplateError as err:
        where = getattr(err, "filename", None) or template
        line = getattr(err, "lineno", None)
        raise InputError(f"the report template cannot be rendered: {err.message or err}",
                         where=f"{where}:{line}" if line else where,
                         hint=f"check the template in --template-dir against reports/{template}") from None
    return html, [_find(name, folders) for name in STYLESHEETS], _find(template, folders).parent


def page_numbers() -> str:
    """The page footer's CSS ``content`` (``"Page " counter(page) " of " counter(pages)``) in the
    interface's language: a stylesheet of its own, read before the report's, so that a house's
    ``session.css`` that numbers its pages otherwise still has the last word."""
    from referee.i18n import _

    words = _("Page {page} of {pages}")
    parts = []
    for text, counter in re.findall(r"([^{]*)(?:\{(page|pages)\})?", words):
        if text:
            parts.append('"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"')
        if counter:
            parts.append(f"counter({counter})")
    return " ".join(parts)


def report_html(report: NightReport, template_dir: str | Path | None = None) -> tuple[str, list[Path], Path]:
    """The report as HTML, the stylesheets to apply, and the folder its relative links start from."""
    ledger = report.ledger
    game_notes = {n for g in ledger.games for n in g.notes}
    context: dict[str, Any] = {
        "r": report,
        "ledger": ledger,
        "chart": chips_chart(report.chips, font="Referee Sans"),
        "check": check_words(ledger),
        "other_notes": [n for n in ledger.notes if n not in game_notes],
        "difference": difference_words(ledger.difference, ledger.money(abs(ledger.difference.cents))),
        "share_column": share_column(ledger.difference),
        "routine": list(ROUTINE),
        "plural": plural,
        "money": ledger.money,
        "signed": ledger.signed,
        "sign": sign_class,
        "severity": severity_word,
    }
    return render_html(TEMPLATE, context, template_dir)


def sign_class(cents: int) -> str:
    """The CSS class of an amount: ``plus``, ``minus`` or none."""
    return "plus" if cents > 0 else "minus" if cents < 0 else ""


def html_pdf(html: str, sheets: list[Path], base: Path, out: BinaryIO) -> None:
    """Lay ``html`` out with ``sheets`` as a PDF into the open binary file ``out`` (WeasyPrint)."""
    from weasyprint import CSS, HTML  # WeasyPrint loads only when a PDF is made
    from weasyprint.text.fonts import FontConfiguration  # WeasyPrint loads only when a PDF is made

    fonts = FontConfiguration()  # the stylesheets' @font-face rules take effect through it
    document = HTML(string=html, base_url=str(base) + os.sep)
    footer = CSS(string="@page { @bottom-center { content: %s; } }" % page_numbers(), font_config=fonts)
    styles = [footer, *(CSS(filename=str(sheet), font_config=fonts) for sheet in sheets)]
    document.write_pdf(out, stylesheets=styles, font_config=fonts, full_fonts=True)


def render_pdf(report: NightReport, out: BinaryIO, template_dir: str | Path | None = None) -> None:
    """Lay ``report`` out as a PDF into the open binary file ``out``."""
    html_pdf(*report_html(report, template_dir), out)


def write_pdf(report: NightReport, target: str | Path, template_dir: str | Path | None = None) -> Path:
    """Render ``report`` to the PDF file ``target`` (atomically); returns its path."""
    path = check_target(target, option="--pdf")  # before the work of laying it out
    with output_file(path, option="--pdf", binary=True) as out:
        render_pdf(report, out, template_dir)
    return path


__all__ = ["html_pdf", "render_html", "render_pdf", "report_html", "sign_class", "write_pdf"]
