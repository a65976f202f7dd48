"""The roster layout contract (campaign_app.systems.layout): a system with no layout gets
one derived from its SystemInfo; a custom layout's columns, totals and statuses drive
the GUI table and the printed roster alike; severities map to the GUI's and the
printers' colours."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from campaign_app.errors import RulesDataError
from campaign_app.systems import StatRule, SystemInfo
from campaign_app.systems.api import GameSystem
from campaign_app.systems.layout import (
    BASE_STATUSES,
    PRINT_SHADE,
    SCREEN_CLASS,
    SEVERITIES,
    Column,
    RosterLayout,
    StatusStyle,
    Total,
    default_layout,
)
from campaign_app.systems.registry import add_system, game_system, remove_system
from campaign_app.usecases import campaigns, exports, fighters, rosters
from campaign_app.usecases import gui_queries as q

PLAIN = SystemInfo(
    id="plain-skirmish", name="Plain skirmish", default_roster_kind="gang", fighter_types=("boss", "mook"),
    stats=(StatRule("Mv", "Move", 1, 12), StatRule("Sh", "Shoot", 2, 6, True)),
    battle_statuses=("standing", "pinned"),
)
CUSTOM_INFO = SystemInfo(id="custom-skirmish", name="Custom skirmish", fighter_types=("hero",), uses_rep=True,
                         battle_statuses=("fine",))

CUSTOM = RosterLayout(
    table=(
        Column("name", "Who"),
        Column("status", "State"),
        Column("rep", "Grit", value=lambda r: (r.get("rep") or 0) * 10, align="right"),
    ),
    totals=(Total("Heroes", lambda r: str(len(r.fighters))), Total("Never", lambda r: None)),
    statuses={"dead": StatusStyle("Fallen", "bad"), "in-recovery": StatusStyle("Resting", "ok")},
    shows_cycle=True,
)
NOT_A_LAYOUT = object()
CARDS_SEEN: list[Any] = []


def custom_cards(sheet: Any) -> None:
    CARDS_SEEN.append(sheet)
    sheet.card("Heroes", "How heroes fight", ["Roll a d6 per point of Grit."])


@pytest.fixture
def systems() -> Iterator[None]:
    add_system(GameSystem(info=PLAIN, package="tests.campaign_app"))
    add_system(GameSystem(info=CUSTOM_INFO, package="tests.campaign_app", layout=f"{__name__}:CUSTOM",
                          qrs=f"{__name__}:custom_cards"))
    yield
    remove_system(PLAIN.id)
    remove_system(CUSTOM_INFO.id)


def test_a_system_without_a_layout_gets_one_from_its_info(systems: None) -> None:
    layout = game_system(PLAIN.id).roster_layout()
    assert [c.key for c in layout.table] == ["name", "status", "type", "stat:Mv", "stat:Sh", "xp",
                                             "credits_value", "skills", "injuries", "weapons"]
    sh = next(c for c in layout.table if c.key == "stat:Sh")
    assert (sh.show({"stats": {"Sh": 4}}), sh.tip, sh.align) == ("4+", "Shoot", "center")
    # the core's statuses, and the system's battle statuses as fine
    assert layout.status("dead").screen == "down" and layout.status("pinned").label == "Pinned"
    assert layout.status("never-heard-of").severity == "ok"
    # a squad game by its info alone: the unit columns
    units = default_layout(SystemInfo(id="x", name="X", fighter_types=("c",), uses_units=True))
    assert [c.key for c in units.table][:7] == ["name", "status", "type", "training", "figures", "wounded",
                                                 "armour"]
    assert [t.label for t in units.totals][:4] == ["Battles", "Units", "Squad strength", "Wounded figures"]


def test_the_default_layout_prints_a_roster(systems: None, sqlite_engine: Any) -> None:
    c = campaigns.create_campaign(sqlite_engine, "Plain", PLAIN.id)
    r = rosters.create_roster(sqlite_engine, c.id, "Lads", credits=50)
    fighters.add_fighter(sqlite_engine, r.id, "Big Al", fighter_type="boss", stats={"Mv": 5, "Sh": 3}, xp=2)
    tiny = fighters.add_fighter(sqlite_engine, r.id, "Tiny", stats={"Mv": 4, "Sh": 5})
    fighters.edit_fighter(sqlite_engine, tiny.id, status="dead")
    doc = exports.roster_document(sqlite_engine, r.id)
    assert [(col["key"], col["label"]) for col in doc["columns"]] == [
        ("name", "Name"), ("status", "Status"), ("type", "Type"), ("stat:Mv", "Mv"), ("stat:Sh", "Sh"),
        ("xp", "XP"), ("credits_value", "Value"), ("skills", "Skills"), ("injuries", "Injuries"),
        ("weapons", "Weapons")]
    big, tiny = doc["rows"]
    assert (big["name"], big["stat:Sh"], big["xp"], big["status"]) == ("Big Al", "3", "2", "Active")
    assert (tiny["status"], tiny["_status"], tiny["_status_label"]) == ("Dead", "dead", "Dead")
    assert doc["totals"] == [["Battles", "0"], ["Fighters ready", "1 of 2"], ["Credits", "50"]]
    cards = exports.cards_document(sqlite_engine, r.id)["cards"]
    assert [(x["title"], x["status"]) for x in cards] == [("Big Al", ""), ("Tiny", "dead")]
    # no qrs function: the system's rules tables only (it has none): its characteristic
    # ranges, the one table every game has (a house rule may change them)
    (card,) = exports.qrs_document(sqlite_engine, c.id)["cards"]
    assert [t["title"] for t in card["tables"]] == ["Characteristic ranges"]
    assert card["tables"][0]["rows"] == [["Mv", "Move", "value", "1", "12"], ["Sh", "Shoot", "target", "2", "6"]]


def test_a_custom_layout_drives_the_gui_table_and_the_printed_roster(systems: None, engine: Any) -> None:
    pytest.importorskip("PySide6")
    from ui.models import ALIGN_RIGHT, RosterModel, roster_columns

    c = campaigns.create_campaign(engine, "Heroic", CUSTOM_INFO.id)
    r = rosters.create_roster(engine, c.id, "Band")
    fighters.add_fighter(engine, r.id, "Ann", rep=4)
    bob = fighters.add_fighter(engine, r.id, "Bob", rep=3)
    cy = fighters.add_fighter(engine, r.id, "Cy", rep=5)
    fighters.edit_fighter(engine, bob.id, status="dead")
    fighters.edit_fighter(engine, cy.id, status="in-recovery")

    cols = roster_columns(q.system_info(CUSTOM_INFO.id), with_roster=False)
    assert [(x.key, x.title) for x in cols] == [("name", "Who"), ("status", "State"), ("rep", "Grit")]
    every = roster_columns(q.system_info(CUSTOM_INFO.id), with_roster=True)
    assert [x.key for x in every] == ["name", "status", "roster", "rep"]
    model = RosterModel(cols)
    data = q.roster_rows(engine, roster=r.id)
    model.set_rows(data["rows"])
    grit = [model.data(model.index(i, 2)) for i in range(3)]
    assert grit == ["40", "30", "50"] and cols[2].align == ALIGN_RIGHT
    # the layout's statuses: dead is only "bad" here, in-recovery is fine
    assert [x["status_class"] for x in data["rows"]] == ["ok", "hurt", "ok"]
    assert q.status_class("dead", CUSTOM_INFO.id) == "hurt" and q.status_class("dead") == "down"

    doc = exports.roster_document(engine, r.id)
    assert [(col["key"], col["label"]) for col in doc["columns"]] == [("name", "Who"), ("status", "State"),
                                                                      ("rep", "Grit")]
    assert [(x["name"], x["status"], x["rep"], x["_status"]) for x in doc["rows"]] == [
        ("Ann", "Active", "40", "active"), ("Bob", "Fallen", "30", "out-of-the-fight"),
        ("Cy", "Resting", "50", "in-recovery")]
    assert doc["totals"] == [["Heroes", "3"]]
    assert exports.roster_documents(engine, c.id)[0]["columns"] == doc["columns"]
    tree = next(x for x in q.campaign_tree(engine) if x["id"] == c.id)
    assert tree["shows_cycle"] is True

    qrs = exports.qrs_document(engine, c.id)
    assert [x["title"] for x in qrs["cards"]] == ["Heroes"] and CARDS_SEEN[-1].system == CUSTOM_INFO.id


def test_severities_map_to_the_gui_and_the_printed_colours() -> None:
    pytest.importorskip("PySide6")
    from reports._pdf import STATUS_COLOURS as PRINTED
    from ui.badges import STATUS_COLOURS as SCREEN

    assert set(SCREEN_CLASS) == set(PRINT_SHADE) == set(SEVERITIES)
    assert set(SCREEN_CLASS.values()) == set(SCREEN)
    assert {v for v in PRINT_SHADE.values() if v} <= set(PRINTED)
    for sev in SEVERITIES:
        style = StatusStyle("X", sev)
        assert style.screen in SCREEN
        shade = style.print_shade("whatever")
        assert shade == "whatever" if sev == "ok" else shade in PRINTED
    # each shipped system's statuses are coloured on screen and on paper alike
    for sid in ("nuts", "necromunda", "fubar", "unit-morale"):
        layout = game_system(sid).roster_layout()
        for key, style in {**BASE_STATUSES, **layout.statuses}.items():
            assert style.screen in SCREEN, (sid, key)
            assert style.severity == "ok" or style.print_shade(key) in PRINTED, (sid, key)
    assert q.status_class("retired") == "away" and StatusStyle("R", "away", shade="lost").print_shade("r") == "lost"
    with pytest.raises(ValueError, match="severity 'awful'"):
        StatusStyle("Awful", "awful")
    with pytest.raises(ValueError, match="align 'middle'"):
        Column("x", "X", align="middle")


def test_a_layout_that_is_not_one_is_a_clear_error() -> None:
    gs = GameSystem(info=CUSTOM_INFO, package="tests.campaign_app", layout=f"{__name__}:NOT_A_LAYOUT")
    with pytest.raises(RulesDataError, match="is not a RosterLayout"):
        gs.roster_layout()
