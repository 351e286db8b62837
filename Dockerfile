# jankari as a container: `docker build -t jankari .` then `docker run -p 8080:8080 -v jankari:/data jankari`
# (SQLite in the /data volume, in-memory cache), or see compose.yaml for PostgreSQL, Redis and two
# instances. Multi-stage: the build stage compiles the two native modules (better-sqlite3, sweph)
# and the TypeScript; the runtime stage has production dependencies only and runs as `node`.

FROM node:22-bookworm-slim AS build
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# The image's Node headers live under /usr/local; node-gyp builds against them offline.
ENV npm_config_nodedir=/usr/local
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim
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
