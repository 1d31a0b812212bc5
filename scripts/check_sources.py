#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause-Patent
"""Checks on the project's own source files (scripts/check-static.sh runs them):
  spdx       every source file names its licence in an SPDX line within its first 3 lines
             (data/ is vendored and keeps its own licence: data/perfmon/LICENSE)
Prints one line per finding; exit status 1 when there is any."""
import os
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


CHECKS = {"spdx": check_spdx}

if __name__ == "__main__":
    names = sys.argv[1:] or sorted(CHECKS)
    sys.exit(1 if sum(CHECKS[n]() for n in names) else 0)
