//! The small trained model that reads each point from its features: a softmax over three classes
//! (empty, black, white), linear in `inputs`. Its weights are in assets/photo-classifier.txt,
//! written by `cargo run --example photo_train` from the test photos (cross-validated by folder).
//! Not in the reading path: held out by folder it read 99.39% of points and 46.2% of boards
//! right against the clusters' 99.54% and 48.1% (`classify::read_best`); kept with its trainer
//! so a better set of inputs can be tried and measured the same way.

use super::classify::{self, CHROMA_CAP, Features, Look, Observation, Read};

/// How many numbers describe a point to the model.
pub const INPUTS: usize = 12;

/// The model's inputs for one point: its own looks (relative to the bare board nearby) and where
/// it lies against this board's three clusters, so a board of any colour in any light reads alike.
pub fn inputs(f: &Features, centres: &[Look; 3]) -> [f32; INPUTS] {
    let [empty, black, white] = centres;
    [
        f.light.max(0.05).ln(),
        f.chroma.min(CHROMA_CAP),
        f.dark,
        f.bright,
        f.spread,
        f.straight.max(0.05).ln(),
        classify::distance(empty, f),
        classify::distance(black, f),
        classify::distance(white, f),
        (f.light - empty.light) / (white.light - empty.light).max(0.1),
        (empty.light - f.light) / (empty.light - black.light).max(0.1),
        f.light,
    ]
}

/// The weights: for each class, one a input and the bias last.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub weights: [[f32; INPUTS + 1]; 3],
}

/// The shipped weights.
const SHIPPED: &str = include_str!("../../assets/photo-classifier.txt");

/// Why a weights file was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ModelError {
    #[error("line {line}: '{found}' is not a number")]
    Number { line: usize, found: String },
    #[error("line {line} has {found} weights, expected {expected}")]
    Width { line: usize, found: usize, expected: usize },
    #[error("{found} lines of weights, expected 3 (empty, black, white)")]
    Rows { found: usize },
}

impl Model {
    /// The model shipped in assets/; `None` when it cannot be read (the clusters read alone).
    pub fn shipped() -> Option<Model> {
        Model::parse(SHIPPED).ok()
    }

    /// Three lines of `INPUTS + 1` numbers (empty, black, white); `#` lines are comments.
    pub fn parse(text: &str) -> Result<Model, ModelError> {
        let mut rows = Vec::new();
        for (index, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut row = [0f32; INPUTS + 1];
            let words: Vec<&str> = line.split_whitespace().collect();
            if words.len() != INPUTS + 1 {
                return Err(ModelError::Width {
                    line: index + 1,
                    found: words.len(),
                    expected: INPUTS + 1,
                });
            }
            for (w, word) in row.iter_mut().zip(&words) {
                *w = word
                    .parse::<f32>()
                    .ok()
                    .filter(|v| v.is_finite())
                    .ok_or_else(|| ModelError::Number {
                        line: index + 1,
                        found: (*word).to_string(),
                    })?;
            }
            rows.push(row);
        }
        match rows.as_slice() {
            [a, b, c] => Ok(Model { weights: [*a, *b, *c] }),
            _ => Err(ModelError::Rows { found: rows.len() }),
        }
    }

    /// The weights file, with `comment` as its first lines.
    pub fn write(&self, comment: &str) -> String {
        let mut out = String::new();
        for line in comment.lines() {
            out.push_str("# ");
            out.push_str(line);
            out.push('\n');
        }
        for row in &self.weights {
            let words: Vec<String> = row.iter().map(|w| format!("{w:.6}")).collect();
            out.push_str(&words.join(" "));
            out.push('\n');
        }
        out
    }

    /// The three classes' probabilities.
    pub fn probabilities(&self, x: &[f32; INPUTS]) -> [f32; 3] {
        let logits = self
            .weights
            .map(|w| w[INPUTS] + w.iter().zip(x).map(|(a, b)| a * b).sum::<f32>());
        softmax(logits)
    }

    /// Every point of an observation read; the confidence is the lead of the likeliest class over
    /// the next.
    pub fn read(&self, seen: &Observation) -> Vec<Read> {
        seen.features
            .iter()
            .map(|f| {
                let p = self.probabilities(&inputs(f, &seen.centres));
                let mut order = [0usize, 1, 2];
                order.sort_by(|&a, &b| p[b].total_cmp(&p[a]));
                Read {
                    stone: classify::stone_of(order[0]),
                    confidence: (p[order[0]] - p[order[1]]).clamp(0.0, 1.0),
                    features: *f,
                }
            })
            .collect()
    }

    /// The weights fitted to labelled points (inputs, class 0 empty / 1 black / 2 white) by
    /// gradient descent on the mean log loss with a little weight decay, from zero: the same
    /// data gives the same model. The inputs are standardised while fitting and the scaling
    /// folded back into the weights.
    pub fn train(data: &[([f32; INPUTS], usize)], rounds: usize) -> Model {
        let n = data.len().max(1) as f64;
        let mut mean = [0f64; INPUTS];
        let mut scale = [0f64; INPUTS];
        for (x, _) in data {
            for (m, v) in mean.iter_mut().zip(x) {
                *m += f64::from(*v) / n;
            }
        }
        for (x, _) in data {
            for ((s, v), m) in scale.iter_mut().zip(x).zip(&mean) {
                *s += (f64::from(*v) - m).powi(2) / n;
            }
        }
        let scale = scale.map(|v| v.sqrt().max(1e-6));
        let z: Vec<[f64; INPUTS]> = data
            .iter()
            .map(|(x, _)| std::array::from_fn(|j| (f64::from(x[j]) - mean[j]) / scale[j]))
            .collect();
        let mut w = [[0f64; INPUTS + 1]; 3];
        let rate = 0.5;
        let decay = 1e-4;
        for _ in 0..rounds {
            let mut grad = [[0f64; INPUTS + 1]; 3];
            for (x, (_, class)) in z.iter().zip(data) {
                let logits = w.map(|w| w[INPUTS] + w.iter().zip(x).map(|(a, b)| a * b).sum::<f64>());
                let top = logits.iter().fold(f64::MIN, |a, &b| a.max(b));
                let e = logits.map(|l| (l - top).exp());
                let sum: f64 = e.iter().sum();
                for (c, g) in grad.iter_mut().enumerate() {
                    let err = e[c] / sum - if c == *class { 1.0 } else { 0.0 };
                    for (gj, xj) in g.iter_mut().zip(x) {
                        *gj += err * xj;
                    }
                    g[INPUTS] += err;
                }
            }
            for (wc, gc) in w.iter_mut().zip(&grad) {
                for (j, (wj, gj)) in wc.iter_mut().zip(gc).enumerate() {
                    let reg = if j < INPUTS { decay * *wj } else { 0.0 };
                    *wj -= rate * (gj / n + reg);
                }
            }
        }
        let weights = w.map(|w| {
            let mut out = [0f32; INPUTS + 1];
            let mut bias = w[INPUTS];
            for (j, o) in out.iter_mut().take(INPUTS).enumerate() {
                *o = (w[j] / scale[j]) as f32;
                bias -= w[j] * mean[j] / scale[j];
            }
            out[INPUTS] = bias as f32;
            out
        });
        Model { weights }
    }
}

fn softmax(logits: [f32; 3]) -> [f32; 3] {
    let top = logits.iter().fold(f32::MIN, |a, &b| a.max(b));
    let e = logits.map(|l| (l - top).exp());
    let sum: f32 = e.iter().sum();
    e.map(|v| v / sum)
}

#[cfg(test)]
// A test's `expect` names what was missing when it fails.
#[allow(clippy::expect_used)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_weights_read_as_a_model_with_a_weight_for_every_input() {
        let model = Model::parse(SHIPPED).expect("assets/photo-classifier.txt");
        assert!(model.weights.iter().flatten().any(|w| *w != 0.0));
        let again = Model::parse(&model.write("written again")).expect("the written weights read back");
        assert_eq!(again.write(""), model.write(""));
    }

    #[test]
    fn a_weights_file_with_a_missing_weight_or_a_word_is_refused_with_its_line() {
        let row = vec!["0.5"; INPUTS + 1].join(" ");
        let short = ["0.5"; INPUTS].join(" ");
        assert_eq!(
            Model::parse(&format!("# c\n{row}\n{short}\n{row}\n")),
            Err(ModelError::Width {
                line: 3,
                found: INPUTS,
                expected: INPUTS + 1
            })
        );
        let word = row.replacen("0.5", "x", 1);
        assert!(matches!(
            Model::parse(&format!("{row}\n{row}\n{word}\n")),
            Err(ModelError::Number { line: 3, .. })
        ));
        assert_eq!(Model::parse(&row), Err(ModelError::Rows { found: 1 }));
    }

    #[test]
    fn training_separates_dark_light_and_board_coloured_points() {
        let centres = [
            Look {
                light: 1.0,
                chroma: 1.0,
                dark: 0.0,
                bright: 0.0,
            },
            Look {
                light: 0.4,
                chroma: 0.3,
                dark: 1.0,
                bright: 0.0,
            },
            Look {
                light: 1.5,
                chroma: 0.4,
                dark: 0.0,
                bright: 1.0,
            },
        ];
        let point = |light: f32, chroma: f32| Features {
            light,
            chroma,
            dark: if light < 0.6 { 1.0 } else { 0.0 },
            bright: if light > 1.15 { 1.0 } else { 0.0 },
            spread: 0.05,
            straight: light,
        };
        let mut data = Vec::new();
        for k in 0..30 {
            let t = k as f32 / 30.0;
            data.push((inputs(&point(0.9 + 0.2 * t, 1.0), &centres), 0));
            data.push((inputs(&point(0.3 + 0.2 * t, 0.3), &centres), 1));
            data.push((inputs(&point(1.4 + 0.2 * t, 0.4), &centres), 2));
        }
        let model = Model::train(&data, 300);
        let seen = Observation {
            features: vec![point(1.02, 0.95), point(0.35, 0.3), point(1.55, 0.4)],
            centres,
        };
        let read: Vec<_> = model.read(&seen).iter().map(|r| r.stone).collect();
        assert_eq!(
            read,
            vec![None, Some(crate::board::Color::Black), Some(crate::board::Color::White)]
        );
    }
}
