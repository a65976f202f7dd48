"""Find text a window shows cut off: a label, button or field too narrow for its text,
a placeholder that does not fit, a tree or table cell whose text Qt elides, a word the
detail pane breaks in the middle. The screenshot tool reports them for every picture it
takes and a test asserts there are none (issue #18: nothing cut off at 1280x800)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QPoint, QRect, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTextEdit,
    QWidget,
)

SLACK = 2  # pixels of rounding a fitting text may be off by


def _words(text: str) -> list[str]:
    """The pieces a wrapping layout may not break: words (a zero-width space is a break)."""
    return text.replace("\u200b", " ").split()


def _where(w: QWidget) -> str:
    names = []
    while w is not None and len(names) < 3:
        names.append(w.objectName() or type(w).__name__)
        w = w.parentWidget()
    return "/".join(reversed(names))


def _visible(w: QWidget, top: QWidget) -> bool:
    return w.isVisibleTo(top) and w.width() > 0 and w.height() > 0


def _label(w: QLabel) -> str | None:
    text = w.text()
    if not text or w.pixmap() is not None and not w.pixmap().isNull():
        return None
    if w.textFormat() == Qt.TextFormat.RichText or (w.textFormat() == Qt.TextFormat.AutoText and "<" in text):
        from PySide6.QtGui import QTextDocument

        doc = QTextDocument()
        doc.setDefaultFont(w.font())
        doc.setHtml(text)
        plain = doc.toPlainText()
    else:
        plain = text.replace("&&", "\0").replace("&", "").replace("\0", "&")
    fm = QFontMetrics(w.font())
    room = w.contentsRect().width() - 2 * w.margin() - 2 * max(w.indent(), 0)
    if w.wordWrap():
        widest = max((fm.horizontalAdvance(word) for word in _words(plain)), default=0)
        if widest > room + SLACK:
            return f"a word of {plain[:40]!r} is wider than its label"
        return None
    widest_line = max((fm.horizontalAdvance(line) for line in plain.splitlines()), default=0)
    if widest_line > room + SLACK:
        return f"{plain[:40]!r} is cut off ({widest_line} px text in {room} px)"
    return None


def _button(w: QAbstractButton) -> str | None:
    text = w.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
    if not text:
        return None
    hint = w.sizeHint().width()
    if hint > w.width() + SLACK:
        return f"button {text!r} is {w.width()} px wide, its text needs {hint}"
    return None


def _line_edit(w: QLineEdit) -> str | None:
    fm = QFontMetrics(w.font())
    room = w.contentsRect().width() - 8  # the frame's own margins
    if w.text() and not w.hasFocus():
        return None  # a typed text scrolls, as in every field
    ph = w.placeholderText()
    if ph and not w.text() and fm.horizontalAdvance(ph) > room + SLACK:
        return f"placeholder {ph!r} is cut off"
    return None


def _combo(w: QComboBox) -> str | None:
    text = w.currentText()
    if not text:
        return None
    need = w.sizeHint().width() if w.sizeAdjustPolicy() != QComboBox.SizeAdjustPolicy.AdjustToContents else 0
    fm = QFontMetrics(w.font())
    room = w.width() - 30  # the arrow and the frame
    if fm.horizontalAdvance(text) > room + SLACK and need >= 0:
        return f"choice {text!r} is cut off"
    return None


def _items(view: QAbstractItemView) -> list[str]:
    """Cells of an item view whose text is wider than the cell (Qt elides them)."""
    model = view.model()
    if model is None:
        return []
    out: list[str] = []
    bar = view.horizontalScrollBar()
    if bar is not None and bar.maximum() > 0 and view.horizontalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAlwaysOff:
        out.append(f"{_where(view)}: is wider than its window ({bar.maximum()} px scroll sideways)")
    fm = QFontMetrics(view.font())
    vp = view.viewport().rect()

    def check(ix: QModelIndex) -> None:
        rect = view.visualRect(ix)
        if not rect.isValid() or not rect.intersects(vp):
            return
        text = str(ix.data(Qt.ItemDataRole.DisplayRole) or "")
        if not text:
            return
        if rect.right() > vp.right() or rect.left() < vp.left():
            if bar is not None and bar.maximum() > 0:
                return  # partly scrolled out of sight: said once for the view (above)
            rect = rect.intersected(vp)  # no sideways scrolling: what is past the edge is cut
        if view.wordWrap() and view.textElideMode() == Qt.TextElideMode.ElideNone:
            # wraps at spaces: only a word wider than the cell is cut
            need = max((fm.horizontalAdvance(w) for w in _words(text)), default=0) + 6
            if ix.data(Qt.ItemDataRole.DecorationRole) is not None:
                need += (view.iconSize().width() if view.iconSize().width() > 0 else 16) + 4
        else:
            need = fm.horizontalAdvance(text) + 6  # the cell's margins
            if ix.data(Qt.ItemDataRole.DecorationRole) is not None:
                need += (view.iconSize().width() if view.iconSize().width() > 0 else 16) + 4
            # what the view's own delegate asks for (its style's margins, the icon, a bold font)
            need = max(need, view.sizeHintForIndex(ix).width())
        room = rect.width()
        if need > room + SLACK:
            out.append(f"{_where(view)}: {text[:40]!r} is elided ({need} px in {room} px)")

    def count(fn: Any, parent: QModelIndex, default: int) -> int:
        try:
            return int(fn(parent))
        except TypeError:  # a list model: its counts are private to PySide6
            return default if not parent.isValid() else 0

    stack = [QModelIndex()]
    seen = 0
    while stack and seen < 5000:
        parent = stack.pop()
        for r in range(count(model.rowCount, parent, view.model().rowCount())):
            for c in range(count(model.columnCount, parent, 1)):
                ix = model.index(r, c, parent)
                if view.isIndexHidden(ix) if hasattr(view, "isIndexHidden") else False:
                    continue
                seen += 1
                check(ix)
            first = model.index(r, 0, parent)
            if count(model.rowCount, first, 0) > 0 and getattr(view, "isExpanded", lambda _i: False)(first):
                stack.append(first)
    return out


def _text_edit(w: QTextEdit) -> str | None:
    """A line of the laid-out text that ends inside a word: the layout broke the word
    (a word wider than its paragraph or table cell)."""
    doc = w.document()
    doc.documentLayout()  # laid out at the widget's width
    block = doc.begin()
    while block.isValid():
        layout = block.layout()
        text = block.text()
        if layout is not None and layout.lineCount() > 1:
            for n in range(layout.lineCount() - 1):
                line = layout.lineAt(n)
                end = line.textStart() + line.textLength()
                if 0 < end < len(text) and text[end - 1].isalnum() and text[end].isalnum():
                    word_start = end - 1
                    while word_start > 0 and text[word_start - 1].isalnum():
                        word_start -= 1
                    word_end = end
                    while word_end < len(text) and text[word_end].isalnum():
                        word_end += 1
                    return f"{text[word_start:word_end]!r} is broken inside the word"
        block = block.next()
    return None


def _clipped(w: QWidget, top: QWidget) -> str | None:
    """A widget that runs out of a parent at the side: a panel (a scroll area's content)
    wider than the room it is shown in cuts its buttons and fields off there."""
    parent = w.parentWidget()
    if parent is None or isinstance(parent, (QComboBox, QAbstractItemView)) or isinstance(w, QHeaderView):
        return None
    rect = QRect(w.mapTo(top, QPoint(0, 0)), QWidget.size(w))
    a: QWidget | None = parent
    while a is not None and a is not top:
        room = QRect(a.mapTo(top, QPoint(0, 0)), QWidget.size(a))
        if rect.right() > room.right() + SLACK or rect.left() < room.left() - SLACK:
            text = w.text() if hasattr(w, "text") else ""
            shown = max(0, min(rect.right(), room.right()) - max(rect.left(), room.left()))
            return f"{type(w).__name__} {str(text)[:30]!r} is cut off at the side ({shown} of {rect.width()} px shown)"
        a = a.parentWidget()
    return None


def _header(h: QHeaderView) -> list[str]:
    """Header sections too narrow for their title (Qt elides it: "Casualties c…")."""
    model = h.model()
    if model is None or h.orientation() != Qt.Orientation.Horizontal:
        return []
    fm = QFontMetrics(h.font())
    out = []
    for i in range(h.count()):
        if h.isSectionHidden(i) or h.sectionSize(i) <= 0:
            continue
        title = str(model.headerData(i, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole) or "")
        if not title:
            continue
        need = fm.horizontalAdvance(title) + 8  # the section's margins
        pos = h.sectionViewportPosition(i)
        if pos + h.sectionSize(i) <= 0 or pos >= h.viewport().width():
            continue  # scrolled out of sight
        if need > h.sectionSize(i) + SLACK:
            out.append(f"{_where(h)}: header {title[:30]!r} is cut off ({need} px in {h.sectionSize(i)} px)")
    return out


def cut_texts(top: QWidget) -> list[str]:
    """Every text ``top`` (a window or dialog, shown) cuts off, as one line each."""
    out: list[str] = []
    for w in [top, *top.findChildren(QWidget)]:
        if not _visible(w, top):
            continue
        if isinstance(w, QHeaderView):
            out += _header(w)
            continue
        problem: Any = None
        if isinstance(w, QLabel):
            problem = _label(w)
        elif isinstance(w, QAbstractButton) and w.parentWidget() is not None \
                and type(w).__name__ not in ("QToolBarExtension",):
            problem = _button(w)
        elif isinstance(w, QLineEdit) and not isinstance(w.parentWidget(), QComboBox):
            problem = _line_edit(w)
        elif isinstance(w, QComboBox):
            problem = _combo(w)
        elif isinstance(w, QTextEdit):
            problem = _text_edit(w)
        elif isinstance(w, QAbstractItemView):
            out += _items(w)
        if not problem and isinstance(w, (QLabel, QAbstractButton, QLineEdit, QComboBox)):
            problem = _clipped(w, top)
        if problem:
            out.append(f"{_where(w)}: {problem}")
    return out
