import sqlalchemy as sa
from alembic import op

revision = "1a2b3c"
down_revision = None
branch_labels = None
depends_on = None


def upgrade():
    op.create_table("users", sa.Column("id", sa.Integer, primary_key=True))


def downgrade():
    op.drop_table("users")


def unused_backfill():
    return None
