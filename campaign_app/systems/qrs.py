"""Quick-reference cards as plain data: a rules table as a printed table, and the
:class:`QrsSheet` a game system's ``qrs`` function fills with cards.

A system names its cards as ``GameSystem.qrs = "module:function"``; the function takes
the :class:`QrsSheet` and adds cards (``sheet.card(title, subtitle, lines, tables)``,
tables through ``sheet.table(table_id)``, which remembers what was printed). Any table
of the campaign no card printed is added at the end ("More tables"). Pure: rules data
in, plain dicts out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from campaign_app.rules import Row, Table
from campaign_app.rules.labels import labelled
from campaign_app.systems.layout import BASE_STATUSES
from campaign_app.systems.layout import join as _join
from campaign_app.systems.layout import pretty as _pretty


def _status_label(status: str) -> str:
    style = BASE_STATUSES.get(status)
    return style.label if style is not None else _pretty(status)


def dice_heading(table: Table) -> str:
    """How the table is rolled, as a column heading: '2d6 vs Rep', 'D66', 'D6'."""
    spec = table.spec
    if spec is None:
        return ""
    if spec.mode == "pass":
        dice = f"{spec.count}d6" + (f", best {spec.keep}" if spec.keep < spec.count else "")
        return f"{dice} vs {table.target}" if table.target else f"{dice} (passes)"
    if spec.mode == "best":
        return f"best of {spec.count}d6"
    return spec.text.upper()


def _effect_text(effect: Any) -> str:
    op, a = effect.op, effect.args
    if op == "status":
        return f"Status: {_status_label(str(a.get('value')))}"
    if op == "stat":
        delta = int(a.get("delta", 0))
        return f"{a.get('stat')} {delta:+d}"
    if op == "rep":
        return f"Rep {int(a.get('delta', 0)):+d}"
    if op == "set-rep":
        return f"Rep becomes {a.get('value')}"
    if op == "xp":
        return f"+{a.get('value', a.get('dice', ''))} XP".replace("+d", "+D")
    if op == "skill":
        return f"Gains the skill {a.get('value')}"
    if op == "condition":
        return f"Gains {_pretty(a.get('value')).lower()}"
    if op == "roll-again":
        times = a.get("times", 1)
        return f"Roll on {a.get('table')} ({times} time{'s' if times != 1 else ''})"
    if op == "new-figures":
        return f"{a.get('count')} new figure(s)"
    if op == "remove":
        return "Leaves the roster"
    if op == "figures":
        return f"Figure {a.get('value')}"
    if op == "training":
        return f"Training {int(a.get('delta', 0)):+d}"
    if op == "note":
        return str(a.get("value", ""))
    return op


def _row_text(row: Row) -> str:
    if row.text:
        return row.text
    return "; ".join(_effect_text(e) for e in row.effects)


def table_card_rows(table: Table) -> list[list[str]]:
    """A rolled table as printed rows ``[roll, label, text]``, one per row of the table.

    The roll is written as the app reads it: a pass test's row is 'Pass 2', others keep
    the table's own range ('1-2', '21-26', '7+'). A row with no text shows what its
    effects do, so a printed row always says what the app applies. A reference table
    (``dice = 'none'``) has no rows: see :func:`table_card`.
    """
    if not table.rolled:
        return []
    spec = table.spec
    passes = spec is not None and spec.mode == "pass"
    return [
        [f"Pass {row.roll}" if passes else row.roll, row.label, _row_text(row)]
        for row in table.rows
    ]


_ENTRY_HEADINGS = {
    "score": "Score (1d6)", "result": "Result", "text": "Effect", "total": "1d6 + Rep",
    "step": "Step", "roll": "Roll", "trigger": "When", "change": "Change", "level": "Level",
    "max_suppressed": "Max suppressed", "name": "Test",
}


# entry keys a procedure reads (the bands of a table rolled with inputs: docs/rules-format.md),
# not printed: the card prints the words beside them
ROLL_KEYS = frozenset({"low", "high", "hit", "miss_if", "miss_from_target", "band", "status", "success",
                       "with", "with_status", "then_pass_status", "rep_plus", "default"})


def _entry_rows(table: Table) -> tuple[list[str], list[list[str]]]:
    """A reference table's entries as (headings, rows), keys in their first-seen order;
    an entry marked ``default = true`` (no seed says it) says "(default)" after its text."""
    keys: list[str] = []
    for e in table.entries:
        for k in e:
            if k not in keys and k not in ROLL_KEYS:
                keys.append(k)
    # pass results always read best first: Pass 2, Pass 1, Pass 0 (whatever the first
    # entry happens to have)
    passes = sorted((k for k in keys if k.startswith("pass_")), key=lambda k: k[5:], reverse=True)
    if passes:
        at = min(keys.index(k) for k in passes)
        rest = [k for k in keys if not k.startswith("pass_")]
        keys = rest[:at] + passes + rest[at:]
    merge_roll = "rolls" in keys and "vs" in keys
    if merge_roll:
        keys = [k for k in keys if k not in ("rolls", "vs", "modifiers")]
        keys.insert(1 if keys and keys[0] == "name" else 0, "_roll")
    headings = []
    for k in keys:
        if k == "_roll":
            headings.append("Roll")
        elif k.startswith("pass_"):
            headings.append(f"Pass {k[5:]}")
        else:
            headings.append(_ENTRY_HEADINGS.get(k, _pretty(k)))
    rows = []
    for e in table.entries:
        row = []
        for k in keys:
            if k == "_roll":
                rolls = str(e.get("rolls", "")).replace("pass:", "")
                cell = _join([rolls, f"vs {e['vs']}" if e.get("vs") else ""], " ")
                if e.get("modifiers"):
                    cell += f" ({e['modifiers']})"
            elif k == "result":
                cell = _pretty(e.get(k))
            else:
                cell = _cell(e.get(k))
            row.append(cell)
        if e.get("default") is True and row:
            row[-1] = labelled(row[-1], default=True)
        rows.append(row)
    return headings, rows


def _cell(v: Any) -> str:
    """An entry's value as a card prints it: a flag "yes" or "no", a list "a, b" (never
    Python's "True" or "['roll']", which no translation can name)."""
    if v is None:
        return ""
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, list | tuple):
        return ", ".join(_cell(x) for x in v)
    return str(v)


def table_card(table: Table, title: str | None = None) -> dict[str, Any]:
    """One printable table ``{title, note, columns, rows}`` for a QRS card."""
    name = labelled(title or table.title, default=table.default, house_rule=table.house_rule)
    if table.rolled:
        columns = [dice_heading(table), "Result", "Effect"]
        rows = table_card_rows(table)
    else:
        columns, rows = _entry_rows(table)
    return {"title": name, "note": table.note, "columns": columns, "rows": rows}



# --------------------------------------------------------------------------- the sheet
@dataclass
class QrsSheet:
    """The cards of one campaign, and which of its tables were printed or left out."""

    tables: Mapping[str, Table]  # the tables in force (house rules in)
    data: Mapping[str, Any]  # the campaign's rules data
    system: str = ""
    edition: str = ""
    expansions: tuple[str, ...] = ()
    kinds_present: set[str] = field(default_factory=set)  # figure kinds in its rosters
    walker_types: list[dict[str, Any]] = field(default_factory=list)  # the campaign's own
    all_kinds: bool = False  # cards for every kind, not only those present
    cards: list[dict[str, Any]] = field(default_factory=list)
    used: set[str] = field(default_factory=set)
    skipped: set[str] = field(default_factory=set)

    def table(self, table_id: str, title: str | None = None) -> list[dict[str, Any]]:
        t = self.tables.get(table_id)
        if t is None:
            return []
        self.used.add(table_id)
        return [table_card(t, title)]

    def card(self, title: str, subtitle: str = "", lines: Sequence[str] = (),
             tables: Sequence[dict[str, Any]] = ()) -> None:
        if lines or tables:
            self.cards.append({"title": title, "subtitle": subtitle, "lines": list(lines),
                               "tables": list(tables)})

    def rules_cards(self) -> None:
        """The cards the rules data writes out (``[qrs.<id>]``: title, subtitle, source,
        lines, tables), in the data's order. A card whose ``source`` is "default" (our
        digest, not a seed) says so in its subtitle."""
        section = self.data.get("qrs")
        if not isinstance(section, Mapping):
            return
        for spec in section.values():
            if not isinstance(spec, Mapping):
                continue
            subtitle = str(spec.get("subtitle", ""))
            if str(spec.get("source", "")).strip().lower() == "default":
                subtitle = _join([subtitle, "default: our rules digest, check it against the book"], " · ")
            tables = []
            for t in spec.get("tables") or []:
                if isinstance(t, Mapping):
                    tables.append({"title": str(t.get("title", "")), "note": str(t.get("note", "")),
                                   "columns": [str(c) for c in t.get("columns") or []],
                                   "rows": [[str(v) for v in r] for r in t.get("rows") or []]})
            for tid in spec.get("rules_tables") or []:
                tables += self.table(str(tid))
            self.card(str(spec.get("title", "")), subtitle, [str(x) for x in spec.get("lines") or []], tables)

    def phases(self) -> list[str]:
        seq = self.data.get("sequence", {})
        phases = seq.get("phases", []) if isinstance(seq, Mapping) else []
        return [f"{i}. {p.get('label', '')}: {p.get('text', '')}" for i, p in enumerate(phases, 1)
                if isinstance(p, Mapping)]

    def rest(self) -> None:
        """Any table of the campaign no card has shown yet (new data, other groups)."""
        left = [t for tid, t in self.tables.items() if tid not in self.used and tid not in self.skipped]
        if left:
            self.card("More tables", "Other tables the app uses in this campaign",
                      tables=[table_card(t) for t in left])
            self.used.update(t.id for t in left)
