#!/usr/bin/env bash
#
# install.sh - download and install the latest release of the `tidy` CLI.
#
#   curl -fsSL https://example.invalid/install.sh | bash
#

set -euo pipefail

REPO="example/tidy"
INSTALL_DIR="${INSTALL_DIR:-$HOME/.local/bin}"
TMP_DIR=""

# Prints the help text.
usage() {
  cat <<USAGE
Usage: install.sh [--version VERSION] [--dir DIR]

Options:
  --version VERSION   install this version instead of the latest
  --dir DIR           install into DIR (default: $INSTALL_DIR)
  -h, --help          show this help
USAGE
}

# Prints an error to stderr and exits.
# Arguments:
#   $1 - the message
die() {
  echo "error: $1" >&2
  exit 1
}

# Removes the temporary download directory, if one was made.
cleanup() {
  if [[ -n "$TMP_DIR" && -d "$TMP_DIR" ]]; then
    rm -rf "$TMP_DIR"
  fi
}

# Detects the release asset suffix for this machine, e.g. linux-amd64.
function detect_platform {
  local os arch
  os="$(uname -s | tr '[:upper:]' '[:lower:]')"
  arch="$(uname -m)"
  case "$arch" in
    x86_64 | amd64) arch="amd64" ;;
    aarch64 | arm64) arch="arm64" ;;
    *) die "unsupported architecture: $arch" ;;
  esac
  echo "${os}-${arch}"
}

function latest_version() {
  curl -fsSL "https://api.github.com/repos/${REPO}/releases/latest" |
    sed -n 's/.*"tag_name": *"v\{0,1\}\([^"]*\)".*/\1/p'
}

# Downloads a release and installs its binary.
# Arguments:
#   $1 - version, without the leading v
#   $2 - platform suffix from detect_platform
download() {
  local version="$1" platform="$2"
  local url="https://github.com/${REPO}/releases/download/v${version}/tidy-${platform}.tar.gz"
  TMP_DIR="$(mktemp -d)"
  echo "Downloading tidy ${version} (${platform})..."
  curl -fsSL "$url" -o "$TMP_DIR/tidy.tar.gz" || die "download failed: $url"
  tar -xzf "$TMP_DIR/tidy.tar.gz" -C "$TMP_DIR"
  mkdir -p "$INSTALL_DIR"
  install -m 0755 "$TMP_DIR/tidy" "$INSTALL_DIR/tidy"
}

main() {
  local version=""
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --version) version="$2"; shift 2 ;;
      --dir) INSTALL_DIR="$2"; shift 2 ;;
      -h | --help) usage; exit 0 ;;
      *) usage >&2; die "unknown option: $1" ;;
    esac
  done

  trap cleanup EXIT
  # the API is rate-limited; only ask when no version was given
  if [[ -z "$version" ]]; then
    version="$(latest_version)"
  fi
  download "$version" "$(detect_platform)"
  echo "Installed tidy ${version} to ${INSTALL_DIR}/tidy"
}

main "$@"
