import { withPageWords } from '../../src/doc/document-meta.js';
/**
 * A dashed circle is drawn inside a saved graphics state: after it, the colours must be set
 * again, or a second dashed circle of the same colour comes out in the colour before the first
 * (the objectives on a scenario map took the colour of a deployment zone).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentMeta } from '../../src/doc/model.js';
import { renderPdf } from '../../src/render/pdf-surface.js';
import { workdirs } from '../helpers/fixtures.js';
import { fonts } from '../helpers/fonts.js';

const workdir = workdirs(afterEach);
const meta: DocumentMeta = withPageWords({ title: 't', systemId: 'x', systemName: 'X', rulesVersion: '1', toolVersion: '0', paper: 'a4', units: 'cm' });

describe('dashed circles in the PDF', () => {
  it('each sets its own stroke colour, whatever came before it', async () => {
    const pdf = await renderPdf(fonts, {
      meta,
      missingGlyphs: [], wantingGlyphs: [],
      pages: [
        {
          width: 595,
          height: 842,
          items: [
            { kind: 'rect', x: 10, y: 10, w: 100, h: 100, stroke: '#1f4e79', lineWidth: 0.6 },
            { kind: 'circle', cx: 200, cy: 200, r: 40, stroke: '#a8842c', lineWidth: 0.6, dash: 1.5 },
            { kind: 'circle', cx: 300, cy: 300, r: 40, stroke: '#a8842c', lineWidth: 0.6, dash: 1.5 },
          ],
        },
      ],
    });
    const dir = workdir();
    writeFileSync(path.join(dir, 'a.pdf'), pdf);
    execFileSync('qpdf', ['--qdf', '--object-streams=disable', path.join(dir, 'a.pdf'), path.join(dir, 'b.pdf')]);
    const content = readFileSync(path.join(dir, 'b.pdf'), 'latin1');
    // #a8842c: 168/255 132/255 44/255
    const gold = content.match(/0\.6588 0\.5176 0\.1725 RG/g) ?? [];
    expect(gold).toHaveLength(2);
  });
});
