"""Notices tried again from the store: the tries made, the targets still to be told and when
they are tried next, so that a try outlives the process that was to make it.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("notices") as notices:
        notices.add_column(sa.Column("tries", sa.Integer(), nullable=False, server_default="1"))
        notices.add_column(sa.Column("pending", sa.JSON(), nullable=True))
        notices.add_column(sa.Column("retry_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_notices_retry_at", "notices", ["retry_at"])


def downgrade() -> None:
    op.drop_index("ix_notices_retry_at", "notices")
    with op.batch_alter_table("notices") as notices:
        notices.drop_column("retry_at")
        notices.drop_column("pending")
        notices.drop_column("tries")
