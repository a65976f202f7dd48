"""A check of what a PDF shows (issue #33): a word the layout broke inside a table cell
(``defa`` at a cell's line end, ``ult`` starting its next line) and text drawn over
other text (two headers on one spot). It reads the PDF as a reader sees it, with
pdfplumber's words and their boxes; the words the report was given are what a broken
piece must add up to, so a real two-word line is never taken for a broken word."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

WORD = re.compile(r"[^\W\d_][\w'’-]*[^\W_]|[^\W\d_]{2,}", re.UNICODE)
GAP = 1.0  # points two words' boxes must overlap by, both ways, to count as drawn over each other


def source_words(*data: Any) -> set[str]:
    """Every word (letters, at least 3) in the strings of ``data`` (dicts, lists, pydantic
    models and dataclasses as plain data): what the PDF may print."""
    out: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, str):
            out.update(w for w in WORD.findall(x) if len(w) >= 3)
        elif isinstance(x, dict):
            for k, v in x.items():
                walk(k)
                walk(v)
        elif isinstance(x, (list, tuple, set, frozenset)):
            for v in x:
                walk(v)
        elif hasattr(x, "model_dump"):
            walk(x.model_dump())
        elif hasattr(x, "__dataclass_fields__"):
            walk({k: getattr(x, k) for k in x.__dataclass_fields__})

    for d in data:
        walk(d)
    return out


def _words(path: Path) -> list[tuple[int, list[dict[str, Any]]]]:
    import pdfplumber

    with pdfplumber.open(str(path)) as pdf:
        return [(n, page.extract_words(keep_blank_chars=False, use_text_flow=False, x_tolerance=1.5))
                for n, page in enumerate(pdf.pages, start=1)]


def _runs(line: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """A line's words in runs: words closer than a wide gap (one table cell's text)."""
    runs: list[list[dict[str, Any]]] = []
    for w in sorted(line, key=lambda w: w["x0"]):
        if runs and w["x0"] - runs[-1][-1]["x1"] < 4.5:
            runs[-1].append(w)
        else:
            runs.append([w])
    return runs


def broken_words(path: Path, words: Iterable[str]) -> list[str]:
    """Words of ``words`` printed in two pieces: one ends a cell's line, the other starts
    the cell's next line (the same left edge), and together they make the word. One line
    per broken word: "page 2: 'default' broken as 'defa' / 'ult'"."""
    wanted = {w for w in words if len(w) >= 3}
    found: list[str] = []
    for n, page in _words(path):
        lines: list[list[dict[str, Any]]] = []  # words of about the same baseline
        for w in sorted(page, key=lambda w: (w["bottom"], w["x0"])):
            if lines and abs(lines[-1][0]["bottom"] - w["bottom"]) < 1.5:
                lines[-1].append(w)
            else:
                lines.append([w])
        for above, below in zip(lines, lines[1:], strict=False):
            height = above[0]["bottom"] - above[0]["top"]
            if below[0]["top"] - above[0]["bottom"] > height:  # not the next line of a cell
                continue
            firsts = {round(r[0]["x0"]): r[0] for r in _runs(below)}
            for run in _runs(above):
                start = run[0]["x0"]
                t = next((f for x, f in firsts.items() if abs(x - start) < 2.5), None)
                if t is None:
                    continue
                head, tail = _letters(run[-1]["text"], last=True), _letters(t["text"])
                if head and tail and head + tail in wanted:
                    found.append(f"page {n}: {head + tail!r} broken as {head!r} / {tail!r}")
    return sorted(set(found))


def _letters(text: str, last: bool = False) -> str:
    """The letters a piece of a word shows (a comma or bracket left off)."""
    parts = re.findall(r"[^\W_][\w'’-]*", text)
    if not parts:
        return ""
    return (parts[-1] if last else parts[0]).rstrip("'’-")


def overlaps(path: Path) -> list[str]:
    """Text drawn over other text on a page (a header running into the next, a value
    over a label): two glyphs of about one line that cover each other by more than a
    point, read from the page's characters (pdfplumber would merge them into one word).
    One line per spot: "page 1: 'Casualties caused' runs into 'Casualties suffered'"."""
    import pdfplumber

    found: list[str] = []
    with pdfplumber.open(str(path)) as pdf:
        for n, page in enumerate(pdf.pages, start=1):
            chars = [c for c in page.chars if c["text"].strip()]
            for i, c in enumerate(chars):
                c["i"] = i
            by_x = sorted(chars, key=lambda c: c["x0"])
            for k, a in enumerate(by_x):
                for b in by_x[k + 1:]:
                    if b["x0"] >= a["x1"] - GAP:
                        break
                    if abs(a["i"] - b["i"]) == 1:
                        continue  # neighbours in one string (a tight kerning pair)
                    if min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > GAP and \
                            min(a["x1"], b["x1"]) - max(a["x0"], b["x0"]) > GAP:
                        found.append(f"page {n}: {_around(chars, a['i'])!r} runs into {_around(chars, b['i'])!r}")
    return sorted(set(found))


def _around(chars: list[dict[str, Any]], i: int) -> str:
    """The run of characters drawn together around character ``i`` (its word or label)."""
    lo, hi = i, i
    while lo > 0 and abs(chars[lo - 1]["bottom"] - chars[i]["bottom"]) < 1 and \
            0 <= chars[lo]["x0"] - chars[lo - 1]["x1"] < 4:
        lo -= 1
    while hi + 1 < len(chars) and abs(chars[hi + 1]["bottom"] - chars[i]["bottom"]) < 1 and \
            0 <= chars[hi + 1]["x0"] - chars[hi]["x1"] < 4:
        hi += 1
    return "".join(c["text"] for c in chars[lo:hi + 1])


def over_rules(path: Path) -> list[str]:
    """Words drawn across a table's vertical rule (a header wider than its column runs
    over the line into the next cell): a vertical line or rectangle edge that passes
    through a word's box by more than a point either side. One line per word: "page 1:
    'Casualties' crosses a rule"."""
    import pdfplumber

    found: list[str] = []
    with pdfplumber.open(str(path)) as pdf:
        for n, page in enumerate(pdf.pages, start=1):
            rules = [(e["x0"], e["top"], e["bottom"]) for e in page.edges
                     if e.get("orientation") == "v" and e["bottom"] - e["top"] > 3]
            for w in page.extract_words(keep_blank_chars=False, use_text_flow=False, x_tolerance=1.5):
                middle = (w["top"] + w["bottom"]) / 2
                if any(w["x0"] + GAP < x < w["x1"] - GAP and top <= middle <= bottom for x, top, bottom in rules):
                    found.append(f"page {n}: {w['text']!r} crosses a rule")
    return sorted(set(found))
