import type { SummaryRow } from '@shop/core';
import type { Translate } from '@shop/texts';

/** The price summary rows in the core's order; deductions carry a minus sign. */
export function Summary({ rows, t }: { rows: SummaryRow[]; t: Translate }) {
  if (rows.length === 0) return null;
  return (
    <dl className="smc-summary">
      {rows.map((row, index) => (
        <div key={`${row.label}-${index}`} className={`smc-summary__row smc-summary__row--${row.label}`}>
          <dt>{t(`summary.${row.label}`, { code: row.detail ?? '' })}</dt>
          <dd>
            {row.label === 'freeShipping' ? '' : `${row.deduction ? '−\u00a0' : ''}${row.amount}`}
            {row.label === 'total' && <span className="smc-summary__vat">{t('price.vat')}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
