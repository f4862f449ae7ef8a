//! Clip samples as a loaded pack keeps them: mono 16-bit integers ([`ClipSamples`]), half the
//! memory of `f32`, and the one place they are converted from `f32` (at decode) and back to
//! `f32` (where the timeline mixes them).

use std::sync::Arc;

/// One decoded clip: mono 16-bit samples at the pack's rate, shared by every announcement of it.
pub type ClipSamples = Arc<[i16]>;

/// The `f32` value of one 16-bit step's worth of full scale (`i16::MIN` is -1.0).
const FULL_SCALE: f32 = 32768.0;

/// An `f32` sample (-1.0 .. 1.0) as 16 bits: rounded to the nearest step, clamped to the range
/// (1.0 becomes `i16::MAX`), NaN as silence.
#[inline]
pub fn sample_from_f32(sample: f32) -> i16 {
    if sample.is_nan() {
        return 0;
    }
    (sample * FULL_SCALE)
        .round()
        .clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
}

/// A 16-bit sample as `f32`: `s / 32768`, exact for every value.
#[inline]
pub fn sample_to_f32(sample: i16) -> f32 {
    f32::from(sample) / FULL_SCALE
}

/// A clip from `f32` samples (at decode, and for tests).
pub fn clip_from_f32(samples: impl IntoIterator<Item = f32>) -> ClipSamples {
    samples.into_iter().map(sample_from_f32).collect()
}

/// `tones` beeps of `millis` each at `hertz`, 80 ms apart, at `rate` Hz: a sine at 0.6 of full
/// scale with 10 ms ramps in and out (no click). What the caller plays when an event chose beeps.
pub fn beeps(rate: u32, hertz: u32, tones: u32, millis: u32) -> ClipSamples {
    let rate = rate.max(1) as usize;
    let on = rate * millis as usize / 1000;
    let gap = rate * 80 / 1000;
    let ramp = (rate / 100).clamp(1, on.max(2) / 2);
    let step = std::f32::consts::TAU * hertz as f32 / rate as f32;
    let one = (0..on).map(move |i| {
        let edge = i.min(on - 1 - i).min(ramp) as f32 / ramp as f32;
        0.6 * edge * (step * i as f32).sin()
    });
    let mut samples = Vec::with_capacity((on + gap) * tones as usize);
    for n in 0..tones {
        if n > 0 {
            samples.extend(std::iter::repeat_n(0.0, gap));
        }
        samples.extend(one.clone());
    }
    clip_from_f32(samples)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_beep_lasts_its_milliseconds_starts_and_ends_silent_and_two_are_80_ms_apart() {
        let one = beeps(44_100, 880, 1, 120);
        assert_eq!(one.len(), 44_100 * 120 / 1000);
        assert_eq!((one[0], one[one.len() - 1]), (0, 0));
        let loudest = one.iter().map(|s| s.unsigned_abs()).max().unwrap_or(0);
        assert!(loudest > 15_000 && loudest < 20_000, "{loudest}");
        let two = beeps(44_100, 660, 2, 150);
        assert_eq!(two.len(), 2 * 44_100 * 150 / 1000 + 44_100 * 80 / 1000);
    }

    #[test]
    fn values_exact_in_16_bits_survive_the_round_trip() {
        for value in [
            0.0f32,
            0.5,
            -0.5,
            0.25,
            -0.25,
            0.125,
            -1.0,
            1.0 / 32768.0,
            -3.0 / 32768.0,
        ] {
            assert_eq!(sample_to_f32(sample_from_f32(value)), value, "{value}");
        }
        assert_eq!(sample_from_f32(0.5), 16_384);
        assert_eq!(sample_from_f32(-1.0), i16::MIN);
    }

    #[test]
    fn conversion_rounds_to_the_nearest_step_and_clamps_out_of_range_values() {
        let step = 1.0 / 32768.0;
        assert_eq!(sample_from_f32(0.4 * step), 0);
        assert_eq!(sample_from_f32(0.6 * step), 1);
        assert_eq!(sample_from_f32(-0.6 * step), -1);
        assert_eq!(sample_from_f32(100.4 * step), 100);
        assert_eq!(sample_from_f32(1.0), i16::MAX);
        assert_eq!(sample_from_f32(7.5), i16::MAX);
        assert_eq!(sample_from_f32(-7.5), i16::MIN);
        assert_eq!(sample_from_f32(f32::INFINITY), i16::MAX);
        assert_eq!(sample_from_f32(f32::NEG_INFINITY), i16::MIN);
        assert_eq!(sample_from_f32(f32::NAN), 0);
        // Every value in range comes back within half a step.
        for i in 0..=2000 {
            let value = -1.0 + i as f32 / 1000.0 * 0.9999;
            let back = sample_to_f32(sample_from_f32(value));
            assert!((back - value).abs() <= step / 2.0 + f32::EPSILON, "{value} -> {back}");
        }
    }

    #[test]
    fn a_clip_keeps_two_bytes_a_sample() {
        let clip = clip_from_f32([0.5, -0.25, 0.0]);
        assert_eq!(&*clip, &[16_384, -8_192, 0]);
        assert_eq!(std::mem::size_of_val(&*clip), 2 * clip.len());
    }
}
