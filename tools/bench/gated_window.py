#!/usr/bin/env python3
"""Instructions of the engine's measured window, counted in the built binary.

Usage: gated_window.py EFIPMU_SO
Prints "BEFORE INSIDE AFTER": along efipmu_asm_gated_run's path without faults,
with kernel_empty as the kernel (call *%r15),
  BEFORE  the first rdtsc up to and including the enabling wrmsr,
  INSIDE  strictly between the enabling and the disabling wrmsr: what the
          counters count besides the kernel's body (design: kernel + 4),
  AFTER   the disabling wrmsr up to the second rdtsc (not included).
BEFORE + INSIDE + AFTER is the window QEMU -icount measures between the two
rdtsc (efi/icount.c); BEFORE + AFTER is its ENGINE_OUTSIDE.
"""
import re
import subprocess
import sys


def disassemble(so):
    out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", so], check=True,
                         capture_output=True, text=True).stdout
    insn, order, sym = {}, [], {}
    for line in out.splitlines():
        m = re.match(r"^([0-9a-f]+) <([^>]+)>:", line)
        if m:
            sym[m.group(2)] = int(m.group(1), 16)
            continue
        m = re.match(r"^\s+([0-9a-f]+):\s+(\S+)\s*(.*)$", line)
        if m:
            insn[int(m.group(1), 16)] = (m.group(2), m.group(3))
            order.append(int(m.group(1), 16))
    return insn, dict(zip(order, order[1:])), sym


def main():
    insn, nxt, sym = disassemble(sys.argv[1])
    # the path as a list of opcodes: calls run kernel_empty to its ret, jmp goes to its target
    path, a = [], sym["efipmu_asm_gated_run"]
    while len(path) < 1000:
        op, arg = insn[a]
        path.append(op)
        if op == "call":
            k = sym["kernel_empty"]
            while True:
                path.append(insn[k][0])
                if insn[k][0] == "ret":
                    break
                k = nxt[k]
        elif op == "ret":
            break
        if op == "jmp":
            a = int(arg.split()[0], 16)
        elif op.startswith("j"):
            sys.exit("gated_window: unexpected branch " + op)
        else:
            a = nxt[a]
    tsc = [i for i, op in enumerate(path) if op == "rdtsc"]
    wr = [i for i, op in enumerate(path) if op == "wrmsr"]
    if len(tsc) != 2 or len(wr) != 2 or not tsc[0] < wr[0] < wr[1] < tsc[1]:
        sys.exit("gated_window: expected rdtsc, wrmsr, wrmsr, rdtsc in efipmu_asm_gated_run")
    print(wr[0] + 1 - tsc[0], wr[1] - wr[0] - 1, tsc[1] - wr[1])


if __name__ == "__main__":
    main()
