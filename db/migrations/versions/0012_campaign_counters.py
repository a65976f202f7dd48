"""counters: counters a campaign defines (campaign.counters) and each roster's value of
them (roster.counters)

A campaign may keep a number per roster that its rules do not: a Terror Level, a
Notoriety, supplies. The campaign defines each counter (a name, a start value, the
lowest and highest value: a JSON list of ``{"name", "start", "min", "max"}``); each
roster holds its values (a JSON object, counter name -> value; a counter missing there
stands at its start). ``[]`` and ``{}`` for every campaign and roster already stored.

Revision ID: 0012_counters
Revises: 0011_advance
Create Date: 2026-12-05 10:50:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op

revision: str = '0012_counters'
down_revision: Union[str, Sequence[str], None] = '0011_advance'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.add_column('campaign', sa.Column('counters', sa.JSON(), nullable=False, server_default=sa.text("'[]'")))
    op.add_column('roster', sa.Column('counters', sa.JSON(), nullable=False, server_default=sa.text("'{}'")))


def downgrade() -> None:
    # plain ALTER TABLE (SQLite 3.35+), as 0010 does: a batch copy of roster would drop
    # the table other tables point at, and SQLite refuses that with foreign keys on
    op.execute("ALTER TABLE roster DROP COLUMN counters")
    op.execute("ALTER TABLE campaign DROP COLUMN counters")
