"""The plain-text hand file (``docs/hand-format.md``): read a night of hands, write it back.

``read_night(path)`` / ``parse_night(text)`` give a :class:`Night` (header, then one
:class:`HandEntry` per hand with its seats, rulebook in force and events); ``write_night`` gives
the canonical text back.  Errors are :class:`~referee.errors.HandFileError` at ``file:line``.
"""

from referee.handfile.model import AddChips, HandEntry, Leave, Night, Seat, SeatChange, SitDown
from referee.handfile.parser import parse_night, read_night
from referee.handfile.writer import write_events, write_hand, write_night

__all__ = [
    "AddChips",
    "HandEntry",
    "Leave",
    "Night",
    "Seat",
    "SeatChange",
    "SitDown",
    "parse_night",
    "read_night",
    "write_events",
    "write_hand",
    "write_night",
]
