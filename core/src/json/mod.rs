//! Reading and writing the core's types as JSON, small enough for the browser build (ADR 0005).
//!
//! Documents are parsed once into a [`Value`] tree; a type implementing [`FromJson`] reads itself
//! from that tree, and a type implementing [`ToJson`] writes itself straight into a string.
//! `#[derive(Json)]` implements both from the type's `#[serde(...)]` attributes (the same
//! attributes `tsify` reads for the TypeScript declarations), with serde's meaning: unknown
//! fields are ignored, an absent `Option` is `None`, an absent field is an error unless it has a
//! default, `skip_serializing_if` leaves a field out.
//!
//! Unlike a serde derive, the generated code is one call per field into the generic helpers
//! below, monomorphised per field *type*: this is what keeps `@shop/core` within its size budget.

use std::collections::BTreeMap;

mod value;

pub use shop_core_derive::{FromJson, Json, ToJson};
pub use value::{DEPTH_LIMIT, Map, Number, Value};

/// Why a value does not fit its type. The message names the path to the misfit
/// (`items: 2: quantity: expected an integer`); it may quote input, so callers cut it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonError(String);

impl JsonError {
    pub fn new(message: &str) -> Self {
        JsonError(message.to_owned())
    }

    pub fn message(&self) -> &str {
        &self.0
    }

    fn expected(what: &str) -> Self {
        JsonError(["expected ", what].concat())
    }

    pub fn unknown_variant(name: &str) -> Self {
        JsonError(["unknown variant \"", name, "\""].concat())
    }
}

impl std::fmt::Display for JsonError {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str(&self.0)
    }
}

impl std::error::Error for JsonError {}

/// A type that reads itself from a JSON value.
pub trait FromJson: Sized {
    fn from_json(value: &Value) -> Result<Self, JsonError>;

    /// The value of an absent object member; `None` means absence is an error. `Option`
    /// overrides it, so an absent optional field is `None` as with serde.
    fn absent() -> Option<Self> {
        None
    }
}

/// A type that writes itself as JSON.
pub trait ToJson {
    fn write_json(&self, out: &mut String);
}

/// Parses a JSON text into a value tree. Nesting deeper than 128 levels is an error, not a
/// stack overflow.
pub fn parse(text: &str) -> Result<Value, JsonError> {
    value::parse(text)
}

/// Parses a JSON text as `T`.
pub fn from_str<T: FromJson>(text: &str) -> Result<T, JsonError> {
    T::from_json(&parse(text)?)
}

/// Writes a value as a JSON text.
pub fn to_string<T: ToJson + ?Sized>(value: &T) -> String {
    let mut out = String::new();
    value.write_json(&mut out);
    out
}

// ---- helpers of the generated code -------------------------------------------------------

/// The members of an object.
pub fn object(value: &Value) -> Result<&Map, JsonError> {
    value
        .as_object()
        .ok_or_else(|| JsonError::expected("an object"))
}

/// One member of an object.
pub fn member<'a>(object: &'a Map, key: &str) -> Option<&'a Value> {
    object.get(key)
}

/// Prefixes an error with the key or index it happened under.
#[inline(never)]
pub fn context(key: &str, error: JsonError) -> JsonError {
    JsonError([key, ": ", &error.0].concat())
}

/// Prefixes an error with the key or index it happened under.
pub fn within<T>(key: &str, result: Result<T, JsonError>) -> Result<T, JsonError> {
    result.map_err(|error| context(key, error))
}

/// The member `key` of an object as `T`; absent: `None` for an `Option`, else an error.
/// Out of line on purpose: one copy per field type, not one per field (ADR 0005).
#[inline(never)]
pub fn field<T: FromJson>(object: &Map, key: &str) -> Result<T, JsonError> {
    match object.get(key) {
        Some(value) => within(key, T::from_json(value)),
        None => absent(key),
    }
}

/// Overwrites `slot` with the member `key` as `T` when it is present; on a misfit records the
/// error (the first one only) and leaves `slot` as it was. Nothing is read after an error.
/// Out of line: one copy per field type (the reading of `#[serde(default)]` structs).
#[inline(never)]
pub fn read_field<T: FromJson>(
    slot: &mut T,
    object: &Map,
    key: &str,
    error: &mut Option<JsonError>,
) {
    read_field_with(slot, object, key, T::from_json, error);
}

/// `read_field` with the field's own reader (`deserialize_with`).
pub fn read_field_with<T>(
    slot: &mut T,
    object: &Map,
    key: &str,
    read: fn(&Value) -> Result<T, JsonError>,
    error: &mut Option<JsonError>,
) {
    if error.is_some() {
        return;
    }
    if let Some(value) = object.get(key) {
        match read(value) {
            Ok(read) => *slot = read,
            Err(misfit) => *error = Some(context(key, misfit)),
        }
    }
}

/// The member `key` of an object as `T`, or `default` when it is absent.
#[inline(never)]
pub fn field_or<T: FromJson>(object: &Map, key: &str, default: T) -> Result<T, JsonError> {
    match object.get(key) {
        Some(value) => within(key, T::from_json(value)),
        None => Ok(default),
    }
}

/// The value of an absent member `key`: `None` for an `Option`, else an error.
pub fn absent<T: FromJson>(key: &str) -> Result<T, JsonError> {
    T::absent().ok_or_else(|| missing(key))
}

fn missing(key: &str) -> JsonError {
    JsonError(["missing field \"", key, "\""].concat())
}

/// The name of a unit variant.
pub fn name(value: &Value) -> Result<&str, JsonError> {
    value
        .as_str()
        .ok_or_else(|| JsonError::expected("a string"))
}

/// The position of a unit variant's name in `names` (an enum of unit variants only): an unknown
/// name is the `other` variant where the enum has one, else an error. One loop for every such
/// enum instead of a string match in each.
pub fn unit_variant(
    value: &Value,
    names: &[&str],
    other: Option<usize>,
) -> Result<usize, JsonError> {
    let name = name(value)?;
    names
        .iter()
        .position(|known| *known == name)
        .or(other)
        .ok_or_else(|| JsonError::unknown_variant(name))
}

/// Writes the name of a unit variant, by its position in `names`.
pub fn write_unit_variant(out: &mut String, names: &[&str], index: usize) {
    write_str(out, names.get(index).copied().unwrap_or_default());
}

/// The tag member of an internally tagged enum (`{"kind": "pattern", ...}`).
pub fn tag<'a>(object: &'a Map, tag: &str) -> Result<&'a str, JsonError> {
    within(tag, name(object.get(tag).ok_or_else(|| missing(tag))?))
}

/// An externally tagged variant: `"Name"` or `{"Name": content}` (exactly one member).
pub fn variant(value: &Value) -> Result<(&str, Option<&Value>), JsonError> {
    match value {
        Value::String(name) => Ok((name, None)),
        Value::Object(object) if object.len() == 1 => match object.iter().next() {
            Some((name, content)) => Ok((name, Some(content))),
            None => Err(JsonError::expected("a variant")),
        },
        _ => Err(JsonError::expected("a variant")),
    }
}

/// Writes the members of one object.
pub struct ObjectWriter<'a> {
    out: &'a mut String,
    first: bool,
}

impl<'a> ObjectWriter<'a> {
    pub fn begin(out: &'a mut String) -> Self {
        out.push('{');
        ObjectWriter { out, first: true }
    }

    pub fn field<T: ToJson + ?Sized>(&mut self, key: &str, value: &T) {
        self.key(key);
        value.write_json(self.out);
    }

    /// `,"key":` (no comma before the first member): the part of every field that does not
    /// depend on the value's type, once.
    #[inline(never)]
    fn key(&mut self, key: &str) {
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
        write_str(self.out, key);
        self.out.push(':');
    }

    pub fn end(self) {
        self.out.push('}');
    }
}

/// Writes `{"name":` (the caller writes the content and the closing brace).
pub fn write_key(out: &mut String, name: &str) {
    out.push('{');
    write_str(out, name);
    out.push(':');
}

/// Writes `{"name":content}`.
pub fn write_tagged<T: ToJson + ?Sized>(out: &mut String, name: &str, content: &T) {
    write_key(out, name);
    content.write_json(out);
    out.push('}');
}

/// Writes a JSON string literal.
pub fn write_str(out: &mut String, text: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push('"');
    for ch in text.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{0}'..='\u{1f}' => {
                let code = ch as usize;
                out.push_str("\\u00");
                out.push(char::from(HEX.get(code >> 4).copied().unwrap_or(b'0')));
                out.push(char::from(HEX.get(code & 15).copied().unwrap_or(b'0')));
            }
            _ => out.push(ch),
        }
    }
    out.push('"');
}

/// Writes a whole number from its sign and magnitude (64-bit arithmetic only: 128-bit division
/// would link its own routine into the browser build).
pub(crate) fn write_whole(out: &mut String, negative: bool, mut magnitude: u64) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        if let Some(digit) = digits.get_mut(start) {
            *digit = b'0' + (magnitude % 10) as u8;
        }
        magnitude /= 10;
        if magnitude == 0 || start == 0 {
            break;
        }
    }
    if negative {
        out.push('-');
    }
    for digit in digits.get(start..).unwrap_or_default() {
        out.push(char::from(*digit));
    }
}

/// Writes a whole `f64` of at least 2^64 exactly: its mantissa doubled `exponent` times in
/// base-10^9 limbs (at most 35 limbs for `f64::MAX`).
fn write_huge_whole(out: &mut String, value: f64) {
    const LIMB: u64 = 1_000_000_000;
    let bits = value.to_bits();
    // At least 2^64, so a normal number: mantissa with its implicit bit, exponent over 52.
    let exponent = ((bits >> 52) & 0x7ff).saturating_sub(1075);
    let mut limbs: Vec<u64> = Vec::with_capacity(36);
    let mut mantissa = (bits & ((1 << 52) - 1)) | (1 << 52);
    while mantissa > 0 {
        limbs.push(mantissa % LIMB);
        mantissa /= LIMB;
    }
    for _ in 0..exponent {
        let mut carry = 0;
        for limb in &mut limbs {
            let doubled = *limb * 2 + carry;
            *limb = doubled % LIMB;
            carry = doubled / LIMB;
        }
        if carry > 0 {
            limbs.push(carry);
        }
    }
    if value < 0.0 {
        out.push('-');
    }
    let mut limbs = limbs.iter().rev();
    if let Some(first) = limbs.next() {
        write_whole(out, false, *first);
    }
    for limb in limbs {
        write_zero_padded(out, *limb, 9);
    }
}

/// Writes `value` with leading zeros up to `width` digits.
pub(crate) fn write_zero_padded(out: &mut String, value: u64, width: usize) {
    let text = crate::decimal(value);
    for _ in text.len()..width {
        out.push('0');
    }
    out.push_str(&text);
}

// ---- implementations for the standard types ----------------------------------------------

impl FromJson for String {
    fn from_json(value: &Value) -> Result<Self, JsonError> {
        name(value).map(str::to_owned)
    }
}

impl ToJson for String {
    fn write_json(&self, out: &mut String) {
        write_str(out, self);
    }
}

impl ToJson for str {
    fn write_json(&self, out: &mut String) {
        write_str(out, self);
    }
}

impl FromJson for bool {
    fn from_json(value: &Value) -> Result<Self, JsonError> {
        value
            .as_bool()
            .ok_or_else(|| JsonError::expected("a boolean"))
    }
}

impl ToJson for bool {
    fn write_json(&self, out: &mut String) {
        out.push_str(if *self { "true" } else { "false" });
    }
}

macro_rules! integers {
    ($($int:ty),*) => {$(
        impl FromJson for $int {
            fn from_json(value: &Value) -> Result<Self, JsonError> {
                let whole = match value {
                    Value::Number(number) => number
                        .as_i64()
                        .map(i128::from)
                        .or_else(|| number.as_u64().map(i128::from)),
                    _ => None,
                };
                whole
                    .and_then(|whole| <$int>::try_from(whole).ok())
                    .ok_or_else(|| JsonError::expected(concat!("an integer (", stringify!($int), ")")))
            }
        }

        impl ToJson for $int {
            fn write_json(&self, out: &mut String) {
                // Every integer type here fits an i128 and its magnitude a u64.
                let wide = i128::from(*self);
                write_whole(out, wide < 0, wide.unsigned_abs() as u64);
            }
        }
    )*};
}

integers!(i64, i32, u64, u32, u16, u8);

impl FromJson for usize {
    fn from_json(value: &Value) -> Result<Self, JsonError> {
        u64::from_json(value).and_then(|whole| {
            usize::try_from(whole).map_err(|_| JsonError::expected("an integer (usize)"))
        })
    }
}

impl ToJson for usize {
    fn write_json(&self, out: &mut String) {
        write_whole(out, false, *self as u64);
    }
}

impl FromJson for f64 {
    fn from_json(value: &Value) -> Result<Self, JsonError> {
        value
            .as_f64()
            .ok_or_else(|| JsonError::expected("a number"))
    }
}

/// Whole numbers (the usual case: milliseconds, pixels) are written as integers; other finite
/// numbers with nine decimals at most (enough for sub-millisecond timestamps), so the browser
/// build carries no float formatting. Non-finite numbers are `null`, as `JSON.stringify` writes
/// them.
impl ToJson for f64 {
    fn write_json(&self, out: &mut String) {
        const NANOS: f64 = 1e9;
        /// 2^64: below it a whole number's magnitude fits a u64.
        const TWO_TO_64: f64 = 18_446_744_073_709_551_616.0;
        let magnitude = self.abs();
        if !self.is_finite() {
            out.push_str("null");
        } else if self.fract() == 0.0 && magnitude < TWO_TO_64 {
            // Whole and below 2^64, so the cast is exact.
            write_whole(out, *self < 0.0, magnitude as u64);
        } else if self.fract() == 0.0 {
            write_huge_whole(out, *self);
        } else {
            // Not whole, so below 2^53: the whole part fits a u64 and subtracting it is exact.
            let whole = magnitude.trunc();
            let mut nanos = ((magnitude - whole) * NANOS).round() as u64;
            let mut whole = whole as u64;
            if nanos >= 1_000_000_000 {
                whole += 1;
                nanos = 0;
            }
            write_whole(out, *self < 0.0, whole);
            if nanos != 0 {
                let mut digits = 9;
                while nanos.is_multiple_of(10) {
                    nanos /= 10;
                    digits -= 1;
                }
                out.push('.');
                write_zero_padded(out, nanos, digits);
            }
        }
    }
}

impl<T: FromJson> FromJson for Option<T> {
    fn from_json(value: &Value) -> Result<Self, JsonError> {
        match value {
            Value::Null => Ok(None),
            value => T::from_json(value).map(Some),
        }
    }

    fn absent() -> Option<Self> {
        Some(None)
    }
}

impl<T: ToJson> ToJson for Option<T> {
    fn write_json(&self, out: &mut String) {
        match self {
            Some(value) => value.write_json(out),
            None => out.push_str("null"),
        }
    }
}

impl<T: FromJson> FromJson for Box<T> {
    fn from_json(value: &Value) -> Result<Self, JsonError> {
        T::from_json(value).map(Box::new)
    }
}

impl<T: ToJson + ?Sized> ToJson for Box<T> {
    fn write_json(&self, out: &mut String) {
        (**self).write_json(out);
    }
}

impl<T: ToJson + ?Sized> ToJson for &T {
    fn write_json(&self, out: &mut String) {
        (**self).write_json(out);
    }
}

impl<T: FromJson> FromJson for Vec<T> {
    fn from_json(value: &Value) -> Result<Self, JsonError> {
        let items = value
            .as_array()
            .ok_or_else(|| JsonError::expected("an array"))?;
        let mut out = Vec::with_capacity(items.len());
        for (index, item) in items.iter().enumerate() {
            match T::from_json(item) {
                Ok(item) => out.push(item),
                Err(error) => return Err(at_index(index, error)),
            }
        }
        Ok(out)
    }
}

/// Prefixes an error with the index of the list item it happened in (built only on error,
/// and once for every item type).
#[inline(never)]
fn at_index(index: usize, error: JsonError) -> JsonError {
    let mut key = String::new();
    write_whole(&mut key, false, index as u64);
    context(&key, error)
}

impl<T: ToJson> ToJson for [T] {
    fn write_json(&self, out: &mut String) {
        out.push('[');
        for (index, item) in self.iter().enumerate() {
            if index > 0 {
                out.push(',');
            }
            item.write_json(out);
        }
        out.push(']');
    }
}

impl<T: ToJson, const N: usize> ToJson for [T; N] {
    fn write_json(&self, out: &mut String) {
        self.as_slice().write_json(out);
    }
}

impl<T: ToJson> ToJson for Vec<T> {
    fn write_json(&self, out: &mut String) {
        self.as_slice().write_json(out);
    }
}

/// A map whose keys write themselves as JSON strings (strings and unit-variant enums).
impl<K: FromJson + Ord, V: FromJson> FromJson for BTreeMap<K, V> {
    fn from_json(value: &Value) -> Result<Self, JsonError> {
        let mut out = BTreeMap::new();
        for (key, item) in object(value)? {
            let name = within(key, K::from_json(&Value::String(key.clone())))?;
            out.insert(name, within(key, V::from_json(item))?);
        }
        Ok(out)
    }
}

impl<K: ToJson, V: ToJson> ToJson for BTreeMap<K, V> {
    fn write_json(&self, out: &mut String) {
        out.push('{');
        for (index, (key, item)) in self.iter().enumerate() {
            if index > 0 {
                out.push(',');
            }
            key.write_json(out);
            out.push(':');
            item.write_json(out);
        }
        out.push('}');
    }
}

impl FromJson for Value {
    fn from_json(value: &Value) -> Result<Self, JsonError> {
        Ok(value.clone())
    }
}

impl ToJson for Value {
    fn write_json(&self, out: &mut String) {
        match self {
            Value::Null => out.push_str("null"),
            Value::Bool(flag) => flag.write_json(out),
            Value::Number(Number::Integer(whole)) => whole.write_json(out),
            Value::Number(Number::Unsigned(whole)) => whole.write_json(out),
            Value::Number(Number::Float(float)) => float.write_json(out),
            Value::String(text) => write_str(out, text),
            Value::Array(items) => items.write_json(out),
            Value::Object(members) => {
                let mut writer = ObjectWriter::begin(out);
                for (key, member) in members {
                    writer.field(key, member);
                }
                writer.end();
            }
        }
    }
}

/// Test support: the `serde_json::json!` values the tests write, as values of this module.
#[cfg(test)]
impl From<serde_json::Value> for Value {
    fn from(value: serde_json::Value) -> Self {
        parse(&value.to_string()).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::Json;

    /// Enums of unit variants are read and written by their names' table: renamed names, the
    /// `other` fallback, and an unknown name without one is an error naming it.
    #[test]
    fn unit_variants_read_and_write_by_name() {
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
        #[serde(rename_all = "SCREAMING_SNAKE_CASE")]
        enum Stock {
            Available,
            #[serde(rename = "gone")]
            SoldOut,
            #[serde(other)]
            Unknown,
        }
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
        #[serde(rename_all = "camelCase")]
        enum Strict {
            FirstOne,
            Second,
        }
        for (stock, name) in [
            (Stock::Available, r#""AVAILABLE""#),
            (Stock::SoldOut, r#""gone""#),
            (Stock::Unknown, r#""UNKNOWN""#),
        ] {
            assert_eq!(to_string(&stock), name);
            assert_eq!(from_str::<Stock>(name), Ok(stock));
        }
        assert_eq!(from_str::<Stock>(r#""LATER""#), Ok(Stock::Unknown));
        assert_eq!(to_string(&Strict::FirstOne), r#""firstOne""#);
        assert_eq!(from_str::<Strict>(r#""second""#), Ok(Strict::Second));
        assert_eq!(
            from_str::<Strict>(r#""third""#).map_err(|error| error.message().to_owned()),
            Err("unknown variant \"third\"".to_owned())
        );
        assert!(from_str::<Strict>("1").is_err());
    }

    #[test]
    fn strings_escape_quotes_backslashes_and_control_characters() {
        let written = to_string("a\"b\\c\nd\u{1}é</script>");
        assert_eq!(written, r#""a\"b\\c\nd\u0001é</script>""#);
        assert_eq!(
            from_str::<String>(&written),
            Ok("a\"b\\c\nd\u{1}é</script>".to_owned())
        );
    }

    /// Every character below the space is written escaped (JSON allows none raw), as `\u00XX`
    /// where it has no short escape, and reads back as itself.
    #[test]
    fn every_control_character_is_written_escaped_and_reads_back() {
        for code in 0..0x20_u8 {
            let text = format!("a{}b", char::from(code));
            let written = to_string(text.as_str());
            assert!(!written.chars().any(|c| c < ' '), "{written:?}");
            assert_eq!(from_str::<String>(&written), Ok(text), "{code:#x}");
        }
        for (control, written) in [
            ('\u{0}', r#""\u0000""#),
            ('\u{8}', r#""\u0008""#),
            ('\u{b}', r#""\u000b""#),
            ('\u{f}', r#""\u000f""#),
            ('\u{10}', r#""\u0010""#),
            ('\u{1f}', r#""\u001f""#),
        ] {
            assert_eq!(to_string(control.to_string().as_str()), written);
        }
    }

    /// An externally tagged enum reads as serde reads it: a unit variant's name, or an object of
    /// exactly one member (the variant's name and its content); anything else is an error.
    #[test]
    fn externally_tagged_variants_are_a_name_or_an_object_of_one_member() {
        #[derive(Debug, PartialEq, Json)]
        #[serde(rename_all = "camelCase")]
        enum Target {
            Home,
            Page(String),
        }
        assert_eq!(from_str::<Target>(r#""home""#), Ok(Target::Home));
        let page = Target::Page("/kaffee".into());
        assert_eq!(to_string(&page), r#"{"page":"/kaffee"}"#);
        assert_eq!(from_str::<Target>(r#"{"page":"/kaffee"}"#), Ok(page));
        for bad in [
            "{}",
            r#"{"page":"/kaffee","home":null}"#,
            r#"{"page":"/kaffee","page":"/tee","x":1}"#,
            r#"["page","/kaffee"]"#,
            "1",
        ] {
            assert!(from_str::<Target>(bad).is_err(), "{bad}");
        }
    }

    /// A misfit of a required field or of a map's key is named by its key, like every other
    /// misfit; an absent required field is named too.
    #[test]
    fn misfits_of_required_fields_and_map_keys_name_the_key() {
        #[derive(Debug, PartialEq, Json)]
        #[serde(rename_all = "camelCase")]
        struct Voucher {
            code: String,
            value_cents: u32,
        }
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Json)]
        #[serde(rename_all = "camelCase")]
        enum Size {
            Small,
            Large,
        }
        assert_eq!(
            from_str::<Voucher>(r#"{"code":"A","valueCents":3}"#),
            Ok(Voucher {
                code: "A".into(),
                value_cents: 3
            })
        );
        let voucher = |text: &str| from_str::<Voucher>(text).err().map(|error| error.0);
        assert_eq!(
            voucher(r#"{"code":1,"valueCents":3}"#).as_deref(),
            Some("code: expected a string")
        );
        assert_eq!(
            voucher(r#"{"code":"A","valueCents":-3}"#).as_deref(),
            Some("valueCents: expected an integer (u32)")
        );
        assert_eq!(
            voucher(r#"{"code":"A"}"#).as_deref(),
            Some("missing field \"valueCents\"")
        );
        let sizes = from_str::<BTreeMap<Size, u32>>(r#"{"small":1,"huge":2}"#);
        assert_eq!(
            sizes.err().map(|error| error.0).as_deref(),
            Some("huge: unknown variant \"huge\"")
        );
    }

    /// The tag of an internally tagged enum is named in the error when it is missing or no
    /// string, as every other misfit names its path.
    #[test]
    fn a_misfit_tag_is_named_in_the_error() {
        #[derive(Debug, PartialEq, Json)]
        #[serde(tag = "kind", rename_all = "camelCase")]
        enum Shape {
            Dot,
            Line { length: u32 },
        }
        assert_eq!(from_str::<Shape>(r#"{"kind":"dot"}"#), Ok(Shape::Dot));
        assert_eq!(
            from_str::<Shape>(r#"{"kind":"line","length":3}"#),
            Ok(Shape::Line { length: 3 })
        );
        let message = |text: &str| from_str::<Shape>(text).err().map(|error| error.0);
        assert_eq!(
            message(r#"{"kind":1,"length":3}"#).as_deref(),
            Some("kind: expected a string")
        );
        assert_eq!(
            message(r#"{"length":3}"#).as_deref(),
            Some("missing field \"kind\"")
        );
    }

    #[test]
    fn integers_round_trip_at_their_limits_and_refuse_fractions() {
        for value in [i64::MIN, -1, 0, 7, i64::MAX] {
            assert_eq!(from_str::<i64>(&to_string(&value)), Ok(value));
        }
        assert_eq!(to_string(&u64::MAX), "18446744073709551615");
        assert!(from_str::<u32>("1.5").is_err());
        assert!(from_str::<u32>("-1").is_err());
        assert!(from_str::<u8>("256").is_err());
        assert!(from_str::<i64>("\"1\"").is_err());
    }

    /// A `#[serde(default)]` container as the cart's models are: what is absent keeps the
    /// container's default, what is present is read, and the first misfit in field order is
    /// the error, with the path to it.
    #[derive(Debug, PartialEq, Json)]
    #[serde(rename_all = "camelCase", default)]
    struct Line {
        product_id: String,
        quantity: u32,
        note: Option<String>,
        #[serde(default)]
        tags: Vec<String>,
    }

    impl Default for Line {
        fn default() -> Self {
            Line {
                product_id: "none".into(),
                quantity: 1,
                note: Some("container default".into()),
                tags: vec!["container default".into()],
            }
        }
    }

    #[test]
    fn default_containers_keep_defaults_read_what_is_there_and_name_the_first_misfit() {
        assert_eq!(
            from_str::<Line>("{}"),
            Ok(Line {
                tags: Vec::new(),
                ..Line::default()
            })
        );
        assert_eq!(
            from_str::<Line>(r#"{"productId":"p1","quantity":3,"note":null,"tags":["a"]}"#),
            Ok(Line {
                product_id: "p1".into(),
                quantity: 3,
                note: None,
                tags: vec!["a".into()],
            })
        );
        let error = |text: &str| from_str::<Line>(text).err().map(|error| error.0);
        assert_eq!(
            error(r#"{"quantity":"3","tags":[1]}"#).as_deref(),
            Some("quantity: expected an integer (u32)")
        );
        assert_eq!(
            error(r#"{"productId":"p","tags":["a",2]}"#).as_deref(),
            Some("tags: 1: expected a string")
        );
        assert_eq!(
            from_str::<Vec<Line>>(r#"[{}, {"note": 5}]"#)
                .err()
                .map(|e| e.0)
                .as_deref(),
            Some("1: note: expected a string")
        );
        assert!(from_str::<Line>("[]").is_err());
    }

    /// Every field with its own default (no `Default` for the struct): read the same way.
    #[derive(Debug, PartialEq, Json)]
    #[serde(rename_all = "camelCase")]
    struct Filters {
        #[serde(default)]
        any_of_tags: Vec<String>,
        #[serde(default)]
        limit: u32,
    }

    #[test]
    fn structs_whose_every_field_defaults_read_like_default_containers() {
        let empty = Filters {
            any_of_tags: Vec::new(),
            limit: 0,
        };
        assert_eq!(from_str::<Filters>("{}"), Ok(empty));
        assert_eq!(
            from_str::<Filters>(r#"{"limit":3,"anyOfTags":["sale"]}"#),
            Ok(Filters {
                any_of_tags: vec!["sale".into()],
                limit: 3
            })
        );
        assert_eq!(
            from_str::<Filters>(r#"{"anyOfTags":"sale","limit":-1}"#)
                .err()
                .map(|e| e.0)
                .as_deref(),
            Some("anyOfTags: expected an array")
        );
    }

    #[test]
    fn options_lists_and_maps() {
        assert_eq!(from_str::<Option<u32>>("null"), Ok(None));
        assert_eq!(to_string(&Some(vec![1u32, 2])), "[1,2]");
        let error = from_str::<Vec<u32>>("[1,\"x\"]").err().map(|error| error.0);
        assert_eq!(error.as_deref(), Some("1: expected an integer (u32)"));
        let map = from_str::<BTreeMap<String, bool>>(r#"{"b":true,"a":false}"#);
        assert_eq!(
            map.as_ref().map(to_string),
            Ok(r#"{"a":false,"b":true}"#.to_owned())
        );
    }

    #[test]
    fn floats_are_written_without_float_formatting() {
        let cases = [
            (1_700_000_000_000.0, "1700000000000"),
            (-2.0, "-2"),
            (0.5, "0.5"),
            (-1_234.000_25, "-1234.00025"),
            (0.000_000_001, "0.000000001"),
            (f64::NAN, "null"),
            (f64::INFINITY, "null"),
            (0.999_999_999_9, "1"),
            (18_446_744_073_709_551_615.0, "18446744073709551616"),
            (-1e20, "-100000000000000000000"),
            // Whole numbers of any size are written exactly (1e31 is 2^103 x an odd mantissa).
            (1e31, "9999999999999999635896294965248"),
            (2f64.powi(100), "1267650600228229401496703205376"),
        ];
        for (value, written) in cases {
            assert_eq!(to_string(&value), written, "{value}");
        }
        let largest = to_string(&f64::MAX);
        assert_eq!(largest.len(), 309);
        assert!(largest.starts_with("17976931348623157"), "{largest}");
    }

    #[test]
    fn malformed_and_deeply_nested_text_is_an_error() {
        assert!(parse("{").is_err());
        assert!(parse(&"[".repeat(100_000)).is_err());
    }
}
