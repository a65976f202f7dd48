"""Read-only queries the desktop GUI needs beyond the CLI's use-cases, one module per
subject (as :mod:`db.queries` is): a game system's information for the dialogs
(:mod:`.game_info`), the campaign tree (:mod:`.tree`), the roster table
(:mod:`.roster_table`), the detail pane (:mod:`.details`), the battles
(:mod:`.battle_list`), Undo and Redo (:mod:`.history`), the rules tables (:mod:`.rules`)
and the roll log (:mod:`.roll_log`). The package offers every one of their names, so the
window reads ``gui_queries.roster_page`` without knowing where it lives.

Everything here returns plain data, typed by TypedDicts (no ORM objects leave these
modules), and writes nothing. The SQL is :mod:`db.queries.views`' and
:mod:`db.queries.pages`'; the roster table is read for league-size campaigns: one Core
select per table, no per-fighter queries. Over a league a read is named by its module's
last part (``roster_table.roster_page``, :func:`campaign_app.wire.api_name`).
"""

from __future__ import annotations

from campaign_app.usecases.gui_queries.battle_list import (  # noqa: F401 (the package's reads)
    BATTLES_SHOWN,
    BattleItem,
    BattleSetup,
    SetupFighter,
    SetupRoster,
    SetupUnit,
    battle_setup,
    battles,
)
from campaign_app.usecases.gui_queries.details import (  # noqa: F401 (the package's reads)
    FigureBattle,
    fighter_detail,
    roster_detail,
    unit_detail,
)
from campaign_app.usecases.gui_queries.game_info import (  # noqa: F401 (the package's reads)
    EditionChoice,
    HouseChoice,
    RosterChoices,
    StatChoice,
    SystemDict,
    check_rep,
    check_stat,
    effects_text,
    parse_effects_text,
    range_rules,
    roster_choices,
    roster_layout,
    status_class,
    system_info,
    systems,
)
from campaign_app.usecases.gui_queries.history import (  # noqa: F401 (the package's reads)
    ACTION_LABELS,
    UndoState,
    action_label,
    undo_state,
)
from campaign_app.usecases.gui_queries.roll_log import (  # noqa: F401 (the package's reads)
    FILTER_FIGHTERS,
    LOG_PAGE,
    BattleChoice,
    FighterChoice,
    LogFilters,
    RollLogPage,
    TableChoice,
    log_filters,
    roll_log_page,
)
from campaign_app.usecases.gui_queries.roster_table import (  # noqa: F401 (the package's reads)
    PAGE_ROWS,
    FighterRow,
    RosterCount,
    RosterPage,
    RosterRows,
    UnitRow,
    roster_count,
    roster_page,
    roster_rows,
    roster_sortable,
    roster_statuses,
)
from campaign_app.usecases.gui_queries.rules import (  # noqa: F401 (the package's reads)
    RuleTableDetail,
    RuleTableItem,
    rule_table,
    rule_tables,
    table_title,
    weapon_names,
)
from campaign_app.usecases.gui_queries.tree import (  # noqa: F401 (the package's reads)
    TREE_PAGE,
    TreeCampaign,
    TreeRoster,
    campaign_count,
    campaign_rosters,
    campaign_tree,
)

# --------------------------------------------------------------------------- shapes


# --------------------------------------------------------------------------- systems


# --------------------------------------------------------------------------- campaigns


# --------------------------------------------------------------------------- roster table


# --------------------------------------------------------------------------- roster table, paged


# --------------------------------------------------------------------------- details


# --------------------------------------------------------------------------- battles


# --------------------------------------------------------------------------- undo


# --------------------------------------------------------------------------- rules tables


# --------------------------------------------------------------------------- checks


# --------------------------------------------------------------------------- effects as text


