#!/usr/bin/env python3
"""mutmut, making only the mutants named in ``MUTMUT_ONLY`` (comma-separated mutant
names): what the CI sample runs (tools/mutation/run.py sample).

mutmut numbers the mutants of a function in the order it finds them and writes every
one as a copy of the whole function into the mutated module: 1,000 copies of the After
the Battle procedure for Necromunda's sample of 8, most of the sample's time, and a
module every test process then compiles. Here each function's mutants are still found
and numbered as mutmut numbers them, and the sampled ones are made exactly as mutmut
makes them (same node replaced, same name); the others are left out of the module and
of mutmut's list. With ``MUTMUT_ONLY`` unset this is plain mutmut (the full run).
Patches one function of mutmut 3 (pinned <4 in pyproject.toml): if mutmut changes it,
this fails at once rather than run other mutants."""

from __future__ import annotations

import os
import sys
from typing import Any


def _only(wanted: set[str]) -> None:
    import libcst as cst
    from mutmut.mutation import file_mutation as fm

    original = fm.function_trampoline_arrangement
    assert original.__code__.co_varnames[:3] == ("function", "mutants", "class_name"), \
        "mutmut's function_trampoline_arrangement changed: update tools/mutation/mutmut_only.py"

    def arrangement(function: Any, mutants: Any, class_name: str | None) -> Any:
        name = fm.mangle_function_name(name=function.name.value, class_name=class_name) + "__mutmut"
        kept = [m for i, m in enumerate(mutants) if f"{name}_{i + 1}" in wanted]
        numbers = [i + 1 for i, _m in enumerate(mutants) if f"{name}_{i + 1}" in wanted]
        if not kept:
            empty: list[Any] = []
            return empty, [function], empty, empty
        decl, nodes, _assign, _names = original(function, kept, class_name)
        # mutmut numbered the kept ones 1..k: give them their numbers among all
        renamed = {f"{name}_{j + 1}": f"{name}_{n}" for j, n in enumerate(numbers)}
        fixed = []
        for node in nodes:
            if isinstance(node, cst.FunctionDef) and node.name.value in renamed:
                node = node.with_changes(name=cst.Name(renamed[node.name.value]))
            fixed.append(node)
        names = [renamed[f"{name}_{j + 1}"] for j in range(len(kept))]
        code = fm.build_mutants_dict_and_name(mangled_name=name, mutants=names,
                                              mutants_dict_name=f"mutants_{name}", class_name=class_name)
        assign = list(cst.parse_module(code).body)
        assign[0] = assign[0].with_changes(leading_lines=[cst.EmptyLine()])
        return decl, fixed, assign, names

    fm.function_trampoline_arrangement = arrangement


def _one_clean_run() -> None:
    """Skip mutmut's clean run when this run's stats collection ran every test and passed.

    mutmut runs the unmutated tests twice: once to collect which test reaches which
    function (stats, every test of the group; a failing test stops the run there) and
    once more, the tests of the mutants asked for, as a "clean run". With the stats just
    collected in full, the clean run can only repeat tests that have passed on the same
    code a moment ago: in the sample that is a third of each group's time. Stats loaded
    from an earlier run (a work folder reused) keep the clean run."""
    from mutmut.workers import isolation

    collected = {"all": False}
    assert hasattr(isolation.MutantRunner, "collect_stats") and hasattr(isolation.MutantRunner, "run_clean_tests"), \
        "mutmut's MutantRunner changed: update tools/mutation/mutmut_only.py"
    for cls in isolation.MutantRunner.__subclasses__():
        def collect_stats(self: Any, tests: Any, _original: Any = cls.collect_stats) -> int:
            code = int(_original(self, tests))
            if not tests and code == 0:  # [] or None: every test of the group
                collected["all"] = True
            return code

        def run_clean_tests(self: Any, tests: Any, _original: Any = cls.run_clean_tests) -> int:
            if collected["all"]:
                return 0
            return int(_original(self, tests))

        cls.collect_stats = collect_stats  # type: ignore[method-assign]
        cls.run_clean_tests = run_clean_tests  # type: ignore[method-assign]


def main() -> int:
    wanted = {n.rpartition(".")[2] for n in os.environ.get("MUTMUT_ONLY", "").split(",") if n}
    if wanted:
        _only(wanted)
        _one_clean_run()
    from mutmut.__main__ import cli

    sys.argv[0] = "mutmut"
    return int(cli() or 0)


if __name__ == "__main__":
    sys.exit(main())
