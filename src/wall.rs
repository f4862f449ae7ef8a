//! The wall time of stamps and dates, through jiff: an instant recorded with the workstation's UTC offset ("2026-11-29 17:38:44 +08:00"), read back (and the older form in UTC), shown in the event's time zone; the event's zone by its IANA name, else the system's (read once at the edge and passed in); dates as the organiser writes them, checked as dates.
//!
//! Nothing here reads the clock or the system's zone: the wall time comes in as a `Duration`
//! since the Unix epoch, and the zones as arguments.

use std::time::Duration;

use jiff::Timestamp;
use jiff::civil::{Date, DateTime};
use jiff::fmt::strtime;
use jiff::tz::TimeZone;
use thiserror::Error;

/// How a stamp records an instant: the local date and time and the UTC offset then.
pub const FORMAT: &str = "%Y-%m-%d %H:%M:%S %:z";

/// How stamps were recorded before (version 3 up to this change): the time in UTC.
const UTC_FORMAT: &str = "%Y-%m-%d %H:%M:%S UTC";

/// A time zone that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ZoneError {
    #[error("`{name}` is not a time zone this computer knows (an IANA name: Asia/Shanghai, Europe/Paris, UTC)")]
    Unknown { name: String },
}

/// A date that does not read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DateError {
    #[error("`{text}` is not a date written year-month-day (2026-11-29)")]
    Form { text: String },
    #[error("`{text}`: there is no day {day} in month {month} of {year}")]
    NoSuchDay {
        text: String,
        year: i16,
        month: i8,
        day: i8,
    },
}

/// The instant `since_epoch` (whole seconds), clamped to what a date can say.
fn timestamp(since_epoch: Duration) -> Timestamp {
    let seconds = i64::try_from(since_epoch.as_secs()).unwrap_or(i64::MAX);
    Timestamp::from_second(seconds.min(Timestamp::MAX.as_second())).unwrap_or(Timestamp::MAX)
}

/// `at` as local time in `zone` with the offset there: [`FORMAT`].
fn local(at: Timestamp, zone: &TimeZone) -> String {
    at.to_zoned_datetime(zone.clone()).strftime(FORMAT).to_string()
}

/// The instant `since_epoch` as a stamp records it: local time in `zone` (the workstation's)
/// with its UTC offset, "2026-11-29 17:38:44 +08:00".
pub fn record(since_epoch: Duration, zone: &TimeZone) -> String {
    local(timestamp(since_epoch), zone)
}

/// The instant a stamp's text names: the recorded form with its offset, or the older form in
/// UTC ("2026-11-29 09:00:00 UTC"); none for free text ("09:00", "+1:02:03", "").
pub fn instant(text: &str) -> Option<Timestamp> {
    let text = text.trim();
    if let Ok(at) = strtime::parse(FORMAT, text).and_then(|t| t.to_timestamp()) {
        return Some(at);
    }
    let civil = DateTime::strptime(UTC_FORMAT, text).ok()?;
    civil.to_zoned_datetime(TimeZone::UTC).ok().map(|z| z.timestamp())
}

/// The instant a stamp's text names as a `Duration` since the Unix epoch (none before it, or
/// for free text).
pub fn since_epoch(text: &str) -> Option<Duration> {
    let at = instant(text)?;
    Some(Duration::from_secs(u64::try_from(at.as_second()).ok()?))
}

/// A stamp's text as shown in `zone` (the event's): local time there with its offset; free
/// text as recorded.
pub fn shown(text: &str, zone: &TimeZone) -> String {
    instant(text).map_or_else(|| text.to_string(), |at| local(at, zone))
}

/// The date in `zone` at `since_epoch`: "2026-11-29".
pub fn date(since_epoch: Duration, zone: &TimeZone) -> String {
    timestamp(since_epoch)
        .to_zoned_datetime(zone.clone())
        .date()
        .to_string()
}

/// The zone of `name` (an IANA name); the system's (`system`, read at the edge) when `name` is
/// empty, as in every event before the setting.
pub fn zone(name: &str, system: &TimeZone) -> Result<TimeZone, ZoneError> {
    let name = name.trim();
    if name.is_empty() {
        return Ok(system.clone());
    }
    TimeZone::get(name).map_err(|_| ZoneError::Unknown { name: name.to_string() })
}

/// The IANA name of `zone`, when it has one ("Asia/Shanghai"); a fixed offset or a zone read from
/// a file without a name: none.
pub fn zone_name(zone: &TimeZone) -> Option<&str> {
    zone.iana_name()
}

/// A date as the organiser writes it, year-month-day, checked as a date: "2026-02-30" is refused.
pub fn parse_date(text: &str) -> Result<Date, DateError> {
    let t = text.trim();
    let form = || DateError::Form { text: t.to_string() };
    let mut parts = t.split('-');
    let (Some(y), Some(m), Some(d), None) = (parts.next(), parts.next(), parts.next(), parts.next()) else {
        return Err(form());
    };
    let digits =
        |s: &str, len: std::ops::RangeInclusive<usize>| len.contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit());
    if !(digits(y, 4..=4) && digits(m, 1..=2) && digits(d, 1..=2)) {
        return Err(form());
    }
    let (year, month, day) = (
        y.parse::<i16>().map_err(|_| form())?,
        m.parse::<i8>().map_err(|_| form())?,
        d.parse::<i8>().map_err(|_| form())?,
    );
    Date::new(year, month, day).map_err(|_| DateError::NoSuchDay {
        text: t.to_string(),
        year,
        month,
        day,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const WALL: Duration = Duration::from_secs(1_795_942_800); // 2026-11-29 09:00:00 UTC

    fn zone_of(name: &str) -> TimeZone {
        TimeZone::get(name).unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    #[test]
    fn a_stamp_is_recorded_as_local_time_with_the_workstations_offset() {
        assert_eq!(record(WALL, &zone_of("Asia/Shanghai")), "2026-11-29 17:00:00 +08:00");
        assert_eq!(record(WALL, &TimeZone::UTC), "2026-11-29 09:00:00 +00:00");
        // Summer time where the zone has it: New York is UTC-4 in July, UTC-5 in November.
        let july = WALL - Duration::from_secs(141 * 86_400);
        assert_eq!(record(july, &zone_of("America/New_York")), "2026-07-11 05:00:00 -04:00");
        assert_eq!(record(WALL, &zone_of("America/New_York")), "2026-11-29 04:00:00 -05:00");
    }

    #[test]
    fn a_recorded_stamp_and_an_older_utc_stamp_name_the_same_instant() {
        let shanghai = zone_of("Asia/Shanghai");
        let recorded = record(WALL, &shanghai);
        assert_eq!(since_epoch(&recorded), Some(WALL));
        assert_eq!(since_epoch("2026-11-29 09:00:00 UTC"), Some(WALL));
        assert_eq!(instant(&recorded), instant("2026-11-29 09:00:00 UTC"));
        // Free text, as stamps were before dates, stays free text.
        for free in ["09:00", "", "+1:02:03", "2026-11-29", "2026-11-29 25:00:00 UTC"] {
            assert_eq!(instant(free), None, "{free}");
        }
    }

    #[test]
    fn a_stamp_is_shown_in_the_events_zone_whatever_zone_recorded_it() {
        let paris = zone_of("Europe/Paris");
        let recorded_in_shanghai = record(WALL, &zone_of("Asia/Shanghai"));
        assert_eq!(shown(&recorded_in_shanghai, &paris), "2026-11-29 10:00:00 +01:00");
        assert_eq!(shown("2026-11-29 09:00:00 UTC", &paris), "2026-11-29 10:00:00 +01:00");
        assert_eq!(shown("09:00", &paris), "09:00", "free text as recorded");
    }

    #[test]
    fn the_date_is_the_local_one() {
        // 09:00 UTC is already 29 November in Shanghai, still the 28th at 23:00 in Honolulu.
        assert_eq!(date(WALL, &zone_of("Asia/Shanghai")), "2026-11-29");
        assert_eq!(date(WALL, &zone_of("Pacific/Honolulu")), "2026-11-28");
    }

    #[test]
    fn an_events_zone_is_its_iana_name_or_the_systems_when_it_names_none() {
        let system = zone_of("Asia/Seoul");
        assert_eq!(zone("", &system).ok().as_ref().and_then(zone_name), Some("Asia/Seoul"));
        assert_eq!(
            zone(" Asia/Tokyo ", &system).ok().as_ref().and_then(zone_name),
            Some("Asia/Tokyo")
        );
        assert_eq!(
            zone("Mars/Olympus", &system).err(),
            Some(ZoneError::Unknown {
                name: "Mars/Olympus".into()
            })
        );
    }

    #[test]
    fn a_date_is_checked_as_a_date_and_30_february_is_refused() {
        assert_eq!(
            parse_date("2026-11-29").map(|d| d.to_string()),
            Ok("2026-11-29".to_string())
        );
        assert_eq!(
            parse_date(" 2028-2-29 ").map(|d| d.to_string()),
            Ok("2028-02-29".to_string())
        );
        assert_eq!(
            parse_date("2026-02-30"),
            Err(DateError::NoSuchDay {
                text: "2026-02-30".into(),
                year: 2026,
                month: 2,
                day: 30
            })
        );
        assert!(matches!(parse_date("2027-02-29"), Err(DateError::NoSuchDay { .. })));
        assert!(matches!(parse_date("2026-13-01"), Err(DateError::NoSuchDay { .. })));
        for bad in [
            "29.11.2026",
            "2026-11",
            "2026-11-29-1",
            "",
            "twenty",
            "2026-1x-01",
            "+2026-11-29",
        ] {
            assert_eq!(
                parse_date(bad),
                Err(DateError::Form {
                    text: bad.trim().into()
                }),
                "{bad}"
            );
        }
    }
}
