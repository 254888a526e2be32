#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers on 127.0.0.1:5432 with trust auth for user postgres:
# uses the running one, starts an installed cluster, or installs Debian's package.
set -euo pipefail

ready() { pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; }
canlogin() { psql -h 127.0.0.1 -U postgres -d postgres -qtAc "select 1" >/dev/null 2>&1; }

if command -v pg_isready >/dev/null && ready && canlogin; then echo "PostgreSQL is running."; exit 0; fi

if ! command -v pg_ctlcluster >/dev/null || [ -z "$(ls /etc/postgresql 2>/dev/null)" ]; then
  echo "Installing PostgreSQL from Debian's packages…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
fi

version=$(ls /etc/postgresql | sort -V | tail -n 1)
conf=/etc/postgresql/$version/main
# Trust local TCP connections for the tests (this is a throwaway CI/dev machine's server).
if ! grep -q "exam-studio" "$conf/pg_hba.conf"; then
  sed -i '1i host all all 127.0.0.1/32 trust # exam-studio\nhost all all ::1/128 trust # exam-studio\nlocal all all trust # exam-studio' "$conf/pg_hba.conf"
fi
pg_ctlcluster --skip-systemctl-redirect "$version" main start 2>/dev/null || pg_ctlcluster --skip-systemctl-redirect "$version" main reload || true
for _ in $(seq 1 30); do ready && break; sleep 1; done
ready || { echo "PostgreSQL did not start" >&2; exit 1; }
echo "PostgreSQL $version is running."
