"""Row versions of the figures whose weapons or skills change."""

from __future__ import annotations

from db.journal import bump_version
from db.models import Fighter, Unit
from db.uow import Session


def touch_version(session: Session, obj: Fighter | Unit) -> None:
    """Raise ``obj``'s version for a change of rows that hang off it (a fighter's or a
    unit's weapons and skills), so a stale edit (``if_version``, the GUI) notices it.
    When its own columns change too, the flush raises the version already."""
    if not session.is_modified(obj, include_collections=False):
        bump_version(session, obj)
