//! The A/B test service (newsletter spec section 3 "A/B test", section 7 `getassignment` and
//! `gettestsat`, section 8: a failed assignment call is ignored).
//!
//! - `GET /service/abtestfrontend/api/v1/getassignment`, fired on footer load, its result
//!   ignored: the reference server assigns nothing and answers `200 {}`, never cached, whatever
//!   the query.
//! - `GET /service/abtestfrontend/api/v1/gettestsat?time={isoDateTime}` (the core's
//!   `AB_TESTS_AT_PATH`): the tests active at that date-time, as the list the core's
//!   `parse_ab_tests` reads, `[{"name": ..., "groups": [{"name": ...}]}]`, in seed order, never
//!   cached. `time` is `YYYY-MM-DDTHH:MM` or `YYYY-MM-DDTHH:MM:SS` (a real calendar date, hours
//!   00-23, minutes and seconds 00-59, nothing else: no zone, no fraction); missing or anything
//!   else is 400. Public: the spec lists the call without credentials, and the list names no
//!   customer.
//!
//! The tests are seeded in `server/seed/abtests.json`: name, groups, and the first and last day
//! the test runs (`from`, `until`, `YYYY-MM-DD`, both days included). Dates and the call's
//! date-time are compared as written, without a time zone: a test runs from `from`T00:00 to the
//! end of `until`.

use std::sync::OnceLock;

use axum::http::{StatusCode, Uri};
use axum::response::Response;
use shop_core::content::{AbGroup, AbTest};
use shop_core::forms::days_from_civil;
use shop_core::json::{self, FromJson};

use crate::api::{bad_request, json_response, param, query_string, query_too_long};

/// The assignment call's path (the core's, which the footer fires).
pub use shop_core::content::footer::AB_TEST_ASSIGNMENT_PATH as ASSIGNMENT_PATH;

/// The active-tests call's path (the core's, which the preview panel calls).
pub use shop_core::content::abtest::AB_TESTS_AT_PATH as TESTS_AT_PATH;

/// The active-tests call's parameter (spec section 7: `gettestsat?time={isoDateTime}`; the
/// core's `ab_tests_at_path` writes it).
pub const TIME_PARAM: &str = "time";

const SEED: &str = include_str!("../seed/abtests.json");

const SECONDS_PER_DAY: i64 = 86_400;

/// A test as the seed describes it.
#[derive(Clone, Debug, FromJson)]
pub struct SeededAbTest {
    pub name: String,
    pub groups: Vec<AbGroup>,
    /// The first day the test runs, `YYYY-MM-DD`.
    pub from: String,
    /// The last day the test runs, `YYYY-MM-DD`.
    pub until: String,
}

/// A seeded test and when it runs, in seconds since 1970-01-01T00:00 (without a time zone).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScheduledTest {
    pub test: AbTest,
    /// The start of its first day.
    pub starts: i64,
    /// The end of its last day (the start of the day after, not included).
    pub ends: i64,
}

/// The seconds since 1970-01-01T00:00 of the start of a `YYYY-MM-DD` date (exactly four, two
/// and two ASCII digits) that exists in the calendar (the core's `parse_date`).
pub fn parse_date(text: &str) -> Option<i64> {
    let (year, month, day) = shop_core::forms::parse_date(text)?;
    days_from_civil(year, month, day)?.checked_mul(SECONDS_PER_DAY)
}

/// The seconds since 1970-01-01T00:00 of a `YYYY-MM-DDTHH:MM` date-time, or with
/// `with_seconds` also of a `YYYY-MM-DDTHH:MM:SS` one: a real calendar date, hours 00-23,
/// minutes and seconds 00-59, no spaces, zone or fraction (the core's `parse_date` and
/// `parse_time`, and the seconds).
pub fn parse_date_time(text: &str, with_seconds: bool) -> Option<i64> {
    let (date, time) = text.split_once('T')?;
    let day = parse_date(date)?;
    let (clock, seconds) = match time.get(5..) {
        Some("") => (time, 0),
        Some(rest) if with_seconds => {
            let [b':', s1, s2] = *rest.as_bytes() else {
                return None;
            };
            let second = char::from(s1).to_digit(10)? * 10 + char::from(s2).to_digit(10)?;
            (time.get(..5)?, second)
        }
        _ => return None,
    };
    let (hour, minute) = shop_core::forms::parse_time(clock)?;
    (seconds < 60).then(|| day + i64::from(hour * 3600 + minute * 60 + seconds))
}

/// The tests of a seed document; a test whose dates are not real `YYYY-MM-DD` dates is
/// dropped (the seed's unit test keeps them all).
pub fn schedule(seed: &str) -> Vec<ScheduledTest> {
    let seeded: Vec<SeededAbTest> = json::from_str(seed).unwrap_or_default();
    seeded
        .into_iter()
        .filter_map(|test| {
            Some(ScheduledTest {
                starts: parse_date(&test.from)?,
                ends: parse_date(&test.until)?.checked_add(SECONDS_PER_DAY)?,
                test: AbTest {
                    name: test.name,
                    groups: test.groups,
                },
            })
        })
        .collect()
}

/// The seeded tests, read once.
pub fn scheduled() -> &'static [ScheduledTest] {
    static TESTS: OnceLock<Vec<ScheduledTest>> = OnceLock::new();
    TESTS.get_or_init(|| schedule(SEED))
}

/// The seeded tests running at an instant (seconds since 1970-01-01T00:00), in seed order.
pub fn tests_at(instant: i64) -> Vec<&'static AbTest> {
    scheduled()
        .iter()
        .filter(|scheduled| scheduled.starts <= instant && instant < scheduled.ends)
        .map(|scheduled| &scheduled.test)
        .collect()
}

/// `GET /service/abtestfrontend/api/v1/getassignment`: `{}` with `Cache-Control: no-store`.
pub async fn get_assignment() -> Response {
    json_response(StatusCode::OK, "{}".to_owned())
}

/// `GET /service/abtestfrontend/api/v1/gettestsat?time=`: the tests active at `time`.
pub async fn get_tests_at(uri: Uri) -> Response {
    let Some(query) = query_string(uri.query()) else {
        return query_too_long();
    };
    let Some(instant) = param(query, TIME_PARAM).and_then(|time| parse_date_time(&time, true))
    else {
        return bad_request("time must be a date-time YYYY-MM-DDTHH:MM or YYYY-MM-DDTHH:MM:SS");
    };
    json_response(StatusCode::OK, json::to_string(&tests_at(instant)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shop_core::content::abtest::{ab_tests_at_path, parse_ab_tests};

    fn names(instant: i64) -> Vec<&'static str> {
        tests_at(instant)
            .into_iter()
            .map(|test| test.name.as_str())
            .collect()
    }

    fn at(text: &str) -> i64 {
        parse_date_time(text, true).unwrap_or(i64::MIN)
    }

    #[test]
    fn the_seed_parses_and_reads_back_through_the_core() {
        let seeded: Result<Vec<SeededAbTest>, _> = json::from_str(SEED);
        let seeded = seeded.unwrap_or_default();
        assert!((3..=5).contains(&seeded.len()), "{}", seeded.len());
        // Every test is kept: its dates are real, in 2026 or 2027, `from` not after `until`.
        let tests = scheduled();
        assert_eq!(tests.len(), seeded.len());
        for scheduled in tests {
            let test = &scheduled.test;
            assert!((2..=3).contains(&test.groups.len()), "{}", test.name);
            assert!(scheduled.starts < scheduled.ends, "{}", test.name);
            assert!(
                at("2026-01-01T00:00") <= scheduled.starts
                    && scheduled.ends <= at("2028-01-01T00:00"),
                "{}",
                test.name
            );
            let mut groups: Vec<&str> = test.groups.iter().map(|g| g.name.as_str()).collect();
            groups.sort_unstable();
            groups.dedup();
            assert_eq!(groups.len(), test.groups.len(), "{}", test.name);
        }
        // The answer is what the panel's core reads, names and groups unchanged.
        let all: Vec<&AbTest> = tests.iter().map(|scheduled| &scheduled.test).collect();
        let read = parse_ab_tests(&json::to_string(&all)).unwrap_or_default();
        assert_eq!(read.iter().collect::<Vec<_>>(), all);
    }

    #[test]
    fn active_tests_by_date() {
        let november = names(at("2026-11-25T10:00"));
        let december = names(at("2026-12-15T10:00"));
        let next_year = names(at("2027-04-01T10:00"));
        assert!(!november.is_empty() && !december.is_empty() && !next_year.is_empty());
        // One test only in December 2026, one only in 2027.
        let only_december = scheduled().iter().find(|scheduled| {
            scheduled.starts >= at("2026-12-01T00:00") && scheduled.ends <= at("2027-01-01T00:00")
        });
        let only_next_year = scheduled()
            .iter()
            .find(|scheduled| scheduled.starts >= at("2027-01-01T00:00"));
        let (Some(only_december), Some(only_next_year)) = (only_december, only_next_year) else {
            panic!("the seed needs a December test and a 2027 test");
        };
        let december_name = only_december.test.name.as_str();
        let next_year_name = only_next_year.test.name.as_str();
        assert!(december.contains(&december_name) && !november.contains(&december_name));
        assert!(next_year.contains(&next_year_name) && !december.contains(&next_year_name));
        // `from` and `until` are both whole days of the test.
        assert!(names(only_december.starts).contains(&december_name));
        assert!(
            names(only_december.starts - 1)
                .iter()
                .all(|n| *n != december_name)
        );
        assert!(names(at("2026-12-31T23:59:59")).contains(&december_name));
        assert!(
            names(at("2027-01-01T00:00"))
                .iter()
                .all(|n| *n != december_name)
        );
        assert!(names(at("2025-06-01T00:00")).is_empty());
    }

    #[test]
    fn date_times() {
        let day = |date: &str| parse_date(date).unwrap_or(i64::MIN);
        assert_eq!(parse_date("1970-01-01"), Some(0));
        assert_eq!(parse_date("2024-02-29"), Some(19_782 * SECONDS_PER_DAY));
        assert_eq!(parse_date_time("1970-01-01T00:01", false), Some(60));
        assert_eq!(
            parse_date_time("2026-11-25T10:30", false),
            Some(day("2026-11-25") + 10 * 3600 + 30 * 60)
        );
        assert_eq!(
            parse_date_time("2026-11-25T10:30:15", true),
            Some(day("2026-11-25") + 10 * 3600 + 30 * 60 + 15)
        );
        assert_eq!(parse_date_time("2026-11-25T10:30:15", false), None);
        for text in [
            "",
            "2026-11-25",
            "2026-11-25T",
            "2026-11-25 10:30",
            "2026-11-25t10:30",
            "2026-11-25T10:30Z",
            "2026-11-25T10:30:00Z",
            "2026-11-25T10:30:00.000",
            "2026-11-25T24:00",
            "2026-11-25T23:60",
            "2026-11-25T23:59:60",
            "2026-11-25T9:30",
            " 2026-11-25T10:30",
            "2026-11-25T10:30 ",
            "2027-02-29T10:30",
            "2026-13-01T10:30",
            "2026-00-01T10:30",
            "2026-1-25T10:30",
            "+026-11-25T10:30",
            "２０２６-11-25T10:30",
        ] {
            assert_eq!(parse_date_time(text, true), None, "{text:?}");
        }
    }

    #[test]
    fn the_parameter_is_the_cores() {
        let path = ab_tests_at_path("2026-11-25T10:30");
        let query = path.split_once('?').map_or("", |(_, query)| query);
        assert_eq!(
            param(query, TIME_PARAM).as_deref(),
            Some("2026-11-25T10:30")
        );
        assert!(path.starts_with(TESTS_AT_PATH));
    }
}
