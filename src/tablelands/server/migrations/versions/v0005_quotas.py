"""A server put online: who made each game (a keyed hash of the client's address, for the
quotas), when a person last touched it (idle games stop waking their bots), and the
server's own secrets (the admin token's hash, the key of the address hashes).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.add_column(sa.Column("creator", sa.String(64), nullable=True))
        games.add_column(sa.Column("touched_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_games_creator_created_at", "games", ["creator", "created_at"])
    op.create_table(
        "server_secrets",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("server_secrets")
    op.drop_index("ix_games_creator_created_at", "games")
    with op.batch_alter_table("games") as games:
        games.drop_column("touched_at")
        games.drop_column("creator")
