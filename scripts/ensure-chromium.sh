#!/usr/bin/env bash
# Browser tests drive Debian's Chromium headless shell (ADR 0087; Playwright cannot download its
# own browser here); Lighthouse and the size stage drive Debian's full Chromium. The font-swap
# test sets text in Liberation Sans (fonts-liberation), the metric-compatible Arial, before Inter
# arrives. Installs all three on a fresh Debian machine when run as root; otherwise says exactly
# what to run.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
shell_path="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
has_liberation() { fc-list 2>/dev/null | grep -q "Liberation Sans"; }
if [ -x "$chromium_path" ] && [ -x "$shell_path" ] && has_liberation; then
  exit 0
fi
packages="chromium chromium-headless-shell fonts-liberation"
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium, its headless shell or Liberation Sans missing: installing $packages..."
  apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $packages >/dev/null
  exit 0
fi
echo "The browser tests need Chromium at $chromium_path, its headless shell at $shell_path and the Liberation Sans font." >&2
echo "Install them with: sudo apt-get update && sudo apt-get install -y $packages" >&2
echo "(or point CHROMIUM_PATH at an existing Chromium binary)" >&2
exit 1
