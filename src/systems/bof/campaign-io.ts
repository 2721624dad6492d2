import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { formatPath } from '../../data/parse.js';
import { DataError, UsageError } from '../../errors.js';
import { campaignState, type CampaignState } from './campaign.js';

/**
 * Reads and checks a campaign state file. A damaged or hand-edited file is refused with the
 * field at fault; it is never silently reset.
 */
export async function readState(file: string): Promise<CampaignState> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      code === 'ENOENT' ? `--state ${file}: no such file; start a campaign with: muster campaign bof new --state ${file}` : `--state ${file}: cannot be read (${code})`,
    );
  }
  const backup = existsSync(`${file}.bak`) ? `; the state before the last change is in ${file}.bak` : '';
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new DataError([{ file, path: '', message: `not valid JSON (${(error as Error).message})${backup}` }]);
  }
  const parsed = campaignState.safeParse(raw);
  if (!parsed.success) {
    throw new DataError(parsed.error.issues.map((i) => ({ file, path: formatPath(i.path), message: `${i.message}${backup}` })));
  }
  return parsed.data;
}

export function stateText(state: CampaignState): string {
  return `${JSON.stringify(state, null, 2)}\n`;
}

