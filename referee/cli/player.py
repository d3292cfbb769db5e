"""``referee player``: one player across nights, and what the store keeps of him.

Commands about a player join the group here (``app.command(...)``): ``pay-details`` (how he wants
to be paid, :mod:`referee.cli.pay_details`).
"""

from __future__ import annotations

import typer

from referee.cli.pay_details import pay_details

app = typer.Typer(no_args_is_help=True, help="A player: how he wants to be paid (`referee player pay-details NAME`).")

app.command("pay-details")(pay_details)
