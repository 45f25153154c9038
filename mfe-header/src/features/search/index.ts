/** The header's search feature: the search box with suggestions and its suggestions hook. */
export { SearchBox, type SearchBoxProps, type SearchRoute } from './SearchBox';
export { useSuggestions, type SuggestionsState, type SuggestionsStatus } from './useSuggestions';
