#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause-Patent
"""Makes data/cpuid/ from real InstLatx64 dumps (github.com/InstLatx64/InstLatx64: a
directory of them with a SOURCE.md naming each one's path, commit and blob; run by hand,
never at build or test time): for each dump, a few logical CPUs (the first two, and the
first two of every other hybrid core type) with the leaves discovery reads, and those a
built-in profile's CPUID table is generated from (tools/gen_cpuid_tables.py), lines kept
byte for byte in the dump's own layout, after one header line naming the source.

usage: tools/trim_cpuid_dumps.py SRC_DIR [DST_DIR]
"""
import os
import re
import sys

if len(sys.argv) < 2:
    sys.exit(__doc__.strip().splitlines()[-1])
SRC = sys.argv[1]
DST = sys.argv[2] if len(sys.argv) > 2 else 'data/cpuid'

# Leaves discovery reads (cpuinfo.c, cpuid_pmu.c) and a few whose layout the parser must
# get right (repeated subleaves of 4, 0xB, 0xD); the maximum basic and extended leaves
# are kept too, as CPUID answers with the former past the maxima.
KEEP = {0x0, 0x1, 0x4, 0xA, 0xB, 0xD, 0x1A, 0x23,
        0x80000000, 0x80000001, 0x80000002, 0x80000003, 0x80000004, 0x80000022, 0x8FFFFFFF}
# The further leaves a built-in profile answers (tools/gen_cpuid_tables.py): the older Intel
# profiles every leaf of CPU #0 up to the maxima, the Zen ones IRPERF's 0x80000008 and the
# cache leaf 0x8000001D.
OLD_INTEL = {0x2, 0x3, 0x5, 0x6, 0x7, 0x8, 0x9, 0xC, 0x80000005, 0x80000006, 0x80000007,
             0x80000008}
ZEN = {0x80000008, 0x8000001D}
MORE = {'intel-06-1a-nehalem-ep.txt': OLD_INTEL, 'intel-06-2c-westmere-ep.txt': OLD_INTEL,
        'intel-06-2e-nehalem-ex.txt': OLD_INTEL, 'intel-06-2f-westmere-ex.txt': OLD_INTEL,
        'intel-06-2d-sandy-bridge-ep.txt': OLD_INTEL, 'amd-17-31-rome.txt': ZEN,
        'amd-19-01-milan.txt': ZEN, 'amd-19-11-genoa.txt': ZEN}
# CPUs to keep where the default misses a layout detail (nehalem-ex: CPU 4 follows
# CPU 3 without a blank line) or a third kind of core (Arrow Lake-H's low-power Crestmont
# E-cores, CPUs 14-15: the same core type as its Skymont E-cores, other counters).
EXTRA = {'intel-06-2e-nehalem-ex.txt': [3, 4], 'intel-06-c5-arrow-lake-h.txt': [14, 15]}

CPUID = re.compile(r'CPUID ([0-9A-Fa-f]{8}):?[ \t]+([0-9A-F]{8})-[0-9A-F]{8}')
CPU_SECTION = re.compile(r'------\[ (CPUID Registers / )?Logical CPU #\d+ \]')


def origin(name):
    """Original path, commit and blob of name from SOURCE.md's tables."""
    for line in open(os.path.join(SRC, 'SOURCE.md')):
        cells = [c.strip(' `') for c in line.split('|')]
        if len(cells) > 4 and cells[1] == name and '/' in cells[2]:
            return cells[2], cells[3], cells[4]
    raise SystemExit('%s: not in SOURCE.md' % name)


def blocks(lines):
    """(start, end) line ranges of each CPU's block, as cpuid_dump.c splits them."""
    out, start, has_leaf = [], None, False
    for i, l in enumerate(lines):
        if CPU_SECTION.match(l) or l.startswith('CPU#'):
            if start is not None:
                out.append((start, i))
            start, has_leaf = i, False
        elif l.startswith('------['):
            if start is not None:
                out.append((start, i))
            start = None
        else:
            m = CPUID.match(l)
            if not m:
                continue
            if start is None or (int(m[1], 16) == 0 and has_leaf):
                if start is not None:
                    out.append((start, i))
                start = i
            has_leaf = True
    if start is not None:
        out.append((start, len(lines)))
    return out


def core_type(lines, b):
    for l in lines[b[0]:b[1]]:
        m = CPUID.match(l)
        if m and int(m[1], 16) == 0x1A:
            return int(m[2], 16) >> 24
    return 0


def trim(name):
    text = open(os.path.join(SRC, name), newline='').read()
    lines = text.split('\n')
    bl = blocks(lines)
    chosen, per_type = [], {}
    for i, b in enumerate(bl):
        t = core_type(lines, b)
        if per_type.get(t, 0) < 2:
            per_type[t] = per_type.get(t, 0) + 1
            chosen.append(i)
    chosen = sorted(set(chosen + EXTRA.get(name, [])))
    path, commit, blob = origin(name)
    keep = KEEP | MORE.get(name, set())
    out = ['# efipmu test data: logical CPUs %s (dump order), leaves %s only, of '
           'InstLatx64 %s (github.com/InstLatx64/InstLatx64 commit %s, blob %s)'
           % (','.join(map(str, chosen)), ' '.join('%X' % k for k in sorted(keep)),
              path, commit[:12], blob[:12])]
    for i in chosen:
        s, e = bl[i]
        for l in lines[s:e]:
            m = CPUID.match(l)
            if m is None and (l.startswith('CPUID') or l.startswith('MSR')):
                continue
            if m and int(m[1], 16) not in keep and not is_max(lines[s:e], int(m[1], 16)):
                continue
            if m is None and l.strip() and not (CPU_SECTION.match(l) or l.startswith('CPU#')
                                                or l.startswith('allcpu:')):
                continue
            out.append(l)
    # A section that is not a CPU's ends the last one: keep one, as the dump has it.
    tail = [i for i in range(bl[-1][0], len(lines))
            if lines[i].startswith('------[') and not CPU_SECTION.match(lines[i])]
    if tail:
        out += lines[tail[0] - 1:tail[0] + 4]
    while len(out) > 1 and not out[-1].strip():
        out.pop()
    if '\r\n' in text:
        out[0] += '\r'
    with open(os.path.join(DST, name), 'w', newline='') as f:
        f.write('\n'.join(out) + '\n')


def is_max(block, leaf):
    for l in block:
        m = CPUID.match(l)
        if m and int(m[1], 16) in (0, 0x80000000) and int(m[2], 16) == leaf:
            return True
    return False


for n in sorted(os.listdir(SRC)):
    if n.endswith('.txt'):
        trim(n)
