#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause-Patent
# Installs the Debian packages a target needs, only those missing.
# Usage: scripts/deps.sh build|test|run|usb
set -euo pipefail
case "${1:-}" in
  build) pkgs=(gnu-efi gcc binutils make) ;;
  test)  pkgs=(gnu-efi gcc binutils make libcmocka-dev valgrind python3 clang cppcheck clang-tidy
          libxml2-utils python3-junitparser
          chromium libsqlite3-dev sqlite3 libpq-dev postgresql) ;;   # report: headless Chromium;
          # db: SQLite, and libpq and a PostgreSQL server (the store suite's own); junit: xmllint, junitparser
  run)   pkgs=(gnu-efi gcc binutils make qemu-system-x86 ovmf mtools dosfstools fdisk python3
          sbsigntool openssl) ;;   # the Secure Boot case signs the app
  usb)   pkgs=(gnu-efi gcc binutils make mtools dosfstools fdisk sbsigntool) ;;   # fdisk: sfdisk
  *) echo "usage: $0 build|test|run|usb" >&2; exit 2 ;;
esac
if [ "$1" = test ] && command -v clang >/dev/null; then
  # libFuzzer comes with clang's runtime, only a "Recommends" of clang: name it for this clang.
  pkgs+=("libclang-rt-$(clang -dumpversion | cut -d. -f1)-dev")
fi
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "deps: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  SUDO=sudo
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q >/dev/null
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
# clang itself was just installed: its runtime (libFuzzer) follows on the next call.
[ "$1" = test ] && command -v clang >/dev/null && ! dpkg-query -W -f='${Status}' \
  "libclang-rt-$(clang -dumpversion | cut -d. -f1)-dev" 2>/dev/null | grep -q "install ok installed" &&
  exec "$0" test
exit 0
