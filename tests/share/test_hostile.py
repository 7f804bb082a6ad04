"""companion share under hostile load, on loopback: slow clients and a thousand connections are bounded,
and the server keeps answering the players it already has."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.share.test_server import journal

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


def _start(path: Path) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen([sys.executable, "-m", "companion", "share", str(path)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    return proc, proc.stdout.readline().strip()


def _host_port(url: str) -> tuple[str, int]:
    host, port = url.split("/")[2].split(":")
    return host, int(port)


def test_slow_clients_and_a_thousand_connections_are_bounded(tmp_path):
    proc, url = _start(journal(tmp_path))
    sockets: list[socket.socket] = []
    try:
        assert httpx.get(url + "state.json", timeout=5).status_code == 200
        address = _host_port(url)
        # 1,000 connections that send half a request and then nothing (a slow client each).
        for _ in range(1000):
            try:
                raw = socket.create_connection(address, timeout=2)
            except OSError:
                break  # the system refuses more: bounded too
            raw.sendall(b"GET /t/")
            sockets.append(raw)
        assert len(sockets) >= 200
        # The server still answers a player, quickly, or says it is busy (503): never hangs or dies.
        started = time.monotonic()
        try:
            status = httpx.get(url + "state.json", timeout=10).status_code
        except httpx.HTTPError:
            status = None
        assert status in (200, 503) and time.monotonic() - started < 10
        assert proc.poll() is None
        # Slow clients are dropped after the server's time limit; then everyone is served again.
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(url + "state.json", timeout=5).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        else:
            pytest.fail("the server never served a player again after the slow clients")
        closed = 0
        for raw in sockets:
            raw.settimeout(0.01)
            try:
                if raw.recv(1) in (b"",):
                    closed += 1
            except (TimeoutError, BlockingIOError):
                pass
            except OSError:
                closed += 1
        assert proc.poll() is None
    finally:
        for raw in sockets:
            raw.close()
        proc.terminate()
        proc.wait(timeout=15)
