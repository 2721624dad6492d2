import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import { DataError } from '../errors.js';
import { helpers } from './helpers.js';

export const TEMPLATES_DIR = fileURLToPath(new URL('../../templates/', import.meta.url));

/** Our own instance: nothing registered elsewhere leaks in, nothing we register leaks out. */
const hb = Handlebars.create();
for (const [name, fn] of Object.entries(helpers)) hb.registerHelper(name, fn as Handlebars.HelperDelegate);

/** PDF text is not HTML, so nothing is escaped; a missing field is an error, never blank. */
const COMPILE_OPTIONS = { strict: true, noEscape: true } as const;

type Template = (context: object) => string;
const compiled = new Map<string, Template>();

function compile(source: string, origin: string): Template {
  const cached = compiled.get(source);
  if (cached) return cached;
  let template: HandlebarsTemplateDelegate;
  try {
    template = hb.compile(source, COMPILE_OPTIONS);
  } catch (error) {
    throw new DataError([{ file: origin, path: '', message: `not a valid template: ${firstLine(error)}` }], { cause: error });
  }
  const run: Template = (context) => {
    try {
      return template(context);
    } catch (error) {
      throw new DataError([{ file: origin, path: '', message: `template failed: ${firstLine(error)}` }], { cause: error });
    }
  };
  compiled.set(source, run);
  return run;
}

/** Fills a template file from templates/, e.g. renderTemplate('page-footer', {...}). */
export function renderTemplate(name: string, context: object, dir: string = TEMPLATES_DIR): string {
  const file = path.join(dir, `${name}.hbs`);
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch (error) {
    throw new DataError([{ file, path: '', message: 'template file is missing' }], { cause: error });
  }
  return compile(source, file)(context).replace(/\n$/, '');
}

/** Fills a piece of prose from a data file; `origin` names the file and field for messages. */
export function renderProse(source: string, context: object, origin: string): string {
  return compile(source, origin)(context);
}

/** Parses a template file without running it, so `muster validate` reports syntax errors. */
export function checkTemplate(name: string, dir: string = TEMPLATES_DIR): void {
  const file = path.join(dir, `${name}.hbs`);
  try {
    hb.precompile(readFileSync(file, 'utf8'), COMPILE_OPTIONS);
  } catch (error) {
    throw new DataError([{ file, path: '', message: `not a valid template: ${firstLine(error)}` }], { cause: error });
  }
}

/** Every template file, for `muster validate`. */
export function listTemplates(dir: string = TEMPLATES_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.hbs'))
    .sort()
    .map((f) => f.slice(0, -'.hbs'.length));
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
}
