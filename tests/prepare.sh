#!/usr/bin/env bash
# Prepares what the test suite needs on a fresh machine of this kind, idempotently:
#   - Debian's chromium for the end-to-end layer (apt-get, only when it is missing);
#   - the installed local PostgreSQL, started, with a superuser role for the current
#     user and a database app_test, for the API layer on PostgreSQL.
# Used by both .ci/run and `npm test` (tests/run-all.ts), so it lives here once.
#
# Progress goes to stderr. stdout carries one machine-readable line per need:
#   chromium=ok                   | chromium=missing:<why>
#   postgres=<connection url>     | postgres=missing:<why>
# A TEST_DATABASE_URL already in the environment is checked and used as it is.
set -uo pipefail

CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
TEST_DATABASE_NAME="app_test"

log() { echo "[prepare] $*" >&2; }

# Runs its arguments as root: directly when we are root, through passwordless sudo if possible.
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo -n "$@"
  else return 126
  fi
}

can_be_root() { [ "$(id -u)" = 0 ] || { command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; }; }

prepare_chromium() {
  if [ -x "$CHROMIUM_PATH" ]; then echo "chromium=ok"; return; fi
  if [ "$CHROMIUM_PATH" != /usr/bin/chromium ]; then
    echo "chromium=missing:CHROMIUM_PATH=$CHROMIUM_PATH is not an executable"; return
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "chromium=missing:/usr/bin/chromium is not installed and apt-get is not available"; return
  fi
  if ! can_be_root; then
    echo "chromium=missing:/usr/bin/chromium is not installed and installing it needs root (run: apt-get install -y chromium)"; return
  fi
  log "installing Debian's chromium (apt-get update, apt-get install chromium)…"
  if as_root apt-get update -qq >&2 &&
     as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=300 chromium >&2 &&
     [ -x "$CHROMIUM_PATH" ]; then
    log "chromium installed"
    echo "chromium=ok"
  else
    echo "chromium=missing:apt-get install chromium failed (see the apt output above)"
  fi
}

# psql against the local cluster's socket as the current user.
local_psql() { psql -h "$socket" -p "$port" -X -q -tA "$@"; }

prepare_postgres() {
  if [ -n "${TEST_DATABASE_URL:-}" ]; then
    if ! command -v psql >/dev/null 2>&1; then
      log "psql is not installed: using TEST_DATABASE_URL unchecked"
      echo "postgres=$TEST_DATABASE_URL"
    elif psql "$TEST_DATABASE_URL" -X -q -tAc 'select 1' >/dev/null 2>&1; then
      echo "postgres=$TEST_DATABASE_URL"
    else
      echo "postgres=missing:TEST_DATABASE_URL=$TEST_DATABASE_URL does not answer"
    fi
    return
  fi
  if ! command -v pg_lsclusters >/dev/null 2>&1 || ! command -v psql >/dev/null 2>&1; then
    echo "postgres=missing:PostgreSQL is not installed (no pg_lsclusters/psql) and TEST_DATABASE_URL is not set"; return
  fi
  local version cluster status
  read -r version cluster port status _ < <(pg_lsclusters -h | head -n 1)
  if [ -z "${version:-}" ]; then
    echo "postgres=missing:no PostgreSQL cluster exists (pg_lsclusters is empty)"; return
  fi
  socket=/var/run/postgresql
  if [ "$status" != online ]; then
    if ! can_be_root; then
      echo "postgres=missing:PostgreSQL $version/$cluster is down and starting it needs root (pg_ctlcluster $version $cluster start)"; return
    fi
    log "starting PostgreSQL $version/$cluster…"
    if ! as_root pg_ctlcluster "$version" "$cluster" start >&2; then
      echo "postgres=missing:pg_ctlcluster $version $cluster start failed"; return
    fi
  fi
  local user
  user="$(id -un)"
  if ! local_psql -d postgres -c 'select 1' >/dev/null 2>&1; then
    if ! can_be_root; then
      echo "postgres=missing:role $user cannot connect and creating it needs root (createuser -s $user)"; return
    fi
    log "creating the PostgreSQL superuser role $user…"
    as_root su postgres -c "createuser -h '$socket' -p '$port' -s '$user'" >&2 ||
      { echo "postgres=missing:createuser -s $user failed"; return; }
  fi
  if [ "$(local_psql -d postgres -c "select 1 from pg_database where datname = '$TEST_DATABASE_NAME'")" != 1 ]; then
    log "creating the database $TEST_DATABASE_NAME…"
    createdb -h "$socket" -p "$port" "$TEST_DATABASE_NAME" >&2 ||
      { echo "postgres=missing:createdb $TEST_DATABASE_NAME failed"; return; }
  fi
  # node-postgres needs the user name spelled out (USER may be unset under CI) and the socket as host.
  local url="postgresql://$user@/$TEST_DATABASE_NAME?host=$socket"
  [ "$port" = 5432 ] || url="$url&port=$port"
  if psql "$url" -X -q -tAc 'select 1' >/dev/null 2>&1; then
    echo "postgres=$url"
  else
    echo "postgres=missing:$url does not answer after preparation"
  fi
}

prepare_chromium
prepare_postgres
