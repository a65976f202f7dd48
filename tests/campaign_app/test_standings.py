"""The league standings on a recorded campaign: battles, wins, draws, losses, casualties
caused and suffered, the game's rating; sorted; the CLI's text and --json; the campaign
report PDF's table. On SQLite and PostgreSQL."""

from __future__ import annotations

import json
from typing import Any

import pytest
from sqlmodel import Session, col, select

from campaign_app.cli import main
from campaign_app.errors import InputError
from campaign_app.usecases import campaigns, fighters, rosters
from campaign_app.usecases.battles import record_battle
from campaign_app.usecases.standings import league_standings
from db.models import BattleResult, BattleRoster


def recorded_league(engine: Any) -> int:
    """Three gangs, three battles (see the numbers in EXPECTED)."""
    c = campaigns.create_campaign(engine, "Hive League", "necromunda")
    a = rosters.create_roster(engine, c.id, "Rats")
    b = rosters.create_roster(engine, c.id, "Ghosts")
    s = rosters.create_roster(engine, c.id, "Spiders")
    f = {}
    for roster, name, ftype, value in ((a, "A1", "leader", 100), (a, "A2", "ganger", 50), (a, "A3", "juve", 25),
                                       (b, "B1", "leader", 100), (b, "B2", "ganger", 50), (b, "B3", "ganger", 50),
                                       (s, "C1", "leader", 80)):
        f[name] = fighters.add_fighter(engine, roster.id, name, fighter_type=ftype, credits_value=value).id
    fighters.edit_fighter(engine, f["A3"], status="dead")  # not in the gang rating
    # 1: Rats beat Ghosts; B1 taken out by A1, B2 seriously injured by nobody named (the
    # other gang of a two-gang fight caused it), A2 taken out by B1
    record_battle(engine, c.id, [a.id, b.id], winner=a.id,
                  results={f["B1"]: "out-of-action", f["B2"]: "seriously-injured", f["A2"]: "out-of-action"},
                  by={f["B1"]: f["A1"], f["A2"]: f["B1"]})
    # 2: Ghosts and Spiders draw; C1 taken out by B2
    two = record_battle(engine, c.id, [b.id, s.id], results={f["C1"]: "out-of-action"}, by={f["C1"]: f["B2"]})
    with Session(engine) as ses:
        for link in ses.exec(select(BattleRoster).where(BattleRoster.battle_id == two.id)):
            link.result = "draw"
            ses.add(link)
        ses.commit()
    # 3: all three, Spiders win; A1 taken out by nobody named (three gangs: nobody's),
    # B3 taken out by C1
    record_battle(engine, c.id, [a.id, b.id, s.id], winner=s.id,
                  results={f["A1"]: "out-of-action", f["B3"]: "out-of-action"}, by={f["B3"]: f["C1"]})
    return int(c.id)


EXPECTED = {  # roster: battles, wins, draws, losses, caused, suffered, rating
    "Rats": (2, 1, 0, 1, 2, 2, 150),
    "Ghosts": (3, 0, 1, 2, 2, 3, 200),
    "Spiders": (2, 1, 1, 0, 1, 1, 80),
}
KEYS = ("battles", "wins", "draws", "losses", "caused", "suffered", "rating")


def test_standings_count_a_recorded_campaign(engine: Any) -> None:
    cid = recorded_league(engine)
    d = league_standings(engine, cid)
    assert d["campaign"] == "Hive League" and d["rating"] == "Gang rating" and d["sort"] == "wins"
    got = {line["roster"]: tuple(line[k] for k in KEYS) for line in d["standings"]}  # type: ignore[literal-required]
    assert got == EXPECTED
    # most wins first; Spiders' draw puts them above the Rats
    assert [line["roster"] for line in d["standings"]] == ["Spiders", "Rats", "Ghosts"]


def test_standings_sort_by_any_column(engine: Any) -> None:
    cid = recorded_league(engine)

    def order(col: str) -> list[str]:
        return [line["roster"] for line in league_standings(engine, cid, col)["standings"]]

    assert order("roster") == ["Ghosts", "Rats", "Spiders"]
    assert order("rating") == ["Ghosts", "Rats", "Spiders"]
    assert order("caused") == ["Rats", "Ghosts", "Spiders"]  # a tie: the one with more wins first
    assert order("suffered") == ["Spiders", "Rats", "Ghosts"]  # fewest first
    assert order("losses") == ["Spiders", "Rats", "Ghosts"]
    with pytest.raises(InputError, match="cannot be sorted by 'luck'"):
        league_standings(engine, cid, "luck")


def test_the_rating_is_the_games_own(engine: Any) -> None:
    from tests.campaign_app.data_builders import build_squad

    c = campaigns.create_campaign(engine, "Patrol", "nuts")
    r = rosters.create_roster(engine, c.id, "Squad")
    for name, rep in (("Hans", 4), ("Fritz", 5), ("Otto", 3)):
        fighters.add_fighter(engine, r.id, name, rep=rep)
    fighters.edit_fighter(engine, "Otto", status="dead")
    d = league_standings(engine, c.id)
    assert d["rating"] == "Total Rep" and d["standings"][0]["rating"] == 9  # NUTS!: the Rep of those ready
    squad = league_standings(engine, build_squad(engine))  # a squad game: its figures
    assert squad["rating"] == "Figures" and squad["standings"][0]["rating"] == 8
    assert squad["standings"][0]["battles"] == 0  # its battle names no rosters: not counted
    empty = league_standings(engine, campaigns.create_campaign(engine, "New", "fubar").id)
    assert empty["standings"] == []


def test_the_cli_prints_the_standings_as_text_and_json(db_url: str, capsys: Any) -> None:
    from db.migrate import open_database

    eng = open_database(db_url)
    try:
        cid = recorded_league(eng)
    finally:
        eng.dispose()
    assert main(["--db", db_url, "league", "standings", "Hive League"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Hive League (Necromunda): standings by wins"
    assert out[1].split() == ["Roster", "Battles", "Wins", "Draws", "Losses", "Cas.", "caused", "Cas.",
                              "suffered", "Gang", "rating"]
    assert [line.split() for line in out[3:]] == [
        ["Spiders", "2", "1", "1", "0", "1", "1", "80"],
        ["Rats", "2", "1", "0", "1", "2", "2", "150"],
        ["Ghosts", "3", "0", "1", "2", "2", "3", "200"]]
    assert main(["--db", db_url, "league", "standings", str(cid), "--json", "--sort", "rating"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["sort"] == "rating" and d["rating"] == "Gang rating"
    assert [(x["roster"], x["rating"], x["caused"], x["suffered"]) for x in d["standings"]] == [
        ("Ghosts", 200, 2, 3), ("Rats", 150, 2, 2), ("Spiders", 80, 1, 1)]
    assert main(["--db", db_url, "league", "standings", "Nowhere"]) == 2
    assert "no campaign 'Nowhere'" in capsys.readouterr().err


def test_the_campaign_report_pdf_has_the_standings_table(db_url: str, tmp_path: Any, capsys: Any) -> None:
    from db.migrate import open_database
    from tests.reports.helpers import all_text

    eng = open_database(db_url)
    try:
        recorded_league(eng)
    finally:
        eng.dispose()
    pdf = tmp_path / "league.pdf"
    assert main(["--db", db_url, "export", "campaign", "Hive League", "-o", str(pdf)]) == 0
    capsys.readouterr()
    text = all_text(pdf)
    assert "Standings" in text and "Casualties caused" in text and "Casualties suffered" in text
    assert "Gang rating" in text
    for roster, (battles, wins, draws, losses, caused, suffered, rating) in EXPECTED.items():
        assert f"{roster} {battles} {wins} {draws} {losses} {caused} {suffered} {rating}" in text, text


def _kept(engine: Any, fighter: int) -> tuple[list[int | None], list[int | None]]:
    """The rosters the battle results keep for ``fighter``: of its own results, of those it caused."""
    with Session(engine) as ses:
        own = ses.exec(select(BattleResult.roster_id).where(BattleResult.fighter_id == fighter)
                       .order_by(col(BattleResult.id))).all()
        caused = ses.exec(select(BattleResult.by_roster_id).where(BattleResult.by_fighter_id == fighter)
                          .order_by(col(BattleResult.id))).all()
    return list(own), list(caused)


def test_a_moved_fighters_results_count_for_its_new_roster_and_undo_gives_them_back(engine: Any) -> None:
    from campaign_app.usecases import journal, manage

    cid = recorded_league(engine)
    ghosts = next(r["id"] for r in campaigns.show_campaign(engine, cid)["rosters"] if r["name"] == "Ghosts")
    ravens = rosters.create_roster(engine, cid, "Ravens")
    b1 = next(f["id"] for f in rosters.show_roster(engine, ghosts)["fighters"] if f["name"] == "B1")
    # in three battles, taken out by A1 in the first; took out A2
    assert _kept(engine, b1) == ([ghosts] * 3, [ghosts])

    manage.move_fighter(engine, b1, ravens.id)
    assert _kept(engine, b1) == ([ravens.id] * 3, [ravens.id])  # written with the move
    got = {line["roster"]: tuple(line[k] for k in KEYS) for line in league_standings(engine, cid)["standings"]}  # type: ignore[literal-required]
    # B1 is a Raven now: what it caused is the Ravens'; its own casualty was in a battle the
    # Ravens did not fight (the Ghosts no longer suffer it; the Rats still caused it)
    assert got == {"Rats": (2, 1, 0, 1, 2, 2, 150), "Ghosts": (3, 0, 1, 2, 1, 2, 100),
                   "Spiders": (2, 1, 1, 0, 1, 1, 80), "Ravens": (0, 0, 0, 0, 1, 0, 100)}

    journal.undo(engine, cid)  # the move, results and all, in one step
    assert _kept(engine, b1) == ([ghosts] * 3, [ghosts])
    got = {line["roster"]: tuple(line[k] for k in KEYS) for line in league_standings(engine, cid)["standings"]}  # type: ignore[literal-required]
    assert got == {**EXPECTED, "Ravens": (0, 0, 0, 0, 0, 0, 0)}


def test_a_removed_attackers_casualties_go_to_the_other_side_of_a_two_roster_battle(engine: Any) -> None:
    cid = recorded_league(engine)
    named = {r["name"]: r["id"] for r in campaigns.show_campaign(engine, cid)["rosters"]}
    f = {x["name"]: x["id"] for r in named.values() for x in rosters.show_roster(engine, r)["fighters"]}
    assert _kept(engine, f["A1"])[1] == [named["Rats"]]
    fighters.remove_fighter(engine, f["A1"])
    with Session(engine) as ses:  # B1's result names neither A1 nor the Rats now
        res = ses.exec(select(BattleResult).where(BattleResult.fighter_id == f["B1"],
                                                  BattleResult.status == "out-of-action")).one()
    assert (res.by_fighter_id, res.by_roster_id, res.roster_id) == (None, None, named["Ghosts"])
    got = {line["roster"]: tuple(line[k] for k in KEYS) for line in league_standings(engine, cid)["standings"]}  # type: ignore[literal-required]
    # battle 1 had two gangs: B1's casualty is still the Rats' doing
    assert got["Rats"][4] == 2 and got["Ghosts"][5] == 3


def test_a_squad_games_casualties_are_lost_figures_caused_by_the_other_side(engine: Any) -> None:
    from campaign_app.usecases.units import add_unit

    c = campaigns.create_campaign(engine, "Bocage", "fubar")
    x = rosters.create_roster(engine, c.id, "Paras")
    y = rosters.create_roster(engine, c.id, "Grenadiers")
    ux = add_unit(engine, x.id, "1st Section", 8)
    uy = add_unit(engine, y.id, "Gruppe 1", 10)
    record_battle(engine, c.id, [x.id, y.id], winner=x.id, casualties={ux.id: 2, uy.id: 5})
    lines = {line["roster"]: line for line in league_standings(engine, c.id)["standings"]}
    assert (lines["Paras"]["suffered"], lines["Paras"]["caused"]) == (2, 5)
    assert (lines["Grenadiers"]["suffered"], lines["Grenadiers"]["caused"]) == (5, 2)
    assert lines["Paras"]["rating"] == 8 and lines["Grenadiers"]["rating"] == 10  # figures now


def _groups(engine: Any, name: str, k: int) -> int:
    """A campaign of ``k`` groups of three gangs, each with the same three battles."""
    c = campaigns.create_campaign(engine, name, "necromunda")
    for i in range(k):
        a, b, s = (rosters.create_roster(engine, c.id, f"{n} {i}") for n in ("Rats", "Ghosts", "Spiders"))
        f = {}
        for roster, who, ftype, value in ((a, "A1", "leader", 100), (a, "A2", "ganger", 50), (a, "A3", "juve", 25),
                                          (b, "B1", "leader", 100), (b, "B2", "ganger", 50),
                                          (b, "B3", "ganger", 50), (s, "C1", "leader", 80)):
            f[who] = fighters.add_fighter(engine, roster.id, f"{who} {i}", fighter_type=ftype, credits_value=value).id
        fighters.edit_fighter(engine, f["A3"], status="dead")
        record_battle(engine, c.id, [a.id, b.id], winner=a.id,
                      results={f["B1"]: "out-of-action", f["B2"]: "seriously-injured", f["A2"]: "out-of-action"},
                      by={f["B1"]: f["A1"], f["A2"]: f["B1"]})
        record_battle(engine, c.id, [b.id, s.id], winner=b.id, results={f["C1"]: "out-of-action"},
                      by={f["C1"]: f["B2"]})
        record_battle(engine, c.id, [a.id, b.id, s.id], winner=s.id,
                      results={f["A1"]: "out-of-action", f["B3"]: "out-of-action"}, by={f["B3"]: f["C1"]})
    return int(c.id)


GROUP = {  # roster: battles, wins, draws, losses, caused, suffered, rating (per group of _groups)
    "Rats": (2, 1, 0, 1, 2, 2, 150),
    "Ghosts": (3, 1, 0, 2, 2, 3, 200),
    "Spiders": (2, 1, 0, 1, 1, 1, 80),
}


def test_the_standings_take_as_many_statements_for_a_league_three_times_larger(engine: Any) -> None:
    """#32: the standings are counted by a fixed number of grouped statements (no query
    per roster, battle or figure): a league three times larger takes the same number,
    and every one of its rosters is counted right."""
    from tests.db.plans import statements

    small, large = _groups(engine, "Small", 1), _groups(engine, "Large", 3)
    counts = []
    for cid, k in ((small, 1), (large, 3)):
        with statements(engine) as seen:
            d = league_standings(engine, cid)
        counts.append(len(seen))
        got = {line["roster"]: tuple(line[key] for key in KEYS) for line in d["standings"]}  # type: ignore[literal-required]
        assert got == {f"{n} {i}": v for i in range(k) for n, v in GROUP.items()}
    assert counts[0] == counts[1], counts
    assert counts[0] <= 7, counts  # the campaign, its rules, the names, four grouped counts


def test_each_rosters_battles_and_rating_are_read_roster_by_roster_from_an_index(engine: Any) -> None:
    """#32: the battles, wins, draws and losses come from the index of (roster_id, result)
    alone, and the rating from each roster's figures, both walked from the campaign's
    rosters in order: nothing sorted into groups (at a national league's size the sort
    grew faster than the league), no figure of another campaign read."""
    from tests.db.plans import plan, statements

    cid = _groups(engine, "Plans", 2)
    with statements(engine) as seen:
        league_standings(engine, cid)
    links = [x for x in seen if "battle_roster.result" in x.statement and "hurts" not in x.statement]
    rating = [x for x in seen if "fighter.credits_value" in x.statement]  # the gang rating
    assert len(links) == 1 and len(rating) == 1, [x.statement for x in seen]
    lines = plan(engine, links[0])
    assert any("ix_battle_roster_standing" in line for line in lines), lines
    if engine.dialect.name == "sqlite":
        assert any("COVERING INDEX ix_battle_roster_standing" in line for line in lines), lines
        for s in (links[0], rating[0]):
            lines = plan(engine, s)
            assert not [line for line in lines if "TEMP B-TREE" in line], (s.statement, lines)
            assert not [line for line in lines if "ix_fighter_status" in line], (s.statement, lines)
