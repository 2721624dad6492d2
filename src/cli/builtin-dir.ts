import { fileURLToPath } from 'node:url';

/** The data that ships with muster: data/<system>/ (a module of its own, cheap to import). */
export const BUILTIN_DATA_DIR = fileURLToPath(new URL('../../data/', import.meta.url));
