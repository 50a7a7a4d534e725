#!/bin/sh
# Debian packages the test suite needs. Installed with apt-get when run as root;
# otherwise the exact command to run is printed and the build stops.
set -e
PACKAGES="chromium"  # headless browser for tests/test_site_browser.py
missing=""
for p in $PACKAGES; do
    dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = "0" ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
else
    echo "The tests need these Debian packages:$missing" >&2
    echo "Run: sudo apt-get update && sudo apt-get install -y$missing" >&2
    exit 1
fi
