//! Appendix A: the adjournment's phases, envelope and rulings, in words.

use super::article::article_summary;
use super::outcome::outcome;
use super::side::side_in_sentence;
use crate::text::i18n::{UiLang, lang};
use crate::{t, tf};
use laws::adjournment::{Adjournment, Outcome as AdjournmentOutcome, Phase};

/// Where an adjournment stands: "sealed but not verified".
#[must_use]
pub fn phase(phase: laws::adjournment::Phase) -> &'static str {
    use laws::adjournment::Phase;
    match phase {
        Phase::Playing => t!("not adjourned", "partia nie jest odłożona"),
        Phase::Sealing => t!("being sealed", "trwa pieczętowanie posunięcia"),
        Phase::Sealed => t!("sealed but not verified", "zapieczętowana, niesprawdzona"),
        Phase::Kept => t!(
            "verified and kept by the arbiter",
            "sprawdzona i przechowywana przez sędziego"
        ),
        Phase::SetUp => t!("set up for resumption", "przygotowana do wznowienia"),
        Phase::Resumed => t!(
            "resumed with the envelope closed",
            "wznowiona przy zamkniętej kopercie"
        ),
        Phase::Missing => t!("resumed without the envelope", "wznowiona bez koperty"),
        Phase::Continuing => t!(
            "opened, the game continuing",
            "koperta otwarta, partia toczy się dalej"
        ),
        Phase::ReplySealed => t!(
            "waiting with a sealed reply",
            "oczekuje z zapieczętowaną odpowiedzią"
        ),
        Phase::Readjourned => t!("adjourned again", "ponownie odłożona"),
        Phase::Concluded => t!("concluded", "zakończona"),
    }
}

/// One item of an envelope (A2) as the arbiter's checklist (A3) shows it,
/// the envelope's and the game's side by side; the core compares them.
#[must_use]
pub fn envelope_item(item: &str, e: &laws::adjournment::Envelope) -> String {
    let r = &e.resumption;
    match item {
        "A2a" => format!("{} - {}", e.white, e.black),
        "A2b" => tf!("{} after {}", "{} po {}", e.fen, e.moves.join(" ")),
        "A2c" => tf!(
            "White {}, Black {}",
            "białe {}, czarne {}",
            laws::clock::clock_face(e.time_used.white_ms),
            laws::clock::clock_face(e.time_used.black_ms)
        ),
        "A2d" => e.name(e.sealer).to_owned(),
        "A2e" => e.move_number.to_string(),
        "A2f" => e.draw_offer.map_or_else(
            || t!("none", "brak").to_owned(),
            |side| tf!("by {}", "przez {}", side_in_sentence(side)),
        ),
        "A2g" => format!(
            "{} {}, {}",
            crate::text::i18n::iso_date(&r.date),
            r.time,
            r.venue
        ),
        _ => tf!(
            "{}, round {}, board {}, arbiter {}",
            "{}, runda {}, szachownica {}, sędzia {}",
            e.event,
            e.round,
            e.board,
            e.arbiter
        ),
    }
}

/// An adjournment ruling's explanation (as [`explanation`]).
#[must_use]
pub fn adjournment_explanation(ruling: &laws::adjournment::AdjournmentRuling) -> String {
    match lang() {
        UiLang::English => ruling.explanation.clone(),
        UiLang::Polish => {
            let summary = article_summary(ruling.exception.unwrap_or(ruling.article));
            format!("{summary} Wynik: {}.", outcome(ruling.outcome))
        }
    }
}

/// The adjournment's final ruling as a result: what, and by which article.
#[must_use]
pub fn adjournment_result(ruling: &laws::adjournment::AdjournmentRuling) -> String {
    tf!(
        "{} (Article {})",
        "{} (artykuł {})",
        outcome(ruling.outcome),
        ruling.article
    )
}

/// An envelope's status in the arbiter's words, from the fold's phase.
#[must_use]
pub fn envelope_status(adjournment: &Adjournment) -> &'static str {
    let annulled = adjournment
        .result()
        .is_some_and(|r| r.outcome == AdjournmentOutcome::Annulled);
    match adjournment.phase() {
        Phase::Playing | Phase::Sealing => t!("not sealed yet", "jeszcze niezapieczętowana"),
        Phase::Sealed => t!(
            "sealed, not yet verified",
            "zapieczętowana, jeszcze niesprawdzona"
        ),
        Phase::Kept | Phase::SetUp => t!(
            "verified, in the arbiter's keeping",
            "sprawdzona, przechowywana przez sędziego"
        ),
        Phase::Resumed => t!(
            "resumed, still closed",
            "partia wznowiona, koperta zamknięta"
        ),
        Phase::Missing => t!("missing", "zaginiona"),
        Phase::Continuing | Phase::ReplySealed | Phase::Readjourned => t!("opened", "otwarta"),
        Phase::Concluded if annulled => t!("annulled", "partia unieważniona"),
        Phase::Concluded if adjournment.archived_unopened() => t!(
            "concluded, archived unopened",
            "partia zakończona, koperta zarchiwizowana nieotwarta"
        ),
        Phase::Concluded => t!("opened, game concluded", "otwarta, partia zakończona"),
    }
}
