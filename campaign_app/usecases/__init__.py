"""Use-cases: what the CLI and the GUI can do. Each writing one is one transaction."""

from campaign_app.usecases.core import *  # noqa: F401,F403
