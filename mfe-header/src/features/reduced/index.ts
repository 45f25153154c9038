/** The checkout's reduced header: logo, back button, secure-purchase hint (header spec section 2). */
export { ReducedHeader, goBack, type ReducedHeaderProps } from './ReducedHeader';
