//! The staff preview panel's form (newsletter spec section 2 "Staff preview panel", section 4
//! "Preview panel", section 5 "Preview panel", section 7 "GET /service/preview/api/token",
//! section 8 preview messages).

use crate::json::Json;

/// The path of the preview token call (spec section 7: "GET /service/preview/api/token?test=
/// {test}&group={group} plus preview date-time").
pub const PREVIEW_TOKEN_PATH: &str = "/service/preview/api/token";

/// The preview call status that means the settings were applied (spec section 4: "Preview call
/// statuses: SUCCESS, BAD_REQUEST, INTERNAL_ERROR, UNAUTHORIZED").
const PREVIEW_SUCCESS_STATUS: &str = "SUCCESS";

const MS_PER_MINUTE: i64 = 60_000;
const MS_PER_DAY: i64 = 86_400_000;

/// The earliest instant a date-time can be written as `YYYY-MM-DDTHH:MM`: 0000-01-01T00:00 UTC.
const EARLIEST_MS: i64 = -62_167_219_200_000;

/// The latest instant a date-time can be written as `YYYY-MM-DDTHH:MM`: 9999-12-31T23:59:59.999 UTC.
const LATEST_MS: i64 = 253_402_300_799_999;

/// What the staff entered in the preview panel (spec section 2: date, time, A/B test name and
/// group; section 4: promotion ids and tag filters). Every field may be missing in JSON.
#[derive(Clone, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct PreviewForm {
    /// `YYYY-MM-DD`, as a date input gives it.
    #[serde(default)]
    pub date: String,
    /// `HH:MM` (24 hours), as a time input gives it.
    #[serde(default)]
    pub time: String,
    /// The chosen A/B test name; empty or absent for the "None" choice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ab_test: Option<String>,
    /// The chosen group of that test.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ab_group: Option<String>,
    #[serde(default)]
    pub promotion_ids: Vec<String>,
    #[serde(default)]
    pub all_of_tags: Vec<String>,
    #[serde(default)]
    pub any_of_tags: Vec<String>,
    #[serde(default)]
    pub none_of_tags: Vec<String>,
}

/// The preview settings to apply (spec section 5 "Preview panel"; section 7 preview token call).
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct PreviewRequest {
    /// `YYYY-MM-DDTHH:MM`, UTC when taken from the clock.
    pub date_time: String,
    /// The A/B test, trimmed; absent when none is chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub test: Option<String>,
    /// The group of `test`, trimmed; present exactly when `test` is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    pub promotion_ids: Vec<String>,
    pub all_of_tags: Vec<String>,
    pub any_of_tags: Vec<String>,
    pub none_of_tags: Vec<String>,
}

/// Why the preview settings cannot be submitted (spec section 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum PreviewError {
    /// A test is chosen but no group: 'Please also select an A/B test group!'.
    GroupMissing,
}

/// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's `days_from_civil`), or
/// `None` when it is not a real calendar date (month 1-12, day within the month, 29 February only
/// in leap years) or out of range. Used to check and convert the preview date (spec section 5).
pub fn days_from_civil(year: i64, month: u32, day: u32) -> Option<i64> {
    if day == 0 || day > days_in_month(year, month)? {
        return None;
    }
    let year = if month <= 2 {
        year.checked_sub(1)?
    } else {
        year
    };
    let era = year.div_euclid(400);
    let year_of_era = year.rem_euclid(400);
    let shifted_month = i64::from(if month > 2 { month - 3 } else { month + 9 });
    let day_of_year = (153 * shifted_month + 2) / 5 + i64::from(day) - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era.checked_mul(146_097)?
        .checked_add(day_of_era)?
        .checked_sub(719_468)
}

/// The proleptic Gregorian date `(year, month, day)` of a day count since 1970-01-01 (H. Hinnant's
/// `civil_from_days`), the inverse of [`days_from_civil`]. Exact for any count whose year fits an
/// `i64` with room to spare (|days| below 2^62); beyond that the count saturates.
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let days = days.saturating_add(719_468);
    let era = days.div_euclid(146_097);
    let day_of_era = days.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    };
    let year = era
        .saturating_mul(400)
        .saturating_add(year_of_era)
        .saturating_add(i64::from(month <= 2));
    // Both are small by construction (1-31, 1-12).
    (
        year,
        u32::try_from(month).unwrap_or(1),
        u32::try_from(day).unwrap_or(1),
    )
}

fn is_leap_year(year: i64) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

fn days_in_month(year: i64, month: u32) -> Option<u32> {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => Some(31),
        4 | 6 | 9 | 11 => Some(30),
        2 => Some(if is_leap_year(year) { 29 } else { 28 }),
        _ => None,
    }
}

fn digit(byte: u8) -> Option<u32> {
    char::from(byte).to_digit(10)
}

/// A `YYYY-MM-DD` date (exactly: four, two and two ASCII digits, nothing around them) that exists
/// in the calendar, as year, month and day.
pub fn parse_date(value: &str) -> Option<(i64, u32, u32)> {
    let [y1, y2, y3, y4, b'-', m1, m2, b'-', d1, d2] = *value.as_bytes() else {
        return None;
    };
    let year = [y1, y2, y3, y4]
        .into_iter()
        .try_fold(0_u32, |acc, b| Some(acc * 10 + digit(b)?))?;
    let month = digit(m1)? * 10 + digit(m2)?;
    let day = digit(d1)? * 10 + digit(d2)?;
    let year = i64::from(year);
    days_from_civil(year, month, day).map(|_| (year, month, day))
}

/// A `HH:MM` time (exactly two and two ASCII digits, nothing around them), 00:00 to 23:59, as
/// hour and minute.
pub fn parse_time(value: &str) -> Option<(u32, u32)> {
    let [h1, h2, b':', m1, m2] = *value.as_bytes() else {
        return None;
    };
    let hour = digit(h1)? * 10 + digit(h2)?;
    let minute = digit(m1)? * 10 + digit(m2)?;
    (hour < 24 && minute < 60).then_some((hour, minute))
}

/// `YYYY-MM-DDTHH:MM`, every part zero-padded (years 0000 to 9999, see [`EARLIEST_MS`]).
fn date_time_text(year: i64, [month, day, hour, minute]: [u32; 4]) -> String {
    let mut out = String::with_capacity(16);
    crate::json::write_zero_padded(&mut out, year.unsigned_abs(), 4);
    for (separator, part) in [('-', month), ('-', day), ('T', hour), (':', minute)] {
        out.push(separator);
        crate::json::write_zero_padded(&mut out, part.into(), 2);
    }
    out
}

/// The UTC date and time of `now_ms`, clamped to years 0000-9999.
fn utc_parts(now_ms: i64) -> ((i64, u32, u32), (u32, u32)) {
    let now_ms = now_ms.clamp(EARLIEST_MS, LATEST_MS);
    let date = civil_from_days(now_ms.div_euclid(MS_PER_DAY));
    let minutes = now_ms.rem_euclid(MS_PER_DAY) / MS_PER_MINUTE;
    let hour = u32::try_from(minutes / 60).unwrap_or(0);
    let minute = u32::try_from(minutes % 60).unwrap_or(0);
    (date, (hour, minute))
}

/// Trims the entries and drops the empty ones (spec section 5: "sent only when non-empty").
fn clean(values: &[String]) -> Vec<String> {
    values
        .iter()
        .map(|value| value.trim())
        .filter(|value| !value.is_empty())
        .map(str::to_owned)
        .collect()
}

fn non_empty(value: Option<&String>) -> Option<String> {
    value
        .map(|value| value.trim())
        .filter(|value| !value.is_empty())
        .map(str::to_owned)
}

/// Builds the preview settings from the panel (spec section 5 "Preview panel": "date must match
/// YYYY-MM-DD, otherwise the current time is used; time is HH:MM. A chosen test without a group
/// refuses submit ...; an empty selection is valid. Promotion ids and tag filters are sent only
/// when non-empty").
///
/// - `dateTime`: when `date` (trimmed) is not a real `YYYY-MM-DD` date, the whole date-time is
///   the current time `now_ms` and the time field is ignored. When the date is valid but `time`
///   is not a valid `HH:MM` (00-23, 00-59; `24:00`, `9:30`, `09:30:00` are not), the current
///   time of day is used with that date. `now_ms` is a wall clock's reading in milliseconds
///   from 1970-01-01T00:00 on that clock: the panel passes the staff member's local clock, which
///   its date and time fields start from (UTC when given the epoch's milliseconds). Instants
///   outside the years 0000-9999 are clamped to them.
/// - `test` / `group`: trimmed; an empty or absent test means "None" (any group is then dropped);
///   a test with an empty or absent group is `Err(GROUP_MISSING)`.
/// - promotion ids and tag lists: entries trimmed, empty ones removed, order kept.
pub fn build_preview_request(
    form: &PreviewForm,
    now_ms: i64,
) -> Result<PreviewRequest, PreviewError> {
    let test = non_empty(form.ab_test.as_ref());
    let group = non_empty(form.ab_group.as_ref());
    let group = match (&test, group) {
        (None, _) => None,
        (Some(_), None) => return Err(PreviewError::GroupMissing),
        (Some(_), Some(group)) => Some(group),
    };
    let (now_date, now_time) = utc_parts(now_ms);
    let ((year, month, day), (hour, minute)) = match parse_date(form.date.trim()) {
        None => (now_date, now_time),
        Some(date) => (date, parse_time(form.time.trim()).unwrap_or(now_time)),
    };
    Ok(PreviewRequest {
        date_time: date_time_text(year, [month, day, hour, minute]),
        test,
        group,
        promotion_ids: clean(&form.promotion_ids),
        all_of_tags: clean(&form.all_of_tags),
        any_of_tags: clean(&form.any_of_tags),
        none_of_tags: clean(&form.none_of_tags),
    })
}

/// The preview panel's date and time fields (`YYYY-MM-DD`, `HH:MM`).
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct PreviewMoment {
    pub date: String,
    pub time: String,
}

/// What the panel's date and time fields start from: the date-time of the settings in force
/// (the auth check's `dateTime`, `2024-02-29T10:30` and maybe seconds after it) when it is a
/// real date and time, else the wall clock `now_ms` (as [`build_preview_request`] reads it).
pub fn preview_fields(date_time: Option<&str>, now_ms: i64) -> PreviewMoment {
    let in_force = date_time.and_then(|text| {
        let date = text.get(..10)?;
        let time = text.get(11..16)?;
        let separated = text.as_bytes().get(10) == Some(&b'T');
        (separated && parse_date(date).is_some() && parse_time(time).is_some())
            .then(|| (date.to_owned(), time.to_owned()))
    });
    let (date, time) = in_force.unwrap_or_else(|| {
        let ((year, month, day), (hour, minute)) = utc_parts(now_ms);
        let text = date_time_text(year, [month, day, hour, minute]);
        (
            text.get(..10).unwrap_or_default().to_owned(),
            text.get(11..).unwrap_or_default().to_owned(),
        )
    });
    PreviewMoment { date, time }
}

/// The preview token call's A/B test, group and date-time parameters ([`preview_token_query`]).
pub const PREVIEW_TEST_PARAM: &str = "test";
pub const PREVIEW_GROUP_PARAM: &str = "group";
pub const PREVIEW_DATE_TIME_PARAM: &str = "dateTime";

/// The query string of the preview token call, without the leading `?` (spec section 7: "GET
/// /service/preview/api/token?test={test}&group={group} plus preview date-time"; section 5:
/// "Promotion ids and tag filters are sent only when non-empty"): the parameters `test`, `group`
/// and `dateTime`, percent-encoded (`dateTime=2024-02-29T10%3A30`), then `promotionIds`,
/// `allOfTags`, `anyOfTags` and `noneOfTags` as lists (entries encoded one by one, joined by
/// `,`, as the promotion service reads its tags), in that order, each only when non-empty.
pub fn preview_token_query(request: &PreviewRequest) -> String {
    let parameters = [
        (
            PREVIEW_TEST_PARAM,
            request.test.as_deref().unwrap_or_default(),
        ),
        (
            PREVIEW_GROUP_PARAM,
            request.group.as_deref().unwrap_or_default(),
        ),
        (PREVIEW_DATE_TIME_PARAM, request.date_time.as_str()),
    ];
    let present: Vec<(&str, &str)> = parameters
        .into_iter()
        .filter(|(_, value)| !value.is_empty())
        .collect();
    let mut query = crate::url::query(&present);
    for (name, values) in [
        ("promotionIds", &request.promotion_ids),
        ("allOfTags", &request.all_of_tags),
        ("anyOfTags", &request.any_of_tags),
        ("noneOfTags", &request.none_of_tags),
    ] {
        let list = crate::url::encoded_list(values);
        if !list.is_empty() {
            if !query.is_empty() {
                query.push('&');
            }
            query.push_str(name);
            query.push('=');
            query.push_str(&list);
        }
    }
    query
}

/// The path and query of the preview token call (spec section 7):
/// `/service/preview/api/token?test=..&group=..&dateTime=..` (no `?` when the query is empty).
pub fn preview_token_path(request: &PreviewRequest) -> String {
    crate::url::with_query(PREVIEW_TOKEN_PATH, &preview_token_query(request))
}

/// Whether a preview call status means the settings were applied (spec section 8: "'Settings
/// applied successfully.'; failure or status other than SUCCESS: 'Applying settings failed.'"):
/// only exactly `SUCCESS`.
pub fn preview_applied(status: &str) -> bool {
    status == PREVIEW_SUCCESS_STATUS
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// 2024-06-15T12:34:56.789Z
    const NOW: i64 = 1_718_454_896_789;

    fn form(date: &str, time: &str, test: Option<&str>, group: Option<&str>) -> PreviewForm {
        PreviewForm {
            date: date.to_owned(),
            time: time.to_owned(),
            ab_test: test.map(str::to_owned),
            ab_group: group.map(str::to_owned),
            ..PreviewForm::default()
        }
    }

    #[test]
    fn calendar_conversions() {
        let table = [
            ((1970, 1, 1), 0),
            ((1969, 12, 31), -1),
            ((2000, 3, 1), 11_017),
            ((2024, 2, 29), 19_782),
            ((2024, 6, 15), 19_889),
            ((0, 1, 1), -719_528),
            ((9999, 12, 31), 2_932_896),
            ((-1, 12, 31), -719_529),
        ];
        for ((year, month, day), days) in table {
            assert_eq!(
                days_from_civil(year, month, day),
                Some(days),
                "{year}-{month}-{day}"
            );
            assert_eq!(civil_from_days(days), (year, month, day), "{days}");
        }
        for (year, month, day) in [
            (2023, 2, 29),
            (1900, 2, 29),
            (2024, 2, 30),
            (2024, 4, 31),
            (2024, 13, 1),
            (2024, 0, 1),
            (2024, 1, 0),
            (2024, 1, 32),
        ] {
            assert_eq!(
                days_from_civil(year, month, day),
                None,
                "{year}-{month}-{day}"
            );
        }
        assert_eq!(days_from_civil(2000, 2, 29), Some(11_016));
        assert_eq!(days_from_civil(i64::MIN, 1, 1), None);
        assert_eq!(days_from_civil(i64::MAX, 12, 31), None);
        assert_eq!(EARLIEST_MS, -719_528 * MS_PER_DAY);
        assert_eq!(LATEST_MS, 2_932_897 * MS_PER_DAY - 1);
    }

    #[test]
    fn date_time_table() {
        // date, time, expected dateTime (now is 2024-06-15T12:34 UTC)
        let table = [
            ("2024-02-29", "10:30", "2024-02-29T10:30"),
            ("2024-12-31", "23:59", "2024-12-31T23:59"),
            ("2025-01-01", "00:00", "2025-01-01T00:00"),
            (" 2024-03-01 ", " 08:05 ", "2024-03-01T08:05"),
            ("2000-02-29", "12:00", "2000-02-29T12:00"),
            // Invalid time with a valid date: now's time of day.
            ("2024-02-29", "24:00", "2024-02-29T12:34"),
            ("2024-02-29", "23:60", "2024-02-29T12:34"),
            ("2024-02-29", "9:30", "2024-02-29T12:34"),
            ("2024-02-29", "09:30:00", "2024-02-29T12:34"),
            ("2024-02-29", "", "2024-02-29T12:34"),
            ("2024-02-29", "ab:cd", "2024-02-29T12:34"),
            // Invalid date: now, whatever the time says.
            ("2023-02-29", "10:30", "2024-06-15T12:34"),
            ("1900-02-29", "10:30", "2024-06-15T12:34"),
            ("2024-04-31", "10:30", "2024-06-15T12:34"),
            ("2024-13-01", "10:30", "2024-06-15T12:34"),
            ("2024-00-10", "10:30", "2024-06-15T12:34"),
            ("2024-1-5", "10:30", "2024-06-15T12:34"),
            ("24-01-05", "10:30", "2024-06-15T12:34"),
            ("2024/01/05", "10:30", "2024-06-15T12:34"),
            ("15.06.2024", "10:30", "2024-06-15T12:34"),
            ("", "", "2024-06-15T12:34"),
            ("２０２４-０１-０５", "10:30", "2024-06-15T12:34"),
        ];
        for (date, time, expected) in table {
            let request = build_preview_request(&form(date, time, None, None), NOW);
            assert_eq!(
                request.map(|r| r.date_time),
                Ok(expected.to_owned()),
                "{date:?} {time:?}"
            );
        }
    }

    #[test]
    fn now_is_utc_and_clamped() {
        let empty = PreviewForm::default();
        let at = |now: i64| build_preview_request(&empty, now).map(|r| r.date_time);
        assert_eq!(at(0), Ok("1970-01-01T00:00".to_owned()));
        assert_eq!(at(-1), Ok("1969-12-31T23:59".to_owned()));
        assert_eq!(at(59_999), Ok("1970-01-01T00:00".to_owned()));
        assert_eq!(at(60_000), Ok("1970-01-01T00:01".to_owned()));
        assert_eq!(at(i64::MAX), Ok("9999-12-31T23:59".to_owned()));
        assert_eq!(at(i64::MIN), Ok("0000-01-01T00:00".to_owned()));
    }

    #[test]
    fn ab_selection_table() {
        let missing = Err(PreviewError::GroupMissing);
        type Selection<'a> = Result<(Option<&'a str>, Option<&'a str>), PreviewError>;
        let table: Vec<(Option<&str>, Option<&str>, Selection)> = vec![
            (None, None, Ok((None, None))),
            (Some(""), None, Ok((None, None))),
            (Some("  "), Some(""), Ok((None, None))),
            (None, Some("B"), Ok((None, None))),
            (
                Some("checkout-test"),
                Some("B"),
                Ok((Some("checkout-test"), Some("B"))),
            ),
            (
                Some(" checkout-test "),
                Some(" B "),
                Ok((Some("checkout-test"), Some("B"))),
            ),
            (Some("checkout-test"), None, missing),
            (Some("checkout-test"), Some(""), missing),
            (Some("checkout-test"), Some("   "), missing),
        ];
        for (test, group, expected) in table {
            let result = build_preview_request(&form("2024-02-29", "10:00", test, group), NOW);
            let got = result.map(|r| (r.test, r.group));
            let expected = expected.map(|(t, g)| (t.map(str::to_owned), g.map(str::to_owned)));
            assert_eq!(got, expected, "{test:?} {group:?}");
        }
        assert_eq!(
            Some(crate::json::to_string(&PreviewError::GroupMissing)).as_deref(),
            Some("\"GROUP_MISSING\"")
        );
    }

    #[test]
    fn lists_are_cleaned() {
        let strings = |values: &[&str]| values.iter().map(|v| (*v).to_owned()).collect::<Vec<_>>();
        let form = PreviewForm {
            promotion_ids: strings(&["  ", "~header_top", "", " 42 "]),
            all_of_tags: strings(&["a", " b "]),
            any_of_tags: strings(&[""]),
            none_of_tags: strings(&["x", "x"]),
            ..PreviewForm::default()
        };
        let request = build_preview_request(&form, NOW);
        assert_eq!(
            request,
            Ok(PreviewRequest {
                date_time: "2024-06-15T12:34".into(),
                test: None,
                group: None,
                promotion_ids: strings(&["~header_top", "42"]),
                all_of_tags: strings(&["a", "b"]),
                any_of_tags: vec![],
                none_of_tags: strings(&["x", "x"]),
            })
        );
        let json: Result<PreviewForm, _> = crate::json::from_str(r#"{"abTest":null}"#);
        assert_eq!(json.ok(), Some(PreviewForm::default()));
    }

    #[test]
    fn token_query() {
        let request = |test: Option<&str>, group: Option<&str>, date_time: &str| PreviewRequest {
            date_time: date_time.to_owned(),
            test: test.map(str::to_owned),
            group: group.map(str::to_owned),
            promotion_ids: vec![],
            all_of_tags: vec![],
            any_of_tags: vec![],
            none_of_tags: vec![],
        };
        let table = [
            (
                request(None, None, "2024-02-29T10:30"),
                "dateTime=2024-02-29T10%3A30",
            ),
            (
                request(Some("checkout"), Some("B"), "2024-02-29T10:30"),
                "test=checkout&group=B&dateTime=2024-02-29T10%3A30",
            ),
            (
                request(Some("a b&c=d/ü"), Some("x_y-z.~"), "2024-02-29T10:30"),
                "test=a%20b%26c%3Dd%2F%C3%BC&group=x_y-z.~&dateTime=2024-02-29T10%3A30",
            ),
            (request(Some(""), Some(""), ""), ""),
        ];
        for (request, expected) in table {
            assert_eq!(preview_token_query(&request), expected);
        }
        // Promotion ids and tag filters go along only when there are any.
        let with_lists = PreviewRequest {
            promotion_ids: vec!["~header_top".into(), "top banner".into()],
            none_of_tags: vec!["a,b".into(), " ".into()],
            any_of_tags: vec![" ".into()],
            ..request(None, None, "2024-02-29T10:30")
        };
        assert_eq!(
            preview_token_query(&with_lists),
            "dateTime=2024-02-29T10%3A30&promotionIds=~header_top,top%20banner&noneOfTags=a%2Cb"
        );
        let built = build_preview_request(&form("2024-02-29", "10:30", Some("t"), Some("g")), NOW);
        assert_eq!(
            built.map(|r| preview_token_path(&r)),
            Ok("/service/preview/api/token?test=t&group=g&dateTime=2024-02-29T10%3A30".to_owned())
        );
        assert_eq!(
            preview_token_path(&request(None, None, "")),
            "/service/preview/api/token"
        );
    }

    #[test]
    fn applied_only_on_success() {
        for (status, applied) in [
            ("SUCCESS", true),
            ("success", false),
            (" SUCCESS", false),
            ("BAD_REQUEST", false),
            ("INTERNAL_ERROR", false),
            ("UNAUTHORIZED", false),
            ("", false),
        ] {
            assert_eq!(preview_applied(status), applied, "{status}");
        }
    }

    #[test]
    fn the_panel_starts_from_the_settings_in_force_else_from_now() {
        // 2024-02-29T10:30 UTC.
        let leap_day = 1_709_202_600_000;
        let at = |date: &str, time: &str| PreviewMoment {
            date: date.to_owned(),
            time: time.to_owned(),
        };
        assert_eq!(
            preview_fields(Some("2025-12-24T18:05:00"), leap_day),
            at("2025-12-24", "18:05")
        );
        assert_eq!(
            preview_fields(Some("2025-12-24T18:05"), leap_day),
            at("2025-12-24", "18:05")
        );
        for unusable in [
            None,
            Some(""),
            Some("2025-12-24"),
            Some("2025-02-30T10:00"),
            Some("2025-12-24 18:05"),
            Some("2025-12-24T24:00"),
            Some("2025-12-24T1805"),
            Some("ä025-12-24T18:05"),
        ] {
            assert_eq!(
                preview_fields(unusable, leap_day),
                at("2024-02-29", "10:30"),
                "{unusable:?}"
            );
        }
    }

    proptest! {
        #[test]
        fn the_panels_fields_are_always_a_valid_date_and_time(date_time in any::<Option<String>>(), now in any::<i64>()) {
            let fields = preview_fields(date_time.as_deref(), now);
            prop_assert!(parse_date(&fields.date).is_some(), "{:?}", fields);
            prop_assert!(parse_time(&fields.time).is_some(), "{:?}", fields);
        }

        #[test]
        fn never_panics(
            date in any::<String>(),
            time in ".*",
            test in any::<Option<String>>(),
            group in any::<Option<String>>(),
            ids in proptest::collection::vec(any::<String>(), 0..4),
            now in any::<i64>(),
            status in any::<String>(),
        ) {
            let form = PreviewForm { date, time, ab_test: test, ab_group: group, promotion_ids: ids.clone(), all_of_tags: ids.clone(), any_of_tags: ids.clone(), none_of_tags: ids };
            if let Ok(request) = build_preview_request(&form, now) {
                prop_assert_eq!(request.date_time.len(), 16);
                prop_assert_eq!(request.test.is_some(), request.group.is_some());
                let query = preview_token_query(&request);
                prop_assert!(query.is_ascii());
                prop_assert!(!query.contains(' '));
                let _ = preview_token_path(&request);
            }
            let _ = preview_applied(&status);
        }

        #[test]
        fn calendar_round_trip(days in -10_000_000_i64..10_000_000) {
            let (year, month, day) = civil_from_days(days);
            prop_assert_eq!(days_from_civil(year, month, day), Some(days));
        }

        #[test]
        fn calendar_is_total(days in any::<i64>(), year in any::<i64>(), month in any::<u32>(), day in any::<u32>()) {
            let _ = civil_from_days(days);
            let _ = days_from_civil(year, month, day);
        }

        #[test]
        fn valid_dates_are_kept(days in -719_528_i64..2_932_897, hour in 0_u32..24, minute in 0_u32..60) {
            let (year, month, day) = civil_from_days(days);
            let date = format!("{year:04}-{month:02}-{day:02}");
            let time = format!("{hour:02}:{minute:02}");
            let request = build_preview_request(&form(&date, &time, None, None), 0);
            prop_assert_eq!(request.map(|r| r.date_time), Ok(format!("{date}T{time}")));
        }
    }
}
