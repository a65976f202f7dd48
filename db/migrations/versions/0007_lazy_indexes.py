"""lazy: indexes for the GUI's paged and counted reads at national-league scale

The roll log's pages (newest first, keyset on (created_at, id)) of a campaign, also
filtered by fighter, by table or by battle; a campaign's history (journal by id); a
fighter found by its name.

Revision ID: 0007_lazy
Revises: 0006_league
Create Date: 2026-12-01 19:10:00
"""
from typing import Sequence, Union

from alembic import op


revision: str = '0007_lazy'
down_revision: Union[str, Sequence[str], None] = '0006_league'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

INDEXES = (
    ('ix_roll_record_log', 'roll_record', ['campaign_id', 'created_at', 'id']),
    ('ix_roll_record_log_fighter', 'roll_record', ['campaign_id', 'fighter_id', 'created_at', 'id']),
    ('ix_roll_record_log_table', 'roll_record', ['campaign_id', 'table_id', 'created_at', 'id']),
    ('ix_roll_record_log_battle', 'roll_record', ['campaign_id', 'battle_id', 'created_at', 'id']),
    ('ix_journal_campaign_log', 'journal', ['campaign_id', 'id']),
    ('ix_fighter_name', 'fighter', ['name']),
    ('ix_battle_campaign_pending', 'battle', ['campaign_id', 'after_battle_done']),
)


def upgrade() -> None:
    for name, table, cols in INDEXES:
        op.create_index(name, table, cols, unique=False)


def downgrade() -> None:
    for name, table, _cols in reversed(INDEXES):
        op.drop_index(name, table_name=table)
