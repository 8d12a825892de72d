//! The rules core's words in the app's language.
//!
//! `laws` writes English for its command line and its logs; the app shows
//! the same things by matching the core's types here, so the core knows
//! nothing of the app and every variant must be given both languages (a new
//! one does not compile until it is).

use laws::adjournment::{Adjournment, AdjournmentError, Outcome as AdjournmentOutcome, Phase};
use laws::arbiter_note::ArbiterNote;
use laws::article::Article;
use laws::game::{DrawClaim, GameResult, ResultError, Side};
use laws::irregularity::touch_move::{Requirement, TouchMove};
use laws::irregularity::{Effect, Finding, IrregularityRuling, Outcome};
use laws::rapidplay::QuickplayDecision;
use laws::ruleset::Edition;
use laws::time_control::{Preset, TimeControl};

use crate::i18n::{Lang, lang};
use crate::{t, tf};

/// "Kowalski, Jan – Nowak, Anna": a game named by its players, White first.
#[must_use]
pub fn pairing(white: &str, black: &str) -> String {
    format!("{white} – {black}")
}

/// "White" / "Białe": the side as the subject of a sentence.
#[must_use]
pub fn side(side: Side) -> &'static str {
    match side {
        Side::White => t!("White", "Białe"),
        Side::Black => t!("Black", "Czarne"),
    }
}

/// The side inside a sentence: "White" / "białe" (Polish writes the
/// colours in lower case there).
#[must_use]
pub fn side_in_sentence(side: Side) -> &'static str {
    match side {
        Side::White => t!("White", "białe"),
        Side::Black => t!("Black", "czarne"),
    }
}

/// "White's" / "białych": whose clock, whose move.
#[must_use]
pub fn sides(side: Side) -> &'static str {
    match side {
        Side::White => t!("White's", "białych"),
        Side::Black => t!("Black's", "czarnych"),
    }
}

/// "White's clock" / "zegar białych".
#[must_use]
pub fn clock_of(side: Side) -> String {
    tf!("{} clock", "zegar {}", sides(side))
}

/// A piece's name: "knight" / "skoczek".
#[must_use]
pub fn role(role: shakmaty::Role) -> &'static str {
    use shakmaty::Role;
    match role {
        Role::Pawn => t!("pawn", "pion"),
        Role::Knight => t!("knight", "skoczek"),
        Role::Bishop => t!("bishop", "goniec"),
        Role::Rook => t!("rook", "wieża"),
        Role::Queen => t!("queen", "hetman"),
        Role::King => t!("king", "król"),
    }
}

/// A verdict with the core's reason: "illegal: no knight can reach f3".
/// The reasons are the core's English prose; the Polish verdict stands
/// alone until the core gives them as values.
#[must_use]
pub fn with_reason(verdict: &str, reason: &str) -> String {
    match lang() {
        Lang::English => format!("{verdict}: {reason}"),
        Lang::Polish => verdict.to_owned(),
    }
}

/// A remark on how a legal move was written.
#[must_use]
pub fn note(note: laws::notation::Note) -> &'static str {
    use laws::notation::Note;
    match note {
        Note::CaptureNotMarked => t!("capture not marked", "bicie nieoznaczone"),
        Note::CaptureMarkWithoutCapture => t!(
            "capture mark, but nothing is captured",
            "znak bicia, ale nic nie jest bite"
        ),
        Note::ShortPawnCapture => t!(
            "short pawn capture (file to file)",
            "skrócone bicie pionem (z linii na linię)"
        ),
        Note::OriginNotNeeded => t!(
            "more of the origin written than needed",
            "zapisano więcej pola wyjściowego, niż trzeba"
        ),
        Note::OriginNotCanonical => t!(
            "origin not written as SAN writes it",
            "pole wyjściowe zapisane inaczej niż w SAN"
        ),
        Note::CastlingAsKingMove => t!(
            "castling written as a king move",
            "roszada zapisana jako posunięcie króla"
        ),
        Note::PieceLetterMissing => t!(
            "piece letter missing (square to square)",
            "brak litery bierki (z pola na pole)"
        ),
        Note::CheckNotMarked => t!("check not marked", "szach nieoznaczony"),
        Note::MateNotMarked => t!("checkmate not marked", "mat nieoznaczony"),
        Note::CheckMarkWithoutCheck => {
            t!("check mark, but no check", "znak szacha, ale nie ma szacha")
        }
        Note::MateMarkWithoutMate => t!("mate mark, but no mate", "znak mata, ale nie ma mata"),
        Note::EnPassantMarkWithoutEnPassant => t!(
            "e.p. written, but not an en passant capture",
            "zapisano e.p., ale to nie jest bicie w przelocie"
        ),
        Note::LetterCase => t!(
            "letters read regardless of case",
            "litery odczytane bez względu na wielkość"
        ),
        Note::MoveNumberIgnored => t!("move number ignored", "numer posunięcia pominięty"),
        Note::DrawOffer => t!(
            "draw offer recorded with the move",
            "propozycja remisu zapisana z posunięciem"
        ),
    }
}

/// Why a draw claim (9.2, 9.3) is right or wrong.
#[must_use]
pub fn claim_reason(reason: &laws::claim::Reason) -> String {
    use laws::claim::Reason;
    match reason {
        Reason::Occurrences { count, .. } => {
            let times = lang().plural(*count as u64, ["time", "times"], ["raz", "razy", "razy"]);
            tf!(
                "the position occurs {count} {times}",
                "pozycja wystąpiła {count} {times}"
            )
        }
        Reason::QuietMoves { halfmoves } => {
            let moves = halfmoves / 2;
            let half_moves = lang().plural(
                u64::from(*halfmoves),
                ["half-move", "half-moves"],
                ["półruch", "półruchy", "półruchów"],
            );
            let each = lang().plural(
                u64::from(moves),
                ["move", "moves"],
                ["posunięcie", "posunięcia", "posunięć"],
            );
            tf!(
                "{halfmoves} {half_moves} ({moves} {each} by each player) without a pawn move or a capture",
                "{halfmoves} {half_moves} ({moves} {each} każdego zawodnika) bez ruchu pionem i bez bicia"
            )
        }
        Reason::IntendedMoveIllegal => t!(
            "the intended move is not legal",
            "zamierzone posunięcie jest nieprawidłowe"
        )
        .to_owned(),
        Reason::GameOver { ending } => tf!(
            "the game had already ended (Article {ending})",
            "partia już się zakończyła (artykuł {ending})"
        ),
    }
}

/// A clock's face, "1:30:00" (the same in both languages).
#[must_use]
pub fn clock_face(ms: u64) -> String {
    laws::clock::clock_face(ms)
}

#[must_use]
pub fn outcome(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Continue => t!("the game continues", "partia toczy się dalej"),
        Outcome::WhiteWins => t!("White wins", "wygrywają białe"),
        Outcome::BlackWins => t!("Black wins", "wygrywają czarne"),
        Outcome::Draw => t!("the game is drawn", "partia kończy się remisem"),
        Outcome::NewGame => t!(
            "the game is cancelled and a new game played",
            "partia zostaje anulowana i rozgrywa się nową"
        ),
        Outcome::Postponed => t!("the decision is postponed", "decyzja zostaje odłożona"),
        Outcome::BothLose => t!("both players lose", "obaj zawodnicy przegrywają"),
        Outcome::Annulled => t!(
            "the game is annulled and a new game played",
            "partia zostaje anulowana i rozgrywa się nową"
        ),
    }
}

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
            self::side(*side)
        ),
        Effect::RestartClockOf { side } => tf!(
            "{} may restart {}'s clock if {1} does not restore them.",
            "{} mogą uruchomić zegar {}, jeśli te nie ustawią bierek.",
            self::side(side.opponent()),
            sides_plain(*side)
        ),
        Effect::StopClocks => {
            t!("Both clocks are stopped.", "Oba zegary zostają zatrzymane.").to_owned()
        }
        Effect::ForbidCastling { side } => tf!(
            "{} may not castle with the misplaced king.",
            "{} nie mogą wykonać roszady źle ustawionym królem.",
            self::side(*side)
        ),
        Effect::RecordingOptional { side } => tf!(
            "{} need not record the moves.",
            "{} nie muszą zapisywać posunięć.",
            self::side(*side)
        ),
    }
}

/// "White" in English, "białych" in Polish: the side named after a noun.
#[must_use]
pub fn sides_plain(side: Side) -> &'static str {
    match lang() {
        Lang::English => self::side(side),
        Lang::Polish => sides(side),
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

/// What the arbiter did after a move, as a record keeps it.
#[must_use]
pub fn arbiter_note(note: &ArbiterNote) -> String {
    match note {
        ArbiterNote::IllegalMove { by: None } => {
            t!("illegal move (7.4)", "nieprawidłowe posunięcie (7.4)").to_owned()
        }
        ArbiterNote::IllegalMove { by: Some(by) } => tf!(
            "illegal move by {} (7.4)",
            "nieprawidłowe posunięcie: {} (7.4)",
            side_in_sentence(*by)
        ),
        ArbiterNote::StruckOut { boxes } => {
            tf!("struck out: {}", "skreślone: {}", boxes.join(", "))
        }
        ArbiterNote::TimeAdded { side, ms } => tf!(
            "{} added to {}",
            "{} dodane: {}",
            laws::clock::clock_face(*ms),
            side_in_sentence(*side)
        ),
        ArbiterNote::Adjourned => t!("adjourned", "partia odłożona").to_owned(),
    }
}

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

/// A time control as arbiters write it, "90'/40 + 30' + 30\"": the figures
/// are the same in both languages, a few words are not.
#[must_use]
pub fn time_control(control: &TimeControl) -> String {
    words(&control.human())
}

/// A preset's name, "Rapid 15' + 10\"".
#[must_use]
pub fn preset(preset: &Preset) -> String {
    words(preset.name)
}

fn words(text: &str) -> String {
    [
        ("FIDE standard", t!("FIDE standard", "FIDE klasyczne")),
        ("Standard", t!("Standard", "Klasyczne")),
        ("Rapid", t!("Rapid", "Szybkie")),
        ("Blitz", t!("Blitz", "Błyskawiczne")),
        ("Armageddon", t!("Armageddon", "Armagedon")),
        ("(repeating)", t!("(repeating)", "(powtarzane)")),
        (" from move ", t!(" from move ", " od posunięcia ")),
        (" vs ", t!(" vs ", " przeciw ")),
        (" delay", t!(" delay", " opóźnienia")),
    ]
    .into_iter()
    .fold(text.to_owned(), |text, (english, shown)| {
        text.replace(english, shown)
    })
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

/// "Article 7.4" / "Artykuł 7.4".
#[must_use]
pub fn article(article: Article) -> String {
    tf!("Article {article}", "Artykuł {article}")
}

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
            crate::i18n::hms(e.time_used.white_ms),
            crate::i18n::hms(e.time_used.black_ms)
        ),
        "A2d" => e.name(e.sealer).to_owned(),
        "A2e" => e.move_number.to_string(),
        "A2f" => e.draw_offer.map_or_else(
            || t!("none", "brak").to_owned(),
            |side| tf!("by {}", "przez {}", side_in_sentence(side)),
        ),
        "A2g" => format!("{} {}, {}", crate::i18n::iso_date(&r.date), r.time, r.venue),
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
        Lang::English => ruling.explanation.clone(),
        Lang::Polish => {
            let summary = article_summary(ruling.exception.unwrap_or(ruling.article));
            format!("{summary} Wynik: {}.", outcome(ruling.outcome))
        }
    }
}

/// A ruling's explanation. The core words it for the case in English; in
/// Polish the app gives what the article rules, with the ruling's outcome
/// and effects (shown with it) carrying the particulars.
#[must_use]
pub fn explanation(ruling: &IrregularityRuling) -> String {
    explain(ruling.article, ruling.outcome, &ruling.explanation)
}

/// The explanation of a ruling given by `article` with `outcome`; `english`
/// is the core's own wording.
#[must_use]
pub fn explain(article: Article, outcome: Outcome, english: &str) -> String {
    match lang() {
        Lang::English => english.to_owned(),
        Lang::Polish => format!(
            "{} Wynik: {}.",
            article_summary(article),
            self::outcome(outcome)
        ),
    }
}

/// Whether `side` must record the moves now (8.1, 8.4, B3), naming him:
/// the core's English, or in Polish his duty and the article's rule.
#[must_use]
pub fn recording_duty(side: Side, ruling: &IrregularityRuling) -> String {
    match lang() {
        Lang::English => ruling.explanation.clone(),
        Lang::Polish if ruling.article == Article::Art8_1 => format!(
            "{} zapisują na blankiecie posunięcia swoje i przeciwnika, posunięcie po posunięciu.",
            self::side(side)
        ),
        Lang::Polish => format!(
            "{} {}",
            effect(&Effect::RecordingOptional { side }),
            article_summary(ruling.article)
        ),
    }
}

/// The core's English explanation of a ruling by `article`, or in Polish
/// what the article rules (the particulars are shown beside it).
#[must_use]
pub fn article_text(article: Article, english: &str) -> String {
    match lang() {
        Lang::English => english.to_owned(),
        Lang::Polish => article_summary(article).to_owned(),
    }
}

/// What each article the core rules by says, in Polish (the FIDE Polish
/// wording, shortened). The English is the core's own explanation.
#[must_use]
pub fn article_summary(article: Article) -> &'static str {
    match article {
        Article::Art4_3a | Article::Art4_3b | Article::Art4_3c | Article::Art4_5 => {
            "Dotknięta bierka: zawodnik musi wykonać posunięcie zgodnie z zasadą „dotknięta – ruszona”."
        }
        Article::Art5_1a => "Mat kończy partię.",
        Article::Art5_1b => "Zawodnik poddał partię.",
        Article::Art5_2a => "Pat kończy partię remisem.",
        Article::Art5_2b | Article::Art9_6 => {
            "Powstała pozycja martwa: żaden z zawodników nie może dać mata żadną serią prawidłowych posunięć; partia kończy się remisem."
        }
        Article::Art6_9 | Article::Art6_10 => {
            "Opadnięcie chorągiewki: zawodnik, który nie zakończył przepisanej liczby posunięć w wyznaczonym czasie, przegrywa, chyba że przeciwnik nie może dać mata żadną serią prawidłowych posunięć — wtedy remis."
        }
        Article::Art6_13 => {
            "Sędzia koryguje ustawienie zegara, wyznaczając czasy według najlepszej oceny."
        }
        Article::Art7_1a => {
            "Pozycja początkowa bierek była nieprawidłowa: partię anuluje się i rozgrywa nową."
        }
        Article::Art7_1b => {
            "Jedynym błędem jest ustawienie szachownicy: pozycję przenosi się na prawidłowo ustawioną szachownicę i partia toczy się dalej."
        }
        Article::Art7_2 => "Partię rozpoczęto zamienionymi kolorami.",
        Article::Art7_3 => {
            "Zawodnik przesunął bierki i przywraca prawidłową pozycję na swój czas; w razie potrzeby przeciwnik może uruchomić jego zegar."
        }
        Article::Art7_4 | Article::Art7_5 => {
            "Nieprawidłowe posunięcie lub przesunięte bierki: przywraca się pozycję bezpośrednio przed nieprawidłowością, a czasy na zegarze — według najlepszej oceny; kara według wydania Przepisów."
        }
        Article::Art7_4b | Article::Art7_5b => {
            "Kolejne nieprawidłowe posunięcie tego samego zawodnika: sędzia ogłasza przegraną, chyba że przeciwnik nie może dać mata żadną serią prawidłowych posunięć — wtedy remis."
        }
        Article::Art10_2 => {
            "Reklamacja remisu w końcówce partii (10.2): sędzia uznaje ją, odkłada decyzję albo ją odrzuca, dodając czas przeciwnikowi."
        }
        Article::Art8_1 => {
            "W szachach klasycznych każdy zawodnik zapisuje na blankiecie posunięcia swoje i przeciwnika, posunięcie po posunięciu."
        }
        Article::Art8_4 => {
            "Zawodnik, który ma mniej niż pięć minut do końca okresu i nie otrzymuje dodatku co najmniej 30 sekund na posunięcie, nie musi zapisywać posunięć."
        }
        Article::Art9_1 => "Zawodnicy uzgodnili remis.",
        Article::Art9_2 => {
            "Trzykrotne powtórzenie pozycji: zawodnik mający posunięcie może reklamować remis."
        }
        Article::Art9_3 => {
            "Zasada 50 posunięć: po 50 posunięciach każdego zawodnika bez ruchu pionem i bez bicia zawodnik mający posunięcie może reklamować remis."
        }
        Article::B3 => "Szachy szybkie: zawodnicy nie muszą zapisywać posunięć.",
        Article::B4 => {
            "Po wykonaniu przez każdego zawodnika pierwszych posunięć nie można już reklamować ustawienia bierek, szachownicy ani zegara; partia toczy się dalej."
        }
        Article::B5 => {
            "W szachach szybkich sędzia orzeka o nieprawidłowości tylko na reklamację zawodnika, który od tego czasu nie wykonał posunięcia ani nie dotknął bierki."
        }
        Article::B6 => {
            "W szachach szybkich opadnięcie chorągiewki liczy się tylko po słusznej reklamacji zawodnika; sędzia go nie sygnalizuje."
        }
        Article::B7 => {
            "Reklamacja wygranej na czas: zawodnik zatrzymuje zegary; wygrywa, jeśli opadła chorągiewka przeciwnika, a jego własna nie — chyba że nie może dać mata żadną serią prawidłowych posunięć (wtedy remis)."
        }
        Article::B8 => "Obie chorągiewki opadły: partia kończy się remisem.",
        Article::C3 => {
            "W szachach błyskawicznych wykonane nieprawidłowe posunięcie przegrywa na reklamację przeciwnika, chyba że ten nie może dać mata żadną serią prawidłowych posunięć (wtedy remis)."
        }
        Article::A1a => {
            "Odłożenie partii: zawodnik mający posunięcie zapisuje je i wkłada do koperty."
        }
        Article::A1b => "Zawodnik, który zapieczętował posunięcie, nie może go już zmienić.",
        Article::A2 => "Koperta z zapisanym posunięciem: na kopercie podaje się dane partii.",
        Article::A3 => "Sędzia sprawdza dane na kopercie i odpowiada za jej przechowanie.",
        Article::A4 => {
            "Propozycja remisu złożona po odłożeniu partii jest ważna, dopóki przeciwnik jej nie przyjmie lub nie odrzuci."
        }
        Article::A5 => {
            "Wznowienie: na szachownicy ustawia się pozycję przed posunięciem zapieczętowanym, a zegary — na czasy z chwili odłożenia."
        }
        Article::A6 => {
            "Remis uzgodniony lub poddanie partii przed wznowieniem: kopertę archiwizuje się nieotwartą."
        }
        Article::A7 => "Kopertę otwiera się dopiero w obecności zawodnika, który ma odpowiedzieć.",
        Article::A8a => {
            "Zapieczętowane posunięcie jest niejednoznaczne: zawodnik, który je zapieczętował, przegrywa (chyba że pozycja jest martwa)."
        }
        Article::A8b => {
            "Zapieczętowanego posunięcia nie można odczytać: zawodnik, który je zapieczętował, przegrywa (chyba że pozycja jest martwa)."
        }
        Article::A8c => {
            "Zapieczętowane posunięcie jest nieprawidłowe: zawodnik, który je zapieczętował, przegrywa (chyba że pozycja jest martwa)."
        }
        Article::A9a => {
            "Koperta otwarta: zapieczętowane posunięcie zostaje wykonane na szachownicy i uruchamia się zegar przeciwnika."
        }
        Article::A9b => "Zawodnik odpowiadający jest nieobecny: jego zegar zostaje uruchomiony.",
        Article::A9c => "Zawodnik zapieczętował odpowiedź w nowej kopercie.",
        Article::A10 => {
            "Spóźnienie przy wznowieniu: zawodnik, który przybędzie po upływie dopuszczalnego spóźnienia, przegrywa, chyba że partia rozstrzygnęła się inaczej."
        }
        Article::A10a => "Spóźniony zawodnik nie przegrywa: zapieczętowane posunięcie dało mata.",
        Article::A10b => {
            "Spóźniony zawodnik nie przegrywa: zapieczętowane posunięcie dało pata lub pozycję martwą (remis)."
        }
        Article::A10c => {
            "Spóźniony zawodnik nie przegrywa: partia rozstrzygnęła się wcześniej według przepisu o opadnięciu chorągiewki."
        }
        Article::A11 | Article::A11a => {
            "Koperta zaginęła: partię wznawia się z pozycji i czasów z chwili odłożenia, a zawodnik podaje swoje posunięcie; jeśli pozycji nie da się odtworzyć, partię anuluje się."
        }
        Article::A11b => {
            "Koperta zaginęła, a pozycji nie da się odtworzyć: partię unieważnia się i rozgrywa nową."
        }
        Article::A12 => "Czas na zegarze był źle ustawiony: sędzia go koryguje przed wznowieniem.",
        Article::A13 => "Sędzia ogłasza sesję wznowienia: czas i miejsce.",
    }
}

/// Why the details of a game are refused.
#[must_use]
pub fn setup_error(error: &laws::game::SetupError) -> String {
    use laws::game::SetupError;
    match error {
        SetupError::MissingName(side) => tf!(
            "{} name is missing",
            "Brak nazwiska: {}",
            match lang() {
                Lang::English => sides(*side),
                Lang::Polish => self::side(*side),
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

/// Why the clock refused an action.
#[must_use]
pub fn clock_error(error: &laws::clock::ClockError) -> String {
    use laws::clock::ClockError;
    match error {
        ClockError::NotTimed(control) => tf!(
            "the time control '{control}' gives the clock no time to run",
            "tempo gry „{control}” nie daje zegarowi czasu do odmierzania"
        ),
        ClockError::OutOfOrder { last_ms, at_ms } => tf!(
            "clock action at {at_ms} ms is earlier than the last one at {last_ms} ms",
            "działanie zegara w chwili {at_ms} ms jest wcześniejsze niż ostatnie w chwili {last_ms} ms"
        ),
        ClockError::AlreadyStarted => {
            t!("the clock is already started", "zegar jest już uruchomiony").to_owned()
        }
        ClockError::NotStarted => {
            t!("the clock is not started", "zegar nie jest uruchomiony").to_owned()
        }
        ClockError::Paused => t!(
            "the clock is paused by the arbiter",
            "zegar jest zatrzymany przez sędziego"
        )
        .to_owned(),
        ClockError::NotPaused => {
            t!("the clock is not paused", "zegar nie jest zatrzymany").to_owned()
        }
        ClockError::NotRunning { side } => tf!(
            "{} pressed but {} clock is not running",
            "{} nacisnęły zegar, ale {} nie chodzi",
            self::side(*side),
            match lang() {
                Lang::English => sides(*side),
                Lang::Polish => "ich zegar",
            }
        ),
        ClockError::NoSuchPeriod { side, period } => tf!(
            "{} time control has no period {period}",
            "tempo gry {} nie ma okresu {period}",
            sides(*side)
        ),
        ClockError::TooMuchTime { ms } => tf!(
            "{ms} ms is more time than any game can last",
            "{ms} ms to więcej czasu, niż może trwać jakakolwiek partia"
        ),
        ClockError::NoPressToUndo => t!(
            "there is no press to take back: none since the clock was started or set, or it was taken back already",
            "nie ma naciśnięcia do cofnięcia: żadnego od uruchomienia lub ustawienia zegara albo już je cofnięto"
        )
        .to_owned(),
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
            Lang::English => explanation.clone(),
            Lang::Polish => format!(
                "chorągiewka {} opadła; w czasie przewidzianym na decyzję przy szachownicy nie rozstrzygnięto, czy przeciwnik może jeszcze dać mata: decyduje sędzia",
                sides(*flagged)
            ),
        },
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

/// How the game ended and why: the result recorded (its article and what
/// happened) or the article of the ruling that ended it, or the
/// adjournment's; `None` while it goes on. Shown in the list of games, so
/// in the first load: the ruling's finding is on the rulings screen.
#[must_use]
pub fn game_over(play: &laws::game::Play) -> Option<String> {
    let ended = play.outcome.map(outcome);
    match (
        ended,
        &play.result,
        play.rulings.last(),
        play.adjournment.result(),
    ) {
        (Some(ended), Some(result), ..) => Some(tf!(
            "{ended} (Article {}: {})",
            "{ended} (artykuł {}: {})",
            result.article(),
            game_result(result)
        )),
        (Some(ended), None, Some(applied), _) => Some(tf!(
            "{ended} (Article {})",
            "{ended} (artykuł {})",
            applied.ruling.article
        )),
        (Some(ended), None, None, _) => Some(ended.to_owned()),
        (None, .., Some(ruling)) => Some(adjournment_result(ruling)),
        (None, .., None) => None,
    }
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
    }
}

/// Why a result was refused.
#[must_use]
pub fn result_error(error: &ResultError) -> String {
    match error {
        ResultError::ClaimNotUpheld { article, why } => with_reason(
            &tf!(
                "the claim under Article {article} is not correct",
                "reklamacja według artykułu {article} jest niesłuszna"
            ),
            why,
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
        GameError::Adjournment(AdjournmentError::Concluded(ruling)) => tf!(
            "the game is over: {}",
            "partia jest zakończona: {}",
            adjournment_result(ruling)
        ),
        GameError::Adjournment(e) => with_reason(
            t!(
                "the Laws on adjournment do not allow this",
                "przepisy o odkładaniu partii na to nie pozwalają"
            ),
            &e.to_string(),
        ),
        GameError::Irregularity(e) => with_reason(t!("no ruling", "brak decyzji"), &e.to_string()),
        GameError::Over(outcome) => tf!(
            "the game is over: {}",
            "partia jest zakończona: {}",
            self::outcome(*outcome)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::set_lang;

    #[test]
    fn quiet_moves_agree_with_their_number_in_polish() {
        set_lang(Lang::Polish);
        let quiet = |halfmoves| claim_reason(&laws::claim::Reason::QuietMoves { halfmoves });
        assert!(
            quiet(3).starts_with("3 półruchy (1 posunięcie każdego"),
            "{}",
            quiet(3)
        );
        assert!(
            quiet(5).starts_with("5 półruchów (2 posunięcia każdego"),
            "{}",
            quiet(5)
        );
        assert!(
            quiet(1).starts_with("1 półruch (0 posunięć każdego"),
            "{}",
            quiet(1)
        );
        set_lang(Lang::English);
        assert!(
            quiet(3).starts_with("3 half-moves (1 move by each"),
            "{}",
            quiet(3)
        );
    }

    #[test]
    fn each_players_recording_duty_names_him() {
        set_lang(Lang::Polish);
        let duty = |side| {
            let ruling = laws::rapidplay::recording(
                laws::time_control::Class::Standard,
                side,
                3_600_000,
                30_000,
            );
            recording_duty(side, &ruling)
        };
        assert_ne!(duty(Side::White), duty(Side::Black));
        assert!(
            duty(Side::White).starts_with("Białe zapisują"),
            "{}",
            duty(Side::White)
        );
        set_lang(Lang::English);
    }

    #[test]
    fn rulings_read_in_polish_without_english() {
        set_lang(Lang::Polish);
        let ruling = IrregularityRuling::new(
            Article::Art7_1a,
            Outcome::NewGame,
            "The initial position was incorrect.",
        );
        let text = explanation(&ruling);
        assert!(text.starts_with("Pozycja początkowa"), "{text}");
        assert!(!text.contains("incorrect"));
        assert_eq!(
            effect(&Effect::AddTime {
                side: Side::Black,
                ms: 120_000
            }),
            "Do zegara czarnych dodaje się 0:02:00."
        );
        set_lang(Lang::English);
        assert_eq!(explanation(&ruling), "The initial position was incorrect.");
        assert_eq!(
            effect(&Effect::AddTime {
                side: Side::Black,
                ms: 120_000
            }),
            "0:02:00 is added to Black's clock."
        );
    }

    /// Every article the core still names by a string literal, read from
    /// its source, must be an [`Article`] (A2's items are the envelope's,
    /// not rulings): `article_summary` matches every `Article` without a
    /// catch-all, so each has its Polish summary.
    #[test]
    fn every_article_the_core_names_is_an_article() {
        let mut missing = Vec::new();
        let mut dirs = vec![std::path::PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/crates/laws/src"
        ))];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                    continue;
                }
                if path.ends_with("article.rs") {
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap();
                for literal in text.split('"').skip(1).step_by(2) {
                    let article = literal.len() <= 5
                        && (literal.starts_with(|c: char| c.is_ascii_digit())
                            && literal.contains('.')
                            && literal
                                .split('.')
                                .all(|p| p.starts_with(|c: char| c.is_ascii_digit()))
                            || literal.starts_with(['A', 'B', 'C'])
                                && literal[1..].starts_with(|c: char| c.is_ascii_digit()))
                        && literal
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '.');
                    if article && !literal.starts_with("A2") && literal.parse::<Article>().is_err()
                    {
                        missing.push(literal.to_owned());
                    }
                }
            }
        }
        missing.sort();
        missing.dedup();
        assert_eq!(
            missing,
            Vec::<String>::new(),
            "articles that are not an Article"
        );
    }

    #[test]
    fn time_controls_keep_their_figures() {
        set_lang(Lang::Polish);
        let control: TimeControl = "40/7200:20/3600:900+30".parse().unwrap();
        assert_eq!(
            time_control(&control),
            "120'/40 + 60'/20 + 15' + 30\" od posunięcia 61"
        );
        set_lang(Lang::English);
        assert!(time_control(&control).ends_with("from move 61"));
    }
}
