#!/usr/bin/env bash
# Install PostgreSQL with pgvector (when missing) and start a throwaway cluster on loopback.
#
#   .ci/postgres.sh start DIR [PORT]   prints the URL of a superuser connection on its last line
#   .ci/postgres.sh stop DIR
#
# Debian 13 has postgresql-NN-pgvector; Debian 12 does not, so there the extension is built
# from Debian's own pgvector source package (fetched and signature-checked by apt from the
# next release's source index) against postgresql-server-dev-NN.
set -euo pipefail

SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi

as_postgres() {  # run a command as the cluster's owner (initdb refuses to run as root)
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

pg_bindir() {
  local v
  v="$(ls /usr/lib/postgresql 2>/dev/null | sort -n | tail -1)"
  [ -n "$v" ] && echo "/usr/lib/postgresql/$v/bin"
}

have_vector() {
  local bindir="$1"
  [ -f "$("$bindir/pg_config" --sharedir 2>/dev/null)/extension/vector.control" ]
}

install_postgres() {
  export DEBIAN_FRONTEND=noninteractive
  if [ -z "$(pg_bindir)" ] || [ ! -x "$(pg_bindir)/initdb" ]; then
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq postgresql >/dev/null
  fi
  local bindir version
  bindir="$(pg_bindir)"
  version="$(basename "$(dirname "$bindir")")"
  have_vector "$bindir" && return 0
  if apt-cache policy "postgresql-$version-pgvector" 2>/dev/null | grep -q 'Candidate: [0-9]'; then
    $SUDO apt-get install -y -qq "postgresql-$version-pgvector" >/dev/null
  else
    echo "postgresql-$version-pgvector is not packaged here: building Debian's pgvector source" >&2
    $SUDO apt-get install -y -qq "postgresql-server-dev-$version" make gcc >/dev/null
    local src=/etc/apt/sources.list.d/danven-pgvector-src.list
    echo "deb-src http://deb.debian.org/debian trixie main" | $SUDO tee "$src" >/dev/null
    $SUDO apt-get update -qq
    local work
    work="$(mktemp -d)"
    (cd "$work" && apt-get source -qq --download-only pgvector >/dev/null)
    tar -xzf "$work"/pgvector_*.orig.tar.gz -C "$work"
    make -s -C "$work"/pgvector-*/ OPTFLAGS="" PG_CONFIG="$bindir/pg_config" >/dev/null
    $SUDO make -s -C "$work"/pgvector-*/ install PG_CONFIG="$bindir/pg_config" >/dev/null
    rm -rf "$work"
    $SUDO rm -f "$src"
  fi
  have_vector "$bindir" || { echo "pgvector did not install" >&2; exit 1; }
}

start() {
  local dir="$1" port="${2:-55432}"
  install_postgres
  local bindir
  bindir="$(pg_bindir)"
  mkdir -p "$dir"
  chmod 0777 "$dir"
  local data="$dir/data"
  if [ ! -d "$data" ]; then
    as_postgres "$bindir/initdb" -D "$data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  fi
  as_postgres "$bindir/pg_ctl" -D "$data" -l "$dir/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c max_connections=200" start >/dev/null
  echo "postgresql://postgres@127.0.0.1:$port/postgres"
}

stop() {
  local dir="$1" bindir
  bindir="$(pg_bindir)"
  as_postgres "$bindir/pg_ctl" -D "$dir/data" -m fast stop >/dev/null || true
}

case "${1:-}" in
  start) start "${2:?DIR}" "${3:-}" ;;
  stop) stop "${2:?DIR}" ;;
  *) echo "usage: $0 start DIR [PORT] | stop DIR" >&2; exit 2 ;;
esac
