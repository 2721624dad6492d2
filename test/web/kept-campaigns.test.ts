// A campaign's history as the browser keeps it (src/web/kept-campaigns.ts): every state, newest
// last, a go-back that is a change of its own, the oldest dropped past the limit, and the count
// of changes not downloaded that the reminder is made of.
import { describe, expect, it } from 'vitest';
import { BACKUP_AFTER, backTo, backupWords, campaignName, currentState, downloadedNow, HISTORY_MAX, newKeptCampaign, notDownloaded, withVersion } from '../../src/web/kept-campaigns.js';

const v = (n: number) => ({ change: `recorded game ${n}`, state: `{"game":${n}}` });

describe('a kept campaign’s history', () => {
  it('adds each new state, not a run that wrote the same one, and goes back as a change of its own', () => {
    let kept = newKeptCampaign('Red vs Blue', 'bof', 'bof-campaign.json', { change: 'started', state: '{"game":0}' });
    kept = withVersion(withVersion(kept, v(1)), v(2));
    expect(withVersion(kept, { change: 'printed', state: v(2).state })).toBe(kept);
    expect(kept.versions.map((x) => x.change)).toEqual(['started', 'recorded game 1', 'recorded game 2']);
    const back = backTo(kept, 1);
    expect(currentState(back)).toEqual({ change: 'went back to: recorded game 1', state: v(1).state });
    expect(back.versions).toHaveLength(4);
    // going back to where it stands, or to no version, changes nothing
    expect(backTo(kept, 2)).toBe(kept);
    expect(backTo(kept, 9)).toBe(kept);
    // and going back on the go-back is one more change
    expect(currentState(backTo(back, 2)).state).toBe(v(2).state);
  });

  it(`keeps the newest ${HISTORY_MAX} states, the count downloaded moving with the ones dropped`, () => {
    let kept = newKeptCampaign('Solo', 'bof', 'c.json', v(0), true);
    for (let n = 1; n < HISTORY_MAX + 10; n++) {
      kept = withVersion(kept, v(n));
      if (n === 20) kept = downloadedNow(kept);
    }
    expect(kept.versions).toHaveLength(HISTORY_MAX);
    expect(kept.versions[0]).toEqual(v(10));
    expect(currentState(kept)).toEqual(v(HISTORY_MAX + 9));
    // downloaded with game 20 in it: every change after it is not downloaded
    expect(notDownloaded(kept)).toBe(HISTORY_MAX + 9 - 20);
  });

  it(`says how many changes are not downloaded, more firmly from ${BACKUP_AFTER}`, () => {
    let kept = newKeptCampaign('Red vs Blue', 'bof', 'bof-campaign.json', v(0));
    expect(backupWords(kept)).toEqual({ words: 'Never downloaded: 1 change in this browser alone. Download the campaign file now and then as a backup.', due: false });
    kept = downloadedNow(kept);
    expect(backupWords(kept)).toEqual({ words: 'Your downloaded bof-campaign.json is up to date.', due: false });
    for (let n = 1; n < BACKUP_AFTER; n++) kept = withVersion(kept, v(n));
    expect(backupWords(kept).due).toBe(false);
    kept = withVersion(kept, v(BACKUP_AFTER));
    expect(backupWords(kept)).toEqual({ words: `${BACKUP_AFTER} changes since your last download. Download the campaign file now and then as a backup.`, due: true });
  });

  it('names a new campaign by its sides, or its solo player', () => {
    expect(campaignName(['Red', 'Blue'], false, 'Burst of Fire')).toBe('Red vs Blue');
    expect(campaignName(['  ', ''], false, 'Fire Team')).toBe('Side A vs Side B');
    expect(campaignName(['Anna', ''], true, 'Burst of Fire')).toBe("Anna's Burst of Fire campaign");
    expect(campaignName([''], true, 'Burst of Fire')).toBe('Solo Burst of Fire campaign');
  });
});
