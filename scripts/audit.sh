#!/usr/bin/env bash
# Fails on a high or critical advisory in a production dependency (npm audit --omit=dev).
# When the registry cannot answer audit requests (some mirrors answer 405), says so plainly
# and exits 0 without claiming the audit passed: run it where the public registry is reachable.
set -uo pipefail
cd "$(dirname "$0")/.."

output=$(npm audit --omit=dev --audit-level=high 2>&1)
status=$?
if [ $status -eq 0 ]; then
  echo "$output" | tail -n 5
  echo "npm audit: no high or critical advisory in production dependencies"
  exit 0
fi
if echo "$output" | grep -qiE "audit endpoint returned an error|405 Method Not Allowed|ENOTFOUND|ECONNREFUSED|EAI_AGAIN"; then
  echo "npm audit: SKIPPED, the registry did not answer the audit request:"
  echo "$output" | grep -iE "405|endpoint|ENOTFOUND|ECONNREFUSED|EAI_AGAIN" | head -n 3
  echo "Run 'npm audit --omit=dev --audit-level=high' where the public npm registry is reachable (docs/deploy.md)."
  exit 0
fi
echo "$output"
echo "npm audit: high or critical advisories in production dependencies (see above)"
exit 1
