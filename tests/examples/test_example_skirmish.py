"""The example plug-in (examples/example-skirmish) works end to end through the generic
app: registered through the same registry in-process, and once really pip-installed
into a throw-away environment so its entry point is what finds it."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from campaign_app.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "example-skirmish"
ID = "example-skirmish"


def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """The example system, registered through the registry for one test (not installed)."""
    from campaign_app.systems.registry import add_system, remove_system

    monkeypatch.syspath_prepend(str(EXAMPLE))
    import example_skirmish

    add_system(example_skirmish.SYSTEM)
    yield example_skirmish.SYSTEM
    remove_system(ID)


@pytest.fixture
def skirmish(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    yield from registered(monkeypatch)


@pytest.fixture
def run(db_url: str, capsys: pytest.CaptureFixture[str]) -> Any:
    from db.migrate import open_database

    open_database(db_url).dispose()

    def _run(*argv: str) -> tuple[int, str, str]:
        rc = main(["--db", db_url, *argv])
        out = capsys.readouterr()
        return rc, out.out, out.err

    return _run


def _pdf_text(path: Path) -> str:
    from pypdf import PdfReader

    return "\n".join(p.extract_text() for p in PdfReader(str(path)).pages)


def test_the_registry_lists_it_and_loads_its_rules(skirmish: Any, run: Any) -> None:
    from campaign_app.rules import load_rulebook
    from campaign_app.systems.registry import game_system, systems

    assert ID in systems() and game_system(ID) is skirmish
    rc, out, _ = run("systems")
    assert rc == 0 and "example-skirmish: Example Skirmish" in out and "example-skirmish-injury" in out
    table = load_rulebook().for_campaign(ID)["example-skirmish-injury"]
    assert [(r.roll, r.result) for r in table.rows] == [("1", "dead"), ("2-3", "in-recovery"), ("4-6", "fine")]


def test_the_whole_flow_through_the_cli(skirmish: Any, run: Any, tmp_path: Path) -> None:
    assert run("campaign", "create", "Ford", "--system", ID)[0] == 0
    assert run("roster", "create", "Ford", "Reds")[0] == 0
    assert run("roster", "create", "Ford", "Blues")[0] == 0
    assert run("fighter", "add", "Reds", "Ann", "--type", "leader", "--stat", "Skill=5")[0] == 0
    rc, _, err = run("fighter", "add", "Reds", "Bob", "--stat", "Skill=7")
    assert rc == 2 and "Skill: 7 is outside 1..6" in err
    rc, _, err = run("fighter", "add", "Reds", "Bob", "--stat", "Rep=3")
    assert rc == 2 and "unknown characteristic 'Rep'" in err
    for roster, name, skill in (("Reds", "Bob", "3"), ("Blues", "Cy", "4"), ("Blues", "Di", "2")):
        assert run("fighter", "add", roster, name, "--stat", f"Skill={skill}")[0] == 0
    rc, out, _ = run("roster", "show", "Reds")
    assert "Skill" in out and "Bob" in out

    # battle results are the system's own
    rc, _, err = run("battle", "record", "Ford", "--roster", "Reds", "--roster", "Blues",
                     "--result", "Bob=wounded")
    assert rc == 2 and "not one of fine, out-of-action" in err
    assert run("battle", "record", "Ford", "--roster", "Reds", "--roster", "Blues", "--result",
               "Bob=out-of-action", "--result", "Cy=out-of-action", "--winner", "Reds")[0] == 0

    # a dry run shows and writes nothing
    rc, out, _ = run("after-battle", "1", "--dry-run", "--dice", "1,5", "--json")
    d = json.loads(out)
    assert rc == 0 and [s["roll"]["faces"] for s in d["steps"]] == [[1], [5]]
    assert json.loads(run("fighter", "show", "Bob", "--json")[1])["status"] == "active"
    # typed dice: Bob rolls 1 (dead), Cy rolls 2 (in recovery)
    rc, out, _ = run("after-battle", "1", "--dice", "1,2")
    assert rc == 0 and "Dead" in out and "In recovery" in out
    status = {n: json.loads(run("fighter", "show", n, "--json")[1])["status"] for n in ("Bob", "Cy", "Di")}
    assert status == {"Bob": "dead", "Cy": "in-recovery", "Di": "active"}
    rc, out, _ = run("log", "Ford", "--json")
    assert sorted(r["table"] for r in json.loads(out)) == ["example-skirmish-injury"] * 2
    # undo is one step; then a seeded run is the same every time
    assert run("undo", "Ford")[0] == 0
    assert json.loads(run("fighter", "show", "Bob", "--json")[1])["status"] == "active"
    seeded = [json.loads(run("after-battle", "1", "--seed", "6", "--dry-run", "--json")[1])["steps"]
              for _ in range(2)]
    assert seeded[0] == seeded[1] and len(seeded[0]) == 2
    assert run("after-battle", "1", "--dice", "1,2")[0] == 0

    # Cy, in recovery, misses the next battle and is back after it
    assert run("battle", "record", "Ford", "--roster", "Reds", "--roster", "Blues",
               "--absent", "Cy", "--result", "Di=fine")[0] == 0
    rc, out, _ = run("after-battle", "2")
    assert rc == 0 and "Back from recovery" in out
    assert json.loads(run("fighter", "show", "Cy", "--json")[1])["status"] == "active"

    # printouts: the roster shows Skill, the QRS the injury table
    pdf, qrs = tmp_path / "reds.pdf", tmp_path / "qrs.pdf"
    assert run("export", "roster", "Reds", "-o", str(pdf))[0] == 0
    text = _pdf_text(pdf)
    assert "Skill" in text and "Ann" in text and "Example Skirmish" in text
    assert "Star/Grunt" not in text and "Average Rep" not in text
    assert run("export", "qrs", "Ford", "-o", str(qrs))[0] == 0
    text = _pdf_text(qrs)
    assert "After the Battle: injury" in text and "Misses the next battle." in text
    assert run("export", "cards", "Reds", "-o", str(tmp_path / "cards.pdf"))[0] == 0
    assert "Skill" in _pdf_text(tmp_path / "cards.pdf")


def test_json_export_import_round_trip_and_checks(skirmish: Any, engine: Any, tmp_path: Path) -> None:
    from example_skirmish import demo

    from campaign_app.errors import InputError
    from campaign_app.usecases import campaigns
    from campaign_app.usecases.datafiles import export_json, import_json

    cid = demo.build(engine)
    doc = export_json(engine, cid)
    assert doc["campaign"]["system"] == ID
    res = import_json(engine, json.loads(json.dumps(doc)), rename="Ford again")
    again = export_json(engine, res.id)

    def strip(d: Any) -> Any:
        d = json.loads(json.dumps(d))
        d["campaign"].pop("name", None)
        d.pop("exported_at", None)
        return d

    assert strip(again)["rosters"] == strip(doc)["rosters"]
    # a characteristic outside 1..6 is refused, and nothing is written
    bad = json.loads(json.dumps(doc))
    bad["rosters"][0]["fighters"][0]["stats"]["Skill"] = 9
    before = len(campaigns.list_campaigns(engine))
    with pytest.raises(InputError, match="Skill"):
        import_json(engine, bad, rename="Bad ford")
    assert len(campaigns.list_campaigns(engine)) == before


def test_demo_is_offered_with_the_others(skirmish: Any, engine: Any) -> None:
    from campaign_app.usecases import campaigns
    from campaign_app.usecases.demo import create_demo, demo_names

    assert demo_names()[-1] == "Skirmish at the Ford"
    res = create_demo(engine)
    assert "Skirmish at the Ford" in res.created
    camp = next(c for c in campaigns.list_campaigns(engine) if c["name"] == "Skirmish at the Ford")
    assert camp["system"] == ID and camp["rosters"] == 2 and camp["battles"] == 1
    assert create_demo(engine).created == []


def test_pip_installed_it_is_found_through_its_entry_point(tmp_path: Path) -> None:
    """A throw-away environment that sees this one's packages, with the example really
    installed by pip: `campaign-app systems` lists it and a campaign of it can be made."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    py = venv / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    purelib = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    here = sysconfig.get_paths()["purelib"]
    Path(purelib, "_outer_env.pth").write_text(f"import site; site.addsitedir({here!r})\n", encoding="utf-8")
    # from a copy: building in place would leave an egg-info next to the sources, which
    # the registry tests (the folder on sys.path) would then find as an installed system
    source = tmp_path / "example-skirmish"
    shutil.copytree(EXAMPLE, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    out = subprocess.run([str(py), "-m", "pip", "install", "-q", "--no-deps", "--no-input", str(source)],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    db = f"sqlite:///{tmp_path / 'x.sqlite'}"
    code = (f"import sys; sys.path.insert(0, {str(ROOT)!r}); "  # this checkout's app
            "from campaign_app.cli import main; sys.exit(main(sys.argv[1:]))")
    res = subprocess.run([str(py), "-c", code, "systems"], capture_output=True, text=True, timeout=120,
                         cwd=tmp_path)
    assert res.returncode == 0 and "example-skirmish: Example Skirmish" in res.stdout, res.stderr
    res = subprocess.run([str(py), "-c", code, "--db", db, "demo"], capture_output=True, text=True,
                         timeout=300, cwd=tmp_path)
    assert res.returncode == 0 and "Skirmish at the Ford" in res.stdout, res.stderr


def test_a_campaign_of_an_uninstalled_system_is_listed_and_refused_in_one_line(
        skirmish: Any, run: Any) -> None:
    from campaign_app.systems.registry import add_system, remove_system

    assert run("campaign", "create", "Ford", "--system", ID)[0] == 0
    assert run("campaign", "create", "Kursk", "--system", "nuts")[0] == 0
    remove_system(ID)  # the plug-in is gone; its campaign is still in the database
    try:
        rc, out, _ = run("campaign", "list", "--json")
        assert rc == 0
        assert {c["name"]: c["system_name"] for c in json.loads(out)} == {
            "Ford": "example-skirmish (not installed)", "Kursk": "NUTS! 4th edition"}
        rc, _, err = run("roster", "create", "Ford", "Reds")
        assert rc == 2 and err.strip().splitlines() == [
            "error: unknown game system 'example-skirmish' (known: nuts, necromunda, fubar, unit-morale)"]
    finally:
        add_system(skirmish)


def test_its_own_tests_pass_with_the_apps_testing_plugin() -> None:
    """A plug-in's project tests itself with the app's fixtures (campaign_app.testing and
    ui.testing, loaded by its root conftest.py), nothing from the app's tests/: the
    example's tests run in a pytest of their own, on both backends when PostgreSQL is
    there, the window included."""
    import os

    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    # this checkout's app, whichever checkout the environment's editable install names
    env["PYTHONPATH"] = os.pathsep.join(x for x in (str(ROOT), env.get("PYTHONPATH", "")) if x)
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs"],
                          cwd=EXAMPLE, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    tail = proc.stdout.strip().splitlines()[-1]
    assert " passed" in tail and "failed" not in tail, proc.stdout[-2000:]
    # with PostgreSQL, each database test runs on both backends and none is skipped
    assert ("skipped" in tail) != bool(os.environ.get("CAMPAIGN_APP_TEST_PG")), tail
