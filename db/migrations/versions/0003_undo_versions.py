"""undo: versions only go up, redo branches

Journal entries remember the version an undo gave each row (``version_undone``), a
journal remembers the newest journal of its campaign when it was undone
(``undo_mark``: a newer one abandons its redo), and entries are found by row.

Revision ID: 0003_undo
Revises: 0002
"""
from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op


revision: str = '0003_undo'
down_revision: Union[str, Sequence[str], None] = '0002'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    # plain ADD COLUMN (never a batch copy of ``journal``: its entries would cascade away)
    op.add_column('journal', sa.Column('undo_mark', sa.Integer(), nullable=True))
    op.add_column('journal_entry', sa.Column('version_undone', sa.Integer(), nullable=True))
    op.create_index('ix_journal_entry_row', 'journal_entry', ['table_name', 'row_id'], unique=False)
    # journals undone before this revision keep the redo they had: marked as undone
    # after the newest journal of their campaign (the old rule then decides, as before)
    op.execute(
        "UPDATE journal SET undo_mark = (SELECT max(j2.id) FROM journal j2"
        " WHERE j2.campaign_id = journal.campaign_id) WHERE undone = true AND campaign_id IS NOT NULL"
    )


def downgrade() -> None:
    # plain ALTER TABLE (SQLite 3.35+): a batch copy of ``journal`` would cascade-delete
    # every journal entry on the way
    op.drop_index('ix_journal_entry_row', table_name='journal_entry')
    op.execute("ALTER TABLE journal_entry DROP COLUMN version_undone")
    op.execute("ALTER TABLE journal DROP COLUMN undo_mark")
