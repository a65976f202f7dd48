"""Demo campaigns: one sample campaign per installed game system that has one (its
``GameSystem.demo``, built in the system's own package), each built only through the
ordinary use-cases (so each piece is journaled and undoable like the user's own work).
Seeded dice make the demo the same every time. A demo campaign that already exists is
left alone, so running it twice adds nothing.

The helpers below are for the systems' demo modules."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from campaign_app.changes import Changes, Result
from campaign_app.usecases import fighters
from db.queries.views import campaign_id_named
from db.uow import Engine, read_session

Progress = Callable[..., Any]
Builder = Callable[[Engine], int]


@dataclass(frozen=True, kw_only=True)
class DemoResult(Result):
    """The demo campaigns made (names and ids, in listing order) and those already there.
    Whole campaigns are added: the change set is everything."""

    created: list[str]
    skipped: list[str]
    ids: list[int]
    first_id: int | None


def _exists(engine: Engine, name: str) -> bool:
    with read_session(engine) as s:
        return campaign_id_named(s, name) is not None


def add_fighters(engine: Engine, roster: Any, rows: Iterable[tuple[str, dict[str, Any]]]) -> dict[str, int]:
    """Add each (name, keyword arguments of ``fighters.add_fighter``); name -> fighter id."""
    out = {}
    for name, kw in rows:
        f = fighters.add_fighter(engine, roster, name, **kw)
        assert f.id is not None
        out[name] = f.id
    return out


def add_units(engine: Engine, roster: Any, rows: Iterable[tuple[str, dict[str, Any]]]) -> None:
    """Add each (name, keyword arguments of ``units.add_unit``)."""
    from campaign_app.usecases.units import add_unit

    for name, kw in rows:
        add_unit(engine, roster, name, **kw)


def battles_available() -> bool:
    try:
        import campaign_app.usecases.battles  # noqa: F401
    except ImportError:
        return False
    return True


def demo_builders() -> list[tuple[str, Builder]]:
    """(campaign name, builder) of every installed system's demo, in listing order."""
    from campaign_app.systems.registry import systems

    out: list[tuple[str, Builder]] = []
    for gs in systems().values():
        if not gs.demo:
            continue
        module = gs.demo.partition(":")[0]
        out.append((str(gs.load(f"{module}:NAME")), gs.load(gs.demo)))
    return out


def demo_names() -> tuple[str, ...]:
    """The names of the demo campaigns ``create_demo`` makes."""
    return tuple(name for name, _build in demo_builders())


def create_demo(engine: Engine, progress: Progress | None = None) -> DemoResult:
    """Create the demo campaigns that do not exist yet; returns their names and ids."""
    builders = demo_builders()
    created: list[str] = []
    ids: list[int] = []
    skipped: list[str] = []
    for i, (name, build) in enumerate(builders):
        if progress is not None and progress(i, len(builders), f"Creating {name}…") is False:
            break
        if _exists(engine, name):
            skipped.append(name)
            continue
        ids.append(build(engine))
        created.append(name)
    if progress is not None:
        progress(len(builders), len(builders), "Done")
    return DemoResult(created=created, skipped=skipped, ids=ids, first_id=ids[0] if ids else None,
                      changes=Changes.all())
