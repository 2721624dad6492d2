import { describe, expect, it } from 'vitest';
import { loadRulesDb } from '../../src/data/load.js';
import { buildQuickReference } from '../../src/doc/build-reference.js';
import { layoutDocument } from '../../src/layout/document-plan.js';
import { renderDocument } from '../../src/render/render.js';
import { RecordingSurface } from '../../src/render/surface.js';
import { DEMO_DATA } from '../helpers/fixtures.js';
import { fonts } from '../helpers/fonts.js';

describe('drawing calls against golden files', () => {
  for (const [paper, units] of [['a4', 'cm'], ['letter', 'in']] as const) {
    it(`demo sheet, ${paper}, ${units}`, async () => {
      const db = await loadRulesDb({ builtinDir: DEMO_DATA, dataDirs: [] });
      const doc = buildQuickReference(db.system('demo'), { units, paper, toolVersion: '0.0.0-test' });
      const surface = new RecordingSurface();
      renderDocument(layoutDocument(fonts, doc), surface);
      await expect(surface.toLog()).toMatchFileSnapshot(`golden/demo-${paper}-${units}.log`);
    });
  }
});
