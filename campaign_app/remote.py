"""The facade over a league server (``campaign-app serve``): :class:`RemoteCampaigns`
has what the front ends use of :class:`campaign_app.facade.Campaigns` (``run``,
``shown_url``, ``same_database``, ``dispose``...), and its ``run(use_case, *args)``
sends the call to ``POST /api/run/<module>.<function>`` and reads the answer back
through the use-case's own result adapter: the same result, change set included, as
the use-case would have returned on a local file.

Errors come back as the :class:`~campaign_app.errors.AppError` the use-case raises
locally (401 :class:`AuthError`, 403 :class:`RefusedError`, 404 :class:`NotFoundError`,
409 :class:`ConflictError`, 503 or no answer :class:`DatabaseError`), so every front
end's error handling works unchanged. A writing call (its result carries a change set)
sends ``Idempotency-Key: <uuid4>`` and sends the same key again when it retries after a
dropped connection: a server that remembers keys applies it once. When a write still
gets no answer (or a 503), the :class:`DatabaseError` raised has ``retry``: a call that
sends that same request again, same key, and returns the use-case's result.

Sign in (:func:`login`) keeps the member's token where the desktop keeps secrets
(``keyring``: service ``campaign_app``, user ``<member>@<url>``), else in a file only
the user can read (0600) in the user's config folder; the token is never printed or
logged. Live updates: ``run(live.watch)`` gives a :class:`EventWatcher` reading the
server's ``GET /api/events`` (Server-Sent Events) in a background thread.

Pure: no database, no use-case imported (a use-case is named by its module)."""

from __future__ import annotations

import inspect
import json
import os
import queue
import threading
import uuid
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from campaign_app.errors import (
    AppError,
    AuthError,
    ConflictError,
    DatabaseError,
    InputError,
    NotFoundError,
    RefusedError,
)
from campaign_app.wire import api_name, result_adapter, result_type, use_case_name

SERVICE = "campaign_app"
TIMEOUT = 30.0
RETRIES = 2  # a write sent again after a dropped connection (same idempotency key)
SIGN_IN_AGAIN = "sign in again: campaign-app --db {url} login"


def is_league_url(url: str | None) -> bool:
    """Whether ``url`` names a league server (``http://`` or ``https://``)."""
    return (url or "").strip().lower().startswith(("http://", "https://"))


def split_member(url: str) -> tuple[str, str | None]:
    """``https://ann@host/league`` -> (``https://host/league``, ``ann``): the server's URL
    (no user, no trailing slash) and the member named in it, if any."""
    parts = urlsplit(url.strip())
    member = None
    netloc = parts.netloc
    if "@" in netloc:
        user, _, netloc = netloc.rpartition("@")
        member = user.partition(":")[0] or None
    path = parts.path.rstrip("/")
    return urlunsplit((parts.scheme.lower(), netloc.lower(), path, "", "")), member


# --------------------------------------------------------------------------- tokens
def _config_dir() -> Path:
    override = os.environ.get("CAMPAIGN_APP_CONFIG_DIR")
    if override:
        return Path(override)
    from platformdirs import user_config_dir

    return Path(user_config_dir("campaign_app", appauthor=False))


def _usable_keyring() -> Any | None:
    """The keyring backend, or None where there is none worth the name (headless Linux:
    the fail backend, or one of priority < 1)."""
    try:
        import keyring
        from keyring.backends import fail
    except ImportError:
        return None
    try:
        kr = keyring.get_keyring()
    except Exception:  # noqa: BLE001 - a broken keyring set-up: use the file
        return None
    if isinstance(kr, fail.Keyring) or getattr(kr, "priority", 1) < 1:
        return None
    return kr


class TokenStore:
    """Where a member's token is kept: the keyring, else ``tokens.json`` (0600) in the
    user's config folder. ``logins.json`` beside it remembers who last signed in to a
    server (a name, no secret), so ``--db https://host/league`` needs no name."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or _config_dir()

    def _read(self, name: str) -> dict[str, str]:
        try:
            data = json.loads((self.folder / name).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}

    def _write(self, name: str, data: Mapping[str, str]) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / name
        tmp = path.with_name(path.name + ".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(dict(data), f)
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)

    def last_member(self, url: str) -> str | None:
        return self._read("logins.json").get(url)

    def get(self, url: str, member: str) -> str | None:
        key = f"{member}@{url}"
        kr = _usable_keyring()
        if kr is not None:
            try:
                token = kr.get_password(SERVICE, key)
            except Exception:  # noqa: BLE001 - a locked or broken keyring: try the file
                token = None
            if token:
                return str(token)
        return self._read("tokens.json").get(key)

    def put(self, url: str, member: str, token: str) -> str:
        """Keep ``token``; says where (``keyring`` or the file's path)."""
        key = f"{member}@{url}"
        logins = self._read("logins.json")
        logins[url] = member
        self._write("logins.json", logins)
        kr = _usable_keyring()
        if kr is not None:
            try:
                kr.set_password(SERVICE, key, token)
            except Exception:  # noqa: BLE001 - the keyring refused: the file holds it
                pass
            else:
                self._drop_file_token(key)
                return "the system keyring"
        tokens = self._read("tokens.json")
        tokens[key] = token
        self._write("tokens.json", tokens)
        return str(self.folder / "tokens.json")

    def _drop_file_token(self, key: str) -> None:
        tokens = self._read("tokens.json")
        if tokens.pop(key, None) is not None:
            self._write("tokens.json", tokens)

    def forget(self, url: str, member: str) -> None:
        key = f"{member}@{url}"
        kr = _usable_keyring()
        if kr is not None:
            try:
                kr.delete_password(SERVICE, key)
            except Exception:  # noqa: BLE001 - not there: nothing to forget
                pass
        self._drop_file_token(key)
        logins = self._read("logins.json")
        if logins.get(url) == member:
            logins.pop(url)
            self._write("logins.json", logins)


# --------------------------------------------------------------------------- HTTP
def _client(url: str, transport: Any = None, timeout: float = TIMEOUT) -> Any:
    import httpx

    return httpx.Client(base_url=url + "/", timeout=timeout, transport=transport,
                        headers={"User-Agent": "campaign_app"}, follow_redirects=False)


def _error(status: int, message: str, url: str) -> AppError:
    if status == 401:
        if "password" in message:
            return AuthError(message)
        for said in (": log in again", ": sign in again"):
            message = message.removesuffix(said)
        return AuthError(f"{message}: {SIGN_IN_AGAIN.format(url=url)}")
    if status == 403:
        return RefusedError(message)
    if status == 404:
        return NotFoundError(message)
    if status == 409:
        return ConflictError(message)
    if status in (502, 503, 504):
        return DatabaseError(f"the league server {url} cannot do that now ({status}): {message}")
    if status == 500:
        return DatabaseError(message)
    return InputError(message)


def _message(response: Any) -> str:
    try:
        body = response.json()
        text = body.get("error") if isinstance(body, dict) else None
    except ValueError:
        text = None
    return " ".join(str(text or f"HTTP {response.status_code}").split())


def _unreachable(url: str, e: Exception) -> DatabaseError:
    return DatabaseError(f"cannot reach the league server {url}: {type(e).__name__}"
                         f"{': ' + str(e).splitlines()[0] if str(e) else ''}")


AT_MOST_ONCE = "sending it again (Retry) applies it at most once"


def _retryable(err: AppError, again: Callable[[], Any] | None) -> AppError:
    """``err`` of a write that may or may not have been applied, saying so in its one
    line, with ``retry`` = ``again`` (the same request with the same Idempotency-Key)."""
    if again is not None:
        err.message = f"{err.message}; {AT_MOST_ONCE}"
        err.args = (err.message,)
        err.retry = again
    return err


def login(url: str, member: str, password: str, *, store: TokenStore | None = None,
          transport: Any = None) -> dict[str, Any]:
    """Sign ``member`` in to the server at ``url`` and keep the token: the server's
    answer without the token, plus ``kept_in`` (where the token is kept)."""
    import httpx

    base, _ = split_member(url)
    with _client(base, transport) as http:
        try:
            r = http.post("api/login", json={"name": member, "password": password})
        except httpx.HTTPError as e:
            raise _unreachable(base, e) from None
    if r.status_code != 200:
        raise _error(r.status_code, _message(r), base) if r.status_code != 401 else AuthError(_message(r))
    body = dict(r.json())
    token = str(body.pop("token"))
    body["kept_in"] = (store or TokenStore()).put(base, str(body.get("name") or member), token)
    body["url"] = base
    return body


def logout(url: str, member: str | None = None, *, store: TokenStore | None = None,
           transport: Any = None) -> str:
    """End the session at the server (``/api/logout``) and forget the token; the
    member signed out."""
    import httpx

    store = store or TokenStore()
    base, named = split_member(url)
    who = member or named or store.last_member(base)
    if not who:
        raise AuthError(f"no one is signed in to {base}")
    token = store.get(base, who)
    if token:
        with _client(base, transport) as http:
            try:
                http.post("api/logout", headers={"Authorization": f"Bearer {token}"})
            except httpx.HTTPError:
                pass  # the token is forgotten here all the same
    store.forget(base, who)
    return who


# --------------------------------------------------------------------------- facade
class RemoteCampaigns:
    """A league server as a :class:`~campaign_app.facade.Campaigns` for the front ends."""

    backend = "league"
    sqlite_file = None

    def __init__(self, url: str, token: str, member: str, *, transport: Any = None,
                 timeout: float = TIMEOUT) -> None:
        self.url, _ = split_member(url)
        self.member = member
        self._token = token
        self._transport = transport
        self._timeout = timeout
        self._http = _client(self.url, transport, timeout)
        # told (with the message) when the server refuses the token: the window asks to sign in again
        self.on_auth_error: Callable[[str], Any] | None = None

    def __repr__(self) -> str:  # never the token
        return f"RemoteCampaigns({self.url!r}, member={self.member!r})"

    @classmethod
    def open(cls, url: str, *, store: TokenStore | None = None, transport: Any = None) -> RemoteCampaigns:
        """The server at ``url`` as the member signed in to it (named in the URL, else the
        last one who signed in there); :class:`AuthError` when no one is."""
        store = store or TokenStore()
        base, member = split_member(url)
        member = member or store.last_member(base)
        token = store.get(base, member) if member else None
        if not member or not token:
            raise AuthError(f"not signed in to the league server {base}: "
                            f"campaign-app --db {base} login NAME (or File ▸ Open League…)")
        return cls(base, token, member, transport=transport)

    # what a front end asks of a Campaigns
    @property
    def shown_url(self) -> str:
        return f"{self.member} @ {self.url}"

    def same_database(self, other: Any) -> bool:
        return other is self

    def reopened(self) -> RemoteCampaigns:
        return self

    def dispose(self) -> None:
        self._http.close()

    @property
    def engine(self) -> Any:
        raise InputError(f"that needs the database itself, which is not available on a league server "
                         f"({self.url})")

    def run_as(self, *_a: Any, **_k: Any) -> Any:
        raise InputError("run_as is the league server's own: a client acts as its signed-in member")

    def me(self, *, notify: bool = True) -> dict[str, Any]:
        """Who this client is signed in as (``notify=False``: a refused token is not
        reported to :attr:`on_auth_error`, for a background reader)."""
        return dict(self._request("GET", "api/me", notify=notify).json())

    def run(self, use_case: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """``use_case`` run on the server with ``args``: its result, as it returned it."""
        name = use_case_name(use_case)
        if name == "campaign_app.usecases.live:watch":
            return EventWatcher(self)
        if name == "campaign_app.usecases.exports:writable_output":  # a file made here, not there
            from campaign_app.files import check_output_path

            path = inspect.signature(use_case).bind(None, *args, **kwargs).arguments["path"]
            return str(check_output_path(path, (), example="roster.pdf"))
        body = self.arguments(use_case, args, kwargs)
        key = str(uuid.uuid4()) if _writes(use_case) else None  # one key per action, kept by its retries
        adapter = result_adapter(use_case)

        def send() -> Any:  # this very request: the same arguments, the same key
            r = self._request("POST", f"api/run/{api_name(use_case)}", json_body=body, key=key,
                              what=use_case, again=send)
            return adapter.validate_json(r.content)

        return send()

    @staticmethod
    def arguments(use_case: Callable[..., Any], args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> dict[str, Any]:
        """The call's arguments as the JSON object of named arguments the server reads:
        bound by the use-case's signature (its first, the database, left out); an
        argument given as its default is left to the server's default."""
        from pydantic_core import PydanticSerializationError, to_jsonable_python

        sig = inspect.signature(use_case)
        try:
            bound = sig.bind(None, *args, **kwargs)
        except TypeError as e:
            raise InputError(f"{api_name(use_case)}: {e}") from None
        out: dict[str, Any] = {}
        params = list(sig.parameters.values())
        for p in params[1:]:
            if p.name not in bound.arguments:
                continue
            value = bound.arguments[p.name]
            if p.kind is p.VAR_KEYWORD:
                out.update(value)
                continue
            if p.kind is p.VAR_POSITIONAL:
                if value:
                    raise InputError(f"{api_name(use_case)} takes a variable number of arguments: "
                                     "not available on a league server")
                continue
            if p.default is not p.empty and (value is p.default or (p.default is None and value is None)):
                continue
            out[p.name] = value
        for name, value in out.items():
            if callable(value) and not isinstance(value, type):
                raise InputError(f"{api_name(use_case)} is not available on a league server: its argument "
                                 f"{name!r} is not plain data")
        try:
            jsonable = to_jsonable_python(out)
        except PydanticSerializationError:
            raise InputError(f"{api_name(use_case)} is not available on a league server: an argument "
                             "is not plain data") from None
        return dict(jsonable)

    def _request(self, method: str, path: str, *, json_body: Any = None, key: str | None = None,
                 what: Callable[..., Any] | None = None, notify: bool = True,
                 again: Callable[[], Any] | None = None) -> Any:
        """The server's 200 answer to one request. ``key``: a write's Idempotency-Key, sent
        again as is when the connection drops. A write that finally gets no answer, or a
        503 (502, 504 from a proxy), raises a :class:`DatabaseError` whose ``retry`` is
        ``again`` (the same request, the same key: applied at most once)."""
        import httpx

        headers = {"Authorization": f"Bearer {self._token}"}
        if key is not None:
            headers["Idempotency-Key"] = key
        attempts = 1 + (RETRIES if key is not None else 1)
        last: Exception | None = None
        for _ in range(attempts):
            try:
                r = self._http.request(method, path, json=json_body, headers=headers)
            except httpx.TransportError as e:
                last = e
                continue  # dropped or refused: again, with the same key
            if r.status_code == 200:
                return r
            message = _message(r)
            if r.status_code == 422 and what is not None and message.startswith("no use-case named"):
                raise InputError(f"{api_name(what)} is not available on a league server "
                                 f"(this server does not offer it)")
            err = _error(r.status_code, message, self.url)
            if r.status_code == 401 and notify and self.on_auth_error is not None:
                self.on_auth_error(str(err))
            if r.status_code in (502, 503, 504) and key is not None:
                raise _retryable(err, again)
            raise err
        assert last is not None
        err = _unreachable(self.url, last)
        raise _retryable(err, again) if key is not None else err

    def events(self, timeout: float | None = None) -> Any:
        """The stream of ``GET /api/events`` (a context manager over the response)."""
        import httpx

        return self._http.stream("GET", "api/events", headers={"Authorization": f"Bearer {self._token}",
                                                                "Accept": "text/event-stream"},
                                 timeout=httpx.Timeout(self._timeout, read=timeout))


def _writes(use_case: Callable[..., Any]) -> bool:
    """Whether ``use_case`` writes: its result is a change-set-carrying result."""
    from campaign_app.changes import Result

    t = result_type(use_case)
    try:
        return isinstance(t, type) and issubclass(t, Result)
    except TypeError:
        return False


# --------------------------------------------------------------------------- live
class EventWatcher:
    """The :class:`campaign_app.usecases.live.Watcher` of a league server: a background
    thread reads ``GET /api/events`` (one ``data:`` line per change set, JSON) and queues
    the change sets; :meth:`poll` hands them over. A dropped stream is opened again after
    a pause that grows to 30 s (as the local watcher reconnects)."""

    def __init__(self, app: RemoteCampaigns, *, read_timeout: float = 60.0) -> None:
        self._app = app
        self._queue: queue.Queue[Any] = queue.Queue()
        self._stop = threading.Event()
        self._read_timeout = read_timeout
        self._session: int | None = None
        self.connected = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="league-events", daemon=True)
        self._thread.start()

    def fileno(self) -> int | None:
        return None

    def poll(self) -> list[Any]:
        from pydantic import TypeAdapter

        from campaign_app.changes import Changes

        out: list[Changes] = []
        adapter = TypeAdapter(Changes)
        while True:
            try:
                raw = self._queue.get_nowait()
            except queue.Empty:
                return out
            try:
                event = json.loads(raw)
                if event.get("by") is not None and event.get("by") == self._session:
                    continue  # this client's own change: already shown
                out.append(adapter.validate_python(event["changes"]))
            except (ValueError, KeyError, TypeError, AttributeError):
                continue  # not a change set: skipped

    def close(self) -> None:
        self._stop.set()

    def _loop(self) -> None:
        pause = 1.0
        dropped = False  # a stream was open and ended: the next one starts with a full re-read
        while not self._stop.is_set():
            try:
                if self._session is None:
                    self._session = self._app.me(notify=False).get("session_id")
                with self._app.events(timeout=self._read_timeout) as r:
                    if r.status_code != 200:
                        raise OSError(f"HTTP {r.status_code}")
                    if dropped:  # back after a drop: what was missed meanwhile is read again
                        self._queue.put(json.dumps({"by": None, "changes": {"everything": True}}))
                    self.connected.set()
                    dropped = False
                    pause = 1.0
                    for line in r.iter_lines():
                        if self._stop.is_set():
                            return
                        if line.startswith("data:"):
                            self._queue.put(line[5:].strip())
            except Exception:  # noqa: BLE001 - dropped, refused, timed out: reconnect
                pass
            if self.connected.is_set() or dropped:
                dropped = True
            self.connected.clear()
            if self._stop.wait(pause):
                return
            pause = min(pause * 2, 30.0)
