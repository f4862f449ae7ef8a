//! The caller measured end to end (packaging/measure-caller.sh): what the release window's sound
//! put on a sound server's sink, against the caller's schedule. Not a test; a release-mode tool.
//!
//! ```sh
//! parec -d SINK.monitor --format=s16le --channels=1 --rate=48000 --latency-msec=1 \
//!     | caller_onsets listen DIR            # DIR/recording.raw, DIR/recording.clock
//! caller_onsets check DIR --control chinese:2m/2 --start UNIX_SECONDS --lang zh [--errors FILE]
//! ```
//!
//! `listen` stamps each block it reads with the wall time: sample `j` of the recording was
//! heard at `min(arrival - samples_before_block / rate) + j / rate` (a block can only arrive late,
//! so the minimum over the run is the truest).
//!
//! `check` takes the calls of one turn that is never pressed from the caller's own schedule
//! (`caller::turn_calls`, the rules' script: what the window's table says), due at the clock's
//! start (the instant the window printed) plus their offsets; a call due while another speaks
//! follows it (the timeline never cuts one). Each expected onset is the call's instant plus the
//! clip's own lead-in (its first audible sample, -40 dBFS); the recording's onsets are its first
//! audible samples after a silence. Each heard onset is matched to the nearest expected one
//! within 150 ms (a heard onset inside a call's own span, a pause between its syllables, is not
//! extra); it prints calls expected, heard, missing, extra and the onset error p50/p99/max
//! (`--errors FILE`: each signed error in ms, a line each, for pooling). Each heard call is
//! also compared whole with its clip (a dropout, an underrun's silence inside a word, or a cut
//! shows as a poor match): it exits with 1 when a call is missing, extra or not heard whole.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use go_arbiter::audio::{VoicePack, shipped_pack_dir};
use go_arbiter::caller::{Script, clip_ids, turn_calls};
use go_arbiter::clock::TimeControl;

const RATE: u32 = 48_000;
/// -40 dBFS: below it a sample is silence.
const AUDIBLE: f32 = 0.01;
/// A heard onset is matched to an expected one at most this far away.
const MATCH: f64 = 0.150;

fn arg(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}

fn unix_now() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs_f64()
}

fn listen(dir: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir)?;
    let mut raw = std::io::BufWriter::new(std::fs::File::create(dir.join("recording.raw"))?);
    let mut stdin = std::io::stdin().lock();
    let mut buf = vec![0u8; 1 << 16];
    let mut bytes = 0u64;
    let mut offset = f64::INFINITY;
    loop {
        let n = match stdin.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        let now = unix_now();
        offset = offset.min(now - (bytes / 2) as f64 / f64::from(RATE));
        bytes += n as u64;
        raw.write_all(&buf[..n])?;
        // Written as it goes: the recorder is stopped by a signal.
        std::fs::write(dir.join("recording.clock"), format!("{offset:.6}\n"))?;
    }
    raw.flush()?;
    Ok(())
}

/// Where `clip` (its first audible sample) is heard near `at` in `samples` (whose sample 0 is at
/// `offset`): the lag with the best normalised correlation of the clip's first 60 ms from its
/// first audible sample, if that correlation is above 0.8.
fn onset_by_waveform(samples: &[f32], clip: &[i16], at: f64, offset: f64) -> Option<f64> {
    let lead_in = clip.iter().position(|&s| f32::from(s).abs() / 32768.0 > AUDIBLE)?;
    let n = (RATE as usize * 60 / 1000).min(clip.len() - lead_in);
    let part: Vec<f32> = clip[lead_in..lead_in + n]
        .iter()
        .map(|&s| f32::from(s) / 32768.0)
        .collect();
    let energy: f32 = part.iter().map(|x| x * x).sum();
    let centre = ((at - offset) * f64::from(RATE)).round() as i64;
    let reach = (MATCH * f64::from(RATE)) as i64;
    let mut best: Option<(f32, i64)> = None;
    for lag in -reach..=reach {
        let from = centre + lag;
        if from < 0 || from as usize + n > samples.len() {
            continue;
        }
        let got = &samples[from as usize..from as usize + n];
        let dot: f32 = got.iter().zip(&part).map(|(a, b)| a * b).sum();
        let e: f32 = got.iter().map(|x| x * x).sum();
        let score = dot / (energy * e).sqrt().max(1e-9);
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, from));
        }
    }
    let (score, from) = best?;
    (score > 0.8).then(|| offset + from as f64 / f64::from(RATE))
}

/// How well the whole of `clip` (from its first audible sample) matches the recording near the
/// heard onset `at` (within 2 ms: an onset found by a threshold is a few samples off, and a
/// fricative such as "七" decorrelates fast): the best normalised correlation, 1.0 for the clip
/// heard whole. A dropout inside the clip (an output underrun: silence, then the rest late) or a
/// cut brings it down.
fn whole_clip_match(samples: &[f32], clip: &[i16], at: f64, offset: f64) -> f32 {
    let Some(lead_in) = clip.iter().position(|&s| f32::from(s).abs() / 32768.0 > AUDIBLE) else {
        return 0.0;
    };
    let part: Vec<f64> = clip[lead_in..].iter().map(|&c| f64::from(c) / 32768.0).collect();
    let e_clip: f64 = part.iter().map(|c| c * c).sum();
    let centre = ((at - offset) * f64::from(RATE)).round() as i64;
    let reach = i64::from(RATE) * 2 / 1000;
    let mut best = 0.0f64;
    for lag in -reach..=reach {
        let from = centre + lag;
        if from < 0 {
            continue;
        }
        let Some(got) = samples.get(from as usize..from as usize + part.len()) else {
            continue;
        };
        let (mut dot, mut e_got) = (0.0f64, 0.0f64);
        for (&c, &g) in part.iter().zip(got) {
            let g = f64::from(g);
            dot += c * g;
            e_got += g * g;
        }
        best = best.max(dot / (e_clip * e_got).sqrt().max(1e-12));
    }
    best as f32
}

/// Below this whole-clip correlation a call counts as broken (heard, but not whole).
const WHOLE: f32 = 0.95;

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).ceil() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn check(dir: &Path, args: &[String]) -> anyhow::Result<bool> {
    let control: TimeControl = arg(args, "--control")
        .ok_or_else(|| anyhow::anyhow!("--control missing"))?
        .parse()?;
    let start: f64 = arg(args, "--start")
        .ok_or_else(|| anyhow::anyhow!("--start missing"))?
        .parse()?;
    let lang = arg(args, "--lang").unwrap_or_else(|| "zh".to_string());
    let pack = VoicePack::load_at(&shipped_pack_dir(&lang), RATE, &clip_ids())?;
    let offset: f64 = std::fs::read_to_string(dir.join("recording.clock"))?.trim().parse()?;
    let raw = std::fs::read(dir.join("recording.raw"))?;
    let samples: Vec<f32> = raw
        .chunks_exact(2)
        .map(|b| f32::from(i16::from_le_bytes([b[0], b[1]])) / 32768.0)
        .collect();
    let time_of = |j: usize| offset + j as f64 / f64::from(RATE);

    // The schedule, with the clips played one after the other.
    let calls = turn_calls(&control, &Script::default(), &control.initial());
    // (expected onset, clip, whether it follows the one before without a pause)
    let mut expected: Vec<(f64, &str, bool)> = Vec::new();
    // Where each call is heard, from its first sample to its last: a pause inside a word is no
    // onset of its own.
    let mut spans: Vec<(f64, f64)> = Vec::new();
    let mut free_from = f64::NEG_INFINITY;
    for call in &calls {
        let clip = pack
            .samples(call.clip)
            .ok_or_else(|| anyhow::anyhow!("no clip {}", call.clip))?;
        let lead_in = clip
            .iter()
            .position(|&s| f32::from(s).abs() / 32768.0 > AUDIBLE)
            .unwrap_or(0);
        let due = start + call.offset.as_secs_f64();
        let follows = free_from > due;
        let begins = due.max(free_from);
        expected.push((begins + lead_in as f64 / f64::from(RATE), call.clip, follows));
        free_from = begins + clip.len() as f64 / f64::from(RATE);
        spans.push((begins + lead_in as f64 / f64::from(RATE), free_from));
    }
    // An onset comes after this much silence (a pause inside a word is shorter).
    let silence = (f64::from(RATE) * 0.030) as usize;

    // The recording's onsets: the first audible sample after `silence` quiet samples.
    let mut heard: Vec<f64> = Vec::new();
    let mut quiet = silence;
    for (j, s) in samples.iter().enumerate() {
        if s.abs() > AUDIBLE {
            if quiet >= silence {
                heard.push(time_of(j));
            }
            quiet = 0;
        } else {
            quiet += 1;
        }
    }
    // Each expected call takes the nearest heard onset within MATCH (in order, one each).
    let mut used = vec![false; heard.len()];
    let mut errors: Vec<f64> = Vec::new();
    let mut missing: Vec<String> = Vec::new();
    // Calls heard but not whole: (clip, due, correlation).
    let mut broken: Vec<String> = Vec::new();
    let mut whole = |clip: &str, heard: f64, due: f64| {
        let score = whole_clip_match(
            &samples,
            pack.samples(clip).map(|c| &c[..]).unwrap_or(&[]),
            heard,
            offset,
        );
        if score < WHOLE {
            broken.push(format!("{clip} at {:.3} s (whole-clip match {score:.3})", due - start));
        }
    };
    for &(at, clip, follows) in &expected {
        if follows {
            // Said straight after another: no silence before it; found by its waveform (the
            // lag at which its first 60 ms match the recording best, within MATCH).
            match onset_by_waveform(&samples, pack.samples(clip).map(|c| &c[..]).unwrap_or(&[]), at, offset) {
                Some(h) => {
                    errors.push((h - at) * 1000.0);
                    whole(clip, h, at);
                }
                None => missing.push(format!("{clip} at {:.3} s (after the call before)", at - start)),
            }
            continue;
        }
        let at = &at;
        let best = heard
            .iter()
            .enumerate()
            .filter(|(i, h)| !used[*i] && (**h - at).abs() <= MATCH)
            .min_by(|a, b| (a.1 - at).abs().total_cmp(&(b.1 - at).abs()));
        match best {
            Some((i, h)) => {
                used[i] = true;
                errors.push((h - at) * 1000.0);
                whole(clip, *h, *at);
            }
            None => missing.push(format!("{clip} at {:.3} s", at - start)),
        }
    }
    // A heard onset no call took is extra, unless it lies inside a call (a pause between the
    // syllables of one clip, "fif-ty"), after that call's own onset: a dropout there is caught
    // by the whole-clip match instead.
    let inside_a_call = |h: f64| spans.iter().any(|&(from, to)| h > from && h < to);
    let extra: Vec<String> = heard
        .iter()
        .zip(&used)
        .filter(|(h, u)| !**u && !inside_a_call(**h))
        .map(|(h, _)| format!("{:.3} s", h - start))
        .collect();
    if std::env::var_os("CALLER_ONSETS_DUMP").is_some() {
        for ((at, clip, _), e) in expected.iter().zip(&errors) {
            println!("  {clip:>16} at {:8.3} s: {e:+.2} ms", at - start);
        }
    }
    if let Some(file) = arg(args, "--errors") {
        let lines: String = errors.iter().map(|e| format!("{e:.3}\n")).collect();
        std::fs::write(file, lines)?;
    }
    let mut sorted: Vec<f64> = errors.iter().map(|e| e.abs()).collect();
    sorted.sort_by(f64::total_cmp);
    let signed_mean = errors.iter().sum::<f64>() / errors.len().max(1) as f64;
    println!(
        "{control} ({lang}): calls expected {}, heard {}, missing {}, extra {}, not whole {}",
        expected.len(),
        errors.len(),
        missing.len(),
        extra.len(),
        broken.len()
    );
    if !sorted.is_empty() {
        println!(
            "{control} ({lang}): onset error |heard - due| p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms (mean signed {:+.2} ms)",
            percentile(&sorted, 0.5),
            percentile(&sorted, 0.99),
            sorted[sorted.len() - 1],
            signed_mean
        );
    }
    for m in &missing {
        println!("  missing: {m}");
    }
    for e in &extra {
        println!("  extra: onset at {e}");
    }
    for b in &broken {
        println!("  not whole: {b}");
    }
    Ok(missing.is_empty() && extra.is_empty() && broken.is_empty())
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let dir = PathBuf::from(
        args.get(2)
            .ok_or_else(|| anyhow::anyhow!("usage: caller_onsets listen|check DIR ..."))?,
    );
    match args.get(1).map(String::as_str) {
        Some("listen") => listen(&dir),
        Some("check") => {
            if !check(&dir, &args)? {
                std::process::exit(1);
            }
            Ok(())
        }
        _ => anyhow::bail!("usage: caller_onsets listen|check DIR ..."),
    }
}
