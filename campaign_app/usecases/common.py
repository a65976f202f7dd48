"""Shared pieces of the use-cases: finding rows by id or unique name (re-exported from
:mod:`db.queries.lookup`), and the pure checks of what a user typed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from campaign_app.errors import ConflictError, InputError
from campaign_app.textlimits import (  # noqa: F401  (one set of limits)
    MAX_NAME,
    MAX_TEXT,
    name_problem,
    text_problem,
    visible,
)
from db.journal import journal_links
from db.models import Campaign, Equipment, Fighter, Roster, Unit
from db.queries import manage as manage_q
from db.queries.lookup import (  # noqa: F401  (the use-cases find rows through these)
    MAX_ID,
    Ref,
    as_id,
    campaign_of_fighter,
    campaign_of_roster,
    get_battle,
    get_campaign,
    get_fighter,
    get_roster,
    get_unit,
)
from db.uow import Session


def clean_name(value: Any, what: str = "name") -> str:
    text = str(value if value is not None else "").strip()
    if not text:
        raise InputError(f"{what} is empty")
    if any(ord(ch) < 32 for ch in text):
        raise InputError(f"{what} contains control characters")
    problem = text_problem(text, MAX_NAME)
    if problem:
        raise InputError(f"{what} {problem}")
    problem = name_problem(text)  # a bidi control would show "evil" as "live" (window, PDFs)
    if problem:
        raise InputError(f"{what} {visible(text)!r} {problem}")
    return text


def clean_text(value: Any, what: str = "text", limit: int = MAX_TEXT) -> str:
    text = str(value if value is not None else "")
    problem = text_problem(text, limit)
    if problem:
        raise InputError(f"{what} {problem}")
    return text


def column_text(value: Any, table: str, column: str, what: str | None = None) -> str:
    """``clean_text`` within the length of a database column (MAX_TEXT when it has none)."""
    from db.models import text_length

    return clean_text(value, what or column, text_length(table, column) or MAX_TEXT)


# ------------------------------------------------------------------ change wording
_COLUMN_WORDS = {
    "rep": "Rep", "xp": "XP", "fighter_type": "type", "credits_value": "value",
    "figures_start": "figures at start", "battles_fought": "battles fought",
}


def _shown(v: Any) -> str:
    if v is None or v == "" or v == []:
        return "none"
    if isinstance(v, (list, tuple)):
        return ", ".join(str(x) for x in v)
    return str(v)


def change_words(new: Mapping[str, Any], old: Mapping[str, Any] | None = None,
                 rosters: Mapping[int, str] | None = None) -> list[str]:
    """What a change of columns means, in words a player reads in a preview: ``Rep 4 →
    5``, ``WS 3 → 4`` (only the characteristics that change), ``gains condition
    Blind``, ``note “Back from recovery”``, ``held by Venom Sisters``. ``old`` holds the
    values before (where known); unchanged columns are left out."""
    old = old or {}
    rosters = rosters or {}
    words: list[str] = []
    for key, value in new.items():
        before = old.get(key)
        if key in old and before == value:
            continue
        if key == "stats" and isinstance(value, Mapping):
            prev = before if isinstance(before, Mapping) else {}
            words += [f"{k} {prev[k]} → {v}" if prev.get(k) is not None else f"{k} {v}"
                      for k, v in value.items() if prev.get(k) != v]
        elif key in ("conditions", "abilities", "skills") and isinstance(value, (list, tuple)):
            what = {"conditions": "condition", "abilities": "ability", "skills": "skill"}[key]
            prev_items = list(before or [])
            words += [f"gains {what} {x}" for x in value if x not in prev_items]
            words += [f"loses {what} {x}" for x in prev_items if x not in value]
        elif key == "status_note":
            text = str(value or "").strip()
            if text:
                words.append(f"note “{text}”")
            elif before:
                words.append("note cleared")
        elif key == "captured_by_roster_id":
            words.append("no longer held captive" if value is None
                         else f"held by {rosters.get(value, f'roster {value}')}")
        elif key == "roster_id":
            words.append(f"moves to {rosters.get(value, f'roster {value}')}")
        else:
            label = _COLUMN_WORDS.get(key, key.replace("_", " "))
            words.append(f"{label} {_shown(before)} → {_shown(value)}" if key in old
                         else f"{label} {_shown(value)}")
    return words


def describe_change(name: str, new: Mapping[str, Any], old: Mapping[str, Any] | None = None,
                    rosters: Mapping[int, str] | None = None, reason: str = "") -> str | None:
    """``Brak: Rep 4 → 5 (rolled a 6)``; with nothing visible changing, the reason alone
    (``Brak: back from recovery``), or ``None`` without one either."""
    words = change_words(new, old, rosters)
    if not words:
        return f"{name}: {reason}" if reason else None
    return f"{name}: {', '.join(words)}" + (f" ({reason})" if reason else "")


# ------------------------------------------------------------------ whole numbers
INT_MAX = 2_147_483_647  # what an INTEGER column holds on every backend
# Ranges of the numbers a user types (CLI, GUI, imports): each fits an INTEGER column
# and is no wider than the GUI's spin boxes, so the GUI can show (and save back) every
# value the other ways in can write.
CREDITS_RANGE = (0, 1_000_000)  # a roster's credits, a fighter's value
REPUTATION_RANGE = (-1000, 100_000)
XP_RANGE = (0, 100_000)
FIGURES_RANGE = (0, 100)  # a unit's figures now, at start, wounded
BATTLES_RANGE = (0, 10_000)  # battles a unit fought
TARGET_RANGE = (-100, 100)  # the number a pass test is rolled against


Number = int | str
"""A whole number, or the text of one as a form or a JSON file hands it over (checked
by ``clean_int``)."""


def _shown_number(n: int) -> str:
    sign, digits = ("-", str(-n)) if n < 0 else ("", str(n))
    return f"{sign}{digits}" if len(digits) <= 15 else f"{sign}{digits[:6]}… ({len(digits)} digits)"


def clean_int(value: Any, what: str, lo: int = -INT_MAX, hi: int = INT_MAX) -> int:
    """A whole number typed by a user (an int, or text such as ``" 12 "``) within
    ``lo..hi``; :class:`InputError` naming ``what`` otherwise: ``xp: 'lots' is not a
    whole number``, ``credits cannot be negative`` (when ``lo`` is 0), ``xp:
    999999… (23 digits) is outside 0..100000``. Every integer a use-case writes from
    user input goes through here, so none can overflow a column."""
    if isinstance(value, bool):
        raise InputError(f"{what}: {value!r} is not a whole number")
    if isinstance(value, int):
        n = value
    else:
        text = str(value if value is not None else "").strip()
        if not text:
            raise InputError(f"{what} is empty (give a whole number)")
        if len(text) > 40:  # also keeps int() away from huge texts
            raise InputError(f"{what}: {text[:12]!r}… ({len(text)} characters) is not a whole number "
                             f"from {lo} to {hi}")
        try:
            n = int(text)
        except ValueError:
            raise InputError(f"{what}: {text!r} is not a whole number") from None
    if n < lo and lo == 0:
        raise InputError(f"{what} cannot be negative")
    if not lo <= n <= hi:
        raise InputError(f"{what}: {_shown_number(n)} is outside {lo}..{hi}")
    return n


def check_limit(limit: Number | None) -> int | None:
    """How many rows a read gives (at least 1; None: every row)."""
    if limit is None:
        return None
    n = clean_int(limit, "limit")
    if n < 1:
        raise InputError(f"limit must be 1 or more (got {n})")
    return n


def clean_yes_no(value: Any, what: str) -> bool:
    """A yes/no typed by a user: a bool, or y/yes/true/1, n/no/false/0 (empty is no)."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("y", "yes", "true", "1"):
        return True
    if text in ("n", "no", "false", "0", ""):
        return False
    raise InputError(f"{what}: {value!r} is not yes or no")


def unlink_figures(s: Session, fighter_ids: list[int], unit_ids: list[int], deleted_roster: int | None = None) -> int:
    """Let go of figures about to be removed: results and marks they caused elsewhere
    and crews from other rosters lose the link; their rolls stay on record, under the
    names they had, unlinked in a journaled way (:func:`db.journal.journal_links`) so that undo links them again. Returns
    how many rolls were kept."""
    for res in manage_q.results_caused_by(s, fighter_ids):
        if res.fighter_id not in fighter_ids:
            res.by_fighter_id = res.by_roster_id = None
            s.add(res)
    for mark in manage_q.marks_caused_by(s, fighter_ids):
        if mark.fighter_id not in fighter_ids:
            mark.by_fighter_id = None
            s.add(mark)
    # crews lose their vehicle (with the whole roster deleted, only crews from elsewhere)
    for crew in manage_q.crew_from_elsewhere(s, fighter_ids, deleted_roster):
        crew.crew_of_id = None
        s.add(crew)
    s.flush()  # the journal keeps the order: links let go before the rows go
    kept = journal_links(s, "roll_record", manage_q.rolls_of(s, "fighter_id", fighter_ids),
                         {"fighter_id": None, "figure_removed": True})
    kept += journal_links(s, "roll_record", manage_q.rolls_of(s, "unit_id", unit_ids),
                          {"unit_id": None, "figure_removed": True})
    return kept


# ------------------------------------------------------------------ rows
def row_id(row: Campaign | Roster | Fighter | Unit | Equipment) -> int:
    """The id of a row that is in the database (flushed)."""
    assert row.id is not None
    return row.id


def check_version(obj: Campaign | Roster | Fighter | Unit, expected: int | None, what: str) -> None:
    """A :class:`ConflictError` when ``obj`` is no longer at the version ``expected``
    (an edit made from a stale form: someone else saved first)."""
    if expected is not None and obj.version != expected:
        raise ConflictError(
            f"{what} {obj.name!r} was changed by someone else (version {obj.version}, you had "
            f"{expected}); nothing was saved — reload and try again"
        )
