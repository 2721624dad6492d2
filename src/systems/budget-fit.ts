/**
 * A player's force against one game's budget for its side: the shared words every rule set
 * prints and warns with, so "149 of 50" never stands beside "no problems" anywhere. The
 * budget is the rule set's to work out (a game mode's points, a share of them for 4 or 6
 * players, a solo side's core and rolled points, a battle's core and reinforcements).
 */
export interface BudgetFit {
  /** the game and side, in player words: "Surrounded, attacker", "battle 2, Germans" */
  game: string;
  /** the side's key in the scenario result (a, b, player...) */
  side: string;
  /** where a side has several players with forces of their own: whose force this is, by his name */
  player?: string;
  points: number;
  budget: number;
  /** points left to spend; negative when the force is over its budget */
  left: number;
  /** where over: the games the force would fit, as the player types them (`--scenario probing-the-enemy-lines`) */
  elsewhere?: readonly string[];
}

export function fitOf(game: string, side: string, points: number, budget: number, elsewhere?: readonly string[]): BudgetFit {
  const left = budget - points;
  return { game, side, points, budget, left, ...(left < 0 && elsewhere ? { elsewhere } : {}) };
}

export function isOver(fit: BudgetFit): boolean {
  return fit.left < 0;
}

/** The fit in a player's words, for a packet's first page and roster: "149 of 50 points: 99 over the game's budget". */
export function budgetWords(fit: BudgetFit): string {
  if (fit.left < 0) return `${fit.points} of ${fit.budget} points: ${-fit.left} over the game's budget`;
  if (fit.left === 0) return `${fit.points} of ${fit.budget} points: the whole budget spent`;
  return `${fit.points} of ${fit.budget} points: ${fit.left} left to spend`;
}

/**
 * The warning (stderr) or refusal (--strict) for a force over its game's budget: both
 * figures and what to do: drop points, or a game it fits where the rule set named some.
 */
export function overBudgetMessage(file: string, fit: BudgetFit): string {
  const alternatives = fit.elsewhere ?? [];
  const fits = alternatives.length > 0 ? `, or play a game it fits (${alternatives.join(', ')})` : '';
  return `${file}: the force costs ${fit.points} points, over the ${fit.budget}-point budget of ${fit.game}: drop ${-fit.left} points${fits}`;
}
