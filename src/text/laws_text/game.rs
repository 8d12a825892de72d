//! The game: its setup, its result and the refusals of its log.

use super::adjournment::adjournment_result;
use super::article::with_reason;
use super::clock::clock_error;
use super::outcome::outcome;
use super::side::{side, sides};
use crate::text::i18n::{UiLang, lang};
use crate::{t, tf};
use laws::game::{ClaimRefusal, DrawClaim, GameResult, ResultError};

/// Why the details of a game are refused.
#[must_use]
pub fn setup_error(error: &laws::game::SetupError) -> String {
    use laws::game::SetupError;
    match error {
        SetupError::MissingName(side) => tf!(
            "{} name is missing",
            "Brak nazwiska: {}",
            match lang() {
                UiLang::English => sides(*side),
                UiLang::Polish => super::side::side(*side),
            }
        ),
        SetupError::InvalidStart(why) => with_reason(
            t!("the starting position is not valid", "pozycja wyjściowa jest nieprawidłowa"),
            why,
        ),
        SetupError::LockedAfterStart => t!(
            "the time control and the starting position cannot change once the game has begun; the arbiter adjusts the clock instead (6.13)",
            "tempa gry i pozycji wyjściowej nie można zmienić po rozpoczęciu partii; sędzia koryguje zamiast tego zegar (6.13)"
        )
        .to_owned(),
        SetupError::FlagArticle(article) => tf!(
            "the flag-fall article of adjourned games must be 6.10 or 6.9, not “{article}”",
            "artykuł o przekroczeniu czasu w partiach odłożonych musi być 6.10 lub 6.9, a nie „{article}”"
        ),
    }
}

/// How the game ended, as the core decided it ([`laws::game::GameState::ended`]),
/// in words: the result recorded (its article and what happened), the
/// article of the ruling that ended it, or the adjournment's ruling; `None`
/// while it goes on. Shown in the list of games, so
/// in the first load: the ruling's finding is on the rulings screen.
#[must_use]
pub fn game_over(play: &laws::game::GameState) -> Option<String> {
    use laws::game::EndedBy;
    let ending = play.ended()?;
    let ended = outcome(ending.outcome);
    Some(match ending.by {
        EndedBy::Result(result) => match result.article() {
            Some(article) => tf!(
                "{ended} (Article {article}: {})",
                "{ended} (artykuł {article}: {})",
                game_result(result)
            ),
            None => format!("{ended} ({})", game_result(result)),
        },
        EndedBy::Ruling(applied) => tf!(
            "{ended} (Article {})",
            "{ended} (artykuł {})",
            applied.ruling.article
        ),
        EndedBy::Adjournment(ruling) => adjournment_result(ruling),
    })
}

/// A result recorded, in a few words: who resigned, the draw agreed or
/// claimed, the arbiter's decision with his reason.
#[must_use]
pub fn game_result(result: &GameResult) -> String {
    match result {
        GameResult::Resigned { by } => tf!("{} resigned", "{} poddały partię", side(*by)),
        GameResult::DrawAgreed => t!("draw agreed", "remis uzgodniony").to_owned(),
        GameResult::DrawClaimed {
            claim: DrawClaim::Repetition,
            ..
        } => t!(
            "draw claimed by threefold repetition, upheld",
            "reklamacja remisu przez trzykrotne powtórzenie uznana"
        )
        .to_owned(),
        GameResult::DrawClaimed {
            claim: DrawClaim::FiftyMoves,
            ..
        } => t!(
            "draw claimed under the 50-move rule, upheld",
            "reklamacja remisu według zasady 50 posunięć uznana"
        )
        .to_owned(),
        GameResult::Decided { reason, .. } => {
            tf!(
                "the arbiter's decision: {reason}",
                "decyzja sędziego: {reason}"
            )
        }
        GameResult::Recorded { .. } => t!("as recorded", "według zapisu").to_owned(),
    }
}

/// " (Article 5.1b)", or nothing for a result with no article.
#[must_use]
pub fn article_in_brackets(article: Option<laws::article::Article>) -> String {
    article
        .map(|article| tf!(" (Article {article})", " (artykuł {article})"))
        .unwrap_or_default()
}

/// Why a draw claim is not upheld.
fn claim_refusal(refusal: &ClaimRefusal) -> String {
    match refusal {
        ClaimRefusal::Judged(reason) => super::claim::claim_reason(reason),
        ClaimRefusal::SheetStops(slot) => tf!(
            "the scoresheet cannot be followed from box {slot}",
            "blankietu nie da się odczytać od pola {slot}"
        ),
        ClaimRefusal::IntendedMoveIllegal(text) => tf!(
            "the intended move “{text}” is not legal",
            "zamierzone posunięcie „{text}” jest nieprawidłowe"
        ),
        ClaimRefusal::History(e) => tf!(
            "half-move {} ({}) is not legal",
            "półruch {} ({}) jest nieprawidłowy",
            e.ply,
            e.uci
        ),
    }
}

/// Why a result was refused.
#[must_use]
pub fn result_error(error: &ResultError) -> String {
    match error {
        ResultError::ClaimNotUpheld { article, why } => tf!(
            "the claim under Article {article} is not correct: {}",
            "reklamacja według artykułu {article} jest niesłuszna: {}",
            claim_refusal(why)
        ),
        ResultError::NotAResult(ended) => tf!(
            "“{}” is no result: the game would not end",
            "„{}” to nie wynik: partia by się nie zakończyła",
            outcome(*ended)
        ),
        ResultError::NoReason => t!(
            "write the reason for the arbiter's decision",
            "wpisz uzasadnienie decyzji sędziego"
        )
        .to_owned(),
    }
}

/// Why the game refused an event. The refusals of the adjournment and of
/// the rulings are the core's English prose; in Polish they are named by
/// what refused them until the core gives them as values.
#[must_use]
pub fn game_error(error: &laws::game::GameError) -> String {
    use laws::game::GameError;
    match error {
        GameError::Setup(e) => setup_error(e),
        GameError::Clock(e) => clock_error(e),
        GameError::NoClock => t!(
            "this game is not played with a clock (its time control is not set)",
            "ta partia nie jest rozgrywana z zegarem (nie ustawiono tempa gry)"
        )
        .to_owned(),
        GameError::EmptyEntry => t!(
            "nothing is written: write the move, or a dash",
            "nic nie zapisano: zapisz posunięcie albo kreskę"
        )
        .to_owned(),
        GameError::NoSuchEntry(e) => tf!(
            "there is no box {} on the scoresheet",
            "na blankiecie nie ma pola {}",
            e.0
        ),
        GameError::Adjournment(e) => super::adjournment::adjournment_error(e),
        GameError::Irregularity(e) => super::irregularity::irregularity_error(e),
        GameError::Over(outcome) => tf!(
            "the game is over: {}",
            "partia jest zakończona: {}",
            super::outcome::outcome(*outcome)
        ),
        GameError::Result(e) => result_error(e),
        GameError::NotCorrectable { ruling } => tf!(
            "ruling {ruling} can no longer be corrected: only the last ruling can, before anything else is done in the game",
            "decyzji {ruling} nie można już poprawić: można poprawić tylko ostatnią decyzję, zanim w partii zrobi się cokolwiek innego"
        ),
        GameError::SealedEntry(slot) => tf!(
            "box {slot} holds the sealed move as it was opened: it stands as sealed and cannot be corrected (A8)",
            "pole {slot} zawiera zapieczętowane posunięcie w brzmieniu z otwartej koperty: pozostaje takie, jak je zapieczętowano, i nie można go poprawić (A8)"
        ),
        GameError::OutOfOrder { last_ms, at_ms } => tf!(
            "event at {at_ms} ms is earlier than the last one at {last_ms} ms",
            "zdarzenie w chwili {at_ms} ms jest wcześniejsze niż ostatnie w chwili {last_ms} ms"
        ),
        GameError::NoReason => {
            t!("give the reason for the correction", "podaj powód poprawki").to_owned()
        }
    }
}
