//! A round's result code in a player's line.

/// What a player's round brought him (TRF, column 99 of round 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ResultCode {
    /// `+`: won by forfeit.
    ForfeitWin,
    /// `-`: lost by forfeit.
    ForfeitLoss,
    /// `W`: won a game that lasted less than one move (not rated).
    WinUnrated,
    /// `D`: drew a game that lasted less than one move.
    DrawUnrated,
    /// `L`: lost a game that lasted less than one move.
    LossUnrated,
    /// `1`.
    Win,
    /// `=`.
    Draw,
    /// `0`.
    Loss,
    /// `H`: half-point bye.
    HalfPointBye,
    /// `F`: full-point bye.
    FullPointBye,
    /// `U`: the pairing-allocated bye.
    PairingAllocatedBye,
    /// `Z`: zero-point bye (a known absence).
    ZeroPointBye,
}

impl ResultCode {
    /// Reads a code; letters in either case.
    #[must_use]
    pub fn from_char(c: char) -> Option<ResultCode> {
        Some(match c.to_ascii_uppercase() {
            '+' => ResultCode::ForfeitWin,
            '-' => ResultCode::ForfeitLoss,
            'W' => ResultCode::WinUnrated,
            'D' => ResultCode::DrawUnrated,
            'L' => ResultCode::LossUnrated,
            '1' => ResultCode::Win,
            '=' => ResultCode::Draw,
            '0' => ResultCode::Loss,
            'H' => ResultCode::HalfPointBye,
            'F' => ResultCode::FullPointBye,
            'U' => ResultCode::PairingAllocatedBye,
            'Z' => ResultCode::ZeroPointBye,
            _ => return None,
        })
    }

    /// The code as the file writes it.
    #[must_use]
    pub fn as_char(self) -> char {
        match self {
            ResultCode::ForfeitWin => '+',
            ResultCode::ForfeitLoss => '-',
            ResultCode::WinUnrated => 'W',
            ResultCode::DrawUnrated => 'D',
            ResultCode::LossUnrated => 'L',
            ResultCode::Win => '1',
            ResultCode::Draw => '=',
            ResultCode::Loss => '0',
            ResultCode::HalfPointBye => 'H',
            ResultCode::FullPointBye => 'F',
            ResultCode::PairingAllocatedBye => 'U',
            ResultCode::ZeroPointBye => 'Z',
        }
    }

    /// Its points by the default scoring (tag 162's defaults), in half
    /// points.
    #[must_use]
    pub fn half_points(self) -> u32 {
        match self {
            ResultCode::ForfeitWin
            | ResultCode::WinUnrated
            | ResultCode::Win
            | ResultCode::FullPointBye
            | ResultCode::PairingAllocatedBye => 2,
            ResultCode::DrawUnrated | ResultCode::Draw | ResultCode::HalfPointBye => 1,
            ResultCode::ForfeitLoss
            | ResultCode::LossUnrated
            | ResultCode::Loss
            | ResultCode::ZeroPointBye => 0,
        }
    }

    /// A forfeit, won or lost: the game was not played.
    #[must_use]
    pub fn is_forfeit(self) -> bool {
        matches!(self, ResultCode::ForfeitWin | ResultCode::ForfeitLoss)
    }

    /// A bye: a round without an opponent.
    #[must_use]
    pub fn is_bye(self) -> bool {
        matches!(
            self,
            ResultCode::HalfPointBye
                | ResultCode::FullPointBye
                | ResultCode::PairingAllocatedBye
                | ResultCode::ZeroPointBye
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_reads_back_as_written() {
        for c in "+-WDL1=0HFUZ".chars() {
            assert_eq!(ResultCode::from_char(c).map(ResultCode::as_char), Some(c));
        }
        assert_eq!(ResultCode::from_char('h'), Some(ResultCode::HalfPointBye));
        assert_eq!(ResultCode::from_char('*'), None);
    }
}
