#!/usr/bin/env bash
# npm run test:dates — the suites whose answers depend on today's date, run again at three
# moments chosen for their edges (docs/decisions/tests-on-any-date.md), under Debian's faketime:
#   a Friday                 2027-03-12 04:00 UTC
#   a leap day               2028-02-29 06:00 UTC
#   a year's last evening    2026-12-31 20:00 UTC, already 2027-01-01 01:30 in India
# DONT_FAKE_MONOTONIC keeps Node's timers on the real monotonic clock; only the wall clock moves.
# Extra arguments go to vitest (e.g. --reporter=dot).
set -euo pipefail
cd "$(dirname "$0")/.."

command -v faketime >/dev/null 2>&1 || { echo "test:dates needs faketime (Debian: apt-get install faketime)"; exit 1; }

# Every suite that asks for something of "today": a default date, a date's bounds, a financial
# year, a schedule's next or previous run, a cache's or a list's age.
SUITES=(
  src/modules/astro
  src/modules/numerology
  src/modules/train
  src/modules/forex
  src/modules/gst
  src/modules/fuel
  src/modules/commodities
  src/modules/liquor
  src/modules/crypto
  src/modules/domain
  src/modules/stocks
  src/modules/aqi
  src/modules/weather
  src/modules/search
  src/modules/meta
  src/lib/prices
  src/core/jobs
  src/core/time.test.ts
  test/openapi-examples.test.ts
  test/openapi-responses.test.ts
  test/app.test.ts
)

status=0
for when in '2027-03-12 04:00:00' '2028-02-29 06:00:00' '2026-12-31 20:00:00'; do
  echo "== the suites that depend on the date, at $when UTC"
  TZ=UTC DONT_FAKE_MONOTONIC=1 faketime "$when" npx vitest run "${SUITES[@]}" "$@" || status=1
done
exit $status
