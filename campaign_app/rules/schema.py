"""The rules data files (docs/rules-format.md) as pydantic v2 models: which keys a
file, a table and a row may have and of what type. A wrong type or a missing or unknown
key is a one-line :class:`RulesDataError` with its path, e.g.
``<file>.toml: tables.<table>.rows[2].roll: ...`` (indexes count from 0, as in the
JSON import's messages); a house rule's says ``house rule: tables.<id>...``.

The loader (:mod:`campaign_app.rules.loader`) keeps the checks of meaning: the rows
cover the dice exactly once, the effect ops and their values, unique table ids. Other
top-level sections of a file (weapons, creatures...) stay free-form."""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from campaign_app.dice import parse_spec
from campaign_app.errors import DiceError, RulesDataError
from campaign_app.textlimits import MAX_NAME, MAX_TEXT, text_problem, value_problem

KEY = re.compile(r"^[a-z0-9][a-z0-9-]*$")
RANGE = re.compile(r"^\s*(-?\d+)\s*(?:(-)\s*(\d+)|(\+))?\s*$")
OPEN_HIGH = 999  # the high end of an open "7+" row
# The lengths a row's text may have: what the roll record and lasting injuries store of it
# (db/models.py roll_record.row 40, result 80, label 200), so a house rule whose roll is
# recorded exports and imports back.
ROLL_LIMIT = 40
RESULT_LIMIT = 80
LABEL_LIMIT = MAX_NAME
MAX_ROWS = 1000  # rows, entries or effects of one table or row


def _plain(v: Any) -> Any:
    """Any text or free-form value of a table: within the limits every way in shares."""
    problem = value_problem(v)
    if problem:
        raise ValueError(problem)
    return v


def parse_range(text: int | str) -> tuple[int, int]:
    """``3`` or ``"3"`` -> (3, 3); ``"3-7"`` -> (3, 7); ``"7+"`` -> (7, 999).
    :class:`ValueError` for anything else."""
    if isinstance(text, int) and not isinstance(text, bool):
        return text, text
    m = RANGE.match(text) if isinstance(text, str) else None
    if not m:
        raise ValueError(f"roll {text!r} must be a number or a range like '3-7'")
    low = int(m[1])
    if m[4]:
        return low, OPEN_HIGH
    high = int(m[3]) if m[3] else low
    if high < low:
        raise ValueError(f"roll range {text!r} runs backwards")
    return low, high


class _Strict(BaseModel):
    # strict: no "3" for 3 nor 1 for true; forbid: a misspelt key is refused
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class RowModel(_Strict):
    roll: int | str
    result: str
    label: str | None = None  # None: the result key
    text: str = ""
    effects: list[dict[str, Any]] = Field(default_factory=list)  # ops: the loader

    @field_validator("roll")
    @classmethod
    def _roll(cls, v: int | str) -> int | str:
        parse_range(v)
        return v

    @field_validator("result")
    @classmethod
    def _result(cls, v: str) -> str:
        if not KEY.match(v):
            raise ValueError(f"result {v!r} must be a kebab-case key")
        return v


class TableModel(_Strict):
    title: str
    dice: str  # a dice spec, or "none" for reference data
    target: str = ""
    note: str = ""
    default: bool = False
    group: str = ""
    rows: list[RowModel] = Field(default_factory=list)
    entries: list[dict[str, Any]] = Field(default_factory=list)  # free keys

    # Tables saved before these models (house rules stored raw, JSON imports) may carry
    # a number here: they are read as the loader always read them, never refused.
    @field_validator("target", "note", "group", mode="before")
    @classmethod
    def _text(cls, v: Any) -> Any:
        return str(v) if isinstance(v, int | float) else v

    @field_validator("default", mode="before")
    @classmethod
    def _flag(cls, v: Any) -> Any:
        return bool(v) if isinstance(v, int | float) and not isinstance(v, bool) else v

    @field_validator("title")
    @classmethod
    def _title(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("needs a title")
        return v.strip()

    @field_validator("dice")
    @classmethod
    def _dice(cls, v: str) -> str:
        if v != "none":
            try:
                parse_spec(v)
            except DiceError as e:
                raise ValueError(str(e)) from None
        return v


# The limits every table a user or a file brings in is held to (a house rule saved, a
# house rule imported or restored, a shipped rules file), on top of the models above: so
# whatever is saved exports to JSON and imports back. Not in parse_table itself, so a
# campaign whose house rule was saved before these limits still opens (as check_effects).
class LimitedRowModel(RowModel):
    result: str = Field(max_length=RESULT_LIMIT)
    label: str | None = Field(None, max_length=LABEL_LIMIT)
    text: str = Field("", max_length=MAX_TEXT)
    effects: list[dict[str, Any]] = Field(default_factory=list, max_length=MAX_ROWS)

    @field_validator("roll")
    @classmethod
    def _roll_length(cls, v: int | str) -> int | str:
        if isinstance(v, str) and len(v) > ROLL_LIMIT:
            raise ValueError(f"roll is {len(v):,} characters long (at most {ROLL_LIMIT})")
        return v

    @field_validator("label", "text", "effects")
    @classmethod
    def _plain_values(cls, v: Any) -> Any:
        return _plain(v)


class LimitedTableModel(TableModel):
    title: str = Field(max_length=MAX_NAME)
    dice: str = Field(max_length=40)
    target: str = Field("", max_length=MAX_NAME)
    note: str = Field("", max_length=MAX_TEXT)
    group: str = Field("", max_length=MAX_NAME)
    rows: list[LimitedRowModel] = Field(default_factory=list, max_length=MAX_ROWS)  # type: ignore[assignment]
    entries: list[dict[str, Any]] = Field(default_factory=list, max_length=MAX_ROWS)

    @model_validator(mode="before")
    @classmethod
    def _keys(cls, v: Any) -> Any:
        if isinstance(v, dict):  # a key of the table as text JSON can hold
            for k in v:
                if isinstance(k, str) and text_problem(k, MAX_NAME):
                    raise ValueError(f"a key {text_problem(k, MAX_NAME)}")
        return v

    @field_validator("title", "target", "note", "group", "entries")
    @classmethod
    def _plain_values(cls, v: Any) -> Any:
        return _plain(v)


class MetaModel(_Strict):
    system: str
    edition: str = ""
    expansion: str = ""
    title: str | None = None  # None: the system id


class RuleFileModel(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True, frozen=True)

    meta: MetaModel
    tables: dict[str, TableModel] = Field(default_factory=dict)

    @property
    def other(self) -> dict[str, Any]:
        """The free-form top-level sections (weapons lists, creature facts...)."""
        return dict(self.model_extra or {})


_KIND = {bool: "true/false", int: "a whole number", float: "a number", str: "text",
         list: "a list", dict: "a table"}


def _kind(v: Any) -> str:
    return _KIND.get(type(v), type(v).__name__)


def _path(loc: tuple[int | str, ...]) -> str:
    out = ""
    for p in loc:
        if isinstance(p, int):
            out += f"[{p}]"
        elif re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", p):
            out += f".{p}" if out else p
        else:
            out += f"[{p!r}]"
    return out


# pydantic error type -> our words ("{kind}": what was given)
_WORDS = {
    "missing": "is required",
    "extra_forbidden": "is not a known key",
    "string_type": "must be text, not {kind}",
    "bool_type": "must be true or false, not {kind}",
    "int_type": "must be a whole number, not {kind}",
    "list_type": "must be a list, not {kind}",
    "dict_type": "must be a table, not {kind}",
    "model_type": "must be a table, not {kind}",
    "model_attributes_type": "must be a table, not {kind}",
    "string_unicode": "holds text that is not valid Unicode",
}


def problem(err: ValidationError, source: str, prefix: tuple[int | str, ...] = ()) -> RulesDataError:
    """The first problem of ``err`` as one line: ``source: path: what is wrong``."""
    e = err.errors(include_url=False)[0]
    loc = tuple(e["loc"])
    if e["type"] in ("string_type", "int_type") and loc and loc[-1] in ("int", "str"):
        loc = loc[:-1]  # roll: int | str tags the branch; both failed
        words = "must be a number or a range like '3-7', not {kind}"
    elif e["type"] == "value_error":
        words = str(e.get("ctx", {}).get("error", e["msg"]))
    elif e["type"] in ("string_too_long", "too_long"):
        n = e.get("ctx", {}).get("max_length")
        what = "characters" if e["type"] == "string_too_long" else "items"
        words = f"is longer than {n:,} {what}" if isinstance(n, int) else e["msg"]
    else:
        words = _WORDS.get(e["type"], e["msg"])
    msg = words.replace("{kind}", _kind(e.get("input")))
    path = _path(prefix + loc)
    return RulesDataError(f"{source}: {path}: {msg}" if path else f"{source}: {msg}")


def validate_file(doc: Any, source: str) -> RuleFileModel:
    try:
        return RuleFileModel.model_validate(doc)
    except ValidationError as e:
        raise problem(e, source) from None


def validate_table(table_id: str, raw: Any, source: str) -> TableModel:
    try:
        return TableModel.model_validate(raw)
    except ValidationError as e:
        raise problem(e, source, ("tables", table_id)) from None


def check_table_limits(table_id: str, raw: Any, source: str) -> None:
    """Refuse a table beyond the limits of :class:`LimitedTableModel` (one line with its path)."""
    try:
        LimitedTableModel.model_validate(raw)
    except ValidationError as e:
        raise problem(e, source, ("tables", table_id)) from None
