"""idempotency: the answers the league server keeps for keyed writes (#35, item 6)

``idempotency_key``: a member's name, the ``Idempotency-Key`` they sent, a SHA-256 of
the use-case and its arguments, the answer (HTTP status and JSON body, empty while the
request runs) and when it was made; one row per (member, key) (the unique constraint is
what keeps two concurrent sends of one key from both applying), an index on the time
(expired rows are pruned by it). A new, empty table: nothing stored before moves.

Revision ID: 0016_idempotency
Revises: 0015_system_records
Create Date: 2026-12-05 18:20:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0016_idempotency'
down_revision: Union[str, Sequence[str], None] = '0015_system_records'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

_S = sqlmodel.sql.sqltypes.AutoString


def upgrade() -> None:
    op.create_table(
        'idempotency_key',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('member', _S(length=63), nullable=False),
        sa.Column('key', _S(length=200), nullable=False),
        sa.Column('request_hash', _S(length=64), nullable=False),
        sa.Column('status', sa.Integer(), nullable=True),
        sa.Column('body', sa.Text(), nullable=True),
        sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('member', 'key', name='uq_idempotency_key_member_key'),
    )
    op.create_index('ix_idempotency_key_created_at', 'idempotency_key', ['created_at'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_idempotency_key_created_at', table_name='idempotency_key')
    op.drop_table('idempotency_key')
