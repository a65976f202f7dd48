"""What a game system adds to the app beyond its rules: commands and After the Battle
options. Plain data only (no argparse, Qt or database here).

A :class:`Command` is one action of a system: the CLI turns it into a subcommand
(``GROUP NAME`` with arguments built from its :class:`Param` list) and the GUI into a
menu action, enabled when :meth:`Command.applies` says so for the open campaign and the
selected figure. ``run`` names the use-case (``module:function`` taking the engine and
the typed parameters as keywords, returning its typed result); ``text`` names how the
CLI shows that result, ``data`` what ``--json`` prints when not the result itself.

An :class:`AfterBattleOption` is one choice the After the Battle wizard offers before
its rolls (its options box is built from the system's list) and that the CLI's
``after-battle`` takes as a flag; its value reaches the system's procedures under
``key`` in ``options``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

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
