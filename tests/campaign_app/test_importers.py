"""Importers are a game system's: generic code finds one by key through the registry
(the first installed system, in listing order, that offers it)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from campaign_app.errors import InputError
from campaign_app.systems import necromunda
from campaign_app.systems.api import GameSystem
from campaign_app.systems.importers import Importer, find_importer, importer
from campaign_app.usecases.datafiles import import_external

CALLS: list[tuple[Any, Any, Any]] = []


def fake_run(engine: Any, path: Any, campaign: Any = None) -> dict[str, Any]:
    CALLS.append((engine, path, campaign))
    return {"fighters": 0, "report": []}


@pytest.fixture
def plugin() -> Iterator[GameSystem]:
    from campaign_app.systems.registry import add_system, remove_system

    gs = dataclasses.replace(
        necromunda.SYSTEM, info=dataclasses.replace(necromunda.INFO, id="zz-importer"), listing=999,
        importers=(Importer("other-tool", "Other roster", run=f"{__name__}:fake_run"),
                   Importer("yaktribe", "Yaktribe gang (too)", run=f"{__name__}:fake_run")))
    add_system(gs)
    yield gs
    remove_system(gs.id)
    CALLS.clear()


def test_necromunda_offers_the_yaktribe_import():
    gs, imp = importer("yaktribe")
    assert gs is necromunda.SYSTEM
    assert imp.label == "Yaktribe gang" and "*.json" in imp.file_filter
    assert callable(gs.load(imp.run))


def test_a_plugin_importer_is_found_by_key(plugin):
    assert find_importer("other-tool") == (plugin, plugin.importers[0])
    assert import_external("ENGINE", "other-tool", "f.json", "C") == {"fighters": 0, "report": []}
    assert CALLS == [("ENGINE", "f.json", "C")]
    # the first system in listing order offering the key wins
    assert find_importer("yaktribe")[0] is necromunda.SYSTEM  # type: ignore[index]


def test_a_key_no_system_offers_is_a_one_line_error():
    assert find_importer("no-such-tool") is None
    with pytest.raises(InputError, match="no installed game system imports 'no-such-tool' files"):
        import_external(None, "no-such-tool", "f.json")


def test_the_old_names_still_import_from_datafiles():
    from campaign_app.systems.necromunda import yaktribe
    from campaign_app.usecases import datafiles

    assert datafiles.yak_fighter_type is yaktribe.yak_fighter_type
    assert datafiles.YAK_TYPES is yaktribe.YAK_TYPES
    with pytest.raises(AttributeError):
        _ = datafiles.no_such_name  # type: ignore[attr-defined]
