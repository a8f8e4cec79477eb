#!/usr/bin/env bash
# `npm test` runs this first (npm's pretest): what the tests need beyond npm packages. Debian's
# Chromium and its old headless shell (the browser tests, playwright.config.ts), PostgreSQL 15 and
# the user postgres (the tests start a throw-away cluster; PostgreSQL refuses to run as root),
# Caddy (the multi-instance test, deploy/Caddyfile), systemd-analyze (the unit file's check) and
# strace (kills a restore mid-swap, tests/api/backups.test.ts).
# Nothing missing: nothing done. As root on Debian, what is missing is installed with apt-get.
# Otherwise what is missing is named: with CI=true that fails the run; without, those tests skip.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
[ -x /usr/lib/postgresql/15/bin/initdb ] || missing+=(postgresql-15)
command -v caddy >/dev/null 2>&1 || missing+=(caddy)
[ -x /usr/bin/systemd-analyze ] || missing+=(systemd)
[ -x /usr/bin/strace ] || missing+=(strace)
id postgres >/dev/null 2>&1 || missing+=("the user postgres")
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  packages=()
  for name in "${missing[@]}"; do [ "$name" = "the user postgres" ] || packages+=("$name"); done
  if [ ${#packages[@]} -gt 0 ]; then
    echo "[test set-up] installing ${packages[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
  fi
  id postgres >/dev/null 2>&1 ||
    useradd --system --home /var/lib/postgresql --shell /bin/bash postgres
  exit 0
fi

echo "[test set-up] missing: ${missing[*]} (install them as root, or run npm test as root)" >&2
if [ "${CI:-}" = "true" ]; then
  echo "[test set-up] CI=true: the tests that need them fail, so the run stops here" >&2
  exit 1
fi
echo "[test set-up] the tests that need them are skipped (CI=true fails instead)" >&2
