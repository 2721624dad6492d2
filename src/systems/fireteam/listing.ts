import { foundOrRefuse } from '../../data/find-name.js';
import type { ListEntry, ListKind, ListRequest } from '../../data/listing.js';
import { UsageError } from '../../errors.js';
import { loadCampaignBoard } from './campaign-module.js';
import type { CampaignBoard } from './campaign.js';
import { loadFireTeam } from './data.js';
import { formatPoints, matchList } from './force.js';
import type { FtBattle, FtList } from './schema.js';

/**
 * `muster list fireteam`: the army lists with what a platoon holds, their reinforcement picks
 * with points and teams, the battles muster rolls and the campaign map's squares. --nation
 * takes an army list (Fire Team's lists are national: russians, finns...) and narrows the lists
 * and picks. Lists go by id; picks, battles and squares keep the data's order.
 */
export async function listFireTeam(request: ListRequest): Promise<ListKind[]> {
  if (request.doctrine !== undefined) throw new UsageError('--doctrine: Fire Team has no doctrines; narrow with --nation and an army list, e.g. --nation russians');
  const [data, board] = await Promise.all([loadFireTeam(request.system), loadCampaignBoard(request.system)]);
  const only = request.nation !== undefined ? foundOrRefuse(matchList(data, request.nation), '--nation') : undefined;
  const lists = [...data.lists.values()].filter((l) => !only || l.id === only.id).sort((a, b) => (a.id < b.id ? -1 : 1));
  const cardTitle = (id: string) => data.cards.get(id)?.card.title ?? id;

  return [
    {
      id: 'lists',
      title: 'Army lists',
      aliases: ['army-lists'],
      hint: "A force file's list, by id or name (docs/fireteam-force-file.md); a platoon has its HQ and the squads and sections shown.",
      narrowedBy: ['nation'],
      columns: ['quality', 'side', 'hq', 'squads', 'weaponsSections', 'picks'],
      entries: lists.map(listEntry),
    },
    {
      id: 'picks',
      title: 'Reinforcement picks',
      aliases: ['reinforcements'],
      hint: "A force file's reinforcements name a pick of their own list by id or name, and the vehicle where a pick offers several.",
      narrowedBy: ['nation'],
      columns: ['list', 'quality', 'vehicles'],
      entries: lists.flatMap((list) =>
        list.reinforcements.map(
          (pick): ListEntry => ({
            id: pick.id,
            name: pick.name,
            ...(pick.points !== null ? { points: pick.points } : {}),
            details: {
              list: list.id,
              quality: pick.quality ?? list.quality,
              ...(pick.teams.length > 0 ? { teams: counted(pick.teams.map(cardTitle)) } : {}),
              vehicles: pick.vehicles ?? ['-'],
              // what each vehicle id is, as its card names it (a force file takes the id)
              ...(pick.vehicles ? { vehicleNames: pick.vehicles.map(cardTitle) } : {}),
              ...(pick.points === null ? { price: 'none in the text: cannot be bought' } : {}),
            },
          }),
        ),
      ),
    },
    {
      id: 'battles',
      title: 'Battles',
      hint: 'muster scenario fireteam --battle ID rolls one, with its patrol phase.',
      columns: ['attacker', 'edges', 'corePerPlayer', 'reinforcements', 'jops', 'section'],
      entries: data.battles.map(battleEntry),
    },
    {
      id: 'squares',
      title: `Campaign squares: ${board.map.name}`,
      hint: 'muster campaign fireteam next --assault a:SQUARE names a square to assault.',
      columns: ['holds', 'jops', 'terrain', 'ground'],
      entries: squareEntries(board),
    },
  ];
}

/** "2 x AT battery: AT rifle": repeats counted, in the order the list gives them. */
function counted(names: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].map(([name, n]) => (n === 1 ? name : `${n} x ${name}`));
}

function listEntry(list: FtList): ListEntry {
  const { hq, squads, weaponsSections, smg } = list.platoon;
  const range = (min: number, max: number | undefined) => (max === undefined ? `${min} or more` : min === max ? `${min}` : `${min} to ${max}`);
  const price = (points: number) => `${formatPoints(points)} ${points === 1 ? 'point' : 'points'}`;
  return {
    id: list.id,
    name: list.name,
    details: {
      quality: list.quality,
      side: list.side,
      hq: price(hq.points),
      squads: `${range(squads.min, squads.max)} at ${price(squads.points)}`,
      weaponsSections: weaponsSections ? `${range(weaponsSections.min, weaponsSections.max)} at ${price(weaponsSections.points)}` : 'none',
      picks: list.reinforcements.length,
      ...(smg ? { smg: `a squad's ${smg.team} may carry SMGs` } : {}),
    },
  };
}

function battleEntry(battle: FtBattle): ListEntry {
  const span = ([lo, hi]: readonly [number, number]) => (lo === hi ? `${lo}` : `${lo} to ${hi}`);
  return {
    id: battle.id,
    name: battle.name,
    details: {
      attacker: battle.attacker === 'throw' ? 'thrown for' : 'side A',
      edges: battle.edges,
      corePerPlayer: battle.corePerPlayer,
      reinforcements: `attacker ${span(battle.reinforcements.attacker)}, defender ${span(battle.reinforcements.defender)}`,
      jops: `attacker ${battle.jops.attacker}, defender ${battle.jops.defender}`,
      section: battle.section,
    },
  };
}

function squareEntries(board: CampaignBoard): ListEntry[] {
  const { map } = board;
  const holds = (id: string) =>
    (['a', 'b'] as const)
      .flatMap((side) => [
        ...(map.deploy[side].includes(id) ? [`${map.sides[side].name} deploys`] : []),
        ...(map.breakout[side].includes(id) ? [`${map.sides[side].name} breaks out`] : []),
      ])
      .join(', ') || '-';
  return board.order.map((id) => {
    const square = board.squares.get(id)!;
    // the terrain line as a battle's map lays it (muster's reading): its map type, the types it names, its roads
    const ground = `${square.map ?? 'rolled'} map${square.types ? `, only ${square.types.join(', ')}` : ''}; ${square.roads ?? 1} ${(square.roads ?? 1) === 1 ? 'road' : 'roads'}`;
    return { id, name: square.name, details: { holds: holds(id), jops: `attacker ${square.jops.attacker}, defender ${square.jops.defender}`, terrain: square.terrain, ground } };
  });
}
