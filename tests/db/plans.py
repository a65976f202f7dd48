"""Query plans of the statements a piece of code runs: every SELECT seen on the engine
(an SQLAlchemy ``before_cursor_execute`` hook) is explained again on its own connection
(``EXPLAIN QUERY PLAN`` on SQLite; ``EXPLAIN`` on PostgreSQL with ``enable_seqscan``
off, so the plan shows whether an index *can* serve the query: with a test's few rows a
sequential scan is the planner's right choice and says nothing about a league's), and
the plans that read a whole big table are reported."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine

# the tables a national league has hundreds of thousands to millions of rows in
BIG = frozenset({"roll_record", "fighter", "journal", "journal_entry", "roster", "battle", "battle_result",
                 "equipment", "skill"})


@dataclass
class Seen:
    statement: str
    params: Any

    def tables(self) -> set[str]:
        return {t for t in BIG if re.search(rf"\b{t}\b", self.statement)}


@contextmanager
def statements(engine: Engine) -> Iterator[list[Seen]]:
    """Every statement run on ``engine`` inside the block (executemany ones left out)."""
    seen: list[Seen] = []

    def hook(_conn: Any, _cursor: Any, statement: str, params: Any, _ctx: Any, many: bool) -> None:
        if not many:
            seen.append(Seen(statement, params))

    event.listen(engine, "before_cursor_execute", hook)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", hook)


def plan(engine: Engine, s: Seen) -> list[str]:
    """The plan of one SELECT as lines of text."""
    with engine.connect() as c:
        if engine.dialect.name == "sqlite":
            return [str(r[3]) for r in c.exec_driver_sql("EXPLAIN QUERY PLAN " + s.statement, s.params)]
        c.exec_driver_sql("SET enable_seqscan = off")
        try:
            return [str(r[0]) for r in c.exec_driver_sql("EXPLAIN " + s.statement, s.params)]
        finally:
            c.exec_driver_sql("RESET enable_seqscan")


def _aliases(statement: str) -> dict[str, str]:
    out = {t: t for t in BIG}
    for table, alias in re.findall(r"\b(\w+) AS (\w+)\b", statement):
        if table in BIG:
            out[alias] = table
    return out


def full_scans(engine: Engine, s: Seen, tables: frozenset[str] = BIG) -> list[str]:
    """The plan lines of ``s`` that read a whole big table (or all of its index)."""
    if not s.statement.lstrip().upper().startswith(("SELECT", "WITH")) or not s.tables() & tables:
        return []
    names = {a: t for a, t in _aliases(s.statement).items() if t in tables}
    bad = []
    for line in plan(engine, s):
        if engine.dialect.name == "sqlite":
            m = re.match(r"\s*SCAN (\w+)", line)
        else:
            m = re.search(r"Seq Scan on (\w+)", line)
        if m and m.group(1) in names:
            bad.append(line.strip())
    return bad


def sorts(engine: Engine, s: Seen) -> list[str]:
    """The plan lines of ``s`` that sort rows (the index did not give their order)."""
    return [line.strip() for line in plan(engine, s)
            if "TEMP B-TREE FOR ORDER BY" in line or re.match(r"\s*(->\s*)?Sort\b", line)]


def unbounded(s: Seen, tables: frozenset[str] = BIG) -> bool:
    """A SELECT over one of ``tables`` with neither a WHERE nor a LIMIT."""
    text = s.statement.upper()
    return (text.lstrip().startswith(("SELECT", "WITH")) and bool(s.tables() & tables)
            and not re.search(r"\bWHERE\b", text) and not re.search(r"\bLIMIT\b", text))


def check(engine: Engine, seen: list[Seen], tables: frozenset[str] = BIG) -> list[str]:
    """Each statement of ``seen`` that reads a whole big table (no WHERE and no LIMIT,
    or a plan scanning it all), with its plan lines."""
    out = []
    for s in seen:
        bad = full_scans(engine, s, tables)
        if bad or unbounded(s, tables):
            out.append(f"{s.statement}\n    {bad or 'no WHERE, no LIMIT'}")
    return out
