//! Plain geometry the scenes' figures share: the width below which they
//! take their narrow layout, and where a thing on its way is at a moment.
//! Each scene's own layout is in its folder (the log's in
//! src/scenes/log/layout.rs).

/// Below this many CSS pixels the figures switch to their narrow layout.
pub const NARROW_BELOW_PX: f64 = 720.0;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

/// How far along a trip from `sent_at` to `deliver_at` is at `now`, in 0..=1.
pub fn progress(now: u64, sent_at: u64, deliver_at: u64) -> f64 {
    if deliver_at <= sent_at {
        return 1.0;
    }
    (now.saturating_sub(sent_at) as f64 / (deliver_at - sent_at) as f64).clamp(0.0, 1.0)
}

/// How far a record being processed has come from its partition to its
/// consumer, in 0..=1. It travels over the first half of its processing
/// time and is handled at the consumer for the rest, so a learner sees
/// both the move and where it stays while the consumer works on it.
pub fn fetch_trip(now: u64, since: u64, until: u64) -> f64 {
    (progress(now, since, until) * 2.0).min(1.0)
}

/// The point a `t` of the way from `a` to `b`.
pub fn lerp(a: Point, b: Point, t: f64) -> Point {
    Point {
        x: a.x + (b.x - a.x) * t,
        y: a.y + (b.y - a.y) * t,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trips_interpolate_between_send_and_delivery() {
        assert_eq!(progress(150, 100, 200), 0.5);
        assert_eq!(progress(50, 100, 200), 0.0);
        assert_eq!(progress(250, 100, 200), 1.0);
        assert_eq!(progress(5, 7, 7), 1.0);
        let mid = lerp(Point { x: 0.0, y: 0.0 }, Point { x: 10.0, y: 20.0 }, 0.5);
        assert_eq!(mid, Point { x: 5.0, y: 10.0 });
    }

    #[test]
    fn a_fetched_record_arrives_halfway_through_its_processing() {
        assert_eq!(fetch_trip(100, 100, 200), 0.0);
        assert_eq!(fetch_trip(125, 100, 200), 0.5);
        assert_eq!(fetch_trip(150, 100, 200), 1.0);
        assert_eq!(fetch_trip(190, 100, 200), 1.0);
    }
}
