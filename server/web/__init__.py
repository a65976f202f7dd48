"""The league server's web pages for phones and tablets (issue #29): sign in, the
member's campaigns, a roster's fighter cards, the battle page (marks, undo, rolls, live
by Server-Sent Events), the roll log and the standings. Server-rendered HTML (Jinja2)
with one small plain script; every asset served from here (no CDN). See docs/web.md."""

from server.web.pages import mount

__all__ = ["mount"]
