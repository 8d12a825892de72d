//! What the clock screen pays per animation frame (a reading) and a reload
//! (replaying a long game's clock log).

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use laws::clock::{Clock, ClockAction, ClockSettings};
use laws::game::Side;
use laws::time_control::TimeControl;

/// A 120-move game under the FIDE control: 240 presses, 7 s to 61 s each.
fn game() -> (TimeControl, Vec<(u64, ClockAction)>) {
    let control: TimeControl = "40/5400+30:1800+30".parse().unwrap();
    let mut log = vec![(0, ClockAction::Start { side: Side::White })];
    let mut now = 0;
    for ply in 0..240u64 {
        now += 7_000 + (ply * 7_919) % 54_000;
        let side = if ply % 2 == 0 {
            Side::White
        } else {
            Side::Black
        };
        log.push((now, ClockAction::Press { side }));
    }
    (control, log)
}

fn bench(c: &mut Criterion) {
    let (control, log) = game();
    c.bench_function("replay a 120-move clock log", |b| {
        b.iter(|| {
            Clock::replay(
                black_box(&control),
                ClockSettings::default(),
                black_box(&log),
            )
            .unwrap()
        })
    });
    let clock = Clock::replay(&control, ClockSettings::default(), &log).unwrap();
    let now = log.last().unwrap().0 + 12_345;
    c.bench_function("read the clock for a frame", |b| {
        b.iter(|| black_box(&clock).display(black_box(now)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
