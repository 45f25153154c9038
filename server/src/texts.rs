//! The interface texts of the pages the server renders: the same JSON tables (`texts/`) the
//! fragments bundle, looked up in the core's fallback order (the locale, then German).

use std::collections::BTreeMap;
use std::sync::OnceLock;

use shop_core::site::Locale;

type Table = BTreeMap<String, BTreeMap<String, String>>;

/// The pages' own texts (no script needs them) and the shell script's.
const PAGES: &str = include_str!("../../texts/pages.json");
const SHELL: &str = include_str!("../../texts/shell.json");
const CART: &str = include_str!("../../texts/cart.json");
/// The static header's texts: the header fragment's own (its reduced header, the navigation's
/// fallback entries), so both speak alike.
const HEADER: &str = include_str!("../../texts/header.json");
const NAVIGATION: &str = include_str!("../../texts/navigation.json");
const NEWSLETTER: &str = include_str!("../../texts/newsletter.json");
/// The static header's benefits bar is named as the fragment's is.
const PROMOTION: &str = include_str!("../../texts/promotion.json");
const SOURCES: [&str; 7] = [
    PAGES, SHELL, CART, HEADER, NAVIGATION, NEWSLETTER, PROMOTION,
];

fn tables() -> &'static [Table; 7] {
    static TABLES: OnceLock<[Table; 7]> = OnceLock::new();
    TABLES
        .get_or_init(|| SOURCES.map(|source| shop_core::json::from_str(source).unwrap_or_default()))
}

/// The text for `key` in `locale` with `{name}` values filled in; the key itself when no
/// table has it (visible, never blank).
pub fn text(locale: Locale, key: &str, values: &[(&str, &str)]) -> String {
    let found = locale.text_fallbacks().into_iter().find_map(|locale| {
        tables()
            .iter()
            .find_map(|table| table.get(locale.tag()).and_then(|texts| texts.get(key)))
    });
    let Some(found) = found else {
        return key.to_owned();
    };
    values.iter().fold(found.clone(), |text, (name, value)| {
        text.replace(&format!("{{{name}}}"), value)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_parse_and_have_every_locale() {
        for source in SOURCES {
            let table: Result<Table, _> = shop_core::json::from_str(source);
            let table = table.unwrap_or_else(|error| panic!("{error}"));
            for locale in Locale::ALL {
                assert!(table.contains_key(locale.tag()), "{}", locale.tag());
            }
        }
    }

    #[test]
    fn looks_up_in_the_locale_then_german_and_fills_values() {
        assert_eq!(
            text(Locale::DeDe, "product.addToCart", &[]),
            "In den Warenkorb"
        );
        assert_ne!(
            text(Locale::PlPl, "product.addToCart", &[]),
            "In den Warenkorb"
        );
        assert_eq!(
            text(Locale::DeDe, "cart.itemLimit", &[("limit", "10")]),
            "Von diesem Artikel kannst du leider maximal 10 Stück pro Einkauf kaufen."
        );
        assert_eq!(text(Locale::TrTr, "no.such.key", &[]), "no.such.key");
    }
}
