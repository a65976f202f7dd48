"""Database URLs as text: the one place a URL is split into its user part and the rest,
and the URL without its password.

Plain string work (no SQLAlchemy: the window shows and stores URLs before the core is
loaded). Every way a URL comes in (``--db``, ``$CAMPAIGN_APP_DB``, the window's saved and
recent URLs and its database dialog, the league commands) goes through
:func:`split_url`: ``db.engine.parse_url`` hands SQLAlchemy only the part after the user
part and puts the user name and password in itself, so no piece of a password is ever
parsed as a host, a port or a database, resolved, or printed in a message; and
:func:`redact_url` shows the same split without the password.

The user part of a server URL ends at the **last** ``@`` of the URL: a password may hold
``@``, ``:``, ``/``, ``?``, ``#`` and anything else (``postgresql://dave:Pa@ss/w?rd@host/db``
is user ``dave``, password ``Pa@ss/w?rd``, host ``host``). The user name ends at the first
``:`` (write a ``:`` in a user name ``%3A``). So an ``@`` in the database name or in a query
value of a URL with a user part must be written ``%40``. Only when what comes before the
last ``@`` cannot be a user name (it holds a ``/`` before any ``:``: the ``@`` is in the
path or the query, as in ``postgresql:///league?host=/run/pg&user=me@club``), and in a
SQLite URL (a file path may hold any ``@``), is the URL read with SQLAlchemy's own
grammar (the user name stops at ``:`` or ``/``, the password at the first ``@``).
"""

from __future__ import annotations

import re
from typing import NamedTuple
from urllib.parse import unquote, unquote_plus

SECRET_PARAMS = frozenset({"password", "sslpassword"})
"""Query keys whose values are secrets (libpq's ``password`` and ``sslpassword``),
compared after percent-decoding (``pass%77ord=`` is ``password=``) and ignoring case."""


class UrlParts(NamedTuple):
    """A URL split by :func:`split_url`. ``user_text`` and ``password_text`` are as typed
    (percent-encoded or not); :attr:`username` and :attr:`password` decoded.
    ``location``: ``host[:port][/database][?query]`` (no user part, so no password other
    than a ``password=`` query value).

    A named tuple, not a dataclass: the window's first frame names the database it opens
    (redacted here), and importing ``dataclasses`` there cost it some 2 ms (issue #32)."""

    scheme: str
    user_text: str | None
    password_text: str | None
    location: str

    @property
    def username(self) -> str | None:
        return None if self.user_text is None else unquote(self.user_text)

    @property
    def password(self) -> str | None:
        return None if self.password_text is None else unquote(self.password_text)


def is_file_url(scheme: str) -> bool:
    return scheme.lower().startswith("sqlite")


def is_postgres(url: str | None) -> bool:
    """Whether ``url`` names a PostgreSQL server (plain text work: the window and its
    first-screen reader ask it before anything else is loaded)."""
    return (url or "").strip().lower().startswith(("postgresql://", "postgres://", "postgresql+psycopg://"))


# SQLAlchemy's own grammar of the user part (make_url: the user name stops at ":" or "/",
# the password at the first "@"): used where that is how the URL must be read
_SQLA_USERINFO = re.compile(r"(?P<user>[^:/]*)(?::(?P<password>[^@]*))?@")


def split_url(url: str) -> UrlParts | None:
    """``scheme://[user[:password]@]location`` split at the user part (module doc); None for
    a plain file path (no ``://``)."""
    text = (url or "").strip()
    scheme, sep, rest = text.partition("://")
    if not sep:
        return None
    at = rest.rfind("@")
    if at >= 0 and not is_file_url(scheme):
        userinfo = rest[:at]
        user, colon, password = userinfo.partition(":")
        if "/" not in user:  # else no user name: the "@" is in the path or the query
            return UrlParts(scheme, user, password if colon else None, rest[at + 1:])
    # a SQLite URL (a path may hold any "@"), or an "@" after the user part: as SQLAlchemy reads it
    m = _SQLA_USERINFO.match(rest) if at >= 0 else None
    if m is None:
        return UrlParts(scheme, None, None, rest)
    return UrlParts(scheme, m["user"], m["password"], rest[m.end():])


def without_secret_params(location: str) -> str:
    """``host:port/database?query`` with every secret query parameter left out
    (:data:`SECRET_PARAMS`; the first ``?`` starts the query, as SQLAlchemy reads it)."""
    where, sep, query = location.partition("?")
    if not sep:
        return location
    keep = [kv for kv in query.split("&") if unquote_plus(kv.split("=", 1)[0]).strip().lower() not in SECRET_PARAMS]
    return f"{where}?{'&'.join(keep)}" if keep else where


def redact_url(url: str) -> str:
    """The URL as it may be stored or shown: no password, ever (neither ``user:pw@`` nor a
    ``password=`` or ``sslpassword=`` in the query), split as :func:`split_url` splits it."""
    parts = split_url(url)
    if parts is None:
        return (url or "").strip()  # a plain file path
    location = without_secret_params(parts.location)
    if parts.user_text is None:
        return f"{parts.scheme}://{location}"
    return f"{parts.scheme}://{userinfo_text(parts.user_text, location)}{location}"


def userinfo_text(user_text: str, location: str) -> str:
    """``user@`` (no password) written so that any URL parser ends it where
    :func:`split_url` did: an ``@`` of the user name as ``%40``, and an empty password
    (``user:@``) when ``location`` holds an ``@`` (SQLAlchemy's password stops at the first)."""
    user = user_text.replace("@", "%40")
    return f"{user}:@" if "@" in location else f"{user}@"


class ServerFields(NamedTuple):
    """What the window's database dialog shows of a server URL (decoded)."""

    host: str
    port: int | None
    database: str
    user: str


def server_fields(url: str) -> ServerFields:
    """The host, port, database and user of a server URL, split as :func:`split_url`
    splits it (a password holding ``/`` or ``@`` never becomes the host); blanks for
    what it does not name."""
    parts = split_url(url)
    if parts is None:
        return ServerFields("", None, "", "")
    where = parts.location.split("?", 1)[0]
    hostport, _, database = where.partition("/")
    if hostport.startswith("["):  # [IPv6]:port
        host, _, after = hostport[1:].partition("]")
        port = after[1:] if after.startswith(":") else ""
    else:
        host, _, port = hostport.partition(":")
    return ServerFields(unquote(host), int(port) if port.isdigit() and len(port) <= 5 else None,
                        unquote(database), parts.username or "")
