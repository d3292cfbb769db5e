"""``referee settle N --message``: the end-of-night message for the group chat, as a user pastes it."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.cli import invoke, ok, run
from tests.helpers.tab_nights import three_nights

# The demo night's balances, from its cash-outs (a chip is €1.00) and La Viuda's money: Ann 31 − 40 + 6
# (she collected the fund) = −€3.00, Bob 31 − 42 − 2 (his buy-back) = −€13.00, Cy 10 − 42 = −€32.00,
# Dee 49 − 40 = +€9.00, Eve 49 − 10 = +€39.00.  Cy paid Eve €32.00 at the table, so what is left is
# Ann −3, Bob −13, Dee +9, Eve +7: no two of them square each other, so three transfers, the largest
# debtor paying the largest creditor: Bob pays Dee €9.00, then Bob (−4) pays Eve €4.00, Ann pays Eve €3.00.
# Each transfer says how its payee takes money, from the demo's payment details: Dee a PayPal.me name
# (the link carries the amount and the currency) and a note; Eve an IBAN in EUR, with the name her bank
# expects and the SEPA text naming the table, the night and the transfer.
EVE = "IBAN DE89 3704 0044 0532 0130 00, Eve Example"
DEMO_MESSAGE = [
    "Ann's kitchen · night 1 · {day}",
    "",
    "Results",
    "  Eve +€39.00",
    "  Dee +€9.00",
    "  Ann −€3.00",
    "  Bob −€13.00",
    "  Cy −€32.00",
    "",
    "Who pays whom",
    "  1. Bob pays Dee €9.00",
    "     PayPal: €9.00 at https://paypal.me/DeeExample/9.00EUR",
    "     How to pay: or cash at the next game",
    "  2. Bob pays Eve €4.00",
    f"     SEPA transfer: {EVE}, €4.00, “Ann's kitchen, night 1 of {{day}}: Bob to Eve”",
    "  3. Ann pays Eve €3.00",
    f"     SEPA transfer: {EVE}, €3.00, “Ann's kitchen, night 1 of {{day}}: Ann to Eve”",
    "",
    "Paid already: Cy paid Eve €32.00",
]


def demo(url: str, tmp_path: Path) -> str:
    """The demo night recorded into ``url``; the day it started."""
    ok("demo", "--db", url, "--pdf", str(tmp_path / "demo.pdf"))
    listed = ok("session", "list", "--db", url).output
    return next(line.split()[1] for line in listed.splitlines() if line.split()[:1] == ["1"])


def test_the_demo_nights_message_line_by_line(sqlite_url: str, tmp_path: Path) -> None:
    day = demo(sqlite_url, tmp_path)
    plain = run("settle", "1", "--message", "--db", sqlite_url)
    assert plain.returncode == 0, plain.stderr
    assert plain.stdout.splitlines() == [line.format(day=day) for line in DEMO_MESSAGE]
    markdown = ok("settle", "1", "--markdown", "--db", sqlite_url).output.splitlines()
    assert markdown == [
        f"**Ann's kitchen · night 1 · {day}**", "",
        "**Results**", "- Eve +€39.00", "- Dee +€9.00", "- Ann −€3.00", "- Bob −€13.00", "- Cy −€32.00", "",
        "**Who pays whom**",
        "1. Bob pays Dee €9.00",
        "   PayPal: €9.00 at https://paypal.me/DeeExample/9.00EUR",
        "   How to pay: or cash at the next game",
        "2. Bob pays Eve €4.00",
        f"   SEPA transfer: {EVE}, €4.00, “Ann's kitchen, night 1 of {day}: Bob to Eve”",
        "3. Ann pays Eve €3.00",
        f"   SEPA transfer: {EVE}, €3.00, “Ann's kitchen, night 1 of {day}: Ann to Eve”", "",
        "Paid already: Cy paid Eve €32.00",
    ]


def test_the_message_says_what_is_still_open_from_earlier_nights(db_url: str) -> None:
    # The three nights of the tab's test, and Cy's €6.00 to Bob against it.  Night 3's message: its own
    # transfer (Bob pays Ann €5.00), then the tab of nights 1 and 2: Cy owes €15.00 less the €6.00 = €9.00,
    # his oldest debt left from night 2; Bob is owed night 1's €15.00 less the €6.00, since night 1.
    three_nights(db_url)
    ok("tab", "pay", "Cy", "Bob", "6", "--db", db_url)
    assert ok("settle", "3", "--message", "--db", db_url).output.splitlines() == [
        "Kitchen · night 3 · 2026-11-20",
        "",
        "Results",
        "  Ann +€5.00",
        "  Dee €0.00",
        "  Bob −€5.00",
        "",
        "Who pays whom",
        "  1. Bob pays Ann €5.00",
        "",
        "Still open from earlier nights",
        "  Cy owes €9.00 (since 2026-11-13)",
        "  Bob is owed €9.00 (since 2026-11-06)",
        "  Clears with: Cy pays Bob €9.00",
    ]
    # night 1's message: nothing earlier is open, and its own transfers are as the night left them
    first = ok("settle", "1", "--message", "--db", db_url).output
    assert "Still open" not in first and "  1. Ann pays Bob €10.00\n  2. Cy pays Bob €5.00" in first


def test_a_house_restyles_the_message_with_its_own_template(sqlite_url: str, tmp_path: Path) -> None:
    three_nights(sqlite_url)
    house = tmp_path / "ours.txt.j2"
    house.write_text("Night {{ session }}:{% for t in transfers %} {{ t.payer }}→{{ t.payee }} {{ t.amount }}"
                     "{% endfor %}\n")
    assert ok("settle", "2", "--template", str(house), "--db", sqlite_url).output == "Night 2: Cy→Ann €10.00\n"
    house.write_text("{{ nobody }}\n")
    broken = invoke("settle", "2", "--template", str(house), "--db", sqlite_url)
    assert broken.exit_code == 2
    assert broken.output.splitlines()[0] == "Error: --template: the message template cannot be rendered: " \
                                            "'nobody' is undefined"
    missing = invoke("settle", "2", "--template", str(tmp_path / "none.j2"), "--db", sqlite_url)
    assert missing.exit_code == 2 and f"Error: --template: no file '{tmp_path / 'none.j2'}'" in missing.output
    both = invoke("settle", "2", "--message", "--json", "--db", sqlite_url)
    assert both.exit_code == 2 and "Error: --message: --message and --json both given" in both.output


def test_each_payees_ways_to_be_paid_are_said_under_his_transfer() -> None:
    # the shipped template given one transfer whose payee has a PayPal.me link and a note of his own
    from referee.report.message import render_message

    way = {"label": "PayPal", "text": "€9.00 at https://paypal.me/dee/9.00EUR", "link": "https://paypal.me/dee/9.00EUR"}
    note = {"label": "How to pay", "text": "cash next Friday is fine", "link": None}
    context = {"markdown": False, "table": "Kitchen", "session": 4, "day": "2026-12-04", "status": "closed",
               "results": [{"name": "Dee", "signed": "+€9.00"}, {"name": "Bob", "signed": "−€9.00"}],
               "transfers": [{"number": 1, "payer": "Bob", "payee": "Dee", "amount": "€9.00", "ways": [way, note]}],
               "paid": [], "square": False, "tab": [], "page": "http://192.168.1.20:8765/s/4?t=abc"}
    assert render_message(context).splitlines() == [
        "Kitchen · night 4 · 2026-12-04", "",
        "Results", "  Dee +€9.00", "  Bob −€9.00", "",
        "Who pays whom", "  1. Bob pays Dee €9.00",
        "     PayPal: €9.00 at https://paypal.me/dee/9.00EUR",
        "     How to pay: cash next Friday is fine", "",
        "Tonight's page: http://192.168.1.20:8765/s/4?t=abc",
    ]
