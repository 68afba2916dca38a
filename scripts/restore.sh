#!/usr/bin/env bash
# Restores a backup made by scripts/backup.sh into the database named by --target.
#
#   scripts/restore.sh --target postgres://thula:…@db.example.com:5432/thula backups/thula-20250101T020000Z.dump
#
# The target is never taken from DATABASE_URL: restoring replaces every table of the
# backup in the target (pg_restore --clean --if-exists), so it must be named explicitly.
# Runs in one transaction: on any error the target is left as it was.
# Stop the site (or put it in maintenance) before restoring over a live database.
set -euo pipefail

usage="Usage: $0 --target postgres://user:pass@host:5432/dbname BACKUP_FILE"

target=""
file=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --target) target="${2:-}"; shift 2 || { echo "$usage" >&2; exit 2; } ;;
    --target=*) target="${1#--target=}"; shift ;;
    -h|--help) echo "$usage"; exit 0 ;;
    -*) echo "restore: unknown option $1" >&2; echo "$usage" >&2; exit 2 ;;
    *) [[ -z "$file" ]] || { echo "restore: one backup file only" >&2; exit 2; }; file="$1"; shift ;;
  esac
done

if [[ -z "$target" ]]; then
  echo "restore: refusing to run without an explicit --target database URL (DATABASE_URL is deliberately not used)." >&2
  echo "$usage" >&2
  exit 2
fi
if [[ ! "$target" =~ ^postgres(ql)?:// ]]; then
  echo "restore: --target must start with postgres:// or postgresql://" >&2
  exit 2
fi
if [[ -z "$file" || ! -f "$file" ]]; then
  echo "restore: backup file ${file:-(none)} not found" >&2
  echo "$usage" >&2
  exit 2
fi
command -v pg_restore >/dev/null || { echo "restore: pg_restore not found (install the PostgreSQL client tools)" >&2; exit 2; }

# Fails early on a file that is not a pg_dump custom-format archive.
pg_restore --list "$file" >/dev/null

pg_restore --dbname="$target" --clean --if-exists --no-owner --no-privileges --single-transaction --exit-on-error "$file"
echo "restore: restored $file" >&2
