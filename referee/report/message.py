"""The end-of-night message for a group chat (``referee settle N --message``): the results, who pays
whom with each payee's ways to be paid, what is paid already, and what is still open from earlier
nights at the table (the tab, :mod:`referee.ledger.tab`), as short plain text.

It is the Jinja2 template ``message.txt.j2`` of ``reports/`` (shipped in the wheel as
``referee/_data/reports``), so a house restyles it with a file of its own (``--template FILE``);
``--markdown`` gives the same message with bold headings and bulleted lists, names escaped for
Markdown.  The players' page is linked when a link is given (``page``): ``referee serve`` keeps no
record of the page it serves.
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.errors import InputError
from referee.i18n import _, format_day
from referee.resources import reports_dir

if TYPE_CHECKING:
    from referee.ledger.ledger import SessionLedger
    from referee.ledger.settlement import Settlement
    from referee.store.store import Store

TEMPLATE = "message.txt.j2"
_MARKDOWN = re.compile(r"([\\`*_\[\]])")


def message_context(store: Store, ledger: SessionLedger, result: Settlement, *, started: datetime,
                    markdown: bool = False, page: str | None = None) -> dict[str, Any]:
    """What the template is given (its header comment lists it)."""
    from referee.ledger.paying import details_by_seat, transfer_ways
    from referee.ledger.tab import read_tab

    def name(text: str) -> str:
        return _MARKDOWN.sub(r"\\\1", text) if markdown else text

    ways = [each.ways for each in transfer_ways(ledger, result.transfers,
                                                details_by_seat(store, ledger.session_id), started)]
    balances = sorted(result.balances, key=lambda nb: (-nb[1], nb[0].casefold()))
    day = started.date()
    tab = read_tab(store, end=day, table=ledger.table, besides=ledger.session_id)
    return {
        "markdown": markdown,
        "table": name(ledger.table),
        "session": ledger.session_id,
        "day": format_day(day),
        "status": ledger.status,
        "results": [{"name": name(n), "signed": ledger.signed(c)} for n, c in balances],
        "transfers": [{"number": k, "payer": name(t.payer), "payee": name(t.payee), "amount": ledger.money(t.cents),
                       "ways": [{"label": w.label, "text": w.words, "link": w.link} for w in found]}
                      for k, (t, found) in enumerate(zip(result.transfers, ways, strict=True), 1)],
        "paid": [_("{payer} paid {payee} {amount}").format(payer=name(t.payer), payee=name(t.payee),
                                                           amount=ledger.money(t.cents)) for t in result.paid],
        "square": not result.transfers,
        "tab": [{"currency": part.currency,
                 "lines": [{"player": name(line.player), "since": format_day(line.since),
                            "words": (_("is owed {amount}").format(amount=part.money(line.cents)) if line.cents > 0
                                      else _("owes {amount}").format(amount=part.money(-line.cents)))}
                           for line in part.lines],
                 "clearing": [_("{payer} pays {payee} {amount}").format(payer=name(t.payer), payee=name(t.payee),
                                                                        amount=part.money(t.cents))
                              for t in part.clearing.transfers]}
                for part in tab.parts],
        "page": page,
    }


def render_message(context: dict[str, Any], template: str | Path | None = None) -> str:
    """The message: the shipped template, or the house's own file ``template``."""
    import jinja2  # Jinja2 loads only when a message or a PDF is made

    from referee.i18n import current

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(reports_dir())), autoescape=False,
                             trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
                             undefined=jinja2.StrictUndefined, extensions=["jinja2.ext.i18n"])
    env.install_gettext_translations(current(), newstyle=True)  # type: ignore[attr-defined]
    try:
        if template is None:
            chosen = env.get_template(TEMPLATE)
        else:
            path = Path(template)
            if not path.is_file():
                raise InputError(f"no file {str(template)!r}", where="--template",
                                 hint=f"give a copy of {reports_dir() / TEMPLATE} to restyle the message")
            chosen = env.from_string(path.read_text(encoding="utf-8"))
        text = chosen.render(**context)
    except jinja2.TemplateError as err:
        where = "--template" if template is not None else TEMPLATE
        line = f" (line {err.lineno})" if getattr(err, "lineno", None) else ""
        raise InputError(f"the message template cannot be rendered{line}: {err.message or err}", where=where,
                         hint=f"check it against {reports_dir() / TEMPLATE}") from None
    except (OSError, UnicodeDecodeError) as err:
        raise InputError(f"the message template cannot be read: {err}", where="--template",
                         hint="give a UTF-8 text file") from None
    return "\n".join(line.rstrip() for line in text.strip("\n").splitlines()) + "\n"


__all__ = ["TEMPLATE", "message_context", "render_message"]
