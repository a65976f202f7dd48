"""The whole-database JSON backup document (the PostgreSQL backup format): every campaign
in one snapshot, checked as a whole, and restored in one transaction."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from campaign_app.errors import InputError
from campaign_app.usecases.datafiles.export import _export
from campaign_app.usecases.datafiles.importing import _write_plan, chain_plan
from campaign_app.usecases.datafiles.limits import (
    MAX_PROBLEMS,
    ImportRefused,
    _short,
    read_json_file,
)
from campaign_app.usecases.datafiles.schema import (
    BACKUP_FORMAT,
    FORMAT,
    SCHEMA_VERSION,
)
from campaign_app.usecases.datafiles.validate import _Plan, validate_document
from db.models import (
    utcnow,
)
from db.queries.transfer import campaign_ids, delete_everything, snapshot
from db.uow import Engine, UnitOfWork, fault_point


def export_all(engine: Engine) -> dict[str, Any]:
    """Every campaign of the database, in one snapshot (the JSON backup format)."""
    with snapshot(engine) as conn:
        ids = campaign_ids(conn)
        return {
            "format": BACKUP_FORMAT,
            "schema_version": SCHEMA_VERSION,
            "created_at": utcnow().isoformat(),
            "campaigns": [_export(conn, cid) for cid in ids],
        }


def check_backup(docs: list[Any], source: str = "backup") -> list[_Plan]:
    """Check every campaign of a backup as an import does, its roll hash chain included
    (a broken chain is refused with one line: a restore has no "accept" as an import
    has); raises ImportRefused listing all other problems."""
    plans = []
    problems: list[str] = []
    names: set[str] = set()
    for i, d in enumerate(docs):
        plan, probs, more = validate_document(d, taken_names=names)
        problems.extend(f"campaigns[{i}].{p}" for p in probs)
        if not probs:  # the roll record's hash chain, as an import checks it (no accepting here)
            brk = chain_plan(plan)
            if brk is not None:
                raise InputError(f"{source}: campaign {_short(plan.campaign.get('name'))}: the roll record's "
                                 f"hash chain is broken at {brk.text('roll')}: not restored")
        names.add(plan.campaign.get("name", ""))
        plans.append(plan)
        if more or len(problems) >= MAX_PROBLEMS:
            raise ImportRefused(source, problems, True)
    if problems:
        raise ImportRefused(source, problems)
    return plans


def replace_all(engine: Engine, plans: list[_Plan], source: str = "backup") -> list[str]:
    """Replace every campaign of the database with checked ``plans`` (see check_backup),
    in one transaction: on any failure the database is left as it was."""
    with UnitOfWork(engine, "restore", journaled=False) as uow:
        s = uow.session
        delete_everything(s)
        fault_point("restore.after-delete")
        for plan in plans:
            _write_plan(s, plan, f"restored campaign {plan.campaign['name']} from {Path(source).name}")
    return [p.campaign["name"] for p in plans]


def load_backup_document(path: str | os.PathLike[str]) -> list[Any]:
    """The campaigns of a JSON backup file (limits and format checked)."""
    doc = read_json_file(path)
    if not isinstance(doc, dict) or doc.get("format") != BACKUP_FORMAT:
        if isinstance(doc, dict) and doc.get("format") == FORMAT:
            raise InputError(f"{path} is one campaign's export, not a backup: use import json")
        raise InputError(f"{path} is not a campaign_app backup (format {BACKUP_FORMAT!r})")
    sv = doc.get("schema_version")
    if isinstance(sv, bool) or not isinstance(sv, int) or sv < 1:
        raise InputError(f"{path}: schema_version {_short(sv)} is not a version number")
    if sv > SCHEMA_VERSION:
        raise InputError(f"{path}: schema_version {sv} is newer than this app reads ({SCHEMA_VERSION})")
    campaigns = doc.get("campaigns")
    if not isinstance(campaigns, list):
        raise InputError(f"{path}: campaigns must be a list")
    return campaigns
