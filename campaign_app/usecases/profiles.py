"""The pure parts of gear's reads a roster's show needs: a campaign's rules data with its
catalogue, each weapon's profile from it, and a roster's rating. No database layer: the
ORM's reads (:mod:`.gear`, :mod:`.fighters`) and the plain read of ``roster show``
(:mod:`.roster_show`) hand them rows, so both shape the same data with the same code.

The rules data (and pydantic, its checks) load inside the functions that read them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

# the statuses whose fighters' values make the rating when a system names none
# (GameSystem.rating_statuses): the fighters ready to play, as the printed roster counts
READY = ("active",)


def rating_of(statuses_counted: Sequence[str], values: Iterable[tuple[str, int]]) -> int:
    """The sum of the values of the fighters that count (``statuses_counted``; () = the
    active ones)."""
    counted = tuple(statuses_counted) or READY
    return sum(v for st, v in values if st in counted)


def rules_data(system: str, edition: str, expansions: Sequence[str] | None,
               packs: Iterable[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    """A campaign's rules data with its catalogue (shipped items, then each content
    pack's, ``packs``: (name, items) in the order they were added) under
    ``"catalogue_items"`` and its index under ``"catalogue_index"``."""
    from campaign_app.rules import load_rulebook
    from campaign_app.rules.catalogue import catalogue, index

    data = load_rulebook().data(system, edition, list(expansions or []))
    data["catalogue_items"] = catalogue(data, list(packs))
    data["catalogue_index"] = index(data["catalogue_items"])
    return data


def with_catalogue(item: Mapping[str, Any], data: Mapping[str, Any]) -> dict[str, Any]:
    """An equipment dict filled from the campaign's catalogue (:func:`rules_data`)."""
    found = data.get("catalogue_index")
    if not isinstance(found, Mapping) or not found:
        return dict(item)
    from campaign_app.rules.catalogue import fill_profile, norm

    return fill_profile(dict(item), found.get(norm(item.get("name"))))


def profile_columns(data: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The weapon profile fields the campaign's edition declares ([] = none declared)."""
    from campaign_app.rules.catalogue import profile_fields

    return profile_fields(data)


def fill_profiles(data: Mapping[str, Any], groups: Iterable[list[Any]]) -> None:
    """Each weapon's profile (label -> value) from the campaign's catalogue (gear), set
    on the equipment dicts of ``groups`` (``profile``, and ``profile_lines`` for a weapon
    of several lines)."""
    cols = profile_columns(data)
    if not cols:
        return
    for items in groups:
        for item in items:
            full = with_catalogue(item, data)

            def labelled(line: dict[str, Any]) -> dict[str, Any]:
                prof = {}
                for key, label in cols:
                    v = line.get(key)
                    if v not in (None, "", []):
                        prof[label] = ", ".join(str(x) for x in v) if isinstance(v, (list, tuple)) else v
                return prof

            item["profile"] = labelled(full)
            lines = full.get("profile_lines") or []
            if lines:
                item["profile_lines"] = [{"name": str(full.get("profile_name") or ""), "profile": item["profile"]},
                                         *({"name": str(x.get("name") or ""), "profile": labelled(x)} for x in lines)]
