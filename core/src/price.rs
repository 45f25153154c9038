//! Price display (header spec section 9 "Price display", section 4 mini cart summary).
//!
//! Money is integer minor units (cents). The whole part is the value divided by 100, the
//! decimal part the remainder; sites without decimals (CZ, HU) show the whole part only.

use crate::json::Json;

use crate::site::{Currency, Site};

/// Minor units per major unit on every site.
pub const MINOR_UNITS: i64 = 100;
/// Separates groups and the symbol: a no-break space, so a price never wraps inside itself.
pub const NO_BREAK_SPACE: char = '\u{a0}';
/// "The new price-summary layout flag is false for all sites."
pub const fn new_price_summary_layout(_site: Site) -> bool {
    false
}

/// How a site writes numbers (header spec section 9, "Number formats per site").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NumberFormat {
    pub thousands: char,
    /// `None` when the site shows no decimals.
    pub decimal: Option<char>,
}

/// The number format of a site.
pub const fn number_format(site: Site) -> NumberFormat {
    match site {
        Site::De | Site::At | Site::Sk | Site::Tr => NumberFormat {
            thousands: '.',
            decimal: Some(','),
        },
        Site::Ch | Site::ChFr => NumberFormat {
            thousands: '\'',
            decimal: Some('.'),
        },
        Site::Pl => NumberFormat {
            thousands: NO_BREAK_SPACE,
            decimal: Some(','),
        },
        Site::Cz | Site::Hu => NumberFormat {
            thousands: NO_BREAK_SPACE,
            decimal: None,
        },
    }
}

/// The currency symbol shown on a site: every site but DE shows one.
pub const fn currency_symbol(site: Site) -> Option<&'static str> {
    if matches!(site, Site::De) {
        return None;
    }
    Some(match site.currency() {
        Currency::Eur => "€",
        Currency::Chf => "CHF",
        Currency::Czk => "Kč",
        Currency::Huf => "Ft",
        Currency::Pln => "zł",
        Currency::Try => "TL",
    })
}

/// Whether the symbol stands before the amount (`CHF 12.90`) or after it (`12,90 €`).
const fn symbol_first(site: Site) -> bool {
    matches!(site, Site::Ch | Site::ChFr)
}

/// The amount alone, in the site's number format: `1.234,56` (DE), `1'234.56` (CH),
/// `1 234,56` (PL), `1 234` (CZ, HU).
pub fn format_amount(cents: i64, site: Site) -> String {
    let format = number_format(site);
    let magnitude = cents.unsigned_abs();
    let minor = MINOR_UNITS.unsigned_abs();
    let whole = crate::decimal(magnitude / minor);
    let fraction = magnitude % minor;

    let mut out = String::with_capacity(whole.len() + 8);
    if cents < 0 && (magnitude >= minor || format.decimal.is_some()) {
        out.push('-');
    }
    push_grouped(&mut out, &whole, format.thousands);
    if let Some(decimal) = format.decimal {
        out.push(decimal);
        // Two digits: a hundred minor units to the major one.
        crate::json::write_zero_padded(&mut out, fraction, 2);
    }
    out
}

/// Appends the digits of a whole number in groups of three (`1234567` -> `1.234.567`).
fn push_grouped(out: &mut String, digits: &str, thousands: char) {
    let count = digits.len();
    for (position, digit) in digits.chars().enumerate() {
        if position > 0 && (count - position).is_multiple_of(3) {
            out.push(thousands);
        }
        out.push(digit);
    }
}

/// A count (loyalty beans, pieces) in the site's number format, grouped as its prices are:
/// `1.250` (DE, AT, SK, TR), `1'250` (CH, CH_FR), `1 250` with a no-break space (PL, CZ, HU).
pub fn format_count(count: u64, site: Site) -> String {
    let digits = crate::decimal(count);
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 * 2);
    push_grouped(&mut out, &digits, number_format(site).thousands);
    out
}

/// A number of tenths with at most one decimal, in the site's number format, the decimal left
/// out when it is 0: `45` -> `4,5` (DE, AT, PL, SK, TR), `4.5` (CH, CH_FR), `50` -> `5`. CZ and
/// HU, whose prices show no decimals, write their languages' decimal comma (`4,5`).
pub fn format_tenths(tenths: u64, site: Site) -> String {
    let mut out = format_count(tenths / 10, site);
    let tenth = tenths % 10;
    if tenth != 0 {
        out.push(number_format(site).decimal.unwrap_or(','));
        out.push_str(&crate::decimal(tenth));
    }
    out
}

/// A price as shoppers see it on a site: the amount with the currency symbol where the site
/// shows one (`12,99` on DE, `12,99 €` on AT, `CHF 12.99` on CH, `1 299 Kč` on CZ).
pub fn format_price(cents: i64, site: Site) -> String {
    let amount = format_amount(cents, site);
    match currency_symbol(site) {
        None => amount,
        Some(symbol) => {
            let (first, last) = if symbol_first(site) {
                (symbol, amount.as_str())
            } else {
                (amount.as_str(), symbol)
            };
            let mut price = String::with_capacity(first.len() + last.len() + 2);
            price.push_str(first);
            price.push(NO_BREAK_SPACE);
            price.push_str(last);
            price
        }
    }
}

/// A base price (`1 kg = 12,99`), as the cart service sends it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", default)]
pub struct BasePrice {
    pub label: String,
    pub price: i64,
}

/// The price of an article line (header spec section 3 "Article", `price`). Cents throughout.
#[derive(Clone, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", default)]
pub struct ArticlePrice {
    pub calculated_price: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub calculated_original_price: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub base_price: Option<BasePrice>,
    pub is_price_promotional: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub price_per_unit_before_rebates: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub best_price_amount: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub best_price_difference_percentage: Option<i64>,
}

/// One line of a price block, in display order.
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum PriceLine {
    /// The old price, struck through.
    #[serde(rename_all = "camelCase")]
    Previous { amount: String },
    /// The price to pay.
    #[serde(rename_all = "camelCase")]
    Current { amount: String, promotional: bool },
    /// "Lowest price of the last 30 days", with its difference and whether the info tooltip shows.
    #[serde(rename_all = "camelCase")]
    BestPrice {
        amount: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", tsify(optional))]
        difference_percentage: Option<i64>,
        tooltip: bool,
    },
    /// The price per unit of measure.
    #[serde(rename_all = "camelCase")]
    BasePrice { label: String, amount: String },
}

/// Whether the 30-day best price shows: it exists and either the price shows a reduction from
/// the old price and is not promotional, or the site is PL (always).
pub fn best_price_shown(price: &ArticlePrice, site: Site) -> bool {
    price.best_price_amount.is_some()
        && best_price_shown_when(price, site, reduction_shown(price, site))
}

/// [`best_price_shown`] for a price that has a best price, given whether its reduction shows.
fn best_price_shown_when(price: &ArticlePrice, site: Site, reduced: bool) -> bool {
    site == Site::Pl || (!price.is_price_promotional && reduced)
}

/// Whether the previous (old) price shows: only when the price is not promotional, and only
/// when it shows a reduction from the old price.
pub fn previous_price_shown(price: &ArticlePrice, site: Site) -> bool {
    previous_price_shown_when(price, reduction_shown(price, site))
}

/// [`previous_price_shown`] given whether the price's reduction shows.
fn previous_price_shown_when(price: &ArticlePrice, reduced: bool) -> bool {
    !price.is_price_promotional && reduced
}

/// Whether there is an old price above the current one that the site shows as a different
/// amount (CZ and HU show no decimals: 129,99 and 129,90 Kč would both read "129 Kč", a
/// struck-through price equal to the one that stands, and a best price for a reduction nobody
/// sees).
fn reduction_shown(price: &ArticlePrice, site: Site) -> bool {
    price.calculated_original_price.is_some_and(|old| {
        old > price.calculated_price
            && format_amount(old, site) != format_amount(price.calculated_price, site)
    })
}

/// The best-price tooltip is hidden on de-AT.
pub const fn best_price_tooltip_shown(site: Site) -> bool {
    !matches!(site, Site::At)
}

/// What an article's price block shows, in order: previous, current, best price, base price.
pub fn price_view(price: &ArticlePrice, site: Site) -> Vec<PriceLine> {
    let mut lines = Vec::with_capacity(4);
    // Whether the reduction shows is read once (it compares two formatted amounts).
    let reduced = reduction_shown(price, site);
    if let (true, Some(old)) = (
        previous_price_shown_when(price, reduced),
        price.calculated_original_price,
    ) {
        lines.push(PriceLine::Previous {
            amount: format_price(old, site),
        });
    }
    lines.push(PriceLine::Current {
        amount: format_price(price.calculated_price, site),
        promotional: price.is_price_promotional,
    });
    if let Some(best) = price
        .best_price_amount
        .filter(|_| best_price_shown_when(price, site, reduced))
    {
        lines.push(PriceLine::BestPrice {
            amount: format_price(best, site),
            difference_percentage: price.best_price_difference_percentage,
            tooltip: best_price_tooltip_shown(site),
        });
    }
    if let Some(base) = &price.base_price {
        lines.push(PriceLine::BasePrice {
            label: base.label.clone(),
            amount: format_price(base.price, site),
        });
    }
    lines
}

/// A voucher code and what it took off.
#[derive(Clone, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", default)]
pub struct WsacDiscount {
    pub wsac: String,
    pub discount: i64,
}

/// The cart's price summary (header spec section 3 "Cart", `priceSummary`). Cents.
#[derive(Clone, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", default)]
pub struct PriceSummary {
    pub cart_final_sum: i64,
    pub shipping_costs: i64,
    pub payment_on_delivery_costs: i64,
    pub total_redeemed_loyalty_beans: i64,
    pub total_redeemed_non_wsac_discounts: i64,
    pub redeemed_wsac_discounts: Vec<WsacDiscount>,
}

/// What a deduction's amount starts with in the price summary: a minus sign and a no-break space
/// (`− 3,00 €`), so the sign never stands alone at a line's end.
pub const DEDUCTION_SIGN: &str = "\u{2212}\u{a0}";

/// One row of the mini cart's price summary, in display order. `label` is a message key the
/// fragment translates; `detail` carries a voucher code where the row has one.
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct SummaryRow {
    pub label: SummaryLabel,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub detail: Option<String>,
    pub amount: String,
    /// A deduction: `amount` then starts with [`DEDUCTION_SIGN`].
    pub deduction: bool,
}

/// The kinds of summary row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum SummaryLabel {
    Voucher,
    Discounts,
    LoyaltyBeans,
    /// Shipping costs; `amount` is empty and the text "no shipping costs" shows when free.
    Shipping,
    FreeShipping,
    CashOnDelivery,
    /// The final sum, "incl. statutory VAT".
    Total,
}

/// The summary rows, in order: vouchers, other discounts, loyalty beans, shipping ("no
/// shipping costs" at 0), cash-on-delivery fee (only above 0), total.
///
/// The spec does not say which sign the service gives an amount taken off. A deduction row
/// (voucher, discounts, beans; shown when not 0) writes its amount's size after the
/// [`DEDUCTION_SIGN`], whichever sign it came with, so it never reads `− -1,00`. Shipping and
/// the total are written as they come, also below 0.
pub fn summary_view(summary: &PriceSummary, site: Site) -> Vec<SummaryRow> {
    let row = |label, detail: Option<String>, cents: i64, deduction: bool| SummaryRow {
        label,
        detail,
        amount: if deduction {
            [DEDUCTION_SIGN, &format_price(cents.saturating_abs(), site)].concat()
        } else {
            format_price(cents, site)
        },
        deduction,
    };
    let mut rows = Vec::new();
    for voucher in &summary.redeemed_wsac_discounts {
        rows.push(row(
            SummaryLabel::Voucher,
            Some(voucher.wsac.clone()),
            voucher.discount,
            true,
        ));
    }
    if summary.total_redeemed_non_wsac_discounts != 0 {
        rows.push(row(
            SummaryLabel::Discounts,
            None,
            summary.total_redeemed_non_wsac_discounts,
            true,
        ));
    }
    if summary.total_redeemed_loyalty_beans != 0 {
        rows.push(row(
            SummaryLabel::LoyaltyBeans,
            None,
            summary.total_redeemed_loyalty_beans,
            true,
        ));
    }
    if summary.shipping_costs == 0 {
        rows.push(SummaryRow {
            label: SummaryLabel::FreeShipping,
            detail: None,
            amount: String::new(),
            deduction: false,
        });
    } else {
        rows.push(row(
            SummaryLabel::Shipping,
            None,
            summary.shipping_costs,
            false,
        ));
    }
    if summary.payment_on_delivery_costs > 0 {
        rows.push(row(
            SummaryLabel::CashOnDelivery,
            None,
            summary.payment_on_delivery_costs,
            false,
        ));
    }
    rows.push(row(
        SummaryLabel::Total,
        None,
        summary.cart_final_sum,
        false,
    ));
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const NB: char = NO_BREAK_SPACE;

    #[test]
    fn formats_prices_on_every_site() {
        let table: [(Site, i64, String); 9] = [
            (Site::De, 123_456, "1.234,56".into()),
            (Site::At, 123_456, format!("1.234,56{NB}€")),
            (Site::Sk, 123_456, format!("1.234,56{NB}€")),
            (Site::Ch, 123_456, format!("CHF{NB}1'234.56")),
            (Site::ChFr, 123_456, format!("CHF{NB}1'234.56")),
            (Site::Pl, 123_456, format!("1{NB}234,56{NB}zł")),
            (Site::Tr, 123_456, format!("1.234,56{NB}TL")),
            (Site::Cz, 123_456, format!("1{NB}234{NB}Kč")),
            (Site::Hu, 123_456, format!("1{NB}234{NB}Ft")),
        ];
        for (site, cents, expected) in table {
            assert_eq!(format_price(cents, site), expected, "{site:?}");
        }
    }

    #[test]
    fn amounts_split_whole_and_remainder() {
        let table = [
            (Site::De, 0, "0,00"),
            (Site::De, 5, "0,05"),
            (Site::De, 99, "0,99"),
            (Site::De, 100, "1,00"),
            (Site::De, 1_999, "19,99"),
            (Site::De, 99_999, "999,99"),
            (Site::De, 100_000, "1.000,00"),
            (Site::De, 123_456_789, "1.234.567,89"),
            (Site::De, -1_999, "-19,99"),
            (Site::De, -5, "-0,05"),
            (Site::Ch, 100_000_000, "1'000'000.00"),
            (Site::Cz, 99, "0"),
            (Site::Cz, 12_999, "129"),
            (Site::Hu, -123_456, "-1\u{a0}234"),
            (Site::Hu, -99, "0"),
        ];
        for (site, cents, expected) in table {
            assert_eq!(format_amount(cents, site), expected, "{site:?} {cents}");
        }
        for (site, count, expected) in [
            (Site::De, 0, "0"),
            (Site::De, 999, "999"),
            (Site::De, 1_250, "1.250"),
            (Site::At, 12_500, "12.500"),
            (Site::Ch, 1_250, "1'250"),
            (Site::ChFr, 1_000_000, "1'000'000"),
            (Site::Pl, 1_250, "1\u{a0}250"),
            (Site::Cz, 1_250, "1\u{a0}250"),
            (Site::Hu, 100_000, "100\u{a0}000"),
            (Site::Sk, 1_250, "1.250"),
            (Site::Tr, 1_250, "1.250"),
        ] {
            assert_eq!(format_count(count, site), expected, "{site:?} {count}");
        }
        assert_eq!(
            format_count(u64::MAX, Site::De),
            "18.446.744.073.709.551.615"
        );
        for (site, four_and_a_half) in [
            (Site::De, "4,5"),
            (Site::At, "4,5"),
            (Site::Ch, "4.5"),
            (Site::ChFr, "4.5"),
            (Site::Pl, "4,5"),
            (Site::Cz, "4,5"),
            (Site::Hu, "4,5"),
            (Site::Sk, "4,5"),
            (Site::Tr, "4,5"),
        ] {
            assert_eq!(format_tenths(45, site), four_and_a_half, "{site:?}");
            assert_eq!(
                format_tenths(50, site),
                "5",
                "{site:?}: no decimal for a whole number"
            );
            assert_eq!(format_tenths(0, site), "0", "{site:?}");
            assert_eq!(
                format_tenths(3, site),
                ["0", &four_and_a_half[1..2], "3"].concat()
            );
        }
        assert_eq!(format_tenths(12_345, Site::De), "1.234,5");
        assert_eq!(format_tenths(12_345, Site::Ch), "1'234.5");
        assert_eq!(
            format_amount(i64::MIN, Site::De),
            "-92.233.720.368.547.758,08"
        );
        assert_eq!(format_amount(i64::MAX, Site::Pl).chars().last(), Some('7'));
    }

    /// Without decimals (CZ, HU) the sign goes with a whole part of at least one: a minus of a
    /// whole unit or more is shown, a minus of cents alone (shown as `0`) is not.
    #[test]
    fn negative_amounts_without_decimals_keep_the_sign_from_one_whole_unit() {
        for (site, cents, expected) in [
            (Site::Cz, -100, "-1"),
            (Site::Hu, -100, "-1"),
            (Site::Cz, -199, "-1"),
            (Site::Hu, -99, "0"),
            (Site::Cz, -1, "0"),
        ] {
            assert_eq!(format_amount(cents, site), expected, "{site:?} {cents}");
        }
    }

    #[test]
    fn currency_symbol_on_every_site_but_de() {
        for site in Site::ALL {
            assert_eq!(
                currency_symbol(site).is_none(),
                site == Site::De,
                "{site:?}"
            );
        }
    }

    fn price(current: i64, old: Option<i64>, promotional: bool, best: Option<i64>) -> ArticlePrice {
        ArticlePrice {
            calculated_price: current,
            calculated_original_price: old,
            is_price_promotional: promotional,
            best_price_amount: best,
            best_price_difference_percentage: best.map(|_| 10),
            ..ArticlePrice::default()
        }
    }

    #[test]
    fn best_price_rule_on_every_site() {
        // (price, shown on PL, shown elsewhere)
        let cases = [
            (price(900, Some(1000), false, Some(850)), true, true),
            (price(900, Some(1000), true, Some(850)), true, false),
            (price(1000, Some(1000), false, Some(850)), true, false),
            (price(900, None, false, Some(850)), true, false),
            (price(900, Some(1000), false, None), false, false),
        ];
        for (case, on_pl, elsewhere) in cases {
            for site in Site::ALL {
                let expected = if site == Site::Pl { on_pl } else { elsewhere };
                assert_eq!(best_price_shown(&case, site), expected, "{site:?} {case:?}");
            }
        }
    }

    #[test]
    fn previous_price_only_when_not_promotional() {
        for site in Site::ALL {
            assert!(previous_price_shown(
                &price(900, Some(1000), false, None),
                site
            ));
            assert!(!previous_price_shown(
                &price(900, Some(1000), true, None),
                site
            ));
            assert!(!previous_price_shown(&price(900, None, false, None), site));
            assert!(!previous_price_shown(
                &price(1000, Some(900), false, None),
                site
            ));
        }
        // CZ and HU show no decimals: an old price only cents above shows no struck-through
        // "129 Kč" beside the "129 Kč" that stands; on the other sites it shows.
        for site in Site::ALL {
            let shown = previous_price_shown(&price(12_990, Some(12_999), false, None), site);
            assert_eq!(shown, !matches!(site, Site::Cz | Site::Hu), "{site:?}");
        }
        assert!(previous_price_shown(
            &price(12_990, Some(13_000), false, None),
            Site::Cz
        ));
        // Nor a best price for that unseen reduction (PL shows it always).
        let unseen = price(12_990, Some(12_999), false, Some(12_000));
        assert!(!best_price_shown(&unseen, Site::Cz));
        assert!(!best_price_shown(&unseen, Site::Hu));
        assert!(best_price_shown(&unseen, Site::De));
        assert!(best_price_shown(&unseen, Site::Pl));
    }

    #[test]
    fn price_view_orders_lines_and_hides_the_tooltip_on_de_at() {
        let mut reduced = price(900, Some(1000), false, Some(850));
        reduced.base_price = Some(BasePrice {
            label: "1 kg".into(),
            price: 3600,
        });
        for site in Site::ALL {
            let lines = price_view(&reduced, site);
            let kinds: Vec<&str> = lines
                .iter()
                .map(|line| match line {
                    PriceLine::Previous { .. } => "previous",
                    PriceLine::Current { .. } => "current",
                    PriceLine::BestPrice { .. } => "best",
                    PriceLine::BasePrice { .. } => "base",
                })
                .collect();
            assert_eq!(kinds, ["previous", "current", "best", "base"], "{site:?}");
            let tooltip = lines.iter().find_map(|line| match line {
                PriceLine::BestPrice { tooltip, .. } => Some(*tooltip),
                _ => None,
            });
            assert_eq!(tooltip, Some(site != Site::At), "{site:?}");
        }
        let promotional = price(900, Some(1000), true, Some(850));
        assert_eq!(
            price_view(&promotional, Site::De),
            vec![PriceLine::Current {
                amount: "9,00".into(),
                promotional: true
            }]
        );
        assert_eq!(price_view(&promotional, Site::Pl).len(), 2);
    }

    /// Each line of the price block shows its own amount: the old price, the price to pay, the
    /// 30-day best price with its difference, the base price with its label.
    #[test]
    fn price_view_shows_each_line_with_its_own_amount() {
        let mut reduced = price(900, Some(1000), false, Some(850));
        reduced.base_price = Some(BasePrice {
            label: "1 kg".into(),
            price: 3600,
        });
        assert_eq!(
            price_view(&reduced, Site::At),
            vec![
                PriceLine::Previous {
                    amount: format!("10,00{NB}€")
                },
                PriceLine::Current {
                    amount: format!("9,00{NB}€"),
                    promotional: false
                },
                PriceLine::BestPrice {
                    amount: format!("8,50{NB}€"),
                    difference_percentage: Some(10),
                    tooltip: false
                },
                PriceLine::BasePrice {
                    label: "1 kg".into(),
                    amount: format!("36,00{NB}€")
                },
            ]
        );
    }

    #[test]
    fn summary_rows() {
        let summary = PriceSummary {
            cart_final_sum: 2_590,
            shipping_costs: 0,
            payment_on_delivery_costs: 0,
            total_redeemed_loyalty_beans: 100,
            total_redeemed_non_wsac_discounts: 0,
            redeemed_wsac_discounts: vec![WsacDiscount {
                wsac: "WELCOME10".into(),
                discount: 300,
            }],
        };
        let rows = summary_view(&summary, Site::De);
        let labels: Vec<SummaryLabel> = rows.iter().map(|row| row.label).collect();
        assert_eq!(
            labels,
            [
                SummaryLabel::Voucher,
                SummaryLabel::LoyaltyBeans,
                SummaryLabel::FreeShipping,
                SummaryLabel::Total
            ]
        );
        assert_eq!(rows[0].detail.as_deref(), Some("WELCOME10"));
        let discounted = PriceSummary {
            total_redeemed_non_wsac_discounts: 200,
            ..summary.clone()
        };
        let discounts = summary_view(&discounted, Site::De);
        let row = discounts
            .iter()
            .find(|r| r.label == SummaryLabel::Discounts);
        assert!(
            row.is_some_and(|r| r.deduction && r.amount == [DEDUCTION_SIGN, "2,00"].concat()),
            "{discounts:?}"
        );
        // Deductions carry their minus sign; the free shipping row has no amount.
        assert_eq!(rows[0].amount, "\u{2212}\u{a0}3,00");
        assert_eq!(rows[1].amount, "\u{2212}\u{a0}1,00");
        assert_eq!(rows[2].amount, "");
        assert_eq!(rows[3].amount, "25,90");

        let paid = PriceSummary {
            shipping_costs: 495,
            payment_on_delivery_costs: 600,
            ..summary.clone()
        };
        let rows = summary_view(&paid, Site::At);
        assert!(
            rows.iter()
                .any(|r| r.label == SummaryLabel::Shipping && r.amount == format!("4,95{NB}€"))
        );
        assert!(rows.iter().any(|r| r.label == SummaryLabel::CashOnDelivery));
        assert!(!rows.iter().any(|r| r.label == SummaryLabel::FreeShipping));
        assert!(
            Site::ALL
                .into_iter()
                .all(|site| !new_price_summary_layout(site))
        );
    }

    /// Amounts below 0, which the spec leaves open: a deduction shows its size after its one
    /// minus sign; shipping below 0 is a shipping row with the service's amount, not "no shipping
    /// costs"; a cash-on-delivery fee below 0 has no row.
    #[test]
    fn summary_rows_with_amounts_below_zero() {
        let summary = PriceSummary {
            cart_final_sum: -50,
            shipping_costs: -495,
            payment_on_delivery_costs: -600,
            total_redeemed_loyalty_beans: -100,
            total_redeemed_non_wsac_discounts: -200,
            redeemed_wsac_discounts: vec![WsacDiscount {
                wsac: "WELCOME10".into(),
                discount: i64::MIN,
            }],
        };
        let rows: Vec<(SummaryLabel, String)> = summary_view(&summary, Site::At)
            .into_iter()
            .map(|row| (row.label, row.amount))
            .collect();
        assert_eq!(
            rows,
            [
                (
                    SummaryLabel::Voucher,
                    [DEDUCTION_SIGN, &format_price(i64::MAX, Site::At)].concat()
                ),
                (
                    SummaryLabel::Discounts,
                    [DEDUCTION_SIGN, &format!("2,00{NB}€")].concat()
                ),
                (
                    SummaryLabel::LoyaltyBeans,
                    [DEDUCTION_SIGN, &format!("1,00{NB}€")].concat()
                ),
                (SummaryLabel::Shipping, format!("-4,95{NB}€")),
                (SummaryLabel::Total, format!("-0,50{NB}€")),
            ]
        );
    }

    #[test]
    fn prices_deserialise_leniently() {
        let parsed: ArticlePrice =
            crate::json::from_str(r#"{"calculatedPrice":1299,"isPricePromotional":true}"#).unwrap();
        assert_eq!(parsed.calculated_price, 1299);
        assert!(parsed.best_price_amount.is_none());
    }

    proptest! {
        #[test]
        fn formatting_is_total_and_keeps_every_digit(cents in any::<i64>()) {
            for site in Site::ALL {
                let formatted = format_price(cents, site);
                let digits: String = formatted.chars().filter(char::is_ascii_digit).collect();
                let whole = (cents.unsigned_abs() / 100).to_string();
                prop_assert!(digits.starts_with(&whole));
            }
        }

        #[test]
        fn tenths_keep_every_digit(tenths in any::<u64>()) {
            for site in Site::ALL {
                let formatted = format_tenths(tenths, site);
                let digits: String = formatted.chars().filter(char::is_ascii_digit).collect();
                let expected = if tenths % 10 == 0 { tenths / 10 } else { tenths }.to_string();
                prop_assert_eq!(digits, expected);
            }
        }

        #[test]
        fn counts_keep_every_digit_in_groups_of_three(count in any::<u64>()) {
            for site in Site::ALL {
                let formatted = format_count(count, site);
                let digits: String = formatted.chars().filter(char::is_ascii_digit).collect();
                prop_assert_eq!(digits, count.to_string());
                let separator = number_format(site).thousands;
                let groups: Vec<&str> = formatted.split(separator).collect();
                prop_assert!(groups.iter().skip(1).all(|group| group.len() == 3), "{}", formatted);
            }
        }

        #[test]
        fn views_are_total(current in any::<i64>(), old in any::<Option<i64>>(), best in any::<Option<i64>>(), promotional in any::<bool>()) {
            let p = ArticlePrice { calculated_price: current, calculated_original_price: old, best_price_amount: best, is_price_promotional: promotional, ..ArticlePrice::default() };
            for site in Site::ALL {
                let lines = price_view(&p, site);
                prop_assert!(!lines.is_empty());
                // The view shows the previous and the best price exactly when the rules say so.
                let previous = lines.iter().any(|line| matches!(line, PriceLine::Previous { .. }));
                let best_line = lines.iter().any(|line| matches!(line, PriceLine::BestPrice { .. }));
                prop_assert_eq!(previous, previous_price_shown(&p, site));
                prop_assert_eq!(best_line, best_price_shown(&p, site));
            }
        }
    }
}
