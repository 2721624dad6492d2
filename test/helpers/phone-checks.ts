import type { Page } from 'puppeteer-core';

/** The least size of a thing a finger presses, in CSS pixels (WCAG's enhanced target size, Apple's and Google's guides). */
export const TOUCH_TARGET = 44;

/** Every visible button smaller than a finger in either way, by its words or label. */
export function smallTargets(page: Page): Promise<string[]> {
  return page.$$eval(
    'button, select, input[type=text], input[type=number], summary',
    (elements, least) =>
      elements.flatMap((e) => {
        const box = e.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || (e as HTMLElement).closest('[hidden]')) return [];
        const short = e.tagName === 'SUMMARY' ? box.height < least : box.height < least - 0.5 || (e.tagName === 'BUTTON' && box.width < least - 0.5);
        return short ? [`${e.tagName.toLowerCase()} "${e.getAttribute('aria-label') ?? e.textContent?.trim().slice(0, 40)}" ${Math.round(box.width)}x${Math.round(box.height)}`] : [];
      }),
    TOUCH_TARGET,
  );
}

/** Headings that skip a level on the way down (an h2 then an h4), in the order a screen reader reads them. */
export function headingSkips(page: Page): Promise<string[]> {
  return page.$$eval('h1, h2, h3, h4, h5, h6', (headings) => {
    const skips: string[] = [];
    let level = 0;
    for (const h of headings) {
      if ((h as HTMLElement).closest('[hidden]')) continue;
      const next = Number(h.tagName[1]);
      if (next > level + 1) skips.push(`${h.tagName.toLowerCase()} "${h.textContent?.trim()}" after h${level}`);
      level = next;
    }
    return skips;
  });
}
