"""The one registry of game systems: every :class:`~campaign_app.systems.api.GameSystem`
installed under the entry-point group ``campaign_app.systems``.

The built-in systems are entry points of this distribution (``pyproject.toml``); a
separate installed package adds a game the same way. An id no installed package
provides is a one-line :class:`~campaign_app.errors.InputError`.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping
from importlib.metadata import entry_points
from typing import TYPE_CHECKING

from campaign_app.errors import InputError, RulesDataError

if TYPE_CHECKING:
    from campaign_app.systems.api import GameSystem
    from campaign_app.systems.info import SystemInfo

GROUP = "campaign_app.systems"

_lock = threading.Lock()
_systems: dict[str, GameSystem] | None = None
_extra: dict[str, GameSystem] = {}


def _discover() -> dict[str, GameSystem]:
    from campaign_app.systems.api import GameSystem

    found: dict[str, GameSystem] = {}
    for ep in entry_points(group=GROUP):  # as each distribution lists them
        if ep.name in found:
            continue  # the same distribution seen twice on sys.path
        try:
            obj = ep.load()
        except Exception as e:  # a broken plug-in must not take the app down
            raise RulesDataError(f"game system {ep.name!r} ({ep.value}) failed to load: {e}") from e
        if not isinstance(obj, GameSystem):
            raise RulesDataError(f"game system {ep.name!r} ({ep.value}) is not a GameSystem")
        if obj.id != ep.name:
            raise RulesDataError(f"game system entry point {ep.name!r} gives system {obj.id!r}")
        found[obj.id] = obj
    return dict(sorted(found.items(), key=lambda kv: (kv[1].listing, kv[0])))


def systems() -> dict[str, GameSystem]:
    """Every installed game system by id, in the order they are listed."""
    global _systems
    if _systems is None:
        with _lock:
            if _systems is None:
                _systems = _discover()
    if not _extra:
        return _systems
    merged = {**_systems, **_extra}
    return dict(sorted(merged.items(), key=lambda kv: (kv[1].listing, kv[0])))


def add_system(system: GameSystem) -> None:
    """Register a system for this process without installing it (tests, embedding)."""
    _extra[system.id] = system
    _reset_caches()


def remove_system(system_id: str) -> None:
    _extra.pop(system_id, None)
    _reset_caches()


def _reset_caches() -> None:
    """The rulebook and characteristics read from the systems' data are read anew."""
    from campaign_app.rules import load_rulebook
    from campaign_app.systems.info import _stat_rules

    load_rulebook.cache_clear()
    _stat_rules.cache_clear()


def game_system(system_id: str) -> GameSystem:
    key = (system_id or "").strip().lower()
    known = systems()
    try:
        return known[key]
    except KeyError:
        names = ", ".join(known) or "none installed"
        raise InputError(f"unknown game system {system_id!r} (known: {names})") from None


def system_name(system_id: str) -> str:
    """The name of ``system_id`` to list it by; a system no installed package provides
    (a campaign made with a plug-in since removed) is listed as such, not refused."""
    gs = systems().get((system_id or "").strip().lower())
    return gs.name if gs is not None else f"{system_id} (not installed)"


def get_system(system_id: str) -> SystemInfo:
    """What a campaign of ``system_id`` is made of."""
    return game_system(system_id).info


class _Infos(Mapping[str, "SystemInfo"]):
    """id -> SystemInfo of every installed system, read when first used."""

    def __getitem__(self, key: str) -> SystemInfo:
        try:
            return systems()[key].info
        except KeyError:
            raise KeyError(key) from None

    def __iter__(self) -> Iterator[str]:
        return iter(systems())

    def __len__(self) -> int:
        return len(systems())


SYSTEMS: Mapping[str, SystemInfo] = _Infos()
