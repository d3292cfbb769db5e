"""A ruling rendered to PDF: the Jinja2 template ``reports/ruling.html.j2`` filled from the
:class:`~referee.dispute.document.RulingDocument`, laid out by WeasyPrint (imported here only, so
that nothing else pays for it)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from referee import __version__
from referee.dispute.document import RulingDocument
from referee.files import check_target, output_file
from referee.resources import reports_dir

TEMPLATE = "ruling.html.j2"


def ruling_html(doc: RulingDocument) -> str:
    """The ruling as an HTML page (what WeasyPrint lays out); every value is escaped."""
    from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape  # only when a PDF is made

    from referee.i18n import current, language

    env = Environment(loader=FileSystemLoader(str(reports_dir())), autoescape=select_autoescape(["html", "j2"]),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True, extensions=["jinja2.ext.i18n"])
    env.install_gettext_translations(current(), newstyle=True)  # type: ignore[attr-defined]
    return env.get_template(TEMPLATE).render(doc=doc, version=__version__, lang=(language() or "en").split("_")[0])


def render_pdf(doc: RulingDocument, out: BinaryIO, folder: Path) -> None:
    """Lay ``doc`` out as a PDF into the open file ``out`` (``folder``: where relative links resolve)."""
    from weasyprint import CSS, HTML  # WeasyPrint loads only when a PDF is made
    from weasyprint.text.fonts import FontConfiguration  # WeasyPrint loads only when a PDF is made

    html = ruling_html(doc)
    fonts = FontConfiguration()  # the shipped fonts (reports/fonts.css), the margin boxes' too
    styles = [CSS(filename=str(reports_dir() / "fonts.css"), font_config=fonts)]
    HTML(string=html, base_url=str(folder)).write_pdf(out, stylesheets=styles, font_config=fonts)
    out.flush()
    os.fsync(out.fileno())  # all of it on disk before the caller goes on (and records the ruling)


@contextmanager
def pdf_first(doc: RulingDocument | None, path: Path | None) -> Iterator[None]:
    """Render ``doc`` to a temporary file beside ``path`` first, then run the block (which records the
    ruling), then move the file into place: a PDF that cannot be written is refused before anything
    is recorded, and a block that fails leaves no file.  ``path`` None: only the block."""
    if path is None or doc is None:
        yield
        return
    folder = check_target(path, option="--pdf").parent
    with output_file(path, option="--pdf", binary=True) as out:
        render_pdf(doc, out, folder)
        yield


def write_pdf(doc: RulingDocument, path: Path) -> None:
    """Render ``doc`` to ``path`` (:func:`referee.files.output_file`: untouched on error)."""
    with pdf_first(doc, path):
        pass


__all__ = ["pdf_first", "render_pdf", "ruling_html", "write_pdf"]
