//! A density strip: a long list that is not drawn row by row, summed into a
//! fixed number of buckets. The strip is the same few elements however long
//! the run, so the page stays the same size after ten simulated minutes as
//! after ten seconds.

use crate::i18n::fixed;
#[cfg(feature = "ui")]
use yew::prelude::*;

/// Buckets per strip.
pub const BUCKETS: usize = 48;

const W: f64 = 480.0;
const H: f64 = 18.0;

/// How many items fell in each bucket, and whether any of them is marked
/// (a reordered record, a lost request).
#[derive(Clone, Debug, PartialEq)]
pub struct Density {
    pub counts: [u32; BUCKETS],
    pub marked: [bool; BUCKETS],
}

impl Density {
    /// Sums `items` (a position in `[lo, hi)` and a mark) into buckets.
    pub fn of(lo: u64, hi: u64, items: impl IntoIterator<Item = (u64, bool)>) -> Self {
        let mut d = Density {
            counts: [0; BUCKETS],
            marked: [false; BUCKETS],
        };
        for (at, mark) in items {
            let b = bucket(at, lo, hi);
            d.counts[b] = d.counts[b].saturating_add(1);
            d.marked[b] |= mark;
        }
        d
    }

    pub fn marked_buckets(&self) -> usize {
        self.marked.iter().filter(|&&m| m).count()
    }
}

/// The bucket of `at` on `[lo, hi)`; positions outside are clamped.
pub fn bucket(at: u64, lo: u64, hi: u64) -> usize {
    let span = hi.saturating_sub(lo).max(1);
    let i = u128::from(at.saturating_sub(lo)) * BUCKETS as u128 / u128::from(span);
    (i as usize).min(BUCKETS - 1)
}

/// The bars of `d`, as two paths' data: the unmarked buckets and the marked.
/// Every bucket has a bar, 1 high when empty, so the strip keeps its shape.
pub fn bars(d: &Density) -> (String, String) {
    // Heights are shares of a power of two, so the scale changes (and every
    // bar with it) only when the fullest bucket doubles, not on every frame.
    let scale = d
        .counts
        .iter()
        .copied()
        .max()
        .unwrap_or(0)
        .max(1)
        .next_power_of_two();
    let bw = W / BUCKETS as f64;
    let w = fixed(bw - 1.0, 1);
    let (mut plain, mut marked) = (String::new(), String::new());
    for (i, (&count, &mark)) in d.counts.iter().zip(d.marked.iter()).enumerate() {
        // Height follows the count, and any marked bucket stands above every
        // unmarked one: the mark does not rest on colour.
        let share = f64::from(count) / f64::from(scale);
        let h = match (count, mark) {
            (0, false) => 1.0,
            (_, false) => 2.0 + (0.6 * H - 2.0) * share,
            (_, true) => 0.7 * H + 0.3 * H * share,
        };
        let bar = format!(
            "M{} {}h{w}v{}h-{w}z",
            fixed(i as f64 * bw, 1),
            fixed(H - h, 1),
            fixed(h, 1)
        );
        if mark { &mut marked } else { &mut plain }.push_str(&bar);
    }
    (plain, marked)
}

#[cfg(feature = "ui")]
#[derive(Properties, PartialEq)]
pub struct StripProps {
    pub testid: &'static str,
    pub label: AttrValue,
    pub density: Density,
    /// The bucket range of the rows drawn in full beside the strip,
    /// outlined so the learner sees which part of the run they are.
    pub window: Option<(usize, usize)>,
}

/// Draws the strip: its buckets are two paths, unmarked and marked, so a
/// strip that fills while the run plays, or appears when the rows no longer
/// fit, changes two attributes rather than building 48 elements. The counts
/// are on the strip (`data-counts`, one per bucket, in order). A component,
/// so that an unchanged strip is skipped.
#[cfg(feature = "ui")]
#[component(DensityStrip)]
pub fn density_strip(p: &StripProps) -> Html {
    let d = &p.density;
    let (plain, marked) = bars(d);
    let bw = W / BUCKETS as f64;
    let counts = d
        .counts
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",");
    html! {
        <svg class="density" data-testid={p.testid} data-marked={d.marked_buckets().to_string()} data-counts={counts}
            viewBox={format!("0 0 {} {}", fixed(W, 0), fixed(H, 0))} preserveAspectRatio="none" role="img" aria-label={p.label.clone()}>
            <path class="bucket" d={plain} />
            <path class="bucket marked" d={marked} />
            { p.window.map(|(a, b)| html! {
                <rect class="window" x={fixed(a as f64 * bw, 1)} y="0.5"
                    width={fixed((b.max(a) + 1 - a) as f64 * bw - 1.0, 1)} height={fixed(H - 1.0, 1)} />
            }).unwrap_or_default() }
        </svg>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_cover_the_range_and_clamp_the_rest() {
        assert_eq!(bucket(0, 0, 480), 0);
        assert_eq!(bucket(479, 0, 480), BUCKETS - 1);
        assert_eq!(bucket(10, 0, 480), 1);
        assert_eq!(bucket(5000, 0, 480), BUCKETS - 1);
        assert_eq!(bucket(3, 100, 200), 0);
        assert_eq!(bucket(7, 7, 7), 0);
        assert_eq!(bucket(u64::MAX, 0, u64::MAX), BUCKETS - 1);
    }

    #[test]
    fn every_bucket_has_one_bar_and_marked_ones_stand_taller() {
        let d = Density::of(0, 96, (0..96).map(|i| (i, i == 50)));
        let (plain, marked) = bars(&d);
        assert_eq!(plain.matches('M').count(), BUCKETS - 1);
        assert_eq!(marked.matches('M').count(), 1);
        // Bucket 25, marked: x = 25 · 10, and taller than any unmarked bar.
        assert!(marked.starts_with("M250.0 "), "{marked}");
        let height = |bar: &str| -> f64 {
            bar.split('v')
                .nth(1)
                .unwrap()
                .split('h')
                .next()
                .unwrap()
                .parse()
                .unwrap()
        };
        let tallest_plain = plain.split('M').skip(1).map(height).fold(0.0, f64::max);
        assert!(height(&marked[1..]) > tallest_plain);
        let empty = bars(&Density::of(0, 1, []));
        assert_eq!(
            empty.0.matches("v1.0h").count(),
            BUCKETS,
            "an empty bucket is 1 high"
        );
        assert_eq!(empty.1, "");
    }

    #[test]
    fn counts_and_marks_add_up() {
        let d = Density::of(0, 96, (0..96).map(|i| (i, i == 50)));
        assert_eq!(d.counts.iter().sum::<u32>(), 96);
        assert!(d.counts.iter().all(|&c| c == 2));
        assert_eq!(d.marked_buckets(), 1);
        assert!(d.marked[25]);
    }
}
