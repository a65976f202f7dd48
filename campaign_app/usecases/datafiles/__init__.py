"""Campaign files: JSON export and import (format in ``docs/json-format.md``, generated from
the models in :mod:`.schema`), whole-database JSON backups (the PostgreSQL backup format),
and the imports of other tools' files (:func:`import_external`: each game system offers
its own, found in the importer registry). One module per job:

- :mod:`.limits`: reading files within limits (size, depth, lengths, counts) and problem paths
- :mod:`.schema`: the document as pydantic v2 models (and the generated docs)
- :mod:`.export`: one campaign out, as a stable document
- :mod:`.validate`: a document checked, every problem with its path, into a plan of rows
- :mod:`.importing`: the plan written in one transaction with bulk inserts
- :mod:`.streamed`: a file above MAX_FILE_BYTES read with ijson section by section, checked
  and written in chunks in that one transaction (bounded memory; the same rows)
- :mod:`.backup`: the whole-database backup document

Export reads one consistent snapshot and writes a document whose order and references
are stable, so ``export -> import into an empty database -> export`` gives the same
document. Import checks the whole document first and reports every problem with its
path (``rosters[2].fighters[5].rep: 9 is above 6``); only a clean document is written.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from campaign_app.changes import Changes
from campaign_app.usecases.common import Ref
from campaign_app.usecases.datafiles.backup import (
    check_backup,
    export_all,
    load_backup_document,
    replace_all,
)
from campaign_app.usecases.datafiles.export import export_json, export_json_file, write_json
from campaign_app.usecases.datafiles.importing import (
    _insert,
    _sqlite_insert,
    _stored,
    _write_plan,
    import_json,
)
from campaign_app.usecases.datafiles.limits import (
    INT_LIMIT,
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_ITEMS,
    MAX_PROBLEMS,
    MAX_STRING,
    MAX_VALUES,
    ImportRefused,
    check_limits,
    read_json_bytes,
    read_json_file,
)
from campaign_app.usecases.datafiles.results import (
    ExportSummary,
    ExternalImportResult,
    ImportResult,
    ReportItem,
)
from campaign_app.usecases.datafiles.schema import BACKUP_FORMAT, FORMAT, SCHEMA_VERSION
from campaign_app.usecases.datafiles.validate import _Checker, _Plan, validate_document
from db.uow import Engine


def import_external(engine: Engine, key: str, path: str | os.PathLike[str] | Mapping[str, Any],
                    campaign: Ref | None = None) -> ExternalImportResult:
    """Import a file made by another tool with the importer ``key`` of the first installed
    game system offering one (``campaign-app import <key>``). No system offering it is a
    one-line InputError. The importer adds a roster (and maybe a campaign): the result
    says everything may have changed."""
    from campaign_app.systems.importers import importer

    gs, imp = importer(key)
    run = gs.load(imp.run)
    out = run(engine, path, campaign)
    if isinstance(out, ExternalImportResult):
        return out
    # the importer's report as plain data (a dict, or a dataclass result of its own)
    from campaign_app.usecases.results import as_data

    d = out if isinstance(out, Mapping) else as_data(out)
    return ExternalImportResult(campaign=dict(d.get("campaign") or {}), roster=dict(d.get("roster") or {}),
                                fighters=int(d.get("fighters") or 0),
                                report=[ReportItem(where=str(r["where"]), message=str(r["message"]))
                                        for r in d.get("report") or ()],
                                changes=Changes.all())


__all__ = [
    "BACKUP_FORMAT", "FORMAT", "INT_LIMIT", "MAX_DEPTH", "MAX_FILE_BYTES", "MAX_ITEMS", "MAX_PROBLEMS",
    "MAX_STRING", "MAX_VALUES", "SCHEMA_VERSION", "ExportSummary", "ExternalImportResult", "ImportRefused",
    "ImportResult", "ReportItem", "_Checker", "_Plan", "_insert", "_sqlite_insert", "_stored",
    "_write_plan", "check_backup", "check_limits", "export_all", "export_json", "export_json_file",
    "import_external", "import_json", "load_backup_document", "read_json_bytes", "read_json_file",
    "replace_all", "validate_document", "write_json",
]
