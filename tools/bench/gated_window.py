#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause-Patent
"""Instructions of the engine's measured window, counted in the built binary.

Usage: gated_window.py [--kernels] EFIPMU_SO
Prints "BEFORE INSIDE AFTER" along efipmu_gated_empty's path without faults
(efi/gated.c: one window per kernel, the kernel's body inline):
  BEFORE  the first rdtsc up to and including the enabling wrmsr,
  INSIDE  strictly between the enabling and the disabling wrmsr: what the
          counters count besides the kernel's body (design: 2),
  AFTER   the disabling wrmsr up to the second rdtsc (not included).
BEFORE + INSIDE + AFTER is the window QEMU -icount measures between the two
rdtsc (lib/bench/job_icount.c); BEFORE + AFTER is its ENGINE_OUTSIDE.

It also proves, for every kernel_<name> with a window efipmu_gated_<name>,
that the code between efipmu_gate_on_<name> and efipmu_gate_off_<name> is the
host kernel's body (kernel_<name> up to its ret, %rcx renamed %r15, branches
to the same places) followed by INSIDE more instructions, none a branch or a
memory access, and that nothing there touches %rcx (the MSR the disabling
wrmsr takes from %ecx). So each window executes exactly body + INSIDE, and
INSIDE must be at most 2 (issue 13).
--kernels prints "NAME BODY EXTRA" per kernel (BODY: instructions laid out).
Exits 1 on any mismatch.
"""
import re
import subprocess
import sys

RCX = re.compile(r"%(rcx|ecx|cx|cl|ch)\b")


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


def is_branch(op):
    return op.startswith("j") or op in ("call", "ret", "loop")


def normal(op, arg, start, rename):
    """An instruction as text comparable between copies: branch targets relative to start."""
    if is_branch(op):
        target = int(arg.split()[0], 16)
        return "%s .%+d" % (op, target - start), target
    if rename:
        arg = arg.replace("%r15", "%rcx")
    return "%s %s" % (op, arg), None


def run_of(insn, nxt, a, stop):
    """Instructions from a up to (not including) the first for which stop(addr, op) holds."""
    out = []
    while not stop(a, insn[a][0]):
        out.append((a,) + insn[a])
        a = nxt[a]
    return out, a


def check_kernel(name, insn, nxt, sym, bad):
    """(body, extra) instruction counts of name's window; problems appended to bad."""
    host, _ = run_of(insn, nxt, sym["kernel_" + name], lambda a, op: op == "ret")
    on, off = sym["efipmu_gate_on_" + name], sym["efipmu_gate_off_" + name]
    if insn[on][0] != "wrmsr" or insn[off][0] != "wrmsr":
        bad.append("%s: no wrmsr at its window's labels" % name)
        return 0, 0
    inside, _ = run_of(insn, nxt, nxt[on], lambda a, op: a == off)
    start = nxt[on]
    end = inside[len(host)][0] if len(inside) > len(host) else off
    for i, (a, op, arg) in enumerate(inside):
        if RCX.search(arg):
            bad.append("%s: %s %s in the window touches rcx" % (name, op, arg))
        if i >= len(host):
            if is_branch(op) or "(" in arg:
                bad.append("%s: %s %s after the body: a branch or a memory access"
                           % (name, op, arg))
            continue
        got, target = normal(op, arg, start, True)
        want, _ = normal(host[i][1], host[i][2], sym["kernel_" + name], False)
        if got != want:
            bad.append("%s: window has %s where the host kernel has %s" % (name, got, want))
        if target is not None and not start <= target <= end:
            bad.append("%s: %s %s leaves the body" % (name, op, arg))
    if len(inside) < len(host):
        bad.append("%s: the window is shorter than the body" % name)
    return len(host), len(inside) - len(host)


def empty_path(insn, nxt, sym):
    """BEFORE, INSIDE, AFTER along efipmu_gated_empty without faults."""
    path, a = [], sym["efipmu_gated_empty"]
    while len(path) < 1000:
        op, arg = insn[a]
        path.append(op)
        if op == "ret":
            break
        if op == "jmp":
            a = int(arg.split()[0], 16)
        elif is_branch(op):
            sys.exit("gated_window: unexpected branch %s in efipmu_gated_empty" % op)
        else:
            a = nxt[a]
    tsc = [i for i, op in enumerate(path) if op == "rdtsc"]
    wr = [i for i, op in enumerate(path) if op == "wrmsr"]
    if len(tsc) != 2 or len(wr) != 2 or not tsc[0] < wr[0] < wr[1] < tsc[1]:
        sys.exit("gated_window: expected rdtsc, wrmsr, wrmsr, rdtsc in efipmu_gated_empty")
    return wr[0] + 1 - tsc[0], wr[1] - wr[0] - 1, tsc[1] - wr[1]


def main():
    args = [a for a in sys.argv[1:] if a != "--kernels"]
    insn, nxt, sym = disassemble(args[0])
    names = sorted(s[len("efipmu_gated_"):] for s in sym if s.startswith("efipmu_gated_"))
    bad = []
    # both made from lib/check/kernel_bodies.h's one list: a window without its kernel is a bug
    if "empty" not in names or any("kernel_" + n not in sym for n in names):
        bad.append("windows %s: not each with its host kernel, or no empty" % names)
    before, inside, after = empty_path(insn, nxt, sym)
    if inside > 2:
        bad.append("%d instructions besides the kernel: issue 13 allows at most 2" % inside)
    rows = []
    for name in names:
        body, extra = check_kernel(name, insn, nxt, sym, bad)
        rows.append("%s %d %d" % (name, body, extra))
        if extra != inside:
            bad.append("%s: %d besides the body, the empty window %d" % (name, extra, inside))
    print(before, inside, after)
    if "--kernels" in sys.argv:
        print("\n".join(rows))
    for b in bad:
        print("gated_window: " + b, file=sys.stderr)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
