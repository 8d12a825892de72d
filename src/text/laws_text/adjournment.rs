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
        // The position itself is drawn beside it (a diagram, not a FEN).
        "A2b" if e.moves.is_empty() => {
            t!("the position drawn below", "pozycja na diagramie poniżej").to_owned()
        }
        "A2b" => tf!(
            "the position drawn below, after {}",
            "pozycja na diagramie poniżej, po {}",
            e.moves.join(" ")
        ),
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

/// The times used as the envelope and the clocks give them (A2c, A5).
fn times_used(time_used: &laws::adjournment::TimeUsed) -> String {
    tf!(
        "White {}, Black {} used",
        "zużyty czas: białe {}, czarne {}",
        laws::clock::clock_face(time_used.white_ms),
        laws::clock::clock_face(time_used.black_ms)
    )
}

/// Why a sealed move stated for a missing envelope cannot be made (A11a).
fn stated_move_verdict(verdict: &laws::adjournment::SealedMoveVerdict) -> String {
    use laws::adjournment::SealedMoveVerdict as V;
    match verdict {
        V::Legal { san, .. } => tf!("{san} is legal", "{san} jest prawidłowe"),
        V::Ambiguous { candidates } => tf!(
            "it fits more than one legal move: {}",
            "pasuje do więcej niż jednego prawidłowego posunięcia: {}",
            candidates.join(", ")
        ),
        V::Unreadable { .. } => t!(
            "its meaning cannot be established",
            "nie da się ustalić jego znaczenia"
        )
        .to_owned(),
        V::Illegal { .. } => t!(
            "it names no legal move",
            "nie oznacza żadnego prawidłowego posunięcia"
        )
        .to_owned(),
    }
}

/// Why the Laws on adjournment refuse a step now, with the article.
#[must_use]
pub fn adjournment_error(error: &laws::adjournment::AdjournmentError) -> String {
    use super::sealing::{envelope_error, open_error};
    use super::side::side;
    use crate::text::i18n::local_time;
    use laws::adjournment::AdjournmentError as E;
    let at = |ms: &u64| local_time(*ms);
    match error {
        E::OutOfOrder { phase: p, .. } => tf!(
            "this step is not possible while the game is {}",
            "ten krok nie jest możliwy, gdy partia jest w stanie: {}",
            phase(*p)
        ),
        E::AlreadySealed => t!(
            "A1a: the move is sealed; it cannot be changed",
            "A1a: posunięcie jest zapieczętowane; nie można go zmienić"
        )
        .to_owned(),
        E::ResealChangesOutside => t!(
            "A3: an envelope sealed again must carry the same outside; correct it before verification instead",
            "A3: ponownie zapieczętowana koperta musi mieć te same dane na zewnątrz; popraw je raczej przed sprawdzeniem"
        )
        .to_owned(),
        E::WrongSealer {
            expected,
            sealed_by,
        } => tf!(
            "A1a: {} has the move and must seal it, not {}",
            "A1a: posunięcie mają {} i to one muszą je zapieczętować, a nie {}",
            side(*expected),
            side(*sealed_by)
        ),
        E::Envelope(e) => envelope_error(e),
        E::Open(e) => open_error(e),
        E::NotVerified => t!(
            "A3: the arbiter must verify the envelope first; it is not complete until then",
            "A3: sędzia musi najpierw sprawdzić kopertę; do tego czasu nie jest kompletna"
        )
        .to_owned(),
        E::Inaccurate(checklist) => {
            let items: Vec<String> = checklist
                .mismatches()
                .map(|check| {
                    tf!(
                        "{}: the envelope says {}, the game {}",
                        "{}: na kopercie {}, w partii {}",
                        check.item,
                        check.on_envelope,
                        check.in_game
                    )
                })
                .collect();
            tf!(
                "A3: the envelope does not match the game: {}",
                "A3: koperta nie zgadza się z partią: {}",
                items.join("; ")
            )
        }
        E::AlreadyVerified => t!(
            "A3: the envelope is verified; it can no longer be amended",
            "A3: koperta jest sprawdzona; nie można już jej poprawić"
        )
        .to_owned(),
        E::NotSetUp => t!(
            "A5: set up the position before the sealed move and the clocks first",
            "A5: najpierw ustaw pozycję sprzed zapieczętowanego posunięcia i zegary"
        )
        .to_owned(),
        E::DrawOfferBySealer => t!(
            "A4: after sealing only the opponent can offer a draw; the sealer's offer is written on the envelope (A2f)",
            "A4: po zapieczętowaniu remis może zaproponować tylko przeciwnik; propozycję pieczętującego zapisuje się na kopercie (A2f)"
        )
        .to_owned(),
        E::OfferPending(by) => tf!(
            "A4: {}'s draw offer still stands",
            "A4: propozycja remisu ({}) jest nadal ważna",
            side(*by)
        ),
        E::NoOfferFrom(by) => tf!(
            "there is no draw offer from {} to answer",
            "nie ma propozycji remisu ({}), na którą można odpowiedzieć",
            side(*by)
        ),
        E::AfterResumption => t!(
            "A6 applies before resumption; at the board the game's own draw and resignation apply",
            "A6 obowiązuje przed wznowieniem; przy szachownicy obowiązują zwykłe zasady remisu i poddania"
        )
        .to_owned(),
        E::SessionNotInAdvance {
            announced_ms,
            start_ms,
        } => tf!(
            "A13: the session must be announced in advance, not at {} for a start at {}",
            "A13: sesję trzeba ogłosić z wyprzedzeniem, a nie o {} dla rozpoczęcia o {}",
            at(announced_ms),
            at(start_ms)
        ),
        E::SessionEndsBeforeStart => t!(
            "A13: the session must finish after it starts",
            "A13: sesja musi się skończyć po jej rozpoczęciu"
        )
        .to_owned(),
        E::BeforeResumptionTime { start_ms } => tf!(
            "A9: play resumes at {}",
            "A9: gra zostaje wznowiona o {}",
            at(start_ms)
        ),
        E::SessionNotOver { end_ms } => tf!(
            "A13: the session finishes at {}",
            "A13: sesja kończy się o {}",
            at(end_ms)
        ),
        E::ReplierAbsent(replier) => tf!(
            "A7: the envelope is opened only when {}, who must reply to the sealed move, is present",
            "A7: kopertę otwiera się dopiero w obecności zawodnika, który odpowiada na zapieczętowane posunięcie ({})",
            side(*replier)
        ),
        E::AlreadyOpened => {
            t!("the envelope is already opened", "koperta jest już otwarta").to_owned()
        }
        E::NotResumed => t!(
            "A9, A11a: the sealed move is opened, or stated, when play resumes, not before",
            "A9, A11a: zapieczętowane posunięcie otwiera się lub podaje po wznowieniu gry, nie wcześniej"
        )
        .to_owned(),
        E::AlreadyPresent(who) => tf!(
            "{} is already at the board",
            "{} są już przy szachownicy",
            side(*who)
        ),
        E::SealerPresent(sealer) => tf!(
            "A9c: {}, who sealed, is present: the reply is made on the board in the normal manner",
            "A9c: {}, które pieczętowały, są obecne: odpowiedź wykonuje się na szachownicy w zwykły sposób",
            side(*sealer)
        ),
        E::NotChained { expected } => tf!(
            "A9c: the fresh envelope must answer envelope {expected}",
            "A9c: nowa koperta musi odpowiadać na kopertę {expected}"
        ),
        E::ReplyPosition {
            expected,
            on_envelope,
        } => tf!(
            "A9c: the reply's envelope shows {on_envelope} but the position is {expected}",
            "A9c: koperta z odpowiedzią pokazuje {on_envelope}, a pozycja to {expected}"
        ),
        E::ReplyTimes {
            expected,
            on_envelope,
        } => tf!(
            "A9c: the reply's envelope records {}, but the clocks show {}",
            "A9c: na kopercie z odpowiedzią zapisano {}, a zegary pokazują {}",
            times_used(on_envelope),
            times_used(expected)
        ),
        E::NotToMove(who) => tf!(
            "it is not {}'s move",
            "{} nie mają teraz posunięcia",
            side(*who)
        ),
        E::AfterFirstMove(who) => tf!(
            "A12: {} has already made his first move; the clocks stand uncorrected",
            "A12: {} wykonały już pierwsze posunięcie; zegary pozostają bez korekty",
            side(*who)
        ),
        E::ClockNotRunning(who) => tf!(
            "{}'s clock is not running: the flag cannot fall",
            "zegar ({}) nie chodzi: chorągiewka nie może opaść",
            side(*who)
        ),
        E::FlagNotFallen(who) => tf!(
            "{}'s flag has not fallen: the game's clock shows time left",
            "chorągiewka ({}) nie opadła: zegar partii pokazuje pozostały czas",
            side(*who)
        ),
        E::NotLate {
            late_by_ms,
            limit_ms,
        } => tf!(
            "A10: the player is {} late, the limit is {}",
            "A10: zawodnik spóźnia się {}, a limit wynosi {}",
            laws::clock::clock_face(*late_by_ms),
            laws::clock::clock_face(*limit_ms)
        ),
        E::Present(who) => tf!(
            "{} is at the board",
            "{} są przy szachownicy",
            side(*who)
        ),
        E::OpenEnvelopeFirst => t!(
            "A10: whether the late sealer loses depends on the sealed move; open the envelope first (the replier is present, A7)",
            "A10: to, czy spóźniony pieczętujący przegrywa, zależy od zapieczętowanego posunięcia; najpierw otwórz kopertę (odpowiadający jest obecny, A7)"
        )
        .to_owned(),
        E::SealerAbsent(sealer) => tf!(
            "A11a: {}, who sealed, must be present to state the sealed move",
            "A11a: {}, które pieczętowały, muszą być obecne, aby podać zapieczętowane posunięcie",
            side(*sealer)
        ),
        E::StatedMoveNotLegal(verdict) => tf!(
            "A11a: the stated move is made on the board and must be legal there: {}",
            "A11a: podane posunięcie wykonuje się na szachownicy i musi być tam prawidłowe: {}",
            stated_move_verdict(verdict)
        ),
        E::Concluded(ruling) => tf!(
            "the game is over: {}",
            "partia jest zakończona: {}",
            adjournment_result(ruling)
        ),
    }
}
