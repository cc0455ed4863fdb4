#!/usr/bin/env bash
# Fetches what tools/extract-api-changes.ts reads besides the git mirrors, into a cache outside the checkout:
#   docs/      Debian testing's doc packages (python-sklearn-doc, python-pandas-doc, python-matplotlib-doc,
#              python3.14-doc): the changelogs of the repositories too large to mirror, as Sphinx keeps them
#   bullseye/  Debian bullseye's (2021) libraries (pandas 1.1.5, scikit-learn 0.23.2, numpy 1.19.5, scipy 1.6.0,
#              matplotlib 3.3.4, seaborn 0.11.1, statsmodels 0.12.2), unpacked only: their source is read for the
#              deprecation warnings of the releases before the 2.0-era removals (never imported or run)
# Bookworm's (the system's /usr/lib/python3/dist-packages) and today's stack (tools/today-stack.sh) are the other two
# releases mined. Only Debian's archive is used, through apt-get with a private list folder (the system's apt state is
# left alone). Idempotent: packages already unpacked are kept.
#
# usage: tools/api-change-sources.sh [--print]    --print: only print the cache folder when it is complete (exit 1 if not)
# env:   NBREVIVE_CACHE_DIR (default /var/cache/nbrevive; the cache is $NBREVIVE_CACHE_DIR/api-sources),
#        NBREVIVE_DEBIAN_MIRROR (default http://deb.debian.org/debian)
# then:  npx tsx tools/extract-api-changes.ts        (finds the cache by itself; or --docs DIR --site-packages DIR …)
set -euo pipefail

CACHE_DIR="${NBREVIVE_CACHE_DIR:-/var/cache/nbrevive}"
MIRROR="${NBREVIVE_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
OUT="$CACHE_DIR/api-sources"
DOC_PACKAGES="python-sklearn-doc python-pandas-doc python-matplotlib-doc python3.14-doc"
OLD_PACKAGES="python3-pandas python3-sklearn python3-numpy python3-scipy python3-matplotlib python3-seaborn python3-statsmodels"

complete() { [ -d "$OUT/bullseye/usr/lib/python3/dist-packages/pandas" ] && ls -d "$OUT"/docs/python-pandas-doc_* >/dev/null 2>&1; }

if [ "${1:-}" = "--print" ]; then
  complete && echo "$OUT" && exit 0
  exit 1
fi

# one apt state per suite, so a package's version is the suite's own and not the installed one
fetch() { # suite dest packages…
  local suite=$1 dest=$2
  shift 2
  local state="$OUT/apt-$suite"
  mkdir -p "$state/lists/partial" "$state/debs" "$dest"
  echo "deb $MIRROR $suite main" >"$state/sources.list"
  local o=(-oDir::Etc::SourceList="$state/sources.list" -oDir::Etc::SourceParts=/dev/null -oDir::State::Lists="$state/lists")
  apt-get "${o[@]}" update >/dev/null
  for pkg in "$@"; do
    local version
    version=$(apt-cache "${o[@]}" madison "$pkg" | awk -F'|' -v s="$suite" '$3 ~ s {gsub(/ /, "", $2); print $2; exit}')
    [ -n "$version" ] || { echo "api-change-sources: $pkg is not in $suite" >&2; exit 1; }
    ls "$state/debs/${pkg}_"*.deb >/dev/null 2>&1 || (cd "$state/debs" && apt-get "${o[@]}" download "$pkg=$version" >/dev/null 2>&1)
  done
}

mkdir -p "$OUT"
fetch forky "$OUT/docs" $DOC_PACKAGES
for deb in "$OUT"/apt-forky/debs/*.deb; do
  d="$OUT/docs/$(basename "$deb" .deb)"
  [ -d "$d" ] || { mkdir -p "$d" && dpkg -x "$deb" "$d"; }
done
fetch bullseye "$OUT/bullseye" $OLD_PACKAGES
for deb in "$OUT"/apt-bullseye/debs/*.deb; do dpkg -x "$deb" "$OUT/bullseye"; done
complete && echo "$OUT"
