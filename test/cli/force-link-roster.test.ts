// A roster that carries its force as a link (issue 28): `cards <system> --force F --public-url
// URL` ends the roster with the page's address holding the force, as text and as a QR code that
// a reader decodes from the printed page; without --public-url nothing is printed; a bad address
// is refused. The address is the one the page makes, so the page opens the same force.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import decodeQR from 'qr/decode.js';
import { describe, expect, it } from 'vitest';
import type { DocumentNode, LinkBlock } from '../../src/doc/model.js';
import { forceFromLinkValue, forceLink } from '../../src/data/force-link.js';
import { forceInHash } from '../../src/web/force-link.js';
import { muster } from '../helpers/cli.js';
import { suiteFiles } from '../helpers/suite-files.js';
import type { Files } from '../../src/data/files.js';
import { loadRulesDb } from '../../src/data/load.js';
import { manifestFor } from '../../src/systems/registry.js';
import { exampleForces } from '../helpers/example-forces.js';
import { sampled } from '../helpers/sample.js';

const repo = path.resolve(import.meta.dirname, '../..');
const PUBLIC = 'https://club.example/muster/';
const db = await loadRulesDb({ dataDirs: [] });
/** Each rule set whose cards take a force, and an example force of it: every such rule set's roster carries the link. */
const FORCES: Record<string, string> = Object.fromEntries(
  [...(await exampleForces())].filter(([id, files]) => files.length > 0 && manifestFor(id)?.cards?.takes?.includes('force')).map(([id, files]) => [id, files[0]!]),
);
/** The force the tests of one case print (a force of a hundred models, a bad address): Burst of Fire's, as an example. */
const BOF_FORCE = 'examples/forces/kampfgruppe-weber.yaml';

function scratch(): string {
  return mkdtempSync(path.join(tmpdir(), 'muster-force-link-'));
}

/**
 * A rule set's example force printed as a roster with its link (`-o roster.pdf`, in a folder of
 * its own), and how often the run read the force file: printed once for the tests that count
 * the reads and that read the printed page.
 */
const rosters = new Map<string, Promise<{ code: number; stderr: string; reads: number; pdf: string }>>();
function printedRoster(id: string) {
  if (!rosters.has(id)) {
    rosters.set(
      id,
      (async () => {
        const dir = scratch();
        const file = path.join(repo, FORCES[id]!);
        let reads = 0;
        const counting: Files = {
          ...suiteFiles,
          read: (at, limit) => {
            if (at === file) reads++;
            return suiteFiles.read(at, limit);
          },
        };
        const { code, stderr } = await muster(['cards', id, '--force', file, '--public-url', PUBLIC, '-o', 'roster.pdf'], dir, { files: counting });
        return { code, stderr, reads, pdf: path.join(dir, 'roster.pdf') };
      })(),
    );
  }
  return rosters.get(id)!;
}

/** The link block a force's document ends its first sheet with, if any. */
function linkOf(doc: DocumentNode): LinkBlock | undefined {
  const last = doc.sheets[0]?.blocks.at(-1);
  return last?.kind === 'link' ? last : undefined;
}

/** The text of the first QR code on a PDF's page, read from the page rendered at 200 dpi. */
function qrOnPage(pdf: string, page: number): string {
  const out = path.join(path.dirname(pdf), 'page');
  execFileSync('pdftoppm', ['-r', '200', '-f', String(page), '-l', String(page), pdf, out]);
  const ppm = readFileSync(path.join(path.dirname(pdf), readdirSync(path.dirname(pdf)).find((f) => f.startsWith('page') && f.endsWith('.ppm'))!));
  // P6: "P6", width, height, 255, each after white space, then the bytes
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 40).toString('latin1'))!;
  const [width, height] = [Number(header[1]), Number(header[2])];
  return decodeQR({ width, height, data: ppm.subarray(header[0].length, header[0].length + width * height * 3) }, { format: 'RGB' } as never);
}

describe('a roster with --public-url', () => {
  it('is printed by every rule set whose cards take a force', () => {
    expect(Object.keys(FORCES).length).toBeGreaterThan(0);
  });

  // the link as the roster's Markdown prints it, for every rule set; its QR code from the JSON
  // where that is the document (Blaze Away!'s JSON is its unit sheet's data)
  it.each(Object.keys(FORCES))('%s: ends its roster with the page address holding the very force file', async (id) => {
    const file = path.join(repo, FORCES[id]!);
    const asked = ['cards', id, '--force', file, '--public-url', `${PUBLIC}#old-fragment`];
    const md = await muster([...asked, '--format', 'md'], scratch());
    expect(md.code, md.stderr).toBe(0);
    expect(md.stdout).toContain('### This force as a link');
    const url = /^<(https:\/\/[^>]+)>$/m.exec(md.stdout)?.[1];
    // the page's own fragment replaces any the address had
    expect(url?.startsWith(`${PUBLIC}#/${id}/force?force=`), url).toBe(true);
    expect(forceFromLinkValue(forceInHash(url!.slice(PUBLIC.length))!)).toEqual({ yaml: readFileSync(file, 'utf8') });
    const json = JSON.parse((await muster([...asked, '--format', 'json'], scratch())).stdout) as DocumentNode;
    if ('sheets' in json) {
      const link = linkOf(json)!;
      expect(link.url).toBe(url);
      expect(link.qr.length).toBeGreaterThan(20);
      expect(link.qr.every((row) => row.length === link.qr.length)).toBe(true);
    }
    // without the option, no link: the roster as it always was
    const plain = await muster(['cards', id, '--force', file, '--format', 'md'], scratch());
    expect(plain.stdout).not.toContain('This force as a link');
  });

  // a file changed while muster runs (an editor saving it) must not give a roster whose link
  // holds another force than its cards: muster reads it once, and makes both from that text
  it.each(Object.keys(FORCES))('%s: reads the force file once, its cards and its link from the same text', async (id) => {
    const { code, stderr, reads } = await printedRoster(id);
    expect(code, stderr).toBe(0);
    expect(reads).toBe(1);
  });

  // a sample of the rule sets, one at least in each units a text measures in
  it.each(sampled(Object.keys(FORCES), (id) => [`units=${db.system(id).info.units}`]))('%s: the printed QR code reads back as the address, and the sheet is print-safe', async (id) => {
    const file = path.join(repo, FORCES[id]!);
    const url = forceLink(PUBLIC, id, readFileSync(file, 'utf8'));
    const { code, stderr, pdf } = await printedRoster(id);
    expect(code, stderr).toBe(0);
    expect(execFileSync('qpdf', ['--check', pdf], { encoding: 'utf8' })).toMatch(/No syntax or stream encoding errors/);
    // in the units of the rule set's text, which its roster prints in
    expect(execFileSync('python3', [path.join(repo, '../shared/tools/pagecheck.py'), pdf, db.system(id).info.units], { encoding: 'utf8' }).trim()).toBe('ok');
    // the page the link is on (pdftotext ends each page with a form feed)
    const pages = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).split('\f');
    const page = pages.findIndex((text) => text.includes('This force as a link')) + 1;
    expect(page).toBeGreaterThan(0);
    expect(pages[page - 1]!.replace(/\s+/g, '')).toContain(url);
    expect(qrOnPage(pdf, page)).toBe(url);
  });

  it('prints an address too long for a QR code as text alone, running on over the page', async () => {
    const dir = scratch();
    // labels no compression shrinks: the packed force outgrows what a QR code holds (about 2.9 kB)
    let x = 7;
    const word = () => Array.from({ length: 24 }, () => 'abcdefghijklmnopqrstuvwxyz'[(x = (x * 1103515245 + 12345) % 2147483648) % 26]).join('');
    const units = Array.from({ length: 160 }, () => `  - unit: de-rifleman\n    label: ${word()}\n`).join('');
    const force = readFileSync(path.join(repo, BOF_FORCE), 'utf8').replace(/units:\n[\s\S]*$/, `units:\n${units}`);
    writeFileSync(path.join(dir, 'big.yaml'), force);
    const json = await muster(['cards', 'bof', '--force', 'big.yaml', '--public-url', PUBLIC, '--format', 'json'], dir);
    const link = linkOf(JSON.parse(json.stdout) as DocumentNode)!;
    expect(link.url.length).toBeGreaterThan(3000);
    expect(link.qr).toEqual([]);
    expect(link.caption).toMatch(/too long for a QR code: type it, or share the force file instead\.$/);
    const { code } = await muster(['cards', 'bof', '--force', 'big.yaml', '--public-url', PUBLIC, '-o', 'big.pdf'], dir);
    expect(code).toBe(0);
    const pdf = path.join(dir, 'big.pdf');
    expect(execFileSync('qpdf', ['--check', pdf], { encoding: 'utf8' })).toMatch(/No syntax or stream encoding errors/);
    expect(execFileSync('python3', [path.join(repo, '../shared/tools/pagecheck.py'), pdf, 'cm'], { encoding: 'utf8' }).trim()).toBe('ok');
    expect(execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, '')).toContain(link.url);
  });

  it.each([
    [['--public-url', PUBLIC], "--public-url: a force's roster prints the link to it; give --force FILE, or leave --public-url out"],
    [['--force', BOF_FORCE, '--public-url', 'ftp://club.example/'], '--public-url: "ftp://club.example/" is not a web address (http or https)'],
    [['--force', BOF_FORCE, '--public-url', 'club muster'], '--public-url: "club muster" is not an address'],
    [['--force', BOF_FORCE, '--public-url', 'https://anna:secret@club.example/'], 'holds a user name or password, which a printed link would show to everyone'],
  ])('refuses %j with exit 2 and writes nothing', async (args, message) => {
    const dir = scratch();
    const { code, stderr } = await muster(['cards', 'bof', ...args.map((a) => (a.startsWith('examples/') ? path.join(repo, a) : a)), '-o', 'roster.pdf'], dir);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(existsSync(path.join(dir, 'roster.pdf'))).toBe(false);
  });
});
