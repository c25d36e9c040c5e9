# syntax=docker/dockerfile:1
# The service's container image (README, "Container image"; docs/operations.md). Two stages:
# `build` installs every package from the lockfile, compiles the command line to JavaScript
# and writes the bill of materials (`npm run build`: scripts/build.mjs, scripts/sbom.mjs);
# `runtime` installs the production packages alone and takes the compiled modules, the bill of
# materials, the migrations and the health check, nothing else. Node.js 24, the supported LTS, at
# the version .ci/run tests with. No container engine runs where the project is developed:
# test/container-image.test.ts replays these steps (read from this file) and starts the result.
#
# RUN and COPY use paths relative to WORKDIR, or the image's own /app and /data (the replay maps
# them into a directory of its own). npm's cache is a cache mount, never part of a layer; no
# install script runs (none is needed to run: the typed client's `prepare` builds a package the
# service does not use).

FROM node:24.21.0-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/client/package.json packages/client/
RUN --mount=type=cache,target=/root/.npm npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json ./
COPY scripts/build.mjs scripts/sbom.mjs scripts/
COPY src src
RUN npm run build

FROM node:24.21.0-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/client/package.json packages/client/
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --ignore-scripts --no-audit --no-fund
COPY migrations migrations
COPY scripts/healthcheck.mjs scripts/
COPY --from=build /app/dist/app dist/app
# The bill of materials of the production packages (a CycloneDX document, scripts/sbom.mjs): the
# build stage's tree less what development alone needs, which is what the `npm ci` above installs.
COPY --from=build /app/dist/sbom.cdx.json dist/
# The data directory (export volumes on disk; the embedded database when DATABASE_URL is unset):
# the service's user alone may enter it. The code stays root's, read-only to the service.
RUN mkdir -p /data && chown 1000:1000 /data && chmod 700 /data
# The public API on PORT, every address. The operations API, readiness and metrics on OPS_PORT
# only (production always has that listener; set here so the port is in plain sight), bound to
# the container's own loopback until OPS_HOST says otherwise: a probe or a scraper outside the
# container needs OPS_HOST=0.0.0.0 and a port published to a private network only. Not in
# EXPOSE, so `docker run -P` never publishes it.
ENV DATA_DIR=/data HOST=0.0.0.0 PORT=8080 OPS_PORT=9090
VOLUME /data
# The image's `node` user, by number, so an orchestrator can tell it is not root.
USER 1000:1000
EXPOSE 8080
# Readiness (GET /readyz) on the operations listener (OPS_PORT, at OPS_HOST).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 CMD ["node", "scripts/healthcheck.mjs"]
# The V8 heap kept small: a young generation of 2 x 8 MB (Node.js 24 grows it to 2 x 64 MB) and an
# old generation collected when it has grown a fifth past what the last collection kept
# (docs/operations.md, "Memory"). The benchmark starts the server with these same flags.
CMD ["node", "--enable-source-maps", "--max-semi-space-size=8", "--heap-growing-percent=20", "dist/app/cli.mjs", "serve"]
