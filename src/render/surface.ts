import type { IconName } from '../vocab/icons.js';
import type { FallbackFont, FontFace } from '../layout/primitives.js';

/**
 * What a renderer draws on. The PDF surface turns calls into pdfkit operations; the recording
 * surface logs them, so tests compare drawing calls instead of PDF bytes.
 */
/** Where a page is cut, from its top left corner, in points. */
export interface TrimBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Surface {
  /** `trim`: where the page is cut, for a print shop; the rest of the page is its bleed */
  beginPage(width: number, height: number, trim?: TrimBox): void;
  /** `font`, where given, draws the text instead of the face: characters the face lacks */
  text(text: string, x: number, y: number, face: FontFace, size: number, color: string, rotate?: number, font?: FallbackFont): void;
  rect(x: number, y: number, w: number, h: number, paint: { fill?: string; stroke?: string; lineWidth?: number }): void;
  line(x1: number, y1: number, x2: number, y2: number, color: string, lineWidth: number): void;
  icon(name: IconName, x: number, y: number, size: number, color: string): void;
  circle(cx: number, cy: number, r: number, paint: { fill?: string; stroke?: string; lineWidth?: number; dash?: number }): void;
  polygon(points: readonly (readonly [number, number])[], paint: { fill?: string; stroke?: string; lineWidth?: number; dash?: number }): void;
  /** an open line, joined and ended round */
  polyline(points: readonly (readonly [number, number])[], color: string, lineWidth: number, dash?: number): void;
}

export type DrawCall =
  | { op: 'page'; width: number; height: number; trim?: TrimBox }
  | { op: 'text'; text: string; x: number; y: number; face: FontFace; size: number; color: string; rotate?: number; font?: FallbackFont }
  | { op: 'rect'; x: number; y: number; w: number; h: number; fill?: string; stroke?: string; lineWidth?: number }
  | { op: 'line'; x1: number; y1: number; x2: number; y2: number; color: string; lineWidth: number }
  | { op: 'icon'; name: IconName; x: number; y: number; size: number; color: string }
  | { op: 'circle'; cx: number; cy: number; r: number; fill?: string; stroke?: string; lineWidth?: number; dash?: number }
  | { op: 'polygon'; points: readonly (readonly [number, number])[]; fill?: string; stroke?: string; lineWidth?: number; dash?: number }
  | { op: 'polyline'; points: readonly (readonly [number, number])[]; color: string; lineWidth: number; dash?: number };

export class RecordingSurface implements Surface {
  readonly calls: DrawCall[] = [];
  beginPage(width: number, height: number, trim?: TrimBox): void {
    this.calls.push({ op: 'page', width, height, ...(trim ? { trim } : {}) });
  }
  text(text: string, x: number, y: number, face: FontFace, size: number, color: string, rotate?: number, font?: FallbackFont): void {
    this.calls.push({ op: 'text', text, x, y, face, size, color, ...(rotate ? { rotate } : {}), ...(font ? { font } : {}) });
  }
  rect(x: number, y: number, w: number, h: number, paint: { fill?: string; stroke?: string; lineWidth?: number }): void {
    this.calls.push({ op: 'rect', x, y, w, h, ...paint });
  }
  line(x1: number, y1: number, x2: number, y2: number, color: string, lineWidth: number): void {
    this.calls.push({ op: 'line', x1, y1, x2, y2, color, lineWidth });
  }
  icon(name: IconName, x: number, y: number, size: number, color: string): void {
    this.calls.push({ op: 'icon', name, x, y, size, color });
  }
  circle(cx: number, cy: number, r: number, paint: { fill?: string; stroke?: string; lineWidth?: number; dash?: number }): void {
    this.calls.push({ op: 'circle', cx, cy, r, ...paint });
  }
  polygon(points: readonly (readonly [number, number])[], paint: { fill?: string; stroke?: string; lineWidth?: number; dash?: number }): void {
    this.calls.push({ op: 'polygon', points, ...paint });
  }
  polyline(points: readonly (readonly [number, number])[], color: string, lineWidth: number, dash?: number): void {
    this.calls.push({ op: 'polyline', points, color, lineWidth, ...(dash ? { dash } : {}) });
  }

  /** One line per call, for golden files a reviewer can read. */
  toLog(): string {
    return this.calls
      .map((c) => {
        switch (c.op) {
          case 'page':
            return `page ${c.width}x${c.height}`;
          case 'text':
            return `  text ${c.x},${c.y}${c.rotate ? ` rotate ${c.rotate}` : ''} ${c.face}${c.font ? ` font ${c.font}` : ''} ${c.size} ${c.color} ${JSON.stringify(c.text)}`;
          case 'rect':
            return `  rect ${c.x},${c.y} ${c.w}x${c.h}${c.fill ? ` fill ${c.fill}` : ''}${c.stroke ? ` stroke ${c.stroke} ${c.lineWidth ?? 1}` : ''}`;
          case 'line':
            return `  line ${c.x1},${c.y1} -> ${c.x2},${c.y2} ${c.color} ${c.lineWidth}`;
          case 'icon':
            return `  icon ${c.name} ${c.x},${c.y} ${c.size} ${c.color}`;
          case 'circle':
            return `  circle ${c.cx},${c.cy} r${c.r}${c.fill ? ` fill ${c.fill}` : ''}${c.stroke ? ` stroke ${c.stroke} ${c.lineWidth ?? 1}` : ''}${c.dash ? ` dash ${c.dash}` : ''}`;
          case 'polygon':
            return `  polygon ${c.points.map((p) => p.join(',')).join(' ')}${c.fill ? ` fill ${c.fill}` : ''}${c.stroke ? ` stroke ${c.stroke} ${c.lineWidth ?? 1}` : ''}${c.dash ? ` dash ${c.dash}` : ''}`;
          case 'polyline':
            return `  polyline ${c.points.map((p) => p.join(',')).join(' ')} ${c.color} ${c.lineWidth}${c.dash ? ` dash ${c.dash}` : ''}`;
        }
      })
      .join('\n');
  }
}
