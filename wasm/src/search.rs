//! Bindings for `shop_core::search` (being written).
