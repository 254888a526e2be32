#!/usr/bin/env bash
# The QTI export tests validate every XML file with xmllint (Debian's libxml2-utils) against
# vendor/qti3-xsd; install it when it is missing.
set -euo pipefail
if command -v xmllint >/dev/null 2>&1; then exit 0; fi
export DEBIAN_FRONTEND=noninteractive
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq libxml2-utils >/dev/null
# sed reads all of it: with head, xmllint could be killed by SIGPIPE, and pipefail fail the run.
xmllint --version 2>&1 | sed -n 1p
