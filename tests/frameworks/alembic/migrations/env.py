from alembic import context


def run_migrations_offline():
    context.configure(url="sqlite://")


def run_migrations_online():
    context.configure(url="sqlite://")


def unused_engine_options():
    return {}


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
