#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause-Patent
"""Checks `efipmu-host db view`'s pages, as Chromium built them, against the store.

    check_view.py DIR DOMS DB TOOL [NAME]

DIR holds the view; DOMS, for each page P.html, Chromium's DOM (P.dom, from --dump-dom) and its
log (P.log, --enable-logging=stderr), or - for the pages themselves, as written (no console to
read). DB is the store, an SQLite file (read with Python's sqlite3) or a postgresql:// URL (read
with psql: $PSQL, else psql); NAME, how the tool names it (the index's title), DB by default.
The expected view is worked out here from the store and from `TOOL compare` on the logs each run
was imported from:
- index.html: a row per board (the name given at import, else the capture's SMBIOS board, else
  the processor), linking to that board's page, naming its newest run's regression;
- a board's page: a row per run in the run's own time order, each judged against the newest
  earlier run of another firmware build (system table vendor and revision, SMBIOS BIOS vendor,
  version and date), else the run before: regressed exactly when `compare` on the two logs
  exits 1; a regression mark in the picture per regressed run; a verdict cell and a point per
  run and core count, each a link to the run's report;
- every link is to a file of DIR, every run has its report there;
- no page has a script, img, iframe, object or embed element or an on* attribute, its title is
  as written, and Chromium's log has no console message (a script error, or a policy refusal
  of something injected); the markup of view.sh's hostile logs (a board given at import, a
  log's firmware vendor) shows on the index as text.
Prints one line per failed check; exit status 1 if any.
"""
import html.parser
import json
import re
import os
import sqlite3
import subprocess
import sys


class Dom(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elems, self.stack, self.title = [], [], ""
        self.rows = {}        # class of a tr -> [[cell text...]]
        self.links = []       # (href, text)
        self.text = ""
        self.cur = self.cell = self.link = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.elems.append((tag, a))
        self.stack.append(tag)
        if tag == "tr":
            self.cur = (a.get("class", ""), [])
        elif tag == "td" and self.cur:
            self.cell = ""
        elif tag == "a":
            self.link = [a.get("href"), ""]

    def handle_endtag(self, tag):
        if tag in self.stack:
            del self.stack[len(self.stack) - 1 - self.stack[::-1].index(tag):]
        if tag == "td" and self.cur and self.cell is not None:
            self.cur[1].append(self.cell.strip())
            self.cell = None
        elif tag == "tr" and self.cur:
            for c in self.cur[0].split():
                self.rows.setdefault(c, []).append(self.cur[1])
            self.cur = None
        elif tag == "a" and self.link:
            self.links.append(tuple(self.link))
            self.link = None

    def handle_data(self, data):
        if self.stack and self.stack[-1] == "title" and "svg" not in self.stack:
            self.title += data
        self.text += data
        if self.cell is not None:
            self.cell += data
        if self.link:
            self.link[1] += data


def core_counts(path):
    """The (event, kernel) of a log's core counts, in order of first appearance."""
    seen = []
    for line in open(path, encoding="utf-8", errors="replace"):
        r = json.loads(line)
        k = (r.get("event"), r.get("kernel", ""))
        if r.get("rec") == "count" and r.get("box", "core") == "core" and k not in seen:
            seen.append(k)
    return seen


NULL = "\x01(null)"


def query(db, sql):
    """The rows of a query of the store, on either database: ints as ints, NULL as None."""
    if not db.startswith(("postgresql://", "postgres://")):
        return sqlite3.connect(db).execute(sql).fetchall()
    out = subprocess.run([os.environ.get("PSQL", "psql"), "-XqtA", "-v", "ON_ERROR_STOP=1",
                          "-F", "\x1f", "-R", "\x1e", "-P", "null=" + NULL, "-d", db, "-c", sql],
                         stdout=subprocess.PIPE, check=True).stdout.decode("utf-8")
    rows = []
    for line in out.rstrip("\n").split("\x1e"):
        if line:
            rows.append(tuple(None if v == NULL else int(v) if re.fullmatch(r"-?[0-9]+", v)
                              else v for v in line.split("\x1f")))
    return rows


def expected(db, tool):
    """{board: ([(id, base id or None, regressed, simulated)] in the run's own time order,
    points: a point per run and core count plotted, the board's first 8 by appearance)}."""
    rows = query(db,
        "SELECT id, coalesce(board, machine, '(no board) ' || coalesce(cpu_brand, '?')),"
        " fw_vendor, fw_revision, bios_vendor, bios_version, bios_date, run_time, source,"
        " simulated FROM runs")
    boards = {}
    for r in rows:
        boards.setdefault(r[1], []).append(r)
    out = {}
    for name, runs in boards.items():
        runs.sort(key=lambda r: (r[7] is not None, r[7] or "", r[0]))
        got = []
        for i, r in enumerate(runs):
            base = next((b for b in reversed(runs[:i]) if b[2:7] != r[2:7]),
                        runs[i - 1] if i else None)
            reg = False
            if base:
                rc = subprocess.run([tool, "compare", base[8], r[8]], stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL).returncode
                if rc not in (0, 1):
                    sys.exit("compare %s %s: exit %d" % (base[8], r[8], rc))
                reg = rc == 1
            got.append((r[0], base[0] if base else None, reg, bool(r[9])))
        keys = []
        for r in runs:
            keys += [k for k in core_counts(r[8]) if k not in keys][:8 - len(keys)]
        out[name] = (got, sum(len(set(keys) & set(core_counts(r[8]))) for r in runs))
    return out


def page(d, doms, name):
    dom = Dom()
    path = os.path.join(d, name) if doms == "-" else os.path.join(doms, name[:-5] + ".dom")
    dom.feed(open(path, encoding="utf-8").read())
    return dom


def common(d, doms, name, dom, want_title):
    """What every page of the view must be: inert, linked within DIR, silent in Chromium."""
    bad = []
    for t, a in dom.elems:
        if t in ("script", "img", "iframe", "object", "embed"):
            bad.append("%s: a %s element" % (name, t))
        for k in a:
            if k.lower().startswith("on"):
                bad.append("%s: <%s %s=...>" % (name, t, k))
        if "src" in a:
            bad.append("%s: <%s src=...>" % (name, t))
    for href, _ in dom.links:
        if not href or "/" in href or ":" in href or not os.path.isfile(os.path.join(d, href)):
            bad.append("%s: a link to %r, not a file of the view" % (name, href))
    if dom.title != want_title:
        bad.append("%s: title %r, not %r" % (name, dom.title, want_title))
    log = "" if doms == "-" else open(os.path.join(doms, name[:-5] + ".log"), encoding="utf-8",
                                      errors="replace").read()
    for line in log.splitlines():
        if ":CONSOLE" in line:
            bad.append("%s: Chromium's console: %s" % (name, line[:160]))
    return bad


def main():
    d, doms, db, tool = sys.argv[1:5]
    store_name = sys.argv[5] if len(sys.argv) > 5 else db
    want = expected(db, tool)
    bad = []
    idx = page(d, doms, "index.html")
    bad += common(d, doms, "index.html", idx, "efipmu boards of " + store_name)
    for s in ("<img src=x onerror=", "<script>document.title"):   # view.sh's hostile logs
        if s not in idx.text:
            bad.append("index.html: %r not shown as text" % s)
    board_rows = idx.rows.get("board", [])
    if len(board_rows) != len(want):
        bad.append("index.html: %d boards, the store has %d" % (len(board_rows), len(want)))
    pages = {}
    for href, text in idx.links:
        name = re.sub(r" \[SIM\]$", "", text)
        if href.startswith("board-"):
            pages[name] = href
    for name, (runs, want_points) in sorted(want.items()):
        if name not in pages:
            bad.append("index.html: no link to board %r (links %s)" % (name, list(pages)[:4]))
            continue
        row = next((r for r in board_rows if re.sub(r" \[SIM\]$", "", r[0]) == name), None)
        last = runs[-1]
        mark = "the only run" if last[1] is None else "REGRESSED" if last[2] else "no regression"
        if not row or row[-1] != mark or row[1] != str(len(runs)):
            bad.append("index.html: board %r row %s, want %d runs, newest %s"
                       % (name, row, len(runs), mark))
        sim = any(r[3] for r in runs)
        p = pages[name]
        dom = page(d, doms, p)
        bad += common(d, doms, p, dom, ("[SIMULATED] " if sim else "") + "efipmu board " + name)
        rows = dom.rows.get("run", [])
        if [r[0] for r in rows] != ["run %d%s" % (r[0], " [SIM]" if r[3] else "") for r in runs]:
            bad.append("%s: runs %s, the store's in time order %s"
                       % (p, [r[0] for r in rows], [r[0] for r in runs]))
        for (rid, base, reg, _), row in zip(runs, rows):
            w = ("the board's first run" if base is None else
                 "%s against run %d" % ("REGRESSED" if reg else "no regression", base))
            if not row[-1].startswith(w) or (reg != row[-1].startswith("REGRESSED")):
                bad.append("%s: run %d judged %r, want %r" % (p, rid, row[-1], w))
            if not os.path.isfile(os.path.join(d, "run-%d.html" % rid)):
                bad.append("%s: run %d has no report in the view" % (p, rid))
        nreg = sum(r[2] for r in runs)
        marks = sum(1 for t, a in dom.elems if t == "rect" and "regmark" in a.get("class", ""))
        regrows = len(dom.rows.get("regressed", []))
        verd = [h for h, _ in dom.links if h.startswith("run-")]
        cells = sum(1 for t, a in dom.elems if t == "rect" and "vd" in a.get("class", "").split())
        if marks != nreg or regrows != nreg:
            bad.append("%s: %d regression marks and %d regressed rows, compare finds %d"
                       % (p, marks, regrows, nreg))
        if cells != len(runs) or set(verd) != {"run-%d.html" % r[0] for r in runs}:
            bad.append("%s: %d verdict cells, links to %s, for %d runs"
                       % (p, cells, sorted(set(verd)), len(runs)))
        points = sum(1 for t, a in dom.elems if t == "circle")
        if points != want_points or points + len(runs) + len(rows) != len(verd):
            bad.append("%s: %d points (want %d), %d links to runs"
                       % (p, points, want_points, len(verd)))
    for b in bad:
        print("  " + b)
    sys.exit(1 if bad else 0)


main()
