//! The Laws' editions.

use crate::t;
use laws::ruleset::Edition;

#[must_use]
pub fn edition(edition: Edition) -> &'static str {
    match edition {
        Edition::Source => t!(
            "the edition of the source texts",
            "wydanie tekstów źródłowych"
        ),
        Edition::Fide2009 => t!("the 2009 Laws", "Przepisy z 2009 roku"),
        Edition::Fide2014 => t!(
            "the 2014 and later Laws",
            "Przepisy z 2014 roku i późniejsze"
        ),
    }
}
