/**
 * The footer's decorative glyphs: every footer icon and every site flag draws a hidden SVG of its
 * own, and a value outside the unions (malformed input) draws nothing.
 */
import { render } from '@testing-library/react';
import type { FooterIcon, Site } from '@shop/core';
import { FooterIconGlyph, SiteFlag } from '../src/icons/icons';

// A Record, so the type check fails here too when the union grows.
const ALL_ICONS = Object.keys({
  android: 1,
  appleinc: 1,
  branch_store: 1,
  click_collect: 1,
  contact: 1,
  delivery_via_haulage_company: 1,
  easy_pay: 1,
  facebook: 1,
  free_shipping: 1,
  instagram: 1,
  linkedin: 1,
  pinterest: 1,
  return_shipping: 1,
  service_info: 1,
  twitter: 1,
  xing: 1,
  youtube: 1,
  loyalty_card: 1,
  near_you: 1,
  return_30_days: 1,
} satisfies Record<FooterIcon, 1>) as FooterIcon[];

const ALL_SITES = Object.keys({
  DE: 1,
  AT: 1,
  CH: 1,
  CH_FR: 1,
  PL: 1,
  CZ: 1,
  HU: 1,
  SK: 1,
  TR: 1,
} satisfies Record<Site, 1>) as Site[];

const SHAPES = 'path, circle, rect, polygon, ellipse';

function markupOfIcon(icon: FooterIcon) {
  return render(<FooterIconGlyph icon={icon} />).container.innerHTML;
}

function markupOfFlag(site: Site) {
  return render(<SiteFlag site={site} />).container.innerHTML;
}

describe('FooterIconGlyph', () => {
  it('knows all 20 icons', () => {
    expect(ALL_ICONS).toHaveLength(20);
  });

  it.each(ALL_ICONS)('%s: a hidden, unfocusable 24×24 SVG with at least one shape', (icon) => {
    const { container } = render(<FooterIconGlyph icon={icon} />);
    const svg = container.querySelector('svg');
    expect(svg).not.toBeNull();
    expect(container.children).toHaveLength(1);
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('focusable', 'false');
    expect(svg).toHaveAttribute('viewBox', '0 0 24 24');
    expect(svg).toHaveAttribute('width', '24');
    expect(svg).toHaveAttribute('height', '24');
    expect(svg!.querySelectorAll('path, circle, rect, polygon').length).toBeGreaterThan(0);
    // Single colour: every painted shape takes the text colour.
    for (const shape of Array.from(svg!.querySelectorAll(SHAPES))) {
      const paint = [shape, ...ancestorsWithin(shape, svg!)].flatMap((el) => [
        el.getAttribute('fill'),
        el.getAttribute('stroke'),
      ]);
      expect(paint).toContain('currentColor');
      expect(paint.filter((p) => p && p !== 'none' && p !== 'currentColor')).toEqual([]);
    }
  });

  it('no two icons look the same', () => {
    const markups = ALL_ICONS.map(markupOfIcon);
    expect(new Set(markups).size).toBe(ALL_ICONS.length);
  });

  it('passes the class name to the SVG', () => {
    const { container } = render(<FooterIconGlyph icon="contact" className="footer-icon" />);
    expect(container.querySelector('svg')).toHaveClass('footer-icon');
  });

  it.each(['unknown', '', 'constructor', 'toString', '__proto__'])('renders nothing for %j', (name) => {
    const { container } = render(<FooterIconGlyph icon={name as FooterIcon} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('SiteFlag', () => {
  it.each(ALL_SITES)('%s: a hidden, unfocusable 30×20 flag with an outline', (site) => {
    const { container } = render(<SiteFlag site={site} />);
    const svg = container.querySelector('svg');
    expect(svg).not.toBeNull();
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('focusable', 'false');
    expect(svg).toHaveAttribute('viewBox', '0 0 30 20');
    expect(svg).toHaveAttribute('width', '24');
    expect(svg).toHaveAttribute('height', '16');
    expect(svg!.querySelectorAll('path, circle, rect, polygon').length).toBeGreaterThan(1);
    // The last shape is the thin outline on top of the field.
    const outline = svg!.lastElementChild;
    expect(outline).toHaveAttribute('fill', 'none');
    expect(outline).toHaveAttribute('stroke', '#ccc');
  });

  it('both Swiss sites show the same flag; every other site its own', () => {
    expect(markupOfFlag('CH_FR')).toBe(markupOfFlag('CH'));
    const others = ALL_SITES.filter((site) => site !== 'CH_FR').map(markupOfFlag);
    expect(new Set(others).size).toBe(others.length);
  });

  it('draws the stripes in order', () => {
    const fills = (site: Site) =>
      Array.from(render(<SiteFlag site={site} />).container.querySelectorAll('rect[fill]:not([fill="none"])')).map(
        (rect) => rect.getAttribute('fill')!.toUpperCase(),
      );
    expect(fills('DE')).toEqual(['#000000', '#DD0000', '#FFCE00']);
    expect(fills('PL')[0]).toBe('#FFFFFF');
    expect(fills('SK')[0]).toBe('#FFFFFF');
  });

  it('passes the class name to the SVG', () => {
    const { container } = render(<SiteFlag site="DE" className="flag" />);
    expect(container.querySelector('svg')).toHaveClass('flag');
  });

  it.each(['XX', '', 'de', 'constructor', 'hasOwnProperty'])('renders nothing for %j', (site) => {
    const { container } = render(<SiteFlag site={site as Site} />);
    expect(container).toBeEmptyDOMElement();
  });
});

function ancestorsWithin(el: Element, root: Element): Element[] {
  const out: Element[] = [];
  for (let parent = el.parentElement; parent && parent !== root; parent = parent.parentElement) out.push(parent);
  return out;
}
