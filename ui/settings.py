"""What the app remembers between runs (QSettings): window geometry and layout, the
database last opened and the recent ones. A database URL is only ever stored without
its password (:func:`safe_url`); passwords are asked for or left to libpq."""

from __future__ import annotations

from urllib.parse import quote

from PySide6.QtCore import QByteArray, QSettings

from campaign_app.urls import is_postgres, redact_url, server_fields

MAX_RECENT = 8


def safe_url(url: str) -> str:
    """The URL as it may be stored or shown: no password, ever (one helper for the CLI,
    the core and the window: :func:`campaign_app.urls.redact_url`, plain text work, so
    the window may show it before SQLAlchemy is loaded)."""
    return redact_url(url)


def pg_url(host: str, port: int, database: str, user: str, password: str | None = None) -> str:
    auth = quote(user, safe="") if user else ""
    if password:
        auth += ":" + quote(password, safe="")
    if auth:
        auth += "@"
    hostpart = host.strip() or "localhost"
    if ":" in hostpart and not hostpart.startswith("["):
        hostpart = f"[{hostpart}]"
    return f"postgresql://{auth}{hostpart}:{int(port)}/{quote(database.strip(), safe='')}"


def with_password(url: str, password: str | None) -> str:
    """``url`` with ``password`` put in (in memory only, to connect)."""
    if not password or not is_postgres(url):
        return url
    p = server_fields(url)  # the one URL split (campaign_app.urls)
    return pg_url(p.host or "localhost", p.port or 5432, p.database, p.user, password)


class AppSettings:
    def __init__(self, qsettings: QSettings | None = None) -> None:
        self.q = qsettings if qsettings is not None else QSettings()

    # databases ---------------------------------------------------------------
    def last_url(self) -> str | None:
        v = self.q.value("database/last", None)
        return str(v) if v else None

    def recent(self) -> list[str]:
        v = self.q.value("database/recent", [])
        if isinstance(v, str):
            v = [v]
        return [str(x) for x in (v or []) if x]

    def remember(self, url: str) -> None:
        clean = safe_url(url)
        items = [clean] + [u for u in self.recent() if u != clean]
        self.q.setValue("database/recent", items[:MAX_RECENT])
        self.q.setValue("database/last", clean)

    def forget(self, url: str) -> None:
        clean = safe_url(url)
        self.q.setValue("database/recent", [u for u in self.recent() if u != clean])
        if self.last_url() == clean:
            self.q.remove("database/last")

    def ask_password(self, url: str) -> bool:
        """Whether to ask for a password when opening this PostgreSQL URL (else libpq:
        PGPASSWORD, ~/.pgpass, a service file or trust)."""
        v = self.q.value(f"database/ask_password/{safe_url(url)}", False)
        return v in (True, "true", "1", 1)

    def set_ask_password(self, url: str, ask: bool) -> None:
        self.q.setValue(f"database/ask_password/{safe_url(url)}", bool(ask))

    # window --------------------------------------------------------------------
    def window_state(self) -> tuple[QByteArray | None, QByteArray | None, QByteArray | None]:
        def get(key: str) -> QByteArray | None:
            v = self.q.value(key)
            return v if isinstance(v, QByteArray) and not v.isEmpty() else None

        return get("window/geometry"), get("window/state"), get("window/splitter")

    def save_window_state(self, geometry: QByteArray, state: QByteArray, splitter: QByteArray) -> None:
        self.q.setValue("window/geometry", geometry)
        self.q.setValue("window/state", state)
        self.q.setValue("window/splitter", splitter)

    def value(self, key: str, default: object = None) -> object:
        return self.q.value(key, default)

    def set_value(self, key: str, value: object) -> None:
        self.q.setValue(key, value)

    def last_place(self) -> tuple[str, int] | None:
        """The campaign the window showed last, as ``("campaign", id)`` (the window
        opens on it again), or None."""
        last = self.q.value("view/campaign")
        return ("campaign", int(last)) if last not in (None, "") and str(last).isdigit() else None

    def theme(self) -> str:
        """"system", "light" or "dark" (View ▸ Theme)."""
        v = str(self.q.value("view/theme", "system") or "system")
        return v if v in ("system", "light", "dark") else "system"

    def set_theme(self, mode: str) -> None:
        self.q.setValue("view/theme", mode)

    def language(self) -> str | None:
        """The window's language chosen in View ▸ Language ("en", "fr", "it"), or None
        (never chosen: the system's language, if the window speaks it)."""
        v = str(self.q.value("view/language", "") or "")
        return v if v in ("en", "fr", "it") else None

    def set_language(self, lang: str) -> None:
        self.q.setValue("view/language", lang)

    def hidden_columns(self, system: str) -> set[str] | None:
        """The roster table columns the user hid for a game system (None: never chosen)."""
        if not self.q.contains(f"columns/{system}/hidden"):
            return None
        v = self.q.value(f"columns/{system}/hidden", "")
        items = v if isinstance(v, list) else str(v or "").split(",")
        return {str(k).strip() for k in items if str(k).strip()}

    def set_hidden_columns(self, system: str, keys: set[str]) -> None:
        self.q.setValue(f"columns/{system}/hidden", ",".join(sorted(keys)))

    def sync(self) -> None:
        self.q.sync()
