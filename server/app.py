"""The league server's HTTP API (FastAPI): ``create_app(url)`` over one
:class:`~campaign_app.facade.Campaigns`; ``serve(url, host, port)`` runs it on uvicorn
(``campaign-app serve``).

The API (JSON in, JSON out; the OpenAPI document at ``/api/openapi.json``):

- ``POST /api/login`` ``{"name", "password"}`` -> ``{"token", "session_id", "name",
  "role", "expires_at"}``; too many failures for a name from one address: 429;
- ``POST /api/logout``, ``GET /api/me`` (with the token);
- ``GET /api/use-cases``: the use-cases this member may call;
- ``POST /api/run/{use_case}`` with a JSON object of the use-case's named arguments
  (``fighters.add_fighter``: ``{"roster_ref": 3, "name": "Sgt Rock", "rep": 5}``) -> its
  result as JSON (:func:`campaign_app.facade.result_adapter`: read back by the same
  adapter it equals what the use-case returned).

Every call but login carries ``Authorization: Bearer TOKEN`` (a header only: a token is
never read from a URL, so it never reaches an access log). An error is one line,
``{"error": "..."}``: 400 bad input, 401 not logged in, 403 refused (the member's role,
or a row that is not theirs: :mod:`db.acting`, checked inside the unit of work), 404 not
found, 409 a stale edit, 413 too large, 422 an unknown use-case or bad arguments, 429
too many failed logins, 500 a fault of the server (logged there, never a traceback to
the client), 503 the database is away or busy (PostgreSQL restarting, a SQLite file
locked): nothing was saved, ``Retry-After`` says when to try again.

Idempotency (docs/league.md, "Retries and idempotency keys"): a writing
``POST /api/run/...`` (a ``write`` or ``arbitrator`` use-case) may carry
``Idempotency-Key: K`` (1 to 200 printable ASCII characters, a uuid4 will do; one per
call, the same one when the call is sent again). The key's row is written in the
change's own transaction (:mod:`db.idempotency`), and the answer kept with it for 24 h:
the same key and body again gets that answer back with ``Idempotent-Replay: true`` and
runs nothing; the same key with another body: 422; while the first is still being
applied: 409 with ``Retry-After``. A request that wrote nothing (refused, bad input, a
dry run that rolled no dice) keeps no answer: sent again, it runs again. A write without the header is
still run (curl, scripts), once per send. Login and logout take no key (a second login
is another session; a second logout answers 401)."""

from __future__ import annotations

import logging
import sys
from typing import Any

from fastapi import FastAPI, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response, StreamingResponse
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
from campaign_app.facade import Campaigns, database_fault
from campaign_app.usecases import idempotency as idem
from campaign_app.usecases import members
from server.catalogue import CATALOGUE, MAY, READ, Entry, device_refusal
from server.events import Hub
from server.limits import BodyLimit, LoginLimiter

log = logging.getLogger("campaign_app.server")

MAX_BODY = 1_000_000
RETRY_AFTER = 2  # seconds: a database restarting or busy (503)
FAULT = "the server failed to do that (its log says why); nothing was saved"
FAULT_AFTER = "the server failed after the change was saved (its log says why): reload to see it"
IN_PROGRESS = 30.0  # seconds: a key's row without an answer younger than this is a request still running


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
    hub = api.state.hub = Hub(campaigns)
    api.router.on_shutdown.append(hub.close)
    components: dict[str, Any] = {}

    @api.exception_handler(ApiError)
    async def _api_error(_request: Request, e: ApiError) -> JSONResponse:
        return JSONResponse({"error": e.message}, status_code=e.status, headers=e.headers)

    @api.exception_handler(AppError)
    async def _app_error(_request: Request, e: AppError) -> JSONResponse:
        status = _status(e)
        retry = {"Retry-After": "1"} if isinstance(e, idem.KeyInUse) else (
            {"Retry-After": str(RETRY_AFTER)} if status == 503 else None)
        return JSONResponse({"error": _one_line(str(e))}, status_code=status, headers=retry)

    @api.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, e: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": validation_message(e)}, status_code=422)

    @api.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, e: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": _one_line(str(e.detail))}, status_code=e.status_code, headers=e.headers)

    @api.exception_handler(Exception)
    async def _fault(request: Request, e: Exception) -> JSONResponse:
        log.error("fault in %s %s: %s", request.method, request.url.path, type(e).__name__, exc_info=e)
        return JSONResponse({"error": FAULT}, status_code=500)

    async def call(fn: Any, *args: Any) -> Any:
        """``fn(*args)`` in a worker thread; the database away or busy: a 503 (logged with
        its reason, which may name the database's host; the client gets one plain line)."""
        try:
            return await run_in_threadpool(fn, *args)
        except AppError:
            raise
        except Exception as e:
            reason = database_fault(e)
            if reason is None:
                raise
            log.warning("database unavailable: %s", reason)
            raise ApiError(503, "the database is unavailable just now (restarting or busy): this request was "
                                "not completed; try again in a moment (a write sent again with the same "
                                "Idempotency-Key applies at most once)",
                           {"Retry-After": str(RETRY_AFTER)}) from None

    async def who(request: Request) -> members.Who:
        auth = request.headers.get("authorization", "")
        scheme, _, token = auth.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise ApiError(401, "not logged in: send Authorization: Bearer TOKEN (POST /api/login gives one)",
                           {"WWW-Authenticate": "Bearer"})
        return await call(campaigns.run, members.authenticate, token.strip())  # type: ignore[no-any-return]

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
            done = await call(campaigns.run, members.login, body.name, body.password)
        except AuthError:
            limiter.failed(body.name, address)
            raise
        limiter.succeeded(body.name, address)
        return _json(members.login, done)

    @api.post("/api/logout")
    async def logout(request: Request) -> Response:
        await who(request)
        token = request.headers["authorization"].partition(" ")[2].strip()
        return _json(members.logout, await call(campaigns.run, members.logout, token))

    @api.get("/api/me")
    async def me(request: Request) -> Response:
        return _json(members.authenticate, await who(request))

    @api.get("/api/use-cases")
    async def use_cases(request: Request) -> Response:
        member = await who(request)
        return JSONResponse([{"name": e.name, "access": e.access, "summary": e.summary}
                             for e in CATALOGUE.values() if member.role in MAY[e.access]])

    @api.get("/api/events", response_class=StreamingResponse,
             responses={200: {"content": {"text/event-stream": {}},
                              "description": "one `data:` line per change set: "
                                             '{"by": session id or null, "changes": {...}}'}})
    async def events(request: Request) -> Response:
        """Live updates: every change set committed to the league (Server-Sent Events)."""
        await who(request)
        return StreamingResponse(hub.stream(request.is_disconnected), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    for entry in CATALOGUE.values():
        _add_run_route(api, entry, campaigns, who, body_of, call, components, hub)

    from server.join import add_join_routes

    add_join_routes(api, campaigns)  # /api/join, /join: devices at the table (#29)

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
    from server.web import mount  # the phone and tablet pages (#29): /, /battle/{id}, ...

    mount(api, campaigns)
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


def _add_run_route(api: FastAPI, entry: Entry, campaigns: Campaigns, who: Any, body_of: Any, call: Any,
                   components: dict[str, Any], hub: Hub) -> None:
    """``POST /api/run/<entry.name>``: its arguments checked by its model, its access by
    the member's role, its rows by the unit of work (the member acting); a writing one
    keyed by its ``Idempotency-Key`` (:func:`_run_once`)."""
    allowed = MAY[entry.access]
    writes = entry.access != READ
    body, result = entry.schemas()
    body_schema = _split_defs(body, components)
    result_schema = _split_defs(result, components)

    async def run(request: Request) -> Response:
        member = await who(request)
        if member.role not in allowed:
            raise ApiError(403, f"{member.name} is a {member.role}: {entry.name} is for "
                                f"{' and '.join(r + 's' for r in allowed)}")
        try:
            key = idem.valid_key(request.headers.get("idempotency-key")) if writes else None
        except ValueError as e:
            raise ApiError(400, str(e)) from None
        args = await body_of(request, entry.model)
        kwargs = {k: getattr(args, k) for k in args.model_fields_set}
        why = device_refusal(member.battle_id, kwargs)
        if why is not None:
            raise ApiError(403, f"refused: {why}; nothing was saved")

        def published(result: Any) -> Any:  # a write: its change set to the live streams
            return hub.published(result, member.session_id)

        if key is None:
            result = published(await call(lambda: campaigns.run_as(member, entry.fn, **kwargs)))
            return Response(entry.result.dump_json(result), media_type="application/json")
        digest = idem.request_hash(entry.name, args.model_dump(mode="json", exclude_unset=True))
        return await _run_once(campaigns, call, entry, member, key, digest, kwargs, published)

    api.add_api_route(
        f"/api/run/{entry.name}", run, methods=["POST"], name=entry.name, summary=entry.summary or entry.name,
        description=f"Who may call it: {' and '.join(r + 's' for r in allowed)}.",
        tags=[entry.access],
        openapi_extra={**_body_schema(body_schema),
                       **({"parameters": [IDEMPOTENCY_PARAMETER]} if writes else {}),
                       "security": [{"bearer": []}],
                       "responses": {"200": {"description": "the use-case's result",
                                             "content": {"application/json": {"schema": result_schema}}}}})


IDEMPOTENCY_PARAMETER: dict[str, Any] = {
    "name": "Idempotency-Key", "in": "header", "required": False,
    "description": "one per call (a uuid4), the same when the call is sent again: applied once, the first "
                   "answer comes back with Idempotent-Replay: true (docs/league.md)",
    "schema": {"type": "string", "minLength": 1, "maxLength": idem.MAX_KEY, "pattern": "^[!-~]+$"},
}


async def _run_once(campaigns: Campaigns, call: Any, entry: Entry, member: members.Who, key: str, digest: str,
                    kwargs: dict[str, Any], published: Any) -> Response:
    """A keyed write: the answer kept for ``key`` if there is one (nothing runs), else the
    use-case run with the key's row written in its transaction and its answer kept."""
    kept = await call(campaigns.run, idem.kept_answer, member.name, key)
    if kept is not None:
        if kept["request_hash"] != digest:
            raise ApiError(422, "this Idempotency-Key was used for another request (another use-case or other "
                                "arguments): a new request needs a new key")
        if kept["status"] is None or kept["body"] is None:
            if kept["age"] < IN_PROGRESS:
                raise ApiError(409, "a request with this Idempotency-Key is still being applied: send it again "
                                    "in a moment to get its answer", {"Retry-After": "1"})
            raise ApiError(409, "this request was applied once already, but the server stopped before it kept "
                                "the answer: reload to see the result (it is not applied again)",
                           {"Idempotent-Replay": "true"})
        return Response(kept["body"], status_code=kept["status"], media_type="application/json",
                        headers={"Idempotent-Replay": "true"})
    claim = idem.Claim(member.name, key, digest)

    def run() -> Any:
        with idem.claiming(claim):
            return campaigns.run_as(member, entry.fn, **kwargs)

    try:
        result = await call(run)
    except AppError as e:
        if claim.written:  # a change committed, then the use-case failed: its answer too
            await _keep(campaigns, call, member, key, _status(e), {"error": _one_line(str(e))})
        raise
    except ApiError as e:
        if claim.written:
            await _keep(campaigns, call, member, key, e.status, {"error": e.message})
        raise
    except Exception as e:
        if not claim.written:
            raise
        # a fault after a commit (a use-case of several units of work): the change stays,
        # and this answer is kept with it
        log.error("fault in POST /api/run/%s after its change was saved: %s", entry.name, type(e).__name__,
                  exc_info=e)
        await _keep(campaigns, call, member, key, 500, {"error": FAULT_AFTER})
        raise ApiError(500, FAULT_AFTER) from None
    body = entry.result.dump_json(published(result))
    if claim.written:
        await call(campaigns.run, idem.keep_answer, member.name, key, 200, body.decode())
    return Response(body, media_type="application/json")


async def _keep(campaigns: Campaigns, call: Any, member: members.Who, key: str, status: int,
                body: dict[str, Any]) -> None:
    import json

    await call(campaigns.run, idem.keep_answer, member.name, key, status, json.dumps(body))


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

    from campaign_app.facade import stall_from_environment

    stall_from_environment()  # tests only: CAMPAIGN_APP_TEST_STALL (the kill tests)
    app = create_app(url)
    print(f"league server on http://{host}:{port}/ (pages) and /api/ over {app.state.campaigns.shown_url}"
          + (f", behind the proxy at {', '.join(proxy)}" if proxy else "") + " (Ctrl+C stops it)",
          file=sys.stderr, flush=True)
    # proxy_headers=False: uvicorn's own reading of X-Forwarded-For (trusting 127.0.0.1
    # by default) is off; behind_proxy trusts exactly the addresses given, or none.
    # Live-update streams (GET /api/events) stay open: a stop waits for them 5 s at most.
    config = uvicorn.Config(behind_proxy(app, proxy), host=host, port=port, log_config=LOG_CONFIG,
                            access_log=True, server_header=False, proxy_headers=False,
                            timeout_graceful_shutdown=5)
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
