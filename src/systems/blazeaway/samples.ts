import { fileURLToPath } from 'node:url';
import path from 'node:path';
import fg from 'fast-glob';
import { readForceFile } from '../../data/force-file.js';
import type { SideForce } from './scenario.js';
import { forceFile } from './schema.js';

/**
 * muster's own sample forces (Blaze Away! has no army lists or points): the force files in
 * examples/blazeaway/, which a scenario draws from for a side the player gives no file for.
 * They ship with muster beside data/.
 */
export const SAMPLE_FORCES_DIR = fileURLToPath(new URL('../../../examples/blazeaway/', import.meta.url));

/** The sample forces, by file name; a sample that does not read is muster's bug, named by file. */
export async function loadSampleForces(dir: string = SAMPLE_FORCES_DIR): Promise<SideForce[]> {
  const files = fg.sync('*.{yaml,yml}', { cwd: dir, onlyFiles: true }).sort();
  const samples: SideForce[] = [];
  for (const name of files) {
    const file = path.join(dir, name);
    samples.push({ force: await readForceFile(file, forceFile), file, sample: true });
  }
  if (samples.length === 0) throw new Error(`no sample forces in ${dir}`);
  return samples;
}
