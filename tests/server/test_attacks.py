"""#35 items 4 and 5: the attacks of the issue's "Why", tried against the league server
(SQLite and PostgreSQL). Each one is refused in one line, with nothing written (every
game row compared before and after) and ``log verify`` intact afterwards; the ones a
player could only try in the database itself (cutting rolls off the end of the chain,
a junk row) are found and named by ``log verify``."""

from __future__ import annotations

from typing import Any

import pytest

from campaign_app.usecases import campaigns, fighters, league, record, rolls, rosters, table
from server.catalogue import CATALOGUE
from tests.server.conftest import League, game_rows


def _error(r: Any) -> str:
    body = r.json()
    assert set(body) == {"error"}, body
    assert "\n" not in body["error"] and "Traceback" not in body["error"], body
    return str(body["error"])


def _strict(lg: League, *, typed: bool = False, campaign: int | None = None) -> None:
    lg.app.run(record.set_campaign_settings, campaign or lg.campaign, dice_discipline="strict", typed_dice=typed)


def _intact(lg: League, campaign: int | None = None) -> int:
    st = lg.app.run(record.verify_chain, campaign or lg.campaign)
    assert st.intact, st.text
    return int(st.rolls)


def _refused(lg: League, who: dict[str, str], use_case: str, code: int, says: str, **args: Any) -> str:
    """``use_case`` run as ``who`` is refused with ``code`` in one line saying ``says``,
    and writes nothing; the chain stays intact."""
    before = game_rows(lg.app)
    r = lg.client.post(f"/api/run/{use_case}", json=args, headers=who)
    assert r.status_code == code, r.text
    msg = _error(r)
    assert says in msg, msg
    assert game_rows(lg.app) == before
    _intact(lg)
    return msg


# --------------------------------------------------------------------------- dice
def test_a_seed_under_strict_dice_is_refused_and_the_server_rolls(lg: League) -> None:
    """Try seeds on a copy, then use the winning one: under strict dice the server
    refuses a seed; without one it rolls the die itself (``random``, on record)."""
    _strict(lg)
    ann = lg.login("ann")
    _refused(lg, ann, "rolls.roll_table", 400, "plays strict dice", table_id="nuts-scenario",
             campaign=lg.campaign, seed=3)
    n = _intact(lg)
    r = lg.client.post("/api/run/rolls.roll_table", json={"table_id": "nuts-scenario", "campaign": lg.campaign},
                       headers=ann)
    assert r.status_code == 200, r.text
    assert r.json()["source"] == "random" and r.json()["recorded"] is True
    assert _intact(lg) == n + 1
    log = lg.app.run(rolls.roll_log, lg.campaign)
    assert log[-1]["source"] == "random" and log[-1]["faces"] == r.json()["faces"]


def test_a_seed_in_an_open_campaign_is_still_taken(lg: League) -> None:
    """Open dice (a friendly campaign): the server keeps today's behaviour."""
    r = lg.run("ann", "rolls.roll_table", table_id="nuts-scenario", campaign=lg.campaign, seed=3)
    assert r.status_code == 200 and r.json()["source"] == "seeded"


def test_typed_faces_under_strict_dice_need_the_arbitrators_leave(lg: League) -> None:
    _strict(lg, typed=False)
    ann = lg.login("ann")
    msg = _refused(lg, ann, "rolls.roll_table", 400, "without typed dice", table_id="nuts-scenario",
                   campaign=lg.campaign, dice="6")
    assert "league server rolls every die" in msg
    # the arbitrator allows typed dice: the same request is taken, faces as typed
    lg.app.run(record.set_campaign_settings, lg.campaign, typed_dice=True)
    r = lg.client.post("/api/run/rolls.roll_table", json={"table_id": "nuts-scenario", "campaign": lg.campaign,
                                                         "dice": "6"}, headers=ann)
    assert r.status_code == 200 and r.json()["faces"] == [6] and r.json()["source"] == "typed"
    _intact(lg)
    # a seed stays refused even then
    _refused(lg, ann, "rolls.roll_table", 400, "a seed is refused", table_id="nuts-scenario",
             campaign=lg.campaign, seed=1)


def test_a_battle_roll_under_strict_dice_refuses_a_seed(lg: League) -> None:
    _strict(lg)
    b = lg.app.run(table.setup_battle, lg.campaign, [lg.easy, lg.jerries], scenario="Patrol",
                   attacker=lg.easy)
    ann = lg.login("ann")
    _refused(lg, ann, "table.battle_roll", 400, "plays strict dice", battle=b.id,
             table_id="nuts-scenario", seed=3)
    r = lg.client.post("/api/run/table.battle_roll", json={"battle": b.id, "table_id": "nuts-scenario"},
                       headers=ann)
    assert r.status_code == 200 and r.json()["source"] == "random", r.text


# --------------------------------------------------------------------------- previews
@pytest.fixture
def hive(lg: League) -> dict[str, int]:
    """A Necromunda campaign of the league (its injury roll has a dry run): ann's gang
    with Krug, bob's with Vala."""
    c = lg.app.run(campaigns.create_campaign, "Hive War", "necromunda")
    g = lg.app.run(rosters.create_roster, c.id, "Crushers", faction="Goliath")
    e = lg.app.run(rosters.create_roster, c.id, "Blades", faction="Escher")
    lg.app.run(league.assign_roster, g.id, "ann")
    lg.app.run(league.assign_roster, e.id, "bob")
    krug = lg.app.run(fighters.add_fighter, g.id, "Krug", fighter_type="ganger")
    vala = lg.app.run(fighters.add_fighter, e.id, "Vala", fighter_type="ganger")
    return {"campaign": c.id, "krug": krug.id, "vala": vala.id}


def test_a_player_previewing_another_players_fighter_is_refused(lg: League, hive: dict[str, int]) -> None:
    """``injury roll <their fighter> --dry-run --seed 3``: under strict dice the seed is
    refused; and even with the server's dice, a player's preview of another player's
    fighter is refused (its faces would be what the owner's Apply applies)."""
    _strict(lg, campaign=hive["campaign"])
    ann = lg.login("ann")
    _refused(lg, ann, "actions.injury_roll", 400, "a seed is refused", fighter=hive["vala"], dry_run=True, seed=3)
    msg = _refused(lg, ann, "actions.injury_roll", 403, "previews only their own fighters' rolls",
                   fighter=hive["vala"], dry_run=True)
    assert "'Blades'" in msg and "bob" in msg
    # in an open campaign too: the preview is a record of someone else's dice
    lg.app.run(record.set_campaign_settings, hive["campaign"], dice_discipline="open")
    _refused(lg, ann, "actions.injury_roll", 403, "previews only their own fighters' rolls",
             fighter=hive["vala"], dry_run=True, seed=3)


def test_a_players_own_preview_is_kept_and_is_what_apply_applies(lg: League, hive: dict[str, int]) -> None:
    _strict(lg, campaign=hive["campaign"])
    ann = lg.login("ann")
    pre = lg.client.post("/api/run/actions.injury_roll", json={"fighter": hive["krug"], "dry_run": True},
                         headers=ann)
    assert pre.status_code == 200, pre.text
    previews = lg.app.run(rolls.roll_log, hive["campaign"], marks=["preview"])
    assert previews and all(p["source"] == "random" for p in previews)
    done = lg.client.post("/api/run/actions.injury_roll", json={"fighter": hive["krug"]}, headers=ann)
    assert done.status_code == 200, done.text
    applied = lg.app.run(rolls.roll_log, hive["campaign"], marks=["applied"])
    # the faces applied begin with the faces previewed: no re-roll by previewing again
    shown = [f for p in previews for f in p["faces"]]
    got = [f for a in applied for f in a["faces"]]
    assert got[:len(shown)] == shown
    _intact(lg, hive["campaign"])


# --------------------------------------------------------------------------- marks, flags
def test_no_use_case_lets_a_player_set_a_rolls_mark_or_after_battle_done(lg: League) -> None:
    """The old league let a player UPDATE a roll's mark and a battle's
    ``after_battle_done``: no use-case a player may run takes either."""
    for name, e in CATALOGUE.items():
        if e.access == "read":
            continue
        fields = set(e.model.model_fields)
        assert not fields & {"mark", "after_battle_done", "prev_hash", "hash"}, name
    ann = lg.login("ann")
    b = lg.run(ann, "battles.record_battle", campaign=lg.campaign, rosters=[lg.easy, lg.jerries])
    assert b.status_code == 200, b.text
    _refused(lg, ann, "battles.record_battle", 422, "after_battle_done", campaign=lg.campaign,
             rosters=[lg.easy, lg.jerries], after_battle_done=True)
    for use_case in ("record.abandon_rolls", "record.record_preview", "battles.apply_after_battle"):
        _refused(lg, ann, use_case, 422, "no use-case named")
    # After the Battle (which sets the flag) is its players' and the arbitrator's, checked in
    # the transaction (tests/server/test_after_battle_steps.py); a viewer writes nothing
    _refused(lg, lg.login("vic"), "battles.after_battle", 403, "viewer", battle=b.json()["id"])


# --------------------------------------------------------------------------- the chain's end
def _some_rolls(lg: League, n: int = 4) -> None:
    ann = lg.login("ann")
    for _ in range(n):
        r = lg.client.post("/api/run/rolls.roll_table", json={"table_id": "nuts-scenario", "campaign": lg.campaign},
                           headers=ann)
        assert r.status_code == 200, r.text


def test_rolls_cut_off_the_end_are_found_and_named(lg: League) -> None:
    """Cutting rolls off the end left "chain intact: N rolls" before: the kept head
    (count and last hash, written with each roll) now says how many were cut."""
    from sqlalchemy import text

    _some_rolls(lg, 4)
    assert _intact(lg) == 4
    with lg.app.engine.begin() as conn:  # done in the database, as the old league let a player
        ids = [r[0] for r in conn.execute(text("SELECT id FROM roll_record ORDER BY id"))]
        conn.execute(text("DELETE FROM roll_record WHERE id IN (:a, :b)"), {"a": ids[-1], "b": ids[-2]})
    st = lg.app.run(record.verify_chain, lg.campaign)
    assert not st.intact and st.rolls == 2 and st.head_count == 4
    assert st.text.startswith("chain broken at its end: 2 rolls cut off the end (the head holds 4 rolls")


def test_a_junk_row_is_found_and_named_at_the_end_or_in_between(lg: League) -> None:
    """A hand-made row hashed onto the chain's newest record (what the old league's open
    INSERT policy allowed): past the head, it is named; and once the server rolls again
    after it (it chains after its own head, never after the junk), it is named as put
    in between."""
    from sqlalchemy import text

    from campaign_app import rollchain
    from db.models import utcnow

    _some_rolls(lg, 3)
    with lg.app.engine.begin() as conn:
        last = conn.execute(text("SELECT hash FROM roll_record ORDER BY id DESC LIMIT 1")).scalar()
        row = {"campaign_id": lg.campaign, "created_at": utcnow(), "purpose": "roll on Scenario", "rule": "",
               "subject": "", "dice": "d6", "faces": "1", "source": "random", "target": None, "value": 1,
               "table_id": "nuts-scenario", "row": "1", "result": "", "label": "", "step": "", "face_pos": None,
               "mark": "preview", "journal_id": None, "battle_id": None, "fighter_id": None, "unit_id": None}
        rollchain.chain(str(last), [row])
        cols = ", ".join(row)
        junk = conn.execute(text(f"INSERT INTO roll_record ({cols}) VALUES ({', '.join(':' + k for k in row)}) "
                                 "RETURNING id"), row).scalar()
    st = lg.app.run(record.verify_chain, lg.campaign)
    assert not st.intact and st.broken_at == junk
    assert f"roll record {junk} (#4 of the chain): it is past the chain's head (3 rolls" in st.text
    _some_rolls(lg, 1)  # the server goes on from its head
    st = lg.app.run(record.verify_chain, lg.campaign)
    assert not st.intact and st.broken_at == junk and "was put in between" in st.text


# --------------------------------------------------------------------------- marks at the table
def test_a_player_marks_only_their_own_figures_through_the_api(lg: League) -> None:
    """The battle page offers a player buttons on their own figures only; the same rule
    holds for ``/api/run`` (and so for every front end): a status, a hit or a "taken out
    by" mark on the other player's figure is refused inside the transaction, nothing
    written; the player's own mark, naming the other's figure as who did it, is kept."""
    b = lg.app.run(table.setup_battle, lg.campaign, [lg.easy, lg.jerries])
    lg.app.run(table.start_battle, b.id)
    ann = lg.login("ann")
    msg = _refused(lg, ann, "table.track", 403, "a player marks only their own figures",
                   battle=b.id, figure=lg.hans, status="duck-back")
    assert "Hans" in msg and "'Jerries'" in msg and "bob" in msg
    _refused(lg, ann, "table.hit", 403, "a player marks only their own figures", battle=b.id, fighter=lg.hans)
    r = lg.client.post("/api/run/table.track", headers=ann,
                       json={"battle": b.id, "figure": lg.rock, "status": "out-of-the-fight", "by": lg.hans})
    assert r.status_code == 200, r.text
    marks = lg.app.run(table.table_view, b.id)["marks"]
    assert [(m["figure"], m["kind"], m["value"], m["by"]) for m in marks] == [
        ("Sgt Rock", "status", "out-of-the-fight", "Hans")]
    # the arbitrator marks anyone's figure (an opponent no member plays)
    r = lg.client.post("/api/run/table.track", headers=lg.login("carla"),
                       json={"battle": b.id, "figure": lg.hans, "status": "duck-back"})
    assert r.status_code == 200, r.text


def test_editing_another_players_roster_says_whose_it_is(lg: League) -> None:
    msg = _refused(lg, lg.login("ann"), "rosters.edit_roster", 403, "belongs to bob, not to you (ann)",
                   ref=lg.jerries, notes="ours now")
    assert "neither takes nor gives away" not in msg


# --------------------------------------------------------------------------- a roll's mark (#35 item 4)
def test_a_mark_flipped_in_the_database_is_found_and_named(lg: League) -> None:
    """A roll's mark changed in the database: an applied roll set to ``undone`` (the app
    would then take its step as not rolled, and roll again), or a preview set to
    ``applied``. The mark is hashed with the roll and every change the app makes is a
    chained mark record, so ``log verify`` names the roll; put back, the chain is intact."""
    from sqlalchemy import text

    from campaign_app.usecases import record as rec

    _some_rolls(lg, 3)
    n = _intact(lg)
    rid = lg.app.run(rolls.roll_log, lg.campaign)[1]["id"]
    with lg.app.engine.begin() as conn:  # done in the database, behind the server's back
        conn.execute(text("UPDATE roll_record SET mark = 'undone' WHERE id = :i"), {"i": rid})
    st = lg.app.run(rec.verify_chain, lg.campaign)
    assert not st.intact and st.broken_at == rid
    assert st.text == (f"chain broken at roll record {rid} (#2 of the chain): marked undone in the table, "
                       "the chain says applied")
    r = lg.run("carla", "record.verify_chain", campaign=lg.campaign)  # what a member asks the server
    assert r.status_code == 200 and r.json()["intact"] is False and f"roll record {rid} " in r.json()["problem"]
    with lg.app.engine.begin() as conn:
        conn.execute(text("UPDATE roll_record SET mark = 'applied' WHERE id = :i"), {"i": rid})
    assert _intact(lg) == n
    # a preview the server recorded, abandoned by the app (a chained mark record), then set back by hand
    from campaign_app.dice import Roller

    r0 = Roller.from_options(seed=4)
    r0.roll("d6", purpose="preview")
    ids = lg.app.run(rec.record_preview, lg.campaign, r0.rolls).ids
    lg.app.run(rec.abandon_rolls, ids)
    assert _intact(lg) == n + 2  # the preview and its mark record
    with lg.app.engine.begin() as conn:
        conn.execute(text("UPDATE roll_record SET mark = 'applied' WHERE id = :i"), {"i": ids[0]})
    st = lg.app.run(rec.verify_chain, lg.campaign)
    assert not st.intact and "marked applied in the table, the chain says abandoned" in st.text
