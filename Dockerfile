# Taquilla's production image. Both stages run scripts/production.sh, the same script CI's deployment
# check (scripts/deploy-check.sh) runs end to end, since CI has no Docker engine to build this image.

# Build: every dependency, then the web app (apps/web/dist, apps/web/ssr/dist) and the server (apps/server/dist).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN scripts/production.sh build

# Runtime: the server's runtime dependencies and the built files only; no dev dependency, no TS loader.
FROM node:24-bookworm-slim AS runtime
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
