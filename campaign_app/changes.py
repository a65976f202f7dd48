"""What a use-case changed, so that a view refreshes only that (as anki's ``OpChanges``).

Every writing use-case returns a result carrying a :class:`Changes`. The unit of work
builds it from the rows it journals (a fighter's weapon names the fighter; a battle
result names the battle and the fighter), so a use-case cannot forget to name a change.
Undo and redo name what the undone journal touched. Import and restore, which replace
whole campaigns, say :attr:`Changes.everything`.

Pure: no database, no Qt.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from typing import Any

_EMPTY: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Changes:
    """The ids of what changed, by kind; the flags say what else must be read again."""

    campaigns: frozenset[int] = _EMPTY
    """Campaigns whose own row changed (name, settings, house rules, cycle) or whose
    contents changed (a roster, a battle, a walker type of it)."""
    rosters: frozenset[int] = _EMPTY
    """Rosters whose row changed or that gained, lost or changed a figure."""
    fighters: frozenset[int] = _EMPTY
    """Fighters whose row, weapons, skills, injuries or battle results changed."""
    units: frozenset[int] = _EMPTY
    """Units whose row, weapons or battle results changed."""
    battles: frozenset[int] = _EMPTY
    """Battles recorded, changed or removed."""
    structure: bool = False
    """A campaign, roster, fighter or unit was added or removed: trees, lists and counts
    change shape, not just the rows already shown."""
    rolls: bool = False
    """Rolls were written to the campaign's roll log."""
    history: bool = False
    """The campaign's history changed: what Undo and Redo would do now."""
    everything: bool = False
    """Whole campaigns were replaced (import, restore): read everything again."""

    def __or__(self, other: Changes) -> Changes:
        if not isinstance(other, Changes):
            return NotImplemented
        kw: dict[str, Any] = {}
        for f in fields(self):
            a, b = getattr(self, f.name), getattr(other, f.name)
            kw[f.name] = (a | b) if isinstance(a, frozenset) else (a or b)
        return Changes(**kw)

    def __bool__(self) -> bool:
        return any(getattr(self, f.name) for f in fields(self))

    @classmethod
    def all(cls) -> Changes:
        """Everything may have changed (another database, an import, a restore)."""
        return cls(structure=True, rolls=True, history=True, everything=True)

    @classmethod
    def of(cls, *, campaigns: Iterable[int] = (), rosters: Iterable[int] = (),
           fighters: Iterable[int] = (), units: Iterable[int] = (), battles: Iterable[int] = (),
           structure: bool = False, rolls: bool = False, history: bool = False) -> Changes:
        """A change set from plain iterables of ids (``None`` ids are dropped)."""
        def ids(xs: Iterable[int | None]) -> frozenset[int]:
            return frozenset(x for x in xs if x is not None)

        return cls(campaigns=ids(campaigns), rosters=ids(rosters), fighters=ids(fighters),
                   units=ids(units), battles=ids(battles), structure=structure, rolls=rolls,
                   history=history)

    def figures(self) -> bool:
        """Some fighter or unit changed (their table rows and detail)."""
        return bool(self.fighters or self.units)

    def names(self) -> list[str]:
        """The kinds that changed, for messages and logs."""
        return [f.name for f in fields(self) if getattr(self, f.name)]


NO_CHANGES = Changes()


@dataclass(frozen=True, kw_only=True)
class Result:
    """Base of every writing use-case's result: what it made or did, and
    :attr:`changes`, what a view must read again."""

    changes: Changes = field(default=NO_CHANGES, compare=False)


def changes_of(result: Any) -> Changes:
    """The change set of a use-case's result; everything for a result that names none
    (a plug-in command that returns something else)."""
    ch = getattr(result, "changes", None)
    return ch if isinstance(ch, Changes) else Changes.all()
