# syntax=docker/dockerfile:1
# The API as a container image: Node 24 runs the TypeScript sources directly (type stripping), so there is no
# build step. Give it DATABASE_URL (the embedded PostgreSQL is for one developer machine, not a container),
# MASTER_KEY (the same on every instance) and PUBLIC_URL; see docs/OPERATIONS.md.
FROM node:24-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
# Production dependencies only; install scripts run only for the packages package.json allows.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/var/lib/platform-api
WORKDIR /app
COPY --from=dependencies /app/node_modules ./node_modules
COPY package.json ./
COPY src ./src
RUN mkdir -p /var/lib/platform-api && chown node:node /var/lib/platform-api
USER node
EXPOSE 8080
# Liveness only: /readyz (the database) decides routing, never restarts.
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "src/main.ts"]
