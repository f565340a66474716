"""Run the server for the browser tests: ``atout serve``'s application plus the web
client's router (added here until the server includes it itself)."""

from __future__ import annotations

import sys
from pathlib import Path

import uvicorn

from atout.server.app import Settings, create_app
from atout.web.routes import router


def main() -> None:
    port, data_dir = int(sys.argv[1]), Path(sys.argv[2])
    app = create_app(Settings(data_dir=data_dir, robot_delay=0.02, grace_seconds=60.0))
    paths = {getattr(r, "path", None) for r in app.router.routes}
    if "/api/score" not in paths:
        # Before the static files' catch-all mount, which must stay last.
        app.router.routes[0:0] = router.routes
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")


if __name__ == "__main__":
    main()
