"""advance: how many times each characteristic of a fighter was advanced (fighter.advances)

Necromunda's advancement rules read it: in the 2023 edition a characteristic costs 2 XP
more each time it is taken again, and Movement, Strength and Toughness go at most two
steps, Wounds and Attacks one step, past the fighter's basic profile. A JSON object,
characteristic key -> count; ``{}`` for every fighter already stored (nothing in the
database says what was advanced before).

Revision ID: 0011_advance
Revises: 0010_record
Create Date: 2026-12-04 20:40:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op

revision: str = '0011_advance'
down_revision: Union[str, Sequence[str], None] = '0010_record'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.add_column('fighter', sa.Column('advances', sa.JSON(), nullable=False, server_default=sa.text("'{}'")))


def downgrade() -> None:
    with op.batch_alter_table('fighter', schema=None) as batch_op:
        batch_op.drop_column('advances')
