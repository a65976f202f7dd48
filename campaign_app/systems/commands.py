"""What a game system adds to the app beyond its rules: commands and After the Battle
options. Plain data only (no argparse, Qt or database here).

A :class:`Command` is one action of a system: the CLI turns it into a subcommand
(``GROUP NAME`` with arguments built from its :class:`Param` list) and the GUI into a
menu action, enabled when :meth:`Command.applies` says so for the open campaign and the
selected figure. ``run`` names the use-case (``module:function`` taking the engine and
the typed parameters as keywords, returning its typed result); ``text`` names how the
CLI shows that result, ``data`` what ``--json`` prints when not the result itself.

An :class:`AfterBattleOption` (:mod:`campaign_app.systems.after_battle`, named here as
well) is one choice the After the Battle wizard offers before its rolls.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from campaign_app.systems.after_battle import (  # noqa: F401 (this module's names as well)
    AfterBattleOption,
    options_from,
)

ParamKind = Literal["str", "int", "flag", "choice", "list"]


@dataclass(frozen=True)
class Param:
    """One argument of a command: positional when ``flag`` is empty."""

    name: str  # the keyword the use-case takes
    flag: str = ""  # e.g. "--count"; "" = positional
    kind: ParamKind = "str"
    help: str = ""
    metavar: str = ""
    default: Any = None
    required: bool = False
    choices: tuple[str, ...] = ()
    # the choices are what the window lists; the CLI takes any word and the use-case
    # resolves it (a name of the rules data typed in the game's own words: "Sneak")
    free: bool = False
    optional: bool = False  # a positional the command may go without ("[NAME]")


@dataclass(frozen=True)
class Needs:
    """When a command applies: what must be open or selected in the app."""

    campaign: bool = True
    roster: bool = False  # a roster selected
    selected: str = ""  # "fighter" or "unit": that kind of figure selected
    statuses: tuple[str, ...] = ()  # the selected figure's status is one of these
    not_statuses: tuple[str, ...] = ()  # ... and none of these
    expansion: str = ""  # the campaign plays this expansion
    # "module:function(engine, figure_id) -> bool", a read-only query for what the
    # selection alone cannot tell (e.g. a Critical Injury waiting for a decision)
    check: str = ""
    # "module:function(engine, roster_id) -> bool", the same for the selected roster (e.g.
    # its house has a list to recruit from)
    roster_check: str = ""


@dataclass(frozen=True)
class GuiAction:
    """How the GUI shows a command."""

    label: str  # menu text, with its & accelerator
    menu: Literal["campaign", "roster", "figure"] = "roster"  # where it is listed
    shortcut: tuple[str, ...] = ()
    icon: str = ""  # a glyph name of ui.glyphs ("" = none)
    tip: str = ""
    toolbar: str = ""  # short toolbar text; "" = not on the toolbar
    dialog: str = ""  # the GUI dialog that asks for the parameters ("" = run on the selection)
    done: str = ""  # status-bar message after a run without dialog ({name}: the figure)
    order: int = 100  # place among the system's actions of the same menu (lower first)


@dataclass(frozen=True)
class Command:
    name: str  # the subcommand (``walker add``: group "walker", name "add")
    help: str
    run: str  # "module:function": the use-case, run(engine, **params)
    group: str = ""  # "" = a top-level command
    group_help: str = ""
    params: tuple[Param, ...] = ()
    dice: bool = False  # takes --dice FACES / --seed N (the use-case's dice= and seed=)
    text: str = ""  # "module:function(data, params) -> str": the CLI's output ("" = none)
    # "module:function(result) -> plain data": what ``--json`` prints ("" = the result as
    # data, campaign_app.usecases.results.as_data)
    data: str = ""
    needs: Needs = field(default_factory=Needs)
    gui: GuiAction | None = None  # None: a CLI-only command
    # "module:function(result) -> int": the CLI's exit status from the result ("" = 0),
    # e.g. a check that found the roster illegal
    status: str = ""
    key: str = ""  # the GUI action's name; default: GROUP_NAME

    @property
    def action_key(self) -> str:
        return self.key or "_".join(x for x in (self.group, self.name) if x).replace("-", "_")

    def applies(self, campaign: Mapping[str, Any] | None, roster: bool = False,
                figure: Mapping[str, Any] | None = None) -> bool:
        """Whether the command can run now, from what is open (``campaign``: a dict with
        ``expansions``) and selected (``figure``: a dict with ``what`` and ``status``).
        :attr:`Needs.check` is the caller's to ask on top (it reads the database)."""
        n = self.needs
        if n.campaign and campaign is None:
            return False
        if n.expansion and n.expansion not in ((campaign or {}).get("expansions") or []):
            return False
        if n.roster and not roster:
            return False
        if n.selected:
            if figure is None or figure.get("what") != n.selected:
                return False
            status = figure.get("status")
            if n.statuses and status not in n.statuses:
                return False
            if status in n.not_statuses:
                return False
        return True
