#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause-Patent
"""Mutation testing of the tool: tests/mutants/mutants.txt lists deliberate defects.

Each is applied alone to a scratch copy of the tree (build/mutants/tree-K; the
working tree is never touched), the unit suite (and any check of CHECKS the
mutant names) is built and run there, and the mutant is caught when it fails.
MUTANT_WORKERS copies (default: JOBS) take the mutants in turn, side by side.
The unmutated copy must pass first (make test, whose suites have just run the
same tests on the same sources, says so with MUTANTS_BASELINE=suites).
A check beyond the unit tests stops at its first FAIL line: the mutant is caught.
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
import signal
import subprocess
import sys
import textwrap
import threading
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
JOBS = int(os.environ.get("JOBS", os.cpu_count() or 2))
WORKERS = max(1, int(os.environ.get("MUTANT_WORKERS", JOBS)))


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


class Tree:
    """One scratch copy: sources as in the working tree, a build of its own."""

    def __init__(self, k):
        self.root = os.path.join(HERE, "build", "mutants", "tree-%d" % k)

    def sync(self):
        """Sources as in the working tree; what it has built is copied once (mtimes kept)."""
        def files(root):
            out = set()
            for d, dirs, names in os.walk(root):
                if d == root:
                    dirs[:] = [x for x in dirs if x not in ("build", ".git")]
                out |= {os.path.relpath(os.path.join(d, n), root) for n in names}
            return out
        src = files(HERE)
        os.makedirs(self.root, exist_ok=True)
        for rel in files(self.root) - src:
            os.remove(os.path.join(self.root, rel))
        for rel in src:
            a, b = os.path.join(HERE, rel), os.path.join(self.root, rel)
            if not os.path.exists(b):
                os.makedirs(os.path.dirname(b), exist_ok=True)
                shutil.copy2(a, b)   # as old as the working tree's: its copied objects stay valid
            elif not filecmp.cmp(a, b, shallow=False):
                shutil.copy(a, b)    # changed: newer than anything built from it
        # The working tree's tests and the checks' tools, if built, save a full rebuild.
        for sub in ("host-obj", "unit-obj", "unit", "libefipmu-host.a", "tsan-obj", "libefipmu-tsan.a",
                    "tsan", "tool-obj", "efipmu-host", "efipmu-host-san", "report/mklog",
                    "efi-obj", "efipmu.so", "efipmu.efi"):
            a, b = os.path.join(HERE, "build", sub), os.path.join(self.root, "build", sub)
            if os.path.exists(a) and not os.path.exists(b):
                os.makedirs(os.path.dirname(b), exist_ok=True)
                (shutil.copytree if os.path.isdir(a) else shutil.copy2)(a, b)

    def make(self, targets):
        return subprocess.run(["make", "-s", "-C", self.root,
                               "-j%d" % max(1, JOBS // WORKERS)] + targets,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)

    def suite(self, tests, checks=()):
        """(built, failed, output): builds the unit tests (all when tests is None) and the
        checks, and runs them."""
        tests = unit_tests(tests)
        b = self.make(unit_bins(tests) + [t for c in checks for t in CHECKS[c][0]])
        if b.returncode:
            return False, False, b.stdout
        failed, out = False, ""
        if tests:
            r = subprocess.run(["bash", "scripts/run-unit.sh"] + unit_bins(tests), cwd=self.root,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            failed, out = r.returncode != 0, r.stdout
        for c in checks:
            rc, text = self.until_fail(CHECKS[c][1])
            if rc:
                failed, out = True, out + "FAIL %s:\n%s" % (c, textwrap.indent(text, "  "))
        return True, failed, out

    def until_fail(self, cmd):
        """(status, output) of a check, stopped at its first line that starts with FAIL
        (what follows could only say again that it failed)."""
        p = subprocess.Popen(cmd, cwd=self.root, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True, start_new_session=True)
        lines = []
        for line in p.stdout:
            lines.append(line)
            if line.lstrip().startswith("FAIL"):
                os.killpg(p.pid, signal.SIGTERM)   # TERM: a suite's EXIT trap stops its servers
                break
        p.stdout.close()
        try:
            rc = p.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            rc = p.wait()
        stopped = lines and lines[-1].lstrip().startswith("FAIL")
        return (rc or (1 if stopped else 0)), "".join(lines)

    def built(self):
        """{path: mtime} of every object, library and program of this copy's build."""
        out = {}
        for d, _, names in os.walk(os.path.join(self.root, "build")):
            for n in names:
                p = os.path.join(d, n)
                try:
                    with open(p, "rb") as f:
                        head = f.read(8)
                    if head.startswith(b"\x7fELF") or head == b"!<arch>\n":
                        out[p] = os.stat(p).st_mtime_ns
                except OSError:
                    continue   # gone meanwhile, or a socket or FIFO a suite left
        return out

    def keep_objects(self, rel):
        """Copies of the objects built from a C file about to be mutated, put back after it:
        its original need not be compiled again. A header or another file keeps none."""
        if not rel.endswith(".c"):
            return {}
        objs = glob.glob(os.path.join(self.root, "build", "*", rel[:-2] + ".o"))
        kept = {}
        for o in objs + [o + ".d" for o in objs if os.path.exists(o + ".d")]:
            kept[o] = o + ".unmutated"
            shutil.copy2(o, kept[o])
        return kept

    def unmutate(self, rel, kept, before):
        """This copy as before the mutant: its source (with the working tree's time), the
        objects kept from before, and nothing else the mutant's build made or rewrote."""
        src = os.path.join(self.root, rel)
        if kept:
            shutil.copy2(os.path.join(HERE, rel), src)
            for o, copy in kept.items():
                os.replace(copy, o)   # its own time again: newer than its source
        else:
            shutil.copy(os.path.join(HERE, rel), src)   # newer than the mutant's objects
        for p, t in self.built().items():
            if p not in kept and before.get(p) != t:
                os.remove(p)   # built with the mutant (an object, a library, a program)

    def run(self, m, short):
        """'caught', 'survived' or 'error', and what to print, for mutant m in this copy."""
        orig = open(os.path.join(HERE, m["file"])).read()
        if orig.count(m["old"]) != 1:
            return "error", "ERROR    %s: its text is found %d times in %s" % (
                m["name"], orig.count(m["old"]), m["file"])
        t0 = time.time()
        kept, before = self.keep_objects(m["file"]), self.built()
        with open(os.path.join(self.root, m["file"]), "w") as f:
            f.write(orig.replace(m["old"], m["new"]))
        try:
            built, failed, out = self.suite(m["tests"] if short else None, checks_of(m["tests"]))
        finally:
            self.unmutate(m["file"], kept, before)
        if not built:
            return "error", "ERROR    %s: does not build\n%s" % (m["name"], out[-1500:])
        if failed:
            by = sorted({l.split()[1].rstrip(":") for l in out.splitlines()
                         if l.startswith("FAIL ")})
            return "caught", "caught   %-32s by %s (%.0f s)" % (m["name"], " ".join(by),
                                                                 time.time() - t0)
        return "survived", "SURVIVED %-32s %s" % (m["name"], m["why"])


def unit_bins(tests):
    return ["build/unit/" + t for t in tests]


def unit_tests(tests):
    """The unit tests among TESTS; all of them when TESTS is None."""
    if tests is None:
        tests = sorted(os.path.basename(f)[:-2] for f in
                       glob.glob(os.path.join(HERE, "tests", "unit", "*", "test_*.c")))
    return [t for t in tests if t not in CHECKS]


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
    trees = [Tree(k) for k in range(min(WORKERS, len(muts)))]
    for t in trees:
        t.sync()
    base_tests = sorted({t for m in muts for t in m["tests"]}) if short else None
    base_checks = sorted({c for m in muts for c in checks_of(m["tests"])})
    targets = [t for c in base_checks for t in CHECKS[c][0]]
    if os.environ.get("MUTANTS_BASELINE") == "suites":
        # make test ran these tests and checks on the same sources before, and passed them
        print("the unmutated tree: passed by this make test's suites")
        built, failed, out, to_build = True, False, "", trees
    else:
        built, failed, out = trees[0].suite(base_tests, base_checks)
        to_build = trees[1:]
    for t in to_build:   # the same sources as the tree that passed: they need only be built
        if built:
            b = t.make(unit_bins(unit_tests(base_tests)) + targets)
            built, out = b.returncode == 0, out + b.stdout
    if not built or failed:
        print(out[-3000:])
        print("mutants: the unmutated tree does not pass its tests: nothing to compare")
        print("mutants: 0 passed, 1 failed")
        return 1
    results, lock, free = {}, threading.Lock(), list(trees)

    def one(m):
        with lock:
            tree = free.pop()
        try:
            kind, line = tree.run(m, short)
        finally:
            with lock:
                free.append(tree)
        with lock:
            results[m["name"]] = kind
            print(line, flush=True)

    with ThreadPoolExecutor(len(trees)) as pool:
        list(pool.map(one, muts))
    caught = [m["name"] for m in muts if results[m["name"]] == "caught"]
    survived = [m["name"] for m in muts if results[m["name"]] == "survived"]
    errors = [m["name"] for m in muts if results[m["name"]] == "error"]
    print("mutants: %d caught, %d survived%s%s" % (
        len(caught), len(survived), (": " + ", ".join(survived)) if survived else "",
        ("; %d errors: %s" % (len(errors), ", ".join(errors))) if errors else ""))
    bad = len(survived) + len(errors)
    print("mutants: %d passed, %d failed" % (len(caught), bad))
    return 1 if bad else 0

if __name__ == "__main__":
    sys.exit(main())
