//! Content documents (being written).
