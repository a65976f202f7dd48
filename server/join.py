"""Join the table by QR code (#29): a device invited to one battle
(:mod:`campaign_app.usecases.devices`) exchanges the invitation's token for a device
session scoped to that battle and one roster.

- ``POST /api/join`` ``{"device_token": ...}`` -> ``{"token", "session_id",
  "battle_id", "roster_id", "roster", "expires_at"}`` (for API clients: the token is
  then sent as ``Authorization: Bearer``);
- ``GET /join``: the page the QR code opens, ``/join#t=TOKEN``. The token is in the URL's
  fragment, which a browser never sends (no server log, no Referer holds it); a few
  lines of plain JS take it out of the address bar (``history.replaceState``) and POST
  it to
- ``POST /join`` (a form field ``device_token``, or JSON): sets the ``ca_session`` cookie
  (HttpOnly, SameSite=Strict, Secure over https, until the invitation's end) and
  redirects (303) to ``/battle/{id}``, the battle page.

A forged, expired, revoked or finished battle's token: 401 with one line
(``{"error": ...}``), nothing written. A POST from another site's page (its Origin is
not this server) is refused (403)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from urllib.parse import parse_qs, urlsplit

from fastapi import FastAPI, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from campaign_app.errors import AuthError
from campaign_app.facade import Campaigns, result_adapter
from campaign_app.usecases import devices

COOKIE = "ca_session"
MAX_TOKEN = 200
_NO_STORE = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}


def _token_from(raw: bytes, content_type: str) -> str:
    """The ``device_token`` of a form or JSON body ("" when there is none)."""
    if len(raw) > 4096:
        raise AuthError("the join request is too large: it holds only the invitation's token")
    text = raw.decode("utf-8", "replace")
    if "json" in content_type:
        try:
            body = json.loads(text or "{}")
        except ValueError:
            raise AuthError("the join request is not JSON: send {\"device_token\": \"...\"}") from None
        value = body.get("device_token") if isinstance(body, dict) else None
    else:
        value = (parse_qs(text, max_num_fields=4).get("device_token") or [""])[0]
    return value.strip() if isinstance(value, str) and len(value) <= MAX_TOKEN else ""


def _same_origin(request: Request) -> bool:
    origin = request.headers.get("origin")
    if origin is None or origin == "null":
        return origin is None
    return urlsplit(origin).netloc == request.headers.get("host", "")


def add_join_routes(api: FastAPI, campaigns: Campaigns) -> None:
    """Mount ``/api/join``, ``GET /join`` and ``POST /join`` on ``api``."""

    async def _join(request: Request) -> devices.Joined:
        if not _same_origin(request):
            raise _Refused("refused: a join must come from this server's own page")
        raw = await request.body()
        token = _token_from(raw, request.headers.get("content-type", ""))
        if not token:
            raise AuthError("no invitation token: scan the table's QR code again")
        joined = await run_in_threadpool(campaigns.run, devices.join, token)
        hub = getattr(api.state, "hub", None)  # what it wrote, to the live streams
        return hub.published(joined) if hub is not None else joined

    @api.post("/api/join")
    async def api_join(request: Request) -> Response:
        try:
            joined = await _join(request)
        except _Refused as e:
            return JSONResponse({"error": str(e)}, status_code=403)
        return Response(result_adapter(devices.join).dump_json(joined), media_type="application/json",
                        headers=_NO_STORE)

    @api.get("/join", response_class=HTMLResponse)
    async def join_page() -> Response:
        return HTMLResponse(JOIN_PAGE, headers={**_NO_STORE, "Content-Security-Policy": _CSP})

    @api.post("/join")
    async def join_form(request: Request) -> Response:
        try:
            joined = await _join(request)
        except _Refused as e:
            return JSONResponse({"error": str(e)}, status_code=403, headers=_NO_STORE)
        out = RedirectResponse(f"/battle/{joined.battle_id}", status_code=303, headers=_NO_STORE)
        seconds = max(0, int((joined.expires_at - datetime.now(UTC)).total_seconds()))
        out.set_cookie(COOKIE, joined.token, max_age=seconds, path="/", httponly=True, samesite="strict",
                       secure=_https(request))
        return out


def _https(request: Request) -> bool:
    return request.url.scheme == "https"


class _Refused(Exception):
    pass


_CSP = "default-src 'none'; script-src 'sha256-{h}'; style-src 'unsafe-inline'; connect-src 'self'; form-action 'self'"

_SCRIPT = """
(function () {
  var m = /(?:^#|&)t=([^&]+)/.exec(location.hash);
  var say = function (text) { document.getElementById("msg").textContent = text; };
  history.replaceState(null, "", "/join");
  if (!m) { say("No invitation in this link: scan the table's QR code again."); return; }
  var body = new URLSearchParams();
  body.set("device_token", decodeURIComponent(m[1]));
  fetch("/join", {method: "POST", body: body, credentials: "same-origin", redirect: "follow"})
    .then(function (r) {
      if (r.redirected) { location.replace(r.url); return null; }
      return r.json().then(function (e) { say(e.error || "The server refused to join."); });
    })
    .catch(function () { say("The table's server cannot be reached: are you on its network?"); });
})();
"""


def _page() -> tuple[str, str]:
    import base64
    import hashlib

    digest = base64.b64encode(hashlib.sha256(_SCRIPT.encode()).digest()).decode()
    html = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="color-scheme" content="light dark">
<title>Joining the table</title>
<style>body{{font:1.25rem/1.5 system-ui,sans-serif;margin:2rem 1rem;max-width:30rem}}</style>
</head><body><main>
<h1>Joining the table…</h1>
<p id="msg" role="status" aria-live="polite">One moment.</p>
<noscript><p>This page needs JavaScript to read the invitation from the link.</p></noscript>
</main><script>{_SCRIPT}</script></body></html>
"""
    return html, digest


JOIN_PAGE, _DIGEST = _page()
_CSP = _CSP.replace("{h}", _DIGEST)
