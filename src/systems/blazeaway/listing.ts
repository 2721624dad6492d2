import type { ListEntry, ListKind, ListRequest } from '../../data/listing.js';
import { loadBlazeAway } from './data.js';
import { loadSampleForces } from './samples.js';
import { standFigures } from './force.js';
import { weaponText } from './unit-sheet.js';

/**
 * `muster list blazeaway`: the names a force file may use (command and crew ratings, stand
 * types, weapons, carriers, aircraft types, armour classes and gun groups), the objectives a
 * scenario rolls and muster's own sample forces. Blaze Away! has no army lists, so nothing is
 * narrowed by nation or doctrine. Entries keep the data's order, which is the text's.
 */
export async function listBlazeAway(request: ListRequest): Promise<ListKind[]> {
  // no kind here is narrowed by nation or doctrine: the list command refuses those by name
  const [data, samples] = await Promise.all([loadBlazeAway(request.system), loadSampleForces()]);
  const hint = "A force file's names (docs/blazeaway-force-file.md), by id or name in any case.";
  return [
    {
      id: 'ratings',
      title: 'Command ratings',
      hint: `${hint} A force's rating, or a unit's own; order cards a platoon (4.1.1).`,
      columns: ['cards', 'breaksAt', 'dice'],
      entries: data.ratings.map((r) => ({
        id: r.name.toLowerCase(),
        name: r.name,
        details: { cards: r.cards, breaksAt: `${data.breakingPoint.get(r.name)?.percent ?? '?'}%`, dice: `${(data.dice.get(r.name) ?? []).join('/')} D10` },
      })),
    },
    {
      id: 'crew',
      title: 'Crew ratings',
      hint: `${hint} A vehicle's or gun's crew (7.2.2).`,
      entries: data.crewRatings.map((c) => ({ id: c.toLowerCase(), name: c, details: {} })),
    },
    {
      id: 'stands',
      title: 'Stand types',
      aliases: ['stand-types'],
      hint: `${hint} An infantry unit's stands: type, count and figures (3.2).`,
      columns: ['figures', 'weapon', 'orders'],
      entries: [...data.stands.values()].map((s) => {
        const figures = standFigures(data, s);
        return {
          id: s.id,
          name: s.name,
          details: {
            figures: figures.from === figures.to ? String(figures.from) : `${figures.from}-${figures.to}`,
            weapon: s.weapon,
            orders: s.orders === 'platoon' ? "the unit's" : s.orders === 'own' ? 'its own card' : 'none',
          },
        };
      }),
    },
    {
      id: 'weapons',
      title: 'Weapons',
      hint: `${hint} A vehicle's other weapons; a stand's weapon comes with its type.`,
      columns: ['reach', 'from'],
      entries: [...data.weapons.values()].map((w): ListEntry => ({
        id: w.id,
        name: w.name,
        // as the unit sheet prints it, without the name
        details: { reach: weaponText(data, w, 'cm').slice(w.name.length).trim(), from: w.section ?? `${w.table} (${w.table === 'mortars' ? '7.3.9' : '7.1.1'})` },
      })),
    },
    {
      id: 'carriers',
      title: 'Carriers',
      hint: `${hint} What carries a vehicle unit's stands, and how many each (6.4).`,
      columns: ['stands'],
      entries: [...data.carriers.values()].map((c) => {
        const load = data.transport.get(c.transport)!.stands;
        return { id: c.id, name: c.name, details: { stands: load.from === load.to ? String(load.from) : `${load.from}-${load.to}` } };
      }),
    },
    {
      id: 'aircraft',
      title: 'Aircraft types',
      hint: `${hint} An aircraft unit's type: its role and the order card it flies it on (7.4).`,
      columns: ['card'],
      entries: data.aircraft.map((a) => ({ id: a.ref, name: a.role, details: { card: a.card } })),
    },
    {
      id: 'classes',
      title: 'Armour classes and gun groups',
      hint: `${hint} armourClass takes a letter (7.2.4), gunGroup a number (7.2.6).`,
      entries: [
        ...data.armourClasses.map((c) => ({ id: c, name: `Armour class ${c}`, details: {} })),
        ...data.gunGroups.map((g) => ({ id: String(g), name: `Gun group ${g}`, details: {} })),
      ],
    },
    {
      id: 'objectives',
      title: 'Objectives',
      hint: "What the attacker is sent to do in a rolled scenario (muster scenario blazeaway); muster's own.",
      columns: ['points'],
      entries: data.objectives.map((o) => ({ id: o.id, name: o.name, details: { points: o.points } })),
    },
    {
      id: 'samples',
      title: "muster's sample forces",
      aliases: ['forces'],
      hint: 'Force files in examples/blazeaway/: print one with muster cards blazeaway --force FILE; a scenario draws a side from them.',
      columns: ['side', 'nation', 'rating', 'units'],
      entries: samples.map((s) => ({
        id: s.file.replace(/^.*[\\/]/, '').replace(/\.ya?ml$/, ''),
        name: s.force.name,
        details: { side: s.force.side, nation: s.force.nation, rating: s.force.rating, units: s.force.units.length },
      })),
    },
  ];
}
