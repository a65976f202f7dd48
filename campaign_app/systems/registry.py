"""The one registry of game systems: every :class:`~campaign_app.systems.api.GameSystem`
installed under the entry-point group ``campaign_app.systems``.

The built-in systems are entry points of this distribution (``pyproject.toml``); a
separate installed package adds a game the same way. An id no installed package
provides is a one-line :class:`~campaign_app.errors.InputError`.
"""

from __future__ import annotations

import os
import re
import sys
import threading
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from campaign_app.errors import InputError, RulesDataError

if TYPE_CHECKING:
    from campaign_app.systems.api import GameSystem
    from campaign_app.systems.info import SystemInfo

GROUP = "campaign_app.systems"

_lock = threading.Lock()
_systems: dict[str, GameSystem] | None = None
_extra: dict[str, GameSystem] = {}


class _EntryPoint:
    """An entry point read from a distribution's ``entry_points.txt``, loaded as
    ``importlib.metadata.EntryPoint.load`` loads one (``module:attr.attr``)."""

    def __init__(self, name: str, value: str) -> None:
        self.name, self.value = name, value

    def load(self) -> Any:
        import importlib

        module, _, attrs = self.value.partition(":")
        obj: Any = importlib.import_module(module.strip())
        for attr in filter(None, attrs.split("[", 1)[0].strip().split(".")):
            obj = getattr(obj, attr)
        return obj


def _read_group(path: str, group: str) -> list[_EntryPoint]:
    """The entry points of ``group`` in one ``entry_points.txt`` (an INI file: each
    ``[group]`` with its ``name = value`` lines, ``#`` comments)."""
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except OSError:
        return []
    out: list[_EntryPoint] = []
    section = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif section == group and "=" in line:
            name, value = line.split("=", 1)
            out.append(_EntryPoint(name.strip(), value.strip()))
    return out


def _plain_entry_points(group: str) -> list[Any] | None:
    """The entry points of ``group`` as ``importlib.metadata.entry_points(group=...)``
    finds them on a plain ``sys.path`` (folders holding ``*.dist-info`` or
    ``*.egg-info`` folders, each distribution once, the first on the path), without
    importing ``importlib.metadata`` (about 30 ms of a start, most of it the ``email``
    package it parses metadata with; issue #32). None when the path holds what only
    ``importlib.metadata`` reads (a zip file, an ``.egg``, a finder of distributions
    other than the standard one): the caller asks it then."""
    from importlib.machinery import PathFinder

    if any(hasattr(f, "find_distributions") and f is not PathFinder for f in sys.meta_path):
        return None
    seen: set[str] = set()
    out: list[Any] = []
    for entry in sys.path:
        root = entry or "."
        try:
            names = os.listdir(root)
        except OSError:
            if os.path.isfile(root):
                return None  # a zip on the path
            continue  # not there (as importlib.metadata skips it)
        for name in names:
            low = name.lower()
            if low.endswith(".egg") or low == "egg-info":
                return None
            if not low.endswith((".dist-info", ".egg-info")):
                continue
            # the distribution's name as importlib.metadata normalises it
            dist = re.sub(r"[-_.]+", "_", name.rpartition(".")[0].partition("-")[0]).lower()
            if dist in seen:
                continue
            seen.add(dist)
            out += _read_group(os.path.join(root, name, "entry_points.txt"), group)
    return out


def entry_points(group: str) -> list[Any]:
    """The installed entry points of ``group``, as ``importlib.metadata`` lists them."""
    found = _plain_entry_points(group)
    if not found:  # none read so (or none at all): importlib.metadata has the last word
        from importlib.metadata import entry_points as metadata_entry_points

        return list(metadata_entry_points(group=group))
    return found


def _load(ep: Any) -> GameSystem:
    """The game system entry point ``ep`` gives, checked."""
    from campaign_app.systems.api import GameSystem

    try:
        obj = ep.load()
    except Exception as e:  # a broken plug-in must not take the app down
        raise RulesDataError(f"game system {ep.name!r} ({ep.value}) failed to load: {e}") from e
    if not isinstance(obj, GameSystem):
        raise RulesDataError(f"game system {ep.name!r} ({ep.value}) is not a GameSystem")
    if obj.id != ep.name:
        raise RulesDataError(f"game system entry point {ep.name!r} gives system {obj.id!r}")
    return obj


def _discover() -> dict[str, GameSystem]:
    found: dict[str, GameSystem] = {}
    for ep in entry_points(GROUP):  # as each distribution lists them
        if ep.name in found:
            continue  # the same distribution seen twice on sys.path
        found[ep.name] = _load(ep)
    return dict(sorted(found.items(), key=lambda kv: (kv[1].listing, kv[0])))


def some_systems(ids: Iterable[str]) -> dict[str, GameSystem]:
    """The installed game systems among ``ids``, by id (one not installed is left out,
    as ``systems().get`` leaves it). Until every system has been listed only their own
    plug-ins are loaded: the window's first screen names one or two of them, and
    loading the others (their packages, data classes and layouts) was some 5 ms of it
    (issue #32). The same objects :func:`systems` gives later."""
    want = {(i or "").strip().lower() for i in ids}
    if _systems is not None or _extra:
        known = systems()
        return {k: known[k] for k in want if k in known}
    with _lock:
        missing = want - _loaded_one.keys() - _not_installed
        if missing:  # the entry points read once for them (a listing of every sys.path folder)
            for ep in entry_points(GROUP):
                if ep.name in missing and ep.name not in _loaded_one:
                    _loaded_one[ep.name] = _load(ep)
            _not_installed.update(missing - _loaded_one.keys())
        return {k: _loaded_one[k] for k in want if k in _loaded_one}


_loaded_one: dict[str, GameSystem] = {}  # loaded by some_systems before systems()
_not_installed: set[str] = set()  # asked of some_systems and not installed


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
    """The installed game system ``system_id`` (its own plug-in alone loaded, until every
    system has been listed: :func:`some_systems`); an id no installed package provides is
    refused in one line naming those that are."""
    key = (system_id or "").strip().lower()
    gs = some_systems([key]).get(key)
    if gs is None:
        names = ", ".join(systems()) or "none installed"
        raise InputError(f"unknown game system {system_id!r} (known: {names})")
    return gs


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
