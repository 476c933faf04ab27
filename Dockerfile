# syntax=docker/dockerfile:1
# Marquee for a container host: the same production server `npm start` runs (server.ts: Next.js with
# the media fast path and a graceful stop), built in one stage and run from a slim one without dev
# dependencies, as an unprivileged user. Migrations are a separate step: `npm run db:migrate`
# (compose.yaml runs it before the app). See docs/deploy.md.

FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx next build
# The runtime set, defined once in scripts/lib/runtime-files.ts (tests start the server from the same set).
RUN node --import tsx scripts/pack-runtime.ts /runtime

FROM node:24-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 MARQUEE_DATA_DIR=/app/.data
# Two malloc arenas, as `npm start` gives the web process: glibc's default (8 a core) kept 300-400 MiB
# more while pictures were resized (docs/performance.md, "Memory").
ENV MALLOC_ARENA_MAX=2
# V8's heap as on a 1 GB server, as `npm start` gives the web process (scripts/lib/web-heap.mjs);
# `-e NODE_OPTIONS=...` replaces it on a host with memory to spare.
ENV NODE_OPTIONS="--max-old-space-size=512 --max-semi-space-size=16"
# ffmpeg (with ffprobe) transcodes uploaded videos to HLS in the job workers (docs/media.md).
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*
# The manifests first, so the dependency layer is rebuilt only when they change.
COPY --from=build /runtime/package.json /runtime/package-lock.json /runtime/prisma.config.ts ./
COPY --from=build /runtime/prisma ./prisma
# Runtime dependencies only (tsx and prisma are among them: the server and the migrate command use them).
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# Exactly the runtime set: the build as .next, server.ts, lib, prisma, public and the operator scripts.
COPY --from=build /runtime ./
# The server writes into .next too: the pages Next keeps and the resized pictures' cache.
RUN mkdir -p /app/.data && chown -R node:node /app/.data /app/.next
USER node
VOLUME ["/app/.data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# SIGTERM (docker stop) lets requests and uploads in flight finish, then closes the database pool.
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "server.ts"]
