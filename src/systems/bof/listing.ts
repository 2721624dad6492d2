import { foundOrRefuse } from '../../data/find-name.js';
import { tokenEntry, tokenKind, type ListEntry, type ListKind, type ListRequest } from '../../data/listing.js';
import { BOF_TOKEN_PARTS } from './aids-builders.js';
import { coreLine } from './core-line.js';
import { UsageError } from '../../errors.js';
import { loadAids } from './aids.js';
import { loadArsenal, type Arsenal } from './arsenal.js';
import { findDoctrine, findNation } from './arsenal-names.js';
import type { Detachment, Doctrine, Unit, Weapon } from './arsenal-schema.js';
import { sortUnits } from './cards.js';
import { crewUpgradeCost, isSoldier, unitCost } from './cost.js';
import { actionsOf } from './force.js';
import type { GameMode } from './scenario-schema.js';
import { loadModes } from './scenario-data.js';
import { budgetsInWords, PLAYER_SHARE, shareOf } from './game-budget.js';
import { bofManifest } from './manifest.js';
import { possessive } from '../../doc/possessive.js';

/**
 * `muster list bof`: the arsenal (nations, doctrines, detachments with what each allows, units
 * with their points, weapons), the game modes, the tokens and the event cards, narrowed by
 * --nation and --doctrine where they mean something. Entries keep the data's order, which is
 * the order the cards and sheets print in; units go as the arsenal's cards do.
 */
export async function listBof(request: ListRequest): Promise<ListKind[]> {
  const [arsenal, aids, modes] = await Promise.all([loadArsenal(request.system.dirs), loadAids(request.system.dirs), loadModes(request.system.dirs)]);
  const nation = request.nation !== undefined ? foundOrRefuse(findNation(arsenal, request.nation), '--nation') : undefined;
  const doctrine = request.doctrine !== undefined ? foundOrRefuse(findDoctrine(arsenal, request.doctrine, nation?.id), '--doctrine') : undefined;
  if (nation && doctrine && doctrine.nation !== nation.id) {
    const owner = arsenal.nations.get(doctrine.nation)?.name ?? doctrine.nation;
    throw new UsageError(`--doctrine ${doctrine.id} is a doctrine of ${owner}, not ${nation.name}; list ${possessive(nation.name)} with muster list bof doctrines --nation ${nation.id}`);
  }
  const nationId = nation?.id ?? doctrine?.nation;
  const narrowed: ListKind['narrowedBy'] = ['nation', 'doctrine'];

  const doctrines = [...arsenal.doctrines.values()].filter((d) => (doctrine ? d.id === doctrine.id : nationId === undefined || d.nation === nationId));
  const detachments = doctrines.flatMap((d) => d.detachments.map((detachment) => ({ doctrine: d, detachment })));
  // a doctrine narrows units to those its detachments field or buy, weapons to those they buy
  const allowedUnits = doctrine ? new Set(doctrine.detachments.flatMap((d) => [d.officer.unit, ...d.core.map((c) => c.unit), ...d.options])) : undefined;
  const allowedWeapons = doctrine ? new Set(doctrine.detachments.flatMap((d) => d.weapons)) : undefined;
  const units = sortUnits(
    [...arsenal.units.values()].filter((u) => (nationId === undefined || u.nation === nationId) && (!allowedUnits || allowedUnits.has(u.id))),
    [...arsenal.nations.keys()],
  );
  const weapons = [...arsenal.weapons.values()].filter(
    (w) => (nationId === undefined || !w.nations || w.nations.includes(nationId)) && (!allowedWeapons || allowedWeapons.has(w.id)),
  );

  return [
    {
      id: 'nations',
      title: 'Nations',
      hint: 'A force file names its nation by id or name; --nation takes either.',
      narrowedBy: narrowed,
      columns: ['side', 'units', 'doctrines'],
      entries: [...arsenal.nations.values()]
        .filter((n) => nationId === undefined || n.id === nationId)
        .map((n) => ({
          id: n.id,
          name: n.name,
          details: {
            side: n.side,
            units: [...arsenal.units.values()].filter((u) => u.nation === n.id).length,
            doctrines: [...arsenal.doctrines.values()].filter((d) => d.nation === n.id).map((d) => d.id),
          },
        })),
    },
    {
      id: 'doctrines',
      title: 'Doctrines',
      hint: "A force file's doctrine; see what each detachment allows with muster list bof detachments --doctrine ID.",
      narrowedBy: narrowed,
      columns: ['nation', 'kind', 'detachments'],
      entries: doctrines.map((d) => ({ id: d.id, name: d.name, details: { nation: d.nation, kind: d.kind, detachments: d.detachments.map((x) => x.id), about: d.blurb } })),
    },
    {
      id: 'detachments',
      title: 'Detachments',
      hint: 'A force file fields the officer and the core units, buys from the options, gives its soldiers the qualities and weapons listed.',
      narrowedBy: narrowed,
      columns: ['doctrine', 'qualities'],
      entries: detachments.map(({ doctrine: d, detachment }) => detachmentEntry(d, detachment)),
    },
    {
      id: 'units',
      title: 'Units',
      hint: 'Points are for regular soldiers and conscript crews; muster cards bof --explain-cost ID shows how a price is worked out.',
      narrowedBy: narrowed,
      columns: ['nation', 'type', 'role', 'actions', 'weapons'],
      entries: units.map((u) => unitEntry(u, arsenal)),
    },
    {
      id: 'weapons',
      title: 'Weapons',
      hint: "A soldier's weapons, bought in a force file by id or by name; points are what each costs. --doctrine keeps those its detachments may buy.",
      narrowedBy: narrowed,
      columns: ['kind', 'slot', 'nations', 'stats'],
      entries: weapons.map(weaponEntry),
    },
    {
      id: 'modes',
      title: 'Game modes',
      aliases: ['scenarios', 'game-modes'],
      hint:
        "muster scenario bof --scenario ID rolls one (combat-only is not on the solo table). Budgets are each side's points (Game modes); with 4 or 6 players each player of a side has 75 or 50 percent of them (Special rules for multiplayer games), rounded down: muster's reading, the text does not round. muster check bof --force FILE --scenario ID holds a force against one.",
      columns: ['budget', 'roles', 'turns', 'scoreLimit', 'deployment'],
      entries: modes.map(modeEntry),
    },
    tokenKind(
      'bof',
      aids.tokens.map((t) => tokenEntry(t)),
      BOF_TOKEN_PARTS,
    ),
    {
      id: 'events',
      title: 'Random Event & Effect cards',
      aliases: ['event-cards'],
      hint: 'Printed by muster tokens bof --events.',
      entries: aids.events.map((e) => ({ id: e.id, name: e.title, details: { kind: e.kind, duration: e.duration, affects: e.affects } })),
    },
  ];
}

function detachmentEntry(doctrine: Doctrine, d: Detachment): ListEntry {
  const { officer } = d;
  const times = officer.activations === 1 ? 'once' : officer.activations === 2 ? 'twice' : `${officer.activations} times`;
  return {
    id: d.id,
    name: d.name,
    details: {
      doctrine: doctrine.id,
      qualities: d.qualities,
      officer: `${officer.unit}: ${officer.orders} orders to units within ${officer.radius.cm} cm (${officer.radius.in} in), activated ${times} a turn`,
      core: d.core.map(coreLine),
      options: d.options,
      weapons: d.weapons,
      eventCards: d.eventCards,
      ...(d.special ? { special: d.special } : {}),
    },
  };
}

function unitEntry(unit: Unit, arsenal: Arsenal): ListEntry {
  // the price a card of the arsenal shows: regular soldiers, conscript crews
  const quality = isSoldier(unit) ? 'regular' : 'conscript';
  const points = unitCost(unit, arsenal.weapons, quality).cost + (isSoldier(unit) ? 0 : crewUpgradeCost(unit, quality));
  return {
    id: unit.id,
    name: unit.name,
    points,
    details: { nation: unit.nation, type: unit.type, role: unit.role, actions: actionsOf(unit, unit.weapons.map((id) => arsenal.weapons.get(id)).filter((w): w is Weapon => w !== undefined)), weapons: unit.weapons },
  };
}

function weaponEntry(weapon: Weapon): ListEntry {
  const stats: string[] = [];
  if (weapon.attack !== undefined) stats.push(`attack ${weapon.attack}${weapon.attacksPerTurn > 1 ? ` x${weapon.attacksPerTurn}` : ''}`);
  if (weapon.he !== undefined) stats.push(`HE ${weapon.he}`);
  if (weapon.ap !== undefined) stats.push(`AP ${weapon.ap}`);
  if (weapon.melee !== undefined) stats.push(`melee ${weapon.melee >= 0 ? '+' : ''}${weapon.melee}`);
  if (weapon.range) stats.push(`range ${weapon.range.cm} cm (${weapon.range.in} in)`);
  if (weapon.blast) stats.push(`blast ${weapon.blast.cm} cm (${weapon.blast.in} in)`);
  if (weapon.ammo !== undefined) stats.push(`${weapon.ammo} shots`);
  if (weapon.singleUse) stats.push('single use');
  if (weapon.heavy) stats.push('heavy');
  return {
    id: weapon.id,
    name: weapon.name,
    points: weapon.cost,
    details: { kind: weapon.kind, slot: weapon.slot, nations: weapon.nations ?? ['any'], stats: stats.join(', ') },
  };
}

/** A mode's budgets for two players and each player's share with four and six (Game modes; Special rules for multiplayer games). */
function modeEntry(mode: GameMode): ListEntry {
  const chosen = bofManifest.scenario!.points!.default!;
  const budget = mode.points ? budgetsInWords(mode, 2, chosen) : `set with --points (${chosen} a side)`;
  const share = (players: 4 | 6) =>
    mode.points ? budgetsInWords(mode, players, chosen) : `${PLAYER_SHARE[players]! * 100}% of the points chosen a player (${shareOf(chosen, players)} of ${chosen})`;
  return {
    id: mode.id,
    name: mode.name,
    details: {
      budget,
      fourPlayers: share(4),
      sixPlayers: share(6),
      roles: mode.roles === 'roll' ? 'attacker rolled' : 'even',
      turns: mode.turns,
      scoreLimit: mode.scoreLimit,
      deployment: mode.deployment,
    },
  };
}
