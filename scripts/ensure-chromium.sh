#!/usr/bin/env bash
# The browser tests use Debian's Chromium (Playwright's own download needs the internet): its
# headless shell (package chromium-headless-shell), which runs the tests on about half the CPU of
# the full browser in headless mode, and the full browser for the scripts that draw pictures
# (scripts/make-favicon.mjs, bench/browser-app.ts).
set -euo pipefail
SHELL_BIN=/usr/lib/chromium/chromium-headless-shell
if [ -x /usr/bin/chromium ] && [ -x "$SHELL_BIN" ]; then exit 0; fi
export DEBIAN_FRONTEND=noninteractive
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium chromium-headless-shell >/dev/null
# sed reads all of it (with head, a SIGPIPE could fail the run under pipefail).
"$SHELL_BIN" --version 2>&1 | sed -n 1p
