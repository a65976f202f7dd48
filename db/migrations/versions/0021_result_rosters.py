"""result rosters: each battle result keeps its figure's roster and its attacker's (#32)

``battle_result.roster_id``: the roster of the result's fighter or unit;
``battle_result.by_roster_id``: the roster of the fighter named as having caused it
(``by_fighter_id``). Copies that every writer keeps with the figures (a figure moved to
another roster moves them): the standings count casualties by them, walking a campaign's
results in the order they lie, instead of looking up each casualty's figure at random (at
a national league's size, 300,000 lookups that grew 22x for 10x the league). Filled here
from the figures as they are now.

Revision ID: 0021_result_rosters
Revises: 0020_standings_index
Create Date: 2026-12-07 09:40:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op

revision: str = '0021_result_rosters'
down_revision: Union[str, Sequence[str], None] = '0020_standings_index'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.add_column('battle_result', sa.Column('roster_id', sa.Integer(), nullable=True))
    op.add_column('battle_result', sa.Column('by_roster_id', sa.Integer(), nullable=True))
    for column, figure, table in (('roster_id', 'fighter_id', 'fighter'), ('roster_id', 'unit_id', 'unit'),
                                  ('by_roster_id', 'by_fighter_id', 'fighter')):
        op.execute(f"UPDATE battle_result SET {column} = (SELECT t.roster_id FROM {table} t "
                   f"WHERE t.id = battle_result.{figure}) WHERE {figure} IS NOT NULL")


def downgrade() -> None:
    with op.batch_alter_table('battle_result') as batch:
        batch.drop_column('by_roster_id')
        batch.drop_column('roster_id')
