#!/usr/bin/env bash
# The README's pictures, made again from the built command: each is one page of a product,
# found by the title at its head, at 297 x 420 px (A4 at about 36 dpi). Needs poppler-utils.
# Run after `npm run build`: bash scripts/readme-images.sh
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# shot NAME WIDTH TITLE -- muster arguments: the first page whose head line starts with TITLE
# (~TEXT: the first page with TEXT anywhere on it)
shot() {
  local name=$1 width=$2 pattern=$3
  shift 4
  node bin/muster.js "$@" -o "$tmp/$name.pdf" --quiet
  local pages page=""
  pages=$(pdfinfo "$tmp/$name.pdf" | awk '/^Pages:/ {print $2}')
  for ((p = 1; p <= pages; p++)); do
    local text
    text=$(pdftotext -f "$p" -l "$p" -layout "$tmp/$name.pdf" -)
    if [[ "$pattern" == "~"* ]]; then [[ "$text" == *"${pattern#\~}"* ]] && { page=$p; break; }
    elif [[ "${text%%$'\n'*}" == "$pattern"* ]]; then page=$p; break; fi
  done
  [ -n "$page" ] || { echo "no page of $name reads \"$pattern\"" >&2; exit 1; }
  pdftoppm -f "$page" -l "$page" -png -scale-to-x "$width" -scale-to-y -1 -singlefile "$tmp/$name.pdf" "docs/images/$name"
  echo "docs/images/$name.png: page $page of muster $*"
}

shot bof-tables-shooting 297 'Shooting' -- tables bof
shot bof-tables-setup 297 'Setting up' -- tables bof
shot bof-cards-front 297 '' -- cards bof --nation us
shot bof-cards-roster 297 'Roster' -- cards bof --force examples/forces/kampfgruppe-weber.yaml
shot bof-cards-grouped 297 '~Rifleman 1–10' -- cards bof --force test/fixtures/forces/us-rifle-platoon.yaml
shot cards-fold 421 '~Support: medic' -- cards fireteam --list russians --layout fold
shot bof-solo-briefing 297 'Scenario:' -- scenario bof --mode solo --seed club-night
shot bof-solo-map 297 'Map:' -- scenario bof --mode solo --seed club-night
shot bof-campaign-ladder 297 '~The campaign ladder' -- campaign bof booklet --seed ladder
shot bof-tokens 297 'Tokens and markers, fronts' -- tokens bof
shot bof-templates 297 '~Action Point Counter' -- tokens bof
shot bof-events 297 '~Random Event' -- tokens bof --events
shot fireteam-tables-firing 297 'Turn, troops and firing' -- tables fireteam
shot fireteam-campaign-map 497 'The campaign map' -- campaign fireteam booklet --seed readme
shot blazeaway-tables-armour 297 'Tanks, armour' -- tables blazeaway
shot blazeaway-unit-sheet 497 'Unit sheet' -- cards blazeaway --force examples/blazeaway/german-grenadier-company.yaml
shot openfire-packet 297 'Scenario:' -- scenario openfire --seed club-night

# a print shop's images (--shop mpc): the zip's back and front of one card, side by side, shrunk
# by the same renderer that drew them
node bin/muster.js cards bof --force test/fixtures/forces/us-rifle-platoon.yaml --shop mpc -o "$tmp/mpc.zip" --quiet
node --input-type=module -e '
import { readFileSync, writeFileSync } from "node:fs";
import { unzipSync } from "fflate";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
await initWasm(readFileSync("node_modules/@resvg/resvg-wasm/index_bg.wasm"));
const zip = unzipSync(readFileSync(process.argv[1]));
const image = (name, x) => `<image x="${x}" width="822" height="1122" href="data:image/png;base64,${Buffer.from(zip[name]).toString("base64")}"/>`;
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1674" height="1122">${image("back/04.png", 0)}${image("front/04.png", 852)}</svg>`;
writeFileSync("docs/images/cards-mpc.png", new Resvg(svg, { fitTo: { mode: "width", value: 420 } }).render().asPng());
' "$tmp/mpc.zip"
echo "docs/images/cards-mpc.png: back/04 and front/04 of muster cards bof --force ... --shop mpc"
