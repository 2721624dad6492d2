import type { PlacedDocument, PlacedPage } from '../layout/primitives.js';
import type { Surface } from './surface.js';

/** The one place primitives become drawing calls. */
export function renderDocument(doc: PlacedDocument, surface: Surface): void {
  renderPages(doc.pages, surface);
}

export function renderPages(pages: readonly PlacedPage[], surface: Surface): void {
  for (const page of pages) {
    surface.beginPage(page.width, page.height, page.trim);
    for (const item of page.items) {
      switch (item.kind) {
        case 'text':
          surface.text(item.text, item.x, item.y, item.face, item.size, item.color, item.rotate, item.font);
          break;
        case 'rect':
          surface.rect(item.x, item.y, item.w, item.h, { fill: item.fill, stroke: item.stroke, lineWidth: item.lineWidth });
          break;
        case 'line':
          surface.line(item.x1, item.y1, item.x2, item.y2, item.color, item.lineWidth);
          break;
        case 'icon':
          surface.icon(item.name, item.x, item.y, item.size, item.color);
          break;
        case 'circle':
          surface.circle(item.cx, item.cy, item.r, { fill: item.fill, stroke: item.stroke, lineWidth: item.lineWidth, dash: item.dash });
          break;
        case 'polygon':
          surface.polygon(item.points, { fill: item.fill, stroke: item.stroke, lineWidth: item.lineWidth, dash: item.dash });
          break;
        case 'polyline':
          surface.polyline(item.points, item.color, item.lineWidth, item.dash);
          break;
      }
    }
  }
}
