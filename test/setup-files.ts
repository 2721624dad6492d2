// Every test reads muster's files as the command line does: run() installs the same.
import { useFiles } from '../src/data/files.js';
import { nodeFiles } from '../src/cli/node-files.js';

useFiles(nodeFiles);
