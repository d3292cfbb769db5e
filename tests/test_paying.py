"""How to pay a transfer: payment details checked on the way in, and each transfer's EPC code or link.

"An EPC069-12 SEPA credit-transfer QR code (version 002, level M, ≤ 331 bytes, amount with a decimal
point and no thousands separator, a remittance text naming the table and night) for a payee with an
IBAN in EUR; a PayPal.me link with the amount; the other handles as links or text where their scheme
allows, and only in their own currency (Swish in SEK, UPI in INR)."

Every code is decoded back from its rendered image by zxing-cpp (tests/helpers/qr.py) and its text
compared with the payload written out here by hand from the EPC069-12 table:

    1 service tag BCD · 2 version 002 · 3 character set 1 (UTF-8) · 4 identification SCT · 5 BIC
    (optional in version 002) · 6 beneficiary name, at most 70 · 7 IBAN · 8 amount: EUR, then the
    amount with a point before the cents and no thousands separator (0.01 to 999999999.99) · 9 purpose
    · 10 structured reference · 11 unstructured remittance text, at most 140 · the whole at most 331 bytes.

segno's ``make_epc_qr`` writes the amount without trailing zeros (``EUR12.5`` for 12.50, ``EUR4``
for 4.00), which the table allows.
"""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal
from pathlib import Path

import pytest
from helpers.cli import invoke, ok, run
from helpers.qr import decoded, read_one, terminal_codes
from helpers.scoreboard import demo_night

from referee.errors import InputError
from referee.ledger.paying import check_details, remittance, sepa_text, ways_to_pay
from referee.store.payment_details import details_of
from referee.store.store import open_store

IBAN = "DE89370400440532013000"  # the example IBAN of the German banks (check digits 89 hold)
DAY = datetime(2026, 12, 5, 20, 0)
AMOUNT = re.compile(r"EUR(0|[1-9]\d{0,8})(\.\d{1,2})?")


def fields(payload: str) -> list[str]:
    """An EPC payload's lines, checked against the table's fixed fields and limits."""
    lines = payload.split("\n")
    assert lines[:4] == ["BCD", "002", "1", "SCT"], lines[:4]
    assert len(lines) == 11, lines
    assert 1 <= len(lines[5]) <= 70 and len(lines[10]) <= 140
    assert AMOUNT.fullmatch(lines[7]), lines[7]
    assert len(payload.encode("utf-8")) <= 331
    return lines


def epc_way(details: dict[str, str], payee: str, cents: int, text: str):  # type: ignore[no-untyped-def]
    ways = [w for w in ways_to_pay(check_details(details), payee, cents, "EUR", "en_GB", text) if w.kind == "epc"]
    assert len(ways) == 1
    return ways[0]


def test_an_epc_code_decodes_to_the_payload_of_the_epc_table_field_by_field() -> None:
    text = remittance("Kitchen", 3, DAY, "Bob", "Ann")
    assert text == "Kitchen, night 3 of 2026-12-05: Bob to Ann"
    way = epc_way({"iban": "de89 3704 0044 0532 0130 00", "bic": "COBADEFFXXX"}, "Ann", 1250, text)
    payload, level = read_one(way.qr())
    assert level == "M"
    assert payload == f"BCD\n002\n1\nSCT\nCOBADEFFXXX\nAnn\n{IBAN}\nEUR12.5\n\n\n{text}"
    lines = fields(payload)
    assert Decimal(lines[7][3:]) == Decimal("12.50")
    # the IBAN and the amount are written out beside the code, as EPC asks
    assert "IBAN DE89 3704 0044 0532 0130 00" in way.text and "€12.50" in way.text


def test_an_amount_has_a_decimal_point_and_no_thousands_separator() -> None:
    way = epc_way({"iban": IBAN}, "Ann", 123_456_789, "Kitchen, night 3")
    lines = fields(read_one(way.qr())[0])
    assert lines[4] == "" and lines[7] == "EUR1234567.89"  # no BIC: optional in version 002


def test_a_cyrillic_name_reaches_the_bank_transliterated_and_the_payee_may_spell_it_himself() -> None:
    assert sepa_text("Дмитрий Шостакович") == "Dmitriy Shostakovich"
    text = remittance("Кухня", 4, DAY, "Bob", "Дмитрий")
    assert text == "Kukhnya, night 4 of 2026-12-05: Bob to Dmitriy"
    way = epc_way({"iban": IBAN}, "Дмитрий Шостакович", 500, text)
    assert read_one(way.qr())[0] == f"BCD\n002\n1\nSCT\n\nDmitriy Shostakovich\n{IBAN}\nEUR5\n\n\n{text}"
    own = epc_way({"iban": IBAN, "name_latin": "Dmitri Shostakovitch"}, "Дмитрий Шостакович", 500, text)
    assert fields(read_one(own.qr())[0])[5] == "Dmitri Shostakovitch"


def test_a_name_and_a_text_at_their_limits_make_a_code_within_331_bytes() -> None:
    name = "N" * 69 + "x"  # 70 characters: the most a name may have
    text = remittance("T" * 200, 123456, DAY, "Maximilian", "Wilhelmina")  # the table's name cut to fit
    tail = ", night 123456 of 2026-12-05: Maximilian to Wilhelmina"
    assert text == "T" * (140 - len(tail)) + tail and len(text) == 140
    way = epc_way({"iban": IBAN, "bic": "COBADEFFXXX", "name_latin": name}, "Wilhelmina", 99_999_999_999, text)
    payload = read_one(way.qr())[0]
    lines = fields(payload)
    assert lines[5] == name and lines[10] == text and lines[7] == "EUR999999999.99"
    # BCD, 002, 1, SCT, the BIC, the name, the IBAN, the amount, two empty fields, the text; ten newlines
    assert len(payload.encode("utf-8")) == 3 + 3 + 1 + 3 + 11 + 70 + 22 + 15 + 0 + 0 + 140 + 10
    with pytest.raises(InputError, match="71 characters, a bank takes at most 70"):
        check_details({"name_latin": name + "y"})


def test_links_carry_the_amount_in_the_nights_currency_and_each_scheme_only_its_own() -> None:
    details = check_details({"iban": IBAN, "paypal": "https://paypal.me/AnnEx", "revolut": "@Ann",
                             "swish": "+46 70 123 45 67", "upi": "ann@okaxis", "note": "cash is fine"})
    text = "Kitchen, night 3"
    by_currency = {currency: {w.kind: w for w in ways_to_pay(details, "Ann", 1250, currency, "en_GB", text)}
                   for currency in ("EUR", "SEK", "INR", "GBP")}
    assert list(by_currency["EUR"]) == ["epc", "paypal", "revolut", "note"]
    assert list(by_currency["SEK"]) == ["bank", "paypal", "revolut", "swish", "note"]  # no EPC code but in EUR
    assert list(by_currency["INR"]) == ["bank", "paypal", "revolut", "upi", "note"]
    assert list(by_currency["GBP"]) == ["bank", "paypal", "revolut", "note"]
    assert by_currency["GBP"]["bank"].qr() is None and "£12.50" in by_currency["GBP"]["bank"].text
    assert by_currency["EUR"]["paypal"].link == "https://paypal.me/AnnEx/12.50EUR"
    assert by_currency["GBP"]["paypal"].link == "https://paypal.me/AnnEx/12.50GBP"
    assert by_currency["EUR"]["revolut"].link == "https://revolut.me/ann"
    assert by_currency["SEK"]["swish"].link == ("https://app.swish.nu/1/p/sw/?sw=0701234567&amt=12.50&cur=SEK"
                                                "&msg=Kitchen%2C%20night%203&src=qr")
    assert by_currency["INR"]["upi"].link == ("upi://pay?pa=ann%40okaxis&pn=Ann&am=12.50&cu=INR"
                                              "&tn=Kitchen%2C%20night%203")
    assert by_currency["EUR"]["note"].text == "cash is fine" and by_currency["EUR"]["note"].qr() is None
    for ways in by_currency.values():
        for way in ways.values():
            if way.link is not None:
                assert read_one(way.qr()) == (way.link, "M")


@pytest.mark.parametrize(("option", "value", "said"), [
    ("--iban", "DE89 3704 0044 0532 0130 01", "bad IBAN 'DE89 3704 0044 0532 0130 01': invalid checksum digits"),
    ("--iban", "XX89370400440532013000", "bad IBAN 'XX89370400440532013000': unknown country-code 'XX'"),
    ("--bic", "COBAXXFF", "bad BIC 'COBAXXFF': invalid country code 'XX'"),
    ("--swish", "12345", "bad Swish '12345': not in the form its scheme uses"),
])
def test_a_bad_detail_is_refused_in_one_line_through_the_real_command_and_nothing_is_written(
        sqlite_url: str, option: str, value: str, said: str) -> None:
    with open_store(sqlite_url) as store:
        store.add_player("Ann")
    ok("player", "pay-details", "Ann", "--paypal", "AnnEx", "--db", sqlite_url)
    done = run("player", "pay-details", "Ann", "--iban", IBAN, option, value, "--note", "x", "--db", sqlite_url)
    assert done.returncode == 2, done.stderr
    first, hint = done.stderr.splitlines()
    assert first == f"Error: {option}: {said}" and hint.startswith("Hint: ")
    assert "Traceback" not in done.stderr and done.stdout == ""
    with open_store(sqlite_url) as store:
        assert details_of(store, "Ann")[1] == {"paypal": "AnnEx"}  # nothing of the refused command written


def test_details_are_shown_changed_and_removed_and_belong_to_the_player_under_any_alias(db_url: str) -> None:
    with open_store(db_url) as store:
        store.add_player("Robert")
        store.add_alias("Robert", "Bobby")
    assert "Robert has given no payment details." in ok("player", "pay-details", "Robert", "--db", db_url).output
    saved = ok("player", "pay-details", "bobby", "--iban", "DE89 3704 0044 0532 0130 00", "--bic", "COBADEFFXXX",
               "--paypal", "RobEx", "--db", db_url).output
    assert "Saved the payment details of Robert: iban, bic, paypal." in saved
    shown = ok("player", "pay-details", "Robert", "--db", db_url).output
    assert "IBAN: DE89 3704 0044 0532 0130 00" in shown and "BIC: COBADEFFXXX" in shown
    assert "Name for the bank: Robert" in shown and "PayPal.me: RobEx" in shown
    removed = ok("player", "pay-details", "Robert", "--remove", "iban", "--db", db_url).output
    assert "Removed: iban, bic." in removed  # a BIC goes with its IBAN
    with open_store(db_url) as store:
        assert details_of(store, "BOBBY")[1] == {"paypal": "RobEx"}
    lonely = invoke("player", "pay-details", "Robert", "--bic", "COBADEFFXXX", "--db", db_url)
    assert lonely.exit_code == 2 and "a BIC goes with an IBAN, and there is none" in lonely.output
    ok("player", "pay-details", "Robert", "--remove-all", "--db", db_url)
    with open_store(db_url) as store:
        assert details_of(store, "Robert")[1] == {}


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    """The demo night (Eve gave an IBAN, Dee a PayPal.me name) and the folder of its PDF."""
    folder = tmp_path_factory.mktemp("demo")
    return demo_night(folder), folder


def _demo_payloads(url: str) -> dict[str, str]:
    """What the demo night's codes hold, written out by hand: Bob pays Dee 9.00 and Eve 4.00, Ann pays
    Eve 3.00 (Cy paid Eve at the table), in EUR; Eve's account is in the name "Eve Example"."""
    with open_store(url) as store:
        day = f"{store.session(1).started_at:%Y-%m-%d}"
    text = f"Ann's kitchen, night 1 of {day}"
    return {"Bob to Dee": "https://paypal.me/DeeExample/9.00EUR",
            "Bob to Eve": f"BCD\n002\n1\nSCT\n\nEve Example\n{IBAN}\nEUR4\n\n\n{text}: Bob to Eve",
            "Ann to Eve": f"BCD\n002\n1\nSCT\n\nEve Example\n{IBAN}\nEUR3\n\n\n{text}: Ann to Eve"}


def test_settle_shows_each_transfers_code_or_link_and_writes_out_the_iban_and_amount(demo) -> None:  # type: ignore[no-untyped-def]
    url, _ = demo
    drawn = ok("settle", "1", "--codes", "--db", url).output
    how = drawn[drawn.index("How to pay"):]
    assert "1. Bob pays Dee €9.00\n     PayPal: €9.00 at https://paypal.me/DeeExample/9.00EUR" in how
    assert "     How to pay: or cash at the next game" in how
    assert ("2. Bob pays Eve €4.00\n     SEPA transfer: IBAN DE89 3704 0044 0532 0130 00, Eve Example, €4.00, "
            "“Ann's kitchen, night 1 of ") in how
    codes = terminal_codes(how)  # drawn with block characters: read back as a phone's camera would
    assert [[text for text, _ in found] for found in codes] == [[payload] for payload in _demo_payloads(url).values()]
    plain = ok("settle", "1", "--db", url).output  # not a terminal: the words, no code
    assert "SEPA transfer: IBAN DE89 3704 0044 0532 0130 00" in plain and "▀" not in plain
    assert "▀" not in ok("settle", "1", "--no-codes", "--db", url).output


def test_the_pdf_reports_settlement_has_one_code_per_transfer_that_decodes_to_its_payload(demo, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import subprocess

    url, folder = demo
    subprocess.run(["pdftoppm", "-r", "150", "-png", str(folder / "demo.pdf"), str(tmp_path / "page")], check=True)
    found = [text for page in sorted(tmp_path.glob("page*.png")) for text, _ in decoded(page)]
    assert sorted(found) == sorted(_demo_payloads(url).values())
    for text in found:
        if text.startswith("BCD"):
            fields(text)


def test_the_demos_players_details_go_to_the_demo_store_once_and_never_over_a_players_own(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'own.sqlite3'}"
    with open_store(url) as store:
        store.add_player("Eve")
    ok("player", "pay-details", "Eve", "--paypal", "EveOwn", "--db", url)
    done = run("demo", "--db", url, "--pdf", str(tmp_path / "demo.pdf"))
    assert done.returncode == 0, done.stderr
    assert "PayPal: €4.00 at https://paypal.me/EveOwn/4.00EUR" in done.stdout
    with open_store(url) as store:
        assert details_of(store, "Eve")[1] == {"paypal": "EveOwn"}
        assert details_of(store, "Dee")[1] == {"paypal": "DeeExample", "note": "or cash at the next game"}


def test_a_player_who_sat_under_an_alias_is_paid_with_his_own_details_and_name(sqlite_url: str) -> None:
    from referee.ledger.paying import details_by_seat
    from referee.store.store import SeatSpec

    with open_store(sqlite_url) as store:
        store.add_player("Дмитрий Шостакович")
        store.add_alias("Дмитрий Шостакович", "Dima")
        session = store.new_session(table_name="Kitchen", rulebook="jackpots", chip_value_cents=100,
                                    seats=[SeatSpec("Dima", 100), SeatSpec("Ann", 100)])
        assert session.id is not None
    ok("player", "pay-details", "Дмитрий Шостакович", "--iban", IBAN, "--db", sqlite_url)
    with open_store(sqlite_url) as store:
        assert details_by_seat(store, session.id) == {"Dima": {"iban": IBAN, "name_latin": "Dmitriy Shostakovich"}}


def test_details_given_after_the_night_closed_reach_a_running_players_page(sqlite_url: str) -> None:
    """The page of a closed night is read again when a payee changes his details, as when an action is
    logged; the page carries them on the transfers to him only."""
    from helpers.scoreboard import new_session

    from referee.scoreboard.feed import NightFeed

    sid = new_session(sqlite_url)  # Ann, Bob, Cy, Dee, 100 chips each at 1.00
    with open_store(sqlite_url) as store:
        store.close_session(sid, {"Ann": 150, "Bob": 50, "Cy": 100, "Dee": 100})
        feed = NightFeed(store, sid)
        view = feed.read()[1]
        assert view is not None
        assert view["settlement"]["transfers"] == [{"payer": "Bob", "payee": "Ann", "cents": 5000, "text": "€50.00", "pay": []}]
        assert feed.read()[1] is None  # nothing changed: nothing to send
        ok("player", "pay-details", "Ann", "--paypal", "AnnEx", "--db", sqlite_url)
        view = feed.read()[1]
        assert view is not None
        [way] = view["settlement"]["transfers"][0]["pay"]
        assert (way["kind"], way["link"]) == ("paypal", "https://paypal.me/AnnEx/50.00EUR")
        bob, ann = (next(p for p in view["settlement"]["players"] if p["name"] == n) for n in ("Bob", "Ann"))
        assert bob["pays"][0]["pay"] == [way] and ann["pays"] == []
