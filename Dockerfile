# jankari as a container: `docker build -t jankari .` then `docker run -p 8080:8080 -v jankari:/data jankari`
# (SQLite in the /data volume, in-memory cache), or see compose.yaml for PostgreSQL, Redis and two
# instances. Stages: `build` installs the dependencies (the two native modules, better-sqlite3 and sweph,
# come prebuilt, or compile where none fits) and compiles the TypeScript; `slim` has production
# dependencies only and runs as `node`; `browser` (the last stage, so the default) is `slim` plus
# Debian's Chromium, for /screenshot and /fetch?render=1. Without a
# browser those two answer 503: `docker build --target slim -t jankari:slim .` makes that image
# (smaller: no browser and no fonts for it). See docs/decisions/container-image.md.

# The base image, pinned by digest (a tag moves; a digest is the same bytes every build). This is
# node:22-bookworm-slim as Docker Hub's official-images record (docker-library/repo-info) lists it
# for Node 22.23.3, built 2026-09-23. Node 22: the line CI runs everything on (docs/decisions/node-lines.md;
# 24 and 26 are supported too). `scripts/pin-images.sh` resolves the tag's current digest and
# rewrites this line and compose.yaml's; `--build-arg NODE_IMAGE=…` overrides it for one build.
ARG NODE_IMAGE=node:22-bookworm-slim@sha256:43ac6c60b8f89723f746e8a92ce91abd5017e627ce1ddfe4238355d3a30b772c

FROM ${NODE_IMAGE} AS build
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# better-sqlite3 and sweph ship prebuilt Node-API modules for linux x64 and arm64, so nothing compiles
# there; on another platform node-gyp builds against the image's own headers (/usr/local), offline.
ENV npm_config_nodedir=/usr/local
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATABASE_URL=sqlite:/data/jankari.db
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# Fonts for the text of /astro/chart's PNGs (librsvg through fontconfig; the slim image has none):
# DejaVu for Latin, Lohit for Devanagari (lang=hi). See docs/decisions/astro-chart-drawing.md.
RUN apt-get update \
 && apt-get install -y --no-install-recommends fontconfig fonts-dejavu-core fonts-lohit-deva \
 && rm -rf /var/lib/apt/lists/*
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=40s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The same command as `npm start` (package.json), without npm: the server is PID 1's only child
# of note and gets SIGTERM from `docker stop` directly.
CMD ["node", "--enable-source-maps", "dist/server.js"]

# The default image: slim plus Debian's Chromium (the browser the tests use on the CI machines).
# It is started on the first /screenshot or /fetch?render=1, never at start, with --no-sandbox and
# --disable-dev-shm-usage (src/lib/browser/flags.ts), so it needs no extra capabilities nor a
# larger /dev/shm. Its fonts: Noto for the scripts of Indian pages, and emoji.
FROM slim AS browser
USER root
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-noto-core fonts-noto-color-emoji \
 && rm -rf /var/lib/apt/lists/*
ENV BROWSER_PATH=/usr/bin/chromium
USER node
