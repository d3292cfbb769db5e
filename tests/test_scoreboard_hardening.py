"""``referee serve`` on a hostile network: every answer plain, the key whole, the links per store, the
page in its own frame of rules, and a flood of slow connections refused while the phones keep going.

"Any bad path or token is a 404 without a traceback; a key file that is empty, short or unreadable
is refused (created once, atomically, 0600); the token binds the store too, so the same session
number in two databases has two links; security headers (CSP with no inline script, nosniff,
frame-ancestors 'none', no-referrer, no server banner); connection limits and header timeouts, so a
flood of slow connections degrades to refusals while phones keep getting updates; a trailing-slash
redirect."  Every test runs a real ``referee serve`` and talks to it on 127.0.0.1 only.
"""

from __future__ import annotations

import http.client
import os
import re
import resource
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from helpers.scoreboard import EventStream, Served, act, new_session

from referee.scoreboard.server import HEADER_SECONDS

REFEREE = Path(sys.executable).parent / "referee"


def get(url: str, path: str | None = None, method: str = "GET") -> http.client.HTTPResponse:
    """One request (no redirect followed): the response, its body read."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    connection.request(method, path if path is not None else parts.path)
    response = connection.getresponse()
    response.read()
    connection.close()
    return response


def stopped_stderr(served: Served) -> str:
    served.stop()
    assert served.process.stderr is not None
    return served.process.stderr.read()


def test_a_bad_token_or_path_is_a_plain_404_and_writes_no_traceback(sqlite_url: str) -> None:
    """A token that is not ASCII was a 500 with a traceback, which `table --share` printed into the
    scorekeeper's prompt."""
    sid = new_session(sqlite_url)
    served = Served(sqlite_url, sid)
    try:
        base = served.url.split("/s/")[0]
        token = served.url.rstrip("/").rsplit("/", 1)[1]
        for path in (f"/s/{sid}/%C3%A9/state", f"/s/{sid}/%C3%A9/", f"/s/{sid}/%C3%A9", f"/s/{sid}/%E2%80%AE/events",
                     f"/s/{sid}/%ff%00/state", f"/s/{sid}/{token}%C3%A9/", f"/s/{sid}/%E9%E9/",
                     f"/s/{sid + 1}/{token}/", f"/s/{'9' * 40}/{token}/", f"/s/{sid}/{token}/nothing", "/assets/../pyproject.toml",
                     "/assets/%2e%2e/app.py", "//s", "/%00", f"/s/{sid}/{'x' * 5000}/"):
            response = get(base, path)
            assert response.status == 404, (path, response.status)
        with socket.create_connection(("127.0.0.1", urlsplit(base).port), timeout=10) as raw:  # not even HTTP
            raw.sendall(f"GET /s/{sid}/\xe9/state HTTP/1.1\r\nHost: x\r\n\r\n".encode("latin-1"))
            assert raw.recv(100).startswith(b"HTTP/1.1 400 ")
    finally:
        errors = stopped_stderr(served)
    assert "Traceback" not in errors and "Exception" not in errors, errors


def serve_refused(sqlite_url: str, sid: int, data_home: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_DB"} | {"XDG_DATA_HOME": str(data_home)}
    return subprocess.run([str(REFEREE), "--db", sqlite_url, "serve", str(sid), "--port", "0", "--no-qr"],
                          capture_output=True, text=True, env=env, stdin=subprocess.DEVNULL, timeout=60)


@pytest.mark.parametrize(("what", "make", "said"), [
    ("empty", lambda p: p.write_bytes(b""), "is empty"),
    ("short", lambda p: p.write_bytes(b"0123456789"), "is too short (10 bytes, 32 needed)"),
    ("unreadable", lambda p: p.mkdir(), "cannot be read"),  # (the tests run as root: a directory, not a mode)
])
def test_a_key_file_that_is_empty_short_or_unreadable_is_refused_in_one_line(
        what: str, make: object, said: str, sqlite_url: str, tmp_path: Path) -> None:
    sid = new_session(sqlite_url)
    key = tmp_path / "referee" / "scoreboard.key"
    key.parent.mkdir()
    make(key)  # type: ignore[operator]
    done = serve_refused(sqlite_url, sid, tmp_path)
    assert done.returncode == 2, (what, done.stdout, done.stderr)
    first, *rest = done.stderr.splitlines()
    assert first == f"Error: the scoreboard key {key} {said}" + (": anyone could compute the links" if what != "unreadable"
                                                                    else ": Is a directory")
    assert len(rest) == 1 and rest[0].startswith("Hint: ")
    assert "http://" not in done.stdout


def test_servers_starting_together_make_one_whole_key_readable_by_its_owner_only(tmp_path: Path) -> None:
    """Six servers starting at once sometimes left an empty key, after which every link can be
    computed by anyone."""
    program = ("import sys, time; from pathlib import Path; from referee.scoreboard.token import secret_key\n"
               "start = float(sys.argv[2])\n"
               "time.sleep(max(0.0, start - time.time()))\n"
               "print(secret_key(Path(sys.argv[1])).hex())")
    for trial in range(8):
        key = tmp_path / f"trial-{trial}" / "scoreboard.key"
        start = time.time() + 1.5
        runs = [subprocess.Popen([sys.executable, "-c", program, str(key), str(start)], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True) for _ in range(6)]
        keys = set()
        for run in runs:
            out, err = run.communicate(timeout=60)
            assert run.returncode == 0, err
            keys.add(out.strip())
        assert len(keys) == 1 and len(bytes.fromhex(keys.pop())) == 32
        assert stat.S_IMODE(key.stat().st_mode) == 0o600
        assert [p.name for p in key.parent.iterdir()] == ["scoreboard.key"]  # no temporary file left


def test_the_same_session_number_in_two_databases_has_two_links(tmp_path: Path) -> None:
    first, second = f"sqlite:///{tmp_path / 'first.sqlite3'}", f"sqlite:///{tmp_path / 'second.sqlite3'}"
    assert new_session(first, "Kitchen") == new_session(second, "Kitchen") == 1
    with Served(first, 1) as one, Served(second, 1) as two:
        assert urlsplit(one.url).path != urlsplit(two.url).path
        other = urlsplit(two.url).path
        assert get(one.url, other).status == 404
        assert get(one.url).status == 200
    with Served(first, 1) as again:  # a restart keeps the link
        assert urlsplit(again.url).path == urlsplit(one.url).path


def test_every_answer_forbids_inline_script_framing_and_referrers_and_names_no_server(sqlite_url: str) -> None:
    sid = new_session(sqlite_url)
    with Served(sqlite_url, sid) as served:
        path = urlsplit(served.url).path
        answers = {"page": get(served.url), "state": get(served.url, path + "state"),
                   "asset": get(served.url, "/assets/page.js"), "404": get(served.url, "/nothing"),
                   "405": get(served.url, path, method="POST"), "redirect": get(served.url, path.rstrip("/"))}
        stream = EventStream(served.url + "events")
        answers["events"] = stream.response  # type: ignore[assignment]
        for name, response in answers.items():
            headers = {k.lower(): v for k, v in response.getheaders()}
            csp = headers.get("content-security-policy", "")
            assert "script-src 'self'" in csp and "'unsafe-inline'" not in csp and "default-src 'none'" in csp, name
            assert "frame-ancestors 'none'" in csp, name
            assert headers.get("x-content-type-options") == "nosniff", name
            assert headers.get("referrer-policy") == "no-referrer", name
            assert "server" not in headers, (name, headers.get("server"))
        stream.close()
        page = get(served.url)
        html = urlopen_text(served.url)
    assert page.status == 200
    assert all("src=" in tag for tag in re.findall(r"<script\b[^>]*>", html)), "an inline script"
    assert not re.search(r"<style\b|\sstyle=|\son[a-z]+=", html, re.IGNORECASE), "an inline style or handler"


def urlopen_text(url: str) -> str:
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    connection.request("GET", parts.path)
    text = connection.getresponse().read().decode()
    connection.close()
    return text


def test_the_link_typed_without_its_last_slash_leads_to_the_page(sqlite_url: str) -> None:
    sid = new_session(sqlite_url)
    with Served(sqlite_url, sid) as served:
        path = urlsplit(served.url).path
        response = get(served.url, path.rstrip("/"))
        assert response.status in (301, 307, 308) and response.getheader("location") == path
        assert get(served.url, path.rstrip("/")[:-1] + "x").status == 404  # only the right link is redirected


def test_a_flood_of_slow_connections_is_refused_while_an_open_page_keeps_getting_updates(sqlite_url: str) -> None:
    """1,100 connections that send their headers a byte at a time, against a server limited to 1,024
    open files (a common desktop setting), took the page down for every phone and wrote thousands of
    traceback lines."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 1400:
        pytest.skip(f"this test needs 1,400 open files, the limit is {hard}")
    if soft != resource.RLIM_INFINITY and soft < 1400:  # this process's own sockets
        resource.setrlimit(resource.RLIMIT_NOFILE, (1400, hard))
    sid = new_session(sqlite_url)
    served = Served(sqlite_url, sid, open_files=1024)
    slow: list[socket.socket] = []
    phone = EventStream(served.url + "events")
    try:
        port = urlsplit(served.url).port
        head = phone.next_state()["view"]["head"]
        for _ in range(1100):  # all at once, as a flood comes
            s = socket.socket()
            s.setblocking(False)
            s.connect_ex(("127.0.0.1", port))
            slow.append(s)
        started: list[socket.socket] = []
        waiting = list(slow)
        deadline = time.monotonic() + 15  # a loaded machine completes the connections more slowly
        while waiting and time.monotonic() < deadline:
            time.sleep(0.5)
            for s in list(waiting):  # the start of a request, and never the end of its headers
                try:
                    s.send(b"GET /s/1/")
                except OSError:  # not connected (yet)
                    continue
                started.append(s)
                waiting.remove(s)
            if len(started) > 500:
                break
        assert len(started) > 500, len(started)
        act(sqlite_url, sid, "new hand", "bob open 2")
        deadline = time.monotonic() + 10
        while phone.next_state(timeout=10)["view"]["head"] == head:
            assert time.monotonic() < deadline, "the open page got no update"
        files = len(os.listdir(f"/proc/{served.process.pid}/fd"))
        assert files < 1024 - 32, f"the server holds {files} open files of its 1,024"
        for s in slow:  # the flood gives up
            s.close()
        # a connection that sends its headers a byte a second is closed once its time is up
        dribbling = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(5)]
        slow += dribbling
        closed: set[int] = set()
        started_at = time.monotonic()
        while len(closed) < len(dribbling) and time.monotonic() - started_at < HEADER_SECONDS + 5:
            for n, s in enumerate(dribbling):
                if n in closed:
                    continue
                try:
                    s.send(b"X")
                    s.settimeout(0.01)
                    if s.recv(100) == b"":
                        closed.add(n)
                except TimeoutError:
                    pass
                except OSError:
                    closed.add(n)
            time.sleep(1)
        assert len(closed) == len(dribbling), "a connection that never finished its headers is still open"
        assert get(served.url).status == 200  # and new phones are served again
    finally:
        phone.close()
        for s in slow:
            s.close()
        errors = stopped_stderr(served)
    assert "Traceback" not in errors and len(errors.splitlines()) < 5, errors[:2000]
