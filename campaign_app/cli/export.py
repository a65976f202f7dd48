"""PDF export commands: ``export roster | cards | qrs | league``.

The documents are built by :mod:`campaign_app.usecases.exports` (plain data) and drawn
by the ``reports`` package, which is imported inside the commands only. The ``export``
group is shared with the JSON export (``export json``) of ``campaign_app.cli.data``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from campaign_app.errors import InputError

if TYPE_CHECKING:
    from campaign_app.facade import Campaigns

PAGES = ("a4", "letter")


def _page(value: str) -> str:
    v = str(value).strip().lower()
    if v not in PAGES:
        raise argparse.ArgumentTypeError(f"page size {value!r}: choose a4 or letter")
    return v


def check_output(path: str, app: Campaigns) -> str:
    """The one output check (never the database, its side files or backups folder; on a
    league server the PDF is made here, where there is no database to protect)."""
    from campaign_app.usecases.exports import writable_output  # not when building the parser

    return app.run(writable_output, path)


ORIENTATIONS = ("auto", "portrait", "landscape")


def _orientation(value: str) -> str:
    v = str(value).strip().lower()
    if v not in ORIENTATIONS:
        raise argparse.ArgumentTypeError(f"orientation {value!r}: choose auto, portrait or landscape")
    return v


CARD_SIZES = ("classic", "poker", "large")


def _card_size(value: str) -> str:
    v = str(value).strip().lower()
    if v not in CARD_SIZES:
        raise argparse.ArgumentTypeError(f"card size {value!r}: choose classic, poker or large")
    return v


def _blank_count(value: str) -> int:
    try:
        n = int(str(value).strip())
    except ValueError:
        n = -1
    if not 0 <= n <= 500:
        raise argparse.ArgumentTypeError(f"blank cards {value!r}: give a number from 0 to 500")
    return n


def _in_lang(args: argparse.Namespace, doc: Any, kind: str) -> Any:
    """The document in ``--lang`` (the rules' words and the report's own; names as typed)."""
    lang = getattr(args, "lang", None) or "en"
    if lang == "en":
        return doc
    from campaign_app.rules.localise import localise

    if isinstance(doc, list):
        return [localise(d, kind, lang) for d in doc]
    return localise(doc, kind, lang)


def _render(render: Callable[..., int], doc: Any, path: str, page: str, **options: Any) -> int:
    """Draw into a temporary file renamed over ``path`` when whole (the one writer)."""
    from campaign_app.files import atomic_write

    try:
        with atomic_write(path) as tmp:
            return render(doc, str(tmp), page=page, **options)
    except OSError as e:
        raise InputError(f"cannot write {path}: {e.strerror or e}") from None


def _done(args: argparse.Namespace, what: str, path: str, pages: int, **extra: Any) -> None:
    from campaign_app.cli import emit

    plural = "page" if pages == 1 else "pages"
    emit(args, {"export": what, "path": path, "pages": pages, "page_size": args.page, **extra},
         f"wrote {path} ({pages} {plural})")


def cmd_export_roster(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.exports import roster_document

    path = check_output(args.output, app)
    doc = _in_lang(args, app.run(roster_document, args.roster, args.campaign), "roster")
    import reports

    pages = _render(reports.render_roster, doc, path, args.page, orientation=args.orientation)
    _done(args, "roster", path, pages, roster=doc["roster"], rows=len(doc["rows"]))


def cmd_export_cards(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.exports import cards_document

    path = check_output(args.output, app)
    doc = _in_lang(args, app.run(cards_document, args.roster, args.campaign), "cards")
    import reports

    pages = _render(reports.render_cards, doc, path, args.page, size=args.size, bw=args.bw, blank=args.blank)
    _done(args, "cards", path, pages, roster=doc["roster"], cards=len(doc["cards"]))


def cmd_export_qrs(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.exports import qrs_document

    path = check_output(args.output, app)
    doc = _in_lang(args, app.run(qrs_document, args.campaign, all_kinds=args.all), "qrs")
    import reports

    pages = _render(reports.render_qrs, doc, path, args.page)
    _done(args, "qrs", path, pages, campaign=doc["campaign"], cards=[c["title"] for c in doc["cards"]])


def cmd_export_league(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.exports import roster_documents

    path = check_output(args.output, app)
    docs = _in_lang(args, app.run(roster_documents, args.campaign, args.rosters), "roster")
    import reports

    pages = _render(reports.render_rosters, docs, path, args.page, orientation=args.orientation)
    _done(args, "league", path, pages, rosters=[d["roster"] for d in docs])


def cmd_export_campaign(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.exports import campaign_document

    path = check_output(args.output, app)
    doc = _in_lang(args, app.run(campaign_document, args.campaign), "campaign")
    import reports

    pages = _render(reports.render_campaign, doc, path, args.page)
    _done(args, "campaign", path, pages, campaign=doc["campaign"], battles=len(doc["battles"]))


def _common(sp: Any) -> None:
    sp.add_argument("-o", "--output", required=True, metavar="FILE.pdf", help="the PDF file to write")
    # SUPPRESS: given before the command (campaign-app --lang fr export ...), it stays
    sp.add_argument("--lang", choices=("fr", "it", "en"), default=argparse.SUPPRESS,
                    help="the PDF's language: the rules' words and the page's own (default English)")
    sp.add_argument("--page", type=_page, default="a4", metavar="a4|letter", help="page size (default a4)")


def _orientation_option(sp: Any) -> None:
    sp.add_argument("--orientation", type=_orientation, default="auto", metavar="auto|portrait|landscape",
                    help="page orientation (default auto: landscape when the game's columns need it)")


def register(sub: Any, add: Any, group: Any) -> None:
    exp = group("export", "export rosters, cards and quick-reference sheets (PDF) or data")
    sp = add(exp, "roster", cmd_export_roster, "print a roster to PDF (header, totals, every fighter or unit)")
    sp.add_argument("roster", help="roster id or name")
    sp.add_argument("--campaign", help="look the roster name up in this campaign")
    _common(sp)
    _orientation_option(sp)
    sp = add(exp, "cards", cmd_export_cards, "print a card per fighter or unit (four to an A4 page, cut marks)")
    sp.add_argument("roster", help="roster id or name")
    sp.add_argument("--campaign", help="look the roster name up in this campaign")
    _common(sp)
    sp.add_argument("--size", type=_card_size, default="classic", metavar="classic|poker|large",
                    help="card size: classic 100x110 mm (4 a page), poker 63x88 mm (9 a page), "
                         "large (1 on half a page)")
    sp.add_argument("--bw", action="store_true", help="black and white, no fills (toner-friendly)")
    sp.add_argument("--blank", type=_blank_count, default=0, metavar="N",
                    help="add N write-in cards with the game's empty stat line")
    sp = add(exp, "qrs", cmd_export_qrs, "print quick-reference cards for a campaign's game (house rules in)")
    sp.add_argument("campaign")
    sp.add_argument("--all", action="store_true",
                    help="a card for every figure kind the game's cards cover, not only the kinds "
                         "in the campaign")
    _common(sp)
    sp = add(exp, "campaign", cmd_export_campaign,
             "print a campaign report: battles, standings, roster histories and charts")
    sp.add_argument("campaign")
    _common(sp)
    sp = add(exp, "league", cmd_export_league,
             "print every roster of a campaign into one PDF (or only the rosters named with --roster)")
    sp.add_argument("campaign")
    sp.add_argument("--roster", action="append", metavar="ROSTER", dest="rosters",
                    help="print this roster (id or name; give it again for more, printed in that order)")
    _common(sp)
    _orientation_option(sp)
