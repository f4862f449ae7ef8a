//! `Quarters`: the exact unit of counting, a quarter of a stone, which is half a point (one
//! stone = two points, seed 004). Komi, compensation, penalties, margins and pars are kept
//! in it, so 184 1/4 or 7.5 never meet a floating-point error.

use std::fmt::Write as _;
use std::ops::{Add, AddAssign, Neg, Sub};

use serde::{Deserialize, Serialize};

/// An exact amount in quarter stones (= half points): `Quarters(15)` is 3 3/4 stones, 7.5
/// points. Serialized as the bare integer of quarters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Quarters(pub i32);

impl Quarters {
    pub const ZERO: Quarters = Quarters(0);

    pub fn from_stones(stones: i32) -> Quarters {
        Quarters(4 * stones)
    }
    pub fn from_points(points: i32) -> Quarters {
        Quarters(2 * points)
    }
    /// Points given as a number (komi 7.5, an SGF margin); `None` unless a whole or half point.
    pub fn from_points_f64(points: f64) -> Option<Quarters> {
        exact(points * 2.0)
    }
    /// Stones given as a number (3.75); `None` unless a whole number of quarters.
    pub fn from_stones_f64(stones: f64) -> Option<Quarters> {
        exact(stones * 4.0)
    }
    pub fn points(self) -> f64 {
        f64::from(self.0) / 2.0
    }
    pub fn stones(self) -> f64 {
        f64::from(self.0) / 4.0
    }
    pub fn abs(self) -> Quarters {
        Quarters(self.0.abs())
    }

    /// In stones as a mixed number: "3 3/4", "1/4", "184", "-1/2".
    pub fn stones_text(self) -> String {
        mixed(self.0, 4, " ")
    }
    /// In stones the Chinese way: "3又3/4", "1/4", "184".
    pub fn stones_text_zh(self) -> String {
        mixed(self.0, 4, "又")
    }
    /// In points as a mixed number: "7 1/2", "1/2", "7".
    pub fn points_text(self) -> String {
        mixed(self.0, 2, " ")
    }
    /// In points as a decimal, as SGF writes them: "7.5", "0.5", "7".
    pub fn points_decimal(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let halves = self.0.unsigned_abs();
        let whole = halves / 2;
        if halves.is_multiple_of(2) {
            format!("{sign}{whole}")
        } else {
            format!("{sign}{whole}.5")
        }
    }

    /// Reads a number of stones as an arbiter types it: "184", "184.5", "184 1/2",
    /// "3又3/4", "3/4". `None` unless it is a whole number of quarters.
    pub fn parse_stones(text: &str) -> Option<Quarters> {
        let text = text.trim().replace('又', " ");
        let (negative, text) = match text.strip_prefix('-') {
            Some(rest) => (true, rest.trim().to_string()),
            None => (false, text),
        };
        let parts: Vec<&str> = text.split_whitespace().collect();
        let value = match parts.as_slice() {
            [single] if single.contains('/') => fraction(single)?,
            [single] => Quarters::from_stones_f64(single.parse::<f64>().ok().filter(|v| *v >= 0.0)?)?,
            [whole, part] => Quarters::from_stones(whole.parse::<u16>().ok()?.into()) + fraction(part)?,
            _ => return None,
        };
        Some(if negative { -value } else { value })
    }
}

/// `n/d` with d in 1, 2, 4 and n < d (a proper fraction of a stone), in quarters.
fn fraction(text: &str) -> Option<Quarters> {
    let (n, d) = text.split_once('/')?;
    let (n, d): (i32, i32) = (n.trim().parse().ok()?, d.trim().parse().ok()?);
    if !matches!(d, 1 | 2 | 4) || !(0..d).contains(&n) {
        return None;
    }
    Some(Quarters(n * 4 / d))
}

fn exact(value: f64) -> Option<Quarters> {
    let rounded = value.round();
    (rounded == value && rounded.abs() <= f64::from(i32::MAX)).then_some(Quarters(rounded as i32))
}

/// `units` parts of 1/`per` written as a mixed number with the fraction reduced.
fn mixed(units: i32, per: u32, joiner: &str) -> String {
    let mut out = String::new();
    if units < 0 {
        out.push('-');
    }
    let units = units.unsigned_abs();
    let (whole, rest) = (units / per, units % per);
    if whole > 0 || rest == 0 {
        let _ = write!(out, "{whole}");
    }
    if rest > 0 {
        let g = gcd(rest, per);
        if whole > 0 {
            out.push_str(joiner);
        }
        let _ = write!(out, "{}/{}", rest / g, per / g);
    }
    out
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

impl Add for Quarters {
    type Output = Quarters;
    fn add(self, other: Quarters) -> Quarters {
        Quarters(self.0 + other.0)
    }
}
impl AddAssign for Quarters {
    fn add_assign(&mut self, other: Quarters) {
        self.0 += other.0;
    }
}
impl Sub for Quarters {
    type Output = Quarters;
    fn sub(self, other: Quarters) -> Quarters {
        Quarters(self.0 - other.0)
    }
}
impl Neg for Quarters {
    type Output = Quarters;
    fn neg(self) -> Quarters {
        Quarters(-self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mixed_numbers_in_stones_and_points() {
        assert_eq!(Quarters(15).stones_text(), "3 3/4");
        assert_eq!(Quarters(15).stones_text_zh(), "3又3/4");
        assert_eq!(Quarters(15).points_text(), "7 1/2");
        assert_eq!(Quarters(15).points_decimal(), "7.5");
        assert_eq!(Quarters(1).stones_text(), "1/4");
        assert_eq!(Quarters(2).stones_text(), "1/2");
        assert_eq!(Quarters(-1).stones_text(), "-1/4");
        assert_eq!(Quarters(-3).points_decimal(), "-1.5");
        assert_eq!(Quarters(736).stones_text(), "184");
        assert_eq!(Quarters(0).stones_text(), "0");
    }

    #[test]
    fn typed_numbers_are_read_exactly_or_refused() {
        assert_eq!(Quarters::parse_stones("184 1/2"), Some(Quarters(738)));
        assert_eq!(Quarters::parse_stones("184.25"), Some(Quarters(737)));
        assert_eq!(Quarters::parse_stones("3又3/4"), Some(Quarters(15)));
        assert_eq!(Quarters::parse_stones("3/4"), Some(Quarters(3)));
        assert_eq!(Quarters::parse_stones("-1/4"), Some(Quarters(-1)));
        assert_eq!(Quarters::parse_stones("184.3"), None);
        assert_eq!(Quarters::parse_stones("1 5/4"), None);
        assert_eq!(Quarters::parse_stones("tens"), None);
        assert_eq!(Quarters::from_points_f64(7.5), Some(Quarters(15)));
        assert_eq!(Quarters::from_points_f64(0.25), None);
    }
}
