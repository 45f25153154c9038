//! Forms (being written).
