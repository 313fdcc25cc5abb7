#!/usr/bin/env bash
# Installs what the tests need beyond npm, when it is missing: Debian's chromium (the browser test) and
# redis-server (the Redis rate-limit suite starts one unless REDIS_URL names a running Redis). Running as root
# with apt, it installs them; otherwise it names the command to run, and the tests needing the tool fail loudly.
# Usage: scripts/ensure-test-tools.sh chromium redis-server
set -euo pipefail

present() {
  case $1 in
    chromium) [[ -x ${CHROMIUM_PATH:-/usr/bin/chromium} ]] ;;
    redis-server) [[ -n ${REDIS_URL:-} ]] || command -v redis-server >/dev/null ;;
    *) echo "ensure-test-tools: unknown tool '$1'" >&2 && exit 2 ;;
  esac
}

missing=()
for tool in "$@"; do present "$tool" || missing+=("$tool"); done
((${#missing[@]})) || exit 0

if [[ $EUID -eq 0 ]] && command -v apt-get >/dev/null; then
  echo "installing Debian's ${missing[*]} for the tests (apt-get install ${missing[*]})"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null; } ||
    echo "apt-get could not install ${missing[*]}" >&2
fi

for tool in "${missing[@]}"; do
  present "$tool" && continue
  case $tool in
    chromium) why="no browser at ${CHROMIUM_PATH:-/usr/bin/chromium}, so the browser test will fail"
      other="or point CHROMIUM_PATH at a Chromium" ;;
    redis-server) why="not on PATH, so the Redis rate-limit tests will fail"
      other="or set REDIS_URL to a running Redis" ;;
  esac
  printf '%s\n' "$(printf '!%.0s' {1..100})" "MISSING $tool: $why." \
    "Install it with: sudo apt-get install -y $tool ($other)" "$(printf '!%.0s' {1..100})" >&2
done
