//! The theme-world flyout (spec section 2 "Main navigation bar", section 3 "Theme-world flyout
//! data", section 5 "The teaser subline is suppressed when the hide option is set", section 7
//! `GET /service/themeworld-frontend/api/themeworlds/navigation`, section 9 section order and
//! end-date text).
//!
//! The answer `{overview, sections: {scout, new, more, lastChance}, translations}` becomes a
//! view: the sections in the spec's order without empty ones, each theme world with its
//! translated badges and sublines and its end date as day and month. The view words the end
//! date per locale from its texts (DE "Endet am {day}.{month}.", HU "{month}.{day}-ig
//! elérhető"); the core only reads the date.

use crate::json::{FromJson, Json, ToJson, Value};

use super::{digits, flag_at, items_at, link_at, parse_document, text_at};

/// The most theme worlds a section shows. Not in the spec: a guard, as the navigation's node
/// budget is, so that an editor's overfull document cannot make the flyout take seconds to open
/// (1 000 theme worlds took 1.3 s in Chromium); a shop's section holds a dozen or two.
pub const THEME_WORLDS_PER_SECTION_MAX: usize = 48;

/// The availability names a theme world's subline translates, as the service spells them.
pub const AVAILABILITIES: [&str; 5] = [
    "onlineOnly",
    "nextWeekStore",
    "thisWeekStore",
    "storeAlso",
    "storeWednesday",
];

/// The flyout's sections, in the order they are shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum SectionKey {
    Scout,
    New,
    More,
    LastChance,
}

impl SectionKey {
    /// scout, new, more, lastChance.
    pub const ALL: [SectionKey; 4] = [
        SectionKey::Scout,
        SectionKey::New,
        SectionKey::More,
        SectionKey::LastChance,
    ];

    /// The key as the service spells it (and as it is written as JSON).
    pub const fn name(self) -> &'static str {
        match self {
            SectionKey::Scout => "scout",
            SectionKey::New => "new",
            SectionKey::More => "more",
            SectionKey::LastChance => "lastChance",
        }
    }
}

/// A theme world's badge, as the service spells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum BadgeKey {
    Scout,
    New,
    Preview,
}

/// The overview link at the top of the flyout; also the navigation bar's theme-world entry.
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ThemeWorldOverview {
    pub title: String,
    pub url: String,
}

/// A badge with its translated text.
#[derive(Clone, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Badge {
    pub key: BadgeKey,
    pub text: String,
}

/// An end date's day and month (the year, when given, only validates).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct EndDate {
    pub day: u8,
    pub month: u8,
}

/// One theme-world teaser.
#[derive(Clone, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ThemeWorld {
    pub url: String,
    /// Absent when `imgUrl` is missing or unsafe.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The loyalty-card flag (`tchiboCard`).
    pub loyalty_card: bool,
    pub badges: Vec<Badge>,
    /// The translated availabilities, in the answer's order; empty when hidden.
    pub sublines: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_date: Option<EndDate>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_date_text: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub only_x_days_left_text: Option<String>,
}

/// A section with at least one theme world.
#[derive(Clone, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ThemeWorldSection {
    pub key: SectionKey,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub headline: Option<String>,
    pub theme_worlds: Vec<ThemeWorld>,
}

/// The theme-world flyout as shown.
#[derive(Clone, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ThemeWorldFlyout {
    pub overview: ThemeWorldOverview,
    /// scout, new, more, lastChance; empty sections left out.
    pub sections: Vec<ThemeWorldSection>,
}

fn is_leap_year(year: u64) -> bool {
    year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400))
}

/// One or two ASCII digits.
fn small_number(text: &str) -> Option<u8> {
    if text.len() > 2 {
        return None;
    }
    digits(text).and_then(|whole| u8::try_from(whole).ok())
}

/// The day and month of a dotted date: `D.M`, `D.M.`, `D.M.YYYY` or `D.M.YYYY.` (one or two
/// digits for day and month, surrounding whitespace ignored). A day the month does not have is
/// `None`; 29 February needs a leap year when the year is given.
pub fn parse_end_date(text: &str) -> Option<EndDate> {
    let text = text.trim();
    let text = text.strip_suffix('.').unwrap_or(text);
    let mut parts = text.split('.');
    let day = small_number(parts.next()?)?;
    let month = small_number(parts.next()?)?;
    let year = match parts.next() {
        None => None,
        Some(year) if year.len() == 4 => Some(digits(year)?),
        Some(_) => return None,
    };
    if parts.next().is_some() {
        return None;
    }
    let days_in_month = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if year.is_none_or(is_leap_year) => 29,
        2 => 28,
        _ => return None,
    };
    (1..=days_in_month)
        .contains(&day)
        .then_some(EndDate { day, month })
}

fn read_theme_world(
    value: &Value,
    translations: Option<&Value>,
    hide_sublines: bool,
) -> Option<ThemeWorld> {
    let url = link_at(value, "url").ok().flatten()?;
    // Each name is translated once at most, however often a theme world repeats it: a lookup
    // reads through every translation, and a long list of repeats took seconds.
    let translate = |name: &str| translations.and_then(|texts| text_at(texts, name));
    let mut badges: Vec<Badge> = Vec::new();
    let mut badge_keys: Vec<BadgeKey> = Vec::new();
    for name in items_at(value, "badges") {
        let Ok(key) = BadgeKey::from_json(name) else {
            continue;
        };
        if badge_keys.contains(&key) {
            continue;
        }
        badge_keys.push(key);
        if let Some(text) = name.as_str().and_then(translate) {
            badges.push(Badge { key, text });
        }
    }
    let mut sublines: Vec<String> = Vec::new();
    if !hide_sublines {
        let mut names: Vec<&str> = Vec::new();
        for name in items_at(value, "availability")
            .iter()
            .filter_map(Value::as_str)
        {
            if !AVAILABILITIES.contains(&name) || names.contains(&name) {
                continue;
            }
            names.push(name);
            if let Some(text) = translate(name).filter(|text| !sublines.contains(text)) {
                sublines.push(text);
            }
        }
    }
    Some(ThemeWorld {
        url,
        image_url: link_at(value, "imgUrl").ok().flatten(),
        title: text_at(value, "title"),
        loyalty_card: flag_at(value, "tchiboCard"),
        badges,
        sublines,
        end_date: text_at(value, "endDate").and_then(|date| parse_end_date(&date)),
        end_date_text: text_at(value, "endDateText"),
        only_x_days_left_text: text_at(value, "onlyXDaysLeftText"),
    })
}

/// The theme-world flyout of an answer. `None` ("nothing is shown"; the navigation's fallback
/// stays) when the body is not a JSON object, is above [`super::HEADER_DOCUMENT_MAX_BYTES`] or
/// has no overview with a title and a safe link.
///
/// - Sections in the order scout, new, more, lastChance; a missing or empty one is left out.
/// - A theme world without a safe `url` is dropped; an unsafe `imgUrl` is left out.
/// - Badges (scout, new, preview) and sublines (the availabilities onlineOnly, nextWeekStore,
///   thisWeekStore, storeAlso, storeWednesday) carry their text from `translations`; unknown
///   names, names without a translation and repeats are dropped.
/// - `hide_sublines` (the page's hide option) leaves every subline out.
/// - `endDate` is read by [`parse_end_date`]; an invalid date is absent.
/// - At most [`THEME_WORLDS_PER_SECTION_MAX`] theme worlds a section, the first ones.
pub fn parse_theme_worlds(body: &str, hide_sublines: bool) -> Option<ThemeWorldFlyout> {
    let document = parse_document(body)?;
    let overview = document.get("overview")?;
    let overview = ThemeWorldOverview {
        title: text_at(overview, "title")?,
        url: link_at(overview, "url").ok().flatten()?,
    };
    let translations = document.get("translations");
    let sections = SectionKey::ALL
        .into_iter()
        .filter_map(|key| {
            let section = document.get("sections")?.get(key.name())?;
            let theme_worlds: Vec<ThemeWorld> = items_at(section, "themeworlds")
                .iter()
                .filter_map(|world| read_theme_world(world, translations, hide_sublines))
                .take(THEME_WORLDS_PER_SECTION_MAX)
                .collect();
            (!theme_worlds.is_empty()).then(|| ThemeWorldSection {
                key,
                headline: text_at(section, "headline"),
                theme_worlds,
            })
        })
        .collect();
    Some(ThemeWorldFlyout { overview, sections })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    fn translations() -> serde_json::Value {
        json!({
            "scout": "Entdeckt", "new": "Neu", "preview": "Vorschau", "onlineOnly": "Nur online",
            "nextWeekStore": "Ab nächster Woche in der Filiale", "thisWeekStore": "Diese Woche in der Filiale",
            "storeAlso": "Auch in der Filiale", "storeWednesday": "Ab Mittwoch in der Filiale",
        })
    }

    fn world(url: &str) -> serde_json::Value {
        json!({"url": url, "imgUrl": "/img/w.jpg", "title": "Welt"})
    }

    #[test]
    fn the_sections_come_in_the_specs_order_whatever_the_answers() {
        // All four filled, in the answer's reverse order: scout, new, more, lastChance.
        let answer = json!({
            "overview": {"title": "Alle Themenwelten", "url": "/themenwelten"},
            "sections": {
                "lastChance": {"themeworlds": [world("/w/last")]},
                "more": {"themeworlds": [world("/w/more")]},
                "new": {"themeworlds": [world("/w/new")]},
                "scout": {"themeworlds": [world("/w/scout")]}
            },
            "translations": translations(),
        });
        let flyout = parse_theme_worlds(&answer.to_string(), false).expect("flyout");
        let keys: Vec<SectionKey> = flyout.sections.iter().map(|s| s.key).collect();
        assert_eq!(keys, SectionKey::ALL);
        assert_eq!(
            keys,
            [
                SectionKey::Scout,
                SectionKey::New,
                SectionKey::More,
                SectionKey::LastChance
            ]
        );
    }

    #[test]
    fn parses_the_flyout() {
        let answer = json!({
            "overview": {"title": "Alle Themenwelten", "url": "/themenwelten"},
            "sections": {
                "lastChance": {"headline": "Letzte Chance", "themeworlds": [world("/w/last")]},
                "more": {"headline": "Mehr", "themeworlds": [{"url": "javascript:alert(1)"}, {"title": "ohne Link"}]},
                "new": {"headline": "Neu", "themeworlds": [{
                    "url": "/w/garten", "imgUrl": "javascript:x", "title": "Garten", "tchiboCard": true,
                    "availability": ["storeAlso", "teleport", "onlineOnly", "storeAlso", 7],
                    "badges": ["new", "gold", "preview", "new", null],
                    "endDate": "24.12.", "endDateText": "Endet bald", "onlyXDaysLeftText": "Nur noch 3 Tage"
                }]},
                "scout": {"themeworlds": [world("/w/scout")]},
                "unknown": {"themeworlds": [world("/w/unknown")]}
            },
            "translations": translations(),
        });
        let flyout = parse_theme_worlds(&answer.to_string(), false).expect("flyout");
        assert_eq!(
            flyout.overview,
            ThemeWorldOverview {
                title: "Alle Themenwelten".into(),
                url: "/themenwelten".into()
            }
        );
        let keys: Vec<SectionKey> = flyout.sections.iter().map(|s| s.key).collect();
        assert_eq!(
            keys,
            [SectionKey::Scout, SectionKey::New, SectionKey::LastChance]
        );
        assert_eq!(flyout.sections[0].headline, None);
        assert_eq!(
            flyout.sections[2].headline.as_deref(),
            Some("Letzte Chance")
        );
        assert_eq!(
            flyout.sections[1].theme_worlds,
            vec![ThemeWorld {
                url: "/w/garten".into(),
                image_url: None,
                title: Some("Garten".into()),
                loyalty_card: true,
                badges: vec![
                    Badge {
                        key: BadgeKey::New,
                        text: "Neu".into()
                    },
                    Badge {
                        key: BadgeKey::Preview,
                        text: "Vorschau".into()
                    },
                ],
                sublines: vec!["Auch in der Filiale".into(), "Nur online".into()],
                end_date: Some(EndDate { day: 24, month: 12 }),
                end_date_text: Some("Endet bald".into()),
                only_x_days_left_text: Some("Nur noch 3 Tage".into()),
            }]
        );
        let scout = &flyout.sections[0].theme_worlds[0];
        assert_eq!(scout.image_url.as_deref(), Some("/img/w.jpg"));
        assert!(!scout.loyalty_card && scout.badges.is_empty() && scout.sublines.is_empty());

        // The hide option suppresses the sublines, nothing else.
        let hidden = parse_theme_worlds(&answer.to_string(), true).expect("flyout");
        assert!(hidden.sections[1].theme_worlds[0].sublines.is_empty());
        assert_eq!(hidden.sections[1].theme_worlds[0].badges.len(), 2);

        let written = crate::json::to_string(&hidden.sections[1]);
        assert!(written.starts_with(r#"{"key":"new","headline":"Neu","themeWorlds":[{"url":"/w/garten","title":"Garten","loyaltyCard":true,"badges":[{"key":"new","text":"Neu"}"#), "{written}");
        assert!(written.contains(r#""endDate":{"day":24,"month":12}"#));
    }

    #[test]
    fn only_availability_names_become_sublines() {
        // Badge names have translations too; given as availabilities they are no subline.
        let answer = json!({
            "overview": {"title": "T", "url": "/t"},
            "sections": {"new": {"themeworlds": [{
                "url": "/w", "availability": ["scout", "onlineOnly", "preview"]
            }]}},
            "translations": translations(),
        });
        let flyout = parse_theme_worlds(&answer.to_string(), false).expect("flyout");
        assert_eq!(flyout.sections[0].theme_worlds[0].sublines, ["Nur online"]);
    }

    #[test]
    fn missing_translations_drop_badges_and_sublines() {
        let answer = json!({
            "overview": {"title": "T", "url": "/t"},
            "sections": {"scout": {"themeworlds": [{
                "url": "/w", "availability": ["onlineOnly", "storeWednesday"], "badges": ["scout", "new"]
            }]}},
            "translations": {"storeWednesday": "Ab Mittwoch", "scout": "  ", "new": 5},
        });
        let flyout = parse_theme_worlds(&answer.to_string(), false).expect("flyout");
        let world = &flyout.sections[0].theme_worlds[0];
        assert_eq!(world.sublines, ["Ab Mittwoch"]);
        assert!(world.badges.is_empty());
        let without = json!({"overview": {"title": "T", "url": "/t"}, "sections": {"new": {"themeworlds": [{"url": "/w", "availability": ["onlineOnly"], "badges": ["new"]}]}}});
        let flyout = parse_theme_worlds(&without.to_string(), false).expect("flyout");
        assert!(flyout.sections[0].theme_worlds[0].sublines.is_empty());
        assert!(flyout.sections[0].theme_worlds[0].badges.is_empty());
    }

    #[test]
    fn nothing_without_an_overview() {
        for text in [
            "",
            "not json",
            "[]",
            "{}",
            r#"{"overview": {"title": "T"}}"#,
            r#"{"overview": {"url": "/t"}}"#,
            r#"{"overview": {"title": "T", "url": "javascript:alert(1)"}}"#,
            r#"{"overview": "T"}"#,
        ] {
            assert_eq!(parse_theme_worlds(text, false), None, "{text}");
        }
        let bare = parse_theme_worlds(
            r#"{"overview": {"title": "T", "url": "/t"}, "sections": [1]}"#,
            false,
        );
        assert_eq!(bare.map(|f| f.sections.len()), Some(0));
    }

    #[test]
    fn an_overfull_section_keeps_its_first_theme_worlds() {
        let worlds: Vec<serde_json::Value> = (0..5000)
            .map(|i| json!({"title": format!("Welt {i}"), "url": format!("/w/{i}")}))
            .collect();
        let body = json!({"overview": {"title": "T", "url": "/t"},
                          "sections": {"new": {"themeworlds": worlds}, "more": {"themeworlds": [{"title": "Eine", "url": "/e"}]}}});
        let flyout = parse_theme_worlds(&body.to_string(), false).expect("flyout");
        let counts: Vec<usize> = flyout
            .sections
            .iter()
            .map(|s| s.theme_worlds.len())
            .collect();
        assert_eq!(counts, [THEME_WORLDS_PER_SECTION_MAX, 1]);
        assert_eq!(
            flyout.sections[0].theme_worlds[0].title.as_deref(),
            Some("Welt 0")
        );
    }

    #[test]
    fn unusable_entries_do_not_count_towards_a_sections_cap() {
        let mut worlds = vec![
            json!({"title": "ohne Link"}),
            json!({"url": "javascript:x"}),
        ];
        worlds.extend(
            (0..THEME_WORLDS_PER_SECTION_MAX)
                .map(|i| json!({"title": format!("Welt {i}"), "url": format!("/w/{i}")})),
        );
        let body = json!({"overview": {"title": "T", "url": "/t"},
                          "sections": {"new": {"themeworlds": worlds}}});
        let flyout = parse_theme_worlds(&body.to_string(), false).expect("flyout");
        let shown = &flyout.sections[0].theme_worlds;
        assert_eq!(shown.len(), THEME_WORLDS_PER_SECTION_MAX);
        assert_eq!(shown[THEME_WORLDS_PER_SECTION_MAX - 1].url, "/w/47");
    }

    #[test]
    fn end_dates() {
        let table: &[(&str, Option<(u8, u8)>)] = &[
            ("24.12.", Some((24, 12))),
            ("24.12", Some((24, 12))),
            ("1.3.", Some((1, 3))),
            ("01.03.", Some((1, 3))),
            (" 24.12.2026 ", Some((24, 12))),
            ("24.12.2026.", Some((24, 12))),
            ("31.01.", Some((31, 1))),
            ("29.02.", Some((29, 2))),
            ("29.02.2028", Some((29, 2))),
            ("29.02.2000", Some((29, 2))),
            ("29.02.2027", None),
            ("29.02.1900", None),
            ("31.04.", None),
            ("30.02.", None),
            ("00.12.", None),
            ("12.00.", None),
            ("32.01.", None),
            ("12.13.", None),
            ("24.12.26", None),
            ("24..12", None),
            ("24.12.2026.1", None),
            ("2026-12-24", None),
            ("", None),
            (".", None),
            ("+1.2.", None),
            ("１.２.", None),
            ("123.1.", None),
        ];
        for (text, expected) in table {
            assert_eq!(
                parse_end_date(text),
                expected.map(|(day, month)| EndDate { day, month }),
                "{text:?}"
            );
        }
    }

    #[test]
    fn key_names_match_their_json() {
        for key in SectionKey::ALL {
            assert_eq!(
                crate::json::to_string(&key),
                ["\"", key.name(), "\""].concat()
            );
        }
        for name in ["scout", "new", "preview"] {
            let key = BadgeKey::from_json(&Value::String(name.into()));
            assert_eq!(
                key.map(|key| crate::json::to_string(&key)),
                Ok(["\"", name, "\""].concat())
            );
        }
    }

    proptest! {
        #[test]
        fn parsing_is_total_on_strings(text in any::<String>(), hide in any::<bool>()) {
            let _ = parse_theme_worlds(&text, hide);
            if let Some(date) = parse_end_date(&text) {
                prop_assert!((1..=31).contains(&date.day) && (1..=12).contains(&date.month));
            }
        }

        #[test]
        fn parsing_is_total_on_json(value in super::super::strategies::json(), hide in any::<bool>()) {
            let answer = json!({
                "overview": {"title": "T", "url": "/t"},
                "sections": {"scout": value, "new": {"themeworlds": [value]}, "more": {"themeworlds": value}},
                "translations": translations(),
            });
            let flyout = parse_theme_worlds(&answer.to_string(), hide);
            prop_assert!(flyout.is_some());
            for section in flyout.map(|f| f.sections).unwrap_or_default() {
                prop_assert!(!section.theme_worlds.is_empty());
                for world in section.theme_worlds {
                    prop_assert!(world.badges.len() <= 3);
                    prop_assert!(world.sublines.len() <= AVAILABILITIES.len());
                    prop_assert!(!hide || world.sublines.is_empty());
                }
            }
            let _ = parse_theme_worlds(&value.to_string(), hide);
        }

        #[test]
        fn dates_are_total(day in 0u32..100, month in 0u32..100, year in 0u32..10000) {
            let _ = parse_end_date(&[day.to_string(), ".".into(), month.to_string(), ".".into(), year.to_string()].concat());
        }
    }
}
