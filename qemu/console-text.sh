#!/usr/bin/env bash
# Prints a captured serial console as plain text: ANSI escapes and CRs removed.
sed -e 's/\x1b\[[0-9;?]*[A-Za-z]//g' -e 's/\r//g' "$1" | tr -d '\000'
