// The floor for card rendering: plain pdfkit drawing cards of similar content (a title bar,
// stat boxes, a few lines of text, a border, a few vector icons) with the same font, with no
// layout engine in between, and a sheet of backs after each sheet of fronts (a coloured field,
// a frame, a big icon, two centred lines) as muster prints them. muster's time per card is
// compared with this.
import PDFDocument from 'pdfkit';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const regular = require.resolve('@expo-google-fonts/roboto-condensed/400Regular/RobotoCondensed_400Regular.ttf');
const bold = require.resolve('@expo-google-fonts/roboto-condensed/700Bold/RobotoCondensed_700Bold.ttf');
const MM = 72 / 25.4;
const ICON = 'M12 1.5 L21 4.8 V11 C21 16.6 17.4 20.8 12 22.5 C6.6 20.8 3 16.6 3 11 V4.8 Z';

/** Draws `count` cards and backs and writes the PDF to `file`, as muster writes its own. */
export function floorCards(count, file) {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ autoFirstPage: false, info: { CreationDate: new Date(0) } });
    doc.registerFont('regular', regular);
    doc.registerFont('bold', bold);
    const chunks = [];
    doc.on('data', (c) => chunks.push(c));
    doc.on('end', () => {
      writeFileSync(file, Buffer.concat(chunks));
      resolve();
    });
    const backs = (first) => {
      doc.addPage({ size: 'A4', margin: 0 });
      for (let i = first; i < Math.min(first + 9, count); i++) {
        const x = 10 * MM + (2 - (i % 3)) * 63 * MM;
        const y = 15 * MM + (Math.floor(i / 3) % 3) * 88 * MM;
        doc.rect(x, y, 63 * MM, 88 * MM).fill('#4f5b62');
        doc.rect(x + 8, y + 8, 63 * MM - 16, 88 * MM - 16).lineWidth(0.8).stroke('#ffffff');
        doc.save().translate(x + 45, y + 75).scale(75 / 24).path(ICON).fill('#ffffff').restore();
        const title = 'BURST OF FIRE';
        doc.font('bold').fontSize(13).fillColor('#ffffff').text(title, x + (63 * MM - doc.widthOfString(title)) / 2, y + 30, { lineBreak: false });
        const sub = `Germany · unit ${i}`;
        doc.font('regular').fontSize(9).text(sub, x + (63 * MM - doc.widthOfString(sub)) / 2, y + 190, { lineBreak: false });
      }
    };
    for (let i = 0; i < count; i++) {
      if (i % 9 === 0) {
        if (i > 0) backs(i - 9);
        doc.addPage({ size: 'A4', margin: 0 });
      }
      const x = 10 * MM + (i % 3) * 63 * MM;
      const y = 15 * MM + (Math.floor(i / 3) % 3) * 88 * MM;
      doc.rect(x, y, 63 * MM, 15 * MM).fill('#4f5b62');
      doc.rect(x + 4, y + 4, 63 * MM - 8, 88 * MM - 8).lineWidth(0.6).stroke('#4f5b62');
      doc.font('bold').fontSize(12).fillColor('#ffffff').text(`Unit number ${i}`, x + 8, y + 6, { lineBreak: false });
      doc.font('regular').fontSize(7).text('Germany · medium tank', x + 8, y + 26, { lineBreak: false });
      for (let s = 0; s < 8; s++) {
        const sx = x + 8 + (s % 3) * 54;
        const sy = y + 48 + Math.floor(s / 3) * 24;
        doc.save().translate(sx, sy).scale(13 / 24).path(ICON).fill('#4f5b62').restore();
        doc.font('bold').fontSize(11).fillColor('#1b1d1a').text(String(s + 3), sx + 16, sy, { lineBreak: false });
        doc.font('regular').fontSize(6).fillColor('#62675c').text('armour F/S/R/T', sx + 16, sy + 13, { lineBreak: false });
      }
      for (let l = 0; l < 4; l++) doc.font('regular').fontSize(8.5).fillColor('#1b1d1a').text(`Weapon line ${l}: attack 8 ×2, melee +1`, x + 8, y + 130 + l * 11, { lineBreak: false });
    }
    backs(Math.floor((count - 1) / 9) * 9);
    doc.end();
  });
}
