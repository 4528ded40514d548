# The portal's image (decision 067): the web app built in a first stage, the API run by Node.js
# with its production dependencies only, as an unprivileged user. Not built on the machine the
# tests run on (no container engine there); deploy/local-cluster.sh runs the same server the same way.
#
#   docker build -t espace-client-pro .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://… espace-client-pro

# 1. The web app (Vite needs the development dependencies).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY packages/shared packages/shared
COPY apps/web apps/web
RUN npm run build

# 2. The production dependencies alone (tsx included: the API runs from its TypeScript sources).
FROM node:20-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --no-audit --no-fund

# 3. What runs.
FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data SHUTDOWN_DRAIN_SECONDS=5
WORKDIR /app
# The installed tree (with any package nested under a workspace), then the sources over it.
COPY --from=dependencies /app ./
COPY packages/shared packages/shared
COPY apps/api apps/api
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# The process answers (GET /health); the proxy asks /ready, which also says whether it stops.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains the instance (decision 067); give it the 30 s of its stop plus the drain.
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "apps/api/src/server.ts"]
