//! Geometry of the log scene's figure, as plain functions of the model.
//!
//! Each segment file is a card: its name, fill and index on the left (or on
//! top, at phone width), its records as cells on the right, wrapping onto
//! more lines when they do not fit. Markers sit in two lanes under the cells.
//! A request on its way to the broker travels in a lane of its own between
//! the producer and the files, where it covers no record.

use crate::widgets::layout::Point;

pub const WIDE_WIDTH: f64 = 960.0;
pub const NARROW_WIDTH: f64 = 360.0;

/// A record's cell: wide enough on a phone for "Delivered" at the phone's
/// larger type (style.css), and ten to a line on a wide screen.
const NARROW_CELL_W: f64 = 72.0;
const WIDE_CELL_W: f64 = 64.0;
pub const CELL_H: f64 = 54.0;
const CELL_GAP: f64 = 6.0;
/// Room under each line of cells for the position and committed markers.
const MARKER_LANES_H: f64 = 36.0;
const LINE_H: f64 = CELL_H + MARKER_LANES_H;
const MARGIN: f64 = 12.0;
const WIDE_LABEL_W: f64 = 230.0;
const NARROW_LABEL_H: f64 = 60.0;
const CARD_PAD: f64 = 8.0;
const CARD_GAP: f64 = 10.0;
pub const ACTOR_H: f64 = 58.0;
const TITLE_H: f64 = 30.0;
/// A produce request's pill: wide enough for "order-43 · Delivered" at a
/// phone's larger type (style.css).
pub const CHIP_W: f64 = 150.0;
pub const CHIP_H: f64 = 22.0;
/// Space between the producer and the produce lane.
const LANE_GAP: f64 = 6.0;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SegmentCard {
    pub base_offset: u64,
    pub card: Rect,
    /// Where the file name starts; the fill and index lines follow below it.
    pub label: Point,
}

#[derive(Clone, Debug, PartialEq)]
pub struct LogLayout {
    pub width: f64,
    /// A record's cell's width: wider on a phone, whose type is larger.
    pub cell_w: f64,
    pub height: f64,
    pub narrow: bool,
    pub producer: Rect,
    /// Where the producer's not-yet-sent records are shown, when there is
    /// room beside the producer (wide layout only).
    pub outbox: Option<Rect>,
    /// The strip under the producer where requests travel to the broker:
    /// nothing else is drawn in it.
    pub lane: Rect,
    pub title: Point,
    pub cards: Vec<SegmentCard>,
    pub consumer: Rect,
    /// Top-left corner of each record's cell by offset; the last entry is
    /// the empty slot at the log end offset.
    slots: Vec<Point>,
}

impl LogLayout {
    /// The cell for `offset`, or the log-end slot for any later offset.
    pub fn slot(&self, offset: u64) -> Point {
        let last = self.slots.len() - 1;
        self.slots[usize::try_from(offset).map_or(last, |o| o.min(last))]
    }

    /// Top-left corner of a request's pill `trip` (0..=1) of the way to the
    /// broker: it leaves from under the producer's right edge and slides
    /// along the lane until it is over the column of the slot at `leo`,
    /// where the record will land.
    pub fn in_flight_at(&self, leo: u64, trip: f64) -> Point {
        let from = self.producer.x + self.producer.w - CHIP_W;
        let to = self.slot(leo).x + self.cell_w / 2.0 - CHIP_W / 2.0;
        Point {
            x: clamp_x(from + (to - from) * trip, CHIP_W, self.width),
            y: self.lane.y,
        }
    }
}

/// Lays out a log whose segments hold `segment_sizes[i] = (base offset,
/// record count)`, in order, with the active segment last.
pub fn layout_log(segment_sizes: &[(u64, usize)], narrow: bool) -> LogLayout {
    let width = if narrow { NARROW_WIDTH } else { WIDE_WIDTH };
    let cell_w = if narrow { NARROW_CELL_W } else { WIDE_CELL_W };
    let cells_x = if narrow {
        MARGIN + CARD_PAD
    } else {
        MARGIN + WIDE_LABEL_W
    };
    let per_line =
        (((width - MARGIN - CARD_PAD - cells_x + CELL_GAP) / (cell_w + CELL_GAP)).floor() as usize)
            .max(1);
    let producer = Rect {
        x: MARGIN,
        y: MARGIN,
        w: if narrow { width - 2.0 * MARGIN } else { 300.0 },
        h: ACTOR_H,
    };
    let outbox = (!narrow).then_some(Rect {
        x: producer.x + producer.w + 2.0 * MARGIN,
        y: producer.y,
        w: width - producer.w - 4.0 * MARGIN,
        h: ACTOR_H,
    });
    let lane = Rect {
        x: MARGIN / 2.0,
        y: producer.y + producer.h + LANE_GAP,
        w: width - MARGIN,
        h: CHIP_H,
    };
    let title = Point {
        x: MARGIN,
        y: lane.y + lane.h + TITLE_H - 8.0,
    };
    let mut y = lane.y + lane.h + TITLE_H;
    let mut cards = Vec::with_capacity(segment_sizes.len());
    let mut slots = Vec::new();
    let last_segment = segment_sizes.len().saturating_sub(1);
    for (i, &(base_offset, records)) in segment_sizes.iter().enumerate() {
        // The active segment also holds the empty slot at the log end.
        let cells = records + usize::from(i == last_segment);
        let lines = cells.div_ceil(per_line).max(1);
        let cells_y = y + CARD_PAD + if narrow { NARROW_LABEL_H } else { 0.0 };
        for c in 0..cells {
            slots.push(Point {
                x: cells_x + (c % per_line) as f64 * (cell_w + CELL_GAP),
                y: cells_y + (c / per_line) as f64 * LINE_H,
            });
        }
        let cells_h = lines as f64 * LINE_H;
        let h = CARD_PAD * 2.0
            + if narrow {
                NARROW_LABEL_H + cells_h
            } else {
                cells_h.max(64.0)
            };
        cards.push(SegmentCard {
            base_offset,
            card: Rect {
                x: MARGIN / 2.0,
                y,
                w: width - MARGIN,
                h,
            },
            label: Point {
                x: MARGIN + CARD_PAD / 2.0,
                y: y + CARD_PAD + 12.0,
            },
        });
        y += h + CARD_GAP;
    }
    if slots.is_empty() {
        slots.push(Point { x: cells_x, y });
    }
    let consumer = Rect {
        x: MARGIN,
        y: y + 4.0,
        w: if narrow { width - 2.0 * MARGIN } else { 420.0 },
        h: ACTOR_H,
    };
    LogLayout {
        width,
        cell_w,
        height: consumer.y + consumer.h + MARGIN,
        narrow,
        producer,
        outbox,
        lane,
        title,
        cards,
        consumer,
        slots,
    }
}

/// Keeps a `w`-wide chip inside a figure `width` wide.
pub fn clamp_x(x: f64, w: f64, width: f64) -> f64 {
    let (lo, hi) = (MARGIN / 2.0, (width - w - MARGIN / 2.0).max(MARGIN / 2.0));
    // What `x.clamp(lo, hi)` gives, NaN included, without its check that
    // `lo <= hi`: that check's panic message formats both bounds, which kept
    // Rust's float formatting in the wasm for this one call.
    if x < lo {
        lo
    } else if x > hi {
        hi
    } else {
        x
    }
}

/// Pills that fit in the outbox, each `OUTBOX_PILL_W` wide.
pub fn outbox_capacity(outbox: &Rect) -> usize {
    ((outbox.w + CELL_GAP) / (OUTBOX_PILL_W + CELL_GAP)).floor() as usize
}

pub const OUTBOX_PILL_W: f64 = 64.0;

/// Left edge of the `i`-th outbox pill.
pub fn outbox_pill_x(outbox: &Rect, i: usize) -> f64 {
    outbox.x + i as f64 * (OUTBOX_PILL_W + CELL_GAP)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn overlaps(l: &LogLayout, a: Point, b: Point) -> bool {
        (a.x - b.x).abs() < l.cell_w && (a.y - b.y).abs() < CELL_H
    }

    #[test]
    fn cells_never_overlap_and_stay_inside_the_figure() {
        for narrow in [false, true] {
            for sizes in [
                vec![(0, 4), (4, 4), (8, 4)],
                vec![(0, 12)],
                (0..12).map(|i| (i, 1)).collect::<Vec<_>>(),
                vec![(0, 0)],
            ] {
                let l = layout_log(&sizes, narrow);
                let total: usize = sizes.iter().map(|s| s.1).sum();
                let slots: Vec<Point> = (0..=total as u64).map(|o| l.slot(o)).collect();
                for (i, a) in slots.iter().enumerate() {
                    assert!(
                        a.x >= 0.0 && a.x + l.cell_w <= l.width,
                        "{sizes:?} {narrow}"
                    );
                    assert!(a.y + CELL_H < l.consumer.y);
                    for b in &slots[i + 1..] {
                        assert!(!overlaps(&l, *a, *b), "{sizes:?} narrow={narrow}");
                    }
                }
                assert!(l.height > l.consumer.y);
            }
        }
    }

    #[test]
    fn each_offset_sits_in_its_segments_card() {
        let sizes = [(0, 4), (4, 3), (7, 5)];
        for narrow in [false, true] {
            let l = layout_log(&sizes, narrow);
            for (card, &(base, n)) in l.cards.iter().zip(&sizes) {
                for o in base..base + n as u64 {
                    let p = l.slot(o);
                    assert!(p.y > card.card.y && p.y + CELL_H < card.card.y + card.card.h);
                }
            }
            // The log-end slot belongs to the active (last) segment.
            let end = l.slot(12);
            let active = &l.cards[2].card;
            assert!(end.y > active.y && end.y < active.y + active.h);
            assert_eq!(l.slot(12), l.slot(99));
        }
    }

    #[test]
    fn narrow_fits_a_phone_and_wide_fits_a_line_of_ten() {
        let narrow = layout_log(&[(0, 12)], true);
        assert_eq!(narrow.width, 360.0);
        assert_eq!(narrow.slot(4).y, narrow.slot(0).y + LINE_H);
        let wide = layout_log(&[(0, 12)], false);
        assert_eq!(wide.slot(9).y, wide.slot(0).y);
        assert!(wide.slot(10).y > wide.slot(0).y);
    }

    #[test]
    fn the_outbox_is_beside_the_producer_only_when_wide() {
        assert!(layout_log(&[(0, 0)], true).outbox.is_none());
        let wide = layout_log(&[(0, 0)], false);
        let outbox = wide.outbox.expect("wide layout has an outbox");
        assert!(outbox.x > wide.producer.x + wide.producer.w);
        let n = outbox_capacity(&outbox);
        assert!(n >= 8);
        assert!(outbox_pill_x(&outbox, n - 1) + OUTBOX_PILL_W <= wide.width);
        assert_eq!(clamp_x(400.0, 130.0, 360.0), 360.0 - 130.0 - MARGIN / 2.0);
        assert_eq!(clamp_x(-5.0, 130.0, 360.0), MARGIN / 2.0);
    }

    fn intersects(a: &Rect, b: &Rect) -> bool {
        a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
    }

    #[test]
    fn a_request_in_flight_covers_no_record_card_or_actor() {
        for narrow in [false, true] {
            for sizes in [
                vec![(0, 0)],
                vec![(0, 4), (4, 4), (8, 1)],
                vec![(0, 4), (4, 4), (8, 4), (12, 3)],
                vec![(0, 25)],
            ] {
                let l = layout_log(&sizes, narrow);
                let leo: u64 = sizes.iter().map(|s| s.1 as u64).sum();
                let mut drawn = vec![l.producer, l.consumer];
                drawn.extend(l.outbox);
                drawn.extend(l.cards.iter().map(|c| c.card));
                drawn.extend((0..=leo).map(|o| {
                    let p = l.slot(o);
                    Rect {
                        x: p.x,
                        y: p.y,
                        w: l.cell_w,
                        h: CELL_H,
                    }
                }));
                for step in 0..=20 {
                    let at = l.in_flight_at(leo, f64::from(step) / 20.0);
                    let pill = Rect {
                        x: at.x,
                        y: at.y,
                        w: CHIP_W,
                        h: CHIP_H,
                    };
                    assert!(
                        pill.x >= 0.0 && pill.x + pill.w <= l.width,
                        "{sizes:?} {narrow}"
                    );
                    for r in &drawn {
                        assert!(
                            !intersects(&pill, r),
                            "{sizes:?} narrow={narrow} {pill:?} {r:?}"
                        );
                    }
                    // The title's text sits above its baseline.
                    assert!(pill.y + pill.h < l.title.y - 12.0);
                }
                // It ends over the column where the record lands.
                let end = l.in_flight_at(leo, 1.0);
                let slot = l.slot(leo);
                assert!(
                    end.x <= slot.x + l.cell_w && end.x + CHIP_W >= slot.x,
                    "{sizes:?} {narrow}"
                );
                assert_eq!(
                    l.in_flight_at(leo, 0.0).x,
                    l.producer.x + l.producer.w - CHIP_W
                );
            }
        }
    }
}
