//! Numbers with a fixed count of decimals, digit for digit as
//! `format!("{v:.N}")` writes them, without Rust's float formatting.
//!
//! core's float formatting (`core::fmt::float` and `core::num::flt2dec`,
//! with its Grisu and Dragon strategies) was about 11 KB of the release wasm,
//! pulled in by the `{:.1}` of every SVG coordinate. An `f64` is exactly
//! `m · 2^e` with a 53-bit integer `m`, so `v · 10^N` can be rounded exactly
//! in integer arithmetic, which is all the figures and the texts need.

/// The most decimals [`fixed`] writes; a larger count is taken as this one.
/// Every 53-bit mantissa times 10^18 still fits in a `u128`.
pub const MAX_DECIMALS: u32 = 18;

/// `v` with exactly `decimals` digits after the point: the text of
/// `format!("{v:.N}")`, which rounds the exact binary value of `v` half to
/// even (`0.25` → `"0.2"`, `0.35`, stored as 0.34999…, → `"0.3"`). With
/// no decimals it is also what `{}` writes for a whole number: `"960"` for
/// `960.0`, which is how the views write their constant widths.
///
/// Two choices differ from `format!` on purpose: a result that is all zeros
/// has no sign (`-0.0` and `-0.01` give `"0.0"`, not `"-0.0"`: a coordinate
/// or an amount is never "minus nothing"), and NaN and the infinities give
/// `"0"`, since an SVG attribute, a data attribute or a learner's text has no
/// use for `"NaN"` and no caller means to pass one.
///
/// This is the machine form, for SVG and data attributes; text for people
/// goes through [`super::decimal`], which groups the digits and uses the
/// language's decimal mark.
pub fn fixed(v: f64, decimals: u32) -> String {
    if !v.is_finite() {
        return "0".to_owned();
    }
    let decimals = decimals.min(MAX_DECIMALS);
    let bits = v.to_bits();
    let negative = bits >> 63 == 1;
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1 << 52) - 1);
    // v = m · 2^e exactly; a subnormal has no implicit leading bit.
    let (m, e) = if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | 1 << 52, biased - 1075)
    };
    // Written digit by digit into one String: `to_string` and a padded
    // `format!` per number were a tenth of the group scene's work on each
    // frame, which writes some 200 coordinates.
    let mut out = String::with_capacity(24);
    if e >= 0 {
        // A whole number (2^52 or more): nothing to round, only digits to
        // write, and there can be over 300 of them.
        if negative {
            out.push('-');
        }
        whole_digits(&mut out, m, e as u32);
        if decimals > 0 {
            out.push('.');
            push_digits(&mut out, 0, decimals as usize);
        }
        return out;
    }
    let scale = 10u64.pow(decimals);
    let scaled = shift_right_half_even(u128::from(m) * u128::from(scale), e.unsigned_abs());
    // v < 2^53 here, so both parts fit in a u64.
    let (whole, frac) = (
        (scaled / u128::from(scale)) as u64,
        (scaled % u128::from(scale)) as u64,
    );
    if negative && scaled != 0 {
        out.push('-');
    }
    push_digits(&mut out, whole, 1);
    if decimals > 0 {
        out.push('.');
        push_digits(&mut out, frac, decimals as usize);
    }
    out
}

/// Appends the decimal digits of `n`, zeros first up to `width` of them
/// (`width` ≤ 20, as `n` has at most 20 digits).
fn push_digits(out: &mut String, mut n: u64, width: usize) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    while digits.len() - start < width.min(digits.len()) {
        start -= 1;
        digits[start] = b'0';
    }
    out.extend(digits[start..].iter().map(|&d| char::from(d)));
}

/// `p / 2^k`, rounded to the nearest integer and, at exactly half, to the
/// even one: what `format!` does with the exact value.
fn shift_right_half_even(p: u128, k: u32) -> u128 {
    if k >= 128 {
        // p < 2^113 (a 53-bit mantissa times at most 10^18), so p / 2^k is
        // under a quarter and rounds to 0.
        return 0;
    }
    let q = p >> k;
    let rest = p - (q << k);
    let half = 1u128 << (k - 1);
    if rest > half || (rest == half && q & 1 == 1) {
        q + 1
    } else {
        q
    }
}

/// Nine decimal digits per limb of [`whole_digits`].
const LIMB: u64 = 1_000_000_000;

/// Appends the decimal digits of the whole number `m · 2^e`.
fn whole_digits(out: &mut String, m: u64, e: u32) {
    // Little-endian limbs of nine decimal digits each; a 53-bit m needs three.
    let mut limbs = vec![m % LIMB, m / LIMB % LIMB, m / LIMB / LIMB];
    let mut left = e;
    while left > 0 {
        // A limb is below 2^30, so 32 doublings at a time stay inside a u64.
        let step = left.min(32);
        let mut carry = 0;
        for limb in &mut limbs {
            let x = (*limb << step) + carry;
            *limb = x % LIMB;
            carry = x / LIMB;
        }
        while carry > 0 {
            limbs.push(carry % LIMB);
            carry /= LIMB;
        }
        left -= step;
    }
    while limbs.len() > 1 && limbs.last() == Some(&0) {
        limbs.pop();
    }
    let mut limbs = limbs.iter().rev();
    if let Some(&top) = limbs.next() {
        push_digits(out, top, 1);
    }
    for &limb in limbs {
        push_digits(out, limb, 9);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::rng::Rng;

    /// What `format!` writes, with the one difference [`fixed`] makes on
    /// purpose for finite values: no sign on a result that is all zeros.
    fn rust(v: f64, decimals: u32) -> String {
        let text = format!("{v:.prec$}", prec = decimals as usize);
        match text.strip_prefix('-') {
            Some(unsigned) if unsigned.chars().all(|c| c == '0' || c == '.') => unsigned.to_owned(),
            _ => text,
        }
    }

    fn check(v: f64) {
        for decimals in 0..=MAX_DECIMALS {
            assert_eq!(fixed(v, decimals), rust(v, decimals), "{v:e} to {decimals}");
        }
    }

    #[test]
    fn agrees_with_rust_formatting_on_seeded_values() {
        let mut rng = Rng::new(0xf1_0a7);
        for _ in 0..4000 {
            // Any finite double: subnormals, 1e-300, 1e300 and everything
            // between.
            let any = f64::from_bits(rng.next_u64());
            if any.is_finite() {
                check(any);
            }
            // The figures' range: coordinates, rates and percentages.
            let unit = rng.next_u64() as f64 / u64::MAX as f64;
            check((unit - 0.5) * 4000.0);
            check(unit * [1.0, 100.0, 1e6, 1e9][rng.below(4) as usize]);
            // Exact halves at some count of decimals (0.25, 12.125, 3.5):
            // the ties, where rounding half to even matters.
            let dyadic = rng.below(1 << 24) as f64 / (1u64 << rng.below(16)) as f64;
            check(dyadic);
            check(-dyadic);
            // A decimal half that the double only approximates (0.15 is
            // 0.1499…, 2.675 is 2.67499…): where `(v * 10^N).round()`
            // goes wrong.
            let digits = rng.below(6) as i32;
            check((rng.below(1_000_000) as f64 + 0.5) / 10_f64.powi(digits));
            // Whole numbers, up to where a double skips integers.
            check(rng.below(1 << 60) as f64);
        }
    }

    #[test]
    fn ties_round_to_even_on_the_exact_value() {
        assert_eq!(fixed(0.25, 1), "0.2");
        assert_eq!(fixed(0.75, 1), "0.8");
        assert_eq!(fixed(2.5, 0), "2");
        assert_eq!(fixed(3.5, 0), "4");
        assert_eq!(fixed(0.125, 2), "0.12");
        // Stored just under the half, so it rounds down, as format! does.
        assert_eq!(fixed(0.15, 1), "0.1");
        assert_eq!(fixed(2.675, 2), "2.67");
        assert_eq!(fixed(-1.23456, 3), "-1.235");
        assert_eq!(fixed(146_484.46, 1), "146484.5");
        assert_eq!(fixed(360.0, 0), "360");
        assert_eq!(fixed(0.1, 2), "0.10");
    }

    #[test]
    fn extremes_and_the_chosen_differences() {
        check(f64::MAX);
        check(f64::MIN);
        check(f64::MIN_POSITIVE);
        check(5e-324);
        check(2f64.powi(53) + 2.0);
        assert_eq!(fixed(f64::MAX, 0).len(), 309);
        assert_eq!(fixed(-0.0, 1), "0.0");
        assert_eq!(fixed(-0.04, 1), "0.0");
        assert_eq!(fixed(-0.05, 1), "-0.1");
        assert_eq!(fixed(f64::NAN, 2), "0");
        assert_eq!(fixed(f64::INFINITY, 1), "0");
        assert_eq!(fixed(f64::NEG_INFINITY, 0), "0");
        assert_eq!(fixed(1.0, 40), fixed(1.0, MAX_DECIMALS));
    }
}
