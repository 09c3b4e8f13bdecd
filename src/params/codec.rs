//! The text of a link: percent-coding, and numbers and flags with their
//! messages.

use super::ParamIssue;
use std::ops::RangeInclusive;

/// Longest value quoted back in a message: a 10,000-character parameter
/// must not turn the message into a wall of text.
const QUOTE_LIMIT: usize = 40;

pub(super) fn quote(value: &str) -> String {
    let mut chars = value.chars();
    let head: String = chars.by_ref().take(QUOTE_LIMIT).collect();
    if chars.next().is_some() {
        format!("{head}…")
    } else {
        head
    }
}

/// Encodes a value for a query string as a form does (`+` for a space),
/// the form `URLSearchParams` and [`super::parse_query`] read back.
pub fn encode_component(s: &str) -> String {
    form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

/// `v` brought into `range`. Not `Ord::clamp`: its check that the range is
/// the right way round formats both bounds with `Debug` when it fails,
/// which kept `Debug` for `u32` and `u64` in the wasm, and it would panic
/// in front of the learner where this gives the range's end.
pub fn clamp_to<T: Ord + Copy>(v: T, range: &RangeInclusive<T>) -> T {
    v.max(*range.start()).min(*range.end())
}

/// A whole number typed into a field, clamped to `range`; `fallback` while
/// the field holds something else (empty, half typed).
pub fn parse_in(raw: &str, range: &RangeInclusive<u32>, fallback: u32) -> u32 {
    raw.trim()
        .parse::<u32>()
        .map_or(fallback, |v| clamp_to(v, range))
}

/// Percent-codes `text` for a `data:` address (the exported files): every
/// byte but letters, digits and the marks no address reads specially.
pub fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b" -_.~()*'!".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

pub(super) fn parse_number(
    name: &'static str,
    raw: &str,
    range: RangeInclusive<u64>,
    issues: &mut Vec<ParamIssue>,
) -> Option<u64> {
    let trimmed = raw.trim();
    let digits = trimmed.strip_prefix('+').unwrap_or(trimmed);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        // A minus sign is a number, just out of range: clamp it to the low end.
        if let Some(rest) = digits.strip_prefix('-') {
            if !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) {
                issues.push(ParamIssue::OutOfRange {
                    name,
                    value: quote(raw),
                    used: *range.start(),
                });
                return Some(*range.start());
            }
        }
        issues.push(ParamIssue::NotANumber {
            name,
            value: quote(raw),
        });
        return None;
    }
    // All digits: too many of them for u64 is "too large", not "not a number".
    let value = digits.parse::<u64>().unwrap_or(u64::MAX);
    let clamped = clamp_to(value, &range);
    if clamped != value || digits.parse::<u64>().is_err() {
        issues.push(ParamIssue::OutOfRange {
            name,
            value: quote(raw),
            used: clamped,
        });
    }
    Some(clamped)
}

pub(super) fn parse_flag(
    name: &'static str,
    raw: &str,
    issues: &mut Vec<ParamIssue>,
) -> Option<bool> {
    match raw {
        "1" | "true" => Some(true),
        "0" | "false" => Some(false),
        _ => {
            issues.push(ParamIssue::BadChoice {
                name,
                value: quote(raw),
                choices: "1, 0".into(),
            });
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_numbers_are_clamped_or_ignored() {
        assert_eq!(parse_in(" 7 ", &(1..=64), 3), 7);
        assert_eq!(parse_in("0", &(1..=64), 3), 1);
        assert_eq!(parse_in("999", &(1..=64), 3), 64);
        assert_eq!(parse_in("", &(1..=64), 3), 3);
        assert_eq!(parse_in("-2", &(1..=64), 3), 3);
        assert_eq!(parse_in("1e3", &(1..=64), 3), 3);
    }

    #[test]
    fn data_urls_encode_what_would_break_them() {
        assert_eq!(percent_encode("a b#%\"<>"), "a b%23%25%22%3C%3E");
        assert_eq!(percent_encode("ключ"), "%D0%BA%D0%BB%D1%8E%D1%87");
    }
}
