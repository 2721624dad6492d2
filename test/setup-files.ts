// Every test reads muster's files as the command line does: run() installs the same. With
// MUSTER_EXTRA_RULE_SET, muster's data holds the extra rule sets too (test/helpers/suite-files.ts).
import { useFiles } from '../src/data/files.js';
import { suiteFiles } from './helpers/suite-files.js';

useFiles(suiteFiles);
