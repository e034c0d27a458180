#!/usr/bin/env bash
# Installs what the project needs on a fresh machine, only what is missing:
#   Deno 2.9.6 (from the npm registry) and, with --browser, Debian's Chromium for the browser tests.
set -euo pipefail
if ! command -v deno >/dev/null 2>&1; then
  echo "Installing Deno 2.9.6 from the npm registry…" >&2
  npm install -g deno@2.9.6 >&2
fi
if [ "${1:-}" = "--browser" ] && [ ! -x /usr/bin/chromium ]; then
  echo "Installing Chromium (Debian package) for the browser tests…" >&2
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >&2
fi
