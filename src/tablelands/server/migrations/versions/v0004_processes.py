"""Several server processes on one database: leases of shared work, the processes and the
sockets they hold, and at most one rematch per game.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "leases",
        sa.Column("key", sa.String(100), primary_key=True),
        sa.Column("owner", sa.String(32), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "processes",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("heartbeat_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "presence",
        sa.Column(
            "process_id",
            sa.String(32),
            sa.ForeignKey("processes.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("sockets", sa.Integer(), nullable=False),
    )
    # A rematch asked for twice at once (two seats, two processes) makes one game.
    op.create_index("uq_games_rematch_of", "games", ["rematch_of"], unique=True)


def downgrade() -> None:
    op.drop_index("uq_games_rematch_of", "games")
    op.drop_table("presence")
    op.drop_table("processes")
    op.drop_table("leases")
