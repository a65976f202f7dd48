"""The words that say where a rules value comes from, kept in one place.

A value no seed gives (a table, a level, a rule we wrote ourselves) carries
``default = true`` in the rules data and is shown with :data:`DEFAULT` after it, on the
cards and in the CLI's output; a campaign's own table with :data:`HOUSE_RULE`. English
here; the core translations (``campaign_app/rules/translations/<lang>.toml``,
``[patterns]``) give "{x} (default)" and "{x} (house rule)" in French and Italian, so
anything that translates a title translates the label with it. Pure."""

from __future__ import annotations

DEFAULT = "(default)"
HOUSE_RULE = "(house rule)"


def labelled(text: str, *, default: bool = False, house_rule: bool = False) -> str:
    """``text`` followed by "(house rule)" or else "(default)" when it is one."""
    if house_rule:
        return f"{text} {HOUSE_RULE}"
    if default:
        return f"{text} {DEFAULT}"
    return text
