"""The use-cases the league server exposes, and who may call each (a vetted allow-list,
never an arbitrary function), with a pydantic model of each one's arguments built from
its signature.

``read``: every member (viewers too). ``write``: players and the arbitrator; what a
player may actually write is checked row by row inside the unit of work
(:mod:`db.acting`), so a player's ``fighters.edit_fighter`` of another player's fighter is
refused there, in the same transaction. ``arbitrator``: the arbitrator only.
``table-read`` and ``table``: a battle at the table, read and marked; a device invited
to the table (role ``device``, :mod:`campaign_app.usecases.devices`) may call these
only, for its own battle only (:func:`device_refusal`), and :mod:`db.acting` lets it
write only the marks of its own roster's figures.

A use-case's API name is its module's last part and its name (``fighters.add_fighter``);
its body is a JSON object of its named arguments (the database, its first parameter,
is the server's). Unknown arguments are refused; ``Iterable`` parameters are read as
lists; parameters that are not plain data (a dice roller) are left out (their
default holds)."""

from __future__ import annotations

import copy
import inspect
import typing
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, get_args, get_origin, get_type_hints

from pydantic import BaseModel, ConfigDict, TypeAdapter, create_model
from typing_extensions import is_typeddict

from campaign_app.facade import _type_checking_imports, result_adapter, use_case_name
from campaign_app.usecases import (
    advance,
    battles,
    campaigns,
    charts,
    counters,
    devices,
    duplicate,
    exports,
    fighters,
    gear,
    journal,
    league,
    manage,
    record,
    records,
    rolls,
    rosters,
    standings,
    table,
    units,
)
from campaign_app.usecases.gui_queries import (
    battle_list,
    details,
    game_info,
    history,
    roll_log,
    roster_table,
    rules,
    tree,
)
from campaign_app.wire import api_name

READ, WRITE, ARBITRATOR = "read", "write", "arbitrator"
TABLE_READ, TABLE = "table-read", "table"

# (use-case, access): what the desktop app and the CLI call, sorted by name within each
# access. ``write``: a player's row check (db.acting) keeps them to their own rosters
# and battles. Off the list on purpose (the client says so in one line): whole-database
# backup/restore/maintenance, import/export of whole databases or of files on the
# server's disk (datafiles, gear.add_content/export_content, exports.writable_output),
# purge, demo, members and the old league roles (the server's own endpoints and
# `league` commands), and the use-cases that take dice (the "dice" branch adds those).
ALLOWED: tuple[tuple[Callable[..., Any], str], ...] = (
    (advance.advance_options, READ),
    (battle_list.battle_setup, READ),
    (battle_list.battles, READ),
    (battles.fighter_battles, READ),
    (battles.after_battle_view, READ),
    (battles.list_battles, READ),
    (battles.show_battle, READ),
    (charts.campaign_charts, READ),
    (charts.rolls_per_table, READ),
    (campaigns.campaign_rules, READ),
    (journal.history, READ),
    (campaigns.list_campaigns, READ),
    (rolls.roll_log, READ),
    (campaigns.show_campaign, READ),
    (fighters.show_fighter, READ),
    (rosters.show_roster, READ),
    (counters.list_counters, READ),
    (counters.roster_counters, READ),
    (details.fighter_detail, READ),
    (details.roster_detail, READ),
    (details.unit_detail, READ),
    (exports.campaign_document, READ),
    (exports.cards_document, READ),
    (exports.qrs_document, READ),
    (exports.roster_document, READ),
    (exports.roster_documents, READ),
    (game_info.range_rules, READ),
    (gear.battle_has_income, READ),
    (gear.campaign_has_income, READ),
    (gear.list_content, READ),
    (gear.roster_worth, READ),
    (gear.show_ledger, READ),
    (gear.show_stash, READ),
    (gear.show_territories, READ),
    (history.undo_state, READ),
    (league.players, READ),
    (manage.deleted_campaign_info, READ),
    (manage.deleted_campaigns, READ),
    (record.campaign_settings, READ),
    (record.chain_length, READ),
    (record.chain_longer_than, READ),
    (record.verify_chain, READ),
    (records.list_records, READ),
    (roll_log.log_filters, READ),
    (roll_log.roll_log_page, READ),
    (roster_table.roster_count, READ),
    (roster_table.roster_page, READ),
    (roster_table.roster_rows, READ),
    (roster_table.roster_statuses, READ),
    (rules.rule_table, READ),
    (rules.rule_tables, READ),
    (rules.weapon_names, READ),
    (standings.league_standings, READ),
    (table.open_battles, READ),
    (table.setup_choices, READ),
    (table.table_view, TABLE_READ),
    (devices.invites, READ),
    (tree.campaign_count, READ),
    (tree.campaign_rosters, READ),
    (tree.campaign_tree, READ),
    (units.show_unit, READ),
    # After the Battle: a player whose roster fought the battle, or the arbitrator
    # (db.acting: the transaction that closes the battle may change every roster of it)
    (battles.after_battle, WRITE),
    (battles.apply_rolled_after_battle, WRITE),
    (battles.record_battle, WRITE),
    (battles.roll_after_battle, WRITE),
    (fighters.add_fighter, WRITE),
    (rosters.create_roster, WRITE),
    (fighters.edit_fighter, WRITE),
    (rosters.edit_roster, WRITE),
    (journal.redo, WRITE),
    (fighters.remove_fighter, WRITE),
    (journal.undo, WRITE),
    (counters.change_counter, WRITE),
    (duplicate.duplicate_fighter, WRITE),
    (gear.adjust_credits, WRITE),
    (gear.buy_item, WRITE),
    (gear.collect_battle_income, WRITE),  # every side of a battle of theirs, once (db.acting)
    (gear.collect_income, WRITE),
    (gear.remove_territory, WRITE),
    (gear.sell_item, WRITE),
    (gear.stash_add, WRITE),
    (gear.stash_give, WRITE),
    (manage.delete_roster, WRITE),
    (manage.move_fighter, WRITE),
    (manage.move_unit, WRITE),
    (manage.rename_roster, WRITE),
    (records.add_record, WRITE),
    (records.edit_record, WRITE),
    (records.remove_record, WRITE),
    (table.casualties, TABLE),
    (table.finish_battle, WRITE),
    (table.hit, TABLE),
    (table.setup_battle, WRITE),
    (table.start_battle, WRITE),
    (table.track, TABLE),
    (table.undo_mark, TABLE),
    (table.battle_roll, TABLE),
    (devices.invite_to_table, WRITE),  # the roster's owner or the arbitrator (the use-case checks)
    (devices.uninvite, WRITE),
    (units.add_unit, WRITE),
    (units.edit_unit, WRITE),
    (units.exchange_prisoners, WRITE),
    (units.remove_unit, WRITE),
    (campaigns.create_campaign, ARBITRATOR),
    (gear.add_territory, ARBITRATOR),  # a player takes a territory the arbitrator grants
    (campaigns.set_house_rule, ARBITRATOR),
    (counters.define_counter, ARBITRATOR),
    (counters.remove_counter, ARBITRATOR),
    (league.assign_roster, ARBITRATOR),
    (manage.delete_campaign, ARBITRATOR),
    (manage.rename_campaign, ARBITRATOR),
    (manage.restore_campaign, ARBITRATOR),
    (record.set_campaign_settings, ARBITRATOR),
)

MAY = {READ: ("viewer", "player", "arbitrator"), WRITE: ("player", "arbitrator"), ARBITRATOR: ("arbitrator",),
       TABLE_READ: ("viewer", "player", "arbitrator", "device"), TABLE: ("player", "arbitrator", "device")}


def device_refusal(battle_id: int | None, args: dict[str, Any]) -> str | None:
    """For a device at the table (scoped to ``battle_id``): why a call with ``args`` is
    refused at the route (a cheap first check; the unit of work checks every row), or
    None. Its battle must be named by its id."""
    if battle_id is None:
        return None
    given = args.get("battle")
    try:
        same = given is not None and not isinstance(given, bool) and int(str(given).strip()) == battle_id
    except ValueError:
        same = False
    if not same:
        return f"this device is invited to battle id {battle_id} only"
    return None


def _plain(annotation: Any) -> Any:
    """``annotation`` with every ``Iterable[X]`` read as ``list[X]`` (validated at once,
    not lazily inside the use-case)."""
    origin = get_origin(annotation)
    if origin is None:
        return annotation
    args = tuple(_plain(a) for a in get_args(annotation))
    if origin in (Iterable, typing.Iterable) or getattr(origin, "__name__", "") == "Iterable":
        return list[args[0]] if args else list  # type: ignore[valid-type]
    if origin is typing.Union or str(origin) == "types.UnionType" or type(annotation).__name__ == "UnionType":
        return typing.Union[args]  # noqa: UP007 (built from a tuple)
    try:
        return origin[args] if args else annotation
    except TypeError:
        return annotation


def _json_able(annotation: Any) -> bool:
    try:
        TypeAdapter(annotation).json_schema()
    except Exception:  # noqa: BLE001 - pydantic says in many ways that it cannot
        return False
    return True


SCHEMA_REF = "#/components/schemas/{model}"  # where the OpenAPI document keeps the $defs


@dataclass(frozen=True)
class Entry:
    fn: Callable[..., Any]
    access: str

    @property
    def name(self) -> str:
        return api_name(self.fn)

    @property
    def summary(self) -> str:
        return (inspect.getdoc(self.fn) or "").split("\n\n")[0].replace("\n", " ")

    @cached_property
    def model(self) -> type[BaseModel]:
        """The pydantic model of the use-case's named arguments (extra ones refused)."""
        import sys

        _type_checking_imports(sys.modules[self.fn.__module__])
        hints = get_type_hints(self.fn, include_extras=True)
        fields: dict[str, Any] = {}
        params = list(inspect.signature(self.fn).parameters.values())[1:]
        for p in params:
            if p.kind is p.VAR_KEYWORD:  # **fields: Unpack[SomeTypedDict]
                td = get_args(hints.get(p.name, Any))
                if td and is_typeddict(td[0]):
                    for k, t in get_type_hints(td[0]).items():
                        if k not in fields:
                            fields[k] = (_plain(t), None)
                continue
            if p.kind is p.VAR_POSITIONAL:
                continue
            ann = _plain(hints.get(p.name, Any))
            default = ... if p.default is p.empty else p.default
            if not _json_able(ann):
                if default is ...:
                    raise TypeError(f"{use_case_name(self.fn)}: argument {p.name} is not plain data")
                continue  # left to its default (a roller: the server's own dice)
            if isinstance(default, tuple):
                default = list(default)
            fields[p.name] = (ann, default)
        return create_model(f"{self.name.replace('.', '_')}_args", __config__=ConfigDict(extra="forbid"),
                            **fields)

    @cached_property
    def result(self) -> TypeAdapter[Any]:
        return result_adapter(self.fn)

    @cached_property
    def _schemas(self) -> tuple[dict[str, Any], dict[str, Any]]:
        body = self.model.model_json_schema(ref_template=SCHEMA_REF)
        try:
            result = self.result.json_schema(ref_template=SCHEMA_REF)
        except Exception:  # noqa: BLE001 - a result pydantic cannot describe is still sent
            result = {}
        return body, result

    def schemas(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """The JSON schemas of its arguments and of its result, for the OpenAPI document
        (references to ``#/components/schemas/``, their definitions under ``$defs``; ``{}``
        for a result pydantic cannot describe). Worked out once (pydantic took 5-10 ms an
        entry, so 0.5-1 s for each app made: the tests make hundreds), a fresh copy each
        call: an app takes its ``$defs`` out."""
        return copy.deepcopy(self._schemas)


# --- dice (#35 item 4): the roll-taking use-cases a player needs. Under strict dice the
# server rolls every die (a seed refused, typed faces unless the campaign allows them) and
# a player previews only their own fighters' rolls: checked where the rolls go on record
# (db.acting.check_dice), in the same transaction; After the Battle's rolls are those of
# every roster of the battle, previewed by any of its players (docs/league.md).

DICE_ALLOWED: tuple[tuple[Callable[..., Any], str], ...] = (
    (rolls.roll_table, WRITE),
    (table.battle_roll, WRITE),
)


def _system_dice_commands() -> list[tuple[Callable[..., Any], str]]:
    """Every installed game system's commands that roll dice (a lasting injury, a
    recovery, creatures...): players' writes, checked row by row like any other. Named
    by the use-case (module and function), never by the game here."""
    from campaign_app.systems.registry import systems

    out: list[tuple[Callable[..., Any], str]] = []
    for system in systems().values():
        for cmd in system.command_list():
            if cmd.dice:
                out.append((system.load(cmd.run), WRITE))
    return out
# --- end dice


def _catalogue() -> dict[str, Entry]:
    out = {api_name(fn): Entry(fn, access) for fn, access in ALLOWED}
    for fn, access in (*DICE_ALLOWED, *_system_dice_commands()):
        name = api_name(fn)
        if name in out:
            if out[name].fn is not fn:  # two systems' use-cases of one name: neither is guessed
                raise TypeError(f"two use-cases are both called {name}")
            continue
        out[name] = Entry(fn, access)
    return out


CATALOGUE: dict[str, Entry] = _catalogue()
