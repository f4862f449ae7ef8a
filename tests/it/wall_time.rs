//! Local time: stamps recorded with the workstation's UTC offset and shown in the event's time
//! zone; the session files in tests/data (version 1, version 2, version 3 with stamps in UTC)
//! keep their meaning, their recorded stamps and their chains.

use std::fs;
use std::path::PathBuf;
use std::time::Duration;

use go_arbiter::session::{Change, Role, Stamp, Store, store};
use go_arbiter::wall;
use jiff::tz::TimeZone;

/// 2026-11-29 09:00:00 UTC.
const WALL: Duration = Duration::from_secs(1_795_942_800);

const FILES: [&str; 3] = ["session-v1.ron", "session-v2.ron", "session-v3-utc.ron"];

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("go-arbiter-wall-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)
}

fn zone(name: &str) -> TimeZone {
    TimeZone::get(name).unwrap()
}

#[test]
fn old_session_files_keep_their_stamps_and_chains_and_show_utc_stamps_in_the_events_zone() {
    // The system's zone, as the shell reads it once and hands it in.
    let system = zone("Asia/Shanghai");
    for name in FILES {
        let dir = scratch(name);
        let path = dir.join(name);
        let original = fs::read_to_string(data(name)).unwrap();
        fs::write(&path, &original).unwrap();
        let loaded = store::load(&path).unwrap();
        assert_eq!(loaded.chain, Ok(()), "{name}");
        // The event names no zone (none could, before the setting): the system's.
        let event_zone = wall::zone("", &system).unwrap();
        assert_eq!(wall::zone_name(&event_zone), Some("Asia/Shanghai"), "{name}");
        let stamps: Vec<String> = loaded.session.audit.iter().map(|e| e.stamp.wall_time.clone()).collect();
        let shown: Vec<String> = stamps.iter().map(|s| wall::shown(s, &event_zone)).collect();
        if name == "session-v3-utc.ron" {
            assert_eq!(stamps[0], "2026-11-29 09:00:05 UTC");
            assert_eq!(
                shown[0], "2026-11-29 17:00:05 +08:00",
                "UTC read as UTC, shown in Beijing time"
            );
            assert!(shown.iter().all(|s| s.ends_with("+08:00")), "{shown:?}");
        } else {
            // Free text before stamps had dates ("08:30"): shown as recorded.
            assert!(stamps.iter().any(|s| s == "08:30"), "{name}: {stamps:?}");
            assert_eq!(shown, stamps, "{name}");
        }

        // A new entry is stamped with the offset; the old ones keep their text, and the chain
        // still verifies after a save and a reload.
        let (mut store, opened) = Store::open(&path).unwrap();
        let mut session = opened.session;
        let at = Stamp::new(
            &wall::record(WALL + Duration::from_secs(60), &system),
            "Li Wei",
            Role::Organiser,
        );
        let change = Change::Round {
            number: 9,
            date: "2026-11-30".into(),
        };
        store.record(&mut session, &at, &change).unwrap();
        store.close(&session).unwrap();
        let reloaded = store::load(&path).unwrap();
        assert_eq!(reloaded.chain, Ok(()), "{name}");
        let after: Vec<&str> = reloaded
            .session
            .audit
            .iter()
            .map(|e| e.stamp.wall_time.as_str())
            .collect();
        assert_eq!(after[..stamps.len()], stamps, "{name}: old stamps as recorded");
        assert_eq!(after.last(), Some(&"2026-11-29 17:01:00 +08:00"));
        if name == "session-v3-utc.ron" {
            // Not rewritten: every audit line of the old file is in the new one as it was.
            let saved = fs::read_to_string(&path).unwrap();
            let audit = original.split("audit: r#\"").nth(1).unwrap();
            for line in audit.lines().filter(|l| l.starts_with("2026-")) {
                assert!(saved.contains(line), "{name}: {line}");
            }
            // Shown in another event's zone, the new stamp and the old agree on the instant.
            let paris = zone("Europe/Paris");
            assert_eq!(wall::shown(after[0], &paris), "2026-11-29 10:00:05 +01:00");
            assert_eq!(wall::shown(after.last().unwrap(), &paris), "2026-11-29 10:01:00 +01:00");
        }
        let _ = fs::remove_dir_all(&dir);
    }
}
