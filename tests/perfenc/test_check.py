#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause-Patent
"""The runner's checks on hand-written dry-run output: what must match, what must not.
Run by scripts/suite-perfenc.sh before the lists (stdlib unittest)."""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import encode  # noqa: E402
import run  # noqa: E402

OFFCORE_A = {"EventName": "OC.A", "EventCode": "0xB7, 0xBB", "UMask": "0x01",
             "Counter": "0,1,2,3", "MSRIndex": "0x1a6,0x1a7", "MSRValue": "0x10001",
             "Offcore": "1"}
OFFCORE_B = dict(OFFCORE_A, EventName="OC.B", MSRValue="0x20001")


def block(counters, writes, head="on the reference model x"):
    lines = [f"dry run of SPEC {head}", "core engine:"]
    lines += [f"  {name:<28} pmc{i}    control {0x186 + i:#x}, counter {0xc1 + i:#x}"
              for name, i in counters]
    lines.append("  program (2 reads):")
    lines += [f"    {n + 1:2} wrmsr {m:#x}  X = {v:#x}" for n, (m, v) in enumerate(writes)]
    lines += ["  start:", f"    99 wrmsr 0x38f  IA32_PERF_GLOBAL_CTRL = {0xf:#x}"]
    return run.parse_blocks("\n".join(lines))["SPEC"]


class Checks(unittest.TestCase):
    def pair(self, writes):
        a, b = encode.core_expect(OFFCORE_A, "JKT"), encode.core_expect(OFFCORE_B, "JKT")
        return run.check_run([a, b], block([("OC.A", 0), ("OC.B", 1)], writes))

    def test_pair_on_both_response_msrs_matches(self):
        got = self.pair([(0x1A6, 0x10001), (0x186, 0x4301B7), (0x1A7, 0x20001),
                         (0x187, 0x4301BB)])
        self.assertEqual(got, ("match", ""))

    def test_pair_swapped_msrs_matches(self):
        got = self.pair([(0x1A7, 0x10001), (0x186, 0x4301BB), (0x1A6, 0x20001),
                         (0x187, 0x4301B7)])
        self.assertEqual(got, ("match", ""))

    def test_pair_sharing_one_msr_mismatches(self):
        got = self.pair([(0x1A6, 0x20001), (0x186, 0x4301B7), (0x187, 0x4301B7)])
        self.assertEqual(got[0], "mismatch")

    def test_event_code_must_go_with_its_msr(self):
        x = encode.core_expect(OFFCORE_A, "JKT")
        got = run.check_run([x], block([("OC.A", 0)], [(0x1A7, 0x10001), (0x186, 0x4301B7)]))
        self.assertEqual(got[0], "mismatch")

    def test_stray_msr_mismatches(self):
        x = encode.core_expect(dict(OFFCORE_A, Offcore="0", MSRIndex="0", EventCode="0xC4",
                                    UMask="0x00"), "JKT")
        ok = run.check_run([x], block([("OC.A", 0)], [(0x186, 0x4300C4)]))
        self.assertEqual(ok, ("match", ""))
        got = run.check_run([x], block([("OC.A", 0)], [(0x186, 0x4300C4), (0x1A6, 1)]))
        self.assertEqual(got, ("mismatch", "writes MSRs it does not need: 0x1a6"))

    def test_refusal_must_say_why(self):
        ubox = {"Unit": "UBOX", "EventName": "U.X", "EventCode": "0x46", "UMask": "0x1",
                "Counter": "0,1", "Filter": "null", "ExtSel": "1"}
        x = encode.uncore_expect(ubox)
        said = run.parse_blocks("dry run of U.X: refused: U.X: the U-box has no ExtSel bit")
        other = run.parse_blocks("dry run of U.X: refused: unknown event 'U.X'")
        self.assertEqual(run.check_run([x], said["U.X"])[0], "refused")
        self.assertEqual(run.check_run([x], other["U.X"])[0], "mismatch")

    def test_cbox_state_filter_default(self):
        cbo = {"Unit": "CBO", "EventName": "C.X", "EventCode": "0x34", "UMask": "0x3",
               "Counter": "0,1", "Filter": "CBoFilter[22:18]", "ExtSel": "0"}
        self.assertEqual(encode.uncore_expect(cbo).alts[0].extra, {"filter": 0x1F << 18})

    def test_pcu_extsel_is_bit_21_ubox_extsel_refused(self):
        pcu = {"Unit": "PCU", "EventName": "P.X", "EventCode": "0x3", "UMask": "0x0",
               "Counter": "0,1,2,3", "Filter": "null", "ExtSel": "1"}
        self.assertEqual(encode.uncore_expect(pcu).alts[0].ctl, 0x3 | 1 << 21 | 1 << 22)
        self.assertTrue(encode.uncore_expect(dict(pcu, Unit="UBOX")).refuse)


if __name__ == "__main__":
    unittest.main(verbosity=0)
