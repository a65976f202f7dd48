"""What the window's normal reads need, loaded ahead off the GUI thread: after the first
screen (:mod:`campaign_app.usecases.first_screen`, which must not import any of this),
the open task loads it so the switch to the normal reads only reads."""

from __future__ import annotations

from typing import Any


def warm_up(app: Any, campaign_id: int, system: str, edition: str | None) -> None:
    """What the window's normal reads will need after the first screen, loaded now (off
    the GUI thread, where the window calls it) on the open database ``app`` (a
    ``Campaigns``): the read modules, the mappers configured and a connection made (by a
    first small read), the rulebook parsed and the campaign's characteristics checked,
    so the switch to the normal reads only reads."""
    from campaign_app.usecases import (  # noqa: F401 (the window's use-cases)
        campaigns,
        fighters,
        gui_queries,
        journal,
        rosters,
    )

    try:
        gui_queries.system_info(system, edition, app.run(gui_queries.range_rules, campaign_id))
    except Exception:  # noqa: BLE001 (the campaign gone, a broken rules file: the normal path says it)
        pass
