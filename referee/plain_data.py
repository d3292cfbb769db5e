"""Values as JSON holds them: the one conversion of the package's records to plain data."""

from __future__ import annotations

from typing import Any


def plain(value: Any) -> Any:
    """``value`` with tuples and lists as lists, sets as sorted lists and dict keys as strings, all the
    way down; anything else as it is (a dataclass is the caller's to take apart)."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(plain(v) for v in value)
    return value


__all__ = ["plain"]
