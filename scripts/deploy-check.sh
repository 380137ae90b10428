#!/usr/bin/env bash
# CI's end-to-end check of the production deployment, the same steps as the Dockerfile (there is no
# Docker engine here to build the image): build, install the runtime dependencies only in a folder with
# just the built files (as the image's runtime stage), migrate a fresh PostgreSQL database, start in
# production mode, expect health 200, the web app and a complete checkout.
#   default   build in this checkout with its installed dependencies (CI has just run npm ci): ~1 min
#   --clean   build in a clean copy of the sources from scratch (`production.sh build`, as the image does)
# Needs PostgreSQL (DEPLOY_CHECK_DATABASE_URL, default the one at 127.0.0.1:5432).
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
BASE_URL=${DEPLOY_CHECK_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
PORT=${DEPLOY_CHECK_PORT:-$(node -e "const s=require('net').createServer().listen(0,()=>{console.log(s.address().port);s.close()})")}
WORK=$(mktemp -d)
DB="taquilla_deploy_$$"
SERVER_PID=""
cleanup() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null || true
  psql "$BASE_URL" -qc "drop database if exists $DB with (force)" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT
start=$(date +%s)
echo "== node $(node --version)"

mkdir -p "$WORK/app"
BUILD="$REPO"
if [ "${1:-}" = "--clean" ]; then
  BUILD="$WORK/build"
  echo "== build from scratch in a clean copy of the sources ($BUILD)"
  mkdir -p "$BUILD"
  git ls-files -co --exclude-standard -z | xargs -0 -I{} cp --parents {} "$BUILD/"
  (cd "$BUILD" && scripts/production.sh build >/dev/null)
else
  echo "== build in this checkout"
  npm run build >/dev/null 2>&1
fi

echo "== runtime folder: package manifests, scripts and the built files only"
(cd "$BUILD" && cp --parents package.json package-lock.json apps/server/package.json apps/web/package.json \
  packages/shared/package.json scripts/production.sh "$WORK/app/" &&
  cp -r --parents apps/server/dist apps/web/dist apps/web/ssr/dist "$WORK/app/")
(cd "$WORK/app" && scripts/production.sh install >/dev/null 2>&1)
for dev in tsx esbuild vite drizzle-kit typescript vitest; do
  if [ -e "$WORK/app/node_modules/$dev" ]; then echo "dev dependency $dev installed for production" >&2; exit 1; fi
done

echo "== migrate and start against PostgreSQL (database $DB, port $PORT)"
psql "$BASE_URL" -qc "create database $DB" >/dev/null
DB_URL="${BASE_URL%/*}/$DB"
export DATABASE_URL="$DB_URL" NODE_ENV=production AUTH_SECRET="deploy-check-secret-0123456789abcdefghij" \
  TEST_PAYMENTS=true PORT="$PORT" HOST=127.0.0.1 DATA_DIR="$WORK/data" LOG_LEVEL=warn
(cd "$WORK/app" && scripts/production.sh migrate)
(cd "$WORK/app" && exec scripts/production.sh start) &
SERVER_PID=$!
for _ in $(seq 1 60); do
  if curl -fsS "http://127.0.0.1:$PORT/api/health" >/dev/null 2>&1; then break; fi
  sleep 0.5
done
curl -fsS "http://127.0.0.1:$PORT/api/health"
echo
curl -fsS -o /dev/null "http://127.0.0.1:$PORT/" && echo "web app served"
node "$REPO/scripts/smoke-checkout.mjs" "http://127.0.0.1:$PORT"
echo "== deployment check passed in $(($(date +%s) - start)) s"
