"""The registry's own reader of entry points (issue #32: the first screen does without
importing ``importlib.metadata``) finds what ``importlib.metadata`` finds, in its order."""

from __future__ import annotations

import sys
import zipfile
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from campaign_app.systems import registry


@pytest.mark.parametrize("group", ["campaign_app.systems", "console_scripts", "pytest11", "no.such.group"])
def test_same_as_importlib_metadata(group: str) -> None:
    plain = registry._plain_entry_points(group)
    assert plain is not None
    assert [(e.name, e.value) for e in plain] == [(e.name, e.value) for e in entry_points(group=group)]


def _dist(root: Path, folder: str, text: str) -> None:
    (root / folder).mkdir(parents=True)
    (root / folder / "entry_points.txt").write_text(text, encoding="utf-8")
    name, version = folder.rsplit(".", 1)[0].split("-")
    (root / folder / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
                                            encoding="utf-8")


def test_a_plugin_distribution_on_the_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    _dist(first, "My.Game_Pack-1.0.dist-info",
          "# a comment\n[console_scripts]\nx = y:z\n\n[campaign_app.systems]\n"
          "my-game = my_game_pack : SYSTEM\nother=pkg.mod:obj.attr [extra]\n")
    _dist(first, "empty-2.0.egg-info", "")
    # the same distribution later on the path: importlib.metadata takes the first only
    _dist(second, "my_game_pack-0.9.dist-info", "[campaign_app.systems]\nold = old:SYSTEM\n")
    monkeypatch.setattr(sys, "path", [str(first), str(tmp_path / "missing"), str(second)])
    plain = registry._plain_entry_points(registry.GROUP)
    assert plain is not None
    got = [(e.name, e.value) for e in plain]
    assert got == [(e.name, e.value) for e in entry_points(group=registry.GROUP)]
    assert got == [("my-game", "my_game_pack : SYSTEM"), ("other", "pkg.mod:obj.attr [extra]")]


def test_loads_as_importlib_metadata(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ep = registry._EntryPoint("x", "os.path : join.__name__ [extra]")
    assert ep.load() == "join"
    assert registry._EntryPoint("y", "campaign_app.systems.registry").load() is registry


def test_what_it_cannot_read_is_left_to_importlib_metadata(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    archive = tmp_path / "plugins.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("zipped-1.0.dist-info/entry_points.txt", "[campaign_app.systems]\nzipped = zipped:SYSTEM\n")
        z.writestr("zipped-1.0.dist-info/METADATA", "Metadata-Version: 2.1\nName: zipped\nVersion: 1.0\n")
    monkeypatch.setattr(sys, "path", [str(archive)])
    assert registry._plain_entry_points(registry.GROUP) is None
    assert [e.name for e in registry.entry_points(registry.GROUP)] == ["zipped"]
    egg = tmp_path / "eggs"
    (egg / "old-1.0-py3.11.egg").mkdir(parents=True)
    monkeypatch.setattr(sys, "path", [str(egg)])
    assert registry._plain_entry_points(registry.GROUP) is None


def test_the_registry_imports_no_importlib_metadata() -> None:
    import subprocess

    code = ("import sys; from campaign_app.systems.registry import systems; systems(); "
            "print('importlib.metadata' in sys.modules, 'email' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[2])
    assert out.stdout.split() == ["False", "False"]


def test_none_found_by_reading_asks_importlib_metadata(monkeypatch: pytest.MonkeyPatch) -> None:
    """An install whose metadata the plain reader does not see (a bundle that keeps it
    elsewhere) still finds its game systems: finding none, the registry asks
    importlib.metadata."""
    monkeypatch.setattr(registry, "_plain_entry_points", lambda group: [])
    got = [(e.name, e.value) for e in registry.entry_points(registry.GROUP)]
    assert got and got == [(e.name, e.value) for e in entry_points(group=registry.GROUP)]


SOME_PROBE = """
import json, sys
from campaign_app.systems import registry
one = registry.some_systems(["NUTS", "no-such-game"])
loaded = sorted(m.split(".")[2] for m in sys.modules if m.startswith("campaign_app.systems.") and m.count(".") == 2
                and m.split(".")[2] in ("nuts", "necromunda", "fubar", "unit_morale"))
reader, registry.entry_points = registry.entry_points, None  # asked again: no listing read again
again = registry.some_systems(["nuts", "no-such-game"])
registry.entry_points = reader
every = registry.systems()
print(json.dumps({"ids": sorted(one), "loaded": loaded, "same": one["nuts"] is every["nuts"] is again["nuts"],
                  "after": sorted(registry.some_systems(["fubar", "nuts"])),
                  "every": sorted(every), "listed_first": registry._systems is not None}))
"""


def test_some_systems_loads_only_the_plug_ins_asked_for() -> None:
    """The window's first screen asks for the systems its campaigns name: only their
    plug-ins are loaded then (a fresh process), the same objects the full registry gives
    later, an id not installed left out as ``systems().get`` leaves it."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    out = subprocess.run([sys.executable, "-c", SOME_PROBE], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[2])
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got["ids"] == ["nuts"] and got["loaded"] == ["nuts"]
    assert got["same"] and got["listed_first"]
    assert got["after"] == ["fubar", "nuts"] and {"nuts", "necromunda", "fubar", "unit-morale"} <= set(got["every"])
