"""A game system's After the Battle options: an :class:`AfterBattleOption` is one choice
the After the Battle wizard offers before its rolls (its options box is built from the
system's list) and that the CLI's ``after-battle`` takes as a flag; its value reaches
the system's procedures under ``key`` in ``options``.

Plain data, in a module of its own (:mod:`campaign_app.systems.commands` names it as
well): a system's package builds its options when the registry imports it to list the
systems, so importing this must stay cheap; the commands' declarations are imported
when the commands are.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal


@dataclass(frozen=True)
class AfterBattleOption:
    """One option of a system's After the Battle (wizard check box or list; CLI flag)."""

    key: str  # the key in the procedures' options
    label: str
    kind: Literal["bool", "choice", "fighters"] = "bool"  # fighters: a set of battle fighters
    default: Any = None
    help: str = ""
    choices: tuple[str, ...] = ()
    flag: str = ""  # the CLI's after-battle flag ("" = GUI only)
    metavar: str = ""
    # kind "fighters": what a fighter it names is called when it is not one of the
    # battle's ("fighter to treat"); "" = "fighter for KEY"
    what: str = ""

    def value_of(self, raw: Any) -> Any:
        """The value to pass in ``options``, or None to leave the procedures' default."""
        if self.kind == "fighters":
            ids = [str(x) for x in (raw or [])]
            return ids or None
        if raw is None or raw == self.default:
            return None
        return raw


def options_from(options: Iterable[AfterBattleOption], values: Mapping[str, Any]) -> dict[str, Any]:
    """The ``options`` the procedures take from chosen values (unchosen: left out)."""
    out: dict[str, Any] = {}
    for o in options:
        v = o.value_of(values.get(o.key))
        if v is not None:
            out[o.key] = v
    return out
