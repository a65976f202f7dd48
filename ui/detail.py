"""The detail pane: the selected fighter, unit, roster or campaign as a formatted page
(stats, weapons, skills, lasting injuries, battle history and its rolls)."""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtWidgets import QTextBrowser, QWidget

from ui.badges import STATUS_COLOURS
from ui.i18n import translate
from ui.rules_text import rules_text
from ui.text import esc


def css() -> str:
    """The pane's style sheet, in the colours of the palette in force (light or dark)."""
    from ui.theme import colours

    c = colours()
    return f"""
h2 {{ margin: 0 0 2px 0; }}
.sub {{ color: {c.muted}; margin-bottom: 8px; }}
h3 {{ margin: 12px 0 4px 0; color: {c.heading}; border-bottom: 1px solid {c.rule}; }}
table.stats td, table.stats th {{ border: 1px solid {c.cell_border}; padding: 3px 6px; text-align: center;
  white-space: nowrap; }}
table.stats th {{ background: {c.cell_head}; }}
table.list td, table.list th {{ padding: 2px 8px 2px 0; text-align: left; vertical-align: top; }}
table.list th {{ color: {c.muted}; font-weight: normal; }}
.badge {{ color: white; padding: 1px 6px; border-radius: 3px; }}
.muted {{ color: {c.muted}; }}
.typed {{ color: {c.warning_text}; }}
p.entry {{ margin: 0 0 4px 0; }}
"""


def _e(v: Any) -> str:
    return esc(rules_text(v))


def _pretty(s: Any) -> str:
    return _e(rules_text(str(s or "").replace("-", " ")))


def _badge(status: str, cls: str) -> str:
    colour = STATUS_COLOURS.get(cls, STATUS_COLOURS["ok"])
    return (f"<span class='badge' style='background:{colour}'>&nbsp;{_pretty(status)}&nbsp;</span>")


def _table(head: list[str], rows: list[list[Any]], cls: str = "list") -> str:
    nowrap = " nowrap" if cls == "stats" else ""
    h = "".join(f"<th{nowrap}>{_e(x)}</th>" for x in head)
    body = "".join("<tr>" + "".join(f"<td{nowrap}>{c}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table class='{cls}' cellspacing='0'><tr>{h}</tr>{body}</table>"


def _links(pairs: list[tuple[str, str]]) -> str:
    """A line of the window's actions as links (``action:KEY``, run as the menu runs
    them): where the pane shows a thing, what can be done to it."""
    return "<p>" + " · ".join(f"<a href='action:{key}'>{esc(text)}</a>" for key, text in pairs) + "</p>"


def _entries(lines: list[str]) -> str:
    """One short paragraph per item (a battle, a roll, a roster): in a narrow pane its
    words wrap at spaces, where a table of columns would break them inside."""
    return "".join(f"<p class='entry'>{line}</p>" for line in lines)


ROW_CHARS = 40  # about what the narrowest pane holds in one row of stat cells (3: a cell's padding)


def _stat_tables(head: list[str], vals: list[str], per_row: int = 7) -> str:
    """A stat line, split into rows of at most ``per_row`` cells (fewer when the titles
    are long, as in French) so the pane needs no scrolling."""
    out = []
    i = 0
    while i < len(head):
        n, used = 0, 0
        while i + n < len(head) and n < per_row:
            cell = max(len(re.sub(r"<[^>]*>|&[a-z#0-9]+;", "x", s)) for s in (head[i + n], vals[i + n])) + 3
            if n and used + cell > ROW_CHARS:
                break
            used += cell
            n += 1
        out.append(_table(head[i:i + n], [vals[i:i + n]], "stats"))
        i += n
    return "<br>".join(out)


def _rolls(rolls: list[dict[str, Any]], limit: int = 40) -> str:
    if not rolls:
        return translate("detail", "<p class='muted'>No rolls yet.</p>")
    rows = []
    for r in rolls[-limit:]:
        vs = translate("detail", " vs {target}").format(target=r['target']) if r.get("target") is not None else ""
        faces = ",".join(str(x) for x in r.get("faces", []))
        src = translate("detail", " <span class='typed'>typed</span>") if r.get("source") == "typed" else ""
        struck = " style='text-decoration: line-through'" if r.get("undone") else ""
        dice = str(r.get("dice", ""))
        value = translate("detail", "pass {value}").format(value=r.get('value')) if dice.startswith("pass:") else str(r.get("value"))
        dice = dice.split(":", 1)[-1]
        outcome = r.get("label") or r.get("result")  # a roll on no table (a d6 for a Rep) has none
        arrow = f" → <b>{_e(outcome)}</b>" if outcome else ""
        rows.append(f"<span{struck}><span class='muted'>{_e(r.get('when', '')[:10])}</span> "
                    f"{_e(r.get('purpose'))}: {_e(dice)}{_e(vs)} [{faces}] = {_e(value)}{arrow}"
                    f"</span>{src}")
    more = translate("detail", "<p class='muted'>… and {count} earlier rolls (see the Roll log).</p>").format(count=len(rolls) - limit) \
        if len(rolls) > limit else ""
    return more + _entries(rows)


def _battles(battles: list[dict[str, Any]]) -> str:
    if not battles:
        return translate("detail", "<p class='muted'>Has not fought yet.</p>")
    rows = []
    for b in battles:
        extra = translate("detail", "hit") if b.get("scored_hit") else (translate("detail", "{casualties} casualties").format(casualties=b['casualties']) if b.get("casualties") else "")
        ended = " · ".join(x for x in (_pretty(b["status"]), _e(extra)) if x)
        rows.append(f"<b>#{_e(b['number'])}</b> <span class='muted'>{_e(b['played_on'])}</span> "
                    f"{_e(b['scenario'])}{(' — ' + ended) if ended else ''}")
    return _entries(rows)


def fighter_html(d: dict[str, Any]) -> str:
    from campaign_app.usecases.gui_queries import status_class

    cls = status_class(d["status"], d.get("system"))
    sub = [f"{_pretty(d['type']).title()}"] if d.get("type") else []
    if d.get("role"):
        sub.append(_e(d["role"]))
    if d.get("kind") and d["kind"] != "human":
        sub.append(_pretty(d["kind"]))
    sub.append(translate("detail", "in {roster}").format(roster=_e(d['roster'])))
    out = [f"<h2>{_e(d['name'])} {_badge(d['status'], cls)}</h2>",
           f"<div class='sub'>{' · '.join(sub)}</div>"]
    if d.get("status_note"):
        out.append(f"<p>{_e(d['status_note'])}</p>")
    keys = list(d.get("stat_order") or []) or list(d.get("stats", {}))
    head, vals = [], []
    if d.get("rep") is not None:
        head.append(translate("detail", "Rep"))
        vals.append(_e(d["rep"]))
    targets = set(d.get("stat_targets") or [])
    if d.get("profile") is not None:  # a figure its game shows otherwise (a walker): the game's cells
        for label, value in d["profile"]:
            head.append(rules_text(label))
            vals.append(_e(value))
    else:
        for k in keys:
            if k in d.get("stats", {}):
                v = d["stats"][k]
                head.append(k)
                vals.append(_e(f"{v}+" if k in targets else v))
        for k, v in d.get("stats", {}).items():
            if k not in keys:
                head.append(k)
                vals.append(_e(v))
    if d.get("stat_order"):
        head += ["XP", translate("detail", "Value")]
        vals += [_e(d.get("xp", 0)), _e(d.get("credits_value", 0))]
    if head:
        out.append(_stat_tables(head, vals))
    if d.get("stat_order"):  # advance helper: the Advance dialog, as the menu's action opens it
        advance = translate("detail", "Advance…")
        out.append(f"<p><a href='action:advance'>{_e(advance)}</a></p>")
    out.append("<h3>" + translate("detail", "Weapons") + "</h3>")
    if d.get("equipment") or d.get("built_in"):
        rows = [[f"<b>{_e(name)}</b>", _e(prof), ""] for name, prof in d.get("built_in") or []]
        for e in d["equipment"]:
            prof = [f"{k} {v}" for k, v in (e.get("profile") or {}).items()]  # gear: the catalogue's
            if e.get("profile_lines"):  # every line of a weapon of several modes: "low: ...; maximal: ..."
                prof = ["; ".join(f"{p['name']}: " + ", ".join(f"{k} {v}" for k, v in p["profile"].items())
                                  for p in e["profile_lines"])]
            for k, lab in (() if prof else (("range", "range"), ("targets", "targets"), ("impact", "impact"),
                                            ("fp", "FP"), ("strength", "S"), ("ap", "AP"))):
                if e.get(k) not in (None, ""):
                    prof.append(f"{lab} {e[k]}")
            rows.append([f"<b>{_e(e['name'])}</b>", _e(", ".join(prof)), _e(e.get("notes", ""))])
        keep = [i for i in range(3) if i == 0 or any(r[i] for r in rows)]
        out.append(_table([[translate("detail", "Name"), translate("detail", "Profile"), translate("detail", "Notes")][i] for i in keep],
                          [[r[i] for i in keep] for r in rows]))
    else:
        out.append(translate("detail", "<p class='muted'>None.</p>"))
    if d.get("uses_credits"):  # gear: trading, where the weapons are
        out.append(_links([("gear_buy", translate("detail", "Buy…")), ("gear_sell", translate("detail", "Sell…")),
                           ("gear_ledger", translate("detail", "Ledger and Stash…"))]))
    if d.get("skills") or d.get("abilities"):
        out.append(translate("detail", "<h3>Skills and abilities</h3><ul>"))
        out += [f"<li>{_e(s)}</li>" for s in d.get("skills", [])]
        out += [f"<li class='muted'>{_e(a)}</li>" for a in d.get("abilities", [])]
        out.append("</ul>")
    if d.get("conditions"):
        out.append("<h3>" + translate("detail", "Conditions") + "</h3><p>" + ", ".join(_pretty(c) for c in d["conditions"]) + "</p>")
    out.append(translate("detail", "<h3>Lasting injuries</h3>"))
    if d.get("injuries"):
        out.append(_table([translate("detail", "Injury"), translate("detail", "Roll"), translate("detail", "Effects")], [
            [f"<b>{_e(i['label'])}</b>", _e(i["roll"]),
             _e(", ".join(i.get("effects_applied", [])))
             + (translate("detail", " <span class='muted'>(skipped: {skipped})</span>").format(skipped=_e(', '.join(i['effects_skipped'])))
                if i.get("effects_skipped") else "")]
            for i in d["injuries"]]))
    else:
        out.append(translate("detail", "<p class='muted'>None.</p>"))
    if d.get("crew"):
        out.append("<h3>" + translate("detail", "Crew") + "</h3><ul>" + "".join(
            f"<li>{_e(c['name'])} <span class='muted'>{_e(c['role'])}</span></li>" for c in d["crew"])
            + "</ul>")
    out.append("<h3>" + translate("detail", "Battles") + "</h3>" + _battles(d.get("battles", [])))
    out.append("<h3>" + translate("detail", "Rolls") + "</h3>" + _rolls(d.get("rolls", [])))
    if d.get("notes"):
        out.append("<h3>" + translate("detail", "Notes") + f"</h3><p>{_e(d['notes'])}</p>")
    return "".join(out)


def unit_html(d: dict[str, Any]) -> str:
    from campaign_app.usecases.gui_queries import status_class

    cls = status_class(d["status"], d.get("system"))
    out = [f"<h2>{_e(d['name'])} {_badge(d['status'], cls)}</h2>",
           translate("detail", "<div class='sub'>{title} unit in {roster}</div>").format(title=_pretty(d['unit_type']).title(), roster=_e(d['roster']))]
    head = [translate("detail", "Figures"), translate("detail", "At start"), translate("detail", "Wounded"), translate("detail", "Training"), translate("detail", "Armour")]
    vals = [_e(d["figures"]), _e(d["figures_start"]), _e(d["wounded"]), _pretty(d["training"]),
            _pretty(d["armour"]) or "—"]
    if d.get("discipline"):
        head.append(translate("detail", "Discipline"))
        vals.append(_pretty(d["discipline"]))
    if d.get("order"):
        head.append(translate("detail", "Order"))
        vals.append(_pretty(d["order"]))
    head.append(translate("detail", "Battles"))
    vals.append(_e(d["battles_fought"]))
    out.append(_stat_tables(head, vals, 5))
    out.append("<h3>" + translate("detail", "Weapons") + "</h3>")
    if d.get("equipment"):
        out.append(_table([translate("detail", "Name"), translate("detail", "Range"), "FP", translate("detail", "Notes")], [
            [f"<b>{_e(e['name'])}</b>", _e(e.get("range")), _e(e.get("fp")), _e(e.get("notes"))]
            for e in d["equipment"]]))
    else:
        out.append(translate("detail", "<p class='muted'>None.</p>"))
    out.append("<h3>" + translate("detail", "Battles") + "</h3>" + _battles(d.get("battles", [])))
    out.append("<h3>" + translate("detail", "Rolls") + "</h3>" + _rolls(d.get("rolls", [])))
    if d.get("notes"):
        out.append("<h3>" + translate("detail", "Notes") + f"</h3><p>{_e(d['notes'])}</p>")
    return "".join(out)


def roster_html(d: dict[str, Any]) -> str:
    rows = [[translate("detail", "Campaign"), _e(d["campaign"])], [translate("detail", "Kind"), _pretty(d["kind"])],
            [translate("detail", "Faction"), _e(d["faction"]) or "—"], [translate("detail", "Player"), _e(d["player"]) or "—"],
            *([[translate("detail", "Credits"), _e(d["credits"])], [translate("detail", "Reputation"), _e(d["reputation"])]]
              if d.get("uses_credits", True) else []),  # a game of no money (NUTS!) has neither
            [translate("detail", "Fighters"), _e(d["fighters"])]]
    if d.get("worth", {}).get("wealth"):  # gear: rating and wealth in the roster's header
        w = d["worth"]
        rows[4:4] = [[_e(translate("RosterPage", "Rating")), _e(w["rating"])],
                     [_e(translate("RosterPage", "Wealth")),
                      _e(translate("RosterPage", "{wealth} (credits {credits}, stash {stash})").format(
                          wealth=w["wealth"], credits=w["credits"], stash=w["stash"]))]]
    if d.get("units"):
        rows.append([translate("detail", "Units"), _e(d["units"])])
    # the campaign's own counters (counters helper): "Terror Level  3 (0–10)"
    rows += [[_e(x["name"]), _e(f"{x['value']} ({x['min']}\u2013{x['max']})")] for x in d.get("counters") or ()]
    body = "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in rows)
    notes = "<h3>" + translate("detail", "Notes") + f"</h3><p>{_e(d['notes'])}</p>" if d.get("notes") else ""
    what = translate("detail", "a unit") if d.get("units") and not d.get("fighters") else translate("detail", "a fighter")
    if d.get("uses_credits", True):  # gear: the roster's money, where its credits are shown
        body_links = _links([("gear_credits", translate("detail", "Credits…")),
                             ("gear_ledger", translate("detail", "Ledger and Stash…")),
                             ("gear_territories", translate("detail", "Territories…"))])
    else:
        body_links = ""
    return (translate("detail", "<h2>{name}</h2><div class='sub'>{system_name} roster</div><table class='list'>{body}</table>{notes}<p class='muted'>Select {what} in the table to see it here.</p>").format(name=_e(d['name']), system_name=_e(d['system_name']), body=body, notes=notes, what=what)
            + body_links)


def campaign_html(c: dict[str, Any], battles: list[dict[str, Any]]) -> str:
    about = rules_text(c.get("about") or c["system_name"])  # the game, edition and expansions in words
    out = [translate("detail", "<h2>{name}</h2><div class='sub'>{about}</div>").format(name=_e(c['name']), about=_e(about))]
    if c.get("shows_cycle"):
        out.append(translate("detail", "<p>Campaign cycle {cycle}</p>").format(cycle=_e(c.get('cycle', 1))))
    out.append("<h3>" + translate("detail", "Rosters") + "</h3>")
    if c.get("rosters"):
        out.append(_entries([
            " · ".join(x for x in (f"<b>{_e(r['name'])}</b>", _pretty(r["kind"]), _e(r["faction"]),
                                   translate("detail", "{value} figures").format(value=_e(r['fighters'] + r['units']))) if x)
            for r in c["rosters"]]))
    else:
        out.append(translate("detail", "<p class='muted'>No rosters yet: Campaign ▸ New Roster.</p>"))
    out.append("<h3>" + translate("detail", "Battles") + "</h3>")
    if battles:
        out.append(_entries([
            translate("detail", "<b>#{number}</b> <span class='muted'>{played_on}</span> {rosters}").format(number=_e(b['number']), played_on=_e(b['played_on']), rosters=_e(' vs '.join(b['rosters'])))
            + (translate("detail", " — won by {winner}").format(winner=_e(b['winner'])) if b["winner"] else "")
            + (translate("detail", " — After the Battle done") if b["after_battle_done"] else translate("detail", " — <b>After the Battle pending</b>"))
            for b in battles[-15:]]))
    else:
        out.append(translate("detail", "<p class='muted'>No battles yet.</p>"))
    return "".join(out)


class DetailPane(QTextBrowser):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("detailPane")
        self.setOpenExternalLinks(False)
        self.setOpenLinks(False)  # advance helper: "action:KEY" links trigger the window's action
        self.anchorClicked.connect(self._link)
        self._html = ""
        self.document().setDefaultStyleSheet(css())
        self.setMinimumWidth(280)
        self.current: tuple[str, int] | None = None

    def _link(self, url: Any) -> None:
        if url.scheme() == "action":
            act = getattr(self.window(), "actions", {}).get(url.path())
            if act is not None and act.isEnabled():
                act.trigger()

    def show_html(self, html: str, what: tuple[str, int] | None = None) -> None:
        self.current = what
        self._html = html
        sheet = css()
        if sheet != self.document().defaultStyleSheet():  # another theme since the last page
            self.document().setDefaultStyleSheet(sheet)
        self.setHtml(html)

    def changeEvent(self, event: Any) -> None:  # noqa: N802 (Qt's name)
        from PySide6.QtCore import QEvent

        super().changeEvent(event)
        if event.type() in (QEvent.Type.ApplicationPaletteChange, QEvent.Type.PaletteChange):
            sheet = css()  # another theme: the same page in its colours
            if sheet != self.document().defaultStyleSheet():
                self.document().setDefaultStyleSheet(sheet)
                self.setHtml(self._html)

    def show_nothing(self, text: str = "") -> None:
        self.current = None
        self._html = f"<p class='muted'>{_e(text)}</p>" if text else ""
        self.setHtml(self._html)
