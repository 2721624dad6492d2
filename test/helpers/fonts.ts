import { fontStoreOf } from '../../src/cli/font-store.js';
import { nodeFiles } from '../../src/cli/node-files.js';

/** The fonts a run on the command line measures and prints with: the same store as in-process runs. */
export const fonts = fontStoreOf(nodeFiles);
