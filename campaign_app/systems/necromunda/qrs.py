"""Necromunda quick-reference cards: the post-battle checklist, Lasting Injury and
Damage, the post-battle tests and the edition's characteristics."""

from __future__ import annotations

from collections.abc import Mapping

from campaign_app.rules.catalogue import trading
from campaign_app.rules.labels import labelled
from campaign_app.systems.layout import pretty as _pretty
from campaign_app.systems.layout import stat_text
from campaign_app.systems.qrs import QrsSheet


def cards(q: QrsSheet) -> None:
    edition = q.edition
    rules = q.data.get("injury_rules", {})
    rules = rules if isinstance(rules, Mapping) else {}

    def tid(key: str, default: str) -> str:
        return str(rules.get(key) or f"{edition}-{default}")

    post = q.data.get("post_battle", {})
    steps = post.get("steps", []) if isinstance(post, Mapping) else []
    lines = [f"{i}. {s.get('label')}: {s.get('text')}" for i, s in enumerate(steps, 1) if isinstance(s, Mapping)]
    xp = q.data.get("xp")
    if isinstance(xp, Mapping) and xp:
        # the XP awards are from our rules digest, not a seed
        lines.append(labelled("XP", default=True) + ": " + ", ".join(f"{_pretty(k).lower()} {v}" for k, v in xp.items()))
    if isinstance(q.data.get("trading"), Mapping):
        t = trading(q.data)
        lines.append(labelled("Selling", default=t.default) + f": an item fetches {t.sell_percent}% of its cost, "
                     f"rounded down to {t.round_to} credits.")
    q.card("Post-battle checklist", "Necromunda " + edition.upper(), lines)
    q.card("Lasting Injury", "Fighters taken Out of Action", [],
           q.table(tid("lasting_injury_table", "lasting-injury")))
    q.card("Lasting Damage", "Vehicles taken Out of Action", [],
           q.table(tid("lasting_damage_table", "lasting-damage")) + q.table(f"{edition}-write-off"))
    q.card("Post-battle tests", "Seriously injured, captured and critically injured models", [],
           q.table(tid("seriously_injured_table", "seriously-injured")) + q.table(tid("escape_table", "escape"))
           + q.table(tid("treatment_table", "medical-escort")))
    tables = []
    # the campaign's ranges tables (campaign_tables): the shipped ranges, or its house rule
    for table_id, title in (("characteristics", "Fighter characteristics"),
                            ("vehicle-characteristics", "Vehicle characteristics")):
        ranges = q.tables.get(table_id)
        if ranges is None or not ranges.entries:
            continue
        q.used.add(table_id)
        tables.append({
            "title": labelled(title, default=ranges.default, house_rule=ranges.house_rule),
            "note": "Targets are written 3+ (lower is better); values higher is better.",
            "columns": ["Key", "Characteristic", "Kind", "Limits"],
            "rows": [[str(e["stat"]), str(e.get("label", "")),
                      "target (lower is better)" if e.get("kind") == "target" else "value",
                      stat_text(str(e["stat"]), str(e.get("kind")), e.get("min")) + " to "
                      + stat_text(str(e["stat"]), str(e.get("kind")), e.get("max"))]
                     for e in ranges.entries],
        })
    q.card("Characteristics", "As this edition writes them", [], tables)
