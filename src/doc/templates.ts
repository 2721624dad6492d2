import path from 'node:path';
import Handlebars from 'handlebars';
import { files } from '../data/files.js';
import { decodeUtf8 } from '../data/read.js';
import { DataError } from '../errors.js';
import { storedTemplateSpec } from '../data/parsed-cache.js';
import { HELPER_USAGE, helpers } from './helpers.js';

/** A template file's text, or undefined when it is not there; read once per run. */
const sources = new Map<string, string | undefined>();
function templateSource(file: string): string | undefined {
  if (!sources.has(file)) {
    let text: string | undefined;
    try {
      const bytes = files().read(file, 1024 * 1024).bytes;
      const decoded = bytes && decodeUtf8(bytes, 'template');
      text = decoded && 'text' in decoded ? decoded.text : undefined;
    } catch {
      text = undefined;
    }
    sources.set(file, text);
  }
  return sources.get(file);
}

/** Our own instance: nothing registered elsewhere leaks in, nothing we register leaks out. */
const hb = Handlebars.create();
for (const [name, fn] of Object.entries(helpers)) {
  const usage = HELPER_USAGE[name as keyof typeof helpers];
  hb.registerHelper(name, function (this: unknown, ...args: unknown[]) {
    // Handlebars adds its options last; fewer values than the helper needs is a slip in the text
    if (args.length - 1 < usage.values) throw new TemplateSlip(`${usage.example} needs ${usage.values === 1 ? 'a value' : `${usage.values} values`}: ${usage.meaning}`);
    return (fn as (...a: unknown[]) => unknown).apply(this, args);
  });
}

/** PDF text is not HTML, so nothing is escaped; a missing field is an error, never blank. */
const COMPILE_OPTIONS = { strict: true, noEscape: true } as const;

type Template = (context: object) => string;
const compiled = new Map<string, Template>();

function compile(source: string, origin: string): Template {
  const cached = compiled.get(source);
  if (cached) return cached;
  let template: HandlebarsTemplateDelegate;
  try {
    const spec = storedTemplateSpec(source, hb.VERSION);
    // precompiled by the build: Handlebars' own JavaScript for the text, so nothing is parsed
    template = spec ? hb.template(new Function(`return ${spec};`)() as TemplateSpecification) : hb.compile(source, COMPILE_OPTIONS);
  } catch (error) {
    throw new DataError([{ file: origin, path: '', message: `not a valid template: ${firstLine(error)}` }]);
  }
  const run: Template = (context) => {
    try {
      return template(context);
    } catch (error) {
      throw new DataError([{ file: origin, path: '', message: `template failed: ${firstLine(error)}` }]);
    }
  };
  compiled.set(source, run);
  templateRecorder?.(source);
  return run;
}

/** Called with every template text compiled, while set: how the build learns what to precompile. */
let templateRecorder: ((source: string) => void) | undefined;

export function recordTemplateSources(recorder: ((source: string) => void) | undefined): void {
  templateRecorder = recorder;
}

/** Handlebars' JavaScript for a template text, as the build stores it (with muster's compile options). */
export function precompileTemplate(source: string): string {
  return hb.precompile(source, COMPILE_OPTIONS) as string;
}

/** The version of Handlebars that precompiles and runs the templates. */
export const HANDLEBARS_VERSION: string = hb.VERSION;

/** Fills a template file from templates/, e.g. renderTemplate('page-footer', {...}). */
export function renderTemplate(name: string, context: object, dir: string = files().places.templates): string {
  const file = path.join(dir, `${name}.hbs`);
  const source = templateSource(file);
  if (source === undefined) throw new DataError([{ file, path: '', message: 'template file is missing' }]);
  return compile(source, file)(context).replace(/\n$/, '');
}

/** Fills a piece of prose from a data file; `origin` names the file and field for messages. */
export function renderProse(source: string, context: object, origin: string): string {
  return compile(source, origin)(context);
}

/** Parses a template file without running it, so `muster validate` reports syntax errors. */
export function checkTemplate(name: string, dir: string = files().places.templates): void {
  const file = path.join(dir, `${name}.hbs`);
  try {
    const source = templateSource(file);
    if (source === undefined) throw new Error('the template file is missing or not UTF-8 text');
    hb.precompile(source, COMPILE_OPTIONS);
  } catch (error) {
    throw new DataError([{ file, path: '', message: `not a valid template: ${firstLine(error)}` }]);
  }
}

/** Every template file, for `muster validate`. */
export function listTemplates(dir: string = files().places.templates): string[] {
  return files()
    .list(dir)
    .map((entry) => entry.name)
    .filter((f) => f.endsWith('.hbs'))
    .sort()
    .map((f) => f.slice(0, -'.hbs'.length));
}

/** A mistake in a template's text, said in the words of the one who wrote it. */
class TemplateSlip extends Error {}

const HELPER_NAMES = Object.keys(helpers).join(', ');

/**
 * Handlebars' own messages ("Parse error on line 1: ... Expecting 'COMMENT', ...") speak of
 * its parser; a house-rule writer needs to know which mark is wrong and how to write it.
 */
function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof TemplateSlip) return message;
  const unknown = /^"([^"]+)" not defined in/.exec(message) ?? /^Missing helper: "([^"]+)"/.exec(message);
  if (unknown) return `{{${unknown[1]}}} is nothing muster can fill in; a text may use the helpers ${HELPER_NAMES} (write a brace as text with \\{{)`;
  const parse = /^Parse error on line (\d+)/.exec(message);
  if (parse) return `its {{ }} marks are not written right (line ${parse[1]} of the text): each {{ needs its }}, and a block {{#name}} its {{/name}}`;
  if (/\b(doesn't match|does not match)\b/.test(message)) return `a block is closed with another name than it was opened with (${message.split('\n')[0]})`;
  return message.split('\n')[0]!;
}
