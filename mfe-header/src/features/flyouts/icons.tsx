/**
 * The icon bar's decorative icons: inline SVG in `currentColor` (every theme and forced-colours
 * mode colour them), hidden from assistive technology; the button or link around each one
 * carries the name. The search icon is the search box's own (`features/search`). The icon bar's
 * glyphs live in `shared/icons.json`, which the server's static header draws too, so the icons
 * do not change when the fragment takes over.
 */
import type { ReactNode } from 'react';
import glyphs from '../../shared/icons.json';

function Svg({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** A map pin (store finder). */
export const StoreIcon = () => (
  <Svg>
    <path fillRule="evenodd" fill="currentColor" d={glyphs.storeFinder} />
  </Svg>
);

/** A person (user menu). */
export const UserIcon = () => (
  <Svg>
    <path fillRule="evenodd" fill="currentColor" d={glyphs.userMenu} />
  </Svg>
);

/** A shopping bag (cart). */
export const CartIcon = () => (
  <Svg>
    <path fillRule="evenodd" fill="currentColor" d={glyphs.cart} />
  </Svg>
);

/** A small downward chevron (the cart preview's disclosure button). */
export const ChevronDownIcon = () => (
  <Svg>
    <path fillRule="evenodd" fill="currentColor" d={glyphs.cartPreview} />
  </Svg>
);
