#!/usr/bin/env bash
# Backs up the PostgreSQL database named by DATABASE_URL with pg_dump (custom format).
#
#   DATABASE_URL=postgres://thula:…@db.example.com:5432/thula scripts/backup.sh [OUTPUT_DIR]
#
# Writes OUTPUT_DIR/thula-YYYYMMDDTHHMMSSZ.dump (OUTPUT_DIR defaults to $BACKUP_DIR or
# ./backups), readable by its owner only, and prints the file's path as the last line.
# The file is written under a temporary name and renamed when pg_dump succeeded, so a
# failed backup never leaves a file that looks complete. Restore with scripts/restore.sh.
# pg_dump must be the server's major version or newer.
set -euo pipefail

usage="Usage: DATABASE_URL=postgres://user:pass@host:5432/dbname $0 [OUTPUT_DIR]"

if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
  echo "$usage"
  exit 0
fi
if [[ -z "${DATABASE_URL:-}" ]]; then
  echo "backup: DATABASE_URL is not set (the embedded database in DATA_DIR is backed up by copying the stopped server's folder)." >&2
  echo "$usage" >&2
  exit 2
fi
if [[ ! "$DATABASE_URL" =~ ^postgres(ql)?:// ]]; then
  echo "backup: DATABASE_URL must start with postgres:// or postgresql://" >&2
  exit 2
fi
command -v pg_dump >/dev/null || { echo "backup: pg_dump not found (install the PostgreSQL client tools)" >&2; exit 2; }

out_dir="${1:-${BACKUP_DIR:-./backups}}"
mkdir -p "$out_dir"
umask 077
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
file="$out_dir/thula-$stamp.dump"
# Two backups within one second get distinct names.
n=1
while [[ -e "$file" ]]; do
  file="$out_dir/thula-$stamp-$n.dump"
  n=$((n + 1))
done
partial="$file.partial"
trap 'rm -f "$partial"' EXIT

# --format=custom: compressed, restorable selectively and in parallel by pg_restore.
# Owners and grants are left out: restore.sh recreates the objects as the restoring role.
pg_dump --dbname="$DATABASE_URL" --format=custom --compress=6 --no-owner --no-privileges --file="$partial"
mv "$partial" "$file"
trap - EXIT

echo "backup: wrote $file ($(wc -c <"$file" | tr -d ' ') bytes)" >&2
echo "$file"
