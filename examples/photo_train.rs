//! The photo reader's point model trained (issue 21): `photo_train DIR CORNERS [OUT]`. Every
//! photo under DIR with a .txt of the same name and a line in the CORNERS file is observed with
//! its corners given. The model is trained leaving out each top folder in turn (t1, t2, t3: other
//! boards, cameras and light) and read on the folder left out: those held-out figures are
//! printed beside the clusters' alone. Then it is trained on all and written to OUT
//! (assets/photo-classifier.txt). With MISSES=1 in the environment, each point the clusters
//! read wrong is listed with its features and the board's clusters.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use go_arbiter::board::Color;
use go_arbiter::photo::classify::{self, Observation};
use go_arbiter::photo::model::{self, INPUTS, Model};
use go_arbiter::photo::{self, Photo, accuracy, text};

const ROUNDS: usize = 3000;

struct Board {
    name: String,
    folder: String,
    seen: Observation,
    truth: Vec<usize>,
}

fn class(stone: Option<Color>) -> usize {
    match stone {
        None => 0,
        Some(Color::Black) => 1,
        Some(Color::White) => 2,
    }
}

fn photos(dir: &Path, out: &mut Vec<PathBuf>) -> anyhow::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            photos(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "jpg" || e == "png") && path.with_extension("txt").is_file() {
            out.push(path);
        }
    }
    Ok(())
}

/// Points right and boards perfect when each board is read by `read`.
fn score(boards: &[&Board], read: impl Fn(&Board) -> Vec<usize>) -> (usize, usize, usize, Vec<String>) {
    let (mut right, mut points, mut perfect) = (0, 0, 0);
    let mut misses = Vec::new();
    for b in boards {
        let got = read(b);
        let wrong = got.iter().zip(&b.truth).filter(|(a, t)| a != t).count();
        right += b.truth.len() - wrong;
        points += b.truth.len();
        if wrong == 0 {
            perfect += 1;
        } else {
            misses.push(format!("{} ({wrong})", b.name));
        }
    }
    (right, points, perfect, misses)
}

fn examples(boards: &[&Board]) -> Vec<([f32; INPUTS], usize)> {
    boards
        .iter()
        .flat_map(|b| {
            b.seen
                .features
                .iter()
                .zip(&b.truth)
                .map(|(f, &c)| (model::inputs(f, &b.seen.centres), c))
        })
        .collect()
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let (Some(dir), Some(corners)) = (args.get(1), args.get(2)) else {
        anyhow::bail!("usage: photo_train DIR CORNERS [OUT]");
    };
    let dir = PathBuf::from(dir);
    let corners = accuracy::read_corners(Path::new(corners))?;
    let mut files = Vec::new();
    photos(&dir, &mut files)?;
    files.sort();
    let mut boards = Vec::new();
    for path in files {
        let name = path.strip_prefix(&dir)?.to_string_lossy().replace('\\', "/");
        let Some(given) = corners.get(&name) else { continue };
        let (size, truth) = text::parse(&std::fs::read_to_string(path.with_extension("txt"))?)?;
        let picture = Photo::decode(&std::fs::read(&path)?)?;
        let (grid, _) = photo::locate(&picture, size, Some(*given))?;
        boards.push(Board {
            folder: name.split('/').next().unwrap_or_default().to_string(),
            name,
            seen: classify::observe(&picture, &grid),
            truth: truth.into_iter().map(class).collect(),
        });
    }
    let folders: BTreeMap<&str, ()> = boards.iter().map(|b| (b.folder.as_str(), ())).collect();
    let clusters = |b: &Board| -> Vec<usize> {
        classify::nearest_reads(&b.seen.features, &b.seen.centres)
            .iter()
            .map(|r| class(r.stone))
            .collect()
    };
    let by_model = |m: &Model| {
        let m = m.clone();
        move |b: &Board| -> Vec<usize> { m.read(&b.seen).iter().map(|r| class(r.stone)).collect() }
    };
    println!("held out   boards | clusters: points right  perfect | model: points right  perfect");
    let (mut all_c, mut all_m) = ((0, 0, 0), (0, 0, 0));
    let mut held_misses = Vec::new();
    for folder in folders.keys() {
        let (train, test): (Vec<&Board>, Vec<&Board>) = boards.iter().partition(|b| b.folder != *folder);
        let m = Model::train(&examples(&train), ROUNDS);
        let c = score(&test, clusters);
        let s = score(&test, by_model(&m));
        println!(
            "{folder:<10} {:>6} | {:>21.2}% {:>7}/{} | {:>18.2}% {:>7}/{}",
            test.len(),
            100.0 * c.0 as f64 / c.1 as f64,
            c.2,
            test.len(),
            100.0 * s.0 as f64 / s.1 as f64,
            s.2,
            test.len()
        );
        all_c = (all_c.0 + c.0, all_c.1 + c.1, all_c.2 + c.2);
        all_m = (all_m.0 + s.0, all_m.1 + s.1, all_m.2 + s.2);
        held_misses.extend(s.3);
    }
    println!(
        "all        {:>6} | {:>21.2}% {:>6.1}% | {:>18.2}% {:>6.1}%",
        boards.len(),
        100.0 * all_c.0 as f64 / all_c.1 as f64,
        100.0 * all_c.2 as f64 / boards.len() as f64,
        100.0 * all_m.0 as f64 / all_m.1 as f64,
        100.0 * all_m.2 as f64 / boards.len() as f64
    );
    println!("held-out misses: {}", held_misses.join(", "));
    if std::env::var("MISSES").is_ok() {
        for b in &boards {
            let got = clusters(b);
            let n = (b.truth.len() as f64).sqrt() as usize;
            for (k, (g, t)) in got.iter().zip(&b.truth).enumerate() {
                if g != t {
                    let f = b.seen.features[k];
                    println!(
                        "{} r{} c{} truth {t} clusters {g}: light {:.2} chroma {:.2} dark {:.2} bright {:.2} spread {:.2} straight {:.2}; centres {:?}",
                        b.name,
                        k / n,
                        k % n,
                        f.light,
                        f.chroma,
                        f.dark,
                        f.bright,
                        f.spread,
                        f.straight,
                        b.seen.centres.map(|c| (c.light, c.chroma))
                    );
                }
            }
        }
    }
    let everyone: Vec<&Board> = boards.iter().collect();
    let m = Model::train(&examples(&everyone), ROUNDS);
    let s = score(&everyone, by_model(&m));
    println!(
        "trained on all: {:.2}% points right, {}/{} perfect",
        100.0 * s.0 as f64 / s.1 as f64,
        s.2,
        boards.len()
    );
    if let Some(out) = args.get(3) {
        let comment = format!(
            "The photo reader's point model (src/photo/model.rs), written by\n\
             `cargo run --release --example photo_train -- DIR tests/data/photo-corners.txt OUT`\n\
             from {} photos of imago-tests (their corners given), {ROUNDS} rounds.\n\
             Held out by folder: {:.2}% of points right, {:.1}% of boards perfect.\n\
             One line a class (empty, black, white): a weight an input, the bias last.",
            boards.len(),
            100.0 * all_m.0 as f64 / all_m.1 as f64,
            100.0 * all_m.2 as f64 / boards.len() as f64
        );
        std::fs::write(out, m.write(&comment))?;
        println!("written to {out}");
    }
    Ok(())
}
