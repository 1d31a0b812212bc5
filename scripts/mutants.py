#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause-Patent
"""Mutation testing of the tool: tests/mutants/mutants.txt lists deliberate defects.

Each is applied alone to a scratch copy of the tree (build/mutants/tree; the
working tree is never touched), the unit suite (and any check of CHECKS the
mutant names) is built and run there, and the mutant is caught when it fails.
The unmutated copy must pass first.
A mutant whose original text is not found exactly once, or that does not
build, is an error: it can never count as caught or as a survivor.

  scripts/mutants.py           every mutant against the whole unit suite
  scripts/mutants.py --short   the mutants marked short, against their named tests
  scripts/mutants.py --only N  mutant N alone, against its named tests
"""
import filecmp
import glob
import os
import shutil
import subprocess
import sys
import textwrap

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRATCH = os.path.join(HERE, "build", "mutants", "tree")
JOBS = os.environ.get("JOBS", str(os.cpu_count() or 2))


def parse(path):
    muts, cur, part = [], None, None
    for line in open(path).read().split("\n"):
        if line.startswith("## "):
            fields = [f.strip() for f in line[3:].split("|")]
            cur = {"name": fields[0], "file": fields[1], "tests": fields[2].split(),
                   "short": len(fields) > 3 and fields[3] == "short", "why": "",
                   "old": [], "new": []}
            muts.append(cur)
            part = "why"
        elif cur is None or (line.startswith("#") and part == "why"):
            continue
        elif line == "---":
            part = "old"
        elif line == "+++":
            part = "new"
        elif part == "why":
            cur["why"] += line.strip()
        else:
            cur[part].append(line)
    for m in muts:
        for k in ("old", "new"):
            while m[k] and not m[k][-1]:
                m[k].pop()
            m[k] = "\n".join(m[k]) + "\n"
        if not m["old"].strip() or not m["why"]:
            sys.exit("mutants: %s is malformed" % m["name"])
    return muts


def sync_tree():
    """The scratch copy: sources as in the working tree, its own build (objects kept)."""
    def files(root):
        out = set()
        for d, dirs, names in os.walk(root):
            if d == root:
                dirs[:] = [x for x in dirs if x not in ("build", ".git")]
            out |= {os.path.relpath(os.path.join(d, n), root) for n in names}
        return out
    src = files(HERE)
    os.makedirs(SCRATCH, exist_ok=True)
    for rel in files(SCRATCH) - src:
        os.remove(os.path.join(SCRATCH, rel))
    for rel in src:
        a, b = os.path.join(HERE, rel), os.path.join(SCRATCH, rel)
        if not os.path.exists(b):
            os.makedirs(os.path.dirname(b), exist_ok=True)
            shutil.copy2(a, b)   # as old as the working tree's: its copied objects stay valid
        elif not filecmp.cmp(a, b, shallow=False):
            shutil.copy(a, b)    # changed: newer than anything built from it
    # The working tree's host and tsan objects, if built, save a full rebuild (mtimes are kept).
    for sub in ("host-obj", "unit", "libefipmu-host.a", "tsan-obj", "libefipmu-tsan.a"):
        src, dst = os.path.join(HERE, "build", sub), os.path.join(SCRATCH, "build", sub)
        if os.path.exists(src) and not os.path.exists(dst):
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            (shutil.copytree if os.path.isdir(src) else shutil.copy2)(src, dst)


def make(targets):
    return subprocess.run(["make", "-s", "-C", SCRATCH, "-j" + JOBS] + targets,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def unit_bins(tests):
    return ["build/unit/" + t for t in tests]


# Checks besides the unit suite, named in a mutant's TESTS (for efi/, which no unit test
# builds): what make builds first, then the command; it fails with "FAIL <name>".
CHECKS = {
    "gated_window": (["build/efipmu.so"],
                     ["python3", "tools/bench/gated_window.py", "build/efipmu.so"]),
    # the rounds protocol on threads under ThreadSanitizer (tests/tsan/suite.sh)
    "tsan_rounds": (["build/tsan/test_rounds"],
                    ["bash", "-c", "TSAN_OPTIONS=halt_on_error=1 build/tsan/test_rounds"]),
    "tsan_run": (["build/tsan/test_run_threads"],
                 ["bash", "-c", "TSAN_OPTIONS=halt_on_error=1 build/tsan/test_run_threads"]),
    # the host tool on its sample and model logs (tests/host/suite.sh): replay's edits among them
    "host_suite": (["host", "host-san", "mklog"], ["bash", "tests/host/suite.sh"]),
    # the HTML report, its pages in headless Chromium (tests/report/suite.sh): hostile strings inert
    "report_suite": (["host", "host-san", "mklog"], ["bash", "tests/report/suite.sh"]),
    # the store on each of its databases (tests/store/suite.sh): SQLite, and a PostgreSQL server
    "store_sqlite": (["host", "host-san", "mklog"], ["bash", "tests/store/suite.sh", "sqlite"]),
    "store_pg": (["host", "host-san", "mklog"], ["bash", "tests/store/suite.sh", "pg"]),
    # db view's pages in headless Chromium against the store (tests/report/view.sh)
    "report_view": (["host-san", "mklog"], ["bash", "tests/report/view.sh"]),
    # the app on QEMU with the ivshmem discovery table: its memory after the run as before
    "qemu_ivshmem": (["build/efipmu.efi"],
                     ["bash", "tests/qemu/run-all.sh", "ivshmem_discovery"]),
    # the app on QEMU of 2 sockets of 2 dies: each CPU's die from OVMF's Location2
    "qemu_dies": (["build/efipmu.efi"], ["bash", "tests/qemu/run-all.sh", "dies"]),
    # the app on QEMU -icount: its claims, and what it rewrote read back
    "qemu_icount": (["build/efipmu.efi"], ["bash", "tests/qemu/run-all.sh", "icount"]),
    # tools/gen_events.py's rules on made-up list entries (tests/generated/, run by the
    # generated suite)
    "gen_rules": ([], ["python3", "tests/generated/test_gen_events.py"]),
    # every perfmon list's events against the independent encoder (tests/perfenc/suite.sh)
    "perfenc": (["host-san"], ["bash", "tests/perfenc/suite.sh"]),
}


def checks_of(tests):
    return [t for t in tests if t in CHECKS]


def suite(tests, checks=()):
    """(built, failed, output): builds the unit tests (all when tests is None) and the
    checks, and runs them."""
    if tests is None:
        tests = sorted(os.path.basename(f)[:-2] for f in
                       glob.glob(os.path.join(SCRATCH, "tests", "unit", "*", "test_*.c")))
    tests = [t for t in tests if t not in CHECKS]
    b = make(unit_bins(tests) + [t for c in checks for t in CHECKS[c][0]])
    if b.returncode:
        return False, False, b.stdout
    failed, out = False, ""
    if tests:
        r = subprocess.run(["bash", "scripts/run-unit.sh"] + unit_bins(tests), cwd=SCRATCH,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        failed, out = r.returncode != 0, r.stdout
    for c in checks:
        r = subprocess.run(CHECKS[c][1], cwd=SCRATCH, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
        if r.returncode:
            failed, out = True, out + "FAIL %s:\n%s" % (c, textwrap.indent(r.stdout, "  "))
    return True, failed, out


def main():
    argv = sys.argv[1:]
    only = argv[argv.index("--only") + 1] if "--only" in argv[:-1] else None
    short = "--short" in argv or only is not None
    muts = parse(os.path.join(HERE, "tests", "mutants", "mutants.txt"))
    if only:
        muts = [m for m in muts if m["name"] == only]
    elif short:
        muts = [m for m in muts if m["short"]]
    if not muts:
        sys.exit("mutants: none to run")
    sync_tree()
    caught, survived, errors = [], [], []
    base_tests = sorted({t for m in muts for t in m["tests"]}) if short else None
    built, failed, out = suite(base_tests, sorted({c for m in muts for c in checks_of(m["tests"])}))
    if not built or failed:
        print(out[-3000:])
        print("mutants: the unmutated tree does not pass its tests: nothing to compare")
        print("mutants: 0 passed, 1 failed")
        return 1
    for m in muts:
        path = os.path.join(SCRATCH, m["file"])
        orig = open(os.path.join(HERE, m["file"])).read()
        if orig.count(m["old"]) != 1:
            errors.append(m["name"])
            print("ERROR    %s: its text is found %d times in %s" % (m["name"], orig.count(m["old"]),
                                                                   m["file"]))
            continue
        with open(path, "w") as f:
            f.write(orig.replace(m["old"], m["new"]))
        try:
            built, failed, out = suite(m["tests"] if short else None, checks_of(m["tests"]))
        finally:
            shutil.copy(os.path.join(HERE, m["file"]), path)   # newer than the mutant's objects
        if not built:
            errors.append(m["name"])
            print("ERROR    %s: does not build\n%s" % (m["name"], out[-1500:]))
        elif failed:
            by = sorted({l.split()[1].rstrip(":") for l in out.splitlines() if l.startswith("FAIL ")})
            caught.append(m["name"])
            print("caught   %-32s by %s" % (m["name"], " ".join(by)))
        else:
            survived.append(m["name"])
            print("SURVIVED %-32s %s" % (m["name"], m["why"]))
    print("mutants: %d caught, %d survived%s%s" % (
        len(caught), len(survived), (": " + ", ".join(survived)) if survived else "",
        ("; %d errors: %s" % (len(errors), ", ".join(errors))) if errors else ""))
    bad = len(survived) + len(errors)
    print("mutants: %d passed, %d failed" % (len(caught), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
