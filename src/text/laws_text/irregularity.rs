//! Articles 7 and 4.3: findings, rulings, their effects and their refusals.

use super::article::{article_summary, explain, with_reason};
use super::side::{side, sides, sides_plain};
use crate::text::i18n::{UiLang, lang};
use crate::{t, tf};
use laws::article::Article;
use laws::clock::clock_face;
use laws::game::Side;
use laws::irregularity::touch_move::{Requirement, TouchMove};
use laws::irregularity::{Effect, Finding, IrregularityRuling};
use laws::rapidplay::QuickplayDecision;

/// What an effect does, as an instruction to the arbiter.
#[must_use]
pub fn effect(effect: &Effect) -> String {
    match effect {
        // The position itself is shown as a diagram (components/diagram.rs).
        Effect::ReinstatePosition { ply, .. } => tf!(
            "The position after half-move {ply} is put back on the board; the moves after it are struck out.",
            "Na szachownicę wraca pozycja po półruchu {ply}; posunięcia po niej zostają skreślone."
        ),
        Effect::SetClocks { white_ms, black_ms } => tf!(
            "The clocks are set to White {}, Black {}.",
            "Zegar ustawia się na: białe {}, czarne {}.",
            clock_face(*white_ms),
            clock_face(*black_ms)
        ),
        Effect::AddTime { side, ms } => tf!(
            "{} is added to {} clock.",
            "Do zegara {1} dodaje się {0}.",
            clock_face(*ms),
            sides(*side)
        ),
        Effect::CountIllegalMove { side, count } => tf!(
            "It is counted as {}'s illegal move number {count}.",
            "Liczy się je jako nieprawidłowe posunięcie {} numer {count}.",
            sides_plain(*side)
        ),
        Effect::TouchMove(touch) => touch_move(touch),
        Effect::TransferToCorrectBoard => t!(
            "The position is transferred to a correctly placed board.",
            "Pozycję przenosi się na prawidłowo ustawioną szachownicę."
        )
        .to_owned(),
        Effect::RestorePieces { side } => tf!(
            "{} restores the displaced pieces on his own time.",
            "{} ustawiają przesunięte bierki na swój czas.",
            super::side::side(*side)
        ),
        Effect::RestartClockOf { side } => tf!(
            "{} may restart {}'s clock if {1} does not restore them.",
            "{} mogą uruchomić zegar {}, jeśli te nie ustawią bierek.",
            super::side::side(side.opponent()),
            sides_plain(*side)
        ),
        Effect::StopClocks => {
            t!("Both clocks are stopped.", "Oba zegary zostają zatrzymane.").to_owned()
        }
        Effect::ForbidCastling { side } => tf!(
            "{} may not castle with the misplaced king.",
            "{} nie mogą wykonać roszady źle ustawionym królem.",
            super::side::side(*side)
        ),
        Effect::RecordingOptional { side } => tf!(
            "{} need not record the moves.",
            "{} nie muszą zapisywać posunięć.",
            super::side::side(*side)
        ),
    }
}

/// The touch-move requirement (4.3, 4.5), from its parts.
#[must_use]
pub fn touch_move(touch: &TouchMove) -> String {
    match touch.requirement {
        Requirement::MovePiece { square } => tf!(
            "{}: the player must move the piece on {square}.",
            "{}: zawodnik musi wykonać posunięcie bierką z pola {square}.",
            touch.article
        ),
        Requirement::CapturePiece { square } => tf!(
            "{}: the player must capture the piece on {square}.",
            "{}: zawodnik musi zbić bierkę na polu {square}.",
            touch.article
        ),
        Requirement::CaptureWith { piece, target } => tf!(
            "{}: the player must capture the piece on {target} with the piece on {piece}.",
            "{}: zawodnik musi zbić bierkę na polu {target} bierką z pola {piece}.",
            touch.article
        ),
        Requirement::AnyMove => tf!(
            "{}: none of the touched pieces can be moved or captured: the player may make any legal move.",
            "{}: żadnej z dotkniętych bierek nie można ruszyć ani zbić: zawodnik może wykonać dowolne prawidłowe posunięcie.",
            touch.article
        ),
    }
}

/// A finding's name, as the arbiter's panel lists it.
#[must_use]
pub fn finding(finding: &Finding) -> String {
    match finding {
        Finding::WrongInitialPosition => t!(
            "The initial position was incorrect",
            "Pozycja początkowa była nieprawidłowa"
        )
        .to_owned(),
        Finding::BoardMisplaced => t!(
            "The board is placed wrongly",
            "Szachownica jest źle ustawiona"
        )
        .to_owned(),
        Finding::ColoursReversed { .. } => t!(
            "The game began with colours reversed",
            "Partię rozpoczęto zamienionymi kolorami"
        )
        .to_owned(),
        Finding::PiecesDisplaced { by } => {
            tf!("{} displaced pieces", "{} przesunęły bierki", side(*by))
        }
        Finding::DisplacementFound { ply } => tf!(
            "Pieces were found displaced after half-move {ply}",
            "Stwierdzono przesunięcie bierek po półruchu {ply}"
        ),
        Finding::IllegalMove {
            offender_unknown: true,
            ..
        } => t!(
            "An illegal move was made; nobody can say by whom",
            "Wykonano nieprawidłowe posunięcie; nie można ustalić, kto je wykonał"
        )
        .to_owned(),
        Finding::IllegalMove { by: Some(by), .. } => tf!(
            "{} made an illegal move",
            "{} wykonały nieprawidłowe posunięcie",
            side(*by)
        ),
        Finding::IllegalMove { by: None, .. } => t!(
            "An illegal move was made",
            "Wykonano nieprawidłowe posunięcie"
        )
        .to_owned(),
        Finding::ClockSetWrongly => {
            t!("A clock was set wrongly", "Zegar był źle nastawiony").to_owned()
        }
        Finding::KingAndQueenReversed { side } => tf!(
            "{} king and queen started on each other's squares",
            "Król i hetman {} stały na zamienionych polach",
            sides(*side)
        ),
        Finding::FlagSeen => t!("A flag is down", "Chorągiewka opadła").to_owned(),
        Finding::TimeClaim { claimant } => tf!(
            "{} claims a win on time",
            "{} reklamują wygraną na czas",
            side(*claimant)
        ),
        Finding::QuickplayClaim { decision } => match decision {
            QuickplayDecision::Accept => t!(
                "Draw claim (10.2): accept",
                "Reklamacja remisu (10.2): uznać"
            ),
            QuickplayDecision::Postpone { extra_time: true } => t!(
                "Draw claim (10.2): postpone, extra time to the opponent",
                "Reklamacja remisu (10.2): odłożyć decyzję, dodatkowy czas dla przeciwnika"
            ),
            QuickplayDecision::Postpone { extra_time: false } => t!(
                "Draw claim (10.2): postpone",
                "Reklamacja remisu (10.2): odłożyć decyzję"
            ),
            QuickplayDecision::Reject => t!(
                "Draw claim (10.2): reject",
                "Reklamacja remisu (10.2): odrzucić"
            ),
        }
        .to_owned(),
    }
}

/// A ruling's explanation. The core words it for the case in English; in
/// Polish the app gives what the article rules, with the ruling's outcome
/// and effects (shown with it) carrying the particulars.
#[must_use]
pub fn explanation(ruling: &IrregularityRuling) -> String {
    explain(ruling.article, ruling.outcome, &ruling.explanation)
}

/// Whether `side` must record the moves now (8.1, 8.4, B3), naming him:
/// the core's English, or in Polish his duty and the article's rule.
#[must_use]
pub fn recording_duty(side: Side, ruling: &IrregularityRuling) -> String {
    match lang() {
        UiLang::English => ruling.explanation.clone(),
        UiLang::Polish if ruling.article == Article::Art8_1 => format!(
            "{} zapisują na blankiecie posunięcia swoje i przeciwnika, posunięcie po posunięciu.",
            super::side::side(side)
        ),
        UiLang::Polish => format!(
            "{} {}",
            effect(&Effect::RecordingOptional { side }),
            article_summary(ruling.article)
        ),
    }
}

/// Why a finding cannot be ruled on as given.
#[must_use]
pub fn irregularity_error(error: &laws::irregularity::IrregularityError) -> String {
    use laws::irregularity::IrregularityError;
    use laws::irregularity::replay::ReplayError;
    use laws::irregularity::touch_move::TouchMoveError;
    use laws::rapidplay::RapidplayError;
    let touch = |e: &TouchMoveError| match e {
        TouchMoveError::NothingTouched => {
            t!("no touched piece given", "nie podano dotkniętej bierki").to_owned()
        }
        TouchMoveError::EmptySquare(square) => tf!(
            "there is no piece on {square} to have been touched",
            "na polu {square} nie ma bierki, której można było dotknąć"
        ),
    };
    match error {
        IrregularityError::Replay(ReplayError::AllLegal { plies }) => tf!(
            "all {plies} half-moves of the record are legal: no illegal move to correct",
            "wszystkie półruchy zapisu ({plies}) są prawidłowe: nie ma nieprawidłowego posunięcia do poprawienia"
        ),
        IrregularityError::Replay(ReplayError::BeyondRecord { ply, plies }) => tf!(
            "the record has {plies} half-moves; there is no position after half-move {ply}",
            "zapis ma {plies} półruchów; nie ma pozycji po półruchu {ply}"
        ),
        IrregularityError::Replay(ReplayError::Unidentifiable { ply }) => tf!(
            "half-move {ply} of the record cannot be identified",
            "półruchu {ply} zapisu nie da się zidentyfikować"
        ),
        IrregularityError::Replay(e @ ReplayError::Illegal(_)) => with_reason(
            t!(
                "an illegal move is on the record",
                "w zapisie jest nieprawidłowe posunięcie"
            ),
            &e.to_string(),
        ),
        IrregularityError::TouchMove(e)
        | IrregularityError::Rapidplay(RapidplayError::TouchMove(e)) => touch(e),
        IrregularityError::NoClockReading => t!(
            "this ruling needs the clocks' reading now",
            "ta decyzja wymaga aktualnego odczytu zegarów"
        )
        .to_owned(),
        IrregularityError::Rapidplay(RapidplayError::NotRapidplay) => t!(
            "Appendix B applies only to rapidplay and blitz games",
            "Załącznik B dotyczy tylko szachów szybkich i błyskawicznych"
        )
        .to_owned(),
        IrregularityError::Rapidplay(RapidplayError::NoFlagDown) => {
            t!("neither flag has fallen", "żadna chorągiewka nie opadła").to_owned()
        }
        IrregularityError::Rapidplay(RapidplayError::NotOnMove { claimant }) => tf!(
            "only the player having the move may claim under 10.2, and it is not {} move",
            "według 10.2 reklamować może tylko zawodnik mający posunięcie, a ruch nie należy do {}",
            sides(*claimant)
        ),
        IrregularityError::Rapidplay(RapidplayError::TooMuchTime {
            remaining_ms,
            threshold_ms,
        }) => tf!(
            "10.2 needs less than {} on the claimant's clock; it shows {}",
            "10.2 wymaga mniej niż {} na zegarze reklamującego; zegar pokazuje {}",
            lang().duration(*threshold_ms),
            clock_face(*remaining_ms)
        ),
        IrregularityError::Rapidplay(RapidplayError::FlagFallen { claimant }) => tf!(
            "{} flag has fallen: a 10.2 claim must be made before it falls",
            "chorągiewka {} opadła: reklamację według 10.2 trzeba zgłosić przed jej opadnięciem",
            sides(*claimant)
        ),
        IrregularityError::FirstFlagUnknown => t!(
            "both flags are down and the clocks' log does not show which fell first: the arbiter establishes it (6.9)",
            "obie chorągiewki opadły, a zapis zegarów nie pokazuje, która opadła pierwsza: ustala to sędzia (6.9)"
        )
        .to_owned(),
        IrregularityError::FlagUndecided {
            flagged,
            explanation,
        } => match lang() {
            UiLang::English => explanation.clone(),
            UiLang::Polish => format!(
                "chorągiewka {} opadła; w czasie przewidzianym na decyzję przy szachownicy nie rozstrzygnięto, czy przeciwnik może jeszcze dać mata: decyduje sędzia",
                sides(*flagged)
            ),
        },
    }
}
