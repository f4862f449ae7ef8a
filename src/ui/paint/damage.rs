//! What changed on screen between two frames: the frames' shapes compared one by one, the
//! rectangles (whole pixels, disjoint) where they differ, and the shapes to paint inside them.
//! Pure; `canvas` paints only these rectangles over the frame kept from before.

use egui::epaint::ClippedShape;
use egui::{Pos2, Rect};

/// More rectangles than this are painted as their bounding box.
const MAX_RECTS: usize = 24;
/// A frame whose changes cover more than this share of the screen is painted whole.
const MAX_SHARE: f32 = 0.6;
/// How far ahead a mismatch looks for the lists to pair up again.
const LOOKAHEAD: usize = 32;
/// More changed shapes than this: the frame is painted whole without merging their rectangles.
const MAX_CHANGED: usize = 2000;
/// Points added around a changed shape: its anti-aliased edge reaches a pixel beyond its bounds.
const FEATHER: f32 = 2.0;

/// Where a frame must be painted.
#[derive(Debug, Clone, PartialEq)]
pub enum Damage {
    /// All of it.
    Full,
    /// Only these rectangles, in points, on whole pixels, disjoint (possibly none).
    Rects(Vec<Rect>),
}

/// The screen: its size in points and the pixels per point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Screen {
    pub rect: Rect,
    pub pixels_per_point: f32,
}

impl Screen {
    /// Width and height in whole pixels.
    pub fn size_px(&self) -> [u32; 2] {
        let size = self.rect.size() * self.pixels_per_point;
        [size.x.round().max(0.0) as u32, size.y.round().max(0.0) as u32]
    }

    /// `rect` grown to whole pixels and kept on the screen (in points).
    fn snap(&self, rect: Rect) -> Rect {
        let ppp = self.pixels_per_point;
        let [w, h] = self.size_px();
        let px = |v: f32, max: u32| v.clamp(0.0, max as f32);
        let min = Pos2::new(px((rect.min.x * ppp).floor(), w), px((rect.min.y * ppp).floor(), h));
        let max = Pos2::new(px((rect.max.x * ppp).ceil(), w), px((rect.max.y * ppp).ceil(), h));
        Rect::from_min_max(min / ppp, max / ppp)
    }
}

/// Where `now` differs from `before`, both frames on `screen`. The two lists are walked side by
/// side: equal shapes pair up; a shape inserted or removed (a caption appearing) is found by
/// looking a little ahead, so the rest still pairs up; every shape not paired is damage, where it
/// was and where it is. A pixel outside the damage is touched by paired shapes only, equal and in
/// the same order in both frames, so it is painted the same. Changes over most of the screen are
/// `Full`.
pub fn between(before: &[ClippedShape], now: &[ClippedShape], screen: Screen) -> Damage {
    let mut rects = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < before.len() && j < now.len() {
        if before[i] == now[j] {
            i += 1;
            j += 1;
            continue;
        }
        match resync(&before[i..], &now[j..]) {
            Some(Skip::Inserted(k)) => {
                rects.extend(now[j..j + k].iter().filter_map(|s| extent(s, screen)));
                j += k;
            }
            Some(Skip::Removed(k)) => {
                rects.extend(before[i..i + k].iter().filter_map(|s| extent(s, screen)));
                i += k;
            }
            None => {
                rects.extend(extent(&before[i], screen));
                rects.extend(extent(&now[j], screen));
                i += 1;
                j += 1;
            }
        }
        if rects.len() > MAX_CHANGED {
            return Damage::Full;
        }
    }
    rects.extend(before[i..].iter().chain(&now[j..]).filter_map(|s| extent(s, screen)));
    if rects.len() > MAX_CHANGED {
        return Damage::Full;
    }
    let rects = disjoint(rects);
    let area: f32 = rects.iter().map(|r| r.area()).sum();
    if area > MAX_SHARE * screen.rect.area() {
        Damage::Full
    } else {
        Damage::Rects(rects)
    }
}

/// How the lists pair up again after a mismatch at their heads.
enum Skip {
    /// The first `k` shapes of the new frame are new.
    Inserted(usize),
    /// The first `k` shapes of the old frame are gone.
    Removed(usize),
}

/// The nearest way to pair `before[0]` or `now[0]` again, looking at most `LOOKAHEAD` shapes on.
fn resync(before: &[ClippedShape], now: &[ClippedShape]) -> Option<Skip> {
    (1..=LOOKAHEAD).find_map(|k| {
        if now.get(k) == before.first() {
            Some(Skip::Inserted(k))
        } else if before.get(k) == now.first() {
            Some(Skip::Removed(k))
        } else {
            None
        }
    })
}

/// The pixels a shape may touch, snapped to whole pixels (none when clipped away).
fn extent(shape: &ClippedShape, screen: Screen) -> Option<Rect> {
    let drawn = bounds(shape).intersect(shape.clip_rect);
    let snapped = screen.snap(drawn);
    snapped.is_positive().then_some(snapped)
}

/// Where a shape lands on screen, with its anti-aliased edge.
fn bounds(shape: &ClippedShape) -> Rect {
    (shape.transform_after_tessellation * shape.shape.visual_bounding_rect()).expand(FEATHER)
}

/// The rectangles merged until no two overlap (so nothing is painted twice), at most `MAX_RECTS`.
fn disjoint(mut rects: Vec<Rect>) -> Vec<Rect> {
    if rects.len() > 4 * MAX_RECTS {
        // Merging pairs costs the cube of their number: many are one box.
        return vec![bounding_box(&rects)];
    }
    let mut merged = true;
    while merged {
        merged = false;
        'outer: for i in 0..rects.len() {
            for j in i + 1..rects.len() {
                if overlap(rects[i], rects[j]) {
                    let other = rects.swap_remove(j);
                    rects[i] = rects[i].union(other);
                    merged = true;
                    break 'outer;
                }
            }
        }
    }
    if rects.len() > MAX_RECTS {
        return vec![bounding_box(&rects)];
    }
    rects
}

fn bounding_box(rects: &[Rect]) -> Rect {
    rects.iter().fold(Rect::NOTHING, |acc, r| acc.union(*r))
}

/// Whether two rectangles share pixels (touching edges do not).
fn overlap(a: Rect, b: Rect) -> bool {
    a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y
}

/// The shapes of `frame` that reach into `rects`, each clipped to one rectangle, in paint order
/// within each rectangle.
pub fn inside(frame: &[ClippedShape], rects: &[Rect]) -> Vec<ClippedShape> {
    let mut out = Vec::new();
    for rect in rects {
        for shape in frame {
            let clip = shape.clip_rect.intersect(*rect);
            if clip.is_positive() && bounds(shape).intersects(clip) {
                out.push(ClippedShape {
                    clip_rect: clip,
                    ..shape.clone()
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::emath::TSTransform;
    use egui::epaint::{CornerRadius, Shape};
    use egui::{Color32, pos2, vec2};

    fn rects_of(damage: Damage) -> Vec<Rect> {
        match damage {
            Damage::Rects(rects) => rects,
            Damage::Full => panic!("expected rectangles, got Full"),
        }
    }

    fn screen() -> Screen {
        Screen {
            rect: Rect::from_min_size(Pos2::ZERO, vec2(1000.0, 800.0)),
            pixels_per_point: 1.0,
        }
    }

    fn square(x: f32, y: f32, side: f32, color: Color32) -> ClippedShape {
        ClippedShape {
            clip_rect: screen().rect,
            shape: Shape::rect_filled(
                Rect::from_min_size(pos2(x, y), vec2(side, side)),
                CornerRadius::ZERO,
                color,
            ),
            transform_after_tessellation: TSTransform::IDENTITY,
        }
    }

    #[test]
    fn an_unchanged_frame_has_nothing_to_paint() {
        let frame = vec![
            square(10.0, 10.0, 50.0, Color32::RED),
            square(500.0, 500.0, 20.0, Color32::BLUE),
        ];
        assert_eq!(between(&frame, &frame.clone(), screen()), Damage::Rects(vec![]));
    }

    #[test]
    fn a_changed_shape_is_painted_in_whole_pixels_around_it() {
        let before = vec![
            square(10.0, 10.0, 50.0, Color32::RED),
            square(500.5, 500.0, 20.0, Color32::BLUE),
        ];
        let mut now = before.clone();
        now[1] = square(500.5, 500.0, 20.0, Color32::GREEN);
        let rects = rects_of(between(&before, &now, screen()));
        assert_eq!(rects, vec![Rect::from_min_max(pos2(498.0, 498.0), pos2(523.0, 522.0))]);
    }

    #[test]
    fn a_moved_shape_is_painted_where_it_was_and_where_it_is() {
        let before = vec![square(10.0, 10.0, 20.0, Color32::RED)];
        let now = vec![square(300.0, 300.0, 20.0, Color32::RED)];
        let rects = rects_of(between(&before, &now, screen()));
        assert_eq!(rects.len(), 2);
        assert!(rects.iter().any(|r| r.contains(pos2(20.0, 20.0))));
        assert!(rects.iter().any(|r| r.contains(pos2(310.0, 310.0))));
    }

    #[test]
    fn overlapping_changes_merge_so_no_pixel_is_painted_twice() {
        let before = vec![
            square(10.0, 10.0, 40.0, Color32::RED),
            square(30.0, 30.0, 40.0, Color32::RED),
        ];
        let now = vec![
            square(10.0, 10.0, 40.0, Color32::BLUE),
            square(30.0, 30.0, 40.0, Color32::BLUE),
        ];
        let rects = rects_of(between(&before, &now, screen()));
        assert_eq!(rects, vec![Rect::from_min_max(pos2(8.0, 8.0), pos2(72.0, 72.0))]);
    }

    #[test]
    fn a_shape_inserted_or_removed_is_painted_alone_and_the_rest_still_pairs_up() {
        let before = vec![
            square(10.0, 10.0, 40.0, Color32::RED),
            square(500.0, 500.0, 20.0, Color32::BLUE),
            square(700.0, 100.0, 20.0, Color32::BLUE),
        ];
        let mut now = before.clone();
        now.insert(1, square(300.0, 300.0, 10.0, Color32::GREEN));
        let caption = Rect::from_min_max(pos2(298.0, 298.0), pos2(312.0, 312.0));
        assert_eq!(between(&before, &now, screen()), Damage::Rects(vec![caption]));
        assert_eq!(between(&now, &before, screen()), Damage::Rects(vec![caption]));
    }

    #[test]
    fn a_change_over_most_of_the_screen_repaints_everything() {
        let before = vec![square(10.0, 10.0, 40.0, Color32::RED)];
        let big = vec![square(0.0, 0.0, 900.0, Color32::RED)];
        assert_eq!(between(&before, &big, screen()), Damage::Full);
        let many: Vec<_> = (0..3000)
            .map(|i| square((i % 900) as f32, 0.0, 1.0, Color32::RED))
            .collect();
        let moved: Vec<_> = many
            .iter()
            .map(|s| ClippedShape {
                clip_rect: Rect::ZERO,
                ..s.clone()
            })
            .collect();
        assert_eq!(between(&many, &moved, screen()), Damage::Full);
    }

    #[test]
    fn a_changed_shape_next_to_an_insertion_is_painted_too() {
        let before = vec![
            square(10.0, 10.0, 20.0, Color32::RED),
            square(100.0, 10.0, 20.0, Color32::RED),
        ];
        let now = vec![
            square(10.0, 10.0, 20.0, Color32::BLUE),
            square(300.0, 300.0, 10.0, Color32::GREEN),
            square(100.0, 10.0, 20.0, Color32::RED),
        ];
        let rects = rects_of(between(&before, &now, screen()));
        assert!(rects.iter().any(|r| r.contains(pos2(20.0, 20.0))));
        assert!(rects.iter().any(|r| r.contains(pos2(305.0, 305.0))));
        assert!(!rects.iter().any(|r| r.contains(pos2(110.0, 20.0))));
    }

    #[test]
    fn changes_beyond_the_screen_edge_are_cut_to_it() {
        let before = vec![square(990.0, 790.0, 40.0, Color32::RED)];
        let now = vec![square(990.0, 790.0, 40.0, Color32::BLUE)];
        assert_eq!(
            between(&before, &now, screen()),
            Damage::Rects(vec![Rect::from_min_max(pos2(988.0, 788.0), pos2(1000.0, 800.0))])
        );
    }

    #[test]
    fn only_the_shapes_reaching_a_damaged_rectangle_are_painted_and_clipped_to_it() {
        let frame = vec![
            square(10.0, 10.0, 40.0, Color32::RED),
            square(300.0, 300.0, 40.0, Color32::BLUE),
        ];
        let damaged = Rect::from_min_max(pos2(0.0, 0.0), pos2(30.0, 30.0));
        let painted = inside(&frame, &[damaged]);
        assert_eq!(painted.len(), 1);
        assert_eq!(painted[0].clip_rect, damaged);
        assert_eq!(painted[0].shape, frame[0].shape);
    }

    #[test]
    fn many_scattered_changes_are_painted_as_their_bounding_box() {
        let before: Vec<_> = (0..30)
            .map(|i| square(i as f32 * 30.0, 0.0, 5.0, Color32::RED))
            .collect();
        let now: Vec<_> = (0..30)
            .map(|i| square(i as f32 * 30.0, 0.0, 5.0, Color32::BLUE))
            .collect();
        let rects = rects_of(between(&before, &now, screen()));
        assert_eq!(rects.len(), 1);
        assert!(rects[0].contains(pos2(2.0, 2.0)) && rects[0].contains(pos2(872.0, 2.0)));
    }

    #[test]
    fn fractional_pixels_per_point_snap_outward_to_whole_pixels() {
        let screen = Screen {
            rect: Rect::from_min_size(Pos2::ZERO, vec2(800.0, 600.0)),
            pixels_per_point: 1.5,
        };
        let snapped = screen.snap(Rect::from_min_max(pos2(10.1, 10.1), pos2(20.1, 20.1)));
        let px = |v: f32| v * 1.5;
        assert_eq!([px(snapped.min.x), px(snapped.min.y)], [15.0, 15.0]);
        assert_eq!([px(snapped.max.x).round(), px(snapped.max.y).round()], [31.0, 31.0]);
        assert_eq!(screen.size_px(), [1200, 900]);
    }
}
