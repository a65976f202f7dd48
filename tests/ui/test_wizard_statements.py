"""The After the Battle wizard reads the battle once and previews every roll in memory:
typing N rolls one at a time does not go to the database N times (SQL statements are
counted on the engine)."""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import Qt

from campaign_app.facade import Campaigns
from campaign_app.usecases import roll_log
from tests.campaign_app.test_after_battle_statements import (
    BUDGET,
    eight_fighter_n23_battle,
    statements,
)


def click(qtbot: Any, button: Any) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_the_wizard_previews_each_roll_without_the_database(qtbot: Any, win: Any, gui_engine: Any,
                                                             snap: Any) -> None:
    from campaign_app.systems import game_system
    from ui.wizard import AfterBattleWizard

    cid, bid, _ids = eight_fighter_n23_battle(gui_engine)
    wiz = AfterBattleWizard(win, Campaigns(gui_engine), bid, game_system("necromunda").after_battle_options)
    qtbot.addWidget(wiz)
    wiz.show()
    faces = random.Random(7)
    before = snap(gui_engine)
    with statements(gui_engine) as seen:
        click(qtbot, wiz.next_button)  # leaving the start page reads the state, once
        read = len(seen)
        assert 0 < read < 20, seen
        rolls = 0
        went_back = False
        while wiz.page != "summary":
            need = wiz.current_need()
            assert need is not None and wiz.result_box.isHidden(), wiz.error.text()
            assert f"Roll <b>{need.need}</b>" == wiz.need_label.text()
            wiz.typed.clear()
            qtbot.keyClicks(wiz.typed, ",".join(str(faces.randint(1, 6)) for _ in range(need.count)))
            click(qtbot, wiz.use_typed)
            assert wiz.page == "result", wiz.error.text()
            assert wiz.row_label.text() and wiz.effect_label.text()
            rolls += 1
            if rolls == 3 and not went_back:  # Back drops a roll and asks again, still without the database
                click(qtbot, wiz.back_button)
                assert wiz.page == "roll"
                rolls -= 1
                went_back = True
                continue
            click(qtbot, wiz.next_button)
        assert rolls >= 8
        assert len(seen) == read, seen[read:]  # every roll previewed in memory
        click(qtbot, wiz.apply_button)
        assert not wiz.isVisible(), wiz.error.text()
    assert len(seen) < BUDGET, len(seen)
    assert snap(gui_engine) != before
    log = roll_log(gui_engine, cid, battle=bid)
    assert len(log) == rolls and {r["source"] for r in log} == {"typed"}
