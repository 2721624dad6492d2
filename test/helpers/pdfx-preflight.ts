/**
 * A preflight of PDF/X-1a:2003 (ISO 15930-4) that runs here: no PDF/X validator is packaged for
 * this machine (veraPDF checks PDF/A and PDF/UA, not PDF/X), so the standard's requirements a
 * file can break are checked one by one on the file's objects as qpdf reads them (`--json=2`)
 * and on its content streams uncompressed (`--qdf`). Each problem is named as a preflight
 * report names it, so a failing test says which clause the file breaks.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

type Value = string | number | boolean | null | Value[] | { [key: string]: Value };
interface QpdfObject {
  value?: Value;
  stream?: { dict: Record<string, Value> };
}

/**
 * Print conditions in the ICC's registry of characterisations that an output intent may name
 * without embedding a profile (a selection: the registry lists more).
 */
export const REGISTERED_CONDITIONS = ['CGATS TR 001', 'CGATS TR 003', 'CGATS TR 005', 'CGATS TR 006', 'CGATS TR 016', 'FOGRA27', 'FOGRA28', 'FOGRA29', 'FOGRA30', 'FOGRA39', 'FOGRA40', 'FOGRA47', 'FOGRA51', 'FOGRA52', 'JC200103', 'JCN2002'];

/** "(text)" or "u:text" as qpdf writes a string, unwrapped. */
function text(value: Value | undefined): string | undefined {
  return typeof value === 'string' ? value.replace(/^[ub]:/, '') : undefined;
}

export function preflightPdfX1a(file: string): string[] {
  const problems: string[] = [];
  const json = JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=qpdf', file], { encoding: 'utf8', maxBuffer: 1 << 28 })) as { qpdf: [{ pdfversion: string }, Record<string, QpdfObject>] };
  const [header, objects] = json.qpdf;
  const resolve = (value: Value | undefined): Value | undefined => {
    if (typeof value === 'string' && /^\d+ \d+ R$/.test(value)) {
      const object = objects[`obj:${value}`];
      return object?.value ?? (object?.stream?.dict as Value | undefined);
    }
    return value;
  };
  const dict = (value: Value | undefined): Record<string, Value> => {
    const resolved = resolve(value);
    return resolved && typeof resolved === 'object' && !Array.isArray(resolved) ? resolved : {};
  };

  // 6.1: the file's version and identity
  if (Number(header.pdfversion) > 1.4) problems.push(`PDF version ${header.pdfversion}: PDF/X-1a:2003 takes 1.4 at most`);
  const trailer = dict(objects['trailer']?.value);
  if (!Array.isArray(trailer['/ID']) || trailer['/ID'].length !== 2) problems.push('trailer: no file identifier (ID)');
  if (trailer['/Encrypt'] !== undefined) problems.push('trailer: the file is encrypted');

  // 6.1.7: the info dictionary
  const info = dict(trailer['/Info']);
  const infoText = (key: string) => text(resolve(info[key]));
  if (infoText('/GTS_PDFXVersion') !== 'PDF/X-1a:2003') problems.push(`Info: GTS_PDFXVersion is ${infoText('/GTS_PDFXVersion') ?? 'missing'}, not PDF/X-1a:2003`);
  if (!infoText('/Title')) problems.push('Info: no Title');
  for (const date of ['/CreationDate', '/ModDate']) if (!/^D:\d{14}/.test(infoText(date) ?? '')) problems.push(`Info: ${date.slice(1)} missing or not a date`);
  const trapped = resolve(info['/Trapped']);
  if (trapped !== '/True' && trapped !== '/False') problems.push(`Info: Trapped is ${String(trapped ?? 'missing')}, not True or False`);

  // 6.2.2: one PDF/X output intent, its condition registered where no profile is embedded
  const catalog = dict(trailer['/Root']);
  const intents = (resolve(catalog['/OutputIntents']) as Value[] | undefined) ?? [];
  const pdfx = intents.map((intent) => dict(intent)).filter((intent) => intent['/S'] === '/GTS_PDFX');
  if (pdfx.length !== 1) problems.push(`Catalog: ${pdfx.length} output intents of subtype GTS_PDFX, not one`);
  for (const intent of pdfx) {
    const identifier = text(resolve(intent['/OutputConditionIdentifier']));
    if (!identifier) problems.push('OutputIntent: no OutputConditionIdentifier');
    if (intent['/DestOutputProfile'] === undefined) {
      if (!REGISTERED_CONDITIONS.includes(identifier ?? '')) problems.push(`OutputIntent: "${identifier}" is no registered characterisation, and no profile is embedded`);
      if (text(resolve(intent['/RegistryName'])) !== 'http://www.color.org') problems.push('OutputIntent: a registered condition needs RegistryName http://www.color.org');
    }
  }

  // 6.1.1 and the page boxes: TrimBox or ArtBox on every page, within the bleed and the media
  const within = (inner: number[], outer: number[]) => inner[0]! >= outer[0]! - 1e-3 && inner[1]! >= outer[1]! - 1e-3 && inner[2]! <= outer[2]! + 1e-3 && inner[3]! <= outer[3]! + 1e-3;
  let pageNumber = 0;
  for (const [key, object] of Object.entries(objects)) {
    const page = object.value && typeof object.value === 'object' && !Array.isArray(object.value) ? object.value : undefined;
    if (!key.startsWith('obj:') || page?.['/Type'] !== '/Page') continue;
    pageNumber++;
    const box = (name: string) => resolve(page[name]) as number[] | undefined;
    const media = box('/MediaBox');
    const trim = box('/TrimBox') ?? box('/ArtBox');
    const bleed = box('/BleedBox');
    if (!trim) problems.push(`page ${pageNumber}: neither TrimBox nor ArtBox`);
    if (box('/TrimBox') && box('/ArtBox')) problems.push(`page ${pageNumber}: both TrimBox and ArtBox`);
    if (media && trim && !within(trim, media)) problems.push(`page ${pageNumber}: TrimBox outside the MediaBox`);
    if (media && bleed && !within(bleed, media)) problems.push(`page ${pageNumber}: BleedBox outside the MediaBox`);
    if (trim && bleed && !within(trim, bleed)) problems.push(`page ${pageNumber}: TrimBox outside the BleedBox`);
    if (page['/Annots'] !== undefined) problems.push(`page ${pageNumber}: annotations`);
  }

  // 6.2.3 and 6.3: colour, transparency, fonts and actions, over every object
  for (const [key, object] of Object.entries(objects)) {
    if (!key.startsWith('obj:')) continue;
    const body = JSON.stringify(object.value ?? object.stream?.dict ?? null);
    for (const space of ['/DeviceRGB', '/CalRGB', '/Lab', '/ICCBased', '/CalGray']) if (body.includes(`"${space}"`)) problems.push(`${key.slice(4)}: colour space ${space.slice(1)}`);
    const entries = dict(object.value ?? (object.stream?.dict as Value));
    const smask = entries['/SMask'];
    if (smask !== undefined && smask !== '/None') problems.push(`${key.slice(4)}: a soft mask (transparency)`);
    for (const alpha of ['/CA', '/ca']) if (typeof entries[alpha] === 'number' && entries[alpha] !== 1) problems.push(`${key.slice(4)}: ${alpha.slice(1)} ${String(entries[alpha])} (transparency)`);
    if (typeof entries['/BM'] === 'string' && !['/Normal', '/Compatible'].includes(entries['/BM'])) problems.push(`${key.slice(4)}: blend mode ${entries['/BM']}`);
    const group = dict(entries['/Group']);
    if (group['/S'] === '/Transparency') problems.push(`${key.slice(4)}: a transparency group`);
    for (const action of ['/JavaScript', '/JS', '/Launch']) if (body.includes(`"${action}"`)) problems.push(`${key.slice(4)}: ${action.slice(1)}`);
    if (entries['/Type'] === '/FontDescriptor' && !['/FontFile', '/FontFile2', '/FontFile3'].some((file) => entries[file] !== undefined)) problems.push(`${key.slice(4)}: font ${String(entries['/FontName'])} not embedded`);
  }

  // colours set in the content streams: CMYK or grey only, never RGB
  const dir = mkdtempSync(path.join(tmpdir(), 'muster-preflight-'));
  const plain = path.join(dir, 'plain.pdf');
  execFileSync('qpdf', ['--qdf', '--object-streams=disable', file, plain]);
  const content = readFileSync(plain, 'latin1');
  const rgb = content.match(/^[\d.]+ [\d.]+ [\d.]+ (rg|RG)$/gm);
  if (rgb) problems.push(`content: ${rgb.length} RGB colours set (rg, RG)`);
  return problems;
}
