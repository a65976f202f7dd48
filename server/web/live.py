"""The battle pages' live updates: which change sets concern a battle's page. The
change sets come from the server's one :class:`server.events.Hub` (shared with the
desktop clients' ``/api/events``): the server's own writes as each request ends, other
processes' through its one watcher of the database."""

from __future__ import annotations

from campaign_app.changes import Changes


def concerns(changes: Changes, battle_id: int) -> bool:
    """Whether ``changes`` may change what the page of ``battle_id`` shows."""
    if changes.everything or battle_id in changes.battles:
        return True
    return bool(not changes.battles and (changes.fighters or changes.units or changes.rosters))
