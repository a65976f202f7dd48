"""The write contract of a use-case (issue #34 part 1): run it, read back with SQL exactly
which rows it added, changed and removed, then undo it and check every row is back.

``contract(engine, campaign, action)`` returns the :class:`Written` rows; the caller
asserts them (``w.changed("fighter", id) == {...}``: every column that changed, no more).
Undo must then put each game row back as it was; only what the record keeps changes:
the journal says undone, the rolls of the action stay on record marked ``undone`` (each
change of mark a chained mark record after them), and the rows put back get a higher
version (versions only go up)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy.engine import Engine

from campaign_app.usecases import journal

BOOK = ("journal", "journal_entry", "roll_record", "chain_head")  # the record, not the game (the head moves with the rolls)
Rows = dict[str, dict[Any, dict[str, Any]]]


def rows(engine: Engine) -> Rows:
    """Every row of every table, by table and id (the key for a table without id)."""
    from sqlmodel import SQLModel

    import db.models  # noqa: F401

    out: Rows = {}
    with engine.connect() as c:
        for t in SQLModel.metadata.sorted_tables:
            got: dict[Any, dict[str, Any]] = {}
            for r in c.execute(t.select()):
                d = dict(r._mapping)
                got[d.get("id", tuple(d.values()))] = d
            out[t.name] = got
    return out


def _game(r: Rows, drop_version: bool = True) -> Rows:
    return {t: {k: {c: v for c, v in row.items() if not (drop_version and c == "version")}
                for k, row in rs.items()}
            for t, rs in r.items() if t not in BOOK}


@dataclass
class Written:
    before: Rows
    after: Rows
    result: Any

    def added(self, table: str) -> list[dict[str, Any]]:
        """The rows added to ``table`` (in id order)."""
        b, a = self.before[table], self.after[table]
        return [a[k] for k in sorted(set(a) - set(b))]

    def removed(self, table: str) -> list[dict[str, Any]]:
        b, a = self.before[table], self.after[table]
        return [b[k] for k in sorted(set(b) - set(a))]

    def changed(self, table: str, key: Any) -> dict[str, Any]:
        """The columns of one row that changed (new values; ``version`` left out)."""
        b, a = self.before[table][key], self.after[table][key]
        return {c: a[c] for c in a if c != "version" and a[c] != b[c]}

    def touched(self) -> dict[str, tuple[int, int, int]]:
        """Per game table that changed: (added, removed, changed) row counts."""
        out = {}
        for t in self.after:
            if t in BOOK:
                continue
            b, a = self.before[t], self.after[t]
            n = (len(set(a) - set(b)), len(set(b) - set(a)),
                 sum(1 for k in set(a) & set(b) if {c: v for c, v in a[k].items() if c != "version"}
                     != {c: v for c, v in b[k].items() if c != "version"}))
            if any(n):
                out[t] = n
        return out

    def rolls(self) -> list[dict[str, Any]]:
        return self.added("roll_record")

    def changed_rows(self, table: str) -> dict[Any, dict[str, Any]]:
        """Every changed row of ``table``: id -> its changed columns."""
        b, a = self.before[table], self.after[table]
        return {k: ch for k in sorted(set(a) & set(b)) if (ch := self.changed(table, k))}


def contract(engine: Engine, campaign: int, action: Callable[[], Any], *, undo: bool = True,
             check_version: bool = True) -> Written:
    """Run ``action``, return what it wrote; then (``undo``) undo it and check every game
    row is back, its rolls marked undone and the versions it touched raised."""
    before = rows(engine)
    result = action()
    after = rows(engine)
    w = Written(before, after, result)
    if undo:
        undo_and_check(engine, campaign, w, check_version=check_version)
    return w


def undo_and_check(engine: Engine, campaign: int, w: Written, *, check_version: bool = True) -> None:
    journal.undo(engine, campaign)
    back = rows(engine)
    assert _game(back) == _game(w.before), _diff(_game(w.before), _game(back))
    new_rolls = set(back["roll_record"]) - set(w.before["roll_record"])
    own = {r["id"] for r in w.rolls()}
    assert own <= new_rolls, "undo removed roll records"
    assert all(back["roll_record"][k]["mark"] == "undone" for k in own)
    # the undo's own records: one chained mark record per roll it marked (#35 item 4)
    marks = [back["roll_record"][k] for k in sorted(new_rolls - own)]
    assert [(m["dice"], m["label"], m["row"], m["result"], m["mark"]) for m in marks] == [
        ("mark", r["hash"], "applied", "undone", "mark") for r in w.rolls() if r["mark"] == "applied"
    ], "undo added roll records that are not the mark records of the rolls it marked"
    for k, r in w.before["roll_record"].items():  # earlier records untouched
        assert back["roll_record"][k] == r
    if check_version:
        for t, rs in w.after.items():
            if t in BOOK:
                continue
            for k, row in rs.items():
                if "version" in row and k in w.before[t] and row != w.before[t][k]:
                    assert back[t][k]["version"] > row["version"], (t, k)


def _diff(a: Rows, b: Rows) -> str:
    lines = []
    for t in sorted(set(a) | set(b)):
        for k in sorted(set(a.get(t, {})) | set(b.get(t, {})), key=repr):
            x, y = a.get(t, {}).get(k), b.get(t, {}).get(k)
            if x != y:
                lines.append(f"{t}[{k}]: {x} != {y}")
    return "\n".join(lines[:20])


def module_engine(request: Any, tmp_path_factory: Any) -> Any:
    """Body of a module-scoped, backend-parametrized engine fixture: one database per
    backend for a whole module (undo puts every game row back, so tests share it)."""
    import uuid

    import pytest
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    from db.migrate import open_database
    from tests.conftest import pg_admin_url

    if request.param == "sqlite":
        eng = open_database(f"sqlite:///{tmp_path_factory.mktemp('contract') / 'c.sqlite'}")
        yield eng
        eng.dispose()
        return
    admin = pg_admin_url()
    if not admin:
        pytest.skip("no PostgreSQL server: set CAMPAIGN_APP_TEST_PG")
    name = f"t_{uuid.uuid4().hex[:12]}"
    adm = create_engine(make_url(admin).set(drivername="postgresql+psycopg"), isolation_level="AUTOCOMMIT")
    with adm.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    eng = open_database(make_url(admin).set(database=name).render_as_string(hide_password=False))
    try:
        yield eng
    finally:
        eng.dispose()
        with adm.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        adm.dispose()
