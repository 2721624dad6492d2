import type { DocumentMeta, Paper } from '../../doc/model.js';
import { withPageWords } from '../../doc/document-meta.js';
import { withOutput } from '../emit.js';
import type { CliIo } from '../io.js';
import { parseOffset } from '../print-options.js';
import { TOOL_VERSION } from '../version.js';

export interface CalibrateArgs {
  paper: Paper;
  duplex: 'long' | 'short';
  backOffset: string;
  out?: string;
  quiet: boolean;
}

/**
 * `muster calibrate`: one sheet to print two-sided that shows how far the backs land from the
 * fronts, and which back offset corrects it. With --back-offset, the backs are moved as cards'
 * backs would be, to check a setting.
 */
export async function runCalibrate(args: CalibrateArgs, io: CliIo): Promise<number> {
  const backOffset = parseOffset(args.backOffset);
  const meta: DocumentMeta = withPageWords({
    title: 'Two-sided printing check',
    systemId: 'muster',
    systemName: 'muster',
    rulesVersion: 'calibration',
    toolVersion: TOOL_VERSION,
    paper: args.paper,
    units: 'cm',
  });
  const [{ layoutCalibration }, { fontStoreOf }] = await Promise.all([import('../../layout/calibrate.js'), import('../font-store.js')]);
  await withOutput({ format: 'pdf', out: args.out, quiet: args.quiet, defaultName: `calibrate-${args.paper}-${args.duplex}` }, io, async (output) => {
    await output.addPlaced(layoutCalibration(fontStoreOf(io.files), meta, { duplex: args.duplex, backOffset }));
  });
  // the sheet speaks of "the back offset"; here is how it is typed
  if (!args.quiet) io.stderr.write(`Print it two-sided and read it as the sheet says; then give what you read as --back-offset X,Y when you print cards and tokens (for example muster cards bof --back-offset -2,1).\n`);
  return 0;
}
