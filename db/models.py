"""Every table of a campaign database.

Conventions:
- every foreign key is indexed (``index=True``; SQLModel does not do it for us);
- relationships are declared on both sides;
- rows a user edits carry a ``version`` column used by SQLAlchemy's optimistic
  concurrency (``version_id_col``): a stale edit raises ``StaleDataError``, which the
  core turns into a :class:`campaign_app.errors.ConflictError`;
- JSON columns hold small lists/dicts (stat lines, expansions, house-rule tables).

Changes to these rows are journaled by :mod:`db.journal` so a whole use-case can be
undone; the roll record and the journal itself are history and are not journaled.
"""

from datetime import UTC, date, datetime
from typing import Any, Optional

from sqlalchemy import JSON, Column, Index, Integer, Text, UniqueConstraint, text, true
from sqlmodel import Field, Relationship, SQLModel


def utcnow() -> datetime:
    return datetime.now(UTC)


def _version_column() -> Column[int]:
    return Column("version", Integer, nullable=False)


def _json(default: Any = None) -> Any:
    return Field(default_factory=(lambda: type(default)()) if default is not None else None,
                 sa_column=Column(JSON, nullable=default is None))


_DELETE_ORPHAN = {"cascade": "all, delete-orphan"}

_v_campaign = _version_column()


class Campaign(SQLModel, table=True):
    __tablename__ = "campaign"
    __mapper_args__ = {"version_id_col": _v_campaign}

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(index=True, unique=True, max_length=200)
    system: str = Field(max_length=40)
    edition: str = Field(default="", max_length=40)
    expansions: list[str] = _json([])
    house_rules: dict[str, Any] = _json({})
    cycle: int = Field(default=1)  # the campaign cycle, for games whose campaigns run in cycles
    notes: str = Field(default="")
    created_at: datetime = Field(default_factory=utcnow)
    version: int = Field(default=None, sa_column=_v_campaign)
    # --- manage: a deleted campaign stays (with its rolls and history) until purged, so
    # that deleting is one undo step; its name is suffixed so that the name is free
    deleted_at: datetime | None = Field(default=None)
    # --- record: dice discipline (record helper). open: previews are recorded, the real
    # run rolls anew; strict: the real run reuses the faces already rolled for its step.
    dice_discipline: str = Field(default="open", max_length=10, sa_column_kwargs={"server_default": "open"})
    typed_dice: bool = Field(default=True, sa_column_kwargs={"server_default": true()})
    # --- end record
    # --- counters: the campaign's own counters kept per roster (counters helper), each
    # {"name", "start", "min", "max"}, in the order they were defined (migration 0012)
    counters: list[dict[str, Any]] = Field(default_factory=list, sa_column=Column(
        JSON, nullable=False, server_default=text("'[]'")))
    # --- end counters
    # --- recruit: the game's gang composition rules "checked" on recruit and by
    # ``roster check``, or "loose" (a campaign that plays without them; migration 0013)
    roster_rules: str = Field(default="checked", max_length=10, sa_column_kwargs={"server_default": "checked"})
    # --- end recruit

    rosters: list["Roster"] = Relationship(back_populates="campaign", sa_relationship_kwargs=_DELETE_ORPHAN)
    battles: list["Battle"] = Relationship(back_populates="campaign", sa_relationship_kwargs=_DELETE_ORPHAN)
    walker_types: list["WalkerType"] = Relationship(
        back_populates="campaign", sa_relationship_kwargs=_DELETE_ORPHAN
    )
    journals: list["Journal"] = Relationship(back_populates="campaign", sa_relationship_kwargs=_DELETE_ORPHAN)
    rolls: list["RollRecord"] = Relationship(back_populates="campaign", sa_relationship_kwargs=_DELETE_ORPHAN)
    # --- gear (gear helper)
    content_packs: list["ContentPack"] = Relationship(sa_relationship_kwargs=_DELETE_ORPHAN)
    # --- records: what a game system keeps of its own (records helper)
    records: list["SystemRecord"] = Relationship(sa_relationship_kwargs=_DELETE_ORPHAN)


_v_roster = _version_column()


class Roster(SQLModel, table=True):
    """A gang of individual fighters or a squad/force (which may also hold units)."""

    __tablename__ = "roster"
    __table_args__ = (UniqueConstraint("campaign_id", "name", name="uq_roster_campaign_name"),)
    __mapper_args__ = {"version_id_col": _v_roster}

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True)
    name: str = Field(max_length=200)
    kind: str = Field(default="gang", max_length=20)  # gang | squad
    faction: str = Field(default="", max_length=200)  # gang type, nation, army
    player: str = Field(default="", max_length=200)
    credits: int = Field(default=0)
    reputation: int = Field(default=0)
    notes: str = Field(default="")
    created_at: datetime = Field(default_factory=utcnow)
    version: int = Field(default=None, sa_column=_v_roster)
    # --- league: the PostgreSQL login role that owns the roster (league helper). Row-level
    # security lets only that role (or the arbitrator) change the roster and what hangs from
    # it; None: nobody's yet (the arbitrator's). Filled with current_user by the database.
    owner: str | None = Field(default=None, max_length=63)
    # --- end league
    # --- counters: this roster's value of each campaign counter, name -> value (counters
    # helper); a counter missing here stands at its start (migration 0012)
    counters: dict[str, Any] = Field(default_factory=dict, sa_column=Column(
        JSON, nullable=False, server_default=text("'{}'")))
    # --- end counters

    campaign: Optional["Campaign"] = Relationship(back_populates="rosters")
    fighters: list["Fighter"] = Relationship(
        back_populates="roster",
        sa_relationship_kwargs={**_DELETE_ORPHAN, "foreign_keys": "[Fighter.roster_id]"},
    )
    units: list["Unit"] = Relationship(back_populates="roster", sa_relationship_kwargs=_DELETE_ORPHAN)
    battle_links: list["BattleRoster"] = Relationship(
        back_populates="roster", sa_relationship_kwargs=_DELETE_ORPHAN
    )
    # --- gear (gear helper)
    ledger: list["LedgerEntry"] = Relationship(sa_relationship_kwargs=_DELETE_ORPHAN)
    stash: list["StashItem"] = Relationship(sa_relationship_kwargs=_DELETE_ORPHAN)
    territories: list["Territory"] = Relationship(sa_relationship_kwargs=_DELETE_ORPHAN)
    # --- records: what a game system keeps of its own (records helper)
    records: list["SystemRecord"] = Relationship(sa_relationship_kwargs=_DELETE_ORPHAN)


class WalkerType(SQLModel, table=True):
    """A walker's stat line. Shipped types live in rules data; users add their own here."""

    __tablename__ = "walker_type"
    __table_args__ = (UniqueConstraint("campaign_id", "name", name="uq_walker_type_name"),)

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True)
    name: str = Field(max_length=200)
    nation: str = Field(default="", max_length=100)
    armour_front: int = Field(default=0)
    armour_side: int = Field(default=0)
    gun1: str = Field(default="", max_length=40)
    gun2: str = Field(default="", max_length=40)
    aa_mg: bool = Field(default=False)
    hull_mg: bool = Field(default=False)
    speed_road: int = Field(default=0)
    speed_cc: int = Field(default=0)
    crew: int = Field(default=3)
    notes: str = Field(default="")

    campaign: Optional["Campaign"] = Relationship(back_populates="walker_types")
    walkers: list["Fighter"] = Relationship(back_populates="walker_type")

    @property
    def armour_top(self) -> int:
        return self.armour_side // 2


_v_fighter = _version_column()


class Fighter(SQLModel, table=True):
    """One figure: a single fighter, a creature, a vehicle,
    or a walker (``kind == 'walker'``) whose crew are fighters with ``crew_of_id`` set."""

    __tablename__ = "fighter"
    __mapper_args__ = {"version_id_col": _v_fighter}
    # --- lazy: a fighter found by its name (lazy helper)
    __table_args__ = (Index("ix_fighter_name", "name"),)

    id: int | None = Field(default=None, primary_key=True)
    roster_id: int = Field(foreign_key="roster.id", index=True)
    name: str = Field(max_length=200)
    fighter_type: str = Field(default="", max_length=40)  # star, grunt, leader, ganger...
    role: str = Field(default="", max_length=100)  # leader, NCO, medic, Commander...
    kind: str = Field(default="human", max_length=40)  # creature kind, vehicle, walker
    rep: int | None = Field(default=None)
    stats: dict[str, Any] = _json({})
    xp: int = Field(default=0)
    credits_value: int = Field(default=0)
    status: str = Field(default="active", max_length=40, index=True)
    status_note: str = Field(default="")
    captured_by_roster_id: int | None = Field(default=None, foreign_key="roster.id", index=True)
    walker_type_id: int | None = Field(default=None, foreign_key="walker_type.id", index=True)
    crew_of_id: int | None = Field(default=None, foreign_key="fighter.id", index=True)
    abilities: list[str] = _json([])
    conditions: list[str] = _json([])
    notes: str = Field(default="")
    created_at: datetime = Field(default_factory=utcnow)
    version: int = Field(default=None, sa_column=_v_fighter)
    # --- advance: advancement (advance helper). The last XP rank the fighter claimed, in
    # editions that earn advancements by XP ranks (0: none yet)
    rank: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    # how many times each characteristic was advanced (key -> count): the repeat cost and
    # the limits past the basic profile of the editions that have them (migration 0011)
    advances: dict[str, Any] = Field(default_factory=dict, sa_column=Column(
        JSON, nullable=False, server_default=text("'{}'")))
    # --- end advance

    roster: Optional["Roster"] = Relationship(
        back_populates="fighters", sa_relationship_kwargs={"foreign_keys": "[Fighter.roster_id]"}
    )
    captured_by: Optional["Roster"] = Relationship(
        sa_relationship_kwargs={"foreign_keys": "[Fighter.captured_by_roster_id]", "viewonly": True}
    )
    walker_type: Optional["WalkerType"] = Relationship(back_populates="walkers")
    crew_of: Optional["Fighter"] = Relationship(
        back_populates="crew", sa_relationship_kwargs={"remote_side": "Fighter.id"}
    )
    crew: list["Fighter"] = Relationship(back_populates="crew_of")
    equipment: list["Equipment"] = Relationship(back_populates="fighter", sa_relationship_kwargs=_DELETE_ORPHAN)
    skills: list["Skill"] = Relationship(back_populates="fighter", sa_relationship_kwargs=_DELETE_ORPHAN)
    injuries: list["LastingInjury"] = Relationship(
        back_populates="fighter", sa_relationship_kwargs=_DELETE_ORPHAN
    )
    results: list["BattleResult"] = Relationship(
        back_populates="fighter",
        sa_relationship_kwargs={**_DELETE_ORPHAN, "foreign_keys": "[BattleResult.fighter_id]"},
    )
    marks: list["BattleMark"] = Relationship(  # table helper
        back_populates="fighter",
        sa_relationship_kwargs={**_DELETE_ORPHAN, "foreign_keys": "[BattleMark.fighter_id]"},
    )


_v_unit = _version_column()


class Unit(SQLModel, table=True):
    """A multi-figure unit, for the games whose rosters hold units."""

    __tablename__ = "unit"
    __mapper_args__ = {"version_id_col": _v_unit}

    id: int | None = Field(default=None, primary_key=True)
    roster_id: int = Field(foreign_key="roster.id", index=True)
    name: str = Field(max_length=200)
    unit_type: str = Field(default="infantry", max_length=40)
    training: str = Field(default="", max_length=40)
    figures: int = Field(default=1)
    figures_start: int = Field(default=1)
    wounded: int = Field(default=0)  # figures out until after the next battle
    armour: str = Field(default="", max_length=40)
    discipline: str = Field(default="", max_length=40)
    order: str = Field(default="", max_length=40)
    status: str = Field(default="active", max_length=40, index=True)
    battles_fought: int = Field(default=0)
    stats: dict[str, Any] = _json({})
    notes: str = Field(default="")
    created_at: datetime = Field(default_factory=utcnow)
    version: int = Field(default=None, sa_column=_v_unit)

    roster: Optional["Roster"] = Relationship(back_populates="units")
    equipment: list["Equipment"] = Relationship(back_populates="unit", sa_relationship_kwargs=_DELETE_ORPHAN)
    results: list["BattleResult"] = Relationship(back_populates="unit", sa_relationship_kwargs=_DELETE_ORPHAN)
    marks: list["BattleMark"] = Relationship(back_populates="unit", sa_relationship_kwargs=_DELETE_ORPHAN)


class Equipment(SQLModel, table=True):
    """A weapon or piece of wargear, owned by a fighter or by a unit."""

    __tablename__ = "equipment"

    id: int | None = Field(default=None, primary_key=True)
    fighter_id: int | None = Field(default=None, foreign_key="fighter.id", index=True)
    unit_id: int | None = Field(default=None, foreign_key="unit.id", index=True)
    name: str = Field(max_length=200)
    category: str = Field(default="weapon", max_length=40)  # weapon, armour, wargear
    range: str = Field(default="", max_length=40)
    targets: int | None = Field(default=None)
    impact: int | None = Field(default=None)
    fp: int | None = Field(default=None)
    strength: str = Field(default="", max_length=20)
    ap: str = Field(default="", max_length=20)
    traits: list[str] = _json([])
    qty: int = Field(default=1)
    cost: int = Field(default=0)
    notes: str = Field(default="")

    fighter: Optional["Fighter"] = Relationship(back_populates="equipment")
    unit: Optional["Unit"] = Relationship(back_populates="equipment")


class Skill(SQLModel, table=True):
    __tablename__ = "skill"

    id: int | None = Field(default=None, primary_key=True)
    fighter_id: int = Field(foreign_key="fighter.id", index=True)
    name: str = Field(max_length=200)
    source: str = Field(default="", max_length=100)  # advance, injury, starting...

    fighter: Optional["Fighter"] = Relationship(back_populates="skills")


class LastingInjury(SQLModel, table=True):
    __tablename__ = "lasting_injury"

    id: int | None = Field(default=None, primary_key=True)
    fighter_id: int = Field(foreign_key="fighter.id", index=True)
    battle_id: int | None = Field(default=None, foreign_key="battle.id", index=True)
    roll_record_id: int | None = Field(
        default=None, foreign_key="roll_record.id", index=True, ondelete="SET NULL"
    )
    table_id: str = Field(max_length=80)
    roll: int
    faces: str = Field(default="", max_length=40)
    result: str = Field(max_length=80)
    label: str = Field(default="", max_length=200)
    effects_applied: list[str] = _json([])
    effects_skipped: list[str] = _json([])
    created_at: datetime = Field(default_factory=utcnow)

    fighter: Optional["Fighter"] = Relationship(back_populates="injuries")
    battle: Optional["Battle"] = Relationship(back_populates="injuries")
    roll_record: Optional["RollRecord"] = Relationship(back_populates="injuries")


_v_battle = _version_column()


class Battle(SQLModel, table=True):
    __tablename__ = "battle"
    __table_args__ = (
        UniqueConstraint("campaign_id", "number", name="uq_battle_number"),
        # --- lazy: battles waiting for After the Battle, counted per campaign (lazy helper)
        Index("ix_battle_campaign_pending", "campaign_id", "after_battle_done"),
    )
    __mapper_args__ = {"version_id_col": _v_battle}

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True)
    number: int  # 1, 2, ... within the campaign
    played_on: date = Field(default_factory=date.today)
    scenario: str = Field(default="", max_length=200)
    outcome: str = Field(default="", max_length=200)
    winner_roster_id: int | None = Field(default=None, foreign_key="roster.id", index=True)
    cycle: int = Field(default=1)
    notes: str = Field(default="")
    after_battle_done: bool = Field(default=False)
    created_at: datetime = Field(default_factory=utcnow)
    version: int = Field(default=None, sa_column=_v_battle)
    # --- table: battle setup and tracking (table helper)
    # setup -> in-progress -> finished; a battle recorded afterwards is finished at once
    state: str = Field(default="finished", max_length=20, sa_column_kwargs={"server_default": "finished"})
    attacker_roster_id: int | None = Field(default=None, foreign_key="roster.id", index=True)
    # how the setup went: the scenario's roll, the crew picked and drawn (plain data)
    setup: dict[str, Any] = Field(default_factory=dict, sa_column=Column(
        JSON, nullable=False, server_default=text("'{}'")))  # (bulk inserts may leave it out)
    # --- end table

    campaign: Optional["Campaign"] = Relationship(back_populates="battles")
    winner: Optional["Roster"] = Relationship(
        sa_relationship_kwargs={"foreign_keys": "[Battle.winner_roster_id]", "viewonly": True}
    )
    rosters: list["BattleRoster"] = Relationship(back_populates="battle", sa_relationship_kwargs=_DELETE_ORPHAN)
    results: list["BattleResult"] = Relationship(back_populates="battle", sa_relationship_kwargs=_DELETE_ORPHAN)
    injuries: list["LastingInjury"] = Relationship(back_populates="battle")
    rolls: list["RollRecord"] = Relationship(back_populates="battle")
    marks: list["BattleMark"] = Relationship(back_populates="battle", sa_relationship_kwargs=_DELETE_ORPHAN)


class BattleRoster(SQLModel, table=True):
    """A roster that took part in a battle."""

    __tablename__ = "battle_roster"
    __table_args__ = (UniqueConstraint("battle_id", "roster_id", name="uq_battle_roster"),
                      # a roster's battles and their results, read by the standings from
                      # the index alone (migration 0020_standings_index)
                      Index("ix_battle_roster_standing", "roster_id", "result"))

    id: int | None = Field(default=None, primary_key=True)
    battle_id: int = Field(foreign_key="battle.id", index=True)
    roster_id: int = Field(foreign_key="roster.id")
    result: str = Field(default="", max_length=20)  # win, loss, draw

    battle: Optional["Battle"] = Relationship(back_populates="rosters")
    roster: Optional["Roster"] = Relationship(back_populates="battle_links")


class BattleResult(SQLModel, table=True):
    """How one fighter or unit ended a battle."""

    __tablename__ = "battle_result"

    id: int | None = Field(default=None, primary_key=True)
    battle_id: int = Field(foreign_key="battle.id", index=True)
    fighter_id: int | None = Field(default=None, foreign_key="fighter.id", index=True)
    unit_id: int | None = Field(default=None, foreign_key="unit.id", index=True)
    status: str = Field(max_length=40, index=True)
    scored_hit: bool = Field(default=False)
    by_fighter_id: int | None = Field(default=None, foreign_key="fighter.id", index=True)
    casualties: int = Field(default=0)
    details: dict[str, Any] = _json({})
    # copies, kept by every writer (a result's figure moving roster moves them too): the
    # roster of its figure and of the fighter that caused it. The standings count by them
    # instead of looking up each casualty's figure, whose rows lie in no useful order (a
    # national league's 300,000 lookups grew 22x for 10x the league). No foreign key: a
    # key would want an index on 1.2 million results that nothing else reads by
    roster_id: int | None = Field(default=None)
    by_roster_id: int | None = Field(default=None)

    battle: Optional["Battle"] = Relationship(back_populates="results")
    fighter: Optional["Fighter"] = Relationship(
        back_populates="results", sa_relationship_kwargs={"foreign_keys": "[BattleResult.fighter_id]"}
    )
    by_fighter: Optional["Fighter"] = Relationship(
        sa_relationship_kwargs={"foreign_keys": "[BattleResult.by_fighter_id]", "viewonly": True}
    )
    unit: Optional["Unit"] = Relationship(back_populates="results")


# --- table: battle setup and tracking (table helper)
class BattleMark(SQLModel, table=True):
    """One thing marked during a game at the table, in order: a figure's new status
    (``status``, with who did it), a hit (``hit``), a unit's casualties (``casualties``),
    figures that arrived (``arrival``). Its battle result is changed with it, in the same
    undo step."""

    __tablename__ = "battle_mark"

    id: int | None = Field(default=None, primary_key=True)
    battle_id: int = Field(foreign_key="battle.id", index=True)
    fighter_id: int | None = Field(default=None, foreign_key="fighter.id", index=True)
    unit_id: int | None = Field(default=None, foreign_key="unit.id", index=True)
    by_fighter_id: int | None = Field(default=None, foreign_key="fighter.id", index=True)
    kind: str = Field(max_length=20)
    value: str = Field(default="", max_length=80)
    before: str = Field(default="", max_length=80)  # what it replaced (a status, a count)
    created_at: datetime = Field(default_factory=utcnow)

    battle: Optional["Battle"] = Relationship(back_populates="marks")
    fighter: Optional["Fighter"] = Relationship(
        back_populates="marks", sa_relationship_kwargs={"foreign_keys": "[BattleMark.fighter_id]"}
    )
    by_fighter: Optional["Fighter"] = Relationship(
        sa_relationship_kwargs={"foreign_keys": "[BattleMark.by_fighter_id]", "viewonly": True}
    )
    unit: Optional["Unit"] = Relationship(back_populates="marks")
# --- end table


# --- gear: content packs, the roster's ledger and stash (gear helper)
class ContentPack(SQLModel, table=True):
    """A content pack added to a campaign: catalogue items (key -> item, the shape of
    docs/content-packs.md) that add to or replace the shipped catalogue's."""

    __tablename__ = "content_pack"

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True)
    name: str = Field(max_length=200)
    items: dict[str, Any] = _json({})
    notes: str = Field(default="")
    created_at: datetime = Field(default_factory=utcnow)


class LedgerEntry(SQLModel, table=True):
    """One movement of a roster's credits: how much (+ in, - out), the balance after it,
    why, and what it was for (an item bought or sold, a battle)."""

    __tablename__ = "ledger_entry"

    id: int | None = Field(default=None, primary_key=True)
    roster_id: int = Field(foreign_key="roster.id", index=True)
    amount: int
    balance: int
    kind: str = Field(default="credits", max_length=20)  # credits, buy, sell, stash, income
    why: str = Field(default="", max_length=500)
    item: str = Field(default="", max_length=200)
    fighter_id: int | None = Field(default=None, foreign_key="fighter.id", index=True, ondelete="SET NULL")
    battle_id: int | None = Field(default=None, foreign_key="battle.id", index=True, ondelete="SET NULL")
    created_at: datetime = Field(default_factory=utcnow)


class StashItem(SQLModel, table=True):
    """An item the gang holds, not carried by any fighter."""

    __tablename__ = "stash_item"

    id: int | None = Field(default=None, primary_key=True)
    roster_id: int = Field(foreign_key="roster.id", index=True)
    name: str = Field(max_length=200)
    category: str = Field(default="wargear", max_length=40)
    qty: int = Field(default=1)
    cost: int = Field(default=0)
    notes: str = Field(default="")


class Territory(SQLModel, table=True):
    """A territory a roster holds and what it gives: credits each battle, a dice roll
    (e.g. "D6x10"), a special rule in words."""

    __tablename__ = "territory"

    id: int | None = Field(default=None, primary_key=True)
    roster_id: int = Field(foreign_key="roster.id", index=True)
    name: str = Field(max_length=200)
    credits: int = Field(default=0)
    dice: str = Field(default="", max_length=20)
    rule: str = Field(default="")
# --- end gear


# --- records: what a game system keeps of its own (records helper)
_v_system_record = _version_column()


class SystemRecord(SQLModel, table=True):
    """One record a game-system plug-in keeps that the app has no table for (a relic a
    roster holds): the plug-in names its ``kind`` and validates ``data`` with its own
    pydantic model (``GameSystem.records``); the app stores, journals, exports and
    imports it like any row. ``roster_id`` None: the campaign's own (migration 0015)."""

    __tablename__ = "system_record"
    __mapper_args__ = {"version_id_col": _v_system_record}

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True)
    roster_id: int | None = Field(default=None, foreign_key="roster.id", index=True)
    system: str = Field(max_length=40)
    kind: str = Field(max_length=40)
    data: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    created_at: datetime = Field(default_factory=utcnow)
    version: int = Field(default=None, sa_column=_v_system_record)
# --- end records


class Journal(SQLModel, table=True):
    """One use-case's changes: undone (and redone) as a whole."""

    __tablename__ = "journal"
    # --- lazy: a campaign's history, newest first (lazy helper)
    __table_args__ = (Index("ix_journal_campaign_log", "campaign_id", "id"),)

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int | None = Field(default=None, foreign_key="campaign.id", index=True, ondelete="SET NULL")
    action: str = Field(max_length=80)
    summary: str = Field(default="")
    created_at: datetime = Field(default_factory=utcnow)
    undone: bool = Field(default=False, index=True)
    undone_at: datetime | None = Field(default=None)
    # --- undo: redo branches (undo helper). The newest journal id of the campaign when
    # this one was last undone: a journal created after that (a new action) abandons
    # it, so Redo never brings it back. None: never undone, or imported undone.
    undo_mark: int | None = Field(default=None)
    # --- league: the login role that made the change (league helper); filled with
    # current_user by the database in league mode. Only that role or the arbitrator may
    # undo or redo it. None outside league mode.
    author: str | None = Field(default=None, max_length=63)
    # --- end league

    campaign: Optional["Campaign"] = Relationship(back_populates="journals")
    entries: list["JournalEntry"] = Relationship(
        back_populates="journal",
        sa_relationship_kwargs={**_DELETE_ORPHAN, "order_by": "JournalEntry.seq"},
    )
    rolls: list["RollRecord"] = Relationship(back_populates="journal")


class JournalEntry(SQLModel, table=True):
    __tablename__ = "journal_entry"
    # --- undo: the entries of one row, found across journals (undo helper)
    __table_args__ = (Index("ix_journal_entry_row", "table_name", "row_id"),)

    id: int | None = Field(default=None, primary_key=True)
    journal_id: int = Field(foreign_key="journal.id", index=True, ondelete="CASCADE")
    seq: int
    table_name: str = Field(max_length=80)
    row_id: int
    op: str = Field(max_length=10)  # insert, update, delete
    before: dict[str, Any] | None = _json()
    after: dict[str, Any] | None = _json()
    # the row version this change left when last applied or redone (for a delete: the
    # version the row had when it was removed; None in entries written before 0003)
    version_after: int | None = Field(default=None)
    # --- undo: versions only go up (undo helper). The version the row got when this
    # entry was last undone (a removed row: the version it had when removed).
    version_undone: int | None = Field(default=None)

    journal: Optional["Journal"] = Relationship(back_populates="entries")


class RollRecord(SQLModel, table=True):
    """Every roll made or typed in: when, what for, the faces, and what it gave."""

    __tablename__ = "roll_record"
    # --- lazy: the roll log's keyset pages, whole or by fighter, table or battle (lazy helper)
    __table_args__ = (
        Index("ix_roll_record_log", "campaign_id", "created_at", "id"),
        Index("ix_roll_record_log_fighter", "campaign_id", "fighter_id", "created_at", "id"),
        Index("ix_roll_record_log_table", "campaign_id", "table_id", "created_at", "id"),
        Index("ix_roll_record_log_battle", "campaign_id", "battle_id", "created_at", "id"),
        # --- record: the faces rolled for a step, found per campaign (record helper)
        Index("ix_roll_record_step", "campaign_id", "step"),
    )

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True, ondelete="CASCADE")
    journal_id: int | None = Field(default=None, foreign_key="journal.id", index=True, ondelete="SET NULL")
    battle_id: int | None = Field(default=None, foreign_key="battle.id", index=True, ondelete="SET NULL")
    fighter_id: int | None = Field(default=None, foreign_key="fighter.id", index=True, ondelete="SET NULL")
    unit_id: int | None = Field(default=None, foreign_key="unit.id", index=True, ondelete="SET NULL")
    subject: str = Field(default="", max_length=200)  # name of the fighter/unit at the time
    created_at: datetime = Field(default_factory=utcnow)
    purpose: str = Field(default="")
    rule: str = Field(default="", max_length=200)
    dice: str = Field(max_length=40)
    faces: str = Field(max_length=200)
    source: str = Field(max_length=20)  # random, seeded, typed
    target: int | None = Field(default=None)
    value: int
    table_id: str = Field(default="", max_length=80, index=True)
    row: str = Field(default="", max_length=40)
    result: str = Field(default="", max_length=80)
    label: str = Field(default="", max_length=200)
    # --- manage: the fighter or unit rolled for was removed (its roster deleted); the
    # roll stays on record under ``subject``, and undo of the removal clears the mark
    figure_removed: bool = Field(default=False, sa_column_kwargs={"server_default": text("false")})
    # --- record: marks, steps and the hash chain (record helper; campaign_app/rollchain.py)
    mark: str = Field(default="applied", max_length=20, sa_column_kwargs={"server_default": "applied"})
    step: str = Field(default="", max_length=120, sa_column_kwargs={"server_default": ""})
    face_pos: int | None = Field(default=None)  # the step's first face this roll took (0-based)
    prev_hash: str = Field(default="", max_length=64, sa_column_kwargs={"server_default": ""})
    hash: str = Field(default="", max_length=64, sa_column_kwargs={"server_default": ""})
    # --- end record
    # --- rollmark (#35 item 4; migration 0019_rollmark): what the hash covers (0: written
    # before marks were hashed) and the mark the record was written with, hashed from v 1 on;
    # every later change of ``mark`` is a chained mark record (campaign_app/rollchain.py)
    v: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    first_mark: str = Field(default="", max_length=20, sa_column_kwargs={"server_default": ""})

    campaign: Optional["Campaign"] = Relationship(back_populates="rolls")
    journal: Optional["Journal"] = Relationship(back_populates="rolls")
    battle: Optional["Battle"] = Relationship(back_populates="rolls")
    injuries: list["LastingInjury"] = Relationship(back_populates="roll_record")


# --- chain head (#35 item 4; migration 0017_chain_head)
class ChainHead(SQLModel, table=True):
    """The newest end of a campaign's roll chain: how many records it has and the last
    one's hash, written in the same transaction as every roll record
    (:func:`db.queries.rolls.insert_rolls`). ``log verify`` compares the chain with it,
    so rolls cut off the end, or a row put after the end, are found and named; the
    campaign report prints it so players hold a copy. Not exported: an import rebuilds
    it from the chain it writes (the file's hashes are checked link by link)."""

    __tablename__ = "chain_head"

    campaign_id: int = Field(foreign_key="campaign.id", primary_key=True, ondelete="CASCADE")
    count: int = Field(default=0)
    last_hash: str = Field(default="", max_length=64)
# --- end chain head


JOURNALED_TABLES = (
    "campaign",
    "roster",
    "walker_type",
    "fighter",
    "unit",
    "equipment",
    "skill",
    "lasting_injury",
    "battle",
    "battle_roster",
    "battle_result",
    "battle_mark",  # table helper
    "content_pack",  # gear helper
    "ledger_entry",  # gear helper
    "stash_item",  # gear helper
    "territory",  # gear helper
    "system_record",  # records helper
)


def text_length(table: str, column: str) -> int | None:
    """The most characters a text column holds (None: no limit of its own)."""
    length = getattr(SQLModel.metadata.tables[table].c[column].type, "length", None)
    return int(length) if length else None


# --- members: the league server's own members and sessions (server helper, #35). The
# server logs into the database as itself; who acts is a member, checked by the server
# (db/acting.py), not a database role. Neither table is journaled (not a change of the game).
MEMBER_ROLES = ("arbitrator", "player", "viewer")


class Member(SQLModel, table=True):
    """A league member: a name (matched against ``roster.owner``), an argon2id password
    hash (never the password), a role (arbitrator, player or viewer)."""

    __tablename__ = "member"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=63, unique=True)
    password_hash: str = Field(max_length=200)
    role: str = Field(default="player", max_length=20)
    created_at: datetime = Field(default_factory=utcnow)
    disabled: bool = Field(default=False)


class MemberSession(SQLModel, table=True):
    """A login: the SHA-256 of its bearer token (the token itself is never stored), whose
    it is, when it was made, last used, when it expires and whether it was revoked."""

    __tablename__ = "member_session"

    id: int | None = Field(default=None, primary_key=True)
    token_hash: str = Field(max_length=64, unique=True)
    member_id: int = Field(foreign_key="member.id", index=True, ondelete="CASCADE")
    created_at: datetime = Field(default_factory=utcnow)
    last_used: datetime = Field(default_factory=utcnow)
    expires_at: datetime
    revoked: bool = Field(default=False)
# --- end members


# --- idempotency: the answers the league server keeps for writes sent with an
# Idempotency-Key (server helper, #35 item 6; db/idempotency.py). A row is written in the
# transaction of the change it answers (the unit of work's commit), so it exists exactly
# when the change does; the answer is added right after. Not journaled, not exported:
# server bookkeeping that expires in a day, not the league's data.
class IdempotencyKey(SQLModel, table=True):
    """One keyed write of a member: the key the client sent, a SHA-256 of the use-case
    and its arguments, the answer (status and JSON body; None while the request is still
    running, or if the server stopped between the commit and keeping the answer) and
    when it was made (keys expire: :data:`db.idempotency.KEEP`)."""

    __tablename__ = "idempotency_key"
    __table_args__ = (UniqueConstraint("member", "key", name="uq_idempotency_key_member_key"),
                      Index("ix_idempotency_key_created_at", "created_at"))

    id: int | None = Field(default=None, primary_key=True)
    member: str = Field(max_length=63)
    key: str = Field(max_length=200)
    request_hash: str = Field(max_length=64)
    status: int | None = Field(default=None)
    body: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    created_at: datetime = Field(default_factory=utcnow)
# --- end idempotency


# --- devices: phones and tablets invited to the table (invite helper, #29). A device
# token is scoped to one battle and one of its rosters; only its SHA-256 is stored (like
# member sessions). Not journaled, not exported (credentials, not the game: see
# docs/league.md, "At the table").
class DeviceInvite(SQLModel, table=True):
    """An invitation to the table (the QR code): reusable until it expires, is revoked,
    or its battle is finished; each join makes a :class:`DeviceSession`."""

    __tablename__ = "device_invite"

    id: int | None = Field(default=None, primary_key=True)
    token_hash: str = Field(max_length=64, unique=True)
    battle_id: int = Field(foreign_key="battle.id", index=True, ondelete="CASCADE")
    roster_id: int = Field(foreign_key="roster.id", index=True, ondelete="CASCADE")
    created_by: str | None = Field(default=None, max_length=63)  # the member, or None (the desktop)
    created_at: datetime = Field(default_factory=utcnow)
    expires_at: datetime
    revoked: bool = Field(default=False)


class DeviceSession(SQLModel, table=True):
    """A device that joined by an invite: the SHA-256 of its session token (the
    ``ca_session`` cookie), its invite, made, last used, expires (with its invite)."""

    __tablename__ = "device_session"

    id: int | None = Field(default=None, primary_key=True)
    token_hash: str = Field(max_length=64, unique=True)
    invite_id: int = Field(foreign_key="device_invite.id", index=True, ondelete="CASCADE")
    created_at: datetime = Field(default_factory=utcnow)
    last_used: datetime = Field(default_factory=utcnow)
    expires_at: datetime
    revoked: bool = Field(default=False)
# --- end devices
