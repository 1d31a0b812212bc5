#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause-Patent
"""Checks on the project's own source files (scripts/check-static.sh runs them):
  spdx       every source file names its licence in an SPDX line within its first 3 lines
             (data/ is vendored and keeps its own licence: data/perfmon/LICENSE)
  citations  no source file in lib efi tools tests scripts cites what a clone does not have:
             the session's notes (registers, QEMU facts) or seed excerpts, their section
             signs, or a path outside the repository; cite the public document (title or
             number, section, table: "Intel 327043-001, table 2-2", "Linux uncore_snbep.c")
Prints one line per finding; exit status 1 when there is any."""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE_EXT = (".c", ".h", ".S", ".sh", ".py", ".mk", ".nsh")
SOURCE_NAMES = ("Makefile", ".ci/run")


def sources():
    """The tracked and new (not ignored) files that are the project's own source."""
    out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                         cwd=ROOT, stdout=subprocess.PIPE, text=True, check=True).stdout
    for rel in sorted(set(out.split())):
        if rel.startswith("data/") or not os.path.isfile(os.path.join(ROOT, rel)):
            continue
        if rel.endswith(SOURCE_EXT) or rel in SOURCE_NAMES:
            yield rel


def check_spdx():
    bad = 0
    for rel in sources():
        with open(os.path.join(ROOT, rel), encoding="utf-8", errors="replace") as f:
            head = [f.readline() for _ in range(3)]
        if not any("SPDX-License-Identifier: " in line for line in head):
            print(f"{rel}: no SPDX-License-Identifier line in its first 3 lines")
            bad += 1
    return bad


# Spelled in pieces so that this file does not match itself.
UNFOLLOWABLE = re.compile("|".join([
    r"REGISTERS" + r"\.md",                       # the session's register notes
    r"(QEMU-" + r"FACTS|UNCORE-" + r"CURRENT|ANCHORS" + r"\.md)",   # and its other notes
    r"\b[Ss]eeds? " + r"[0-9]{3}\b",               # its numbered seed excerpts
    "\u00a7",                                      # their section numbers
    r"\.\./" + r"shared\b|/work/" + r"shared\b|\bshared/" + r"(seeds|reference)\b",   # paths outside
]))
CITE_DIRS = ("lib/", "efi/", "tools/", "tests/", "scripts/")


def check_citations():
    bad = 0
    for rel in sources():
        if not rel.startswith(CITE_DIRS):
            continue
        with open(os.path.join(ROOT, rel), encoding="utf-8", errors="replace") as f:
            for n, line in enumerate(f, 1):
                m = UNFOLLOWABLE.search(line)
                if m:
                    print(f"{rel}:{n}: cites {m.group(0)!r}, which a clone cannot follow: "
                          "cite the public document")
                    bad += 1
    return bad


CHECKS = {"spdx": check_spdx, "citations": check_citations}

if __name__ == "__main__":
    names = sys.argv[1:] or sorted(CHECKS)
    sys.exit(1 if sum(CHECKS[n]() for n in names) else 0)
