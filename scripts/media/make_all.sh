#!/usr/bin/env bash
# Regenerate every image, icon and video under public/ (about 10 minutes on 2 cores).
set -euo pipefail
export PYTHONDONTWRITEBYTECODE=1
cd "$(dirname "$0")"
PY=${PYTHON:-python3}
# fontTools sets text as paths; Debian's python3-fonttools lives with /usr/bin/python3
if ! "$PY" -c "import fontTools, brotli" 2>/dev/null && /usr/bin/python3 -c "import fontTools, brotli" 2>/dev/null; then
  PY=/usr/bin/python3
fi
$PY make_brand.py
$PY services.py
$PY logos.py
node illustrations.mjs
node fonts.ts
$PY blog.py
$PY about.py
$PY people.py
$PY hero.py
$PY city.py
$PY check.py
