"""#32: the checked rules data is kept in the user's cache folder, so a command does not
parse and check every rules file each time it starts. The kept copy must be the same
book, and any change to a rules file (or to the code that reads them) must read the
files anew; a damaged copy is never trusted."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from campaign_app.rules import loader as L


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv(L.CACHE_ENV, str(tmp_path / "cache"))
    L.load_rulebook.cache_clear()
    yield tmp_path / "cache"
    L.load_rulebook.cache_clear()


def _same(a: L.RuleBook, b: L.RuleBook) -> None:
    assert [f.name for f in a.files] == [f.name for f in b.files]
    assert {k: t.to_dict() for k, t in a.tables.items()} == {k: t.to_dict() for k, t in b.tables.items()}
    assert [dict(f.data) for f in a.files] == [dict(f.data) for f in b.files]


def test_the_kept_book_is_the_checked_one_and_is_read_next_time(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = L.load_rulebook()
    (kept,) = cache.glob("rulebook-*.pickle")
    L.load_rulebook.cache_clear()
    parsed: list[str] = []
    real = L.parse_rule_file
    monkeypatch.setattr(L, "parse_rule_file", lambda n, t: parsed.append(n) or real(n, t))
    second = L.load_rulebook()
    assert parsed == []  # read from the kept copy
    assert second is not first
    _same(first, second)


def test_a_changed_rules_file_is_read_anew(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    L.load_rulebook()
    (old,) = cache.glob("rulebook-*.pickle")
    L.load_rulebook.cache_clear()
    real = L.shipped_files
    changed = [(n, t.replace('title = "', 'title = "Changed ', 1) if n == "fubar.toml" else t) for n, t in real()]
    assert changed != real()
    monkeypatch.setattr(L, "shipped_files", lambda: changed)
    book = L.load_rulebook()
    assert any(f.title.startswith("Changed ") for f in book.files if f.name == "fubar.toml")
    (new,) = cache.glob("rulebook-*.pickle")  # the old version's copy is gone
    assert new != old


def test_a_broken_rules_file_is_still_refused(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    L.load_rulebook()
    L.load_rulebook.cache_clear()
    broken = [(n, t + "\n[tables.bad-one]\ntitle = 'x'\ndice = 'd6'\n" if n == "fubar.toml" else t)
              for n, t in L.shipped_files()]
    monkeypatch.setattr(L, "shipped_files", lambda: broken)
    with pytest.raises(L.RulesDataError, match="bad-one"):
        L.load_rulebook()


def test_changed_code_reads_the_files_anew(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    L.load_rulebook()
    (old,) = cache.glob("rulebook-*.pickle")
    files = L._code_files()
    assert Path(L.__file__).resolve() in files  # the loader's own code is in the key
    assert any("systems" in f.parts and f.name == "content.py" for f in files)  # a game's checks too
    L.load_rulebook.cache_clear()
    monkeypatch.setattr(L, "_code_files", lambda: [*files, Path(__file__)])  # one more file: another key
    L.load_rulebook()
    (new,) = cache.glob("rulebook-*.pickle")
    assert new != old


@pytest.mark.parametrize("junk", [b"", b"not a pickle", b"\x80\x04K\x01."])  # the last: pickled int 1
def test_a_damaged_copy_is_not_trusted(cache: Path, junk: bytes) -> None:
    good = L.load_rulebook()
    (kept,) = cache.glob("rulebook-*.pickle")
    kept.write_bytes(junk)
    L.load_rulebook.cache_clear()
    book = L.load_rulebook()
    _same(good, book)
    assert kept.read_bytes() != junk  # written again


def test_off_keeps_nothing_and_an_unwritable_folder_is_no_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(L.CACHE_ENV, "off")
    L.load_rulebook.cache_clear()
    assert L.cache_dir() is None and L.load_rulebook().tables
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv(L.CACHE_ENV, str(blocker / "cache"))  # under a file: cannot be made
    L.load_rulebook.cache_clear()
    assert L.load_rulebook().tables
    L.load_rulebook.cache_clear()
