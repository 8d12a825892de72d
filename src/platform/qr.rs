//! A QR code for a link, drawn as one SVG path (`qrcodegen`, Nayuki's
//! reference encoder). Read from a tablet's screen by a phone's camera: no
//! dirt or creases to survive, so the lowest error correction (7 %) is
//! chosen, which gives the most room and so the largest modules; the
//! encoder raises it when the text fits the same version anyway.

use qrcodegen::{QrCode, QrCodeEcc};

use crate::tf;

/// The light border every reader needs around the code, in modules (the
/// standard's quiet zone).
pub const QUIET_ZONE: i32 = 4;

/// A QR code ready to draw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Qr {
    /// 1 to 40: how much it holds, and how many modules it has a side.
    pub version: u8,
    /// Modules a side, without the quiet zone (`4 × version + 17`).
    pub modules: i32,
    /// Every dark module as `M x y h1v1h-1z`, the quiet zone included in
    /// the coordinates.
    pub path: String,
}

impl Qr {
    /// The code of `text`, or why it cannot be made (too long for any QR
    /// code: version 40 holds 2,953 bytes).
    pub fn of(text: &str) -> Result<Qr, String> {
        let code = QrCode::encode_text(text, QrCodeEcc::Low).map_err(|_| {
            tf!(
                "{} characters do not fit in one QR code",
                "{} znaków nie mieści się w jednym kodzie QR",
                text.len()
            )
        })?;
        let modules = code.size();
        let mut path = String::new();
        for y in 0..modules {
            for x in 0..modules {
                if code.get_module(x, y) {
                    path.push_str(&format!("M{} {}h1v1h-1z", x + QUIET_ZONE, y + QUIET_ZONE));
                }
            }
        }
        Ok(Qr {
            version: code.version().value(),
            modules,
            path,
        })
    }

    /// The side with the quiet zone, in modules: the SVG's view box.
    #[must_use]
    pub fn side(&self) -> i32 {
        self.modules + 2 * QUIET_ZONE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_makes_a_code_of_its_size() {
        let qr = Qr::of("https://arbiter.example.org/#/event/join").unwrap();
        assert_eq!(qr.modules, 4 * i32::from(qr.version) + 17);
        assert_eq!(qr.side(), qr.modules + 8);
        // The three finder patterns: the corner module of each is dark.
        for (x, y) in [(0, 0), (qr.modules - 1, 0), (0, qr.modules - 1)] {
            assert!(
                qr.path
                    .contains(&format!("M{} {}h", x + QUIET_ZONE, y + QUIET_ZONE))
            );
        }
        assert!(Qr::of(&"x".repeat(3000)).is_err());
    }
}
