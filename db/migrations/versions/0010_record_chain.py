"""record: every roll on record with its mark, dice discipline, the roll hash chain

Roll records get a mark (``preview``, ``abandoned``, ``applied``, ``undone``), the
step they were rolled for and the position of their first face in it, and the hash
chain (``prev_hash``, ``hash``: see campaign_app/rollchain.py); campaigns get their
dice discipline settings. The chain of every existing roll is computed here, per
campaign in id order; rolls of an undone action are marked ``undone``.

Revision ID: 0010_record
Revises: 0009_gear
Create Date: 2026-12-01 19:15:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel
from alembic import op

from campaign_app import rollchain

revision: str = '0010_record'
down_revision: Union[str, Sequence[str], None] = '0009_gear'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

_S = sqlmodel.sql.sqltypes.AutoString


def upgrade() -> None:
    # plain ADD COLUMN (a batch copy of roll_record would renumber nothing but is slow)
    op.add_column('campaign', sa.Column('dice_discipline', _S(length=10), nullable=False, server_default='open'))
    op.add_column('campaign', sa.Column('typed_dice', sa.Boolean(), nullable=False, server_default=sa.true()))
    op.add_column('roll_record', sa.Column('mark', _S(length=20), nullable=False, server_default='applied'))
    op.add_column('roll_record', sa.Column('step', _S(length=120), nullable=False, server_default=''))
    op.add_column('roll_record', sa.Column('face_pos', sa.Integer(), nullable=True))
    op.add_column('roll_record', sa.Column('prev_hash', _S(length=64), nullable=False, server_default=''))
    op.add_column('roll_record', sa.Column('hash', _S(length=64), nullable=False, server_default=''))
    op.create_index('ix_roll_record_step', 'roll_record', ['campaign_id', 'step'], unique=False)
    op.execute("UPDATE roll_record SET mark = 'undone' WHERE journal_id IN (SELECT id FROM journal WHERE undone = true)")
    _chain_existing_rolls(op.get_bind())


# what the chain hashes (campaign_app/rollchain.py), and the ids it is kept by
_COLUMNS = ("id", "campaign_id", "created_at", "subject", "purpose", "rule", "dice", "faces", "source",
            "table_id", "row", "result", "label", "step", "target", "value", "face_pos")


def _chain_existing_rolls(conn: sa.Connection) -> None:
    """The chain of the rolls already recorded, per campaign in id order.

    Plain driver SQL: the first version read the rows through SQLAlchemy's types and
    wrote them back with an executemany through them, 0.64 s of CPU of its 1.1 s on
    40,000 rolls (the upgrade kill proof migrates it hundreds of times); read and written
    here they take 0.27 s, and the hashing the rest. The values hashed are the same:
    ``created_at`` comes as SQLite's text, which :func:`rollchain.when_text` parses with
    ``datetime.fromisoformat`` as the UTCDateTime type did, or as PostgreSQL's aware
    datetime, which it turns to UTC as that type did; the other columns are plain text
    and integers either way (tests/db/test_record_migration.py holds the known answer).
    Still one transaction with the rest of the upgrade: a kill leaves nothing of it."""
    rows = conn.exec_driver_sql(
        f"SELECT {', '.join(_COLUMNS)} FROM roll_record ORDER BY campaign_id, id").fetchall()
    if not rows:
        return
    heads: dict[int, str] = {}
    ids: list[int] = []
    prevs: list[str] = []
    hashes: list[str] = []
    link = rollchain.link
    for values in rows:
        row = dict(zip(_COLUMNS, values, strict=True))
        cid = row["campaign_id"]
        prev = heads.get(cid, "")
        heads[cid] = h = link(prev, row)
        ids.append(row["id"])
        prevs.append(prev)
        hashes.append(h)
    if conn.dialect.name == "postgresql":  # one statement for every row
        conn.exec_driver_sql(
            "UPDATE roll_record AS r SET prev_hash = v.p, hash = v.h"
            " FROM unnest(%s::integer[], %s::text[], %s::text[]) AS v(id, p, h) WHERE r.id = v.id",
            (ids, prevs, hashes))
    else:  # SQLite: one prepared statement stepped for each row, in the driver
        conn.exec_driver_sql("UPDATE roll_record SET prev_hash = ?, hash = ? WHERE id = ?",
                             list(zip(prevs, hashes, ids, strict=True)))


def downgrade() -> None:
    # plain ALTER TABLE (SQLite 3.35+), as 0003 does
    op.drop_index('ix_roll_record_step', table_name='roll_record')
    for c in ('hash', 'prev_hash', 'face_pos', 'step', 'mark'):
        op.execute(f"ALTER TABLE roll_record DROP COLUMN {c}")
    for c in ('typed_dice', 'dice_discipline'):
        op.execute(f"ALTER TABLE campaign DROP COLUMN {c}")
