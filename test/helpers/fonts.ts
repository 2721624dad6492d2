import { fontStoreOf } from '../../src/cli/font-store.js';
import { suiteFiles } from './suite-files.js';

/** The fonts a run on the command line measures and prints with: the same store as in-process runs. */
export const fonts = fontStoreOf(suiteFiles);
