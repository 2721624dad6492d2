import { carriesHouse, carriesReading, READING_FOOTNOTE, READING_MARK, runsText, type BookletNode, type DocumentNode } from '../doc/model.js';

/** The document as Markdown: the same sheets and tables, for a wiki, a forum post or a diff. */
export function renderMarkdown(doc: DocumentNode): string {
  const out: string[] = [`# ${doc.meta.title}`, ''];
  out.push(metaLine(doc.meta), '');
  for (const sheet of doc.sheets) {
    out.push(`## ${sheet.title}`, '');
    for (const block of sheet.blocks) {
      out.push(`### ${block.title}`, '', `*§ ${block.section}*`, '');
      if (block.kind === 'text') {
        for (const p of block.paragraphs) out.push(p, '');
        continue;
      }
      if (block.kind === 'link') {
        out.push(block.caption, '', `<${block.url}>`, '');
        continue;
      }
      out.push(`| ${block.columns.map((c) => escapeCell(c.label)).join(' | ')} |`);
      out.push(`| ${block.columns.map((c) => (c.align === 'right' ? '---:' : c.align === 'center' ? ':---:' : '---')).join(' | ')} |`);
      for (const row of block.rows) out.push(`| ${row.map((cell) => escapeCell(runsText(cell).trim())).join(' | ')} |`);
      out.push('');
      if (block.summary) out.push(`_${block.summary}_`, '');
      if (block.note) out.push(`Reading${READING_MARK}: ${block.note}`, '');
    }
  }
  for (const deck of doc.decks ?? []) {
    out.push(`## Cards: ${deck.title}`, '');
    for (const card of deck.cards) {
      const f = card.front;
      out.push(`### ${f.title}`, '', `${f.subtitle}${f.badge ? ` · ${f.badge.label}` : ''}`, '');
      out.push(f.stats.map((s) => `**${s.label}** ${s.value}`).join(' · '), '');
      for (const line of f.lines) out.push(`- ${line.label}: ${line.text}`);
      if (f.lines.length > 0) out.push('');
      for (const rule of f.rules) out.push(`_${rule.text}_`, '');
      // a card for several models: a box for each, ticked when it is lost
      if (f.tally) out.push(`Models: ${f.tally.map((caption) => `[ ] ${caption}`).join(' · ')}`, '');
      out.push(`${f.footer.left} · \`${f.footer.right}\``, '');
    }
  }
  // each mark's footnote, once, where the document shows the mark
  const text = out.join('\n');
  const notes = [carriesReading(text) ? READING_FOOTNOTE : undefined, doc.meta.words.houseNote !== undefined && carriesHouse(text) ? doc.meta.words.houseNote : undefined].filter((n) => n !== undefined);
  return notes.length > 0 ? `${text}\n${notes.join('\n')}\n` : text;
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function metaLine(meta: DocumentNode['meta']): string {
  return `${meta.systemName} · ${meta.rulesVersion}${meta.house?.length ? ` · with house rules: ${meta.house.join(', ')}` : ''} · muster ${meta.toolVersion}${meta.seed ? ` · seed ${meta.seed}` : ''}`;
}

/** A booklet as Markdown: its cover and contents, then every part whole, as built on its own. */
export function renderBookletMarkdown(booklet: BookletNode): string {
  const cover = [`# ${booklet.meta.title}`, '', metaLine(booklet.meta), '', ...booklet.cover.paragraphs.flatMap((p) => [p, '']), '## Contents', ''];
  cover.push(...booklet.parts.map((part, i) => `${i + 1}. ${part.label}`), '');
  return [cover.join('\n'), ...booklet.parts.map((part) => renderMarkdown(part.doc))].join('\n\n---\n\n');
}
