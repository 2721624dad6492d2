/**
 * The force files a product of the form prints with (cards, tokens, a scenario's sides): chosen
 * on the device, taken from the builder, or packed in a link. They sit in the page's folder
 * under /player, named as the command line shown names them, and a link made of the form packs
 * them after `#` (never sent to a server), so it opens the same forces elsewhere.
 */
import { PLAYER_FOLDER, type PageFiles } from './page-files.js';
import { FORCE_B_PARAM, forceFromLinkValue, forceInHash, forceLinkValue, withForces } from './force-link.js';
import { FORCE_FILE } from './kit/force-model.js';
import type { Form, Product } from './form.js';

export type Slot = 'forceA' | 'forceB';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

export class GivenForces {
  /** the player's force files by field (side A, side B), already in files at /player/NAME */
  private readonly given: Record<Slot, string | undefined> = { forceA: undefined, forceB: undefined };
  /** each force file given, packed for a link once per file (name and bytes) */
  private readonly packed = new Map<string, { bytes: Uint8Array; value: string }>();

  constructor(private readonly files: PageFiles) {}

  /** The builder's force is side A's (its force.yaml), or, `false`, no longer (another rule set is chosen). */
  takeBuilt(built: boolean): void {
    if (built) this.given.forceA = FORCE_FILE;
    else if (this.given.forceA === FORCE_FILE) this.given.forceA = undefined;
  }

  /** The force files the form's product prints with, side A's first, by their names under /player. */
  filesFor(form: Form): string[] {
    if (form.product === 'force') return [FORCE_FILE];
    // a product (or rule set) that takes no force shows no force file: none is given
    if ($('forceA').closest('[hidden]')) return [];
    const sideB = form.product === 'scenario' && form.options['mode'] !== 'solo';
    return [this.given.forceA, sideB ? this.given.forceB : undefined].filter((n): n is string => n !== undefined);
  }

  /** A link of the form with the force files it prints with packed in it. */
  inLink(hash: string, form: Form): string {
    const [a, b] = [this.given.forceA, this.given.forceB];
    const given = this.filesFor(form);
    return withForces(hash, { a: given.includes(a ?? '') ? this.packedForce(a) : undefined, b: given.includes(b ?? '') ? this.packedForce(b) : undefined });
  }

  /** A force file chosen in a field (or taken out of it), under the name the command line would see. */
  async choose(input: HTMLInputElement): Promise<void> {
    const slot = input.id as Slot;
    const previous = this.given[slot];
    // the builder's force.yaml stays: the builder owns it
    if (previous && previous !== FORCE_FILE) this.files.remove(`${PLAYER_FOLDER}/${previous}`);
    this.given[slot] = undefined;
    this.showLinked();
    $('forceA-built').hidden = this.given.forceA !== FORCE_FILE;
    const file = input.files?.[0];
    if (!file) return;
    // made safe as one path segment (never the builder's)
    const safe = file.name.replace(/[^\w.-]+/g, '_');
    const name = `${slot === 'forceB' ? 'b-' : safe === FORCE_FILE ? 'a-' : ''}${safe}`;
    this.files.add(`${PLAYER_FOLDER}/${name}`, new Uint8Array(await file.arrayBuffer()));
    this.given[slot] = name;
  }

  /** The force files a product's link carries: in the page's folder as force-a.yaml and force-b.yaml, given to the product. */
  fromLink(hash: string): void {
    const refused: string[] = [];
    for (const [slot, param, name] of [['forceA', 'force', 'force-a.yaml'], ['forceB', FORCE_B_PARAM, 'force-b.yaml']] as const) {
      const value = forceInHash(hash, param);
      if (value === undefined) continue;
      const found = forceFromLinkValue(value);
      if ('refused' in found) {
        refused.push(`${slot === 'forceA' ? 'Side A' : 'Side B'}: ${found.refused}`);
        continue;
      }
      this.files.add(`${PLAYER_FOLDER}/${name}`, new TextEncoder().encode(found.yaml));
      this.given[slot] = name;
    }
    this.showLinked(refused);
  }

  /** The force fields' words for the product: whose force side A's is, and that the builder's is given. */
  shaped(product: Product): void {
    $('forceA-label').textContent = product === 'scenario' ? 'Force file, side A (solo: yours)' : product === 'tokens' ? 'Force file (tokens for its models)' : 'Force file';
    $('forceA-built').hidden = this.given.forceA !== FORCE_FILE;
  }

  /** Beside the force file fields: which force came with the link, or why one did not. */
  private showLinked(refused: readonly string[] = []): void {
    const lines = [
      ...(this.given.forceA === 'force-a.yaml' ? ['Side A: the force in the link (force-a.yaml); choose a file to use another.'] : []),
      ...(this.given.forceB === 'force-b.yaml' ? ['Side B: the force in the link (force-b.yaml); choose a file to use another.'] : []),
      ...refused,
    ];
    const said = $('forces-linked');
    said.textContent = lines.join('\n');
    said.hidden = lines.length === 0;
    said.className = refused.length > 0 ? 'hint messages failed' : 'hint';
  }

  private packedForce(name: string | undefined): string | undefined {
    if (!name || !this.files.has(`${PLAYER_FOLDER}/${name}`)) return undefined;
    const bytes = this.files.read(`${PLAYER_FOLDER}/${name}`, Number.MAX_SAFE_INTEGER).bytes;
    if (!bytes) return undefined;
    const known = this.packed.get(name);
    if (known && known.bytes === bytes) return known.value;
    const value = forceLinkValue(new TextDecoder().decode(bytes));
    this.packed.set(name, { bytes, value });
    return value;
  }
}
