import path from 'node:path';
import { files, listFilesBelow } from '../../data/files.js';
import { readForceFile } from '../../data/force-file.js';
import type { SideForce } from './scenario.js';
import { forceFile } from './schema.js';

/**
 * muster's own sample forces (Blaze Away! has no army lists or points): the force files in
 * examples/blazeaway/, which a scenario draws from for a side the player gives no file for.
 * They ship with muster beside data/.
 */
/** The sample forces, by file name; a sample that does not read is muster's bug, named by file. */
export async function loadSampleForces(dir: string = path.join(files().places.examples, 'blazeaway')): Promise<SideForce[]> {
  const names = listFilesBelow(dir, (relative) => !relative.includes('/') && /\.ya?ml$/.test(relative), path.join);
  const samples: SideForce[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    samples.push({ force: await readForceFile(file, forceFile), file, sample: true });
  }
  if (samples.length === 0) throw new Error(`no sample forces in ${dir}`);
  return samples;
}
