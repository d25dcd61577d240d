#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (Playwright cannot download its own browser here), with
# Liberation Sans (fonts-liberation): the metric-compatible Arial that the font-swap test sets
# text in before Inter arrives. Installs both on a fresh Debian machine when run as root;
# otherwise says exactly what to run.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
has_liberation() { fc-list 2>/dev/null | grep -q "Liberation Sans"; }
if [ -x "$chromium_path" ] && has_liberation; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium or Liberation Sans missing: installing Debian's chromium and fonts-liberation..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation >/dev/null
  exit 0
fi
echo "The browser tests need Chromium at $chromium_path and the Liberation Sans font." >&2
echo "Install them with: sudo apt-get update && sudo apt-get install -y chromium fonts-liberation" >&2
echo "(or point CHROMIUM_PATH at an existing Chromium binary)" >&2
exit 1
