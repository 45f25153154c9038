//! The cart page and the forms that change the cart without JavaScript: a tile's add-to-cart
//! and a cart line's removal, each answered by the page it came from, saying what happened.

use super::*;

/// The cart page: the cart's lines as the mini cart shows them (the core's `mini_cart_view`:
/// pictures, titles, quantities, prices, notes and hints), each with a form that removes it
/// (`POST {prefix}/cart/remove`, with or without scripts) or, where the core disables its delete,
/// a disabled Remove button, the summary and the way to the checkout; a removal's outcome above
/// the lines, a failed one worded as the mini cart words it (`ShownChangeError`).
pub(super) fn cart_page(
    frame: &Frame,
    cart: Option<&Cart>,
    query: &str,
    offers: &[Offer],
) -> String {
    let t = |key: &str| escape(&frame.t(key));
    // A failed removal as the mini cart shows it after its rollback (the core's
    // `ShownChangeError`): the error the form carried back, and whether it was a gift card's.
    let change_error = query_value(query, CART_ERROR_PARAM).map(|_| ShownChangeError {
        error: cart_error_from_query(query),
        shown_at: 0.0,
        gift_card_removal: query_value(query, GIFT_CARD_REMOVAL_PARAM).is_some(),
    });
    let view = mini_cart_view(
        &MiniCartState {
            cart: cart.cloned(),
            change_error,
            ..MiniCartState::default()
        },
        frame.site,
        0.0,
    );
    let heading = heading(&frame.title);
    // A removal's outcome: the removed item's title (from the catalogue), or the refusal.
    let notice = if let Some(product) = query_value(query, REMOVED_PARAM) {
        let title = offers
            .iter()
            .find(|offer| offer_product_id(&offer.item) == product)
            .map(|offer| shown(&offer.item, frame).title);
        let message = title.map_or_else(
            || frame.t("cart.removed"),
            |title| text(frame.locale, "cart.removedItem", &[("title", &title)]),
        );
        format!(
            "<p id=\"{CART_NOTICE_ID}\" tabindex=\"-1\" class=\"shell-banner shell-banner--success\" role=\"status\">{}</p>",
            escape(&message)
        )
    } else if let Some(message) = view.change_error {
        format!(
            "<p id=\"{CART_NOTICE_ID}\" tabindex=\"-1\" class=\"shell-banner shell-banner--error\" role=\"alert\">{}</p>",
            escape(&cart_message_text(frame.locale, message))
        )
    } else {
        String::new()
    };
    if cart.is_none() {
        return format!(
            "{heading}{notice}<p class=\"shell-banner shell-banner--error\" role=\"alert\">{}</p>",
            escape(&cart_message_text(
                frame.locale,
                load_error_message(CartErrorCode::Unknown)
            ))
        );
    }
    if view.lines.is_empty() {
        return format!(
            "{heading}{notice}<h2 class=\"shell-subheading\">{}</h2><p>{}</p><p><a href=\"{}\">{}</a></p>",
            t("cart.emptyTitle"),
            t("cart.emptyText"),
            escape(&frame.link("/")),
            t("cart.continueShopping")
        );
    }
    let lines: String = view
        .lines
        .iter()
        .map(|line| {
            let image = if line.image_url.is_empty() {
                String::new()
            } else {
                format!(
                    "<img src=\"{}\" alt=\"\" width=\"96\" height=\"72\">",
                    escape(&line.image_url)
                )
            };
            let dimensions: String = line
                .dimensions
                .iter()
                .map(|dimension| dimension_html(frame, dimension))
                .collect();
            let note = line.availability_note.map_or_else(String::new, |note| {
                format!(
                    "<p class=\"shell-cart-line__note\">{}</p>",
                    t(&["cart.note.", &code(&note)].concat())
                )
            });
            let hint = line.defective_hint.map_or_else(String::new, |hint| {
                format!(
                    "<p class=\"shell-card__error\">{}</p>",
                    t(&["cart.hint.", &code(&hint)].concat())
                )
            });
            let label = escape(&text(frame.locale, "cart.removeItem", &[("title", &line.title)]));
            let remove = if line.delete_disabled {
                // The core says this line's delete is disabled (a defective item without tcm,
                // header spec section 5): the button is there, disabled, and posts nothing (its
                // form has no action, no method and no line; it only takes the enabled forms'
                // place in the line's grid).
                format!(
                    "<form class=\"shell-cart-line__remove-disabled\"><button type=\"button\" class=\"shell-cart-line__remove\" \
                     aria-label=\"{label}\" disabled>{remove}</button></form>",
                    remove = t("cart.remove"),
                )
            } else {
                format!(
                    "<form method=\"post\" action=\"{action}\"><input type=\"hidden\" name=\"line\" value=\"{key}\">\
                     <button type=\"submit\" class=\"shell-cart-line__remove\" aria-label=\"{label}\">{remove}</button></form>",
                    action = escape(&frame.link(REMOVE_FROM_CART_FORM_PATH)),
                    key = escape(&line.key),
                    remove = t("cart.remove"),
                )
            };
            // As the mini cart's tile: what it is, and a subscription's articles instead of a
            // quantity.
            let kind = line_kind_text_key(line.kind).map_or_else(String::new, |key| {
                format!("<p class=\"shell-cart-line__kind\">{}</p>", t(key))
            });
            let amount = if !line.quantity_shown {
                let articles: String = line
                    .subscription_articles
                    .iter()
                    .map(|article| {
                        let delivery = if article.recurring {
                            "cart.recurring"
                        } else {
                            "cart.oneOff"
                        };
                        format!(
                            "<li>{} × {} · {} · {}</li>",
                            article.quantity,
                            escape(&article.title),
                            escape(&article.price),
                            t(delivery)
                        )
                    })
                    .collect();
                format!("<ul class=\"shell-cart-line__subscription\">{articles}</ul>")
            } else {
                format!(
                    "<p>{}</p>",
                    escape(&text(
                        frame.locale,
                        "cart.quantity",
                        &[("quantity", &line.quantity.to_string())]
                    ))
                )
            };
            format!(
                "<li class=\"shell-cart-line\">{image}<div class=\"shell-cart-line__text\">{kind}\
                 <h2 class=\"shell-cart-line__title\"><a href=\"{link}\">{title}</a></h2>{dimensions}\
                 {amount}{price}{note}{hint}</div>{remove}</li>",
                link = escape(&line.link_url),
                title = escape(&line.title),
                price = price_html(&line.price_lines, frame.locale),
            )
        })
        .collect();
    let summary: String = view
        .summary
        .iter()
        .map(|row| {
            let label = code(&row.label);
            let label = label.as_str();
            // The total stands out as in the mini cart: bold, over a rule, the VAT note under it.
            let (row_class, vat) = if label == "total" {
                (
                    " class=\"shell-cart-summary__total\"",
                    format!(" <span class=\"shell-vat\">{}</span>", t("price.vat")),
                )
            } else {
                ("", String::new())
            };
            format!(
                "<div{row_class}><dt>{}</dt><dd>{}{vat}</dd></div>",
                escape(&text(
                    frame.locale,
                    &["summary.", label].concat(),
                    &[("code", row.detail.as_deref().unwrap_or_default())]
                )),
                escape(&row.amount)
            )
        })
        .collect();
    let defective = if view.defective_banner {
        format!(
            "<p class=\"shell-banner shell-banner--warning\">{}</p>",
            t("cart.defectiveBanner")
        )
    } else {
        String::new()
    };
    let checkout = if view.checkout_enabled {
        format!(
            "<p><a class=\"shell-cart-checkout\" href=\"{}\">{}</a></p>",
            escape(&frame.link(&view.checkout_url)),
            t("cart.toCheckout")
        )
    } else {
        String::new()
    };
    format!(
        "{heading}{notice}<p>{count}</p>{defective}<ul class=\"shell-cart-lines\">{lines}</ul>\
         <dl class=\"shell-cart-summary\">{summary}</dl>{checkout}",
        count = escape(&text(
            frame.locale,
            "cart.itemCount",
            &[("count", &view.item_count.to_string())]
        )),
    )
}

/// A cart line's dimension as the mini cart shows it (the core's `dimension_view`): its words, a
/// swatch of its colour (an SVG fill: the page's CSP allows no inline style) or its picture. The
/// service sends a colour code or a picture's address and no words for them, so, as in the mini
/// cart, a swatch and a picture are named by what they are (`cart.dimensionColor`,
/// `cart.dimensionImage`: "Farbe: Farbfeld"), never by the code or the address.
fn dimension_html(frame: &Frame, dimension: &DimensionView) -> String {
    let value = match (&dimension.color, &dimension.image_url, &dimension.text) {
        (Some(color), _, _) => format!(
            "<svg class=\"shell-swatch\" width=\"14\" height=\"14\" viewBox=\"0 0 14 14\" role=\"img\">\
             <title>{label}</title><rect x=\"0.5\" y=\"0.5\" width=\"13\" height=\"13\" \
             rx=\"3\" fill=\"{color}\"/></svg>",
            label = escape(&frame.t("cart.dimensionColor")),
            color = escape(color)
        ),
        (None, Some(url), _) => format!(
            "<img class=\"shell-dimension-image\" src=\"{}\" alt=\"{}\" width=\"20\" height=\"20\">",
            escape(url),
            escape(&frame.t("cart.dimensionImage"))
        ),
        (None, None, text) => escape(text.as_deref().unwrap_or_default()),
    };
    // "Farbe:", French "Couleur :" (the locale's punctuation before the value).
    let name = text(frame.locale, "cart.dimension", &[("name", &dimension.name)]);
    format!(
        "<p class=\"shell-cart-line__dimension\">{} {value}</p>",
        escape(&name)
    )
}

/// A cart error as the query of the page a cart form goes back to: `cartError=CODE[&limit=N]`.
pub(super) fn cart_error_query(error: CartError) -> String {
    let limit = error
        .limit
        .map(|limit| ["&", LIMIT_PARAM, "=", &limit.to_string()].concat())
        .unwrap_or_default();
    [CART_ERROR_PARAM, "=", &code(&error.code), &limit].concat()
}

/// The cart error a page's query carries back from a cart form (`cart_error_query`); an unknown
/// code is UNKNOWN.
fn cart_error_from_query(query: &str) -> CartError {
    let code = query_value(query, CART_ERROR_PARAM).unwrap_or_default();
    CartError {
        code: from_code(&code).unwrap_or_default(),
        limit: query_value(query, LIMIT_PARAM).and_then(|limit| limit.parse().ok()),
    }
}

/// A cart message's text, with its limit.
pub(super) fn cart_message_text(locale: Locale, message: CartMessage) -> String {
    let limit = message
        .limit
        .map(|limit| limit.to_string())
        .unwrap_or_default();
    text(locale, &code(&message.key), &[("limit", &limit)])
}

/// The offer a link of the site's catalogue leads to: an item's product page (articles, free
/// articles, gift cards, defective ones too), a subscription article's page (its subscription)
/// or a partner product's form. Every link a tile or a cart line shows has its page.
pub(super) fn offer_at<'a>(offers: &'a [Offer], path: &str) -> Option<&'a Offer> {
    offers.iter().find(|offer| match &offer.item {
        CartItem::Article(a)
        | CartItem::FreeArticle(a)
        | CartItem::GiftCard(shop_core::cart::GiftCard { article: a }) => a.product_url == path,
        CartItem::PartnerProduct(p) => p.form_url == path,
        CartItem::Subscription(s) => s
            .recurring_articles
            .iter()
            .chain(&s.non_recurring_articles)
            .any(|a| a.product_url == path),
    })
}

/// The product id of a catalogue item (a subscription's first article's).
fn offer_product_id(item: &CartItem) -> &str {
    match item {
        CartItem::Article(a)
        | CartItem::FreeArticle(a)
        | CartItem::GiftCard(shop_core::cart::GiftCard { article: a }) => &a.product_id,
        CartItem::PartnerProduct(p) => &p.partner_product_id,
        CartItem::Subscription(s) => &s.subscription_configuration_id,
    }
}

/// Where the cart page's remove forms post (on every site's prefix).
pub const REMOVE_FROM_CART_FORM_PATH: &str = "/cart/remove";

/// The cart page's parameter naming the product a removal took out.
const REMOVED_PARAM: &str = "removed";

/// `POST {site prefix}/cart/remove` with the cart line's key: removes the line as the mini
/// cart's removal does (the core's `removal_payload`, the cart service's `modify`), then back
/// (303) to the cart page, which says what happened. Only url-encoded forms from this origin.
pub async fn post_remove_from_cart(
    State(state): State<AppState>,
    visitor: Visitor,
    uri: Uri,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let form = match local_form(&headers, body, "remove form") {
        Ok(form) => form,
        Err(refused) => return *refused,
    };
    let (site, _) = split_site(uri.path());
    let key = query_value(&form, "line").unwrap_or_default();
    let owner = crate::cart_api::CartOwner::of(&state, &visitor, site, &headers);
    let outcome = match crate::cart_api::current_cart(&state, owner) {
        // A cart that cannot be read says so, as a failed change does (not "nothing to remove").
        Err(_) => {
            let unreadable = CartError {
                code: CartErrorCode::Unknown,
                limit: None,
            };
            ["&", &cart_error_query(unreadable)].concat()
        }
        Ok(cart) => {
            let line = shop_core::cart::cart_lines(&cart)
                .into_iter()
                .find(|line| line.key == key);
            // A line that is gone (removed in another tab) or may not be removed: the cart as
            // it is.
            match line
                .as_ref()
                .and_then(|line| removal_payload(line).map(|payload| (line, payload)))
            {
                None => String::new(),
                Some((line, payload)) => match crate::cart_api::modify(
                    &state,
                    owner,
                    &payload,
                    shop_core::cart::service::apply_change,
                ) {
                    Ok(_) => [
                        "&",
                        REMOVED_PARAM,
                        "=",
                        &encode_component(offer_product_id(&line.item)),
                    ]
                    .concat(),
                    Err((_, error)) => match removal_error_query(&cart, &key, error) {
                        query if query.is_empty() => query,
                        query => ["&", &query].concat(),
                    },
                },
            }
        }
    };
    // Back at the removal's outcome (`#cart-notice`): the page opens there, and Tab goes on
    // from it, as an add-to-cart goes back to its tile, instead of at the top of the page.
    let notice = if outcome.is_empty() {
        String::new()
    } else {
        ["#", CART_NOTICE_ID].concat()
    };
    visitor.with_cookie(account::see_other(
        &[site_prefix(site).as_str(), CART_PAGE_URL, &outcome, &notice].concat(),
    ))
}

/// The id of the cart page's notice of a removal's outcome (removed, or why not).
const CART_NOTICE_ID: &str = "cart-notice";

/// A failed removal as the query of the cart page: the cart error (`cart_error_query`) and,
/// when the core's rollback of that removal says it was a gift card's (`rollback_removal`, whose
/// `ShownChangeError` then shows `cart.removalFailed`), `giftCardRemoval=1`. Empty when the
/// rollback shows no error (UNKNOWN_ITEM: the line was removed elsewhere meanwhile).
pub(super) fn removal_error_query(cart: &Cart, key: &str, error: CartError) -> String {
    let state = MiniCartState {
        cart: Some(cart.clone()),
        ..MiniCartState::default()
    };
    let shown = begin_removal(state, key, 0.0)
        .ok()
        .map(|start| rollback_removal(start.state, key, error, 0.0).change_error);
    match shown {
        // The core shows no error: the line was removed elsewhere meanwhile (another tab's
        // removal between this one's reading and its change). What was asked for holds.
        Some(None) => String::new(),
        Some(Some(shown)) if shown.gift_card_removal => [
            cart_error_query(error).as_str(),
            "&",
            GIFT_CARD_REMOVAL_PARAM,
            "=1",
        ]
        .concat(),
        _ => cart_error_query(error),
    }
}

/// Where a product tile's add-to-cart form posts without JavaScript (on every site's prefix).
pub const ADD_TO_CART_FORM_PATH: &str = "/cart/add";

/// The query parameters that carry a tile form's outcome back to its page.
const ADDED_PARAM: &str = "added";
const REFUSED_PARAM: &str = "refused";
const CART_ERROR_PARAM: &str = "cartError";
const LIMIT_PARAM: &str = "limit";
/// The cart page's parameter saying that the failed removal was a gift card's (the core's
/// `ShownChangeError::gift_card_removal`).
pub(super) const GIFT_CARD_REMOVAL_PARAM: &str = "giftCardRemoval";
const TILE_NOTICE_PARAMS: [&str; 5] = [
    ADDED_PARAM,
    REFUSED_PARAM,
    CART_ERROR_PARAM,
    LIMIT_PARAM,
    GIFT_CARD_REMOVAL_PARAM,
];

/// A product tile's id: the same for the same offer on every page (a digest of its add
/// payload), so a tile form's outcome finds its tile.
pub(super) fn tile_id(payload: &str) -> String {
    // FNV-1a, 64 bits.
    let digest = payload
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
        });
    format!("offer-{digest:016x}")
}

/// The longest way back a tile's form carries: a browser writes each of its bytes as up to three
/// in the form's body, which must stay within [`account::MAX_FORM_BYTES`] with the payload.
const TILE_BACK_MAX_BYTES: usize = account::MAX_FORM_BYTES / 4;

/// The requested page (path and query) without the tile notices' parameters, as a tile's way
/// back: parameters that would make it longer than [`TILE_BACK_MAX_BYTES`] are left out (a page
/// opened with a query of kilobytes would otherwise write it into every tile, and its forms
/// would be too large to post).
pub(super) fn page_without_notices(uri: &Uri) -> String {
    let mut back = uri.path().to_owned();
    for pair in uri.query().unwrap_or("").split('&').filter(|pair| {
        let name = pair.split_once('=').map_or(*pair, |(name, _)| name);
        !pair.is_empty() && !TILE_NOTICE_PARAMS.contains(&name)
    }) {
        if back.len() + 1 + pair.len() <= TILE_BACK_MAX_BYTES {
            back.push(if back.contains('?') { '&' } else { '?' });
            back.push_str(pair);
        }
    }
    back
}

/// A tile form's outcome from the page's query: `added=TILE`, or `refused=TILE` with the cart
/// error's `cartError` code and `limit`.
pub(super) fn tile_notice(query: &str) -> Option<TileNotice> {
    if let Some(tile) = query_value(query, ADDED_PARAM) {
        return Some(TileNotice {
            tile,
            refusal: None,
        });
    }
    let tile = query_value(query, REFUSED_PARAM)?;
    Some(TileNotice {
        tile,
        refusal: Some(change_error_message(cart_error_from_query(query))),
    })
}

/// `POST {site prefix}/cart/add`: a product tile's add-to-cart without JavaScript. The tile's
/// payload is added as the cart service adds it (`cart_api::modify`), and the shopper goes back
/// (303) to the page the tile is on (`back`, a local path), at the tile, which then says what
/// happened. Only url-encoded forms from this origin are read.
pub async fn post_add_to_cart(
    State(state): State<AppState>,
    visitor: Visitor,
    uri: Uri,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let form = match local_form(&headers, body, "add-to-cart form") {
        Ok(form) => form,
        Err(refused) => return *refused,
    };
    let Some(modification) = query_value(&form, "modification")
        .and_then(|payload| json::from_str::<CartModification>(&payload).ok())
    else {
        return crate::api::json_error(
            StatusCode::BAD_REQUEST,
            "BAD_REQUEST",
            "the form's modification is not a cart modification",
        );
    };
    let (site, _) = split_site(uri.path());
    // A local path (its own fragment dropped: the tile's comes last).
    let back = query_value(&form, "back")
        .filter(|path| account::safe_local_path(path))
        .map(|path| path.split('#').next().unwrap_or_default().to_owned())
        .filter(|path| !path.is_empty())
        .unwrap_or_else(|| format!("{}/", site_prefix(site)));
    let tile = tile_id(&json::to_string(&modification));
    let outcome = match crate::cart_api::modify(
        &state,
        crate::cart_api::CartOwner::of(&state, &visitor, site, &headers),
        &modification,
        shop_core::cart::service::apply_addition,
    ) {
        Ok(crate::cart_api::Modified::Changed(_)) => [ADDED_PARAM, "=", &tile].concat(),
        // Nothing changed (the service's 304): back to the tile, without a word.
        Ok(crate::cart_api::Modified::Unchanged) => String::new(),
        Err((_, error)) => [REFUSED_PARAM, "=", &tile, "&", &cart_error_query(error)].concat(),
    };
    let separator = match (outcome.is_empty(), back.contains('?')) {
        (true, _) => "",
        (false, true) => "&",
        (false, false) => "?",
    };
    visitor.with_cookie(account::see_other(
        &[back.as_str(), separator, &outcome, "#", &tile].concat(),
    ))
}
