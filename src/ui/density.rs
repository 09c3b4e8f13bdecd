//! A density strip: a long list that is not drawn row by row, summed into a
//! fixed number of buckets. Each bucket is one element however long the run,
//! so the page stays the same size after ten simulated minutes as after ten
//! seconds.

use crate::i18n::fixed;
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

/// Draws the strip. `window` is the bucket range of the rows drawn in full
/// beside it, outlined so the learner sees which part of the run they are.
pub fn view_density(
    testid: &'static str,
    label: String,
    d: &Density,
    window: Option<(usize, usize)>,
) -> Html {
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
    html! {
        <svg class="density" data-testid={testid} data-marked={d.marked_buckets().to_string()}
            viewBox={format!("0 0 {} {}", fixed(W, 0), fixed(H, 0))} preserveAspectRatio="none" role="img" aria-label={label}>
            { d.counts.iter().zip(d.marked.iter()).enumerate().map(|(i, (&count, &marked))| html! {
                <Bucket index={i} count={count} marked={marked} scale={scale} />
            }).collect::<Html>() }
            { window.map(|(a, b)| html! {
                <rect class="window" x={fixed(a as f64 * bw, 1)} y="0.5"
                    width={fixed((b.max(a) + 1 - a) as f64 * bw - 1.0, 1)} height={fixed(H - 1.0, 1)} />
            }).unwrap_or_default() }
        </svg>
    }
}

#[derive(Properties, PartialEq)]
struct BucketProps {
    index: usize,
    count: u32,
    marked: bool,
    scale: u32,
}

/// One bucket: a component, so that while the run plays only the bucket
/// that is filling is drawn again, not all of them.
#[function_component(Bucket)]
fn bucket_bar(p: &BucketProps) -> Html {
    // Height follows the count, and any marked bucket stands above every
    // unmarked one: the mark does not rest on colour.
    let share = f64::from(p.count) / f64::from(p.scale.max(1));
    let h = match (p.count, p.marked) {
        (0, false) => 1.0,
        (_, false) => 2.0 + (0.6 * H - 2.0) * share,
        (_, true) => 0.7 * H + 0.3 * H * share,
    };
    let bw = W / BUCKETS as f64;
    html! {
        <rect class={classes!("bucket", p.marked.then_some("marked"))} data-count={p.count.to_string()}
            x={fixed(p.index as f64 * bw, 1)} y={fixed(H - h, 1)}
            width={fixed(bw - 1.0, 1)} height={fixed(h, 1)} />
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
    fn counts_and_marks_add_up() {
        let d = Density::of(0, 96, (0..96).map(|i| (i, i == 50)));
        assert_eq!(d.counts.iter().sum::<u32>(), 96);
        assert!(d.counts.iter().all(|&c| c == 2));
        assert_eq!(d.marked_buckets(), 1);
        assert!(d.marked[25]);
    }
}
