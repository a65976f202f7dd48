"""Dice input and display: a "roll for me / I rolled" choice with a typed-dice field
checked as it is typed, and a row of die faces (typed ones marked)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from campaign_app.dice import parse_typed
from campaign_app.errors import DiceError
from ui.i18n import translate
from ui.icons import die_icon
from ui.theme import muted_style
from ui.widgets import EntryLine

FACE_KEYS = frozenset("0123456789,;")  # what typing dice starts with (Space still presses a button)


class TypeIntoField(QObject):
    """Faces typed while a dice button (Roll, Preview, "Roll for me") has the focus go
    into the typed-dice field instead of being lost (issue #33: "6,6" then Enter gave
    the app's dice). ``before`` runs first (e.g. choose "I rolled"); the field then has
    the focus, so the next keys and Enter are its own."""

    def __init__(self, field: QLineEdit, widgets: list[QWidget],
                 before: Callable[[], None] | None = None) -> None:
        super().__init__(field)
        self.field = field
        self.before = before
        for w in widgets:
            w.installEventFilter(self)

    @staticmethod
    def _face_key(event: QKeyEvent) -> bool:
        mods = event.modifiers() & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
                                    | Qt.KeyboardModifier.MetaModifier)
        text = event.text()
        return not mods and len(text) == 1 and text in FACE_KEYS

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if not isinstance(event, QKeyEvent) or not self._face_key(event):
            return False
        if event.type() == QEvent.Type.ShortcutOverride:
            # a digit is a shortcut elsewhere (the battle page's statuses 1-9): on a dice
            # button it is a face, as it is in the field (QLineEdit does the same)
            event.accept()
            return True
        if event.type() != QEvent.Type.KeyPress:
            return False
        if self.before is not None:
            self.before()
        if not self.field.isEnabled():
            return False
        self.field.setFocus(Qt.FocusReason.OtherFocusReason)
        self.field.insert(event.text())
        return True


class FacesView(QWidget):
    """Die faces as pictures, with the source under them."""

    def __init__(self, parent: QWidget | None = None, size: int = 30) -> None:
        super().__init__(parent)
        self.size = size
        self.lay = QHBoxLayout(self)
        self.lay.setContentsMargins(0, 0, 0, 0)
        self.lay.setSpacing(4)
        self.faces: list[tuple[int, str]] = []
        self.random_text = ""  # what "random" faces are called (default: rolled by the app)
        # the labels are kept and reused: a wizard shows a roll's faces dozens of times
        self._labels: list[QLabel] = []
        self._note = QLabel()
        self._note.setStyleSheet(muted_style() + " font-style: italic;")
        self._note.hide()
        self.lay.addWidget(self._note)
        self.lay.addStretch(1)

    def set_faces(self, faces: list[tuple[int, str]] | list[int], source: str = "") -> None:
        self.faces = [(f, source) if isinstance(f, int) else (int(f[0]), str(f[1])) for f in faces]
        while len(self._labels) < len(self.faces):
            lab = QLabel()
            self.lay.insertWidget(len(self._labels), lab)
            self._labels.append(lab)
        for i, lab in enumerate(self._labels):
            if i < len(self.faces):
                face, src = self.faces[i]
                lab.setPixmap(die_icon(face).pixmap(QSize(self.size, self.size)))
                lab.setToolTip(f"{face} ({src or 'rolled'})")
                lab.show()
            else:
                lab.hide()
        if self.faces:
            srcs = {s for _f, s in self.faces}
            self._note.setText(translate("FacesView", "typed in") if srcs == {"typed"}
                               else (self.random_text or translate("FacesView", "rolled by the app"))
                               if srcs == {"random"}
                               else ", ".join(sorted(srcs)))
        self._note.setVisible(bool(self.faces))


class DiceChoice(QWidget):
    """Roll for me, or type the faces rolled at the table (checked as typed)."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None, roll_text: str | None = None,
                 typed_text: str | None = None) -> None:
        super().__init__(parent)
        # translated here, not as defaults: a default is read when the module is
        # imported, before the window's language is installed (it stayed English)
        roll_text = roll_text if roll_text is not None else translate("DiceChoice", "Roll for me")
        typed_text = typed_text if typed_text is not None else translate("DiceChoice", "I rolled:")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.roll = QRadioButton(roll_text)
        self.roll.setObjectName("diceRoll")
        self.typed = QRadioButton(typed_text)
        self.typed.setObjectName("diceTyped")
        self.group = QButtonGroup(self)
        self.group.addButton(self.roll)
        self.group.addButton(self.typed)
        self.roll.setChecked(True)
        lay.addWidget(self.roll)
        row = QHBoxLayout()
        row.addWidget(self.typed)
        self.entry = EntryLine()  # Enter is the entry's own (the dialog previews), not OK
        self.entry.setObjectName("typedDice")
        self.entry.setPlaceholderText(translate("DiceChoice", "faces, e.g. 3,5"))
        self.entry.setToolTip(translate("DiceChoice", "The faces you rolled, in order, e.g. 3,5 (a D66 as 35 or 3,5)"))
        self.entry.setEnabled(False)
        row.addWidget(self.entry, 1)
        lay.addLayout(row)
        self.problem = QLabel()
        from ui.theme import colours

        self.problem.setTextFormat(Qt.TextFormat.PlainText)  # quotes what was typed
        self.problem.setStyleSheet(f"color: {colours().error_text};")
        self.problem.setWordWrap(True)
        self.problem.hide()
        lay.addWidget(self.problem)
        self.typed.toggled.connect(self._mode)
        self.entry.textChanged.connect(self._check)
        self.typing = TypeIntoField(self.entry, [self.roll, self.typed], before=self.choose_typed)

    def choose_typed(self) -> None:
        """"I rolled": the entry takes the faces (typing on a dice button does this)."""
        if self.typed.isEnabled() and not self.typed.isChecked():
            self.typed.setChecked(True)

    def forward_typing(self, *widgets: QWidget) -> None:
        """Faces typed on ``widgets`` (the dialog's Roll/Preview button) go into the entry."""
        for w in widgets:
            w.installEventFilter(self.typing)

    def take_enter(self) -> bool:
        """Enter in the entry: True when faces are typed (use them); an empty entry goes
        back to "Roll for me" and returns False (the caller rolls with the app's dice)."""
        if self.entry.text().strip():
            return True
        self.roll.setChecked(True)
        return False

    def _mode(self, typed: bool) -> None:
        self.entry.setEnabled(typed)
        if typed:
            self.entry.setFocus()
        self._check()

    def _check(self) -> None:
        msg = self.error()
        from ui.theme import bad_field_style

        self.entry.setStyleSheet(bad_field_style() if msg and self.entry.text().strip() else "")
        self.problem.setText(msg if self.entry.text().strip() else "")
        self.problem.setVisible(bool(msg and self.entry.text().strip()))
        self.changed.emit()

    def is_typed(self) -> bool:
        return self.typed.isChecked()

    def error(self) -> str:
        if not self.is_typed():
            return ""
        try:
            parse_typed(self.entry.text())
        except DiceError as e:
            return str(e)
        return ""

    def faces(self) -> list[int]:
        """The typed faces (raises DiceError when they are not valid)."""
        return parse_typed(self.entry.text())

    def set_typed(self, text: str) -> None:
        self.typed.setChecked(True)
        self.entry.setText(text)

    def set_enabled_all(self, on: bool) -> None:
        self.roll.setEnabled(on)
        self.typed.setEnabled(on)
        self.entry.setEnabled(on and self.is_typed())


def source_label(source: str) -> str:
    return {"typed": translate("dice_widgets", "typed in"), "random": translate("dice_widgets", "rolled by the app"), "seeded": "seeded"}.get(source, source)


def dice_words(spec: str, target: int | None) -> str:
    """``pass:2d6`` vs 4 -> "2d6 vs 4" (each die of 4 or less passes)."""
    if spec.startswith("pass:"):
        base = spec[5:]
        best = ""
        if "b" in base:
            base, keep = base.split("b", 1)
            best = translate("dice_widgets", ", best {keep}").format(keep=keep)
        return translate("dice_widgets", "{base} vs {target}{best}").format(base=base, target=target, best=best)
    if spec.startswith("best:"):
        return translate("dice_widgets", "{value}, best die").format(value=spec[5:])
    return spec if target is None else translate("dice_widgets", "{spec} vs {target}").format(spec=spec, target=target)


def roll_text(r: dict[str, Any] | None) -> str:
    if not r:
        return ""
    faces = ",".join(str(x) for x in r.get("faces", []))
    src = translate("dice_widgets", " (typed)") if r.get("source") == "typed" else ""
    value = translate("dice_widgets", "pass {value}").format(value=r['value']) if str(r["dice"]).startswith("pass:") else str(r["value"])
    return f"{dice_words(r['dice'], r.get('target'))} [{faces}] = {value}{src}"
