"""How commands print with rich: what a user typed (player and table names, reasons) is shown
literally, never read as rich markup (``[bold]``) or as an emoji code (``:abc:``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console


def console(**options: Any) -> Console:
    """A rich console for a command's output: no emoji codes, no guessing highlights."""
    from rich.console import Console

    return Console(**({"highlight": False, "emoji": False} | options))


def literal(text: object) -> str:
    """``text`` escaped for rich markup, so it prints as typed (``[bold]Kitchen[/bold]`` too)."""
    from rich.markup import escape

    return escape(str(text))
