#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause-Patent
# Checks the claims of lib/check/kernels.c's table with callgrind, a counter that
# shares no code with the table. The kernels are top-level asm (lib/check/kernel_bodies.h:
# the body, then ret; the app's windows run the same bodies inline, efi/gated.c), so
# the compiler's flags cannot change them: kernels.c is built once, with the app's flags.
# Callgrind collects only inside the kernel's function (--toggle-collect), so it
# counts the body and the ret; the `empty` kernel (the ret alone) is subtracted.
# Each kernel runs with two iteration counts, which checks both the per-iteration
# and the fixed part.
# Compared (after subtracting `empty`):
#   Ir          == instructions          (exact)
#   Bc - locked == cond-branches         (exact; valgrind runs a lock-prefixed
#                                         RMW as a compare-and-swap whose retry
#                                         exit callgrind counts as a branch)
#   (Bc - locked) + Bi == branches       (exact; callgrind does not see direct
#                                         jmp/call, and the kernels have none)
#   Dr          == loads                 (exact)
#   Dw          == stores                (exact; a locked RMW is a read and a write)
#   Bcm         in branch-misses bounds  (callgrind's own predictor model)
# Not checkable here: taken-branches, nt-stores, llc-*.
# Prints ok/FAIL per check, then "N passed, N failed"; exits 1 on any failure.
set -u
cd "$(dirname "$0")/../.."
OUT=build/valgrind
mkdir -p "$OUT"
N1=${N1:-1000}
N2=${N2:-3000}
APP_FLAGS="-std=gnu11 -O2 -ffreestanding -fno-stack-protector -fno-stack-check -fpic -mno-red-zone
	-mgeneral-regs-only -maccumulate-outgoing-args"
pass=0
fail=0

build() {  # name, flags for lib/check/kernels.c
	gcc $2 -Wall -Wextra -Werror -Ilib -c lib/check/kernels.c -o "$OUT/kernels-$1.o" &&
	gcc -std=c11 -O1 -g -Wall -Wextra -Werror -Ilib tests/valgrind/kernel-driver.c \
		"$OUT/kernels-$1.o" lib/util/fmt.c lib/util/status.c -o "$OUT/driver-$1"
}

# measure DRIVER KERNEL N: prints "Ir Bc Bi Bcm Dr Dw" collected inside kernel_KERNEL
measure() {
	local f="$OUT/callgrind.$2.$3.out"
	valgrind --tool=callgrind --collect-atstart=no --toggle-collect="kernel_$2" \
		--branch-sim=yes --cache-sim=yes --callgrind-out-file="$f" \
		"$1" run "$2" "$3" >/dev/null 2>"$f.log" || { echo "- - - - - -"; return; }
	awk '/^events:/ { for (i = 2; i <= NF; i++) col[$i] = i - 1 }
	     /^summary:/ { for (i = 2; i <= NF; i++) v[i - 1] = $i }
	     END { printf "%d %d %d %d %d %d\n", v[col["Ir"]], v[col["Bc"]], v[col["Bi"]],
		   v[col["Bcm"]], v[col["Dr"]], v[col["Dw"]] }' "$f"
}

report() {  # ok?, text
	if [ "$1" = 1 ]; then
		pass=$((pass + 1)); echo "ok   $2"
	else
		fail=$((fail + 1)); echo "FAIL $2"
	fi
}

# check LABEL WHAT MEASURED LO HI
check() {
	local ok=0
	[[ "$3" =~ ^-?[0-9]+$ ]] && [ "$3" -ge "$4" ] && [ "$3" -le "$5" ] && ok=1
	if [ "$4" = "$5" ]; then
		report $ok "$1 $2 expected $4 measured $3"
	else
		report $ok "$1 $2 expected [$4, $5] measured $3"
	fi
}

drv="$OUT/driver-app"
if ! build app "$APP_FLAGS"; then
	report 0 "build"
	echo "$pass passed, $fail failed"
	exit 1
fi
read -r wIr wBc wBi wBcm wDr wDw < <(measure "$drv" empty 1)
echo "# the ret (empty kernel): Ir=$wIr Bc=$wBc Bi=$wBi Dr=$wDr Dw=$wDw"
for k in $("$drv" list); do
	for n in $N1 $N2; do
		read -r Ir Bc Bi Bcm Dr Dw < <(measure "$drv" "$k" "$n")
		if [ "$Ir" = - ]; then
			report 0 "$k n=$n: valgrind failed, see $OUT/callgrind.$k.$n.out.log"
			continue
		fi
		declare -A lo=() hi=()
		while read -r ev _ l h; do
			lo[$ev]=$l; hi[$ev]=$h
		done < <("$drv" expect "$k" "$n")
		tag="$k n=$n"
		check "$tag" instructions $((Ir - wIr)) "${lo[instructions]}" "${hi[instructions]}"
		cond=$((Bc - wBc - hi[locked]))
		check "$tag" cond-branches $cond "${lo[cond-branches]}" "${hi[cond-branches]}"
		check "$tag" branches $((cond + Bi - wBi)) "${lo[branches]}" "${hi[branches]}"
		check "$tag" loads $((Dr - wDr)) "${lo[loads]}" "${hi[loads]}"
		check "$tag" stores $((Dw - wDw)) "${lo[stores]}" "${hi[stores]}"
		[ -n "${lo[branch-misses]:-}" ] &&
			check "$tag" branch-misses $((Bcm - wBcm)) "${lo[branch-misses]}" \
				"${hi[branch-misses]}"
	done
done
echo "$pass passed, $fail failed"
[ $fail = 0 ]
