import type { Placement, Point } from '../../../application/web/ports/graph-layout.ts';
import { html, type SafeHtml } from '../html.ts';

/** What one box of the drawing says: its name (bold) and a second line (its kind, its status). */
export interface DrawnNode {
  readonly id: string;
  readonly detail: string;
  /** A class for its colours (a step's status), none for plain. */
  readonly tone?: string | undefined;
}

/** What the drawing is of, for its `<title>` and `<desc>`. */
export interface DrawingText {
  readonly title: string;
  readonly description: string;
}

const ID_FONT = 8.4;
const DETAIL_FONT = 7.2;
const LABEL_FONT = 6.8;
export const NODE_HEIGHT = 48;
export const LABEL_HEIGHT = 18;
/** Longest edge label drawn; the text list beside the drawing gives it whole. */
const LABEL_CHARS = 32;

/** The width of a node's box, from its text (a generous estimate, so no text overflows its box). */
export function nodeWidth(node: DrawnNode): number {
  return Math.ceil(Math.max(96, node.id.length * ID_FONT, node.detail.length * DETAIL_FONT) + 24);
}

export const shortLabel = (text: string) =>
  text.length > LABEL_CHARS ? `${text.slice(0, LABEL_CHARS - 1)}…` : text;

export const labelWidth = (text: string) => Math.ceil(shortLabel(text).length * LABEL_FONT + 10);

const round = (value: number) => Math.round(value * 10) / 10;
const pathOf = (points: readonly Point[]) =>
  points.map((point, index) => `${index === 0 ? 'M' : 'L'}${round(point.x)} ${round(point.y)}`).join(' ');

/**
 * The graph as an SVG image: boxes where the layout put them, edges as arrows along their routes with
 * their labels. It is one image to assistive technology (`role="img"`, its `<title>` and `<desc>`); the
 * page gives the same graph as text beside it. Colours come from the stylesheet (the CSP allows no inline
 * style); every text is escaped.
 */
export function graphSvg(
  placement: Placement,
  nodes: readonly DrawnNode[],
  labels: readonly (string | undefined)[],
  text: DrawingText,
): SafeHtml {
  const { width, height } = placement;
  const edges = placement.links.map((link, index) => {
    const label = labels[index];
    return html`<path class="graph-edge" d="${pathOf(link.points)}" marker-end="url(#graph-arrow)"/>${
      label &&
      link.label &&
      html`<rect class="graph-label" x="${round(link.label.x)}" y="${round(link.label.y)}" width="${labelWidth(label)}" height="${LABEL_HEIGHT}" rx="3"/><text class="graph-label" x="${round(link.label.x + 5)}" y="${round(link.label.y + 13)}">${shortLabel(label)}</text>`
    }\n`;
  });
  const boxes = placement.boxes.map((box, index) => {
    const node = nodes[index] as DrawnNode;
    return html`<g class="graph-node${node.tone ? ` ${node.tone}` : ''}" transform="translate(${round(box.x)} ${round(box.y)})"><rect width="${box.width}" height="${box.height}" rx="6"/><text class="graph-id" x="12" y="20">${node.id}</text><text class="graph-detail" x="12" y="38">${node.detail}</text></g>\n`;
  });
  return html`<svg class="graph" xmlns="http://www.w3.org/2000/svg" role="img" aria-labelledby="graph-title graph-desc" viewBox="0 0 ${Math.ceil(width)} ${Math.ceil(height)}" width="${Math.ceil(width)}" height="${Math.ceil(height)}">
<title id="graph-title">${text.title}</title>
<desc id="graph-desc">${text.description}</desc>
<defs><marker id="graph-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto"><path d="M0 0L10 5L0 10z"/></marker></defs>
${edges}${boxes}</svg>`;
}
