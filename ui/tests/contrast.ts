/**
 * WCAG 2's relative luminance and contrast ratio, for the tests that hold colours to it: the
 * design system's tokens (`#rrggbb`) and the colours a browser computes (`rgb(...)`, as the
 * end-to-end suite reads them).
 */

/** The colour's red, green and blue (0-255) from `#rrggbb` or `rgb(...)` / `rgba(...)`. */
function channels(colour: string): number[] {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour);
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1].slice(i, i + 2), 16));
  const rgb = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)/i.exec(colour);
  if (rgb) return rgb.slice(1, 4).map(Number);
  throw new Error(`not a #rrggbb or rgb() colour: ${colour}`);
}

export function luminance(colour: string): number {
  const [r, g, b] = channels(colour)
    .map((channel) => channel / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}
