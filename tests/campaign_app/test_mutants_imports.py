"""Tests that kill mutants of the import checks (campaign_app/usecases/datafiles:
validate.py, schema.py, limits.py, importing.py, streamed.py) that survived the mutation
run (tools/mutation, group `imports`). Each refused import is checked to write nothing.

Most of this file is pure and fast (milliseconds a case), so that each mutant of the
checks (validate.py, limits.py, schema.py) is tried in well under a second:
``validate_document`` called directly on three stored exports (``mutants_imports_*.json``:
a Necromunda campaign with gear, battle marks, a house rule and a content pack; a FUBAR
squad campaign with units; a NUTS! campaign with a walker and its crew), each edited in
one hostile way, asserting the exact problem lines, their count and the ``more`` flag;
and the exact plan rows of valid documents. ``GOLDEN=write`` rewrites the stored
documents and plans from the data builders (review the diff)."""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Callable
from datetime import UTC, date, datetime
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from campaign_app.errors import InputError
from campaign_app.usecases.datafiles import ImportRefused, export_json, import_json
from campaign_app.usecases.datafiles import limits as lim
from campaign_app.usecases.datafiles import schema as sch
from campaign_app.usecases.datafiles.validate import validate_document
from tests.campaign_app.data_builders import build_necromunda, build_nuts, build_squad
from tests.conftest import snapshot

Doc = dict[str, Any]
HERE = Path(__file__).parent
BASES = ("necro", "squad", "nuts")


@pytest.fixture
def necro(sqlite_engine):
    build_necromunda(sqlite_engine)
    return sqlite_engine, export_json(sqlite_engine, "Hive War")


def copy_doc(doc: Any) -> Any:
    return json.loads(json.dumps(doc))


@pytest.mark.parametrize("streamed", [False, True])
def test_a_fighter_ref_used_in_two_rosters_is_refused(necro, tmp_path, streamed):
    """Each roster's fighters have distinct refs, but one ref is in two rosters' lists:
    the check across lists refuses it, and nothing is written."""
    engine, doc = necro
    bad = copy_doc(doc)
    assert len(bad["rosters"]) >= 2
    first = bad["rosters"][0]["fighters"][0]["ref"]
    last = bad["rosters"][-1]["fighters"]
    assert first not in {f["ref"] for f in last}
    last[-1]["ref"] = first
    before = snapshot(engine)
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(bad), "utf-8")
    with pytest.raises(ImportRefused, match=rf"fighters\[\d+\]\.ref: '{first}' is already used by "
                                            r"rosters\[0\]\.fighters\[0\]"):
        import_json(engine, p, rename="Copy", backup=False, streamed=streamed)
    assert snapshot(engine) == before
    # the same document with distinct refs imports
    import_json(engine, doc, rename="Copy", backup=False)
    assert snapshot(engine) != before


# =========================================================================== base documents
def build_world(engine: Any) -> dict[str, Doc]:
    """The three base documents, exported from the data builders plus what they leave
    out: gear (stash, ledger, territories, a content pack) and a battle mark in the
    Necromunda campaign; units in the squad one; a walker and its crew in the NUTS! one."""
    from sqlmodel import Session, select

    from campaign_app.usecases import gear
    from db.models import Battle, BattleMark, Fighter

    cid = build_necromunda(engine)
    gang = "Goliath Ñ Crushers"
    gear.adjust_credits(engine, gang, 30, "loot")
    gear.stash_add(engine, gang, "Lucky charm", pay=False)
    gear.add_territory(engine, gang, "Old Mine", credits=5, dice="D6x10", rule="one more")
    gear.add_content(engine, cid, {"pack": {"name": "Hive weapons", "system": "necromunda"},
                                   "items": {"web-gun": {"name": "Web gun", "category": "weapon", "cost": 35}}})
    with Session(engine) as s:
        b = s.exec(select(Battle).where(Battle.campaign_id == cid)).one()
        f = s.exec(select(Fighter).where(Fighter.name == "Brak")).one()
        s.add(BattleMark(battle_id=b.id or 0, fighter_id=f.id, kind="status", value="seriously-injured",
                         before="active"))
        s.commit()
    build_squad(engine)
    build_nuts(engine)
    return {"necro": export_json(engine, "Hive War"), "squad": export_json(engine, "Bocage"),
            "nuts": export_json(engine, "Weird Front")}


@cache
def _text(name: str) -> str:
    return (HERE / f"mutants_imports_{name}.json").read_text("utf-8")


def base(name: str) -> Doc:
    """A fresh copy of a stored base document."""
    return json.loads(_text(name))  # type: ignore[no-any-return]


def shape(v: Any) -> Any:
    """Keys, list lengths and value types of a document (not the values: times, hashes)."""
    if isinstance(v, dict):
        return {k: shape(x) for k, x in v.items()}
    if isinstance(v, list):
        return [shape(x) for x in v]
    return type(v).__name__


def test_the_stored_documents_are_what_the_builders_export_now(sqlite_engine):
    """A fresh export of the builders has the stored files' shape (every key, every list
    length), and both validate with no problems: the table below tests today's format."""
    fresh = build_world(sqlite_engine)
    if os.environ.get("GOLDEN") == "write":
        for name, doc in fresh.items():
            (HERE / f"mutants_imports_{name}.json").write_text(
                json.dumps(doc, indent=1, ensure_ascii=False) + "\n", "utf-8")
        _text.cache_clear()
    for name in BASES:
        assert shape(fresh[name]) == shape(base(name)), name
        for doc in (fresh[name], base(name)):
            _plan, problems, more = validate_document(doc)
            assert (problems, more) == ([], False), name


# =========================================================================== hostile edits
def _keys(path: str) -> list[Any]:
    return [int(k) if k.lstrip("-").isdigit() else k for k in path.split(".")] if path else []


def at(d: Any, path: str) -> Any:
    for k in _keys(path):
        d = d[k]
    return d


def put(path: str, value: Any) -> Callable[[Doc], None]:
    """Set ``value`` at a dotted path (list indexes as numbers, -1 the last)."""
    *head, last = _keys(path)

    def go(d: Doc) -> None:
        at(d, ".".join(map(str, head)))[last] = copy.deepcopy(value)
    return go


def drop(path: str) -> Callable[[Doc], None]:
    *head, last = _keys(path)

    def go(d: Doc) -> None:
        del at(d, ".".join(map(str, head)))[last]
    return go


def add(path: str, value: Any) -> Callable[[Doc], None]:
    """Append ``value`` to the list at ``path``."""
    def go(d: Doc) -> None:
        at(d, path).append(copy.deepcopy(value))
    return go


def many(*edits: Callable[[Doc], None]) -> Callable[[Doc], None]:
    def go(d: Doc) -> None:
        for e in edits:
            e(d)
    return go


class _Whole:
    def __init__(self, value: Any) -> None:
        self.value = value


def whole(value: Any) -> Callable[[Doc], Any]:
    """Replace the whole document."""
    return lambda d: _Whole(copy.deepcopy(value))


def edited(name: str, edit: Callable[[Doc], Any]) -> Any:
    d = base(name)
    out = edit(d)
    return out.value if isinstance(out, _Whole) else d


F0 = "rosters.0.fighters.0"  # Krug (necro), Sgt Rock (nuts)
F1 = "rosters.0.fighters.1"
F2 = "rosters.1.fighters.0"  # Vala (necro)
U0 = "rosters.0.units.0"  # 1st Squad (squad)
B0 = "battles.0"
R0 = "rolls.0"
STATUSES = "active, in-recovery, convalescence, captured, dead, lost, turned, retired"
LONG = "x" * 41
VAMPIRE = {"title": "Random Vampire Generation", "dice": "d6", "rows": [
    {"roll": "1-3", "result": "rep-4", "label": "Rep 4", "effects": [{"op": "set-rep", "value": 4}]},
    {"roll": "4-6", "result": "rep-5", "label": "Rep 5", "effects": [{"op": "set-rep", "value": 5}]}]}
CASES: list[tuple[str, str, Callable[[Doc], Any], dict[str, Any]]] = [
    # --- _validate: the top level
    ("not-an-object", "necro", whole([1]), {}),
    ("null-document", "necro", whole(None), {}),
    ("backup-format", "necro", put("format", "campaign_app/backup"), {}),
    ("no-format", "necro", drop("format"), {}),
    ("other-format", "necro", put("format", "campaign_app/campaign2"), {}),
    ("long-format", "necro", put("format", "y" * 60), {}),
    ("version-true", "necro", put("schema_version", True), {}),
    ("version-text", "necro", put("schema_version", "1"), {}),
    ("version-missing", "necro", drop("schema_version"), {}),
    ("version-2", "necro", put("schema_version", 2), {}),
    ("version-0", "necro", put("schema_version", 0), {}),
    ("version-minus-1", "necro", put("schema_version", -1), {}),
    ("campaign-missing", "necro", drop("campaign"), {}),
    ("campaign-a-list", "necro", put("campaign", []), {}),
    ("campaign-a-list-renamed", "necro", put("campaign", []), {"rename": "New"}),
    ("unknown-top-key", "necro", put("extra", 1), {}),
    ("unknown-nested-keys", "necro", many(put(F0 + ".hat", 1), put(B0 + ".results.1.zz", 2),
                                          put("campaign.zz", 0)), {}),
    # --- the campaign's name, --rename and names taken
    ("name-taken", "necro", lambda d: None, {"taken_names": {"Hive War"}}),
    ("name-taken-ask", "necro", lambda d: None, {"taken_names": lambda n: n == "Hive War"}),
    ("name-free-ask", "necro", lambda d: None, {"taken_names": lambda n: n == "Hive"}),
    ("name-other-taken", "necro", lambda d: None, {"taken_names": {"hive war", "Hive"}}),
    ("rename-taken", "necro", lambda d: None, {"rename": " New ", "taken_names": {"New"}}),
    ("rename-over-taken", "necro", lambda d: None, {"rename": "New", "taken_names": {"Hive War"}}),
    ("rename-bad-name-in-file", "necro", put("campaign.name", " bad "), {"rename": "New"}),
    ("rename-empty", "necro", lambda d: None, {"rename": "  "}),
    ("rename-control", "necro", lambda d: None, {"rename": "a\x01b"}),
    ("rename-unit-separator", "necro", lambda d: None, {"rename": "a\x1fb"}),
    ("rename-space-inside", "necro", lambda d: None, {"rename": "a b", "taken_names": {"a b"}}),
    ("rename-invisible", "necro", lambda d: None, {"rename": "a\u202eb"}),
    ("rename-200", "necro", lambda d: None, {"rename": "n" * 200, "taken_names": {"n" * 200}}),
    ("rename-201", "necro", lambda d: None, {"rename": "n" * 201}),
    ("name-empty", "necro", put("campaign.name", ""), {"taken_names": {""}}),
    ("name-spaces", "necro", put("campaign.name", " Hive "), {}),
    ("name-control", "necro", put("campaign.name", "Hive\x07War"), {}),
    ("name-invisible", "necro", put("campaign.name", "Hive\u200bWar"), {}),
    ("name-invisible-long", "necro", put("campaign.name", "H" * 45 + "\u200b"), {}),
    ("rename-invisible-long", "necro", lambda d: None, {"rename": "R" * 45 + "\u2066"}),
    ("name-not-text", "necro", put("campaign.name", 5), {}),
    ("name-too-long", "necro", put("campaign.name", "n" * 201), {}),
    # --- system, edition, expansions
    ("system-unknown", "necro", put("campaign.system", "chess"), {}),
    ("system-empty", "necro", put("campaign.system", ""), {}),
    ("system-not-text", "necro", put("campaign.system", 3), {}),
    ("system-a-list", "necro", put("campaign.system", ["necromunda"]), {}),
    ("edition-unknown", "necro", put("campaign.edition", "n99"), {}),
    ("edition-other", "necro", put("campaign.edition", "n23"), {}),
    ("edition-missing", "necro", drop("campaign.edition"), {}),
    ("edition-none-known", "squad", put("campaign.edition", "e2"), {}),
    ("edition-not-text", "necro", put("campaign.edition", 26), {}),
    ("edition-not-text-no-system-checks", "necro", many(put("campaign.edition", 26), put(F0 + ".type", "boss"),
                                                        put(F0 + ".stats", {"Q": 1})), {}),
    ("expansion-unknown", "nuts", put("campaign.expansions", ["weird-ww2", "space"]), {}),
    ("expansion-unknown-no-system-checks", "nuts", many(put("campaign.expansions", ["space"]),
                                                        put(F0 + ".type", "boss")), {}),
    ("expansion-twice", "nuts", put("campaign.expansions", ["weird-ww2", "weird-ww2"]), {}),
    ("expansion-not-text", "nuts", put("campaign.expansions", [7, "weird-ww2"]), {}),
    ("expansions-not-a-list", "nuts", put("campaign.expansions", "weird-ww2"), {}),
    ("expansion-long", "nuts", put("campaign.expansions", ["z" * 50]), {}),
    # --- house rules
    ("house-unknown-table", "necro", put("campaign.house_rules.nope", {"dice": "d6"}), {}),
    ("house-bad-table", "necro", put("campaign.house_rules.n26-lasting-injury", {"title": "x"}), {}),
    ("house-other-dice", "necro", lambda d: at(d, "campaign.house_rules.n26-lasting-injury").update(
        dice="d6", rows=[{"roll": "1-6", "result": "out-cold", "label": "Out Cold", "effects": []}]), {}),
    ("house-odd-key", "necro", put("campaign.house_rules.n 1", {}), {}),
    ("house-with-bad-edition", "necro", many(put("campaign.house_rules.nope", {}),
                                             put("campaign.edition", "n99")), {}),
    ("house-expansion-table", "nuts", put("campaign.house_rules.ww2-gen-vampire", VAMPIRE), {}),
    ("house-expansion-table-without", "nuts", many(put("campaign.house_rules.ww2-gen-vampire", VAMPIRE),
                                                   put("campaign.expansions", [])), {}),
    ("house-roll-again", "necro", lambda d: at(d, "campaign.house_rules.n26-lasting-injury.rows.0.effects").append(
        {"op": "roll-again", "table": "n26-nope"}), {}),
    ("house-roll-again-known", "necro", lambda d: at(d, "campaign.house_rules.n26-lasting-injury.rows.0.effects")
     .append({"op": "roll-again", "table": "n26-ranks"}), {}),
    ("house-effect-value", "necro", lambda d: at(d, "campaign.house_rules.n26-lasting-injury.rows.0.effects")
     .append({"op": "xp", "value": 10_000_000}), {}),
    ("house-bad-effect", "necro", lambda d: at(d, "campaign.house_rules.n26-lasting-injury.rows.0.effects").append(
        {"op": "explode"}), {}),
    ("house-title-too-long", "necro", put("campaign.house_rules.n26-lasting-injury.title", "t" * 201), {}),
    ("house-rule-a-number", "necro", put("campaign.house_rules.n26-lasting-injury", 5), {}),
    ("house-two-problems", "necro", many(put("campaign.house_rules.nope", {}),
                                         put("campaign.house_rules.n26-lasting-injury", 5)), {}),
    ("house-unknown-then-bad", "necro", put("campaign.house_rules", {"nope": {}, "n26-lasting-injury": 5}), {}),
    ("house-not-an-object", "necro", put("campaign.house_rules", []), {}),
    # --- rosters
    ("roster-kind-unknown", "necro", put("rosters.0.kind", "horde"), {}),
    ("roster-kind-missing", "necro", drop("rosters.0.kind"), {}),
    ("roster-kind-not-text", "necro", put("rosters.0.kind", 1), {}),
    ("roster-kind-long", "necro", put("rosters.0.kind", "k" * 21), {}),
    ("roster-kind-20", "necro", put("rosters.0.kind", "k" * 20), {}),
    ("roster-kind-bad-system", "necro", many(put("rosters.0.kind", "horde"), put("campaign.system", "chess")), {}),
    ("roster-not-an-object", "necro", put("rosters.1", "r2"), {}),
    ("rosters-not-a-list", "necro", put("rosters", {}), {}),
    ("roster-ref-twice", "necro", put("rosters.1.ref", "r1"), {}),
    ("roster-ref-empty", "necro", put("rosters.1.ref", ""), {}),
    ("roster-ref-41", "necro", put("rosters.1.ref", LONG), {}),
    ("roster-ref-40-twice", "necro", many(put("rosters.0.ref", "x" * 40), put("rosters.1.ref", "x" * 40),
                                          put(F2 + ".captured_by", "x" * 40), put("battles.0.winner", None),
                                          put(B0 + ".rosters", []), drop("worth")), {}),
    ("roster-ref-41-twice", "necro", many(put("rosters.0.ref", LONG), put("rosters.1.ref", LONG)), {}),
    ("roster-ref-1-char-twice", "necro", many(put("rosters.0.ref", "r"), put("rosters.1.ref", "r"),
                                              put(F2 + ".captured_by", None), put(B0 + ".winner", None),
                                              put(B0 + ".rosters", [])), {}),
    ("roster-ref-number", "necro", put("rosters.1.ref", 2), {}),
    ("roster-ref-null", "necro", put("rosters.1.ref", None), {}),
    ("roster-ref-missing", "necro", drop("rosters.1.ref"), {}),
    ("roster-name-twice", "necro", put("rosters.1.name", "Goliath Ñ Crushers"), {}),
    ("roster-credits-high", "necro", put("rosters.0.credits", 1_000_001), {}),
    ("roster-credits-low", "necro", put("rosters.0.credits", -1), {}),
    ("roster-credits-text", "necro", put("rosters.0.credits", "5"), {}),
    ("roster-credits-float", "necro", put("rosters.0.credits", 5.0), {}),
    # --- fighters (_check_fighter)
    ("fighter-type-unknown", "necro", put(F0 + ".type", "boss"), {}),
    ("fighter-type-empty", "necro", put(F0 + ".type", ""), {}),
    ("fighter-type-missing", "necro", drop(F0 + ".type"), {}),
    ("fighter-kind-unknown", "necro", put(F0 + ".kind", "ogre"), {}),
    ("fighter-kind-not-text", "necro", put(F0 + ".kind", 1), {}),
    ("fighter-kind-missing", "nuts", drop(F0 + ".kind"), {}),
    ("fighter-rep-in-necromunda", "necro", put(F0 + ".rep", 3), {}),
    ("fighter-rep-null-in-nuts", "nuts", put(F0 + ".rep", None), {}),
    ("fighter-rep-high", "nuts", put(F0 + ".rep", 7), {}),
    ("fighter-rep-low", "nuts", put(F0 + ".rep", 0), {}),
    ("fighter-rep-6", "nuts", put(F0 + ".rep", 6), {}),
    ("fighter-rep-1", "nuts", put(F0 + ".rep", 1), {}),
    ("zombie-rep-3", "nuts", put(F1 + ".rep", 3), {}),
    ("zombie-rep-1", "nuts", put(F1 + ".rep", 1), {}),
    ("zombie-rep-6", "nuts", put(F1 + ".rep", 6), {}),
    ("zombie-rep-7", "nuts", put(F1 + ".rep", 7), {}),
    ("zombie-rep-text", "nuts", put(F1 + ".rep", "3"), {}),
    ("fighter-status-unknown", "necro", put(F0 + ".status", "asleep"), {}),
    ("fighter-status-missing", "necro", drop(F0 + ".status"), {}),
    ("fighter-status-41", "necro", put(F0 + ".status", LONG), {}),
    ("fighter-not-an-object", "necro", put(F1, 3), {}),
    ("fighters-not-a-list", "necro", put("rosters.0.fighters", "f1"), {}),
    ("stats-case", "necro", put(F0 + ".stats", {"ws": 3, "Ld": 7}), {}),
    ("stats-not-a-number", "necro", put(F0 + ".stats", {"WS": "3+", "BS": 2.5, "M": True}), {}),
    ("stats-high", "necro", put(F0 + ".stats", {"WS": 7, "M": 12, "Ld": 13}), {}),
    ("stats-low", "necro", put(F0 + ".stats", {"WS": 1, "M": 1, "Ld": 2, "S": 0}), {}),
    ("stats-unknown", "necro", put(F0 + ".stats", {"Fr": 3, "a.b": 1}), {}),
    ("stats-vehicle", "necro", many(put(F0 + ".kind", "vehicle"), put(F0 + ".stats", {"Fr": 13, "WS": 3})), {}),
    ("stats-long-key", "necro", put(F0 + ".stats", {"K" * 50: 1}), {}),
    ("stats-empty", "necro", put(F0 + ".stats", {}), {}),
    ("stats-not-an-object", "necro", put(F0 + ".stats", [1]), {}),
    ("stats-free-system", "squad", many(add("rosters.0.fighters", {"ref": "f1", "name": "Ed", "type": "character",
                                                                  "stats": {"x": {}, "y": [1], "z": "5+", "w": 4}})), {}),
    ("stats-bad-system", "necro", many(put(F0 + ".stats", {"Q": [1]}), put("campaign.system", "chess")), {}),
    ("stats-bad-edition", "necro", many(put(F0 + ".stats", {"Q": 1}), put("campaign.edition", "n99")), {}),
    ("stats-n23", "necro", many(put("campaign.edition", "n23"), put("campaign.house_rules", {}),
                                put(F0 + ".stats", {"I": 1, "Sv": 4, "M": 1})), {}),
    ("fighter-xp-high", "necro", put(F0 + ".xp", 100_001), {}),
    ("fighter-xp-100000", "necro", put(F0 + ".xp", 100_000), {}),
    ("fighter-rank-101", "necro", put(F0 + ".rank", 101), {}),
    ("fighter-abilities-text", "necro", put(F0 + ".abilities", "brave"), {}),
    ("fighter-abilities-number", "necro", put(F0 + ".abilities", [1]), {}),
    ("fighter-equipment-not-a-list", "necro", put(F0 + ".equipment", {}), {}),
    ("fighter-missing-name", "necro", drop(F0 + ".name"), {}),
    ("fighter-ref-twice-in-roster", "necro", put(F1 + ".ref", "f1"), {}),
    ("fighter-ref-twice-across", "necro", put(F2 + ".ref", "f1"), {}),
    ("fighter-ref-three-times", "necro", many(put(F1 + ".ref", "f1"), put(F2 + ".ref", "f1")), {}),
    ("fighter-ref-like-roster", "necro", put(F2 + ".ref", "r1"), {}),
    ("captured-by-unknown", "necro", put(F2 + ".captured_by", "r9"), {}),
    ("captured-by-a-fighter", "necro", put(F2 + ".captured_by", "f1"), {}),
    ("captured-by-number", "necro", put(F2 + ".captured_by", 1), {}),
    ("captured-by-list", "necro", put(F2 + ".captured_by", ["r1"]), {}),
    ("walker-type-unknown", "nuts", put("rosters.0.fighters.2.walker_type", "w2"), {}),
    ("crew-of-unknown", "nuts", put(F0 + ".crew_of", "f9"), {}),
    ("crew-of-itself", "nuts", put(F0 + ".crew_of", "f1"), {}),
    ("crew-of-crew", "nuts", put(F1 + ".crew_of", "f1"), {}),
    ("crew-of-itself-2", "nuts", put(F1 + ".crew_of", "f2"), {}),
    ("two-crew-one-walker", "nuts", put(F1 + ".crew_of", "f3"), {}),
    ("crew-of-itself-last", "nuts", put("rosters.0.fighters.2.crew_of", "f3"), {}),
    ("crew-of-a-number", "nuts", put(F1 + ".crew_of", 1), {}),
    ("crew-of-unnamed", "nuts", many(put(F1 + ".crew_of", "f3"), put("rosters.0.fighters.2.ref", 3)), {}),
    ("walker-twice", "nuts", add("walker_types", {"ref": "w2", "name": "Panzerläufer"}), {}),
    ("walker-ref-twice", "nuts", add("walker_types", {"ref": "w1", "name": "Other"}), {}),
    ("walker-crew-101", "nuts", put("walker_types.0.crew", 101), {}),
    ("walker-armour-1001", "nuts", put("walker_types.0.armour_front", 1001), {}),
    ("walker-aa-text", "nuts", put("walker_types.0.aa_mg", "yes"), {}),
    # --- injuries, equipment, skills
    ("injury-battle-unknown", "necro", put(F2 + ".injuries.0.battle", "b2"), {}),
    ("injury-roll-unknown", "necro", put(F2 + ".injuries.0.roll_record", "d9"), {}),
    ("injury-roll-missing", "necro", drop(F2 + ".injuries.0.roll"), {}),
    ("injury-date", "necro", put(F2 + ".injuries.0.created_at", "yesterday"), {}),
    ("equipment-qty", "necro", put(F0 + ".equipment.0.qty", 100_001), {}),
    ("equipment-cost-low", "necro", put(F0 + ".equipment.0.cost", -1), {}),
    ("equipment-traits", "necro", put(F0 + ".equipment.0.traits", ["ok", " bad"]), {}),
    ("skill-name-empty", "necro", put(F0 + ".skills.0.name", ""), {}),
    # --- units (_check_unit)
    ("unit-more-figures", "squad", put(U0 + ".figures", 11), {}),
    ("unit-figures-equal", "squad", many(put(U0 + ".figures", 10), put(U0 + ".wounded", 0)), {}),
    ("unit-with-wounded", "squad", put(U0 + ".wounded", 3), {}),
    ("unit-wounded-fit", "squad", put(U0 + ".wounded", 2), {}),
    ("unit-defaults", "squad", many(drop(U0 + ".figures"), drop(U0 + ".figures_start"), drop(U0 + ".wounded")), {}),
    ("unit-start-default", "squad", drop(U0 + ".figures_start"), {}),
    ("unit-wounded-default", "squad", many(drop(U0 + ".wounded"), put(U0 + ".figures", 10)), {}),
    ("unit-figures-default", "squad", many(drop(U0 + ".figures"), put(U0 + ".wounded", 9)), {}),
    ("unit-start-0-figures-default", "squad", many(drop(U0 + ".figures"), put(U0 + ".figures_start", 0),
                                                   put(U0 + ".wounded", 0)), {}),
    ("unit-wounded-default-over", "squad", many(drop(U0 + ".wounded"), put(U0 + ".figures", 11)), {}),
    ("unit-wounded-default-fits", "squad", many(drop(U0 + ".wounded"), put(U0 + ".figures", 10)), {}),
    ("unit-figures-text", "squad", put(U0 + ".figures", "8"), {}),
    ("unit-figures-start-text", "squad", put(U0 + ".figures_start", None), {}),
    ("unit-wounded-text", "squad", put(U0 + ".wounded", "1"), {}),
    ("unit-ref-twice", "squad", add("rosters.0.units", {"ref": "u1", "name": "2nd Squad"}), {}),
    ("unit-not-an-object", "squad", add("rosters.0.units", []), {}),
    ("unit-ref-in-result", "squad", put(B0 + ".results.0.unit", "u2"), {}),
    # --- ledger
    ("ledger-fighter", "necro", put("rosters.0.ledger.0.fighter", "f7"), {}),
    ("ledger-battle", "necro", put("rosters.0.ledger.0.battle", "b7"), {}),
    ("ledger-amount-missing", "necro", drop("rosters.0.ledger.0.amount"), {}),
    ("stash-qty-0", "necro", put("rosters.0.stash.0.qty", 0), {}),
    ("territory-credits", "necro", put("rosters.0.territories.0.credits", 100_001), {}),
    # --- content packs (_check_packs)
    ("pack-name-twice", "necro", add("content_packs", {"name": "Hive weapons"}), {}),
    ("pack-bad-item", "necro", put("content_packs.0.items.web-gun.cost", "lots"), {}),
    ("pack-bad-item-bad-system", "necro", many(put("content_packs.0.items.web-gun.cost", "lots"),
                                               put("campaign.system", "chess")), {}),
    ("pack-bad-after-empty", "necro", put("content_packs", [
        {"name": "A", "items": {}}, {"name": "B", "items": {"x": {"name": "X", "cost": "lots"}}}]), {}),
    ("pack-items-empty", "necro", put("content_packs.0.items", {}), {}),
    ("pack-items-list", "necro", put("content_packs.0.items", []), {}),
    ("pack-not-an-object", "necro", add("content_packs", 5), {}),
    ("pack-item-not-an-object", "necro", put("content_packs.0.items.web-gun", 5), {}),
    # --- battles
    ("battle-ref-twice", "necro", add("battles", {"ref": "b1", "number": 2}), {}),
    ("battle-number-twice", "necro", add("battles", {"ref": "b2", "number": 1}), {}),
    ("battle-number-0", "necro", put(B0 + ".number", 0), {}),
    ("battle-number-max", "necro", put(B0 + ".number", 2_147_483_647), {}),
    ("battle-number-over", "necro", put(B0 + ".number", 2_147_483_648), {}),
    ("battle-number-text", "necro", many(put(B0 + ".number", "1"), add("battles", {"ref": "b2", "number": "1"})), {}),
    ("battle-number-true-twice", "necro", many(put(B0 + ".number", True),
                                               add("battles", {"ref": "b2", "number": True})), {}),
    ("battle-number-null-twice", "necro", many(put(B0 + ".number", None),
                                               add("battles", {"ref": "b2", "number": None})), {}),
    ("battle-number-twice-after-null", "necro", many(put(B0 + ".number", None),
                                                     add("battles", {"ref": "b2", "number": 5}),
                                                     add("battles", {"ref": "b3", "number": 5})), {}),
    ("battle-winner", "necro", put(B0 + ".winner", "r3"), {}),
    ("battle-attacker", "necro", put(B0 + ".attacker", "r3"), {}),
    ("battle-state", "necro", put(B0 + ".state", "over"), {}),
    ("battle-played-on", "necro", put(B0 + ".played_on", "2026-02-30"), {}),
    ("battle-played-on-form", "necro", put(B0 + ".played_on", "14/03/2026"), {}),
    ("battle-played-on-number", "necro", put(B0 + ".played_on", 20260314), {}),
    ("battle-created-at", "necro", put(B0 + ".created_at", "soon"), {}),
    ("battle-created-at-number", "necro", put(B0 + ".created_at", 5), {}),
    ("battle-created-at-offset", "necro", put(B0 + ".created_at", "2026-01-01T00:00:00+25:00"), {}),
    ("battle-roster-unknown", "necro", put(B0 + ".rosters.1.roster", "r5"), {}),
    ("battle-roster-twice", "necro", put(B0 + ".rosters.1.roster", "r1"), {}),
    ("battle-roster-missing", "necro", drop(B0 + ".rosters.1.roster"), {}),
    ("battle-roster-null", "necro", put(B0 + ".rosters.1.roster", None), {}),
    ("result-fighter", "necro", put(B0 + ".results.0.fighter", "f8"), {}),
    ("result-by-fighter", "necro", put(B0 + ".results.0.by_fighter", "f8"), {}),
    ("result-unit", "necro", put(B0 + ".results.0.unit", "u1"), {}),
    ("result-fighter-twice", "necro", put(B0 + ".results.1.fighter", "f3"), {}),
    ("result-unit-twice", "squad", add(B0 + ".results", {"unit": "u1", "status": "fought"}), {}),
    ("result-nulls", "squad", add(B0 + ".results", {"unit": None, "status": "fought"}), {}),
    ("result-status-missing", "necro", drop(B0 + ".results.0.status"), {}),
    ("result-hit-text", "necro", put(B0 + ".results.0.scored_hit", "no"), {}),
    ("result-details-list", "necro", put(B0 + ".results.0.details", []), {}),
    ("mark-fighter", "necro", put(B0 + ".marks.0.fighter", "f8"), {}),
    ("mark-unit", "necro", put(B0 + ".marks.0.unit", "u8"), {}),
    ("mark-by-fighter", "necro", put(B0 + ".marks.0.by_fighter", "f8"), {}),
    ("mark-kind-missing", "necro", drop(B0 + ".marks.0.kind"), {}),
    ("battle-not-an-object", "necro", add("battles", None), {}),
    # --- rolls
    ("roll-ref-twice", "necro", put("rolls.2.ref", "d1"), {}),
    ("roll-ref-missing-and-twice", "necro", many(drop("rolls.0.ref"), put("rolls.2.ref", "d2")), {}),
    ("roll-battle", "necro", put(R0 + ".battle", "b4"), {}),
    ("roll-fighter", "necro", put(R0 + ".fighter", "f4"), {}),
    ("roll-unit", "necro", put(R0 + ".unit", "u4"), {}),
    ("roll-undone-no-action", "necro", put("rolls.2.action", ""), {}),
    ("roll-undone-action-missing", "necro", drop("rolls.2.action"), {}),
    ("roll-undone-two", "necro", many(put("rolls.0.undone", True), put("rolls.2.action", "")), {}),
    ("roll-undone-text", "necro", put("rolls.0.undone", "true"), {}),
    ("roll-faces", "necro", put("rolls.1.faces", "6;6"), {}),
    ("roll-faces-empty", "necro", put("rolls.1.faces", ""), {}),
    ("roll-source", "necro", put("rolls.1.source", "forged"), {}),
    ("roll-source-note", "necro", put("rolls.1.source", "note"), {}),
    ("roll-mark", "necro", put("rolls.1.mark", "gone"), {}),
    ("roll-hash", "necro", put("rolls.1.hash", "abc"), {}),
    ("roll-value-missing", "necro", drop("rolls.1.value"), {}),
    ("roll-missing-and-bad", "necro", many(drop("rolls.0.faces"), put("rolls.2.faces", "x")), {}),
    ("roll-missing-and-bad-value", "necro", many(drop("rolls.1.value"), put("rolls.2.value", "3"),
                                                 put("rolls.0.value", 2**31)), {}),
    ("roll-not-an-object", "necro", many(put("rolls.1", 7), put("rolls.2.value", "3")), {}),
    ("roll-unknown-key", "necro", put("rolls.1.zz", 1), {}),
    ("roll-subject-long", "necro", put("rolls.1.subject", "s" * 201), {}),
    ("roll-face-pos", "necro", put("rolls.1.face_pos", -1), {}),
    ("rolls-not-a-list", "necro", put("rolls", {"d1": {}}), {}),
    ("roll-ref-empty", "necro", put("rolls.1.ref", ""), {}),
    ("roll-ref-null", "necro", put("rolls.1.ref", None), {}),
    ("roll-battle-number", "necro", put("rolls.2.battle", 1), {}),
    ("roll-battle-object", "necro", put("rolls.2.battle", {"ref": "b1"}), {}),
    ("roll-target-float", "necro", put("rolls.1.target", 1.5), {}),
    ("roll-ref-ok-refs-bad", "squad", many(put(R0 + ".battle", "b2"), put(R0 + ".unit", None)), {}),
    # --- the models' words (_message)
    ("text-for-number", "necro", put("rosters.0.notes", 5), {}),
    ("text-for-null", "necro", put("rosters.0.notes", None), {}),
    ("text-too-long", "necro", put("rosters.0.faction", "f" * 1001), {}),
    ("notes-20000", "necro", put("rosters.0.notes", "n" * 20_000), {}),
    ("notes-20001", "necro", put("rosters.0.notes", "n" * 20_001), {}),
    ("object-for-list", "necro", put("battles", {"b1": {}}), {}),
    ("text-for-object", "necro", put("campaign", "Hive War"), {}),
    ("list-for-object", "necro", put(B0 + ".setup", [1]), {}),
    ("true-for-number", "necro", put("campaign.cycle", True), {}),
    ("cycle-10001", "necro", put("campaign.cycle", 10_001), {}),
    ("ref-number", "necro", put(B0 + ".winner", 1), {}),
    ("worth-bad", "necro", put("worth.r1.rating", "high"), {}),
    ("owner-64", "necro", put("rosters.0.owner", "o" * 64), {}),
]

# the exact problems of each case (checked by hand when written)
EXPECT: dict[str, list[str]] = {
    'not-an-object': [
        ': must be an object, not a list',
    ],
    'null-document': [
        ': must be an object, not null',
    ],
    'backup-format': [
        'format: this is a whole-database backup: use restore, or import one of its campaigns',
    ],
    'no-format': [
        "format: None is not 'campaign_app/campaign' (not a campaign_app campaign file)",
    ],
    'other-format': [
        "format: 'campaign_app/campaign2' is not 'campaign_app/campaign' (not a campaign_app campaign file)",
    ],
    'long-format': [
        "format: 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy... is not 'campaign_app/campaign' (not a campaign_app campaign file)",
    ],
    'version-true': [
        'schema_version: True is not a version number',
    ],
    'version-text': [
        "schema_version: '1' is not a version number",
    ],
    'version-missing': [
        'schema_version: None is not a version number',
    ],
    'version-2': [
        'schema_version: 2 is newer than this app reads (1): upgrade campaign_app',
    ],
    'version-0': [
        'schema_version: 0 is not a known version',
    ],
    'version-minus-1': [
        'schema_version: -1 is not a known version',
    ],
    'campaign-missing': [
        'campaign: is missing',
    ],
    'campaign-a-list': [
        'campaign: must be an object, not a list',
    ],
    'campaign-a-list-renamed': [
        'campaign: must be an object, not a list',
    ],
    'unknown-top-key': [
        'extra: unknown field',
    ],
    'unknown-nested-keys': [
        'campaign.zz: unknown field',
        'rosters[0].fighters[0].hat: unknown field',
        'battles[0].results[1].zz: unknown field',
    ],
    'name-taken': [
        "campaign.name: a campaign named 'Hive War' already exists (import with another name: --rename NEW)",
    ],
    'name-taken-ask': [
        "campaign.name: a campaign named 'Hive War' already exists (import with another name: --rename NEW)",
    ],
    'name-free-ask': [],
    'name-other-taken': [],
    'rename-taken': [
        "--rename: a campaign named 'New' already exists (import with another name: --rename NEW)",
    ],
    'rename-over-taken': [],
    'rename-bad-name-in-file': [],
    'rename-empty': [
        "--rename: '  ' is not a usable campaign name",
    ],
    'rename-control': [
        "--rename: 'a<U+0001>b' is not a usable campaign name",
    ],
    'rename-unit-separator': [
        "--rename: 'a<U+001F>b' is not a usable campaign name",
    ],
    'rename-space-inside': [
        "--rename: a campaign named 'a b' already exists (import with another name: --rename NEW)",
    ],
    'rename-invisible': [
        "--rename: 'a<U+202E>b' is not a usable campaign name (it contains an invisible control character U+202E (RIGHT-TO-LEFT OVERRIDE))",
    ],
    'rename-200': [
        "--rename: a campaign named 'nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn' already exists (import with another name: --rename NEW)",
    ],
    'rename-201': [
        "--rename: 'nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn...' is not a usable campaign name",
    ],
    'name-empty': [
        'campaign.name: is empty',
    ],
    'name-spaces': [
        "campaign.name: ' Hive ' has spaces around it",
    ],
    'name-control': [
        'campaign.name: contains control characters',
    ],
    'name-invisible': [
        "campaign.name: 'Hive<U+200B>War' contains an invisible control character U+200B (ZERO WIDTH SPACE)",
    ],
    'name-invisible-long': [
        "campaign.name: 'HHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHH...' contains an invisible control character U+200B (ZERO WIDTH SPACE)",
    ],
    'rename-invisible-long': [
        "--rename: 'RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR...' is not a usable campaign name (it contains an invisible control character U+2066 (LEFT-TO-RIGHT ISOLATE))",
    ],
    'name-not-text': [
        'campaign.name: must be text, not the number 5',
    ],
    'name-too-long': [
        'campaign.name: is 201 characters long (at most 200)',
    ],
    'system-unknown': [
        "campaign.system: 'chess' is not a known game system (nuts, necromunda, fubar, unit-morale)",
    ],
    'system-empty': [
        "campaign.system: '' is not a known game system (nuts, necromunda, fubar, unit-morale)",
    ],
    'system-not-text': [
        'campaign.system: must be text, not the number 3',
    ],
    'system-a-list': [
        'campaign.system: must be text, not a list',
    ],
    'edition-unknown': [
        "campaign.edition: 'n99' is not an edition of Necromunda (n26, n23)",
    ],
    'edition-other': [
        "campaign.house_rules.n26-lasting-injury: Necromunda has no table 'n26-lasting-injury' to override",
    ],
    'edition-missing': [
        "campaign.edition: '' is not an edition of Necromunda (n26, n23)",
    ],
    'edition-none-known': [
        "campaign.edition: 'e2' is not an edition of FUBAR 3rd edition (none)",
    ],
    'edition-not-text': [
        'campaign.edition: must be text, not the number 26',
    ],
    'edition-not-text-no-system-checks': [
        'campaign.edition: must be text, not the number 26',
    ],
    'expansion-unknown': [
        "campaign.expansions[1]: 'space' is not an expansion of NUTS! 4th edition",
    ],
    'expansion-unknown-no-system-checks': [
        "campaign.expansions[0]: 'space' is not an expansion of NUTS! 4th edition",
    ],
    'expansion-twice': [
        'campaign.expansions: lists an expansion twice',
    ],
    'expansion-not-text': [
        'campaign.expansions[0]: must be text, not the number 7',
    ],
    'expansions-not-a-list': [
        "campaign.expansions: must be a list of text, not text 'weird-ww2'",
    ],
    'expansion-long': [
        'campaign.expansions[0]: is 50 characters long (at most 40)',
        "campaign.expansions[0]: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz... is not an expansion of NUTS! 4th edition",
    ],
    'house-unknown-table': [
        "campaign.house_rules.nope: Necromunda has no table 'nope' to override",
    ],
    'house-bad-table': [
        'campaign.house_rules.n26-lasting-injury: house rule: tables.n26-lasting-injury.dice: is required',
    ],
    'house-other-dice': [
        'campaign.house_rules.n26-lasting-injury: dice must stay d66 (got d6)',
    ],
    'house-odd-key': [
        'campaign.house_rules["n 1"]: Necromunda has no table \'n 1\' to override',
    ],
    'house-with-bad-edition': [
        "campaign.edition: 'n99' is not an edition of Necromunda (n26, n23)",
    ],
    'house-expansion-table': [],
    'house-expansion-table-without': [
        "campaign.house_rules.ww2-gen-vampire: NUTS! 4th edition has no table 'ww2-gen-vampire' to override",
    ],
    'house-roll-again': [
        "campaign.house_rules.n26-lasting-injury: house rule: table n26-lasting-injury row 1 effect 2: effect 'roll-again': no table 'n26-nope' to roll on",
    ],
    'house-roll-again-known': [],
    'house-effect-value': [
        "campaign.house_rules.n26-lasting-injury: house rule: table n26-lasting-injury row 1 effect 2: effect 'xp': value 10000000 is outside 0..100 (XP gained from one result)",
    ],
    'house-bad-effect': [
        "campaign.house_rules.n26-lasting-injury: house rule: table n26-lasting-injury row 1 effect 2: unknown effect op 'explode' (known: advance, condition, figures, new-figures, note, remove, rep, roll-again, set-rep, skill, stat, status, training, xp)",
    ],
    'house-title-too-long': [
        'campaign.house_rules.n26-lasting-injury: house rule: tables.n26-lasting-injury.title: is longer than 200 characters',
    ],
    'house-rule-a-number': [
        'campaign.house_rules.n26-lasting-injury: house rule: tables.n26-lasting-injury: must be a table, not a whole number',
    ],
    'house-two-problems': [
        'campaign.house_rules.n26-lasting-injury: house rule: tables.n26-lasting-injury: must be a table, not a whole number',
        "campaign.house_rules.nope: Necromunda has no table 'nope' to override",
    ],
    'house-unknown-then-bad': [
        "campaign.house_rules.nope: Necromunda has no table 'nope' to override",
        'campaign.house_rules.n26-lasting-injury: house rule: tables.n26-lasting-injury: must be a table, not a whole number',
    ],
    'house-not-an-object': [
        'campaign.house_rules: must be an object, not a list',
    ],
    'roster-kind-unknown': [
        "rosters[0].kind: 'horde' is not one of gang, squad",
    ],
    'roster-kind-missing': [],
    'roster-kind-not-text': [
        'rosters[0].kind: must be text, not the number 1',
    ],
    'roster-kind-long': [
        'rosters[0].kind: is 21 characters long (at most 20)',
        "rosters[0].kind: 'kkkkkkkkkkkkkkkkkkkkk' is not one of gang, squad",
    ],
    'roster-kind-20': [
        "rosters[0].kind: 'kkkkkkkkkkkkkkkkkkkk' is not one of gang, squad",
    ],
    'roster-kind-bad-system': [
        "campaign.system: 'chess' is not a known game system (nuts, necromunda, fubar, unit-morale)",
    ],
    'roster-not-an-object': [
        "rosters[1]: must be an object, not text 'r2'",
        "battles[0].rosters[1].roster: no roster has ref 'r2'",
        "battles[0].results[0].fighter: no fighter has ref 'f3'",
        "rolls[2].fighter: no fighter has ref 'f3'",
    ],
    'rosters-not-a-list': [
        'rosters: must be a list, not an object',
        "battles[0].winner: no roster has ref 'r1'",
        "battles[0].rosters[0].roster: no roster has ref 'r1'",
        "battles[0].rosters[1].roster: no roster has ref 'r2'",
        "battles[0].results[0].fighter: no fighter has ref 'f3'",
        "battles[0].results[1].fighter: no fighter has ref 'f1'",
        "battles[0].results[0].by_fighter: no fighter has ref 'f1'",
        "battles[0].marks[0].fighter: no fighter has ref 'f2'",
        "rolls[2].fighter: no fighter has ref 'f3'",
    ],
    'roster-ref-twice': [
        "rosters[1].ref: 'r1' is already used by rosters[0]",
        "battles[0].rosters[1].roster: no roster has ref 'r2'",
    ],
    'roster-ref-empty': [
        "rosters[1].ref: '' must be short text (1 to 40 characters)",
        "battles[0].rosters[1].roster: no roster has ref 'r2'",
    ],
    'roster-ref-41': [
        "rosters[1].ref: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... must be short text (1 to 40 characters)",
        "battles[0].rosters[1].roster: no roster has ref 'r2'",
    ],
    'roster-ref-40-twice': [
        "rosters[1].ref: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' is already used by rosters[0]",
    ],
    'roster-ref-41-twice': [
        "rosters[0].ref: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... must be short text (1 to 40 characters)",
        "rosters[1].ref: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... must be short text (1 to 40 characters)",
        "rosters[1].fighters[0].captured_by: no roster has ref 'r1'",
        "battles[0].winner: no roster has ref 'r1'",
        "battles[0].rosters[0].roster: no roster has ref 'r1'",
        "battles[0].rosters[1].roster: no roster has ref 'r2'",
    ],
    'roster-ref-1-char-twice': [
        "rosters[1].ref: 'r' is already used by rosters[0]",
    ],
    'roster-ref-number': [
        'rosters[1].ref: 2 must be short text (1 to 40 characters)',
        "battles[0].rosters[1].roster: no roster has ref 'r2'",
    ],
    'roster-ref-null': [
        'rosters[1].ref: None must be short text (1 to 40 characters)',
        "battles[0].rosters[1].roster: no roster has ref 'r2'",
    ],
    'roster-ref-missing': [
        'rosters[1].ref: is missing',
        "battles[0].rosters[1].roster: no roster has ref 'r2'",
    ],
    'roster-name-twice': [
        "rosters[1].name: 'Goliath Ñ Crushers' is already used by rosters[0]",
    ],
    'roster-credits-high': [
        'rosters[0].credits: 1000001 is above 1000000',
    ],
    'roster-credits-low': [
        'rosters[0].credits: -1 is below 0',
    ],
    'roster-credits-text': [
        "rosters[0].credits: '5' is not a whole number",
    ],
    'roster-credits-float': [
        'rosters[0].credits: 5.0 is not a whole number',
    ],
    'fighter-type-unknown': [
        "rosters[0].fighters[0].type: 'boss' is not one of leader, champion, ganger, juve, prospect, specialist, crew, brute, hanger-on, vehicle, exotic-beast, hired-gun",
    ],
    'fighter-type-empty': [],
    'fighter-type-missing': [],
    'fighter-kind-unknown': [
        "rosters[0].fighters[0].kind: 'ogre' is not one of human, vehicle",
    ],
    'fighter-kind-not-text': [
        'rosters[0].fighters[0].kind: must be text, not the number 1',
    ],
    'fighter-kind-missing': [],
    'fighter-rep-in-necromunda': [
        'rosters[0].fighters[0].rep: Necromunda does not use Rep (give null)',
    ],
    'fighter-rep-null-in-nuts': [],
    'fighter-rep-high': [
        'rosters[0].fighters[0].rep: 7 is above 6',
    ],
    'fighter-rep-low': [
        'rosters[0].fighters[0].rep: 0 is below 1',
    ],
    'fighter-rep-6': [],
    'fighter-rep-1': [],
    'zombie-rep-3': [
        'rosters[0].fighters[1].rep: 3: a zombie is always Rep 2',
    ],
    'zombie-rep-1': [
        'rosters[0].fighters[1].rep: 1: a zombie is always Rep 2',
    ],
    'zombie-rep-6': [
        'rosters[0].fighters[1].rep: 6: a zombie is always Rep 2',
    ],
    'zombie-rep-7': [
        'rosters[0].fighters[1].rep: 7 is above 6',
    ],
    'zombie-rep-text': [
        "rosters[0].fighters[1].rep: '3' is not a whole number",
    ],
    'fighter-status-unknown': [
        "rosters[0].fighters[0].status: 'asleep' is not one of active, in-recovery, convalescence, captured, dead, lost, turned, retired",
    ],
    'fighter-status-missing': [],
    'fighter-status-41': [
        'rosters[0].fighters[0].status: is 41 characters long (at most 40)',
        "rosters[0].fighters[0].status: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' is not one of active, in-recovery, convalescence, captured, dead, lost, turned, retired",
    ],
    'fighter-not-an-object': [
        'rosters[0].fighters[1]: must be an object, not the number 3',
        "battles[0].marks[0].fighter: no fighter has ref 'f2'",
    ],
    'fighters-not-a-list': [
        "rosters[0].fighters: must be a list, not text 'f1'",
        "battles[0].results[1].fighter: no fighter has ref 'f1'",
        "battles[0].results[0].by_fighter: no fighter has ref 'f1'",
        "battles[0].marks[0].fighter: no fighter has ref 'f2'",
    ],
    'stats-case': [
        'rosters[0].fighters[0].stats.ws: write the characteristic as WS',
    ],
    'stats-not-a-number': [
        "rosters[0].fighters[0].stats.WS: '3+' is not a whole number",
        'rosters[0].fighters[0].stats.BS: 2.5 is not a whole number',
        'rosters[0].fighters[0].stats.M: True is not a whole number',
    ],
    'stats-high': [
        'rosters[0].fighters[0].stats.WS: 7 is above 6',
        'rosters[0].fighters[0].stats.Ld: 13 is above 10',
    ],
    'stats-low': [
        'rosters[0].fighters[0].stats.WS: 1 is below 2',
        'rosters[0].fighters[0].stats.Ld: 2 is below 4',
        'rosters[0].fighters[0].stats.S: 0 is below 1',
    ],
    'stats-unknown': [
        "rosters[0].fighters[0].stats.Fr: 'Fr' is not a characteristic here (M, WS, BS, S, T, W, I, A, Sv, Ld, Cl, Wil, Int)",
        'rosters[0].fighters[0].stats["a.b"]: \'a.b\' is not a characteristic here (M, WS, BS, S, T, W, I, A, Sv, Ld, Cl, Wil, Int)',
    ],
    'stats-vehicle': [
        'rosters[0].fighters[0].stats.Fr: 13 is above 12',
        "rosters[0].fighters[0].stats.WS: 'WS' is not a characteristic here (M, Fr, Sd, Rr, HP, Hnd, Sv, BS, Ld, Cl, Wil, Int)",
    ],
    'stats-long-key': [
        "rosters[0].fighters[0].stats.KKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKK: 'KKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKK... is not a characteristic here (M, WS, BS, S, T, W, I, A, Sv, Ld, Cl, Wil, Int)",
    ],
    'stats-empty': [],
    'stats-not-an-object': [
        'rosters[0].fighters[0].stats: must be an object, not a list',
    ],
    'stats-free-system': [
        'rosters[0].fighters[0].stats.x: must be a number or text',
        'rosters[0].fighters[0].stats.y: must be a number or text',
    ],
    'stats-bad-system': [
        "campaign.system: 'chess' is not a known game system (nuts, necromunda, fubar, unit-morale)",
        'rosters[0].fighters[0].stats.Q: must be a number or text',
    ],
    'stats-bad-edition': [
        "campaign.edition: 'n99' is not an edition of Necromunda (n26, n23)",
    ],
    'stats-n23': [
        'rosters[0].fighters[0].stats.I: 1 is below 2',
        "rosters[0].fighters[0].stats.Sv: 'Sv' is not a characteristic here (M, WS, BS, S, T, W, I, A, Ld, Cl, Wil, Int)",
    ],
    'fighter-xp-high': [
        'rosters[0].fighters[0].xp: 100001 is above 100000',
    ],
    'fighter-xp-100000': [],
    'fighter-rank-101': [
        'rosters[0].fighters[0].rank: 101 is above 100',
    ],
    'fighter-abilities-text': [
        "rosters[0].fighters[0].abilities: must be a list of text, not text 'brave'",
    ],
    'fighter-abilities-number': [
        'rosters[0].fighters[0].abilities[0]: must be text, not the number 1',
    ],
    'fighter-equipment-not-a-list': [
        'rosters[0].fighters[0].equipment: must be a list, not an object',
    ],
    'fighter-missing-name': [
        'rosters[0].fighters[0].name: is missing',
    ],
    'fighter-ref-twice-in-roster': [
        "rosters[0].fighters[1].ref: 'f1' is already used by rosters[0].fighters[0]",
        "battles[0].marks[0].fighter: no fighter has ref 'f2'",
    ],
    'fighter-ref-twice-across': [
        "rosters[1].fighters[0].ref: 'f1' is already used by rosters[0].fighters[0]",
        "battles[0].results[0].fighter: no fighter has ref 'f3'",
        "rolls[2].fighter: no fighter has ref 'f3'",
    ],
    'fighter-ref-three-times': [
        "rosters[0].fighters[1].ref: 'f1' is already used by rosters[0].fighters[0]",
        "rosters[1].fighters[0].ref: 'f1' is already used by rosters[0].fighters[0]",
        "battles[0].results[0].fighter: no fighter has ref 'f3'",
        "battles[0].marks[0].fighter: no fighter has ref 'f2'",
        "rolls[2].fighter: no fighter has ref 'f3'",
    ],
    'fighter-ref-like-roster': [
        "battles[0].results[0].fighter: no fighter has ref 'f3'",
        "rolls[2].fighter: no fighter has ref 'f3'",
    ],
    'captured-by-unknown': [
        "rosters[1].fighters[0].captured_by: no roster has ref 'r9'",
    ],
    'captured-by-a-fighter': [
        "rosters[1].fighters[0].captured_by: no roster has ref 'f1'",
    ],
    'captured-by-number': [
        'rosters[1].fighters[0].captured_by: 1 must be a reference (text) or null',
    ],
    'captured-by-list': [
        "rosters[1].fighters[0].captured_by: ['r1'] must be a reference (text) or null",
    ],
    'walker-type-unknown': [
        "rosters[0].fighters[2].walker_type: no walker type has ref 'w2'",
    ],
    'crew-of-unknown': [
        "rosters[0].fighters[0].crew_of: no fighter has ref 'f9'",
    ],
    'crew-of-itself': [
        'rosters[0].fighters[0].crew_of: a fighter cannot crew itself',
    ],
    'crew-of-crew': [
        "rosters[0].fighters[1].crew_of: 'f1' is itself crew of 'f3' (crew serve a walker)",
    ],
    'crew-of-itself-2': [
        'rosters[0].fighters[1].crew_of: a fighter cannot crew itself',
    ],
    'two-crew-one-walker': [],
    'crew-of-itself-last': [
        "rosters[0].fighters[0].crew_of: 'f3' is itself crew of 'f3' (crew serve a walker)",
        'rosters[0].fighters[2].crew_of: a fighter cannot crew itself',
    ],
    'crew-of-a-number': [
        'rosters[0].fighters[1].crew_of: 1 must be a reference (text) or null',
    ],
    'crew-of-unnamed': [
        'rosters[0].fighters[2].ref: 3 must be short text (1 to 40 characters)',
        "rosters[0].fighters[0].crew_of: no fighter has ref 'f3'",
        "rosters[0].fighters[1].crew_of: no fighter has ref 'f3'",
    ],
    'walker-twice': [
        "walker_types[1].name: 'Panzerläufer' is already used by walker_types[0]",
    ],
    'walker-ref-twice': [
        "walker_types[1].ref: 'w1' is already used by walker_types[0]",
    ],
    'walker-crew-101': [
        'walker_types[0].crew: 101 is above 100',
    ],
    'walker-armour-1001': [
        'walker_types[0].armour_front: 1001 is above 1000',
    ],
    'walker-aa-text': [
        "walker_types[0].aa_mg: 'yes' is not true or false",
    ],
    'injury-battle-unknown': [
        "rosters[1].fighters[0].injuries[0].battle: no battle has ref 'b2'",
    ],
    'injury-roll-unknown': [
        "rosters[1].fighters[0].injuries[0].roll_record: no roll has ref 'd9'",
    ],
    'injury-roll-missing': [
        'rosters[1].fighters[0].injuries[0].roll: is missing',
    ],
    'injury-date': [
        "rosters[1].fighters[0].injuries[0].created_at: 'yesterday' is not a date and time (YYYY-MM-DDTHH:MM:SS)",
    ],
    'equipment-qty': [
        'rosters[0].fighters[0].equipment[0].qty: 100001 is above 100000',
    ],
    'equipment-cost-low': [
        'rosters[0].fighters[0].equipment[0].cost: -1 is below 0',
    ],
    'equipment-traits': [],
    'skill-name-empty': [
        'rosters[0].fighters[0].skills[0].name: is empty',
    ],
    'unit-more-figures': [
        'rosters[0].units[0].figures: 11 is more than the 10 the unit started with',
    ],
    'unit-figures-equal': [],
    'unit-with-wounded': [
        'rosters[0].units[0].wounded: figures 8 plus wounded 3 is more than the 10 the unit started with',
    ],
    'unit-wounded-fit': [],
    'unit-defaults': [],
    'unit-start-default': [
        'rosters[0].units[0].figures: 8 is more than the 1 the unit started with',
    ],
    'unit-wounded-default': [],
    'unit-figures-default': [],
    'unit-start-0-figures-default': [
        'rosters[0].units[0].figures: 1 is more than the 0 the unit started with',
    ],
    'unit-wounded-default-over': [
        'rosters[0].units[0].figures: 11 is more than the 10 the unit started with',
    ],
    'unit-wounded-default-fits': [],
    'unit-figures-text': [
        "rosters[0].units[0].figures: '8' is not a whole number",
    ],
    'unit-figures-start-text': [
        'rosters[0].units[0].figures_start: None is not a whole number',
    ],
    'unit-wounded-text': [
        "rosters[0].units[0].wounded: '1' is not a whole number",
    ],
    'unit-ref-twice': [
        "rosters[0].units[1].ref: 'u1' is already used by rosters[0].units[0]",
    ],
    'unit-not-an-object': [
        'rosters[0].units[1]: must be an object, not a list',
    ],
    'unit-ref-in-result': [
        "battles[0].results[0].unit: no unit has ref 'u2'",
    ],
    'ledger-fighter': [
        "rosters[0].ledger[0].fighter: no fighter has ref 'f7'",
    ],
    'ledger-battle': [
        "rosters[0].ledger[0].battle: no battle has ref 'b7'",
    ],
    'ledger-amount-missing': [
        'rosters[0].ledger[0].amount: is missing',
    ],
    'stash-qty-0': [
        'rosters[0].stash[0].qty: 0 is below 1',
    ],
    'territory-credits': [
        'rosters[0].territories[0].credits: 100001 is above 100000',
    ],
    'pack-name-twice': [
        "content_packs[1].name: 'Hive weapons' is already used by content_packs[0]",
    ],
    'pack-bad-item': [
        'content_packs[0]: items.web-gun.cost: must be a whole number of credits, or "default" when the source gives none',
    ],
    'pack-bad-item-bad-system': [
        "campaign.system: 'chess' is not a known game system (nuts, necromunda, fubar, unit-morale)",
    ],
    'pack-bad-after-empty': [
        'content_packs[1]: items.x.cost: must be a whole number of credits, or "default" when the source gives none',
    ],
    'pack-items-empty': [],
    'pack-items-list': [
        'content_packs[0].items: must be an object, not a list',
    ],
    'pack-not-an-object': [
        'content_packs[1]: must be an object, not the number 5',
    ],
    'pack-item-not-an-object': [
        'content_packs[0]: items.web-gun: must be a table, not a whole number',
    ],
    'battle-ref-twice': [
        "battles[1].ref: 'b1' is already used by battles[0]",
    ],
    'battle-number-twice': [
        'battles[1].number: battle 1 is already battles[0]',
    ],
    'battle-number-0': [
        'battles[0].number: 0 is below 1',
    ],
    'battle-number-max': [],
    'battle-number-over': [
        'battles[0].number: 2147483648 is above 2147483647',
    ],
    'battle-number-text': [
        "battles[0].number: '1' is not a whole number",
        "battles[1].number: '1' is not a whole number",
        'battles[1].number: battle 1 is already battles[0]',
    ],
    'battle-number-true-twice': [
        'battles[0].number: True is not a whole number',
        'battles[1].number: True is not a whole number',
    ],
    'battle-number-null-twice': [
        'battles[0].number: None is not a whole number',
        'battles[1].number: None is not a whole number',
    ],
    'battle-number-twice-after-null': [
        'battles[0].number: None is not a whole number',
        'battles[2].number: battle 5 is already battles[1]',
    ],
    'battle-winner': [
        "battles[0].winner: no roster has ref 'r3'",
    ],
    'battle-attacker': [
        "battles[0].attacker: no roster has ref 'r3'",
    ],
    'battle-state': [
        "battles[0].state: String should match pattern '^(setup|in-progress|finished)$'",
    ],
    'battle-played-on': [
        "battles[0].played_on: '2026-02-30' is not a date (YYYY-MM-DD)",
    ],
    'battle-played-on-form': [
        "battles[0].played_on: '14/03/2026' is not a date (YYYY-MM-DD)",
    ],
    'battle-played-on-number': [
        'battles[0].played_on: 20260314 is not a date (YYYY-MM-DD)',
    ],
    'battle-created-at': [
        "battles[0].created_at: 'soon' is not a date and time (YYYY-MM-DDTHH:MM:SS)",
    ],
    'battle-created-at-number': [
        'battles[0].created_at: 5 is not a date and time (YYYY-MM-DDTHH:MM:SS)',
    ],
    'battle-created-at-offset': [
        "battles[0].created_at: '2026-01-01T00:00:00+25:00' is not a date and time (YYYY-MM-DDTHH:MM:SS)",
    ],
    'battle-roster-unknown': [
        "battles[0].rosters[1].roster: no roster has ref 'r5'",
    ],
    'battle-roster-twice': [
        "battles[0].rosters[1].roster: 'r1' is already listed at battles[0].rosters[0]",
    ],
    'battle-roster-missing': [
        'battles[0].rosters[1].roster: is missing',
    ],
    'battle-roster-null': [
        'battles[0].rosters[1].roster: is missing',
    ],
    'result-fighter': [
        "battles[0].results[0].fighter: no fighter has ref 'f8'",
    ],
    'result-by-fighter': [
        "battles[0].results[0].by_fighter: no fighter has ref 'f8'",
    ],
    'result-unit': [
        "battles[0].results[0].unit: no unit has ref 'u1'",
    ],
    'result-fighter-twice': [
        "battles[0].results[1].fighter: the result of fighter 'f3' is already given at battles[0].results[0]",
    ],
    'result-unit-twice': [
        "battles[0].results[1].unit: the result of unit 'u1' is already given at battles[0].results[0]",
    ],
    'result-nulls': [],
    'result-status-missing': [
        'battles[0].results[0].status: is missing',
    ],
    'result-hit-text': [
        "battles[0].results[0].scored_hit: 'no' is not true or false",
    ],
    'result-details-list': [
        'battles[0].results[0].details: must be an object, not a list',
    ],
    'mark-fighter': [
        "battles[0].marks[0].fighter: no fighter has ref 'f8'",
    ],
    'mark-unit': [
        "battles[0].marks[0].unit: no unit has ref 'u8'",
    ],
    'mark-by-fighter': [
        "battles[0].marks[0].by_fighter: no fighter has ref 'f8'",
    ],
    'mark-kind-missing': [
        'battles[0].marks[0].kind: is missing',
    ],
    'battle-not-an-object': [
        'battles[1]: must be an object, not null',
    ],
    'roll-ref-twice': [
        "rolls[2].ref: 'd1' is already used by rolls[0]",
        "rosters[1].fighters[0].injuries[0].roll_record: no roll has ref 'd3'",
    ],
    'roll-ref-missing-and-twice': [
        'rolls[0].ref: is missing',
        "rolls[2].ref: 'd2' is already used by rolls[1]",
        "rosters[1].fighters[0].injuries[0].roll_record: no roll has ref 'd3'",
    ],
    'roll-battle': [
        "rolls[0].battle: no battle has ref 'b4'",
    ],
    'roll-fighter': [
        "rolls[0].fighter: no fighter has ref 'f4'",
    ],
    'roll-unit': [
        "rolls[0].unit: no unit has ref 'u4'",
    ],
    'roll-undone-no-action': [
        'rolls[2].undone: an undone roll needs the action it belonged to',
    ],
    'roll-undone-action-missing': [
        'rolls[2].undone: an undone roll needs the action it belonged to',
    ],
    'roll-undone-two': [
        'rolls[0].undone: an undone roll needs the action it belonged to',
        'rolls[2].undone: an undone roll needs the action it belonged to',
    ],
    'roll-undone-text': [
        "rolls[0].undone: 'true' is not true or false",
    ],
    'roll-faces': [
        "rolls[1].faces: '6;6' is not faces such as 3,5",
    ],
    'roll-faces-empty': [],
    'roll-source': [
        "rolls[1].source: 'forged' is not one of random, seeded, typed",
    ],
    'roll-source-note': [],
    'roll-mark': [
        "rolls[1].mark: String should match pattern '^(preview|abandoned|applied|undone|note|mark)$'",
    ],
    'roll-hash': [
        "rolls[1].hash: String should match pattern '^([0-9a-f]{64})?$'",
    ],
    'roll-value-missing': [
        'rolls[1].value: is missing',
    ],
    'roll-missing-and-bad': [
        'rolls[0].faces: is missing',
        "rolls[2].faces: 'x' is not faces such as 3,5",
    ],
    'roll-missing-and-bad-value': [
        'rolls[1].value: is missing',
        'rolls[0].value: 2147483648 is above 2147483647',
        "rolls[2].value: '3' is not a whole number",
    ],
    'roll-not-an-object': [
        'rolls[1]: must be an object, not the number 7',
        "rolls[2].value: '3' is not a whole number",
    ],
    'roll-unknown-key': [
        'rolls[1].zz: unknown field',
    ],
    'roll-subject-long': [
        'rolls[1].subject: is 201 characters long (at most 200)',
    ],
    'roll-face-pos': [
        'rolls[1].face_pos: -1 is below 0',
    ],
    'rolls-not-a-list': [
        'rolls: must be a list, not an object',
        "rosters[1].fighters[0].injuries[0].roll_record: no roll has ref 'd3'",
    ],
    'roll-ref-empty': [
        "rolls[1].ref: '' must be short text (1 to 40 characters)",
    ],
    'roll-ref-null': [
        'rolls[1].ref: None must be short text (1 to 40 characters)',
    ],
    'roll-battle-number': [
        'rolls[2].battle: 1 must be a reference (text) or null',
    ],
    'roll-battle-object': [
        "rolls[2].battle: {'ref': 'b1'} must be a reference (text) or null",
    ],
    'roll-target-float': [
        'rolls[1].target: 1.5 is not a whole number',
    ],
    'roll-ref-ok-refs-bad': [
        "rolls[0].battle: no battle has ref 'b2'",
    ],
    'text-for-number': [
        'rosters[0].notes: must be text, not the number 5',
    ],
    'text-for-null': [
        'rosters[0].notes: must be text, not null',
    ],
    'text-too-long': [
        'rosters[0].faction: is 1,001 characters long (at most 200)',
    ],
    'notes-20000': [],
    'notes-20001': [
        'rosters[0].notes: is 20,001 characters long (at most 20,000)',
    ],
    'object-for-list': [
        'battles: must be a list, not an object',
        "rosters[1].fighters[0].injuries[0].battle: no battle has ref 'b1'",
        "rolls[2].battle: no battle has ref 'b1'",
    ],
    'text-for-object': [
        "campaign: must be an object, not text 'Hive War'",
    ],
    'list-for-object': [
        'battles[0].setup: must be an object, not a list',
    ],
    'true-for-number': [
        'campaign.cycle: True is not a whole number',
    ],
    'cycle-10001': [
        'campaign.cycle: 10001 is above 10000',
    ],
    'ref-number': [
        'battles[0].winner: 1 must be a reference (text) or null',
    ],
    'worth-bad': [
        "worth.r1.rating: 'high' is not a whole number",
    ],
    'owner-64': [
        'rosters[0].owner: is 64 characters long (at most 63)',
    ],
}


@pytest.mark.parametrize("streamed", [False, True])
def test_an_empty_system_is_refused_in_one_line(sqlite_engine, tmp_path, streamed):
    """``"system": ""`` passed the models (required text, no minimum length) and the
    system check (which skipped empty text), and the import crashed with KeyError: ''
    while filling the plan; now it is one problem line and nothing is written."""
    doc = base("squad")
    doc["campaign"]["system"] = ""
    p = tmp_path / "empty-system.json"
    p.write_text(json.dumps(doc), "utf-8")
    before = snapshot(sqlite_engine)
    with pytest.raises(ImportRefused) as e:
        import_json(sqlite_engine, p, backup=False, streamed=streamed)
    assert e.value.problems == ["campaign.system: '' is not a known game system (nuts, necromunda, fubar, "
                                "unit-morale)"]
    assert snapshot(sqlite_engine) == before


def _plan_rows(plan: Any) -> dict[str, Any]:
    """Every table of a plan as {columns, n}: what the bulk insert gets."""
    out: dict[str, Any] = {"campaign": plan.campaign}
    for k, v in vars(plan).items():
        if k != "campaign":
            out[k] = {"n": len(v), "cols": v.cols if len(v) else {}}
    return out


def _refused(plan: Any) -> None:
    """A refused document plans nothing."""
    rows = _plan_rows(plan)
    assert set(rows.pop("campaign")) <= {"name"}
    assert all(t == {"n": 0, "cols": {}} for t in rows.values()), rows


@pytest.mark.parametrize(("name", "base_name", "edit", "kw"), CASES, ids=[c[0] for c in CASES])
def test_hostile_edit(name, base_name, edit, kw):
    """One edit of a valid document: exactly these problem lines (path: message), in this
    order, none cut; a refused document plans no rows, an accepted one plans them all."""
    plan, problems, more = validate_document(edited(base_name, edit), **kw)
    assert problems == EXPECT[name]
    assert more is False
    if problems:
        _refused(plan)
    else:
        assert plan.campaign["version"] == 1
        assert len(plan.rosters) == len(base(base_name)["rosters"])


@pytest.mark.parametrize(("n", "kept", "more"), [(199, 199, False), (200, 200, True), (201, 200, True)])
def test_problems_are_cut_at_200(n, kept, more):
    """MAX_PROBLEMS: 199 problems are all listed; the 200th is kept and cuts the list
    (``more``: there may be others); a 201st is not looked for."""
    assert lim.MAX_PROBLEMS == 200
    doc = base("necro")
    brak = doc["rosters"][0]["fighters"][1]
    doc["rosters"][0]["fighters"][1:] = [{**brak, "ref": f"x{i}", "status": "asleep"} for i in range(n)]
    doc["battles"][0]["marks"] = []
    plan, problems, cut = validate_document(doc)
    assert (len(problems), cut) == (kept, more)
    assert problems == [f"rosters[0].fighters[{i + 1}].status: 'asleep' is not one of {STATUSES}"
                        for i in range(kept)]
    _refused(plan)


def test_problems_are_cut_at_200_in_the_models_errors():
    """The cut also stops the models' own errors (one per bad roll value)."""
    doc = base("squad")
    roll = doc["rolls"][0]
    doc["rolls"] = [{**roll, "ref": f"d{i}", "value": "v"} for i in range(300)]
    plan, problems, more = validate_document(doc)
    assert more is True
    assert problems == [f"rolls[{i}].value: 'v' is not a whole number" for i in range(200)]
    _refused(plan)


# =========================================================================== the plan
def _json(v: Any) -> Any:
    return json.loads(json.dumps(v, default=lambda x: x.isoformat(), ensure_ascii=False))


PLANS = HERE / "mutants_imports_plans.json"


def test_the_plans_of_the_base_documents():
    """Every row and column the bulk insert gets for each base document (its references
    as ``_x`` columns, to be resolved to ids): the whole plan, compared with the stored one
    (checked by hand when written: each row is the document's, in document order)."""
    got = {}
    for name in BASES:
        plan, problems, more = validate_document(base(name), rename="Copy" if name == "squad" else None)
        assert (problems, more) == ([], False)
        got[name] = _json(_plan_rows(plan))
    if os.environ.get("GOLDEN") == "write":
        PLANS.write_text(json.dumps(got, indent=1, ensure_ascii=False) + "\n", "utf-8")
    want = json.loads(PLANS.read_text("utf-8"))
    for name in BASES:
        for table in want[name]:
            assert got[name][table] == want[name][table], (name, table)
        assert got[name].keys() == want[name].keys()


def test_the_plan_fills_defaults_and_the_time_of_the_import():
    """A small valid document leaving out what it may: null or missing ``created_at`` is
    the time of the import (one time for all), a null ``played_on`` today, a missing or
    the roster kind the system's default; a roster's fighters' equipment comes before
    its units'; missing roll fields take their defaults (rolls are checked column by
    column)."""
    doc = base("squad")
    doc["campaign"]["created_at"] = None
    r = doc["rosters"][0]
    del r["kind"]
    r["created_at"] = None
    r["fighters"] = [{"ref": "f1", "name": "Ed", "type": "character", "equipment": [{"name": "Colt"}],
                      "skills": [{"name": "Calm"}, {"name": "Quick", "source": "book"}]}]
    r["units"].append({"ref": "u2", "name": "2nd Squad", "equipment": [{"name": "Mortar", "qty": 2}]})
    doc["rosters"].append({"ref": "r2", "name": "Baker", "fighters": [
        {"ref": "f2", "name": "Al", "equipment": [{"name": "Knife"}], "injuries": [
            {"table": "squad-casualty", "roll": 3, "result": "wounded"}]}]})
    b = doc["battles"][0]
    b["played_on"] = None
    del b["created_at"]
    doc["battles"].append({"ref": "b2", "number": 2, "played_on": "2026-01-02", "rosters": [{"roster": "r2"}]})
    roll = doc["rolls"][0]
    for k in ("created_at", "subject", "mark", "undone", "hash"):
        del roll[k]
    doc["rolls"].append({**doc["rolls"][0], "ref": "d2", "created_at": None, "unit": "u2", "battle": None,
                         "subject": "Ed"})
    start = datetime.now(UTC)
    plan, problems, more = validate_document(doc, rename="Copy")
    end = datetime.now(UTC)
    assert (problems, more) == ([], False)
    now = plan.campaign["created_at"]
    assert start <= now <= end and now.tzinfo is not None
    assert plan.campaign == {"name": "Copy", "system": "fubar", "edition": "", "expansions": [], "house_rules": {}, "counters": [],
                             "dice_discipline": "open", "typed_dice": True, "roster_rules": "checked",
                             "cycle": 1, "notes": "", "created_at": now, "version": 1}
    assert plan.rosters["kind"] == ["squad", "squad"]
    assert plan.rosters["created_at"][0] == now
    assert plan.rosters["created_at"][1] == now
    assert plan.rosters["_ref"] == ["r1", "r2"] and plan.rosters["version"] == [1, 1]
    assert plan.fighters["_ref"] == ["f1", "f2"] and plan.fighters["_roster"] == ["r1", "r2"]
    assert plan.fighters["fighter_type"] == ["character", ""]
    assert plan.fighters["kind"] == ["human", "human"] and plan.fighters["status"] == ["active", "active"]
    assert plan.fighters["created_at"] == [now, now] and plan.fighters["version"] == [1, 1]
    assert plan.units["_ref"] == ["u1", "u2"] and plan.units["_roster"] == ["r1", "r1"]
    assert plan.units["figures"] == [8, 1] and plan.units["figures_start"] == [10, 1]
    assert plan.units["created_at"][1] == now and plan.units["version"] == [1, 1]
    assert plan.equipment["name"] == ["Colt", "Bren", "Mortar", "Knife"]
    assert plan.equipment["_fighter"] == ["f1", None, None, "f2"]
    assert plan.equipment["_unit"] == [None, "u1", "u2", None]
    assert plan.equipment["qty"] == [1, 1, 2, 1] and plan.equipment["category"] == ["weapon"] * 4
    assert plan.skills.cols == {"name": ["Calm", "Quick"], "source": ["", "book"], "_fighter": ["f1", "f1"]}
    assert plan.injuries["_fighter"] == ["f2"] and plan.injuries["created_at"] == [now]
    assert plan.injuries["_battle"] == [None] and plan.injuries["_roll"] == [None]
    assert plan.battles["played_on"] == [date.today(), date(2026, 1, 2)]
    assert plan.battles["created_at"] == [now, now] and plan.battles["version"] == [1, 1]
    assert plan.battles["_ref"] == ["b1", "b2"] and plan.battles["state"] == ["finished", "finished"]
    assert plan.battle_rosters.cols == {"_roster": ["r2"], "result": [""], "_battle": ["b2"]}
    assert plan.battle_results["_battle"] == ["b1"] and len(plan.battle_marks) == 0
    assert plan.battle_marks.cols == {} and plan.battle_marks["kind"] == []
    assert len(plan.rolls) == 2
    assert plan.rolls["created_at"] == [now, now]
    assert plan.rolls["subject"] == ["", "Ed"] and plan.rolls["mark"] == ["applied", "applied"]
    assert plan.rolls["_undone"] == [False, False] and plan.rolls["hash"] == ["", ""]
    assert plan.rolls["_unit"] == ["u1", "u2"] and plan.rolls["_battle"] == ["b1", None]
    assert plan.rolls["_ref"] == ["d1", "d2"] and "version" not in plan.rolls.cols
    assert "version" not in plan.equipment.cols and "version" not in plan.skills.cols
    assert len(plan.walker_types) == 0 and len(plan.stash) == 0 and len(plan.content_packs) == 0


def test_a_document_without_rolls_or_lists():
    """Only the required top level: every list empty, nothing but the campaign to plan."""
    doc = {"format": "campaign_app/campaign", "schema_version": 1,
           "campaign": {"name": "Bare", "system": "nuts", "created_at": "2026-05-01T19:30:00"}}
    plan, problems, more = validate_document(doc)
    assert (problems, more) == ([], False)
    assert plan.campaign == {"name": "Bare", "system": "nuts", "edition": "", "expansions": [], "house_rules": {}, "counters": [],
                             "dice_discipline": "open", "typed_dice": True, "roster_rules": "checked",
                             "cycle": 1, "notes": "", "created_at": datetime(2026, 5, 1, 19, 30, tzinfo=UTC),
                             "version": 1}
    rows = _plan_rows(plan)
    del rows["campaign"]
    assert all(t == {"n": 0, "cols": {}} for t in rows.values())
    doc["rolls"] = []
    assert validate_document(doc)[1:] == ([], False)


def test_times_are_stored_in_utc():
    """``created_at`` with an offset is converted to UTC; naive means UTC."""
    doc = base("squad")
    doc["rosters"][0]["created_at"] = "2026-05-01T21:30:00+02:00"
    doc["battles"][0]["created_at"] = "2026-05-01T19:30:00"
    doc["rolls"][0]["created_at"] = "2026-05-01T19:30:00-01:00"
    plan, problems, _more = validate_document(doc, rename="Copy")
    assert problems == []
    t = datetime(2026, 5, 1, 19, 30, tzinfo=UTC)
    assert plan.rosters["created_at"] == [t]
    assert plan.battles["created_at"] == [t]
    assert plan.rolls["created_at"] == [datetime(2026, 5, 1, 20, 30, tzinfo=UTC)]
    for v in (plan.rosters["created_at"][0], plan.battles["created_at"][0], plan.rolls["created_at"][0]):
        assert v.tzinfo is UTC


# =========================================================================== old stat lines
OLD = [
    # (id, campaign edits, Krug's edits, Krug's stats planned, or the problems)
    # (Wil 12+ is 2 and Int 2+ is 12 as plain values: brought inside n26's 4..10)
    ("targets-become-values", {"stat_line": 1}, {"stats": {"WS": 3, "Ld": 7, "Cl": 5, "Wil": 12, "Int": 2}},
     {"WS": 3, "Ld": 7, "Cl": 9, "Wil": 4, "Int": 10, "Sv": 6}),
    ("stat-line-left-out", {"stat_line": None}, {"stats": {"Cl": 5}}, {"Cl": 9, "Sv": 6}),
    ("save-kept", {"stat_line": 1}, {"stats": {"Sv": 4, "Ld": 8}}, {"Sv": 4, "Ld": 6}),
    ("stat-line-2", {"stat_line": 2}, {"stats": {"Cl": 5}}, {"Cl": 5}),
    ("no-stats", {"stat_line": 1}, {"stats": {}}, {}),
    ("vehicle-kind", {"stat_line": 1}, {"kind": "vehicle", "type": "vehicle", "stats": {"Ld": 5, "HP": 2}},
     {"Ld": 9, "HP": 2}),
    ("vehicle-type", {"stat_line": 1}, {"type": "vehicle", "stats": {"Cl": 4}}, {"Cl": 10}),
    ("out-of-range-high", {"stat_line": 1}, {"stats": {"Ld": 13}}, ["rosters[0].fighters[0].stats.Ld: 13 is above 10"]),
    ("out-of-range-low", {"stat_line": 1}, {"stats": {"Ld": 1}}, ["rosters[0].fighters[0].stats.Ld: 1 is below 4"]),
    ("text-left", {"stat_line": 1}, {"stats": {"Ld": "7"}}, ["rosters[0].fighters[0].stats.Ld: '7' is not a whole number"]),
    ("true-left", {"stat_line": 1}, {"stats": {"Ld": True}}, ["rosters[0].fighters[0].stats.Ld: True is not a whole number"]),
    ("edition-n23", {"stat_line": 1, "edition": "n23", "house_rules": {}}, {"stats": {"Cl": 5}}, {"Cl": 5}),
    ("stat-line-3", {"stat_line": 3}, {"stats": {"Cl": 5}}, ["campaign.stat_line: 3 is above 2"]),
    ("stat-line-0", {"stat_line": 0}, {"stats": {"Cl": 5}}, ["campaign.stat_line: 0 is below 1"]),
]


@pytest.mark.parametrize(("name", "camp", "krug", "want"), OLD, ids=[c[0] for c in OLD])
def test_an_old_stat_line_is_converted(name, camp, krug, want):
    """``stat_line`` 1 (a file written before the advance helper): a characteristic with
    ``old_target_sum`` 14 stored as a target T (2 to 12) becomes 14 - T; Save (``old_default``
    6) is added to a fighter with a stat line, not a vehicle; ``stat_line`` 2 is as it is."""
    doc = base("necro")
    for k, v in camp.items():
        if v is None:
            del doc["campaign"][k]
        else:
            doc["campaign"][k] = v
    doc["rosters"][0]["fighters"][0].update(krug)
    plan, problems, more = validate_document(doc)
    if isinstance(want, list):
        assert (problems, more) == (want, False)
        _refused(plan)
    else:
        assert (problems, more) == ([], False)
        converted = camp["stat_line"] != 2 and camp.get("edition") != "n23"  # n23 has no old characteristics
        assert plan.fighters["stats"] == [want, {"BS": 4, "Sv": 6} if converted else {"BS": 4}, {}]


def test_an_old_stat_line_leaves_what_it_cannot_read():
    """Rosters or fighters of the wrong shape, an unknown system: left to the checks."""
    doc = base("necro")
    doc["campaign"]["stat_line"] = 1
    doc["rosters"][0]["fighters"][1] = 5
    doc["rosters"][1]["fighters"] = "f3"
    plan, problems, _more = validate_document(doc)
    assert problems[:2] == ["rosters[0].fighters[1]: must be an object, not the number 5",
                            "rosters[1].fighters: must be a list, not text 'f3'"]
    doc = base("necro")
    doc["campaign"]["stat_line"] = 1
    doc["rosters"][1] = "r2"
    assert validate_document(doc)[1][0] == "rosters[1]: must be an object, not text 'r2'"
    for rosters in ({}, None):
        doc = base("necro")
        doc["campaign"]["stat_line"] = 1
        doc["rosters"] = rosters
        assert validate_document(doc)[1][0] == f"rosters: must be a list, not {'an object' if rosters == {} else 'null'}"
    for system in ("chess", 5):
        doc = base("necro")
        doc["campaign"].update(stat_line=1, system=system)
        assert validate_document(doc)[1][0].startswith("campaign.system: ")
    doc = base("nuts")  # a system without old characteristics
    doc["campaign"]["stat_line"] = 1
    doc["rosters"][0]["fighters"][0]["stats"] = {"Cl": 5}
    plan, problems, _more = validate_document(doc)
    assert problems == [] and plan.fighters["stats"][0] == {"Cl": 5}


def test_rows_kept_column_by_column():
    """``_Rows``: the columns of the first row's keys, filled row by row (the import's
    inserts of lists of records); no rows: every column is empty."""
    from campaign_app.usecases.datafiles.validate import _Rows

    rows = _Rows()
    assert (len(rows), rows["a"], rows.cols) == (0, [], {})
    rows.append({"a": 1, "b": "x"})
    rows.append({"a": 2, "b": "y"})
    rows.append({"a": 3, "b": "z"})
    assert (len(rows), rows.cols, rows["b"]) == (3, {"a": [1, 2, 3], "b": ["x", "y", "z"]}, ["x", "y", "z"])
    rows.set({"c": [9]}, 1)
    assert (len(rows), rows["c"]) == (1, [9])
    rows.set({"c": [1]}, 0)
    assert (len(rows), rows["c"]) == (0, [])


# =========================================================================== limits.py
def refused_by_limits(doc: Any, source: str = "document", at: tuple[Any, ...] = ()) -> list[str]:
    """The problems ``check_limits`` names (none: [])."""
    try:
        lim.check_limits(doc, source, at)
    except ImportRefused as e:
        assert e.source == source
        return e.problems
    return []


def nest(depth: int, inner: Any = None, key: str | None = None) -> Any:
    """``depth`` containers one in another (lists, or objects under ``key``)."""
    doc = inner
    for _ in range(depth):
        doc = {key: doc} if key else [doc]
    return doc


def test_the_limits_are_what_the_docs_say():
    assert (lim.MAX_FILE_BYTES, lim.MAX_DEPTH, lim.MAX_STRING, lim.MAX_ITEMS, lim.MAX_VALUES) == (
        50 * 1024 * 1024, 20, 20_000, 250_000, 6_000_000)
    assert lim.INT_LIMIT == 2_147_483_647


@pytest.mark.parametrize(("doc", "at", "want"), [
    (nest(20), (), []),
    (nest(21), (), ["[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]: nesting is deeper than 20 levels"]),
    (nest(20, key="a"), (), []),
    (nest(21, key="a"), (), [".".join("a" * 20) + ": nesting is deeper than 20 levels"]),
    (nest(18, [{"a": 1}]), (), []),
    (nest(19, [{"a": 1}]), (), ["[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]: nesting is deeper "
                                "than 20 levels"]),
    (nest(18, [{"a": 1}, {"b": 2}]), (), []),
    (nest(19, [1, {"a": 1}]), (), ["[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][1]: nesting is deeper "
                                   "than 20 levels"]),
    (nest(18), ("rolls", 5), []),
    (nest(19), ("rolls", 5), ["rolls[5][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]: nesting is deeper "
                              "than 20 levels"]),
    ("x" * 20_001, ("rolls", 5, "label"), ["rolls[5].label: text is 20,001 characters long (at most 20,000)"]),
    ("x" * 20_001, (), ["document: text is 20,001 characters long (at most 20,000)"]),
    ("x" * 20_000, (), []),
    (2**63, ("n",), ["n: number is too large"]),
], ids=["20-lists", "21-lists", "20-objects", "21-objects", "records-at-18", "records-at-19", "two-records-at-18",
        "mixed-at-19", "at-18", "at-19", "scalar-at", "scalar-long", "scalar-20000", "scalar-big"])
def test_nesting_and_where_a_record_sits(doc, at, want):
    """Depth counts from the document's top (``at``: where a streamed record sits): 20
    levels pass, a 21st is refused at its path; a list of flat records at the last level
    still has its records counted as a level."""
    assert refused_by_limits(doc, "f.json", at) == want


@pytest.mark.parametrize(("value", "want"), [
    ("x" * 20_000, None),
    ("x" * 20_001, "text is 20,001 characters long (at most 20,000)"),
    ("é" * 20_001, "text is 20,001 characters long (at most 20,000)"),
    ("a\x00b", "text contains a NUL character"),
    ("é\x00", "text contains a NUL character"),
    ("é", None),
    ("\ud800", "text holds an unpaired surrogate (not valid Unicode)"),
    (2**63 - 1, None),
    (2**63, "number is too large"),
    (-(2**63) + 1, None),
    (-(2**63), "number is too large"),
    (1.5, None),
    (float("inf"), "number is not finite"),
    (float("nan"), "number is not finite"),
    (True, None),
    (None, None),
    ({1}, "set is not a JSON value"),
    (b"x", "bytes is not a JSON value"),
], ids=["text-20000", "text-20001", "accents-20001", "nul", "accent-nul", "accent", "surrogate", "int-max",
        "int-over", "int-min", "int-under", "float", "inf", "nan", "true", "null", "set", "bytes"])
@pytest.mark.parametrize("where", ["object", "list", "record", "top"])
def test_values_within_limits(value, want, where):
    """Each kind of value, in an object, in a list, in a list of records (the fast path)
    and alone: refused with its path, or passed."""
    doc, path = {
        "object": ({"k": 1, "v": value}, "v"),
        "list": ([1, value], "[1]"),
        "record": ([{"a": 1}, {"a": value}], "[1].a"),
        "top": (value, "document"),
    }[where]
    assert refused_by_limits(doc) == ([] if want is None else [f"{path}: {want}"])


@pytest.mark.parametrize(("key", "want"), [
    ("k" * 200, None), ("k" * 201, None), ("é", None), ("k" * 20_000, None),
    ("k" * 20_001, "key 'kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk...: text is 20,001 characters long (at most 20,000)"),
    ("a\x00", "key 'a\\x00': text contains a NUL character"),
    ("\udc00", "key '\\udc00': text holds an unpaired surrogate (not valid Unicode)"),
    (1, "key 1 is not text"),
    (None, "key None is not text"),
], ids=["200", "201", "accent", "20000", "20001", "nul", "surrogate", "number", "null"])
@pytest.mark.parametrize("where", ["object", "record"])
def test_keys_within_limits(key, want, where):
    """Keys: text (any length up to 20,000), no NUL, valid Unicode; each key is checked
    once and then known good (a second object with the same key passes at once)."""
    if where == "object":
        doc, paths = {"o": {key: 1}, "p": {key: 2}}, ["o", "p"]
    else:
        doc, paths = [{"a": 1}, {key: 1}], ["[1]"]
    got = refused_by_limits(doc)
    assert got == ([] if want is None else [f"{p}: {want}" for p in paths])


def test_a_known_good_key_passes_again_but_a_bad_one_is_named_each_time():
    assert refused_by_limits({"a": {"k\x00": 1}, "b": {"k\x00": 2}}) == [
        "a: key 'k\\x00': text contains a NUL character", "b: key 'k\\x00': text contains a NUL character"]
    assert refused_by_limits([{"k": 1}, {"k": "\x00"}]) == ["[1].k: text contains a NUL character"]
    assert refused_by_limits({"k": [{"k": 2**64}]}) == ["k[0].k: number is too large"]
    assert refused_by_limits([{"a": 1}, [{"a": 2**64}]]) == ["[1][0].a: number is too large"]
    assert refused_by_limits([{"é": "\x00"}]) == ['[0]["é"]: text contains a NUL character']
    assert refused_by_limits([{"k" * 201: "\x00"}]) == [f"[0].{'k' * 201}: text contains a NUL character"]


def test_values_of_other_kinds_in_records_are_walked():
    """A record holding a list, an object or a float is not a flat record: walked item by item."""
    assert refused_by_limits([{"a": [2**63]}]) == ["[0].a[0]: number is too large"]
    assert refused_by_limits([{"a": {"b": "\x00"}}]) == ["[0].a.b: text contains a NUL character"]
    assert refused_by_limits([{"a": 1.5, "b": float("inf")}]) == ["[0].b: number is not finite"]
    assert refused_by_limits([{"a": True, "b": None, "c": "x", "d": 2**63}]) == ["[0].d: number is too large"]
    assert refused_by_limits([{"a": 1}, 5, {"a": 2**63}]) == ["[2].a: number is too large"]


class _List(list):  # type: ignore[type-arg]
    pass


class _Dict(dict):  # type: ignore[type-arg]
    pass


def test_subclasses_of_list_and_dict_are_walked():
    """Not JSON's own types but lists and objects all the same (a document built in Python)."""
    assert refused_by_limits({"a": _List([2**63])}) == ["a[0]: number is too large"]
    assert refused_by_limits([_Dict(b="\x00")]) == ["[0].b: text contains a NUL character"]
    assert refused_by_limits({"a": _Dict(b=float("nan"))}) == ["a.b: number is not finite"]
    assert refused_by_limits([_List([1, 2**64])]) == ["[0][1]: number is too large"]


def test_at_most_20_limit_problems():
    assert refused_by_limits(["\x00"] * 19) == [f"[{i}]: text contains a NUL character" for i in range(19)]
    assert refused_by_limits(["\x00"] * 25) == [f"[{i}]: text contains a NUL character" for i in range(20)]
    assert refused_by_limits({f"k{i}": 2**63 for i in range(25)}) == [f"k{i}: number is too large"
                                                                      for i in range(20)]


def test_items_in_one_list_or_object(monkeypatch):
    assert refused_by_limits([0] * 250_000) == []
    assert refused_by_limits([0] * 250_001) == ["document: more than 250,000 items"]
    monkeypatch.setattr(lim, "MAX_ITEMS", 10)
    assert refused_by_limits({"a": [None] * 11}) == ["a: more than 10 items"]
    assert refused_by_limits({"a": [None] * 10}) == []
    big = dict.fromkeys(map(str, range(11)), 0)
    assert refused_by_limits({"a": [{"x": 1}, big]}) == ["a[1]: more than 10 items"]  # a record too big: walked
    del big["0"]
    assert refused_by_limits([{"x": 1}, big]) == []


def test_values_in_the_whole_document(monkeypatch):
    """Every list's and object's length counts (a record's keys too); more than MAX_VALUES
    is refused, naming the source."""
    monkeypatch.setattr(lim, "MAX_VALUES", 10)
    assert refused_by_limits([0] * 10, "f.json") == []
    assert refused_by_limits([0] * 11, "f.json") == ["f.json holds more than 10 values"]
    assert refused_by_limits([[0] * 4, [0] * 4], "f.json") == []
    assert refused_by_limits([[0] * 4, [0] * 5], "f.json") == ["f.json holds more than 10 values"]
    assert refused_by_limits({"a": [0] * 4, "b": {"c": 0, "d": 0, "e": 0, "f": 0}}, "f.json") == []
    assert refused_by_limits({"a": [0] * 4, "b": {"c": 0, "d": 0, "e": 0, "f": 0, "g": 0}}, "f.json") == [
        "f.json holds more than 10 values"]
    records = [{"a": 1}, {"a": 1}, {"a": 1}, {"a": 1, "b": 2, "c": 3}]  # 4 records, 6 values
    assert refused_by_limits(records, "f.json") == []
    records[3]["d"] = 4
    assert refused_by_limits(records, "f.json") == ["f.json holds more than 10 values"]
    monkeypatch.setattr(lim, "MAX_VALUES", 6_000_000)
    assert refused_by_limits(records) == []


def read_error(raw: bytes, source: str = "f.json") -> str:
    with pytest.raises(InputError) as e:
        lim.read_json_bytes(raw, source)
    return str(e.value)


def test_reading_json_bytes(monkeypatch):
    """The size cap before parsing (at exactly the cap the file is read), UTF-8 with or
    without a BOM, JSON's own numbers only, the limits checked after parsing."""
    monkeypatch.setattr(lim, "MAX_FILE_BYTES", 2 * 1024 * 1024)
    cap = b" " * (2 * 1024 * 1024 - 2) + b"{}"
    assert lim.read_json_bytes(cap, "f.json") == {}
    assert read_error(cap + b" ") == "f.json is larger than 2 MB"
    assert lim.read_json_bytes('\ufeff{"a": "é"}'.encode(), "f.json") == {"a": "é"}
    assert read_error(b'{"a": "\xff"}') == "f.json is not UTF-8 text (byte 7)"
    assert read_error(b'{"a": }') == "f.json is not valid JSON: Expecting value at line 1 column 7"
    assert read_error(b'{\n"a": 1,\n}') == ("f.json is not valid JSON: Expecting property name enclosed in double "
                                            "quotes at line 3 column 1")
    assert read_error(b"[NaN]") == "f.json is not valid JSON: NaN is not a number JSON allows"
    assert read_error(b"-Infinity") == "f.json is not valid JSON: -Infinity is not a number JSON allows"
    assert read_error(b"[" * 100_000) == "f.json: nesting is deeper than 20 levels"
    assert read_error(b"1" * 5000).startswith("f.json is not valid JSON: Exceeds the limit (4300 digits)")
    with pytest.raises(ImportRefused) as e:
        lim.read_json_bytes(b'{"a": "\\u0000"}', "f.json")
    assert (e.value.source, e.value.problems) == ("f.json", ["a: text contains a NUL character"])


def test_reading_json_files(tmp_path, monkeypatch):
    monkeypatch.setattr(lim, "MAX_FILE_BYTES", 1024 * 1024)
    p = tmp_path / "c.json"
    p.write_bytes(b" " * (1024 * 1024 - 1) + b"1")
    assert lim.read_json_file(p) == 1
    p.write_bytes(b" " * (1024 * 1024) + b"1")  # one byte over: refused, not cut and read
    with pytest.raises(InputError, match=r"c\.json is larger than 1 MB$"):
        lim.read_json_file(p)
    for path, msg in ((tmp_path / "none.json", f"{tmp_path / 'none.json'}: no such file"),
                      (tmp_path, f"{tmp_path} is a folder, not a file"),
                      ("a\x00b.json", "'a\\x00b.json' is not a usable file name"),
                      (tmp_path / "c.json" / "x", f"cannot read {tmp_path / 'c.json' / 'x'}: Not a directory")):
        with pytest.raises(InputError) as e:
            lim.read_json_file(path)
        assert str(e.value) == msg


def test_loading_a_source(tmp_path):
    """A path (text or PathLike) names itself; bytes and parsed objects are "document"."""
    p = tmp_path / "c.json"
    p.write_text('{"a": 1}', "utf-8")
    assert lim._load(p) == ({"a": 1}, str(p))
    assert lim._load(str(p)) == ({"a": 1}, str(p))
    assert lim._load(b'{"a": 2}') == ({"a": 2}, "document")
    assert lim._load(bytearray(b'{"a": 3}')) == ({"a": 3}, "document")
    assert lim._load({"a": 4}) == ({"a": 4}, "document")
    for bad in (b'{"a": "\\u0000"}', {"a": "\x00"}):
        with pytest.raises(ImportRefused) as e:
            lim._load(bad)
        assert (e.value.source, e.value.problems) == ("document", ["a: text contains a NUL character"])
    with pytest.raises(InputError, match=r"^document is not valid JSON"):
        lim._load(b"{")


@pytest.mark.parametrize(("n", "more", "head"), [
    (1, False, "1 problem"), (1, True, "1+ problems"), (2, False, "2 problems"), (20, False, "20 problems"),
    (21, True, "21+ problems"), (0, False, "0 problems"),
], ids=["one", "one-cut", "two", "twenty", "twenty-one-cut", "none"])
def test_the_refusal_message(n, more, head):
    """The count (``+`` when cut), every problem up to 20 on its own line, then how many more."""
    problems = [f"p{i}: bad" for i in range(n)]
    e = lim.ImportRefused("f.json", problems, more)
    assert e.problems == problems and e.problems is not problems and e.source == "f.json"
    lines = "\n".join(f"  p{i}: bad" for i in range(min(n, 20)))
    tail = f"\n  ... and {n - 20} more" if n > 20 else ""
    assert str(e) == f"f.json: {head}, nothing was imported:\n{lines}{tail}"
    assert isinstance(e, InputError)
    assert lim.ImportRefused("f.json", problems).problems == problems


def test_paths_and_short_values():
    assert lim._path([]) == "document"
    assert lim._path(("rosters", 2, "fighters", 5, "rep")) == "rosters[2].fighters[5].rep"
    assert lim._path((0, "a")) == "[0].a"
    assert lim._path(("a-b", "_c9", "Z")) == "a-b._c9.Z"
    assert lim._path(("stats", "a.b", "1a", "-a", "é", "")) == 'stats["a.b"]["1a"]["-a"]["é"][""]'
    assert lim._path(("a b",)) == '["a b"]'
    assert lim._path(("ab\n",)) == '["ab\\n"]'
    assert lim._short("x" * 38) == repr("x" * 38)  # 40 characters with its quotes
    assert lim._short("x" * 39) == "'" + "x" * 36 + "..."
    assert lim._short(12345, 4) == "1..."
    assert lim._short(1234, 4) == "1234"
    assert sch._short("x" * 38) == repr("x" * 38)
    assert sch._short("x" * 39) == "'" + "x" * 36 + "..."
    assert sch._short(12345, 4) == "1..."
    assert sch._short(1234, 4) == "1234"


@pytest.mark.parametrize(("v", "kind"), [
    (None, "null"), (True, "true/false"), (False, "true/false"), (3, "the number 3"), (2.5, "the number 2.5"),
    ("a", "text 'a'"), ("a" * 50, "text '" + "a" * 36 + "..."), ([], "a list"), ({}, "an object"),
    ({1}, "set"), (b"", "bytes"),
], ids=["null", "true", "false", "int", "float", "text", "long-text", "list", "object", "set", "bytes"])
def test_kinds_of_values(v, kind):
    assert lim._kind(v) == kind


# =========================================================================== schema.py
def test_dates_and_times():
    """``created_at``: ISO text in UTC (naive is UTC; an offset is converted), a datetime
    built in Python the same, null the import's time; ``played_on``: YYYY-MM-DD only."""
    from datetime import timedelta, timezone

    from pydantic_core import PydanticCustomError

    t = datetime(2026, 5, 1, 19, 30, tzinfo=UTC)
    assert sch._when(None) is None
    for v in ("2026-05-01T19:30:00", "2026-05-01T19:30:00+00:00", "2026-05-01T19:30:00Z",
              "2026-05-01T21:30:00+02:00", datetime(2026, 5, 1, 19, 30),
              datetime(2026, 5, 1, 18, 30, tzinfo=timezone(timedelta(hours=-1)))):
        got = sch._when(v)
        assert got == t and got.tzinfo is UTC, v
    assert sch._utc(datetime(2026, 5, 1, 19, 30)).tzinfo is UTC
    for v, shown in (("soon", "'soon'"), (5, "5"), ("0001-01-01T00:00:00+01:00", "'0001-01-01T00:00:00+01:00'"),
                     (date(2026, 5, 1), "datetime.date(2026, 5, 1)"), ("x" * 50, "'" + "x" * 36 + "...")):
        with pytest.raises(PydanticCustomError) as e:
            sch._when(v)
        assert (e.value.type, str(e.value)) == ("app", f"{shown} is not a date and time (YYYY-MM-DDTHH:MM:SS)")
    assert sch._day(None) is None
    assert sch._day(date(2026, 3, 14)) == date(2026, 3, 14)
    assert sch._day("2026-03-14") == date(2026, 3, 14)
    for v, shown in (("2026-3-14", "'2026-3-14'"), ("2026-02-30", "'2026-02-30'"), ("2026-03-14T00:00", None),
                     (datetime(2026, 3, 14), None), (20260314, "20260314"), ("x2026-03-14", None),
                     ("2026-03-14x", None)):
        with pytest.raises(PydanticCustomError) as e:
            sch._day(v)
        assert str(e.value) == f"{shown or repr(v)} is not a date (YYYY-MM-DD)"


def test_unknown_keys_in_document_order():
    """The paths of keys no model has, at every level, in document order; values of the
    wrong type are left to the models."""
    doc = base("necro")
    assert list(sch.unknown_keys(sch.CampaignDocument, doc)) == []
    doc["zz"] = 1
    doc["campaign"]["yy"] = 2
    doc["rosters"][1]["fighters"][0]["injuries"][0]["xx"] = 3
    doc["rosters"][0]["fighters"][1]["equipment"][0]["ww"] = 4
    doc["battles"][0]["marks"][0]["vv"] = 5
    doc["rolls"][2]["uu"] = 6
    doc["content_packs"][0]["tt"] = 7
    assert list(sch.unknown_keys(sch.CampaignDocument, doc)) == [
        ("zz",), ("campaign", "yy"), ("rosters", 0, "fighters", 1, "equipment", 0, "ww"),
        ("rosters", 1, "fighters", 0, "injuries", 0, "xx"), ("battles", 0, "marks", 0, "vv"), ("rolls", 2, "uu"),
        ("content_packs", 0, "tt")]
    assert list(sch.unknown_keys(sch.Fighter, {"a": 1, "name": "x"}, ("p",))) == [("p", "a")]
    assert list(sch.unknown_keys(sch.Fighter, [{"a": 1}])) == []
    assert list(sch.unknown_keys(sch.Roster, {"fighters": "x", "units": [5, {"b": 1}], "stash": []})) == [
        ("units", 1, "b")]
    assert list(sch.unknown_keys(sch.CampaignDocument, {"campaign": None, "rosters": None})) == []
    assert list(sch.unknown_keys(sch.CampaignDocument, {"campaign": {"q": 1}})) == [("campaign", "q")]


def test_plain_records():
    """``_plain``: records with only the model's keys, all the way down."""
    assert sch._plain(sch.Roster, [])
    assert sch._plain(sch.Roster, [{"name": "a"}, {"fighters": [{"name": "b", "skills": [{"name": "c"}]}]}])
    assert sch._plain(sch.Roster, [{"fighters": None}])
    assert not sch._plain(sch.Roster, [{"name": "a"}, 5])
    assert not sch._plain(sch.Roster, [{"nome": "a"}])
    assert not sch._plain(sch.Roster, [{"fighters": [{"name": "b", "skills": [{"nome": "c"}]}]}])
    assert not sch._plain(sch.Roster, [{"fighters": {"name": "b"}}])
    assert not sch._plain(sch.CampaignDocument, [{"campaign": {"nome": "x"}}])
    assert sch._plain(sch.CampaignDocument, [{"campaign": None}])
    assert sch._plain(sch.CampaignDocument, [{"campaign": {"name": "x"}}])
    assert sch.fields_of(sch.Skill) == frozenset({"name", "source"})
    assert sch._nested(sch.Fighter) == (("equipment", sch.Equipment, True), ("skills", sch.Skill, True),
                                        ("injuries", sch.Injury, True))
    assert sch._nested(sch.CampaignDocument)[0] == ("campaign", sch.CampaignInfo, False)
    assert sch._nested(sch.Skill) == ()


def test_the_format_doc_is_generated_from_the_models(capsys):
    """docs/json-format.md is ``markdown()`` (the mutation run's copy of the tree has no
    docs/: there, its parts in order); ``main`` writes it with --markdown only."""
    md = sch.markdown()
    doc = HERE.parents[1] / "docs" / "json-format.md"
    if doc.exists():
        assert md == doc.read_text("utf-8")
    parts = [sch._INTRO]
    for model, title in sch._SECTIONS:
        parts.append(f"{title}\n\n{sch.field_table(model)}\n")
        if model is sch.Roll:
            parts.append(sch._AFTER_ROLLS)
    assert md.startswith(sch._INTRO + "\n## campaign\n\n| field | type | default | notes |\n")
    assert md.index("## rolls[] (the roll record)") < md.index("Imported rolls keep") < md.index("## content_packs[]")
    assert md == "\n".join(parts) + "\n" + sch._OUTRO.replace(
        "{backup_table}", "The backup's own fields:\n\n" + sch.field_table(sch.BackupDocument))
    assert "The backup's own fields:\n\n| field | type | default | notes |\n|---|---|---|---|\n| `format` |" in md
    assert "{backup_table}" not in md and md.count("| field | type | default | notes |") == 20
    assert sch.main(["--markdown"]) == 0
    assert capsys.readouterr().out == md
    for argv in ([], ["--markdown", "x"], ["-m"]):
        assert sch.main(argv) == 2
        out = capsys.readouterr()
        assert (out.out, out.err) == ("", "usage: python -m campaign_app.usecases.datafiles --markdown\n")


def test_field_labels():
    """Each field's type, default and notes as the format doc shows them."""
    rows = {m.__name__: sch.field_table(m).splitlines() for m in (sch.Fighter, sch.Battle, sch.Roll, sch.Equipment)}
    assert rows["Fighter"][:2] == ["| field | type | default | notes |", "|---|---|---|---|"]
    assert "| `ref` | text | required | at most 40 characters |" in rows["Fighter"]
    assert "| `name` | text | required | at most 200 characters; a name (see common rules) |" in rows["Fighter"]
    assert ("| `rep` | integer 1..6 or null | null | only in a system that uses Rep; fixed for some kinds |"
            in rows["Fighter"])
    assert "| `xp` | integer 0..100000 | 0 | |" in [r.replace("|  |", "| |") for r in rows["Fighter"]]
    assert "| `captured_by` | roster ref or null | null | |" in [r.replace("|  |", "| |") for r in rows["Fighter"]]
    assert "| `abilities` | list of text | `[]` | |" in [r.replace("|  |", "| |") for r in rows["Fighter"]]
    assert "| `stats` | object | `{}` |" in [r.split(" characteristic")[0].rstrip() for r in rows["Fighter"]]
    assert "| `equipment` | list | `[]` | see equipment |" in rows["Fighter"]
    assert "| `created_at` | date-time or null | now | |" in [r.replace("|  |", "| |") for r in rows["Fighter"]]
    assert "| `played_on` | date or null | today | |" in [r.replace("|  |", "| |") for r in rows["Battle"]]
    assert "| `number` | integer ≥ 1 | required | unique in the campaign |" in rows["Battle"]
    assert "| `after_battle_done` | true/false | false | |" in [r.replace("|  |", "| |") for r in rows["Battle"]]
    assert "| `scenario` | text | `\"\"` | at most 200 characters |" in rows["Battle"]
    assert "| `target` | integer or null | null | |" in [r.replace("|  |", "| |") for r in rows["Roll"]]
    assert "| `category` | text | `weapon` | at most 40 characters |" in rows["Equipment"]
    assert "| `qty` | integer 0..100000 | 1 | |" in [r.replace("|  |", "| |") for r in rows["Equipment"]]


# =========================================================================== the models' words
def _errors(model: Any, value: Any) -> list[tuple[str, str]]:
    """(path, message) of each error a model (as the streamed import checks records) gives."""
    from pydantic import TypeAdapter, ValidationError

    from campaign_app.usecases.datafiles.validate import _message

    try:
        TypeAdapter(model).validate_python(value)
    except ValidationError as e:
        return [(lim._path(d["loc"]), _message(d)) for d in e.errors(include_url=False)]
    return []


def test_the_models_errors_in_the_apps_words():
    """The errors of the models themselves (the streamed import checks each record with
    them): unknown fields, records that are not objects, even at the top (no path)."""
    assert _errors(sch.Skill, {"name": "a", "x": 1}) == [("x", "unknown field")]
    assert _errors(sch.Skill, 5) == [("document", "must be an object, not the number 5")]
    assert _errors(sch.Fighter, {"ref": "f", "name": "a", "equipment": [5, {"name": "b"}, None]}) == [
        ("equipment[0]", "must be an object, not the number 5"), ("equipment[2]", "must be an object, not null")]
    assert _errors(sch.Roster, {"ref": "r", "name": "a", "fighters": {}}) == [
        ("fighters", "must be a list, not an object")]
    assert _errors(sch.Skill, {"name": "a"}) == []
    assert _errors(list[sch.Skill], "x") == [("document", "must be a list, not text 'x'")]


def test_rolls_checked_column_by_column_name_their_place_in_the_file():
    """A streamed import checks rolls a chunk at a time: ``offset`` is the chunk's first
    roll's place, so each problem names the roll's place in the file."""
    from campaign_app.usecases.datafiles.validate import _check_columns, _Checker

    roll = base("squad")["rolls"][0]
    ck = _Checker()
    items = [dict(roll), {k: v for k, v in roll.items() if k != "dice"}, {**roll, "dice": 5, "value": "x"}]
    assert _check_columns(ck, sch.Roll, items, "rolls", offset=100) is None
    assert ck.problems == ["rolls[101].dice: is missing", "rolls[102].dice: must be text, not the number 5",
                           "rolls[102].value: 'x' is not a whole number"]
    ck = _Checker()
    assert _check_columns(ck, sch.Roll, [dict(roll), 5, {**roll, "value": "x"}], "rolls", offset=100) is None
    assert ck.problems == ["rolls[101]: must be an object, not the number 5", "rolls[102].value: 'x' is not a whole number"]
    ck = _Checker()
    cols = _check_columns(ck, sch.Roll, [dict(roll), {k: v for k, v in roll.items() if k != "label"}], "rolls", 7)
    assert ck.problems == [] and cols is not None
    assert cols["label"] == ["", ""] and cols["value"] == [4, 4] and list(cols) == list(sch.Roll.model_fields)


def test_what_the_cached_helpers_compute():
    """The cached helpers, computed anew (``__wrapped__``: the cache of a test process
    would hide a changed computation)."""
    from campaign_app.usecases.datafiles import validate as v

    refs, texts = v._field_kinds.__wrapped__()
    assert refs == {"roll_record", "walker_type", "battle", "attacker", "roster", "winner", "captured_by",
                    "by_fighter", "fighter", "crew_of", "unit"}
    assert texts == {"conditions", "traits", "effects_skipped", "expansions", "effects_applied", "abilities"}
    assert v._spec.__wrapped__(sch.Fighter) == (
        ("_ref", "name", "fighter_type", "role", "kind", "rep", "stats", "xp", "credits_value", "rank", "advances",
         "status", "status_note", "_captured_by", "_walker_type", "_crew_of", "abilities", "conditions", "notes",
         "created_at"),
        ("ref", "name", "type", "role", "kind", "rep", "stats", "xp", "credits_value", "rank", "advances",
         "status", "status_note", "captured_by", "walker_type", "crew_of", "abilities", "conditions", "notes",
         "created_at"))
    assert v._spec.__wrapped__(sch.BattleResult) == (
        ("_fighter", "_unit", "status", "scored_hit", "_by", "casualties", "details"),
        ("fighter", "unit", "status", "scored_hit", "by_fighter", "casualties", "details"))
    assert v._spec.__wrapped__(sch.Injury)[0] == (
        "table_id", "roll", "faces", "result", "label", "_battle", "_roll", "effects_applied", "effects_skipped",
        "created_at")
    assert v._spec.__wrapped__(sch.Roll)[0] == (
        "_ref", "created_at", "_battle", "_fighter", "_unit", "subject", "purpose", "rule", "dice", "faces", "source",
        "target", "value", "table_id", "row", "result", "label", "_action", "_undone", "mark", "step", "face_pos",
        "v", "first_mark", "prev_hash", "hash")
    assert v._fixed_reps.__wrapped__("nuts") == {"zombie": 2}
    assert v._fixed_reps.__wrapped__("necromunda") == {}
    adapter = v._column_adapter.__wrapped__(sch.Roll, "value")
    assert adapter.validate_python([1, 2]) == [1, 2]
    with pytest.raises(Exception, match="valid integer"):
        adapter.validate_python(["1"])  # strict, as the model
    assert v._column_adapter.__wrapped__(sch.Roll, "subject").validate_python(["a"]) == ["a"]
    assert sch.column_limit.__wrapped__("fighter", "name") == 200
    assert sch.column_limit.__wrapped__("roster", "notes") == 20_000  # no length: MAX_TEXT
    assert sch.fields_of.__wrapped__(sch.Skill) == frozenset({"name", "source"})
    assert sch._nested.__wrapped__(sch.Battle) == (("rosters", sch.BattleRoster, True),
                                                   ("results", sch.BattleResult, True), ("marks", sch.BattleMark, True))
    row = sch.row_type.__wrapped__(sch.Skill)
    assert row.__name__ == "SkillRow"
    from pydantic import TypeAdapter

    assert TypeAdapter(row).validate_python({"name": "a", "zz": 1}) == {"name": "a", "source": ""}
    assert sch.document_adapter.__wrapped__().validate_python(base("nuts"))["walker_types"][0]["crew"] == 3
    assert sch._row_annotation(sch.Skill) is sch.row_type(sch.Skill)
    assert sch._row_annotation(list[sch.Skill]) == list[sch.row_type(sch.Skill)]  # type: ignore[misc]
    assert sch._row_annotation(list[str]) == list[str]
    assert sch._row_annotation(int) is int


def test_garbage_collection_is_paused_only_while_checking():
    """The checks pause the garbage collector and give it back as they found it."""
    import gc

    assert gc.isenabled()
    validate_document(base("squad"), rename="Copy")
    assert gc.isenabled()
    validate_document({"format": "campaign_app/campaign", "schema_version": 1, "campaign": {}})
    assert gc.isenabled()
    gc.disable()
    try:
        validate_document(base("squad"), rename="Copy")
        assert not gc.isenabled()
    finally:
        gc.enable()
