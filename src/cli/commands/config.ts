import { UsageError } from '../../errors.js';
import { checkClubValue, CLUB_FILE, CLUB_KEYS, envName, type ClubDefaults, type ClubKey, type ClubSource, type ClubValueType } from '../club-defaults.js';
import { camelCase, clubOption } from '../command-table.js';
import type { CliIo } from '../io.js';
import { resolveFrom } from '../options.js';
import { DEFAULT_BLEED } from '../print-options.js';

export interface ConfigArgs {
  format: 'text' | 'json';
  [option: string]: unknown;
}

interface Shown {
  name: ClubKey;
  /** null: muster's default is the rule set's own (--units) */
  value: ClubValueType | null;
  source: ClubSource;
}

/** A default's value as a command would take it: none for --units, whose default is each rule set's own. */
function defaultOf(key: ClubKey): ClubValueType | null {
  // left out, the bleed is 3 mm, or 2 where that holds more cards a sheet
  if (key === 'bleed') return DEFAULT_BLEED;
  const given = clubOption(key).default;
  if (given === undefined) return null;
  return Array.isArray(given) ? [...(given as string[])] : (given as string | number | boolean as ClubValueType);
}

/**
 * `muster config`: each default a command run here uses and where it came from, lowest first:
 * muster's own, a muster.yaml (here or above), a MUSTER_* variable, the command line (the
 * options given to `muster config` itself, checked as a command checks them).
 */
export async function runConfig(args: ConfigArgs, io: CliIo, club: ClubDefaults): Promise<number> {
  const shown: Shown[] = CLUB_KEYS.map((name) => {
    const typed = args[camelCase(name)];
    if (typed !== undefined && !(Array.isArray(typed) && typed.length === 0)) {
      let value: ClubValueType;
      try {
        value = checkClubValue(name, typed);
      } catch (error) {
        throw new UsageError(`--${name}: ${(error as Error).message}`);
      }
      if (Array.isArray(value)) value = value.map((d) => resolveFrom(io.cwd, d));
      return { name, value, source: { kind: 'command line' } };
    }
    return { name, ...(club.values[name] ?? { value: defaultOf(name), source: { kind: 'default' } }) };
  });
  if (args.format === 'json') {
    const options = Object.fromEntries(shown.map((s) => [s.name, { value: s.value, source: s.source.kind, ...fromOf(s.source) }]));
    io.stdout.write(`${JSON.stringify({ file: club.file ?? null, options }, null, 2)}\n`);
    return 0;
  }
  const lines = [
    club.file ? `${CLUB_FILE}: ${club.file}` : `${CLUB_FILE}: none in ${io.cwd}${club.searchedUpTo && club.searchedUpTo !== io.cwd ? ` or above it up to ${club.searchedUpTo}` : ''}`,
    '',
  ];
  const rows = shown.map((s) => [s.name, textOf(s), sourceText(s.source)] as const);
  const width = [0, 1].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const [name, value, source] of rows) lines.push(`${name.padEnd(width[0]!)}  ${value.padEnd(width[1]!)}  ${source}`);
  lines.push('', `Lowest first: default, ${CLUB_FILE}, the environment (${CLUB_KEYS.map(envName).slice(0, 2).join(', ')}, ...), the command line.`);
  io.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

function fromOf(source: ClubSource): { from?: string } {
  if (source.kind === 'file') return { from: source.file };
  if (source.kind === 'environment') return { from: source.variable };
  return {};
}

function textOf(shown: Shown): string {
  if (shown.value === null) return "(the rule set's own)";
  if (shown.name === 'bleed' && shown.source.kind === 'default') return `${String(shown.value)} (2 where that fits more cards a sheet)`;
  if (Array.isArray(shown.value)) return shown.value.length === 0 ? '(none)' : shown.value.join(', ');
  return String(shown.value);
}

function sourceText(source: ClubSource): string {
  switch (source.kind) {
    case 'default':
      return 'default';
    case 'file':
      return source.file;
    case 'environment':
      return source.variable;
    case 'command line':
      return 'command line';
  }
}
