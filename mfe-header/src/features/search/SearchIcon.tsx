/** The search box's decorative icons in `currentColor` (the IconButton names the button). */
import glyphs from '../../shared/icons.json';

export const SearchIcon = () => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <path fillRule="evenodd" fill="currentColor" d={glyphs.search} />
  </svg>
);

/** The clear button's icon: a crossed circle, distinct from the close button's cross. */
export const ClearIcon = () => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <path
      fillRule="evenodd"
      fill="currentColor"
      d="M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zm-2.8 4.8-1.4 1.4 2.8 2.8-2.8 2.8 1.4 1.4 2.8-2.8 2.8 2.8 1.4-1.4-2.8-2.8 2.8-2.8-1.4-1.4-2.8 2.8z"
    />
  </svg>
);
