import type { SummaryRow } from '@shop/core';
import type { Translate } from '@shop/texts';

/** The price summary rows in the core's order and wording (a deduction's amount carries its minus sign). */
export function Summary({ rows, t }: { rows: SummaryRow[]; t: Translate }) {
  if (rows.length === 0) return null;
  return (
    <dl className="smc-summary">
      {rows.map((row, index) => (
        <div key={`${row.label}-${index}`} className={`smc-summary__row smc-summary__row--${row.label}`}>
          <dt>{t(`summary.${row.label}`, { code: row.detail ?? '' })}</dt>
          <dd>
            {row.amount}
            {row.label === 'total' && <span className="smc-summary__vat">{t('price.vat')}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
