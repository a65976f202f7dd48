"""French and Italian: the .ts files complete and in step with ui/ (lupdate finds
nothing new, lrelease makes the shipped .qm), the window in French and Italian under
``--lang`` (menus, the After the Battle wizard), the rules data's own translations shown
in the window, the language menu, and (slow) the French and Italian screenshot sets
without cut-off text at 1280x800."""

from __future__ import annotations

import ast
import shutil
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from campaign_app.facade import Campaigns
from ui.translations import LANGS, lrelease, lupdate

ROOT = Path(__file__).resolve().parents[2]
TS = ROOT / "ui" / "translations"


def _messages(ts: Path) -> dict[tuple[str, str], ET.Element]:
    out = {}
    for ctx in ET.parse(ts).getroot().iter("context"):
        name = ctx.findtext("name") or ""
        for m in ctx.iter("message"):
            out[(name, m.findtext("source") or "")] = m.find("translation")
    return out


def _ui_literals() -> set[tuple[str, str]]:
    """Every (context, text) a ``translate``/``QT_TRANSLATE_NOOP`` call of ui/ names
    with literal strings (whatever the spelling of its other arguments)."""
    out = set()
    for p in (ROOT / "ui").rglob("*.py"):
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("translate", "QT_TRANSLATE_NOOP") and len(node.args) >= 2
                    and all(isinstance(a, ast.Constant) and isinstance(a.value, str)
                            for a in node.args[:2])):
                out.add((node.args[0].value, node.args[1].value))
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_ts_file_is_complete(lang: str) -> None:
    msgs = _messages(TS / f"campaign_app_{lang}.ts")
    assert len(msgs) > 500
    unfinished = [s for (_c, s), tr in msgs.items()
                  if tr is None or tr.get("type") in ("unfinished", "vanished", "obsolete")
                  or not (tr.text or "").strip()]
    assert unfinished == []
    for (_c, src), tr in msgs.items():  # the values put in stay the same
        import re

        assert sorted(re.findall(r"\{[^{}]*\}", src)) == sorted(re.findall(r"\{[^{}]*\}", tr.text or "")), src


@pytest.mark.parametrize("lang", LANGS)
def test_every_ui_string_is_in_the_ts_files_and_lupdate_adds_nothing(lang: str, tmp_path: Path) -> None:
    ts = TS / f"campaign_app_{lang}.ts"
    msgs = _messages(ts)
    missing = sorted(_ui_literals() - set(msgs))
    assert missing == [], "run tools/update-translations and translate: " + repr(missing[:5])
    copy = tmp_path / ts.name
    shutil.copyfile(ts, copy)
    lupdate(ROOT, copy, lang)
    assert set(_messages(copy)) == set(msgs)
    assert copy.read_bytes() == ts.read_bytes()


@pytest.mark.parametrize("lang", LANGS)
def test_shipped_qm_is_what_lrelease_makes(lang: str, tmp_path: Path) -> None:
    ts = TS / f"campaign_app_{lang}.ts"
    qm = ts.with_suffix(".qm")
    assert qm.exists()  # (file times mean nothing in a fresh clone: the bytes are compared)
    lrelease(ts, tmp_path / qm.name)
    assert (tmp_path / qm.name).read_bytes() == qm.read_bytes()


def test_qm_files_ship_as_package_data() -> None:
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    assert "**/*.qm" in data["ui"]


# -- the window in a language --------------------------------------------------------
@pytest.fixture
def lang_window(qtbot: Any, gui_engine: Any, settings: Any, sqlite_url: str) -> Iterator[Any]:
    """``make(lang)``: the main window built after the language is installed, the way
    ``ui.app.run`` does it; English again afterwards."""
    from ui.i18n import install
    from ui.main_window import MainWindow

    def make(lang: str) -> Any:
        assert install(lang) == lang
        w = MainWindow(Campaigns(gui_engine), settings, sqlite_url)
        qtbot.addWidget(w)
        w.show()
        qtbot.waitExposed(w)
        return w

    yield make
    from tests.ui.conftest import close_popups

    close_popups()
    install("en")


def _menus(win: Any) -> list[str]:
    return [a.text() for a in win.menuBar().actions()]


def _pending_campaign(win: Any) -> dict[str, Any]:
    return next(c for c in win.tree_data if c["pending_battles"])


@pytest.mark.parametrize(("lang", "menus", "wizard", "next_text"), [
    ("fr", ["&Fichier", "É&dition", "&Campagne", "&Liste", "&Bataille", "&Affichage", "A&ide"],
     "Après la bataille — bataille", "&Suivant >"),
    ("it", ["&File", "&Modifica", "&Campagna", "&Lista", "&Battaglia", "&Visualizza", "&Aiuto"],
     "Dopo la battaglia — battaglia", "&Avanti >"),
])
def test_window_and_after_the_battle_wizard_in_the_language(
        qtbot: Any, lang_window: Any, gui_engine: Any, lang: str, menus: list[str], wizard: str,
        next_text: str) -> None:
    from campaign_app.usecases.demo import create_demo

    create_demo(gui_engine)
    win = lang_window(lang)
    win.reload()
    assert _menus(win) == menus
    assert win.actions["after_battle"].text() == {"fr": "&Après la bataille…",
                                                   "it": "&Dopo la battaglia…"}[lang]
    assert win.tabs.tabText(0) == {"fr": "Liste", "it": "Lista"}[lang]
    camp = _pending_campaign(win)
    win.select_tree("campaign", camp["id"])
    wiz = win.after_battle()
    assert wiz.windowTitle().startswith(wizard)
    assert wiz.next_button.text() == next_text
    assert wiz.cancel_button.text() == {"fr": "Annuler", "it": "Annulla"}[lang]
    qtbot.mouseClick(wiz.next_button, __import__("PySide6.QtCore", fromlist=["Qt"]).Qt.MouseButton.LeftButton)
    assert wiz.dice_box.title() == {"fr": "Dés", "it": "Dadi"}[lang]
    wiz.reject()


def test_english_stays_english_without_a_translator(win: Any) -> None:
    from ui.i18n import current

    assert current() == "en"
    assert _menus(win)[0] == "&File" and win.actions["after_battle"].text() == "&After the Battle…"


@pytest.mark.parametrize(("lang", "system_name", "table_title"), [
    ("fr", "Infanterie et moral d'unité", "Après la bataille : sort des pertes"),
    ("it", "Fanteria e morale d'unità", "Dopo la battaglia: sorte delle perdite"),
])
def test_rules_data_translation_shows_in_the_window(
        qtbot: Any, lang_window: Any, gui_engine: Any, lang: str, system_name: str,
        table_title: str) -> None:
    """The unit-morale system's own translations/<lang>.toml names it and its tables in
    the window; the same data stays English for the core (the CLI)."""
    from campaign_app.systems.unit_morale.demo import build
    from campaign_app.usecases import gui_queries as q

    cid = build(gui_engine)
    win = lang_window(lang)
    win.reload()
    win.select_tree("campaign", cid)
    assert system_name in win.table_title.text().replace("&#x27;", "'")
    dlg = win.house_rules()
    shown = [dlg.tables.data(dlg.tables.index(r, 0)) for r in range(dlg.tables.rowCount())]
    assert table_title in shown
    assert "After the battle: casualty fate" in [t["title"] for t in q.rule_tables(gui_engine, cid)]
    dlg.reject()


@pytest.mark.parametrize(("system", "lang"), [("fubar", "it"), ("unit-morale", "fr")])
def test_seed_language_rules_data_written_in_full(system: str, lang: str) -> None:
    """FUBAR's source is Italian, the unit-morale one French: every table of theirs has
    its title, and every row its label and effect, in that language."""
    from campaign_app.rules.i18n import translated, translation_files
    from campaign_app.rules.loader import load_rulebook

    model = next(m for _n, sid, m in translation_files(lang) if sid == system)
    assert model.name
    for tid, t in load_rulebook().tables.items():
        if t.system != system:
            continue
        assert model.tables[tid].title, tid
        for r in t.rows:
            written = model.tables[tid].rows[r.result]
            assert written.label and written.text, (tid, r.result)
            assert translated(r.text, lang, system) == written.text


def test_language_menu_remembers_the_choice_and_says_when(qtbot: Any, win: Any, settings: Any) -> None:
    from tests.ui.conftest import messages

    assert settings.language() is None
    names = [a.text() for a in win.language_group.actions()]
    assert names == ["English", "Français", "Italiano"]
    assert win.findChild(__import__("PySide6.QtWidgets", fromlist=["QMenu"]).QMenu, "menu_language")
    fr = next(a for a in win.language_group.actions() if a.data() == "fr")
    fr.trigger()
    assert settings.language() == "fr"
    assert any("Français" in text and "next start" in text for _t, text in messages())


def test_pick_language_order() -> None:
    from ui.i18n import pick_language

    assert pick_language("it", "fr", {"LANG": "fr_FR.UTF-8"}) == "it"  # --lang first
    assert pick_language(None, "fr", {"LANG": "it_IT.UTF-8"}) == "fr"  # then the saved one
    assert pick_language(None, None, {"LANG": "it_IT.UTF-8"}) == "it"  # then the system's
    assert pick_language(None, None, {"LANG": "de_DE.UTF-8"}) == "en"  # else English
    assert pick_language(None, None, {"LC_ALL": "fr_CA.UTF-8", "LANG": "it_IT"}) == "fr"


def test_run_installs_the_language_before_the_window(monkeypatch: Any, qapp: Any) -> None:
    """``ui.app.run(lang=...)`` installs the translator before any window is built."""
    import ui.app
    import ui.main_window
    from ui import i18n

    seen: list[str] = []

    class Stop(Exception):
        pass

    def fake_window(*_a: Any, **_k: Any) -> Any:
        seen.append(i18n.current())
        raise Stop

    monkeypatch.setattr(ui.main_window, "MainWindow", fake_window)
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    try:
        with pytest.raises(Stop):
            ui.app.run("sqlite://", lang="it", default_url="sqlite://")
    finally:
        i18n.install("en")
    assert seen == ["it"]


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_screenshots_in_the_language_cut_nothing_off(qtbot: Any, tmp_path: Path, lang: str) -> None:
    from ui.i18n import install
    from ui.screenshots import render

    cut: list[str] = []
    try:
        files = render(tmp_path / "shots", cut, "light", lang)
    finally:
        install("en")
    assert cut == []  # at 1280x800 no French or Italian text is cut off or elided
    assert any("wizard-summary" in f.name for f in files)


# English words the After the Battle texts are made of (none is a French or Italian word
# a translation would keep): one left in a French or Italian wizard is a text not translated
ENGLISH = {"the", "of", "for", "and", "to", "from", "back", "lost", "wounded", "gains", "after", "battle",
           "battles", "fought", "figures", "ready", "casualty", "stays", "beats", "does", "not", "beat", "joins",
           "rolls", "new", "leaves", "held", "lasting", "injury", "recovery", "increase", "decrease", "fate",
           "took", "part", "out", "pay", "treatment", "dead", "goes", "misses", "next", "then", "returns",
           "only", "shaken", "ranks", "good", "one", "two", "sent", "time", "squad", "duty", "while", "removed",
           "obviously", "rises", "tested", "with", "without", "into", "its", "gone", "home", "fit", "rolled",
           "again", "more", "roll", "hates", "becomes", "every", "type", "that", "enmity", "scars", "learnt",
           "cold", "injured", "seriously", "captured", "roster", "change", "down", "up", "wound", "eye",
           "hand", "spinal", "hobbled", "horrid", "lesson", "personal", "eternal", "grievous", "until",
           "rescued", "exchanged", "chooses", "treat", "dies", "end", "cycle", "status", "skipped"}


def _english_left(shown: str, names: list[str], english: set[str]) -> list[str]:
    """The English words of ``english`` left in ``shown`` (markup and the figures' and
    rosters' own names taken out first)."""
    import re

    plain = re.sub(r"<[^>]+>", " ", shown)
    for n in names:
        plain = plain.replace(n, " ")
    return [w for w in re.findall(r"[^\W\d_]+", plain) if w.lower() in english]


def _wizard_texts(qtbot: Any, win: Any, campaign_id: int) -> list[str]:
    """Every text the wizard shows while walking one pending battle to its summary,
    the app rolling every die: the need, the result, the effect, the history, the
    summary's steps and the changes."""
    from PySide6.QtCore import Qt

    win.select_tree("campaign", campaign_id)
    wiz = win.after_battle()
    seen: list[str] = []

    def grab() -> None:
        for label in (wiz.need_label, wiz.row_label, wiz.effect_label):
            if label.isVisibleTo(wiz) and label.text():
                seen.append(label.text())
        seen.extend(wiz.history.item(i).text() for i in range(wiz.history.count()))

    wiz.next()
    for _ in range(60):
        if wiz.page == "summary":
            break
        grab()
        wiz.roll()
        grab()
        wiz.next()
    assert wiz.page == "summary"
    model = wiz.steps_model
    seen += [str(model.index(r, c).data(Qt.ItemDataRole.DisplayRole) or "")
             for r in range(model.rowCount()) for c in range(model.columnCount())]
    seen += [wiz.changes.item(i).text() for i in range(wiz.changes.count())]
    # long translated rule names wrap: "What happened" keeps two fifths of the table
    view = wiz.steps_view
    assert view.columnWidth(3) >= 0.38 * view.viewport().width(), [view.columnWidth(c) for c in range(4)]
    wiz.reject()
    return seen


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_after_the_battle_steps_are_in_the_language(qtbot: Any, lang_window: Any, gui_engine: Any,
                                                    lang: str) -> None:
    """Issue #33: every demo game's After the Battle walked in the wizard (FUBAR with a
    second battle of casualties): no English word left in any step, roll or change,
    once the figures' and rosters' own names are taken out."""

    from sqlalchemy import text

    from campaign_app.usecases.battles import record_battle
    from campaign_app.usecases.demo import create_demo

    create_demo(gui_engine)
    with gui_engine.connect() as con:
        fubar = con.execute(text("SELECT name FROM campaign WHERE system = 'fubar'")).scalar_one()
        forces = [n for (n,) in con.execute(text(
            "SELECT r.name FROM roster r JOIN campaign c ON c.id = r.campaign_id WHERE c.system = 'fubar'"))]
        names = sorted({n for (n,) in con.execute(text(
            "SELECT name FROM fighter UNION SELECT name FROM unit UNION SELECT name FROM roster"))},
            key=len, reverse=True)
    record_battle(gui_engine, fubar, forces, casualties={"Alpha Section": 3, "Cell One": 4, "Cell Two": 2})
    win = lang_window(lang)
    win.reload()
    pending = [c for c in win.tree_data if c["pending_battles"]]
    assert {c["system"] for c in pending} >= {"nuts", "necromunda", "fubar", "unit-morale"}
    left: list[str] = []
    shown = 0
    for camp in pending:
        for t in _wizard_texts(qtbot, win, camp["id"]):
            shown += 1
            english = _english_left(t, names, ENGLISH)
            if english:
                left.append(f"{camp['system']}: {t!r} ({', '.join(english)})")
    assert shown > 40
    assert left == [], "\n".join(left)


def test_a_pattern_names_the_same_slots_and_translates_lists_names_and_brackets() -> None:
    from campaign_app.errors import RulesDataError
    from campaign_app.rules.i18n import compile_pattern, parse_translation, translated

    with pytest.raises(RulesDataError, match="name different slots"):
        compile_pattern("{who!} gains {skill}", "{who} gagne {talent}", "fr.toml: ")
    with pytest.raises(RulesDataError, match="has no"):
        parse_translation("x.toml", 'language = "fr"\n[patterns]\n"no slot" = "pas de case"\n')
    # a change line: the name kept, each change translated, the reason in its brackets only
    line = "Ruk: XP 1 → 2, gains condition hatred-fighter:Nyx (#28), status active → dead (after the battle)"
    assert translated(line, "fr", "necromunda") == (
        "Ruk : XP 1 → 2, gagne l'état haine de Nyx (#28), statut actif → mort (après la bataille)")
    # a loose pattern of a game never takes a line a more specific one says better
    assert translated("Hobbled: status in-recovery; M 4 -> 3", "it", "necromunda") == \
        "Azzoppato: stato in recupero; M 4 -> 3"
    # a name slot does not reach across ": "; what no pattern matches stays as it is
    assert translated("Sgt Rock: a text no file names", "fr", "nuts") == "Sgt Rock : a text no file names"
    assert translated("nothing to see", "it", "nuts") == "nothing to see"
    assert translated("score 4 beats Rep 3: Rep 3 -> 4", "en", "nuts") == "score 4 beats Rep 3: Rep 3 -> 4"


def _mnemonic(text: str) -> str | None:
    import re

    m = re.search(r"&([^&])", text.replace("&&", ""))
    return m.group(1).lower() if m else None


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_theme_items_and_wizard_buttons_each_have_a_key_of_their_own(qtbot: Any, lang_window: Any,
                                                                   lang: str) -> None:
    """Issue #33: View ▸ Theme had no underlined letters; the Italian wizard gave Alt+A to
    both Avanti and Applica. Each theme item, and each wizard button, has a letter of
    its own."""
    from campaign_app.usecases.demo import create_demo

    win = lang_window(lang)
    create_demo(win.app.engine)
    win.reload()
    theme = [a.text() for a in win.theme_group.actions()]
    keys = [_mnemonic(t) for t in theme]
    assert None not in keys and len(set(keys)) == len(keys), theme
    camp = next(c for c in win.tree_data if c["pending_battles"])
    win.select_tree("campaign", camp["id"])
    wiz = win.after_battle()
    buttons = [b.text() for b in (wiz.back_button, wiz.next_button, wiz.apply_button, wiz.roll_button,
                                  wiz.use_typed)]
    keys = [_mnemonic(t) for t in buttons]
    assert None not in keys and len(set(keys)) == len(keys), buttons
    wiz.reject()


@pytest.mark.parametrize(("lang", "word"), [("fr", "escouade"), ("it", "squadra")])
def test_the_side_panel_names_a_squad_in_the_language(qtbot: Any, lang_window: Any, gui_engine: Any, lang: str,
                                                      word: str) -> None:
    """Issue #33: "squad" stayed English in the side panel of a NUTS! campaign."""
    from campaign_app.usecases.demo import create_demo

    create_demo(gui_engine)
    win = lang_window(lang)
    win.reload()
    nuts = next(c for c in win.tree_data if c["system"] == "nuts")
    win.select_tree("campaign", nuts["id"])
    shown = win.detail.toPlainText()
    assert f"· {word} ·" in shown and "squad ·" not in shown


ADVANCE_ENGLISH = ENGLISH - {"change", "table"} | {
    "rank", "claimed", "advancement", "advancements", "skill", "better", "bought", "spent", "kept", "promoted",
    "random", "primary", "secondary", "choice", "rookie", "member", "hero", "legend", "movement", "strength",
    "toughness", "wounds", "attacks", "leadership", "willpower", "needs", "training"}


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_the_advance_dialog_is_in_the_language(qtbot: Any, lang_window: Any, gui_engine: Any, lang: str) -> None:
    """Issue #33: the Advance dialog of a figure of every demo roster (and of an n23 gang)
    shows its rules data (ranks, options, notes, status) in the language."""

    from PySide6.QtWidgets import QLabel, QTreeWidget
    from sqlalchemy import text

    from campaign_app.usecases import campaigns, fighters, rosters
    from campaign_app.usecases.demo import create_demo

    create_demo(gui_engine)
    c = campaigns.create_campaign(gui_engine, "Old Hive", "necromunda", edition="n23")
    r = rosters.create_roster(gui_engine, c.id, "Rust Rats")
    stats = {"M": "4", "WS": "4+", "BS": "4+", "S": "3", "T": "3", "W": "1", "I": "4+", "A": "1", "Ld": "7+",
             "Cl": "7+", "Wil": "7+", "Int": "7+"}
    for kind in ("leader", "ganger", "juve"):
        fighters.add_fighter(gui_engine, r.id, f"Rat {kind}", fighter_type=kind, stats=stats, xp=12)
    with gui_engine.connect() as con:
        names = sorted({n for (n,) in con.execute(text(
            "SELECT name FROM fighter UNION SELECT name FROM unit UNION SELECT name FROM roster"))},
            key=len, reverse=True)
    win = lang_window(lang)
    win.reload()
    left: list[str] = []
    opened = 0
    for camp in win.tree_data:
        for roster in camp["rosters"]:
            win.select_tree("roster", roster["id"])
            for row in list(win.model.rows)[:3]:
                win.select_figure(row["name"])
                if not win.actions["advance"].isEnabled():
                    continue
                dlg = win.advance_selected()
                if dlg is None:
                    continue
                opened += 1
                shown = [w.text() for w in dlg.findChildren(QLabel) if w.isVisibleTo(dlg)]
                for tree in dlg.findChildren(QTreeWidget):
                    shown += [tree.topLevelItem(i).text(k) for i in range(tree.topLevelItemCount())
                              for k in range(tree.columnCount())]
                for t in shown:
                    english = _english_left(t, names, ADVANCE_ENGLISH)
                    if english:
                        left.append(f"{camp['system']} {row['name']}: {t!r} ({', '.join(english)})")
                dlg.reject()
    assert opened >= 8
    assert left == [], "\n".join(sorted(set(left)))


def _menu_key_problems(menu: Any, where: str) -> list[str]:
    """Every item of ``menu`` and of its submenus: a letter of its own within its menu.
    What Qt shows is what counts: hidden items and separators take no key."""
    problems: list[str] = []
    seen: dict[str, str] = {}
    for a in menu.actions():
        if a.isSeparator() or not a.isVisible() or not a.text():
            continue
        text = a.text()
        key = _mnemonic(text)
        name = f"{where} ▸ {text}"
        if key is None:
            problems.append(f"{name}: no key")
        elif key in seen:
            problems.append(f"{name}: Alt+{key} also {seen[key]}")
        else:
            seen[key] = text
        if a.menu() is not None and a.menu() is not menu:
            problems += _menu_key_problems(a.menu(), name)
    return problems


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_every_menu_item_has_a_key_of_its_own(qtbot: Any, lang_window: Any, lang: str) -> None:
    """Every menu's items (the game's own actions included, with each demo campaign
    open) each have an underlined letter, and no two in one menu share it: Alt and the
    letter reaches any item from the keyboard in every language. Before, File had
    "Create &Demo Campaigns" and "&Database Settings…", View "&Language" and "Roll &Log"
    (16 such items in English, 15 in French, 21 in Italian)."""
    from campaign_app.usecases.demo import create_demo

    win = lang_window(lang)
    create_demo(win.app.engine)
    win.reload()
    problems: set[str] = set()
    bar = win.menuBar()
    for camp in win.tree_data:
        win.select_tree("campaign", camp["id"])
        roster = camp["rosters"][0]["id"]
        win.select_tree("roster", roster)
        problems.update(p for p in _menu_key_problems(bar, "menu bar") if p.count(" ▸ ") == 1)
        for top in bar.actions():  # each menu as it opens (an item may sit in two menus)
            top.menu().aboutToShow.emit()
            problems.update(_menu_key_problems(top.menu(), f"menu bar ▸ {top.text()}"))
    assert not problems, "\n".join(sorted(problems))


def test_the_unit_dialog_shows_and_takes_the_seeds_words(qtbot: Any, gui_engine: Any) -> None:
    """Issue #31: in Italian a FUBAR unit's training, armour and type are seed 004's
    words, the weapon entry completes them ("Mitraglietta"), and a weapon typed so is
    saved as the SMG; in French a unit-morale unit's discipline and orders are seed 002's
    (Démoralisée, Sneak). In English the same dialog takes the Italian word too."""
    from sqlmodel import select

    from campaign_app.usecases import campaigns, rosters
    from db.models import Equipment, Unit
    from db.uow import read_session
    from ui.dialogs.fighter import UnitDialog
    from ui.i18n import install

    c = campaigns.create_campaign(gui_engine, "Italia", "fubar")
    r = rosters.create_roster(gui_engine, c.id, "Rossi")
    um = campaigns.create_campaign(gui_engine, "Bocage", "unit-morale")
    paras = rosters.create_roster(gui_engine, um.id, "Paras")
    try:
        for lang, word in (("it", "Mitraglietta"), ("en", "mitraglietta")):
            assert install(lang) == lang
            dlg = UnitDialog(None, Campaigns(gui_engine), r.id, {"system": "fubar"})
            qtbot.addWidget(dlg)
            shown = [dlg.training.itemText(i) for i in range(dlg.training.count())]
            armour = [dlg.armour.itemText(i) for i in range(dlg.armour.count())]
            model = dlg.weapons.entry.completer().model()
            completions = [model.index(i, 0).data() for i in range(model.rowCount())]
            assert "Mitraglietta" in completions and "SMG" in completions
            if lang == "it":
                assert shown == ["Recluta", "Esperto", "Veterano", "Elite"]
                assert armour[0] == "Nessuna" and "Energetica (tiro salvezza 3)" in armour
                assert dlg.unit_type.itemText(0) == "Fanteria"
            else:
                assert shown[0] == "Green (Recluta)"
            dlg.name.setText(f"Squadra {lang}")
            dlg.weapons.entry.setText(word)
            dlg.weapons.add_current()
            dlg.try_accept()
            assert dlg.result() == dlg.DialogCode.Accepted, dlg.error.text()
        assert install("fr") == "fr"
        dlg = UnitDialog(None, Campaigns(gui_engine), paras.id, {"system": "unit-morale"})
        qtbot.addWidget(dlg)
        disc = [dlg.discipline.itemText(i) for i in range(dlg.discipline.count())]
        orders = [dlg.order.itemText(i).split(" — ")[0] for i in range(1, dlg.order.count())]
        assert disc == ["Confiante", "Suppressed", "Shaken", "Démoralisée", "Détruite", "Prisonnière"]
        assert orders == ["Hold", "Sneak", "Advance", "Run"]
    finally:
        install("en")
    with read_session(gui_engine) as s:
        got = {u.name: sorted(e.name for e in s.exec(select(Equipment).where(Equipment.unit_id == u.id)))
               for u in s.exec(select(Unit))}
    assert got == {"Squadra it": ["SMG"], "Squadra en": ["SMG"]}
