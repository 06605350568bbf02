# CodeDocs image: `docker build -t codedocs .` then see compose.yaml. Everything it fetches comes
# from the npm registry and Debian's packages (the base image is the official Node.js image on
# Debian bookworm; scripts/docker-offline makes equivalents where Docker Hub is out of reach).
ARG NODE_IMAGE=node:22-bookworm-slim

# --- build: every dependency, the SPA and the server bundles, then only production dependencies
FROM ${NODE_IMAGE} AS build
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ git ca-certificates \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# better-sqlite3 12 (loaded on Node 20 only) compiles from source against the image's own Node
# headers (its prebuilt binaries are not on the npm registry); on this Node the app loads
# better-sqlite3 13, whose addon is in its package. Playwright's browsers are never downloaded.
ENV npm_config_nodedir=/usr/local \
    npm_config_build_from_source=true \
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY packages/db/package.json packages/db/
COPY packages/engine/package.json packages/engine/
COPY packages/sitegen/package.json packages/sitegen/
RUN npm ci --loglevel=error
COPY tsconfig.base.json ./
COPY apps ./apps
COPY packages ./packages
RUN npm run build && npm prune --omit=dev --loglevel=error

# --- runtime: Node, git and ssh for cloning, the built app, a non-root user, data in /data
FROM ${NODE_IMAGE} AS runtime
RUN apt-get update \
  && apt-get install -y --no-install-recommends git openssh-client ca-certificates \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /data && chown node:node /data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages ./packages
COPY --from=build /app/apps/server/package.json ./apps/server/package.json
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/package.json ./apps/web/package.json
COPY --from=build /app/apps/web/dist ./apps/web/dist
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# the API (apps/server: npm start); the worker service runs apps/server/dist/worker.js instead
CMD ["node", "--enable-source-maps", "apps/server/dist/server.js"]
