#!/usr/bin/env bash
# The one way Taquilla is built, installed and run in production. The Dockerfile, compose.yaml and CI's
# deployment check (scripts/deploy-check.sh) all go through it.
#   build    install every dependency and build the web app and the server (dist/ folders)
#   install  install the runtime dependencies only (npm ci --omit=dev): no dev dependency, no TS loader
#   migrate  apply the database migrations (also done at every start)
#   start    run the built server (node apps/server/dist/main.mjs) in production mode
set -euo pipefail
cd "$(dirname "$0")/.."

case "${1:-}" in
  build)
    npm ci --no-audit --no-fund
    npm run build
    ;;
  install)
    # Only the server's runtime dependencies: the web app ships as built files.
    npm ci --omit=dev --workspace apps/server --no-audit --no-fund
    ;;
  migrate)
    exec node apps/server/dist/migrate.mjs
    ;;
  start)
    export NODE_ENV="${NODE_ENV:-production}"
    exec node apps/server/dist/main.mjs
    ;;
  *)
    echo "usage: $0 build|install|migrate|start" >&2
    exit 2
    ;;
esac
