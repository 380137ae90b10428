# Taquilla's production image, on Node 24 LTS. Both stages run scripts/production.sh, the same script
# CI's deployment check (scripts/deploy-check.sh) runs end to end. CI also builds this file with
# `podman build --isolation chroot` and boots the result (scripts/image-check.sh).

# Build: every dependency, then the web app (apps/web/dist, apps/web/ssr/dist) and the server (apps/server/dist).
FROM node:24-bookworm-slim AS build
# Only for builds behind a TLS-inspecting proxy (CI's sandbox): the proxy's CA bundle, mounted for the
# build's RUN steps; never stored in the image.
ARG NODE_EXTRA_CA_CERTS
WORKDIR /app
COPY . .
RUN scripts/production.sh build

# Runtime: the server's runtime dependencies and the built files only; no dev dependency, no TS loader.
FROM node:24-bookworm-slim AS runtime
ARG NODE_EXTRA_CA_CERTS
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY scripts/production.sh scripts/
RUN scripts/production.sh install && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/ssr/dist apps/web/ssr/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME /app/data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["scripts/production.sh", "start"]
