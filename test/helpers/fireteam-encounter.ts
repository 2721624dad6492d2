/**
 * A Fire Team campaign (seed e, its state in c.json) whose second turn has both sides assault
 * the two vacant squares B4 and B3: one encounter, its packet printed in t2.pdf (turn 1's
 * written as JSON, t1.json). Played once a test worker and copied into each folder that asks
 * (the campaign's command line test and the settled readings' both start from it).
 */
import { muster, type CliResult } from './cli.js';
import { copyOfMade } from './fixtures.js';

const campaign = (...args: string[]) => ['campaign', 'fireteam', ...args, '--state', 'c.json'];

/** The campaign copied into `into`; what turn 2's `next` said. */
export function encounterCampaign(into: string): Promise<CliResult> {
  return copyOfMade('fireteam campaign: an encounter over B4 and B3 on turn 2', into, async (dir) => {
    await muster([...campaign('new'), '--seed', 'e'], dir);
    await muster([...campaign('next'), '--assault', 'a:B5', '--assault', 'b:B2', '-o', 't1.json', '--format', 'json'], dir);
    await muster([...campaign('record'), '--battle', '1', '--winner', 'a'], dir);
    await muster([...campaign('record'), '--battle', '2', '--winner', 'b'], dir);
    return muster([...campaign('next'), '--assault', 'a:B4', '--assault', 'b:B3', '-o', 't2.pdf'], dir);
  });
}
