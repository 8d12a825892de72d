//! Sealing and opening envelopes (A1a, A2, A3, A7): why an envelope could
//! not be filled in, sealed, opened or amended, and why the arbiter's PIN
//! was refused, in words.

use laws::adjournment::{
    AmendError, EnvelopeError, MAX_ITERATIONS, MIN_ITERATIONS, OpenError, SealError, SealingError,
};
use laws::sealing::arbiter_key::UnlockError;

use super::side::side;
use crate::{t, tf};

/// Why the envelope's outside is not complete or not consistent (A2).
#[must_use]
pub fn envelope_error(error: &EnvelopeError) -> String {
    match error {
        EnvelopeError::MissingName(who) => tf!(
            "A2a: {}'s name is missing on the envelope.",
            "A2a: na kopercie brakuje nazwiska ({}).",
            side(*who)
        ),
        EnvelopeError::BadPosition { fen, .. } => tf!(
            "A2b: {fen} is not a legal position.",
            "A2b: {fen} to nie jest prawidłowa pozycja."
        ),
        EnvelopeError::SealerNotToMove { sealer } => tf!(
            "A2d: {} sealed, but it is not their move in the position.",
            "A2d: zapieczętowały {}, ale w tej pozycji nie mają ruchu.",
            side(*sealer)
        ),
        EnvelopeError::WrongMoveNumber {
            on_envelope,
            in_position,
        } => tf!(
            "A2e: the envelope says move {on_envelope}, but the position is at move {in_position}.",
            "A2e: na kopercie jest posunięcie {on_envelope}, a pozycja jest przy posunięciu {in_position}."
        ),
        EnvelopeError::GameOver => t!(
            "A2b: the game is already over in that position: there is nothing to seal.",
            "A2b: w tej pozycji partia jest już zakończona: nie ma czego pieczętować."
        )
        .to_owned(),
        EnvelopeError::MissingResumption(field) => tf!(
            "A2g: the {} of resumption is missing.",
            "A2g: brakuje {} wznowienia.",
            resumption_field(field)
        ),
    }
}

/// A field of A2g as the core names it ("date", "time", "venue").
fn resumption_field(field: &str) -> &'static str {
    match field {
        "date" => t!("date", "daty"),
        "time" => t!("time", "godziny"),
        _ => t!("venue", "miejsca"),
    }
}

/// Why the move written cannot be the sealed move (A1a).
#[must_use]
pub fn sealing_error(error: &SealingError) -> &'static str {
    match error {
        SealingError::MadeOnBoard => t!(
            "A1a: the move was made on the chessboard after sealing was required: it is the sealed move.",
            "A1a: posunięcie wykonano na szachownicy po żądaniu zapieczętowania: to ono jest posunięciem zapieczętowanym."
        ),
        SealingError::NotLegalOnBoard => t!(
            "The move chosen on the board is not legal in the position.",
            "Posunięcie wybrane na szachownicy nie jest prawidłowe w tej pozycji."
        ),
    }
}

/// Why the envelope could not be sealed.
#[must_use]
pub fn seal_error(error: &SealError) -> String {
    match error {
        SealError::Envelope(e) => envelope_error(e),
        SealError::NothingWritten => t!(
            "A1a: no move has been written to seal.",
            "A1a: nie zapisano posunięcia do zapieczętowania."
        )
        .to_owned(),
        SealError::PinTooShort { min } => tf!(
            "The arbiter's PIN must have at least {min} characters.",
            "PIN sędziego musi mieć co najmniej {min} znaki."
        ),
        SealError::Iterations { given } => tf!(
            "{given} key derivation rounds: between {MIN_ITERATIONS} and {MAX_ITERATIONS} are allowed.",
            "{given} rund wyprowadzania klucza: dozwolone od {MIN_ITERATIONS} do {MAX_ITERATIONS}."
        ),
        SealError::NoRecipient => t!(
            "There is no arbiter's key to seal the envelope to: make one or add an arbiter in Settings.",
            "Nie ma klucza sędziego, dla którego można zapieczętować kopertę: utwórz go albo dodaj sędziego w Ustawieniach."
        )
        .to_owned(),
        SealError::TooManyRecipients { max } => tf!(
            "An envelope is sealed to at most {max} arbiters.",
            "Kopertę pieczętuje się dla najwyżej {max} sędziów."
        ),
        SealError::BadKey(key_id) => tf!(
            "The key {key_id} is not a public key an envelope can be sealed to.",
            "Klucz {key_id} nie jest kluczem publicznym, dla którego można zapieczętować kopertę."
        ),
    }
}

/// Why an envelope did not open.
#[must_use]
pub fn open_error(error: &OpenError) -> String {
    match error {
        OpenError::WrongPin => t!(
            "Wrong PIN: the envelope stays closed. Type the PIN used at sealing.",
            "Błędny PIN: koperta pozostaje zamknięta. Wpisz PIN użyty przy pieczętowaniu."
        )
        .into(),
        OpenError::NotForThisKey { key_id, recipients } => tf!(
            "This tablet's arbiter's key ({key_id}) is not one the envelope is sealed to ({}): only a recipient's tablet opens it.",
            "Klucz sędziego na tym tablecie ({key_id}) nie jest tym, dla którego zapieczętowano kopertę ({}): otworzy ją tylko tablet odbiorcy.",
            recipients.join(", ")
        ),
        OpenError::SealedToKeys => t!(
            "This envelope is sealed to the arbiters' keys, not under a PIN.",
            "Ta koperta jest zapieczętowana dla kluczy sędziów, nie PIN-em."
        )
        .into(),
        OpenError::SealedUnderPin => t!(
            "This envelope is sealed under a PIN.",
            "Ta koperta jest zapieczętowana PIN-em."
        )
        .into(),
        OpenError::Tampered { recorded, computed } => tf!(
            "The envelope has been tampered with: its fingerprint is {computed}, but {recorded} was recorded at sealing.",
            "Koperta została naruszona: jej odcisk to {computed}, a przy pieczętowaniu zapisano {recorded}."
        ),
        OpenError::Unreadable(_) => t!(
            "The envelope cannot be read: it is not an envelope this program made.",
            "Nie można odczytać koperty: nie jest to koperta tego programu."
        )
        .into(),
    }
}

/// Why an envelope could not be corrected or sealed again.
#[must_use]
pub fn amend_error(error: &AmendError) -> String {
    match error {
        AmendError::Open(e) => open_error(e),
        AmendError::Seal(e) => seal_error(e),
    }
}

/// A refused try of the arbiter's PIN (the settings' one, which guards
/// recording mode, the clock's menu and the arbiter's screens) in the
/// app's language.
#[must_use]
pub fn arbiter_pin_error_text(error: &UnlockError) -> String {
    match error {
        UnlockError::WrongPin { wait_ms, .. } if *wait_ms > 0 => tf!(
            "That is not the arbiter's PIN. Too many wrong PINs: the next try must wait {}.",
            "To nie jest PIN sędziego. Zbyt wiele błędnych PIN-ów: następna próba dopiero za {}.",
            crate::text::i18n::lang().duration(*wait_ms)
        ),
        // Whole seconds, rounded up: "wait 30 s" until it is 29 and less.
        UnlockError::Wait { ms } => tf!(
            "Too many wrong PINs: wait {} before trying again.",
            "Zbyt wiele błędnych PIN-ów: odczekaj {} przed kolejną próbą.",
            crate::text::i18n::lang().duration(ms.div_ceil(1000) * 1000)
        ),
        _ => t!(
            "That is not the arbiter's PIN.",
            "To nie jest PIN sędziego."
        )
        .into(),
    }
}
