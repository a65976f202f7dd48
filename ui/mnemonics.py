"""Underlined letters (mnemonics) in menus: every item a letter of its own.

Translations, game plug-ins and texts made at run time (Undo's, the importers', the
recent files') cannot know each other's letters, so a menu about to open gives any item
that has no letter, or shares one with an item above it, the first free letter of its
text, a word's first letter before the others: what KDE's accelerator manager does."""

from __future__ import annotations

import re
from typing import Any

_KEY = re.compile(r"&([^&])")


def mnemonic(text: str) -> str | None:
    """The letter Alt reaches ``text`` by (lower case), or None."""
    m = _KEY.search(text.replace("&&", ""))
    return m.group(1).lower() if m else None


def with_key(text: str, taken: set[str]) -> str:
    """``text`` with its letter moved to the first one not in ``taken``: a word's first
    letter, then any letter or digit, plain ASCII before accented ones. ``text``
    unchanged (its letter removed) when every one is taken."""
    plain = re.sub(r"&(?!&)", "", text.replace("&&", "\0")).replace("\0", "&&")
    firsts, others = [], []
    for i, ch in enumerate(plain):
        if not ch.isalnum() or (i > 0 and plain[i - 1] == "&"):
            continue
        (firsts if i == 0 or not plain[i - 1].isalnum() else others).append(i)
    for ascii_only in (True, False):
        for i in firsts + others:
            ch = plain[i]
            if ch.lower() not in taken and (ch.isascii() or not ascii_only):
                return plain[:i] + "&" + plain[i:]
    return plain


def assign_keys(menu: Any, deep: bool = True) -> None:
    """Give each shown item of ``menu`` (a QMenu or the QMenuBar) a letter of its own;
    the first item with a letter keeps it. ``deep``: the submenus too."""
    taken: set[str] = set()
    pending = []
    for a in menu.actions():
        if a.isSeparator() or not a.isVisible() or not a.text():
            continue
        key = mnemonic(a.text())
        if key is not None and key not in taken:
            taken.add(key)
        else:
            pending.append(a)
    for a in pending:
        text = with_key(a.text(), taken)
        key = mnemonic(text)
        if key is not None:
            taken.add(key)
        if text != a.text():
            a.setText(text)
    if deep:
        for a in menu.actions():
            sub = a.menu()
            if sub is not None and sub is not menu and a.isVisible():
                assign_keys(sub)
