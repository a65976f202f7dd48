"""rollmark: a roll's mark is part of what is hashed (#35 item 4)

``roll_record.v``: what the record's hash covers (0: written before this revision, its
hash covers what it always did; 1: also ``v`` and ``first_mark``). ``roll_record.first_mark``:
the mark the record was written with (``preview``, ``applied``, ``note``, ``mark``), hashed
from version 1 on; every later change of ``mark`` is appended to the chain as a mark record
(campaign_app/rollchain.py). Plain ADD COLUMN with defaults: the rolls stored before are
version 0 and their hashes do not change (no row is rewritten, the chain heads stay).

Revision ID: 0019_rollmark
Revises: 0018_devices
Create Date: 2026-12-05 21:30:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0019_rollmark'
down_revision: Union[str, Sequence[str], None] = '0018_devices'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

_S = sqlmodel.sql.sqltypes.AutoString


def upgrade() -> None:
    op.add_column('roll_record', sa.Column('v', sa.Integer(), nullable=False, server_default='0'))
    op.add_column('roll_record', sa.Column('first_mark', _S(length=20), nullable=False, server_default=''))


def downgrade() -> None:
    # the mark records stay as rows (a version 0 reader sees them as rolls whose hashes no
    # longer match: a downgrade is for going back before any was written)
    with op.batch_alter_table('roll_record') as batch:
        batch.drop_column('first_mark')
        batch.drop_column('v')
