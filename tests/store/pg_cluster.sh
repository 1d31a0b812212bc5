# SPDX-License-Identifier: BSD-2-Clause-Patent
# A PostgreSQL server of the store suite's own (sourced by tests/store/suite.sh): a temporary
# cluster (initdb) in a directory of its own in /tmp (short enough for a socket's path, and
# reachable by the server's user), listening only on a Unix socket in it, no system
# service. The server refuses to run as root: as root, it runs as the postgres user that
# Debian's postgresql-common package creates (scripts/deps.sh test installs it).
#   pg_start       starts it (or fails, saying why): PG_DIR, PG_BIN
#   pg_url NAME    the URL of database NAME (pg_createdb NAME makes it)
#   pg_stop        stops it and removes PG_DIR
pg_start() {
  PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  [ -x "$PG_BIN/initdb" ] || { echo "no PostgreSQL server (initdb) in /usr/lib/postgresql"; return 1; }
  PG_AS=()
  PG_DIR=$(mktemp -d /tmp/efipmu-pg.XXXXXX) || return 1
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || { echo "running as root and no postgres user to run the server"; return 1; }
    PG_AS=(runuser -u postgres --)
    chown postgres "$PG_DIR" || return 1
  fi
  # trust on the socket: only the directory's owner (and root) can reach it; fsync off: a test
  "${PG_AS[@]}" "$PG_BIN/initdb" -D "$PG_DIR/data" -U efipmu -A trust --no-locale -E UTF8 \
    >"$PG_DIR/initdb.log" 2>&1 || { echo "initdb failed: $(tail -3 "$PG_DIR/initdb.log")"; return 1; }
  "${PG_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 \
    -o "-k $PG_DIR -c listen_addresses= -F" start >/dev/null 2>&1 ||
    { echo "the server did not start: $(tail -3 "$PG_DIR/server.log")"; return 1; }
}
pg_url() { echo "postgresql:///$1?host=$PG_DIR&user=efipmu"; }
pg_psql() { "$PG_BIN/psql" -XqtA -v ON_ERROR_STOP=1 "$@"; }
pg_createdb() { pg_psql -d "$(pg_url postgres)" -c "CREATE DATABASE $1"; }
pg_stop() {
  [ -n "${PG_DIR:-}" ] || return 0
  [ -f "$PG_DIR/data/postmaster.pid" ] &&
    "${PG_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate -w stop >/dev/null 2>&1
  rm -rf "$PG_DIR"
  PG_DIR=
}
