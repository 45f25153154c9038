/**
 * The design tokens the design system names (newsletter spec section 9): the twelve themes and
 * the four aspect ratios. Their values live in `tokens.css` as CSS custom properties; the
 * breakpoints come from the core (`breakpoints()`), which owns them for every layout rule.
 */

/** The twelve colour themes, in the spec's order. */
export const THEMES = [
  'light',
  'dark',
  'coffee-light',
  'coffee-dark',
  'sustainability',
  'coral-light',
  'beige',
  'grey',
  'green-light',
  'blue-light',
  'blue-dark',
  'brown-light',
] as const;

export type Theme = (typeof THEMES)[number];

/** Themes with light text on a dark surface. */
export const DARK_THEMES: readonly Theme[] = ['dark', 'coffee-dark', 'blue-dark'];

/** The aspect ratios media may take: width / height, as CSS writes them. */
export const ASPECT_RATIOS = ['16/9', '4/3', '3/2', '1/1'] as const;

export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** The class an element with an aspect ratio carries (`sui-ratio-16-9`, ...). */
export function aspectRatioClass(ratio: AspectRatio): string {
  return `sui-ratio-${ratio.replace('/', '-')}`;
}

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}
