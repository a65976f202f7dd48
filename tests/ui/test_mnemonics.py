"""ui.mnemonics: the letter each menu item is reached by."""

from __future__ import annotations

from typing import Any

from ui.mnemonics import assign_keys, mnemonic, with_key


def test_mnemonic_reads_the_letter_and_skips_a_written_ampersand() -> None:
    assert mnemonic("Re&move Selected") == "m"
    assert mnemonic("Tom && Jerry") is None
    assert mnemonic("Tom && &Jerry") == "j"
    assert mnemonic("A4") is None


def test_with_key_takes_a_words_first_free_letter_then_any_then_accented() -> None:
    assert with_key("Import Yaktribe gang…", {"i"}) == "Import &Yaktribe gang…"
    assert with_key("Re&tirer la sélection", {"r", "t", "l", "s"}) == "R&etirer la sélection"
    assert with_key("Éé ab", {"a", "b"}) == "&Éé ab"  # no ASCII letter left: an accented one
    assert with_key("Tom && Jerry", {"t"}) == "Tom && &Jerry"  # the written & stays written
    assert with_key("ab", {"a", "b"}) == "ab"  # nothing free: no letter, the text kept


def test_assign_keys_keeps_the_first_and_moves_the_later_ones(qtbot: Any) -> None:
    from PySide6.QtWidgets import QMenu

    m = QMenu()
    qtbot.addWidget(m)
    texts = ["&Roster PDF…", "Campaign &Report PDF…", "A4", "&Hidden", "Ro&ll"]
    acts = [m.addAction(t) for t in texts]
    m.addSeparator()
    acts[3].setVisible(False)
    sub = m.addMenu("&Sub")
    inner = [sub.addAction("&Alpha"), sub.addAction("&Also")]
    assign_keys(m)
    assert [a.text() for a in acts] == ["&Roster PDF…", "&Campaign Report PDF…", "&A4", "&Hidden", "Ro&ll"]
    assert [a.text() for a in inner] == ["&Alpha", "A&lso"]
    assign_keys(m)  # again: nothing moves
    assert acts[1].text() == "&Campaign Report PDF…"
