#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause-Patent
"""tools/gen_events.py's rules on made-up list entries, for the cases Intel's lists do not
have (yet): run by scripts/check-generated.sh (stdlib unittest)."""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
import gen_events  # noqa: E402

# Sapphire Rapids' UNC_IIO_DATA_REQ_BY_CPU.MEM_READ.PART0
IIO = {"Unit": "IIO", "UMaskExt": "0x00070010", "PortMask": "0x0001", "FCMask": "0x07"}


class ControlExt(unittest.TestCase):
    def test_iio_umask_ext_restating_port_and_fc_mask_dropped(self):
        self.assertEqual(gen_events.control_ext("IIO", IIO), (0, 1, 7))
        ubox = dict(IIO, UMaskExt="0x00010FF0", PortMask="0x0FF", FCMask="0x01")
        self.assertEqual(gen_events.control_ext("IIO", ubox), (0, 0xFF, 1))

    def test_any_other_umask_ext_kept_for_the_box_to_refuse(self):
        for other in (0x70020, 0x70011, 0x80010, 0x10):
            got = gen_events.control_ext("IIO", dict(IIO, UMaskExt=hex(other)))
            self.assertEqual(got, (other, 1, 7))
        self.assertEqual(gen_events.control_ext("IIO", {"UMaskExt": "0x3"}), (3, 0, 0))

    def test_other_units_keep_their_umask_ext(self):
        self.assertEqual(gen_events.control_ext("CHA", {"UMaskExt": "0x00C8F3FF"}),
                         (0xC8F3FF, 0, 0))
        self.assertEqual(gen_events.control_ext("M2PCIe", IIO), (0x70010, 1, 7))


if __name__ == "__main__":
    unittest.main()
