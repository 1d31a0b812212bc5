#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause-Patent
# Prints a captured serial console as plain text: ANSI escapes and CRs removed.
sed -e 's/\x1b\[[0-9;?]*[A-Za-z]//g' -e 's/\r//g' "$1" | tr -d '\000'
