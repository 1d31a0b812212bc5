# SPDX-License-Identifier: BSD-2-Clause-Patent
# Mutation testing: every deliberate defect of tests/mutants/mutants.txt, one at a time,
# against the whole unit suite (scripts/mutants.py); prints "mutants: N caught, M survived".
# make test runs the short set (tests/mutants/suite.sh).
mutants: deps-test
	@python3 scripts/mutants.py

.PHONY: mutants
