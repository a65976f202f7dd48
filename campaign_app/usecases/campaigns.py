"""Campaigns: create one, list them, show one with its rosters and battles, its rules
tables (those of its game, edition and expansions, with its house rules) and a house
rule that overrides one of them. Renaming, deleting and restoring a campaign are
:mod:`.manage`'s."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app.changes import Changes
from campaign_app.errors import InputError, RulesDataError
from campaign_app.rules import (
    Table,
    check_effects,
    check_table_limits,
    check_table_refs,
    parse_table,
)
from campaign_app.systems import campaign_tables, check_ranges_rule, get_system
from campaign_app.usecases.common import Ref, clean_name, clean_text, get_campaign, row_id
from campaign_app.usecases.results import CampaignResult
from campaign_app.usecases.shapes import CampaignData, RosterData, campaign_dict, roster_dict
from db.models import Campaign
from db.queries import campaigns as campaign_q
from db.queries import rosters as roster_q
from db.uow import Engine, UnitOfWork, read_session


class CampaignListItem(CampaignData):
    rosters: int
    battles: int


class RosterCount(RosterData):
    fighters: int
    units: int


class BattleBrief(TypedDict):
    id: int
    number: int
    played_on: str
    scenario: str
    after_battle_done: bool


class CampaignDetail(CampaignData):
    notes: str
    rosters: list[RosterCount]
    battles: list[BattleBrief]


def create_campaign(engine: Engine, name: str, system: str, edition: str | None = None,
                    expansions: Iterable[str] = (), notes: str = "") -> CampaignResult:
    info = get_system(system)
    name = clean_name(name, "campaign name")
    ed = info.check_edition(edition)
    exps = info.check_expansions(expansions)
    with UnitOfWork(engine, "campaign.create", summary=f"create campaign {name}") as uow:
        s = uow.session
        if campaign_q.campaign_named(s, name) is not None:
            raise InputError(f"a campaign named {name!r} already exists")
        c = Campaign(name=name, system=info.id, edition=ed, expansions=exps,
                     notes=clean_text(notes, "notes"))
        s.add(c)
        s.flush()
        uow.campaign_id = c.id
    return campaign_result(c, uow.changes)


def campaign_result(c: Campaign, changes: Changes) -> CampaignResult:
    """The typed result of a use-case that created or changed campaign ``c``."""
    return CampaignResult(**campaign_dict(c), changes=changes)  # CAMPAIGN_RESULT is CAMPAIGN_DATA


def list_campaigns(engine: Engine) -> list[CampaignListItem]:
    with read_session(engine) as s:
        counts = campaign_q.roster_counts(s)
        battles = campaign_q.battle_counts(s)
        return [
            {**campaign_dict(c), "rosters": counts.get(row_id(c), 0), "battles": battles.get(row_id(c), 0)}
            for c in campaign_q.campaigns_by_name(s)
        ]


def show_campaign(engine: Engine, ref: Ref) -> CampaignDetail:
    with read_session(engine) as s:
        c = get_campaign(s, ref)
        cid = row_id(c)
        rosters = roster_q.rosters_of(s, cid)
        fcount = roster_q.fighter_counts(s, cid)
        ucount = roster_q.unit_counts(s, cid)
        battles = campaign_q.battles_of(s, cid)
        return {
            **campaign_dict(c),
            "notes": c.notes,
            "rosters": [
                {**roster_dict(r), "fighters": fcount.get(row_id(r), 0), "units": ucount.get(row_id(r), 0)}
                for r in rosters
            ],
            "battles": [
                {"id": b.id or 0, "number": b.number, "played_on": b.played_on.isoformat(),
                 "scenario": b.scenario, "after_battle_done": b.after_battle_done}
                for b in battles
            ],
        }


def campaign_rules(engine: Engine, ref: Ref) -> dict[str, Table]:
    with read_session(engine) as s:
        c = get_campaign(s, ref)
        return tables_for(c)


def tables_for(c: Campaign) -> dict[str, Table]:
    return campaign_tables(c.system, c.edition, c.expansions or [], c.house_rules or {})


def set_house_rule(engine: Engine, ref: Ref, table_id: str,
                   table: Mapping[str, Any] | None) -> CampaignResult:
    """Override one table for a campaign (``None`` restores the shipped default).

    The table is checked like a shipped one (covers its dice exactly once) before
    anything is saved; an error names the table and row."""
    with UnitOfWork(engine, "campaign.house-rule") as uow:
        s = uow.session
        c = get_campaign(s, ref)
        uow.campaign_id = c.id
        shipped = campaign_tables(c.system, c.edition, c.expansions or [])
        if table_id not in shipped:
            raise InputError(f"{c.name} has no table {table_id!r} to override")
        rules = dict(c.house_rules or {})
        if table is None:
            if table_id not in rules:
                raise InputError(f"{table_id} has no house rule in {c.name}")
            rules.pop(table_id)
        else:
            try:
                parsed = parse_table(table_id, table, "house rule")
                check_effects(parsed, "house rule")
                check_table_limits(table_id, table, "house rule")
                check_table_refs(parsed, shipped, "house rule")
                from campaign_app.usecases.advance import check_house_rule  # advance helper

                check_house_rule(c, table_id, parsed)
                whole = check_ranges_rule(c.system, c.edition, table_id, parsed.entries)
                if whole is not None:  # the ranges it names, the others as shipped: the card shows all
                    parsed = parse_table(table_id, {**parsed.to_dict(), "entries": whole}, "house rule")
            except RulesDataError as e:
                raise InputError(str(e)) from None
            if parsed.dice != shipped[table_id].dice:
                raise InputError(
                    f"house rule {table_id}: dice must stay {shipped[table_id].dice} (got {parsed.dice})"
                )
            rules[table_id] = parsed.to_dict()
        c.house_rules = rules
        uow.summary = f"house rule {table_id} in {c.name}"
        s.add(c)
    return campaign_result(c, uow.changes)
