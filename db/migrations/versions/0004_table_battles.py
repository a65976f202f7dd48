"""table: battle setup and live tracking (battle state, attacker, setup; battle marks)

Revision ID: 0004_table
Revises: 0003_undo
Create Date: 2026-12-01 16:05:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = '0004_table'
down_revision: Union[str, Sequence[str], None] = '0003_undo'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    with op.batch_alter_table('battle', schema=None) as batch_op:
        batch_op.add_column(sa.Column('state', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False,
                                      server_default='finished'))
        batch_op.add_column(sa.Column('attacker_roster_id', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('setup', sa.JSON(), nullable=True, server_default=sa.text("'{}'")))
        batch_op.create_index(batch_op.f('ix_battle_attacker_roster_id'), ['attacker_roster_id'], unique=False)
        batch_op.create_foreign_key('fk_battle_attacker_roster_id_roster', 'roster', ['attacker_roster_id'], ['id'])
    op.execute("UPDATE battle SET setup = '{}' WHERE setup IS NULL")
    with op.batch_alter_table('battle', schema=None) as batch_op:
        batch_op.alter_column('setup', existing_type=sa.JSON(), nullable=False, existing_server_default=sa.text("'{}'"))

    op.create_table('battle_mark',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('battle_id', sa.Integer(), nullable=False),
    sa.Column('fighter_id', sa.Integer(), nullable=True),
    sa.Column('unit_id', sa.Integer(), nullable=True),
    sa.Column('by_fighter_id', sa.Integer(), nullable=True),
    sa.Column('kind', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('value', sqlmodel.sql.sqltypes.AutoString(length=80), nullable=False),
    sa.Column('before', sqlmodel.sql.sqltypes.AutoString(length=80), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['battle_id'], ['battle.id'], ),
    sa.ForeignKeyConstraint(['by_fighter_id'], ['fighter.id'], ),
    sa.ForeignKeyConstraint(['fighter_id'], ['fighter.id'], ),
    sa.ForeignKeyConstraint(['unit_id'], ['unit.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('battle_mark', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_battle_mark_battle_id'), ['battle_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_battle_mark_by_fighter_id'), ['by_fighter_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_battle_mark_fighter_id'), ['fighter_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_battle_mark_unit_id'), ['unit_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('battle_mark', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_battle_mark_unit_id'))
        batch_op.drop_index(batch_op.f('ix_battle_mark_fighter_id'))
        batch_op.drop_index(batch_op.f('ix_battle_mark_by_fighter_id'))
        batch_op.drop_index(batch_op.f('ix_battle_mark_battle_id'))
    op.drop_table('battle_mark')
    with op.batch_alter_table('battle', schema=None) as batch_op:
        batch_op.drop_constraint('fk_battle_attacker_roster_id_roster', type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_battle_attacker_roster_id'))
        batch_op.drop_column('setup')
        batch_op.drop_column('attacker_roster_id')
        batch_op.drop_column('state')
