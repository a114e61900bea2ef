#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL cluster: DATABASE_URL points at it while the
# command runs, and the cluster is removed afterwards, whatever the command's outcome.
# The API suite runs on PostgreSQL this way as well as on PGlite (the same tests; on
# PostgreSQL transactions truly run in parallel, so the row locks are really exercised).
# Needs PostgreSQL's server binaries (Debian: apt-get install postgresql); as root the
# cluster runs as the `postgres` user, since PostgreSQL refuses to run as root.
set -euo pipefail

bin_dir() {
  local initdb
  initdb=$(command -v initdb 2>/dev/null || ls -d /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -1 || true)
  if [ -z "$initdb" ]; then
    echo "PostgreSQL server binaries (initdb) not found: install PostgreSQL (apt-get install postgresql) to run the API tests on it." >&2
    exit 1
  fi
  dirname "$initdb"
}

BIN=$(bin_dir)
DIR=$(mktemp -d /tmp/custody-pg.XXXXXX)
PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
as_owner() {
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}
[ "$(id -u)" = 0 ] && chown postgres "$DIR"

stop() {
  as_owner "'$BIN/pg_ctl' -D '$DIR/data' -m immediate stop" >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap stop EXIT

as_owner "'$BIN/initdb' -D '$DIR/data' -A trust -U postgres --no-sync >/dev/null"
# Test databases are thrown away: durability settings off, room for parallel test files.
as_owner "'$BIN/pg_ctl' -D '$DIR/data' -w -l '$DIR/log' -o \"-p $PORT -k '$DIR' -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200\" start" >/dev/null

DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres" "$@"
