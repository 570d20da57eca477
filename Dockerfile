# Build stage: compile TypeScript with dev dependencies.
# (No `# syntax=` line: the stock frontend reads this file, so a cold BuildKit build fetches no
# builder image. With podman/buildah build with `--format docker`: the default OCI format has no
# HEALTHCHECK and drops it with only a warning.)
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
RUN npm run build

# Runtime stage: production dependencies and the compiled bot only, as an unprivileged user.
FROM node:22-bookworm-slim
ENV NODE_ENV=production
# glibc returns a freed block of 128 KB or more to the system at once instead of keeping it in the
# heap (its default raises that threshold after the first large free, so the memory of cleaning a
# verification photo stayed resident). Measured by `npm run bench` (P11).
ENV MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY package.json package-lock.json ./
# Two packages that `--omit=dev` still installs and nothing runs here:
# - typescript (~23 MB): the lock file marks it an optional peer of a runtime dependency (valibot), so
#   npm keeps it; the image runs compiled JavaScript only.
# - @img/sharp-wasm32 (~9 MB): sharp's WebAssembly fallback, for platforms without a native build;
#   this image uses the native linux build (@img/sharp-linux-*).
# npm's own leftovers go in the same layer: its download cache and logs (/root/.npm) and the
# compile cache of Node's module loader that npm turns on for itself (/tmp/node-compile-cache).
RUN npm ci --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver \
    node_modules/@img/sharp-wasm32 \
  && npm cache clean --force \
  && rm -rf /root/.npm /tmp/node-compile-cache
COPY --from=build /app/dist ./dist
# `npm start`, `npm run doctor`, `npm run rotate-keys` check for sources to compile first; the image
# has none, so they run dist/ as it is (the commands the bot's own messages name work in here).
COPY scripts/ensure-built.mjs ./scripts/ensure-built.mjs
# Owned by uid 1000 (node). A bind-mounted data folder must be too: `chown 1000:1000 ./data`.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
ENV DATA_DIR=/app/data
# The monitoring port on every interface of the container, so a scraper on the container network
# reaches it (outside a container the default is 127.0.0.1). Publish it only to a private network.
ENV METRICS_HOST=0.0.0.0
# JSON log lines for the log collector (LOG_FORMAT=pretty needs a dev dependency the image lacks).
ENV LOG_FORMAT=json
# 8080: webhook updates (BOT_MODE=webhook); 9464: /healthz and /metrics (METRICS_PORT).
EXPOSE 8080 9464
# Asks /healthz (storage answers, updates arrive); node-based because the image has no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["node", "dist/healthcheck.js"]
CMD ["node", "dist/main.js"]
