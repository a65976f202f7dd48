"""The web pages' routes (see :mod:`server.web`).

A browser holds its session as the cookie ``ca_session`` (HttpOnly, SameSite=Strict):
the member session token that :func:`campaign_app.usecases.members.login` gives, read
back with :func:`~campaign_app.usecases.members.authenticate`. It is never in a URL or a
page. Every form POSTs a CSRF token (an HMAC of the session token under a key of this
server process): a POST without the right one is refused with one line, nothing written.

Every page reads and writes through the use-cases the desktop runs
(:meth:`Campaigns.run_as`, the member acting): a mark is :func:`table.track`,
:func:`table.hit` or :func:`table.casualties`, the same journal entry and undo step; a
roll is :func:`table.battle_roll` with the server's dice, in the same roll record.
A player marks only the figures of their own rosters (an arbitrator any; a device
session scoped to one battle and roster, ``Who.battle_id``/``Who.roster_id``, only that
roster's, in that battle)."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime
from importlib import resources
from typing import Any
from urllib.parse import parse_qs

import jinja2
from fastapi import FastAPI, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles

from campaign_app.errors import AppError, AuthError, NotFoundError, RefusedError
from campaign_app.facade import Campaigns
from campaign_app.usecases import gui_queries, members, record, rosters, standings, table
from campaign_app.usecases.campaigns import show_campaign
from server.events import Hub
from server.web import i18n
from server.web.live import concerns

COOKIE = "ca_session"
CSRF_FIELD = "csrf"
MAX_FORM = 20_000  # bytes: a form of these pages is far smaller
# the number inputs a table rolled by a procedure may take (TableChoice.takes), in words
INPUT_WORDS = {"rep": "Rep of who rolls", "vs_rep": "Rep of the other figure", "impact": "Impact",
               "shots": "Shots (the weapon's Target number)"}
SPENT_KEEP = 2 * 86400.0  # seconds a form token is good for, and a used one remembered
SPENT_LIMIT = 200_000  # used form tokens remembered at most

SECURITY_HEADERS = {
    # every script and style is our own file: no inline script, nothing from elsewhere
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; "
                               "form-action 'self'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


class FormToken:
    """A form's CSRF token, made fresh each time a page prints it (Jinja asks
    ``__html__``): every form of every page has its own, usable once."""

    def __init__(self, web: Web, token: str) -> None:
        self.web = web
        self.token = token

    def __html__(self) -> str:
        return self.web.new_form_token(self.token)

    __str__ = __html__


class PageError(Exception):
    """One line for the page, with its HTTP status."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def _status(e: AppError) -> int:
    from server.app import _status as api_status

    return api_status(e)


def _one_line(text: str) -> str:
    return " ".join(str(text).split())[:300]


def _templates() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(resources.files("server.web").joinpath("templates"))),
        autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    return env


class Web:
    """The pages over one :class:`Campaigns` (one per app)."""

    def __init__(self, api: FastAPI, campaigns: Campaigns) -> None:
        self.api = api
        self.campaigns = campaigns
        self.env = _templates()
        self.key = secrets.token_bytes(32)  # the CSRF key of this process
        hub = getattr(api.state, "hub", None)  # the server's one hub (server/app.py)
        self.own_hub = not isinstance(hub, Hub)
        self.hub: Hub = hub if isinstance(hub, Hub) else Hub(campaigns)
        self._spent: dict[str, float] = {}  # the form tokens used (oldest first): a replay is refused
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ helpers
    def csrf(self, token: str) -> FormToken:
        """What each form of a page for the session ``token`` carries (fresh per form)."""
        return FormToken(self, token)

    def _mac(self, token: str, nonce: str) -> str:
        return hmac.new(self.key, f"{nonce}|{token}".encode(), hashlib.sha256).hexdigest()[:40]

    def new_form_token(self, token: str) -> str:
        nonce = f"{int(time.time())}-{secrets.token_urlsafe(12)}"  # when it was made: it ages out
        return f"{nonce}.{self._mac(token, nonce)}"

    def spend_form_token(self, token: str, sent: str) -> None:
        """Check a POSTed form token: made by this process for this session, and never
        sent before (a replayed request is refused). Else :class:`PageError`, nothing done."""
        nonce, _, mac = sent.partition(".")
        if not nonce or not mac or not hmac.compare_digest(mac, self._mac(token, nonce)):
            raise PageError(403, "this form is stale or was not sent from these pages (no valid CSRF "
                                 "token): reload the page; nothing was saved")
        made = nonce.partition("-")[0]
        if not made.isdigit() or time.time() - int(made) > SPENT_KEEP:
            raise PageError(403, "this page is too old: reload it; nothing was saved")
        now = time.monotonic()
        with self._lock:
            if nonce in self._spent:
                raise PageError(409, "this form was sent already (a repeated request): reload the page; "
                                     "nothing was saved")
            self._spent[nonce] = now
            while self._spent and (len(self._spent) > SPENT_LIMIT
                                   or next(iter(self._spent.values())) < now - SPENT_KEEP):
                del self._spent[next(iter(self._spent))]

    def lang(self, request: Request) -> str:
        return i18n.pick(request.headers.get("accept-language"))

    def render(self, request: Request, template: str, status: int = 200, **ctx: Any) -> HTMLResponse:
        lang = self.lang(request)
        system = None
        if isinstance(ctx.get("battle"), dict):
            system = ctx["battle"].get("system")
        ctx.setdefault("error", None)
        ctx.setdefault("who", None)
        ctx.setdefault("csrf", "")
        html = self.env.get_template(template).render(
            _=i18n.gettext(lang), rt=i18n.rules_text(lang, system), lang=lang, **ctx)
        return HTMLResponse(html, status_code=status, headers=SECURITY_HEADERS)

    async def run(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """``fn`` run on the league; what it wrote told to the live streams."""
        return self.hub.published(await run_in_threadpool(lambda: self.campaigns.run(fn, *args, **kwargs)))

    async def run_as(self, who: Any, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """``fn`` run as ``who``; what it wrote told to the live streams (``by``: the
        page's session, which no desktop client has)."""
        result = await run_in_threadpool(lambda: self.campaigns.run_as(who, fn, *args, **kwargs))
        return self.hub.published(result, getattr(who, "session_id", None))

    async def session(self, request: Request) -> tuple[members.Who, str] | None:
        token = request.cookies.get(COOKIE, "")
        if not token:
            return None
        try:
            who = await self.run(members.authenticate, token)
        except AuthError:
            return None
        return who, token

    async def must(self, request: Request) -> tuple[members.Who, str]:
        got = await self.session(request)
        if got is None:
            raise PageError(401, "not signed in (or the session ended): sign in again")
        return got

    async def form(self, request: Request, token: str | None) -> dict[str, str]:
        """The POSTed form (urlencoded), its CSRF token checked when ``token`` is given. A
        browser's POST from another site (its ``Origin`` not this server) is refused, the
        sign-in form's too (no one signs a browser in as someone else)."""
        origin = request.headers.get("origin")
        if origin is not None and origin != "null":
            from urllib.parse import urlsplit

            if urlsplit(origin).netloc.lower() != request.headers.get("host", "").lower():
                raise PageError(403, "this form was sent from another site: nothing was saved")
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        raw = await request.body()
        if len(raw) > MAX_FORM:
            raise PageError(413, f"the form is too large ({len(raw)} bytes): nothing was saved")
        if kind != "application/x-www-form-urlencoded":
            raise PageError(415, "the form must be sent as application/x-www-form-urlencoded: nothing was saved")
        try:
            parsed = parse_qs(raw.decode("utf-8"), keep_blank_values=True, strict_parsing=False,
                              max_num_fields=50)
        except (UnicodeDecodeError, ValueError):
            raise PageError(400, "the form could not be read: nothing was saved") from None
        data = {k: v[-1] for k, v in parsed.items()}
        if token is not None:
            self.spend_form_token(token, data.get(CSRF_FIELD, ""))
        return data

    # ------------------------------------------------------------------ scope
    async def markable(self, who: Any) -> set[int] | None:
        """The roster ids whose figures ``who`` may mark (None: every roster)."""
        scoped = getattr(who, "roster_id", None)
        if scoped is not None:
            return {int(scoped)}
        if who.role == "arbitrator":
            return None
        if who.role != "player":
            return set()
        rows = await self.run(members.members)
        return {r["id"] for m in rows if m["name"] == who.name for r in m["rosters"]}

    def check_battle(self, who: Any, battle_id: int) -> None:
        scoped = getattr(who, "battle_id", None)
        if scoped is not None and int(scoped) != battle_id:
            raise PageError(403, "this device may open only the battle it was invited to")

    async def battle(self, who: Any, battle_id: int) -> dict[str, Any]:
        self.check_battle(who, battle_id)
        return dict(await self.run(table.table_view, battle_id))


def mount(api: FastAPI, campaigns: Campaigns) -> Web:
    """Add the pages to ``api`` (the league server's app)."""
    web = Web(api, campaigns)
    api.state.web = web
    static = resources.files("server.web").joinpath("static")
    api.mount("/static", StaticFiles(directory=str(static)), name="static")
    if web.own_hub and hasattr(api.router, "on_shutdown"):
        api.router.on_shutdown.append(web.hub.close)

    def page(fn: Callable[..., Any]) -> Callable[..., Any]:
        """A page handler whose :class:`PageError` and use-case errors show as one line."""
        import functools

        @functools.wraps(fn)
        async def wrapped(request: Request, **kw: Any) -> Response:
            try:
                return await fn(request, **kw)
            except PageError as e:
                return await error_page(request, e.status, e.message)
            except AppError as e:
                return await error_page(request, _status(e), _one_line(str(e)))

        return wrapped

    async def error_page(request: Request, status: int, message: str) -> Response:
        if request.headers.get("x-requested-with") == "fetch":
            return Response(message, status_code=status, media_type="text/plain; charset=utf-8",
                            headers=SECURITY_HEADERS)
        if status == 401:
            return web.render(request, "login.html", status=401, error=message)
        got = await web.session(request)
        return web.render(request, "error.html", status=status, error=message,
                          who=got[0] if got else None, csrf=web.csrf(got[1]) if got else "")

    # ---------------------------------------------------------------- sign in
    @api.get("/", response_class=HTMLResponse)
    @page
    async def home(request: Request) -> Response:
        got = await web.session(request)
        if got is None:
            return web.render(request, "login.html")
        who, token = got
        scoped = getattr(who, "battle_id", None)
        if scoped is not None:
            return RedirectResponse(f"/battle/{int(scoped)}", status_code=303)
        mine = await web.markable(who)
        tree = await web.run(gui_queries.campaign_tree)
        camps = []
        for c in tree:
            battles = await web.run(table.open_battles, c["id"])
            camps.append({"id": c["id"], "name": c["name"], "about": c["about"], "battles": battles,
                          "rosters": [dict(r, mine=(mine is None or r["id"] in mine)) for r in c["rosters"]]})
        return web.render(request, "home.html", who=who, csrf=web.csrf(token), campaigns=camps)

    @api.post("/login")
    @page
    async def login(request: Request) -> Response:
        data = await web.form(request, None)
        name, password = data.get("name", "").strip(), data.get("password", "")
        if not name or not password:
            return web.render(request, "login.html", status=400, error="give your name and your password",
                              name=name)
        limiter = api.state.limiter
        address = request.client.host if request.client else "?"
        wait = limiter.blocked(name, address)
        if wait:
            return web.render(request, "login.html", status=429, name=name,
                              error=f"too many failed sign-ins for this name: try again in {int(wait) + 1} s")
        try:
            done = await web.run(members.login, name, password)
        except AuthError as e:
            limiter.failed(name, address)
            return web.render(request, "login.html", status=401, error=_one_line(str(e)), name=name)
        limiter.succeeded(name, address)
        out = RedirectResponse("/", status_code=303)
        age = int((done.expires_at - datetime.now(UTC)).total_seconds())
        out.set_cookie(COOKIE, done.token, max_age=max(age, 0), httponly=True, samesite="strict", path="/",
                       secure=request.url.scheme == "https")
        return out

    @api.post("/logout")
    @page
    async def logout(request: Request) -> Response:
        who, token = await web.must(request)
        await web.form(request, token)
        await web.run(members.logout, token)
        out = RedirectResponse("/", status_code=303)
        out.delete_cookie(COOKIE, path="/", httponly=True, samesite="strict")
        return out

    # ---------------------------------------------------------------- roster
    @api.get("/roster/{roster_id}", response_class=HTMLResponse)
    @page
    async def roster(request: Request, roster_id: int) -> Response:
        who, token = await web.must(request)
        scoped = getattr(who, "battle_id", None)
        if scoped is not None:
            b = await web.battle(who, int(scoped))
            if roster_id not in {f["roster_id"] for f in b["figures"]}:
                raise PageError(403, "this device may open only the rosters of the battle it was invited to")
        r = await web.run(rosters.show_roster, roster_id)
        cards = [await web.run(gui_queries.fighter_detail, f["id"]) for f in r["fighters"]]
        return web.render(request, "roster.html", who=who, csrf=web.csrf(token), roster=r, cards=cards,
                          back=f"/battle/{int(scoped)}" if scoped is not None else "/")

    # ---------------------------------------------------------------- battle
    async def battle_ctx(who: Any, battle_id: int) -> dict[str, Any]:
        b = await web.battle(who, battle_id)
        mine = await web.markable(who)
        settings = await web.run(record.campaign_settings, b["campaign_id"])
        figures = [dict(f, mine=(mine is None or f["roster_id"] in mine)) for f in b["figures"]]
        figures.sort(key=lambda f: not f["mine"])  # one's own figures first (a player's gang in hand)
        roster_ids: dict[str, int] = {}
        for f in b["figures"]:
            roster_ids.setdefault(f["roster"], f["roster_id"])
        return {"battle": b, "figures": figures, "typed_dice": bool(settings["typed_dice"]),
                "can_mark": any(f["mine"] for f in figures), "roster_ids": roster_ids,
                "tables": [t for t in b["tables"] if not t["takes"]],
                "proc_tables": [t for t in b["tables"] if t["takes"]], "input_words": INPUT_WORDS}

    def live_response(request: Request, ctx: dict[str, Any], status: int = 200) -> Response:
        if request.headers.get("x-requested-with") == "fetch":
            return web.render(request, "_live.html", status=status, **ctx)
        return web.render(request, "battle.html", status=status, **ctx)

    @api.get("/battle/{battle_id}", response_class=HTMLResponse)
    @page
    async def battle(request: Request, battle_id: int) -> Response:
        who, token = await web.must(request)
        ctx = await battle_ctx(who, battle_id)
        return web.render(request, "battle.html", who=who, csrf=web.csrf(token), **ctx)

    @api.get("/battle/{battle_id}/live", response_class=HTMLResponse)
    @page
    async def battle_live(request: Request, battle_id: int) -> Response:
        who, token = await web.must(request)
        ctx = await battle_ctx(who, battle_id)
        return web.render(request, "_live.html", who=who, csrf=web.csrf(token), **ctx)

    async def act(request: Request, battle_id: int, do: Callable[[Any, dict[str, str], dict[str, Any]], Any]
                  ) -> Response:
        who, token = await web.must(request)
        data = await web.form(request, token)
        web.check_battle(who, battle_id)
        error, status, rolled = None, 200, None
        try:
            rolled = await do(who, data, await battle_ctx(who, battle_id))
        except PageError as e:
            error, status = e.message, e.status
        except AppError as e:
            error, status = _one_line(str(e)), _status(e)
        if error is None and request.headers.get("x-requested-with") != "fetch" and rolled is None:
            return RedirectResponse(f"/battle/{battle_id}", status_code=303)
        ctx = await battle_ctx(who, battle_id)
        return live_response(request, {**ctx, "who": who, "csrf": web.csrf(token), "error": error,
                                        "rolled": rolled}, status)

    def own_figure(ctx: dict[str, Any], ref: str, kind: str | None = None) -> dict[str, Any]:
        """The battle's figure ``ref`` (a fighter id, or a unit id with ``kind`` unit), if
        the member may mark it."""
        key = "unit_id" if kind == "unit" else "fighter_id"
        if not ref.strip().isdigit():
            raise PageError(400, "which figure? (the form named none)")
        for f in ctx["figures"]:
            if f[key] == int(ref):
                if not f["mine"]:
                    raise PageError(403, f"{f['name']} is not in one of your rosters: you mark only your own "
                                         "figures; nothing was saved")
                return f
        raise PageError(404, f"figure {ref} is not in battle {ctx['battle']['number']}")

    def figure_ref(ctx: dict[str, Any], f: dict[str, Any]) -> int | str:
        """How the use-case finds ``f``: its id, or its name where a fighter and a unit of
        the battle share that id."""
        fid = f["unit_id"] if f["unit_id"] is not None else f["fighter_id"]
        same = [g for g in ctx["figures"] if fid in (g["fighter_id"], g["unit_id"])]
        return int(fid) if len(same) == 1 else str(f["name"])

    @api.post("/battle/{battle_id}/track")
    @page
    async def track(request: Request, battle_id: int) -> Response:
        async def do(who: Any, data: dict[str, str], ctx: dict[str, Any]) -> None:
            kind = data.get("kind", "")
            f = own_figure(ctx, data.get("figure", ""), kind)
            by = data.get("by", "").strip()
            attacker = None
            if by:
                found = [g for g in ctx["figures"] if str(g["fighter_id"]) == by]
                if not found:
                    raise PageError(400, f"who took {f['name']} out? fighter {by[:20]!r} is not in this battle")
                attacker = figure_ref(ctx, found[0])
            await web.run_as(who, table.track, battle_id, figure_ref(ctx, f), data.get("status", ""), by=attacker)

        return await act(request, battle_id, do)

    @api.post("/battle/{battle_id}/hit")
    @page
    async def hit(request: Request, battle_id: int) -> Response:
        async def do(who: Any, data: dict[str, str], ctx: dict[str, Any]) -> None:
            f = own_figure(ctx, data.get("figure", ""))
            await web.run_as(who, table.hit, battle_id, figure_ref(ctx, f))

        return await act(request, battle_id, do)

    @api.post("/battle/{battle_id}/casualties")
    @page
    async def casualties(request: Request, battle_id: int) -> Response:
        async def do(who: Any, data: dict[str, str], ctx: dict[str, Any]) -> None:
            f = own_figure(ctx, data.get("figure", ""), "unit")
            await web.run_as(who, table.casualties, battle_id, figure_ref(ctx, f), data.get("casualties", ""))

        return await act(request, battle_id, do)

    @api.post("/battle/{battle_id}/undo")
    @page
    async def undo(request: Request, battle_id: int) -> Response:
        async def do(who: Any, _data: dict[str, str], ctx: dict[str, Any]) -> None:
            if not ctx["can_mark"]:
                raise PageError(403, "you have no figure in this battle: nothing to undo")
            await web.run_as(who, table.undo_mark, battle_id)

        return await act(request, battle_id, do)

    @api.post("/battle/{battle_id}/roll")
    @page
    async def roll(request: Request, battle_id: int) -> Response:
        async def do(who: Any, data: dict[str, str], ctx: dict[str, Any]) -> Any:
            tid = data.get("table", "").strip()
            plain = {t["id"] for t in ctx["tables"]}
            proc = {t["id"]: t for t in ctx["proc_tables"]}
            if tid not in plain and tid not in proc:
                raise PageError(400, f"no table {tid[:60]!r} to roll here")
            fighter = data.get("fighter", "").strip() or None
            if fighter is not None and not any(str(f["fighter_id"]) == fighter and f["mine"] for f in ctx["figures"]):
                raise PageError(403, "who rolls must be one of your own figures: nothing was saved")
            dice = data.get("dice", "").strip() or None
            if dice and not ctx["typed_dice"]:
                raise PageError(400, "this campaign takes no typed dice: leave the faces empty; nothing was saved")
            if tid in proc:
                t = proc[tid]
                inputs: dict[str, Any] = {k: data[k].strip() for k in INPUT_WORDS
                                          if k in t["takes"] and data.get(k, "").strip()}
                tf = data.get("target_fighter", "").strip()
                if tf:
                    inputs["target_fighter"] = int(tf) if tf.isdigit() else tf
                flags = [key for key, _words in t["flags"] if data.get(f"flag_{key}")]
                if flags:
                    inputs["flags"] = flags
                return await web.run_as(who, table.battle_roll, battle_id, tid, inputs=inputs,
                                        fighter=int(fighter) if fighter else None, dice=dice)
            target = data.get("target", "").strip() or None
            return await web.run_as(who, table.battle_roll, battle_id, tid, target=target,
                                    fighter=int(fighter) if fighter else None, dice=dice)

        return await act(request, battle_id, do)

    @api.get("/battle/{battle_id}/events")
    async def events(request: Request, battle_id: int) -> Response:
        got = await web.session(request)
        if got is None:
            return Response("not signed in", status_code=401, media_type="text/plain")
        try:
            web.check_battle(got[0], battle_id)
        except PageError as e:
            return Response(e.message, status_code=e.status, media_type="text/plain")
        sub = web.hub.subscribe()

        async def stream() -> AsyncIterator[str]:
            try:
                yield "retry: 1000\n\n"
                while True:
                    item = await web.hub.next(sub, request.is_disconnected)
                    if item is None:
                        return
                    if not item:  # quiet for the hub's KEEPALIVE seconds
                        yield ": still here\n\n"
                        continue
                    hit = concerns(item[0], battle_id)
                    while not sub.queue.empty():
                        more = sub.queue.get_nowait()
                        if more is None:
                            return
                        hit = concerns(more[0], battle_id) or hit
                    if hit:
                        yield f"event: changed\ndata: {battle_id}\n\n"
            finally:
                web.hub.unsubscribe(sub)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    # ---------------------------------------------------------------- log, standings
    async def campaign_allowed(who: Any, campaign_id: int) -> None:
        scoped = getattr(who, "battle_id", None)
        if scoped is not None:
            b = await web.battle(who, int(scoped))
            if b["campaign_id"] != campaign_id:
                raise PageError(403, "this device may open only the campaign of the battle it was invited to")

    @api.get("/campaign/{campaign_id}/log", response_class=HTMLResponse)
    @page
    async def log(request: Request, campaign_id: int) -> Response:
        who, token = await web.must(request)
        await campaign_allowed(who, campaign_id)
        shown = await web.run(show_campaign, campaign_id)
        rows = await web.run(gui_queries.roll_log_page, campaign_id, limit=100)
        return web.render(request, "log.html", who=who, csrf=web.csrf(token), campaign=shown, rows=rows["rows"])

    @api.get("/campaign/{campaign_id}/standings", response_class=HTMLResponse)
    @page
    async def standings_page(request: Request, campaign_id: int) -> Response:
        who, token = await web.must(request)
        await campaign_allowed(who, campaign_id)
        st = await web.run(standings.league_standings, campaign_id)
        return web.render(request, "standings.html", who=who, csrf=web.csrf(token), st=st,
                          campaign_id=campaign_id)

    return web


__all__ = ["COOKIE", "CSRF_FIELD", "NotFoundError", "RefusedError", "Web", "mount"]
