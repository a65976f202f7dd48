"""recruit: a campaign plays its game's gang composition rules checked, or loose

``campaign.roster_rules``: ``checked`` (the default, and every campaign already stored:
recruiting refuses a fighter that breaks a composition rule, ``roster check`` names the
broken ones) or ``loose`` (nothing is checked).

Revision ID: 0013_roster_rules
Revises: 0012_counters
Create Date: 2026-12-05 10:45:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0013_roster_rules'
down_revision: Union[str, Sequence[str], None] = '0012_counters'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

_S = sqlmodel.sql.sqltypes.AutoString


def upgrade() -> None:
    op.add_column('campaign', sa.Column('roster_rules', _S(length=10), nullable=False, server_default='checked'))


def downgrade() -> None:
    op.execute("ALTER TABLE campaign DROP COLUMN roster_rules")  # plain ALTER TABLE, as 0010 does
