#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause-Patent
"""The built-in profiles' CPUID tables, generated at build time from the dumps they cite
(issue 26 item 2): data/cpuid/*.txt, trimmed copies of real InstLatx64 dumps (made by
tools/trim_cpuid_dumps.py; each file's first line names its source), one logical CPU each.

    gen_cpuid_tables.py -o lib/model/model_cpuid_gen.h    # the tables (the Makefile's rule)
    gen_cpuid_tables.py --check                           # each table's dump is its processor

A dump is read as lib/model/cpuid_dump.c reads it (test_cpuid_dump checks the two agree on
every table, leaf for leaf): a CPU starts at its section header or at a leaf 0 after other
leaves; an "[SL xx]" tag names a subleaf; an untagged leaf that takes a subleaf (SDM vol. 2A,
CPUID, table 3-8) is repeated once per subleaf from 0, leaf 0xD once for subleaf 0, subleaf 1
(its EAX holds only feature bits 4:0) where listed, then each valid component of subleaf 0's
EDX:EAX from bit 2 up; any other untagged leaf answers every subleaf.
"""
import os
import re
import sys

DUMPS = 'data/cpuid'

# Leaves whose output depends on ECX (lib/model/cpuid_dump.c's subleaf_leaves, which cites
# the SDM); the generated tables are checked against that reader by test_cpuid_dump.
SUBLEAF_LEAVES = {0x4, 0x7, 0xB, 0xD, 0xF, 0x10, 0x12, 0x14, 0x17, 0x18, 0x1B, 0x1D, 0x1E,
                  0x1F, 0x20, 0x23, 0x24, 0x8000001D, 0x80000020, 0x80000026}
XSAVE_SUB1_FLAGS = 0x1F

ZEN_LEAVES = {0x0, 0x1, 0xA, 0xB, 0x80000000, 0x80000001, 0x80000002, 0x80000003, 0x80000004,
              0x80000008, 0x8000001D, 0x80000022}

# (table, dump, logical CPU in the dump's own numbering, leaves kept (None: all), why).
TABLES = [
    ('nehalem_ep', 'intel-06-1a-nehalem-ep.txt', 0, None,
     'Xeon X5550 engineering sample, 06-1A-2'),
    ('westmere_ep', 'intel-06-2c-westmere-ep.txt', 0, None,
     'Xeon X5667, 06-2C-1; leaf 0xA EBX 0x4: no reference-cycles event'),
    ('nehalem_ex', 'intel-06-2e-nehalem-ex.txt', 0, None,
     'Xeon E7520, 06-2E-5; EBX 0x44 of leaf 0xA: no architectural reference-cycles or '
     'branch-mispredicts event'),
    ('westmere_ex', 'intel-06-2f-westmere-ex.txt', 0, None, 'Xeon E7-4870, 06-2F-2'),
    ('sandy_bridge_ep', 'intel-06-2d-sandy-bridge-ep.txt', 0, None,
     '8-core Xeon E5 engineering sample, 06-2D-5. The dump lists leaf 0xD\'s valid '
     'components only: its second line is subleaf 2; subleaf 1 is absent'),
    ('skylake_sp', 'intel-06-55-skylake-sp.txt', 0, None,
     'Xeon Platinum 8180, 06-55-4; leaf 0xA 0x07300404: version 4, 4 GP counters (HT on) of '
     '48 bits, 3 fixed'),
    ('icelake_sp', 'intel-06-6a-ice-lake-sp.txt', 0, None,
     'Xeon Gold 6336Y, 06-6A-6; leaf 0xA 0x08300805 / ECX 0xF / EDX 0x8604: version 5, 8 GP, '
     'fixed 0-3 (TOPDOWN.SLOTS), AnyThread deprecated. The dump lists subleaves in order '
     'without their numbers'),
    ('sapphire_rapids', 'intel-06-8f-sapphire-rapids.txt', 0, None,
     'Xeon w7-2475X, 06-8F-8; leaf 0xA as Ice Lake-SP\'s; max leaf 0x20, so no leaf 0x23'),
    ('alder_lake_p', 'intel-06-97-alder-lake.txt', 0, None,
     'Core i9-12900K, 06-97-2: a P-core (leaf 0x1A 0x40: Golden Cove). Leaf 0xA reports 6 GP '
     'and fixed 0-2 on every core, the E-core\'s figures (the quirk adl-hybrid-pcore)'),
    ('alder_lake_e', 'intel-06-97-alder-lake.txt', 16, None,
     'an E-core (leaf 0x1A 0x20: Gracemont)'),
    ('emerald_rapids', 'intel-06-cf-emerald-rapids.txt', 0, None,
     'Xeon Gold 5520+, 06-CF-2; leaf 0xA as Sapphire Rapids\' (v5, 8 GP, fixed 0-3); max '
     'leaf 0x20, so no leaf 0x23'),
    ('meteor_lake_p', 'intel-06-aa-meteor-lake.txt', 0, None,
     'Core Ultra 7 155H, 06-AA-4: a P-core (leaf 0x1A 0x40000002: Redwood Cove, native model '
     '2); leaf 0x23 subleaf 1: 8 GP (0xFF), fixed 0-3 (0xF)'),
    ('meteor_lake_e', 'intel-06-aa-meteor-lake.txt', 2, None,
     'an E-core (0x20000002: Crestmont); leaf 0x23: 8 GP, fixed 0-2'),
    ('lunar_lake_p', 'intel-06-bd-lunar-lake.txt', 0, None,
     '06-BD-1: a P-core (leaf 0x1A 0x40000003: Lion Cove, native model 3); leaf 0x23 subleaf 0 '
     'EBX 3: UMASK2 and EQ; subleaf 1: 10 GP (0x3FF), fixed 0-3 (0xF)'),
    ('lunar_lake_e', 'intel-06-bd-lunar-lake.txt', 4, None,
     'an E-core (0x20000003: Skymont); 8 GP, fixed 0-2, 4-6 (0x77)'),
    ('panther_lake_p', 'intel-06-cc-panther-lake.txt', 0, None,
     'Core Ultra 7 355, 06-CC-3: a P-core (leaf 0x1A 0x40000004: Cougar Cove); leaf 0xA '
     '0x0D300806: version 6 (8 GP there, 10 (0x3FF) and fixed 0-3 in leaf 0x23 subleaf 1); '
     'leaf 0x23 subleaves 0, 1, 3, 4, 5 (subleaf 0 EAX 0x3B)'),
    ('panther_lake_e', 'intel-06-cc-panther-lake.txt', 4, None,
     'a low-power E-core (0x20000004: Darkmont); 8 GP, fixed 0-2, 4-6 (0x77); leaf 0x23 '
     'subleaves 0-5 (subleaf 0 EAX 0x3F: auto counter reload in subleaf 2)'),
    ('arrow_lake_h_p', 'intel-06-c5-arrow-lake-h.txt', 0, None,
     'Core Ultra 9 285H, 06-C5-2: a P-core (leaf 0x1A 0x40000003: Lion Cove); leaf 0xA '
     '0x07300805: version 5; leaf 0x23 subleaf 1: 10 GP (0x3FF), fixed 0-3 (0xF)'),
    ('arrow_lake_h_e', 'intel-06-c5-arrow-lake-h.txt', 2, None,
     'an E-core (0x20000003: Skymont); 8 GP, fixed 0-2, 4-6 (0x77), UMASK2 and EQ'),
    ('arrow_lake_h_lpe', 'intel-06-c5-arrow-lake-h.txt', 14, None,
     'a low-power E-core (0x20000002: Crestmont); 8 GP, fixed 0-2 (0x7); leaf 0x23 subleaf 0 '
     'EBX 0: no UMASK2 or EQ'),
    # AMD: what discovery and the model read: 0x80000008 (EBX[1]: IRPERF), 0x8000001D (the
    # caches; subleaf 3 the L3, threads sharing it in EAX[25:14]), 0x80000022 (PerfMonV2)
    ('zen2', 'amd-17-31-rome.txt', 0, ZEN_LEAVES,
     'EPYC 7402P, 17-31-0; max extended leaf 0x80000020: no PerfMonV2 leaf'),
    ('zen3', 'amd-19-01-milan.txt', 0, ZEN_LEAVES,
     'EPYC 7713, 19-01-1; leaf 0x80000022 all zeros: no PerfMonV2'),
    ('zen4', 'amd-19-11-genoa.txt', 0, ZEN_LEAVES,
     'EPYC 9124, 19-11-1; 0x80000022 EAX[0] PerfMonV2, EBX[3:0] 6 counters'),
]

CPUID = re.compile(r'CPUID ([0-9A-Fa-f]{8}):?[ \t]+([0-9A-Fa-f]{8})-([0-9A-Fa-f]{8})-'
                   r'([0-9A-Fa-f]{8})-([0-9A-Fa-f]{8})(?=[ \t\r]|$)(.*)')
SECTION = re.compile(r'------\[ (?:CPUID Registers / )?Logical CPU #(\d+) \]')
AFFMASK = re.compile(r'CPU#(\d+) ')
TAG = re.compile(r'\[SL ([0-9A-Fa-f]{1,8})\]')


def untagged_sub(rows, leaf, eax):
    """The subleaf of an untagged line of a leaf that takes one (rows: the CPU's so far)."""
    same = [r for r in rows if r[0] == leaf]
    if leaf != 0xD or not same:
        return len(same)
    if len(same) == 1 and eax <= XSAVE_SUB1_FLAGS:
        return 1
    sub0 = next(r for r in same if r[1] == 0)
    comps = sub0[3][3] << 32 | sub0[3][0]
    k = len(same) - 1 - (1 if any(r[1] == 1 for r in same) else 0)
    bits = [b for b in range(2, 64) if comps >> b & 1]
    if k >= len(bits):
        raise ValueError('leaf 0xD line beyond the components its subleaf 0 lists')
    return bits[k]


def read_dump(path):
    """{CPU number: [(leaf, subleaf, any_sub, (eax, ebx, ecx, edx))...]} in the dump's order."""
    cpus, cur, number, numbered = {}, None, -1, None
    for lineno, line in enumerate(open(path, newline=''), 1):
        m = SECTION.match(line) or AFFMASK.match(line)
        if m:
            numbered, cur = int(m[1]), None
            continue
        if line.startswith('------['):
            cur = None
            continue
        m = CPUID.match(line)
        if not m:
            continue
        leaf = int(m[1], 16)
        if cur is None or (leaf == 0 and cur):
            number = numbered if numbered is not None else number + 1
            numbered, cur = None, []
            cpus[number] = cur
        regs = tuple(int(m[i], 16) for i in range(2, 6))
        t = TAG.search(m[6])
        any_sub = not t and leaf not in SUBLEAF_LEAVES
        try:
            sub = int(t[1], 16) if t else 0 if any_sub else untagged_sub(cur, leaf, regs[0])
        except ValueError as e:
            sys.exit('%s:%d: %s' % (path, lineno, e))
        if any(r[0] == leaf and (r[2] or any_sub or r[1] == sub) for r in cur):
            sys.exit('%s:%d: a leaf and subleaf listed twice' % (path, lineno))
        cur.append((leaf, sub, any_sub, regs))
    return cpus


def table_rows(name, dump, cpu, keep):
    cpus = read_dump(os.path.join(DUMPS, dump))
    if cpu not in cpus:
        sys.exit('%s: %s has no logical CPU #%d' % (name, dump, cpu))
    return [r for r in cpus[cpu] if keep is None or r[0] in keep]


def wrap(text, width=92):
    words, lines, cur = text.split(), [], ''
    for w in words:
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = cur + ' ' + w if cur else w
    return lines + [cur]


def generate():
    out = ['/* SPDX-License-Identifier: BSD-2-Clause-Patent */',
           '/* Generated by tools/gen_cpuid_tables.py from data/cpuid/: do not edit. */',
           '#ifndef EFIPMU_MODEL_CPUID_GEN_H', '#define EFIPMU_MODEL_CPUID_GEN_H', '',
           '#include "model/model.h"', '',
           '/* A leaf that answers every subleaf, one subleaf of a leaf, a table of either. */',
           '#define LEAF(l, a, b, c, d) { (l), 0, true, (a), (b), (c), (d) }',
           '#define SUB(l, s, a, b, c, d) { (l), (s), false, (a), (b), (c), (d) }',
           '#define TABLE(src, l) { (src), (l), sizeof(l) / sizeof((l)[0]) }', '']
    for name, dump, cpu, keep, why in TABLES:
        rows = table_rows(name, dump, cpu, keep)
        note = '%s, logical CPU #%d: %s%s.' % (dump, cpu, why, '' if keep is None else
                                               '; leaves %s' % ' '.join(
                                                   '%X' % k for k in sorted(keep)))
        out.append('/*')
        out += [' * ' + l for l in wrap(note)]
        out.append(' */')
        out.append('static const struct model_cpuid_leaf %s[] = {' % name)
        for leaf, sub, any_sub, r in rows:
            regs = ', '.join('0x%08X' % v for v in r)
            if any_sub:
                out.append('\tLEAF(0x%X, %s),' % (leaf, regs))
            else:
                out.append('\tSUB(0x%X, %d, %s),' % (leaf, sub, regs))
        out.append('};')
        out.append('const struct model_cpuid_table model_cpuid_%s =' % name)
        out.append('\tTABLE("%s", %s);' % (dump, name))
        out.append('')
    out.append('#endif')
    return '\n'.join(out) + '\n'


def check():
    """Each table's leaf 1 is the family and model its dump's name gives (a wrong file or CPU)."""
    bad = 0
    for name, dump, cpu, keep, _ in TABLES:
        m = re.match(r'(?:intel|amd)-([0-9a-f]{2})-([0-9a-f]{2})-', dump)
        rows = {r[0]: r[3] for r in table_rows(name, dump, cpu, keep) if r[2]}
        eax = rows.get(1, (0,))[0]
        fam = (eax >> 8 & 0xF) + (eax >> 20 & 0xFF if (eax >> 8 & 0xF) == 0xF else 0)
        model = (eax >> 4 & 0xF) | (eax >> 16 & 0xF) << 4
        if not m or (fam, model) != (int(m[1], 16), int(m[2], 16)):
            print('%s: leaf 1 EAX 0x%08X is %02x_%02x, not the processor %s names'
                  % (name, eax, fam, model, dump))
            bad += 1
    return bad


def main():
    args = sys.argv[1:]
    if args == ['--check']:
        sys.exit(1 if check() else 0)
    if len(args) != 2 or args[0] != '-o':
        sys.exit('usage: gen_cpuid_tables.py -o FILE | --check')
    text = generate()
    tmp = args[1] + '.tmp'
    with open(tmp, 'w') as f:
        f.write(text)
    os.replace(tmp, args[1])


main()
