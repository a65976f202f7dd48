"""One JSON export or import run alone in a child process, so its peak memory is its own.

    python -m bench.child export URL CAMPAIGN_ID FILE
    python -m bench.child import URL FILE NAME [streamed|whole]

Prints one JSON line: ``seconds`` (the use-case's own time) and ``rss_mb`` (the process's
peak resident memory, VmHWM), plus what the use-case reported."""

from __future__ import annotations

import json
import sys
import time

from bench.probe import _rss


def main(argv: list[str]) -> int:
    job, url = argv[0], argv[1]
    from campaign_app.usecases.datafiles import export_json_file, import_json
    from db.migrate import open_database

    engine = open_database(url)
    base = _rss()
    t0 = time.perf_counter()
    if job == "export":
        out: dict[str, object] = dict(export_json_file(engine, int(argv[2]), argv[3]))
    elif job == "import":
        how = argv[4] if len(argv) > 4 else ""  # streamed / whole: forced (else by the file's size)
        r = import_json(engine, argv[2], rename=argv[3], backup=False,
                        streamed={"streamed": True, "whole": False}.get(how))
        out = {"id": r.id}
    else:
        raise SystemExit(f"unknown job {job!r}")
    seconds = time.perf_counter() - t0
    engine.dispose()
    print(json.dumps({**out, "seconds": seconds, "rss_mb": _rss(), "rss_before_mb": base}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
