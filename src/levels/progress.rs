//! The progress code: the solved levels and the fewest changes each took,
//! as a short text the learner copies from one page and pastes on another.
//!
//! A frame's storage is kept per top-level site, expired by Safari, and
//! missing in a sandboxed frame, so the same learner would otherwise have
//! one progress per course page. The code is `KL1-` (the version), four
//! characters of a CRC-16 of the rest, then each solved level and its
//! changes as two numbers, levels in increasing order: `KL1-` and the
//! checksum, then `1142`, is level 1 with 1 change and level 4 with 2.
//!
//! Characters are Crockford's base-32 digits (no I, L, O or U, which read
//! as 1, 0 or V), case-insensitive. A number is written with four bits per
//! character, most significant first: `0`–`F` (0–15) ends a number, and
//! `G`–`Z` (16–31) carries four bits of one with more to follow, so a level
//! and a count of changes under 16 take one character each. A CRC-16 finds
//! every error within 16 bits of each other, so any one character
//! mistyped, which changes at most 8 bits of the text, is refused.

use std::collections::BTreeMap;

/// Where every code starts: the lab's letters and the code's version.
const PREFIX: &str = "KL";
/// The version this build writes and reads.
const VERSION: u32 = 1;
/// Crockford's base-32 digits: the first sixteen end a number, the last
/// sixteen go on.
const DIGITS: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// How many characters the checksum takes: 16 bits in base 32.
const CHECK_LEN: usize = 4;

/// Why a pasted text is not a progress code this page can read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProgressCodeError {
    /// Nothing was pasted.
    Empty,
    /// The text does not start as a code does: something else was pasted.
    NotACode,
    /// A code of a later version of the lab.
    UnknownVersion,
    /// A character no code holds.
    BadCharacter,
    /// The checksum does not match: the code was mistyped or cut short.
    Checksum,
    /// The checksum matches but the numbers do not read: a number cut
    /// short, too large, written with a leading zero, or levels out of
    /// order. No code this lab writes does that.
    Malformed,
}

/// CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF): small
/// enough to compute a bit at a time for a text of a few dozen bytes.
fn crc16(bytes: &[u8]) -> u16 {
    let mut crc: u16 = 0xFFFF;
    for &b in bytes {
        crc ^= u16::from(b) << 8;
        for _ in 0..8 {
            crc = if crc & 0x8000 != 0 {
                (crc << 1) ^ 0x1021
            } else {
                crc << 1
            };
        }
    }
    crc
}

fn digit_value(c: u8) -> Option<u32> {
    let c = c.to_ascii_uppercase();
    DIGITS.iter().position(|&d| d == c).map(|v| v as u32)
}

/// `n` in four-bit digits, most significant first, the last one ending it.
fn push_number(out: &mut String, n: u32) {
    let nibbles = (32 - n.leading_zeros()).div_ceil(4).max(1);
    for i in (0..nibbles).rev() {
        let nibble = (n >> (4 * i)) & 0xF;
        let digit = if i == 0 { nibble } else { 16 + nibble };
        out.push(char::from(DIGITS[digit as usize]));
    }
}

/// The code for `progress`.
pub fn progress_code(progress: &BTreeMap<u32, u32>) -> String {
    let mut body = String::new();
    for (&level, &changes) in progress {
        push_number(&mut body, level);
        push_number(&mut body, changes);
    }
    let head = format!("{PREFIX}{VERSION}-");
    let crc = crc16(format!("{head}{body}").as_bytes());
    let mut check = String::new();
    for i in (0..CHECK_LEN).rev() {
        check.push(char::from(
            DIGITS[((u32::from(crc) >> (5 * i)) & 31) as usize],
        ));
    }
    format!("{head}{check}{body}")
}

/// Reads a code back into the progress it carries. Whitespace around it
/// is left out, and its letters may be of either case.
pub fn read_progress_code(text: &str) -> Result<BTreeMap<u32, u32>, ProgressCodeError> {
    let code = text.trim().to_ascii_uppercase();
    if code.is_empty() {
        return Err(ProgressCodeError::Empty);
    }
    let rest = code
        .strip_prefix(PREFIX)
        .ok_or(ProgressCodeError::NotACode)?;
    let (version, rest) = rest.split_once('-').ok_or(ProgressCodeError::NotACode)?;
    if version.is_empty() || !version.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ProgressCodeError::NotACode);
    }
    if version.parse::<u32>().ok() != Some(VERSION) || version.starts_with('0') {
        return Err(ProgressCodeError::UnknownVersion);
    }
    let values = rest
        .bytes()
        .map(digit_value)
        .collect::<Option<Vec<u32>>>()
        .ok_or(ProgressCodeError::BadCharacter)?;
    if values.len() < CHECK_LEN {
        return Err(ProgressCodeError::Checksum);
    }
    let (check, body) = values.split_at(CHECK_LEN);
    let check = check.iter().fold(0u32, |acc, v| (acc << 5) | v);
    // The code is ASCII from here: the prefix, the version and the digits.
    let head = &code[..code.len() - rest.len()];
    if check != u32::from(crc16(format!("{head}{}", &rest[CHECK_LEN..]).as_bytes())) {
        return Err(ProgressCodeError::Checksum);
    }
    let mut numbers = Vec::new();
    let mut current: Option<u32> = None;
    for &v in body {
        let nibble = v & 0xF;
        if current.is_none() && v == 16 {
            // A leading zero: the same number has a shorter spelling.
            return Err(ProgressCodeError::Malformed);
        }
        let so_far = current.unwrap_or(0);
        if so_far >> 28 != 0 {
            return Err(ProgressCodeError::Malformed);
        }
        let n = (so_far << 4) | nibble;
        if v < 16 {
            numbers.push(n);
            current = None;
        } else {
            current = Some(n);
        }
    }
    if current.is_some() || numbers.len() % 2 != 0 {
        return Err(ProgressCodeError::Malformed);
    }
    let mut progress = BTreeMap::new();
    for pair in numbers.chunks(2) {
        if progress
            .last_key_value()
            .is_some_and(|(&l, _)| l >= pair[0])
        {
            return Err(ProgressCodeError::Malformed);
        }
        progress.insert(pair[0], pair[1]);
    }
    Ok(progress)
}

/// `ours` with `theirs` merged in: a level solved in either is solved, with
/// the fewer changes of the two.
pub fn merge_progress(
    ours: &BTreeMap<u32, u32>,
    theirs: &BTreeMap<u32, u32>,
) -> BTreeMap<u32, u32> {
    let mut out = ours.clone();
    for (&level, &changes) in theirs {
        let best = out.entry(level).or_insert(changes);
        *best = (*best).min(changes);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::rng::Rng;

    fn random_progress(rng: &mut Rng) -> BTreeMap<u32, u32> {
        let levels = rng.below(20);
        (0..levels)
            .map(|_| {
                // Mostly what the lab's levels hold, sometimes any number,
                // so every length of number is written and read.
                let wide = rng.below(4) == 0;
                let level = if wide {
                    rng.next_u64() as u32
                } else {
                    rng.between(1, 40) as u32
                };
                let changes = if wide {
                    rng.next_u64() as u32 >> rng.below(32)
                } else {
                    rng.below(12) as u32
                };
                (level, changes)
            })
            .collect()
    }

    #[test]
    fn crc16_is_ccitt_false() {
        // The catalogue's check value for CRC-16/CCITT-FALSE.
        assert_eq!(crc16(b"123456789"), 0x29B1);
    }

    #[test]
    fn a_code_reads_as_the_module_documents() {
        let progress = BTreeMap::from([(1, 1), (4, 2)]);
        let code = progress_code(&progress);
        assert!(code.starts_with("KL1-"), "{code}");
        assert_eq!(&code[8..], "1142");
        assert_eq!(code.len(), 12);
        assert_eq!(progress_code(&BTreeMap::new()).len(), 8);
        // Every level of the lab solved, with a few changes each: 34 characters.
        let all: BTreeMap<u32, u32> = (1..=15).map(|l| (l, 3)).collect();
        assert_eq!(progress_code(&all).len(), 8 + 30);
        // Numbers of 16 and more take a character per four bits.
        let wide = BTreeMap::from([(16, 255), (u32::MAX, 0)]);
        assert_eq!(&progress_code(&wide)[8..], "H0ZFZZZZZZZF0");
        assert_eq!(read_progress_code(&progress_code(&wide)), Ok(wide));
    }

    #[test]
    fn every_progress_reads_back_as_it_was_written() {
        let mut rng = Rng::new(43);
        for seed in 0..5_000 {
            let progress = random_progress(&mut rng);
            let code = progress_code(&progress);
            assert_eq!(
                read_progress_code(&code),
                Ok(progress.clone()),
                "seed {seed}: {code}"
            );
            assert_eq!(
                read_progress_code(&code.to_lowercase()),
                Ok(progress),
                "seed {seed}: {code}"
            );
        }
    }

    #[test]
    fn whitespace_around_a_code_is_left_out() {
        let code = progress_code(&BTreeMap::from([(3, 0), (12, 5)]));
        for pasted in [
            format!("  {code}\n"),
            format!("\t{code} "),
            format!("\r\n{code}\r\n"),
        ] {
            assert_eq!(read_progress_code(&pasted), read_progress_code(&code));
        }
    }

    #[test]
    fn every_mistyped_character_is_refused() {
        let mut rng = Rng::new(7);
        let mut tried = 0;
        for _ in 0..60 {
            let code = progress_code(&random_progress(&mut rng));
            for at in 0..code.len() {
                for typed in (b' '..=b'~').map(char::from) {
                    let was = code.as_bytes()[at] as char;
                    if typed.eq_ignore_ascii_case(&was) {
                        continue;
                    }
                    let mut wrong = code.clone();
                    wrong.replace_range(at..=at, &typed.to_string());
                    let read = read_progress_code(&wrong);
                    assert!(read.is_err(), "{code} → {wrong}: {read:?}");
                    tried += 1;
                }
            }
        }
        assert!(tried > 50_000, "{tried}");
    }

    #[test]
    fn a_code_cut_short_is_refused() {
        let mut rng = Rng::new(11);
        for _ in 0..300 {
            let code = progress_code(&random_progress(&mut rng));
            for end in 0..code.len() {
                assert!(
                    read_progress_code(&code[..end]).is_err(),
                    "{}",
                    &code[..end]
                );
            }
        }
    }

    /// A code whose checksum is right for what it carries, however badly
    /// that is written.
    fn signed(version: &str, body: &str) -> String {
        let head = format!("{PREFIX}{version}-");
        let crc = crc16(format!("{head}{body}").as_bytes());
        let check: String = (0..CHECK_LEN)
            .rev()
            .map(|i| char::from(DIGITS[((u32::from(crc) >> (5 * i)) & 31) as usize]))
            .collect();
        format!("{head}{check}{body}")
    }

    #[test]
    fn each_malformed_code_says_why() {
        use ProgressCodeError::*;
        let good = progress_code(&BTreeMap::from([(2, 1)]));
        assert_eq!(signed("1", "21"), good);
        let cases = [
            ("", Empty),
            ("   \n", Empty),
            ("hello", NotACode),
            ("1:1,4:2", NotACode),
            ("KL", NotACode),
            ("KL1", NotACode),
            ("KLX-0000", NotACode),
            ("KL-0000", NotACode),
            ("KL2-0000", UnknownVersion),
            ("KL01-0000", UnknownVersion),
            ("KL99999999999-0000", UnknownVersion),
            ("KL1-00U0", BadCharacter),
            ("KL1-0000 21", BadCharacter),
            ("KL1-ЖЖЖЖ", BadCharacter),
            ("KL1-", Checksum),
            ("KL1-000", Checksum),
            (&good[..good.len() - 1], Checksum),
            ("KL1-000021", Checksum),
        ];
        for (code, kind) in cases {
            assert_eq!(read_progress_code(code), Err(kind), "{code:?}");
        }
        // Well signed, badly written: a number cut short, a lone level, a
        // leading zero, a number past u32, levels out of order or twice.
        for body in [
            "2G",
            "2",
            "G21",
            "21G1",
            "ZZZZZZZZF1",
            "HZZZZZZZZ1",
            "3121",
            "2121",
        ] {
            assert_eq!(
                read_progress_code(&signed("1", body)),
                Err(Malformed),
                "{body}"
            );
        }
        assert_eq!(read_progress_code(&signed("1", "")), Ok(BTreeMap::new()));
    }

    #[test]
    fn merging_keeps_every_level_with_its_fewest_changes() {
        let ours = BTreeMap::from([(1, 3), (2, 1)]);
        let theirs = BTreeMap::from([(1, 2), (2, 4), (5, 0)]);
        assert_eq!(
            merge_progress(&ours, &theirs),
            BTreeMap::from([(1, 2), (2, 1), (5, 0)])
        );
        assert_eq!(merge_progress(&ours, &BTreeMap::new()), ours);
        assert_eq!(merge_progress(&BTreeMap::new(), &theirs), theirs);
    }
}
