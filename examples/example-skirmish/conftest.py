"""The app's fixtures for a plug-in's tests: a database on SQLite (and PostgreSQL when
CAMPAIGN_APP_TEST_PG names a server), the CLI, the registry, the window."""

pytest_plugins = ["campaign_app.testing", "ui.testing"]
