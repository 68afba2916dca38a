#!/usr/bin/env bash
# Proves that a backup restores: a throwaway database on a PostgreSQL server is migrated and
# filled (the demo data plus an admin account), backed up with scripts/backup.sh, restored
# into a second throwaway database with scripts/restore.sh, and the two are compared: the
# schema (pg_dump --schema-only), and for every table its row count and a hash of its rows.
# Both databases are dropped at the end, also on failure. Exits non-zero on any difference.
#
#   scripts/backup-restore.test.sh            # server: postgres://postgres@127.0.0.1:5432
#   BACKUP_TEST_SERVER=postgres://me:pw@host:5432 scripts/backup-restore.test.sh
#
# Needs psql, pg_dump and pg_restore, and a role allowed to create databases.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

server="${BACKUP_TEST_SERVER:-postgres://postgres@127.0.0.1:5432}"
server="${server%/}"
suffix="$(date +%s)_$$_${RANDOM}"
source_db="thula_backup_src_$suffix"
restored_db="thula_backup_dst_$suffix"
source_url="$server/$source_db"
restored_url="$server/$restored_db"
admin_url="$server/postgres"
work="$(mktemp -d)"

psql_q() { psql --no-psqlrc --quiet --set ON_ERROR_STOP=1 --tuples-only --no-align "$@"; }

cleanup() {
  local status=$?
  psql_q "$admin_url" -c "drop database if exists $source_db with (force)" >/dev/null 2>&1 || echo "warning: could not drop $source_db" >&2
  psql_q "$admin_url" -c "drop database if exists $restored_db with (force)" >/dev/null 2>&1 || echo "warning: could not drop $restored_db" >&2
  rm -rf "$work"
  if [[ $status -eq 0 ]]; then echo "PASS: the backup restored identically"; else echo "FAIL (exit $status)" >&2; fi
  exit "$status"
}
trap cleanup EXIT

step() { echo "==> $*"; }

step "Creating $source_db and $restored_db on $server"
psql_q "$admin_url" -c "create database $source_db"
psql_q "$admin_url" -c "create database $restored_db"

step "Migrating $source_db and filling it (demo data, an admin, an e-mail in the outbox)"
# The site's own tools: openDatabase + migrateDatabase + the demo seed, then an admin account.
DATABASE_URL="$source_url" NODE_ENV=development npx --no-install tsx scripts/seed.ts
DATABASE_URL="$source_url" NODE_ENV=development npx --no-install tsx scripts/admin-create.ts \
  --email backup-test@thula.example --password "backup-test-passphrase-$RANDOM" >/dev/null
# Text a careless dump or a wrong encoding would damage: quotes, newlines, non-ASCII, jsonb.
psql_q "$source_url" <<'SQL'
insert into email_outbox (kind, to_address, subject, text_body, html_body, attachments)
values ('backup-test', 'zoë@example.com', 'Ré: "quotes" and ''apostrophes''', E'line one\nline two\ttab',
        '<p>Jó napot — ✓</p>', '[{"filename": "a.ics", "content": "BEGIN:VCALENDAR"}]'::jsonb);
SQL

# Every table of the public and drizzle schemas, as schema.table.
list_tables() {
  psql_q "$1" -c "select format('%I.%I', table_schema, table_name) from information_schema.tables
                  where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
                  order by 1"
}
# One line per table: name, row count, md5 of its rows in a stable order.
table_report() {
  local url="$1" table
  for table in $(list_tables "$url"); do
    psql_q "$url" -c "select '$table', count(*), coalesce(md5(string_agg(t::text, E'\n' order by t::text)), '-') from $table t" \
      --field-separator=' '
  done
}

table_report "$source_url" >"$work/source.txt"
tables=$(wc -l <"$work/source.txt" | tr -d ' ')
filled=$(awk '$2 > 0' "$work/source.txt" | wc -l | tr -d ' ')
rows=$(awk '{ sum += $2 } END { print sum + 0 }' "$work/source.txt")
echo "    $tables tables, $filled with rows, $rows rows in all"
if [[ "$filled" -lt 5 ]]; then
  echo "The source database has too few filled tables ($filled) for a meaningful test" >&2
  exit 1
fi

step "Backing up $source_db with scripts/backup.sh"
backup_file="$(DATABASE_URL="$source_url" scripts/backup.sh "$work/backups" | tail -n 1)"
[[ -s "$backup_file" ]] || { echo "scripts/backup.sh produced no file" >&2; exit 1; }

step "scripts/restore.sh refuses without an explicit --target"
if DATABASE_URL="$restored_url" scripts/restore.sh "$backup_file" 2>/dev/null; then
  echo "scripts/restore.sh ran without --target" >&2
  exit 1
fi

step "Restoring into $restored_db with scripts/restore.sh"
scripts/restore.sh --target "$restored_url" "$backup_file"

step "Restoring a second time over the restored data (--clean --if-exists)"
scripts/restore.sh --target "$restored_url" "$backup_file"

step "Comparing row counts and row hashes of every table"
table_report "$restored_url" >"$work/restored.txt"
if ! diff -u "$work/source.txt" "$work/restored.txt"; then
  echo "The restored database differs from the source (above: - source, + restored)" >&2
  exit 1
fi
awk '{ printf "    %-45s %6d rows\n", $1, $2 }' "$work/restored.txt"

step "Comparing the schemas (tables, constraints, indexes, sequences)"
pg_dump --dbname="$source_url" --schema-only --no-owner --no-privileges | grep -v '^\\restrict\|^\\unrestrict' >"$work/source-schema.sql"
pg_dump --dbname="$restored_url" --schema-only --no-owner --no-privileges | grep -v '^\\restrict\|^\\unrestrict' >"$work/restored-schema.sql"
if ! diff -u "$work/source-schema.sql" "$work/restored-schema.sql"; then
  echo "The restored schema differs from the source" >&2
  exit 1
fi

step "Comparing sequence positions"
sequences="select format('%I.%I', schemaname, sequencename), coalesce(last_value, 0) from pg_sequences order by 1"
psql_q "$source_url" --field-separator=' ' -c "$sequences" >"$work/source-seq.txt"
psql_q "$restored_url" --field-separator=' ' -c "$sequences" >"$work/restored-seq.txt"
diff -u "$work/source-seq.txt" "$work/restored-seq.txt"
