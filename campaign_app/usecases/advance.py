"""Advancement: what a fighter may take and what it costs, and taking it
(``campaign-app fighter advance F [KEY]``, the GUI's Advance dialog).

The rules are data (:mod:`campaign_app.rules.advancement`: an ``[advancement]`` section
and reference tables of the system's and edition's rules files, house rules applied):

- **bought with XP** (``mode = "xp"``): ``KEY`` is an advancement of the options table
  (XP spent, the stat or skill applied, the credits value raised) or ``random`` (the XP
  of one roll spent, the fighter type's random table rolled, the row's advancement
  applied; a row offering two lets the player ``choose``);
- **XP ranks** (``mode = "ranks"``): ``KEY`` is ``rank``: the next rank, once the
  fighter's XP reaches it, grants its roll or its advancement; XP is kept;
- **by battles** / **in After the Battle**: listed only, with the note saying where it
  happens.

A characteristic never goes past the edition's range nor past the best value the limits
table allows: that is refused with one line and nothing written. Taking an advancement
is one unit of work (one undo step; Undo gives back the stat, the XP, the value, the
skill, the type and the rank) and every roll is on the roll record with its table, row
and rule."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app.dice import Roller
from campaign_app.errors import InputError, NotFoundError, RulesDataError
from campaign_app.procedure_driver import drive
from campaign_app.rules import Table, load_rulebook
from campaign_app.rules.advancement import (
    Advancement,
    OptionModel,
    RandomModel,
    advance_keys,
    build,
    validate_section,
)
from campaign_app.rules.rolling import roll_on
from campaign_app.systems import StatRule, find_stat, get_system, stat_rules
from campaign_app.usecases.campaigns import tables_for
from campaign_app.usecases.common import (
    Ref,
    campaign_of_fighter,
    campaign_of_roster,
    clean_name,
    get_fighter,
)
from campaign_app.usecases.results import Result
from db.models import Campaign, Fighter, Skill
from db.queries import fighters as fighter_q
from db.queries.lookup import get_unit
from db.queries.versions import touch_version
from db.uow import Engine, UnitOfWork, read_session, work

RANDOM = "random"
RANK = "rank"


# --------------------------------------------------------------------------- shapes
class OptionLine(TypedDict):
    key: str
    label: str
    xp: int
    value: int
    change: str  # "WS 4+ -> 3+", "a primary skill", "becomes a Specialist", "2D6 on ..."
    can: bool
    why: str  # why it cannot be taken now ("" when it can)
    skill: str  # the skill set a name is needed from ("" = none)
    dice: str  # what taking it rolls ("2d6" a random advancement, "d6" a random skill; "" = nothing)


class RankLine(TypedDict):
    rank: int
    xp: int
    label: str
    grants: list[str]
    claimed: bool
    reached: bool


class RowLine(TypedDict):
    roll: str
    label: str
    text: str
    options: list[str]


class AdvanceList(TypedDict):
    """What a fighter (or, in the squad games, a unit) may take, as the screen lists it."""

    fighter_id: int
    fighter: str
    fighter_type: str
    campaign: str
    system: str
    edition: str
    mode: str  # xp, ranks, battles, after-battle, "" (the game has no advancement data)
    title: str
    note: str
    default: bool
    xp: int
    credits_value: int
    rank: int
    options: list[OptionLine]
    ranks: list[RankLine]
    table: str  # the random table (xp, ranks) or the table that does it (battles...)
    table_title: str
    rows: list[RowLine]
    status: list[str]  # in words: the unit's battles, the fighter's next rank...
    labels: dict[str, str]  # every advancement's key -> label (those a roll may give too)


@dataclass(frozen=True, kw_only=True)
class AdvanceResult(Result):
    """An advancement taken."""

    fighter_id: int
    fighter: str
    key: str  # the advancement applied
    label: str
    xp_spent: int
    xp: int
    value_added: int
    credits_value: int
    stat: str
    before: str
    after: str
    skill: str
    fighter_type: str
    rank: int
    roll: dict[str, Any] | None  # table, row, result, label, dice, faces, value, rule
    lines: list[str]
    skill_roll: dict[str, Any] | None = None  # a random skill's dice: dice, faces, value, rule, source
    choices: list[str] = field(default_factory=list)  # a dry run's roll that offers a choice
    dry_run: bool = False

    @property
    def steps(self) -> list[dict[str, Any]]:
        """The roll as a preview step (who, rule, dice, what happens); not in the JSON."""
        out = []
        if self.roll:
            out.append({"subject": self.fighter, "rule": self.roll["rule"], "roll": self.roll,
                        "text": f"{self.roll['row']}: {self.roll['label']}. {self.roll['text']}"})
        if self.skill_roll:
            out.append({"subject": self.fighter, "rule": self.skill_roll["rule"], "roll": self.skill_roll,
                        "text": f"the skill numbered {self.skill_roll['value']} in the set chosen"})
        return out or [{"subject": self.fighter, "rule": self.label or "Advancement", "roll": None,
                        "text": "; ".join(self.lines)}]


# --------------------------------------------------------------------------- rules
def advancement_for(c: Campaign) -> Advancement | None:
    """The advancement rules in force for ``c`` (house rules of its tables applied), or
    None when its game has no advancement data."""
    data = load_rulebook().data(c.system, c.edition, c.expansions or [])
    raw = data.get("advancement")
    if raw is None:
        return None
    try:
        return build(validate_section(raw, "advancement"), tables_for(c), f"{c.name} rules")
    except RulesDataError as e:
        raise InputError(str(e)) from None


def check_house_rule(c: Campaign, table_id: str, table: Table) -> None:
    """A house rule of one of the advancement tables: its entries checked by the models
    (RulesDataError naming the path) before it is saved."""
    from campaign_app.rules.advancement import tables_of, validate_entries

    raw = load_rulebook().data(c.system, c.edition, c.expansions or []).get("advancement")
    if raw is None:
        return
    model = validate_section(raw, "advancement")
    what = tables_of(model).get(table_id)
    if what in ("options", "limits", "ranks"):
        validate_entries(what, table_id, [dict(e) for e in table.entries], "house rule")
    if what is not None:  # the whole set must still hang together with this table in it
        build(model, {**tables_for(c), table_id: table}, "house rule")


def _rules(c: Campaign, f: Fighter) -> tuple[StatRule, ...]:
    return stat_rules(c.system, c.edition, "vehicle" if (f.kind == "vehicle" or f.fighter_type == "vehicle") else "",
                      c.house_rules)


def _better(rule: StatRule, delta: int) -> bool:
    return delta < 0 if rule.target else delta > 0


def _stat_change(adv: Advancement, c: Campaign, f: Fighter, o: OptionModel) -> tuple[StatRule, int, int]:
    """(rule, value now, value after) of a stat advancement; InputError when it cannot apply."""
    try:
        rule = find_stat(_rules(c, f), o.stat, get_system(c.system).name)
    except InputError:
        raise InputError(f"{f.name} has no characteristic {o.stat} in this edition") from None
    now = (f.stats or {}).get(rule.key)
    if not isinstance(now, int) or isinstance(now, bool):
        raise InputError(f"{f.name} has no {rule.key} on the roster to change")
    new = now + o.delta
    best = adv.limit(rule.key, f.fighter_type)
    label = " (default)" if adv.limits_default else ""
    if best is not None and _better(rule, o.delta):
        past = new < best if rule.target else new > best
        if past:
            raise InputError(f"{f.name}'s {rule.key} is {rule.show(now)}: advancement goes no further "
                             f"than {rule.show(best)}{label}")
    above = adv.limit_above(rule.key, f.fighter_type)
    taken = _taken(f, rule.key)
    if above is not None and _better(rule, o.delta) and taken >= above:
        raise InputError(f"{f.name}'s {rule.key} was advanced {taken} time{'s' if taken != 1 else ''}: "
                         f"advancement goes no further than {above} past the basic profile{label}")
    if not rule.low <= new <= rule.high:
        raise InputError(f"{f.name}'s {rule.key} is {rule.show(now)}: {rule.show(new)} is outside "
                         f"{rule.show(rule.low)}..{rule.show(rule.high)}")
    return rule, now, new


def _taken(f: Fighter, key: str) -> int:
    """How many times ``f``'s characteristic ``key`` was advanced."""
    n = (f.advances or {}).get(key, 0)
    return n if isinstance(n, int) and not isinstance(n, bool) and n > 0 else 0


def _cost(adv: Advancement, c: Campaign, f: Fighter, o: OptionModel) -> int:
    """The XP ``o`` costs ``f`` now (a characteristic taken before costs more in some editions)."""
    if not o.stat:
        return o.xp
    try:
        key = find_stat(_rules(c, f), o.stat).key
    except InputError:
        key = o.stat
    return adv.xp_cost(o, f.fighter_type, f.advances or {}, key)


def _change_words(adv: Advancement, c: Campaign, f: Fighter, o: OptionModel) -> str:
    if o.stat:
        try:
            rule, now, new = _stat_change(adv, c, f, o)
        except InputError:
            return f"{o.stat} {'+' if o.delta > 0 else ''}{o.delta}"
        return f"{rule.key} {rule.show(now)} -> {rule.show(new)}"
    skill = ""
    if o.skill:
        which = "skill of any set" if o.skill == "any" else f"{o.skill} skill"
        skill = (f"a random {which} ({o.skill_roll.upper()}, then name it)" if o.skill_roll
                 else f"a {which} (name it)")
    if o.promote:
        return f"becomes a {o.promote.replace('-', ' ')}" + (f", {skill}" if skill else "")
    return skill


def _can_apply(adv: Advancement, c: Campaign, f: Fighter, o: OptionModel) -> str:
    """Why ``o`` cannot be applied to ``f`` ("" when it can), costs aside."""
    if o.stat:
        try:
            _stat_change(adv, c, f, o)
        except InputError as e:
            return str(e)
    if o.promote:
        info = get_system(c.system)
        if o.promote not in info.fighter_types:
            return f"{o.promote!r} is not a fighter type of {info.name}"
        if f.fighter_type == o.promote:
            return f"{f.name} is a {o.promote} already"
    return ""


def _table_rows(t: Table | None) -> list[RowLine]:
    if t is None:
        return []
    return [{"roll": r.roll, "label": r.label, "text": r.text,
             "options": [k for e in r.effects if e.op == "advance" for k in advance_keys(e.args)]}
            for r in t.rows]


# --------------------------------------------------------------------------- listing
def advance_options(engine: Engine, ref: Ref, *, unit: bool = False) -> AdvanceList:
    """What fighter ``ref`` may take now and what each costs (a read). ``unit``: ``ref``
    is a unit (the squad games; else a name no fighter has is looked up as a unit)."""
    with read_session(engine) as s:
        try:
            if unit:
                raise NotFoundError("a unit")
            f: Any = get_fighter(s, ref)
            c, _r = campaign_of_fighter(s, f)
        except NotFoundError:
            try:
                f = get_unit(s, ref)
            except NotFoundError:
                raise NotFoundError(f"no fighter {str(ref).strip()!r}") from None
            c = campaign_of_roster(s, f.roster)
        adv = advancement_for(c)
        tables = tables_for(c)
        is_unit = not isinstance(f, Fighter)
        out: AdvanceList = {
            "fighter_id": f.id or 0, "fighter": f.name,
            "fighter_type": f.unit_type if is_unit else f.fighter_type,
            "campaign": c.name, "system": c.system, "edition": c.edition,
            "mode": adv.mode if adv else "", "title": adv.title if adv else "Advancement",
            "note": adv.note if adv else f"{get_system(c.system).name} has no advancement rules data.",
            "default": adv.default if adv else False,
            "xp": 0 if is_unit else f.xp, "credits_value": 0 if is_unit else f.credits_value,
            "rank": 0 if is_unit else f.rank, "options": [], "ranks": [], "table": "", "table_title": "",
            "rows": [], "status": [], "labels": {o.key: o.label for o in adv.options} if adv else {},
        }
        if adv is None:
            return out
        if adv.mode in ("battles", "after-battle"):
            t = tables.get(adv.table)
            out["table"], out["table_title"] = adv.table, t.title if t else ""
            out["rows"] = _table_rows(t)
            if is_unit:
                out["status"].append(f"{f.name}: {f.battles_fought} battles fought, training "
                                     f"{f.training or '-'}")
            return out
        if is_unit:
            return out
        spec = adv.random_for(f.fighter_type)
        if spec is not None:
            t = tables.get(spec.table)
            out["table"], out["table_title"] = spec.table, t.title if t else ""
            out["rows"] = _table_rows(t)
        if adv.mode == "xp":
            for o in adv.options:
                if o.random_only or (o.types and f.fighter_type not in o.types):
                    continue
                xp = _cost(adv, c, f, o)
                why = _can_apply(adv, c, f, o) or (f"needs {xp} XP (has {f.xp})" if f.xp < xp else "")
                out["options"].append({"key": o.key, "label": o.label, "xp": xp, "value": o.value,
                                       "change": _change_words(adv, c, f, o), "can": not why, "why": why,
                                       "skill": o.skill, "dice": o.skill_roll})
            if spec is not None:
                why = f"needs {spec.xp} XP (has {f.xp})" if f.xp < spec.xp else ""
                out["options"].append({"key": RANDOM, "label": f"Random advancement ({out['table_title']})",
                                       "xp": spec.xp, "value": spec.value,
                                       "change": f"roll {tables[spec.table].dice.upper()} on {out['table_title']}",
                                       "can": not why, "why": why, "skill": "", "dice": tables[spec.table].dice})
        else:  # ranks
            for rk in adv.ranks:
                out["ranks"].append({"rank": rk.rank, "xp": rk.xp, "label": rk.label or f"Rank {rk.rank}",
                                     "grants": list(rk.grants), "claimed": rk.rank <= f.rank,
                                     "reached": f.xp >= rk.xp})
            nxt = next((rk for rk in adv.ranks if rk.rank == f.rank + 1), None)
            if nxt is None:
                out["status"].append(f"{f.name} has claimed every rank")
            else:
                why = f"rank {nxt.rank} needs {nxt.xp} XP (has {f.xp})" if f.xp < nxt.xp else ""
                skill = next((g_o.skill for g in nxt.grants if (g_o := adv.option(g)) and g_o.skill), "")
                out["options"].append({"key": RANK, "label": nxt.label or f"Rank {nxt.rank}", "xp": 0,
                                       "value": 0, "change": _grants_words(adv, nxt.grants, out["table_title"]),
                                       "can": not why, "why": why, "skill": skill,
                                       "dice": tables[spec.table].dice if spec and spec.table in tables and "roll" in nxt.grants else ""})
                out["status"].append(f"rank {f.rank} claimed; rank {nxt.rank} at {nxt.xp} XP")
        return out


def _grants_words(adv: Advancement, grants: Sequence[str], table_title: str) -> str:
    words = []
    for g in grants:
        o = adv.option(g)
        words.append(f"a roll on {table_title}" if g == "roll" else (o.label if o else g))
    return " or ".join(words)


# --------------------------------------------------------------------------- taking
def take_advance(engine: Engine, ref: Ref, key: str, *, dice: str | Sequence[int] | None = None,
                 seed: int | None = None, choose: str | None = None, skill: str | None = None,
                 dry_run: bool = False, roller: Roller | None = None) -> AdvanceResult:
    """Take advancement ``key`` for fighter ``ref`` (see the module text). ``dry_run``:
    what would happen, nothing written; a roll that offers a choice with none made then
    comes back with ``choices`` (and nothing applied), for the dialog to ask."""
    key = str(key or "").strip().lower()
    roller = roller if roller is not None else Roller.from_options(dice, seed)
    with work(engine, "fighter.advance", dry_run) as uow:
        s = uow.session
        f = get_fighter(s, ref)
        c, _r = campaign_of_fighter(s, f)
        uow.campaign_id = c.id
        adv = advancement_for(c)
        if adv is None:
            raise InputError(f"{get_system(c.system).name} has no advancement rules")
        if adv.mode in ("battles", "after-battle"):
            raise InputError(f"{get_system(c.system).name}: {adv.title.lower()} happens in After the Battle; "
                             "there is nothing to take here")
        if f.status == "dead":
            raise InputError(f"{f.name} is dead")
        tables = tables_for(c)
        xp_spent = value = 0
        rank = f.rank
        roll: dict[str, Any] | None = None
        spec: RandomModel | None = None
        offered: list[OptionModel]
        if adv.mode == "xp" and key == RANDOM:
            spec = adv.random_for(f.fighter_type)
            if spec is None:
                raise InputError(f"a {f.fighter_type} has no random advancement in this edition")
            if f.xp < spec.xp:
                raise InputError(f"{f.name} has {f.xp} XP: a random advancement costs {spec.xp}")
            xp_spent, value = spec.xp, spec.value
            offered, roll = _roll_offered(adv, c, tables, spec, roller, f)
        elif adv.mode == "xp":
            bought = adv.option(key)
            if bought is None or bought.random_only:
                known = ", ".join([x.key for x in adv.options if not x.random_only] + [RANDOM])
                raise InputError(f"no advancement {key!r} to buy (known: {known})")
            if bought.types and f.fighter_type not in bought.types:
                raise InputError(f"a {f.fighter_type} cannot take {bought.label} "
                                 f"(only: {', '.join(bought.types)})")
            cost = _cost(adv, c, f, bought)
            if f.xp < cost:
                again = f" (taken {cost - bought.xp} XP dearer: it was taken before)" if cost != bought.xp else ""
                raise InputError(f"{f.name} has {f.xp} XP: {bought.label} costs {cost}{again}")
            xp_spent = cost
            offered = [bought]
        else:  # ranks
            if key not in (RANK, "next"):
                raise InputError(f"in this edition advancements are earned by XP ranks: take {RANK!r}")
            nxt = next((rk for rk in adv.ranks if rk.rank == f.rank + 1), None)
            if nxt is None:
                raise InputError(f"{f.name} has claimed every rank")
            if f.xp < nxt.xp:
                raise InputError(f"{f.name} has {f.xp} XP: rank {nxt.rank} needs {nxt.xp}")
            rank = nxt.rank
            offered = []
            for g in nxt.grants:
                if g == "roll":
                    spec = adv.random_for(f.fighter_type)
                    if spec is None:
                        raise InputError(f"a {f.fighter_type} has no advancement table in this edition")
                    value = spec.value
                    got, roll = _roll_offered(adv, c, tables, spec, roller, f)
                    offered += got
                else:
                    granted = adv.option(g)
                    if granted is not None:
                        offered.append(granted)
        base: dict[str, Any] = {"fighter_id": f.id or 0, "fighter": f.name, "xp_spent": xp_spent, "roll": roll,
                "fighter_type": f.fighter_type, "rank": f.rank, "xp": f.xp, "credits_value": f.credits_value}
        if dry_run and not choose and len(offered) > 1:
            roller.finish()
            return AdvanceResult(**base, key="", label="", value_added=0, stat="", before="", after="",
                                 skill="", lines=[f"choose one: {', '.join(o.label for o in offered)}"],
                                 choices=[o.key for o in offered], dry_run=True)
        o = _pick(adv, c, f, offered, choose, roll)
        if not value:
            value = o.value
        skill_roll: dict[str, Any] | None = None
        if o.skill_roll:  # a random skill: the dice pick it from the set the player names
            why = _can_apply(adv, c, f, o)
            if why:
                raise InputError(why)
            sr = roller.roll(o.skill_roll, f"random {o.skill} skill of {f.name}",
                             rule=f"{adv.title}: {o.label}", fighter_id=f.id)
            sr.extra["subject"] = f.name
            skill_roll = {"dice": sr.spec, "faces": list(sr.faces), "value": sr.value, "rule": sr.rule,
                          "source": sr.source}
        roller.finish()
        before_type, stat_key, before, after, skill_name = f.fighter_type, "", "", "", ""
        lines: list[str] = []
        new_stats: dict[str, Any] | None = None
        if skill_roll is not None:
            lines.append(f"random {o.skill} skill: {skill_roll['dice'].upper()} "
                         f"[{','.join(map(str, skill_roll['faces']))}] = {skill_roll['value']}: the skill "
                         f"numbered {skill_roll['value']} in the {o.skill} skill set chosen")
        if o.stat:
            rule, now, new = _stat_change(adv, c, f, o)
            new_stats = {**(f.stats or {}), rule.key: new}
            stat_key, before, after = rule.key, rule.show(now), rule.show(new)
            lines.append(f"{rule.key} {before} -> {after}")
        if o.skill:
            if not skill or not str(skill).strip():
                if dry_run and skill_roll is not None:  # the dialog asks for the name after the roll
                    lines.append("name the skill the roll gave")
                else:
                    raise InputError(f"{o.label}: name the skill"
                                     + (f" the roll gave ({skill_roll['value']})" if skill_roll else ""))
            else:
                skill_name = clean_name(skill, "skill")
                have = {sk.name.lower() for sk in fighter_q.skills_of(s, [f.id])}
                if skill_name.lower() in have:
                    raise InputError(f"{f.name} has {skill_name} already"
                                     + (": roll again" if skill_roll else ""))
                lines.append(f"skill {skill_name}")
        if o.promote:
            why = _can_apply(adv, c, f, o)
            if why:
                raise InputError(why)
            lines.append(f"type {before_type} -> {o.promote}")
        if xp_spent:
            lines.append(f"XP {f.xp} -> {f.xp - xp_spent}")
        if value:
            lines.append(f"value {f.credits_value} -> {f.credits_value + value}")
        if rank != f.rank:
            lines.append(f"rank {f.rank} -> {rank}")
        result = AdvanceResult(
            **{**base, "xp": f.xp - xp_spent, "credits_value": f.credits_value + value, "rank": rank,
               "fighter_type": o.promote or f.fighter_type},
            key=o.key, label=o.label, value_added=value, stat=stat_key, before=before, after=after,
            skill=skill_name, skill_roll=skill_roll, lines=lines, dry_run=dry_run)
        if not isinstance(uow, UnitOfWork):  # dry run: nothing written
            return result
        if new_stats is not None:
            f.stats = new_stats
            f.advances = {**(f.advances or {}), stat_key: _taken(f, stat_key) + 1}
        if skill_name:
            s.add(Skill(fighter_id=f.id or 0, name=skill_name, source="advance"))
            touch_version(s, f)
        if o.promote:
            f.fighter_type = o.promote
        f.xp -= xp_spent
        f.credits_value += value
        f.rank = rank
        s.add(f)
        uow.record_rolls(roller)
        uow.summary = f"advance {f.name}: {o.label}"
    return replace(result, changes=uow.changes)


def _roll_offered(adv: Advancement, c: Campaign, tables: Mapping[str, Table], spec: RandomModel,
                  roller: Roller, f: Fighter) -> tuple[list[OptionModel], dict[str, Any]]:
    t = tables.get(spec.table)
    if t is None:
        raise InputError(f"no advancement table {spec.table!r} in force")
    res, row = drive(roll_on(t, f"advancement of {f.name}", rule=f"{adv.title}: {t.title}",
                             fighter_id=f.id, subject=f.name), roller)

    def offered_by(r: Any) -> list[OptionModel]:
        return [o for e in r.effects if e.op == "advance" for k in advance_keys(e.args)
                if (o := adv.option(k)) is not None]

    offered = offered_by(row)
    text = row.text
    if (spec.blocked_as is not None and offered and all(o.stat for o in offered)
            and all(_can_apply(adv, c, f, o) for o in offered)):
        try:
            as_row = t.lookup(spec.blocked_as)
        except RulesDataError as e:
            raise InputError(str(e)) from None
        text = (f"{row.label}: every advancement it offers is at its limit, so it is read as "
                f"{spec.blocked_as}. {as_row.text}")
        row, offered = as_row, offered_by(as_row)
    roll = {"table": t.id, "title": t.title, "row": row.roll, "result": row.result, "label": row.label,
            "text": text, "dice": res.spec, "faces": list(res.faces), "value": res.value,
            "rule": res.rule, "source": res.source, "options": [o.key for o in offered]}
    if not offered:
        raise InputError(f"{t.title}: row {row.roll} ({row.label}) gives no advancement")
    return offered, roll


def _pick(adv: Advancement, c: Campaign, f: Fighter, offered: list[OptionModel], choose: str | None,
          roll: dict[str, Any] | None) -> OptionModel:
    """The one advancement applied: the only one offered, or the one chosen."""
    rolled = (f"{roll['title']} {roll['value']} ({','.join(map(str, roll['faces']))}): {roll['label']}"
              if roll else "")
    if choose:
        want = str(choose).strip().lower()
        o = next((x for x in offered if x.key == want), None)
        if o is None:
            where = rolled or "this advancement"
            raise InputError(f"{where} offers {', '.join(x.key for x in offered)}, not {want!r}")
        return o
    if len(offered) == 1:
        return offered[0]
    can = [x.key for x in offered if not _can_apply(adv, c, f, x)]
    raise InputError(f"{rolled or 'this rank'} offers a choice: choose one of "
                     f"{', '.join(x.key for x in offered)}"
                     + (f" ({', '.join(can)} can apply)" if can and len(can) < len(offered) else "")
                     + (" and give the same dice again" if roll else ""))
