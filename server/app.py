"""The league server's HTTP API (FastAPI): ``create_app(url)`` over one
:class:`~campaign_app.facade.Campaigns`; ``serve(url, host, port)`` runs it on uvicorn
(``campaign-app serve``).

The API (JSON in, JSON out; the OpenAPI document at ``/api/openapi.json``):

- ``POST /api/login`` ``{"name", "password"}`` -> ``{"token", "session_id", "name",
  "role", "expires_at"}``; too many failures for a name from one address: 429;
- ``POST /api/logout``, ``GET /api/me`` (with the token);
- ``GET /api/use-cases``: the use-cases this member may call;
- ``POST /api/run/{use_case}`` with a JSON object of the use-case's named arguments
  (``core.add_fighter``: ``{"roster_ref": 3, "name": "Sgt Rock", "rep": 5}``) -> its
  result as JSON (:func:`campaign_app.facade.result_adapter`: read back by the same
  adapter it equals what the use-case returned).

Every call but login carries ``Authorization: Bearer TOKEN`` (a header only: a token is
never read from a URL, so it never reaches an access log). An error is one line,
``{"error": "..."}``: 400 bad input, 401 not logged in, 403 refused (the member's role,
or a row that is not theirs: :mod:`db.acting`, checked inside the unit of work), 404 not
found, 409 a stale edit, 413 too large, 422 an unknown use-case or bad arguments, 429
too many failed logins, 500 a fault of the server (logged there, never a traceback to
the client)."""

from __future__ import annotations

import logging
import sys
from typing import Any

from fastapi import FastAPI, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from campaign_app.errors import (
    AppError,
    AuthError,
    ConflictError,
    DatabaseError,
    NotFoundError,
    RefusedError,
)
from campaign_app.facade import Campaigns
from campaign_app.usecases import members
from server.catalogue import CATALOGUE, MAY, Entry
from server.limits import BodyLimit, LoginLimiter

log = logging.getLogger("campaign_app.server")

MAX_BODY = 1_000_000


class LoginBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    password: str


class ApiError(Exception):
    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers


def _status(e: AppError) -> int:
    if isinstance(e, AuthError):
        return 401
    if isinstance(e, NotFoundError):
        return 404
    if isinstance(e, ConflictError):
        return 409
    if isinstance(e, RefusedError):
        return 403
    if isinstance(e, DatabaseError):
        return 503
    return 400


def _one_line(text: str) -> str:
    return " ".join(str(text).split())[:500]


def validation_message(err: ValidationError | RequestValidationError) -> str:
    """The first problem of a validation, in one line naming the argument."""
    errors = err.errors()
    if not errors:
        return "bad arguments"
    first = errors[0]
    where = ".".join(str(p) for p in first.get("loc", ()) if p != "body") or "the body"
    kind = first.get("type", "")
    if kind == "extra_forbidden":
        msg = f"unknown argument {where!r}"
    elif kind == "missing":
        msg = f"missing argument {where!r}"
    elif kind in ("json_invalid", "model_type", "dict_type", "model_attributes_type"):
        msg = "the body is not a JSON object of named arguments"
    else:
        msg = f"bad argument {where!r}: {first.get('msg', 'invalid')}"
    more = len(errors) - 1
    return _one_line(msg + (f" (and {more} more)" if more else ""))


def create_app(db: str | Campaigns, *, login_failures: int = 5, login_window: float = 60.0,
               max_body: int = MAX_BODY) -> FastAPI:
    """The ASGI app over the database ``db`` (a URL, opened at the newest schema, or an
    open :class:`Campaigns`)."""
    # a league is set up before it is served (league add-member makes the file): a
    # mistyped path is an error, not an empty league
    campaigns = db if isinstance(db, Campaigns) else Campaigns.open(db, create=False)
    limiter = LoginLimiter(login_failures, login_window)
    api = FastAPI(title="campaign_app league server", version="1",
                  openapi_url="/api/openapi.json", docs_url=None, redoc_url=None)
    api.state.campaigns = campaigns
    api.state.limiter = limiter
    components: dict[str, Any] = {}

    @api.exception_handler(ApiError)
    async def _api_error(_request: Request, e: ApiError) -> JSONResponse:
        return JSONResponse({"error": e.message}, status_code=e.status, headers=e.headers)

    @api.exception_handler(AppError)
    async def _app_error(_request: Request, e: AppError) -> JSONResponse:
        return JSONResponse({"error": _one_line(str(e))}, status_code=_status(e))

    @api.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, e: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": validation_message(e)}, status_code=422)

    @api.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, e: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": _one_line(str(e.detail))}, status_code=e.status_code, headers=e.headers)

    @api.exception_handler(Exception)
    async def _fault(request: Request, e: Exception) -> JSONResponse:
        log.error("fault in %s %s: %s", request.method, request.url.path, type(e).__name__, exc_info=e)
        return JSONResponse({"error": "the server failed to do that (its log says why); nothing was saved"},
                            status_code=500)

    async def who(request: Request) -> members.Who:
        auth = request.headers.get("authorization", "")
        scheme, _, token = auth.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise ApiError(401, "not logged in: send Authorization: Bearer TOKEN (POST /api/login gives one)",
                           {"WWW-Authenticate": "Bearer"})
        return await run_in_threadpool(campaigns.run, members.authenticate, token.strip())

    async def body_of(request: Request, model: type[BaseModel]) -> BaseModel:
        raw = await request.body()
        try:
            return model.model_validate_json(raw or b"{}")
        except ValidationError as e:
            raise ApiError(422, validation_message(e)) from None

    @api.post("/api/login", openapi_extra=_body_schema(LoginBody.model_json_schema()))
    async def login(request: Request) -> Response:
        body = await body_of(request, LoginBody)
        assert isinstance(body, LoginBody)
        address = request.client.host if request.client else "?"
        wait = limiter.blocked(body.name, address)
        if wait:
            raise ApiError(429, f"too many failed logins for {_one_line(body.name)[:63]!r} from this address: "
                           f"try again in {int(wait) + 1} s", {"Retry-After": str(int(wait) + 1)})
        try:
            done = await run_in_threadpool(campaigns.run, members.login, body.name, body.password)
        except AuthError:
            limiter.failed(body.name, address)
            raise
        limiter.succeeded(body.name, address)
        return _json(members.login, done)

    @api.post("/api/logout")
    async def logout(request: Request) -> Response:
        await who(request)
        token = request.headers["authorization"].partition(" ")[2].strip()
        return _json(members.logout, await run_in_threadpool(campaigns.run, members.logout, token))

    @api.get("/api/me")
    async def me(request: Request) -> Response:
        return _json(members.authenticate, await who(request))

    @api.get("/api/use-cases")
    async def use_cases(request: Request) -> Response:
        member = await who(request)
        return JSONResponse([{"name": e.name, "access": e.access, "summary": e.summary}
                             for e in CATALOGUE.values() if member.role in MAY[e.access]])

    for entry in CATALOGUE.values():
        _add_run_route(api, entry, campaigns, who, body_of, components)

    @api.post("/api/run/{use_case}")
    async def unknown(use_case: str) -> Response:
        raise ApiError(422, f"no use-case named {_one_line(use_case)[:80]!r} here (GET /api/use-cases lists them)")

    def openapi() -> dict[str, Any]:
        if api.openapi_schema is None:
            from fastapi.openapi.utils import get_openapi

            doc = get_openapi(title=api.title, version=api.version, routes=api.routes,
                              description="campaign_app league server (#35): docs/league.md")
            doc.setdefault("components", {}).setdefault("schemas", {}).update(components)
            doc["components"]["securitySchemes"] = {"bearer": {"type": "http", "scheme": "bearer"}}
            api.openapi_schema = doc
        return api.openapi_schema

    api.openapi = openapi  # type: ignore[method-assign]
    api.add_middleware(BodyLimit, limit=max_body)
    return api


def _json(fn: Any, result: Any) -> Response:
    from campaign_app.facade import result_adapter

    return Response(result_adapter(fn).dump_json(result), media_type="application/json")


def _body_schema(schema: dict[str, Any]) -> dict[str, Any]:
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": schema}}}}


def _split_defs(schema: dict[str, Any], components: dict[str, Any]) -> dict[str, Any]:
    components.update(schema.pop("$defs", {}))
    return schema


def _add_run_route(api: FastAPI, entry: Entry, campaigns: Campaigns, who: Any, body_of: Any,
                   components: dict[str, Any]) -> None:
    """``POST /api/run/<entry.name>``: its arguments checked by its model, its access by
    the member's role, its rows by the unit of work (the member acting)."""
    allowed = MAY[entry.access]
    ref = "#/components/schemas/{model}"
    body_schema = _split_defs(entry.model.model_json_schema(ref_template=ref), components)
    try:
        result_schema = _split_defs(entry.result.json_schema(ref_template=ref), components)
    except Exception:  # noqa: BLE001 - a result pydantic cannot describe is still sent
        result_schema = {}

    async def run(request: Request) -> Response:
        member = await who(request)
        if member.role not in allowed:
            raise ApiError(403, f"{member.name} is a {member.role}: {entry.name} is for "
                                f"{' and '.join(r + 's' for r in allowed)}")
        args = await body_of(request, entry.model)
        kwargs = {k: getattr(args, k) for k in args.model_fields_set}
        result = await run_in_threadpool(lambda: campaigns.run_as(member, entry.fn, **kwargs))
        return Response(entry.result.dump_json(result), media_type="application/json")

    api.add_api_route(
        f"/api/run/{entry.name}", run, methods=["POST"], name=entry.name, summary=entry.summary or entry.name,
        description=f"Who may call it: {' and '.join(r + 's' for r in allowed)}.",
        tags=[entry.access],
        openapi_extra={**_body_schema(body_schema),
                       "security": [{"bearer": []}],
                       "responses": {"200": {"description": "the use-case's result",
                                             "content": {"application/json": {"schema": result_schema}}}}})


def proxy_addresses(text: str) -> list[str]:
    """The addresses (or networks) of ``--proxy`` ("127.0.0.1", "10.0.0.0/8,::1"),
    checked: a one-line error for anything that is not an address, and for ``*``
    (trusting every peer's X-Forwarded-For would let any client choose its address, and
    so escape the login rate limit)."""
    import ipaddress

    out = []
    for item in (x.strip() for x in str(text).split(",")):
        if not item:
            continue
        if item == "*":
            raise ValueError("--proxy '*' would trust every client's X-Forwarded-For: name the proxy's address")
        try:
            out.append(str(ipaddress.ip_network(item, strict=False)))
        except ValueError:
            raise ValueError(f"--proxy {item!r} is not an IP address or network (e.g. 127.0.0.1)") from None
    if not out:
        raise ValueError("--proxy needs the reverse proxy's address (e.g. 127.0.0.1)")
    return out


def behind_proxy(app: Any, proxy: list[str] | None) -> Any:
    """``app`` as served: behind a reverse proxy (``proxy``: its addresses), the client's
    address is read from X-Forwarded-For, but only on a connection from one of those
    addresses (uvicorn's ProxyHeadersMiddleware); the login rate limit then keys on each
    real client, not on the proxy they all come through. With no proxy the header is
    never read (a client could write anything there)."""
    if not proxy:
        return app
    from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

    return ProxyHeadersMiddleware(app, trusted_hosts=proxy)


def serve(url: str, host: str = "127.0.0.1", port: int = 8350, proxy: list[str] | None = None) -> None:
    """Run the league server on ``host:port`` until interrupted (``campaign-app serve``).
    Uvicorn's access log says the client, the request line and the status: never a
    header (the token travels only in the Authorization header). ``proxy``: the
    addresses of the reverse proxy in front (TLS), whose X-Forwarded-For is believed."""
    import uvicorn

    app = create_app(url)
    print(f"league server on http://{host}:{port}/api/ over {app.state.campaigns.shown_url}"
          + (f", behind the proxy at {', '.join(proxy)}" if proxy else "") + " (Ctrl+C stops it)",
          file=sys.stderr, flush=True)
    # proxy_headers=False: uvicorn's own reading of X-Forwarded-For (trusting 127.0.0.1
    # by default) is off; behind_proxy trusts exactly the addresses given, or none
    config = uvicorn.Config(behind_proxy(app, proxy), host=host, port=port, log_config=LOG_CONFIG,
                            access_log=True, server_header=False, proxy_headers=False)
    uvicorn.Server(config).run()


LOG_CONFIG: dict[str, Any] = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
        # client, "METHOD path HTTP/x" and status: uvicorn's access record holds no header
        "access": {"format": "%(asctime)s access %(message)s"},
    },
    "handlers": {
        "plain": {"class": "logging.StreamHandler", "formatter": "plain", "stream": "ext://sys.stderr"},
        "access": {"class": "logging.StreamHandler", "formatter": "access", "stream": "ext://sys.stderr"},
    },
    "loggers": {
        "uvicorn": {"handlers": ["plain"], "level": "INFO", "propagate": False},
        "uvicorn.error": {"level": "INFO"},
        "uvicorn.access": {"handlers": ["access"], "level": "INFO", "propagate": False},
        "campaign_app.server": {"handlers": ["plain"], "level": "INFO", "propagate": False},
    },
}
