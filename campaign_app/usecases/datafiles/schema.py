"""The campaign JSON document as pydantic v2 models: its fields, their order, types,
ranges and defaults. ``docs/json-format.md`` is generated from these models:

    python -m campaign_app.usecases.datafiles --markdown > docs/json-format.md

They are what a valid document is: its keys, types, ranges, lengths and required fields.
The import (validate.py) checks a whole document once with :func:`document_adapter`, the
same fields as plain dicts (no model instances: fast on 50,000 rolls); it adds only what
crosses rows or needs the installed systems or the database. The models (strict: no
``"3"`` for 3) accept every document export writes."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from datetime import UTC, date, datetime
from functools import cache
from itertools import chain
from operator import methodcaller
from typing import Annotated, Any, Literal, NotRequired, Required, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, PlainValidator, TypeAdapter
from pydantic_core import PydanticCustomError
from typing_extensions import TypedDict

from campaign_app.textlimits import INVISIBLE_CLASS
from campaign_app.usecases.common import (
    BATTLES_RANGE,
    CREDITS_RANGE,
    FIGURES_RANGE,
    INT_MAX,
    MAX_NAME,
    MAX_TEXT,
    REPUTATION_RANGE,
    XP_RANGE,
)
from campaign_app.usecases.counters import COUNTER_RANGE
from db.models import text_length

FORMAT = "campaign_app/campaign"
BACKUP_FORMAT = "campaign_app/backup"
SCHEMA_VERSION = 1

import db.models  # noqa: E402,F401  (the tables, for the column lengths)


@cache
def column_limit(table: str, column: str) -> int:
    """The length of a text column (MAX_TEXT when it has none)."""
    return text_length(table, column) or MAX_TEXT


# a name: not empty, no spaces around it, no control characters and no invisible format
# characters (campaign_app.textlimits.INVISIBLE_RANGES: bidi controls, zero-width spaces,
# tags); checked in pydantic-core; the import words the problem from the value, see validate.py
_NOT_NAME = f"\\x00-\\x1f{INVISIBLE_CLASS}"
NAME_PATTERN = f"^[^{_NOT_NAME}\\s](?:[^{_NOT_NAME}]*[^{_NOT_NAME}\\s])?$"
FACES_PATTERN = r"^(\d+(,\d+)*)?$"
ROLL_SOURCES = ("random", "seeded", "typed")  # what a roller records (campaign_app.dice)
# note: a chained note record (record helper); mark: a chained mark record (#35 item 4)
SOURCE_PATTERN = f"^({'|'.join((*ROLL_SOURCES, 'note', 'mark'))})$"
MARK_PATTERN = "^(preview|abandoned|applied|undone|note|mark)$"
FIRST_MARK_PATTERN = "^(preview|abandoned|applied|undone|note|mark)?$"
HASH_PATTERN = "^([0-9a-f]{64})?$"


def _text(table: str | None, column: str | None = None, default: str = "", notes: str = "",
          limit: int | None = None, name: bool = False) -> Any:
    n = limit or (column_limit(table, column) if table and column else MAX_TEXT)
    extra: dict[str, Any] = {"name": True} if name else {}
    return Field(default, max_length=n, pattern=NAME_PATTERN if name else None, description=notes,
                 json_schema_extra=extra or None)


def _required_text(table: str | None, column: str | None = None, notes: str = "", limit: int | None = None,
                   name: bool = False) -> Any:
    n = limit or (column_limit(table, column) if table and column else MAX_TEXT)
    extra: dict[str, Any] = {"name": True} if name else {}
    return Field(..., max_length=n, pattern=NAME_PATTERN if name else None, description=notes,
                 json_schema_extra=extra or None)


def _int(lo: int = -INT_MAX, hi: int = INT_MAX, default: Any = 0, notes: str = "") -> Any:
    return Field(default, ge=lo, le=hi, description=notes)


def _ref(kind: str, notes: str = "") -> Any:
    return Field(None, max_length=40, description=notes, json_schema_extra={"ref": kind})


def _define() -> Any:
    return Field(..., min_length=1, max_length=40, json_schema_extra={"define": True})


def _now(notes: str = "") -> Any:
    return Field(None, description=notes, json_schema_extra={"shown_default": "now"})


def _utc(t: datetime) -> datetime:
    # stored in UTC (naive means UTC); out-of-range offsets fail here, not in the insert
    return t.replace(tzinfo=UTC) if t.utcoffset() is None else t.astimezone(UTC)


def _when(v: Any) -> datetime | None:
    """An ISO date-time (text) as a UTC datetime; null stays null (the import's time)."""
    if v is None:
        return None
    if type(v) is str:
        try:
            t = datetime.fromisoformat(v)
            return t if t.tzinfo is UTC else _utc(t)
        except (ValueError, OverflowError):
            pass
    elif isinstance(v, datetime):  # a model built in Python
        return _utc(v)
    raise PydanticCustomError("app", "{v} is not a date and time (YYYY-MM-DDTHH:MM:SS)",
                              {"v": _short(v)})


_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def _day(v: Any) -> date | None:
    """An ISO date (text); null stays null (today)."""
    if v is None or (type(v) is date):
        return v  # type: ignore[no-any-return]
    if isinstance(v, str) and _DAY.fullmatch(v):
        try:
            return date.fromisoformat(v)
        except ValueError:
            pass
    raise PydanticCustomError("app", "{v} is not a date (YYYY-MM-DD)", {"v": _short(v)})


def _short(v: Any, n: int = 40) -> str:
    text = repr(v)
    return text if len(text) <= n else text[: n - 3] + "..."


When = Annotated[datetime | None, PlainValidator(_when)]
Day = Annotated[date | None, PlainValidator(_day)]

Names = Annotated[list[Annotated[str, Field(max_length=MAX_NAME)]], "list of text"]
Texts = Annotated[list[Annotated[str, Field(max_length=MAX_TEXT)]], "list of text"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


# --- counters: the campaign's own counters, kept per roster (counters helper)
class CounterDoc(_Model):
    """campaign.counters[] (a counter every roster holds; e.g. a Terror Level)"""

    name: str = _required_text(None, limit=60, name=True, notes="unique in the campaign (any case)")
    start: int = _int(*COUNTER_RANGE, notes="the value a roster holds until it changes")
    min: int = _int(*COUNTER_RANGE, notes="the lowest value; at most `start`")
    max: int = _int(*COUNTER_RANGE, 10, notes="the highest value; at least `start`")
# --- end counters


class CampaignInfo(_Model):
    """campaign"""

    name: str = _required_text(None, limit=MAX_NAME, name=True, notes=(
        "must not be used by another campaign of the database (or use `--rename`)"))
    system: str = _required_text(None, limit=40, notes="an installed game system's id")
    edition: str = _text(None, limit=40, notes="one of the system's editions")
    expansions: Annotated[list[Annotated[str, Field(max_length=40)]], "list of text"] = Field(
        default_factory=list, description="expansions of the system, each once")
    cycle: int = _int(1, 10_000, 1, "campaign cycle")
    stat_line: int = _int(1, 2, 1, (
        "how the fighters' characteristics are written: 2 (this app) as the edition's rules data "
        "has them now; 1 (a file written before): converted on import as the rules data says "
        "(`old_target_sum`, `old_default`: Necromunda n26's Ld, Cl, Wil, Int and Save)"))
    notes: str = _text(None)
    created_at: When = _now()
    house_rules: dict[str, Any] = Field(default_factory=dict, description=(
        "table id → table in the rules format (`docs/rules-format.md`); each must be a table "
        "the campaign has, valid, and keep its dice"))
    counters: list[CounterDoc] = Field(default_factory=list, description="see campaign.counters[]")
    # the campaign's settings (``campaign settings``)
    dice_discipline: Literal["open", "strict"] = Field("open", description=(
        "`open`: a player may type in real dice; `strict`: only the app (the league's server) rolls"))
    typed_dice: bool = Field(True, description="typed-in faces are allowed where the discipline lets them")
    roster_rules: Literal["checked", "loose"] = Field("checked", description=(
        "`checked`: recruiting keeps the game's gang composition rules; `loose`: nothing is checked"))


class WalkerType(_Model):
    """walker_types[]"""

    ref: str = _define()
    name: str = _required_text("walker_type", "name", "unique in the campaign", name=True)
    nation: str = _text("walker_type", "nation")
    armour_front: int = _int(0, 1000)
    armour_side: int = _int(0, 1000)
    gun1: str = _text("walker_type", "gun1")
    gun2: str = _text("walker_type", "gun2")
    aa_mg: bool = False
    hull_mg: bool = False
    speed_road: int = _int(0, 1000)
    speed_cc: int = _int(0, 1000)
    crew: int = _int(0, 100, 3)
    notes: str = _text(None)


class Equipment(_Model):
    """equipment (of a fighter or a unit)"""

    name: str = _required_text("equipment", "name", name=True)
    category: str = _text("equipment", "category", "weapon")
    range: str = _text("equipment", "range")
    targets: int | None = _int(default=None)
    impact: int | None = _int(default=None)
    fp: int | None = _int(default=None)
    strength: str = _text("equipment", "strength")
    ap: str = _text("equipment", "ap")
    traits: Names = Field(default_factory=list)
    qty: int = _int(0, 100_000, 1)
    cost: int = _int(0)
    notes: str = _text(None)


class Skill(_Model):
    """skills (of a fighter)"""

    name: str = _required_text("skill", "name", name=True)
    source: str = _text("skill", "source")


class Injury(_Model):
    """injuries (lasting injuries of a fighter)"""

    table: str = _required_text("lasting_injury", "table_id", "the table id")
    roll: int = _int(default=...)
    faces: str = _text("lasting_injury", "faces")
    result: str = _required_text("lasting_injury", "result")
    label: str = _text("lasting_injury", "label")
    battle: str | None = _ref("battle")
    roll_record: str | None = _ref("roll")
    effects_applied: Texts = Field(default_factory=list)
    effects_skipped: Texts = Field(default_factory=list)
    created_at: When = _now()


class Fighter(_Model):
    """rosters[].fighters[]"""

    ref: str = _define()
    name: str = _required_text("fighter", "name", name=True)
    type: str = _text("fighter", "fighter_type", notes="one of the system's fighter types")
    role: str = _text("fighter", "role")
    kind: str = _text("fighter", "kind", "human", notes="one of the system's kinds")
    rep: int | None = _int(1, 6, None, "only in a system that uses Rep; fixed for some kinds")
    stats: dict[str, Any] = Field(default_factory=dict, description=(
        "characteristic → value; the system's characteristics (for its edition and kind) are "
        "range-checked (`WS: 7 is above 6`) and no others are allowed; a system that names none "
        "allows any key holding a number or text"))
    xp: int = _int(*XP_RANGE)
    credits_value: int = _int(*CREDITS_RANGE)
    rank: int = _int(0, 100, 0, "the last XP rank claimed, in editions that advance by XP ranks (0: none)")
    advances: dict[str, Annotated[int, Field(ge=0, le=100)]] = Field(default_factory=dict, description=(
        "characteristic → how many times it was advanced (the repeat cost and the limits past "
        "the basic profile read it); absent: none"))
    status: str = _text(None, limit=40, default="active", notes=(
        "`active`, `in-recovery`, `convalescence`, `captured`, `dead`, `lost`, `turned`, `retired`"))
    status_note: str = _text(None)
    captured_by: str | None = _ref("roster")
    walker_type: str | None = _ref("walker type")
    crew_of: str | None = _ref("fighter", "the walker this fighter crews")
    abilities: Texts = Field(default_factory=list)
    conditions: Texts = Field(default_factory=list)
    notes: str = _text(None)
    created_at: When = _now()
    equipment: list[Equipment] = Field(default_factory=list, description="see equipment")
    skills: list[Skill] = Field(default_factory=list, description="see skills")
    injuries: list[Injury] = Field(default_factory=list, description="see injuries")


class Unit(_Model):
    """rosters[].units[]"""

    ref: str = _define()
    name: str = _required_text("unit", "name", name=True)
    unit_type: str = _text("unit", "unit_type", "infantry")
    training: str = _text("unit", "training")
    figures: int = _int(*FIGURES_RANGE, 1)
    figures_start: int = _int(*FIGURES_RANGE, 1)
    wounded: int = _int(*FIGURES_RANGE)
    armour: str = _text("unit", "armour")
    discipline: str = _text("unit", "discipline")
    order: str = _text("unit", "order")
    status: str = _text("unit", "status", "active")
    battles_fought: int = _int(*BATTLES_RANGE)
    stats: dict[str, Any] = Field(default_factory=dict)
    notes: str = _text(None)
    created_at: When = _now()
    equipment: list[Equipment] = Field(default_factory=list, description="see equipment")


# --- gear: a roster's stash and ledger, a campaign's content packs (gear helper)
class StashEntry(_Model):
    """rosters[].stash[] (items the gang holds)"""

    name: str = _required_text("stash_item", "name", name=True)
    category: str = _text("stash_item", "category", "wargear")
    qty: int = _int(1, 100_000, 1)
    cost: int = _int(0)
    notes: str = _text(None)


class LedgerLine(_Model):
    """rosters[].ledger[] (every movement of the roster's credits, oldest first)"""

    amount: int = _int(-CREDITS_RANGE[1], CREDITS_RANGE[1], default=...)
    balance: int = _int(*CREDITS_RANGE, default=...)
    kind: str = _text("ledger_entry", "kind", "credits")
    why: str = _text("ledger_entry", "why")
    item: str = _text("ledger_entry", "item")
    fighter: str | None = _ref("fighter")
    battle: str | None = _ref("battle")
    created_at: When = _now()


class TerritoryDoc(_Model):
    """rosters[].territories[] (what each gives every battle)"""

    name: str = _required_text("territory", "name", name=True)
    credits: int = _int(0, 100_000)
    dice: str = _text("territory", "dice", notes="e.g. `D6x10`; `\"\"` = no roll")
    rule: str = _text(None)


class ContentPackDoc(_Model):
    """content_packs[] (catalogue items a campaign added: docs/content-packs.md)"""

    name: str = _required_text("content_pack", "name", name=True)
    items: dict[str, Any] = Field(default_factory=dict, description="key -> item, as in a pack file")
    notes: str = _text(None)
    created_at: When = _now()
# --- end gear


# --- records: what the campaign's game system keeps of its own (records helper)
class RecordDoc(_Model):
    """records[] (what the campaign's game system keeps of its own: docs/writing-a-system.md)"""

    kind: str = Field(..., min_length=1, max_length=column_limit("system_record", "kind"), description=(
        "a record kind of the campaign's game system (`GameSystem.records`)"))
    roster: str | None = _ref("roster", "the roster that holds it; null: the campaign's own")
    data: dict[str, Any] = Field(default_factory=dict, description=(
        "its fields, checked by the game system's model of the kind"))
    created_at: When = _now()
# --- end records


class Roster(_Model):
    """rosters[]"""

    ref: str = _define()
    name: str = _required_text("roster", "name", "unique in the campaign", name=True)
    kind: str = Field("", max_length=20, description="one of the system's roster kinds",
                      json_schema_extra={"shown_default": "the system's default"})
    faction: str = _text("roster", "faction")
    player: str = _text("roster", "player")
    credits: int = _int(*CREDITS_RANGE)
    reputation: int = _int(*REPUTATION_RANGE)
    notes: str = _text(None)
    created_at: When = _now()
    # --- league: the PostgreSQL login role that owns the roster (league helper)
    owner: str | None = Field(None, max_length=63, description="a league player's login role "
                              "(PostgreSQL league mode, see docs/league.md); left out: nobody's")
    # --- end league
    counters: dict[str, Any] = Field(default_factory=dict, description=(
        "counter name → this roster's value (whole number); each a counter of `campaign.counters` "
        "within its limits; a counter left out stands at its start"))
    fighters: list[Fighter] = Field(default_factory=list)
    units: list[Unit] = Field(default_factory=list)
    stash: list[StashEntry] = Field(default_factory=list)  # gear
    ledger: list[LedgerLine] = Field(default_factory=list)  # gear
    territories: list[TerritoryDoc] = Field(default_factory=list)  # gear


class BattleRoster(_Model):
    """battles[].rosters[]"""

    roster: str = Field(..., max_length=40, description="each roster once",
                        json_schema_extra={"ref": "roster"})
    result: str = _text("battle_roster", "result", notes="`win`, `loss`, `draw` or `\"\"`")


class BattleResult(_Model):
    """battles[].results[]"""

    fighter: str | None = _ref("fighter")
    unit: str | None = _ref("unit")
    status: str = _required_text("battle_result", "status")
    scored_hit: bool = False
    by_fighter: str | None = _ref("fighter")
    casualties: int = _int(*FIGURES_RANGE)
    details: dict[str, Any] = Field(default_factory=dict)


class BattleMark(_Model):
    """battles[].marks[] (what was marked during a game at the table, in order)"""

    kind: str = _required_text("battle_mark", "kind", "`status`, `hit`, `casualties`, `arrival`")
    fighter: str | None = _ref("fighter")
    unit: str | None = _ref("unit")
    by_fighter: str | None = _ref("fighter")
    value: str = _text("battle_mark", "value", notes="the new status, the casualties so far, who arrived")
    before: str = _text("battle_mark", "before", notes="what it replaced")
    created_at: When = _now()


class Battle(_Model):
    """battles[]"""

    ref: str = _define()
    number: int = _int(1, INT_MAX, ..., "unique in the campaign")
    played_on: Day = Field(None, json_schema_extra={"shown_default": "today"})
    scenario: str = _text("battle", "scenario")
    outcome: str = _text("battle", "outcome")
    winner: str | None = _ref("roster")
    cycle: int = _int(1, 10_000, 1)
    notes: str = _text(None)
    after_battle_done: bool = False
    created_at: When = _now()
    rosters: list[BattleRoster] = Field(default_factory=list)
    results: list[BattleResult] = Field(default_factory=list)
    # --- table: battle setup and tracking
    state: str = Field("finished", pattern="^(setup|in-progress|finished)$",
                       description="`setup`, `in-progress` or `finished`")
    attacker: str | None = _ref("roster")
    setup: dict[str, Any] = Field(default_factory=dict, description="how the setup went (scenario roll, crews)")
    marks: list[BattleMark] = Field(default_factory=list)


class Roll(_Model):
    """rolls[] (the roll record)"""

    ref: str = _define()
    created_at: When = _now()
    battle: str | None = _ref("battle")
    fighter: str | None = _ref("fighter")
    unit: str | None = _ref("unit")
    subject: str = _text("roll_record", "subject")
    purpose: str = _text(None)
    rule: str = _text("roll_record", "rule")
    dice: str = _required_text("roll_record", "dice", "e.g. `2d6`")
    faces: str = Field(..., max_length=column_limit("roll_record", "faces"), pattern=FACES_PATTERN,
                       description="e.g. `3,5`")
    source: str = Field(..., max_length=column_limit("roll_record", "source"), pattern=SOURCE_PATTERN,
                        description="`random`, `seeded` or `typed`")
    target: int | None = _int(default=None)
    value: int = _int(default=...)
    table: str = _text("roll_record", "table_id")
    row: str = _text("roll_record", "row")
    result: str = _text("roll_record", "result")
    label: str = _text("roll_record", "label")
    action: str = _text("journal", "action", notes=(
        "the action the roll belonged to, e.g. `battle.after`; `\"\"` for a plain `roll`"))
    undone: bool = Field(False, description="true if that action was undone; needs an `action`")
    # --- record: marks, steps and the hash chain (record helper; docs/data-safety.md)
    mark: str = Field("applied", pattern=MARK_PATTERN, description=(
        "`preview`, `abandoned`, `applied`, `undone`, `note` (a chained note record) or `mark` (a chained "
        "mark record: the roll whose hash is its `label` is now marked its `result`); the mark now, not hashed "
        "itself: its changes are mark records"))
    step: str = _text("roll_record", "step", notes="what the dice were rolled for, e.g. `after-battle:3`")
    face_pos: int | None = _int(0, INT_MAX, default=None, notes="the step's first face this roll took")
    v: int = _int(0, 1, default=0, notes=(
        "what the hash covers: 0 (written before marks were hashed), 1 (also `v` and `first_mark`)"))
    first_mark: str = Field("", max_length=column_limit("roll_record", "first_mark"), pattern=FIRST_MARK_PATTERN,
                            description="the mark the roll was written with (hashed when `v` is 1)")
    prev_hash: str = Field("", pattern=HASH_PATTERN, description="the hash of the roll before it (`\"\"`: the first)")
    hash: str = Field("", pattern=HASH_PATTERN, description=(
        "SHA-256 of the roll's content and `prev_hash`; checked on import (`\"\"`: a file without a chain)"))


class CampaignDocument(_Model):
    """Top level"""

    format: str = Field(..., pattern=f"^{FORMAT}$", description=f"exactly `{FORMAT}`")
    schema_version: int = Field(..., ge=1, le=SCHEMA_VERSION, description=(
        f"this app writes and reads {SCHEMA_VERSION}"))
    campaign: CampaignInfo
    walker_types: list[WalkerType] = Field(default_factory=list)
    rosters: list[Roster] = Field(default_factory=list)
    battles: list[Battle] = Field(default_factory=list)
    rolls: list[Roll] = Field(default_factory=list)
    content_packs: list[ContentPackDoc] = Field(default_factory=list)  # gear
    records: list[RecordDoc] = Field(default_factory=list, description=(  # records helper
        "what the campaign's game system keeps of its own (`[]`: nothing)"))
    worth: dict[str, dict[str, int]] = Field(default_factory=dict, description=(  # gear
        "roster ref -> `rating`, `credits`, `stash`, `wealth` as exported; derived, ignored on import"))


class BackupDocument(_Model):
    """Backup form"""

    format: str = Field(..., pattern=f"^{BACKUP_FORMAT}$", description=f"exactly `{BACKUP_FORMAT}`")
    schema_version: int = Field(..., ge=1, le=SCHEMA_VERSION)
    created_at: When = _now()
    campaigns: list[CampaignDocument] = Field(default_factory=list)


@cache
def row_type(model: type[BaseModel]) -> Any:
    """``model`` as a TypedDict of the same fields (types, constraints, defaults; nested
    models as their row types): pydantic-core checks it without building model instances
    and gives plain dicts with every field, defaults filled in. Unknown keys are left for
    the caller to find (:func:`unknown_keys`: a set comparison per list, much faster than
    pydantic-core's key-by-key check on 50,000 rolls)."""
    fields: dict[str, Any] = {}
    for key, info in model.model_fields.items():
        ann = _row_annotation(info.annotation)
        fields[key] = (Required if info.is_required() else NotRequired)[Annotated[ann, info]]
    make: Any = TypedDict
    td: Any = make(f"{model.__name__}Row", fields)
    td.__pydantic_config__ = ConfigDict(strict=True, extra="ignore")  # unknown keys: see unknown_keys
    return td


def _row_annotation(ann: Any) -> Any:
    if isinstance(ann, type) and issubclass(ann, BaseModel):
        return row_type(ann)
    if get_origin(ann) is list:
        (item,) = get_args(ann)
        if isinstance(item, type) and issubclass(item, BaseModel):
            return list[row_type(item)]  # type: ignore[misc]
    return ann


@cache
def _nested(model: type[BaseModel]) -> tuple[tuple[str, type[BaseModel], bool], ...]:
    """(field, model, is a list) of the fields holding records."""
    out = []
    for key, info in model.model_fields.items():
        ann = info.annotation
        if isinstance(ann, type) and issubclass(ann, BaseModel):
            out.append((key, ann, False))
        elif get_origin(ann) is list:
            (item,) = get_args(ann)
            if isinstance(item, type) and issubclass(item, BaseModel):
                out.append((key, item, True))
    return tuple(out)


def unknown_keys(model: type[BaseModel], value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The paths of keys in ``value`` (a parsed ``model`` record) that no model has (the
    models forbid them), in document order; values of the wrong type are skipped (the
    models name them)."""
    if type(value) is not dict or _plain(model, [value]):
        return
    fields = model.model_fields
    if not fields.keys() >= value.keys():
        yield from (path + (k,) for k in value if k not in fields)
    for key, sub, many in _nested(model):
        v = value.get(key)
        if not many:
            yield from unknown_keys(sub, v, path + (key,))
        elif type(v) is list and v:
            for i, x in enumerate(v):
                yield from unknown_keys(sub, x, path + (key, i))


def _plain(model: type[BaseModel], items: list[Any]) -> bool:
    """Whether ``items`` are records with only ``model``'s keys, and so are all records
    within them: level by level, at C speed."""
    if not items:
        return True
    if set(map(type, items)) != {dict} or not set().union(*items) <= fields_of(model):
        return False
    for key, sub, many in _nested(model):
        vals = list(map(methodcaller("get", key), items))
        if many:
            if not set(map(type, vals)) <= {list, type(None)}:
                return False
            vals = list(chain.from_iterable(filter(None, vals)))
        else:
            vals = [v for v in vals if v is not None]
        if not _plain(sub, vals):
            return False
    return True


@cache
def fields_of(model: type[BaseModel]) -> frozenset[str]:
    return frozenset(model.model_fields)


@cache
def document_adapter() -> TypeAdapter[Any]:
    """Checks a whole campaign document (parsed JSON) against the models in one call."""
    return TypeAdapter(row_type(CampaignDocument))


# =========================================================================== the document's doc
def _type_label(info: Any) -> str:
    extra = info.json_schema_extra or {}
    if "ref" in extra:
        return f"{extra['ref']} ref" + (" or null" if info.default is None else "")
    ann = info.annotation
    nullable = False
    if get_origin(ann) is not None and type(None) in get_args(ann) and get_origin(ann) is not list:
        nullable = True
        ann = next(a for a in get_args(ann) if a is not type(None))
    lo = hi = None
    for m in info.metadata:
        lo = getattr(m, "ge", lo)
        hi = getattr(m, "le", hi)
    if ann is str:
        label = "text"
    elif ann is bool:
        label = "true/false"
    elif ann is int:
        if lo is not None and hi is not None and hi < INT_MAX:
            label = f"integer {lo}..{hi}"
        elif lo is not None and lo > -INT_MAX:
            label = f"integer ≥ {lo}"
        else:
            label = "integer"
    elif ann is datetime:
        label = "date-time"
    elif ann is date:
        label = "date"
    elif get_origin(ann) is dict:
        label = "object"
    elif get_origin(ann) is list:
        (item,) = get_args(ann)
        label = "list" if isinstance(item, type) and issubclass(item, BaseModel) else "list of text"
    elif get_origin(ann) is Annotated:
        label = "list of text"
    else:  # pragma: no cover - a new kind of field
        label = str(ann)
    return label + (" or null" if nullable else "")


def _default_label(info: Any) -> str:
    extra = info.json_schema_extra or {}
    if "shown_default" in extra:
        return str(extra["shown_default"])
    if info.is_required():
        return "required"
    if info.default_factory is not None:
        return f"`{info.default_factory()!r}`".replace("'", '"').replace("{}", "{}")
    v = info.default
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return f'`"{v}"`' if not v else f"`{v}`"
    return str(v)


def _notes(info: Any) -> str:
    parts = []
    for m in info.metadata:
        n = getattr(m, "max_length", None)
        if n is not None and info.annotation in (str, str | None) and not (info.json_schema_extra or {}).get("ref"):
            parts.append(f"at most {n:,} characters")
    if (info.json_schema_extra or {}).get("name"):
        parts.append("a name (see common rules)")
    if info.description:
        parts.append(info.description)
    return "; ".join(parts)


def field_table(model: type[BaseModel]) -> str:
    rows = ["| field | type | default | notes |", "|---|---|---|---|"]
    for key, info in model.model_fields.items():
        rows.append(f"| `{key}` | {_type_label(info)} | {_default_label(info)} | {_notes(info)} |")
    return "\n".join(rows)


_INTRO = f"""\
<!-- generated from campaign_app/usecases/datafiles/schema.py: do not edit; run
     python -m campaign_app.usecases.datafiles --markdown > docs/json-format.md -->
# Campaign JSON format (schema_version {SCHEMA_VERSION})

`campaign-app export json CAMPAIGN -o FILE.json` writes one whole campaign in this
format; `campaign-app import json FILE.json [--rename NAME]` reads it back as a new
campaign. A PostgreSQL `backup` (and any JSON `restore`) uses the *backup* form at the
end of this page, which holds several campaign documents.

The file is UTF-8 JSON. Export is stable: rows come in database order, references are
numbered in document order, and keys always appear in the order shown here, so
exporting, importing into an empty database and exporting again gives the same file.

## Top level

```json
{{
  "format": "{FORMAT}",
  "schema_version": {SCHEMA_VERSION},
  "campaign": {{ ... }},
  "walker_types": [ ... ],
  "rosters": [ ... ],
  "battles": [ ... ],
  "rolls": [ ... ]
}}
```

- `format` must be exactly `{FORMAT}`.
- `schema_version` is a whole number. This app writes {SCHEMA_VERSION} and reads {SCHEMA_VERSION}; a file with a
  higher number is refused ("upgrade campaign_app"). A future version that changes the
  format raises the number and keeps reading older files.
- `walker_types`, `rosters`, `battles` and `rolls` may be left out (empty).

## References

Rows point at each other with **document-local references**, never database ids. A row
that can be pointed at has a `ref`: a short text (1 to 40 characters) unique among rows
of its kind. Export numbers them `w1, w2...` (walker types), `r1...` (rosters), `f1...`
(fighters, across all rosters), `u1...` (units), `b1...` (battles) and `d1...` (rolls);
a hand-written file may use any text. A reference field holds the `ref` or `null`.

## Common rules

- Unknown fields are refused (a typo is reported, not silently dropped).
- Text: at most the length shown (names 200, most short fields 40-200 characters),
  notes at most {MAX_TEXT:,} characters; no NUL characters. Names are not empty, have no
  spaces around them, no control characters and no invisible format characters (bidi
  controls such as U+202E, zero-width spaces, tags; U+200C and U+200D, which scripts and
  emoji need, are allowed).
- Whole numbers are JSON integers (not `"3"`, not `3.0`) and fit the field's range.
- `created_at` is an ISO date-time (`2026-05-01T19:30:00` or with `+00:00`); if left
  out, the time of the import. `played_on` is an ISO date (`2026-05-01`).
- Fields left out take the defaults shown below.
"""

_AFTER_ROLLS = """\
Imported rolls keep their action and undone mark; the import itself is the campaign's
first action, so `undo` never goes back past it.
"""

_OUTRO = f"""\
## Limits

A file of up to 50 MB is read whole and refused before anything is written to the
database when it nests deeper than 20 levels, holds a text longer than {MAX_TEXT:,} characters,
a list or object of more than 250,000 items, more than 6,000,000 values in all, a number
beyond 64 bits, `NaN`/`Infinity`, or text that is not valid Unicode.

A larger file (a national league's export runs to gigabytes) is **streamed**: read
section by section, each record checked against the same limits (nesting, text length,
items of a list within a record; at most 250,000 rosters or battles and 100,000,000 rolls)
and written in chunks inside one transaction, so any problem anywhere, even in the last
roll, writes nothing. No single text or number may take more than 256 KB of the file
(checked on the raw bytes before the parser holds it). The top-level sections may come in
any order; a top-level key other than those above that comes after `rosters`, `battles`,
`rolls`, `content_packs` or `worth` is not noticed, and a list given twice is read as one.
Problems are reported to the end of the section where the first one is found.

## Errors

Import checks the whole document before writing and reports every problem (up to 200)
with its path, for example:

```
error: league.json: 3 problems, nothing was imported:
  rosters[2].fighters[5].rep: 9 is above 6
  rosters[2].fighters[6].stats.WS: 7 is above 6
  battles[0].winner: no roster has ref 'r9'
```

On any problem nothing is written. `--json` prints all problems as a list.

## Backup form

```json
{{
  "format": "{BACKUP_FORMAT}",
  "schema_version": {SCHEMA_VERSION},
  "created_at": "2026-05-01T19:30:00+00:00",
  "campaigns": [ {{ "format": "{FORMAT}", ... }}, ... ]
}}
```

{{backup_table}}

`campaign-app backup` writes this on a PostgreSQL database. `campaign-app restore
FILE.json` checks every campaign in it, saves the current database, then replaces all
campaigns with these in one transaction. A SQLite backup file can also be restored into
a PostgreSQL database (its campaigns replace all).

## What is saved imports again

One set of limits serves every way in: what a command or the GUI saves (a name, a note, a
house rule), what an import reads and what a restore accepts. Names are at most 200
characters, other text at most its column's length (20,000 where it has none), none holds
a NUL character or an unpaired surrogate; house-rule tables keep the limits of
`docs/rules-format.md`. So whatever was saved exports to this format and imports back
equal; whatever is refused writes nothing. A property test drives every writing use-case
with generated values to check it (`tests/campaign_app/test_saved_exports.py`).

Beyond the fields, an import refuses what no command can make: a roll whose `source` is
not `random`, `seeded` or `typed` (a forged log), a fighter crewing itself or one that is
crew itself (so no crew cycles), a figure given two results in one battle, and a house rule
whose bands run outside its dice or whose "roll again" names a table the campaign lacks.

## Restoring a SQLite file

`campaign-app restore FILE.sqlite` trusts nothing in the file. Before anything is
replaced it must pass SQLite's integrity and foreign-key checks; hold, after any upgrade
of an older revision on a scratch copy, exactly the schema this app's migrations make
(the same tables, columns with their types, not-null flags, defaults and keys, indexes and
foreign keys, and no triggers or views: a trigger could undo edits or rewrite typed
dice); hold in every row values of their column's type and length (no text in a number
column, no NUL, valid JSON, dates that are dates, row versions from 1); and every campaign
in it must pass the checks of a JSON import above, its roll hash chain intact (a restore,
unlike an import, cannot accept a broken chain). Any failure is one line naming it, and
the current database is left byte for byte as it was (`tests/db/test_restore_hostile.py`,
`tests/db/test_restore_chain.py`).
"""

_SECTIONS: tuple[tuple[type[BaseModel], str], ...] = (
    (CampaignInfo, "## campaign"),
    (CounterDoc, "### campaign.counters[]"),
    (WalkerType, "## walker_types[]"),
    (Roster, "## rosters[]"),
    (Fighter, "### rosters[].fighters[]"),
    (Equipment, "### equipment (of a fighter or a unit)"),
    (Skill, "### skills (of a fighter)"),
    (Injury, "### injuries (lasting injuries of a fighter)"),
    (Unit, "### rosters[].units[]"),
    (StashEntry, "### rosters[].stash[]"),
    (LedgerLine, "### rosters[].ledger[]"),
    (TerritoryDoc, "### rosters[].territories[]"),
    (Battle, "## battles[]"),
    (BattleRoster, "### battles[].rosters[]"),
    (BattleResult, "### battles[].results[]"),
    (BattleMark, "### battles[].marks[]"),
    (Roll, "## rolls[] (the roll record)"),
    (ContentPackDoc, "## content_packs[]"),
    (RecordDoc, "## records[]"),
)


def markdown() -> str:
    """docs/json-format.md, from the models."""
    parts = [_INTRO]
    for model, title in _SECTIONS:
        parts.append(f"{title}\n\n{field_table(model)}\n")
        if model is Roll:
            parts.append(_AFTER_ROLLS)
    parts.append(_OUTRO.replace("{backup_table}", "The backup's own fields:\n\n" + field_table(BackupDocument)))
    return "\n".join(parts)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args != ["--markdown"]:
        print("usage: python -m campaign_app.usecases.datafiles --markdown", file=sys.stderr)
        return 2
    sys.stdout.write(markdown())
    return 0
