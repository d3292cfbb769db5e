"""How to pay a transfer: each payee's payment details, checked on the way in, and the code or link
of every transfer in the night's currency.

**The details** (kept with the player, :mod:`referee.store.payment_details`): an IBAN (and a BIC
where the bank needs one), checked by schwifty; the account holder's name as a SEPA bank expects it
(Latin letters: a name in another script is transliterated by anyascii, and the payee may give his
own spelling); a PayPal.me name, a Revolut tag, a Swish number, a UPI address, a free "how to pay
me" line.  :func:`check_details` refuses a bad one in one line naming the field and what is wrong.

**The ways to pay a transfer** (:func:`ways_to_pay`), in this order, each only where its scheme
allows it:

* ``epc``: an EPC069-12 SEPA credit-transfer QR code (segno's ``make_epc_qr``: version 002, error
  level M, UTF-8, at most 331 bytes), for a payee with an IBAN of the SEPA zone when the night is
  in EUR; its remittance text names the table, the night and the transfer;
* ``bank``: the IBAN as text, when the night is in another currency (no code: EPC is EUR only);
* ``paypal``: a PayPal.me link with the amount and the currency;
* ``revolut``: the payee's revolut.me link (the amount said beside it);
* ``swish``: a Swish payment link with the amount and a message, in SEK only;
* ``upi``: a UPI payment link (``upi://pay``) with the amount, in INR only;
* ``note``: the payee's own words.

Each way has its text (what to do, the IBAN and amount written out as EPC asks), its link if it
has one, and its QR code (:meth:`PayWay.qr`): the EPC code, or the link's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Final
from urllib.parse import quote, urlencode

from referee.errors import InputError, excerpt
from referee.i18n import _
from referee.i18n.said import said_later
from referee.money import format_money, plain_amount

if TYPE_CHECKING:
    import segno

    from referee.ledger.ledger import SessionLedger
    from referee.ledger.settlement import Transfer
    from referee.store.store import Store

#: EPC069-12's limits: the beneficiary's name, the unstructured remittance text (segno checks the
#: whole payload's 331 bytes)
EPC_NAME_MAX: Final = 70
EPC_TEXT_MAX: Final = 140
#: what a Swish message and a UPI transaction note may hold
SWISH_MESSAGE_MAX: Final = 50
UPI_NOTE_MAX: Final = 80
NOTE_MAX: Final = 200

#: the characters every SEPA bank takes (the EPC's Latin character set); others become a space
_NOT_SEPA = re.compile(r"[^A-Za-z0-9/\-?:().,'+ ]")
_PAYPAL = re.compile(r"(?:(?:https?://)?(?:www\.)?paypal\.me/)?([A-Za-z0-9]{1,20})/?")
_REVOLUT = re.compile(r"(?:(?:https?://)?revolut\.me/|@)?([A-Za-z0-9._-]{3,32})/?")
_SWISH = re.compile(r"(?:\+46|0046|46|0)(7\d{8})|(123\d{7})")
_UPI = re.compile(r"[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.]{1,63}")

#: what each field is called on the command line (``--remove FIELD`` takes these too)
OPTION_NAMES: Final = {"iban": "iban", "bic": "bic", "name_latin": "name-latin", "paypal": "paypal",
                       "revolut": "revolut", "swish": "swish", "upi": "upi", "note": "note"}
#: how each field is shown
FIELD_WORDS: Final = {"iban": "IBAN", "bic": "BIC", "name_latin": "Name for the bank", "paypal": "PayPal.me",
                      "revolut": "Revolut", "swish": "Swish", "upi": "UPI", "note": "How to pay me"}


# ---------------------------------------------------------------- the details, checked on the way in


def sepa_text(text: str) -> str:
    """``text`` in the characters every SEPA bank takes: transliterated to Latin letters (anyascii:
    ``Дмитрий`` → ``Dmitriy``), anything else a space, spaces run together."""
    from anyascii import anyascii  # loads only where a name or a text goes to a bank

    return " ".join(_NOT_SEPA.sub(" ", anyascii(text)).split())


def _why(err: Exception) -> str:
    """schwifty's reason, as the middle of a sentence (``Invalid checksum digits`` → ``invalid checksum digits``)."""
    text = str(err).rstrip(".") or type(err).__name__
    return text[:1].lower() + text[1:]


def _refused(field: str, value: str, why: str, hint: str) -> InputError:
    return InputError(_("bad {detail} {value}: {why}").format(detail=FIELD_WORDS[field], value=excerpt(value), why=why),
                      where=f"--{OPTION_NAMES[field]}", hint=hint)


def check_iban(text: str) -> str:
    """The IBAN, compact (``DE89370400440532013000``), checked by schwifty (country, length,
    format, check digits)."""
    from schwifty import IBAN
    from schwifty.exceptions import SchwiftyException

    try:
        return str(IBAN(text).compact)
    except SchwiftyException as err:
        raise _refused("iban", text, _why(err),
                       _("copy it from the bank's app or statement, e.g. DE89 3704 0044 0532 0130 00")) from None


def check_bic(text: str) -> str:
    """The BIC (8 or 11 characters), checked by schwifty."""
    from schwifty import BIC
    from schwifty.exceptions import SchwiftyException

    try:
        return str(BIC(text))
    except SchwiftyException as err:
        raise _refused("bic", text, _why(err),
                       _("8 or 11 letters and digits, e.g. COBADEFFXXX; leave it out when the IBAN is enough")) from None


def check_name_latin(text: str) -> str:
    """The account holder's name as the bank expects it, in SEPA's characters, at most 70."""
    name = sepa_text(text)
    if not name:
        raise _refused("name_latin", text, "no letter a bank can read", "write it in Latin letters, as on the account")
    if len(name) > EPC_NAME_MAX:
        raise _refused("name_latin", text, f"{len(name)} characters, a bank takes at most {EPC_NAME_MAX}",
                       "shorten it as the bank writes it")
    return name


def _matched(pattern: re.Pattern[str], field: str, text: str, hint: str) -> re.Match[str]:
    found = pattern.fullmatch(text.strip())
    if found is None:
        raise _refused(field, text, "not in the form its scheme uses", hint)
    return found


def check_paypal(text: str) -> str:
    """A PayPal.me name (letters and digits, at most 20), or the paypal.me link that holds it."""
    return _matched(_PAYPAL, "paypal", text, "the name after paypal.me/, e.g. AnnExample").group(1)


def check_revolut(text: str) -> str:
    """A Revolut tag (``@ann`` or ``ann``, or the revolut.me link), kept without its ``@``, lower case."""
    return _matched(_REVOLUT, "revolut", text, "the tag after revolut.me/, e.g. @ann").group(1).lower()


def check_swish(text: str) -> str:
    """A Swish number: a Swedish mobile number (kept as 07XXXXXXXX) or a Swish business number (123XXXXXXX)."""
    found = _matched(_SWISH, "swish", re.sub(r"[\s-]", "", text), "a Swedish mobile number (070 123 45 67 or "
                     "+46 70 123 45 67) or a Swish business number (123 456 78 90)")
    return "0" + found.group(1) if found.group(1) else found.group(2)


def check_upi(text: str) -> str:
    """A UPI address (``name@bank``)."""
    return _matched(_UPI, "upi", text, "a UPI address like ann@okaxis").group(0)


def check_note(text: str) -> str:
    """The free "how to pay me" line: one line, at most 200 characters."""
    note = " ".join(text.split())
    if not note:
        raise _refused("note", text, "it is empty", "say how to pay you, e.g. 'cash next time is fine'")
    if len(note) > NOTE_MAX:
        raise _refused("note", text, f"{len(note)} characters, at most {NOTE_MAX}", "say it shorter")
    return note


CHECKS: Final = {"iban": check_iban, "bic": check_bic, "name_latin": check_name_latin, "paypal": check_paypal,
                 "revolut": check_revolut, "swish": check_swish, "upi": check_upi, "note": check_note}


def check_details(given: Mapping[str, str], kept: Mapping[str, str] | None = None) -> dict[str, str]:
    """Each field of ``given`` checked and written as it is kept; ``kept``: the player's details
    now (a BIC goes with an IBAN, given now or before)."""
    out = {field: CHECKS[field](value) for field, value in given.items()}
    if "bic" in out and "iban" not in out and not (kept or {}).get("iban"):
        raise InputError("a BIC goes with an IBAN, and there is none", where="--bic",
                         hint="give the IBAN too: --iban … --bic …")
    return out


def save_details(store: Store, name: str, given: Mapping[str, str], removed: Sequence[str] = (),
                 ) -> tuple[str, dict[str, str], dict[str, str]]:
    """Check ``given`` (field → value as typed) and store it, with the fields ``removed`` taken
    away, for the player named (or aliased) ``name``: nothing is written if one is refused (a BIC
    goes with its IBAN: removing the IBAN removes it).  His name, his details before and after."""
    from referee.store.payment_details import details_of, write_details

    player, kept = details_of(store, name)
    checked = check_details(given, {k: v for k, v in kept.items() if k not in removed})
    changes: dict[str, str | None] = {field: None for field in removed} | checked
    if "iban" in removed and "bic" not in given:
        changes["bic"] = None
    player, now = write_details(store, player.name, changes)
    return player.name, kept, now


def bank_name(details: Mapping[str, str], player: str) -> str:
    """The name a SEPA bank gets for the payee: the one he gave, else his name transliterated."""
    return details.get("name_latin") or sepa_text(player)[:EPC_NAME_MAX].rstrip() or "?"


# ---------------------------------------------------------------- the ways to pay one transfer


@dataclass(frozen=True)
class PayWay:
    """One way to pay a transfer: ``kind`` (see the module docstring), ``label`` (the scheme's name),
    ``text`` (what to do, in words, the link apart), ``link`` (a URL, if the scheme has one), ``epc`` (the fields of
    an EPC code: name, iban, amount, text, bic)."""

    kind: str
    label: str
    text: str
    link: str | None = None
    epc: tuple[tuple[str, str | None], ...] = ()

    @property
    def words(self) -> str:
        """What to do, the link included (a terminal's or a paper's line)."""
        return said_later("{text} at {link}", text=self.text, link=self.link) if self.link is not None else self.text

    @property
    def has_code(self) -> bool:
        return bool(self.epc) or self.link is not None

    def qr(self) -> segno.QRCode | None:
        """The QR code of this way (error level M): the EPC code made by segno's ``make_epc_qr``, or
        the link's; None when it has neither."""
        import segno  # segno loads only where a code is drawn
        from segno.helpers import make_epc_qr

        if self.epc:
            return make_epc_qr(**dict(self.epc), encoding="utf-8")
        if self.link is not None:
            return segno.make(self.link, error="m", boost_error=False)
        return None

    def svg_data_uri(self) -> str | None:
        """The QR code as an SVG ``data:`` URI (a report's or a page's image), or None."""
        qr = self.qr()
        return None if qr is None else qr.svg_data_uri(scale=4, border=2)


def remittance(table: str, session_id: int | None, day: datetime | None, payer: str, payee: str) -> str:
    """The EPC remittance text of a transfer: the table, the night (its number and day) and who pays
    whom, in SEPA's characters, at most 140 (the table's name shortened first)."""
    night = f"night {session_id}" + (f" of {day:%Y-%m-%d}" if day is not None else "")
    tail = sepa_text(f", {night}: {payer} to {payee}")
    table_text = sepa_text(table)
    room = EPC_TEXT_MAX - len(tail)
    if room < 1:
        return sepa_text(f"{night}: {payer} to {payee}")[:EPC_TEXT_MAX].rstrip()
    return (table_text[:room].rstrip() + tail)[:EPC_TEXT_MAX]


def ways_to_pay(details: Mapping[str, str], payee: str, cents: int, currency: str, locale: str,
                text: str) -> tuple[PayWay, ...]:
    """Every way ``payee`` (named as he sat) can be paid ``cents`` in ``currency`` with his
    ``details``; ``text``: the remittance text (:func:`remittance`)."""
    from schwifty import IBAN

    amount, money = plain_amount(cents, currency), format_money(cents, currency, locale)
    ways: list[PayWay] = []
    iban = details.get("iban")
    if iban:
        name, bic = bank_name(details, payee), details.get("bic")
        spelled = IBAN(iban).formatted
        bank = f"IBAN {spelled}" + (f", BIC {bic}" if bic else "") + f", {name}, {money}"
        if currency == "EUR" and IBAN(iban).in_sepa_zone:
            epc = (("name", name), ("iban", iban), ("amount", amount), ("text", text), ("bic", bic))
            ways.append(PayWay("epc", said_later("SEPA transfer"), f"{bank}, \u201c{text}\u201d", epc=epc))
        else:
            ways.append(PayWay("bank", said_later("Bank transfer"), bank))
    if details.get("paypal"):
        link = f"https://paypal.me/{details['paypal']}/{amount}{currency}"
        ways.append(PayWay("paypal", "PayPal", money, link=link))
    if details.get("revolut"):
        link = f"https://revolut.me/{details['revolut']}"
        ways.append(PayWay("revolut", "Revolut", said_later("{money} to {account}", money=money, account="@" + details["revolut"]), link=link))
    if details.get("swish") and currency == "SEK":
        query = urlencode({"sw": details["swish"], "amt": amount, "cur": "SEK",
                           "msg": text[:SWISH_MESSAGE_MAX].rstrip(), "src": "qr"}, quote_via=quote)
        link = f"https://app.swish.nu/1/p/sw/?{query}"
        ways.append(PayWay("swish", "Swish", said_later("{money} to Swish {account}", money=money, account=details["swish"]), link=link))
    if details.get("upi") and currency == "INR":
        query = urlencode({"pa": details["upi"], "pn": bank_name(details, payee), "am": amount, "cu": "INR",
                           "tn": text[:UPI_NOTE_MAX].rstrip()}, quote_via=quote)
        link = f"upi://pay?{query}"
        ways.append(PayWay("upi", "UPI", said_later("{money} to {account}", money=money, account=details["upi"]), link=link))
    if details.get("note"):
        ways.append(PayWay("note", said_later("How to pay"), details["note"]))
    return tuple(ways)


@dataclass(frozen=True)
class TransferWays:
    """A transfer still to make and the ways its payee can be paid (none: he gave no details)."""

    transfer: Transfer
    ways: tuple[PayWay, ...]

    @property
    def coded(self) -> PayWay | None:
        """The first way with a QR code (the EPC code before a link), or None."""
        return next((w for w in self.ways if w.has_code), None)


def transfer_ways(ledger: SessionLedger, transfers: Sequence[Transfer], details: Mapping[str, Mapping[str, str]],
                  day: datetime | None = None) -> tuple[TransferWays, ...]:
    """Each of ``transfers`` (of ``ledger``'s night) with its payee's ways to be paid; ``details``:
    each payee's details by the name he sat under (:func:`details_by_seat`); ``day``: when the night
    started (its remittance text names it)."""
    s = ledger.settings
    return tuple(
        TransferWays(t, ways_to_pay(details.get(t.payee, {}), t.payee, t.cents, s.currency, s.locale,
                                    remittance(ledger.table, ledger.session_id, day, t.payer, t.payee)))
        for t in transfers)


def details_by_seat(store: Store, session_id: int) -> dict[str, dict[str, str]]:
    """The payment details of each person at session ``session_id``, by the name he sat under (a
    player's details are his under every alias; the name a bank gets, unless he gave one, is the
    player's own name, not the alias he sat under)."""
    from referee.store.payment_details import details_by_player

    seats = store.seats(session_id)
    found = details_by_player(store, (s.player_id for s in seats))
    if not found:
        return {}
    names = {p.id: p.name for p in store.players()}
    out: dict[str, dict[str, str]] = {}
    for seat in seats:
        details = found.get(seat.player_id)
        if details is None:
            continue
        if "iban" in details and "name_latin" not in details:
            details = details | {"name_latin": bank_name({}, names.get(seat.player_id, seat.name))}
        out[seat.name] = details
    return out


__all__ = ["CHECKS", "FIELD_WORDS", "OPTION_NAMES", "PayWay", "TransferWays", "bank_name", "check_details",
           "details_by_seat", "remittance", "save_details", "sepa_text", "transfer_ways", "ways_to_pay"]
