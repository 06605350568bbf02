#!/bin/bash
# CI entry point: lint, test and package the service.
# Run from the repository root; every step can also be run alone,
# e.g. `./ci.sh test`.

set -Eeuo pipefail
shopt -s nullglob

readonly ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
readonly ARTIFACTS="${ROOT}/dist"
START=$(date +%s)

############################################################
# logging
############################################################

log() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }

warn() { printf '\033[1;33mwarning:\033[0m %s\n' "$*" >&2; }

# Reports the failing command and line, then exits with its status.
# Installed as the ERR trap below.
on_error() {
  local status=$? line="$1"
  warn "step failed at line ${line} (exit ${status})"
  exit "$status"
}
trap 'on_error $LINENO' ERR

# Runs a command up to N times, sleeping between attempts.
# Usage: retry N COMMAND [ARGS...]
function retry() {
  local attempts="$1"
  shift
  local n=1
  until "$@"; do
    if (( n >= attempts )); then
      return 1
    fi
    warn "attempt ${n}/${attempts} failed: $*"
    sleep $(( n * 2 ))
    n=$(( n + 1 ))
  done
}

function lint {
  log "lint"
  shellcheck ./*.sh
  npx --no-install eslint .
}

run_tests() {
  log "test"
  local report="${ARTIFACTS}/junit.xml"
  mkdir -p "$ARTIFACTS"
  # integration tests need the database; unit tests do not
  if [[ "${CI_DATABASE_URL:-}" != "" ]]; then
    retry 3 npx --no-install vitest run --reporter=junit --outputFile="$report"
  else
    npx --no-install vitest run --project unit
  fi
}

# Writes the build metadata file that the deploy job reads.
# Arguments:
#   $1 - output path
#   $2 - version string
write_manifest() {
  local out="$1" version="$2"
  cat >"$out" <<EOF_MANIFEST
{
  "version": "${version}",
  "commit": "$(git rev-parse HEAD)",
  "built": "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
}
EOF_MANIFEST
}

package() {
  log "package"
  local version
  version="$(git describe --tags --always)"
  mkdir -p "$ARTIFACTS"
  tar -czf "${ARTIFACTS}/service-${version}.tar.gz" --exclude=node_modules src package.json
  write_manifest "${ARTIFACTS}/manifest.json" "$version"
}

main() {
  local steps=("$@")
  if [[ ${#steps[@]} -eq 0 ]]; then
    steps=(lint test package)
  fi
  for step in "${steps[@]}"; do
    case "$step" in
      lint) lint ;;
      test) run_tests ;;
      package) package ;;
      *) warn "unknown step: $step"; exit 2 ;;
    esac
  done
  log "done in $(( $(date +%s) - START ))s"
}

main "$@"
