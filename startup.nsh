@echo -off
# SPDX-License-Identifier: BSD-2-Clause-Patent
# efipmu from the UEFI Shell: finds the app on the first file system that has it
# and runs it. Settings come from efipmu.cfg beside it, or add options here
# (see "efipmu.efi --help").
for %d in fs0 fs1 fs2 fs3 fs4 fs5 fs6 fs7
  if exist %d:\efipmu.efi then
    %d:
    \efipmu.efi
    goto done
  endif
  if exist %d:\EFI\BOOT\BOOTX64.EFI then
    %d:
    \EFI\BOOT\BOOTX64.EFI
    goto done
  endif
endfor
echo "efipmu: efipmu.efi not found on fs0-fs7"
:done
