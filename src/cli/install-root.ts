import { fileURLToPath } from 'node:url';

/**
 * The folder muster is installed in (package.json, data/, templates/, examples/, dist/): every
 * file muster reads of its own is found from here. In the one-file command (dist/muster.cjs)
 * the build puts the bundle's own place here instead (scripts/build-cli.js).
 */
export const INSTALL_ROOT = fileURLToPath(new URL('../../', import.meta.url));
