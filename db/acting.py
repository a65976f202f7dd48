"""Who acts, and what they may write: the league server's permission check (#35).

The league server logs into the database as itself; the member behind a request is an
:class:`Actor` the server sets around the use-case run (:func:`acting`, through
:meth:`campaign_app.facade.Campaigns.run_as`). Every writing use-case goes through a
:class:`db.uow.UnitOfWork`, and its commit calls :func:`check` in the same transaction,
after the last flush and before the commit: a refused write is rolled back whole
(:class:`~campaign_app.errors.RefusedError`, nothing written). With no actor set (the
desktop app, the CLI, tests) nothing is checked.

What is enforced (docs/league.md, "League server"):

- an **arbitrator** may write everything;
- a **viewer** writes nothing: a unit of work of theirs that would commit anything is
  refused;
- a **player** writes only rows that hang from a roster whose ``owner`` is their member
  name (the roster itself, its fighters, units, equipment, skills, lasting injuries,
  stash, ledger, territories), every side of a battle one of their rosters fought when
  closing its After the Battle or paying its territories' income, battles one of their rosters fought (the battle, its
  rosters, results, marks; a new mark only on a figure of their own roster), the dice they roll (roll records) and the
  history of their own actions; undo and redo only of actions they made (``journal.author``)
  and only where every row the undo puts back hangs from one of their rosters. A
  roster a player creates is theirs; no player changes a roster's owner. Campaigns,
  content packs, walker types and anything else are the arbitrator's.

The rows are seen three ways: what the ORM flushes (``after_flush``: inserted, changed,
deleted objects, with their keys), what :mod:`db.journal` writes with Core statements
(undo and redo, version bumps: :func:`note_core` keeps them in the session's info), and
every other Core INSERT/UPDATE/DELETE the session runs (``do_orm_execute``): for a player
one on a guarded table that :mod:`db.journal` did not note is refused (the server
cannot say whose row it is).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from sqlalchemy import event, inspect, text
from sqlalchemy.orm import ORMExecuteState, Session

from campaign_app.errors import InputError, RefusedError

ROLES = ("arbitrator", "player", "viewer", "device")


@dataclass(frozen=True)
class Actor:
    """A league member acting through the server: name (``roster.owner``) and role; or a
    device at the table (role ``device``), scoped to ``battle_id`` and ``roster_id``."""

    name: str
    role: str
    battle_id: int | None = None
    roster_id: int | None = None


_ACTOR: ContextVar[Actor | None] = ContextVar("campaign_app_actor", default=None)

# session.info keys: rows Core statements of db.journal wrote, and Core DML counted per table
CORE_KEY = "acting.core_rows"
DML_KEY = "acting.core_dml"

# tables a player writes freely: the history's entries and the dice they roll (and the chain head they move)
_FREE = ("journal_entry", "roll_record", "chain_head")  # chain_head: moved only with the rolls
_ROSTER_TABLES = ("roster", "fighter", "unit", "equipment", "skill", "lasting_injury",
                  "stash_item", "ledger_entry", "territory")
_BATTLE_TABLES = ("battle", "battle_roster", "battle_result", "battle_mark")
# invitations to the table: their use-cases check who may (campaign_app.usecases.devices)
_SELF_CHECKED = ("device_invite", "device_session")
# what a device at the table writes: marks and results of its own roster's figures
_DEVICE_TABLES = ("battle_mark", "battle_result")
_MOVES = ("roster_id", "fighter_id", "unit_id", "battle_id")
_KEYS = ("id", "roster_id", "fighter_id", "unit_id", "battle_id", "journal_id", "campaign_id", "owner")


def current() -> Actor | None:
    """The member acting now (None: no one, the desktop app or the CLI)."""
    return _ACTOR.get()


@contextmanager
def acting(actor: Actor | None) -> Iterator[None]:
    """Run the block as ``actor`` (its use-cases' units of work check its rights)."""
    if actor is not None and actor.role not in ROLES:
        raise ValueError(f"unknown role {actor.role!r}")
    if actor is not None and (actor.role == "device") != (actor.battle_id is not None and actor.roster_id is not None):
        raise ValueError("a device acts for one battle and one roster, and only a device does")
    token = _ACTOR.set(actor)
    try:
        yield
    finally:
        _ACTOR.reset(token)


def note_core(session: Session, table: str, row: Mapping[str, Any]) -> None:
    """A row a Core statement of db.journal writes (undo, redo, a version bump)."""
    if _ACTOR.get() is None:
        return
    session.info.setdefault(CORE_KEY, []).append((table, {k: v for k, v in row.items() if k in _KEYS}))


class Watch:
    """The rows one unit of work writes, for :func:`check` (set up only when someone acts)."""

    def __init__(self, session: Session, actor: Actor) -> None:
        self.actor = actor
        self.rows: list[tuple[str, dict[str, Any]]] = []
        self.owner_changes: list[tuple[Any, str, Any, Any]] = []  # roster id, name, owner before, after
        # battles whose After the Battle this unit of work marks done (closing) or undoes (reopening)
        self.closing: set[int] = set()
        self.reopening: set[int] = set()
        self.income: set[int] = set()  # battles whose territories' income this unit of work pays
        self.new: set[tuple[str, Any]] = set()  # rows the ORM inserted: (table, id)
        self.session = session
        event.listen(session, "before_flush", self._before_flush)
        event.listen(session, "after_flush", self._after_flush)
        event.listen(session, "do_orm_execute", self._core)

    def _before_flush(self, session: Session, _ctx: Any, _instances: Any) -> None:
        if self.actor.role != "player":
            return
        for obj in list(session.new):
            if getattr(type(obj), "__tablename__", None) == "roster" and getattr(obj, "owner", None) is None:
                obj.owner = self.actor.name  # a roster a player creates is theirs
        for obj in session.new:
            if (getattr(type(obj), "__tablename__", None) == "ledger_entry" and obj.kind == "income"
                    and obj.battle_id is not None):
                self.income.add(int(obj.battle_id))
        for obj in session.dirty:
            if getattr(type(obj), "__tablename__", None) == "battle" and obj.id is not None:
                hist = inspect(obj).attrs.after_battle_done.history
                if hist.added and bool(hist.added[0]) != bool(hist.deleted[0] if hist.deleted else False):
                    (self.closing if hist.added[0] else self.reopening).add(int(obj.id))
        for obj in [*session.dirty, *session.deleted]:
            if getattr(type(obj), "__tablename__", None) != "roster":
                continue
            hist = inspect(obj).attrs.owner.history
            before = hist.deleted[0] if hist.deleted else (hist.unchanged[0] if hist.unchanged else obj.owner)
            after = before if obj in session.deleted else obj.owner  # deleting: only one's own
            self.owner_changes.append((obj.id, obj.name, before, after))

    def _after_flush(self, session: Session, _ctx: Any) -> None:
        # (the session's sets and each attribute's history are still those before the flush)
        dirty = [o for o in session.dirty if session.is_modified(o)]
        for obj in [*session.new, *session.deleted, *dirty]:
            table = getattr(type(obj), "__tablename__", None)
            if isinstance(table, str):
                state = obj.__dict__
                self.rows.append((table, {k: state[k] for k in _KEYS if state.get(k) is not None}))
                if obj in session.new and state.get("id") is not None:
                    self.new.add((table, state["id"]))
        for obj in dirty:  # a row moved from one parent to another: where it was counts too
            table = getattr(type(obj), "__tablename__", None)
            attrs = inspect(obj).attrs
            for key in _MOVES:
                if isinstance(table, str) and key in attrs.keys():
                    old = attrs[key].history.deleted
                    if old and old[0] is not None:
                        self.rows.append((table, {"id": obj.__dict__.get("id"), key: old[0]}))

    def _core(self, state: ORMExecuteState) -> None:
        if not (state.is_insert or state.is_update or state.is_delete):
            return
        table = getattr(getattr(state.statement, "table", None), "name", "?")
        counts = state.session.info.setdefault(DML_KEY, {})
        counts[table] = counts.get(table, 0) + 1

    def detach(self) -> None:
        for name, fn in (("before_flush", self._before_flush), ("after_flush", self._after_flush),
                         ("do_orm_execute", self._core)):
            if event.contains(self.session, name, fn):
                event.remove(self.session, name, fn)


def check(session: Session, watch: Watch, *, writes: bool) -> None:
    """Refuse (RefusedError) what ``watch.actor`` may not write; ``writes``: the unit of
    work commits something (a history entry, rolls, rows)."""
    actor = watch.actor
    if actor.role == "arbitrator":
        return
    core = list(session.info.get(CORE_KEY, ()))
    rows = watch.rows + core
    if actor.role == "viewer":
        if writes or rows or session.info.get(DML_KEY):
            raise _refused(f"{actor.name} is a viewer: a viewer changes nothing")
        return
    if actor.role == "device":
        _check_device(session, actor, rows)
        return
    noted: dict[str, int] = {}
    for table, _row in core:
        noted[table] = noted.get(table, 0) + 1
    for table, count in dict(session.info.get(DML_KEY, {})).items():
        if table not in _FREE and count > noted.get(table, 0):
            raise _refused(f"this action writes {table} rows the server cannot check for a player; "
                           "ask the arbitrator")
    conn = session.connection()
    gone = _Gone(rows, watch.new)
    gone.sides = _closing_sides(conn, actor.name, watch) | _income_sides(conn, actor.name, watch)
    for rid, name, before, after in watch.owner_changes:
        if before == after != actor.name:
            if rid in gone.sides:  # (its credits: the income of a battle of theirs)
                continue
            raise _refused(f"the roster {name!r} belongs to {before or 'nobody yet (the arbitrator)'}, "
                           f"not to you ({actor.name})")
        if before != actor.name or after != actor.name:
            raise _refused(f"the roster {name!r} belongs to {before or 'nobody (the arbitrator)'}; "
                           f"a player neither takes nor gives away a roster")
    for table, row in sorted(rows, key=lambda tr: tr[0] != "journal"):  # whose action first
        why = _why_not(conn, actor.name, table, row, gone)
        if why is not None:
            raise _refused(why)


class _Gone:
    """What the written rows themselves say of rows this unit of work may have deleted
    (a fighter removed with its weapons, an undone roster or battle): a fighter's or
    unit's roster, a roster's owner, a battle's rosters."""

    def __init__(self, rows: list[tuple[str, dict[str, Any]]], new: set[tuple[str, Any]]) -> None:
        self.new = new
        self.sides: set[int] = set()  # the rosters of a battle whose After the Battle this closes
        self.parent: dict[tuple[str, int], int] = {}
        self.owners: dict[int, set[Any]] = {}
        self.fought: dict[int, set[int]] = {}
        for table, row in rows:
            rid = row.get("id")
            if table in ("fighter", "unit") and rid is not None and row.get("roster_id") is not None:
                self.parent[(table, rid)] = int(row["roster_id"])
            elif table == "roster" and rid is not None and "owner" in row:
                self.owners.setdefault(rid, set()).add(row["owner"])
            elif table == "battle_roster" and row.get("battle_id") is not None and row.get("roster_id") is not None:
                self.fought.setdefault(int(row["battle_id"]), set()).add(int(row["roster_id"]))

    def roster_of(self, conn: Any, table: str, row: Mapping[str, Any]) -> int | None:
        from db.league import _roster_of

        if table in ("fighter", "unit") and row.get("roster_id") is not None:
            return int(row["roster_id"])
        for key, parent in (("fighter_id", "fighter"), ("unit_id", "unit")):
            if table not in ("fighter", "unit") and (parent, row.get(key)) in self.parent:
                return self.parent[(parent, row[key])]
        if table not in ("roster", "fighter", "unit", "equipment", "skill", "lasting_injury"):
            return int(row["roster_id"]) if row.get("roster_id") is not None else None
        return _roster_of(conn, table, row)

    def owner(self, conn: Any, roster: int) -> tuple[str, Any] | None:
        """(name, owner) of ``roster``, as it stands or as the written rows leave it."""
        from db.league import _one

        found = _one(conn, "SELECT name, owner FROM roster WHERE id = :i", i=roster)
        if found is not None:
            return str(found.name), found.owner
        owners = self.owners.get(roster, set())
        return (f"#{roster}", owners.pop()) if len(owners) == 1 else None


def _closing_sides(conn: Any, user: str, watch: Watch) -> set[int]:
    """After the Battle changes every side (injuries, experience, captures): the unit of
    work that marks a battle's After the Battle done may change every roster that fought
    it, when one of them is the player's (its other rows stay checked one by one). Only
    the arbitrator reopens a battle (undoes its After the Battle)."""
    if watch.reopening:
        raise _refused("only the arbitrator reopens a battle whose After the Battle is done")
    return _sides(conn, user, watch.closing, "its After the Battle is run by its players or the arbitrator")


def _income_sides(conn: Any, user: str, watch: Watch) -> set[int]:
    """The income of a battle's territories (collected once per battle and roster, by
    :func:`campaign_app.usecases.gear.collect_battle_income`, the server's dice): the
    unit of work that pays it may pay every roster that fought the battle, when one of
    them is the player's, as After the Battle does."""
    return _sides(conn, user, watch.income, "its income is collected by its players or the arbitrator")


def _sides(conn: Any, user: str, battles: set[int], who: str) -> set[int]:
    """The rosters that fought ``battles``, each of which one of ``user``'s rosters fought
    (else refused: ``who`` may)."""
    from db.league import _one

    sides: set[int] = set()
    for bid in sorted(battles):
        rosters = {int(r[0]) for r in conn.execute(
            text("SELECT roster_id FROM battle_roster WHERE battle_id = :b"), {"b": bid}).all()}
        if not any((o := _one(conn, "SELECT owner FROM roster WHERE id = :i", i=r)) is not None and o.owner == user
                   for r in rosters):
            found = _one(conn, "SELECT number FROM battle WHERE id = :i", i=bid)
            label = f"battle {found.number}" if found is not None else "that battle"
            raise _refused(f"{label} was not fought by one of your rosters: {who}")
        sides |= rosters
    return sides


def _refused(why: str) -> RefusedError:
    return RefusedError(f"refused by the league server: {why}; nothing was saved")


def _why_not(conn: Any, user: str, table: str, row: Mapping[str, Any], gone: _Gone) -> str | None:
    from db.league import _battle_of, _one

    if table in _FREE or table in _SELF_CHECKED:
        return None
    if table == "journal":
        if row.get("id") is None:
            return None
        found = _one(conn, "SELECT author, action, summary FROM journal WHERE id = :i", i=row["id"])
        if found is not None and found.action == "after-battle" and ("journal", row["id"]) not in gone.new:
            return (f"undoing or redoing {found.summary or 'an After the Battle'} changes every side of the battle: "
                    "only the arbitrator may")
        if found is not None and found.author != user:
            who = found.author or "the arbitrator"
            return f"that change ({found.summary or found.action}) was made by {who}: only {who} or the arbitrator may undo or redo it"
        return None
    if table in _ROSTER_TABLES:
        if table == "roster" and "owner" in row and row["owner"] != user and row.get("id") not in gone.sides:
            return f"the roster belongs to {row['owner'] or 'nobody yet (the arbitrator)'}, not to you ({user})"
        rid = gone.roster_of(conn, table, row)
        if rid is not None and rid in gone.sides:  # After the Battle of a battle of theirs
            return None
        seen = gone.owner(conn, rid) if rid is not None else None
        if seen is None:
            return f"a row of {table} that hangs from no roster of yours"
        if seen[1] != user:
            return f"the roster {seen[0]!r} belongs to {seen[1] or 'nobody yet (the arbitrator)'}, not to you ({user})"
        return None
    if table in _BATTLE_TABLES:
        bid = row.get("id") if table == "battle" else row.get("battle_id")
        if bid is None:
            bid = _battle_of(conn, table, row)
        if bid is None:
            return "a battle row the server cannot place: only the arbitrator may change it"
        # the rosters that fought it; for a battle recorded before, not those this unit of
        # work adds to it (a player does not join someone else's battle to change it)
        fresh = ("battle", bid) in gone.new
        stored = conn.execute(text("SELECT id, roster_id FROM battle_roster WHERE battle_id = :b"),
                              {"b": bid}).all()
        rosters = {int(r[1]) for r in stored if fresh or ("battle_roster", r[0]) not in gone.new}
        if fresh or not stored:  # new, or gone: as the written rows say
            rosters |= gone.fought.get(int(bid), set())
        found = _one(conn, "SELECT number FROM battle WHERE id = :i", i=bid)
        label = f"battle {found.number}" if found is not None else "that battle"
        if not any((o := gone.owner(conn, r)) is not None and o[1] == user for r in rosters):
            return f"{label} was not fought by one of your rosters"
        if table == "battle_mark" and (table, row.get("id")) in gone.new:
            return _not_own_figure(conn, user, row, gone)
        return None
    what = {"campaign": "create or change a campaign", "content_pack": "change the campaign's content"}
    return f"only the arbitrator may {what.get(table, f'change {table} rows')}"


def _not_own_figure(conn: Any, user: str, row: Mapping[str, Any], gone: _Gone) -> str | None:
    """A new mark (a status, a hit, casualties) is a player's to make only on a figure of
    one of their own rosters, as the battle page offers: each player marks their own."""
    from db.league import _one

    for key, parent in (("fighter_id", "fighter"), ("unit_id", "unit")):
        fid = row.get(key)
        if fid is None:
            continue
        found = _one(conn, f"SELECT name, roster_id FROM {parent} WHERE id = :i", i=fid)
        rid = int(found.roster_id) if found is not None else gone.parent.get((parent, int(fid)))
        seen = gone.owner(conn, rid) if rid is not None else None
        if seen is None or seen[1] != user:
            name = found.name if found is not None else f"that {parent}"
            whose = f"the roster {seen[0]!r} of {seen[1] or 'nobody yet (the arbitrator)'}" if seen else "no roster"
            return f"{name} is in {whose}, not in one of yours: a player marks only their own figures"
    return None


# --------------------------------------------------------------------------- dice (#35 item 4)
def check_dice(session: Session, campaign_id: int, rolls: Any, *, preview: bool, battle_id: int | None = None,
               step: str = "") -> None:
    """The league server's dice rules, before a roll goes on record (called by
    :meth:`db.uow.UnitOfWork.record_rolls` for every roll a use-case records, previews
    included, in the same transaction; with no actor set nothing is checked).

    In a campaign that plays **strict** dice the server rolls every die: a roll from a
    seed is refused (:class:`InputError`), and so are faces typed in unless the campaign
    allows typed dice (the arbitrator's setting). A **player** puts on record the
    preview (dry run) of rolls of their own roster's fighters and units only
    (:class:`RefusedError`): a preview's faces are what Apply applies under strict dice,
    so previewing another player's roll would fix their dice. The rolls of a battle's
    After the Battle (``step`` ``after-battle:<battle_id>``, as
    :func:`campaign_app.usecases.battles.after_battle_step` names it) are every side's:
    a player of that battle previews them for every roster of it, and no one else."""
    actor = _ACTOR.get()
    if actor is None:
        return
    conn = session.connection()
    found = conn.execute(text("SELECT name, dice_discipline, typed_dice FROM campaign WHERE id = :i"),
                         {"i": campaign_id}).first()
    items = list(rolls)
    if found is not None and found.dice_discipline == "strict":
        sources = {getattr(r, "source", "") for r in items}
        if "seeded" in sources:
            raise InputError(f"{found.name} plays strict dice: the league server rolls every die, a seed is "
                             "refused; nothing was saved")
        if "typed" in sources and not found.typed_dice:
            raise InputError(f"{found.name} plays strict dice without typed dice: the league server rolls every "
                             "die; nothing was saved")
    if not preview or actor.role != "player":
        return
    from db.league import _one, _roster_of

    sides: set[int] = set()
    if battle_id is not None and step == f"after-battle:{battle_id}":
        sides = {int(r[0]) for r in conn.execute(
            text("SELECT roster_id FROM battle_roster WHERE battle_id = :b"), {"b": battle_id}).all()}
        if not any((o := _one(conn, "SELECT owner FROM roster WHERE id = :i", i=r)) is not None
                   and o.owner == actor.name for r in sides):
            found = _one(conn, "SELECT number FROM battle WHERE id = :i", i=battle_id)
            label = f"battle {found.number}" if found is not None else "that battle"
            raise _refused(f"{label} was not fought by one of your rosters: its After the Battle is rolled by its "
                           "players or the arbitrator")
    for r in items:
        for table, key in (("fighter", "fighter_id"), ("unit", "unit_id")):
            fid = getattr(r, key, None)
            if fid is None:
                continue
            rid = _roster_of(conn, table, {"id": fid})
            if rid is not None and int(rid) in sides:
                continue
            owner = _one(conn, "SELECT name, owner FROM roster WHERE id = :i", i=rid) if rid is not None else None
            if owner is None or owner.owner != actor.name:
                whose = (owner.owner or "nobody yet (the arbitrator)") if owner is not None else "nobody"
                where = f"the roster {owner.name!r}" if owner is not None else "no roster"
                raise _refused(f"a preview of another player's roll: that {table} is of {where}, which belongs to "
                               f"{whose}, not to you ({actor.name}); a player previews only their own fighters' "
                               "rolls")


def _check_device(session: Session, actor: Actor, rows: list[tuple[str, dict[str, Any]]]) -> None:
    """A device at the table writes only marks and results (battle_mark, battle_result)
    of its own roster's figures in its own battle, the history of those marks and the
    dice it rolls; every Core statement must be one db.journal noted (an undo)."""
    noted: dict[str, int] = {}
    for table, _row in session.info.get(CORE_KEY, ()):
        noted[table] = noted.get(table, 0) + 1
    for table, count in dict(session.info.get(DML_KEY, {})).items():
        if table not in _FREE and count > noted.get(table, 0):
            raise _refused(f"a device at the table does not write {table} rows")
    conn = session.connection()
    for table, row in rows:
        if table in _FREE or table == "journal":
            continue  # the history of its marks (an undo's rows are checked one by one)
        if table not in _DEVICE_TABLES:
            raise _refused(f"a device at the table only marks its own figures (not {table} rows)")
        why = _device_row(conn, actor, table, row)
        if why is not None:
            raise _refused(why)


def _device_row(conn: Any, actor: Actor, table: str, row: Mapping[str, Any]) -> str | None:
    from db.league import _one

    found = None
    if row.get("id") is not None and not all(row.get(k) is not None for k in ("battle_id",)):
        found = _one(conn, f"SELECT battle_id, fighter_id, unit_id FROM {table} WHERE id = :i", i=row["id"])
    battle = row.get("battle_id", getattr(found, "battle_id", None))
    fighter = row.get("fighter_id", getattr(found, "fighter_id", None))
    unit = row.get("unit_id", getattr(found, "unit_id", None))
    if battle is None or int(battle) != actor.battle_id:
        return "this device is invited to another battle"
    if fighter is None and unit is None:
        return "a device at the table marks only its own figures"
    parent = (_one(conn, "SELECT roster_id FROM fighter WHERE id = :i", i=fighter) if fighter is not None
              else _one(conn, "SELECT roster_id FROM unit WHERE id = :i", i=unit))
    if parent is None or int(parent.roster_id) != actor.roster_id:
        return "that figure is not of this device's roster: a device marks only its own figures"
    return None
