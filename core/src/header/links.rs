//! The header's links: the fixed routes (spec section 2 "Routes and link targets"), the
//! per-site content pages ("per-locale content pages for help and service, store locator,
//! loyalty card, theme worlds and weekly offers"), the coffee category of the fallback
//! navigation, the store finder (section 2 "Store finder flyout") and the user menu (section 2
//! "User menu flyout", section 6).

use crate::content::PersonalData;
use crate::json::{Json, ToJson};
use crate::site::Site;

/// The site root: the logo link (the same route as the empty mini cart's Continue shopping).
pub const HOME_PATH: &str = crate::cart::CONTINUE_SHOPPING_URL;
/// My account, logged in or out.
pub const ACCOUNT_PATH: &str = "/account";
pub const LOGIN_PATH: &str = "/signin?loginRedirect=red";
pub const REGISTER_PATH: &str = "/register";
pub const LOGOUT_PATH: &str = "/logout";
pub const ORDER_HISTORY_PATH: &str = "/orderhistory";
pub const WATCHLIST_PATH: &str = "/watchlist";
/// The loyalty beans account.
pub const BEAN_ACCOUNT_PATH: &str = "/beanaccount";
/// The newsletter sign-up the benefits bar links to.
pub const NEWSLETTER_SIGNUP_PATH: &str = "/subscribenewsletter";
/// The store finder's results; the store search adds `searchTerm`.
pub const STORE_FINDER_SEARCH_PATH: &str = "/service/storefinder/search";
/// The mobile plan login (DE only, new tab).
pub const MOBILE_PLAN_LOGIN_URL: &str = "https://mobil.shop.example/login";
/// The community (DE only, new tab).
pub const COMMUNITY_URL: &str = "https://community.shop.example/";

/// A per-site content page the header links to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ContentPage {
    HelpAndService,
    StoreLocator,
    LoyaltyCard,
    ThemeWorlds,
    WeeklyOffers,
    /// DE only: linked from the store finder flyout.
    SupermarketOffers,
}

/// Every content page of every site with its path: the one table the header links and the
/// reference server's pages read. A (site, page) pair that is not listed does not exist on that
/// site (TR has no help and service and no loyalty card; only DE has supermarket offers).
pub const CONTENT_PAGES: [(Site, ContentPage, &str); 44] = {
    use ContentPage::{
        HelpAndService as Help, LoyaltyCard as Card, StoreLocator as Stores,
        SupermarketOffers as Supermarket, ThemeWorlds as Themes, WeeklyOffers as Weekly,
    };
    use Site::{At, Ch, ChFr, Cz, De, Hu, Pl, Sk, Tr};
    [
        (De, Help, "/service-hilfe"),
        (De, Stores, "/filialen"),
        (De, Card, "/kundenkarte"),
        (De, Themes, "/themenwelten"),
        (De, Weekly, "/wochenangebote"),
        (De, Supermarket, "/supermarkt-angebote"),
        (At, Help, "/service-hilfe"),
        (At, Stores, "/filialen"),
        (At, Card, "/kundenkarte"),
        (At, Themes, "/themenwelten"),
        (At, Weekly, "/wochenangebote"),
        (Ch, Help, "/service-hilfe"),
        (Ch, Stores, "/filialen"),
        (Ch, Card, "/kundenkarte"),
        (Ch, Themes, "/themenwelten"),
        (Ch, Weekly, "/wochenangebote"),
        (ChFr, Help, "/aide-service"),
        (ChFr, Stores, "/filiales"),
        (ChFr, Card, "/carte-client"),
        (ChFr, Themes, "/univers"),
        (ChFr, Weekly, "/offres-de-la-semaine"),
        (Pl, Help, "/pomoc"),
        (Pl, Stores, "/sklepy"),
        (Pl, Card, "/karta-klienta"),
        (Pl, Themes, "/swiaty-tematyczne"),
        (Pl, Weekly, "/oferty-tygodnia"),
        (Cz, Help, "/napoveda"),
        (Cz, Stores, "/prodejny"),
        (Cz, Card, "/zakaznicka-karta"),
        (Cz, Themes, "/tematicke-svety"),
        (Cz, Weekly, "/tydenni-nabidky"),
        (Hu, Help, "/segitseg"),
        (Hu, Stores, "/uzletek"),
        (Hu, Card, "/torzsvasarloi-kartya"),
        (Hu, Themes, "/tematikus-vilagok"),
        (Hu, Weekly, "/heti-ajanlatok"),
        (Sk, Help, "/pomoc"),
        (Sk, Stores, "/predajne"),
        (Sk, Card, "/zakaznicka-karta"),
        (Sk, Themes, "/tematicke-svety"),
        (Sk, Weekly, "/tyzdenne-ponuky"),
        (Tr, Stores, "/magazalar"),
        (Tr, Themes, "/tema-dunyalari"),
        (Tr, Weekly, "/haftalik-firsatlar"),
    ]
};

/// The path of a site's content page; `None` where the site has no such page. Out of line on
/// purpose: the table scan is called from several exports of the browser build.
#[inline(never)]
pub fn content_page_path(site: Site, page: ContentPage) -> Option<&'static str> {
    CONTENT_PAGES
        .iter()
        .find(|(s, p, _)| *s == site && *p == page)
        .map(|(_, _, path)| *path)
}

/// The coffee category a site's fallback navigation links to: `/kaffee` on the German-speaking
/// sites, the local word elsewhere.
pub const fn coffee_path(site: Site) -> &'static str {
    match site {
        Site::De | Site::At | Site::Ch => "/kaffee",
        Site::ChFr => "/cafe",
        Site::Pl => "/kawa",
        Site::Cz | Site::Sk => "/kava",
        Site::Hu => "/kave",
        Site::Tr => "/kahve",
    }
}

/// The store finder's results for what was typed: sent as typed (no trimming, no check; spec
/// section 5 "The store search sends whatever is typed"), percent-encoded.
pub fn store_finder_url(term: &str) -> String {
    [
        STORE_FINDER_SEARCH_PATH,
        "?",
        &crate::url::query(&[("searchTerm", term)]),
    ]
    .concat()
}

/// The store finder flyout's supermarket-offers link (DE only).
pub fn supermarket_offers_link(site: Site) -> Option<&'static str> {
    content_page_path(site, ContentPage::SupermarketOffers)
}

/// The header's fixed routes and services in one object for the views.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct HeaderPaths {
    pub home: &'static str,
    pub account: &'static str,
    pub login: &'static str,
    pub register: &'static str,
    pub logout: &'static str,
    pub order_history: &'static str,
    pub watchlist: &'static str,
    pub bean_account: &'static str,
    pub newsletter_signup: &'static str,
    pub store_finder_search: &'static str,
    pub mobile_plan_login: &'static str,
    pub community: &'static str,
    /// The theme-world flyout's service (GET, credentials included).
    pub theme_worlds_service: &'static str,
    /// The cart page (the cart icon's link; the mini cart's "To the cart" goes there too).
    pub cart: &'static str,
    /// The search service's cache key, asked once when the header loads.
    pub search_cache_key: &'static str,
}

pub const HEADER_PATHS: HeaderPaths = HeaderPaths {
    home: HOME_PATH,
    account: ACCOUNT_PATH,
    login: LOGIN_PATH,
    register: REGISTER_PATH,
    logout: LOGOUT_PATH,
    order_history: ORDER_HISTORY_PATH,
    watchlist: WATCHLIST_PATH,
    bean_account: BEAN_ACCOUNT_PATH,
    newsletter_signup: NEWSLETTER_SIGNUP_PATH,
    store_finder_search: STORE_FINDER_SEARCH_PATH,
    mobile_plan_login: MOBILE_PLAN_LOGIN_URL,
    community: COMMUNITY_URL,
    theme_worlds_service: super::navigation::THEME_WORLDS_PATH,
    cart: crate::cart::CART_PAGE_URL,
    search_cache_key: crate::search::CACHEKEY_PATH,
};

/// A button of the user menu's welcome area.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum UserActionKind {
    Login,
    Register,
    Logout,
}

/// A welcome-area button and where it leads (a full page load).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct UserAction {
    pub kind: UserActionKind,
    pub url: &'static str,
}

/// A link of the user menu; the view translates the kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum UserMenuLinkKind {
    Account,
    LoyaltyCard,
    OrderHistory,
    Watchlist,
    Beans,
    MobilePlan,
    Community,
    HelpAndService,
}

/// One link of the user menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct UserMenuLink {
    pub kind: UserMenuLinkKind,
    pub url: &'static str,
    /// Opens in a new tab (`target="_blank" rel="noopener noreferrer"`).
    pub new_tab: bool,
    /// The loyalty beans balance, on the BEANS link only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub beans: Option<u32>,
}

/// The user menu flyout's content.
#[derive(Clone, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct UserMenu {
    /// Logged in or remembered.
    pub logged_in: bool,
    /// The name for the welcome text; only when logged in and known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub customer_name: Option<String>,
    /// Logged out: LOGIN, REGISTER; logged in or remembered: LOGOUT.
    pub actions: Vec<UserAction>,
    pub links: Vec<UserMenuLink>,
}

/// The user menu for a site and visitor (spec sections 2 and 6). Links in this order:
/// ACCOUNT (always); LOYALTY_CARD (where the site has the page: not TR); ORDER_HISTORY;
/// WATCHLIST; BEANS with the balance (only for a logged-in loyalty-card member: a logged-out
/// visitor's membership and balance are not shown); MOBILE_PLAN and COMMUNITY (DE only, new
/// tab); HELP_AND_SERVICE (where the site has the page: not TR).
pub fn user_menu(site: Site, visitor: &PersonalData) -> UserMenu {
    use UserMenuLinkKind as Kind;
    let logged_in = visitor.logged_in_or_remembered;
    let link = |kind, url| UserMenuLink {
        kind,
        url,
        new_tab: false,
        beans: None,
    };
    let page = |kind, page| content_page_path(site, page).map(|url| link(kind, url));
    let member = logged_in && visitor.tchibo_card_member;
    let de = site == Site::De;
    let links = [
        Some(link(Kind::Account, ACCOUNT_PATH)),
        page(Kind::LoyaltyCard, ContentPage::LoyaltyCard),
        Some(link(Kind::OrderHistory, ORDER_HISTORY_PATH)),
        Some(link(Kind::Watchlist, WATCHLIST_PATH)),
        member.then_some(UserMenuLink {
            beans: Some(visitor.loyalty_beans),
            ..link(Kind::Beans, BEAN_ACCOUNT_PATH)
        }),
        de.then_some(UserMenuLink {
            new_tab: true,
            ..link(Kind::MobilePlan, MOBILE_PLAN_LOGIN_URL)
        }),
        de.then_some(UserMenuLink {
            new_tab: true,
            ..link(Kind::Community, COMMUNITY_URL)
        }),
        page(Kind::HelpAndService, ContentPage::HelpAndService),
    ];
    let action = |kind, url| UserAction { kind, url };
    UserMenu {
        logged_in,
        customer_name: visitor.customer_name.clone().filter(|_| logged_in),
        actions: if logged_in {
            vec![action(UserActionKind::Logout, LOGOUT_PATH)]
        } else {
            vec![
                action(UserActionKind::Login, LOGIN_PATH),
                action(UserActionKind::Register, REGISTER_PATH),
            ]
        },
        links: links.into_iter().flatten().collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ContentPage::*;
    use proptest::prelude::*;

    const PAGES: [ContentPage; 6] = [
        HelpAndService,
        StoreLocator,
        LoyaltyCard,
        ThemeWorlds,
        WeeklyOffers,
        SupermarketOffers,
    ];

    #[test]
    fn content_pages_of_every_site() {
        type Row = (Site, [Option<&'static str>; 6]);
        let table: [Row; 9] = [
            (
                Site::De,
                [
                    Some("/service-hilfe"),
                    Some("/filialen"),
                    Some("/kundenkarte"),
                    Some("/themenwelten"),
                    Some("/wochenangebote"),
                    Some("/supermarkt-angebote"),
                ],
            ),
            (
                Site::At,
                [
                    Some("/service-hilfe"),
                    Some("/filialen"),
                    Some("/kundenkarte"),
                    Some("/themenwelten"),
                    Some("/wochenangebote"),
                    None,
                ],
            ),
            (
                Site::Ch,
                [
                    Some("/service-hilfe"),
                    Some("/filialen"),
                    Some("/kundenkarte"),
                    Some("/themenwelten"),
                    Some("/wochenangebote"),
                    None,
                ],
            ),
            (
                Site::ChFr,
                [
                    Some("/aide-service"),
                    Some("/filiales"),
                    Some("/carte-client"),
                    Some("/univers"),
                    Some("/offres-de-la-semaine"),
                    None,
                ],
            ),
            (
                Site::Pl,
                [
                    Some("/pomoc"),
                    Some("/sklepy"),
                    Some("/karta-klienta"),
                    Some("/swiaty-tematyczne"),
                    Some("/oferty-tygodnia"),
                    None,
                ],
            ),
            (
                Site::Cz,
                [
                    Some("/napoveda"),
                    Some("/prodejny"),
                    Some("/zakaznicka-karta"),
                    Some("/tematicke-svety"),
                    Some("/tydenni-nabidky"),
                    None,
                ],
            ),
            (
                Site::Hu,
                [
                    Some("/segitseg"),
                    Some("/uzletek"),
                    Some("/torzsvasarloi-kartya"),
                    Some("/tematikus-vilagok"),
                    Some("/heti-ajanlatok"),
                    None,
                ],
            ),
            (
                Site::Sk,
                [
                    Some("/pomoc"),
                    Some("/predajne"),
                    Some("/zakaznicka-karta"),
                    Some("/tematicke-svety"),
                    Some("/tyzdenne-ponuky"),
                    None,
                ],
            ),
            (
                Site::Tr,
                [
                    None,
                    Some("/magazalar"),
                    None,
                    Some("/tema-dunyalari"),
                    Some("/haftalik-firsatlar"),
                    None,
                ],
            ),
        ];
        for (site, paths) in table {
            for (page, path) in PAGES.into_iter().zip(paths) {
                assert_eq!(content_page_path(site, page), path, "{site:?} {page:?}");
            }
            assert_eq!(
                supermarket_offers_link(site),
                (site == Site::De).then_some("/supermarkt-angebote")
            );
        }
        // Every (site, page) pair once.
        for (index, (site, page, _)) in CONTENT_PAGES.iter().enumerate() {
            let first = CONTENT_PAGES
                .iter()
                .position(|(s, p, _)| s == site && p == page);
            assert_eq!(first, Some(index), "{site:?} {page:?} twice");
        }
    }

    #[test]
    fn coffee_of_every_site() {
        let table = [
            (Site::De, "/kaffee"),
            (Site::At, "/kaffee"),
            (Site::Ch, "/kaffee"),
            (Site::ChFr, "/cafe"),
            (Site::Pl, "/kawa"),
            (Site::Cz, "/kava"),
            (Site::Hu, "/kave"),
            (Site::Sk, "/kava"),
            (Site::Tr, "/kahve"),
        ];
        for (site, path) in table {
            assert_eq!(coffee_path(site), path, "{site:?}");
        }
    }

    #[test]
    fn store_finder_sends_as_typed() {
        let table = [
            ("20095", "/service/storefinder/search?searchTerm=20095"),
            (
                " Hamburg Mitte ",
                "/service/storefinder/search?searchTerm=%20Hamburg%20Mitte%20",
            ),
            ("", "/service/storefinder/search?searchTerm="),
            (
                "Zürich&x=1",
                "/service/storefinder/search?searchTerm=Z%C3%BCrich%26x%3D1",
            ),
        ];
        for (term, url) in table {
            assert_eq!(store_finder_url(term), url, "{term:?}");
        }
    }

    #[test]
    fn fixed_paths() {
        let written = crate::json::to_string(&HEADER_PATHS);
        for expected in [
            r#""home":"/""#,
            r#""login":"/signin?loginRedirect=red""#,
            r#""orderHistory":"/orderhistory""#,
            r#""beanAccount":"/beanaccount""#,
            r#""newsletterSignup":"/subscribenewsletter""#,
            r#""mobilePlanLogin":"https://mobil.shop.example/login""#,
            r#""community":"https://community.shop.example/""#,
            r#""themeWorldsService":"/service/themeworld-frontend/api/themeworlds/navigation""#,
        ] {
            assert!(written.contains(expected), "{expected} in {written}");
        }
    }

    fn visitor(logged_in: bool, member: bool) -> PersonalData {
        PersonalData {
            initialized: true,
            logged_in_or_remembered: logged_in,
            customer_name: Some("Erika Mustermann".into()),
            loyalty_beans: 250,
            community_member: false,
            tchibo_card_member: member,
        }
    }

    #[test]
    fn user_menu_of_every_site_and_visitor() {
        use UserMenuLinkKind::*;
        for site in Site::ALL {
            let de = site == Site::De;
            let tr = site == Site::Tr;
            let expected_links = |beans: bool| {
                let mut kinds = vec![Account];
                if !tr {
                    kinds.push(LoyaltyCard);
                }
                kinds.extend([OrderHistory, Watchlist]);
                if beans {
                    kinds.push(Beans);
                }
                if de {
                    kinds.extend([MobilePlan, Community]);
                }
                if !tr {
                    kinds.push(HelpAndService);
                }
                kinds
            };
            // (logged in, member, shows beans)
            for (logged_in, member, beans) in [
                (false, false, false),
                (false, true, false),
                (true, false, false),
                (true, true, true),
            ] {
                let menu = user_menu(site, &visitor(logged_in, member));
                let case = format!("{site:?} logged in {logged_in} member {member}");
                assert_eq!(menu.logged_in, logged_in, "{case}");
                let kinds: Vec<_> = menu.links.iter().map(|l| l.kind).collect();
                assert_eq!(kinds, expected_links(beans), "{case}");
                let actions: Vec<_> = menu.actions.iter().map(|a| (a.kind, a.url)).collect();
                if logged_in {
                    assert_eq!(menu.customer_name.as_deref(), Some("Erika Mustermann"));
                    assert_eq!(actions, [(UserActionKind::Logout, "/logout")], "{case}");
                } else {
                    assert_eq!(menu.customer_name, None, "{case}");
                    assert_eq!(
                        actions,
                        [
                            (UserActionKind::Login, "/signin?loginRedirect=red"),
                            (UserActionKind::Register, "/register")
                        ],
                        "{case}"
                    );
                }
                for link in &menu.links {
                    let (url, new_tab) = match link.kind {
                        Account => ("/account", false),
                        LoyaltyCard => (
                            content_page_path(site, ContentPage::LoyaltyCard).unwrap_or("?"),
                            false,
                        ),
                        OrderHistory => ("/orderhistory", false),
                        Watchlist => ("/watchlist", false),
                        Beans => ("/beanaccount", false),
                        MobilePlan => ("https://mobil.shop.example/login", true),
                        Community => ("https://community.shop.example/", true),
                        HelpAndService => (
                            content_page_path(site, ContentPage::HelpAndService).unwrap_or("?"),
                            false,
                        ),
                    };
                    assert_eq!((link.url, link.new_tab), (url, new_tab), "{case} {link:?}");
                    assert_eq!(link.beans, (link.kind == Beans).then_some(250), "{case}");
                }
            }
        }
    }

    #[test]
    fn user_menu_json() {
        let menu = user_menu(Site::Tr, &visitor(true, true));
        assert_eq!(
            crate::json::to_string(&menu),
            concat!(
                r#"{"loggedIn":true,"customerName":"Erika Mustermann","actions":[{"kind":"LOGOUT","url":"/logout"}],"links":["#,
                r#"{"kind":"ACCOUNT","url":"/account","newTab":false},"#,
                r#"{"kind":"ORDER_HISTORY","url":"/orderhistory","newTab":false},"#,
                r#"{"kind":"WATCHLIST","url":"/watchlist","newTab":false},"#,
                r#"{"kind":"BEANS","url":"/beanaccount","newTab":false,"beans":250}]}"#
            )
        );
    }

    proptest! {
        #[test]
        fn links_are_total(term in any::<String>(), name in proptest::option::of(any::<String>()), beans in any::<u32>(), flags in any::<(bool, bool, bool)>()) {
            let url = store_finder_url(&term);
            prop_assert!(url.starts_with("/service/storefinder/search?searchTerm="));
            prop_assert_eq!(crate::url::query_value(url.split_once('?').map_or("", |(_, q)| q), "searchTerm"), Some(term.clone()));
            let visitor = PersonalData {
                initialized: flags.0,
                logged_in_or_remembered: flags.1,
                customer_name: name,
                loyalty_beans: beans,
                community_member: flags.2,
                tchibo_card_member: flags.2,
            };
            for site in Site::ALL {
                let menu = user_menu(site, &visitor);
                prop_assert_eq!(menu.links.first().map(|l| l.kind), Some(UserMenuLinkKind::Account));
                let _ = coffee_path(site);
                let _ = supermarket_offers_link(site);
                for page in PAGES {
                    let _ = content_page_path(site, page);
                }
            }
        }
    }
}
