import { readFileSync } from 'node:fs';
import path from 'node:path';
import { INSTALL_ROOT } from './install-root.js';

/** The version in package.json, printed on every sheet and by --version (the bundle has it built in). */
export const TOOL_VERSION: string = (JSON.parse(readFileSync(path.join(INSTALL_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
