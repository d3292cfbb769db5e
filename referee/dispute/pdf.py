"""A ruling rendered to PDF: the Jinja2 template ``reports/ruling.html.j2`` filled from the
:class:`~referee.dispute.document.RulingDocument`, laid out by WeasyPrint (imported here only, so
that nothing else pays for it)."""

from __future__ import annotations

from pathlib import Path

from referee import __version__
from referee.dispute.document import RulingDocument
from referee.files import check_target, output_file
from referee.resources import reports_dir

TEMPLATE = "ruling.html.j2"


def ruling_html(doc: RulingDocument) -> str:
    """The ruling as an HTML page (what WeasyPrint lays out); every value is escaped."""
    from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape  # only when a PDF is made

    env = Environment(loader=FileSystemLoader(str(reports_dir())), autoescape=select_autoescape(["html", "j2"]),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    return env.get_template(TEMPLATE).render(doc=doc, version=__version__)


def write_pdf(doc: RulingDocument, path: Path) -> None:
    """Render ``doc`` to ``path`` (:func:`referee.files.output_file`: untouched on error)."""
    from weasyprint import CSS, HTML  # WeasyPrint loads only when a PDF is made
    from weasyprint.text.fonts import FontConfiguration  # WeasyPrint loads only when a PDF is made

    folder = check_target(path, option="--pdf").parent
    html = ruling_html(doc)
    fonts = FontConfiguration()  # the shipped fonts (reports/fonts.css), the margin boxes' too
    styles = [CSS(filename=str(reports_dir() / "fonts.css"), font_config=fonts)]
    with output_file(path, option="--pdf", binary=True) as out:
        HTML(string=html, base_url=str(folder)).write_pdf(out, stylesheets=styles, font_config=fonts)


__all__ = ["ruling_html", "write_pdf"]
