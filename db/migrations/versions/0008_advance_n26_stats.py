"""advance: XP ranks claimed (fighter.rank) and the newest Necromunda edition's own stat
line for the fighters already stored.

In Necromunda ``n26`` Leadership, Cool, Willpower and Intelligence are plain values
(higher is better), no longer target numbers, and fighters carry a Save (rules data:
``campaign_app/systems/necromunda/rules/necromunda_n26.toml``). For every fighter of an
``n26`` campaign (vehicles included, for their crew's Ld, Cl, Wil and Int):

- a stored target number T of Ld, Cl, Wil or Int becomes the plain value ``14 - T``
  (a 2D6 check passed as often: rolling T or more is as likely as rolling 14 - T or
  less), e.g. 7 (7+) -> 7, 5 (5+) -> 9, 9 (9+) -> 5; the journal's copies of those
  fighters are converted alike, so Undo of an older step puts back a plain value;
- a fighter (not a vehicle, which has its own Save) with a stat line and no Save gets
  ``Sv = 6`` (6+), our stated default: the source gives no base Save; edit it per fighter;
- a house rule of the campaign whose effect changes Ld, Cl, Wil or Int by a delta gets
  the opposite delta (one better was -1 on a target number, is +1 on a plain value).

The downgrade takes all of it back (``14 - v`` again, the Save removed, the deltas
negated, the column dropped): only a Save set after the upgrade is lost.

Revision ID: 0008_advance
Revises: 0007_lazy
Create Date: 2026-12-01 19:40:00
"""
from typing import Any, Sequence, Union

import sqlalchemy as sa
from alembic import op

revision: str = '0008_advance'
down_revision: Union[str, Sequence[str], None] = '0007_lazy'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

PLAIN_NOW = ("Ld", "Cl", "Wil", "Int")
SAVE_DEFAULT = 6
SYSTEM, EDITION, DEFAULT_EDITION = "necromunda", "n26", "n26"

campaign_t = sa.table("campaign", sa.column("id", sa.Integer), sa.column("system", sa.String),
                      sa.column("edition", sa.String), sa.column("house_rules", sa.JSON))
roster_t = sa.table("roster", sa.column("id", sa.Integer), sa.column("campaign_id", sa.Integer))
fighter_t = sa.table("fighter", sa.column("id", sa.Integer), sa.column("roster_id", sa.Integer),
                     sa.column("kind", sa.String), sa.column("stats", sa.JSON))
journal_t = sa.table("journal", sa.column("id", sa.Integer), sa.column("campaign_id", sa.Integer))
entry_t = sa.table("journal_entry", sa.column("id", sa.Integer), sa.column("journal_id", sa.Integer),
                   sa.column("table_name", sa.String), sa.column("before", sa.JSON),
                   sa.column("after", sa.JSON))


def _flip(v: Any) -> Any:
    return 14 - v if isinstance(v, int) and not isinstance(v, bool) and 2 <= v <= 12 else v


def _stats(stats: Any, kind: Any, up: bool) -> Any:
    if not isinstance(stats, dict) or not stats:
        return stats
    out = {k: (_flip(v) if k in PLAIN_NOW else v) for k, v in stats.items()}
    if kind != "vehicle":
        if up and "Sv" not in out:
            out["Sv"] = SAVE_DEFAULT
        if not up:
            out.pop("Sv", None)
    return out


def _row(d: Any, up: bool) -> Any:
    if not isinstance(d, dict) or "stats" not in d:
        return d
    return {**d, "stats": _stats(d["stats"], d.get("kind"), up)}


def _house_rules(rules: Any) -> Any:
    if not isinstance(rules, dict):
        return rules
    out: dict[str, Any] = {}
    for tid, t in rules.items():
        if isinstance(t, dict) and isinstance(t.get("rows"), list):
            rows = []
            for r in t["rows"]:
                if isinstance(r, dict) and isinstance(r.get("effects"), list):
                    r = {**r, "effects": [
                        {**e, "delta": -e["delta"]}
                        if isinstance(e, dict) and e.get("op") == "stat" and e.get("stat") in PLAIN_NOW
                        and isinstance(e.get("delta"), int) else e
                        for e in r["effects"]]}
                rows.append(r)
            t = {**t, "rows": rows}
        out[tid] = t
    return out


def _convert(up: bool) -> None:
    conn = op.get_bind()
    camps = conn.execute(sa.select(campaign_t.c.id, campaign_t.c.edition, campaign_t.c.house_rules)
                         .where(campaign_t.c.system == SYSTEM)).all()
    ids = [c.id for c in camps if (c.edition or DEFAULT_EDITION) == EDITION]
    if not ids:
        return
    for c in camps:
        if c.id in ids and c.house_rules:
            new = _house_rules(c.house_rules)
            if new != c.house_rules:
                conn.execute(campaign_t.update().where(campaign_t.c.id == c.id).values(house_rules=new))
    rows = conn.execute(
        sa.select(fighter_t.c.id, fighter_t.c.kind, fighter_t.c.stats)
        .join(roster_t, roster_t.c.id == fighter_t.c.roster_id)
        .where(roster_t.c.campaign_id.in_(ids))).all()
    for f in rows:
        new = _stats(f.stats, f.kind, up)
        if new != f.stats:
            conn.execute(fighter_t.update().where(fighter_t.c.id == f.id).values(stats=new))
    entries = conn.execute(
        sa.select(entry_t.c.id, entry_t.c.before, entry_t.c.after)
        .join(journal_t, journal_t.c.id == entry_t.c.journal_id)
        .where(journal_t.c.campaign_id.in_(ids), entry_t.c.table_name == "fighter")).all()
    for e in entries:
        before, after = _row(e.before, up), _row(e.after, up)
        if before != e.before or after != e.after:
            conn.execute(entry_t.update().where(entry_t.c.id == e.id).values(before=before, after=after))


def upgrade() -> None:
    with op.batch_alter_table('fighter', schema=None) as batch_op:
        batch_op.add_column(sa.Column('rank', sa.Integer(), nullable=False, server_default='0'))
    _convert(up=True)


def downgrade() -> None:
    _convert(up=False)
    with op.batch_alter_table('fighter', schema=None) as batch_op:
        batch_op.drop_column('rank')
