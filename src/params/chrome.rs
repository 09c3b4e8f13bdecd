//! `hide=`: the pieces of the page around a scene that a course author may
//! leave out of a frame, where the course page already says them (its own
//! heading, its own text) or where they would only distract (the share
//! row). The embed builder (src/ui/builder.rs) sets it.
//!
//! The app marks the pieces hidden on its root (`data-hide`), and the
//! stylesheet hides them: a scene page's pre-rendered copy is the same
//! markup, so its placing script (build/prerender.mjs) hides the same
//! pieces by the same mark and the copy still matches the link.

/// One piece of the page's chrome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChromePiece {
    /// The scene's heading. It stays for screen readers: the frame still
    /// needs a name.
    Title,
    /// The lede under the heading.
    Lede,
    /// The language and theme switches.
    Prefs,
    /// The share and export row (the link, copy, SVG, PNG). A frame showing
    /// one part keeps its link to the whole scene.
    Share,
}

impl ChromePiece {
    pub const ALL: [ChromePiece; 4] = [
        ChromePiece::Title,
        ChromePiece::Lede,
        ChromePiece::Prefs,
        ChromePiece::Share,
    ];

    pub const fn id(self) -> &'static str {
        match self {
            ChromePiece::Title => "title",
            ChromePiece::Lede => "lede",
            ChromePiece::Prefs => "prefs",
            ChromePiece::Share => "share",
        }
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// The pieces hidden; none by default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hidden(u8);

impl Hidden {
    pub fn hides(self, piece: ChromePiece) -> bool {
        self.0 & piece.bit() != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// These pieces, with `piece` hidden or shown.
    #[must_use]
    pub fn with(self, piece: ChromePiece, hidden: bool) -> Hidden {
        if hidden {
            Hidden(self.0 | piece.bit())
        } else {
            Hidden(self.0 & !piece.bit())
        }
    }

    /// Reads `title,lede,…`, in any order; an empty value hides nothing.
    /// `None` when an item names no piece: the link's value is refused
    /// whole, with a message, rather than half applied.
    pub fn parse(text: &str) -> Option<Hidden> {
        text.split(',')
            .map(str::trim)
            .filter(|item| !item.is_empty())
            .try_fold(Hidden::default(), |hidden, item| {
                let piece = ChromePiece::ALL.into_iter().find(|p| p.id() == item)?;
                Some(hidden.with(piece, true))
            })
    }

    /// The ids hidden, in [`ChromePiece::ALL`]'s order, joined by `sep`: a
    /// link's value with `,`, the root's `data-hide` with a space (which
    /// CSS's `~=` reads).
    pub fn ids(self, sep: &str) -> String {
        ChromePiece::ALL
            .into_iter()
            .filter(|&p| self.hides(p))
            .map(ChromePiece::id)
            .collect::<Vec<_>>()
            .join(sep)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_set_of_pieces_reads_back_from_its_text() {
        for bits in 0..16u8 {
            let hidden = ChromePiece::ALL
                .into_iter()
                .enumerate()
                .fold(Hidden::default(), |h, (i, p)| {
                    h.with(p, bits & (1 << i) != 0)
                });
            assert_eq!(Hidden::parse(&hidden.ids(",")), Some(hidden), "{bits}");
            assert_eq!(hidden.is_empty(), bits == 0);
        }
    }

    #[test]
    fn order_spaces_and_repeats_do_not_matter_but_an_unknown_piece_does() {
        let want = Hidden::default()
            .with(ChromePiece::Share, true)
            .with(ChromePiece::Title, true);
        assert_eq!(Hidden::parse("share, title,share,"), Some(want));
        assert_eq!(want.ids(","), "title,share");
        assert_eq!(want.ids(" "), "title share");
        assert_eq!(Hidden::parse(""), Some(Hidden::default()));
        assert_eq!(Hidden::parse("title,menu"), None);
        assert_eq!(Hidden::parse("Title"), None);
    }
}
