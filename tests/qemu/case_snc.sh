#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause-Patent
# Sub-NUMA clusters on the real backend, from the SRAT OVMF builds from QEMU's -numa nodes
# (ACPI 6.5 5.2.16; QEMU's hw/i386/acpi-build.c lists a Processor Local APIC Affinity
# structure a CPU): 2 sockets of 2 cores, each core its own node, so each package's CPUs
# are in 2 proximity domains and the app names them SNC-2, by CPUs (Sandy Bridge-EP has no
# published box rule), one line for both packages; the capture keeps the table's bytes.
# Without -numa OVMF publishes no SRAT: one line says so. Both stay NO-PMU, as under TCG.
source "$(dirname "$0")/lib.sh"
FAILED=0
NUMA='-object memory-backend-ram,id=m0,size=128M -object memory-backend-ram,id=m1,size=128M'
NUMA+=' -object memory-backend-ram,id=m2,size=128M -object memory-backend-ram,id=m3,size=128M'
for n in 0 1 2 3; do NUMA+=" -numa node,nodeid=$n,cpus=$n,memdev=m$n"; done
QEMU_EXTRA="$NUMA" SMP=4,sockets=2,cores=2 CPU=SandyBridge,model=45 boot_case snc_numa 'qemu-exit\n'
expect_rc 7
expect_console 'VERDICT: NO-PMU - 4 CPUs, 0 with a core PMU'
expect_console "^P0-1: SNC-2: domains 0-1 / 2-3; P0's clusters: CPUs 0 \| 1; which CHAs and iMCs serve each is not published for this part$"
expect_no_console '^SRAT: '
expect_no_console '^no SRAT'
expect_log --cpus 4 --verdict NO-PMU --not-simulated --backend real
python3 - "$LOG" <<'PY' || fail "the snc records or the capture's SRAT are not as expected"
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
snc = [r for r in recs if r["rec"] == "snc"]
assert [(r["package"], r["clusters"], r["alike"]) for r in snc] == [(0, 2, True), (1, 2, True)], snc
assert [[(d["domain"], d["cpus"]) for d in r["domains"]] for r in snc] == \
    [[(0, "0"), (1, "1")], [(2, "2"), (3, "3")]], snc
srat = [r for r in recs if r["rec"] == "machine" and r["scope"] == "srat"]
b = bytes.fromhex("".join(r["bytes"] for r in srat))
assert b[:4] == b"SRAT" and int.from_bytes(b[4:8], "little") == len(b) and sum(b) % 256 == 0, b[:16]
PY

SMP=2 CPU=SandyBridge,model=45 boot_case snc_none 'qemu-exit\n'
expect_rc 7
expect_console 'VERDICT: NO-PMU - 2 CPUs, 0 with a core PMU'
expect_console '^no SRAT: one NUMA domain per package assumed$'
expect_no_console 'SNC-'
grep -q '"rec":"snc"\|"scope":"srat"' "$LOG" && fail "snc or srat records without an SRAT"
exit $FAILED
