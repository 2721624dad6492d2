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

/**
 * Our own instance: nothing registered elsewhere leaks in, nothing we register leaks out. Texts
 * come from house rules too, so it keeps only the built-ins muster's own texts use (`if`,
 * `each`): `log` writes to the console (into a JSON result on standard output), `lookup` and
 * `with` reach properties by a name the text makes up, and the `inline` decorator and partials
 * run text muster never checked. The two "missing" hooks the runtime calls are muster's own,
 * so a text that names any of those gets a message instead of the built-in's behaviour.
 */
const hb = Handlebars.create();
for (const name of ['log', 'lookup', 'with', 'unless', 'helperMissing', 'blockHelperMissing']) hb.unregisterHelper(name);
hb.unregisterDecorator('inline');

hb.registerHelper('helperMissing', function (...args: unknown[]) {
  const options = args[args.length - 1] as { name?: string } | undefined;
  throw new TemplateSlip(`{{${options?.name ?? '?'}}} is nothing muster can fill in; ${WHAT_A_TEXT_MAY_USE}`);
});
hb.registerHelper('blockHelperMissing', function (...args: unknown[]) {
  const options = args[args.length - 1] as { name?: string } | undefined;
  throw new TemplateSlip(`{{#${options?.name ?? '?'}}} is no block muster knows; the blocks are {{#if}} and {{#each}}`);
});
for (const [name, fn] of Object.entries(helpers)) {
  const usage = HELPER_USAGE[name as keyof typeof helpers];
  hb.registerHelper(name, function (this: unknown, ...args: unknown[]) {
    // Handlebars adds its options last; fewer values than the helper needs is a slip in the text
    if (args.length - 1 < usage.values) throw new TemplateSlip(`${usage.example} needs ${usage.values === 1 ? 'a value' : `${usage.values} values`}: ${usage.meaning}`);
    return (fn as (...a: unknown[]) => unknown).apply(this, args);
  });
}

/**
 * Given on every run of a template, precompiled or not: properties and methods a value only
 * inherits are never read. Handlebars 4.7 denies them when these are left out too, but then
 * writes a warning to the console for each; given as false, it denies them quietly.
 */
const RUNTIME_OPTIONS = { allowProtoPropertiesByDefault: false, allowProtoMethodsByDefault: false, allowCallsToHelperMissing: false } as const;

/** Names a text may never use as a field: what every JavaScript object inherits, and its prototype. */
const INHERITED_NAMES = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype', 'constructor', '__proto__']);

/**
 * Refuses what a text may not do, read from its syntax before it is compiled: partials and
 * decorators (`{{> name}}`, `{{#*inline}}`), and fields named after what every object inherits
 * (`{{constructor.name}}`, `{{__proto__}}`), which reach past the values muster gives a text.
 */
function refuseForbidden(source: string): void {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const type = (node as { type?: unknown }).type;
    if (type === 'PartialStatement' || type === 'PartialBlockStatement') throw new TemplateSlip(`{{> ...}} (a partial) is not available in muster's texts; ${WHAT_A_TEXT_MAY_USE}`);
    if (type === 'Decorator' || type === 'DecoratorBlock') throw new TemplateSlip(`{{* ...}} (a decorator) is not available in muster's texts; ${WHAT_A_TEXT_MAY_USE}`);
    if (type === 'PathExpression') {
      const forbidden = ((node as { parts?: unknown[] }).parts ?? []).find((part) => typeof part === 'string' && INHERITED_NAMES.has(part));
      if (forbidden !== undefined) throw new TemplateSlip(`"${String(forbidden)}" is no field a text can use; ${WHAT_A_TEXT_MAY_USE}`);
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'loc') visit(value);
  };
  visit(hb.parse(source));
}

/**
 * PDF text is not HTML, so nothing is escaped; a missing field is an error, never blank. The
 * compiler calls the built-ins it knows directly, as if registered: the ones taken out above
 * are made unknown to it, so a text naming them meets helperMissing.
 */
const COMPILE_OPTIONS = { strict: true, noEscape: true, knownHelpers: { log: false, lookup: false, with: false, unless: false } } as const;

type Template = (context: object) => string;
const compiled = new Map<string, HandlebarsTemplateDelegate>();

function compile(source: string, origin: string): Template {
  let template = compiled.get(source);
  if (!template) {
    try {
      const spec = storedTemplateSpec(source, hb.VERSION);
      // precompiled by the build: Handlebars' own JavaScript for the text, so nothing is parsed
      if (spec) template = hb.template(new Function(`return ${spec};`)() as TemplateSpecification);
      else {
        // a stored spec was built from muster's own text, checked when the build compiled it
        refuseForbidden(source);
        template = hb.compile(source, COMPILE_OPTIONS);
      }
    } catch (error) {
      throw new DataError([{ file: origin, path: '', message: `not a valid template: ${firstLine(error)}` }]);
    }
    compiled.set(source, template);
    templateRecorder?.(source);
  }
  const ready = template;
  // the same text may stand in two files (or come back in the page's next run): each run's
  // failure names the file it was read from this time
  return (context) => {
    try {
      return ready(context, RUNTIME_OPTIONS);
    } catch (error) {
      throw new DataError([{ file: origin, path: '', message: `template failed: ${firstLine(error)}` }]);
    }
  };
}

/** Called with every template text compiled, while set: how the build learns what to precompile. */
let templateRecorder: ((source: string) => void) | undefined;

export function recordTemplateSources(recorder: ((source: string) => void) | undefined): void {
  templateRecorder = recorder;
}

/** Handlebars' JavaScript for a template text, as the build stores it (with muster's compile options). */
export function precompileTemplate(source: string): string {
  refuseForbidden(source);
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
    refuseForbidden(source);
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
const WHAT_A_TEXT_MAY_USE = `a text may use the helpers ${HELPER_NAMES}, the blocks {{#if}} and {{#each}}, and the fields muster gives it (write a brace as text with \\{{)`;

/**
 * Handlebars' own messages ("Parse error on line 1: ... Expecting 'COMMENT', ...") speak of
 * its parser; a house-rule writer needs to know which mark is wrong and how to write it.
 */
function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof TemplateSlip) return message;
  const unknown = /^"([^"]+)" not defined in/.exec(message) ?? /^Missing helper: "([^"]+)"/.exec(message);
  if (unknown) return `{{${unknown[1]}}} is nothing muster can fill in; ${WHAT_A_TEXT_MAY_USE}`;
  const parse = /^Parse error on line (\d+)/.exec(message);
  if (parse) return `its {{ }} marks are not written right (line ${parse[1]} of the text): each {{ needs its }}, and a block {{#name}} its {{/name}}`;
  if (/\b(doesn't match|does not match)\b/.test(message)) return `a block is closed with another name than it was opened with (${message.split('\n')[0]})`;
  return message.split('\n')[0]!;
}
