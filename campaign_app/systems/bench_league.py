"""What a benchmark league of one game system is made of (``python -m bench``): plain
values the generic league builder (``bench/league.py``) writes with bulk inserts. A
system offers one through ``GameSystem.bench`` ("module:attribute")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class BenchLeague:
    edition: str = ""
    expansions: tuple[str, ...] = ()
    roster_kind: str = "squad"
    # fighter types drawn at random (repeat one to make it more common); the first is
    # the type of the after-battle case's casualties
    fighter_types: tuple[str, ...] = ()
    # REP drawn from this range (inclusive) for a system that uses it; None = no REP
    rep: tuple[int, int] | None = None
    # every fighter's characteristics
    stats: Mapping[str, int] = field(default_factory=dict)
    # the battle result of the league's recorded fighters
    fine_result: str = ""
    # the battle result After the Battle resolves (the after-battle case records 40 of
    # them); "" = the system has no such case
    casualty_result: str = ""
    # the columns of the league's roll records (rule, dice, table_id, result, label...)
    roll: Mapping[str, Any] = field(default_factory=dict)
