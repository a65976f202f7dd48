"""Where the default database lives, without loading SQLAlchemy.

The GUI asks for the default URL before its window is on screen; importing
:mod:`db.engine` there would put SQLAlchemy's import on the cold start."""

from __future__ import annotations

import os
from pathlib import Path

ENV_VAR = "CAMPAIGN_APP_DB"
APP_NAME = "campaign_app"


def default_db_path() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False)) / "campaigns.sqlite"


def default_url() -> str:
    env = os.environ.get(ENV_VAR, "").strip()
    if env:
        return env
    return f"sqlite:///{default_db_path()}"
