#!/usr/bin/env python3
"""The model's reading of the kernels, made at build time from the code that runs.

Compiles lib/check/kernels.c (whose host kernels are the bodies of kernel_bodies.h
as top-level asm, the same text the real backend's windows inline), disassembles
every kernel_<name> with objdump and writes lib/model/sim_kernels_gen.h: one
letter per instruction executed (legend in lib/model/sim_kernels.h), split into
what runs before the loop, once per iteration and after it. Changing a body's
asm changes the model's counts; the claim table (kernels.c) is never read.

The control flow is worked out from the instructions themselves: the one
backward conditional branch closes the loop, a forward branch before it past the
loop is the guard, and inside the loop a branch on a bit no one can predict
(`test $imm` of a register that is not the count) splits the iteration into two
paths that must execute the same instructions but for the branches' outcomes.
Whatever the generator has no rule for fails the build, naming the instruction,
rather than being guessed.

usage: gen_sim_kernels.py -o OUT [--cc CC] [--objdump OBJDUMP]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)

# Instructions that neither touch memory nor change control flow, beyond the
# arithmetic and moves recognised by their operands.
NO_MEMORY = ('lea', 'nop', 'pause', 'sfence', 'lfence', 'mfence')
# What sets the flags the loop's branches read (Intel SDM Vol. 2, each
# instruction's "Flags Affected"); the loop body's other arithmetic sets them too,
# but no branch may read those.
FLAG_WRITERS = ('add', 'sub', 'xor', 'and', 'or', 'shl', 'shr', 'sar', 'cmp', 'test',
                'inc', 'dec', 'neg', 'adc', 'sbb', 'imul')
ZF_BRANCHES = {'je': True, 'jz': True, 'jne': False, 'jnz': False}  # taken when ZF is this


class GenError(Exception):
    pass


def kernel_names():
    """The kernels in KERNEL_BODIES(X)'s order: the list both builds of them come from."""
    with open(os.path.join(TOP, 'lib', 'check', 'kernel_bodies.h')) as f:
        text = f.read()
    m = re.search(r'#define KERNEL_BODIES\(X\)(.*?)\n\n', text, re.S)
    names = re.findall(r'X\((\w+), KERNEL_BODY_\w+\)', m.group(1)) if m else []
    if not names:
        raise GenError('no KERNEL_BODIES(X) list in lib/check/kernel_bodies.h')
    return names


def disassemble(cc, objdump):
    with tempfile.TemporaryDirectory() as tmp:
        obj = os.path.join(tmp, 'kernels.o')
        subprocess.run([cc, '-std=c11', '-O2', '-I', os.path.join(TOP, 'lib'), '-c',
                        os.path.join(TOP, 'lib', 'check', 'kernels.c'), '-o', obj],
                       check=True)
        out = subprocess.run([objdump, '-d', '--no-show-raw-insn', '-M', 'att', obj],
                             check=True, capture_output=True, text=True).stdout
    kernels, cur = [], None
    for line in out.splitlines():
        m = re.match(r'^[0-9a-f]+ <kernel_(\w+)>:$', line)
        if m:
            cur = (m.group(1), [])
            kernels.append(cur)
            continue
        m = re.match(r'^\s+([0-9a-f]+):\s+(.*?)\s*$', line)
        if cur and m:
            text = re.sub(r'\s+(#.*|<[^>]*>)$', '', m.group(2))
            cur[1].append((int(m.group(1), 16), text))
        elif not line.strip():
            cur = None
    return kernels


def split(text):
    """mnemonic (with a lock prefix folded in) and operand list of one AT&T line."""
    parts = text.split(None, 1)
    mnem, ops = parts[0], parts[1] if len(parts) > 1 else ''
    if mnem == 'lock':
        inner = ops.split(None, 1)
        mnem, ops = 'lock ' + inner[0], inner[1] if len(inner) > 1 else ''
    operands = [o.strip() for o in re.split(r',(?![^(]*\))', ops)] if ops else []
    return mnem, operands


def letter(mnem, operands, where):
    """The letter of a non-branch instruction."""
    mem = [i for i, o in enumerate(operands) if '(' in o]
    base = mnem.split()[-1]
    if mnem.startswith('lock '):
        if mem == [len(operands) - 1]:
            return 'x'   # a locked read-modify-write: one load and one store
        raise GenError(f'{where}: no rule for locked "{mnem}"')
    if base.startswith('movnti'):
        return 'n'
    if base.startswith(NO_MEMORY) or not mem:
        return 'a'
    if len(operands) >= 2 and mem == [0] and not base.startswith(('push', 'pop', 'cmps',
                                                                  'movs', 'stos')):
        return 'l'   # a memory source, register destination: one load
    raise GenError(f'{where}: no rule for "{mnem} {",".join(operands)}"')


def describe(name, insns):
    # The host kernel is the body, then ret (alignment padding may follow it).
    rets = [i for i, (a, t) in enumerate(insns) if split(t)[0] in ('ret', 'retq')]
    if not rets:
        raise GenError(f'kernel_{name}: no ret')
    insns = insns[:rets[0]]
    decoded = [(a, *split(t)) for a, t in insns]
    for a, m, ops in decoded:
        if m.startswith(('jmp', 'call', 'ret', 'loop', 'j')) and m not in ZF_BRANCHES:
            raise GenError(f'kernel_{name}+{a:#x}: no rule for "{m}"')
    back = [i for i, (a, m, ops) in enumerate(decoded)
            if m in ZF_BRANCHES and int(ops[0], 16) <= a]
    if not decoded:
        return '', '', ''
    if len(back) != 1:
        raise GenError(f'kernel_{name}: {len(back)} backward branches, the model knows one loop')
    end = back[0]
    top_addr = int(decoded[end][2][0], 16)
    top = next((i for i, d in enumerate(decoded) if d[0] == top_addr), None)
    if top is None:
        raise GenError(f'kernel_{name}: the loop starts inside an instruction')
    dec = decoded[end - 1]
    if dec[1] != 'dec' or ZF_BRANCHES[decoded[end][1]]:
        raise GenError(f'kernel_{name}: the loop does not close with dec; jnz')
    counter = dec[2][0]
    after = decoded[end + 1][0] if end + 1 < len(decoded) else None
    exit_addr = after if after is not None else insns[-1][0] + 1
    entry = guard_block(name, decoded[:top], counter, decoded[end][0], exit_addr)
    body = loop_body(name, decoded, top, end, counter)
    tail = ''.join(letter(m, ops, f'kernel_{name}+{a:#x}') for a, m, ops in decoded[end + 1:])
    return entry, body, tail


def guard_block(name, block, counter, back_addr, exit_addr):
    """Before the loop: straight code and the guard `test C,C; jz past the loop`."""
    out = []
    for i, (a, m, ops) in enumerate(block):
        if m in ZF_BRANCHES:
            target = int(ops[0], 16)
            prev = block[i - 1] if i else None
            if not (ZF_BRANCHES[m] and target > back_addr and prev and prev[1] == 'test'
                    and prev[2] == [counter, counter]):
                raise GenError(f'kernel_{name}+{a:#x}: a branch before the loop that is not '
                               f'the guard "test {counter},{counter}; jz" past it')
            out.append('j')   # not taken: the model runs a loop only for iterations >= 1
        else:
            out.append(letter(m, ops, f'kernel_{name}+{a:#x}'))
    return ''.join(out)


def loop_body(name, decoded, top, end, counter):
    """One iteration, walked along every path a random bit can take."""
    index = {d[0]: i for i, d in enumerate(decoded)}
    paths = []

    def walk(i, flags, letters, outcome):
        while i <= end:
            a, m, ops = decoded[i]
            where = f'kernel_{name}+{a:#x}'
            if i == end:
                paths.append((letters + ['b'], outcome))
                return
            if m in ZF_BRANCHES:
                target = int(ops[0], 16)
                if target not in index or not (decoded[top][0] <= target <= decoded[end][0]):
                    raise GenError(f'{where}: a branch out of the loop\'s middle')
                if flags == 'random':
                    walk(index[target], ('zf', ZF_BRANCHES[m]), letters + ['r'], [True])
                    walk(i + 1, ('zf', not ZF_BRANCHES[m]), letters + ['r'], [False])
                    return
                if not isinstance(flags, tuple):
                    raise GenError(f'{where}: a branch on flags the model cannot know')
                taken = flags[1] == ZF_BRANCHES[m]
                letters, outcome = letters + [('T' if taken else 'N')], outcome + [taken]
                if taken:
                    i = index[target]
                    continue
            else:
                letters = letters + [letter(m, ops, where)]
                if m.startswith('test') and ops[0].startswith('$') and ops[1] != counter:
                    flags = 'random'   # a bit of data only the run knows: half the time
                elif m.split()[-1].startswith(FLAG_WRITERS):
                    flags = 'other'
            i += 1
        raise GenError(f'kernel_{name}: a path leaves the loop without its back edge')

    walk(top, 'other', [], [])
    if len(paths) == 1:
        if any(c in 'TN' for c in paths[0][0]):
            raise GenError(f'kernel_{name}: a branch inside the loop with a fixed outcome')
        return ''.join(paths[0][0])
    a, b = paths
    if len(paths) != 2 or len(a[0]) != len(b[0]):
        raise GenError(f'kernel_{name}: the paths of an iteration differ in length')
    body = []
    for x, y in zip(a[0], b[0]):
        if x == y and x not in 'TN':
            body.append(x)
        elif {x, y} == {'T', 'N'}:
            body.append('c')
        else:
            raise GenError(f'kernel_{name}: the paths of an iteration differ ({x} / {y})')
    # Each path takes exactly one branch of the pair r, c: what the letter c promises.
    for letters, outcome in paths:
        if outcome.count(True) != 1 or body.count('r') != 1 or body.count('c') != 1:
            raise GenError(f'kernel_{name}: the random branch and its partner do not take '
                           'exactly one branch per iteration')
    return ''.join(body)


def render(kernels):
    lines = ['/* Generated by tools/gen_sim_kernels.py from the disassembly of lib/check/kernels.c',
             ' * (kernel_bodies.h): do not edit. Legend: sim_kernels.h. */',
             '#define SIM_KERNEL_CODES \\']
    rows = [f'\t{{ "{name}", "{entry}", "{body}", "{tail}" }},'
            for name, (entry, body, tail) in kernels]
    lines += [r + ' \\' for r in rows[:-1]] + rows[-1:] + ['']
    return '\n'.join(lines)


def main():
    p = argparse.ArgumentParser()
    p.add_argument('-o', required=True)
    p.add_argument('--cc', default=os.environ.get('CC_GEN', 'gcc'))
    p.add_argument('--objdump', default='objdump')
    args = p.parse_args()
    try:
        code = dict(disassemble(args.cc, args.objdump))
        names = kernel_names()
        missing = [n for n in names if n not in code]
        if missing:
            raise GenError(f'kernel_{missing[0]} is not in the disassembly')
        kernels = [(n, describe(n, code[n])) for n in names]
    except (GenError, subprocess.CalledProcessError) as e:
        sys.exit(f'gen_sim_kernels: {e}')
    text = render(kernels)
    tmp = f'{args.o}.{os.getpid()}.tmp'   # two builds at once each replace it whole
    with open(tmp, 'w') as f:
        f.write(text)
    os.replace(tmp, args.o)


if __name__ == '__main__':
    main()
