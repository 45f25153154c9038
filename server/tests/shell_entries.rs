//! The shell's built files in every shop page, as `shell/dist/entries.json` names them: its
//! stylesheets and deferred scripts, and the core's `.wasm` preloaded on pages with the header
//! (whose fragment needs the core at once), so the browser fetches it with the page instead of
//! after the scripts that ask for it.

// Test code: a failed set-up is a failed test.
#![allow(clippy::panic, clippy::unwrap_used, clippy::expect_used)]

mod common;

use axum::http::StatusCode;
use common::{Shop, config, temp_dir};

const WASM_PRELOAD: &str = "<link rel=\"preload\" href=\"/shell/shop_core_wasm_bg.0123456789.wasm\" as=\"fetch\" type=\"application/wasm\" crossorigin>";
const SCRIPT: &str = "<script defer src=\"/shell/shell.0123456789.js\"></script>";
const STYLESHEET: &str = "<link rel=\"stylesheet\" href=\"/shell/shell.0123456789.css\">";

/// A shop whose shell build left `entries` as its `entries.json`.
fn shop_with_entries(name: &str, entries: &str) -> Shop {
    let root = temp_dir(&format!("{name}-root"));
    std::fs::create_dir_all(root.join("shell/dist")).unwrap();
    std::fs::write(root.join("shell/dist/entries.json"), entries).unwrap();
    let mut config = config(temp_dir(name), false);
    config.root = root;
    Shop::with_config(config)
}

const ENTRIES: &str = r#"{"shell": {
  "js": ["shell.0123456789.js"],
  "css": ["shell.0123456789.css"],
  "preload": ["shop_core_wasm_bg.0123456789.wasm"]
}}"#;

#[tokio::test]
async fn a_page_with_the_header_preloads_the_core_beside_the_shells_files() {
    let mut shop = shop_with_entries("entries-preload", ENTRIES);
    for path in ["/", "/kaffee", "/at/", "/tr/p/400001", "/checkout"] {
        let page = shop.get(path).await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        for tag in [STYLESHEET, WASM_PRELOAD, SCRIPT] {
            assert_eq!(page.body.matches(tag).count(), 1, "{path}: {tag}");
        }
        // In the head, before the scripts that will ask for it.
        let head = page.body.split("</head>").next().unwrap();
        assert!(head.find(WASM_PRELOAD) < head.find(SCRIPT), "{path}");
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
    assert!(!page.body.contains("rel=\"preload\""));
    assert!(page.body.contains(SCRIPT) && page.body.contains(STYLESHEET));
}
