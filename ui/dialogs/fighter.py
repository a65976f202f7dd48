"""Fighter and unit editors with inline validation: each typed characteristic is
checked as it is typed (red field, reason shown), and OK runs the use-case, which
either saves everything or says what is wrong and saves nothing."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QCompleter,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from campaign_app.usecases import fighters
from campaign_app.usecases import gui_queries as q
from ui.i18n import translate
from ui.rules_text import rules_text
from ui.screen import fit_to_screen
from ui.widgets import EntryLine, UseCaseDialog


def _pretty(s: str) -> str:
    return s.replace("-", " ")


class NameList(QWidget):
    """A list of names (weapons, skills) with an entry line, Add and Remove."""

    def __init__(self, title: str, names: list[str], completions: list[str] | None = None,
                 removable_existing: bool = True, placeholder: str = "") -> None:
        super().__init__()
        self.original = list(names)
        self.removable_existing = removable_existing
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.list = QListWidget()
        self.list.setObjectName(f"{title.lower()}List")
        self.list.setMinimumHeight(70)
        for n in names:
            self._add_item(n, existing=True)
        lay.addWidget(self.list)
        row = QHBoxLayout()
        self.entry = EntryLine()  # Enter adds the name; it does not press the dialog's OK
        self.entry.setObjectName(f"{title.lower()}Entry")
        self.entry.setPlaceholderText(placeholder or title.lower().rstrip("s"))
        self.entry.setToolTip(translate("NameList", "Type a {rstrip} and press Enter or Add").format(rstrip=title.lower().rstrip('s')))
        if completions:
            comp = QCompleter(completions, self)
            comp.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
            comp.setFilterMode(Qt.MatchFlag.MatchContains)
            self.entry.setCompleter(comp)
        self.add_button = QPushButton(translate("NameList", "Add"))
        self.add_button.setObjectName(f"{title.lower()}Add")
        self.remove_button = QPushButton(translate("NameList", "Remove"))
        self.remove_button.setObjectName(f"{title.lower()}Remove")
        row.addWidget(self.entry, 1)
        row.addWidget(self.add_button)
        row.addWidget(self.remove_button)
        lay.addLayout(row)
        self.add_button.clicked.connect(self.add_current)
        self.entry.returnPressed.connect(self.add_current)
        self.remove_button.clicked.connect(self.remove_selected)
        self.list.currentRowChanged.connect(self._update)
        self._update()

    def _add_item(self, name: str, existing: bool = False) -> None:
        item = QListWidgetItem(name)
        item.setData(Qt.ItemDataRole.UserRole, existing)
        if existing and not self.removable_existing:
            item.setToolTip(translate("NameList", "already recorded; cannot be removed here"))
        self.list.addItem(item)

    def add_current(self) -> None:
        text = self.entry.text().strip()
        if text:
            self._add_item(text)
            self.entry.clear()
        self._update()

    def remove_selected(self) -> None:
        item = self.list.currentItem()
        if item is None:
            return
        if item.data(Qt.ItemDataRole.UserRole) and not self.removable_existing:
            return
        self.list.takeItem(self.list.row(item))
        self._update()

    def _update(self) -> None:
        item = self.list.currentItem()
        self.remove_button.setEnabled(item is not None and (
            self.removable_existing or not item.data(Qt.ItemDataRole.UserRole)))

    def names(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())]

    def added(self) -> list[str]:
        left = list(self.original)
        out = []
        for n in self.names():
            if n in left:
                left.remove(n)
            else:
                out.append(n)
        return out

    def removed(self) -> list[str]:
        left = self.names()
        out = []
        for n in self.original:
            if n in left:
                left.remove(n)
            else:
                out.append(n)
        return out


class FighterDialog(UseCaseDialog):
    """Add a fighter to a roster, or edit one (``fighter`` = ``show_fighter`` dict)."""

    def __init__(self, parent: QWidget | None, app: Any, roster_id: int, campaign_id: int,
                 system: dict[str, Any], fighter: dict[str, Any] | None = None) -> None:
        name = fighter["name"] if fighter else ""
        super().__init__(parent, translate("FighterDialog", "Edit {name}").format(name=name) if fighter else translate("FighterDialog", "Add Fighter"))
        self.app = app
        self.roster_id = roster_id
        self.system = system
        self.fighter = fighter
        f = fighter or {}
        cols = QHBoxLayout()
        left = QFormLayout()
        left.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.name = QLineEdit(f.get("name", ""))
        self.name.setObjectName("fighterName")
        self.name.setPlaceholderText(translate("FighterDialog", "e.g. Sgt Rock"))
        left.addRow(translate("FighterDialog", "&Name:"), self.name)
        self.type = QComboBox()
        self.type.setObjectName("fighterType")
        for t in system["fighter_types"]:
            self.type.addItem(_pretty(t).title(), t)
        want = f.get("type") or system.get("default_fighter_type")
        if want:
            self.type.setCurrentIndex(max(0, self.type.findData(want)))
        left.addRow(translate("FighterDialog", "&Type:"), self.type)
        self.role = QLineEdit(f.get("role", ""))
        self.role.setPlaceholderText(translate("FighterDialog", "leader, NCO, medic…"))
        left.addRow(translate("FighterDialog", "&Role:"), self.role)
        self.kind = QComboBox()
        for k in system["kinds"]:
            self.kind.addItem(_pretty(k), k)
        self.kind.setCurrentIndex(max(0, self.kind.findData(f.get("kind", "human"))))
        self.kind.setEnabled(len(system["kinds"]) > 1)
        left.addRow(translate("FighterDialog", "&Kind:"), self.kind)
        self.rep = QSpinBox()
        self.rep.setObjectName("rep")
        self.rep.setRange(0, 6)
        self.rep.setSpecialValueText("—")
        self.rep.setValue(int(f.get("rep") or 0))
        self.rep.setToolTip(translate("FighterDialog", "Reputation 1-6"))
        if system["uses_rep"]:
            left.addRow(translate("FighterDialog", "R&ep:"), self.rep)
        else:
            self.rep.hide()
        self.xp = QSpinBox()
        self.xp.setObjectName("xp")
        self.xp.setRange(-1000, 100_000)
        self.xp.setValue(int(f.get("xp", 0)))
        self.value = QSpinBox()
        self.value.setRange(-1000, 1_000_000)
        self.value.setSuffix(translate("FighterDialog", " cr"))
        self.value.setValue(int(f.get("credits_value", 0)))
        if system["stats"]:
            left.addRow(translate("FighterDialog", "&XP:"), self.xp)
            left.addRow(translate("FighterDialog", "&Value:"), self.value)
        else:
            self.xp.hide()
            self.value.hide()
        self.status = QComboBox()
        self.status.setObjectName("status")
        for st in system["fighter_statuses"]:
            self.status.addItem(_pretty(st), st)
        if fighter:
            self.status.setCurrentIndex(max(0, self.status.findData(f.get("status", "active"))))
            left.addRow(translate("FighterDialog", "&Status:"), self.status)
        else:
            self.status.hide()
        cols.addLayout(left, 1)

        right = QVBoxLayout()
        self.stat_edits: dict[str, QLineEdit] = {}
        self.stat_problems: dict[str, str] = {}
        if system["stats"]:
            box = QGroupBox(translate("FighterDialog", "Characteristics"))
            grid = QGridLayout(box)
            for i, st in enumerate(system["stats"]):
                lab = QLabel(st["key"])
                lab.setToolTip(st["label"])
                lab.setAlignment(Qt.AlignmentFlag.AlignCenter)
                ed = QLineEdit()
                ed.setObjectName(f"stat_{st['key']}")
                ed.setAlignment(Qt.AlignmentFlag.AlignCenter)
                ed.setMaximumWidth(52)
                ed.setToolTip(translate("FighterDialog", "{label}: {low}{value} to {high}{value}").format(label=st['label'], low=st['low'], value='+' if st['target'] else '', high=st['high']))
                ed.setPlaceholderText(f"{st['low']}+" if st["target"] else str(st["low"]))
                v = (f.get("stats") or {}).get(st["key"])
                if v is not None:
                    ed.setText(f"{v}+" if st["target"] else str(v))
                ed.textChanged.connect(lambda _t, k=st["key"]: self._check_stat(k))
                grid.addWidget(lab, 0, i)
                grid.addWidget(ed, 1, i)
                self.stat_edits[st["key"]] = ed
            right.addWidget(box)
        wbox = QGroupBox(translate("FighterDialog", "Weapons"))
        wl = QVBoxLayout(wbox)
        completions = app.run(q.weapon_names, campaign_id)
        self.weapons = NameList(translate("FighterDialog", "Weapons"), [e["name"] for e in f.get("equipment", [])], completions)
        wl.addWidget(self.weapons)
        right.addWidget(wbox)
        sbox = QGroupBox(translate("FighterDialog", "Skills"))
        sl = QVBoxLayout(sbox)
        self.skills = NameList(translate("FighterDialog", "Skills"), list(f.get("skills", [])), removable_existing=False)
        sl.addWidget(self.skills)
        right.addWidget(sbox)
        cols.addLayout(right, 1)
        self.body.addLayout(cols)
        self.notes = QPlainTextEdit(f.get("notes", ""))
        self.notes.setPlaceholderText(translate("FighterDialog", "Notes"))
        self.notes.setMaximumHeight(60)
        self.body.addWidget(self.notes)
        fit_to_screen(self, 720 if system["stats"] else 620, 440)
        if fighter is None:
            self.offer_another()

    # live checks ---------------------------------------------------------------
    def _had_stat(self, key: str) -> bool:
        return self.fighter is not None and (self.fighter.get("stats") or {}).get(key) is not None

    def _check_stat(self, key: str) -> None:
        ed = self.stat_edits[key]
        if not ed.text().strip() and self._had_stat(key):
            # an empty box would silently keep the old value: say so instead
            problem = translate("FighterDialog", "{key} cannot be left empty (type a value, or Cancel to keep it)").format(key=key)
        else:
            problem = q.check_stat(self.system["id"], key, ed.text(), self.system.get("edition"),
                                   self.system.get("house_rules"))
        if problem:
            self.stat_problems[key] = problem
            from ui.theme import bad_field_style

            ed.setStyleSheet(bad_field_style())
            ed.setToolTip(problem)
            self.error.show_error(problem)
        else:
            self.stat_problems.pop(key, None)
            ed.setStyleSheet("")
            ed.setToolTip("")
            if self.stat_problems:
                self.error.show_error(next(iter(self.stat_problems.values())))
            else:
                self.error.clear_error()

    def _rep_problem(self) -> str:
        if not self.system["uses_rep"] or self.rep.value() > 0:
            return ""
        if self.fighter is None or self.fighter.get("rep"):
            return translate("FighterDialog", "Rep: choose a Rep from 1 to 6 (fighters in this game need a Rep)")
        return ""  # an existing fighter without a Rep may stay without one

    def check(self) -> str:
        if self.stat_problems:
            return "; ".join(self.stat_problems.values())
        rep = self._rep_problem()
        if rep:
            return rep
        if self.weapons.entry.text().strip():
            return (translate("FighterDialog", "press Add to add the weapon {name!r} (or clear the field)").format(name=self.weapons.entry.text().strip()))
        if self.skills.entry.text().strip():
            return (translate("FighterDialog", "press Add to add the skill {name!r} (or clear the field)").format(name=self.skills.entry.text().strip()))
        return ""

    def reset_for_another(self) -> None:
        """Ready for the next fighter of the roster: the same type and kind, the rest
        cleared, the name field ready for typing."""
        for w in (self.name, self.role, *self.stat_edits.values()):
            w.clear()
        self.notes.clear()
        self.xp.setValue(0)
        self.value.setValue(0)
        self.rep.setValue(0)
        for box in (self.weapons, self.skills):
            box.list.clear()
            box.entry.clear()
            box._update()
        self.stat_problems.clear()
        self.error.clear_error()
        self.setWindowTitle(translate("FighterDialog", "Add Fighter — {saved_count} added").format(saved_count=self.saved_count))
        self.name.setFocus()

    def _stats(self) -> dict[str, str]:
        return {k: ed.text().strip() for k, ed in self.stat_edits.items() if ed.text().strip()}

    def run(self) -> int:
        rep: Any = self.rep.value() if self.system["uses_rep"] and self.rep.value() > 0 else None
        common: dict[str, Any] = {
            "fighter_type": self.type.currentData(), "stats": self._stats(),
            "role": self.role.text(), "kind": self.kind.currentData(),
            "xp": self.xp.value(), "credits_value": self.value.value(),
            "notes": self.notes.toPlainText(),
        }
        if self.fighter is None:
            f = self.app.run(fighters.add_fighter, self.roster_id, self.name.text(), rep=rep,
                                 weapons=self.weapons.names(), skills=self.skills.names(), **common)
        else:
            if not common["stats"]:
                common.pop("stats")
            f = self.app.run(
                fighters.edit_fighter, self.fighter["id"], if_version=self.fighter["version"],
                add_weapons=self.weapons.added(), remove_weapons=self.weapons.removed(),
                add_skills=self.skills.added(), name=self.name.text(), rep=rep,
                status=self.status.currentData(), **common)
        self.keep(f)
        assert f.id is not None
        return f.id


def _level_text(lv: dict[str, Any], label: str) -> str:
    """A training level in the window's language, with its aliases that differ from it:
    ``Green (Recluta)`` in English, ``Recluta`` in Italian."""
    from campaign_app.rules.names import fold

    other = [a for a in lv.get("aliases", []) if fold(a) != fold(label)]
    return f"{label} ({', '.join(other)})" if other else label


class UnitDialog(UseCaseDialog):
    """Add a unit (squad games) or edit one (``unit`` = ``unit_detail`` dict)."""

    def __init__(self, parent: QWidget | None, app: Any, roster_id: int, campaign: dict[str, Any],
                 unit: dict[str, Any] | None = None) -> None:
        super().__init__(parent, translate("UnitDialog", "Edit {name}").format(name=unit['name']) if unit else translate("UnitDialog", "Add Unit"))
        from campaign_app.usecases.units import unit_choices

        self.app = app
        self.roster_id = roster_id
        self.unit = unit
        self.system = campaign["system"]
        self.choices = unit_choices(campaign["system"], campaign.get("edition", ""),
                                    campaign.get("expansions", []))
        system = campaign["system"]

        def words(text: str) -> str:  # the rules data's name in the window's language (the seed's word)
            return str(rules_text(text, system))
        u = unit or {}
        cols = QHBoxLayout()
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.name = QLineEdit(u.get("name", ""))
        self.name.setObjectName("unitName")
        self.name.setPlaceholderText(translate("UnitDialog", "e.g. 1st Section"))
        form.addRow(translate("UnitDialog", "&Name:"), self.name)
        self.unit_type = QComboBox()
        for t in self.choices["unit_types"]:
            self.unit_type.addItem(words(t).capitalize(), t)
        self.unit_type.setCurrentIndex(max(0, self.unit_type.findData(u.get("unit_type", "infantry"))))
        form.addRow(translate("UnitDialog", "&Type:"), self.unit_type)
        self.figures = QSpinBox()
        self.figures.setObjectName("figures")
        self.figures.setRange(0, 100)
        self.figures.setValue(int(u.get("figures", 5)))
        form.addRow(translate("UnitDialog", "&Figures now:"), self.figures)
        self.figures_start = QSpinBox()
        self.figures_start.setObjectName("figuresStart")
        self.figures_start.setRange(0, 100)
        self.figures_start.setValue(int(u.get("figures_start", u.get("figures", 5))))
        form.addRow(translate("UnitDialog", "Figures at &start:"), self.figures_start)
        self.wounded = QSpinBox()
        self.wounded.setRange(0, 100)
        self.wounded.setValue(int(u.get("wounded", 0)))
        self.training = QComboBox()
        self.training.setObjectName("training")
        for lv in self.choices["training"]:
            self.training.addItem(_level_text(lv, words(lv["label"])), lv["key"])
        if u.get("training"):
            self.training.setCurrentIndex(max(0, self.training.findData(u["training"])))
        form.addRow(translate("UnitDialog", "T&raining:"), self.training)
        self.armour = QComboBox()
        form.addRow(translate("UnitDialog", "&Armour:"), self.armour)
        self.discipline = QComboBox()
        for d in self.choices["discipline"]:
            self.discipline.addItem(words(d["label"]), d["key"])
        self.order = QComboBox()
        self.order.addItem("(none)", "none")
        for o in self.choices["orders"]:
            self.order.addItem(f"{words(o['label'])} — {o['move']}", o["key"])
        if self.choices["discipline"]:
            form.addRow(translate("UnitDialog", "&Discipline:"), self.discipline)
            if u.get("discipline"):
                self.discipline.setCurrentIndex(max(0, self.discipline.findData(u["discipline"])))
        else:
            self.discipline.hide()
        if self.choices["orders"]:
            form.addRow(translate("UnitDialog", "&Order:"), self.order)
            if u.get("order"):
                self.order.setCurrentIndex(max(0, self.order.findData(u["order"])))
        else:
            self.order.hide()
        self.status = QComboBox()
        for st in ("active", "destroyed", "prisoner"):
            self.status.addItem(st, st)
        self.battles = QSpinBox()
        self.battles.setRange(0, 10_000)
        if unit:
            form.addRow(translate("UnitDialog", "&Wounded:"), self.wounded)
            self.status.setCurrentIndex(max(0, self.status.findData(u.get("status", "active"))))
            form.addRow(translate("UnitDialog", "Stat&us:"), self.status)
            self.battles.setValue(int(u.get("battles_fought", 0)))
            form.addRow(translate("UnitDialog", "&Battles fought:"), self.battles)
        else:
            self.wounded.hide()
            self.status.hide()
            self.battles.hide()
        cols.addLayout(form, 1)
        right = QVBoxLayout()
        wbox = QGroupBox(translate("UnitDialog", "Weapons"))
        wl = QVBoxLayout(wbox)
        # completions: the English names and the game's words for them (seed 004's
        # "Mitraglietta"): either is taken (campaign_app.rules.names resolves them)
        self.weapons = NameList(translate("UnitDialog", "Weapons"), [e["name"] for e in u.get("equipment", [])],
                                list(dict.fromkeys(n for w in self.choices["weapons"]
                                                   for n in (words(w["name"]), w["name"], *w["words"]))))
        wl.addWidget(self.weapons)
        right.addWidget(wbox)
        self.notes = QPlainTextEdit(u.get("notes", ""))
        self.notes.setPlaceholderText(translate("UnitDialog", "Notes"))
        self.notes.setMaximumHeight(70)
        right.addWidget(self.notes)
        cols.addLayout(right, 1)
        self.body.addLayout(cols)
        self.unit_type.currentIndexChanged.connect(self._type_changed)
        self._type_changed()
        if u.get("armour"):
            self.armour.setCurrentIndex(max(0, self.armour.findData(u["armour"])))
        fit_to_screen(self, 700, 380)  # room for the orders in the game's words

    def _type_changed(self) -> None:
        self.armour.clear()
        options = self.choices["armour"].get(self.unit_type.currentData(), [])
        for a in options:
            save = translate("UnitDialog", " (save {save})").format(save=a['save']) if a.get("save") else ""
            self.armour.addItem(f"{rules_text(a['label'], self.system)}{save}", a["key"])
        self.armour.setEnabled(bool(options))
        if not options:
            self.armour.addItem(translate("UnitDialog", "(none in this game)"), "")

    def check(self) -> str:
        if self.weapons.entry.text().strip():
            return (translate("UnitDialog", "press Add to add the weapon {name!r} (or clear the field)").format(name=self.weapons.entry.text().strip()))
        return ""

    def run(self) -> int:
        from campaign_app.usecases import units

        fields: dict[str, Any] = {
            "training": self.training.currentData(), "armour": self.armour.currentData() or None,
            "unit_type": self.unit_type.currentData(),
            "discipline": self.discipline.currentData() if self.choices["discipline"] else None,
            "order": self.order.currentData() if self.choices["orders"] else None,
            "figures_start": self.figures_start.value(), "notes": self.notes.toPlainText(),
        }
        if self.unit is None:
            u = self.app.run(units.add_unit, self.roster_id, self.name.text(), self.figures.value(),
                               weapons=self.weapons.names(), **fields)
        else:
            u = self.app.run(units.edit_unit, self.unit["id"], self.unit["version"],
                                add_weapons=self.weapons.added(),
                                remove_weapons=self.weapons.removed(), name=self.name.text(),
                                figures=self.figures.value(), wounded=self.wounded.value(),
                                status=self.status.currentData(),
                                battles_fought=self.battles.value(), **fields)
        self.keep(u)
        assert u.id is not None
        return u.id
