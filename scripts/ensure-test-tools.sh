#!/usr/bin/env bash
# Makes sure the system tools the tests use are present: Debian's Chromium and its headless shell,
# which most end-to-end tests run in (Playwright's own browser download does not work on these
# machines; tests/e2e/support/chromium.ts), the PostgreSQL 15 server binaries, and ffmpeg
# (the server measures audio with it, and the audio tests generate their recordings with it), and
# Ceph's RADOS Gateway with a monitor and an OSD (the S3-protocol server the object storage tests start,
# tests/support/object-storage-server.ts).
# As root it installs what is missing with apt-get; otherwise it says exactly what to install.
set -euo pipefail

can_install() { [[ "$(id -u)" -eq 0 ]] && command -v apt-get >/dev/null; }

missing=()
chromium_bin="${CHROMIUM_PATH:-}"
if [[ -z "$chromium_bin" ]]; then
  for candidate in /usr/bin/chromium /usr/bin/chromium-browser; do
    [[ -x "$candidate" ]] && chromium_bin="$candidate" && break
  done
fi
[[ -n "$chromium_bin" && -x "$chromium_bin" ]] || missing+=(chromium)
# Not needed, only faster: without it (and the rights to install it) every test runs in the full browser.
if [[ -z "${CHROMIUM_PATH:-}" && ! -x /usr/bin/chromium-headless-shell ]]; then
  if can_install; then
    missing+=(chromium-headless-shell)
  else
    echo "Note: the end-to-end tests run faster with Debian's chromium-headless-shell installed."
  fi
fi

pg_bin="${PG_BIN:-/usr/lib/postgresql/15/bin}"
[[ -x "$pg_bin/postgres" && -x "$pg_bin/initdb" ]] || missing+=(postgresql-15)

command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null || missing+=(ffmpeg)

command -v radosgw >/dev/null && command -v radosgw-admin >/dev/null || missing+=(radosgw)
command -v ceph-mon >/dev/null && command -v monmaptool >/dev/null || missing+=(ceph-mon)
command -v ceph-osd >/dev/null || missing+=(ceph-osd)

if [[ ${#missing[@]} -eq 0 ]]; then exit 0; fi

if can_install; then
  echo "Installing test tools: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" fonts-liberation >/dev/null
  exit 0
fi

echo "The tests need these Debian packages, which are missing: ${missing[*]}" >&2
echo "Install them with: sudo apt-get install --no-install-recommends ${missing[*]}" >&2
echo "(or point CHROMIUM_PATH at a Chromium binary and PG_BIN at PostgreSQL 15's bin folder)" >&2
exit 1
