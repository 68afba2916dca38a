# syntax=docker/dockerfile:1
# The production image: the built site on Node 24, run by scripts/start.mjs.
# Not built or run on the machine where it was written (no Docker engine there); see
# docs/deploy.md "Docker" for what was checked instead.
#
#   docker build -t thula-site .
#   docker run -p 3000:3000 -e DATABASE_URL=… -e SITE_URL=… -e BETTER_AUTH_SECRET=… thula-site

# --- build: all dependencies, then the production build into /app/build ---
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm install
COPY . .
RUN npm run build

# --- production: runtime dependencies, the build, the migrations, the start script ---
FROM node:24-slim AS production
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm install --omit=dev && npm cache clean --force
# build/client holds public/ and the hashed assets; build/server/index.js is the server
# (it imports its dependencies from node_modules).
COPY --from=build /app/build ./build
# Applied at start from ./db/migrations (resolved from the working directory).
COPY db/migrations ./db/migrations
COPY scripts/start.mjs ./scripts/start.mjs
# DATA_DIR: uploaded blog images (and the embedded database when DATABASE_URL is unset).
# Mount shared storage here when several instances run; see docs/deploy.md.
RUN mkdir -p /app/data && chown node:node /app/data

# NODE_OPTIONS: the young generation capped as `npm start` caps it (scripts/server-flags.mjs).
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/data NODE_OPTIONS=--max-semi-space-size=16
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM reaches node directly (exec form, no shell): it finishes in-flight requests and
# closes the database before exiting. Give it 15 s or more (docker stop -t / terminationGracePeriodSeconds).
CMD ["node", "scripts/start.mjs"]
