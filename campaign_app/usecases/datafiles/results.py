"""The typed results of the campaign-file use-cases: a JSON import, another tool's file
imported, a JSON export written. Import results say :meth:`Changes.all`: they add whole
campaigns (or a roster to one), so a view reads everything again."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app.changes import Result
from campaign_app.usecases.results import CampaignResult


@dataclass(frozen=True, kw_only=True)
class ImportResult(CampaignResult):
    """The campaign a JSON import made (the fields of ``campaign show``'s campaign)."""


@dataclass(frozen=True, kw_only=True)
class ReportItem:
    """Something of the file that did not map as it was, and where in the file."""

    where: str
    message: str


@dataclass(frozen=True, kw_only=True)
class ExternalImportResult(Result):
    """What an importer of another tool's file added: the campaign it went into and the
    roster made (as ``campaign show`` and ``roster show`` give them), the fighters
    imported, and what did not map."""

    campaign: Mapping[str, Any]
    roster: Mapping[str, Any]
    fighters: int
    report: list[ReportItem]

    def report_lines(self) -> list[str]:
        """What was imported, then each item that did not map and why (the CLI prints
        these lines, the GUI shows them)."""
        n = self.fighters
        lines = [f"imported {self.roster['name']} (roster {self.roster['id']}, {n} fighter{'s' if n != 1 else ''}) "
                 f"into {self.campaign['name']} (campaign {self.campaign['id']})"]
        if self.report:
            k = len(self.report)
            lines.append(f"{k} item{'s' if k != 1 else ''} did not map as {'they were' if k != 1 else 'it was'}:")
            lines.extend(f"  {r.where}: {r.message}" for r in self.report)
        else:
            lines.append("everything mapped")
        return lines


class ExportSummary(TypedDict):
    """What a JSON export wrote (a read: it changes nothing)."""

    file: str | None
    campaign: str
    rosters: int
    fighters: int
    units: int
    battles: int
    rolls: int
