"""Importers: a game system's readers of files made by other tools (a Yaktribe gang
export for Necromunda). Plain data: the importer itself is named by a ``module:function``
string and loaded when used, so listing importers stays cheap.

Generic code (the ``import`` CLI commands, the GUI's import actions,
:func:`campaign_app.usecases.datafiles.import_external`) finds an importer by its key
through :func:`find_importer`; it never names the system that offers it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from campaign_app.errors import InputError

if TYPE_CHECKING:
    from campaign_app.systems.api import GameSystem


@dataclass(frozen=True)
class Importer:
    """One kind of file a system can import."""

    # what the CLI and the GUI call it: ``campaign-app import <key> FILE``
    key: str
    # what is imported, for titles and messages ("Yaktribe gang")
    label: str
    # ``run(engine, path, campaign=None) -> dict``, as "module:function" (the module may
    # be relative to the system's package: ".yaktribe:import_gang"); the dict has the
    # ``campaign`` and ``roster`` dicts, ``fighters`` (a count) and ``report`` (a list
    # of ``{"where", "message"}`` for what did not map)
    run: str
    # the GUI file dialog's filter
    file_filter: str = "JSON files (*.json);;All files (*)"
    # one line saying what the import does (the ``import <key>`` command's help)
    description: str = ""
    # the help of the command's ``--campaign`` option (where the import goes without it)
    campaign_help: str = "the campaign to add it to"

    @property
    def help(self) -> str:
        """The command's help: the description, else one made from the label."""
        return self.description or f"import a {self.label} file"


def all_importers() -> list[tuple[GameSystem, Importer]]:
    """Every importer of the installed systems, one per key: the one :func:`find_importer`
    gives for that key (the first system in listing order offering it)."""
    from campaign_app.systems.registry import systems

    out: dict[str, tuple[GameSystem, Importer]] = {}
    for gs in systems().values():
        for imp in gs.importers:
            out.setdefault(imp.key, (gs, imp))
    return list(out.values())


def find_importer(key: str) -> tuple[GameSystem, Importer] | None:
    """The first installed system (in listing order) offering an importer ``key``, and
    that importer; None when no installed system offers one."""
    from campaign_app.systems.registry import systems

    for gs in systems().values():
        for imp in gs.importers:
            if imp.key == key:
                return gs, imp
    return None


def importer(key: str) -> tuple[GameSystem, Importer]:
    """As :func:`find_importer`, but a one-line InputError when none is installed."""
    found = find_importer(key)
    if found is None:
        raise InputError(f"no installed game system imports {key!r} files")
    return found
