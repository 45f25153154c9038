//! The shell's built files in every shop page, as `shell/dist/entries.json` names them: its
//! stylesheets and deferred scripts; and on pages with the header (whose fragment needs them at
//! once) the core's `.wasm`, the header fragment's manifest and the texts of the page's locale
//! that the design system and the header read preloaded, so the browser fetches them with the
//! page instead of after the scripts that ask for them.

// Test code: a failed set-up is a failed test.
#![allow(clippy::panic, clippy::unwrap_used, clippy::expect_used)]

mod common;

use axum::http::StatusCode;
use common::{Shop, config, temp_dir};
use shop_server::fragments::{HEADER_REMOTE, Remote, RemoteLocation};

const WASM_PRELOAD: &str = "<link rel=\"preload\" href=\"/shell/shop_core_wasm_bg.0123456789.wasm\" as=\"fetch\" type=\"application/wasm\" crossorigin>";
/// The header fragment served by another team (a manifest URL from the configuration).
const HEADER_MANIFEST: &str = "https://header.fragments.example/mf-manifest.json";
const MANIFEST_PRELOAD: &str = "<link rel=\"preload\" href=\"https://header.fragments.example/mf-manifest.json\" as=\"fetch\" crossorigin>";
/// The texts the shell's design system and the header read in a locale (ADR 0030).
fn texts_preloads(locale: &str) -> [String; 2] {
    [
        format!("<link rel=\"preload\" href=\"/shell/texts.ui.{locale}.js\" as=\"script\">"),
        format!(
            "<link rel=\"preload\" href=\"https://header.fragments.example/texts.header.{locale}.js\" as=\"script\">"
        ),
    ]
}
const SCRIPT: &str = "<script defer src=\"/shell/shell.0123456789.js\"></script>";
const STYLESHEET: &str = "<link rel=\"stylesheet\" href=\"/shell/shell.0123456789.css\">";

/// A shop whose shell build left `entries` as its `entries.json`.
fn shop_with_entries(name: &str, entries: &str) -> Shop {
    let root = temp_dir(&format!("{name}-root"));
    std::fs::create_dir_all(root.join("shell/dist")).unwrap();
    std::fs::write(root.join("shell/dist/entries.json"), entries).unwrap();
    let mut config = config(temp_dir(name), false);
    config.root = root;
    config.remotes = vec![
        Remote {
            name: HEADER_REMOTE,
            location: RemoteLocation::Url(HEADER_MANIFEST.to_owned()),
        },
        Remote {
            name: "footer",
            location: RemoteLocation::Url(
                "https://footer.fragments.example/mf-manifest.json".to_owned(),
            ),
        },
    ];
    Shop::with_config(config)
}

const ENTRIES: &str = r#"{"shell": {
  "js": ["shell.0123456789.js"],
  "css": ["shell.0123456789.css"],
  "preload": ["shop_core_wasm_bg.0123456789.wasm"]
}}"#;

#[tokio::test]
async fn a_page_with_the_header_preloads_the_core_the_headers_manifest_and_its_locales_texts() {
    let mut shop = shop_with_entries("entries-preload", ENTRIES);
    for (path, locale) in [
        ("/", "de-DE"),
        ("/kaffee", "de-DE"),
        ("/at/", "de-AT"),
        ("/ch-fr/", "fr-CH"),
        ("/tr/p/400001", "tr-TR"),
        ("/checkout", "de-DE"),
    ] {
        let page = shop.get(path).await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        let texts = texts_preloads(locale);
        for tag in [
            STYLESHEET,
            WASM_PRELOAD,
            MANIFEST_PRELOAD,
            SCRIPT,
            &texts[0],
            &texts[1],
        ] {
            assert_eq!(page.body.matches(tag).count(), 1, "{path}: {tag}");
        }
        // In the head, before the scripts that will ask for it.
        let head = page.body.split("</head>").next().unwrap();
        assert!(head.find(WASM_PRELOAD) < head.find(SCRIPT), "{path}");
        assert!(head.find(texts[1].as_str()) < head.find(SCRIPT), "{path}");
        // Only the header's: the other fragments load later (the footer near the viewport).
        assert_eq!(head.matches("rel=\"preload\"").count(), 4, "{path}");
    }
}

#[tokio::test]
async fn a_page_without_the_header_does_not_fetch_the_core_ahead() {
    let mut shop = shop_with_entries("entries-no-header", ENTRIES);
    let page = shop.get("/?contentHeader=NO_HEADER").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(!page.body.contains("rel=\"preload\""));
    assert!(page.body.contains(SCRIPT));
}

#[tokio::test]
async fn a_build_that_names_nothing_to_preload_still_gives_whole_pages() {
    let mut shop = shop_with_entries(
        "entries-older-build",
        r#"{"shell": {"js": ["shell.0123456789.js"], "css": ["shell.0123456789.css"]}}"#,
    );
    let page = shop.get("/").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(!page.body.contains(".wasm"));
    assert!(page.body.contains(SCRIPT) && page.body.contains(STYLESHEET));
    assert!(page.body.contains(MANIFEST_PRELOAD));
}

#[tokio::test]
async fn a_page_without_the_footer_has_no_footer_slot_and_the_header_keeps_its() {
    let mut shop = shop_with_entries("entries-no-footer", ENTRIES);
    let page = shop.get("/?contentHeader=NO_FOOTER").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(!page.body.contains("id=\"shell-footer\""));
    assert!(page.body.contains("id=\"shell-header\""));
    let both = shop.get("/?contentHeader=NO_HEADER,NO_FOOTER").await;
    assert!(
        !both.body.contains("id=\"shell-footer\"") && !both.body.contains("id=\"shell-header\"")
    );
    assert!(shop.get("/").await.body.contains("id=\"shell-footer\""));
}
