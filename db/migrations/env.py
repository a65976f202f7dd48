"""Alembic environment: runs on the connection handed in by db.migrate (or a URL)."""

from alembic import context
from sqlmodel import SQLModel

import db.models  # noqa: F401  (registers every table on SQLModel.metadata)
from db.engine import make_engine, migration_engine, normalize_url

config = context.config
target_metadata = SQLModel.metadata


def run_migrations_offline() -> None:
    context.configure(
        url=config.get_main_option("sqlalchemy.url"),
        target_metadata=target_metadata,
        literal_binds=True,
        render_as_batch=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is None:  # the alembic command line: one transaction, DDL included
        url = normalize_url(config.get_main_option("sqlalchemy.url") or "")
        engine = migration_engine(url) if url.get_backend_name() == "sqlite" else make_engine(url)
        with engine.begin() as conn:
            _run(conn)
        engine.dispose()
    else:
        _run(connection)


def _run(connection) -> None:  # type: ignore[no-untyped-def]
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
