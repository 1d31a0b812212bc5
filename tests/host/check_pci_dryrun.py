#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause-Patent
"""The done-when of issue 24, read from `efipmu-host dry-run --profile sandy-bridge-ep
UNC_M_CAS_COUNT.RD` apart from the expected text: the counter control of iMC channel 0
(device 0x3CB0, at 0000:7f:10.4 on the model, offset 0xD8) is written 0x00400304 while its
box control (0xF4) holds the freeze bit (8), the counter (0xA0) is read as two dwords
high-low-high, and every configuration register written ends holding the value it was read
with before the first write. Exit 0 or one line naming what is wrong."""
import re
import sys

FRZ = 1 << 8
BOX, CTL, CTR_LO, CTR_HI = 0xF4, 0xD8, 0xA0, 0xA4
FN = "pci 0000:7f:10.4+"

lines = sys.stdin.read().splitlines()
acc = []   # (op, offset, value) in order
for l in lines:
    m = re.match(r"\s+(?:\d+ write|read )\s+(pci \S+)\s.*= (0x[0-9a-f]+)", l)
    if not m:
        continue
    reg, val = m.group(1), int(m.group(2), 16)
    if not reg.startswith(FN):
        sys.exit(f"access outside iMC channel 0: {l.strip()}")
    acc.append(("w" if "write" in l else "r", int(reg[len(FN):], 16), val))

first = {}
state = {}
ctl_written = False
for op, off, val in acc:
    if op == "r":
        first.setdefault(off, val)
        continue
    if off == CTL and val == 0x00400304:
        if not state.get(BOX, 0) & FRZ:
            sys.exit("the counter control was written while the box was not frozen")
        ctl_written = True
    state[off] = val
if not ctl_written:
    sys.exit("no write of 0x00400304 to offset 0xd8")
reads = [o for op, o, _ in acc if op == "r" and o in (CTR_LO, CTR_HI)]
text = "".join("H" if o == CTR_HI else "L" for o in reads)
if "HLHHLH" not in text:
    sys.exit(f"the counter is not read high-low-high twice (read order {text})")
for off, val in state.items():
    if off not in first:
        sys.exit(f"offset {off:#x} written but never read before: cannot be restored")
    if val != first[off]:
        sys.exit(f"offset {off:#x} left {val:#x}, found {first[off]:#x}")
if not any("start" in l for l in lines) or state.get(BOX) is None:
    sys.exit("no start phase or no box control write")
print(f"ok: {len([a for a in acc if a[0] == 'w'])} writes, {len(state)} registers restored")
