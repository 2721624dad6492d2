import { readFileSync } from 'node:fs';
import path from 'node:path';
import { INSTALL_ROOT } from './install-root.js';

/**
 * The version of muster-wargames-fonts-cjk this muster prints with: its package.json's
 * peerDependencies name it (the command's bundle and the page have it built in). A run refuses
 * any other, whose fonts could draw other glyphs.
 */
export const FONT_PACKAGE_VERSION: string = (() => {
  const pkg = JSON.parse(readFileSync(path.join(INSTALL_ROOT, 'package.json'), 'utf8')) as { peerDependencies?: Record<string, string> };
  const wanted = pkg.peerDependencies?.['muster-wargames-fonts-cjk'];
  if (!wanted) throw new Error(`${path.join(INSTALL_ROOT, 'package.json')} names no muster-wargames-fonts-cjk in its peerDependencies`);
  return wanted;
})();
