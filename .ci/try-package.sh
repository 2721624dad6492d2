#!/usr/bin/env bash
# CI: muster as a user gets it. Packs the built checkout (npm ci has run the build) and its
# second package, the Chinese and Korean fonts (packages/fonts-cjk); installs muster alone into
# an empty folder under the system's temporary folder (no repository, no node_modules above it)
# and runs the installed command as the README tells a user to; then the fonts beside it.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch="$(mktemp -d "${TMPDIR:-/tmp}/muster-package-XXXXXX")"
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; fi
  rm -rf "$scratch"
}
trap cleanup EXIT

# the build has just run (npm ci's prepare): pack what it left, without building again
npm pack --ignore-scripts --json --pack-destination "$scratch" > "$scratch/pack.json"
npm pack --ignore-scripts --json --pack-destination "$scratch" ./packages/fonts-cjk > "$scratch/pack-fonts.json"
packed() { node -e 'const [p] = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.log(p[process.argv[2]])' "$1" "$2"; }
describe() { node -e 'const [p] = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.error(`package: ${p.filename}, ${(p.size / 1e6).toFixed(1)} MB, ${p.entryCount} files, ${(p.unpackedSize / 1e6).toFixed(1)} MB unpacked`)' "$1"; }
tarball="$scratch/$(packed "$scratch/pack.json" filename)"
fonts="$scratch/$(packed "$scratch/pack-fonts.json" filename)"
describe "$scratch/pack.json"
describe "$scratch/pack-fonts.json"
# the goal of issue 50: the package a user downloads is under 15 MB
size="$(packed "$scratch/pack.json" size)"
if [ "$size" -ge 15000000 ]; then echo "try-package: the tarball is $size bytes, not under 15 MB" >&2; exit 1; fi

user="$scratch/club"
mkdir "$user"
cd "$user"
if git rev-parse --git-dir >/dev/null 2>&1; then echo "try-package: $user is inside a git repository" >&2; exit 1; fi
echo '{ "name": "club", "private": true }' > package.json
npm install --no-audit --no-fund --loglevel=error "$tarball"
echo "installed: $(du -sh node_modules | cut -f1)" >&2

step() { echo "+ $*" >&2; "$@"; }
step npx --no-install muster --version
step npx --no-install muster tables bof
test -s out/bof-tables-a4-cm.pdf
step npx --no-install muster cards bof --nation us -o us-cards.pdf
test -s us-cards.pdf
step npx --no-install muster examples
test -s examples/openfire/us-rifle-platoon.yaml
# nothing is overwritten: a second copy is refused with exit 2
set +e
npx --no-install muster examples 2>/dev/null
code=$?
set -e
if [ "$code" -ne 2 ]; then echo "try-package: muster examples over existing files exited $code, not 2" >&2; exit 1; fi
step npx --no-install muster scenario openfire --force examples/openfire/us-rifle-platoon.yaml --seed ci -o battle.pdf
test -s battle.pdf

# a Chinese name, the Chinese and Korean fonts not installed: refused (exit 2), saying what to
# install, nothing written; a Latin one prints
wanted="$(node -p 'require("./node_modules/muster-wargames/package.json").peerDependencies["muster-wargames-fonts-cjk"]')"
set +e
npx --no-install muster scenario bof --names '张伟,Ben' --seed ci -o cjk.pdf 2> refused.txt
code=$?
set -e
if [ "$code" -ne 2 ]; then echo "try-package: a Chinese name without the font package exited $code, not 2:" >&2; cat refused.txt >&2; exit 1; fi
if ! grep -qF "npm install -g muster-wargames-fonts-cjk@$wanted" refused.txt; then echo "try-package: the refusal does not say what to install:" >&2; cat refused.txt >&2; exit 1; fi
if [ -e cjk.pdf ]; then echo "try-package: a refused run wrote cjk.pdf" >&2; exit 1; fi
echo "+ a Chinese name without the font package: $(grep "^muster:" refused.txt | head -1)" >&2
step npx --no-install muster scenario bof --names 'Ann,Ben' --seed ci -o latin.pdf
test -s latin.pdf

# the page, served from the installed package: a gzip request gets the stored gzip copy (the
# installed command run itself, not through npx, so stopping it stops the server)
url=""
start_serve() {
  node_modules/.bin/muster serve --port 0 > serve.log 2>&1 &
  server=$!
  url=""
  for _ in $(seq 1 100); do
    url="$(sed -n 's/^muster is at \(http:[^ ]*\) .*/\1/p' serve.log)"
    [ -n "$url" ] && break
    sleep 0.1
  done
  if [ -z "$url" ]; then echo "try-package: muster serve did not start:" >&2; cat serve.log >&2; exit 1; fi
}
stop_serve() {
  kill "$server"
  wait "$server" 2>/dev/null || true
  server=""
}
font_status() { curl -sS -o /dev/null -w '%{http_code}' "${url}files/fonts/NotoSansHans-Regular.otf"; }
start_serve
curl -sS --fail -H 'Accept-Encoding: gzip' -D headers.txt -o worker.gz "${url}run-worker.js"
if ! grep -qi '^content-encoding: gzip' headers.txt; then echo "try-package: ${url}run-worker.js came back uncompressed:" >&2; cat headers.txt >&2; exit 1; fi
gunzip -c worker.gz | cmp - node_modules/muster-wargames/dist/web/run-worker.js
echo "+ muster serve sent run-worker.js gzipped ($(wc -c < worker.gz) bytes)" >&2
# the page asks for a Chinese font: not there without the package (the page then says what to install)
if [ "$(font_status)" != 404 ]; then echo "try-package: muster serve without the font package answered $(font_status) for a Chinese font, not 404" >&2; exit 1; fi
stop_serve

# the fonts installed beside muster: the Chinese name prints, and muster serve sends the fonts
npm install --no-audit --no-fund --loglevel=error "$fonts"
echo "installed with the fonts: $(du -sh node_modules | cut -f1)" >&2
step npx --no-install muster scenario bof --names '张伟,Ben' --seed ci -o cjk.pdf
test -s cjk.pdf
if ! grep -qa NotoSansHans cjk.pdf; then echo "try-package: cjk.pdf has no Chinese font in it" >&2; exit 1; fi
start_serve
curl -sS --fail -o served.otf "${url}files/fonts/NotoSansHans-Regular.otf"
cmp served.otf node_modules/muster-wargames-fonts-cjk/fonts/NotoSansHans-Regular.otf
echo "+ muster serve sent the font package's NotoSansHans-Regular.otf" >&2
stop_serve
echo "try-package: the packed muster works as installed" >&2
