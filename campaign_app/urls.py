"""Database URLs as text: where the user part ends, and the URL without its password.

Plain string work (no SQLAlchemy: the window shows and stores URLs before the core is
loaded). ``db.engine.parse_url`` parses with SQLAlchemy's ``make_url`` after
:func:`escape_userinfo`, so what the app connects with and what :func:`redact_url`
hides are split in the same place.

A password typed with an ``@`` in it (``postgresql://club:p@ss@host/db``) is common;
SQLAlchemy's grammar ends the password at the first ``@`` and would read ``ss@host`` as
the host (and print it). Here the user part ends at the **last** ``@`` before the
query: every earlier ``@`` belongs to the user name or the password.
"""

from __future__ import annotations

import re

# scheme://user[:password]@ split as SQLAlchemy splits it (same grammar: the user name
# stops at ":" or "/", the password at the first "@"); applied after escape_userinfo,
# so the first "@" is the last one the user typed
_USERINFO = re.compile(r"^(?P<head>[\w+]+://(?P<user>[^:/]*))(?::(?P<password>[^@]*))?@")


def escape_userinfo(url: str) -> str:
    """``url`` with every ``@`` of its user part but the last written ``%40`` (a server
    URL only; a SQLite path may hold any character)."""
    text = (url or "").strip()
    scheme, sep, rest = text.partition("://")
    if not sep or scheme.lower().startswith("sqlite"):
        return text
    where = rest.split("?", 1)[0]
    at = where.rfind("@")
    if at < 0 or where.count("@") == 1:
        return text
    return f"{scheme}://{rest[:at].replace('@', '%40')}@{rest[at + 1:]}"


def redact_url(url: str) -> str:
    """The URL as it may be stored or shown: no password, ever (neither ``user:pw@`` nor
    a ``password=`` in the query)."""
    text = escape_userinfo(url)
    m = _USERINFO.match(text)
    if m is None:
        if "://" not in text:
            return text  # a plain file path
        scheme, _, rest = text.partition("://")
        return f"{scheme}://{_without_password_param(rest)}"
    rest = _without_password_param(text[m.end():])
    if m["password"] is None:
        return f"{m['head']}@{rest}"
    short = f"{m['head']}@{rest}"  # "user@host"
    again = _USERINFO.match(short)
    if again is not None and again.end() == len(m["head"]) + 1 and again["password"] is None:
        return short
    # an "@" further on would now end the user name elsewhere: keep the ":" (an empty
    # password) so the URL still reads as it did
    return f"{m['head']}:@{rest}"


def _without_password_param(rest: str) -> str:
    """host:port/database?query with any ``password=`` left out of the query (after
    the user part, the first "?" starts the query, as SQLAlchemy reads it)."""
    where, sep, query = rest.partition("?")
    if not sep:
        return rest
    keep = [kv for kv in query.split("&") if kv.split("=", 1)[0].strip().lower() != "password"]
    return f"{where}?{'&'.join(keep)}" if keep else where
