import type { Rng } from '../../src/engine/dice.js';

/** An Rng that yields chosen faces of a D6 in order, to steer a roll in a test. */
export function facesRng(faces: readonly number[], sides = 6): Rng {
  let i = 0;
  return {
    next() {
      if (i >= faces.length) throw new Error(`facesRng ran out after ${faces.length} faces`);
      const face = faces[i++]!;
      return (face - 1 + 0.5) / sides;
    },
  };
}
