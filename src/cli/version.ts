import { readFileSync } from 'node:fs';

/** The version in package.json, printed on every sheet and by --version. */
export const TOOL_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
