#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause-Patent
"""Checks the DOM Chromium built from an efipmu-host report against the log it came from.

    check_dom.py DOM LOG [--compare COMPARE_OUTPUT] [--hostile]

The DOM is Chromium's `--dump-dom` (after parsing, after any script would have run). Checks:
- one check element per check record, as many FAIL ones as the log has FAIL checks;
- one count row per (CPU or package, box, event, kernel) of the log's count records, its
  control register by the log's name ("msr 0x186", "pci 0000:7f:10.4+0xd8", "mmio 0x...")
  and value, and the fields of the log's ctl_fields that are not zero, decoded;
- a hand-off register per value of the hand-off records, marked where it is not zero;
- past 64 cpu records (docs/host-tool.md): per package, the checks' tallies, a heat map cell
  per CPU and column of CPU checks (its worst result, grey without one), a count row per
  (package, kernel, event) of core counts, and a hand-off row per distinct core hand-off;
- an SVG per skew record, a bar per window record placed at its own TSC values;
- nothing refers to another file (no src, href, url());
- the machine: the board, system and BIOS of the capture's SMBIOS, or why the log has none;
- simulated log: every section carries the SIMULATED mark; real log: none does;
- --compare: the diff rows are compare's lines, in order (what, base, new, change, marks);
- --hostile: no script or img element and no on* attribute in the DOM, the title as written,
  and the log's markup shows as text.
Prints one line per failed check; exit status 1 if any.
"""
import html.parser
import json
import re
import sys


class Dom(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elems = []      # (tag, attrs dict)
        self.stack = []
        self.text = []       # (text, classes of every open element)
        self.title = ""
        self.bar_titles = []   # the SVG bars' own titles: "cpu N: on +A, off +B ticks"
        self.heat_titles = []  # the heat map cells' own: "cpu N: CHECK: 1 PASS"

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.elems.append((tag, a))
        if tag not in ("br", "meta", "line", "rect", "img", "input", "link"):
            self.stack.append((tag, a.get("class", "")))

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break

    def handle_data(self, data):
        tags = [t for t, _ in self.stack]
        if tags and tags[-1] == "title" and "svg" not in tags:
            self.title += data
        elif tags and tags[-1] == "title":
            heat = any(t == "svg" and "heat" in c.split() for t, c in self.stack)
            (self.heat_titles if heat else self.bar_titles).append(data)
        self.text.append((data, [t for t, _ in self.stack], [c for _, c in self.stack]))


def classes(a):
    return a.get("class", "").split()


def rows_of(dom, cls):
    """The text of each <tr> having class cls, cell by cell."""
    rows, cur, cell = [], None, None
    # re-walk with a tiny second parser for rows
    class P(html.parser.HTMLParser):
        def handle_starttag(self, tag, attrs):
            nonlocal cur, cell
            a = dict(attrs)
            if tag == "tr" and cls in a.get("class", "").split():
                cur = []
            elif tag == "td" and cur is not None:
                cell = ""

        def handle_endtag(self, tag):
            nonlocal cur, cell
            if tag == "td" and cur is not None and cell is not None:
                cur.append(cell.strip())
                cell = None
            elif tag == "tr" and cur is not None:
                rows.append(cur)
                cur = None

        def handle_data(self, data):
            nonlocal cell
            if cell is not None:
                cell += data
    P(convert_charrefs=True).feed(dom)
    return rows


def col(r):
    return r["check"] + (" (%s)" % r["kernel"] if r.get("kernel") else "")


def ctl_name(r):
    """A count's control register as schema 2 names it (schema 1: "ctl_msr", an MSR bare)."""
    if "ctl" in r:
        return r["ctl"]
    v = r["ctl_msr"]
    return "msr " + v if v.startswith("0x") else v


def check_controls(dom_text, recs):
    """Each count row's control cell: "NAME = VALUE", then LAYOUT: the non-zero fields."""
    bad, first = [], {}
    for r in recs:
        if r.get("rec") == "count":
            box = r.get("box", "core")
            at = "cpu %d" % r["cpu"] if box == "core" else "pkg %d" % r["package"] + (
                ".X%d" % r["ccx"] if "ccx" in r else "")
            first.setdefault((at, box, r["event"], r.get("kernel", "")), r)
    for row in rows_of(dom_text, "count"):
        at, box, kernel, event = (row[0], "core", row[1], row[2]) if len(row) == 9 else row[:4]
        r = first.get((at, box, event, kernel))
        if not r:
            bad.append("count row %s has no count record" % row[:4])
            continue
        cell, want = row[-1], "%s = %s" % (ctl_name(r), r["ctl_value"])
        fields = dict(re.findall(r"(\w+)=(0x[0-9a-f]+|\d+)", cell.partition(": ")[2]))
        got = {k: int(v, 0) for k, v in fields.items()}
        logged = {k: v for k, v in r.get("ctl_fields", got).items() if v}   # hand-made: none
        if not cell.startswith(want) or "not in the log" in cell or got != logged:
            bad.append("%s %s %s: control %r, the log's %r %s" % (at, box, event, cell, want,
                                                                  logged))
    return bad


def check_big(d, recs, checks, cpu_pkg):
    """Past 64 CPUs: the per-package tallies, the heat map and the per-package count rows."""
    bad = []
    # a cell per CPU and column of CPU checks, its class the worst result, its title each one's
    order = ["FAIL", "DISTURBED"]
    cols = sorted({col(r) for r in checks if "cpu" in r})
    want = {}
    for r in checks:
        if "cpu" in r:
            want.setdefault((r["cpu"], col(r)), []).append(r["result"])
    cells = [a for t, a in d.elems if t == "rect" and "hm" in classes(a)]
    if len(cells) != len(cpu_pkg) * len(cols):
        bad.append("%d heat map cells, the log has %d CPUs x %d columns"
                   % (len(cells), len(cpu_pkg), len(cols)))
    for res, n in (("none", len(cpu_pkg) * len(cols) - len(want)),
                   ("FAIL", sum("FAIL" in v for v in want.values())),
                   ("PASS", sum(set(v) == {"PASS"} for v in want.values()))):
        got = sum(1 for a in cells if res in classes(a))
        if got != n:
            bad.append("%d heat map cells %s, the log makes %d" % (got, res, n))
    titles = set(d.heat_titles)
    for (cpu, c), v in want.items():
        w = next((x for x in order if x in v), None)
        if w and not any(t.startswith("cpu %d: %s" % (cpu, c)) and w in t for t in titles):
            bad.append("no heat map cell says cpu %d: %s: %s" % (cpu, c, w))
    # the package tallies add up to the log's checks
    tally = {}
    for t, _, cls_ in d.text:
        m = re.match(r"(\d+) passed, (\d+) failed, (\d+) disturbed, (\d+) other$", t)
        if m:
            for k, n in zip(("PASS", "FAIL", "DISTURBED", "other"), m.groups()):
                tally[k] = tally.get(k, 0) + int(n)
    for k in ("PASS", "FAIL", "DISTURBED"):
        if tally.get(k, 0) != sum(r["result"] == k for r in checks):
            bad.append("package tallies: %d %s, the log has %d"
                       % (tally.get(k, 0), k, sum(r["result"] == k for r in checks)))
    # a count row per package, kernel and event of the core counts
    pk = {(r["package"], r.get("kernel", ""), r["event"]) for r in recs
          if r.get("rec") == "count" and r.get("box", "core") == "core"}
    rows = sum(1 for t, a in d.elems if t == "tr" and "countpkg" in classes(a))
    if rows != len(pk):
        bad.append("%d per-package count rows, the log has %d" % (rows, len(pk)))
    return bad


def main():
    args = sys.argv[1:]
    dom_text, log = open(args[0], encoding="utf-8").read(), args[1]
    recs = [json.loads(l) for l in open(log, encoding="utf-8") if l.strip()]
    bad = []
    d = Dom()
    d.feed(dom_text)
    sim = any(r.get("simulated") for r in recs)

    checks = [r for r in recs if r.get("rec") == "check"]
    cpu_pkg = {r["cpu"]: r["package"] for r in recs if r.get("rec") == "cpu"}
    big = len(cpu_pkg) > 64
    if big:
        bad += check_big(d, recs, checks, cpu_pkg)
    chk = [a for t, a in d.elems if t == "div" and "chk" in classes(a)]
    fail_cells = [a for a in chk if "FAIL" in classes(a)]
    want_fail = sum(1 for r in checks if r["result"] == "FAIL")
    if not big and len(chk) != len(checks):
        bad.append("%d check elements, the log has %d checks" % (len(chk), len(checks)))
    if not big and len(fail_cells) != want_fail:
        bad.append("%d FAIL cells, the log has %d FAIL checks" % (len(fail_cells), want_fail))

    series = {(r.get("box", "core"), r["cpu"] if r.get("box", "core") == "core" else r["package"],
               r.get("ccx"), r["event"], r.get("kernel", "")) for r in recs
              if r.get("rec") == "count"
              and not (big and r.get("box", "core") == "core")}
    nrows = sum(1 for t, a in d.elems if t == "tr" and "count" in classes(a))
    if nrows != len(series):
        bad.append("%d count rows, the log has %d series" % (nrows, len(series)))

    if not big:
        bad += check_controls(dom_text, recs)

    nskew = sum(1 for r in recs if r.get("rec") == "skew")
    svgs = sum(1 for t, a in d.elems if t == "svg" and "skew" in classes(a))
    bars = sum(1 for t, a in d.elems if t == "rect" and "win" in classes(a))
    nwin = sum(1 for r in recs if r.get("rec") == "window" and "tsc_on" in r and "tsc_off" in r)
    if svgs != nskew or bars != nwin:
        bad.append("%d skew SVGs and %d bars, the log has %d skew and %d window records"
                   % (svgs, bars, nskew, nwin))

    # hand-off: a register marked for each value firmware left not zero
    def on(v):
        if isinstance(v, bool):
            return v
        if isinstance(v, list):
            return any(on(x[-1] if isinstance(x, list) else x) for x in v)
        if isinstance(v, str):
            try:
                return int(v, 0) != 0
            except ValueError:
                return True
        return v is not None and v != 0
    skip = {"rec", "schema", "simulated", "cpu", "box", "package"}
    regs = [a for t, a in d.elems if t == "span" and "reg" in classes(a)]
    got_on = sum(1 for a in regs if "on" in classes(a))
    handoffs = [r for r in recs if r.get("rec") == "handoff"]
    if big:   # the core hand-offs: one row per distinct content
        seen = set()
        unc = [r for r in handoffs if r.get("box") == "uncore"]
        for r in handoffs:
            key = json.dumps({k: v for k, v in r.items() if k not in skip})
            if r.get("box") != "uncore" and key not in seen:
                seen.add(key)
                unc.append(r)
        handoffs = unc
    want_on = sum(on(v) for r in handoffs for k, v in r.items() if k not in skip)
    want_regs = sum(1 for r in handoffs for k in r if k not in skip)
    if got_on != want_on or len(regs) != want_regs:
        bad.append("hand-off: %d of %d registers marked, the log has %d of %d not zero"
                   % (got_on, len(regs), want_on, want_regs))

    # each bar says where its CPU's window opened and closed, from the round's first opening
    want_bars = []
    for r in recs:
        if r.get("rec") == "skew":
            ws = [w for w in recs if w.get("rec") == "window" and w.get("round") == r["round"]
                  and "tsc_on" in w and "tsc_off" in w]
            lo = min((w["tsc_on"] for w in ws), default=0)
            want_bars += ["cpu %d: on +%d, off +%d ticks" % (w["cpu"], w["tsc_on"] - lo,
                                                             w["tsc_off"] - lo) for w in ws]
    if d.bar_titles != want_bars:
        bad.append("skew bars %s, the log's windows %s" % (d.bar_titles[:3], want_bars[:3]))

    sections = [a for t, a in d.elems if t == "section"]
    marks = sum(1 for t, a in d.elems if t == "p" and "sim" in classes(a))
    if not sections:
        bad.append("no section")
    if sim and marks != len(sections):
        bad.append("simulated log: %d sections, %d SIMULATED marks" % (len(sections), marks))
    if not sim and marks:
        bad.append("real log shown as simulated (%d marks)" % marks)
    if sim and not d.title.startswith("[SIMULATED]"):
        bad.append("simulated log, title %r" % d.title)

    # the machine: the capture's SMBIOS board, system and BIOS, or why the log has none
    body = "".join(t for t, _, _ in d.text)
    plat = [r for r in recs if r.get("rec") == "machine" and r.get("scope") == "platform"]
    sm = plat[-1].get("smbios") if plat else None
    if sm:
        want = ["%s %s" % (sm["board"]["manufacturer"], sm["board"]["product"]),
                "%s %s" % (sm["system"]["manufacturer"], sm["system"]["product"]),
                "BIOS %s %s (%s)" % (sm["bios"]["vendor"], sm["bios"]["version"],
                                     sm["bios"]["date"])]
    else:
        want = ["not in the log (%s)" % (plat[-1].get("smbios_why", "no SMBIOS in the capture")
                                         if plat else "no capture in the log (capture = off)")]
    for w in want:
        if w not in body:
            bad.append("machine section lacks %r" % w)

    # self-contained: nothing fetched, nothing linked
    for t, a in d.elems:
        if "src" in a or "href" in a or "url(" in a.get("style", ""):
            bad.append("<%s> refers to another file" % t)

    if "--compare" in args:
        out = open(args[args.index("--compare") + 1], encoding="utf-8").read().splitlines()
        # compare's row lines lie between the tolerance line and the tally line
        i = next(k for k, l in enumerate(out) if l.startswith("tolerance "))
        j = next(k for k, l in enumerate(out) if " counts compared: " in l)
        lines = [re.sub(r"\s+", " ", l.replace("[SIM] ", "")).strip() for l in out[i + 1:j]]
        rows = rows_of(dom_text, "diff")
        if len(rows) != len(lines):
            bad.append("%d diff rows, compare printed %d" % (len(rows), len(lines)))
        for row, line in zip(rows, lines):
            kind, what, base, new, chg, mark = row
            if not line.startswith(what if kind != "verdict" else "verdict:"):
                bad.append("diff row %r is not compare's %r" % (row, line))
            # compare names no base value for a missing series; the report shows it
            for tok in (base if kind != "missing" else "", new, chg):
                if tok and tok != "missing" and tok not in line:
                    bad.append("diff row %r: %r not in compare's %r" % (row, tok, line))
            if (mark == "REGRESSED") != line.endswith("REGRESSED") and kind != "moved":
                bad.append("diff row %r marked %r, compare says %r" % (row, mark, line))
            if kind == "moved" and not (line.endswith("MOVED") and mark == "MOVED"):
                bad.append("moved row %r against %r" % (row, line))

    if "--hostile" in args:
        tags = [t for t, a in d.elems]
        if "script" in tags or "img" in tags or "iframe" in tags:
            bad.append("hostile log: the DOM has a script, img or iframe element")
        for t, a in d.elems:
            for k in a:
                if k.lower().startswith("on"):
                    bad.append("hostile log: <%s %s=...> in the DOM" % (t, k))
        if "PWNED" in d.title or not d.title.startswith("[SIMULATED] efipmu run"):
            bad.append("hostile log: the title became %r" % d.title)
        body = "".join(t for t, tags_, _ in d.text)
        if "PWNED-BY-SCRIPT" in body:
            bad.append("hostile log: a script wrote into the page")
        for s in ("<script>", "onerror="):
            if s not in body:
                bad.append("hostile log: %r not shown as text" % s)

    for b in bad:
        print("  " + args[0] + ": " + b)
    sys.exit(1 if bad else 0)


main()
