"""The league server (#35): ``campaign-app serve``, an HTTP API over one
:class:`campaign_app.facade.Campaigns`, with its own members and sessions.

A front end like ``ui``: it reaches the database only through the facade and the
use-cases (import-linter's layers contract, pyproject.toml). :mod:`server.app` builds the
ASGI app (FastAPI), :mod:`server.catalogue` holds the vetted use-cases it exposes and
the argument models built from their signatures, :mod:`server.limits` the login rate
limit and the request size limit."""
