//! The JSON value tree and its parser: RFC 8259 JSON, written for the browser build (ADR 0005).
//!
//! - Objects keep their members in document order; a repeated key keeps its last value.
//! - Integers stay exact (`i64`, else `u64`); other numbers are `f64`, read to within a few units
//!   in the last place (the shop's documents carry whole numbers: cents, pixels, counts).
//! - Nesting deeper than [`DEPTH_LIMIT`] is an error, not a stack overflow; so are lone
//!   surrogates, control characters in strings and anything after the value but whitespace.

use super::JsonError;

/// Deepest nesting of arrays and objects a document may have (serde_json's limit).
pub const DEPTH_LIMIT: u32 = 128;

/// The power of ten beyond which a number is infinite or zero whatever its digits.
const SCALE_DECIDED: i32 = 400;

/// A JSON value.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Value {
    #[default]
    Null,
    Bool(bool),
    Number(Number),
    String(String),
    Array(Vec<Value>),
    Object(Map),
}

/// A JSON number.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Number {
    Integer(i64),
    Unsigned(u64),
    Float(f64),
}

impl Number {
    pub fn as_i64(&self) -> Option<i64> {
        match *self {
            Number::Integer(whole) => Some(whole),
            Number::Unsigned(whole) => i64::try_from(whole).ok(),
            Number::Float(_) => None,
        }
    }

    pub fn as_u64(&self) -> Option<u64> {
        match *self {
            Number::Integer(whole) => u64::try_from(whole).ok(),
            Number::Unsigned(whole) => Some(whole),
            Number::Float(_) => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        Some(match *self {
            Number::Integer(whole) => whole as f64,
            Number::Unsigned(whole) => whole as f64,
            Number::Float(float) => float,
        })
    }
}

/// The members of a JSON object, in document order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Map(Vec<(String, Value)>);

impl Map {
    pub fn new() -> Self {
        Map(Vec::new())
    }

    pub fn get(&self, key: &str) -> Option<&Value> {
        self.0
            .iter()
            .find(|(name, _)| name == key)
            .map(|(_, value)| value)
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        self.0
            .iter_mut()
            .find(|(name, _)| name == key)
            .map(|(_, value)| value)
    }

    /// Sets a member; a key already present keeps its place and takes the new value.
    pub fn insert(&mut self, key: String, value: Value) {
        match self.get_mut(&key) {
            Some(slot) => *slot = value,
            None => self.0.push((key, value)),
        }
    }

    /// The members as a document has them: a repeated key keeps its first place and takes its
    /// last value (as `JSON.parse` reads it). Found by sorting the keys, not by searching the
    /// members read so far for each new one: an object of 40 000 members took 2.7 s that way.
    fn without_repeats(mut members: Vec<(String, Value)>) -> Map {
        let order = crate::sort::indices_by_key(&members, |member| member.0.as_str());
        let mut repeated = vec![false; members.len()];
        // Within a key's run the members are in document order: the last one's value goes to
        // the first one's place, the others go.
        let mut first = 0;
        for (at, index) in order.iter().enumerate() {
            let key = |index: usize| members.get(index).map(|member| &member.0);
            if at == 0 || key(first) != key(*index) {
                first = *index;
            } else if let Some(member) = members.get_mut(*index) {
                let value = std::mem::take(&mut member.1);
                if let (Some(kept), Some(repeated)) =
                    (members.get_mut(first), repeated.get_mut(*index))
                {
                    kept.1 = value;
                    *repeated = true;
                }
            }
        }
        let mut repeated = repeated.into_iter();
        members.retain(|_| repeated.next() == Some(false));
        Map(members)
    }

    pub fn remove(&mut self, key: &str) -> Option<Value> {
        let index = self.0.iter().position(|(name, _)| name == key)?;
        Some(self.0.remove(index).1)
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = (&String, &Value)> {
        self.0.iter().map(|(key, value)| (key, value))
    }
}

impl<'a> IntoIterator for &'a Map {
    type Item = (&'a String, &'a Value);
    type IntoIter = std::iter::Map<
        std::slice::Iter<'a, (String, Value)>,
        fn(&'a (String, Value)) -> (&'a String, &'a Value),
    >;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(|(key, value)| (key, value))
    }
}

impl FromIterator<(String, Value)> for Map {
    fn from_iter<I: IntoIterator<Item = (String, Value)>>(members: I) -> Self {
        let mut map = Map::new();
        for (key, value) in members {
            map.insert(key, value);
        }
        map
    }
}

impl Value {
    /// The member `key` of an object; `None` for anything else.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.as_object()?.get(key)
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        match self {
            Value::Object(map) => map.get_mut(key),
            _ => None,
        }
    }

    /// Takes the value out, leaving `null`.
    pub fn take(&mut self) -> Value {
        std::mem::take(self)
    }

    pub fn as_object(&self) -> Option<&Map> {
        match self {
            Value::Object(map) => Some(map),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&Vec<Value>> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(text) => Some(text),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(flag) => Some(*flag),
            _ => None,
        }
    }

    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Value::Number(number) => number.as_i64(),
            _ => None,
        }
    }

    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Value::Number(number) => number.as_u64(),
            _ => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Number(number) => number.as_f64(),
            _ => None,
        }
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }
}

impl From<&str> for Value {
    fn from(text: &str) -> Self {
        Value::String(text.to_owned())
    }
}

/// Parses one JSON document.
pub fn parse(text: &str) -> Result<Value, JsonError> {
    let mut parser = Parser {
        bytes: text.as_bytes(),
        position: 0,
    };
    let value = parser.value(0)?;
    parser.whitespace();
    if parser.position != parser.bytes.len() {
        return Err(JsonError::new("trailing characters after the JSON value"));
    }
    Ok(value)
}

struct Parser<'a> {
    bytes: &'a [u8],
    position: usize,
}

fn invalid() -> JsonError {
    JsonError::new("not valid JSON")
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.position).copied()
    }

    fn next(&mut self) -> Option<u8> {
        let byte = self.peek()?;
        self.position += 1;
        Some(byte)
    }

    fn whitespace(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.position += 1;
        }
    }

    fn literal(&mut self, word: &[u8], value: Value) -> Result<Value, JsonError> {
        let end = self.position + word.len();
        if self.bytes.get(self.position..end) == Some(word) {
            self.position = end;
            Ok(value)
        } else {
            Err(invalid())
        }
    }

    fn value(&mut self, depth: u32) -> Result<Value, JsonError> {
        self.whitespace();
        match self.peek().ok_or_else(invalid)? {
            b'n' => self.literal(b"null", Value::Null),
            b't' => self.literal(b"true", Value::Bool(true)),
            b'f' => self.literal(b"false", Value::Bool(false)),
            b'"' => self.string().map(Value::String),
            b'[' | b'{' if depth >= DEPTH_LIMIT => {
                Err(JsonError::new("JSON nested deeper than 128 levels"))
            }
            b'[' => {
                self.position += 1;
                let mut items = Vec::new();
                if !self.close(b']') {
                    loop {
                        items.push(self.value(depth + 1)?);
                        if !self.separator(b']')? {
                            break;
                        }
                    }
                }
                Ok(Value::Array(items))
            }
            b'{' => {
                self.position += 1;
                let mut members = Vec::new();
                if !self.close(b'}') {
                    loop {
                        self.whitespace();
                        if self.peek() != Some(b'"') {
                            return Err(invalid());
                        }
                        let key = self.string()?;
                        self.whitespace();
                        if self.next() != Some(b':') {
                            return Err(invalid());
                        }
                        let value = self.value(depth + 1)?;
                        members.push((key, value));
                        if !self.separator(b'}')? {
                            break;
                        }
                    }
                }
                Ok(Value::Object(Map::without_repeats(members)))
            }
            b'-' | b'0'..=b'9' => self.number().map(Value::Number),
            _ => Err(invalid()),
        }
    }

    /// Consumes `close` (after whitespace) if it is next: an empty array or object.
    fn close(&mut self, close: u8) -> bool {
        self.whitespace();
        let found = self.peek() == Some(close);
        if found {
            self.position += 1;
        }
        found
    }

    /// After an item: `,` (another item follows: `true`) or `close` (the end: `false`).
    fn separator(&mut self, close: u8) -> Result<bool, JsonError> {
        self.whitespace();
        match self.next() {
            Some(b',') => Ok(true),
            Some(byte) if byte == close => Ok(false),
            _ => Err(invalid()),
        }
    }

    fn string(&mut self) -> Result<String, JsonError> {
        self.position += 1; // the opening quote
        let mut out = Vec::new();
        loop {
            match self.next().ok_or_else(invalid)? {
                b'"' => break,
                b'\\' => {
                    let escaped = match self.next().ok_or_else(invalid)? {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => self.unicode_escape()?,
                        _ => return Err(invalid()),
                    };
                    let mut buffer = [0; 4];
                    out.extend_from_slice(escaped.encode_utf8(&mut buffer).as_bytes());
                }
                0..=0x1f => return Err(invalid()),
                byte => out.push(byte),
            }
        }
        // The input is a `&str` and escapes were encoded as UTF-8, so this only fails on a
        // broken invariant; it is an error value all the same.
        String::from_utf8(out).map_err(|_| invalid())
    }

    fn hex4(&mut self) -> Result<u32, JsonError> {
        let mut code = 0;
        for _ in 0..4 {
            let digit = char::from(self.next().ok_or_else(invalid)?)
                .to_digit(16)
                .ok_or_else(invalid)?;
            code = code * 16 + digit;
        }
        Ok(code)
    }

    /// The character of `\uXXXX` (a surrogate pair takes two escapes).
    fn unicode_escape(&mut self) -> Result<char, JsonError> {
        let first = self.hex4()?;
        let code = match first {
            0xD800..=0xDBFF => {
                if self.next() != Some(b'\\') || self.next() != Some(b'u') {
                    return Err(JsonError::new("lone surrogate in a JSON string"));
                }
                let second = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&second) {
                    return Err(JsonError::new("lone surrogate in a JSON string"));
                }
                0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            }
            0xDC00..=0xDFFF => return Err(JsonError::new("lone surrogate in a JSON string")),
            code => code,
        };
        char::from_u32(code).ok_or_else(invalid)
    }

    fn digits(&mut self) -> usize {
        let start = self.position;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.position += 1;
        }
        self.position - start
    }

    fn number(&mut self) -> Result<Number, JsonError> {
        let start = self.position;
        let negative = self.peek() == Some(b'-');
        if negative {
            self.position += 1;
        }
        let integer_start = self.position;
        let integer_digits = self.digits();
        let leading_zero = self.bytes.get(integer_start) == Some(&b'0');
        if integer_digits == 0 || (leading_zero && integer_digits > 1) {
            return Err(invalid());
        }
        let mut fraction_digits = 0;
        if self.peek() == Some(b'.') {
            self.position += 1;
            fraction_digits = self.digits();
            if fraction_digits == 0 {
                return Err(invalid());
            }
        }
        let mut exponent: i32 = 0;
        let has_exponent = matches!(self.peek(), Some(b'e' | b'E'));
        if has_exponent {
            self.position += 1;
            let exponent_negative = match self.peek() {
                Some(b'-') => {
                    self.position += 1;
                    true
                }
                Some(b'+') => {
                    self.position += 1;
                    false
                }
                _ => false,
            };
            let exponent_start = self.position;
            if self.digits() == 0 {
                return Err(invalid());
            }
            for &digit in self
                .bytes
                .get(exponent_start..self.position)
                .unwrap_or_default()
            {
                exponent = exponent
                    .saturating_mul(10)
                    .saturating_add(i32::from(digit - b'0'));
            }
            if exponent_negative {
                exponent = -exponent;
            }
        }
        let text = self.bytes.get(start..self.position).unwrap_or_default();
        if fraction_digits == 0
            && !has_exponent
            && let Some(whole) = whole_number(text)
        {
            return Ok(whole);
        }
        // Mantissa of up to 19 significant digits, scaled by the exponent.
        let mut mantissa: u64 = 0;
        let mut scale = exponent;
        let mut significant = 0;
        for &byte in text
            .iter()
            .filter(|byte| byte.is_ascii_digit())
            .take(integer_digits + fraction_digits)
        {
            if significant < 19 {
                mantissa = mantissa * 10 + u64::from(byte - b'0');
                if mantissa > 0 {
                    significant += 1;
                }
            } else {
                scale = scale.saturating_add(1);
            }
        }
        scale = scale.saturating_sub(i32::try_from(fraction_digits).unwrap_or(i32::MAX));
        // Beyond ±400 the result no longer changes (a mantissa under 1e19 times 1e400 is
        // infinite, times 1e-400 zero), and stepping towards `1e9999999999`'s scale took a
        // third of a second for each such number.
        scale = scale.clamp(-SCALE_DECIDED, SCALE_DECIDED);
        let mut float = mantissa as f64;
        // Powers of ten up to 1e22 are exact, so dividing by one rounds once.
        while scale < 0 {
            let step = scale.max(-22);
            float /= 10f64.powi(-step);
            scale -= step;
        }
        while scale > 0 {
            let step = scale.min(22);
            float *= 10f64.powi(step);
            scale -= step;
        }
        Ok(Number::Float(if negative { -float } else { float }))
    }
}

/// An integer literal as `i64`, else `u64`; `None` beyond both.
fn whole_number(text: &[u8]) -> Option<Number> {
    let (negative, digits) = match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, text),
    };
    let mut magnitude: u64 = 0;
    for &digit in digits {
        magnitude = magnitude
            .checked_mul(10)?
            .checked_add(u64::from(digit - b'0'))?;
    }
    if negative {
        let value = 0i64.checked_sub_unsigned(magnitude)?;
        Some(Number::Integer(value))
    } else {
        Some(match i64::try_from(magnitude) {
            Ok(whole) => Number::Integer(whole),
            Err(_) => Number::Unsigned(magnitude),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn parses_every_kind_of_value() {
        let value = parse(r#" {"a": [1, -2, 3.5, 1e3, -0, true, false, null], "b": {"c": "d"}} "#);
        let Ok(value) = value else {
            panic!("{value:?}");
        };
        let items = value
            .get("a")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        assert_eq!(items.first().and_then(Value::as_i64), Some(1));
        assert_eq!(items.get(1).and_then(Value::as_i64), Some(-2));
        assert_eq!(items.get(2).and_then(Value::as_f64), Some(3.5));
        assert_eq!(items.get(3).and_then(Value::as_f64), Some(1000.0));
        assert_eq!(items.get(5), Some(&Value::Bool(true)));
        assert_eq!(items.get(7), Some(&Value::Null));
        assert_eq!(
            value
                .get("b")
                .and_then(|b| b.get("c"))
                .and_then(Value::as_str),
            Some("d")
        );
    }

    #[test]
    fn integers_stay_exact_and_decimals_are_close() {
        assert_eq!(
            parse("9007199254740993").ok().and_then(|v| v.as_i64()),
            Some(9_007_199_254_740_993)
        );
        assert_eq!(
            parse("18446744073709551615").ok().and_then(|v| v.as_u64()),
            Some(u64::MAX)
        );
        assert_eq!(
            parse("-9223372036854775808").ok().and_then(|v| v.as_i64()),
            Some(i64::MIN)
        );
        assert!(matches!(
            parse("18446744073709551616"),
            Ok(Value::Number(Number::Float(_)))
        ));
        for (text, expected) in [
            ("0.1", 0.1),
            ("12.99", 12.99),
            ("-1.5e-3", -0.0015),
            ("2.5E+2", 250.0),
            ("1e400", f64::INFINITY),
        ] {
            let parsed = parse(text)
                .ok()
                .and_then(|v| v.as_f64())
                .unwrap_or(f64::NAN);
            assert!(
                parsed == expected || (parsed - expected).abs() <= expected.abs() * 1e-15,
                "{text}: {parsed}"
            );
        }
    }

    #[test]
    fn strings_decode_escapes_and_surrogate_pairs() {
        assert_eq!(
            parse(r#""a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00""#),
            Ok(Value::String("a\"\\/\u{8}\u{c}\n\r\té😀".into()))
        );
        for bad in [
            r#""\ud83d""#,
            r#""\ude00""#,
            r#""\ud83dx""#,
            "\"\u{1}\"",
            r#""\x""#,
            r#""abc"#,
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn refuses_what_is_not_json() {
        for bad in [
            "",
            " ",
            "{",
            "[1,]",
            "{\"a\":1,}",
            "{a:1}",
            "01",
            "1.",
            ".5",
            "-",
            "1e",
            "+1",
            "nul",
            "truex",
            "[1] 2",
            "{\"a\" 1}",
            "'a'",
            "NaN",
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn repeated_keys_keep_the_last_value_in_the_first_place() {
        let parsed = parse(r#"{"a":1,"b":2,"a":3}"#);
        let keys: Vec<String> = parsed
            .as_ref()
            .ok()
            .and_then(Value::as_object)
            .map(|map| map.iter().map(|(key, _)| key.clone()).collect())
            .unwrap_or_default();
        assert_eq!(keys, ["a", "b"]);
        assert_eq!(
            parsed.ok().and_then(|v| v.get("a").and_then(Value::as_i64)),
            Some(3)
        );
    }

    #[test]
    fn nesting_is_limited() {
        let nested = |depth: usize| format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        assert!(parse(&nested(128)).is_ok());
        assert!(parse(&nested(129)).is_err());
        assert!(parse(&"{\"a\":".repeat(100_000)).is_err());
    }

    /// A number has an `i64` or a `u64` value only where it is one: a negative integer has no
    /// unsigned value, one above `i64::MAX` no signed value.
    #[test]
    fn whole_numbers_convert_only_where_they_fit() {
        for (text, signed, unsigned) in [
            ("-1", Some(-1), None),
            ("-9223372036854775808", Some(i64::MIN), None),
            ("0", Some(0), Some(0)),
            (
                "9223372036854775807",
                Some(i64::MAX),
                Some(9_223_372_036_854_775_807),
            ),
            ("9223372036854775808", None, Some(9_223_372_036_854_775_808)),
            ("1.5", None, None),
        ] {
            let value = parse(text).unwrap_or_default();
            assert_eq!(
                (value.as_i64(), value.as_u64()),
                (signed, unsigned),
                "{text}"
            );
        }
    }

    /// An object member is a string key, a colon, a value: nothing else stands for the key or
    /// the colon.
    #[test]
    fn object_members_are_a_string_key_a_colon_and_a_value() {
        assert!(parse(r#"{ "a" : 1 }"#).is_ok());
        for bad in [
            r#"{a":1}"#,
            r#"{1":2}"#,
            "{null:1}",
            r#"{"a";1}"#,
            r#"{"a"=1}"#,
            r#"{"a",1}"#,
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_bracket_closes_only_what_it_opened() {
        for bad in ["[1}", "{\"a\":1]", "[[1]}", "{\"a\":[1}}", "[}", "{]"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    /// RFC 8259 whitespace is space, tab, line feed and carriage return, and nothing else.
    #[test]
    fn whitespace_is_space_tab_line_feed_and_carriage_return() {
        let one_two = Value::Array(vec![
            Value::Number(Number::Integer(1)),
            Value::Number(Number::Integer(2)),
        ]);
        assert_eq!(parse("\t[\t1\t,\r\n2 ]\r\n\t"), Ok(one_two));
        for bad in ["\u{c}1", "1\u{b}", "[1,\u{a0}2]"] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }

    /// Every character below the space must be escaped in a string (RFC 8259 section 7).
    #[test]
    fn every_control_character_in_a_string_must_be_escaped() {
        for code in 0..0x20_u8 {
            let control = char::from(code);
            assert!(parse(&format!("\"a{control}b\"")).is_err(), "{code:#x}");
            assert_eq!(
                parse(&format!("\"a\\u{code:04x}b\"")),
                Ok(Value::String(format!("a{control}b"))),
                "{code:#x}"
            );
        }
        assert_eq!(parse("\" \u{7f}\""), Ok(Value::String(" \u{7f}".into())));
    }

    /// Every high surrogate pairs with every low one: U+10000 to U+10FFFF.
    #[test]
    fn surrogate_pairs_reach_every_supplementary_character() {
        for (text, expected) in [
            (r#""\ud800\udc00""#, '\u{10000}'),
            (r#""\ud800\udfff""#, '\u{103ff}'),
            (r#""\udbff\udc00""#, '\u{10fc00}'),
            (r#""\udbff\udfff""#, '\u{10ffff}'),
        ] {
            assert_eq!(parse(text), Ok(Value::String(expected.into())), "{text}");
        }
        for bad in [
            r#""\ud800\ud800""#,
            r#""\udbff\ue000""#,
            r#""\udbff\u0041""#,
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    /// Decimals with more digits than a `f64` holds, or many leading zeros, are read to within a
    /// few units in the last place (the module's promise).
    #[test]
    fn long_decimals_are_read_to_within_a_few_units_in_the_last_place() {
        for text in [
            "3.141592653589793",
            "0.1234567890123456789",
            "123456789.987654321",
            "2.718281828459045e-5",
            "0.00000000000000000015",
            "0.000000000000000000000000123456789012345",
            // Exponents past where anything changes: infinite or zero, as `JSON.parse` reads
            // them, at once (each took a third of a second).
            "1e9999999999",
            "-1e9999999999",
            "1e-9999999999",
            "123.456e2147483647",
            "0.5e-2147483648",
            "0e9999999999",
            "1e308",
            "1e309",
            "4.9e-324",
            "1e-330",
            "12345678901234567890123e-400",
        ] {
            let expected: f64 = text.parse().unwrap_or(f64::NAN);
            let parsed = parse(text)
                .ok()
                .and_then(|v| v.as_f64())
                .unwrap_or(f64::NAN);
            let apart = parsed.to_bits().abs_diff(expected.to_bits());
            assert!(apart <= 2, "{text}: {parsed} instead of {expected}");
        }
    }

    proptest! {
        /// Whatever serde_json reads, this parser reads to the same tree.
        #[test]
        fn agrees_with_serde_json(text in r#"[\[\]{}",:0-9.eE+\- a-z\\]{0,40}"#) {
            let reference = serde_json::from_str::<serde_json::Value>(&text).ok();
            let ours = parse(&text).ok();
            prop_assert_eq!(ours.is_some(), reference.is_some(), "{}", text);
        }

        /// An object with repeated keys (a key up to ten times) reads as members put in one
        /// by one would: each key in its first place with its last value.
        #[test]
        fn repeated_keys_read_as_members_put_in_one_by_one(
            members in proptest::collection::vec((0u8..6, any::<i32>()), 0..60),
        ) {
            let text = format!(
                "{{{}}}",
                members
                    .iter()
                    .map(|(key, value)| format!("\"k{key}\":{value}"))
                    .collect::<Vec<_>>()
                    .join(",")
            );
            let mut expected = Map::new();
            for (key, value) in &members {
                expected.insert(format!("k{key}"), Value::Number(Number::Integer(i64::from(*value))));
            }
            prop_assert_eq!(parse(&text).ok(), Some(Value::Object(expected)));
        }

        #[test]
        fn never_panics(text in any::<String>()) {
            let _ = parse(&text);
        }
    }
}
