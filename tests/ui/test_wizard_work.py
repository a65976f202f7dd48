"""The wizard's preview does the same work for each roll however many were made before:
one live run of the procedure (its generator, kept) is sent each roll's faces (nothing
replayed, no probe with filler dice), counted here in rolls the driver reads, not timed.
And it shows what a run started afresh with the same faces shows, roll by roll."""

from __future__ import annotations

import random
from typing import Any

import pytest

from campaign_app import procedure_driver as driver
from campaign_app.facade import Campaigns
from tests.campaign_app.test_after_battle_statements import eight_fighter_n23_battle


def forty_nuts_casualties(engine: Any) -> int:
    from campaign_app.usecases import add_fighter, create_campaign, create_roster
    from campaign_app.usecases.battles import record_battle

    c = create_campaign(engine, "Ardennes", "nuts")
    r = create_roster(engine, c.id, "Squad")
    names = [f"GI {i}" for i in range(40)]
    for n in names:
        add_fighter(engine, r.id, n, fighter_type="grunt", rep=4)
    return int(record_battle(engine, c.id, [r.id], results=dict.fromkeys(names, "out-of-the-fight")).id)


def _wizard(qtbot: Any, engine: Any, bid: int) -> Any:
    from campaign_app.systems import game_system
    from campaign_app.usecases import show_campaign
    from campaign_app.usecases.battles import show_battle
    from ui.wizard import AfterBattleWizard

    system = show_campaign(engine, show_battle(engine, bid)["campaign_id"])["system"]
    wiz = AfterBattleWizard(None, Campaigns(engine), bid, game_system(system).after_battle_options)
    qtbot.addWidget(wiz)
    return wiz


@pytest.fixture
def dice_rolled(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many rolls the driver read for the procedures (live runs and fresh runs alike)."""
    made = [0]
    real = driver.read

    def counted(*a: Any, **k: Any) -> Any:
        made[0] += 1
        return real(*a, **k)

    monkeypatch.setattr(driver, "read", counted)
    return made


@pytest.mark.parametrize("battle", ["nuts-40", "n23-8"])
def test_each_roll_costs_the_same_however_many_came_before(qtbot: Any, gui_engine: Any, dice_rolled: list[int],
                                                           battle: str) -> None:
    bid = forty_nuts_casualties(gui_engine) if battle == "nuts-40" else eight_fighter_n23_battle(gui_engine)[1]
    wiz = _wizard(qtbot, gui_engine, bid)
    wiz._rng._rng = random.Random(20261201)  # the same dice each run: the same steps to count
    wiz.next()
    work: list[int] = []
    for _ in range(500):  # bounded: a wizard that stops asking for dice fails here, never hangs
        if wiz.page == "summary":
            break
        before = dice_rolled[0]
        wiz.roll()
        wiz.next()
        work.append(dice_rolled[0] - before)
    assert wiz.page == "summary", (wiz.page, wiz.error.text())
    rolls = len(wiz.roll_starts)
    assert rolls == len(work) and rolls >= (40 if battle == "nuts-40" else 8)
    assert wiz.live_runs == 1  # one run all the way: no roll replayed the ones before
    assert not hasattr(wiz, "probes") and not hasattr(driver, "probe")  # no filler dice either
    assert work == [1] * rolls, work  # one roll's work each, however many came before


@pytest.mark.parametrize("battle", ["nuts-40", "n23-8"])
def test_the_live_preview_shows_what_a_fresh_run_shows(qtbot: Any, gui_engine: Any, battle: str) -> None:
    from ui.wizard import DryRun

    bid = forty_nuts_casualties(gui_engine) if battle == "nuts-40" else eight_fighter_n23_battle(gui_engine)[1]
    wiz = _wizard(qtbot, gui_engine, bid)
    wiz.next()
    plan = wiz.plan
    rng = random.Random(5)

    def replayed(faces: list[driver.Face]) -> DryRun:  # a run started afresh with the faces
        out = DryRun()
        run, seen = plan.live(faces)
        if run.result is not None:
            out.report = plan.report(run.result, True)
            out.rolls, out.steps = run.rolls, out.report.steps
            return out
        out.need = run.pending
        out.rolls, out.steps = run.rolls, [st.to_dict() for st in seen[0].steps]
        return out

    went_back = False
    while True:
        faces = list(wiz.faces)
        live, old = wiz.dry(faces), replayed(faces)
        k = len(wiz.roll_starts)
        assert (live.need is None) == (old.need is None)
        assert wiz._steps_before(live, k) == wiz._steps_before(old, k), k
        if k:
            assert wiz._effect_of(live, k - 1) == wiz._effect_of(old, k - 1), k
            assert live.rolls[k - 1].to_dict() == old.rolls[k - 1].to_dict()
        if live.need is None:
            assert live.report is not None and old.report is not None
            assert live.report.lines == old.report.lines and live.report.steps == old.report.steps
            assert wiz.live_runs == 2  # the first, and one after Back
            break
        wiz._add_faces([(rng.randint(1, 6), "typed") for _ in range(live.need.count)])
        if k == 3 and not went_back:  # Back: a new run, from the faces kept
            went_back = True
            assert wiz.live_runs == 1
            wiz.back()  # the roll again (shown as before); other faces start a run again


def test_so_far_lists_every_step_before_the_roll_shown(qtbot: Any, gui_engine: Any) -> None:
    """The "So far" list grows by the new lines (it is not filled again each roll), but
    always holds every step before the roll shown, on the result page too, and after Back."""
    from ui.wizard import _step_line

    wiz = _wizard(qtbot, gui_engine, forty_nuts_casualties(gui_engine))
    wiz.next()

    def listed() -> list[str]:
        return [wiz.history.item(i).text() for i in range(wiz.history.count())]

    def expected(k: int) -> list[str]:
        return [_step_line(st) for st in wiz._steps_before(wiz.dry(wiz.faces), k)]

    for n in range(6):
        wiz.roll()  # the result page of roll n
        assert listed() == expected(n), n
        wiz.next()  # the next roll's page
        assert listed() == expected(n + 1), n
    assert len(listed()) >= 5
    wiz.back()
    assert listed() == expected(len(wiz.roll_starts))
