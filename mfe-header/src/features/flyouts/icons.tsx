/**
 * The icon bar's decorative icons: inline SVG in `currentColor` (every theme and forced-colours
 * mode colour them), hidden from assistive technology; the button or link around each one
 * carries the name. The search icon is the search box's own (`features/search`).
 */
import type { ReactNode } from 'react';

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
    <path
      fillRule="evenodd"
      fill="currentColor"
      d="M12 2a7 7 0 0 1 7 7c0 5.2-7 13-7 13S5 14.2 5 9a7 7 0 0 1 7-7zm0 2a5 5 0 0 0-5 5c0 3.2 3.4 8 5 10 1.6-2 5-6.8 5-10a5 5 0 0 0-5-5zm0 2.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5z"
    />
  </Svg>
);

/** A person (user menu). */
export const UserIcon = () => (
  <Svg>
    <path
      fillRule="evenodd"
      fill="currentColor"
      d="M12 3a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zm0 8c4.4 0 8 2.5 8 6v2H4v-2c0-3.5 3.6-6 8-6zm0 2c-3.2 0-5.7 1.6-6 4h12c-.3-2.4-2.8-4-6-4z"
    />
  </Svg>
);

/** A shopping bag (cart). */
export const CartIcon = () => (
  <Svg>
    <path
      fillRule="evenodd"
      fill="currentColor"
      d="M12 2a4 4 0 0 1 4 4v1h3.9l1 15H3.1l1-15H8V6a4 4 0 0 1 4-4zm-4 7H6l-.7 11h13.4L18 9h-2v2h-2V9h-4v2H8zm4-5a2 2 0 0 0-2 2v1h4V6a2 2 0 0 0-2-2z"
    />
  </Svg>
);

/** A small downward chevron (the cart preview's disclosure button). */
export const ChevronDownIcon = () => (
  <Svg>
    <path fillRule="evenodd" fill="currentColor" d="M12 15.6 5.3 8.9l1.4-1.4 5.3 5.3 5.3-5.3 1.4 1.4z" />
  </Svg>
);
