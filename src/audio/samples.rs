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

#[cfg(test)]
mod tests {
    use super::*;

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
