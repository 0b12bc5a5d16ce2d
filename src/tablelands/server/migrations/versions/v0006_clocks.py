"""Clocks: the clock each game was made with and when its running seat's time runs out
(the sweep looks for games past it), and the stand-ins that play for seats whose time ran
out.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.add_column(sa.Column("clock", sa.JSON(), nullable=True))
        games.add_column(sa.Column("deadline_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_games_deadline_at", "games", ["deadline_at"])
    op.create_table(
        "stand_ins",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("ended_seq", sa.Integer(), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("stand_ins")
    op.drop_index("ix_games_deadline_at", "games")
    with op.batch_alter_table("games") as games:
        games.drop_column("deadline_at")
        games.drop_column("clock")
