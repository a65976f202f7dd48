"""Walkers (a game system's ``walker_types`` and ``add_walker`` dialogs): the walker types a campaign can use (the
shipped ones and its own, with a form to add one) and adding a walker with its crew,
each crew member with a Rep. Every check is the use-case's: bad input is shown in the
dialog and nothing is written."""

from __future__ import annotations

import dataclasses
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from campaign_app.changes import NO_CHANGES, Changes, changes_of
from campaign_app.errors import AppError
from ui.i18n import QT_TRANSLATE_NOOP, translate
from ui.models import ALIGN_CENTER, Column, RowsModel
from ui.screen import fit_to_screen
from ui.text import esc, plain, rich_label
from ui.theme import muted_style
from ui.widgets import ErrorLabel, UseCaseDialog


def _yn(v: Any) -> str:
    return "Y" if v else "N"


def type_label(t: dict[str, Any]) -> str:
    own = "" if t["source"] == "shipped" else translate("walkers", ", this campaign")
    nation = t["nation"] or translate("walkers", "no nation")
    return translate("walkers", "{name} ({nation}{own}) — armour {front}/{side}/{top}, crew {crew}").format(
        name=t["name"], nation=nation, own=own, front=t["armour_front"], side=t["armour_side"],
        top=t["armour_top"], crew=t["crew"])


def type_ref(t: dict[str, Any]) -> str:
    """What ``add_walker`` accepts for the type: a shipped key, or a campaign type's id."""
    return str(t["key"]) if t["key"] else str(t["id"])


TYPE_COLUMNS = [
    Column("key", QT_TRANSLATE_NOOP("walkers", "Type"), value=lambda t: t["key"] or f"#{t['id']}"),
    Column("name", QT_TRANSLATE_NOOP("walkers", "Name")),
    Column("nation", QT_TRANSLATE_NOOP("walkers", "Nation")),
    Column("armour", QT_TRANSLATE_NOOP("walkers", "Armour F/S/T"), value=lambda t: f"{t['armour_front']}/{t['armour_side']}/{t['armour_top']}",
           align=ALIGN_CENTER),
    Column("gun1", QT_TRANSLATE_NOOP("walkers", "Gun 1"), show=lambda t: t["gun1"] or "-", align=ALIGN_CENTER),
    Column("gun2", QT_TRANSLATE_NOOP("walkers", "Gun 2"), show=lambda t: t["gun2"] or "-", align=ALIGN_CENTER),
    Column("aa_mg", QT_TRANSLATE_NOOP("walkers", "AA MG"), show=lambda t: _yn(t["aa_mg"]), align=ALIGN_CENTER),
    Column("hull_mg", QT_TRANSLATE_NOOP("walkers", "Hull MG"), show=lambda t: _yn(t["hull_mg"]), align=ALIGN_CENTER),
    Column("speed", QT_TRANSLATE_NOOP("walkers", "Speed road/cc"), value=lambda t: f"{t['speed_road']}/{t['speed_cc'] or '?'}",
           align=ALIGN_CENTER),
    Column("crew", QT_TRANSLATE_NOOP("walkers", "Crew"), align=ALIGN_CENTER),
    Column("source", QT_TRANSLATE_NOOP("walkers", "From")),
    Column("notes", QT_TRANSLATE_NOOP("walkers", "Notes")),
]


class TypesModel(RowsModel):
    """The walker types; the notes (often long) in full as a tooltip."""

    def extra_data(self, row: dict[str, Any], col: Column, role: int) -> Any:
        if role == Qt.ItemDataRole.ToolTipRole and col.key in ("notes", "name"):
            return row.get("notes") or None
        return None


class WalkerTypesDialog(QDialog):
    """The walker types of a campaign, and a form that adds one (one undo step each)."""

    changed = Signal(object)  # the new type's id

    def __init__(self, parent: QWidget | None, app: Any, campaign: dict[str, Any], api: Any) -> None:
        """``api``: the game system's module of the use-cases this dialog calls (:data:`ui.system_dialogs.APIS`)."""
        super().__init__(parent)
        self.app = app
        self.campaign = campaign
        self.api = api
        self.last_changes: Changes = NO_CHANGES  # what the last type added changed
        self.setWindowTitle(translate("WalkerTypesDialog", "Walker Types — {name}").format(name=campaign['name']))
        self.setModal(True)
        lay = QVBoxLayout(self)
        self.model = TypesModel([dataclasses.replace(c, title=translate("walkers", c.title)) for c in TYPE_COLUMNS])
        self.table = QTableView()
        self.table.setObjectName("walkerTypes")
        self.table.setModel(self.model)
        self.table.verticalHeader().hide()
        self.table.setAlternatingRowColors(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setWordWrap(False)
        self.table.setMinimumHeight(130)
        lay.addWidget(self.table, 1)
        box = QGroupBox(translate("WalkerTypesDialog", "Add a walker type to this campaign"))
        grid = QGridLayout(box)
        self.name = QLineEdit()
        self.name.setObjectName("typeName")
        self.name.setPlaceholderText(translate("WalkerTypesDialog", "e.g. Panzerläufer II"))
        self.nation = QLineEdit()
        self.nation.setPlaceholderText(translate("WalkerTypesDialog", "e.g. Germany"))
        self.armour_front = QLineEdit()
        self.armour_front.setObjectName("armourFront")
        self.armour_side = QLineEdit()
        self.armour_side.setObjectName("armourSide")
        for e in (self.armour_front, self.armour_side):
            e.setPlaceholderText("0-10")
        self.gun1 = QLineEdit()
        self.gun1.setObjectName("gun1")
        self.gun2 = QLineEdit()
        self.gun2.setObjectName("gun2")
        for e in (self.gun1, self.gun2):
            e.setPlaceholderText(translate("WalkerTypesDialog", "AP 1-20, Grenade, or empty"))
        self.aa_mg = QCheckBox(translate("WalkerTypesDialog", "AA MG"))
        self.aa_mg.setObjectName("aaMg")
        self.hull_mg = QCheckBox(translate("WalkerTypesDialog", "Hull MG"))
        self.hull_mg.setObjectName("hullMg")
        self.speed_road = QLineEdit()
        self.speed_road.setObjectName("speedRoad")
        self.speed_road.setPlaceholderText("inches")
        self.speed_cc = QLineEdit()
        self.speed_cc.setObjectName("speedCc")
        self.speed_cc.setPlaceholderText(translate("WalkerTypesDialog", "empty: unknown"))
        self.crew = QLineEdit("3")
        self.crew.setObjectName("crew")
        self.crew.setPlaceholderText("1-10")
        self.notes = QLineEdit()
        cells = [
            (translate("WalkerTypesDialog", "&Name:"), self.name, translate("WalkerTypesDialog", "Nation:"), self.nation),
            (translate("WalkerTypesDialog", "Armour &front:"), self.armour_front, translate("WalkerTypesDialog", "Armour &side:"), self.armour_side),
            (translate("WalkerTypesDialog", "Gun &1:"), self.gun1, translate("WalkerTypesDialog", "Gun &2:"), self.gun2),
            (translate("WalkerTypesDialog", "Speed, &road:"), self.speed_road, translate("WalkerTypesDialog", "cross-&country:"), self.speed_cc),
            (translate("WalkerTypesDialog", "&Crew:"), self.crew, translate("WalkerTypesDialog", "Notes:"), self.notes),
        ]
        for i, (l1, w1, l2, w2) in enumerate(cells):
            for j, (text, w) in enumerate(((l1, w1), (l2, w2))):
                lab = QLabel(text)
                lab.setBuddy(w)
                grid.addWidget(lab, i, 2 * j)
                grid.addWidget(w, i, 2 * j + 1)
        mgs = QHBoxLayout()
        mgs.addWidget(self.aa_mg)
        mgs.addWidget(self.hull_mg)
        hint = QLabel(translate("WalkerTypesDialog", "Top armour is worked out from the side armour."))
        hint.setStyleSheet(muted_style())
        mgs.addWidget(hint, 1)
        grid.addLayout(mgs, len(cells), 0, 1, 4)
        self.error = ErrorLabel()
        grid.addWidget(self.error, len(cells) + 1, 0, 1, 4)
        row = QHBoxLayout()
        self.added = plain(QLabel())  # names the type added
        self.added.setObjectName("addedLabel")
        row.addWidget(self.added, 1)
        self.add_button = QPushButton(translate("WalkerTypesDialog", "&Add type"))
        self.add_button.setObjectName("addTypeButton")
        self.add_button.setDefault(True)
        row.addWidget(self.add_button)
        grid.addLayout(row, len(cells) + 2, 0, 1, 4)
        lay.addWidget(box)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        self.add_button.clicked.connect(self.add_type)
        self.refresh()
        fit_to_screen(self, 980, 520)

    def refresh(self, select_id: int | None = None) -> None:
        self.types = self.app.run(self.api.list_walker_types, self.campaign["id"])
        self.model.set_rows(self.types)
        from ui.views import fit_columns

        fit_columns(self.table)  # wraps a long name rather than scrolling sideways
        if select_id is not None:
            r = self.model.find(lambda t: t["id"] == select_id)
            if r >= 0:
                self.table.selectRow(r)

    def add_type(self) -> bool:
        self.added.clear()
        try:
            t = self.app.run(
                self.api.add_walker_type, self.campaign["id"], self.name.text(), self.armour_front.text(),
                self.armour_side.text(), gun1=self.gun1.text(), gun2=self.gun2.text(),
                aa_mg=self.aa_mg.isChecked(), hull_mg=self.hull_mg.isChecked(),
                speed_road=self.speed_road.text() or "0", speed_cc=self.speed_cc.text() or "0",
                crew=self.crew.text(), nation=self.nation.text(), notes=self.notes.text())
        except AppError as e:
            self.error.show_error(str(e))
            return False
        self.error.clear_error()
        self.added.setText(translate("WalkerTypesDialog", "Added {name} (Ctrl+Z in the main window undoes it)").format(name=t.name))
        for e in (self.name, self.nation, self.armour_front, self.armour_side, self.gun1, self.gun2,
                  self.speed_road, self.speed_cc, self.notes):
            e.clear()
        self.crew.setText("3")
        self.aa_mg.setChecked(False)
        self.hull_mg.setChecked(False)
        self.last_changes = changes_of(t)
        self.refresh(select_id=t.id)
        self.changed.emit(t.id)
        return True


class WalkerDialog(UseCaseDialog):
    """Add a walker of a chosen type and its crew (a Rep for each crew role) to a roster."""

    def __init__(self, parent: QWidget | None, app: Any, roster: dict[str, Any],
                 campaign_id: int, api: Any) -> None:
        super().__init__(parent, translate("WalkerDialog", "Add Walker"))
        all_roles = api.CREW_ROLES
        self.app = app
        self.roster = roster
        self.api = api
        self.crew_roles = api.crew_roles
        self.types = app.run(api.list_walker_types, campaign_id)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow(translate("WalkerDialog", "Roster:"), rich_label(f"<b>{esc(roster['name'])}</b>"))
        self.name = QLineEdit()
        self.name.setObjectName("walkerName")
        self.name.setPlaceholderText(translate("WalkerDialog", "e.g. Iron Bear"))
        form.addRow(translate("WalkerDialog", "&Name:"), self.name)
        self.type = QComboBox()
        self.type.setObjectName("walkerType")
        for t in self.types:
            self.type.addItem(type_label(t), type_ref(t))
        form.addRow(translate("WalkerDialog", "&Type:"), self.type)
        self.type_note = plain(QLabel())  # the type's guns and notes
        self.type_note.setWordWrap(True)
        self.type_note.setStyleSheet(muted_style())
        form.addRow("", self.type_note)
        self.notes = QLineEdit()
        self.notes.setPlaceholderText(translate("WalkerDialog", "empty: the type's note"))
        form.addRow(translate("WalkerDialog", "N&otes:"), self.notes)
        self.body.addLayout(form)
        crew = QGroupBox(translate("WalkerDialog", "Crew (each a fighter of the roster)"))
        grid = QGridLayout(crew)
        grid.addWidget(QLabel("<b>" + translate("WalkerDialog", "Role") + "</b>"), 0, 0)
        grid.addWidget(QLabel("<b>" + translate("WalkerDialog", "Rep") + "</b>"), 0, 1)
        grid.addWidget(QLabel("<b>" + translate("WalkerDialog", "Name") + "</b>"), 0, 2)
        self.reps: dict[str, QSpinBox] = {}
        self.crew_names: dict[str, QLineEdit] = {}
        self.role_widgets: dict[str, tuple[QWidget, ...]] = {}
        for i, role in enumerate(all_roles, start=1):
            lab = QLabel(role.title())
            rep = QSpinBox()
            rep.setObjectName(f"rep_{role}")
            rep.setRange(0, 6)
            rep.setSpecialValueText("—")
            rep.setToolTip(translate("WalkerDialog", "Reputation 1-6"))
            lab.setBuddy(rep)
            nm = QLineEdit()
            nm.setObjectName(f"name_{role}")
            grid.addWidget(lab, i, 0)
            grid.addWidget(rep, i, 1)
            grid.addWidget(nm, i, 2)
            grid.setColumnStretch(2, 1)
            self.reps[role] = rep
            self.crew_names[role] = nm
            self.role_widgets[role] = (lab, rep, nm)
        self.body.addWidget(crew)
        self.ok_button.setText(translate("WalkerDialog", "&Add walker"))
        self.type.currentIndexChanged.connect(self._type_changed)
        self.name.textChanged.connect(self._placeholders)
        self._type_changed()
        fit_to_screen(self, 560, 420)

    def current_type(self) -> dict[str, Any] | None:
        i = self.type.currentIndex()
        return self.types[i] if 0 <= i < len(self.types) else None

    def roles(self) -> tuple[str, ...]:
        t = self.current_type()
        return tuple(self.crew_roles(int(t["crew"]))) if t else ()

    def _type_changed(self, *_a: Any) -> None:
        t = self.current_type()
        roles = self.roles()
        for role, widgets in self.role_widgets.items():
            for w in widgets:
                w.setVisible(role in roles)
        if t is None:
            self.type_note.setText("")
            return
        bits = [translate("WalkerDialog", "guns {value} / {value2}").format(value=t['gun1'] or '-', value2=t['gun2'] or '-'),
                translate("WalkerDialog", "AA MG {_yn}, hull MG {_yn2}").format(_yn=_yn(t['aa_mg']), _yn2=_yn(t['hull_mg'])),
                translate("WalkerDialog", "speed {speed_road}/{value}").format(speed_road=t['speed_road'], value=t['speed_cc'] or '?'),
                translate("WalkerDialog", "crew: {roles}").format(roles=', '.join(r.title() for r in roles))]
        self.type_note.setText("; ".join(bits) + (f"\n{t['notes']}" if t["notes"] else ""))
        self._placeholders()

    def _placeholders(self, *_a: Any) -> None:
        base = self.name.text().strip() or translate("WalkerDialog", "walker name")
        for role, nm in self.crew_names.items():
            nm.setPlaceholderText(f"{base} {role.title()}")

    def set_rep(self, role: str, rep: int) -> None:
        self.reps[role].setValue(rep)

    def check(self) -> str:
        if not self.types:
            return translate("WalkerDialog", "this campaign's game (with its expansions) has no walker types")
        missing = [r for r in self.roles() if self.reps[r].value() == 0]
        if missing and self.name.text().strip():
            return translate("WalkerDialog", "give the Rep of the {roles}").format(roles=', '.join(missing))
        return ""

    def run(self) -> int:
        roles = self.roles()
        reps = {r: self.reps[r].value() or None for r in roles}
        names = {r: self.crew_names[r].text() for r in roles if self.crew_names[r].text().strip()}
        w = self.app.run(self.api.add_walker, self.roster["id"], self.name.text(), self.type.currentData(),
                       reps, crew_names=names, notes=self.notes.text())
        self.keep(w)
        assert w.id is not None
        return int(w.id)

