"""``referee player pay-details NAME``: how a player wants to be paid.

With options it sets or changes them (``--iban``, ``--bic``, ``--name-latin``, ``--paypal``,
``--revolut``, ``--swish``, ``--upi``, ``--note``), removes some (``--remove FIELD``, repeatable) or
all (``--remove-all``); with none it shows them.  Each is checked by :mod:`referee.ledger.paying`
before anything is written: a bad one is refused in one line, exit 2, and nothing is stored.  The
player is found by his name or any alias; his details are his under every name he sits under.
"""

from typing import Annotated

import typer

from referee.cli.db import DbOption, open_for
from referee.cli.output import console
from referee.errors import InputError
from referee.i18n import _
from referee.plain_words import literal


def _option(flag: str, metavar: str, help: str) -> object:
    return typer.Option(flag, metavar=metavar, help=help)


def pay_details(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(metavar="NAME", help="The player (his name or any alias).")],
    iban: Annotated[str | None, _option("--iban", "IBAN", help="His IBAN (checked: country, length, check digits).")] = None,
    bic: Annotated[str | None, _option("--bic", "BIC", help="His bank's BIC, where the IBAN is not enough.")] = None,
    name_latin: Annotated[str | None, _option(
        "--name-latin", "NAME", help="The account holder's name as the bank expects it (default: his name, "
                                     "transliterated to Latin letters).")] = None,
    paypal: Annotated[str | None, _option("--paypal", "NAME", help="His PayPal.me name (or link).")] = None,
    revolut: Annotated[str | None, _option("--revolut", "TAG", help="His Revolut tag (@name, or the revolut.me link).")] = None,
    swish: Annotated[str | None, _option("--swish", "NUMBER", help="His Swish number (for nights in SEK).")] = None,
    upi: Annotated[str | None, _option("--upi", "ADDRESS", help="His UPI address, name@bank (for nights in INR).")] = None,
    note: Annotated[str | None, _option("--note", "TEXT", help="A free line: how to pay him.")] = None,
    remove: Annotated[list[str] | None, typer.Option(
        "--remove", metavar="FIELD",
        help="Remove one: iban, bic, name-latin, paypal, revolut, swish, upi or note (repeatable).")] = None,
    remove_all: Annotated[bool, typer.Option("--remove-all", help="Remove all his payment details.")] = False,
    db: DbOption = None,
) -> None:
    """Show, set or remove how a player wants to be paid (shown with every transfer to him)."""
    from referee.ledger.paying import OPTION_NAMES, save_details
    from referee.store.payment_details import FIELDS, details_of

    given = {field: value for field, value in (("iban", iban), ("bic", bic), ("name_latin", name_latin),
                                               ("paypal", paypal), ("revolut", revolut), ("swish", swish),
                                               ("upi", upi), ("note", note)) if value is not None}
    by_option = {option: field for field, option in OPTION_NAMES.items()} | {field: field for field in FIELDS}
    removed: list[str] = []
    for word in remove or []:
        field = by_option.get(word.strip().lstrip("-").lower())
        if field is None:
            raise InputError(_("no payment detail is called {word!r}").format(word=word), where="--remove",
                             hint=_("one of {names}").format(names=", ".join(OPTION_NAMES.values())))
        removed.append(field)
    if remove_all:
        removed = list(FIELDS)
    both = sorted(set(given) & set(removed))
    if both:
        raise InputError(_("{option} is both given and removed").format(option=OPTION_NAMES[both[0]]),
                         where=f"--remove {OPTION_NAMES[both[0]]}", hint=_("give it, or remove it, not both"))
    with open_for(ctx, db) as store:
        if not given and not removed:
            player, kept = details_of(store, name)
            _show(player.name, name, kept)
            return
        player_name, kept, now = save_details(store, name, given, removed)
    out = console()
    if given:
        out.print(literal(_("Saved the payment details of {name}: {saved}.").format(
            name=player_name, saved=", ".join(OPTION_NAMES[f] for f in FIELDS if f in given))))
    gone = [f for f in FIELDS if f in kept and f not in now]
    if gone:
        out.print(literal(_("Removed: {removed}.").format(removed=", ".join(OPTION_NAMES[f] for f in gone))))
    _show(player_name, name, now)

def _show(player: str, asked: str, details: dict[str, str]) -> None:
    from referee.ledger.paying import FIELD_WORDS, bank_name

    out = console()
    called = (player if asked.strip().casefold() == player.casefold()
              else _("{name} (asked as {asked})").format(name=player, asked=asked.strip()))
    if not details:
        out.print(literal(_("{name} has given no payment details.").format(name=called)))
        out.print(literal(_("Add some with: referee player pay-details {name} --iban … or --paypal …").format(
            name=player)), style="dim")
        return
    out.print("[bold]" + literal(_("How to pay {name}").format(name=called)) + "[/]")
    for field, words in FIELD_WORDS.items():
        if field in details:
            value = details[field]
            if field == "iban":
                from schwifty import IBAN

                value = IBAN(value).formatted
            out.print(literal(f"  {words}: {value}"))
        elif field == "name_latin" and "iban" in details:
            out.print(literal(f"  {words}: " + _("{name} (the player's name in Latin letters; change it with "
                                                 "--name-latin)").format(name=bank_name(details, player))))
