"""companion share: routes, safety headers, the public view and the live stream."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from starlette.testclient import TestClient

from companion.journal import new_header
from companion.session import Session
from companion.share.public import _clean_data, negotiate_lang
from companion.share.server import CSP, build_app

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "t" * 43
PLAYERS = ["Ava", "<b>Ben</b>", "Chen"]


def journal(tmp_path: Path, events=({"event": "draw", "card": "treasure", "value": 7},)) -> Path:
    path = tmp_path / "game.jsonl"
    session = Session.new(new_header("diamant", "diamant", PLAYERS), path)
    for event in events:
        session.apply(event)
    session.close()
    return path


def append(path: Path, *events: dict) -> None:
    with path.open("a", encoding="utf-8") as f:
        for event in events:
            f.write(json.dumps(event) + "\n")


@pytest.fixture
def client(tmp_path):
    path = journal(tmp_path, [{"event": "draw", "card": "treasure", "value": 7},
                              {"event": "leave", "players": ["Ava"]}])
    with TestClient(build_app(path, TOKEN)) as c:
        c.journal = path
        yield c


def test_state_route_headers_and_public_view(client):
    r = client.get(f"/t/{TOKEN}/state.json?lang=en")
    assert r.status_code == 200
    assert r.headers["content-security-policy"] == CSP
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "no-referrer"
    assert r.headers["x-frame-options"] == "DENY"
    assert r.headers["cache-control"] == "no-store"
    data = r.json()
    assert data["game"] == "diamant" and data["lang"] == "en" and data["dir"] == "ltr"
    assert "chest" not in data["public"] and "scores" not in data["public"]
    assert data["public"]["carried"]["<b>Ben</b>"] == 2  # carried gems are public
    assert "Ava: carrying 0." in data["lines"]
    assert not any("score" in line for line in data["lines"])
    assert data["log"] == ["Treasure 7: 2 each, 1 stays on the path", "Ava leaves"]
    assert data["ui"]["path"] == "Path"


def test_chests_shown_once_the_game_ends(tmp_path):
    from companion.games import diamant

    state = diamant.start(new_header("diamant", "diamant", PLAYERS))
    events = []
    while not state.finished:  # everyone leaves after one treasure, every round
        for event in ({"event": "draw", "card": "treasure", "value": 5}, {"event": "leave", "players": list(PLAYERS)}):
            state, _outcome = diamant.apply(state, event)
            events.append(event)
    path = journal(tmp_path, events)
    with TestClient(build_app(path, TOKEN)) as c:
        data = c.get(f"/t/{TOKEN}/state.json").json()
    assert data["finished"] is True
    assert data["public"]["chest"] == {"Ava": 5, "<b>Ben</b>": 5, "Chen": 5}
    assert data["winners"] == PLAYERS


def test_persian_lines_with_persian_digits(client):
    data = client.get(f"/t/{TOKEN}/state.json?lang=fa").json()
    assert data["dir"] == "rtl" and data["lang"] == "fa"
    assert any("۷" in line for line in data["lines"]) and not any("7" in line for line in data["lines"])
    assert data["title"] == "دیامانت"


def test_wrong_token_traversal_and_unknown_paths_are_404(client):
    for url in ["/t/" + "x" * 43 + "/state.json", "/t/" + TOKEN[:-1] + "/", "/", "/state.json",
                f"/t/{TOKEN}/assets/..%2F..%2Fcli.py", f"/t/{TOKEN}/assets/%2e%2e%2fserver.py",
                f"/t/{TOKEN}/assets/../server.py", f"/t/{TOKEN}/fonts/..%2F..%2Fcli.py",
                f"/t/{TOKEN}/fonts/README.md", f"/t/{TOKEN}/nothing"]:
        r = client.get(url)
        assert r.status_code == 404, url
        assert "companion" not in r.text.lower() or r.status_code == 404
        assert r.headers["x-frame-options"] == "DENY"


def test_fonts_and_assets_are_served(client):
    r = client.get(f"/t/{TOKEN}/fonts/Vazirmatn-Regular.ttf")
    assert r.status_code == 200 and r.headers["content-type"] == "font/ttf" and len(r.content) > 1000
    assert client.get(f"/t/{TOKEN}/fonts/OFL.txt").status_code == 404
    assert client.get("/t/x/fonts/Vazirmatn-Regular.ttf").status_code == 404
    r = client.get(f"/t/{TOKEN}/assets/page.js")
    assert r.status_code == 200 and "javascript" in r.headers["content-type"]
    assert client.get(f"/t/{TOKEN}/assets/page.html").status_code == 404  # only through the page route


def test_only_get_and_head(client):
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        r = client.request(method, f"/t/{TOKEN}/state.json")
        assert r.status_code == 405, method
    assert client.head(f"/t/{TOKEN}/state.json").status_code == 200
    before = client.journal.read_bytes()
    client.post(f"/t/{TOKEN}/state.json", content=b'{"event": "leave"}')
    assert client.journal.read_bytes() == before  # nothing written


def test_language_negotiation_and_bad_lang(client):
    assert negotiate_lang(None, "zh-TW,zh;q=0.9") == "zh_Hant"
    assert negotiate_lang(None, "zh-HK") == "zh_Hant"
    assert negotiate_lang(None, "zh-CN") == "zh_Hans"
    assert negotiate_lang(None, "zh") == "zh_Hans"
    assert negotiate_lang(None, "fa-IR,en;q=0.5") == "fa"
    assert negotiate_lang(None, "de-DE") == "en"
    assert negotiate_lang("fa", "zh-TW") == "fa"
    r = client.get(f"/t/{TOKEN}/state.json?lang=<script>", headers={"Accept-Language": "zh-CN"})
    assert r.json()["lang"] == "zh_Hans"
    assert client.get(f"/t/{TOKEN}/state.json?lang=xx").json()["lang"] == "en"


def test_rules_fragment_and_page(client):
    r = client.get(f"/t/{TOKEN}/rules?lang=fa&kind=card")
    assert r.status_code == 200 and "<h" in r.text
    r = client.get(f"/t/{TOKEN}/rules?kind=<x>")
    assert r.status_code == 200
    page = client.get(f"/t/{TOKEN}/?lang=fa")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert page.headers["content-security-policy"] == CSP


def test_names_are_plain_text_in_json():
    data = _clean_data({"in_cave": ["A\u202eB", "<b>x</b>"], "carried": {"C\u2066D": 1}})
    assert "\u202e" not in json.dumps(data, ensure_ascii=False) and "\u2066" not in str(data)
    assert data["in_cave"][1] == "<b>x</b>"  # markup stays text: the page inserts it as text


def test_too_many_streams_are_refused(tmp_path):
    app = build_app(journal(tmp_path), TOKEN, max_streams=0)
    with TestClient(app) as c:
        r = c.get(f"/t/{TOKEN}/stream")
        assert r.status_code == 503


def test_a_bad_line_keeps_the_state(client):
    before = client.get(f"/t/{TOKEN}/state.json").json()
    append(client.journal, {"event": "leave", "players": ["Nobody"]})
    after = client.get(f"/t/{TOKEN}/state.json").json()
    assert after == before


def test_live_server_pushes_a_new_state(tmp_path):
    path = journal(tmp_path)
    proc = subprocess.Popen([sys.executable, "-m", "companion", "share", str(path)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = proc.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:") and url.endswith("/")
        token = url.rstrip("/").rsplit("/", 1)[1]
        assert len(token) >= 43  # 256 bits in base64url
        with httpx.Client(timeout=5) as http:
            states = []
            with http.stream("GET", url + "stream?lang=en") as r:
                assert r.headers["content-type"].startswith("text/event-stream")
                lines = r.iter_lines()
                for line in lines:
                    if line.startswith("data: "):
                        states.append(json.loads(line[6:]))
                        if len(states) == 1:
                            written = time.monotonic()
                            append(path, {"event": "leave", "players": ["Ava"]})
                        else:
                            break
            took = time.monotonic() - written
        import socket

        host, port = url.split("/")[2].split(":")
        with socket.create_connection((host, int(port)), timeout=5) as raw:  # 64 KiB of headers: refused
            raw.sendall(b"GET /t/" + token.encode() + b"/state.json HTTP/1.1\r\nHost: x\r\nX-Big: "
                        + b"a" * 65536 + b"\r\n\r\n")
            answer = raw.recv(200)
        assert answer.startswith(b"HTTP/1.1 431"), answer
        assert httpx.get(url + "state.json", timeout=5).status_code == 200  # and the server is still up
        assert states[0]["events"] == 1 and states[1]["events"] == 2
        assert states[1]["log"][-1] == "Ava leaves"
        assert took < 1.0
    finally:
        proc.terminate()
        assert proc.wait(timeout=10) == 0


def test_a_grid_game_names_its_faces_in_the_language_of_the_page(tmp_path):
    from companion.journal import new_header
    from companion.session import Session
    from companion.share.public import state_json

    header = new_header("shifting_stones", "shifting_stones", ["Ava", "Ben"], mode="multi")
    session = Session.new(header, None)
    faces = state_json(session, "fa")["ui"]["faces"]
    assert faces["sun"] == "خورشید" and faces["boat"] == "قایق" and len(faces) == 8
    assert state_json(session, "zh_Hant")["ui"]["faces"]["sun"] != "sun"
    diamant = Session.new(new_header("diamant", "diamant", ["Ava", "Ben", "Chen"]), None)
    assert "faces" not in state_json(diamant, "en")["ui"]


def test_a_server_started_by_a_tui_stops_when_that_tui_dies(tmp_path):
    # The TUI starts the server in a session of its own and tells it its pid; killed outright (no
    # clean-up runs), it leaves no server behind.
    path = journal(tmp_path)
    starter = (
        "import os, subprocess, sys\n"
        "from companion.share import PARENT_VARIABLE\n"
        "env = dict(os.environ, **{PARENT_VARIABLE: str(os.getpid())})\n"
        f"child = subprocess.Popen([sys.executable, '-m', 'companion', 'share', {str(path)!r}], env=env,\n"
        "                         stdout=subprocess.PIPE, text=True, start_new_session=True)\n"
        "print(child.pid, child.stdout.readline().strip(), flush=True)\n"
        "os.kill(os.getpid(), 9)\n")
    out = subprocess.run([sys.executable, "-c", starter], cwd=ROOT, capture_output=True, text=True, timeout=30)
    pid, url = out.stdout.split()
    assert url.startswith("http://127.0.0.1:")
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:
        os.kill(int(pid), 9)
        pytest.fail("the share server outlived the TUI that started it")
