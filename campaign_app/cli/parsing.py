"""Splitting what a user types on the command line into the values the use-cases take."""

from __future__ import annotations

from collections.abc import Iterable

from campaign_app.errors import InputError


def key_values(items: Iterable[str] | None, option: str, example: str) -> dict[str, str]:
    """``["WS=3+", "M=5"]`` (a repeatable ``KEY=VALUE`` option) as ``{"WS": "3+", "M": "5"}``;
    an item without ``=`` is an :class:`InputError` naming the option: ``--stat 'WS':
    write KEY=VALUE, e.g. WS=3+``. A key given twice keeps its last value."""
    out: dict[str, str] = {}
    for item in items or ():
        if "=" not in item:
            raise InputError(f"{option} {item!r}: write KEY=VALUE, e.g. {example}")
        k, v = item.split("=", 1)
        out[k.strip()] = v.strip()
    return out
