# SPDX-License-Identifier: BSD-2-Clause-Patent
"""What Linux perf would program for each event of Intel's perfmon lists, written from the
JSON field semantics and the manuals, not from efipmu's code (stdlib only).

Sources, cited per rule below (public documents, never read here: every number is restated):
  Intel SDM Vol. 3B 18.2   IA32_PERFEVTSELx fields
  Intel 327043-001         Xeon E5-2600 Uncore Performance Monitoring Guide, U_MSR_PMON_CTL{1-0}
  Linux uncore_snbep.c     arch/x86/events/intel/uncore_snbep.c
  Intel 336274             Xeon Scalable uncore performance monitoring reference manual
  SDM 23H   Intel SDM Vol. 2A, CPUID leaf 23H; Vol. 3B "Performance Monitoring": UMASK2
            (PERFEVTSEL 47:40), EQ (36), fixed counters 4-6 (topdown bad speculation,
            frontend bound, retiring)
  Linux     arch/x86/events/intel/core.c: the *_extra_regs tables (offcore response event
            codes and valid bits per core, the E-cores' RSP_1 as 0xB7 umask 0x02, ldlat
            0x5D0 on the E-cores), ARCH_PERFMON_EVENTSEL_EQ / _UMASK2
  Linux uncore  arch/x86/events/intel/uncore_snbep.c, uncore_discovery.h (spr_*, gnr_*
            formats), arch/x86/events/amd/uncore.c (amd_l3, amd_df, amd_umc formats)
  PCM       intel/pcm uncore_pmu_discovery.h, cpucounters.cpp (SPR CHA MSRs, M2M id)
  AMD       PPR 56176 (17h model 31h), PPR 55901 (19h model 11h), APM vol. 3 appendix E
  perfmon   intel/perfmon's JSON fields: "PEBS" 2 and "CollectPEBSRecord" 3 are PEBS-only
            events (docs.rs x86 crate, perfcnt::intel::description PebsType::PebsOnly),
            which perf stat counts in counting mode with their event select alone
Those live outside the project and are never read here: every number below is restated.

An expectation is either a refusal (the hardware cannot express the event: `refuse` holds a
regular expression the refusal message must match, the reason) or a list of alternative
encodings (an offcore event may use either response MSR), each giving the counter kind, the
control MSR value in effect while counting (enable bits included, as perf writes them) and
the extra MSRs it needs.
"""
import json
import re
from dataclasses import dataclass, field, replace

# IA32_PERFEVTSELx (Intel SDM Vol. 3B 18.2, 18.2.1.1): event 7:0, umask 15:8, USR 16, OS 17, E 18,
# AnyThread 21, EN 22, INV 23, CMASK 31:24. INT (20) is left out: efipmu takes no PMIs.
USR, OS, EDGE, ANY, EN, INV = 1 << 16, 1 << 17, 1 << 18, 1 << 21, 1 << 22, 1 << 23
CMASK_SHIFT = 24
EQ, UMASK2_SHIFT = 1 << 36, 40   # SDM 23H: where CPUID.23H.0:EBX[1] / [0] says so

# IA32_FIXED_CTR_CTRL nibble i (Intel SDM Vol. 3B 18.13.2.1): bit 0 OS, 1 USR, 2 AnyThread.
FIXED_OS, FIXED_USR, FIXED_ANY = 0x1, 0x2, 0x4
# Hardware fixed counters (Intel SDM Vol. 4 table 2-2): 0 instructions, 1 core cycles, 2 reference
# cycles, 3 TOPDOWN.SLOTS (Intel SDM Vol. 4 table 2-2, Ice Lake on); 4-6 the E-core top-down
# counters (SDM 23H).
FIXED_BY_PREFIX = (("INST_RETIRED.", 0), ("CPU_CLK_UNHALTED.THREAD", 1),
                   ("CPU_CLK_UNHALTED.CORE", 1), ("CPU_CLK_UNHALTED.REF", 2),
                   ("TOPDOWN.SLOTS", 3), ("TOPDOWN_BAD_SPECULATION.", 4),
                   ("TOPDOWN_FE_BOUND.", 5), ("TOPDOWN_RETIRING.", 6))

# Offcore response (Intel SDM Vol. 4 table 2-2): event 0xB7 with MSR_OFFCORE_RSP_0 (0x1A6), 0xBB
# with MSR_OFFCORE_RSP_1 (0x1A7); the JSON lists "0xB7, 0xBB" / "0x1a6,0x1a7" where both exist
# (Sapphire Rapids and the hybrid P-cores "0x2A,0x2B"; the E-cores one code with the umasks
# "0x01,0x02", Linux's 0x01b7 / 0x02b7). Valid bits the kernel accepts, per list and MSR:
# Intel SDM Vol. 4 table 2-2 for NHM/WSM 0xFFFF and SNB-EP 0x3FFFFF8FFF; Linux *_extra_regs for the
# others (skl, icl, glc/spr, rwc/gnr, lnc, grt, cmt: Crestmont and Skymont, Sierra Forest).
RSP_CMT = {0x1A6: 0x800FF3FFFFFFFFFF, 0x1A7: 0xFF3FFFFFFFFFF}
OFFCORE_VALID = {"JKT": 0x3FFFFF8FFF, "SKX": 0x3FFFFF8FFF, "CLX": 0x3FFFFF8FFF,
                 "ICX": 0x3FFFFFBFFF, "SPR": 0x3FFFFFFFFF, "EMR": 0x3FFFFFFFFF,
                 "GNR": 0x3FFFFFFFFF, "alderlake_goldencove_core": 0x3FFFFFFFFF,
                 "meteorlake_redwoodcove_core": 0x3FFFFFFFFF,
                 "lunarlake_lioncove_core": 0xFFFFFFFFFFF,
                 "arrowlake_lioncove_core": 0xFFFFFFFFFFF,
                 "alderlake_gracemont_core": 0x3FFFFFFFFF, "SRF": RSP_CMT,
                 "meteorlake_crestmont_core": RSP_CMT, "lunarlake_skymont_core": RSP_CMT,
                 "arrowlake_skymont_core": RSP_CMT, "arrowlake_crestmont_core": RSP_CMT}
OFFCORE_VALID_DEFAULT = 0xFFFF
# The events that read the response MSRs (Linux: INTEL_UEVENT_EXTRA_REG(0x01b7, RSP_0),
# (0x01bb, RSP_1) on Skylake and Ice Lake): what perf writes even without a value.
OFFCORE_READERS = {(0xB7, 0x01): 0x1A6, (0xBB, 0x01): 0x1A7}
OFFCORE_READER_LISTS = {"SKX", "CLX", "ICX"}
MSR_LD_LAT = 0x3F6        # MSR_PEBS_LD_LAT_THRESHOLD (Intel SDM Vol. 4 table 2-2)
MSR_PEBS_ENABLE = 0x3F1   # may accompany a load-latency event (SDM Vol. 4 table 2-2): optional
MSR_PEBS_FRONTEND = 0x3F7  # FRONTEND_RETIRED's (Linux MSR_PEBS_FRONTEND): efipmu leaves it

# SNB-EP uncore (Intel 327043-001; Linux uncore_snbep.c). U-box: ev_sel 7:0, umask 15:8, edge 18, en
# 22, invert 23, thresh 28:24; bits 21:19 reserved, so no event-select extension (ExtSel) bit.
# C-box: the common layout, tid_en 19, thresh 31:24, no ExtSel (Linux uncore_snbep.c: bit 21 is
# QPI's). PCU: ev_sel 7:0, occ_sel 15:14, edge 18, en 22, invert 23, thresh 28:24, occ_invert 30,
# occ_edge 31 (Linux uncore_snbep.c); the JSON's UMask 0x40/0x80/0xC0 of the occupancy events is
# occ_sel in place. The PCU's ExtSel is bit 21, the common layout's event-select extension: an
# older Linux uncore_snbep.c leaves it out of the PCU mask, but Intel's E5-2600 uncore guide marks
# these PCU events "Extra Select Bit: Y" and later kernels add bit 21 to the SNB-EP PCU's mask.
UNC_EN = 1 << 22
EXTSEL = 1 << 21
UBOX = dict(box=r"uncore_ubox", ctl=0xC10, ctr=0xC16, umask_bits=0xFF, extsel=False)
CBOX = dict(box=r"uncore_cbox_([0-7])", ctl=0xD10, ctr=0xD16, stride=0x20, umask_bits=0xFF,
            extsel=False, box_ctl=0xD04, filter=0xD14)
PCU = dict(box=r"uncore_pcu", ctl=0xC30, ctr=0xC36, umask_bits=0xC0, extsel=True,
           box_ctl=0xC24, filter=0xC34)
# SNB-EP PCI boxes (Xeon E5-2600 uncore guide 327043 as Linux uncore_snbep.c and Intel PCM
# read it): each a PCI function found by device id, box control at config offset 0xF4
# (freeze bit 8), counter controls at 0xD8 + 4 n with the common layout (event 7:0, umask
# 15:8, edge 18, en 22, invert 23, thresh 31:24) and, on QPI only, the event-select
# extension at bit 21. Device ids per instance (Linux snbep_uncore_pci_ids). The iMC's
# fixed DCLK counter (control 0xF0, enable bit 22) counts UNC_M_CLOCKTICKS (the JSON:
# "Uncore Fixed Counter"). The HA's address/opcode match registers, ADDRMATCH0 0x40,
# ADDRMATCH1 0x44, OPCODEMATCH 0x48 in its function (327043 HA section, the offsets as likwid
# registers.h PCI_UNC_HA_PMON_* gives them; the list's "HA_AddrMatch0[31:6], HA_AddrMatch1[13:0],
# HA_OpcodeMatch[5:0]" names no value): written whenever the box is used, 0 where no term sets
# them, as a box's filter register is.
PCI_CTL, PCI_BOX_CTL, PCI_FIXED_CTL = 0xD8, 0xF4, 0xF0
HA = dict(box=r"uncore_ha", pci=[0x3C46], umask_bits=0xFF, extsel=False,
          pci_match=(0x40, 0x44, 0x48))
IMC = dict(box=r"uncore_imc_([0-3])", pci=[0x3CB0, 0x3CB1, 0x3CB4, 0x3CB5], umask_bits=0xFF,
           extsel=False)
QPI = dict(box=r"uncore_qpi_([01])", pci=[0x3C41, 0x3C42], umask_bits=0xFF, extsel=True)
# QPI packet match/mask (327043, QPI section; ids and offsets as Linux uncore_snbep.c gives them):
# a function of their own per port, device 0x3C86 / 0x3C96 at function 6 of the port's device
# (the PMON is function 2), PKT_MATCH0/1 at 0x228/0x22C and PKT_MASK0/1 at 0x238/0x23C. perf's
# formats (snbep_uncore_qpi_formats) put the match in config1 and the mask in config2, each 64
# bits whose low and high dwords are the two registers: rds 51:48, rnid30 35:32, rnid4 31,
# dnid 17:13, mc 12:9, opc 8:5, vnw 4:3 (match_... / mask_...), match0/mask0 31:0,
# match1/mask1 63:32. Only event 0x38 with the extension bit (the list's UNC_Q_CTO_COUNT)
# takes them (snbep_qpi_hw_config): a term on another event is refused. Linux writes them for
# every such event, 0 where no term sets them (so nothing firmware left there filters the
# count); a raw dword setting a bit no named field holds (reserved) is refused, not written.
QPI_PKT_FN = 6
QPI_PKT_REGS = (0x228, 0x22C, 0x238, 0x23C)
QPI_FMT = {"rds": (48, 4), "rnid30": (32, 4), "rnid4": (31, 1), "dnid": (13, 5), "mc": (9, 4),
           "opc": (5, 4), "vnw": (3, 2), "0": (0, 32), "1": (32, 32)}
QPI_TERM_RUNS = [
    (0, "match_rds=5,match_opc=3"),
    (1, "match_dnid=0x1f,match_vnw=2,mask_dnid=0x1f,mask_vnw=3"),
    (1, "match0=0x12345678,mask1=0xffffffff"),
    (0, "match0=0x8003fff8,mask1=0xf000f"),
    (0, "match_rnid30=0xa,match_rnid4=1,match_mc=0xc,mask_rnid30=0xf,mask_rnid4=1,mask_mc=0xf"),
    (1, "mask0=0xffffffff,match1=0xf000f"),
]
R2PCIE = dict(box=r"uncore_r2pcie", pci=[0x3C43], umask_bits=0xFF, extsel=False)
R3QPI = dict(box=r"uncore_r3qpi_([01])", pci=[0x3C44, 0x3C45], umask_bits=0xFF, extsel=False)
PCI_FIXED = {"UNC_M_CLOCKTICKS"}
UNITS = {"UBOX": UBOX, "CBO": CBOX, "PCU": PCU, "HA": HA, "iMC": IMC, "QPI LL": QPI,
         "R2PCIe": R2PCIE, "R3QPI": R3QPI}
# Skylake-SP and Cascade Lake (Intel 336274 as Linux uncore_snbep.c gives it): CHA n's box
# control 0xE00 + 0x10 n, controls +1.., counters +8.. (HSWEP_C0_MSR_PMON_*, HSWEP_CBO_MSR_OFFSET);
# IIO stack n 0xA40 + 0x20 n, controls 0xA48.., counters 0xA41..; IRP n 0xA58 + 0x20 n, controls
# 0xA5B.., counters 0xA59..; box control freeze 8 (no freeze enable since Ivy Bridge-EP). PCI
# boxes by device id and device.function (Linux skx_uncore_pci_ids): iMC channels 0-5 0x2042,
# 0x2046, 0x204A at 10.2, 10.6, 11.2 then 12.2, 12.6, 13.2 with the SNB-EP offsets; M2M 0x2066
# (8.0, 9.0): box 0x258, controls 0x228 + 8 n (SKX_M2M_PCI_PMON_*); UPI 0x2058 (14.0, 15.0,
# 16.0): box 0x378, controls 0x350 + 8 n (SKX_UPI_PCI_PMON_*); M3UPI 0x204D, 0x204E, 0x204D at
# SNB-EP offsets. The list's UNC_M_CLOCKTICKS is event 0 on the general counters (Linux
# hswep_uncore_imc_events "event=0x00,umask=0x00").
# The CHA's filters: FILTER0 at box + 5 (TID 8:0, link 12:9, state 26:17) and FILTER1 at box + 6
# (remote 0, local 1, all opcodes 3, near memory 4, not near memory 5, opcode 0 18:9, opcode 1
# 28:19, non-coherent 30, isochronous 31): Linux SKX_CHA_MSR_PMON_BOX_FILTER_* (FILTER1's bits
# at 32 and up of config1, which hswep_cbox_enable_event splits over the two MSRs) and Intel
# PCM's SKX_CHA_MSR_PMON_BOX_FILTER1_*. The list names the register ("CHAFilter0[26:17]",
# "CHAFilter1[31:0]", "CHAfilter1", "Filter1") and gives its value (FILTER_VALUE). A value of 0
# would match nothing in the fields that select: state 0 no line, FILTER1 0 neither local nor
# remote requests; PCM's opcode filter always sets rem, loc, nm and not_nm (so do the list's
# values, 0x40433 = those + opcode 0x202), and all_opc takes every opcode. So a named filter
# without a value takes every state, or FILTER1 = 0x3B. IIO: PortMask is the control's ch_mask
# (43:36 on Skylake-SP, SKX_PMON_CTL_CH_MASK), FCMask its fc_mask (46:44).
SKX_CHA_ALL = {0: 0x3FF << 17, 1: 0x3B}   # per register, the fields that select: everything
SKX_CHA = dict(box=r"uncore_cha_(\d+)", ctl=0xE01, ctr=0xE08, stride=0x10, umask_bits=0xFF,
               extsel=False, box_ctl=0xE00, filter=0xE05, filter1=0xE06, cha_filter=True)
SKX_IIO = dict(box=r"uncore_iio_([0-5])", ctl=0xA48, ctr=0xA41, stride=0x20, umask_bits=0xFF,
               extsel=False, box_ctl=0xA40, port_shift=36, port_bits=8, fc_shift=44)
SKX_IRP = dict(box=r"uncore_irp_([0-5])", ctl=0xA5B, ctr=0xA59, stride=0x20, umask_bits=0xFF,
               extsel=False, box_ctl=0xA58)
SKX_IMC = dict(box=r"uncore_imc_([0-5])", pci=[0x2042, 0x2046, 0x204A] * 2, umask_bits=0xFF,
               extsel=False, pci_at=["0a.2", "0a.6", "0b.2", "0c.2", "0c.6", "0d.2"])
SKX_M2M = dict(box=r"uncore_m2m_([01])", pci=[0x2066] * 2, umask_bits=0xFF, extsel=False,
               pci_ctl=0x228, pci_step=8, pci_box=0x258, pci_range=(0x200, 0x25C),
               pci_at=["08.0", "09.0"])
SKX_UPI = dict(box=r"uncore_upi_([0-2])", pci=[0x2058] * 3, umask_bits=0xFF, extsel=False,
               pci_ctl=0x350, pci_step=8, pci_box=0x378, pci_range=(0x318, 0x37C),
               pci_at=["0e.0", "0f.0", "10.0"])
SKX_M3UPI = dict(box=r"uncore_m3upi_([0-2])", pci=[0x204D, 0x204E, 0x204D], umask_bits=0xFF,
                 extsel=False, pci_at=["12.1", "12.2", "12.5"])
SKX_UNITS = {"CHA": SKX_CHA, "IIO": SKX_IIO, "IRP": SKX_IRP, "iMC": SKX_IMC, "M2M": SKX_M2M,
             "UPI LL": SKX_UPI, "M3UPI": SKX_M3UPI}
# Ice Lake-SP (Linux uncore_snbep.c ICX_*): CHA n's box control 0xB60 + icx_cha_msr_offsets[n]
# (controls +1, counters +8); per stack at 0, 0x20, 0x40, 0x90, 0xB0, 0xD0 (icx_msr_offsets):
# IIO box 0xA50, controls 0xA58; IRP 0xA4A, 0xA4D; M2PCIe 0xA40, 0xA46. U-box and PCU as
# Skylake-SP (skx_uncore_ubox, skx_uncore_pcu: UCLK fixed control 0x703; PCU box 0x710,
# controls 0x711, filter 0x715). PCI: M2M 0x344A at 12.0-15.0 (box 0x438, controls 0x468 + 8 n:
# SNR_M2M_PCI_PMON_*); UPI 0x3441 at 2.1-4.1 (box 0x318, controls 0x350 + 8 n); M3UPI 0x3446 at
# 5.1-7.1 (box 0xA0, controls 0xD8 + 4 n). iMC channel c of controller m in MMIO: box control at
# the controller's base + 0x22800 + 0x4000 c, controls +0x40 + 4 n (SNR_IMC_MMIO_*).
# Where a control has a umask extension, UMaskExt is its bits from 32 up (Linux's formats
# umask_ext2 "config:8-15,32-57", umask_ext3 32-39, umask_ext4 32-55, umask_ext5 32-63).
UMASK_EXT_LSB = 32
# The CHA's control holds UMaskExt in 57:32 (Linux icx_uncore_chabox: format umask_ext2
# "config:8-15,32-57"), the IIO's PortMask in 47:36 and FCMask in 50:48 (its SNR formats
# ch_mask2, fc_mask2). M2M's control is 8 bytes (SNR_M2M_PCI_PMON_CTL0, 8 apart) with the
# umask extension in 39:32 (icx_uncore_m2m: event_mask_ext SNR_M2M_PCI_PMON_UMASK_EXT, format
# umask_ext3 "config:8-15,32-39"): its second dword, at control + 4.
ICX_CHA_OFF = [0x2A0, 0x2AE, 0x2BC, 0x2CA, 0x2D8, 0x2E6, 0x2F4, 0x302, 0x310, 0x31E, 0x32C,
               0x33A, 0x348, 0x356, 0x364, 0x372, 0x380, 0x38E, 0x3AA, 0x3B8, 0x3C6, 0x3D4,
               0x3E2, 0x3F0, 0x3FE, 0x40C, 0x41A, 0x428, 0x436, 0x444, 0x452, 0x460, 0x46E,
               0x47C, 0x0, 0xE, 0x1C, 0x2A, 0x38, 0x46]
ICX_STACK_OFF = [0x0, 0x20, 0x40, 0x90, 0xB0, 0xD0]
ICX_UNITS = {
    "CHA": dict(box=r"uncore_cha_(\d+)", ctl=0xB61, ctr=0xB68, offsets=ICX_CHA_OFF, umask_bits=0xFF,
                extsel=False, box_ctl=0xB60, umask_ext_shift=UMASK_EXT_LSB, umask_ext_bits=26),
    "IIO": dict(box=r"uncore_iio_([0-5])", ctl=0xA58, ctr=0xA51, offsets=ICX_STACK_OFF,
                umask_bits=0xFF, extsel=False, box_ctl=0xA50, port_shift=36, port_bits=12,
                fc_shift=48),
    "IRP": dict(box=r"uncore_irp_([0-5])", ctl=0xA4D, ctr=0xA4B, offsets=ICX_STACK_OFF,
                umask_bits=0xFF, extsel=False, box_ctl=0xA4A),
    "M2PCIe": dict(box=r"uncore_m2pcie_([0-5])", ctl=0xA46, ctr=0xA41, offsets=ICX_STACK_OFF,
                   umask_bits=0xFF, extsel=False, box_ctl=0xA40),
    "UBOX": dict(box=r"uncore_ubox", ctl=0x705, ctr=0x709, umask_bits=0xFF, extsel=False,
                 fixed_ctl=0x703),
    "PCU": dict(box=r"uncore_pcu", ctl=0x711, ctr=0x717, umask_bits=0xC0, extsel=True,
                box_ctl=0x710, filter=0x715),
    "M2M": dict(box=r"uncore_m2m_([0-3])", pci=[0x344A] * 4, umask_bits=0xFF, extsel=False,
                pci_ctl=0x468, pci_step=8, pci_box=0x438, pci_range=(0x438, 0x488),
                pci_at=["0c.0", "0d.0", "0e.0", "0f.0"], umask_ext_shift=UMASK_EXT_LSB,
                umask_ext_bits=8, ctl_wide=True),
    "UPI LL": dict(box=r"uncore_upi_([0-2])", pci=[0x3441] * 3, umask_bits=0xFF, extsel=False,
                   pci_ctl=0x350, pci_step=8, pci_box=0x318, pci_range=(0x318, 0x370),
                   pci_at=["02.1", "03.1", "04.1"]),
    "M3UPI": dict(box=r"uncore_m3upi_([0-2])", pci=[0x3446] * 3, umask_bits=0xFF, extsel=False,
                  pci_ctl=0xD8, pci_step=4, pci_box=0xA0, pci_range=(0xA0, 0xE8),
                  pci_at=["05.1", "06.1", "07.1"]),
    "iMC": dict(box=r"uncore_imc_([0-7])", mmio=True, umask_bits=0xFF, extsel=False),
}
# Sapphire Rapids on: the boxes are the discovery table's units (Linux uncore_discovery.h,
# Intel PCM uncore_pmu_discovery.h): box control freeze bit 0 (GENERIC_PMON_BOX_CTL_FRZ),
# controls with the SNB-EP fields and enable bit 22. Where the units are, as Sapphire Rapids
# has them (the reference model's table, lib/model/model_discovery.c, publishes these):
# CHA n at MSR 0x2000 + 0x10 n, controls +2, counters +8 (Intel PCM's SPR CHA MSRs); iMC
# channels in MMIO, controls at box + 0x40, 4 apart (Linux SNR_IMC_MMIO_PMON_CTL0, kept by
# spr_uncore_imc; PCM forces that stride for type 6); PCI units' controls 8 apart (Linux's
# generic PCI box sets UNCORE_BOX_FLAG_CTL_OFFS8): M2M 0x324A at 12.0-15.0 (PCM's id) box
# 0x438, controls 0x468 (SNR_M2M_PCI_PMON_*); UPI 0x3241 at 1.1-4.1, box 0x318, controls
# 0x350 (SPR_UNCORE_UPI_PCIID, SPR_UNCORE_UPI0_DEVFN 0x09, ICX_UPI_PCI_PMON_*); M3UPI 0x3246
# at 5.1-8.1, box 0xA0, controls 0xD8 (SPR_UNCORE_M3UPI_PCIID, devfn 0x29, ICX_M3UPI_*).
# Formats (Linux uncore_snbep.c): the CHA's umask is config 8-15 and 32-63 (spr_uncore_chabox,
# umask_ext5, SPR_CHA_EVENT_MASK_EXT 0xffffffff); IRP, M2PCIe, iMC, M2M, UPI, M3UPI, MDF and
# Granite Rapids' B2CMI, B2UPI take 8-15 and 32-55 (SPR_UNCORE_COMMON_FORMAT, umask_ext4,
# SPR_RAW_EVENT_MASK_EXT 0xffffff); a PCI unit's control is two dwords, the high one at + 4
# (spr_uncore_pci_enable_event). An iMC control is one dword (4 apart; Linux writes it with
# writel), so a UMaskExt there could not be written: refused.
DISC_FRZ = 1 << 0
DISC_PCI = dict(umask_bits=0xFF, extsel=False, pci_step=8, frz=DISC_FRZ,
                umask_ext_shift=UMASK_EXT_LSB, umask_ext_bits=24, ctl_wide=True)
DISC_UNITS = {
    "CHA": dict(box=r"uncore_cha_(\d+)", ctl=0x2002, stride=0x10, box_ctl=0x2000, umask_bits=0xFF,
                extsel=False, frz=DISC_FRZ, umask_ext_shift=UMASK_EXT_LSB, umask_ext_bits=32),
    "iMC": dict(box=r"uncore_imc_(\d+)", mmio=True, umask_bits=0xFF, extsel=False, frz=DISC_FRZ),
    "M2M": dict(DISC_PCI, box=r"uncore_m2m_([0-3])", pci=[0x324A] * 4, pci_ctl=0x468,
                pci_box=0x438, pci_range=(0x438, 0x488), pci_at=["0c.0", "0d.0", "0e.0", "0f.0"]),
    "UPI LL": dict(DISC_PCI, box=r"uncore_upi_([0-3])", pci=[0x3241] * 4, pci_ctl=0x350,
                   pci_box=0x318, pci_range=(0x318, 0x370), pci_at=["01.1", "02.1", "03.1", "04.1"]),
    "M3UPI": dict(DISC_PCI, box=r"uncore_m3upi_([0-3])", pci=[0x3246] * 4, pci_ctl=0xD8,
                  pci_box=0xA0, pci_range=(0xA0, 0xF8), pci_at=["05.1", "06.1", "07.1", "08.1"]),
}
# The other MSR units: IIO n at 0x3000 + 0x10 n and IRP n at 0x3400 + 0x10 n, controls +2
# (Intel PCM src/types.h SPR_M2IOSF_IIO_UNIT_CTL/CTL0, SPR_IRP_UNIT_CTL, SPR_IRP_CTL_REG_OFFSET);
# M2PCIe n at 0x3200 + 0x10 n and the PCU at 0x2FC0, controls +2: no public address at hand,
# where the reference model's table puts them (lib/model/model_disc_units.h). The IIO's
# control has Ice Lake-SP's fields (PortMask 47:36, FCMask 50:48: Linux spr_uncore_iio keeps
# the SNR IIO formats, no umask extension); IRP and M2PCIe take the umask extension in 55:32
# (SPR_UNCORE_COMMON_FORMAT); the PCU the generic control.
DISC_MSR = dict(stride=0x10, umask_bits=0xFF, extsel=False, frz=DISC_FRZ)
DISC_EXT = dict(DISC_MSR, umask_ext_shift=UMASK_EXT_LSB, umask_ext_bits=24)
DISC_UNITS.update({
    "IIO": dict(DISC_MSR, box=r"uncore_iio_(\d+)", ctl=0x3002, box_ctl=0x3000, port_shift=36,
                port_bits=12, fc_shift=48),
    "IRP": dict(DISC_EXT, box=r"uncore_irp_(\d+)", ctl=0x3402, box_ctl=0x3400),
    "M2PCIe": dict(DISC_EXT, box=r"uncore_m2pcie_(\d+)", ctl=0x3202, box_ctl=0x3200),
    "PCU": dict(DISC_MSR, box=r"uncore_pcu_(\d+)", ctl=0x2FC2, box_ctl=0x2FC0),
})
DISC_UNITS["IMC"] = DISC_UNITS["iMC"]   # Granite Rapids' and Sierra Forest's spelling
# Granite Rapids and Sierra Forest (the types of Linux gnr_uncores[]): CHA, iMC and UPI where
# Sapphire Rapids has them; IIO n at 0x2900 + 0x10 n, IRP n at 0x2A00 + 0x10 n, controls +2
# (PCM BHS_M2IOSF_IIO_*, BHS_IRP_UNIT_CTL); the U-box at 0x3FF0, controls 0x3FF2
# (BHS_UBOX_MSR_PMON_*); where the reference model's table puts the rest (no public address
# at hand; lib/model/model_disc_units.h): the PCU at 0x3FE0, MDF n at 0x3F00 + 0x10 n, B2HOT
# at 0x3F80 (MSR, controls +2); B2CMI 0-3 at 12.0-15.0 and B2UPI 0-2 at 9.0-11.0, ids
# 0x0B2C and 0x0B2E, box 0x438, controls 0x468 (PCI); B2CXL in MMIO, controls at box + 0x40,
# 4 apart, as an iMC channel's (Linux SPR_UNCORE_MMIO_COMMON_FORMAT, one dword written with
# writel). MDF, B2CMI and B2UPI take the umask
# extension 55:32 (SPR_UNCORE_COMMON_FORMAT, SPR_UNCORE_PCI_COMMON_FORMAT); the PCU, U-box
# and B2HOT the generic control.
GNR_UNITS = dict(DISC_UNITS)
GNR_UNITS.update({
    "IIO": dict(DISC_UNITS["IIO"], ctl=0x2902, box_ctl=0x2900),
    "IRP": dict(DISC_UNITS["IRP"], ctl=0x2A02, box_ctl=0x2A00),
    "PCU": dict(DISC_MSR, box=r"uncore_pcu_(\d+)", ctl=0x3FE2, box_ctl=0x3FE0),
    "UBOX": dict(DISC_MSR, box=r"uncore_ubox_(\d+)", ctl=0x3FF2, box_ctl=0x3FF0),
    "MDF": dict(DISC_EXT, box=r"uncore_mdf_(\d+)", ctl=0x3F02, box_ctl=0x3F00),
    "B2HOT": dict(DISC_MSR, box=r"uncore_b2hot_(\d+)", ctl=0x3F82, box_ctl=0x3F80),
    "B2CMI": dict(DISC_PCI, box=r"uncore_b2cmi_([0-3])", pci=[0x0B2C] * 4, pci_ctl=0x468,
                  pci_box=0x438, pci_range=(0x438, 0x488), pci_at=["0c.0", "0d.0", "0e.0", "0f.0"]),
    "B2UPI": dict(DISC_PCI, box=r"uncore_b2upi_([0-2])", pci=[0x0B2E] * 3, pci_ctl=0x468,
                  pci_box=0x438, pci_range=(0x438, 0x488), pci_at=["09.0", "0a.0", "0b.0"]),
    "B2CXL": dict(DISC_UNITS["iMC"], box=r"uncore_b2cxl_(\d+)"),
})
# Units efipmu does not take by name (perf's cxlcm, cxldp, hbm types 12-14 of Linux
# spr_uncores; M2HBM, MCHBM, CHACMS: no Linux PMU name at hand): refused as unknown events,
# compared with nothing.
UNITS_OF = {"JKT": UNITS, "SKX": SKX_UNITS, "CLX": SKX_UNITS, "ICX": ICX_UNITS, "SPR": DISC_UNITS,
            "EMR": DISC_UNITS, "GNR": GNR_UNITS, "SRF": GNR_UNITS}
DISC_LISTS = {"SPR", "EMR", "GNR", "SRF"}
# U-box clock ticks: the JSON lists event 0 on counters 0-1, the UCLK fixed counter counts
# them (Intel 327043-001 2.2): U_MSR_PMON_UCLK_FIXED_CTL 0xC08, enable bit 22.
UCLK_FIXED = {"UNC_U_CLOCKTICKS"}
UCLK_FIXED_CTL = 0xC08
# Filter fields a named event needs but whose value the JSON does not give. C-box filter
# (Linux uncore_snbep.c): TID 4:0, NID 17:10, STATE 22:18, OPCODE 31:23; PCU filter bands 7:0 ..
# 31:24 (Linux uncore_snbep.c). perf writes the user's config1 there, 0 by default; STATE 0 would
# match no line state (the JSON: "one must select a state or states to match, otherwise the event
# counts nothing"), so a named event takes every state, [FMESI] = 0x1F.
FILTER_DEFAULT = {(22, 18): 0x1F}
# The U-box filter ("UBoxFilter[3:0]") has no known address (Intel 327043-001 2.2: UNCONFIRMED): an
# event that needs it cannot be programmed as its list says, so it is refused, naming the filter.
FILTER_UNITS = {"CBoFilter": "CBO", "PCUFilter": "PCU"}
NO_FILTER_REGISTER = {"UBoxFilter"}


@dataclass
class Encoding:
    kind: str                  # "gp", "fixed", "uncore", "uncore_fixed", "pci_fixed"
    ctl: int                   # value of the control register while counting
    counters: frozenset = frozenset()   # allowed counter indexes (gp, uncore)
    fixed: int = -1            # hardware fixed counter (fixed)
    extra: dict = field(default_factory=dict)      # MSR -> value it must hold
    optional: frozenset = frozenset()   # MSRs it may also write (bits: the runner's rule)
    unit: dict = None          # uncore: UBOX / CBOX / PCU


@dataclass
class Expect:
    name: str
    alts: list = field(default_factory=list)   # [Encoding]: any one of them
    refuse: str = None         # regex of the refusal's reason
    skip: str = None           # not compared (the model has no such unit): why


def num(s):
    return int(str(s).strip(), 0)


def split_nums(s):
    return [num(x) for x in str(s).split(",") if x.strip()]


def counter_set(s):
    return frozenset(int(x) for x in str(s).split(",") if x.strip().isdigit())


def load_events(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)["Events"]


def fixed_counter(e):
    """Hardware fixed counter of a fixed-only event, by what it counts (SDM Vol. 4 table 2-2)."""
    for prefix, idx in FIXED_BY_PREFIX:
        if e["EventName"].startswith(prefix):
            return idx
    raise ValueError(f"{e['EventName']}: fixed-counter event of unknown kind")


def gp_word(e, event, umask=None):
    w = event | (num(e["UMask"]) if umask is None else umask) << 8 | USR | OS | EN
    w |= EDGE if num(e.get("EdgeDetect", 0)) else 0
    w |= ANY if num(e.get("AnyThread", 0)) else 0
    w |= INV if num(e.get("Invert", 0)) else 0
    w |= EQ if num(e.get("Equal", 0)) else 0
    w |= num(e.get("UMaskExt", 0)) << UMASK2_SHIFT
    return w | num(e.get("CounterMask", 0)) << CMASK_SHIFT


def offcore_valid(list_name, msr):
    v = OFFCORE_VALID.get(list_name, OFFCORE_VALID_DEFAULT)
    return v[msr] if isinstance(v, dict) else v


def core_expect(e, list_name):
    """What perf programs for one core event of list list_name (its perfmon directory, or
    its file name where one directory holds a list per core type)."""
    name = e["EventName"]
    msrs = split_nums(e.get("MSRIndex", "0"))
    if msrs[0] == MSR_PEBS_FRONTEND:
        return Expect(name, refuse=r"(?i)0x3F7|frontend")
    if e["Counter"].strip().startswith("Fixed counter"):
        nib = FIXED_OS | FIXED_USR | (FIXED_ANY if num(e.get("AnyThread", 0)) else 0)
        return Expect(name, [Encoding("fixed", nib, fixed=fixed_counter(e))])
    ctrs = counter_set(e["Counter"]) | counter_set(e.get("CounterHTOff") or "")
    codes, umasks = split_nums(e["EventCode"]), split_nums(e["UMask"])
    value = num(e.get("MSRValue", 0))
    if num(e.get("Offcore", 0)):
        n = max(len(codes), len(umasks), len(msrs))
        alts = [(codes[min(i, len(codes) - 1)], umasks[min(i, len(umasks) - 1)], msrs[i])
                for i in range(n)]
        alts = [a for a in alts if not value & ~offcore_valid(list_name, a[2])]
        if not alts:
            return Expect(name, refuse=r"(?i)offcore|valid|reserved")
        return Expect(name, [Encoding("gp", gp_word(e, c, u), ctrs, extra={m: value})
                             for c, u, m in alts])
    enc = Encoding("gp", gp_word(e, codes[0], umasks[0]), ctrs)
    if (codes[0], umasks[0]) in OFFCORE_READERS and list_name in OFFCORE_READER_LISTS:
        # the generic OFFCORE_RESPONSE (no value): perf still writes its config1, 0
        enc.extra = {OFFCORE_READERS[(codes[0], umasks[0])]: 0}
        return Expect(name, [enc])
    if msrs and msrs[0] == MSR_LD_LAT:
        enc.extra = {MSR_LD_LAT: value}
        enc.optional = frozenset({MSR_PEBS_ENABLE})
    return Expect(name, [enc])


def filter_value(e):
    """(unit, value) of the filter register a named event needs, or None."""
    f = e.get("Filter") or "null"
    if f == "null":
        return None
    value, unit = 0, None
    for reg, hi, lo in re.findall(r"(\w+)\[(\d+):(\d+)\]", f):
        unit = FILTER_UNITS.get(reg)
        value |= FILTER_DEFAULT.get((int(hi), int(lo)), 0) << int(lo)
    return (unit, value) if unit else None


def cha_filters(e):
    """(FILTER0, FILTER1) of a Skylake-SP CHA event: its value at the register it names."""
    f = (e.get("Filter") or "na").strip()
    vals = [0, 0]
    if f in ("na", "null"):
        return tuple(vals)
    m = re.fullmatch(r"(?i)(?:CHA)?filter([01])(?:\[(\d+):(\d+)\])?", f)
    if not m:
        raise ValueError(f"{e['EventName']}: CHA filter '{f}' not understood")
    reg, value = int(m.group(1)), num(e.get("FILTER_VALUE", 0))
    lo = int(m.group(3) or 0)
    width = int(m.group(2) or 31) - lo + 1
    if value:
        vals[reg] = value << lo
    elif reg == 1:
        vals[1] = SKX_CHA_ALL[1]
    else:   # the state field where the named bits hold it
        vals[0] = SKX_CHA_ALL[0] & ((1 << width) - 1) << lo
    return tuple(vals)


def qpi_term_expects(events):
    """QPI match/mask terms on UNC_Q_CTO_COUNT (QPI_TERM_RUNS) and one on another event."""
    cto = next(e for e in events if e["Unit"] == "QPI LL" and num(e["EventCode"]) == 0x38)
    plain = uncore_expect(cto).alts[0]
    out = []
    for port, terms in QPI_TERM_RUNS:
        cfg = [0, 0]   # config1 (match), config2 (mask)
        for t in terms.split(","):
            key, val = t.split("=")
            which = 0 if key.startswith("match") else 1
            lsb, width = QPI_FMT[key.split("_")[1] if "_" in key else key[-1]]
            cfg[which] = cfg[which] & ~(((1 << width) - 1) << lsb) | num(val) << lsb
        name = f"uncore_qpi_{port}/{cto['EventName']},{terms}/"
        fields = sum(((1 << w) - 1) << lsb for k, (lsb, w) in QPI_FMT.items() if len(k) > 1)
        if (cfg[0] | cfg[1]) & ~fields:
            out.append(Expect(name, refuse=r"reserved bit"))
            continue
        pkt = (cfg[0] & 0xFFFFFFFF, cfg[0] >> 32, cfg[1] & 0xFFFFFFFF, cfg[1] >> 32)
        out.append(Expect(name, [replace(plain, extra={"pkt": pkt})]))
    out.append(Expect("uncore_qpi_0/UNC_Q_CLOCKTICKS,match_rds=1/", refuse=r"match/mask"))
    return out


def uncore_expect(e, lst="JKT"):
    """What perf programs for one event of list lst's uncore boxes (None: another unit)."""
    unit = UNITS_OF[lst].get(e["Unit"])
    name = e["EventName"]
    if unit is None and lst in DISC_LISTS:
        return Expect(name, refuse=r"unknown event", skip=f"{e['Unit']}: not taken by name")
    if unit is None:
        return None
    high = 0   # the control's bits beyond the umask: UMaskExt, PortMask, FCMask
    ux, port, fc = (num(e.get(k, 0)) for k in ("UMaskExt", "PortMask", "FCMask"))
    # A control with ch_mask and fc_mask and no umask extension (the IIO): a UMaskExt that, read
    # as the control's bits from UMASK_EXT_LSB up, sets exactly those two fields' bits is taken
    # as them, anything else refused.
    pf = port << unit["port_shift"] | fc << unit["fc_shift"] if "port_shift" in unit else None
    if ux:
        if "umask_ext_shift" in unit and not ux >> unit["umask_ext_bits"]:
            high |= ux << unit["umask_ext_shift"]
        elif "umask_ext_shift" in unit or ux << UMASK_EXT_LSB != pf:
            return Expect(name, refuse=r"UMaskExt")
    if port or fc:
        if pf is None or port >> unit["port_bits"] or fc >> 3:
            return Expect(name, refuse=r"PortMask|FCMask")
        high |= pf
    if num(e.get("ExtSel", 0)) and not unit["extsel"]:
        return Expect(name, refuse=r"(?i)ext(sel|ension| ?select)")
    if any(reg in NO_FILTER_REGISTER for reg in re.findall(r"(\w+)\[", e.get("Filter") or "")):
        return Expect(name, refuse=r"(?i)filter")
    if "pci" in unit and "pci_match" not in unit and \
            (e.get("Filter") or "null") not in ("null", "na"):
        return Expect(name, refuse=r"(?i)filter")
    if name in PCI_FIXED and lst == "JKT":
        return Expect(name, [Encoding("pci_fixed", UNC_EN, unit=unit)])
    if name in UCLK_FIXED or (e.get("Counter") or "").strip() == "FIXED":
        return Expect(name, [Encoding("uncore_fixed", UNC_EN, unit=unit)])
    event, umask = num(e["EventCode"]), num(e["UMask"])
    if umask & ~unit["umask_bits"]:
        return Expect(name, refuse=r"(?i)umask|occ_sel|reserved")
    word = event | umask << 8 | UNC_EN | (EXTSEL if num(e.get("ExtSel", 0)) else 0) | high
    enc = Encoding("uncore", word, counter_set(e["Counter"]), unit=unit)
    if "pci_match" in unit:   # the HA: its three match registers at 0 (the list gives none)
        enc.extra = {"match": (0, 0, 0)}
        return Expect(name, [enc])
    if unit.get("cha_filter"):
        # both filters are written whenever the box is used: the list's value, else 0
        enc.extra = dict(zip(("filter", "filter1"), cha_filters(e)))
        return Expect(name, [enc])
    if unit is QPI and event == 0x38 and num(e.get("ExtSel", 0)):
        enc.extra = {"pkt": (0, 0, 0, 0)}   # the packet match/mask, above
        return Expect(name, [enc])
    flt = filter_value(e)
    if flt or "filter" in unit:
        # A box with a filter register has it written whenever the box is used: the event's
        # value, else 0, so nothing firmware left there filters the count (issue 12 item 1).
        enc.extra = {"filter": flt[1] if flt else 0}   # the filter MSR of the box the runner finds
    return Expect(name, [enc])


# AMD uncore (Linux arch/x86/events/amd/uncore.c; AMD PPR 56176, family 17h model 31h; PPR
# 55901, family 19h model 11h; AMD64 APM vol. 3 appendix E, CPUID Fn8000_0022), each field as
# perf's format gives its bits, a value filling the pieces in order:
# - amd_l3: ChL3PmcCfg n at 0xC0010230 + 2 n (6 counters); format event8 config:0-7, umask
#   8-15; family 17h slicemask 48-51, threadmask 56-63, each all ones where the event leaves
#   it 0; family 19h on coreid 42-44, enallslices 46, enallcores 47, sliceid 48-50,
#   threadmask 56-57, and without a threadmask threadmask 3, enallslices and enallcores
#   (l3_thread_slice_mask). Enable bit 22.
# - amd_df: 0xC0010240 + 2 n (4 counters, or CPUID 0x80000022 EBX[15:10] under PerfMonV2);
#   event14 config:0-7,32-35,59-60 and umask 8-15, under PerfMonV2 (EAX[0]) event14v2
#   config:0-7,32-37 and umask12 config:8-15,24-27. Enable bit 22.
# - amd_umc_N (PerfMonV2 only): N a bit of ECX (the active UMCs); EBX[21:16] counters in all,
#   shared equally, from 0xC0010800 in the order of N, two MSRs a counter; event 0-7,
#   rdwrmask 8-9; enable bit 31 (AMD64_PERFMON_V2_ENABLE_UMC).
# A value wider than its format is refused (perf: "value too big for format"), a term the
# format lacks is unknown.
AMD_L3_17H = {"event": [(0, 8)], "umask": [(8, 8)], "slicemask": [(48, 4)],
              "threadmask": [(56, 8)]}
AMD_L3_19H = {"event": [(0, 8)], "umask": [(8, 8)], "coreid": [(42, 3)], "enallslices": [(46, 1)],
              "enallcores": [(47, 1)], "sliceid": [(48, 3)], "threadmask": [(56, 2)]}
AMD_DF = {"event": [(0, 8), (32, 4), (59, 2)], "umask": [(8, 8)]}
AMD_DF_V2 = {"event": [(0, 8), (32, 6)], "umask": [(8, 8), (24, 4)]}
AMD_UMC = {"event": [(0, 8)], "rdwrmask": [(8, 2)]}
AMD_L3_CTL, AMD_DF_CTL, AMD_UMC_CTL, AMD_UMC_EN = 0xC0010230, 0xC0010240, 0xC0010800, 1 << 31
# The terms each profile runs: every combination below of event and umask, then the fields.
AMD_L3_EVENTS, AMD_L3_UMASKS = (0x01, 0x04, 0x06, 0x90, 0x9A, 0xFF), (0x00, 0x01, 0x0F, 0xFF)
AMD_L3_TERMS = {17: ("slicemask=0x1", "threadmask=0x5", "slicemask=0x3,threadmask=0x80",
                     "sliceid=1", "slicemask=0x10", "umask=0x100"),
                19: ("threadmask=1", "threadmask=2,coreid=3", "sliceid=2",
                     "sliceid=5,threadmask=3,enallcores=1", "enallslices=1,threadmask=1",
                     "coreid=7", "slicemask=1", "threadmask=4", "umask=0x100")}
AMD_DF_EVENTS = (0x07, 0x1F, 0xC7, 0x1C7, 0x3C7, 0xFFF, 0x1007, 0x3FFF, 0x4000)
AMD_DF_UMASKS = (0x00, 0x38, 0xFF, 0x100, 0x7FE, 0xFFF, 0x1000)
AMD_UMC_EVENTS = (0x00, 0x0A, 0x14, 0xFF)


def cpuid_dump(path):
    """{leaf: (eax, ebx, ecx, edx)} of the first logical CPU of an InstLatx64 dump."""
    out = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"CPUID ([0-9A-F]{8}): ([0-9A-F]{8})-([0-9A-F]{8})-([0-9A-F]{8})-"
                         r"([0-9A-F]{8})", line)
            if m and int(m.group(1), 16) not in out:
                out[int(m.group(1), 16)] = tuple(int(m.group(i), 16) for i in range(2, 6))
    return out


def amd_place(fmt, terms):
    """(config, None) from "a=1,b=2" by perf's format, or (None, why)."""
    config = 0
    for t in terms.split(","):
        key, val = t.split("=")
        if key not in fmt:
            return None, f"unknown term '{key}'"
        v = num(val)
        for lsb, width in fmt[key]:
            config |= (v & ((1 << width) - 1)) << lsb
            v >>= width
        if v:
            return None, "too wide"
    return config, None


def amd_expects(dump):
    """[Expect] of the AMD uncore specs on the machine whose CPUID dump is given."""
    ids = cpuid_dump(dump)
    eax = ids[1][0]
    family = (eax >> 8 & 0xF) + (eax >> 20 & 0xFF)
    v2_eax, v2_ebx, v2_ecx, _ = ids.get(0x80000022, (0, 0, 0, 0))
    v2 = bool(v2_eax & 1)
    out = []

    def add(pmu, fmt, terms, ctl, ncounters, en=UNC_EN, fill=None):
        name = f"{pmu}/{terms}/"
        config, why = amd_place(fmt, terms)
        if why:
            out.append(Expect(name, refuse=re.escape(why)))
            return
        unit = dict(box=re.escape(pmu), ctl=ctl, ctl_step=2, umask_bits=0xFF, extsel=False)
        word = (fill(config) if fill else config) | en
        out.append(Expect(name, [Encoding("uncore", word, frozenset(range(ncounters)),
                                          unit=unit)]))

    def l3_fill(c):
        if family <= 0x18:
            return c | (0 if c & 0xF << 48 else 0xF << 48) | (0 if c & 0xFF << 56 else 0xFF << 56)
        return c if c & 3 << 56 else c | 3 << 56 | 1 << 46 | 1 << 47

    l3 = AMD_L3_17H if family <= 0x18 else AMD_L3_19H
    for ev in AMD_L3_EVENTS:
        for um in AMD_L3_UMASKS:
            add("amd_l3", l3, f"event={ev:#x},umask={um:#x}", AMD_L3_CTL, 6, fill=l3_fill)
    for terms in AMD_L3_TERMS[17 if family <= 0x18 else 19]:
        add("amd_l3", l3, "event=0x4," + terms, AMD_L3_CTL, 6, fill=l3_fill)
    df, ndf = (AMD_DF_V2, v2_ebx >> 10 & 0x3F) if v2 else (AMD_DF, 4)
    for ev in AMD_DF_EVENTS:
        for um in AMD_DF_UMASKS:
            add("amd_df", df, f"event={ev:#x},umask={um:#x}", AMD_DF_CTL, ndf)
    active = [n for n in range(32) if v2_ecx >> n & 1] if v2 else []
    per = (v2_ebx >> 16 & 0x3F) // len(active) if active else 0
    for n in range(16):
        if n not in active:
            why = "active" if v2 else "PerfMonV2"
            out.append(Expect(f"amd_umc_{n}/event=0xa/", refuse=why))
            continue
        base = AMD_UMC_CTL + 2 * per * active.index(n)
        for ev in AMD_UMC_EVENTS:
            for rw in range(5):
                add(f"amd_umc_{n}", AMD_UMC, f"event={ev:#x},rdwrmask={rw}", base, per,
                    en=AMD_UMC_EN)
    return out


# Diamond Rapids, Panther Lake and Nova Lake: Intel publishes no uncore event list of them, so,
# as for AMD above, raw specs of each unit type's counter control as Linux's formats define it
# (a format's value filling its pieces in order, amd_place), the unit's PMU named as Linux
# names it. Sources (restated here, never read):
#   DMR-5  Linux tip 6daf2c35b835 "Add IMH PMON support for Diamond Rapids" (uncore_snbep.c)
#   DMR-6  Linux tip 66e2075426f3 "Add CBB PMON support for Diamond Rapids"
#   PTL-3  Linux tip 64ad6d6ede0c "Add Panther Lake support" (uncore_snb.c ptl_uncores[])
#   PTL-13 Linux tip 46da08a2bb4d "Add missing PMON units for Panther Lake"
#   NVL-14 Linux tip e7d5f2ea0923 "Add Nova Lake support"
#   L-DISC Linux uncore_discovery.c generic_uncore_formats_attr, GENERIC_PMON_RAW_EVENT_MASK
#   L-SNB  Linux uncore_snb.c adl_uncore_formats_attr, ADL_UNC_RAW_EVENT_MASK, MTL_UNC_*
# Formats:
# - generic (L-DISC; a discovered type with no format group of its own: DMR's PCU, U-box,
#   SANTA, cNCU, sNCU, CRS, CMS; PTL's and NVL's iMC, sNCU, HBO): event 0-7, umask 8-15,
#   edge 18, inv 23, thresh 24-31. No tid_en: DMR-6 marks bit 16 reserved on CBO, SBO and
#   SANTA and takes the extended umask from SANTA and sNCU.
# - umask_ext5 (DMR-5 dmr_sca_uncore_formats_attr: SCA, HAMVF, ULA, UBR, CPC, ITC, OTC; DMR-6:
#   CBO, DDA, SBO): the generic one with umask config:8-15,32-63 (DMR_HAMVF_EVENT_MASK_EXT).
# - CXLCM (DMR-5): event, umask, edge 18, inv 21 (inv2), thresh 23-31 (thresh9_2), port_en
#   32-35. Linux's kernel mask for it is GENERIC_PMON_RAW_EVENT_MASK, which leaves out bit 21:
#   its inv= never reaches the register there; the format, the hardware's field, is taken.
# - PCIE4, PCIE6 (DMR-5 dmr_pcie4_uncore_formats_attr): the generic ones, thresh_ext 32-35,
#   rs3_sel 36, rx_sel 37, tx_sel 38, iep_sel 39, vc_sel 40-47, port_sel 48-55.
# - DMR iMC (DMR-5 dmr_imc_uncore_formats_attr): event, umask, edge, inv 23, thresh 23-32
#   (thresh10, over inv's bit); an MMIO control of one dword (written with writel), so no
#   bit from 32 up can be written.
# - ADL client (L-SNB: PTL's and NVL's CBOX, SANTA, ia_core_bridge): event 0-7, umask 8-15,
#   edge 18, inv 23, threshold 24-29; the cNCU a fixed counter alone, "clockticks" (its
#   config 0xff, perf's UNCORE_FIXED_EVENT: Linux uncore.c, icl_uncore_events), its
#   control the enable bit 22 and its box control SNB_UNC_GLOBAL_CTL_EN (29) while counting
#   (mtl_uncore_msr_init_box).
# Every counter control has the enable bit 22 set by the tool while counting (as for the
# discovery units above). A bit no field of the format holds is refused (Linux masks it away
# silently; efipmu says so in one line), bit 22 as the tool's own; a name no format has
# (tid_en) is an unknown term.
LNX_GENERIC = {"event": [(0, 8)], "umask": [(8, 8)], "edge": [(18, 1)], "inv": [(23, 1)],
               "thresh": [(24, 8)]}
LNX_UMASK_EXT5 = dict(LNX_GENERIC, umask=[(8, 8), (32, 32)])
LNX_CXLCM = {"event": [(0, 8)], "umask": [(8, 8)], "edge": [(18, 1)], "inv": [(21, 1)],
             "thresh": [(23, 9)], "port_en": [(32, 4)]}
LNX_PCIE4 = dict(LNX_GENERIC, thresh_ext=[(32, 4)], rs3_sel=[(36, 1)], rx_sel=[(37, 1)],
                 tx_sel=[(38, 1)], iep_sel=[(39, 1)], vc_sel=[(40, 8)], port_sel=[(48, 8)])
LNX_DMR_IMC = dict(LNX_GENERIC, thresh=[(23, 10)])
LNX_ADL = {"event": [(0, 8)], "umask": [(8, 8)], "edge": [(18, 1)], "inv": [(23, 1)],
           "threshold": [(24, 6)]}
RAW_EN_BIT = 22


def raw_unit(pmu, boxes, fmt, nctr, where, dword=False, numbered=False, **kw):
    """A unit type of a part with no list: its PMU name ("uncore_cbo": uncore_cbo_0 ..., or
    the one box's name when boxes is 1), format, counters, and where its registers are:
    where = the check_enc unit dict's place keys (ctl, stride, box_ctl; or mmio_at)."""
    return dict(pmu=pmu, boxes=boxes, fmt=fmt, nctr=nctr, dword=dword, numbered=numbered,
                unit=dict(where, **kw))


def raw_box_name(u, n):
    """Box n's PMU name: a type of one box Linux does not number (uncore_ia_core_bridge, NVL's
    uncore_cncu) is its name alone; a discovered unit is always numbered (uncore_sncu_0)."""
    return u["pmu"] if u["boxes"] == 1 and not u.get("numbered") else f"{u['pmu']}_{n}"


def raw_mixed(i, pieces):
    """Field i's value in the all-fields spec: bits that differ from field to field, never 0."""
    top = (1 << sum(w for _l, w in pieces)) - 1
    return (0x96C3A5F0E1D2B487 >> 3 * i & top) or 1


# The parts' units. Places: the client boxes' MSRs are Linux's (L-SNB MTL_UNC_*, PTL-13,
# NVL-14: PTL CBOX 0x2442 / 6 boxes 0x10 apart, SANTA 0x2412 / 2, ia_core_bridge 0x2022, cNCU
# box 0x240E, fixed control 0x2402 / 2 boxes 0x140 apart; NVL CBOX 0x2102 / 12, SANTA 0x2042 /
# 2, cNCU box 0x202E, fixed control 0x2022). A discovered unit is where the reference model's
# table puts it (no firmware's place is published; lib/model/model_disc_dmr.c,
# model_disc_client.c): DMR CBO n at MSR 0x2000 + 0x10 n, controls +2, 8 of them; DMR iMC
# channel c of controller k in MMIO at 0xC0000000 + 0x100000 k + 0x22800 + 0x4000 c, controls
# +0x40 (4 apart); PTL's and NVL's table units at 0xD0020000 + 0x4000 i (i: iMC 0-1, sNCU,
# HBO 0-1), controls +0x40. Controls 1 apart in an MSR unit, 4 in an MMIO one (Linux's
# generic discovery boxes).
DMR_IMC_AT = [0xC0000000 + 0x100000 * (i // 2) + 0x22800 + 0x4000 * (i % 2) for i in range(8)]
CLIENT_TABLE_AT = [0xD0020000 + 0x4000 * i for i in range(5)]


def client_units(cbox, ncbox, santa, bridge, cncu, ncncu, cncu_step):
    """A client part's boxes at fixed MSRs (no ia_core_bridge where bridge is 0), then its
    table's units. A general box's 8 MSRs: controls EVTSEL n, counters CTR n = EVTSEL 0 + 6 + n;
    a cNCU's from its fixed control to its box control."""
    gp = [raw_unit("uncore_cbox", ncbox, LNX_ADL, 2, dict(box=r"uncore_cbox_(\d+)", ctl=cbox,
                                                           stride=0x10, claim=(cbox, 8))),
          raw_unit("uncore_santa", 2, LNX_ADL, 2, dict(box=r"uncore_santa_(\d+)", ctl=santa,
                                                        stride=0x10, claim=(santa, 8)))]
    if bridge:
        gp.append(raw_unit("uncore_ia_core_bridge", 1, LNX_ADL, 2,
                           dict(box=r"uncore_ia_core_bridge", ctl=bridge, claim=(bridge, 8))))
    box, fixed = cncu
    nc = dict(box=r"uncore_cncu_(\d+)" if ncncu > 1 else r"uncore_cncu", stride=cncu_step,
              fixed_ctl=fixed, box_ctl=box, frz=0, box_on=1 << 29,
              claim=(fixed, box - fixed + 1))
    gp.append(raw_unit("uncore_cncu", ncncu, None, 0, nc))
    table = [raw_unit("uncore_imc", 2, LNX_GENERIC, 4, dict(box=r"uncore_imc_(\d+)", mmio=True,
                                                           mmio_at=CLIENT_TABLE_AT[0:2]),
                      dword=True, numbered=True, frz=DISC_FRZ),
             raw_unit("uncore_sncu", 1, LNX_GENERIC, 4, dict(box=r"uncore_sncu_(\d+)", mmio=True,
                                                            mmio_at=CLIENT_TABLE_AT[2:3]),
                      dword=True, numbered=True, frz=DISC_FRZ),
             raw_unit("uncore_hbo", 2, LNX_GENERIC, 4, dict(box=r"uncore_hbo_(\d+)", mmio=True,
                                                           mmio_at=CLIENT_TABLE_AT[3:5]),
                      dword=True, numbered=True, frz=DISC_FRZ)]
    return gp + table


# Diamond Rapids' other types, one unit each in the model's CBB table, slot k at MSR
# 0x2100 + 0x10 k (lib/model/model_disc_units.h), by Linux's name (dmr_uncores[]) and format:
# the PCU (spr_uncore_pcu) and U-box (gnr_uncore_ubox) are generic, as are SANTA, cNCU, sNCU
# (DMR-6: no umask extension), CRS and CMS.
DMR_OTHER = (("pcu", LNX_GENERIC), ("ubox", LNX_GENERIC), ("sca", LNX_UMASK_EXT5),
             ("cxlcm", LNX_CXLCM), ("hamvf", LNX_UMASK_EXT5), ("santa", LNX_GENERIC),
             ("cncu", LNX_GENERIC), ("sncu", LNX_GENERIC), ("ula", LNX_UMASK_EXT5),
             ("dda", LNX_UMASK_EXT5), ("sbo", LNX_UMASK_EXT5), ("ubr", LNX_UMASK_EXT5),
             ("pcie4", LNX_PCIE4), ("crs", LNX_GENERIC), ("cpc", LNX_UMASK_EXT5),
             ("itc", LNX_UMASK_EXT5), ("otc", LNX_UMASK_EXT5), ("cms", LNX_GENERIC),
             ("pcie6", LNX_PCIE4))


def dmr_msr_unit(name, fmt, boxes, box_ctl):
    """A Diamond Rapids MSR unit type: boxes 0x10 apart from box_ctl, controls +2."""
    return raw_unit(f"uncore_{name}", boxes, fmt, 4,
                    dict(box=rf"uncore_{name}_(\d+)", ctl=box_ctl + 2, stride=0x10,
                         box_ctl=box_ctl), numbered=True, frz=DISC_FRZ)


RAW_UNITS = {
    "diamond-rapids": [
        dmr_msr_unit("cbo", LNX_UMASK_EXT5, 8, 0x2000),
        raw_unit("uncore_imc", 8, LNX_DMR_IMC, 4,
                 dict(box=r"uncore_imc_(\d+)", mmio=True, mmio_at=DMR_IMC_AT), dword=True,
                 frz=DISC_FRZ),
    ] + [dmr_msr_unit(name, fmt, 1, 0x2100 + 0x10 * k)
         for k, (name, fmt) in enumerate(DMR_OTHER)],
    "panther-lake": client_units(0x2442, 6, 0x2412, 0x2022, (0x240E, 0x2402), 2, 0x140),
    "nova-lake": client_units(0x2102, 12, 0x2042, 0, (0x202E, 0x2022), 1, 0),
}


# PMUs a part must not have: Diamond Rapids' broken MSE (IMH) and SB2UCIE (CBB), which Linux
# ignores (DMR-5, DMR-6) and the model's tables list; Nova Lake's ia_core_bridge (none in
# NVL-14: its MSR 0x2022 is the cNCU's fixed control there).
RAW_ABSENT = {"diamond-rapids": ("uncore_mse_0", "uncore_sb2ucie_0"),
              "nova-lake": ("uncore_ia_core_bridge",), "panther-lake": ()}


def raw_fields_mask(fmt):
    """The bits a format's fields hold (the DMR iMC's thresh and inv share bit 23)."""
    mask = 0
    for pieces in fmt.values():
        for lsb, width in pieces:
            mask |= ((1 << width) - 1) << lsb
    return mask


def raw_expects(prof):
    """[(spec, [Expect])] of profile prof's units, on each type's first and last box: every
    field at its largest value and one past it, all fields at once, the raw config of every
    field bit and of each bit no field holds, tid_en; every counter of the last box; one box
    past the last; each PMU the part must not have."""
    out = [(f"{pmu}/event=0x1/", [Expect(f"{pmu}/event=0x1/", refuse=r"unknown PMU")])
           for pmu in RAW_ABSENT[prof]]
    for u in RAW_UNITS[prof]:
        last = u["boxes"] - 1
        names = [raw_box_name(u, 0)] + ([raw_box_name(u, last)] if last else [])
        past = f"{u['pmu']}_{u['boxes']}"
        out.append((f"{past}/event=0x1/", [Expect(f"{past}/event=0x1/", refuse=r"unknown PMU")]))
        if u["fmt"] is None:   # the cNCU: its fixed counter, by perf's name or its config
            for b in names:   # UNCORE_FIXED_EVENT 0xff (Linux uncore.c; icl_uncore_events)
                for spec in ("clockticks", "event=0xff"):
                    x = Expect(f"{b}/{spec}/", [Encoding("uncore_fixed", UNC_EN,
                                                         unit=u["unit"])])
                    out.append((x.name, [x]))
            for spec in ("event=0x1", "event=0xff,edge=1"):
                x = Expect(f"{names[0]}/{spec}/", refuse=r"no counter")
                out.append((x.name, [x]))
            continue
        fmt = u["fmt"]
        specs = []
        for key, pieces in fmt.items():
            width = sum(w for _l, w in pieces)
            top = (1 << width) - 1
            specs += [f"{key}={top:#x}", f"{key}={top + 1:#x}"]
            if width > 1:   # its lowest bit alone, and bits that differ: a misplaced piece shows
                specs += [f"{key}=0x1", f"{key}={0x5A5A5A5A5A5A5A5A & top:#x}"]
        specs.append(",".join(f"{k}={raw_mixed(i, p):#x}"
                              for i, (k, p) in enumerate(fmt.items())))
        specs.append("tid_en=1")
        fields = raw_fields_mask(fmt)
        limit = 32 if u["dword"] else 64
        fields &= (1 << limit) - 1
        specs.append(f"config={fields:#x}")
        for bit in range(64):
            if not fields >> bit & 1 and bit != RAW_EN_BIT:
                specs.append(f"config={1 << bit:#x}")
        specs.append(f"config={1 << RAW_EN_BIT:#x}")
        for spec in specs:
            for b in names:
                name = f"{b}/{spec}/"
                out.append((name, [raw_expect(name, fmt, spec, u)]))
        # every counter of the last box, one event each
        xs = [raw_expect(f"{names[-1]}/event={k + 1:#x}/", fmt, f"event={k + 1:#x}", u)
              for k in range(u["nctr"])]
        out.append((",".join(x.name for x in xs), xs))
    return out


def raw_expect(name, fmt, terms, u):
    """The Expect of one spec of unit u: its control's value, or the refusal's reason."""
    key, _eq, val = terms.partition("=")
    limit = 32 if u["dword"] else 64
    if key == "config":
        v = num(val)
        bad = v & ~raw_fields_mask(fmt) | (v >> limit << limit)
        if v >> RAW_EN_BIT & 1:
            return Expect(name, refuse=r"'en' is set by efipmu")
        if bad:
            return Expect(name, refuse=rf"reserved bit {(bad & -bad).bit_length() - 1}\b")
        config = v
    else:
        config, why = amd_place(fmt, terms)
        if why:
            return Expect(name, refuse=re.escape(why))
        if config >> limit:
            return Expect(name, refuse=r"too wide|reserved bit")
    return Expect(name, [Encoding("uncore", config | UNC_EN, frozenset(range(u["nctr"])),
                                  unit=u["unit"])])
