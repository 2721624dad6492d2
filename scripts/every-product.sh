#!/usr/bin/env bash
# Writes every product of every rule set, on A4/cm and Letter/in, into one folder, with a
# SHA256SUMS file: run it before and after a change that must not alter a single byte, then
# `diff before/SHA256SUMS after/SHA256SUMS`. Usage: scripts/every-product.sh OUTDIR
# ROLLED="--terrain none" adds words to every command that rolls a map (scenario, campaign next
# and booklet), to compare against a muster that had no such option.
set -euo pipefail
out=${1:?usage: scripts/every-product.sh OUTDIR}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
m() { node "$root/bin/muster.js" "$@" --quiet; }
read -r -a rolled <<< "${ROLLED:-}"
r() { m "$@" "${rolled[@]}"; }
systems=$(node "$root/bin/muster.js" systems --format json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);console.log((j.systems??j).map(x=>x.id).join(" "))})')
for paper in a4:cm letter:in; do
  p=${paper%%:*}; u=${paper##*:}
  pu=(--paper "$p" --units "$u")
  for s in $systems; do
    products=$(node "$root/bin/muster.js" systems --format json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);const x=(j.systems??j).find(x=>x.id===process.argv[1]);console.log(x.products.join(" "))})' "$s")
    for product in $products; do
      case $product in
        tables|cards|tokens)
          m "$product" "$s" "${pu[@]}" -o "$out/$s-$product-$p.pdf"
          m "$product" "$s" "${pu[@]}" --ink low --no-backs -o "$out/$s-$product-low-$p.pdf"
          [ "$product" = tokens ] && { m tokens "$s" "${pu[@]}" --events -o "$out/$s-events-$p.pdf" 2>/dev/null || true; } ;;
        scenario)
          r scenario "$s" "${pu[@]}" --seed matrix -o "$out/$s-scenario-$p.pdf"
          r scenario "$s" "${pu[@]}" --seed matrix --format json -o "$out/$s-scenario-$p.json"
          r scenario "$s" "${pu[@]}" --seed matrix --count 3 -o "$out/$s-scenario3-$p.pdf"
          r scenario "$s" "${pu[@]}" --seed matrix --count 3 --format json -o "$out/$s-scenario3-$p.json"
          r scenario "$s" "${pu[@]}" --seed matrix --format md -o "$out/$s-scenario-$p.md"
          r scenario "$s" "${pu[@]}" --seed matrix --mode solo -o "$out/$s-solo-$p.pdf" 2>/dev/null || true ;;
        campaign)
          st="$out/$s-campaign-$p.json"
          rm -f "$st"
          m campaign "$s" new --state "$st" --seed matrix
          r campaign "$s" next --state "$st" "${pu[@]}" -o "$out/$s-campaign-next-$p.pdf" 2>/dev/null \
            || r campaign "$s" next --state "$st" --assault a:C5 --assault b:C2 "${pu[@]}" -o "$out/$s-campaign-next-$p.pdf"
          r campaign "$s" booklet --seed matrix "${pu[@]}" -o "$out/$s-campaign-booklet-$p.pdf" || true
          r campaign "$s" booklet --solo --seed matrix "${pu[@]}" -o "$out/$s-campaign-booklet-solo-$p.pdf" 2>/dev/null || true ;;
      esac
    done
    node "$root/bin/muster.js" list "$s" --format json > "$out/$s-list.json"
    node "$root/bin/muster.js" list "$s" --format md > "$out/$s-list.md"
  done
  m calibrate --paper "$p" -o "$out/calibrate-$p.pdf"
done
for f in "$root"/examples/forces/*.yaml; do
  name=$(basename "$f" .yaml)
  case $name in fireteam-*) s=fireteam ;; *) s=bof ;; esac
  m cards "$s" --force "$f" -o "$out/force-$name-cards.pdf" 2>/dev/null || true
  r scenario "$s" --force "$f" --seed matrix -o "$out/force-$name-scenario.pdf" 2>/dev/null || true
done
for f in "$root"/examples/blazeaway/*.yaml; do
  r scenario blazeaway --force "$f" --seed matrix -o "$out/ba-$(basename "$f" .yaml)-scenario.pdf"
  m cards blazeaway --force "$f" -o "$out/ba-$(basename "$f" .yaml)-cards.pdf" 2>/dev/null || true
done
(cd "$out" && sha256sum -- *.pdf *.json *.md | sort -k2 > SHA256SUMS)
echo "$(wc -l < "$out/SHA256SUMS") files in $out"
