"""Standings and ledgers as CSV files: one row per player, money as plain decimals of the currency
(``12.50``, ``-3.25``) and in cents, so that a spreadsheet reads them in any locale."""

from __future__ import annotations

import csv
import io
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from referee.files import write_text as write_file
from referee.money import format_cents

if TYPE_CHECKING:
    from referee.ledger.ledger import SessionLedger
    from referee.ledger.standings import Standings

LEDGER_COLUMNS = ("session", "table", "player", "person", "bought_chips", "paid", "cashed_chips", "log_chips",
                  "games", "short_or_over_share", "balance", "balance_cents", "currency")
STANDINGS_COLUMNS = ("rank", "player", "nights", "hands", "won_nights", "net", "net_cents", "best_night",
                     "worst_night", "currency", "names")


def ledger_rows(ledger: SessionLedger) -> list[list[object]]:
    return [[ledger.session_id, ledger.table, p.name, p.player, p.bought, format_cents(p.paid_cents),
             "" if p.cashed is None else p.cashed, p.log_chips, format_cents(p.games_cents),
             format_cents(p.absorbed_cents), format_cents(p.balance_cents), p.balance_cents,
             ledger.settings.currency] for p in ledger.players]


def standings_rows(standings: Standings) -> list[list[object]]:
    return [[s.rank, s.player, s.nights, s.hands, s.won_nights, format_cents(s.net_cents), s.net_cents,
             format_cents(s.best_cents), format_cents(s.worst_cents), standings.currency, " ".join(s.names)]
            for s in standings.rows]


def csv_text(columns: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    writer.writerows(rows)
    return out.getvalue()


def write_text(target: str, text: str, *, option: str) -> Path | None:
    """``text`` to the file ``target`` (``-``: standard output, returns None)."""
    if target == "-":
        sys.stdout.write(text)
        return None

    return write_file(target, text, option=option)


__all__ = ["LEDGER_COLUMNS", "STANDINGS_COLUMNS", "csv_text", "ledger_rows", "standings_rows", "write_text"]
