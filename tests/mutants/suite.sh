#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause-Patent
# make test's short mutation run: the mutants of tests/mutants/mutants.txt marked short,
# each against the unit tests named for it, in scratch copies (build/mutants/tree-K).
# `make mutants` runs them all against the whole unit suite. Last line:
# "mutants: N passed, N failed" (caught; survived or broken).
cd "$(dirname "$0")/../.."
exec python3 scripts/mutants.py --short
