"""Words worked out once and shown later, perhaps in another language: :class:`Said`.

A ledger's notes and lines are made when a night is replayed and may be kept in the store (its
figures, :mod:`referee.ledger.kept`); they are shown later, to whoever asks, in his language.  A
:class:`Said` is such a sentence: as a string it is the English text (what is kept, compared and
exported: language-neutral), and wherever it is shown (``str()``, an f-string, a template) it is
said again in the interface's language from its message and its values.
"""

from __future__ import annotations

from typing import Any


class Said(str):
    """A marked message with its values: the English text as a string, the interface's language when
    shown.  ``Said(N_("{name} pays {amount}"), name="Bob", amount="€2.00")``; a count through
    :func:`said_plural`.  A value may be a :class:`Said` itself."""

    message: str
    plural: str | None
    count: int | None
    values: dict[str, Any]

    def __new__(cls, message: str, plural: str | None = None, count: int | None = None, /, **values: Any) -> Said:
        english = (message if plural is None or count == 1 else plural).format(
            **{k: v.english if isinstance(v, Said) else v for k, v in values.items()})
        self = super().__new__(cls, english)
        self.message, self.plural, self.count, self.values = message, plural, count, values
        return self

    @property
    def english(self) -> str:
        """The English text, a plain string: what the log, exports and kept figures hold."""
        return str.__str__(self)

    def __str__(self) -> str:
        from referee.i18n import current, translating

        if not translating():
            return self.english
        words = current()
        text = (words.gettext(self.message) if self.plural is None
                else words.ngettext(self.message, self.plural, self.count or 0))
        return text.format(**{k: str(v) if isinstance(v, Said) else v for k, v in self.values.items()})

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuilt, (self.kept(),)

    def kept(self) -> dict[str, Any]:
        """The message and its values as JSON holds them (:func:`from_kept` reads them back)."""
        return {"said": self.message, "plural": self.plural, "count": self.count,
                "values": {k: v.kept() if isinstance(v, Said) else v for k, v in self.values.items()}}


def _rebuilt(data: dict[str, Any]) -> Said:
    return from_kept(data)  # type: ignore[return-value]


def from_kept(data: Any) -> Any:
    """A :meth:`Said.kept` document back as the :class:`Said` it was; anything else as it is."""
    if isinstance(data, dict) and data.keys() == {"said", "plural", "count", "values"}:
        return Said(data["said"], data["plural"], data["count"],
                    **{k: from_kept(v) for k, v in data["values"].items()})
    return data


def said_later(message: str, **values: Any) -> Said:
    """``message`` (marked: extracted by ``pybabel``) with ``values``, said where it is shown."""
    return Said(message, **values)


def said_plural(count: int, singular: str, plural: str, **values: Any) -> Said:
    """A message for ``count`` in the plural form the language gives it (``{count} chip`` / ``{count}
    chips``: 1 фишка, 2 фишки, 5 фишек), said where it is shown."""
    return Said(singular, plural, count, count=count, **values)


def kept_form(value: Any) -> Any:
    """``value`` with every :class:`Said` in it as its :meth:`Said.kept` document (lists, tuples and
    dicts walked), for a document kept in the store."""
    if isinstance(value, Said):
        return value.kept()
    if isinstance(value, dict):
        return {k: kept_form(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [kept_form(v) for v in value]
    return value


__all__ = ["Said", "from_kept", "kept_form", "said_later", "said_plural"]
