"""Small shared widgets: the inline error line of the dialogs, non-blocking message
boxes, an entry line whose Enter is its own, and a dialog base that calls a use-case
on OK and stays open on bad input."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from campaign_app.changes import NO_CHANGES, Changes, changes_of
from campaign_app.errors import AppError, ConflictError
from ui.i18n import translate

log = logging.getLogger(__name__)

# every message box shown, newest last (title, text): read by tests
SHOWN: list[tuple[str, str]] = []


def show_message(parent: QWidget | None, title: str, text: str, *,
                 icon: QMessageBox.Icon = QMessageBox.Icon.Warning,
                 on_close: Callable[[], None] | None = None) -> QMessageBox:
    """A window-modal message that does not block the caller (``open()``)."""
    SHOWN.append((title, text))
    box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)  # names in messages are never markup
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.setObjectName("messageBox")
    if on_close is not None:
        box.finished.connect(lambda _r: on_close())
    box.open()
    return box


def show_error(parent: QWidget | None, title: str, err: BaseException | str,
               on_close: Callable[[], None] | None = None) -> QMessageBox:
    """The one place a use-case's error is said in a message box. A league write that
    may not have been applied (no answer, 503: ``err.retry`` set) offers Retry instead
    (:func:`ask_retry`)."""
    if isinstance(err, AppError) and callable(err.retry):
        return ask_retry(parent, title, err, on_close=on_close)
    if isinstance(err, AppError) or isinstance(err, str):
        text = str(err)
    else:
        log.error("%s: %s", title, err, exc_info=err)
        text = translate("widgets", "Something went wrong: {__name__}: {err}").format(__name__=type(err).__name__, err=err)
    return show_message(parent, title, text, on_close=on_close)


def ask_retry(parent: QWidget | None, title: str, err: AppError,
              on_close: Callable[[], None] | None = None) -> QMessageBox:
    """A window-modal Retry / Cancel question that does not block (``open()``) for a
    league write that got no answer or a 503: its one line; Retry (the default) calls
    ``err.retry()`` (the same request with the same Idempotency-Key: applied at most
    once), then shows what the result changed in ``parent``'s window (its change set,
    as the action itself would have); failing again, the box comes back. Cancel does
    nothing more. The buttons are ``box.retry_button`` and ``box.cancel_button``."""
    text = str(err)
    SHOWN.append((title, text))
    sb = QMessageBox.StandardButton
    box = QMessageBox(QMessageBox.Icon.Warning, title, text, sb.Retry | sb.Cancel, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.setObjectName("retryBox")
    retry = box.button(sb.Retry)
    retry.setText(translate("widgets", "&Retry"))
    retry.setObjectName("retryButton")
    box.button(sb.Cancel).setText(translate("widgets", "Cancel"))
    box.setDefaultButton(sb.Retry)
    box.setEscapeButton(sb.Cancel)
    box.retry_button = retry  # type: ignore[attr-defined]
    box.cancel_button = box.button(sb.Cancel)  # type: ignore[attr-defined]

    def done(_r: int) -> None:
        if box.clickedButton() is not retry or err.retry is None:
            if on_close is not None:
                on_close()
            return
        try:
            result = err.retry()
        except Exception as again:  # noqa: BLE001 - said as any error is (Retry again if it offers it)
            show_error(parent, title, again, on_close=on_close)
            return
        win = parent.window() if parent is not None else None
        if win is not None and hasattr(win, "apply_changes"):
            if hasattr(win, "notify"):
                win.notify(translate("widgets", "{title}: sent again, done").format(title=title), 6000)
            win.apply_changes(changes_of(result))
        if on_close is not None:
            on_close()

    box.finished.connect(done)
    box.open()
    return box


def ask_confirm(parent: QWidget | None, title: str, text: str, yes_text: str,
                on_yes: Callable[[], None]) -> QMessageBox:
    """A window-modal question that does not block (``open()``): ``on_yes`` runs only
    when ``yes_text`` is pressed; Cancel (the default) does nothing. The yes button is
    ``box.yes_button``."""
    SHOWN.append((title, text))
    box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Cancel, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.setObjectName("confirmBox")
    yes = box.addButton(yes_text, QMessageBox.ButtonRole.AcceptRole)
    yes.setObjectName("confirmYes")
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)
    box.yes_button = yes  # type: ignore[attr-defined]
    box.finished.connect(lambda _r: on_yes() if box.clickedButton() is yes else None)
    box.open()
    return box


def ask_save_discard(parent: QWidget | None, title: str, text: str,
                     on_save: Callable[[], None], on_discard: Callable[[], None]) -> QMessageBox:
    """A window-modal Save / Discard / Cancel question that does not block (``open()``):
    ``on_save`` or ``on_discard`` runs for its button; Cancel (also Esc) does nothing.
    The buttons are ``box.save_button``, ``box.discard_button`` and ``box.cancel_button``."""
    SHOWN.append((title, text))
    sb = QMessageBox.StandardButton
    box = QMessageBox(QMessageBox.Icon.Warning, title, text, sb.Save | sb.Discard | sb.Cancel, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.setObjectName("saveDiscardBox")
    box.setDefaultButton(sb.Save)
    box.setEscapeButton(sb.Cancel)
    box.save_button = box.button(sb.Save)  # type: ignore[attr-defined]
    box.discard_button = box.button(sb.Discard)  # type: ignore[attr-defined]
    box.cancel_button = box.button(sb.Cancel)  # type: ignore[attr-defined]

    def done(_r: int) -> None:
        clicked = box.clickedButton()
        if clicked is box.save_button:  # type: ignore[attr-defined]
            on_save()
        elif clicked is box.discard_button:  # type: ignore[attr-defined]
            on_discard()

    box.finished.connect(done)
    box.open()
    return box


def checked_ids(box: Any) -> list[int]:
    """The ids (UserRole) of the ticked items of a checkable QListWidget, in order."""
    return [int(box.item(i).data(Qt.ItemDataRole.UserRole)) for i in range(box.count())
            if box.item(i).checkState() == Qt.CheckState.Checked]


def set_checked(box: Any, item_id: int, on: bool = True) -> None:
    """Tick (or untick) the item of ``box`` whose id (UserRole) is ``item_id``."""
    for i in range(box.count()):
        item = box.item(i)
        if item.data(Qt.ItemDataRole.UserRole) == item_id:
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)


def breakable(path: str) -> str:
    """A file path or URL that a word-wrapping label may break after each ``/``."""
    return path.replace("/", "/\u200b")


def counted(n: int, word: str, plural: str | None = None) -> str:
    """``n`` and ``word`` as people write them: "1 creature", "3 creatures"."""
    return f"{n} {word if n == 1 else plural or word + 's'}"


class EntryLine(QLineEdit):
    """A one-line entry whose Enter/Return is its own: it emits ``returnPressed`` (the
    entry's action, e.g. Add or Use these dice) and the key stops there, so the
    dialog's default button (OK, Next) is not pressed as well."""

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        if event.key() not in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            super().keyPressEvent(event)
            return
        comp = self.completer()
        if comp is not None and comp.popup().isVisible():
            comp.popup().hide()  # Enter takes the text as it stands
        super().keyPressEvent(event)  # emits returnPressed
        event.accept()  # ... and stops here: not the dialog's default button


class ErrorLabel(QLabel):
    """A red line under a form that says what is wrong (empty = hidden)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("errorLabel")
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)  # messages quote what the user typed
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._restyle()
        # the line's room is kept while it is empty, so the form does not jump when an
        # error appears (a message of more than one line still grows it)
        policy = self.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.setSizePolicy(policy)
        self.setMinimumHeight(self.fontMetrics().height() + 10)  # padding 4 + border 1, twice
        self.hide()

    def _restyle(self) -> None:
        from ui.theme import colours

        c = colours()
        sheet = (f"QLabel#errorLabel {{ color: {c.error_text}; background: {c.error_back};"
                 f" border: 1px solid {c.error_border}; border-radius: 3px; padding: 4px 6px; }}")
        if sheet != self.styleSheet():  # (a style sheet set sends events of its own)
            self.setStyleSheet(sheet)

    def changeEvent(self, event: Any) -> None:  # noqa: N802 (Qt's name)
        from PySide6.QtCore import QEvent

        super().changeEvent(event)
        if event.type() in (QEvent.Type.ApplicationPaletteChange, QEvent.Type.PaletteChange):
            self._restyle()

    def show_error(self, text: str) -> None:
        self.setText(text)
        self.setVisible(bool(text))

    def clear_error(self) -> None:
        self.setText("")
        self.hide()


def hline() -> QFrame:
    f = QFrame()
    f.setFrameShape(QFrame.Shape.HLine)
    f.setFrameShadow(QFrame.Shadow.Sunken)
    return f


def heading(text: str, size_delta: int = 2) -> QLabel:
    lab = QLabel(text)
    lab.setTextFormat(Qt.TextFormat.PlainText)  # a heading may name a campaign or a table
    f = lab.font()
    f.setPointSize(f.pointSize() + size_delta)
    f.setBold(True)
    lab.setFont(f)
    return lab


def first_field(dialog: QWidget) -> QWidget | None:
    """The first widget of ``dialog``'s tab order that takes typing: shown, enabled,
    reached with Tab, and not a button (nor the tab bar of a tab widget)."""
    from PySide6.QtWidgets import QAbstractButton, QTabBar

    w = dialog.nextInFocusChain()
    seen = 0
    while w is not None and w is not dialog and seen < 500:
        seen += 1
        if (w.isVisibleTo(dialog) and w.isEnabled() and bool(w.focusPolicy() & Qt.FocusPolicy.TabFocus)
                and not isinstance(w, (QAbstractButton, QTabBar))):
            return w
        w = w.nextInFocusChain()
    return None


def focus_first_field(dialog: QWidget) -> None:
    """Give the keyboard to the dialog's first field, so that typing right after the
    dialog opens lands there (not on a button, where the space bar would press it),
    unless the dialog has put it somewhere itself (e.g. the dice to type next)."""
    from PySide6.QtWidgets import QAbstractButton

    current = dialog.focusWidget()
    if current is not None and current is not dialog and not isinstance(current, QAbstractButton) \
            and current.isVisibleTo(dialog):
        return
    field = first_field(dialog)
    if field is not None:
        field.setFocus(Qt.FocusReason.TabFocusReason)


class UseCaseDialog(QDialog):
    """A form whose OK runs a use-case. Bad input (InputError and friends) is shown in
    the error line and the dialog stays open, so nothing wrong is ever saved. A
    ConflictError (someone else saved first) is reported through ``conflict``."""

    conflict = Signal(str)
    saved = Signal(object)

    def __init__(self, parent: QWidget | None, title: str) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setModal(True)
        self.result_value: Any = None
        self.changes: Changes = NO_CHANGES  # what the use-case changed (see keep)
        self._kept = False
        self.outer = QVBoxLayout(self)
        self.body = QVBoxLayout()
        self.outer.addLayout(self.body)
        self.error = ErrorLabel()
        self.outer.addWidget(self.error)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.try_accept)
        self.buttons.rejected.connect(self.reject)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.buttons)
        self.outer.addLayout(row)

    @property
    def ok_button(self) -> Any:
        return self.buttons.button(QDialogButtonBox.StandardButton.Ok)

    def showEvent(self, event: Any) -> None:  # noqa: N802 (Qt's name)
        # the buttons were made before the subclass's fields: Tab ends on them, and the
        # dialog opens with the first field ready for typing
        if not getattr(self, "_focus_set", False):
            self._focus_set = True
            last = self
            w = self.nextInFocusChain()
            while w is not None and w is not self:
                if not self.buttons.isAncestorOf(w) and w is not self.buttons:
                    last = w
                w = w.nextInFocusChain()
            if last is not self:
                for b in self.buttons.buttons():
                    QWidget.setTabOrder(last, b)
                    last = b
            focus_first_field(self)
        super().showEvent(event)

    def run(self) -> Any:  # pragma: no cover - overridden
        raise NotImplementedError

    def check(self) -> str:
        """Checks made before calling the use-case (e.g. typed numbers); '' = fine."""
        return ""

    def keep(self, result: Any) -> Any:
        """Note what the use-case's ``result`` changed (``self.changes``, for the window
        to show); returns ``result``. ``run`` calls it with each use-case's result."""
        self.changes = (self.changes | changes_of(result)) if self._kept else changes_of(result)
        self._kept = True
        return result

    def offer_another(self, label: str | None = None) -> QPushButton:
        """A second way to save: the use-case runs as with OK, then the form is made
        ready for the next one (``reset_for_another``) instead of closing."""
        b = QPushButton(label if label is not None else translate("UseCaseDialog", "Save && Add &Another"))
        b.setObjectName("saveAndAnother")
        b.setAutoDefault(False)
        self.buttons.addButton(b, QDialogButtonBox.ButtonRole.ApplyRole)
        b.clicked.connect(lambda: self.try_accept(close=False))
        self.another_button = b
        return b

    def reset_for_another(self) -> None:  # pragma: no cover - overridden where offered
        """Clear the form for the next entry (dialogs that call ``offer_another``)."""

    def try_accept(self, close: bool = True) -> None:
        problem = self.check()
        if problem:
            self.error.show_error(problem)
            return
        self._kept, self.changes = False, NO_CHANGES
        try:
            self.result_value = self.run()
        except ConflictError as e:
            self.error.show_error(str(e))
            self.conflict.emit(str(e))
            return
        except AppError as e:
            self.error.show_error(str(e))
            return
        self.error.clear_error()
        if not self._kept:  # a run() that does not say what it changed: everything may have
            self.changes = Changes.all()
        self.saved.emit(self.result_value)
        if close:
            self.accept()
        else:
            self.saved_count = getattr(self, "saved_count", 0) + 1
            self.reset_for_another()


class VerticalScroll(QScrollArea):
    """A panel that scrolls up and down only, on a screen too short for it: as wide as
    its content needs (a layout gives it that width), never clipping it at the side."""

    def __init__(self, content: QWidget, name: str = "") -> None:
        super().__init__()
        if name:
            self.setObjectName(name)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setWidget(content)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        inner = self.widget().minimumSizeHint() if self.widget() is not None else QSize(0, 0)
        bar = self.verticalScrollBar().sizeHint().width()
        return QSize(inner.width() + bar + 2 * self.frameWidth(), min(inner.height(), 120))

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        inner = self.widget().sizeHint() if self.widget() is not None else QSize(0, 0)
        bar = self.verticalScrollBar().sizeHint().width()
        return QSize(inner.width() + bar + 2 * self.frameWidth(), inner.height())
