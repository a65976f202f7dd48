"""league: roster owner and journal author (the PostgreSQL login roles row-level security checks)

Revision ID: 0006_league
Revises: 0005_manage
Create Date: 2026-12-01 19:20:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = '0006_league'
down_revision: Union[str, Sequence[str], None] = '0005_manage'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    with op.batch_alter_table('roster', schema=None) as batch_op:
        batch_op.add_column(sa.Column('owner', sqlmodel.sql.sqltypes.AutoString(length=63), nullable=True))
    with op.batch_alter_table('journal', schema=None) as batch_op:
        batch_op.add_column(sa.Column('author', sqlmodel.sql.sqltypes.AutoString(length=63), nullable=True))


def downgrade() -> None:
    # a plain DROP COLUMN (SQLite 3.35+ and PostgreSQL): a batch rebuild of the roster
    # table would drop a table its fighters point at
    op.execute('ALTER TABLE journal DROP COLUMN author')
    op.execute('ALTER TABLE roster DROP COLUMN owner')
