"""Shared helpers for the reports tests."""

from __future__ import annotations

from pypdf import PdfReader


def normalise(s: str) -> str:
    return " ".join(s.split())


def page_texts(path) -> list[str]:
    """Whitespace-normalised text of every page."""
    return [normalise(p.extract_text() or "") for p in PdfReader(str(path)).pages]


def all_text(path) -> str:
    return " ".join(page_texts(path))


def make_roster(rows: list[dict] | None = None, **overrides) -> dict:
    doc = {
        "title": "Roster",
        "campaign": "Dust Campaign",
        "system": "Necromunda",
        "roster": "Rusty Cogs",
        "subtitle": "Orlock - played by Sam",
        "totals": [["Battles", "12"], ["Gang rating", "1715"], ["Credits", "30"]],
        "columns": [
            {"key": "name", "label": "Name", "width": 3},
            {"key": "type", "label": "Type", "width": 2},
            {"key": "xp", "label": "XP", "width": 0.7},
            {"key": "status", "label": "Status", "width": 1.3},
            {"key": "gear", "label": "Equipment", "width": 4},
        ],
        "rows": rows if rows is not None else [],
        "notes": "",
    }
    doc.update(overrides)
    return doc


def fighter(name: str, status: str = "active", label: str = "Active", **extra) -> dict:
    row = {
        "name": name,
        "type": "Ganger",
        "xp": 3,
        "status": label,
        "gear": "Lasgun",
        "_status": status,
        "_status_label": label,
    }
    row.update(extra)
    return row
