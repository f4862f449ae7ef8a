//! Real-time measurement of the caller's audio edge (a release-mode run, not a test).
//!
//! Plays at least 200 announcements at scheduled instants through the default output device and
//! records what reaches the sound server, then prints how late each announcement's first audible
//! sample was: p50, p99 and worst. Set up by hand (see packaging/voices/README.md or below):
//!
//! ```sh
//! apt-get install pulseaudio pulseaudio-utils libasound2-plugins
//! export XDG_RUNTIME_DIR=/tmp/pulse-rt; mkdir -p $XDG_RUNTIME_DIR
//! pulseaudio -n --daemonize=no --exit-idle-time=-1 \
//!     -L "module-null-sink sink_name=arbiter rate=48000 channels=2" -L module-native-protocol-unix &
//! cargo run --release --example caller_latency -- [--count 240] [--lang en] [--latency-ms N]
//! ```
//!
//! ALSA's default device goes to PulseAudio through the pulse ALSA plugin, so rodio (cpal, ALSA)
//! plays into the null sink. `parec` records the sink's monitor with a 1 ms latency request; each
//! block read is stamped with `Instant::now()`, and the recording's sample `j` is placed at
//! `min(arrival - end_of_block / rate) + j / rate` (arrival can only be late, so the minimum is
//! the truest). That stamp is after the sample left the sink, so the lateness measured is an
//! upper bound of the lateness heard.

use std::io::Read;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use go_arbiter::audio::{AudioConfig, AudioEngine, AudioStatus, VoicePack, shipped_pack_dir};
use go_arbiter::caller::clip_ids;

const REC_RATE: u32 = 48_000;
const AUDIBLE: f32 = 0.01;

struct Recording {
    samples: Vec<f32>,
    /// min over blocks of (arrival - epoch) - (samples so far / rate), in seconds.
    offset: f64,
}

fn arg(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let count: usize = arg(&args, "--count").map_or(Ok(240), |s| s.parse())?;
    let lang = arg(&args, "--lang").unwrap_or_else(|| "en".to_string());
    let latency = arg(&args, "--latency-ms").map(|s| s.parse::<f64>()).transpose()?;
    let buffer = arg(&args, "--buffer-frames").map(|s| s.parse::<u32>()).transpose()?;
    let monitor = arg(&args, "--monitor").unwrap_or_else(|| "arbiter.monitor".to_string());

    let epoch = Instant::now();
    let config = AudioConfig {
        buffer_frames: buffer.or(AudioConfig::default().buffer_frames),
        output_latency: latency.map(|ms| Duration::from_secs_f64(ms / 1000.0)),
        ..AudioConfig::default()
    };
    let opened = Instant::now();
    let mut engine = AudioEngine::start(config);
    let status = engine.wait_ready(Duration::from_secs(10));
    println!("audio status after {:?}: {status:?}", opened.elapsed());
    let AudioStatus::Playing { sample_rate, .. } = status else {
        anyhow::bail!("no sound device: {status:?}");
    };
    let pack = Arc::new(VoicePack::load_at(&shipped_pack_dir(&lang), sample_rate, &clip_ids())?);
    anyhow::ensure!(pack.problems().is_empty(), "pack problems: {:?}", pack.problems());
    engine.set_pack(pack.clone());

    // The recorder.
    let mut parec = Command::new("parec")
        .args([
            "-d",
            &monitor,
            "--format=s16le",
            "--channels=1",
            "--latency-msec=1",
            "--process-time-msec=1",
        ])
        .arg(format!("--rate={REC_RATE}"))
        .stdout(Stdio::piped())
        .spawn()?;
    let mut stdout = parec
        .stdout
        .take()
        .ok_or_else(|| anyhow::anyhow!("parec has no stdout"))?;
    let recording = Arc::new(Mutex::new(Recording {
        samples: Vec::new(),
        offset: f64::INFINITY,
    }));
    let rec = recording.clone();
    let reader = std::thread::spawn(move || {
        let mut buf = vec![0u8; 4096];
        let mut carry: Option<u8> = None;
        loop {
            let n = match stdout.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            let now = epoch.elapsed().as_secs_f64();
            let Ok(mut r) = rec.lock() else { break };
            let mut bytes: Vec<u8> = carry.take().into_iter().collect();
            bytes.extend_from_slice(&buf[..n]);
            if bytes.len() % 2 == 1 {
                carry = bytes.pop();
            }
            for pair in bytes.chunks_exact(2) {
                r.samples
                    .push(f32::from(i16::from_le_bytes([pair[0], pair[1]])) / 32768.0);
            }
            let offset = now - r.samples.len() as f64 / f64::from(REC_RATE);
            r.offset = r.offset.min(offset);
        }
    });

    // Warm up: the first announcement wakes the stream; not measured.
    std::thread::sleep(Duration::from_millis(1500));
    engine.announce("count_1", Instant::now() + Duration::from_millis(300));
    std::thread::sleep(Duration::from_millis(1200));

    // The schedule: clip after clip, each due 350 .. 750 ms after the previous one ends, at
    // millisecond resolution; each sent to the engine 100 ms ahead of its due instant.
    let ids = clip_ids();
    let mut seed = 0x1234_5678_u64;
    let mut rand = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let mut due = Instant::now() + Duration::from_millis(500);
    let mut plan: Vec<(Instant, &str)> = Vec::new();
    for i in 0..count {
        let clip = ids[(i * 7 + rand(ids.len() as u64) as usize) % ids.len()];
        plan.push((due, clip));
        let len = pack.duration(clip).unwrap_or_default();
        due += len + Duration::from_millis(350 + rand(400));
    }
    println!(
        "{} announcements over {:.0} s ({lang} pack)",
        plan.len(),
        (due - plan[0].0).as_secs_f64()
    );
    let mut captions = Vec::new();
    for (due, clip) in &plan {
        let send = due.checked_sub(Duration::from_millis(100)).unwrap_or(*due);
        if let Some(wait) = send.checked_duration_since(Instant::now()) {
            std::thread::sleep(wait);
        }
        captions.push(engine.announce(clip, *due));
    }
    std::thread::sleep(Duration::from_millis(1500));
    let in_process = engine.take_onsets();
    let voiced = captions.iter().filter(|c| c.voiced).count();
    println!(
        "{voiced} of {} voiced; status at the end {:?}; {} underruns or recovered device errors",
        captions.len(),
        engine.status(),
        engine.recovered_errors()
    );
    drop(engine);
    let _ = parec.kill();
    let _ = parec.wait();
    let _ = reader.join();

    let rec = recording.lock().map_err(|_| anyhow::anyhow!("recorder panicked"))?;
    println!(
        "recorded {:.1} s; recording offset {:.6} s",
        rec.samples.len() as f64 / f64::from(REC_RATE),
        rec.offset
    );
    let mut lateness = Vec::new();
    let mut missing = 0;
    for (due, _clip) in &plan {
        let due_s = due.duration_since(epoch).as_secs_f64();
        // Look from 150 ms before the due instant (the previous clip ended >= 350 ms before).
        let from = ((due_s - 0.150 - rec.offset) * f64::from(REC_RATE)).max(0.0) as usize;
        let to = ((due_s + 0.300 - rec.offset) * f64::from(REC_RATE)) as usize;
        let window = rec.samples.get(from..to.min(rec.samples.len())).unwrap_or(&[]);
        match window.iter().position(|s| s.abs() > AUDIBLE) {
            Some(j) => {
                let heard = rec.offset + (from + j) as f64 / f64::from(REC_RATE);
                lateness.push((heard - due_s) * 1000.0);
            }
            None => missing += 1,
        }
    }
    if std::env::var_os("CALLER_LATENCY_DUMP").is_some() {
        println!("lateness in order (ms): {lateness:.1?}");
    }
    let mut sorted = lateness.clone();
    sorted.sort_by(f64::total_cmp);
    println!(
        "recorded onsets ({} found, {missing} missing): lateness p50 {:.2} ms, p99 {:.2} ms, worst {:.2} ms, earliest {:.2} ms",
        sorted.len(),
        percentile(&sorted, 0.5),
        percentile(&sorted, 0.99),
        sorted.last().copied().unwrap_or(f64::NAN),
        sorted.first().copied().unwrap_or(f64::NAN),
    );
    let mut internal: Vec<f64> = Vec::new();
    for onset in &in_process {
        let Some(caption) = captions.iter().find(|c| c.id == onset.id) else {
            continue;
        };
        if let Some(heard) = onset.heard_at {
            let late = if heard >= caption.due {
                (heard - caption.due).as_secs_f64()
            } else {
                -(caption.due - heard).as_secs_f64()
            };
            internal.push(late * 1000.0);
        }
    }
    internal.sort_by(f64::total_cmp);
    if !internal.is_empty() {
        println!(
            "in-process estimate ({} onsets): p50 {:.2} ms, p99 {:.2} ms, worst {:.2} ms",
            internal.len(),
            percentile(&internal, 0.5),
            percentile(&internal, 0.99),
            internal.last().copied().unwrap_or(f64::NAN),
        );
    }
    Ok(())
}
