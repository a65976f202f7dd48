"""Campaign files: JSON export and import (format in ``docs/json-format.md``, generated from
the models in :mod:`.schema`), whole-database JSON backups (the PostgreSQL backup format),
and the imports of other tools' files (:func:`import_external`: each game system offers
its own, e.g. the Yaktribe gang import). One module per job:

- :mod:`.limits`: reading files within limits (size, depth, lengths, counts) and problem paths
- :mod:`.schema`: the document as pydantic v2 models (and the generated docs)
- :mod:`.export`: one campaign out, as a stable document
- :mod:`.validate`: a document checked, every problem with its path, into a plan of rows
- :mod:`.importing`: the plan written in one transaction with bulk inserts
- :mod:`.backup`: the whole-database backup document

Export reads one consistent snapshot and writes a document whose order and references
are stable, so ``export -> import into an empty database -> export`` gives the same
document. Import checks the whole document first and reports every problem with its
path (``rosters[2].fighters[5].rep: 9 is above 6``); only a clean document is written.
"""

from __future__ import annotations

from typing import Any

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
from campaign_app.usecases.datafiles.schema import BACKUP_FORMAT, FORMAT, SCHEMA_VERSION
from campaign_app.usecases.datafiles.validate import _Checker, _Plan, validate_document

# names the Yaktribe import module defined when it lived here (read from the module of
# the system offering the "yaktribe" importer, for existing callers)
_YAKTRIBE_NAMES = frozenset({"YAK_INJURY_ALIASES", "YAK_STATS", "YAK_STATUS", "YAK_TYPES",
                             "yak_fighter_type"})


def import_external(engine: Any, key: str, path: Any, campaign: Any = None) -> Any:
    """Import a file made by another tool with the importer ``key`` of the first installed
    game system offering one (``campaign-app import <key>``): ``run(engine, path,
    campaign)``'s result (the Yaktribe import's: ``RosterImported``). No system offering
    it is a one-line InputError."""
    from campaign_app.systems.importers import importer

    gs, imp = importer(key)
    run = gs.load(imp.run)
    return run(engine, path, campaign)


def import_yaktribe(engine: Any, path: Any, campaign: Any = None) -> Any:
    """Import a Yaktribe gang export (best effort) as one roster: see :func:`import_external`."""
    return import_external(engine, "yaktribe", path, campaign)


def __getattr__(name: str) -> Any:
    if name in _YAKTRIBE_NAMES:
        from campaign_app.systems.importers import importer

        gs, imp = importer("yaktribe")
        return getattr(gs.load(imp.run.partition(":")[0]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "BACKUP_FORMAT", "FORMAT", "INT_LIMIT", "MAX_DEPTH", "MAX_FILE_BYTES", "MAX_ITEMS", "MAX_PROBLEMS",
    "MAX_STRING", "MAX_VALUES", "SCHEMA_VERSION", "YAK_INJURY_ALIASES", "YAK_STATS", "YAK_STATUS",
    "YAK_TYPES", "ImportRefused", "_Checker", "_Plan", "_insert", "_sqlite_insert", "_stored",
    "_write_plan", "check_backup", "check_limits", "export_all", "export_json", "export_json_file",
    "import_external", "import_json", "import_yaktribe", "load_backup_document", "read_json_bytes", "read_json_file",
    "replace_all", "validate_document", "write_json", "yak_fighter_type",
]
