//! Reading PGN: every game of a file as an [`ImportedGame`], with pgn-reader.
//! Behind the `pgn-import` feature: pgn-reader turns on shakmaty's default
//! features, and with them its 700 KB attack tables, which the web app's
//! first load does without (it imports PGN in its worker). What a game's
//! tokens mean is [`Movetext`]'s, shared with [`super::first_game`].

use std::{io, ops::ControlFlow};

use pgn_reader::{KnownOutcome, Nag, Outcome, RawComment, RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::Color;

use super::{
    marked::{MARK, Marked, token_text},
    movetext::Movetext,
    *,
};

impl From<Outcome> for PgnResult {
    fn from(outcome: Outcome) -> PgnResult {
        match outcome {
            Outcome::Known(KnownOutcome::Decisive {
                winner: Color::White,
            }) => PgnResult::WhiteWins,
            Outcome::Known(KnownOutcome::Decisive {
                winner: Color::Black,
            }) => PgnResult::BlackWins,
            Outcome::Known(KnownOutcome::Draw) => PgnResult::Draw,
            Outcome::Unknown => PgnResult::Unknown,
        }
    }
}

/// Reads every game of a PGN file (or string as bytes).
///
/// Each game is imported or fails on its own; an I/O or irrecoverable
/// syntax error ends the list with [`ImportError::Unreadable`].
pub fn import<R: io::Read>(source: R) -> Vec<Result<ImportedGame, ImportError>> {
    games(source).collect()
}

/// The games of a PGN file one at a time, as [`import`] reads them, for a
/// file too large to hold every game at once (`laws check`).
pub fn games<R: io::Read>(source: R) -> Games<R> {
    Games {
        reader: Some(Reader::new(Marked::new(source))),
        importer: Importer { games: 0 },
    }
}

/// The iterator of [`games`].
pub struct Games<R> {
    /// `None` after the end of the file or an unreadable part.
    reader: Option<Reader<Marked<R>>>,
    importer: Importer,
}

impl<R: io::Read> Iterator for Games<R> {
    type Item = Result<ImportedGame, ImportError>;

    fn next(&mut self) -> Option<Self::Item> {
        match self.reader.as_mut()?.read_game(&mut self.importer) {
            Ok(Some(game)) => Some(game),
            Ok(None) => {
                self.reader = None;
                None
            }
            Err(e) => {
                self.reader = None;
                Some(Err(ImportError::Unreadable {
                    game: self.importer.games,
                    reason: e.to_string(),
                }))
            }
        }
    }
}

struct Importer {
    games: usize,
}

impl Visitor for Importer {
    type Tags = Tags;
    type Movetext = Movetext;
    type Output = Result<ImportedGame, ImportError>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        self.games += 1;
        ControlFlow::Continue(Tags::default())
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        tags.push(name, value.as_bytes());
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        match Movetext::begin(self.games, tags) {
            Ok(movetext) => ControlFlow::Continue(movetext),
            Err(e) => ControlFlow::Break(Err(e)),
        }
    }

    fn san(
        &mut self,
        movetext: &mut Self::Movetext,
        san_plus: SanPlus,
    ) -> ControlFlow<Self::Output> {
        movetext.san(&san_plus)
    }

    fn nag(&mut self, movetext: &mut Self::Movetext, nag: Nag) -> ControlFlow<Self::Output> {
        movetext.nag(nag.0);
        ControlFlow::Continue(())
    }

    fn comment(
        &mut self,
        movetext: &mut Self::Movetext,
        comment: RawComment<'_>,
    ) -> ControlFlow<Self::Output> {
        // A token pgn-reader would have skipped, marked by `Marked`.
        if let [MARK, token @ ..] = comment.as_bytes() {
            return movetext.written(token_text(token));
        }
        movetext.comment(comment.as_bytes());
        ControlFlow::Continue(())
    }

    fn begin_variation(
        &mut self,
        _movetext: &mut Self::Movetext,
    ) -> ControlFlow<Self::Output, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn outcome(
        &mut self,
        movetext: &mut Self::Movetext,
        outcome: Outcome,
    ) -> ControlFlow<Self::Output> {
        movetext.outcome(outcome.into());
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output {
        movetext.end()
    }
}
