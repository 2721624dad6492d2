#!/usr/bin/env bash
# CI: muster as a user gets it. Packs the built checkout (npm ci has run the build), installs
# the tarball into an empty folder under the system's temporary folder (no repository, no
# node_modules above it), and runs the installed command as the README tells a user to.
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
tarball="$scratch/$(node -e 'const [p] = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.log(p.filename)' "$scratch/pack.json")"
node -e 'const [p] = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.error(`package: ${p.filename}, ${(p.size / 1e6).toFixed(1)} MB, ${p.entryCount} files, ${(p.unpackedSize / 1e6).toFixed(1)} MB unpacked`)' "$scratch/pack.json"

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

# the page, served from the installed package: a gzip request gets the stored gzip copy (the
# installed command run itself, not through npx, so stopping it stops the server)
node_modules/.bin/muster serve --port 0 > serve.log 2>&1 &
server=$!
url=""
for _ in $(seq 1 100); do
  url="$(sed -n 's/^muster is at \(http:[^ ]*\) .*/\1/p' serve.log)"
  [ -n "$url" ] && break
  sleep 0.1
done
if [ -z "$url" ]; then echo "try-package: muster serve did not start:" >&2; cat serve.log >&2; exit 1; fi
curl -sS --fail -H 'Accept-Encoding: gzip' -D headers.txt -o worker.gz "${url}run-worker.js"
if ! grep -qi '^content-encoding: gzip' headers.txt; then echo "try-package: ${url}run-worker.js came back uncompressed:" >&2; cat headers.txt >&2; exit 1; fi
gunzip -c worker.gz | cmp - node_modules/muster-wargames/dist/web/run-worker.js
echo "+ muster serve sent run-worker.js gzipped ($(wc -c < worker.gz) bytes)" >&2
echo "try-package: the packed muster works as installed" >&2
