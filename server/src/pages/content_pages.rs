//! The shop's content pages inside the page frame: not found, the plain and legal pages, the
//! sign-up and footer pages, search, terms, store finder, sign-in, account and the content pages
//! with promotions.

use super::*;

/// A page that does not exist: says so, offers the search (a shopper who followed an old link
/// is looking for something) and the way home.
pub(super) fn not_found(frame: &mut Frame) -> (StatusCode, String) {
    frame.page_type = "notFound";
    frame.title = frame.t("page.notFoundTitle");
    (
        StatusCode::NOT_FOUND,
        format!(
            "<h1 class=\"shell-heading\">{}</h1><p>{}</p>{}<p><a href=\"{}\">{}</a></p>",
            escape(&frame.title),
            escape(&frame.t("page.notFoundText")),
            search_form(frame, "", false, ""),
            escape(&frame.link("/")),
            escape(&frame.t("page.backHome"))
        ),
    )
}

/// A page heading.
pub(super) fn heading(title: &str) -> String {
    format!("<h1 class=\"shell-heading\">{}</h1>", escape(title))
}

/// A paragraph of text.
fn paragraph(text: &str) -> String {
    format!("<p>{}</p>", escape(text))
}

/// A link inside the page's site.
fn site_link(frame: &Frame, path: &str, label: &str) -> String {
    format!(
        "<a href=\"{}\">{}</a>",
        escape(&frame.link(path)),
        escape(label)
    )
}

/// The login page's address that comes back to `path` (inside the site) afterwards.
fn sign_in_path(frame: &Frame, path: &str) -> String {
    format!(
        "/signin?{}",
        shop_core::url::query(&[("loginRedirect", &frame.link(path))])
    )
}

/// Sets the frame of a page of the route table: its path, page type and title.
fn set_page(frame: &mut Frame, path: &str, page_type: &'static str, title_key: &str) {
    frame.path = path.to_owned();
    frame.page_type = page_type;
    frame.title = frame.t(title_key);
}

/// A page with a heading and a short text: `{key}Title` and `{key}Text`.
pub(super) fn plain_page(
    frame: &mut Frame,
    path: &str,
    page_type: &'static str,
    key: &str,
) -> (StatusCode, String) {
    set_page(frame, path, page_type, &format!("{key}Title"));
    (
        StatusCode::OK,
        heading(&frame.title) + &paragraph(&frame.t(&format!("{key}Text"))),
    )
}

/// The newsletter sign-up page: the slot the shell mounts the sign-up fragment into, over a
/// static part that stays when the fragment cannot load: a loading notice while scripts run, and
/// the server's own form (`signup_form.rs`), shown without scripts or when the fragment cannot
/// load. The answer to a posted form is that form's outcome, with no slot: the fragment does not
/// take over a page that answers what the shopper sent.
pub(super) fn newsletter_page(
    frame: &mut Frame,
    query: &str,
    submitted: Option<&Submitted>,
    login: Option<Login>,
) -> (StatusCode, String) {
    set_page(
        frame,
        NEWSLETTER_SIGNUP_PATH,
        "newsletter",
        "page.newsletterTitle",
    );
    let heading = heading(&frame.title);
    // A logged-in customer's form is prefilled from the customer base data (newsletter spec
    // sections 4 and 6).
    let base = crate::newsletter::customer_base_data(login);
    let form = signup_html(frame.site, query, submitted, base.as_ref());
    match submitted {
        // The page's heading is part of the static part: the fragment brings its own (its title
        // as the page's `<h1>`) and hides the static part when it shows, so the page has one
        // main heading with and without it.
        None => (
            StatusCode::OK,
            format!(
                "<div id=\"shell-newsletter\" class=\"shell-newsletter\"><div data-static-newsletter>\
                 {heading}<p class=\"shell-newsletter__loading\">{}</p>{form}</div></div>",
                escape(&frame.t("page.newsletterText"))
            ),
        ),
        Some(submitted) => {
            let status = match submitted {
                Submitted::Sent { .. } => StatusCode::OK,
                Submitted::Refused { .. } => StatusCode::BAD_REQUEST,
                Submitted::Failed { .. } => StatusCode::SERVICE_UNAVAILABLE,
            };
            (
                status,
                format!("{heading}<div class=\"shell-newsletter\">{form}</div>"),
            )
        }
    }
}

/// The pages the sign-up page links to (the core's `newsletter_links`) that are no page of
/// their own: the voucher conditions, HU's data-protection notice, TR's legal pages, the sample
/// newsletter; the link's text from the newsletter texts is the title.
fn newsletter_link_page(frame: &mut Frame, path: &str) -> Option<(StatusCode, String)> {
    let links = shop_core::forms::newsletter::newsletter_links(frame.site);
    let own = format!("/{}", path.trim_matches('/'));
    let pages = [
        (
            Some(links.voucher_conditions),
            "newsletter.voucherConditionsLink",
        ),
        (
            links.data_protection_notice,
            "newsletter.dataProtectionNoticeLink",
        ),
        (
            links.newsletter_information,
            "newsletter.newsletterInformationLink",
        ),
        (
            links.commercial_message_consent,
            "newsletter.commercialMessageConsentLink",
        ),
        (links.marketing_consent, "newsletter.marketingConsentLink"),
        (links.privacy_notice, "newsletter.privacyNoticeLink"),
        (links.sample_newsletter, "newsletter.sampleNewsletterLink"),
        (Some(links.privacy), "newsletter.privacyLink"),
        (Some(links.contact), "newsletter.contactLink"),
    ];
    let key = pages
        .into_iter()
        .find_map(|(href, key)| (href.as_deref() == Some(own.as_str())).then_some(key))?;
    frame.path = own;
    frame.page_type = "content";
    frame.title = frame.t(key);
    let back = site_link(
        frame,
        "/subscribenewsletter",
        &frame.t("page.newsletterTitle"),
    );
    Some((
        StatusCode::OK,
        format!("{}<p>{back}</p>", heading(&frame.title)),
    ))
}

/// A page a footer link leads to: the link's text as its title, the text of its group (or the
/// sales-tax note) and the group's other links, all from the footer document.
pub(super) fn footer_page(
    frame: &mut Frame,
    path: &str,
    found: &FooterPage,
) -> (StatusCode, String) {
    frame.path = format!("/{path}");
    frame.page_type = "content";
    frame.title = found.title.clone();
    let own = format!("/{path}");
    let links: String = found
        .links
        .iter()
        .filter(|link| link.target.href.trim_end_matches('/') != own)
        .map(|link| {
            let target = &link.target;
            let item = if target.new_tab {
                format!(
                    "<a href=\"{}\"{}>{}</a>",
                    escape(&target.href),
                    new_tab_attributes(target),
                    escape(&link.text)
                )
            } else {
                site_link(frame, &target.href, &link.text)
            };
            format!("<li>{item}</li>")
        })
        .collect();
    let links = if links.is_empty() {
        String::new()
    } else {
        format!("<ul class=\"shell-links\">{links}</ul>")
    };
    let text = found.text.as_deref().map(paragraph).unwrap_or_default();
    (
        StatusCode::OK,
        format!("{}{text}{links}", heading(&found.title)),
    )
}

/// A product list under the "our recommendations" subheading.
pub(super) fn products_section(offers: &[&Offer], frame: &Frame) -> String {
    format!(
        "<h2 class=\"shell-subheading\">{}</h2>{}",
        escape(&frame.t("page.products")),
        product_list(offers, frame, CardTitle::UnderSubheading)
    )
}

/// The catalogue's articles with these product ids, in catalogue order.
fn articles_with_ids<'a>(offers: &'a [Offer], ids: &[String]) -> Vec<&'a Offer> {
    offers
        .iter()
        .filter(|offer| article(offer).is_some_and(|a| ids.contains(&a.product_id)))
        .collect()
}

/// Where a search sent by a form (the static header's search page, the search page's own form)
/// leads when that is not the search page: the header's search box goes there directly, as the
/// core says (on DE the term `agb` is the terms page).
pub(super) fn search_leads_elsewhere(query: &str, site: Site) -> Option<String> {
    let typed = query_value(query, "query")?;
    match search_target(Some(&typed), site, false) {
        SearchTarget::Page { url, term } if url != search_page_url(&term, site) => {
            Some(format!("{}{url}", site_prefix(site)))
        }
        _ => None,
    }
}

/// `/search?query=&site=&filters=`: the catalogue's articles whose title contains the cleaned
/// term (only orderable ones with `filters=availability-available`).
pub(super) fn search_page(
    frame: &mut Frame,
    query: &str,
    offers: &[Offer],
) -> (StatusCode, String) {
    set_page(frame, "/search", "search", "page.searchTitle");
    let term = prefill_from_query_string(query);
    // The term as the summary quotes it: isolated from the sentence around it (U+2068 ... U+2069),
    // so a right-to-left term, or one with a direction override in it, reads as typed and leaves
    // the sentence's own words in their order.
    let quoted = format!("\u{2068}{term}\u{2069}");
    let only_available = query_value(query, "filters")
        .is_some_and(|filters| filters.split(',').any(|filter| filter == AVAILABLE_FILTER));
    let found: Vec<&Offer> = matching_articles(offers, &term)
        .into_iter()
        .filter(|offer| !only_available || article(offer).is_some_and(available))
        .collect();
    let summary = if term.is_empty() {
        frame.t("page.searchEmpty")
    } else if found.is_empty() {
        text(frame.locale, "page.searchNoResults", &[("query", &quoted)])
    } else {
        text(
            frame.locale,
            "page.searchResults",
            &[("count", &found.len().to_string()), ("query", &quoted)],
        )
    };
    let (filter, filter_note) = if only_available {
        (
            format!("<input type=\"hidden\" name=\"filters\" value=\"{AVAILABLE_FILTER}\">"),
            paragraph(&frame.t("page.searchAvailableOnly")),
        )
    } else {
        (String::new(), String::new())
    };
    // Reached without a term (the static header's search icon): the field is what the shopper
    // came for.
    let form = search_form(frame, &term, term.is_empty(), &filter);
    let results = if found.is_empty() {
        String::new()
    } else {
        product_list(&found, frame, CardTitle::UnderSubheading)
    };
    (
        StatusCode::OK,
        format!(
            "{}{form}<h2 class=\"shell-subheading\">{}</h2>{filter_note}{results}",
            heading(&frame.title),
            escape(&summary)
        ),
    )
}

/// The search page's form (the shell puts the header's search box over it), with `term` in its
/// field and `filter` (hidden inputs) sent along.
fn search_form(frame: &Frame, term: &str, autofocus: bool, filter: &str) -> String {
    format!(
        "<form class=\"shell-form\" action=\"{action}\" method=\"get\" role=\"search\" data-static-search>\
         <label for=\"shell-search-query\">{label}</label>\
         <input id=\"shell-search-query\" type=\"search\" name=\"query\" value=\"{term}\" maxlength=\"{max}\"{focus}>\
         <input type=\"hidden\" name=\"site\" value=\"{site}\">{filter}\
         <button type=\"submit\">{button}</button></form>",
        action = escape(shop_core::search::SEARCH_PAGE_PATH),
        label = escape(&frame.t("page.searchLabel")),
        term = escape(term),
        max = shop_core::search::SEARCH_TERM_MAX_CHARACTERS,
        focus = if autofocus { " autofocus" } else { "" },
        site = frame.site.code(),
        button = escape(&frame.t("page.searchButton")),
    )
}

/// `/agb-s400007325.html`, the terms page the DE search term `agb` leads to.
pub(super) fn terms_page(frame: &mut Frame) -> (StatusCode, String) {
    plain_page(frame, TERMS_PAGE_PATH, "terms", "page.terms")
}

/// `/service/storefinder/search?searchTerm=`: the site's stores the term finds (every store
/// for an empty term, and at `/service/storefinder/`).
pub(super) fn store_finder_page(
    frame: &mut Frame,
    path: &str,
    query: &str,
) -> (StatusCode, String) {
    set_page(
        frame,
        &format!("/{path}"),
        "storeFinder",
        "page.storeFinderTitle",
    );
    let term = query_value(query, "searchTerm")
        .map(|term| clean_search_term(Some(&term)))
        .unwrap_or_default();
    let stores = find_stores(frame.site, &term);
    let summary = if term.is_empty() {
        frame.t("page.storeAll")
    } else if stores.is_empty() {
        text(frame.locale, "page.storeNoResults", &[("term", &term)])
    } else {
        text(
            frame.locale,
            "page.storeResults",
            &[("count", &stores.len().to_string()), ("term", &term)],
        )
    };
    let list: String = stores
        .iter()
        .map(|store| {
            format!(
                "<li class=\"shell-store\"><h2 class=\"shell-store__name\">{}</h2>\
                 <p>{}<br>{} {}</p><p>{}</p></li>",
                escape(&store.name),
                escape(&store.street),
                escape(&store.postcode),
                escape(&store.city),
                escape(&text(
                    frame.locale,
                    "page.storeHours",
                    &[("hours", &store.hours)]
                )),
            )
        })
        .collect();
    let form = format!(
        "<form class=\"shell-form\" action=\"{action}\" method=\"get\" role=\"search\">\
         <label for=\"shell-store-term\">{label}</label>\
         <input id=\"shell-store-term\" type=\"search\" name=\"searchTerm\" value=\"{term}\">\
         <button type=\"submit\">{button}</button></form>",
        action = escape(&frame.link(STORE_FINDER_SEARCH_PATH)),
        label = escape(&frame.t("page.storeSearchLabel")),
        term = escape(&term),
        button = escape(&frame.t("page.storeSearchButton")),
    );
    (
        StatusCode::OK,
        format!(
            "{}{form}<p class=\"shell-summary\" role=\"status\">{}</p><ul class=\"shell-stores\">{list}</ul>",
            heading(&frame.title),
            escape(&summary)
        ),
    )
}

/// The path (and query) of the page a request came from, when it is a page of this server: the
/// `Referer` on the request's own host and port.
pub(super) fn referring_path(headers: &HeaderMap) -> Option<String> {
    let referer = headers.get(header::REFERER)?.to_str().ok()?;
    let path = crate::api::below_own_origin(referer, headers)?;
    (!path.is_empty()).then(|| path.to_owned())
}

/// `/signin?loginRedirect=`: the local login's form (`account.rs`). The header's login link is
/// the spec's `/signin?loginRedirect=red` ([`account::LOGIN_REDIRECT_BACK`]): back to the page
/// the shopper came from, this server's page that referred to the login (not the login itself),
/// else the site's home; any other value is followed when it is a safe local path.
pub(super) fn sign_in_page(
    frame: &mut Frame,
    query: &str,
    login: Option<Login>,
    referer: Option<String>,
) -> (StatusCode, String) {
    set_page(frame, "/signin", "login", "page.signinTitle");
    let current = login
        .map(|login| {
            format!(
                "<p class=\"shell-summary\">{} {}</p>",
                escape(&text(
                    frame.locale,
                    "page.signinCurrent",
                    &[("name", &login.account.name())]
                )),
                site_link(frame, "/logout", &frame.t("page.logoutLink"))
            )
        })
        .unwrap_or_default();
    let redirect = query_value(query, "loginRedirect")
        .and_then(|target| {
            if target == account::LOGIN_REDIRECT_BACK {
                referer
                    .clone()
                    .filter(|path| !split_site(path).1.starts_with("signin"))
            } else {
                Some(target)
            }
        })
        .filter(|path| account::safe_local_path(path))
        .map(|path| {
            format!(
                "<input type=\"hidden\" name=\"loginRedirect\" value=\"{}\">",
                escape(&path)
            )
        })
        .unwrap_or_default();
    let choices: String = ACCOUNTS
        .iter()
        .enumerate()
        .map(|(position, choice)| {
            let label = if choice.card_member {
                text(
                    frame.locale,
                    "page.signinMember",
                    &[
                        ("name", &choice.name()),
                        (
                            "beans",
                            &format_count(u64::from(choice.loyalty_beans), frame.site),
                        ),
                    ],
                )
            } else {
                text(
                    frame.locale,
                    "page.signinCustomer",
                    &[("name", &choice.name())],
                )
            };
            format!(
                "<label class=\"shell-choice\"><input type=\"radio\" name=\"account\" value=\"{}\"{}> {}</label>",
                choice.id,
                if position == 0 { " checked required" } else { "" },
                escape(&label)
            )
        })
        .collect();
    let form = format!(
        "<form class=\"shell-form shell-signin\" action=\"/signin\" method=\"post\">\
         <fieldset><legend>{legend}</legend>{choices}</fieldset>\
         <label class=\"shell-choice\"><input type=\"checkbox\" name=\"remember\" value=\"on\"> {remember}</label>\
         <input type=\"hidden\" name=\"site\" value=\"{site}\">{redirect}\
         <button type=\"submit\">{submit}</button></form>",
        legend = escape(&frame.t("page.signinAccount")),
        remember = escape(&frame.t("page.signinRemember")),
        site = frame.site.code(),
        submit = escape(&frame.t("page.signinSubmit")),
    );
    (
        StatusCode::OK,
        format!(
            "{}{current}{}{form}<p>{}</p>",
            heading(&frame.title),
            paragraph(&frame.t("page.signinText")),
            site_link(frame, "/register", &frame.t("page.registerLink"))
        ),
    )
}

/// `/account`: the welcome and the account's links when logged in, else the way to log in.
pub(super) fn account_page(frame: &mut Frame, login: Option<Login>) -> (StatusCode, String) {
    set_page(frame, "/account", "account", "page.accountTitle");
    let body = match login {
        Some(login) => {
            let mut links = vec![
                site_link(frame, "/orderhistory", &frame.t("page.orderHistoryTitle")),
                site_link(frame, "/watchlist", &frame.t("page.watchlistTitle")),
            ];
            if login.account.card_member {
                links.push(site_link(
                    frame,
                    "/beanaccount",
                    &frame.t("page.beanAccountTitle"),
                ));
            }
            links.push(site_link(frame, "/logout", &frame.t("page.logoutLink")));
            let items: String = links
                .iter()
                .map(|link| format!("<li>{link}</li>"))
                .collect();
            format!(
                "{}<ul class=\"shell-links\">{items}</ul>",
                paragraph(&text(
                    frame.locale,
                    "page.accountWelcome",
                    &[("name", &login.account.name())]
                ))
            )
        }
        None => logged_out(frame, "page.accountLoggedOut", "/account"),
    };
    (StatusCode::OK, heading(&frame.title) + &body)
}

/// A logged-out visitor's text with the links to log in (back to `path`) and to register.
fn logged_out(frame: &Frame, text_key: &str, path: &str) -> String {
    format!(
        "{}<p><a href=\"{}\">{}</a> · {}</p>",
        paragraph(&frame.t(text_key)),
        escape(&frame.link(&sign_in_path(frame, path))),
        escape(&frame.t("page.signinLink")),
        site_link(frame, "/register", &frame.t("page.registerLink"))
    )
}

/// `/beanaccount`: the member's beans when logged in.
pub(super) fn bean_account_page(frame: &mut Frame, login: Option<Login>) -> (StatusCode, String) {
    set_page(
        frame,
        "/beanaccount",
        "beanAccount",
        "page.beanAccountTitle",
    );
    let body = match login {
        Some(login) if login.account.card_member => format!(
            "<p class=\"shell-beans\">{}</p>",
            escape(&text(
                frame.locale,
                "page.beanAccountBalance",
                &[(
                    "beans",
                    &format_count(u64::from(login.account.loyalty_beans), frame.site),
                )]
            ))
        ),
        Some(_) => paragraph(&frame.t("page.beanAccountNoCard")),
        None => logged_out(frame, "page.beanAccountLoggedOut", "/beanaccount"),
    };
    (StatusCode::OK, heading(&frame.title) + &body)
}

/// A category of the navigation, the theme-world overview or a theme world, by path; else the
/// not-found page.
pub(super) fn content_page(
    frame: &mut Frame,
    path: &str,
    offers: &[Offer],
) -> (StatusCode, String) {
    let full = frame.link(&format!("/{path}"));
    let site = frame.site;
    if let Some(found) = category(site, &full) {
        frame.path = format!("/{path}");
        frame.page_type = "category";
        frame.title = found.title.clone();
        let children: String = found
            .children
            .iter()
            .map(|(title, href)| {
                format!(
                    "<li><a href=\"{}\">{}</a></li>",
                    escape(href),
                    escape(title)
                )
            })
            .collect();
        let children = if children.is_empty() {
            String::new()
        } else {
            format!(
                "<nav aria-label=\"{}\"><ul class=\"shell-links\">{children}</ul></nav>",
                escape(&frame.t("page.subcategories"))
            )
        };
        let products = articles_with_ids(offers, &found.products);
        let products = if products.is_empty() {
            paragraph(&frame.t("page.categoryText"))
        } else {
            products_section(&products, frame)
        };
        // The top-level coffee category carries the category banner.
        let banner = if path == coffee_path(site).trim_start_matches('/') {
            promotion_slot(frame, "category-coffee")
        } else {
            String::new()
        };
        return (
            StatusCode::OK,
            format!("{}{banner}{children}{products}", heading(&found.title)),
        );
    }
    // The header's content pages per site (help and service, stores, loyalty card, weekly
    // offers, supermarket offers), from the core's table: every header link leads somewhere.
    let content =
        shop_core::header::links::CONTENT_PAGES
            .iter()
            .find(|(page_site, kind, page_path)| {
                *page_site == site
                    && *kind != shop_core::header::ContentPage::ThemeWorlds
                    && page_path.strip_prefix('/') == Some(path)
            });
    if let Some((_, kind, page_path)) = content {
        let key = format!("page.content.{}", code(kind));
        return plain_page(frame, page_path, "content", &key);
    }
    // The footer's service and legal pages (`footer.rs`): every footer link leads somewhere.
    if let Some(found) = crate::footer::page(site, path) {
        return footer_page(frame, path, found);
    }
    // So does every link of the sign-up page.
    if let Some(page) = newsletter_link_page(frame, path) {
        return page;
    }
    let Some(worlds) = theme_worlds(site) else {
        return not_found(frame);
    };
    if full == worlds.overview.url {
        frame.path = format!("/{path}");
        frame.page_type = "themeWorlds";
        frame.title = worlds.overview.title.clone();
        let sections: String = worlds
            .sections
            .in_order()
            .iter()
            .filter(|(_, section)| !section.themeworlds.is_empty())
            .map(|(_, section)| {
                let cards: String = section
                    .themeworlds
                    .iter()
                    .map(|world| {
                        format!(
                            "<li class=\"shell-card\"><a href=\"{url}\">\
                             <img src=\"{image}\" alt=\"\" width=\"244\" height=\"144\"> {title}</a></li>",
                            url = escape(&world.url),
                            image = escape(&world.img_url),
                            title = escape(&world.title)
                        )
                    })
                    .collect();
                format!(
                    "<h2 class=\"shell-subheading\">{}</h2><ul class=\"shell-products\">{cards}</ul>",
                    escape(&section.headline)
                )
            })
            .collect();
        return (StatusCode::OK, heading(&frame.title) + &sections);
    }
    let Some(found) = worlds.pages.get(&full) else {
        return not_found(frame);
    };
    frame.path = format!("/{path}");
    frame.page_type = "themeWorld";
    frame.title = found.world.title.clone();
    let notes: String = found
        .availability
        .iter()
        .chain(&found.world.end_date_text)
        .chain(&found.world.only_x_days_left_text)
        .map(|note| format!("<li>{}</li>", escape(note)))
        .collect();
    let products = articles_with_ids(offers, &found.products);
    let products = if products.is_empty() {
        String::new()
    } else {
        products_section(&products, frame)
    };
    (
        StatusCode::OK,
        format!(
            "{}{}<ul class=\"shell-notes\">{notes}</ul>{}{products}<p>{}</p>",
            heading(&found.world.title),
            teaser_html(&found.world.img_url),
            paragraph(&found.text),
            site_link(
                frame,
                worlds
                    .overview
                    .url
                    .strip_prefix(&site_prefix(site))
                    .unwrap_or(&worlds.overview.url),
                &worlds.overview.title
            )
        ),
    )
}

/// A theme world's teaser picture, 488 x 287 px, and half that (the overview's card size) in a
/// window too narrow for it (below 488 px and the content's 2 x 16 px padding): a phone's page
/// does not scroll sideways, and both sizes are reserved before the picture arrives. A URL that
/// `srcset` would split (white space, comma) gets no narrow size.
fn teaser_html(url: &str) -> String {
    let image = escape(url);
    let narrow = if url.contains(|c: char| c.is_whitespace() || c == ',') {
        String::new()
    } else {
        format!(
            "<source media=\"(max-width: 519.98px)\" srcset=\"{image}\" width=\"244\" height=\"144\">"
        )
    };
    format!(
        "<picture>{narrow}<img class=\"shell-teaser\" src=\"{image}\" alt=\"\" width=\"488\" height=\"287\"></picture>"
    )
}
