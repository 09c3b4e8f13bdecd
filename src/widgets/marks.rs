//! Where a broken pair's mark goes on any figure: plain geometry, tested on
//! the host; `violations` draws it.

use crate::i18n::fixed;

/// A cell of a figure, by its top-left corner and size, in the figure's
/// own units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cell {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

/// The inversion's path: from the top of the record handled first to the
/// top of the one handled after it, bowed above both so that it clears the
/// records between them on one row. Records one above the other (a log
/// drawn as rows) are joined by their left edges instead, bowed to the
/// left, so that the path does not cross the upper one.
pub fn inversion_path(first: Cell, late: Cell) -> String {
    let one_column = (first.x - late.x).abs() < first.w.min(late.w) / 2.0;
    let (x1, y1, x2, y2, cx, cy) = if one_column {
        let (y1, y2) = (first.y + first.h / 2.0, late.y + late.h / 2.0);
        let bow = 10.0 + (y2 - y1).abs().min(120.0) / 6.0;
        (
            first.x,
            y1,
            late.x,
            y2,
            first.x.min(late.x) - bow,
            (y1 + y2) / 2.0,
        )
    } else {
        let (x1, y1) = (first.x + first.w / 2.0, first.y);
        let (x2, y2) = (late.x + late.w / 2.0, late.y);
        let lift = 10.0 + (x2 - x1).abs().min(120.0) / 6.0;
        (x1, y1, x2, y2, (x1 + x2) / 2.0, y1.min(y2) - lift)
    };
    format!(
        "M{} {}Q{} {} {} {}",
        fixed(x1, 1),
        fixed(y1, 1),
        fixed(cx, 1),
        fixed(cy, 1),
        fixed(x2, 1),
        fixed(y2, 1)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_one_above_the_other_are_joined_by_their_left_edges() {
        let row = |y| Cell {
            x: 660.0,
            y,
            w: 292.0,
            h: 20.0,
        };
        let d = inversion_path(row(58.0), row(82.0));
        assert!(d.starts_with("M660.0 68.0Q"), "{d}");
        assert!(d.ends_with(" 660.0 92.0"), "{d}");
        let control_x: f64 = d.split(['Q', ' ']).nth(2).unwrap().parse().unwrap();
        assert!(control_x < 660.0, "{d}");
    }

    #[test]
    fn the_inversion_runs_from_the_first_record_to_the_late_one_above_both() {
        let first = Cell {
            x: 100.0,
            y: 40.0,
            w: 40.0,
            h: 28.0,
        };
        let late = Cell {
            x: 20.0,
            y: 80.0,
            w: 40.0,
            h: 28.0,
        };
        let d = inversion_path(first, late);
        assert!(d.starts_with("M120.0 40.0Q"), "{d}");
        assert!(d.ends_with(" 40.0 80.0"), "{d}");
        let control_y: f64 = d.split(['Q', ' ']).nth(3).unwrap().parse().unwrap();
        assert!(control_y < 40.0, "{d}");
    }
}
