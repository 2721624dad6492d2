/**
 * Campaigns kept in the browser (issue 28): every state the command line wrote for the
 * campaign, newest last, so the player can go back to any of them; and how many changes the
 * player has not downloaded, for a reminder rather than a download after every change. Pure:
 * the panel keeps these on a shelf (browser-shelf.ts).
 */
import type { Kept } from './browser-shelf.js';
import { possessive } from '../doc/possessive.js';

/** One state of the campaign and the change that made it, in the command line's words. */
export interface CampaignVersion {
  change: string;
  /** the state file's text, as the command line wrote it */
  state: string;
}

export interface KeptCampaign extends Kept {
  /** the name its download gets (the opened file's, or <system>-campaign.json) */
  fileName: string;
  /** oldest first; the last is the campaign as it stands */
  versions: CampaignVersion[];
  /** how many of `versions` the player had when last downloading it (0: never) */
  downloaded: number;
}

/** Versions kept per campaign: a season of games, and every undo and go-back among them. */
export const HISTORY_MAX = 60;
/** Changes not downloaded before the panel asks, more firmly, for a backup. */
export const BACKUP_AFTER = 5;

export function newKeptCampaign(name: string, system: string, fileName: string, first: CampaignVersion, downloaded = false): KeptCampaign {
  return { name, system, fileName, versions: [first], downloaded: downloaded ? 1 : 0 };
}

/** The campaign as it stands. */
export const currentState = (kept: KeptCampaign): CampaignVersion => kept.versions[kept.versions.length - 1]!;

/**
 * The campaign with a new state on top; a run that wrote the same state adds nothing. The
 * oldest versions go past HISTORY_MAX, and the count downloaded with them.
 */
export function withVersion(kept: KeptCampaign, version: CampaignVersion): KeptCampaign {
  if (currentState(kept).state === version.state) return kept;
  const versions = [...kept.versions, version];
  const dropped = Math.max(0, versions.length - HISTORY_MAX);
  return { ...kept, versions: versions.slice(dropped), downloaded: Math.max(0, kept.downloaded - dropped) };
}

/** The campaign back at an earlier version: a change of its own, on top, so it can be undone too. */
export function backTo(kept: KeptCampaign, index: number): KeptCampaign {
  const target = kept.versions[index];
  if (!target || index === kept.versions.length - 1) return kept;
  return withVersion(kept, { change: `went back to: ${target.change}`, state: target.state });
}

/** Changes made since the player last downloaded the file. */
export const notDownloaded = (kept: KeptCampaign): number => kept.versions.length - kept.downloaded;

export const downloadedNow = (kept: KeptCampaign): KeptCampaign => ({ ...kept, downloaded: kept.versions.length });

/** What the panel says of the copy the browser keeps and the file the player holds. */
export function backupWords(kept: KeptCampaign): { words: string; due: boolean } {
  const n = notDownloaded(kept);
  if (n === 0) return { words: `Your downloaded ${kept.fileName} is up to date.`, due: false };
  const changes = n === 1 ? '1 change' : `${n} changes`;
  if (kept.downloaded === 0) return { words: `Never downloaded: ${changes} in this browser alone. Download the campaign file now and then as a backup.`, due: n >= BACKUP_AFTER };
  return { words: `${changes} since your last download. Download the campaign file now and then as a backup.`, due: n >= BACKUP_AFTER };
}

/** The name a new campaign is kept under: its sides', or the solo player's. */
export function campaignName(names: readonly string[], solo: boolean, systemName: string): string {
  const given = names.map((n) => n.replace(/\s+/g, ' ').trim());
  if (solo) return given[0] ? `${possessive(given[0])} ${systemName} campaign` : `Solo ${systemName} campaign`;
  return `${given[0] || 'Side A'} vs ${given[1] || 'Side B'}`;
}
