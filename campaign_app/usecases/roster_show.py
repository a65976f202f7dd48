"""``roster show`` without the ORM (issue #32): the same dict as
:func:`campaign_app.usecases.rosters.show_roster`, read by plain SQL
(:mod:`db.queries.roster_show`) and shaped by the same code (the entity shapes of
:mod:`campaign_app.entities`, :mod:`.profiles` for the weapons' profiles and the rating,
:mod:`.counter_values`), so ``roster show`` prints without importing SQLAlchemy, SQLModel
or the tables (a command that only reads one roster paid about 0.7 s for them).

Importing this module imports none of them, nor the rules data: the weapons' profiles
load it only for a roster that carries equipment. ``plain_show_roster`` gives None
whenever the database is not read so, and the caller takes the normal path, which says
what is wrong if anything is: a league server's URL, a file that is not there, another
schema revision (to be migrated), no roster of exactly that id or name, a deleted
campaign, a game not installed here, or a game that keeps records of its own."""

from __future__ import annotations

from typing import Any

from campaign_app.entities import (
    CAMPAIGN_DATA,
    EQUIPMENT_DATA,
    FIGHTER_DATA,
    ROSTER_DATA,
    UNIT_DATA,
)
from campaign_app.systems.registry import systems
from campaign_app.usecases.counter_values import definitions, values_of


def database_url(db: str | None) -> str | None:
    """The URL the plain reader opens for ``--db`` (None: the default database), or None
    when it is not one it reads (a league server, another scheme: the normal path's)."""
    from db.paths import default_url

    text = (db or default_url()).strip()
    if not text:
        return None
    if "://" not in text:
        from pathlib import Path

        return f"sqlite:///{Path(text).expanduser().resolve()}"
    if text.startswith(("sqlite:///", "postgresql://", "postgresql+psycopg://", "postgres://")) and "?" not in text:
        return text
    return None


def plain_show_roster(db: str | None, ref: str) -> dict[str, Any] | None:
    """``show_roster(engine, ref)``'s dict for the database of ``--db`` ``db``, read by
    plain SQL; None when it is not read so (see the module's doc)."""
    from db.queries import first_screen as fs
    from db.queries import roster_show as q

    url = database_url(db)
    if url is None:
        return None
    with fs.current(url) as con:
        if con is None:
            return None
        try:
            return _show(con, q, ref)
        except Exception:  # noqa: BLE001 (anything unexpected: the normal path shows it, or its error)
            import logging

            logging.getLogger(__name__).debug("roster not read by plain SQL", exc_info=True)
            return None


def _show(con: Any, q: Any, ref: str) -> dict[str, Any] | None:
    r = q.roster(con, ref)
    if r is None:
        return None
    c = q.campaign(con, r["campaign_id"])
    gs = systems().get(c["system"]) if c is not None else None
    if c is None or c["deleted_at"] is not None or gs is None or gs.records:
        return None
    fighters = q.fighters(con, r["id"])
    units = q.units(con, r["id"])
    eq: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for e in q.equipment(con, [f["id"] for f in fighters], [u["id"] for u in units]):
        key = ("f", e["fighter_id"]) if e["fighter_id"] is not None else ("u", e["unit_id"] or 0)
        eq.setdefault(key, []).append(EQUIPMENT_DATA.build(e))
    if eq:  # (no equipment: nothing to fill, and the rules data stay unread)
        from campaign_app.usecases.profiles import fill_profiles, rules_data

        fill_profiles(rules_data(c["system"], c["edition"], c["expansions"] or [], q.packs(con, c["id"])),
                      eq.values())
    skills: dict[int, list[str]] = {}
    for fid, name in q.skills(con, [f["id"] for f in fighters]):
        skills.setdefault(fid, []).append(name)
    from campaign_app.usecases.profiles import rating_of

    rating = rating_of(gs.rating_statuses, q.figure_values(con, r["id"]))
    stash = q.stash_value(con, r["id"])
    return {
        **ROSTER_DATA.build(r),
        "campaign": CAMPAIGN_DATA.build(c, system_name=gs.name),
        "fighters": [FIGHTER_DATA.build(f, equipment=eq.get(("f", f["id"]), []), skills=skills.get(f["id"], []))
                     for f in fighters],
        "units": [UNIT_DATA.build(u, equipment=eq.get(("u", u["id"]), [])) for u in units],
        "worth": {"rating": rating, "credits": r["credits"], "stash": stash,
                  "wealth": rating + r["credits"] + stash},
        "counters": values_of(definitions(c["counters"]), r["counters"]),
    }
