/**
 * A packet asked for again: from the page's form as a packet was just made with it (its seed the
 * one the dice were rolled with), or from a packet's link (#/bof/scenario?mode=solo&seed=club,
 * its forces packed in it). The table mode sets a game up from either.
 */
import { argvFor, formFromHash, type Declarations, type Form, type TextUnits } from './form.js';
import { FORCE_B_PARAM, FORCE_PARAM, forceFromLinkValue, forceInHash } from './force-link.js';
import type { PacketAsked } from './table-packet.js';

/** What a packet's command line needs of the page: its rule sets' own options, and their text units. */
export interface PacketForms {
  declared: Declarations;
  textUnits: TextUnits;
}

/**
 * The packet a form made: its command line without forces, with the seed it was rolled with
 * (a fresh roll's, which the command line said), one packet of it; its forces as given.
 */
export function packetOfForm(form: Form, forms: PacketForms, seed: string, forces: PacketAsked['forces']): PacketAsked | undefined {
  if (form.product !== 'scenario' || (form.options['count'] ?? '1') !== '1') return undefined;
  const options = { ...form.options, seed };
  return { system: form.system, argv: argvFor({ ...form, options }, forms.declared), forces: [...forces] };
}

/**
 * The packet a link holds, or a seed alone stands for (the rule set's two-player packet of that
 * seed, all else at its defaults); refused where the link is no packet's or rolls fresh dice
 * each time (no seed).
 */
export function packetOfLink(link: string, forms: PacketForms, system: string): PacketAsked | { refused: string } {
  const typed = link.trim();
  if (typed === '') return { refused: "paste a packet's link, or type its seed" };
  if (!typed.includes('#') && !/\s|^[a-z]+:\/\//i.test(typed)) return packetOfForm({ system, product: 'scenario', options: {} }, forms, typed, [])!;
  const at = typed.indexOf('#');
  const hash = at < 0 ? '' : typed.slice(at);
  const form = formFromHash(hash, forms.declared, forms.textUnits);
  if (!/^#\/[\w-]+\/scenario\b/.test(hash) || !forms.declared[form.system]) return { refused: 'that is no link to a scenario packet: make a packet, then copy its link ("a link to this packet" under the result)' };
  if (form.options['seed'] === undefined) return { refused: 'that link has no seed, so its dice are rolled afresh each time: use the link under a packet made, which carries its seed' };
  const forces: PacketAsked['forces'] = [];
  for (const [param, name] of [[FORCE_PARAM, 'force-a.yaml'], [FORCE_B_PARAM, 'force-b.yaml']] as const) {
    const value = forceInHash(hash, param);
    if (value === undefined) break;
    const found = forceFromLinkValue(value);
    if ('refused' in found) return { refused: `${name === 'force-a.yaml' ? "side A's" : "side B's"} force in the link: ${found.refused}` };
    forces.push({ name, yaml: found.yaml });
  }
  const asked = packetOfForm(form, forms, form.options['seed'], form.options['mode'] === 'solo' ? forces.slice(0, 1) : forces);
  return asked ?? { refused: `that link rolls ${form.options['count']} packets at once: a game is set up from one (make it with Packets to roll left at 1)` };
}
