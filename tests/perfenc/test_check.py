#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause-Patent
"""The runner's checks on hand-written dry-run output: what must match, what must not.
Run by tests/perfenc/suite.sh before the lists (stdlib unittest)."""
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

    def test_atom_offcore_pair_by_umask(self):
        # E-core lists: one code, umasks "0x01,0x02" for RSP_0 / RSP_1 (Linux 0x01b7, 0x02b7)
        atom = dict(OFFCORE_A, EventCode="0xB7", UMask="0x01,0x02")
        a = encode.core_expect(atom, "meteorlake_crestmont_core")
        b = encode.core_expect(dict(atom, EventName="OC.B", MSRValue="0x20001"),
                               "meteorlake_crestmont_core")
        self.assertEqual([e.ctl & 0xFFFF for e in a.alts], [0x01B7, 0x02B7])
        ok = [(0x1A6, 0x10001), (0x186, 0x4301B7), (0x1A7, 0x20001), (0x187, 0x4302B7)]
        got = run.check_run([a, b], block([("OC.A", 0), ("OC.B", 1)], ok))
        self.assertEqual(got, ("match", ""))
        bad = [(0x1A6, 0x10001), (0x186, 0x4301B7), (0x1A7, 0x20001), (0x187, 0x4301B7)]
        got = run.check_run([a, b], block([("OC.A", 0), ("OC.B", 1)], bad))
        self.assertEqual(got[0], "mismatch")

    def test_offcore_value_beyond_valid_bits_refused(self):
        x = encode.core_expect(dict(OFFCORE_A, MSRValue="0x4000000000"), "SPR")
        self.assertTrue(x.refuse)
        self.assertFalse(encode.core_expect(dict(OFFCORE_A, MSRValue="0x4000000000"),
                                            "arrowlake_lioncove_core").refuse)

    def test_pebs_only_counted_frontend_refused(self):
        # perf stat counts a PEBS-only event in counting mode: its event select alone
        ev = {"EventName": "E.X", "EventCode": "0xC5", "UMask": "0x41", "Counter": "0,1",
              "CollectPEBSRecord": "3"}
        self.assertFalse(encode.core_expect(ev, "GNR").refuse)
        ll = dict(ev, CollectPEBSRecord="3", MSRIndex="0x3F6", MSRValue="0x4")
        self.assertFalse(encode.core_expect(ll, "SRF").refuse)   # load latency counts
        fe = dict(ev, CollectPEBSRecord="2", MSRIndex="0x3F7", MSRValue="0x11")
        self.assertTrue(encode.core_expect(fe, "SPR").refuse)

    def test_umask2_and_eq_in_the_word(self):
        ev = {"EventName": "E.X", "EventCode": "0xC4", "UMask": "0x11", "UMaskExt": "0x01",
              "Equal": "1", "CounterMask": "2", "Counter": "0,1"}
        self.assertEqual(encode.core_expect(ev, "LNL").alts[0].ctl,
                         0x11C4 | 1 << 40 | 1 << 36 | 2 << 24 | 0x43 << 16)

    def test_names_alike_in_63_characters_told_apart_by_place(self):
        long_a = "OFFCORE_RESPONSE:request=DEMAND_DATA_RD:response=SUPPLIER_NONE.SNOOP_NONE"
        long_b = "OFFCORE_RESPONSE:request=DEMAND_DATA_RD:response=SUPPLIER_NONE.NO_SNOOP"
        a = encode.core_expect(dict(OFFCORE_A, EventName=long_a), "JKT")
        b = encode.core_expect(dict(OFFCORE_B, EventName=long_b), "JKT")
        writes = [(0x1A6, 0x10001), (0x187, 0x4301B7), (0x1A7, 0x20001), (0x186, 0x4301BB)]
        got = run.check_run([a, b], block([(long_a[:63], 1), (long_b[:63], 0)], writes))
        self.assertEqual(got, ("match", ""))

    def test_discovery_unit_efipmu_does_not_name_is_not_compared(self):
        cms = {"Unit": "CHACMS", "EventName": "I.X", "EventCode": "0x1", "UMask": "0x0",
               "Counter": "0,1,2,3"}
        x = encode.uncore_expect(cms, "GNR")
        said = run.parse_blocks("dry run of I.X: refused: unknown event 'I.X' for model 0xad")
        self.assertEqual(run.check_run([x], said["I.X"]), ("skipped", "CHACMS: not taken by name"))
        other = run.parse_blocks("dry run of I.X: refused: unknown PMU 'uncore_chacms' for this CPU")
        self.assertEqual(run.check_run([x], other["I.X"])[0], "mismatch")

    def test_discovery_cha_umask_ext_and_freeze_bit_0(self):
        cha = {"Unit": "CHA", "EventName": "C.X", "EventCode": "0x35", "UMask": "0x01",
               "UMaskExt": "0x00C8F3FF", "Counter": "0,1,2,3"}
        x = encode.uncore_expect(cha, "SPR")
        self.assertEqual(x.alts[0].ctl, 0x35 | 0x01 << 8 | 1 << 22 | 0xC8F3FF << 32)
        text = ["dry run of C.X on the reference model sapphire-rapids", "uncore engine (discovery):",
                "  C.X                          uncore_cha_1 ctr2 control 0x2014, counter 0x201a",
                "  program (4 reads):", "     1 wrmsr 0x2010 uncore_cha_1 box ctl = 0x1",
                f"     2 wrmsr 0x2014 uncore_cha_1 ctl2 = {x.alts[0].ctl:#x}", "  start:"]
        frozen = run.parse_blocks("\n".join(text))["C.X"]
        self.assertEqual(run.check_run([x], frozen)[0], "mismatch")   # box control still 1
        text.append("     3 wrmsr 0x2010 uncore_cha_1 box ctl = 0x0")
        self.assertEqual(run.check_run([x], run.parse_blocks("\n".join(text))["C.X"]),
                         ("match", ""))

    def test_iio_umask_ext_restating_port_and_fc_mask(self):
        # Sapphire Rapids' UNC_IIO_DATA_REQ_BY_CPU.MEM_READ.PART0: UMaskExt 0x70010 is ch_mask 1
        # (47:36) and fc_mask 7 (50:48) again; the IIO's control has no umask extension
        iio = {"Unit": "IIO", "EventName": "I.X", "EventCode": "0xc0", "UMask": "0x04",
               "UMaskExt": "0x00070010", "PortMask": "0x0001", "FCMask": "0x07",
               "Counter": "2,3"}
        x = encode.uncore_expect(iio, "SPR")
        self.assertEqual(x.alts[0].ctl, 0xC0 | 0x04 << 8 | 1 << 22 | 1 << 36 | 7 << 48)
        for other in ("0x00070020", "0x00070011", "0x00080010"):
            self.assertEqual(encode.uncore_expect(dict(iio, UMaskExt=other), "SPR").refuse,
                             r"UMaskExt")

    def test_amd_formats(self):
        # perf's formats: a value fills the pieces in order; too wide or unknown is refused
        self.assertEqual(encode.amd_place(encode.AMD_DF, "event=0x3fff,umask=0x38"),
                         (0xFF | 0x38 << 8 | 0xF << 32 | 3 << 59, None))
        self.assertEqual(encode.amd_place(encode.AMD_DF_V2, "event=0x4000")[1], "too wide")
        self.assertEqual(encode.amd_place(encode.AMD_L3_19H, "slicemask=1")[1],
                         "unknown term 'slicemask'")

    def test_amd_umc_counter_one_two_msrs_on(self):
        dump = os.path.join(run.REPO, "data", "cpuid", "amd-19-11-genoa.txt")
        x = next(e for e in encode.amd_expects(dump) if e.name == "amd_umc_3/event=0xa,rdwrmask=1/")
        self.assertEqual(x.alts[0].ctl, 0x8000010A)
        text = ["dry run of U.X on the reference model zen4", "uncore engine (amd-19h):",
                "  U.X  amd_umc_3 ctr1 control 0xc0010802, counter 0xc0010803", "  program:",
                "     1 wrmsr 0xc0010802 amd_umc_3 ctl1 = 0x10a", "  start:",
                "     2 wrmsr 0xc0010802 amd_umc_3 ctl1 = 0x8000010a"]
        x.name = "U.X"
        self.assertEqual(run.check_run([x], run.parse_blocks("\n".join(text))["U.X"]),
                         ("match", ""))
        wrong = [t.replace("0xc0010802", "0xc0010801") for t in text]
        self.assertEqual(run.check_run([x], run.parse_blocks("\n".join(wrong))["U.X"])[0],
                         "mismatch")

    def test_raw_formats_fill_linux_pieces(self):
        # DMR-5's CXLCM: inv 21, thresh 23-31, port_en 32-35; umask_ext5's umask over two pieces
        self.assertEqual(encode.amd_place(encode.LNX_CXLCM, "inv=1,thresh=0x1ff,port_en=0xf"),
                         (1 << 21 | 0x1FF << 23 | 0xF << 32, None))
        self.assertEqual(encode.amd_place(encode.LNX_UMASK_EXT5, "umask=0x1ff"),
                         (0xFF00 | 1 << 32, None))
        self.assertEqual(encode.amd_place(encode.LNX_ADL, "threshold=0x40")[1], "too wide")
        self.assertEqual(encode.raw_fields_mask(encode.LNX_DMR_IMC), 0x1FF84FFFF)

    def test_raw_reserved_bit_and_tid_en_refused(self):
        cbo = encode.RAW_UNITS["diamond-rapids"][0]
        x = encode.raw_expect("C", cbo["fmt"], "config=0x10000", cbo)
        self.assertEqual(x.refuse, r"reserved bit 16\b")
        self.assertEqual(encode.raw_expect("C", cbo["fmt"], "tid_en=1", cbo).refuse,
                         "unknown\\ term\\ 'tid_en'")
        imc = encode.RAW_UNITS["diamond-rapids"][1]   # one dword: nothing from bit 32 up
        self.assertEqual(encode.raw_expect("I", imc["fmt"], "config=0x100000000", imc).refuse,
                         r"reserved bit 32\b")

    def test_raw_cncu_needs_its_global_enable(self):
        cncu = next(u for u in encode.RAW_UNITS["panther-lake"] if u["pmu"] == "uncore_cncu")
        x = encode.Expect("uncore_cncu_1/clockticks/",
                          [encode.Encoding("uncore_fixed", encode.UNC_EN, unit=cncu["unit"])])
        text = ["dry run of S on the reference model panther-lake", "uncore engine (discovery):",
                "  clockticks    uncore_cncu_1 fixed control 0x2542, counter 0x2548",
                "  program (4 reads):", "     1 wrmsr 0x254e uncore_cncu_1 box ctl = 0x0",
                "     2 wrmsr 0x2542 uncore_cncu_1 fixed ctl = 0x400000", "  start:"]
        off = run.parse_blocks("\n".join(text))["S"]
        self.assertEqual(run.check_run([x], off)[0], "mismatch")   # box control bit 29 clear
        text.append("     3 wrmsr 0x254e uncore_cncu_1 box ctl = 0x20000000")
        self.assertEqual(run.check_run([x], run.parse_blocks("\n".join(text))["S"]), ("match", ""))
        other = [t.replace("0x2542", "0x2402") for t in text]   # cNCU 0's control
        self.assertEqual(run.check_run([x], run.parse_blocks("\n".join(other))["S"])[0],
                         "mismatch")

    def test_raw_mmio_unit_where_the_model_puts_it(self):
        hbo = next(u for u in encode.RAW_UNITS["nova-lake"] if u["pmu"] == "uncore_hbo")
        x = encode.raw_expect("H", hbo["fmt"], "event=0x5", hbo)
        text = ["dry run of H on the reference model nova-lake", "uncore engine (discovery):",
                "  H    uncore_hbo_1 ctr0 control mmio 0xd0030040, counter mmio 0xd0030008",
                "  uncore_hbo_1: MMIO box (the discovery table's address) at mmio 0xd0030000",
                "  program (4 reads):", "     1 write mmio 0xd0030000 = 0x1",
                "     2 write mmio 0xd0030040 = 0x400005", "  start:",
                "     3 write mmio 0xd0030000 = 0x0"]
        self.assertEqual(run.check_run([x], run.parse_blocks("\n".join(text))["H"]), ("match", ""))
        moved = [t.replace("0xd003", "0xd002") for t in text]   # HBO 1 where HBO 0 is
        self.assertEqual(run.check_run([x], run.parse_blocks("\n".join(moved))["H"])[0],
                         "mismatch")


if __name__ == "__main__":
    unittest.main(verbosity=0)
