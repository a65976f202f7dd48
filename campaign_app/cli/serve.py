"""``serve``: the league server (#35) on this database, until interrupted.

The server is a front end above the CLI (import-linter's layers contract): the CLI
loads it by name (``SERVER_MODULE``), never by an import, as it loads the window."""

from __future__ import annotations

import argparse
import importlib
from typing import Any

from campaign_app.cli import CliError
from campaign_app.errors import InputError

SERVER_MODULE = "server.app"
DEFAULT_BIND = "127.0.0.1:8350"


def parse_bind(text: str) -> tuple[str, int]:
    host, sep, port = text.strip().rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise InputError(f"--bind {text!r} is not HOST:PORT (e.g. {DEFAULT_BIND}, or 0.0.0.0:8350 for every address)")
    return host.strip("[]"), int(port)


def cmd_serve(args: argparse.Namespace, _app: Any) -> int:
    from db.engine import default_url

    host, port = parse_bind(args.bind)
    url = args.db or default_url()
    try:
        server = importlib.import_module(SERVER_MODULE)
    except ModuleNotFoundError as e:
        if e.name not in (SERVER_MODULE, SERVER_MODULE.partition(".")[0]):
            raise CliError(f"the league server needs {e.name}: pip install 'campaign_app' with its "
                           "dependencies (fastapi, uvicorn, argon2-cffi)") from None
        raise CliError("the league server is not installed here") from None
    proxy = None
    if args.proxy:
        try:
            proxy = server.proxy_addresses(args.proxy)
        except ValueError as e:
            raise InputError(str(e)) from None
    try:
        server.serve(url, host, port, proxy)
    except KeyboardInterrupt:  # Ctrl+C (SIGINT) is how a server is stopped: not a failure
        pass
    return 0


def register(sub: Any, add: Any, group: Any) -> None:
    sp = add(sub, "serve", cmd_serve, "run the league server: an HTTP API over this database, with "
             "its own members (league add-member) and sessions", needs_db=False)
    sp.epilog = ("A write (POST /api/run/...) may carry an Idempotency-Key header (a uuid4): sent again "
                 "with the same key it is applied once and its first answer comes back; writes without "
                 "a key are accepted too and run at every send (docs/league.md, \"Retries and "
                 "idempotency keys\").")
    sp.add_argument("--bind", default=DEFAULT_BIND, metavar="HOST:PORT",
                    help=f"address and port to listen on (default {DEFAULT_BIND}: this machine only)")
    sp.add_argument("--proxy", metavar="ADDRESS[,ADDRESS]",
                    help="the reverse proxy's address (TLS in front: docs/deploy/): only its "
                         "X-Forwarded-For is believed, so the login rate limit sees each client; "
                         "without it the header is ignored")
