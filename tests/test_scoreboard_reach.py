"""The link ``referee serve`` prints is one a phone can open, or it says plainly that none can.

"serve prints a link a phone on the same network can open (the machine's LAN address when it listens
on all interfaces) and says plainly when it listens only on this machine, so the QR code is never a
dead end. --host 0.0.0.0 says that everyone on the network with the link sees the page."
These tests never listen on, nor send to, any address but 127.0.0.1: the words for every network
are checked on the links :func:`reach` works out, without listening there.
"""

from __future__ import annotations

import ipaddress
import socket
from pathlib import Path
from urllib.parse import urlsplit

from referee.scoreboard.server import Scoreboard, announcement, lan_address, reach


def udp_datagrams_sent() -> int:
    lines = [line.split() for line in Path("/proc/net/snmp").read_text().splitlines() if line.startswith("Udp:")]
    return int(lines[1][lines[0].index("OutDatagrams")])


def test_finding_the_machines_address_on_its_network_sends_nothing() -> None:
    """It asks the kernel which address a route out would leave from (a connected UDP socket), and
    sends nothing: the machine's count of UDP datagrams sent does not move (tried a few times, in
    case another program sends meanwhile)."""
    for _ in range(5):
        before = udp_datagrams_sent()
        found = [lan_address() for _ in range(20)]
        if udp_datagrams_sent() == before:
            break
    else:
        raise AssertionError("UDP datagrams were sent while the address was looked up")
    address = found[0]
    assert all(a == address for a in found)
    if address is not None:  # one of this machine's own, not loopback
        assert not ipaddress.ip_address(address).is_loopback
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as mine:
            mine.bind((address, 0))


def board(host: str) -> Scoreboard:
    urls, for_phones = reach(host, 8765, 3, "tok")
    return Scoreboard(None, None, urls, host, for_phones)  # type: ignore[arg-type]


def test_on_every_network_the_link_and_its_qr_code_carry_the_machines_address_and_say_who_sees_the_page() -> None:
    address = lan_address()
    lines = announcement(board("0.0.0.0"))
    if address is None:  # a machine on no network: no phone can open it, and no QR code says otherwise
        assert lines == ["Open in this machine's browser:", "  http://127.0.0.1:8765/s/3/tok/",
                         "This machine has no network address but its own (127.0.0.1): no phone can open the page. "
                         "Join the table's Wi-Fi, then start again."]
        return
    assert lines[:2] == ["Open on a phone on this machine's network:", f"  http://{address}:8765/s/3/tok/"]
    assert "█" in lines[2] or "▀" in lines[2]  # the QR code, of that link
    assert lines[3:] == ["  http://127.0.0.1:8765/s/3/tok/   (on this machine)",
                         "Listening on every network of this machine: everyone on the network who has the link "
                         "sees the page."]


def test_on_this_machine_only_it_says_a_phone_cannot_open_the_link_and_draws_no_qr_code() -> None:
    for host in ("127.0.0.1", "localhost", "::1"):
        lines = announcement(board(host))
        shown = host if host != "::1" else "[::1]"
        assert lines == ["Open in this machine's browser:", f"  http://{shown}:8765/s/3/tok/",
                         f"Listening on this machine only ({host}): a phone cannot open this link. For the players' "
                         "phones: --host 0.0.0.0 (everyone on the network who has the link sees the page)."]


def test_on_one_address_of_the_network_it_says_everyone_there_with_the_link_sees_the_page() -> None:
    lines = announcement(board("192.168.1.20"))
    assert lines[:2] == ["Open on a phone on this machine's network:", "  http://192.168.1.20:8765/s/3/tok/"]
    assert urlsplit(lines[1].strip()).hostname == "192.168.1.20"
    assert lines[-1] == "Listening on 192.168.1.20: everyone on its network who has the link sees the page."
