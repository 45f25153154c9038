//! The theme-world flyout data (header spec sections 3 "Theme-world flyout data" and 7):
//! `GET /service/themeworld-frontend/api/themeworlds/navigation`, the site from `?site=` or a
//! `site` header (default DE), from the seed `server/seed/themeworlds.json`.
//!
//! The answer is `{overview: {title, url}, sections: {scout, new, more, lastChance}, translations}`;
//! each section `{headline, themeworlds}`. A theme world's `url` lies under the site's overview
//! path (`/themenwelten`, `/univers`, ... with the site prefix), its picture under
//! `/img/themeworlds/`. `endDate` is the dotted day and month (`24.12.`), `endDateText` the
//! whole sentence in the site's language, worded as the header fragment words `endDate`
//! (`navigation.themeWorlds.endDate` in `texts/navigation.json`: `Endet am 24.12.`; HU month
//! first, `12.24-ig elérhető`), `onlyXDaysLeftText` the days left; the three are left out of theme worlds
//! without an end. The lastChance section is empty on TR (the view leaves empty sections out).

use std::collections::BTreeMap;
use std::sync::OnceLock;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::Response;
use shop_core::json::{self, FromJson, ToJson};
use shop_core::site::{PluralCategory, Site};

use crate::api::{self, json_error, json_response};
use crate::app::AppState;
use crate::pages::site_prefix;
use crate::seed::{Localized, fill, language, pick, slug};

/// The path of the theme-world service (the core's, which the header calls).
pub use shop_core::header::navigation::THEME_WORLDS_PATH as THEMEWORLDS_PATH;
use shop_core::header::theme_worlds::SectionKey;

const SEED: &str = include_str!("../seed/themeworlds.json");

#[derive(Debug, Default, FromJson)]
#[serde(rename_all = "camelCase", default)]
struct Seed {
    overview: SeedOverview,
    headlines: BTreeMap<String, Localized>,
    translations: BTreeMap<String, Localized>,
    end_date_text: Localized,
    /// "Only {days} days left" in each language's plural forms.
    days_left_text: BTreeMap<String, PluralTexts>,
    text: Localized,
    themeworlds: Vec<SeedThemeWorld>,
}

/// A counted text in a language's plural forms (`one`, `few`, `many`, `other`; the core's
/// `PluralCategory`): a form the language does not need is left out and `other` stands in.
#[derive(Debug, Default, FromJson)]
#[serde(default)]
struct PluralTexts {
    one: Option<String>,
    few: Option<String>,
    many: Option<String>,
    other: String,
}

impl PluralTexts {
    fn form(&self, category: PluralCategory) -> &str {
        let form = match category {
            PluralCategory::One => &self.one,
            PluralCategory::Few => &self.few,
            PluralCategory::Many => &self.many,
            PluralCategory::Other => &None,
        };
        form.as_deref().unwrap_or(&self.other)
    }
}

/// "Only {days} days left" on a site: the site's language's form for `days`, filled in (German
/// when the language has none).
fn days_left_text(texts: &BTreeMap<String, PluralTexts>, site: Site, days: u32) -> String {
    let forms = texts.get(language(site)).or_else(|| texts.get("de"));
    let category = site.locale().plural_category(u64::from(days));
    forms.map_or_else(String::new, |forms| {
        fill(forms.form(category), &[("days", &days.to_string())])
    })
}

#[derive(Debug, Default, FromJson)]
#[serde(default)]
struct SeedOverview {
    title: Localized,
    /// The overview path per language.
    path: Localized,
}

#[derive(Debug, Default, FromJson)]
#[serde(rename_all = "camelCase", default)]
struct SeedThemeWorld {
    section: String,
    /// The picture, `/img/themeworlds/{image}.svg`.
    image: String,
    title: Localized,
    tchibo_card: bool,
    availability: Vec<String>,
    badges: Vec<String>,
    end_date: Option<DayMonth>,
    days_left: Option<u32>,
    products: Vec<String>,
    /// Site codes that do not show this theme world.
    not_on: Vec<String>,
}

#[derive(Debug, Default, FromJson)]
#[serde(default)]
struct DayMonth {
    day: u32,
    month: u32,
}

/// A theme world as the service sends it.
#[derive(Clone, Debug, ToJson)]
#[serde(rename_all = "camelCase")]
pub struct ThemeWorld {
    pub url: String,
    pub img_url: String,
    pub title: String,
    pub tchibo_card: bool,
    pub availability: Vec<String>,
    pub badges: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_date: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_date_text: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub only_x_days_left_text: Option<String>,
}

#[derive(Clone, Debug, Default, ToJson)]
pub struct Section {
    pub headline: String,
    pub themeworlds: Vec<ThemeWorld>,
}

#[derive(Clone, Debug, Default, ToJson)]
#[serde(rename_all = "camelCase")]
pub struct Sections {
    pub scout: Section,
    #[serde(rename = "new")]
    pub fresh: Section,
    pub more: Section,
    pub last_chance: Section,
}

#[derive(Clone, Debug, ToJson)]
pub struct Overview {
    pub title: String,
    pub url: String,
}

#[derive(Clone, Debug, ToJson)]
struct ThemeWorldsAnswer<'a> {
    overview: &'a Overview,
    sections: &'a Sections,
    translations: &'a BTreeMap<String, String>,
}

/// What a theme world's page shows.
#[derive(Clone, Debug)]
pub struct ThemeWorldPage {
    pub world: ThemeWorld,
    /// The availability names in the site's language.
    pub availability: Vec<String>,
    pub text: String,
    pub products: Vec<String>,
}

/// One site's theme worlds.
pub struct SiteThemeWorlds {
    pub overview: Overview,
    pub sections: Sections,
    pub pages: BTreeMap<String, ThemeWorldPage>,
    body: String,
}

impl Sections {
    fn section_mut(&mut self, name: &str) -> Option<&mut Section> {
        match name {
            "scout" => Some(&mut self.scout),
            "new" => Some(&mut self.fresh),
            "more" => Some(&mut self.more),
            "lastChance" => Some(&mut self.last_chance),
            _ => None,
        }
    }

    /// The sections with their names, in the flyout's order.
    pub fn in_order(&self) -> [(&'static str, &Section); 4] {
        [
            ("scout", &self.scout),
            ("new", &self.fresh),
            ("more", &self.more),
            ("lastChance", &self.last_chance),
        ]
    }
}

fn build(seed: &Seed, site: Site) -> SiteThemeWorlds {
    let lang = language(site);
    let overview = Overview {
        title: pick(&seed.overview.title, site),
        url: format!("{}{}", site_prefix(site), pick(&seed.overview.path, site)),
    };
    let translations: BTreeMap<String, String> = seed
        .translations
        .iter()
        .map(|(key, texts)| (key.clone(), pick(texts, site)))
        .collect();
    let mut sections = Sections::default();
    for name in SectionKey::ALL.map(SectionKey::name) {
        if let (Some(section), Some(headline)) =
            (sections.section_mut(name), seed.headlines.get(name))
        {
            section.headline = pick(headline, site);
        }
    }
    let mut pages = BTreeMap::new();
    for seeded in &seed.themeworlds {
        if seeded.not_on.iter().any(|code| code == site.code()) {
            continue;
        }
        let title = pick(&seeded.title, site);
        let end = seeded.end_date.as_ref().map(|date| {
            let (day, month) = (date.day.to_string(), date.month.to_string());
            (
                format!("{day}.{month}."),
                fill(
                    &pick(&seed.end_date_text, site),
                    &[("day", &day), ("month", &month)],
                ),
            )
        });
        let world = ThemeWorld {
            url: format!("{}/{}", overview.url, slug(&title, lang)),
            img_url: format!("/img/themeworlds/{}.svg", seeded.image),
            title,
            tchibo_card: seeded.tchibo_card,
            availability: seeded.availability.clone(),
            badges: seeded.badges.clone(),
            end_date: end.as_ref().map(|(date, _)| date.clone()),
            end_date_text: end.map(|(_, text)| text),
            only_x_days_left_text: seeded
                .days_left
                .map(|days| days_left_text(&seed.days_left_text, site, days)),
        };
        pages.insert(
            world.url.clone(),
            ThemeWorldPage {
                availability: world
                    .availability
                    .iter()
                    .map(|name| translations.get(name).cloned().unwrap_or_default())
                    .collect(),
                text: pick(&seed.text, site),
                products: seeded.products.clone(),
                world: world.clone(),
            },
        );
        if let Some(section) = sections.section_mut(&seeded.section) {
            section.themeworlds.push(world);
        }
    }
    let body = json::to_string(&ThemeWorldsAnswer {
        overview: &overview,
        sections: &sections,
        translations: &translations,
    });
    SiteThemeWorlds {
        overview,
        sections,
        pages,
        body,
    }
}

/// Every site's theme worlds.
pub fn theme_worlds(site: Site) -> Option<&'static SiteThemeWorlds> {
    static ALL: OnceLock<BTreeMap<Site, SiteThemeWorlds>> = OnceLock::new();
    ALL.get_or_init(|| {
        let seed: Seed = json::from_str(SEED).unwrap_or_default();
        Site::ALL
            .into_iter()
            .map(|site| (site, build(&seed, site)))
            .collect()
    })
    .get(&site)
}

/// `GET /service/themeworld-frontend/api/themeworlds/navigation`.
pub async fn get_theme_worlds(
    State(state): State<AppState>,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    if state.faults.theme_worlds() {
        return json_error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "UNAVAILABLE",
            "the theme worlds fail (test fault)",
        );
    }
    let Some(query) = api::query_string(uri.query()) else {
        return api::query_too_long();
    };
    match theme_worlds(api::request_site(query, &headers)) {
        Some(worlds) => json_response(StatusCode::OK, worlds.body.clone()),
        None => json_error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "UNAVAILABLE",
            "no theme worlds",
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The seed's days left agree with its end dates as seen on the suites' and the page
    /// benchmark's fixed day, 25 November (`SHOP_TEST_NOW`): two worlds ending the same day
    /// never say different days left.
    #[test]
    fn the_seeds_days_left_are_the_days_from_the_fixed_day_to_each_end() {
        let parsed: Result<Seed, _> = json::from_str(SEED);
        let seed = parsed.unwrap_or_else(|error| panic!("themeworlds.json: {error}"));
        let mut counted = 0;
        for world in &seed.themeworlds {
            if let (Some(end), Some(days)) = (&world.end_date, world.days_left) {
                assert_eq!((end.month, end.day), (11, 25 + days), "{world:?}");
                counted += 1;
            }
        }
        assert!(counted >= 2);
    }

    #[test]
    fn days_left_are_counted_in_each_languages_plural_forms() {
        let parsed: Result<Seed, _> = json::from_str(SEED);
        let seed = parsed.unwrap_or_else(|error| panic!("themeworlds.json: {error}"));
        let texts = &seed.days_left_text;
        let table: &[(Site, u32, &str)] = &[
            (Site::De, 1, "Nur noch 1 Tag"),
            (Site::At, 3, "Nur noch 3 Tage"),
            (Site::Ch, 0, "Nur noch 0 Tage"),
            (Site::ChFr, 0, "Plus que 0 jour"),
            (Site::ChFr, 1, "Plus que 1 jour"),
            (Site::ChFr, 2, "Plus que 2 jours"),
            (Site::Pl, 1, "Jeszcze tylko 1 dzień"),
            (Site::Pl, 3, "Jeszcze tylko 3 dni"),
            (Site::Pl, 5, "Jeszcze tylko 5 dni"),
            (Site::Cz, 1, "Už jen 1 den"),
            (Site::Cz, 4, "Už jen 4 dny"),
            (Site::Cz, 5, "Už jen 5 dní"),
            (Site::Cz, 22, "Už jen 22 dní"),
            (Site::Sk, 1, "Už len 1 deň"),
            (Site::Sk, 2, "Už len 2 dni"),
            (Site::Sk, 25, "Už len 25 dní"),
            (Site::Hu, 1, "Már csak 1 nap"),
            (Site::Hu, 5, "Már csak 5 nap"),
            (Site::Tr, 1, "Son 1 gün"),
            (Site::Tr, 7, "Son 7 gün"),
        ];
        for (site, days, expected) in table {
            assert_eq!(
                days_left_text(texts, *site, *days),
                *expected,
                "{site:?} {days}"
            );
        }
        // Every language has its `other` form.
        for site in Site::ALL {
            assert!(!days_left_text(texts, site, 7).is_empty(), "{site:?}");
        }
    }

    #[test]
    fn the_seed_parses_and_fills_every_section_but_lastchance_on_tr() {
        let parsed: Result<Seed, _> = json::from_str(SEED);
        let seed = parsed.unwrap_or_else(|error| panic!("themeworlds.json: {error}"));
        assert_eq!(seed.translations.len(), 8);
        for site in Site::ALL {
            let worlds = theme_worlds(site).unwrap_or_else(|| panic!("{site:?}"));
            for (name, section) in worlds.sections.in_order() {
                let expected = if site == Site::Tr && name == "lastChance" {
                    0..=0
                } else {
                    2..=4
                };
                assert!(
                    expected.contains(&section.themeworlds.len()),
                    "{site:?} {name}"
                );
                assert!(!section.headline.is_empty());
            }
        }
    }
}
