"""standings: each roster's battles read from one index, in roster order (#32)

``battle_roster``'s index on ``roster_id`` becomes one on ``(roster_id, result)``: the
standings count a campaign's rosters' battles, wins, draws and losses from it alone, one
roster after the other, without reading the table (whose rows lie in battle order) or
sorting 10,000 rosters' groups. It serves every lookup the old one did (its first column).

Revision ID: 0020_standings_index
Revises: 0019_rollmark
Create Date: 2026-12-07 05:00:00
"""
from typing import Sequence, Union

from alembic import op

revision: str = '0020_standings_index'
down_revision: Union[str, Sequence[str], None] = '0019_rollmark'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_index('ix_battle_roster_standing', 'battle_roster', ['roster_id', 'result'], unique=False)
    op.drop_index('ix_battle_roster_roster_id', table_name='battle_roster')


def downgrade() -> None:
    op.create_index('ix_battle_roster_roster_id', 'battle_roster', ['roster_id'], unique=False)
    op.drop_index('ix_battle_roster_standing', table_name='battle_roster')
