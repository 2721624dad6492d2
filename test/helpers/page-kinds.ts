/**
 * What the page's tests in chromium prove, kind by kind. Each kind is proved in every run by
 * the tests marked `proves(kind)`; the tests marked `provesAgain(kind)` prove it once more (another
 * rule set, another route to the same store, a second print held to the command line's) and run
 * under MUSTER_DEEP=1 alone, as CI does (.ci/run). A page test costs a page load or a browser,
 * about a core-second each, where a test in Node costs milliseconds: proving each kind once is
 * what keeps `npm test` under 150 s on a 2-core machine (issue 54), and CI still runs them all.
 *
 * test/page-kinds.test.ts holds that every kind has a test in every run and that every test in
 * chromium says its kind, so a kind cannot be left to MUSTER_DEEP=1 alone by accident.
 */
import { it } from 'vitest';
import { DEEP } from './sample.js';

/** The kinds, each with what a test of it shows. */
export const PAGE_KINDS = {
  'prints as the command line': 'a print made in the page, byte for byte the command line’s PDF',
  'a link restores the form': 'a link opens the form as it was and prints what the command line prints',
  'a phone': 'the page on a phone: no PDF inside a page, a finger’s buttons, two screens of a list',
  'kept offline': 'the page installed, printing with the server stopped as the command line prints',
  'a plain static host': 'the built folder served by any static host, under a path of its own',
  'tied to its build': 'a file of another build never taken into a print; one copy kept a file',
  'the page’s policy': 'no eval in the page, the worker’s own policy, muster serve’s headers',
  'the force builder': 'a force built from the pick-lists, checked in the command line’s words, printed',
  'kept through a reload': 'a force or a draft kept through a reload and a browser restart',
  'a link carries a force': 'a force carried whole in a link to another profile',
  'a campaign kept': 'a campaign kept in the browser through a reload, any state gone back to',
  'a store that cannot keep': 'a full store or none: said at once, the file offered, nothing lost',
  'two tabs': 'two tabs saving over each other: the older refused, shown the newer, nothing lost',
  'a campaign played': 'a campaign started and recorded with the page’s forms, as the command line does',
  'house rules': 'a house folder checked as validate does and printed once valid',
  'a rule set of data alone': 'a rule set zipped into the page, listed and printed as the command line does',
  'hostile input': 'a hostile link, zip or file refused, the page still at work',
  'every option a field': 'each rule set’s declared options shown as fields the command line takes',
  'print-shop images': 'images for a print shop made in the page, byte for byte the command line’s',
  'at the table': 'a game at the table from a force file or a packet, kept through a reload',
  'read by axe': 'each view of the page with no violation axe finds',
  'the worker': 'the run worker answering, stopping and warming itself',
} as const;

export type PageKind = keyof typeof PAGE_KINDS;

/** A test that proves these kinds in every run (one test may stand for several). */
export function proves(...kinds: [PageKind, ...PageKind[]]): typeof it {
  void kinds;
  return it;
}

/** A further test of these kinds, each proved in every run by a test marked `proves`: run under MUSTER_DEEP=1 alone. */
export function provesAgain(...kinds: [PageKind, ...PageKind[]]): typeof it {
  void kinds;
  return (DEEP ? it : it.skip) as typeof it;
}
