//! Random legal playouts on 19x19: moves per second with captures, with and without the
//! positional-superko check. Figures only; nothing is asserted.

#![allow(clippy::expect_used)] // a benchmark may fail loudly

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use go_arbiter::board::{Board, Color};
use go_arbiter::playout::{Policy, Rng, play_out};

/// Moves in one playout of the fixed seed, to express throughput in moves.
fn moves_per_playout(superko: bool) -> u64 {
    let mut total = 0;
    let mut rng = Rng::new(7);
    let empty = Board::new(19).expect("19 is a valid size");
    for _ in 0..100 {
        let mut board = empty.clone();
        total += play_out(
            &mut board,
            Color::Black,
            &mut rng,
            1000,
            Policy {
                superko,
                ..Policy::default()
            },
        )
        .moves as u64;
    }
    total / 100
}

fn playouts(c: &mut Criterion) {
    let empty = Board::new(19).expect("19 is a valid size");
    for superko in [false, true] {
        let mut group = c.benchmark_group(if superko {
            "playout_19x19_superko"
        } else {
            "playout_19x19"
        });
        group.throughput(Throughput::Elements(moves_per_playout(superko)));
        let mut rng = Rng::new(1);
        group.bench_function("random legal playout", |b| {
            b.iter(|| {
                let mut board = empty.clone();
                play_out(
                    &mut board,
                    Color::Black,
                    &mut rng,
                    1000,
                    Policy {
                        superko,
                        ..Policy::default()
                    },
                )
            })
        });
        group.finish();
    }
}

criterion_group!(benches, playouts);
criterion_main!(benches);
