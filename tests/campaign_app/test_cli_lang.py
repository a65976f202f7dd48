"""``--lang fr|it|en`` on the GUI launch: a plain start with it stays a plain start (no
parser, no core), the language goes to the window; an unknown one is a usage error."""

from __future__ import annotations

from typing import Any

import pytest

from campaign_app import cli


@pytest.mark.parametrize(("argv", "expected", "lang"), [
    (["--lang", "fr"], (True, None), "fr"),
    (["--lang=it"], (True, None), "it"),
    (["--db", "x.sqlite", "--lang", "en"], (True, "x.sqlite"), "en"),
    (["--lang", "de"], (False, None), "de"),
    (["--lang"], (False, None), None),
])
def test_gui_launch_takes_lang(argv: list[str], expected: tuple[bool, str | None], lang: str | None) -> None:
    assert cli.gui_launch(argv) == expected
    assert cli.gui_lang(argv) == lang


def test_lang_reaches_the_window(monkeypatch: Any) -> None:
    seen: dict[str, Any] = {}

    def fake_run(db: Any, default_url: str = "", lang: str | None = None) -> int:
        seen.update(db=db, lang=lang)
        return 0

    import ui.app

    monkeypatch.setattr(ui.app, "run", fake_run)
    assert cli.main(["--lang", "it", "--db", "sqlite://"]) == 0
    assert seen == {"db": "sqlite://", "lang": "it"}


def test_unknown_language_is_a_usage_error(capsys: Any) -> None:
    assert cli.main(["--lang", "de"]) == 2
    assert "--lang" in capsys.readouterr().err
