"""A ruling rendered to PDF: the Jinja2 template ``reports/ruling.html.j2`` filled from the
:class:`~referee.dispute.document.RulingDocument`, laid out by WeasyPrint (imported here only, so
that nothing else pays for it)."""

from __future__ import annotations

from pathlib import Path

from referee.dispute.document import RulingDocument
from referee.errors import InputError

TEMPLATE = "ruling.html.j2"


def ruling_html(doc: RulingDocument) -> str:
    """The ruling as an HTML page (what WeasyPrint lays out); every value is escaped."""
    from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

    from referee import __version__
    from referee.resources import reports_dir

    env = Environment(loader=FileSystemLoader(str(reports_dir())), autoescape=select_autoescape(["html", "j2"]),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    return env.get_template(TEMPLATE).render(doc=doc, version=__version__)


def write_pdf(doc: RulingDocument, path: Path) -> None:
    """Render ``doc`` to ``path`` (through a temporary file and a rename: untouched on error)."""
    import os
    import tempfile

    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise InputError(f"cannot write {path}: no folder {folder}", hint="create the folder, or choose another path")
    from weasyprint import CSS, HTML
    from weasyprint.text.fonts import FontConfiguration

    from referee.resources import reports_dir

    html = ruling_html(doc)
    fonts = FontConfiguration()  # the shipped fonts (reports/fonts.css), the margin boxes' too
    styles = [CSS(filename=str(reports_dir() / "fonts.css"), font_config=fonts)]
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    os.close(fd)
    try:
        HTML(string=html, base_url=str(folder)).write_pdf(tmp, stylesheets=styles, font_config=fonts)
        os.replace(tmp, path)
    except OSError as err:
        Path(tmp).unlink(missing_ok=True)
        raise InputError(f"cannot write {path}: {err.strerror}", hint="check the path and its permissions") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


__all__ = ["ruling_html", "write_pdf"]
