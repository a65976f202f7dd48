"""Data-safety commands: ``backup``, ``restore``, ``export json``, ``import json``, and one
``import <key>`` per importer an installed game system offers."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from campaign_app.errors import InputError

if TYPE_CHECKING:
    from campaign_app.facade import Campaigns

SHOWN_PROBLEMS = 15


def _refused(args: argparse.Namespace, e: Any) -> int:
    """Print an ImportRefused: the first problems one a line (all of them with --json)."""
    problems = list(e.problems)
    head = str(e).splitlines()[0]
    if getattr(args, "json", False):
        print(json.dumps({"error": head, "problems": problems}, ensure_ascii=False), file=sys.stderr)
    else:
        print(f"error: {head}", file=sys.stderr)
        for p in problems[:SHOWN_PROBLEMS]:
            print(f"  {p}", file=sys.stderr)
        if len(problems) > SHOWN_PROBLEMS:
            print(f"  ... and {len(problems) - SHOWN_PROBLEMS} more (--json lists all)", file=sys.stderr)
    return int(e.exit_code)


def cmd_backup(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.cli import emit
    from campaign_app.usecases.backup import MANUAL_KEEP, backup

    keep = args.keep if args.keep is not None else MANUAL_KEEP
    if keep < 1:
        raise InputError("--keep must be at least 1")
    d = backup(app.engine, args.output, keep=keep)  # LOCAL_ONLY: a copy of the database itself
    emit(args, d, f"backup written to {d.file} ({d.bytes:,} bytes)")


def cmd_restore(args: argparse.Namespace, _app: Any) -> int:
    from campaign_app.cli import emit
    from campaign_app.usecases.backup import restore
    from campaign_app.usecases.datafiles import ImportRefused
    from db.engine import default_url, make_engine, normalize_url

    url = normalize_url(args.db or default_url())
    engine = make_engine(url)  # LOCAL_ONLY: not opened at the newest schema, a damaged one too
    try:
        d = restore(engine, args.file)
    except ImportRefused as e:
        return _refused(args, e)
    finally:
        engine.dispose()
    prev = f"; the previous database was saved to {d.previous_saved_to}" if d.previous_saved_to else ""
    emit(args, d, f"restored {d.campaigns} campaign(s) from {d.restored_from}{prev}")
    return 0


def cmd_export_json(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.cli import emit
    from campaign_app.usecases.datafiles import export_json_file

    d = app.run(export_json_file, args.campaign, args.output)
    emit(args, d, f"exported {d['campaign']} ({d['rosters']} rosters, {d['fighters']} fighters, "
                  f"{d['battles']} battles, {d['rolls']} rolls) to {d['file']}")


def cmd_import_json(args: argparse.Namespace, app: Campaigns) -> int:
    from campaign_app.cli import emit
    from campaign_app.usecases.datafiles import ImportRefused, import_json

    try:
        res = app.run(import_json, args.file, rename=args.rename, accept_broken_chain=args.accept_broken_chain)
    except ImportRefused as e:
        return _refused(args, e)
    emit(args, res, f"imported campaign {res.id}: {res.name}")
    return 0


def _import_external(key: str) -> Any:
    """The handler of ``import <key>``: that importer run on the file."""

    def handle(args: argparse.Namespace, app: Campaigns) -> None:
        from campaign_app.cli import emit
        from campaign_app.usecases.datafiles import import_external

        d = app.run(import_external, key, args.file, campaign=args.campaign)

        emit(args, d, lambda: "\n".join(d.report_lines()))

    return handle


def register(sub: Any, add: Any, group: Any) -> None:
    sp = add(sub, "backup", cmd_backup, "back up the database (SQLite copy; JSON on a server)")
    sp.add_argument("-o", "--output", metavar="FILE", help="where to write (default: the backups folder)")
    sp.add_argument("--keep", type=int, help="backups kept in the backups folder (default 20)")
    sp = add(sub, "restore", cmd_restore,
             "replace the database with a backup (checked first; the current one is backed up)",
             needs_db=False)
    sp.add_argument("file", help="a SQLite backup or a JSON backup")

    exp = group("export", "export a campaign or roster to a file")
    sp = add(exp, "json", cmd_export_json, "write a whole campaign as JSON (docs/json-format.md)")
    sp.add_argument("campaign")
    sp.add_argument("-o", "--output", metavar="FILE.json", required=True)

    imp = group("import", "import campaigns and gangs from files")
    sp = add(imp, "json", cmd_import_json, "import a campaign JSON file as a new campaign",
             creates_db=True)
    sp.add_argument("file")
    sp.add_argument("--rename", metavar="NAME", help="import under another campaign name")
    sp.add_argument("--accept-broken-chain", action="store_true",
                    help="import even if the roll record's hash chain is broken (the break is recorded)")
    from campaign_app.systems.importers import all_importers

    for _gs, importer in all_importers():
        if importer.key == "json":  # the app's own format comes first
            continue
        sp = add(imp, importer.key, _import_external(importer.key), importer.help, creates_db=True)
        sp.add_argument("file")
        sp.add_argument("--campaign", help=importer.campaign_help)
