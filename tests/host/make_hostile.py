#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause-Patent
"""Logs with hostile strings, for the readers that write markup (efipmu-host junit).

Usage: make_hostile.py FAILED.jsonl CAPTURE.jsonl OUTDIR
  OUTDIR/hostile-selftest.jsonl: FAILED with markup characters and control bytes in the
      header's firmware vendor and settings, and those plus bytes that are not UTF-8 in the
      first failed check's reason;
  OUTDIR/hostile-capture.jsonl: CAPTURE with the same in its SMBIOS system product.
"""
import sys

MARKUP = b'<&\\"\'> \\u0001\\u001b\\u007f <script>'   # JSON escapes: control bytes once read
NOT_UTF8 = b"\xff\xfe\xc0\xaf\xed\xa0\x80"              # invalid, overlong, a surrogate

failed, capture, outdir = sys.argv[1:4]
out, done = [], False
for line in open(failed, "rb").read().splitlines():
    if b'"rec":"header"' in line:
        line = line.replace(b'"firmware_vendor":"', b'"firmware_vendor":"' + MARKUP)
        line = line.replace(b'"options":"', b'"options":"' + MARKUP)
    if not done and b'"result":"FAIL"' in line and b'"reason":"' in line:
        line = line.replace(b'"reason":"', b'"reason":"' + MARKUP + NOT_UTF8)
        done = True
    out.append(line)
assert done, "no failed check with a reason in " + failed
open(outdir + "/hostile-selftest.jsonl", "wb").write(b"\n".join(out) + b"\n")
text = open(capture, "rb").read()
assert b'"product":"Capture-Box"' in text
text = text.replace(b'"product":"Capture-Box"', b'"product":"' + MARKUP + NOT_UTF8 + b'"')
open(outdir + "/hostile-capture.jsonl", "wb").write(text)
