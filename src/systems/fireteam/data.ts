import { loadCardDecks, type DataCard, type DataDeck } from '../../data/cards.js';
import type { SystemRules } from '../../data/load.js';
import { deepFreeze } from '../../data/load.js';
import { FolderIds } from '../../data/ids.js';
import { parseFolderFiles } from '../../data/parse.js';
import { loadTokenFolder } from '../../data/tokens.js';
import { DataError, type DataProblem } from '../../errors.js';
import { battlesFile, listsFile, type FtBattle, type FtDeployRules, type FtList, type FtPatrolRules, type FtQuality } from './schema.js';

/** What a quality gives a team (Troops capabilities): pins it takes before kills, expertise, move. */
export interface Troops {
  name: string;
  pins: number;
  expertise: string;
  move: string;
}

/** Fire Team's rules as the force check and the battle generator read them. */
export interface FireTeamData {
  system: SystemRules;
  lists: ReadonlyMap<string, FtList>;
  battles: readonly FtBattle[];
  patrol: FtPatrolRules;
  deploy: FtDeployRules;
  /** every card of the cards/ decks by id, with its deck */
  cards: ReadonlyMap<string, { card: DataCard; deck: DataDeck }>;
  troops: Readonly<Record<FtQuality, Troops>>;
}

/** A vehicle's card gives its armour, a team's its pins. */
export function isVehicleCard(card: DataCard): boolean {
  return card.stats.some((s) => s.label === 'armour');
}

/**
 * Loads the lists, battles and card decks of every data folder of the rule set (a house folder's
 * list or battle replaces the built-in one of the same id) and checks that they fit together.
 */
export async function loadFireTeam(system: SystemRules): Promise<FireTeamData> {
  const problems: DataProblem[] = [];
  const lists = new Map<string, FtList>();
  const listFiles = new Map<string, string>();
  const listIds = new FolderIds('army list');
  const battleIds = new FolderIds('battle');
  for (const { file, dir, data } of await parseFolderFiles(system.dirs, 'lists', listsFile, problems, { list: { kind: 'army list', one: true } })) {
    const duplicate = listIds.claim(dir, data.list.id, file, 'list.id');
    if (duplicate) {
      problems.push(duplicate);
      continue;
    }
    lists.set(data.list.id, data.list);
    listFiles.set(data.list.id, file);
  }
  const battles = new Map<string, FtBattle>();
  const battleFiles = new Map<string, string>();
  let patrol: FtPatrolRules | undefined;
  let deploy: FtDeployRules | undefined;
  for (const { file, dir, data } of await parseFolderFiles(system.dirs, 'battles', battlesFile, problems, { battles: { kind: 'battle' } })) {
    patrol = data.patrol ?? patrol;
    deploy = data.deploy ?? deploy;
    for (const [i, b] of (data.battles ?? []).entries()) {
      const duplicate = battleIds.claim(dir, b.id, file, `battles[${i}].id`);
      if (duplicate) {
        problems.push(duplicate);
        continue;
      }
      battles.set(b.id, b);
      battleFiles.set(b.id, file);
    }
  }
  let decks: DataDeck[] = [];
  try {
    decks = await loadCardDecks(system);
  } catch (error) {
    if (error instanceof DataError) problems.push(...error.problems);
    else throw error;
  }
  const cards = new Map<string, { card: DataCard; deck: DataDeck }>();
  for (const deck of decks) for (const card of deck.cards) cards.set(card.id, { card, deck });

  const where = system.dirs.join(', ');
  for (const list of lists.values()) {
    const file = listFiles.get(list.id)!;
    const known = (card: string, path: string) => {
      if (!cards.has(card)) problems.push({ file, path, message: `no card "${card}" in the cards/ decks` });
    };
    const { hq, squads, weaponsSections, smg } = list.platoon;
    hq.teams.forEach((t, i) => known(t, `list.platoon.hq.teams[${i}]`));
    squads.teams.forEach((t, i) => known(t, `list.platoon.squads.teams[${i}]`));
    weaponsSections?.teams.forEach((t, i) => known(t, `list.platoon.weaponsSections.teams[${i}]`));
    if (smg) {
      if (!squads.teams.includes(smg.team)) problems.push({ file, path: 'list.platoon.smg.team', message: `"${smg.team}" is not a team of the squads` });
      known(smg.becomes, 'list.platoon.smg.becomes');
    }
    const ids = new Set<string>();
    list.reinforcements.forEach((pick, p) => {
      if (ids.has(pick.id)) problems.push({ file, path: `list.reinforcements[${p}].id`, message: `a second pick "${pick.id}"` });
      ids.add(pick.id);
      pick.teams.forEach((t, i) => known(t, `list.reinforcements[${p}].teams[${i}]`));
      pick.vehicles?.forEach((t, i) => known(t, `list.reinforcements[${p}].vehicles[${i}]`));
    });
  }
  if (lists.size === 0) problems.push({ file: where, path: 'lists', message: 'no army lists found' });
  if (battles.size === 0) problems.push({ file: where, path: 'battles', message: 'no battles found' });
  if (!patrol) problems.push({ file: where, path: 'battles: patrol', message: 'the patrol phase rules are missing' });
  if (!deploy) problems.push({ file: where, path: 'battles: deploy', message: 'the deployment rules are missing' });
  for (const b of battles.values()) {
    for (const role of ['attacker', 'defender'] as const) {
      const zone = b.patrol[role];
      if (patrol && zone.spacing >= patrol.together) {
        problems.push({ file: battleFiles.get(b.id)!, path: `battles[id=${b.id}].patrol.${role}.spacing`, message: `markers ${zone.spacing} in apart cannot stay within ${patrol.together} in of each other; use less` });
      }
    }
  }

  const troops = {} as Record<FtQuality, Troops>;
  for (const row of system.table('troops').rows) {
    const key = String(row['quality']).toLowerCase();
    if (key !== 'raw' && key !== 'average' && key !== 'veteran') continue;
    const need = row['expertise'] as { need?: number } | undefined;
    troops[key] = { name: String(row['quality']), pins: Number(row['pins']), expertise: `${need?.need ?? '?'}+`, move: String(row['move']) };
  }
  for (const q of ['raw', 'average', 'veteran'] as const) {
    if (!troops[q]) problems.push({ file: where, path: 'tables: troops', message: `no row for ${q} troops` });
  }
  if (problems.length > 0) throw new DataError(problems);
  return deepFreeze({ system, lists, battles: [...battles.values()], patrol: patrol!, deploy: deploy!, cards, troops });
}

/** The sides' colours are their patrol markers' (tokens patrol-a and patrol-b), so map and markers agree. */
export async function loadSideColours(system: SystemRules): Promise<Record<string, string>> {
  const tokens = await loadTokenFolder(system.dirs);
  const colour = (id: string, fallback: string) => tokens.find((t) => t.id === id)?.colour ?? fallback;
  return { a: colour('patrol-a', '#9b2c2c'), b: colour('patrol-b', '#1f4e79') };
}
