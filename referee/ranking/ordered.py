"""The one total order of hand values: by an integer ``key``, higher is better.

Both :class:`~referee.ranking.poker.HandValue` and :class:`~referee.ranking.brag.BragValue` take
their comparisons from here.  Values of different classes (a poker hand and a brag hand) do not
compare: the comparison returns ``NotImplemented`` and Python raises ``TypeError``.
"""

from __future__ import annotations


class KeyOrdered:
    """Mixin: equality, hashing and ordering by ``self.key`` among values of the same class."""

    __slots__ = ()
    key: int

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return self.key == other.key if other.__class__ is self.__class__ else NotImplemented  # type: ignore[attr-defined]

    def __ne__(self, other: object) -> bool:
        return self.key != other.key if other.__class__ is self.__class__ else NotImplemented  # type: ignore[attr-defined]

    def __lt__(self, other: KeyOrdered) -> bool:
        return self.key < other.key if other.__class__ is self.__class__ else NotImplemented

    def __le__(self, other: KeyOrdered) -> bool:
        return self.key <= other.key if other.__class__ is self.__class__ else NotImplemented

    def __gt__(self, other: KeyOrdered) -> bool:
        return self.key > other.key if other.__class__ is self.__class__ else NotImplemented

    def __ge__(self, other: KeyOrdered) -> bool:
        return self.key >= other.key if other.__class__ is self.__class__ else NotImplemented
