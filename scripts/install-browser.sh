#!/bin/sh
# Install Debian's chromium for the browser tests (tests/web) when it is missing.
# The tests drive /usr/bin/chromium through the playwright package; no browser is
# ever downloaded by playwright itself.
set -eu
if [ -x /usr/bin/chromium ]; then
    echo "chromium is already installed: $(/usr/bin/chromium --version 2>/dev/null || true)"
    exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y chromium
/usr/bin/chromium --version
