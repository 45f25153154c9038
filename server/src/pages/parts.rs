//! The page's parts the server renders as the fragments lay them out: the static header's
//! benefits, logo and icons, the product tiles with their price blocks, and the static copies of
//! the promotions placed in pages.

use super::*;

/// The static header's benefits bar as the fragment's bar has it: each benefit a link to its own
/// page or, without one, to the site's newsletter sign-up, in one row; a bar without benefits
/// shows its headline, linking to its button's page or else the sign-up.
pub(super) fn benefits_html(frame: &Frame) -> String {
    let Some(promotion) = &frame.benefits else {
        return String::new();
    };
    let signup = || frame.link(NEWSLETTER_SIGNUP_PATH);
    let items: String = if promotion.benefits.is_empty() {
        promotion
            .headline
            .iter()
            .map(|headline| {
                let href = promotion.cta_button_link.clone().unwrap_or_else(signup);
                benefit_html(&href, false, headline)
            })
            .collect()
    } else {
        promotion
            .benefits
            .iter()
            .map(|benefit| {
                let href = benefit.url.clone().unwrap_or_else(signup);
                benefit_html(&href, benefit.bold_link, &benefit.text)
            })
            .collect()
    };
    if items.is_empty() {
        return String::new();
    }
    format!(
        "<ul class=\"shell-benefits\" aria-label=\"{}\">{items}</ul>",
        escape(&frame.t("promotion.benefits.label"))
    )
}

fn benefit_html(href: &str, bold: bool, text: &str) -> String {
    format!(
        "<li><a href=\"{}\"{}>{}</a></li>",
        escape(href),
        if bold {
            " class=\"shell-benefits__bold\""
        } else {
            ""
        },
        escape(text)
    )
}

/// A price block as the core's price view orders it.
pub(super) fn price_html(lines: &[PriceLine], locale: Locale) -> String {
    let mut out = String::from("<div class=\"shell-price\">");
    for line in lines {
        match line {
            PriceLine::Previous { amount } => out.push_str(&format!(
                "<span class=\"shell-price__previous\">{}</span>",
                escape(&text(locale, "price.previous", &[("amount", amount)]))
            )),
            // A promotional price says so in words everybody sees, not by its colour alone (WCAG
            // 1.4.1; a contrast theme drops the colour), as the mini cart's does.
            PriceLine::Current {
                amount,
                promotional,
            } => {
                let (class, word) = if *promotional {
                    (
                        " shell-price__current--promotional",
                        format!(
                            "<span class=\"shell-price__promotional\">{}</span> ",
                            escape(&text(locale, "price.promotional", &[]))
                        ),
                    )
                } else {
                    ("", String::new())
                };
                out.push_str(&format!(
                    "<strong class=\"shell-price__current{class}\">{word}{}</strong>",
                    escape(amount)
                ));
            }
            PriceLine::BestPrice {
                amount,
                difference_percentage,
                tooltip,
            } => {
                let shown = match difference_percentage {
                    Some(percentage) => text(
                        locale,
                        "price.bestPriceDifference",
                        &[("amount", amount), ("percentage", &percentage.to_string())],
                    ),
                    None => amount.clone(),
                };
                // The tooltip's "i" right after the text, as the mini cart has it: after a word
                // joiner, in a part that does not break, so it goes to a new line with the
                // text's last word, never alone.
                let info = if *tooltip {
                    format!(
                        "<span class=\"shell-price__joint\">\u{2060}{}</span>",
                        best_price_info(locale)
                    )
                } else {
                    String::new()
                };
                out.push_str(&format!(
                    "<div class=\"shell-price__best\"><span>{}</span>{info}</div>",
                    escape(&text(locale, "price.bestPrice", &[("amount", &shown)]))
                ));
            }
            PriceLine::BasePrice { label, amount } => out.push_str(&format!(
                "<span class=\"shell-price__base\">{} / {}</span>",
                escape(amount),
                escape(label)
            )),
        }
    }
    out.push_str("</div>");
    out
}

/// The 30-day best price's tooltip where the core's price view shows it (header spec "Price
/// display": hidden on de-AT), without JavaScript: a disclosure whose summary is the "i" the
/// mini cart shows, named by a short name of what it opens as the mini cart's info button is
/// (`price.bestPriceInfoLabel`, visually hidden, `mfe-minicart/src/views/PriceLines.tsx`), and
/// which opens the tooltip's text (`price.bestPriceInfo`), said once, in the panel only.
fn best_price_info(locale: Locale) -> String {
    let label = escape(&text(locale, "price.bestPriceInfoLabel", &[]));
    let info = escape(&text(locale, "price.bestPriceInfo", &[]));
    format!(
        "<details class=\"shell-price__info\"><summary><span class=\"shell-price__info-icon\" \
         aria-hidden=\"true\">i</span><span class=\"shell-visually-hidden\">{label}</span></summary>\
         <p class=\"shell-price__info-text\">{info}</p></details>"
    )
}

/// What a tile shows of an offer: title, image, link, price block.
pub(super) struct Shown {
    pub(super) title: String,
    image: String,
    link: String,
    price: String,
}

pub(super) fn shown(item: &CartItem, frame: &Frame) -> Shown {
    let safe = |url: &str| shop_core::content::link::safe_url(url).unwrap_or_default();
    match item {
        CartItem::Article(a)
        | CartItem::FreeArticle(a)
        | CartItem::GiftCard(shop_core::cart::GiftCard { article: a }) => Shown {
            title: a.title.clone(),
            image: safe(&a.image_url),
            link: safe(&a.product_url),
            price: price_html(&price_view(&a.price, frame.site), frame.locale),
        },
        CartItem::PartnerProduct(p) => Shown {
            title: p.title.clone(),
            image: safe(&p.image_url),
            link: safe(&p.form_url),
            price: format!(
                "<div class=\"shell-price\"><strong class=\"shell-price__current\">{}</strong></div>",
                escape(&format_price(p.total_price, frame.site))
            ),
        },
        CartItem::Subscription(s) => {
            let first = s
                .recurring_articles
                .first()
                .or(s.non_recurring_articles.first());
            Shown {
                title: first.map(|a| a.title.clone()).unwrap_or_default(),
                image: first.map(|a| safe(&a.image_url)).unwrap_or_default(),
                link: first.map(|a| safe(&a.product_url)).unwrap_or_default(),
                price: first
                    .map(|a| {
                        format!(
                            "<div class=\"shell-price\"><strong class=\"shell-price__current\">{}</strong></div>",
                            escape(&format_price(a.price, frame.site))
                        )
                    })
                    .unwrap_or_default(),
            }
        }
    }
}

/// The payload that puts an offer into the cart: one piece of an article, the kind's own
/// payload for the others.
fn add_payload(offer: &Offer) -> CartModification {
    match &offer.item {
        CartItem::Article(a) if offer.list == ItemList::Articles => CartModification::SetArticle {
            product_id: a.product_id.clone(),
            tcm: a.tcm.clone(),
            quantity: 1,
        },
        item => restore_payload(&CartLine {
            key: String::new(),
            list: offer.list,
            position: 0,
            item: item.clone(),
        }),
    }
}

/// The heading level of a product card's title: one below the heading its list stands under, so
/// the page's outline has no gap (`h1` page heading, `h2` subheading).
#[derive(Clone, Copy)]
pub(super) enum CardTitle {
    /// The list follows the page's `h1` directly (the showcase, an item's page).
    UnderPageHeading,
    /// The list follows an `h2` subheading.
    UnderSubheading,
}

impl CardTitle {
    fn tag(self) -> &'static str {
        match self {
            CardTitle::UnderPageHeading => "h2",
            CardTitle::UnderSubheading => "h3",
        }
    }
}

fn product_card(offer: &Offer, frame: &Frame, title_level: CardTitle) -> String {
    let shown = shown(&offer.item, frame);
    let title = escape(&shown.title);
    let payload = json::to_string(&add_payload(offer));
    let tile = tile_id(&payload);
    // The outcome of this tile's form without JavaScript, as the script would have shown it.
    let (added, refused) = match frame
        .tile_notice
        .as_ref()
        .filter(|notice| notice.tile == tile)
    {
        Some(TileNotice { refusal: None, .. }) => (
            escape(&text(
                frame.locale,
                "product.added",
                &[("title", &shown.title)],
            )),
            String::new(),
        ),
        Some(TileNotice {
            refusal: Some(message),
            ..
        }) => (
            String::new(),
            escape(&cart_message_text(frame.locale, *message)),
        ),
        None => (String::new(), String::new()),
    };
    let image = if shown.image.is_empty() {
        String::new()
    } else {
        format!(
            "<img src=\"{}\" alt=\"\" width=\"240\" height=\"180\">",
            escape(&shown.image)
        )
    };
    format!(
        "<li class=\"shell-card\" id=\"{tile}\">\
         <a class=\"shell-card__image\" href=\"{link}\" tabindex=\"-1\" aria-hidden=\"true\">{image}</a>\
         <{tag} class=\"shell-card__title\"><a href=\"{link}\">{title}</a></{tag}>{price}\
         <form class=\"shell-card__form\" method=\"post\" action=\"{action}\">\
         <input type=\"hidden\" name=\"modification\" value=\"{payload}\">\
         <input type=\"hidden\" name=\"back\" value=\"{back}\">\
         <button type=\"submit\" class=\"shell-add\" data-add-to-cart=\"{payload}\" data-title=\"{title}\" \
         aria-label=\"{label}\">{add}</button></form>\
         <p class=\"shell-card__added\" role=\"status\">{added}</p>\
         <p class=\"shell-card__error\" role=\"alert\">{refused}</p></li>",
        link = escape(&shown.link),
        tag = title_level.tag(),
        price = shown.price,
        action = escape(&frame.link(ADD_TO_CART_FORM_PATH)),
        back = escape(&frame.current),
        payload = escape(&payload),
        label = escape(&text(
            frame.locale,
            "product.addItemToCart",
            &[("title", &shown.title)]
        )),
        add = escape(&frame.t("product.addToCart")),
    )
}

pub(super) fn product_list(offers: &[&Offer], frame: &Frame, title_level: CardTitle) -> String {
    let cards: String = offers
        .iter()
        .map(|offer| product_card(offer, frame, title_level))
        .collect();
    // One article (a product page, a search's one hit) takes a phone's width, not a column's.
    let single = if offers.len() == 1 {
        " shell-products--single"
    } else {
        ""
    };
    format!("<ul class=\"shell-products{single}\">{cards}</ul>")
}

/// The promotion id of the home page's top banner.
pub(super) const TOP_BANNER_PROMOTION: &str = "top-banner";

/// A place for a promotion (category banner, phase integration). The server renders the
/// promotion the viewer sees now into it (`static_promotion`), so the page has its room from the
/// first paint and shows it without JavaScript; the shell puts the header fragment's promotion
/// renderer (`header/Promotion`) over it, which adds the copy button, the tracking and the staff
/// preview's refetch. Empty when no promotion runs (the shell then still asks the fragment).
pub(super) fn promotion_slot(frame: &mut Frame, id: &str) -> String {
    let shown = match frame.promotions.get(id) {
        Some(promotion) => static_promotion(&promotion, frame),
        None => String::new(),
    };
    format!(
        "<div class=\"shell-promotion\" data-promotion-slot=\"{}\">{shown}</div>",
        escape(id)
    )
}

/// A category banner or phase integration as the fragment lays it out (`CategoryBanner`,
/// `PhaseIntegration`): picture, headline (carrying the main link when no button does),
/// subline, text links, call to action, small print. Its own rules (`promotion_style`: the
/// editor's colours and the cutouts' CSS, which the fragment sets as inline style) go into the
/// page's style element. Other kinds are not placed in pages: empty.
pub(super) fn static_promotion(promotion: &Promotion, frame: &mut Frame) -> String {
    let variant = match promotion.kind {
        PromotionKind::Category => "category",
        PromotionKind::PhaseIntegration => "phase",
        PromotionKind::Benefits | PromotionKind::Banner => return String::new(),
    };
    let headline_link = promotion
        .cta_button_link
        .as_deref()
        .filter(|_| promotion.kind == PromotionKind::Category && promotion.cta != Cta::CtaButton);
    let mut body = String::new();
    if let Some(headline) = &promotion.headline {
        let headline = match headline_link {
            Some(link) => static_link(link, &escape(headline), ""),
            None => escape(headline),
        };
        body += &format!("<h2 class=\"shell-promo__headline\">{headline}</h2>");
    }
    if let Some(subline) = &promotion.subline {
        body += &format!("<p class=\"shell-promo__subline\">{}</p>", escape(subline));
    }
    if promotion.kind == PromotionKind::Category && !promotion.links.is_empty() {
        let links: String = promotion
            .links
            .iter()
            .map(|link| {
                let text = escape(&link.text);
                let text = if link.bold_link {
                    format!("<strong>{text}</strong>")
                } else {
                    text
                };
                format!("<li>{}</li>", static_link(&link.url, &text, ""))
            })
            .collect();
        body += &format!("<ul class=\"shell-promo__links\">{links}</ul>");
    }
    match (
        &promotion.cta,
        &promotion.voucher_code,
        &promotion.cta_button_link,
        &promotion.cta_button_text,
    ) {
        (Cta::VoucherCode, Some(code), _, _) => {
            let instructions = promotion
                .voucher_code_instructions
                .as_deref()
                .map(|text| {
                    format!(
                        "<p class=\"shell-promo__instructions\">{}</p>",
                        escape(text)
                    )
                })
                .unwrap_or_default();
            // The copy button's room: the fragment's button, which copies, takes its place; it
            // is not there without scripts (nothing would copy).
            body += &format!(
                "<div class=\"shell-promo__voucher\">{instructions}<div class=\"shell-promo__voucher-row\">\
                 <span class=\"shell-promo__voucher-label\">{}</span><code>{}</code>\
                 <span class=\"shell-promo__copy\" aria-hidden=\"true\">{}</span></div></div>",
                escape(&frame.t("promotion.voucher.label")),
                escape(code),
                escape(&frame.t("promotion.voucher.copy"))
            );
        }
        (Cta::CtaButton, _, Some(link), Some(text)) => {
            body += &static_link(link, &escape(text), "shell-promo__button");
        }
        _ => {}
    }
    if let Some(legal) = &promotion.legal_text {
        body += &format!(
            "<p class=\"shell-promo__small-print\">{}</p>",
            escape(legal)
        );
    }
    let picture = promotion
        .image
        .as_ref()
        .map(static_picture)
        .unwrap_or_default();
    let theme = if promotion.theme == Theme::Dark {
        " shell-promo--dark"
    } else {
        ""
    };
    let element_id = frame
        .style
        .add_copy(|element_id| promotion_style(promotion, element_id));
    format!(
        "<div id=\"{element_id}\" class=\"shell-promo shell-promo--{variant}{theme}\" data-static-promotion>\
         {picture}<div class=\"shell-promo__body\">{body}</div></div>"
    )
}

/// A promotion's link as the fragment's `TextLink` has it: one that leaves the shop (http,
/// mailto; the core's `link_target`) opens in a new tab with the core's `rel`.
fn static_link(url: &str, inner_html: &str, class: &str) -> String {
    let class = if class.is_empty() {
        String::new()
    } else {
        format!(" class=\"{class}\"")
    };
    let new_tab = shop_core::content::link::link_target(url, false)
        .map(|target| new_tab_attributes(&target))
        .unwrap_or_default();
    format!(
        "<a href=\"{}\"{class}{new_tab}>{inner_html}</a>",
        escape(url)
    )
}

/// A promotion's responsive picture as the core lays it out (`PromotionImage::picture`, the fragment's
/// `Picture` alike). Decorative: the headline says what the promotion is.
fn static_picture(image: &PromotionImage) -> String {
    let view = &image.picture;
    let sources: String = view
        .sources
        .iter()
        .map(|source| {
            format!(
                "<source media=\"{}\" srcset=\"{}\">",
                escape(&source.media),
                escape(&source.srcset)
            )
        })
        .collect();
    format!(
        "<div class=\"shell-promo__media\"><picture>{sources}<img src=\"{}\" alt=\"\"></picture></div>",
        escape(&view.src)
    )
}

/// The rules the fragment sets as inline style, for the server's copy (the page's CSP allows no
/// inline style; the page's one `<style>` carries a nonce): the editor's colours (checked hex
/// codes) and the CSS of the cutout in use (the core's allow-list: no `{`, `}`, `;`, `<`,
/// quotes, `@` or unclosed brackets in a value). Each cutout's rules hold only for the widths at
/// which the fragment shows it (from its breakpoint up to the next wider one's), so no
/// narrower cutout's declaration stays in force under a wider one.
fn promotion_style(promotion: &Promotion, element_id: &str) -> String {
    let declarations = |list: &[shop_core::content::promotion::CssDeclaration]| -> String {
        list.iter()
            .map(|declaration| format!("{}:{};", declaration.property, declaration.value))
            .collect()
    };
    let scope = format!("#{element_id}");
    let mut css = String::new();
    if let Some(background) = &promotion.background_color_code {
        // On the editor's background the buttons take the text colour in effect, as the
        // fragment's do (`Surface.tsx`): the copy button's room (a secondary button) in it, a
        // call to action filled with it and lettered in the background.
        let text = promotion
            .text_color
            .as_deref()
            .unwrap_or("var(--shell-promo-text)");
        css += &format!(
            "{scope}{{background-color:{background};}}\
             {scope} .shell-promo__copy{{background-color:{background};color:{text};border-color:{text};}}\
             {scope} .shell-promo__button{{background-color:{text};color:{background};border-color:{text};}}"
        );
    }
    if let Some(text) = &promotion.text_color {
        css += &format!(
            "{scope}{{color:{text};}}{scope} a:not(.shell-promo__button){{color:inherit}}"
        );
    }
    let Some(image) = &promotion.image else {
        return css;
    };
    let cutout_rules = |cutout: &ImageCutout| {
        format!(
            "{scope} .shell-promo__media{{{}}}{scope} .shell-promo__media img{{{}}}",
            declarations(&cutout.container_css),
            declarations(&cutout.image_css)
        )
    };
    let view = &image.picture;
    let fallback = image.cutouts.get(view.fallback);
    // Of equal breakpoints the first (the one the browser takes), narrowest first.
    let mut ranges: Vec<(u32, &ImageCutout)> = Vec::new();
    for source in &view.sources {
        let Some(cutout) = image.cutouts.get(source.cutout) else {
            continue;
        };
        let breakpoint = cutout.breakpoint.unwrap_or_default();
        if ranges.last().is_none_or(|(last, _)| *last != breakpoint) {
            ranges.push((breakpoint, cutout));
        }
    }
    ranges.reverse();
    let below = |breakpoint: u32| format!("(max-width: {}.98px)", breakpoint.saturating_sub(1));
    match (fallback, ranges.first()) {
        (Some(fallback), None) => css += &cutout_rules(fallback),
        (Some(fallback), Some((narrowest, _))) if *narrowest > 0 => {
            css += &format!("@media {}{{{}}}", below(*narrowest), cutout_rules(fallback));
        }
        _ => {}
    }
    for (index, (breakpoint, cutout)) in ranges.iter().enumerate() {
        let upto = ranges
            .get(index + 1)
            .map(|(wider, _)| format!(" and {}", below(*wider)))
            .unwrap_or_default();
        css += &format!(
            "@media (min-width: {breakpoint}px){upto}{{{}}}",
            cutout_rules(cutout)
        );
    }
    css
}

/// The logo: a link to the site's home page.
pub(super) fn logo_html(frame: &Frame) -> String {
    format!(
        "<a class=\"shell-logo\" href=\"{}\">SHOP<span class=\"shell-visually-hidden\"> – {}</span></a>",
        escape(&frame.link("/")),
        escape(&frame.t("header.home"))
    )
}

/// The icon bar's glyphs: the header fragment's own (`mfe-header/src/shared/icons.json`), so the
/// static header's icons are the ones the fragment shows when it takes over.
const ICON_GLYPHS: &str = include_str!("../../../mfe-header/src/shared/icons.json");

/// A decorative icon of the icon bar (the link around it carries the name); empty for a name the
/// glyphs do not have.
pub(super) fn icon_svg(name: &str) -> String {
    static GLYPHS: OnceLock<BTreeMap<String, String>> = OnceLock::new();
    let glyphs = GLYPHS.get_or_init(|| json::from_str(ICON_GLYPHS).unwrap_or_default());
    glyphs.get(name).map_or_else(String::new, |path| {
        format!(
            "<svg class=\"shell-icon__glyph\" aria-hidden=\"true\" focusable=\"false\" viewBox=\"0 0 24 24\" \
             width=\"24\" height=\"24\"><path fill-rule=\"evenodd\" fill=\"currentColor\" d=\"{}\"/></svg>",
            escape(path)
        )
    })
}
