"""Necromunda: the newest edition (``n26``) and the 2023 core rules (``n23``).

Rules data: ``rules/necromunda_n26.toml`` and ``rules/necromunda_n23.toml``; After the
Battle, lasting injuries and treatment: :mod:`.procedures`.
"""

from __future__ import annotations

from campaign_app.systems.after_battle import AfterBattleOption
from campaign_app.systems.api import GameSystem, Rating
from campaign_app.systems.importers import Importer
from campaign_app.systems.info import StatRule, SystemInfo
from campaign_app.systems.table import CrewRule

# Edition-less view of the fighter characteristics: a copy of the default edition's
# (n26) `characteristics` data, kept equal to it by a test. Anything that knows the
# campaign's edition calls stat_rules(), which reads the edition's data (n26 treats
# Initiative, Ld, Cl, Wil and Int as plain values and adds a Save, n23 writes them as
# targets; vehicles have their own line).
STATS = (
    StatRule("M", "Movement", 1, 12, default=True),
    StatRule("WS", "Weapon Skill", 2, 6, True, True),
    StatRule("BS", "Ballistic Skill", 2, 6, True, True),
    StatRule("S", "Strength", 1, 10, default=True),
    StatRule("T", "Toughness", 1, 10, default=True),
    StatRule("W", "Wounds", 0, 10, default=True),
    StatRule("I", "Initiative", 1, 10, default=True),
    StatRule("A", "Attacks", 1, 10, default=True),
    StatRule("Sv", "Save", 2, 6, True, True),
    StatRule("Ld", "Leadership", 4, 10, default=True),
    StatRule("Cl", "Cool", 4, 10, default=True),
    StatRule("Wil", "Willpower", 4, 10, default=True),
    StatRule("Int", "Intelligence", 4, 10, default=True),
)
STATUSES = ("fine", "injured", "seriously-injured", "out-of-action", "captured")

INFO = SystemInfo(
    id="necromunda",
    name="Necromunda",
    editions=("n26", "n23"),
    default_edition="n26",
    edition_names={"n26": "Necromunda (newest edition)", "n23": "Necromunda 2023 core rules"},
    default_roster_kind="gang",
    default_fighter_type="ganger",
    fighter_types=("leader", "champion", "ganger", "juve", "prospect", "specialist", "crew",
                   "brute", "hanger-on", "vehicle", "exotic-beast", "hired-gun"),
    stats=STATS,
    kinds=("human", "vehicle"),
    battle_statuses=STATUSES,
)

SYSTEM = GameSystem(
    info=INFO,
    package=__name__, listing=20, demo=".demo:build", bench=".bench:LEAGUE",
    procedures_module="campaign_app.systems.necromunda.procedures",
    layout=".layout:LAYOUT", qrs=".qrs:cards",
    commands=".commands:COMMANDS",
    foundings=".composition:foundings",
    action_labels={"necromunda.cycle-end": "end of cycle", "necromunda.injury": "lasting injury",
                   "necromunda.treat": "treat injury", "necromunda.release": "release captive"},
    scenario_table="necromunda-scenario", crew_rule=CrewRule(random="d3"),
    after_battle_options=(
        AfterBattleOption("treat", "Pay for treatment of a Critical Injury for:", "fighters",
                          flag="--treat", metavar="FIGHTER", what="fighter to treat",
                          help="pay for this fighter's Critical Injury treatment (Necromunda)"),
    ),
    importers=(Importer(key="yaktribe", label="Yaktribe gang", run=".yaktribe:import_yaktribe",
                        file_filter="Yaktribe JSON (*.json);;All files (*)",
                        description="import a gang exported from Yaktribe",
                        campaign_help="the campaign to add it to (default: a campaign named "
                                      "after the gang's Yaktribe campaign)"),),
    rating=Rating("Gang rating", "fighters", "credits_value"),
    rules_check=".content:check_file", book_check=".content:check_book",
)
