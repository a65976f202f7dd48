"""manage: a deleted campaign is kept (deleted_at) until purged, so delete is undoable;
rolls of a removed figure are marked (figure_removed)

Revision ID: 0005_manage
Revises: 0004_table
Create Date: 2026-12-01 19:30:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = '0005_manage'
down_revision: Union[str, Sequence[str], None] = '0004_table'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    with op.batch_alter_table('campaign', schema=None) as batch_op:
        batch_op.add_column(sa.Column('deleted_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True))
    with op.batch_alter_table('roll_record', schema=None) as batch_op:
        batch_op.add_column(sa.Column('figure_removed', sa.Boolean(), nullable=False, server_default=sa.text('false')))


def downgrade() -> None:
    # plain ALTER TABLE (SQLite 3.35+): a batch copy of ``campaign`` or ``roll_record``
    # would trip (or cascade) the foreign keys that point at them.
    # A campaign deleted but not yet purged comes back under its suffixed name.
    op.execute("ALTER TABLE roll_record DROP COLUMN figure_removed")
    op.execute("ALTER TABLE campaign DROP COLUMN deleted_at")
