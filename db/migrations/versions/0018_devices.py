"""devices: phones and tablets invited to the table (#29)

``device_invite``: the SHA-256 of an invitation token (the QR code; never the token),
the battle and the roster it is scoped to, who made it, made, expires, revoked.
``device_session``: a device that joined by an invite, kept as the SHA-256 of its
session token, its invite, made, last used, expires, revoked. New, empty tables:
nothing stored before changes.

Revision ID: 0018_devices
Revises: 0017_chain_head
Create Date: 2026-12-05 18:30:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0018_devices'
down_revision: Union[str, Sequence[str], None] = '0017_chain_head'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

_S = sqlmodel.sql.sqltypes.AutoString


def upgrade() -> None:
    op.create_table(
        'device_invite',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('token_hash', _S(length=64), nullable=False),
        sa.Column('battle_id', sa.Integer(), nullable=False),
        sa.Column('roster_id', sa.Integer(), nullable=False),
        sa.Column('created_by', _S(length=63), nullable=True),
        sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column('expires_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column('revoked', sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(['battle_id'], ['battle.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['roster_id'], ['roster.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('token_hash'),
    )
    op.create_index(op.f('ix_device_invite_battle_id'), 'device_invite', ['battle_id'], unique=False)
    op.create_index(op.f('ix_device_invite_roster_id'), 'device_invite', ['roster_id'], unique=False)
    op.create_table(
        'device_session',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('token_hash', _S(length=64), nullable=False),
        sa.Column('invite_id', sa.Integer(), nullable=False),
        sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column('last_used', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column('expires_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column('revoked', sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(['invite_id'], ['device_invite.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('token_hash'),
    )
    op.create_index(op.f('ix_device_session_invite_id'), 'device_session', ['invite_id'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_device_session_invite_id'), table_name='device_session')
    op.drop_table('device_session')
    op.drop_index(op.f('ix_device_invite_roster_id'), table_name='device_invite')
    op.drop_index(op.f('ix_device_invite_battle_id'), table_name='device_invite')
    op.drop_table('device_invite')
