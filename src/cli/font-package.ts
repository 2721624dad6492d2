import path from 'node:path';
import type { Files } from '../data/files.js';
import { listFilesBelow, readWholeFile } from '../data/files.js';
import { formatPath } from '../data/field-path.js';
import { parseYamlText } from '../data/parsed-cache.js';
import { UsageError } from '../errors.js';
import type { FallbackFont, WantingGlyphs } from '../layout/primitives.js';
import { codePointName } from '../layout/fallback.js';
import { FONT_PACKAGE_VERSION } from './font-package-version.js';

/**
 * The npm package the Chinese and Korean fonts come in (packages/fonts-cjk in the repository):
 * 29 MB of fonts that most clubs never print with, so muster-wargames names it as an optional
 * peer dependency instead of shipping them.
 */
export const FONT_PACKAGE = 'muster-wargames-fonts-cjk';

/** Its fonts, by the fallback each one is, as paths inside the package. */
export const PACKAGE_FONTS: Readonly<Record<'cjk' | 'cjk-bold' | 'korean' | 'korean-bold', string>> = {
  cjk: 'fonts/NotoSansHans-Regular.otf',
  'cjk-bold': 'fonts/NotoSansHans-Bold.otf',
  korean: 'fonts/NotoSansKR_400Regular.ttf',
  'korean-bold': 'fonts/NotoSansKR_700Bold.ttf',
};

const PACKAGE_KEYS = Object.keys(PACKAGE_FONTS);

/** What a look for the package found. */
export type FontPackageFound =
  /** the package, of the version muster prints with */
  | { kind: 'found'; dir: string }
  /** a package of another version only: its fonts may draw other glyphs, so it is not used */
  | { kind: 'other version'; dir: string; version: string; wanted: string }
  | { kind: 'none'; wanted: string };

/** The font package as a run finds it: looked for when a run first needs one of its fonts. */
export interface FontPackage {
  readonly found: FontPackageFound;
}

/** No font package anywhere: the Chinese and Korean fonts are not installed. */
export function noFontPackage(wanted: string): FontPackage {
  return { found: { kind: 'none', wanted } };
}

/** A package looked for once, when first asked. */
export function lazyFontPackage(look: () => FontPackageFound): FontPackage {
  let found: FontPackageFound | undefined;
  return {
    get found() {
      return (found ??= look());
    },
  };
}

/** The package's font files, by fallback, where one of the right version was found. */
export function packageFontFiles(found: FontPackageFound): Partial<Record<string, string>> {
  if (found.kind !== 'found') return {};
  return Object.fromEntries(Object.entries(PACKAGE_FONTS).map(([key, file]) => [key, path.join(found.dir, ...file.split('/'))]));
}

/**
 * Fonts with the package's in place of any given: the others as they are, the package's looked
 * up only when a run first asks for one (a Latin run never does).
 */
export function fontsWithPackage(fonts: Readonly<Record<string, string | undefined>>, fontPackage: FontPackage): Record<string, string | undefined> {
  const merged: Record<string, string | undefined> = {};
  for (const [key, file] of Object.entries(fonts)) if (!PACKAGE_KEYS.includes(key)) merged[key] = file;
  let found: Partial<Record<string, string>> | undefined;
  for (const key of PACKAGE_KEYS) Object.defineProperty(merged, key, { enumerable: true, get: () => (found ??= packageFontFiles(fontPackage.found))[key] });
  return merged;
}

const withPackage = new WeakMap<Files, WeakMap<FontPackage, Files>>();

/**
 * The files a run reads through, their fonts with the package's as `fontPackage` finds it. One
 * object for each pair, so that a process (a test file, the page) keeps one font store for all
 * its runs (see font-store.ts).
 */
export function filesWithFontPackage(files: Files, fontPackage: FontPackage): Files {
  let byPackage = withPackage.get(files);
  if (!byPackage) withPackage.set(files, (byPackage = new WeakMap()));
  let made = byPackage.get(fontPackage);
  if (!made) {
    const places = { ...files.places, fonts: fontsWithPackage(files.places.fonts, fontPackage) };
    // each method its own field, as a wrapper that copies the fields (--force -) expects
    made = {
      places,
      stat: (file) => files.stat(file),
      list: (dir) => files.list(dir),
      realpath: (file) => files.realpath(file),
      readlink: (file) => files.readlink(file),
      read: (file, limit) => files.read(file, limit),
      ...(files.cache ? { cache: files.cache } : {}),
    };
    byPackage.set(fontPackage, made);
  }
  return made;
}

/** A fallback's script, as the message names it. */
function scriptOf(font: FallbackFont): string {
  return font.startsWith('korean') ? 'Korean' : 'Chinese and Japanese';
}

/** Where the player gave a text: a file and its field, an option. */
export type TypedAt = ReadonlyMap<string, readonly string[]>;

/**
 * A text to print needs a font of the package, which is not installed (or is, in another
 * version): exit 2, nothing written, and what to install.
 */
export class FontPackageError extends UsageError {
  constructor(
    readonly texts: readonly WantingGlyphs[],
    readonly found: FontPackageFound | undefined,
    readonly typedAt: TypedAt = new Map(),
  ) {
    super(describeWanting(texts, found, typedAt));
  }

  /** The same, with more places the texts were typed at (the options of the command line). */
  alsoTypedAt(...more: TypedAt[]): FontPackageError {
    const merged = new Map(this.typedAt);
    for (const found of more) for (const [text, places] of found) merged.set(text, [...(merged.get(text) ?? []), ...places]);
    return new FontPackageError(this.texts, this.found, merged);
  }
}

/** The install command, for the whole machine or the folder. */
export function installCommand(wanted: string, global: boolean): string {
  return `npm install${global ? ' -g' : ''} ${FONT_PACKAGE}@${wanted}`;
}

/** Lines of a refusal naming places or texts: past this many, the rest are counted. */
const MAX_LINES = 10;

/** A printed text as the message quotes it: one line, cut after 60 characters. */
function quoted(text: string): string {
  const chars = [...text.trim()];
  return `"${chars.length > 60 ? `${chars.slice(0, 59).join('')}…` : chars.join('')}"`;
}

/**
 * The message: where each character was given (a field of a file, an option) and the font it
 * needs, or the text it is in where no place is known; then what to install. The page puts the
 * paragraph on installing in its own words (src/web/player-words.ts).
 */
export function describeWanting(texts: readonly WantingGlyphs[], found: FontPackageFound | undefined, typedAt: TypedAt): string {
  // one line a place, in the order met: the characters given there and a text they print in
  const byPlace = new Map<string, { chars: Set<string>; fonts: Set<FallbackFont>; example: string }>();
  for (const { text, chars, fonts } of texts) {
    const places = typedAt.get(text);
    for (const place of places && places.length > 0 ? places : [undefined]) {
      const key = place ?? quoted(text);
      const entry = byPlace.get(key) ?? { chars: new Set<string>(), fonts: new Set<FallbackFont>(), example: text };
      for (const c of chars) entry.chars.add(c);
      for (const f of fonts) entry.fonts.add(f);
      byPlace.set(key, entry);
    }
  }
  const lines = [...byPlace].map(([key, { chars, fonts, example }]) => {
    const scripts = [...new Set([...fonts].map(scriptOf))].sort().join(' and ');
    const named = [...chars].map((c) => `"${c}" (${codePointName(c)})`).join(', ');
    const given = key.startsWith('"') ? key : `${key} (printed in ${quoted(example)})`;
    return `${given} needs the ${scripts} font for ${named}`;
  });
  const shown = lines.length > MAX_LINES ? [...lines.slice(0, MAX_LINES - 1), `and ${lines.length - MAX_LINES + 1} more texts`] : lines;
  const wanted = found && found.kind !== 'found' ? found.wanted : FONT_PACKAGE_VERSION;
  const install = `${installCommand(wanted, true)} (or, where muster is installed in the folder you run it in, ${installCommand(wanted, false)} there)`;
  const why =
    found?.kind === 'other version'
      ? `The Chinese, Japanese and Korean fonts come in the package ${FONT_PACKAGE}: the one at ${found.dir} is version ${found.version}, and this muster prints with ${found.wanted} only (another version could draw other glyphs). Install that version: ${install}.`
      : `The Chinese, Japanese and Korean fonts come in a package of their own, ${FONT_PACKAGE}, which is not installed. Install it beside muster: ${install}.`;
  return `${shown.join('\n')}\n${why}\nNothing was written.`;
}

/** Files of a player's input the search reads: as many as a house rule set has, and no more. */
const MAX_SEARCHED_FILES = 200;

/**
 * Where each text's characters were given in the run's own files (a force file, a house-rules
 * folder, a campaign's state): the file and the field, such as `force.yaml at units[2].name`.
 * Read only when a run is refused, and only files that hold one of the characters.
 */
export async function typedInFiles(texts: readonly WantingGlyphs[], inputs: readonly { path: string }[], files: Files, cwd: string, skip: readonly string[]): Promise<TypedAt> {
  const found = new Map<string, string[]>();
  const wanted = new Set(texts.flatMap((t) => t.chars));
  let searched = 0;
  for (const input of inputs) {
    if (skip.some((dir) => input.path === dir || input.path.startsWith(dir))) continue;
    let kind;
    try {
      kind = files.stat(input.path).kind;
    } catch {
      continue;
    }
    const paths = kind === 'folder' ? listFilesBelow(input.path, (relative) => /\.(ya?ml|json)$/.test(relative), path.join) : [input.path];
    for (const file of paths) {
      if (++searched > MAX_SEARCHED_FILES) return found;
      const bytes = readWholeFile(files, file);
      if (!bytes) continue;
      const text = new TextDecoder().decode(bytes);
      if (![...wanted].some((c) => text.includes(c))) continue;
      let value: unknown;
      try {
        value = await parseYamlText(text);
      } catch {
        continue;
      }
      const shown = path.relative(cwd, file) || file;
      for (const [at, leaf] of stringLeaves(value, [])) {
        for (const entry of texts) {
          if (!entry.chars.some((c) => leaf.includes(c))) continue;
          const place = `${shown.startsWith('..') ? file : shown}${at.length > 0 ? ` at ${formatPath(at)}` : ''}`;
          const known = found.get(entry.text) ?? [];
          if (!known.includes(place)) found.set(entry.text, [...known, place]);
        }
      }
    }
  }
  return found;
}

/** Every string of a parsed file with its field's path, in the file's order. */
function* stringLeaves(value: unknown, at: PropertyKey[]): Generator<[PropertyKey[], string]> {
  if (typeof value === 'string') yield [at, value];
  else if (Array.isArray(value)) for (let i = 0; i < value.length; i++) yield* stringLeaves(value[i], [...at, i]);
  else if (value !== null && typeof value === 'object') for (const [key, inner] of Object.entries(value)) yield* stringLeaves(inner, [...at, key]);
}

/** Where each text's characters were given on the command line: the option, such as `--names`. */
export function typedInOptions(texts: readonly WantingGlyphs[], words: readonly string[]): TypedAt {
  const found = new Map<string, string[]>();
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (!word.startsWith('-')) continue;
    const equals = word.indexOf('=');
    const option = equals > 0 ? word.slice(0, equals) : word;
    const value = equals > 0 ? word.slice(equals + 1) : words[i + 1];
    if (value === undefined) continue;
    for (const entry of texts) {
      if (!entry.chars.some((c) => value.includes(c))) continue;
      const place = option;
      const known = found.get(entry.text) ?? [];
      if (!known.includes(place)) found.set(entry.text, [...known, place]);
    }
  }
  return found;
}
