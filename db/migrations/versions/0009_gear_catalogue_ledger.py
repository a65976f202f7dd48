"""gear: content packs, the roster's ledger, stash and territories

Revision ID: 0009_gear
Revises: 0008_advance
Create Date: 2026-12-01 19:10:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = '0009_gear'
down_revision: Union[str, Sequence[str], None] = '0008_advance'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table('content_pack',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('campaign_id', sa.Integer(), nullable=False),
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('items', sa.JSON(), nullable=False),
    sa.Column('notes', sqlmodel.sql.sqltypes.AutoString(), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['campaign_id'], ['campaign.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('content_pack', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_content_pack_campaign_id'), ['campaign_id'], unique=False)

    op.create_table('ledger_entry',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('roster_id', sa.Integer(), nullable=False),
    sa.Column('amount', sa.Integer(), nullable=False),
    sa.Column('balance', sa.Integer(), nullable=False),
    sa.Column('kind', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('why', sqlmodel.sql.sqltypes.AutoString(length=500), nullable=False),
    sa.Column('item', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('fighter_id', sa.Integer(), nullable=True),
    sa.Column('battle_id', sa.Integer(), nullable=True),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['battle_id'], ['battle.id'], ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['fighter_id'], ['fighter.id'], ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['roster_id'], ['roster.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('ledger_entry', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_ledger_entry_battle_id'), ['battle_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_ledger_entry_fighter_id'), ['fighter_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_ledger_entry_roster_id'), ['roster_id'], unique=False)

    op.create_table('stash_item',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('roster_id', sa.Integer(), nullable=False),
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('category', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('qty', sa.Integer(), nullable=False),
    sa.Column('cost', sa.Integer(), nullable=False),
    sa.Column('notes', sqlmodel.sql.sqltypes.AutoString(), nullable=False),
    sa.ForeignKeyConstraint(['roster_id'], ['roster.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('stash_item', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_stash_item_roster_id'), ['roster_id'], unique=False)

    op.create_table('territory',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('roster_id', sa.Integer(), nullable=False),
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('credits', sa.Integer(), nullable=False),
    sa.Column('dice', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('rule', sqlmodel.sql.sqltypes.AutoString(), nullable=False),
    sa.ForeignKeyConstraint(['roster_id'], ['roster.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('territory', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_territory_roster_id'), ['roster_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('territory', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_territory_roster_id'))
    op.drop_table('territory')
    with op.batch_alter_table('stash_item', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_stash_item_roster_id'))
    op.drop_table('stash_item')
    with op.batch_alter_table('ledger_entry', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_ledger_entry_roster_id'))
        batch_op.drop_index(batch_op.f('ix_ledger_entry_fighter_id'))
        batch_op.drop_index(batch_op.f('ix_ledger_entry_battle_id'))
    op.drop_table('ledger_entry')
    with op.batch_alter_table('content_pack', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_content_pack_campaign_id'))
    op.drop_table('content_pack')
