"""members: the league server's members and their sessions (#35)

``member``: a name (unique; a roster's ``owner`` names its member), an argon2id password
hash, a role (arbitrator, player, viewer), when it was made, and whether it is disabled.
``member_session``: a login, kept as the SHA-256 of its bearer token (never the token),
whose it is, made, last used, expires, revoked. Nothing stored before changes.

Revision ID: 0014_members
Revises: 0013_roster_rules
Create Date: 2026-12-05 14:40:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0014_members'
down_revision: Union[str, Sequence[str], None] = '0013_roster_rules'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

_S = sqlmodel.sql.sqltypes.AutoString


def upgrade() -> None:
    op.create_table(
        'member',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('name', _S(length=63), nullable=False),
        sa.Column('password_hash', _S(length=200), nullable=False),
        sa.Column('role', _S(length=20), nullable=False),
        sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column('disabled', sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('name'),
    )
    op.create_table(
        'member_session',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('token_hash', _S(length=64), nullable=False),
        sa.Column('member_id', sa.Integer(), nullable=False),
        sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column('last_used', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column('expires_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column('revoked', sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(['member_id'], ['member.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('token_hash'),
    )
    op.create_index(op.f('ix_member_session_member_id'), 'member_session', ['member_id'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_member_session_member_id'), table_name='member_session')
    op.drop_table('member_session')
    op.drop_table('member')
