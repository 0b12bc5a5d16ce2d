"""Games, seats and append-only moves.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("edition", sa.JSON(), nullable=True),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("hints", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("rematch_of", sa.String(32), sa.ForeignKey("games.id"), nullable=True),
    )
    op.create_table(
        "seats",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("agent", sa.String(100), nullable=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.UniqueConstraint("game_id", "token_hash", name="uq_seats_game_token"),
    )
    op.create_table(
        "moves",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.BigInteger(), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "seq", name="uq_moves_game_seq"),
    )
    op.create_index("ix_moves_game_id", "moves", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_moves_game_id", "moves")
    op.drop_table("moves")
    op.drop_table("seats")
    op.drop_table("games")
