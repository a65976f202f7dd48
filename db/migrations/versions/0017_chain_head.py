"""chain head: each campaign's roll chain anchored (``chain_head``: count and last hash)

The league server keeps the newest end of every campaign's roll chain (#35 item 4),
written in the same transaction as each roll record, so ``log verify`` finds rolls cut
off the end and a row put after it. A database stored before gets a head for each
campaign with rolls, from the chain as it stands (its count and its newest record's
hash): an old chain verifies as before, and from now on its end is anchored.

Revision ID: 0017_chain_head
Revises: 0016_idempotency
Create Date: 2026-12-05 18:30:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0017_chain_head'
down_revision: Union[str, Sequence[str], None] = '0016_idempotency'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table('chain_head',
    sa.Column('campaign_id', sa.Integer(), nullable=False),
    sa.Column('count', sa.Integer(), nullable=False),
    sa.Column('last_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.ForeignKeyConstraint(['campaign_id'], ['campaign.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('campaign_id')
    )
    # every campaign with rolls: its chain as it stands is its head
    op.execute(
        "INSERT INTO chain_head (campaign_id, count, last_hash) "
        "SELECT r.campaign_id, count(*), "
        "(SELECT r2.hash FROM roll_record r2 WHERE r2.campaign_id = r.campaign_id ORDER BY r2.id DESC LIMIT 1) "
        "FROM roll_record r GROUP BY r.campaign_id"
    )


def downgrade() -> None:
    op.drop_table('chain_head')
