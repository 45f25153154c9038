//! Sites, locales and currencies (header spec section 3 "Site, platform, currency";
//! newsletter spec section 1).

use crate::json::Json;

/// The request header every shop service call names the site in, its value the site's code
/// (`AT`): the cart's, the promotions', the theme worlds', the footer's and the newsletter
/// service's. A call without it, or with an unknown code, is for DE. The fragments read it as
/// `cartSettings(site).siteHeader`.
pub const SITE_HEADER: &str = "site";

/// One of the nine country or language sites. Serialised as its code (`"DE"`, `"CH_FR"`, ...).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Site {
    #[default]
    De,
    At,
    Ch,
    ChFr,
    Pl,
    Cz,
    Hu,
    Sk,
    Tr,
}

/// The interface locale of a site. Serialised as its BCP 47 tag (`"de-DE"`, `"fr-CH"`, ...).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub enum Locale {
    #[default]
    #[serde(rename = "de-DE")]
    DeDe,
    #[serde(rename = "de-AT")]
    DeAt,
    #[serde(rename = "de-CH")]
    DeCh,
    #[serde(rename = "fr-CH")]
    FrCh,
    #[serde(rename = "pl-PL")]
    PlPl,
    #[serde(rename = "cs-CZ")]
    CsCz,
    #[serde(rename = "hu-HU")]
    HuHu,
    #[serde(rename = "sk-SK")]
    SkSk,
    #[serde(rename = "tr-TR")]
    TrTr,
}

/// The currency a site sells in (ISO 4217 code).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "UPPERCASE")]
pub enum Currency {
    Eur,
    Chf,
    Czk,
    Huf,
    Pln,
    Try,
}

/// The locale whose texts every other locale falls back to.
pub const FALLBACK_LOCALE: Locale = Locale::DeDe;

impl Site {
    /// All nine sites, in the order the site switcher lists them.
    pub const ALL: [Site; 9] = [
        Site::De,
        Site::At,
        Site::Ch,
        Site::ChFr,
        Site::Pl,
        Site::Cz,
        Site::Hu,
        Site::Sk,
        Site::Tr,
    ];

    /// The site code as the services spell it.
    pub const fn code(self) -> &'static str {
        match self {
            Site::De => "DE",
            Site::At => "AT",
            Site::Ch => "CH",
            Site::ChFr => "CH_FR",
            Site::Pl => "PL",
            Site::Cz => "CZ",
            Site::Hu => "HU",
            Site::Sk => "SK",
            Site::Tr => "TR",
        }
    }

    /// The site for a code (case-insensitive, `-` accepted for `_`); `None` when unknown.
    pub fn from_code(code: &str) -> Option<Site> {
        let code = code.trim();
        Site::ALL.into_iter().find(|site| {
            let known = site.code();
            known.len() == code.len()
                && known
                    .bytes()
                    .zip(code.bytes())
                    .all(|(k, c)| k == c.to_ascii_uppercase() || (k == b'_' && c == b'-'))
        })
    }

    /// The site for a code, or DE for anything unknown (both specs: "an unknown site falls back to DE").
    pub fn from_code_or_default(code: &str) -> Site {
        Site::from_code(code).unwrap_or_default()
    }

    pub const fn locale(self) -> Locale {
        match self {
            Site::De => Locale::DeDe,
            Site::At => Locale::DeAt,
            Site::Ch => Locale::DeCh,
            Site::ChFr => Locale::FrCh,
            Site::Pl => Locale::PlPl,
            Site::Cz => Locale::CsCz,
            Site::Hu => Locale::HuHu,
            Site::Sk => Locale::SkSk,
            Site::Tr => Locale::TrTr,
        }
    }

    pub const fn currency(self) -> Currency {
        match self {
            Site::De | Site::At | Site::Sk => Currency::Eur,
            Site::Ch | Site::ChFr => Currency::Chf,
            Site::Cz => Currency::Czk,
            Site::Hu => Currency::Huf,
            Site::Pl => Currency::Pln,
            Site::Tr => Currency::Try,
        }
    }

    /// What the site's clocks show at a moment: `utc_seconds` (since 1970-01-01T00:00 UTC) as
    /// the site's wall-clock time, counted in the same seconds, so that a schedule written in
    /// the site's time (`YYYY-MM-DDTHH:MM`) compares with it directly. TR: Turkey time, UTC+3 all
    /// year. Every other site: Central European Time, UTC+1, and summer time, UTC+2, from the last
    /// Sunday of March until the last Sunday of October, switching at 01:00 UTC (the EU's rule).
    pub fn local_seconds(self, utc_seconds: i64) -> i64 {
        const HOUR: i64 = 3_600;
        if self == Site::Tr {
            return utc_seconds.saturating_add(3 * HOUR);
        }
        let summer = summer_time(utc_seconds);
        utc_seconds.saturating_add(if summer { 2 * HOUR } else { HOUR })
    }

    /// [`Site::local_seconds`] in milliseconds: what the site's clocks show at `utc_ms`
    /// (milliseconds since 1970-01-01T00:00 UTC), for a "now" read in the site's time (the
    /// preview panel's date and time).
    pub fn local_millis(self, utc_ms: i64) -> i64 {
        let seconds = utc_ms.div_euclid(1_000);
        let offset = self.local_seconds(seconds).saturating_sub(seconds);
        utc_ms.saturating_add(offset.saturating_mul(1_000))
    }
}

/// Whether EU summer time is on at a moment (seconds since 1970-01-01T00:00 UTC).
fn summer_time(utc_seconds: i64) -> bool {
    const DAY: i64 = 86_400;
    let (year, _, _) = crate::forms::civil_from_days(utc_seconds.div_euclid(DAY));
    // The last Sunday of a month with 31 days, at 01:00 UTC (1970-01-01 was a Thursday).
    let switch = |month: u32| {
        crate::forms::days_from_civil(year, month, 31).map(|last| {
            let weekday = (last + 4).rem_euclid(7);
            (last - weekday).saturating_mul(DAY).saturating_add(3_600)
        })
    };
    match (switch(3), switch(10)) {
        (Some(starts), Some(ends)) => starts <= utc_seconds && utc_seconds < ends,
        _ => false,
    }
}

/// The plural category of a whole number in a language (the Unicode CLDR's cardinal rules, for
/// whole numbers): which form of a counted noun a text takes after it. German, Hungarian and
/// Turkish have one and other (Hungarian and Turkish write the noun in the singular after every
/// number, so their texts have one form); French counts 0 and 1 as one, and whole millions as
/// many ("1 million de jours"); Czech and Slovak have one (1), few (2-4) and other; Polish one
/// (1), few (2-4, 22-24, ... but not 12-14) and many (the rest).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PluralCategory {
    One,
    Few,
    Many,
    Other,
}

impl Locale {
    /// The plural category of `count` in the locale's language ([`PluralCategory`]).
    pub const fn plural_category(self, count: u64) -> PluralCategory {
        match self {
            Locale::DeDe | Locale::DeAt | Locale::DeCh | Locale::HuHu | Locale::TrTr => {
                if count == 1 {
                    PluralCategory::One
                } else {
                    PluralCategory::Other
                }
            }
            Locale::FrCh => {
                if count <= 1 {
                    PluralCategory::One
                } else if count.is_multiple_of(1_000_000) {
                    PluralCategory::Many
                } else {
                    PluralCategory::Other
                }
            }
            Locale::CsCz | Locale::SkSk => match count {
                1 => PluralCategory::One,
                2..=4 => PluralCategory::Few,
                _ => PluralCategory::Other,
            },
            Locale::PlPl => {
                let (last, last_two) = (count % 10, count % 100);
                if count == 1 {
                    PluralCategory::One
                } else if last >= 2 && last <= 4 && !(last_two >= 12 && last_two <= 14) {
                    PluralCategory::Few
                } else {
                    PluralCategory::Many
                }
            }
        }
    }

    pub const ALL: [Locale; 9] = [
        Locale::DeDe,
        Locale::DeAt,
        Locale::DeCh,
        Locale::FrCh,
        Locale::PlPl,
        Locale::CsCz,
        Locale::HuHu,
        Locale::SkSk,
        Locale::TrTr,
    ];

    /// The BCP 47 tag, as `<html lang>` wants it.
    pub const fn tag(self) -> &'static str {
        match self {
            Locale::DeDe => "de-DE",
            Locale::DeAt => "de-AT",
            Locale::DeCh => "de-CH",
            Locale::FrCh => "fr-CH",
            Locale::PlPl => "pl-PL",
            Locale::CsCz => "cs-CZ",
            Locale::HuHu => "hu-HU",
            Locale::SkSk => "sk-SK",
            Locale::TrTr => "tr-TR",
        }
    }

    pub const fn site(self) -> Site {
        match self {
            Locale::DeDe => Site::De,
            Locale::DeAt => Site::At,
            Locale::DeCh => Site::Ch,
            Locale::FrCh => Site::ChFr,
            Locale::PlPl => Site::Pl,
            Locale::CsCz => Site::Cz,
            Locale::HuHu => Site::Hu,
            Locale::SkSk => Site::Sk,
            Locale::TrTr => Site::Tr,
        }
    }

    /// Where to look for an interface text, in order: the locale itself, then German (de-DE).
    pub fn text_fallbacks(self) -> Vec<Locale> {
        if self == FALLBACK_LOCALE {
            vec![self]
        } else {
            vec![self, FALLBACK_LOCALE]
        }
    }
}

impl Currency {
    pub const fn code(self) -> &'static str {
        match self {
            Currency::Eur => "EUR",
            Currency::Chf => "CHF",
            Currency::Czk => "CZK",
            Currency::Huf => "HUF",
            Currency::Pln => "PLN",
            Currency::Try => "TRY",
        }
    }
}

/// The site for a page language such as `de-AT` (header spec: the locale is taken from the page
/// language). Case and `_` / `-` do not matter. A full tag that names a site's locale gives that
/// site; otherwise the language alone decides (`fr-FR` -> CH_FR, `de-LI` -> DE); anything
/// else, the empty string included, is DE.
pub fn site_from_language(language: &str) -> Site {
    let normalised: String = language
        .trim()
        .chars()
        .map(|c| {
            if c == '_' {
                '-'
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect();
    if let Some(locale) = Locale::ALL
        .into_iter()
        .find(|locale| locale.tag().eq_ignore_ascii_case(&normalised))
    {
        return locale.site();
    }
    let primary = normalised.split('-').next().unwrap_or_default();
    match primary {
        "fr" => Site::ChFr,
        "pl" => Site::Pl,
        "cs" => Site::Cz,
        "hu" => Site::Hu,
        "sk" => Site::Sk,
        "tr" => Site::Tr,
        _ => Site::De,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plural_categories_follow_each_language() {
        use PluralCategory::{Few, Many, One, Other};
        let counts = [
            0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 102, 112, 1_000_000,
        ];
        let table: [(Locale, [PluralCategory; 15]); 5] = [
            (
                Locale::DeDe,
                [
                    Other, One, Other, Other, Other, Other, Other, Other, Other, Other, Other,
                    Other, Other, Other, Other,
                ],
            ),
            (
                Locale::FrCh,
                [
                    One, One, Other, Other, Other, Other, Other, Other, Other, Other, Other, Other,
                    Other, Other, Many,
                ],
            ),
            (
                Locale::PlPl,
                [
                    Many, One, Few, Few, Many, Many, Many, Many, Many, Few, Many, Many, Few, Many,
                    Many,
                ],
            ),
            (
                Locale::CsCz,
                [
                    Other, One, Few, Few, Other, Other, Other, Other, Other, Other, Other, Other,
                    Other, Other, Other,
                ],
            ),
            (
                Locale::HuHu,
                [
                    Other, One, Other, Other, Other, Other, Other, Other, Other, Other, Other,
                    Other, Other, Other, Other,
                ],
            ),
        ];
        for (locale, expected) in table {
            for (count, category) in counts.iter().zip(expected) {
                assert_eq!(
                    locale.plural_category(*count),
                    category,
                    "{locale:?} {count}"
                );
            }
        }
        for count in counts {
            assert_eq!(
                Locale::SkSk.plural_category(count),
                Locale::CsCz.plural_category(count)
            );
            assert_eq!(
                Locale::TrTr.plural_category(count),
                Locale::DeDe.plural_category(count)
            );
            assert_eq!(
                Locale::DeCh.plural_category(count),
                Locale::DeDe.plural_category(count)
            );
        }
    }
    use proptest::prelude::*;

    #[test]
    fn each_sites_clock() {
        let at = |date_time: &str| {
            let parts = date_time.split_once('T').and_then(|(date, time)| {
                Some((
                    crate::forms::parse_date(date)?,
                    crate::forms::parse_time(time)?,
                ))
            });
            let Some(((year, month, day), (hour, minute))) = parts else {
                panic!("not a date-time: {date_time}");
            };
            crate::forms::days_from_civil(year, month, day).unwrap_or_default() * 86_400
                + i64::from(hour * 3_600 + minute * 60)
        };
        // (UTC, Central European wall clock): winter, the switches of 2026 and 2027, summer.
        let central = [
            ("2026-11-25T10:00", "2026-11-25T11:00"),
            ("2026-03-29T00:59", "2026-03-29T01:59"),
            ("2026-03-29T01:00", "2026-03-29T03:00"),
            ("2026-07-01T12:00", "2026-07-01T14:00"),
            ("2026-10-25T00:59", "2026-10-25T02:59"),
            ("2026-10-25T01:00", "2026-10-25T02:00"),
            ("2027-03-28T01:00", "2027-03-28T03:00"),
            ("2027-11-30T23:30", "2027-12-01T00:30"),
        ];
        for site in Site::ALL.into_iter().filter(|site| *site != Site::Tr) {
            for (utc, local) in central {
                assert_eq!(site.local_seconds(at(utc)), at(local), "{site:?} {utc}");
            }
        }
        for (utc, local) in [
            ("2026-11-25T10:00", "2026-11-25T13:00"),
            ("2026-07-01T12:00", "2026-07-01T15:00"),
            ("2027-11-30T21:00", "2027-12-01T00:00"),
        ] {
            assert_eq!(Site::Tr.local_seconds(at(utc)), at(local), "TR {utc}");
        }
        for extreme in [i64::MIN, i64::MAX, 0, -1] {
            let _ = Site::De.local_seconds(extreme);
        }
        // In milliseconds, the part below the second kept: the switch at 01:00 UTC exactly.
        let ms = |date_time: &str| at(date_time) * 1_000;
        assert_eq!(
            Site::Pl.local_millis(ms("2026-03-29T00:59") + 59_999),
            ms("2026-03-29T01:59") + 59_999
        );
        assert_eq!(
            Site::Pl.local_millis(ms("2026-03-29T01:00")),
            ms("2026-03-29T03:00")
        );
        assert_eq!(
            Site::Tr.local_millis(ms("2027-11-30T21:30") + 1),
            ms("2027-12-01T00:30") + 1
        );
        assert_eq!(Site::De.local_millis(-1), 3_600_000 - 1);
    }

    #[test]
    fn every_site_has_its_locale_and_currency() {
        let table = [
            (Site::De, "DE", "de-DE", "EUR"),
            (Site::At, "AT", "de-AT", "EUR"),
            (Site::Ch, "CH", "de-CH", "CHF"),
            (Site::ChFr, "CH_FR", "fr-CH", "CHF"),
            (Site::Pl, "PL", "pl-PL", "PLN"),
            (Site::Cz, "CZ", "cs-CZ", "CZK"),
            (Site::Hu, "HU", "hu-HU", "HUF"),
            (Site::Sk, "SK", "sk-SK", "EUR"),
            (Site::Tr, "TR", "tr-TR", "TRY"),
        ];
        for (site, code, tag, currency) in table {
            assert_eq!(site.code(), code);
            assert_eq!(site.locale().tag(), tag);
            assert_eq!(site.currency().code(), currency);
            assert_eq!(site.locale().site(), site);
            assert_eq!(Site::from_code(code), Some(site));
            assert_eq!(site_from_language(tag), site);
        }
    }

    #[test]
    fn serialises_as_the_services_spell_it() {
        assert_eq!(
            Some(crate::json::to_string(&Site::ChFr)).as_deref(),
            Some("\"CH_FR\"")
        );
        assert_eq!(
            Some(crate::json::to_string(&Locale::FrCh)).as_deref(),
            Some("\"fr-CH\"")
        );
        assert_eq!(
            Some(crate::json::to_string(&Currency::Try)).as_deref(),
            Some("\"TRY\"")
        );
        let site: Result<Site, _> = crate::json::from_str("\"CH_FR\"");
        assert_eq!(site.ok(), Some(Site::ChFr));
    }

    #[test]
    fn site_from_page_language() {
        let table = [
            ("de-AT", Site::At),
            ("de_at", Site::At),
            ("DE-ch", Site::Ch),
            ("fr-CH", Site::ChFr),
            ("fr", Site::ChFr),
            ("fr-FR", Site::ChFr),
            ("de", Site::De),
            ("de-LI", Site::De),
            ("cs", Site::Cz),
            ("pl", Site::Pl),
            ("pl-PL", Site::Pl),
            ("sk", Site::Sk),
            ("sk-SK", Site::Sk),
            ("hu-HU", Site::Hu),
            ("tr", Site::Tr),
            ("en-US", Site::De),
            ("", Site::De),
            ("klingon", Site::De),
        ];
        for (language, site) in table {
            assert_eq!(site_from_language(language), site, "{language}");
        }
    }

    #[test]
    fn unknown_codes_fall_back_to_de() {
        assert_eq!(Site::from_code("XX"), None);
        assert_eq!(Site::from_code_or_default("XX"), Site::De);
        assert_eq!(Site::from_code_or_default("ch-fr"), Site::ChFr);
        assert_eq!(Site::from_code_or_default(""), Site::De);
        // A code with space around it (a host's attribute) is that site.
        assert_eq!(Site::from_code(" AT "), Some(Site::At));
        assert_eq!(Site::from_code_or_default("\tPL\n"), Site::Pl);
    }

    #[test]
    fn texts_fall_back_to_german() {
        assert_eq!(Locale::DeDe.text_fallbacks(), vec![Locale::DeDe]);
        for locale in Locale::ALL.into_iter().filter(|l| *l != Locale::DeDe) {
            assert_eq!(locale.text_fallbacks(), vec![locale, Locale::DeDe]);
        }
    }

    proptest! {
        #[test]
        fn site_lookups_are_total(input in any::<String>()) {
            let _ = site_from_language(&input);
            let _ = Site::from_code_or_default(&input);
        }

        #[test]
        fn site_clocks_are_total(utc_ms in any::<i64>()) {
            for site in Site::ALL {
                let _ = site.local_millis(utc_ms);
            }
        }
    }
}
