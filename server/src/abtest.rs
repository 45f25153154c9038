//! The A/B test service's assignment call (newsletter spec section 7: `GET
//! /service/abtestfrontend/api/v1/getassignment`, fired on footer load, its result ignored;
//! section 8: a failed assignment call is ignored). The reference server assigns nothing: it
//! answers `200 {}`, never cached, whatever the query.

use axum::http::StatusCode;
use axum::response::Response;

use crate::api::json_response;

/// The assignment call's path (the core's, which the footer fires).
pub use shop_core::content::footer::AB_TEST_ASSIGNMENT_PATH as ASSIGNMENT_PATH;

/// `GET /service/abtestfrontend/api/v1/getassignment`: `{}` with `Cache-Control: no-store`.
pub async fn get_assignment() -> Response {
    json_response(StatusCode::OK, "{}".to_owned())
}
