"""The contract of a game-system plug-in.

A game system is one package (``campaign_app/systems/<id>/`` for the built-in ones, or
any installed distribution) that exposes a :class:`GameSystem` object through the
entry-point group ``campaign_app.systems``::

    [project.entry-points."campaign_app.systems"]
    example-skirmish = "example_skirmish:SYSTEM"

The package's ``__init__`` builds that object from plain data only: importing it must
stay cheap (the registry imports every installed system to list them). Everything
heavier (procedures, database actions, CLI commands, layouts) is named by module path
and imported when first used.

Nothing outside the system's package may name the system or branch on its id: generic
code asks the :class:`GameSystem` (see :mod:`campaign_app.systems.registry`).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from campaign_app.systems.info import SystemInfo

if TYPE_CHECKING:
    from campaign_app.systems.after_battle import AfterBattleOption
    from campaign_app.systems.base import Procedures
    from campaign_app.systems.commands import Command
    from campaign_app.systems.importers import Importer
    from campaign_app.systems.layout import RosterLayout
    from campaign_app.systems.table import CrewRule


# --- standings: a roster's rating in the league table (standings helper)
@dataclass(frozen=True)
class Rating:
    """How the league standings count a roster's rating: ``column`` (a number column of
    the figure rows: ``credits_value``, ``rep``, ``figures``...) summed over the roster's
    ``figures`` (``"fighters"`` or ``"units"``), only those ready to fight (status
    active) when ``ready_only``. ``label`` heads the column."""

    label: str
    figures: str = "fighters"
    column: str = "credits_value"
    ready_only: bool = True


def default_rating(info: SystemInfo) -> Rating:
    """The rating of a game that names none, from what its figures carry: a squad game's
    figures, a game of Rep's total Rep, else the value of the fighters ready."""
    if info.uses_units:
        return Rating("Figures", "units", "figures", ready_only=False)
    if info.uses_rep:
        return Rating("Total Rep", "fighters", "rep")
    return Rating("Rating", "fighters", "credits_value")
# --- end standings


# --- recruit: the houses (factions) a roster is founded from (recruit helper)
@dataclass(frozen=True)
class Founding:
    """A house, gang or faction a new roster may be founded from: its name (what the
    roster records as its faction), the credits it starts with, whether that number is
    our labelled default (no source gives it), and other names it answers to."""

    name: str
    credits: int
    credits_default: bool = False
    aliases: tuple[str, ...] = ()

    def answers_to(self, text: str) -> bool:
        want = " ".join(str(text).replace("-", " ").split()).casefold()
        return want in {" ".join(n.replace("-", " ").split()).casefold() for n in (self.name, *self.aliases)}
# --- end recruit


# --- records: what a game system keeps of its own (records helper)
@dataclass(frozen=True)
class RecordKind:
    """A kind of record a game system keeps that the app has no table for (the example
    plug-in's relics a roster holds). The app stores each record as a row of its own
    table (``system_record``: the campaign, the roster or none, the kind, the data as
    JSON), journaled (one undo step per change), exported, imported and restored like
    any row; the data is what ``model`` (``"module:Class"``, a pydantic ``BaseModel``,
    loaded when first used) accepts, and is checked by it on every write and import."""

    key: str  # the kind's id, unique within the system ("relic"): stored, exported
    model: str  # "module:Class" of its pydantic model (relative to the package with ".")
    label: str = ""  # one of them, in words ("relic"); "" = the key
    plural: str = ""  # several ("relics"); "" = label + "s"
    holder: str = "roster"  # "roster": each record is a roster's; "campaign": the campaign's own
    # the data field that names a record: unique (any case) among the holder's records of
    # the kind, and what commands find a record by ("" = records are found by id only)
    title: str = "name"

    @property
    def words(self) -> tuple[str, str]:
        one = self.label or self.key
        return one, self.plural or f"{one}s"
# --- end records


@dataclass(frozen=True)
class GameSystem:
    """One game system: what it is made of and where its parts live."""

    info: SystemInfo
    # the package holding the system: its ``rules`` folder has the *.toml rules data
    package: str
    # module defining the After the Battle procedures (registers a Procedures object on
    # import); "" when the system has no battles
    procedures_module: str = ""
    # where the system is listed among the others (lower first; then by id)
    listing: int = 100
    # --- layout: roster columns, statuses, QRS (layout helper)
    # "module:attr" of the system's RosterLayout (campaign_app.systems.layout); "" = one
    # derived from its SystemInfo
    layout: str = ""
    # "module:function" filling a campaign_app.systems.qrs.QrsSheet with the system's
    # quick-reference cards; "" = only the tables of its rules data
    qrs: str = ""
    # --- end layout
    # --- demo and bench (example helper)
    # "module:function": ``function(engine) -> campaign id`` builds the system's demo
    # campaign through the ordinary use-cases; the module also defines ``NAME``, that
    # campaign's name (``campaign-app demo`` skips a demo whose name exists). "" = none
    demo: str = ""
    # "module:attribute": a :class:`campaign_app.systems.bench_league.BenchLeague` describing a
    # league of this system for ``python -m bench``. "" = the bench cannot use it
    bench: str = ""
    # --- commands: system commands, After the Battle options (commands helper)
    # "module:attr" of a tuple of campaign_app.systems.commands.Command ("" = none);
    # relative to the package when it starts with "."
    commands: str = ""
    after_battle_options: tuple[AfterBattleOption, ...] = ()
    # journal action -> words for the history, for the system's own use-cases
    action_labels: Mapping[str, str] = field(default_factory=dict)
    # --- importers (yak helper)
    # files made by other tools that the system reads (campaign_app.systems.importers);
    # found by key (``campaign-app import <key>``) through find_importer(). () = none
    importers: tuple[Importer, ...] = ()
    # --- end importers
    # --- table: battle setup and tracking (table helper)
    # the rules table a battle's scenario is rolled on when the players name none ("" =
    # none: the scenario is what they name, or left blank)
    scenario_table: str = ""
    # how a roster's crew for a battle is chosen (campaign_app.systems.table.CrewRule):
    # the player picks some, more are drawn at random. None = every available figure fights
    crew_rule: CrewRule | None = None
    # action keys of the system's commands that happen during a game (they take the
    # battle as ``battle``); the battle page offers them. () = none
    battle_commands: tuple[str, ...] = ()
    # the statuses the battle page offers as buttons, in order (() = every battle status)
    track_statuses: tuple[str, ...] = ()
    # --- end table
    # --- gear: catalogue, credits, rating (gear helper)
    # the statuses whose fighters' values count towards the roster's rating (the gang
    # rating); () = the active ones (those ready to play, as the printed roster counts)
    rating_statuses: tuple[str, ...] = ()
    # "module:function" checking one of the system's rules files beyond the shared
    # sections: ``function(data, file name)`` raises a one-line RulesDataError ("" = none)
    rules_check: str = ""
    # "module:function" checking the system's rules files together (references between
    # files): ``function(files)`` raises a one-line RulesDataError ("" = none)
    book_check: str = ""
    # --- end gear
    # --- recruit (recruit helper): "module:function(edition) -> list[Founding]", the
    # houses a roster may be founded from beyond the rules data's ``[roster] factions``
    # (with their own starting credits); "" = those factions only
    foundings: str = ""
    # --- end recruit
    # --- standings (standings helper): how the league table counts a roster's rating;
    # None = one derived from the SystemInfo (default_rating)
    rating: Rating | None = None
    # --- end standings
    # --- records (records helper): the kinds of record the system keeps of its own
    # (:class:`RecordKind`), () = none
    records: tuple[RecordKind, ...] = ()
    # "module" of the system's optional GUI module (relative to the package with "."),
    # imported only when the window runs; its ``DIALOGS`` maps a dialog key (a command's
    # ``GuiAction.dialog``) to ``opener(window, command) -> dialog``. "" = none
    gui: str = ""
    # --- end records

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def name(self) -> str:
        return self.info.name

    def rule_files(self) -> list[tuple[str, str]]:
        """(file name, text) of every ``rules/*.toml`` file the package ships."""
        from importlib import resources  # (here: it brings tempfile, shutil, bz2 and lzma)

        try:
            folder = resources.files(self.package) / "rules"
            entries = sorted(folder.iterdir(), key=lambda p: p.name)
        except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError):
            return []
        return [(e.name, e.read_text(encoding="utf-8")) for e in entries if e.name.endswith(".toml")]

    def procedures(self) -> Procedures | None:
        """The system's After the Battle procedures, or None when it has none."""
        if not self.procedures_module:
            return None
        from campaign_app.systems.base import PROCEDURES

        if self.id not in PROCEDURES:
            importlib.import_module(self.procedures_module)
        return PROCEDURES.get(self.id)

    def roster_layout(self) -> RosterLayout:
        """How the system's rosters are shown and printed (a default from its
        SystemInfo when it names no layout)."""
        from campaign_app.systems.layout import RosterLayout, default_layout

        if not self.layout:
            return default_layout(self.info)
        layout = self.load(self.layout)
        if not isinstance(layout, RosterLayout):
            from campaign_app.errors import RulesDataError

            raise RulesDataError(f"game system {self.id!r}: layout {self.layout!r} is not a RosterLayout")
        return layout

    def founding_list(self, edition: str, expansions: Sequence[str] = ()) -> list[Founding]:
        """The houses (factions) a roster of this game may be founded from, with their
        starting credits: the rules data's ``[roster] factions`` in their order (credits:
        ``[roster] starting_credits``, our default when ``[roster] default = true``), the
        system's own (:attr:`foundings`, with their own credits) in their place, then
        the system's others."""
        from campaign_app.rules import load_rulebook

        own: list[Founding] = list(self.load(self.foundings)(edition)) if self.foundings else []
        spec = load_rulebook().data(self.id, edition, list(expansions)).get("roster")
        spec = spec if isinstance(spec, Mapping) else {}
        credits = spec.get("starting_credits", 0)
        credits = credits if isinstance(credits, int) and not isinstance(credits, bool) else 0
        out: list[Founding] = []
        for name in spec.get("factions") or []:  # in the list's order, the system's own where it has it
            if not str(name).strip():
                continue
            mine = next((f for f in own if f.answers_to(str(name))), None)
            out.append(mine if mine is not None else Founding(str(name), credits, bool(spec.get("default"))))
        return out + [f for f in own if f not in out]

    def rating_rule(self) -> Rating:
        """How the league standings count a roster's rating (standings helper)."""
        return self.rating if self.rating is not None else default_rating(self.info)

    def command_list(self) -> tuple[Command, ...]:
        """The system's commands (loaded on first use; none when it has none)."""
        if not self.commands:
            return ()
        return tuple(self.load(self.commands))

    def record_kind(self, key: str) -> RecordKind:
        """The system's record kind ``key`` (an InputError names the known ones)."""
        for k in self.records:
            if k.key == key:
                return k
        from campaign_app.errors import InputError

        known = ", ".join(k.key for k in self.records) or "none"
        raise InputError(f"{self.name} keeps no records of kind {key!r} (known: {known})")

    def record_model(self, key: str) -> Any:
        """The pydantic model the data of record kind ``key`` must pass."""
        return self.load(self.record_kind(key).model)

    def gui_dialogs(self) -> Mapping[str, Any]:
        """The dialogs of the system's GUI module (the window calls this; none without one)."""
        if not self.gui:
            return {}
        return dict(getattr(self.load(self.gui), "DIALOGS", {}))

    def load(self, ref: str) -> Any:
        """The object named ``module:attribute`` (module may be relative: ``.demo:run``)."""
        mod, _, attr = ref.partition(":")
        module = importlib.import_module(mod, self.package if mod.startswith(".") else None)
        return getattr(module, attr) if attr else module

