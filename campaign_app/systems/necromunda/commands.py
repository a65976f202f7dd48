"""Necromunda commands: ``injury roll/treat``, ``cycle end``, ``captive release`` and
``fighter revive``; each a CLI subcommand and a GUI action. (``after-battle B --treat
FIGHTER`` is the After the Battle option ``treat`` of the system.)

The ``run`` functions take the engine and the typed parameters and return the typed
result of the use-case; the ``*_text`` functions are how the CLI shows it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from campaign_app.systems.commands import Command, GuiAction, Needs, Param

if TYPE_CHECKING:
    from campaign_app.systems.necromunda.actions import (
        CycleReport,
        InjuryReport,
        Released,
        Revived,
        TreatReport,
    )
    from campaign_app.systems.necromunda.recruiting import Recruited, RecruitList

_ME = "campaign_app.systems.necromunda.commands"
_ACTIONS = "campaign_app.systems.necromunda.actions"


def _report_text(title: str, rep: InjuryReport | TreatReport | CycleReport) -> str:
    lines = [title + (" (dry run: nothing written)" if rep.dry_run else "")]
    for st in rep.steps:
        r = st["roll"]
        if r:
            faces = ",".join(map(str, r["faces"]))
            lines.append(f"- {st['rule']}: {st['subject']}: {r['dice']} [{faces}] = {r['value']}. {st['text']}")
        else:
            lines.append(f"- {st['rule']}: {st['subject']}: {st['text']}")
    if rep.lines:
        lines.append("Changes:")
        lines.extend(f"  {c}" for c in rep.lines)
    for n in getattr(rep, "notes", []):
        lines.append(f"note: {n}")
    return "\n".join(lines)


def injury_text(rep: InjuryReport, _params: dict[str, Any]) -> str:
    return _report_text(f"Lasting injury for {rep.fighter}", rep)


def treat(engine: Any, fighter: Any, let_die: bool = False, dry_run: bool = False,
          dice: str | None = None, seed: int | None = None) -> TreatReport:
    from campaign_app.systems.necromunda.actions import treat_injury

    return treat_injury(engine, fighter, treat=not let_die, dice=dice, seed=seed, dry_run=dry_run)


def treat_text(rep: TreatReport, _params: dict[str, Any]) -> str:
    return _report_text(f"Critical injury of {rep.fighter}", rep)


def cycle_end(engine: Any, campaign: Any, treat: list[str] | None = None, dry_run: bool = False,
              dice: str | None = None, seed: int | None = None, income: bool = False) -> CycleReport:
    from campaign_app.systems.necromunda.actions import end_cycle

    return end_cycle(engine, campaign, treat=treat or [], dice=dice, seed=seed, dry_run=dry_run,
                     income=income)


def cycle_text(rep: CycleReport, _params: dict[str, Any]) -> str:
    return _report_text(f"End of cycle {rep.cycle} in {rep.campaign} (next: cycle {rep.next_cycle})", rep)


def release(engine: Any, fighter: Any, how: str, note: str | None = None) -> Released:
    from campaign_app.systems.necromunda.actions import release_captive

    return release_captive(engine, fighter, how=how, note=note or "")


def release_text(rep: Released, params: dict[str, Any]) -> str:
    return f"{rep.fighter} is back with the gang ({params['how']})"


def revive(engine: Any, fighter: Any, note: str | None = None) -> Revived:
    from campaign_app.systems.necromunda.actions import revive_fighter

    return revive_fighter(engine, fighter, note=note or "")


def revive_text(rep: Revived, _params: dict[str, Any]) -> str:
    return f"{rep.fighter} is active again (undo to take it back)"


def recruit(engine: Any, roster: Any, fighter_type: str | None = None, name: str | None = None,
            with_items: list[str] | None = None, list_types: bool = False) -> RecruitList | Recruited:
    from campaign_app.errors import InputError
    from campaign_app.systems.necromunda import recruiting

    if list_types:
        if fighter_type is not None or with_items:
            raise InputError("--list shows the house's fighter types: give only the roster")
        return recruiting.recruit_list(engine, roster)
    if fighter_type is None or name is None:
        raise InputError("give the fighter type and the new fighter's name (or --list to see the types)")
    return recruiting.recruit_fighter(engine, roster, fighter_type, name, with_items or [])


def recruit_text(rep: RecruitList | Recruited, _params: dict[str, Any]) -> str:
    from campaign_app.cli import table_text
    from campaign_app.systems.necromunda.recruiting import a_an

    if isinstance(rep, dict):  # --list
        rows = [(t["name"], t["category"], t["cost"], "" if t["max"] is None else t["max"], t["in_gang"],
                 "yes" if t["affordable"] else "no", ", ".join(t["equipment"])) for t in rep["types"]]
        head = (f"{rep['roster']} ({rep['house']}): {rep['credits']:,} credits left, rating {rep['rating']:,}"
                + (" (plays loose: composition not checked)" if rep["roster_rules"] == "loose" else ""))
        return head + "\n" + table_text(rows, ["type", "category", "cost", "max", "in gang", "affordable",
                                              "comes with"])
    lines = [f"recruited {rep.fighter} (#{rep.fighter_id}), {a_an(rep.fighter_type)} ({rep.category}), "
             f"for {rep.total} credits: {rep.credits:,} left"]
    lines.append(f"- {rep.fighter_type}: {rep.cost}")
    lines.extend(f"- {i['name']}: {i['price']} ({i['source']})" for i in rep.items)
    if rep.equipment:
        lines.append("comes with: " + ", ".join(rep.equipment))
    if not rep.checked:
        lines.append("composition not checked (the campaign plays loose)")
    return "\n".join(lines)


def check_text(d: Any, _params: dict[str, Any]) -> str:
    n = d["fighters"]
    head = f"{d['roster']} ({d['house']}, {n} fighter{'' if n == 1 else 's'}" + (", founding" if d["founding"] else "") + ")"
    loose = " (the campaign plays loose: nothing is refused)" if d["roster_rules"] == "loose" else ""
    if d["legal"]:
        return f"{head}: follows every composition rule{loose}"
    lines = [f"{head}: breaks {len(d['broken'])} composition rule{'s' if len(d['broken']) != 1 else ''}{loose}"]
    lines.extend(f"- {b['id']}: {b['rule']} ({b['detail']})" + (" [our default]" if b["default"] else "")
                 for b in d["broken"])
    return "\n".join(lines)


_INJURY = ("injury", "Necromunda lasting injuries and critical injury treatment")
_RECRUITING = "campaign_app.systems.necromunda.recruiting"

COMMANDS: tuple[Command, ...] = (
    Command(
        "roll", "roll the edition's Lasting Injury (or vehicle Lasting Damage) table for a fighter and apply it",
        f"{_ACTIONS}:injury_roll", *_INJURY, text=f"{_ME}:injury_text", dice=True,
        params=(
            Param("fighter"),
            Param("by", "--by", metavar="ATTACKER", help="the fighter who took it out (Hatred, capture)"),
            Param("dry_run", "--dry-run", "flag", help="show the roll and its effects, write nothing"),
        ),
        needs=Needs(selected="fighter", not_statuses=("dead", "captured")),
        gui=GuiAction("Lasting &Injury Roll…", "figure", ("Ctrl+Shift+I",), "",
                      "Necromunda: roll a Lasting Injury for the selected fighter", dialog="injury_roll",
                      order=1),
        key="injury_roll",
    ),
    Command(
        "treat", "decide a pending Critical Injury: pay for treatment (or --let-die)",
        f"{_ME}:treat", *_INJURY, text=f"{_ME}:treat_text", dice=True,
        params=(
            Param("fighter"),
            Param("let_die", "--let-die", "flag", help="do not pay: the fighter dies"),
            Param("dry_run", "--dry-run", "flag", help="show the rolls, write nothing"),
        ),
        needs=Needs(selected="fighter", not_statuses=("dead",), check=f"{_ACTIONS}:has_pending_critical"),
        gui=GuiAction("&Treat Critical Injury…", "figure", ("Ctrl+Shift+T",), "",
                      "Necromunda: pay for the selected fighter's Critical Injury, or let it die",
                      dialog="treat_injury", order=2),
        key="treat_injury",
    ),
    Command(
        "end", "Post-cycle Sequence: decide critical injuries, Update Roster (clear In Recovery), next cycle",
        f"{_ME}:cycle_end", "cycle", "Necromunda campaign cycles", text=f"{_ME}:cycle_text", dice=True,
        params=(
            Param("campaign"),
            Param("treat", "--treat", "list", metavar="FIGHTER",
                  help="pay for this fighter's pending Critical Injury (repeatable); the others die"),
            Param("income", "--income", "flag",
                  help="every roster collects its territories' income (rolls recorded, on its ledger)"),
            Param("dry_run", "--dry-run", "flag", help="show what would happen, write nothing"),
        ),
        gui=GuiAction("End &Cycle…", "campaign", ("Ctrl+Shift+C",), "cycle",
                      "Necromunda: the post-cycle sequence", dialog="end_cycle"),
        key="end_cycle",
    ),
    Command(
        "release", "a captured fighter comes back to its gang", f"{_ME}:release",
        "captive", "Necromunda captured fighters", text=f"{_ME}:release_text",
        params=(
            Param("fighter"),
            Param("how", "--how", "choice", required=True, choices=("rescue", "exchange")),
            Param("note", "--note", help="e.g. what was exchanged"),
        ),
        needs=Needs(selected="fighter", statuses=("captured",)),
        gui=GuiAction("&Release Captive", "figure", (), "", "Necromunda: the selected captured fighter is rescued",
                      dialog="release", order=3),
        key="release",
    ),
    Command(
        "revive", "bring back a fighter marked dead by mistake", f"{_ME}:revive",
        "fighter", "add, edit and show fighters", text=f"{_ME}:revive_text",
        params=(Param("fighter"), Param("note", "--note")),
        needs=Needs(selected="fighter", statuses=("dead",)),
        gui=GuiAction("Re&vive (Marked Dead by Mistake)", "figure", (), "",
                      "Necromunda: a fighter marked dead by mistake becomes active again",
                      done="{name} is active again", order=4),
        key="revive",
    ),
    Command(
        "recruit", "recruit a fighter from the gang's house list: its cost and items paid from the credits, "
                   "its stat line and equipment filled (--list: the house's fighter types and costs)",
        f"{_ME}:recruit", "fighter", "add, edit and show fighters", text=f"{_ME}:recruit_text",
        params=(
            Param("roster"),
            Param("fighter_type", optional=True, metavar="TYPE", help="a fighter type of the house, e.g. Gunner"),
            Param("name", optional=True, metavar="NAME", help="the new fighter's name"),
            Param("with_items", "--with", "list", metavar="ITEM",
                  help="an item bought with it, from its equipment list or the Trading Post (repeatable)"),
            Param("list_types", "--list", "flag", help="list the house's fighter types, their costs and the "
                                                       "credits left"),
        ),
        needs=Needs(roster=True, roster_check=f"{_RECRUITING}:can_recruit"), key="recruit",
        gui=GuiAction("Re&cruit from the House List…", "roster", (), "",
                      "Necromunda: recruit a fighter from the gang's house list, paid from its credits",
                      dialog="recruit", order=5),
    ),
    Command(
        "check", "check a gang against its house's composition rules (exit 3 when it breaks one)",
        f"{_RECRUITING}:check_roster", "roster", "create and show rosters (gangs, squads, forces)",
        text=f"{_ME}:check_text", status=f"{_RECRUITING}:check_status",
        params=(Param("roster"),), needs=Needs(roster=True), key="roster_check",
    ),
)
