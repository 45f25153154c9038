/**
 * The suggestions popup: a `listbox` with two labelled groups, search terms and products
 * (WAI-ARIA APG "grouped listbox"). Options are never focused: the combobox input keeps focus
 * and points at the active option with `aria-activedescendant`; the active one is
 * `aria-selected`. A term option is named by its whole term (`aria-label`): the highlighted
 * match splits it into three text pieces, which some screen readers would read apart. A pointer
 * press anywhere in the panel (an option, a group label, the scroll bar) keeps focus in the
 * input (`mousedown` default prevented), so the popup stays open; a click on an option chooses it.
 */
import type { CSSProperties, MouseEvent } from 'react';
import type { ProductSuggestion, Suggestions, TermSuggestion } from '@shop/core';
import type { Translate } from '@shop/texts';

export interface SuggestionsListboxProps {
  id: string;
  suggestions: Suggestions;
  /** Index over terms then products; -1 for none. */
  activeIndex: number;
  optionId(index: number): string;
  onChooseTerm(term: TermSuggestion): void;
  onChooseProduct(product: ProductSuggestion): void;
  /** The panel's height limit in pixels, when measured. */
  maxHeightPx: number | undefined;
  hidden: boolean;
  t: Translate;
}

const keepFocusInInput = (event: MouseEvent) => event.preventDefault();

/** The term as the core split it: prefix, the match highlighted, suffix; the plain term without a match. */
function TermText({ term }: { term: TermSuggestion }) {
  const { prefix, match, suffix } = term.parts;
  if (match === '') return <>{term.term}</>;
  return (
    <>
      {prefix}
      <mark className="shd-search__match">{match}</mark>
      {suffix}
    </>
  );
}

export function SuggestionsListbox({
  id,
  suggestions,
  activeIndex,
  optionId,
  onChooseTerm,
  onChooseProduct,
  maxHeightPx,
  hidden,
  t,
}: SuggestionsListboxProps) {
  const { terms, products } = suggestions;
  const style =
    maxHeightPx === undefined ? undefined : ({ '--shd-search-panel-max-height': `${maxHeightPx}px` } as CSSProperties);
  const optionClass = (index: number) =>
    index === activeIndex ? 'shd-search__option shd-search__option--active' : 'shd-search__option';

  return (
    <div
      id={id}
      role="listbox"
      aria-label={t('search.suggestions')}
      className="shd-search__panel"
      hidden={hidden}
      style={style}
      onMouseDown={keepFocusInInput}
    >
      {terms.length > 0 && (
        <ul role="group" aria-labelledby={`${id}-terms`} className="shd-search__group">
          <li role="presentation" id={`${id}-terms`} className="shd-search__group-label">
            {t('search.terms')}
          </li>
          {terms.map((term, index) => (
            <li
              key={`${index}-${term.term}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              aria-label={term.term}
              className={optionClass(index)}
              onClick={() => onChooseTerm(term)}
            >
              <TermText term={term} />
            </li>
          ))}
        </ul>
      )}
      {products.length > 0 && (
        <ul role="group" aria-labelledby={`${id}-products`} className="shd-search__group">
          <li role="presentation" id={`${id}-products`} className="shd-search__group-label">
            {t('search.products')}
          </li>
          {products.map((product, position) => {
            const index = terms.length + position;
            return (
              <li
                key={`${position}-${product.id}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                className={`${optionClass(index)} shd-search__product`}
                  onClick={() => onChooseProduct(product)}
              >
                <span className="shd-search__thumb" aria-hidden="true">
                  {product.thumbnail !== undefined && (
                    <img src={product.thumbnail} alt="" width={48} height={48} loading="lazy" />
                  )}
                </span>
                <span className="shd-search__product-title">{product.title}</span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
