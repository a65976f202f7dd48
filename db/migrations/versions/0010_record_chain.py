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
    # the chain of the rolls already recorded, per campaign in id order (hashed in Python,
    # written with one executemany)
    rr = sa.table(
        'roll_record', sa.column('id', sa.Integer()), sa.column('campaign_id', sa.Integer()),
        sa.column('created_at', sqlmodel.sql.sqltypes.UTCDateTime()),
        *(sa.column(c, sa.String()) for c in ('subject', 'purpose', 'rule', 'dice', 'faces', 'source',
                                              'table_id', 'row', 'result', 'label', 'step',
                                              'prev_hash', 'hash')),
        *(sa.column(c, sa.Integer()) for c in ('target', 'value', 'face_pos')),
    )
    conn = op.get_bind()
    rows = [dict(r) for r in conn.execute(sa.select(rr).order_by(rr.c.campaign_id, rr.c.id)).mappings()]
    heads: dict[int, str] = {}
    for row in rows:
        prev = heads.get(row['campaign_id'], '')
        row['prev_hash'] = prev
        heads[row['campaign_id']] = row['hash'] = rollchain.link(prev, row)
    if rows:
        conn.execute(
            sa.update(rr).where(rr.c.id == sa.bindparam('rid'))
            .values(prev_hash=sa.bindparam('p'), hash=sa.bindparam('h')),
            [{'rid': r['id'], 'p': r['prev_hash'], 'h': r['hash']} for r in rows],
        )


def downgrade() -> None:
    # plain ALTER TABLE (SQLite 3.35+), as 0003 does
    op.drop_index('ix_roll_record_step', table_name='roll_record')
    for c in ('hash', 'prev_hash', 'face_pos', 'step', 'mark'):
        op.execute(f"ALTER TABLE roll_record DROP COLUMN {c}")
    for c in ('typed_dice', 'dice_discipline'):
        op.execute(f"ALTER TABLE campaign DROP COLUMN {c}")
