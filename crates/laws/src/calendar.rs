//! Days from wall-clock milliseconds, in UTC: the core reads no time zone.

/// The UTC day of `ms` since the Unix epoch: (year, month, day).
pub(crate) fn utc_day(ms: u64) -> (u64, u64, u64) {
    // Days to civil date (H. Hinnant's algorithm), for dates after 1970.
    let z = ms / 86_400_000 + 719_468;
    let era = z / 146_097;
    let doe = z % 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days() {
        assert_eq!(utc_day(0), (1970, 1, 1));
        assert_eq!(utc_day(1_796_032_800_000), (2026, 11, 30));
        assert_eq!(utc_day(951_782_400_000), (2000, 2, 29));
    }
}
