import path from 'node:path';
import { FolderIds } from '../../data/ids.js';
import { MAX_PIECES } from '../../data/limits.js';
import { deepFreeze } from '../../data/load.js';
import { parseFolderFiles } from '../../data/parse.js';
import { backProblems, greyProblems } from '../../data/tokens.js';
import { renderProse } from '../../doc/templates.js';
import { DataError, type DataProblem } from '../../errors.js';
import { aidsFile, type AidsFile, type EventCard, type Token } from './aids-schema.js';

export interface Aids {
  readonly tokens: readonly Token[];
  readonly events: readonly EventCard[];
  readonly tracks: NonNullable<AidsFile['tracks']>;
  readonly templates: NonNullable<AidsFile['templates']>;
}

/**
 * Loads data/bof/aids/*.yaml from every folder of the rule set; later folders replace by id,
 * and within one folder each id is used once.
 */
export async function loadAids(dirs: readonly string[]): Promise<Aids> {
  const problems: DataProblem[] = [];
  const tokens = new Map<string, Token>();
  const events = new Map<string, EventCard>();
  const files = new Map<string, string>();
  let tracks: AidsFile['tracks'];
  let templates: AidsFile['templates'];
  const ids = { tokens: new FolderIds('token'), events: new FolderIds('event card') };
  for (const { file, dir, data: parsed, house } of await parseFolderFiles(dirs, 'aids', aidsFile, problems, { tokens: { kind: 'token' }, events: { kind: 'event card' } })) {
    for (const [kind, list, map] of [['tokens', parsed.tokens ?? [], tokens], ['events', parsed.events ?? [], events]] as const) {
      list.forEach((entry, i) => {
        const duplicate = ids[kind].claim(dir, entry.id, file, `${kind}[${i}].id`);
        if (duplicate) return problems.push(duplicate);
        // a house folder's token or event card carries its name, printed as its mark
        (map as Map<string, typeof entry>).set(entry.id, (house === undefined ? entry : { ...entry, house }) as typeof entry);
        files.set(entry.id, file);
      });
    }
    tracks = parsed.tracks ?? tracks;
    templates = parsed.templates ?? templates;
  }
  problems.push(...backProblems(tokens, (id) => files.get(id) ?? ''), ...greyProblems(tokens, (id) => files.get(id) ?? ''));
  for (const event of events.values()) {
    for (const units of ['cm', 'in']) {
      try {
        renderProse(event.effect, { units }, `${files.get(event.id)} events[id=${event.id}].effect`);
      } catch (error) {
        problems.push({ file: files.get(event.id) ?? '', path: `events[id=${event.id}].effect`, message: (error as Error).message });
        break;
      }
    }
  }
  const pieces = [...tokens.values()].reduce((n, t) => n + t.count, 0);
  if (pieces > MAX_PIECES) {
    problems.push({ file: dirs.map((d) => path.join(d, 'aids')).join(', '), path: 'tokens', message: `the token sheet would hold ${pieces} tokens; at most ${MAX_PIECES} print in one run` });
  }
  if (!tracks) problems.push({ file: dirs.map((d) => path.join(d, 'aids')).join(', '), path: 'tracks', message: 'missing: the Combat Score and action point maxima' });
  if (!templates) problems.push({ file: dirs.map((d) => path.join(d, 'aids')).join(', '), path: 'templates', message: 'missing: smoke, squad leader radius and grenade ruler sizes' });
  if (problems.length > 0) throw new DataError(problems);
  return deepFreeze({ tokens: [...tokens.values()], events: [...events.values()], tracks: tracks!, templates: templates! });
}
