/**
 * The footer's decorative glyphs: the link and service icons (inline SVG in `currentColor`, so
 * every theme and forced-colours mode colour them) and the country-site flags (in the flags' own
 * colours). All hidden from assistive technology: the caller writes the accessible text.
 *
 * Each table is a `Record` over the core's union, so a new icon or site fails the type check
 * until it is drawn here; a value outside the union (malformed input at run time) renders nothing.
 */
import type { ReactNode } from 'react';
import type { FooterIcon, Site } from '@shop/core';

/** Own keys only: `constructor`, `toString` and the like are not icons or sites. */
function lookup<K extends string>(table: Record<K, ReactNode>, key: string): ReactNode | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key as K] : undefined;
}

/** Outline glyphs: 1.8 wide round strokes in `currentColor`. */
function Outline({ children }: { children: ReactNode }) {
  return (
    <g fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
      {children}
    </g>
  );
}

/** Solid glyphs: `currentColor` fill, holes by the even-odd rule. */
function Solid({ d }: { d: string }) {
  return <path fillRule="evenodd" fill="currentColor" d={d} />;
}

/** A parcel (free shipping, return shipping): a box with a strip of tape. */
const parcel = (
  <>
    <rect x="2.5" y="10" width="13" height="11" rx="1" />
    <path d="M9 10v4.5" />
  </>
);

const ICONS: Record<FooterIcon, ReactNode> = {
  // The robot's head: a dome with two antennae and two eyes.
  android: (
    <>
      <Solid d="M3 19a9 9 0 0 1 18 0zm5.5-5.7a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4zm7 0a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4z" />
      <path fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round" d="M7.8 12.2 5.6 8.2M16.2 12.2l2.2-4" />
    </>
  ),
  // An apple with a bite on the right and a leaf on top.
  appleinc: (
    <Solid d="M12 8c-1-.6-2.2-1-3.4-1C6 7 4 9.2 4 12.5 4 16.5 6.6 21 9 21c1 0 1.8-.6 3-.6s2 .6 3 .6c1.8 0 3.6-2.6 4.5-5-1.8-.8-2.8-2.4-2.8-4.2 0-1.6.8-2.9 2.1-3.7C18 7.6 16.8 7 15.4 7c-1.2 0-2.4.4-3.4 1zm0-1.5c0-2 1.4-3.5 3.4-3.8 0 2-1.4 3.6-3.4 3.8z" />
  ),
  // A shop front: a scalloped awning over the walls and a door.
  branch_store: (
    <Outline>
      <path d="M3 4h18l1 5a2.5 2.5 0 0 1-5 0 2.5 2.5 0 0 1-5 0 2.5 2.5 0 0 1-5 0 2.5 2.5 0 0 1-5 0z" />
      <path d="M4 12v8h16v-8M10 20v-5h4v5" />
    </Outline>
  ),
  // A shopping bag with a check mark.
  click_collect: (
    <Outline>
      <path d="M5 8h14l-1 13H6zM9 8V6a3 3 0 0 1 6 0v2" />
      <path d="m9 14.5 2 2 4-4" />
    </Outline>
  ),
  // A speech bubble with three dots.
  contact: (
    <>
      <Outline>
        <path d="M4 5h16v11h-10l-4 4v-4H4z" />
      </Outline>
      <Solid d="M8 9.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2zm4 0a1 1 0 1 0 0 2 1 1 0 0 0 0-2zm4 0a1 1 0 1 0 0 2 1 1 0 0 0 0-2z" />
    </>
  ),
  // A lorry: the cargo box, the cab and two wheels.
  delivery_via_haulage_company: (
    <Outline>
      <path d="M4.5 17H2V6h12v11M8.5 17h7M19.5 17H21v-4l-3-4h-4" />
      <circle cx="6.5" cy="17" r="2" />
      <circle cx="17.5" cy="17" r="2" />
    </Outline>
  ),
  // A payment card with a tick.
  easy_pay: (
    <Outline>
      <rect x="2" y="5" width="20" height="14" rx="2" />
      <path d="M2 9h20M13 14.5l2 2 4-4" />
    </Outline>
  ),
  // A lower-case "f" cut out of a rounded square.
  facebook: (
    <Solid d="M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm8 18v-7h-2v-3h2V9a3 3 0 0 1 3-3h2v3h-1.5a.5.5 0 0 0-.5.5V11h2l-.5 3H16v7z" />
  ),
  // A camera outline: a rounded square, the lens and the viewfinder dot.
  instagram: (
    <>
      <Outline>
        <rect x="3" y="3" width="18" height="18" rx="5" />
        <circle cx="12" cy="12" r="4" />
      </Outline>
      <circle cx="17.2" cy="6.8" r="1.1" fill="currentColor" />
    </>
  ),
  // "in" cut out of a rounded square.
  linkedin: (
    <Solid d="M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm1 7v8h2.5v-8zm1.25-4a1.25 1.25 0 1 0 0 2.5 1.25 1.25 0 0 0 0-2.5zM10.5 10v8H13v-4c0-1.3 1.1-2 2.1-2 .9 0 1.4.6 1.4 1.7V18H19v-4.7c0-2.3-1.2-3.5-3.2-3.5-1.2 0-2.2.5-2.8 1.4V10z" />
  ),
  // A "p" in a circle, its stem reaching down to the rim.
  pinterest: (
    <Outline>
      <circle cx="12" cy="12" r="9" />
      <path d="M10 20V8h3a3 3 0 0 1 0 6h-3" />
    </Outline>
  ),
  // An "X": one broad bar falling to the right, one thin stroke rising.
  twitter: (
    <>
      <Solid d="M4 4h4.5L20 20h-4.5z" />
      <path fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round" d="M19.5 4 4.5 20" />
    </>
  ),
  // Two strokes: a small hook on the left, a long slanted one on the right.
  xing: <Solid d="M4 7.5h3.5l2 3.5-2.5 4.5H3.5L6 11zM15.5 3H19l-6 10.5 4 7.5h-3.5l-4-7.5z" />,
  // A play triangle cut out of a wide rounded rectangle.
  youtube: <Solid d="M5 5h14a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H5a3 3 0 0 1-3-3V8a3 3 0 0 1 3-3zm5 4v6l5-3z" />,
  // A parcel with a round "0" tag.
  free_shipping: (
    <>
      <Outline>{parcel}</Outline>
      <Solid d="M18 1.5a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9zm0 2.1a1.6 2.4 0 1 0 0 4.8 1.6 2.4 0 0 0 0-4.8zm0 1a.7 1.4 0 1 0 0 2.8.7 1.4 0 0 0 0-2.8z" />
    </>
  ),
  // A parcel under an arrow turning back to the left.
  return_shipping: (
    <Outline>
      {parcel}
      <path d="M21 12V7a3 3 0 0 0-3-3h-6M14 2l-2 2 2 2" />
    </Outline>
  ),
  // An "i" in a circle.
  service_info: (
    <>
      <Outline>
        <circle cx="12" cy="12" r="9" />
        <path d="M12 11v6" />
      </Outline>
      <circle cx="12" cy="7.6" r="1.2" fill="currentColor" />
    </>
  ),
  // A customer card: a star and two lines of text.
  loyalty_card: (
    <>
      <Outline>
        <rect x="2" y="5" width="20" height="14" rx="2" />
        <path d="M13 10.5h5M13 14h3" />
      </Outline>
      <polygon
        fill="currentColor"
        points="7,9 7.71,11.03 9.85,11.07 8.14,12.37 8.76,14.43 7,13.2 5.24,14.43 5.86,12.37 4.15,11.07 6.29,11.03"
      />
    </>
  ),
  // A map pin.
  near_you: (
    <Outline>
      <path d="M12 21s-7-6.5-7-12a7 7 0 0 1 14 0c0 5.5-7 12-7 12z" />
      <circle cx="12" cy="9" r="2.5" />
    </Outline>
  ),
  // A calendar page reading "30".
  return_30_days: (
    <>
      <Outline>
        <rect x="3" y="5" width="18" height="16" rx="2" />
        <path d="M8 3v4M16 3v4M3 10h18" />
      </Outline>
      <g fill="none" stroke="currentColor" strokeWidth={1.4} strokeLinecap="round">
        <path d="M7.2 13.5a1.8 1.5 0 1 1 1.8 1.5 1.8 1.8 0 1 1-1.8 1.8" />
        <ellipse cx="15" cy="15.8" rx="1.8" ry="2.8" />
      </g>
    </>
  ),
};

/** The footer icon `icon` (decorative); nothing for a name outside `FooterIcon`. */
export function FooterIconGlyph({ icon, className }: { icon: FooterIcon; className?: string }) {
  const glyph = lookup(ICONS, icon);
  if (glyph === undefined) return null;
  return (
    <svg className={className} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      {glyph}
    </svg>
  );
}

/** Horizontal stripes, top to bottom, each a third of the 30×20 canvas. */
function Tricolour({ colours }: { colours: [string, string, string] }) {
  return (
    <>
      {colours.map((fill, i) => (
        <rect key={i} x="0" y={(i * 20) / 3} width="30" height={20 / 3} fill={fill} />
      ))}
    </>
  );
}

/** Switzerland (both language sites): a white cross on red. */
const SWISS = (
  <>
    <rect width="30" height="20" fill="#DA291C" />
    <rect x="13.125" y="3.75" width="3.75" height="12.5" fill="#FFFFFF" />
    <rect x="8.75" y="8.125" width="12.5" height="3.75" fill="#FFFFFF" />
  </>
);

const FLAGS: Record<Site, ReactNode> = {
  DE: <Tricolour colours={['#000000', '#DD0000', '#FFCE00']} />,
  AT: <Tricolour colours={['#C8102E', '#FFFFFF', '#C8102E']} />,
  CH: SWISS,
  CH_FR: SWISS,
  PL: (
    <>
      <rect width="30" height="10" fill="#FFFFFF" />
      <rect y="10" width="30" height="10" fill="#DC143C" />
    </>
  ),
  CZ: (
    <>
      <rect width="30" height="10" fill="#FFFFFF" />
      <rect y="10" width="30" height="10" fill="#D7141A" />
      <polygon points="0,0 15,10 0,20" fill="#11457E" />
    </>
  ),
  HU: <Tricolour colours={['#CE2939', '#FFFFFF', '#477050']} />,
  SK: <Tricolour colours={['#FFFFFF', '#0B4EA2', '#EE1C25']} />,
  TR: (
    <>
      <rect width="30" height="20" fill="#E30A17" />
      <circle cx="10" cy="10" r="5" fill="#FFFFFF" />
      <circle cx="11.25" cy="10" r="4" fill="#E30A17" />
      <polygon
        fill="#FFFFFF"
        points="14.2,10 15.99,9.41 16,7.53 17.11,9.05 18.9,8.47 17.8,10 18.9,11.53 17.11,10.95 16,12.47 15.99,10.59"
      />
    </>
  ),
};

/** The flag of the country site `site` (decorative); nothing for a value outside `Site`. */
export function SiteFlag({ site, className }: { site: Site; className?: string }) {
  const flag = lookup(FLAGS, site);
  if (flag === undefined) return null;
  return (
    <svg className={className} viewBox="0 0 30 20" width="24" height="16" aria-hidden="true" focusable="false">
      {flag}
      {/* A thin outline keeps white stripes visible on a white background. */}
      <rect x="0.5" y="0.5" width="29" height="19" fill="none" stroke="#ccc" strokeWidth="1" />
    </svg>
  );
}
