// The floor as a whole process: node loads pdfkit and draws `count` cards and backs into
// `file` (node bench/floor-process.js COUNT FILE), for comparison with `muster cards bof` run
// from the shell.
import { floorCards } from './floor-cards.js';

await floorCards(Number(process.argv[2]), process.argv[3]);
