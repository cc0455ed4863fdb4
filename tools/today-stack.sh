#!/usr/bin/env bash
# Builds "today's stack" (Debian testing: Python 3.14, numpy 2.4, pandas 2.3, scikit-learn 1.9 …), the reference
# environment recovery is measured in, as a debootstrapped root filesystem, and writes `python3-today`: a wrapper
# that runs that root's Python through bubblewrap as an ordinary interpreter (`--python …/python3-today`).
# Idempotent: an existing, working root is kept. Needs root (debootstrap) and Debian's archive.
#
# usage: tools/today-stack.sh [--print]     --print: only print the wrapper's path when the stack is ready (exit 1 if not)
# env:   NBREVIVE_CACHE_DIR (default /var/cache/nbrevive), NBREVIVE_DEBIAN_MIRROR (default http://deb.debian.org/debian)
set -euo pipefail

CACHE_DIR="${NBREVIVE_CACHE_DIR:-/var/cache/nbrevive}"
MIRROR="${NBREVIVE_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
ROOT="$CACHE_DIR/today-root"
WRAPPER="$CACHE_DIR/python3-today"
PACKAGES=python3,python3-nbclient,python3-ipykernel,python3-nbformat,python3-pandas,python3-sklearn,python3-numpy,python3-scipy,python3-matplotlib,python3-seaborn,python3-xgboost,python3-statsmodels,python3-nltk,python3-openpyxl,python3-xlrd,python3-requests,python3-jinja2,python3-cffi-backend

# openpyxl, xlrd (Excel readers), requests and jinja2 (DataFrame.style): the managed runtime installs them too
# (resources/python), as every Jupyter installation has the last two
ready() {
  [ -x "$WRAPPER" ] && "$WRAPPER" -c 'import nbclient, ipykernel, numpy, pandas, sklearn, openpyxl, xlrd, requests, jinja2' >/dev/null 2>&1
}

# The wrapper. Every folder a job touches must be visible inside: job folders (/tmp), the database (the home folder),
# the checkout or installed package that holds the runner wherever it lives (/work, /srv, /check, /opt …), corpora,
# and the folder the wrapper is started from. So every top-level folder of the host is bound except the system's own
# (the root provides those), plus /var/cache and /var/tmp. Rewritten whenever it differs from this version, so a
# machine that built the stack with an older wrapper gets the current one.
wrapper_text() {
  cat <<EOF
#!/bin/sh
# python3 of today's stack ($ROOT), run through bubblewrap as an ordinary interpreter (written by tools/today-stack.sh)
binds=""
for d in /* /var/cache /var/tmp "\$PWD"; do
  case "\$d" in
    /bin|/boot|/dev|/etc|/lib|/lib32|/lib64|/libx32|/proc|/run|/sbin|/sys|/usr|/var|/lost+found) continue ;;
  esac
  [ -d "\$d" ] && [ ! -L "\$d" ] && binds="\$binds --bind \$d \$d"
done
exec bwrap --bind "$ROOT" / --proc /proc --dev /dev \$binds --chdir "\$PWD" -- /usr/bin/python3 "\$@"
EOF
}
write_wrapper() {
  [ -x "$ROOT/usr/bin/python3" ] || return 0
  [ "$(wrapper_text)" = "$(cat "$WRAPPER" 2>/dev/null)" ] && return 0
  if [ -w "$CACHE_DIR" ]; then wrapper_text >"$WRAPPER" && chmod 755 "$WRAPPER"
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    wrapper_text | sudo tee "$WRAPPER" >/dev/null && sudo chmod 755 "$WRAPPER"
  fi
}
write_wrapper

if [ "${1:-}" = "--print" ]; then
  ready && { echo "$WRAPPER"; exit 0; }
  exit 1
fi
if ready; then
  echo "[today-stack] ready: $WRAPPER"
  "$WRAPPER" -c 'import sys, numpy, pandas, sklearn; print("[today-stack] python", sys.version.split()[0], "numpy", numpy.__version__, "pandas", pandas.__version__, "scikit-learn", sklearn.__version__)'
  exit 0
fi

SUDO=""
if [ "$(id -u)" != "0" ]; then
  command -v sudo >/dev/null 2>&1 || { echo "[today-stack] needs root (debootstrap): run as root or install sudo" >&2; exit 2; }
  SUDO="sudo"
fi
for tool in debootstrap bwrap; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "[today-stack] installing debootstrap and bubblewrap"
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap bubblewrap >/dev/null
    break
  fi
done

$SUDO mkdir -p "$CACHE_DIR"
if [ ! -x "$ROOT/usr/bin/python3" ]; then
  echo "[today-stack] debootstrap forky into $ROOT (a few minutes, ~1.4 GB)"
  $SUDO rm -rf "$ROOT.partial"
  # python3-zmq fails to configure in the first pass (its cffi backend is configured later): finished below
  $SUDO debootstrap --variant=minbase --include="$PACKAGES" forky "$ROOT.partial" "$MIRROR" /usr/share/debootstrap/scripts/sid \
    >"$CACHE_DIR/today-debootstrap.log" 2>&1 || echo "[today-stack] debootstrap reported errors (expected: python3-zmq); finishing the configuration"
  $SUDO mv "$ROOT.partial" "$ROOT"
fi

echo "deb $MIRROR forky main" | $SUDO tee "$ROOT/etc/apt/sources.list" >/dev/null
$SUDO mkdir -p "$ROOT/proc"
mountpoint -q "$ROOT/proc" || $SUDO mount -t proc proc "$ROOT/proc"
trap '$SUDO umount "$ROOT/proc" 2>/dev/null || true' EXIT
$SUDO chroot "$ROOT" env DEBIAN_FRONTEND=noninteractive apt-get -qq -o Acquire::Check-Valid-Until=false update
# every package again (--no-upgrade: installed versions stay): finishes the first pass, and gives a root built from
# an older list the packages added since
$SUDO chroot "$ROOT" env DEBIAN_FRONTEND=noninteractive apt-get -qq -o Acquire::Check-Valid-Until=false install --no-upgrade -f -y ${PACKAGES//,/ } >/dev/null
$SUDO chroot "$ROOT" dpkg --configure -a
$SUDO chroot "$ROOT" apt-get clean

write_wrapper
ready || { echo "[today-stack] $WRAPPER does not import nbclient/numpy/pandas/sklearn; see $CACHE_DIR/today-debootstrap.log" >&2; exit 1; }
"$WRAPPER" -c 'import sys, numpy, pandas, sklearn; print("[today-stack] ready: python", sys.version.split()[0], "numpy", numpy.__version__, "pandas", pandas.__version__, "scikit-learn", sklearn.__version__)'
echo "$WRAPPER"
