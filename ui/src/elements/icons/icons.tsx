/**
 * The elements' decorative icons: inline SVG in `currentColor` (so every theme and forced-colours
 * mode colour them), hidden from assistive technology. Internal: not exported from `@shop/ui`.
 */
import type { ReactNode } from 'react';

function Svg({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export const CloseIcon = () => (
  <Svg>
    <path
      fillRule="evenodd"
      fill="currentColor"
      d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4z"
    />
  </Svg>
);

export const ChevronIcon = ({ className }: { className?: string }) => (
  <Svg className={className}>
    <path fillRule="evenodd" fill="currentColor" d="M12 15.6 5.3 8.9l1.4-1.4 5.3 5.3 5.3-5.3 1.4 1.4z" />
  </Svg>
);

export const InfoIcon = () => (
  <Svg>
    <path
      fillRule="evenodd"
      fill="currentColor"
      d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm-1 6v7h2v-7zm0-3v2h2V7z"
    />
  </Svg>
);

export const SuccessIcon = () => (
  <Svg>
    <path
      fillRule="evenodd"
      fill="currentColor"
      d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm3.6 4.6L10.5 13.7l-2.1-2.1L7 13l3.5 3.5 6.5-6.5z"
    />
  </Svg>
);

export const ErrorIcon = () => (
  <Svg>
    <path
      fillRule="evenodd"
      fill="currentColor"
      d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm-1 3v7h2V7zm0 8v2h2v-2z"
    />
  </Svg>
);

export const WarningIcon = () => (
  <Svg>
    <path fillRule="evenodd" fill="currentColor" d="M12 2 1 21h22zm0 4.2L19.5 19h-15zM11 10v5h2v-5zm0 6v2h2v-2z" />
  </Svg>
);

/** A five-pointed star. */
export const StarIcon = () => (
  <Svg>
    <path fillRule="evenodd" fill="currentColor" d="m12 2 2.9 6.9 7.1.6-5.4 4.7 1.6 7.3L12 17.8l-6.2 3.7 1.6-7.3L2 9.5l7.1-.6z" />
  </Svg>
);

/** The outline of the same star. */
export const StarOutlineIcon = () => (
  <Svg>
    <path
      fillRule="evenodd"
      fill="currentColor"
      d="m12 2 2.9 6.9 7.1.6-5.4 4.7 1.6 7.3L12 17.8l-6.2 3.7 1.6-7.3L2 9.5l7.1-.6zm0 5.1-1.6 3.8-4 .3 3 2.7-.9 4 3.5-2.1 3.5 2.1-.9-4 3-2.7-4-.3z"
    />
  </Svg>
);
