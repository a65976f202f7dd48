"""Print preview: the pages of a PDF drawn as pictures before it is saved or printed.

Pages are rendered with PySide6's QtPdf when that module is installed (PySide6-Addons),
else with poppler's ``pdftoppm``; with neither, the dialog says so and still saves.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ui.i18n import plural, translate
from ui.screen import fit_to_screen

# render(path, options) -> pages written to ``path``; options: page, size, orientation
Render = Callable[[str, dict[str, str]], int]


def render_pages(pdf: str, dpi: int = 60) -> list[QImage]:
    """The pages of ``pdf`` as images (empty when no renderer is installed)."""
    try:
        from PySide6.QtPdf import QPdfDocument  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        QPdfDocument = None  # noqa: N806
    if QPdfDocument is not None:
        doc = QPdfDocument()
        doc.load(pdf)
        out = []
        for i in range(doc.pageCount()):
            size = doc.pagePointSize(i) * dpi / 72
            out.append(doc.render(i, size.toSize()))
        return out
    tool = shutil.which("pdftoppm")
    if tool is None:
        return []
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run([tool, "-png", "-r", str(dpi), pdf, os.path.join(folder, "p")], check=True,
                       capture_output=True, timeout=120)
        files = sorted(Path(folder).glob("p*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[-1]))
        return [QImage(str(f)) for f in files]


class PrintPreview(QDialog):
    """Shows the rendered pages; page size (and card size or orientation) re-render."""

    def __init__(self, parent: QWidget | None, title: str, render: Render,
                 choices: dict[str, tuple[str, ...]]) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("PrintPreview", "Print preview: {title}").format(title=title))
        self.render = render
        self.folder = tempfile.mkdtemp(prefix="campaign-preview-")
        self.pdf = os.path.join(self.folder, "preview.pdf")
        self.boxes: dict[str, QComboBox] = {}
        top = QHBoxLayout()
        for key, values in choices.items():
            top.addWidget(QLabel(key.capitalize() + ":"))
            box = QComboBox()
            box.addItems(list(values))
            box.currentTextChanged.connect(self.refresh)
            self.boxes[key] = box
            top.addWidget(box)
        top.addStretch(1)
        self.info = QLabel()
        top.addWidget(self.info)
        self.pages = QWidget()
        self.pages_layout = QVBoxLayout(self.pages)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.pages)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        print_button = buttons.addButton(translate("PrintPreview", "Print…"), QDialogButtonBox.ButtonRole.ActionRole)
        print_button.clicked.connect(self.ask_print)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(scroll, 1)
        layout.addWidget(buttons)
        fit_to_screen(self, 640, 820)
        self.images: list[QImage] = []
        self.refresh()
        if self.boxes:
            next(iter(self.boxes.values())).setFocus()

    def options(self) -> dict[str, str]:
        return {k: b.currentText() for k, b in self.boxes.items()}

    def refresh(self, *_args: object) -> None:
        count = self.render(self.pdf, self.options())
        self.images = render_pages(self.pdf)
        while self.pages_layout.count():
            item = self.pages_layout.takeAt(0)
            if item is not None and item.widget() is not None:
                item.widget().deleteLater()  # type: ignore[union-attr]
        for image in self.images:
            label = QLabel()
            label.setPixmap(QPixmap.fromImage(image))
            label.setAlignment(Qt.AlignmentFlag.AlignHCenter)
            self.pages_layout.addWidget(label)
        if not self.images:
            self.pages_layout.addWidget(QLabel(translate("PrintPreview", "No page preview: install poppler (pdftoppm) or PySide6-Addons.")))
        self.info.setText(plural(count, translate("PreviewDialog", "{n} page"), translate("PreviewDialog", "{n} pages")))

    def ask_print(self) -> None:
        """Send the pages to a printer (the system's print dialog chooses which)."""
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        if QPrintDialog(printer, self).exec():
            self.print_to(printer)

    def print_to(self, printer: Any) -> int:
        """Draw every page on ``printer`` (a QPrinter), each scaled to its page; the
        pages are rendered again at the printer's resolution (at most 300 dpi)."""
        from PySide6.QtGui import QPainter

        dpi = max(72, min(300, int(printer.resolution())))
        images = render_pages(self.pdf, dpi) or self.images
        painter = QPainter()
        if not painter.begin(printer):
            return 0
        try:
            for i, image in enumerate(images):
                if i:
                    printer.newPage()
                area = painter.viewport()
                scaled = image.size().scaled(area.size(), Qt.AspectRatioMode.KeepAspectRatio)
                painter.setViewport(area.x(), area.y(), scaled.width(), scaled.height())
                painter.setWindow(image.rect())
                painter.drawImage(0, 0, image)
                painter.setViewport(area)
        finally:
            painter.end()
        return len(images)

    def cleanup(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)
