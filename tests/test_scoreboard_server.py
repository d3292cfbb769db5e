"""``referee serve``: a read-only page per session behind a read token, live as the table records.

"It binds to 127.0.0.1 unless --host is given; the URL it prints carries a random read token, and a
wrong or missing token gets 404. Nothing it serves can change the log: no endpoint writes."
"An acknowledged action, from the table prompt, `referee act`, or another recorder on the same
PostgreSQL, appears on every open page within a second; a page that loses its connection says so and
catches up when it returns; the server survives a restart of itself and of the database."
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers.scoreboard import EventStream, Served, act, card_tokens, demo_night, new_session, request

from referee.store.store import open_store

REFEREE = Path(sys.executable).parent / "referee"


def log_of(url: str, session: int) -> tuple[int, int, str]:
    with open_store(url) as store:
        return store.last_seq(session), len(store.events(session)), store.session(session).status


def test_serve_on_this_machine_only_says_a_phone_cannot_open_it_and_prints_no_qr_code(sqlite_url: str) -> None:
    """It says plainly when it listens only on this machine, so the QR code is never a dead end."""
    sid = new_session(sqlite_url)
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_DB"}
    proc = subprocess.Popen([str(REFEREE), "--db", sqlite_url, "serve", str(sid), "--port", "0"],
                            stdout=subprocess.PIPE, text=True, env=env, stdin=subprocess.DEVNULL)
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline() for _ in range(5)]
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    assert lines[0] == f"Session {sid}: the table's scoreboard, read-only.\n"
    assert lines[1] == "Open in this machine's browser:\n"
    url = lines[2].strip()
    assert url.startswith("http://127.0.0.1:") and f"/s/{sid}/" in url
    token = url.rstrip("/").rsplit("/", 1)[1]
    assert len(token) >= 22
    assert lines[3].startswith("Listening on this machine only (127.0.0.1): a phone cannot open this link.")
    assert "--host 0.0.0.0 (everyone on the network who has the link sees the page)" in lines[3]
    assert lines[4] == "Ctrl-C stops it.\n"
    assert not any(c in "".join(lines) for c in "█▀▄")  # no QR code a phone could not follow


def test_only_the_right_token_for_the_right_session_reads_it(db_url: str) -> None:
    first, second = new_session(db_url, "First"), new_session(db_url, "Second")
    with Served(db_url, first) as one, Served(db_url, second) as two:
        base = one.url.split("/s/")[0]
        token_one = one.url.rstrip("/").rsplit("/", 1)[1]
        token_two = two.url.rstrip("/").rsplit("/", 1)[1]
        assert token_one != token_two
        assert request(one.url)[0] == 200
        status, body = request(one.url + "state")
        assert status == 200 and '"table": "First"' in body
        for path in (f"/s/{first}/", f"/s/{first}/{token_one[:-1]}x/", f"/s/{first}/{token_two}/",
                     f"/s/{second}/{token_two}/", f"/s/{second}/{token_one}/state", f"/s/{first}/{token_two}/events",
                     "/", "/state", "/s/"):
            assert request(base + path)[0] == 404, path


def test_no_method_but_get_is_served_and_nothing_in_the_store_changes(db_url: str) -> None:
    sid = new_session(db_url)
    act(db_url, sid, "new hand", "bob open 2", "cy call")
    before = log_of(db_url, sid)
    with Served(db_url, sid) as served:
        base = served.url.split("/s/")[0]
        for path in (served.url, served.url + "state", served.url + "events", base + "/assets/page.js", base + "/",
                     base + "/anything/at/all"):
            for method in ("POST", "PUT", "DELETE", "PATCH"):
                assert request(path, method)[0] == 405, (method, path)
    assert log_of(db_url, sid) == before


def test_an_action_from_referee_act_reaches_an_open_page_within_a_second(db_url: str) -> None:
    sid = new_session(db_url)
    with Served(db_url, sid) as served:
        stream = EventStream(served.url + "events")
        try:
            first = stream.next_state()
            assert first["view"]["hand"] is None and first["offline"] is None
            act(db_url, sid, "new hand")
            for line, words in (("bob open 2", "Bob: bets 2"), ("cy r 2", "Cy: raises 2")):
                started = time.monotonic()
                act(db_url, sid, line)
                acked = time.monotonic()
                while True:
                    state = stream.next_state(timeout=3)
                    actions = [a["words"] for a in (state["view"]["hand"] or {}).get("actions", [])]
                    if words in actions:
                        break
                assert time.monotonic() - acked < 1.0, f"{line}: {time.monotonic() - acked:.2f} s after the ack"
                assert time.monotonic() - started < 30
            assert state["view"]["hand"]["to_act"] == "Dee"
        finally:
            stream.close()


def test_a_page_that_reconnects_gets_the_state_at_once_and_a_restarted_server_keeps_its_url(sqlite_url: str) -> None:
    sid = new_session(sqlite_url)
    with Served(sqlite_url, sid) as served:
        url = served.url
    act(sqlite_url, sid, "new hand", "bob open 2")  # while no server runs
    with Served(sqlite_url, sid) as again:
        assert again.url.split("/s/")[1] == url.split("/s/")[1]  # the same session, the same token
        stream = EventStream(again.url + "events")
        try:
            state = stream.next_state()
            assert "Bob: bets 2" in [a["words"] for a in state["view"]["hand"]["actions"]]
        finally:
            stream.close()


@pytest.mark.postgres
def test_the_page_says_when_the_database_is_gone_and_goes_on_when_it_is_back(pg_url: str) -> None:
    """Every connection of the server cut by PostgreSQL (as a restart of the database does): the page
    is told, and the next action still arrives."""
    import psycopg

    sid = new_session(pg_url)
    with Served(pg_url, sid) as served:
        stream = EventStream(served.url + "events")
        try:
            stream.next_state()
            dsn = pg_url.replace("postgresql+psycopg://", "postgresql://")
            with psycopg.connect(dsn, autocommit=True) as conn:
                conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                             "WHERE datname = current_database() AND pid <> pg_backend_pid()")
            act(pg_url, sid, "new hand", "bob open 2")
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                state = stream.next_state(timeout=10)
                hand = state["view"]["hand"]
                if state["offline"] is None and hand and "Bob: bets 2" in [a["words"] for a in hand["actions"]]:
                    break
            else:
                raise AssertionError("the action never arrived after the database cut the server off")
        finally:
            stream.close()


def test_the_demo_night_is_served_with_its_settlement_and_no_private_card(tmp_path: Path) -> None:
    url = demo_night(tmp_path)
    with Served(url, 1) as served:
        status, body = request(served.url + "state")
    import json

    view = json.loads(body)["view"]
    assert status == 200 and view["status"] == "closed"
    assert view["settlement"]["transfers"], view["settlement"]
    assert {p["name"] for p in view["settlement"]["players"]} == {"Ann", "Bob", "Cy", "Dee", "Eve"}
    rest = {k: v for k, v in view.items() if k not in ("hand", "findings", "rulings", "table")}
    assert not card_tokens(json.dumps(rest))


def test_table_share_serves_the_night_beside_the_prompt(sqlite_url: str, tmp_path: Path) -> None:
    """`referee table --share` in a real pseudo-terminal: the link is printed, and what the scorekeeper
    types at the prompt is on the page."""
    import re

    from test_table_terminal import Terminal

    sid = new_session(sqlite_url)
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_DB"} | {"TERM": "xterm-256color"}
    term = Terminal("table", str(sid), "--share", "--port", "0", "--db", sqlite_url, env=env)
    try:
        term.wait_for("table> ")
        urls = [m.group(0) for line in term.seen for m in [re.search(r"http://127\.0\.0\.1:\d+/s/\d+/\S+/", line)] if m]
        assert urls, list(term.seen)
        term.type("new hand\r", "✓ hand 1 begins")
        term.type("bob open 2\r", "✓ hand 1, action 1: Bob: bets 2")
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            status, body = request(urls[0] + "state")
            if "Bob: bets 2" in body:
                break
            time.sleep(0.1)
        assert status == 200 and "Bob: bets 2" in body
    finally:
        term.child.sendcontrol("d")
        term.child.close(force=True)
