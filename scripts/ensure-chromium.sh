#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (Playwright cannot download its own browser here).
# Installs it on a fresh Debian machine when run as root; otherwise says exactly what to run.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium not found at $chromium_path: installing Debian's chromium package..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium is required for the browser tests and was not found at $chromium_path." >&2
echo "Install it with: sudo apt-get update && sudo apt-get install -y chromium" >&2
echo "(or point CHROMIUM_PATH at an existing Chromium binary)" >&2
exit 1
