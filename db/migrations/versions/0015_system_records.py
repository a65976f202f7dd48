"""records: what a game-system plug-in keeps of its own (``system_record``)

A plug-in that needs to store something the app has no table for (the example plug-in's
relics a roster holds) declares a record kind with a pydantic model
(``GameSystem.records``); every such record is one row here: the campaign, the roster
it belongs to (null: the campaign's own), the system and kind, the data as JSON
(validated by the plug-in's model), a row version. One table owned by the core, so a
plug-in needs no migration of its own. A new, empty table: nothing stored before moves.

Revision ID: 0015_system_records
Revises: 0014_members
Create Date: 2026-12-05 14:40:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0015_system_records'
down_revision: Union[str, Sequence[str], None] = '0014_members'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table('system_record',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('campaign_id', sa.Integer(), nullable=False),
    sa.Column('roster_id', sa.Integer(), nullable=True),
    sa.Column('system', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('kind', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('data', sa.JSON(), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['campaign_id'], ['campaign.id'], ),
    sa.ForeignKeyConstraint(['roster_id'], ['roster.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('system_record', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_system_record_campaign_id'), ['campaign_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_system_record_roster_id'), ['roster_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('system_record', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_system_record_roster_id'))
        batch_op.drop_index(batch_op.f('ix_system_record_campaign_id'))
    op.drop_table('system_record')
