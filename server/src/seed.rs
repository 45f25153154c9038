//! What the seeded content documents (`server/seed/*.json`) share: texts keyed by language,
//! the language of a site, and the path segment a title becomes.
//!
//! The content the header reads (categories, theme worlds, search terms, stores, promotions) is
//! seeded per language or per site, compiled into the binary and read once; it does not change
//! while the server runs, so it is not copied into the database (which holds what visitors
//! change: carts and logins).

use std::collections::BTreeMap;

use shop_core::site::Site;

/// A text in each language of the shop, keyed `de`, `fr`, `pl`, `cs`, `hu`, `sk`, `tr`.
pub type Localized = BTreeMap<String, String>;

/// The language a site's content is written in: `de` for DE, AT and CH, `fr` for CH_FR, and
/// the language of the site's locale for the others.
pub fn language(site: Site) -> &'static str {
    let tag = site.locale().tag();
    tag.split('-').next().unwrap_or(tag)
}

/// The text of `texts` in the site's language, else the German one, else empty.
pub fn pick(texts: &Localized, site: Site) -> String {
    texts
        .get(language(site))
        .or_else(|| texts.get("de"))
        .cloned()
        .unwrap_or_default()
}

/// A title as a path segment: lowercase ASCII letters, digits and single hyphens. German
/// umlauts become `ae`/`oe`/`ue` on German sites, other accented letters their base letter,
/// everything else a hyphen (`"Zubehör & Pflege"` is `zubehoer-pflege`, `"İç giyim"` is
/// `ic-giyim`).
pub fn slug(title: &str, language: &str) -> String {
    let mut out = String::with_capacity(title.len());
    for c in title.chars().flat_map(char::to_lowercase) {
        let mapped: &str = match c {
            // Combining marks (the dot `İ` lowercases to) belong to the letter before.
            '\u{300}'..='\u{36f}' => "",
            'ä' if language == "de" => "ae",
            'ö' if language == "de" => "oe",
            'ü' if language == "de" => "ue",
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ą' => "a",
            'æ' => "ae",
            'ç' | 'ć' | 'č' => "c",
            'ď' => "d",
            'è' | 'é' | 'ê' | 'ë' | 'ę' | 'ě' => "e",
            'ğ' => "g",
            'ì' | 'í' | 'î' | 'ï' | 'ı' => "i",
            'ľ' | 'ĺ' | 'ł' => "l",
            'ñ' | 'ń' | 'ň' => "n",
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ő' => "o",
            'œ' => "oe",
            'ŕ' | 'ř' => "r",
            'ś' | 'š' | 'ş' => "s",
            'ß' => "ss",
            'ť' => "t",
            'ù' | 'ú' | 'û' | 'ü' | 'ű' | 'ů' => "u",
            'ý' | 'ÿ' => "y",
            'ź' | 'ż' | 'ž' => "z",
            c if c.is_ascii_alphanumeric() => {
                out.push(c);
                continue;
            }
            _ => "-",
        };
        if mapped == "-" {
            if !out.is_empty() && !out.ends_with('-') {
                out.push('-');
            }
        } else {
            out.push_str(mapped);
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    out
}

/// The seed documents' `{name}` placeholders filled in.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    values
        .iter()
        .fold(template.to_owned(), |text, (name, value)| {
            text.replace(&format!("{{{name}}}"), value)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs() {
        assert_eq!(slug("Zubehör & Pflege", "de"), "zubehoer-pflege");
        assert_eq!(slug("İç giyim", "tr"), "ic-giyim");
        assert_eq!(slug("Kávé-előfizetés", "hu"), "kave-elofizetes");
        assert_eq!(slug("Öğütülmüş", "tr"), "ogutulmus");
        assert_eq!(slug("Mousseurs à lait", "fr"), "mousseurs-a-lait");
        assert_eq!(slug("Łazienka", "pl"), "lazienka");
        assert_eq!(slug("  --Caffè Crema!  ", "de"), "caffe-crema");
        assert_eq!(slug("", "de"), "");
    }

    #[test]
    fn languages_and_fallback() {
        let expected = ["de", "de", "de", "fr", "pl", "cs", "hu", "sk", "tr"];
        for (site, language_code) in Site::ALL.into_iter().zip(expected) {
            assert_eq!(language(site), language_code, "{site:?}");
        }
        let texts: Localized = [("de".to_owned(), "Kaffee".to_owned())].into();
        assert_eq!(pick(&texts, Site::Tr), "Kaffee");
        assert_eq!(fill("{a} und {b}", &[("a", "1"), ("b", "2")]), "1 und 2");
    }
}
