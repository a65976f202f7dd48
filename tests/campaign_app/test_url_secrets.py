"""A database password is never printed or resolved, whatever it holds (issue #34 item 1).

``postgresql://dave:Pa@ss:w?S3CR@host/db`` printed ``@ss:w?S3CR`` in its error line and
looked ``ss`` up as the host; a ``/`` in a password made the window read a piece of it as
the host; ``pass%77ord=`` (a percent-encoded ``password`` key) was shown. One split
(``campaign_app.urls.split_url``) now serves every way a URL comes in: ``--db``,
``$CAMPAIGN_APP_DB``, the league commands, the window's saved and recent URLs and its
database dialog. Hostile passwords are generated from the characters URL grammars stop
at, around letters that appear nowhere else in the URL (Cyrillic): none of those letters,
raw or percent-encoded, may appear in a redacted URL or in any message."""

from __future__ import annotations

from urllib.parse import quote, unquote

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hyp_settings
from hypothesis import strategies as st

from campaign_app.cli import main
from campaign_app.errors import AppError
from campaign_app.urls import redact_url, server_fields, split_url
from db.engine import normalize_url, parse_url, redact

SECRET = "ЖЩЮЯ"  # letters that appear nowhere else in the URLs below
HOSTILE = "@:/?#&=%+ ;,[]'\"\\!$*"

passwords = st.lists(st.sampled_from(HOSTILE) | st.sampled_from(SECRET), min_size=1, max_size=24).map(
    "".join).filter(lambda p: any(c in SECRET for c in p))


def _leaks(text: str) -> list[str]:
    """The secret letters in ``text``, raw or percent-encoded (either case)."""
    forms = {c for c in SECRET} | {quote(c) for c in SECRET} | {quote(c).lower() for c in SECRET} | {
        quote(quote(c)) for c in SECRET}
    return sorted(f for f in forms if f in text)


def _url(password: str, *, host: str = "db.example", port: str = ":5433", database: str = "/league",
         query: str = "?sslmode=require") -> str:
    return f"postgresql://dave:{password}@{host}{port}{database}{query}"


def test_the_issue_examples():
    url = "postgresql://dave:Pa@ss:w?S3CR@host/db"
    u = normalize_url(url)
    assert (u.username, u.password, u.host, u.database) == ("dave", "Pa@ss:w?S3CR", "host", "db")
    assert redact_url(url) == "postgresql://dave@host/db" and "S3CR" not in redact(u)
    for url in ("postgresql://dave:s3cr/et@db.example/league", "postgresql://dave:a/b@c/d@db.example/league"):
        u = normalize_url(url)
        assert u.host == "db.example" and u.database == "league", url
        assert server_fields(url) == server_fields("postgresql://dave@db.example/league")
    for key in ("password", "pass%77ord", "PASSWORD", "pass%2577ord".replace("%25", "%"), "sslpassword",
                "%70assword", "password+"):
        url = f"postgresql://dave@db.example/league?sslmode=require&{key}=ЖSECRET"
        assert "SECRET" not in redact_url(url) and "SECRET" not in redact(parse_url(url)), key
        assert redact_url(url) == "postgresql://dave@db.example/league?sslmode=require"


@given(password=passwords)
@hyp_settings(max_examples=400, deadline=None)
def test_a_hostile_password_is_read_whole_and_never_shown(password):
    url = _url(password)
    u = normalize_url(url)
    # what the app connects with: the whole password, and the host the URL names
    assert (u.username, u.password, u.host, u.port, u.database) == ("dave", unquote(password), "db.example", 5433,
                                                                    "league")
    assert dict(u.query) == {"sslmode": "require"}
    parts = split_url(url)
    assert parts is not None and parts.location == "db.example:5433/league?sslmode=require"
    assert server_fields(url) == server_fields("postgresql://dave@db.example:5433/league")
    for shown in (redact_url(url), redact(url), redact(u), str(u), repr(u)):
        assert not _leaks(shown), (password, shown)
    assert redact_url(url) == "postgresql://dave@db.example:5433/league?sslmode=require"
    # the same password as a query parameter, its key percent-encoded or not
    for key in ("password", "pass%77ord", "Password"):
        q = _url("x", query=f"?sslmode=require&{key}={quote(password, safe='')}")
        assert not _leaks(redact_url(q)) and not _leaks(redact(normalize_url(q))), (key, password)


@given(password=passwords, bad=st.sampled_from([
    {"host": "db.example", "port": ":port", "database": "/league"},  # a port that is no number
    {"host": "db.example", "port": ":5433", "database": ""},  # no database
    {"host": "db.example", "port": ":99999999999999999999", "database": "/league"},
]), scheme=st.sampled_from(["postgresql", "mysql", "postgresql+asyncpg", "oracle"]))
@hyp_settings(max_examples=300, deadline=None)
def test_no_message_about_a_bad_url_shows_its_password(password, bad, scheme):
    url = _url(password, **bad).replace("postgresql", scheme, 1)
    try:
        normalize_url(url)
    except AppError as e:
        assert not _leaks(str(e)), (url, str(e))
    else:  # taken (the server refuses it later): shown without its password too
        assert not _leaks(redact(normalize_url(url)))


@given(password=passwords)
@hyp_settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_the_cli_never_prints_a_password_from_db_or_the_environment(password, capsys, monkeypatch):
    url = _url(password, host="127.0.0.1", port=":1", query="")  # nothing listens on port 1
    for argv, env in ((["--db", url, "campaign", "list"], None), (["--json", "--db", url, "campaign", "list"], None),
                      (["campaign", "list"], url), (["--db", url, "league", "players"], None),
                      (["--db", url.replace("127.0.0.1", "127.0.0.1:x"), "campaign", "list"], None)):
        if env is None:
            monkeypatch.delenv("CAMPAIGN_APP_DB", raising=False)
        else:
            monkeypatch.setenv("CAMPAIGN_APP_DB", env)
        rc = main(argv)
        out, err = capsys.readouterr()
        assert rc == 2, (argv, err)
        assert len(err.strip().splitlines()) == 1, err
        assert not _leaks(out + err), (password, err)
        assert "127.0.0.1" in err, err  # the host the URL names, never a piece of the password


def test_connecting_resolves_only_the_host_the_url_names(capsys):
    """A password holding '/', '?' and '@' around a host-like piece: the connection goes to
    127.0.0.1 (refused on port 1) and no piece of the password is looked up as a host."""
    for password in ("a/evil-host.invalid", "x@evil-host.invalid?y", "Pa@ss:w?evil-host.invalid",
                     "p#evil-host.invalid/z", "q/w@evil-host.invalid:5/"):
        url = f"postgresql://dave:{password}@127.0.0.1:1/league"
        u = normalize_url(url)
        assert (u.host, u.port, u.password) == ("127.0.0.1", 1, password), password
        assert main(["--db", url, "campaign", "list"]) == 2
        err = capsys.readouterr().err
        assert "evil-host" not in err and "127.0.0.1" in err, err
        assert "could not translate host name" not in err and "resolve" not in err, err


@pytest.mark.parametrize("url", [
    "postgresql://dave:Pa/ss@db.example:5433/league",
    "postgresql://dave:Pa@ss/w?rd#x@db.example:5433/league",
    "postgresql://dave:ЖЩ/%2F@db.example:5433/league?sslmode=require",
])
def test_the_window_reads_host_port_and_database_from_the_same_split(url):
    from ui.settings import safe_url, with_password

    assert server_fields(url) == server_fields("postgresql://dave@db.example:5433/league")
    connect = with_password(url, "n3w/p@ss")
    u = normalize_url(connect)
    assert (u.host, u.port, u.database, u.username, u.password) == ("db.example", 5433, "league", "dave", "n3w/p@ss")
    assert not _leaks(safe_url(url)) and "Pa" not in safe_url(url)


@pytest.mark.parametrize(("url", "server"), [
    ("postgresql://ann@host/db", True), (" PostgreSQL://host/db", True), ("postgres://host/db", True),
    ("postgresql+psycopg://host/db", True), ("sqlite:////tmp/x.sqlite", False), ("league.sqlite", False),
    ("https://league.example", False), ("", False), (None, False)])
def test_is_postgres_names_a_server_url_only(url, server):
    from campaign_app.urls import is_postgres

    assert is_postgres(url) is server
