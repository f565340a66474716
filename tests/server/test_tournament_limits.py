"""How many tournaments one client address may make: found by a hostile-user
probe, a new guest every 6 s from one address could each keep 100."""

from __future__ import annotations

from pathlib import Path

import httpx

from atout.server.throttle import Guards
from tests.server.conftest import run_server

LIBRE = {"names": ["ann", "bob", "cyd"]}


def test_an_address_makes_ten_tournaments_then_one_every_six_minutes(tmp_path: Path) -> None:
    server, stop = run_server(tmp_path, guards=Guards())
    try:
        token = server.register("organiser")

        def create(path: str, address: str) -> httpx.Response:
            headers = {"Authorization": f"Bearer {token}", "X-Forwarded-For": address}
            body = {"name": "club", "tables": 1} if path == "/api/tournaments" else LIBRE
            return httpx.post(f"{server.http}{path}", json=body, headers=headers, timeout=30)

        made = [create("/api/tournaments", "10.8.0.1").status_code for _ in range(6)]
        made += [create("/api/tournaments/libre", "10.8.0.1").status_code for _ in range(4)]
        assert made == [200] * 10
        for path in ("/api/tournaments", "/api/tournaments/libre"):
            refused = create(path, "10.8.0.1")
            assert refused.status_code == 429, refused.text
            assert refused.json()["code"] == "too_many_tournaments_here"
            assert 300 <= int(refused.headers["Retry-After"]) <= 360
        assert create("/api/tournaments", "10.8.0.2").status_code == 200  # another address
    finally:
        stop()
