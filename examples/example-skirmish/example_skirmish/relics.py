"""Relics a roster holds: the example plug-in's own record kind, kept by the app in its
generic records table (``campaign_app.usecases.records``), never in a table of its own.

The model below is what a relic is (the app checks every write and every import with
it); the commands give the CLI ``relic add|list|remove`` and the window's Roster ▸
Relics… (whose dialog is in :mod:`example_skirmish.gui`). Loaded only when used."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from campaign_app.changes import Result
from campaign_app.systems.commands import Command, GuiAction, Needs, Param
from campaign_app.usecases.records import (
    RecordList,
    RecordResult,
    add_record,
    list_records,
    remove_record,
)

KIND = "relic"


class Relic(BaseModel):
    """A relic: its name, its power (1-6) and a note."""

    model_config = ConfigDict(extra="forbid", strict=True)

    name: str = Field(min_length=1, max_length=80)
    power: int = Field(1, ge=1, le=6)
    notes: str = Field("", max_length=500)


@dataclass(frozen=True, kw_only=True)
class RelicResult(Result):
    roster: str
    relic: str
    power: int
    removed: bool


def _result(r: RecordResult) -> RelicResult:
    return RelicResult(roster=r.roster, relic=r.title, power=int(r.data.get("power", 1)), removed=r.removed,
                       changes=r.changes)


def add_relic(engine: Any, roster: Any, name: str, power: int = 1, notes: str = "") -> RelicResult:
    """The roster takes a relic (one undo step)."""
    return _result(add_record(engine, KIND, {"name": name, "power": power, "notes": notes or ""}, roster=roster))


def remove_relic(engine: Any, roster: Any, name: str) -> RelicResult:
    """The roster gives a relic up, found by name or id (one undo step)."""
    return _result(remove_record(engine, KIND, name, roster=roster))


def relics_of(engine: Any, roster: Any) -> RecordList:
    return list_records(engine, KIND, roster=roster)


def added_text(r: RelicResult, _params: dict[str, Any]) -> str:
    return f"{r.roster} holds {r.relic} (power {r.power})"


def removed_text(r: RelicResult, _params: dict[str, Any]) -> str:
    return f"{r.roster} no longer holds {r.relic}"


def list_text(data: RecordList, _params: dict[str, Any]) -> str:
    if not data["records"]:
        return f"{data['roster']} holds no relics"
    lines = [f"{data['roster']}: relics"]
    for x in data["records"]:
        d = x["data"]
        lines.append(f"- {d['name']} (power {d['power']})" + (f": {d['notes']}" if d.get("notes") else ""))
    return "\n".join(lines)


_GROUP = ("relic", "the relics a roster holds (Example Skirmish)")

COMMANDS: tuple[Command, ...] = (
    Command("add", "give a roster a relic", f"{__name__}:add_relic", *_GROUP, text=f"{__name__}:added_text",
            params=(Param("roster"), Param("name"),
                    Param("power", "--power", "int", help="its power, 1 to 6", metavar="N", default=1),
                    Param("notes", "--notes", help="a note", metavar="TEXT", default="")),
            needs=Needs(roster=True),
            gui=GuiAction("&Relics…", "roster", tip="Example Skirmish: the relics the roster holds",
                          dialog="relics"),
            key="relics"),
    Command("list", "list the relics a roster holds", f"{__name__}:relics_of", *_GROUP,
            text=f"{__name__}:list_text", params=(Param("roster"),)),
    Command("remove", "take a relic from a roster", f"{__name__}:remove_relic", *_GROUP,
            text=f"{__name__}:removed_text", params=(Param("roster"), Param("name"))),
)
