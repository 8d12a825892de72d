//! The rules core's words in the app's language.
//!
//! `laws` writes English for its command line and its logs; the app shows
//! the same things by matching the core's types here, so the core knows
//! nothing of the app and every variant must be given both languages (a new
//! one does not compile until it is).
//!
//! One file per module of the core, named as the core names it.

pub mod adjournment;
pub mod arbiter_note;
pub mod article;
pub mod claim;
pub mod clock;
pub mod game;
pub mod irregularity;
pub mod notation;
pub mod outcome;
pub mod ruleset;
pub mod sealing;
pub mod side;
pub mod time_control;

#[cfg(test)]
mod tests {
    use super::claim::claim_reason;
    use super::irregularity::effect;
    use super::irregularity::explanation;
    use super::irregularity::recording_duty;
    use super::time_control::time_control;

    use laws::article::Article;
    use laws::game::Side;

    use laws::irregularity::{Effect, IrregularityRuling, Outcome};

    use crate::text::i18n::UiLang;
    use laws::time_control::TimeControl;

    use crate::text::i18n::set_lang;

    #[test]
    fn quiet_moves_agree_with_their_number_in_polish() {
        set_lang(UiLang::Polish);
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
        set_lang(UiLang::English);
        assert!(
            quiet(3).starts_with("3 half-moves (1 move by each"),
            "{}",
            quiet(3)
        );
    }

    #[test]
    fn each_players_recording_duty_names_him() {
        set_lang(UiLang::Polish);
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
        set_lang(UiLang::English);
    }

    #[test]
    fn rulings_read_in_polish_without_english() {
        set_lang(UiLang::Polish);
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
        set_lang(UiLang::English);
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
        set_lang(UiLang::Polish);
        let control: TimeControl = "40/7200:20/3600:900+30".parse().unwrap();
        assert_eq!(
            time_control(&control),
            "120'/40 + 60'/20 + 15' + 30\" od posunięcia 61"
        );
        set_lang(UiLang::English);
        assert!(time_control(&control).ends_with("from move 61"));
    }
}
