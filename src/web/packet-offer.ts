/**
 * "Play this game at the table" beside a packet the page made (issue 52): shown for one packet
 * of a rule set whose table mode reads packets, it sets the game up from that packet, and the
 * table mode's start form offers the same packet ("the last packet made on this page").
 */
import type { PacketAsked } from './table-packet.js';

const $ = (id: string) => document.getElementById(id)!;

/** What the button asks of the page: the table mode, told of the packet, and set up from it. */
export interface PacketOffer {
  made(asked: PacketAsked | undefined): void;
  play(asked: PacketAsked): Promise<void>;
}

let offered: PacketAsked | undefined;
let wired = false;

/** The packet just made (none: a product that is no single packet, or a failed run): offered beside the result. */
export function offerPacket(asked: PacketAsked | undefined, table: PacketOffer): void {
  offered = asked;
  table.made(asked);
  $('to-table').hidden = asked === undefined;
  if (wired) return;
  wired = true;
  $('to-table-button').addEventListener('click', () => {
    if (offered) void table.play(offered);
  });
}
