#!/usr/bin/env python3
"""Mutation testing of the core modules with mutmut (issue #34), one group at a time.

    python tools/mutation/run.py full [GROUP ...]    # the full run (every group, or those named)
    python tools/mutation/run.py sample              # the fixed CI sample (tools/mutation/sample.txt)
    python tools/mutation/run.py report [--markdown] # the scores of what has run so far
    python tools/mutation/run.py show NAME           # one mutant's diff

The groups, their files and their tests are in groups.toml. Each group runs in its own
copy of the tree, .mutation/<group>/ (mutmut copies that again to mutants/ and swaps in
each mutant through its trampolines), with only that group's test files: mutmut maps
each function to the tests that reach it and runs those only. Runs use SQLite only
(CAMPAIGN_APP_TEST_PG is removed) and at most --jobs (default 2) test processes.

A mutant counts as killed when a test failed, the tests timed out, or the process
crashed. The score of a group is killed / (mutants - equivalent), where the equivalent
mutants (no test can tell them from the original) are listed in equivalent.toml with why.
must_kill.txt names mutants that must never survive (the sample fails if one does).
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import random
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
WORK = ROOT / ".mutation"
PACKAGES = ["campaign_app", "db", "ui", "reports", "docs"]  # docs: tests compare generated docs with it
THRESHOLD = 0.90

KILLED = {1, 3, 36, 24, -24, 152, 255, 37, -11, -9}  # failed, pytest error, timeout, type check, crash
STATUS = {0: "survived", 5: "no tests", 33: "no tests", 34: "skipped", None: "not checked"}


def status_of(code: int | None) -> str:
    if code in KILLED:
        return "killed"
    return STATUS.get(code, "suspicious")


def load_groups() -> dict[str, dict]:
    return tomllib.loads((HERE / "groups.toml").read_text("utf-8"))


def load_equivalent() -> dict[str, str]:
    path = HERE / "equivalent.toml"
    if not path.exists():
        return {}
    data = tomllib.loads(path.read_text("utf-8"))
    return {m["name"]: m["why"] for m in data.get("mutant", [])}


def load_list(name: str) -> list[str]:
    path = HERE / name
    if not path.exists():
        return []
    out = []
    for line in path.read_text("utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            out.append(line)
    return out


def module_of(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


def name_patterns(group: dict) -> list[str]:
    if group.get("names"):
        return list(group["names"])
    out = []
    for pat in group["mutate"]:
        out.append(module_of(pat) + ".*")
    return out


def in_group(name: str, group: dict) -> bool:
    return any(fnmatch.fnmatchcase(name, p) for p in name_patterns(group))


def mutmut_section(group: dict) -> str:
    def arr(xs: list[str]) -> str:
        return "[" + ", ".join(json.dumps(x) for x in xs) + "]"

    return (
        "\n\n[tool.mutmut]\n"
        f'source_paths = ["campaign_app", "db"]\n'
        f"only_mutate = {arr(group['mutate'])}\n"
        f'also_copy = ["ui", "reports", "docs"]\n'
        f"pytest_add_cli_args_test_selection = {arr(group['tests'])}\n"
        # -p no:randomly etc. are not installed; keep pytest quiet and cacheless
        f'pytest_add_cli_args = ["-p", "no:cacheprovider", "-q"]\n'
        "use_git_change_detection = false\n"
    )


def prepare(name: str, group: dict) -> Path:
    """Lay .mutation/<name>/ as a copy of the tree (mutants/ and its results are kept)."""
    wd = WORK / name
    wd.mkdir(parents=True, exist_ok=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
    for d in PACKAGES + ["tests"]:
        if (wd / d).exists():
            shutil.rmtree(wd / d)
        shutil.copytree(ROOT / d, wd / d, ignore=ignore)
    for t in group["tests"]:
        if not (wd / t.split("::", 1)[0]).exists():
            raise SystemExit(f"{name}: test file {t} is missing")
    # mutmut refreshes the .py files of its mutants/ copy but not the data files beside them
    # (rules TOML, translations, golden JSON): copy those again, or a later run tests stale data
    kept = wd / "mutants"
    if kept.exists():
        for d in PACKAGES + ["tests"]:
            for src in (ROOT / d).rglob("*"):
                if src.is_file() and src.suffix not in (".py", ".pyc") and "__pycache__" not in src.parts:
                    dest = kept / src.relative_to(ROOT)
                    if not dest.exists() or dest.read_bytes() != src.read_bytes():
                        dest.parent.mkdir(parents=True, exist_ok=True)
                        shutil.copyfile(src, dest)
    text = (ROOT / "pyproject.toml").read_text("utf-8")
    text = text.split("\n[tool.mutmut]", 1)[0]
    (wd / "pyproject.toml").write_text(text + mutmut_section(group), "utf-8")
    return wd


def mutmut_env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("CAMPAIGN_APP_TEST_PG", None)  # SQLite only
    env["QT_QPA_PLATFORM"] = "offscreen"
    env.pop("PYTEST_ADDOPTS", None)
    env.pop("PYTEST_CURRENT_TEST", None)
    return env


MEMORY_CAP = 4 * 1024**3  # bytes of data per process: a mutant that loops building lists dies, not the machine


def _cap_memory() -> None:
    """In mutmut's process before it starts (its forked children inherit it): one mutant
    once grew to 22 GB and the OOM killer ended the whole run. With the cap such a
    mutant's test gets a MemoryError and fails: the mutant counts as killed."""
    import resource

    resource.setrlimit(resource.RLIMIT_DATA, (MEMORY_CAP, MEMORY_CAP))


def run_mutmut(name: str, group: dict, mutants: list[str], jobs: int, log: Path,
               only_named: bool = False) -> int:
    """mutmut run in the group's copy; ``only_named``: make only the ``mutants`` named
    (the sample: tools/mutation/mutmut_only.py), not every mutant of the group's files."""
    wd = prepare(name, group)
    cmd = [sys.executable, str(HERE / "mutmut_only.py"), "run", "--max-children", str(jobs), *mutants]
    env = mutmut_env()
    if only_named:
        env["MUTMUT_ONLY"] = ",".join(mutants)
    with open(log, "w", encoding="utf-8") as out:
        return subprocess.call(cmd, cwd=wd, env=env, stdout=out, stderr=subprocess.STDOUT,
                               preexec_fn=_cap_memory)


def results(name: str, group: dict) -> dict[str, str]:
    """name -> status for every mutant of the group that mutmut has a result for."""
    out: dict[str, str] = {}
    base = WORK / name / "mutants"
    if not base.exists():
        return out
    for meta in base.rglob("*.py.meta"):
        data = json.loads(meta.read_text("utf-8"))
        for key, code in data.get("exit_code_by_key", {}).items():
            if in_group(key, group):
                out[key] = status_of(code)
    return out


def score(res: dict[str, str], equivalent: dict[str, str]) -> dict:
    counted = {k: v for k, v in res.items() if k not in equivalent and v != "not checked"}
    killed = sum(1 for v in counted.values() if v == "killed")
    total = len(counted)
    return {
        "mutants": len(res),
        "checked": sum(1 for v in res.values() if v != "not checked"),
        "equivalent": sum(1 for k in res if k in equivalent),
        "killed": killed,
        "survived": sorted(k for k, v in counted.items() if v != "killed"),
        "score": (killed / total) if total else None,
    }


def cmd_full(args: argparse.Namespace) -> int:
    groups = load_groups()
    names = args.groups or list(groups)
    WORK.mkdir(exist_ok=True)
    for name in names:
        g = groups[name]
        t0 = time.monotonic()
        print(f"[{time.strftime('%H:%M:%S')}] {name}: running", flush=True)
        rc = run_mutmut(name, g, list(g.get("names", [])), args.jobs, WORK / f"{name}.log")
        s = score(results(name, g), load_equivalent())
        pct = f"{100 * s['score']:.1f}%" if s["score"] is not None else "-"
        print(f"[{time.strftime('%H:%M:%S')}] {name}: mutmut exit {rc}, {s['killed']}/{s['checked'] - s['equivalent']}"
              f" killed ({pct}), {len(s['survived'])} left, {time.monotonic() - t0:.0f}s", flush=True)
    return cmd_report(argparse.Namespace(markdown=False, groups=names))


def cmd_retry(args: argparse.Namespace) -> int:
    """Run again the mutants of each group named that are not killed (after adding tests:
    mutmut keeps a mutant's verdict until it is named)."""
    groups = load_groups()
    eq = load_equivalent()
    for name in args.groups or list(groups):
        g = groups[name]
        left = [k for k, v in results(name, g).items() if v != "killed" and k not in eq
                and (not args.only or any(fnmatch.fnmatchcase(k, p) for p in args.only))]
        if not left:
            print(f"{name}: nothing left")
            continue
        t0 = time.monotonic()
        rc = run_mutmut(name, g, left, args.jobs, WORK / f"{name}-retry.log")
        res = results(name, g)
        still = [k for k in left if res.get(k) != "killed"]
        print(f"{name}: retried {len(left)}, {len(left) - len(still)} now killed, {len(still)} left "
              f"(mutmut exit {rc}, {time.monotonic() - t0:.0f}s)", flush=True)
    return cmd_report(argparse.Namespace(markdown=False, groups=args.groups))


def cmd_report(args: argparse.Namespace) -> int:
    groups = load_groups()
    eq = load_equivalent()
    names = getattr(args, "groups", None) or list(groups)
    tot_k = tot_n = 0
    rows = []
    for name in names:
        s = score(results(name, groups[name]), eq)
        n = s["checked"] - s["equivalent"]
        tot_k += s["killed"]
        tot_n += n
        pct = f"{100 * s['score']:.1f}%" if s["score"] is not None else "not run"
        rows.append((name, s, n, pct))
    if args.markdown:
        print("| group | mutants | not run yet | equivalent | killed | left | score |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for name, s, _n, pct in rows:
            print(f"| {name} | {s['mutants']} | {s['mutants'] - s['checked']} | {s['equivalent']} | {s['killed']} "
                  f"| {len(s['survived'])} | {pct} |")
        if tot_n:
            print(f"| **all that ran** | | | | {tot_k} | {tot_n - tot_k} | **{100 * tot_k / tot_n:.1f}%** |")
        for name, s, _n, _pct in rows:
            if s["survived"]:
                print(f"\n{name}: {len(s['survived'])} left\n")
                for m in s["survived"]:
                    print(f"- `{m}`")
    else:
        for name, s, n, pct in rows:
            print(f"{name:12} {s['killed']:5}/{n:<5} {pct:>8}  left {len(s['survived'])}")
        if tot_n:
            print(f"{'all':12} {tot_k:5}/{tot_n:<5} {100 * tot_k / tot_n:7.1f}%")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    groups = load_groups()
    for name, g in groups.items():
        if in_group(args.name, g):
            exe = Path(sys.executable).parent / "mutmut"
            return subprocess.call([str(exe), "show", args.name], cwd=WORK / name, env=mutmut_env())
    print("no group holds", args.name)
    return 1


def cmd_make_sample(args: argparse.Namespace) -> int:
    """Write sample.txt: a seeded choice of mutants per group from the full run's results
    (mutants with no test reaching them and equivalent ones left out), plus must_kill."""
    groups = load_groups()
    eq = load_equivalent()
    rng = random.Random(args.seed)
    lines = [f"# The CI sample: seed {args.seed}, {args.per_group} per group, from the full run's mutants",
             "# (written by `run.py make-sample`; tests/test_mutation_sample.py runs it)."]
    drawn = read_sample()  # groups not named keep their mutants
    for name in groups:
        if name in (args.groups or list(groups)):
            res = results(name, groups[name])
            pool = sorted(k for k, v in res.items() if k not in eq and v in ("killed", "survived"))
            if not pool:
                raise SystemExit(f"{name}: no results of a full run here: run.py full {name} first")
            drawn[name] = sorted(rng.sample(pool, min(args.per_group, len(pool))))
        if drawn.get(name):
            lines.append(f"[{name}]")
            lines.extend(drawn[name])
    (HERE / "sample.txt").write_text("\n".join(lines) + "\n", "utf-8")
    return 0


def read_sample() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    cur = None
    for line in load_list("sample.txt"):
        if line.startswith("["):
            cur = line.strip("[]")
            out[cur] = []
        elif cur:
            out[cur].append(line)
    return out


def cmd_sample(args: argparse.Namespace) -> int:
    """Run the fixed sample (sample.txt plus must_kill.txt) in a fresh work folder: two
    groups at a time, one test process each. Non-zero below THRESHOLD or if a must-kill
    mutant survives."""
    global WORK
    from concurrent.futures import ThreadPoolExecutor

    if args.work:
        WORK = Path(args.work).resolve()
    else:
        WORK = ROOT / ".mutation" / "sample"
        if WORK.exists():
            shutil.rmtree(WORK)
    WORK.mkdir(parents=True, exist_ok=True)
    groups = load_groups()
    eq = load_equivalent()
    must = load_list("must_kill.txt")
    sample = read_sample()
    for m in must:
        g = next((n for n, gr in groups.items() if in_group(m, gr)), None)
        if g is None:
            raise SystemExit(f"must-kill mutant {m} is in no group")
        sample.setdefault(g, [])
        if m not in sample[g]:
            sample[g].append(m)
    t0 = time.monotonic()

    def one(item: tuple[str, list[str]]) -> tuple[str, int, dict[str, str], float]:
        name, ms = item
        t = time.monotonic()
        g = groups[name]
        g = {**g, "tests": g.get("sample_tests", g["tests"]), "mutate": g.get("sample_mutate", g["mutate"])}
        rc = run_mutmut(name, g, ms, 1, WORK / f"sample-{name}.log", only_named=True)
        res = results(name, groups[name])
        return name, rc, {m: res.get(m, "not checked") for m in ms}, time.monotonic() - t

    killed = total = 0
    failures: list[str] = []
    todo = sorted(((n, ms) for n, ms in sample.items() if ms), key=lambda x: -len(x[1]))
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for name, rc, got, secs in pool.map(one, todo):
            k = sum(1 for m, v in got.items() if v == "killed" and m not in eq)
            n = sum(1 for m in got if m not in eq)
            killed += k
            total += n
            left = [m for m, v in got.items() if v != "killed" and m not in eq]
            print(f"{name:12} {k}/{n} killed (mutmut exit {rc}, {secs:.0f}s)"
                  + "".join(f"\n    left: {m} ({got[m]})" for m in left), flush=True)
            failures += [f"must-kill mutant survived: {m} ({got[m]})" for m in must
                         if m in got and got[m] != "killed"]
            # a sampled mutant mutmut no longer makes (its function was changed, decorated
            # or removed) would count as a survivor hidden under the threshold: say so
            failures += [f"{m}: mutmut makes no such mutant any more; draw the group again: "
                         f"run.py full {name} && run.py make-sample --per-group 6 {name}"
                         for m, v in got.items() if v == "not checked"]
    ratio = killed / total if total else 0.0
    print(f"sample: {killed}/{total} killed = {100 * ratio:.1f}% (threshold {100 * THRESHOLD:.0f}%), "
          f"{time.monotonic() - t0:.0f}s")
    if ratio < THRESHOLD:
        failures.append(f"score {100 * ratio:.1f}% < {100 * THRESHOLD:.0f}%")
    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("full", help="run every group (or those named) in full")
    f.add_argument("groups", nargs="*")
    f.add_argument("--jobs", type=int, default=2)
    f.set_defaults(fn=cmd_full)
    s = sub.add_parser("sample", help="run the fixed CI sample; non-zero below 90%% or if a must-kill survives")
    s.add_argument("--jobs", type=int, default=2, help="groups run at once (one test process each)")
    s.add_argument("--work", help="work folder (default .mutation/sample/, laid anew)")
    s.set_defaults(fn=cmd_sample)
    rt = sub.add_parser("retry", help="run again the mutants not killed (after adding tests)")
    rt.add_argument("groups", nargs="*")
    rt.add_argument("--jobs", type=int, default=2)
    rt.add_argument("--only", action="append", help="only the mutants matching this glob (repeatable)")
    rt.set_defaults(fn=cmd_retry)
    r = sub.add_parser("report", help="scores of what has run")
    r.add_argument("--markdown", action="store_true")
    r.add_argument("groups", nargs="*")
    r.set_defaults(fn=cmd_report)
    sh = sub.add_parser("show", help="one mutant's diff")
    sh.add_argument("name")
    sh.set_defaults(fn=cmd_show)
    ms = sub.add_parser("make-sample", help="write sample.txt from the full run's results")
    ms.add_argument("--seed", type=int, default=34)
    ms.add_argument("--per-group", type=int, default=12)
    ms.add_argument("groups", nargs="*")
    ms.set_defaults(fn=cmd_make_sample)
    args = p.parse_args(argv)
    return args.fn(args)


if __name__ == "__main__":
    sys.exit(main())
