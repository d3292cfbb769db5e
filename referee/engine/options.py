"""A game's house-rule options as its class declares them: name, allowed values, default, and where
the rule comes from (python-chess's variants carry their own attributes the same way).

A game lists its options in ``house_options`` next to the code that reads them; the rulebook
(:mod:`referee.rulebook.schema`) keeps only the options common to every game and collects the rest
through the game registry.  The names and values are those of the shipped rulebooks (``docs/rulebooks.md``): the first value of a
choice, and every default, is the seed's own rule where the seed states one; options marked "seed
silent" fill gaps, and the ones that settle an open point of the rules say which in
``pins``.  A rulebook TOML file only chooses values; the spec decides what a value may be.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from referee.errors import RulebookError
from referee.i18n import _

OptionValue = str | int

#: upper bound for chip amounts: a sanity limit, not a rule
CHIPS = 10_000


@dataclass(frozen=True)
class OptionSpec:
    """One option: what it is called, what it may be, its default and where it comes from.

    ``shared``: the variants of the declaring game play under it too (straight draw's ``draw.*`` in
    jackpots, whiskey poker's exchange options in La Viuda); otherwise it is the declaring game's alone.
    """

    name: str
    default: OptionValue
    description: str
    source: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    pins: str | None = None  # the open point of the rules this option settles, e.g. "10.5" (docs/rulebooks.md lists them)
    shared: bool = False

    @property
    def prefix(self) -> str:
        """The rule-id prefix the option is named under (``draw`` for ``draw.ante``)."""
        return self.name.split(".", 1)[0]

    @property
    def is_int(self) -> bool:
        """True for a whole-number option, False for a choice among named values."""
        return not self.choices

    def allowed_text(self) -> str:
        """The allowed values in words, for error messages and docs."""
        if self.choices:
            return ", ".join(self.choices)
        return _("a whole number from {minimum} to {maximum}").format(minimum=self.minimum, maximum=self.maximum)

    def validate(self, value: object) -> OptionValue:
        """Return ``value`` in canonical form, or raise :class:`RulebookError` saying what is allowed.

        A choice accepts the value's string (choices that look like numbers may be written as TOML ints,
        such as ``stopbus.top_prial = 333``, and are read as their text); a whole-number option accepts an
        int or a string of digits (hand-file headers are text).
        """
        if self.choices:
            if isinstance(value, bool) or not isinstance(value, (str, int)):
                raise self._wrong_type(value, _("one of {values}").format(values=self.allowed_text()))
            text = str(value)
            if text not in self.choices:
                close = difflib.get_close_matches(text, self.choices, n=1, cutoff=0.5)
                hint = (_("did you mean {name!r}?").format(name=close[0]) if close else
                        _("{name}: {description}").format(name=self.name, description=self.description))
                raise RulebookError(
                    _("option {name!r} must be one of {values} (got {text!r})").format(
                        name=self.name, values=self.allowed_text(), text=text),
                    hint=hint,
                )
            return text
        number: int
        if isinstance(value, bool):
            raise self._wrong_type(value, _("a whole number"))
        if isinstance(value, int):
            number = value
        elif isinstance(value, str) and value.strip().lstrip("+-").isascii() and value.strip().lstrip("+-").isdigit():
            number = int(value.strip())
        else:
            raise self._wrong_type(value, _("a whole number"))
        assert self.minimum is not None and self.maximum is not None
        if not self.minimum <= number <= self.maximum:
            raise RulebookError(
                _("option {name!r} must be from {minimum} to {maximum} (got {number})").format(
                    name=self.name, minimum=self.minimum, maximum=self.maximum, number=number),
                hint=_("{name}: {description}").format(name=self.name, description=self.description),
            )
        return number

    def _wrong_type(self, value: object, expected: str) -> RulebookError:
        return RulebookError(
            _("option {name!r} must be {expected}, not {kind} {value!r}").format(
                name=self.name, expected=expected, kind=type(value).__name__, value=value),
            hint=_("{name}: {description}").format(name=self.name, description=self.description),
        )


def choice(name: str, choices: str, description: str, source: str, *, pins: str | None = None,
           shared: bool = False) -> OptionSpec:
    """A choice among named values (``"split | odd_chip_left_of_dealer"``); the first is the default."""
    values = tuple(v.strip() for v in choices.split("|"))
    return OptionSpec(name, values[0], description, source, choices=values, pins=pins, shared=shared)


def whole_number(name: str, default: int, minimum: int, maximum: int, description: str, source: str, *,
                 pins: str | None = None, shared: bool = False) -> OptionSpec:
    """A whole number from ``minimum`` to ``maximum``."""
    return OptionSpec(name, default, description, source, minimum=minimum, maximum=maximum, pins=pins,
                      shared=shared)
