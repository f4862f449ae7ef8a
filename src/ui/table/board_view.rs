//! The board panel: the board drawn to scale (Art. 32: the lines' grid is 424.2 mm wide and
//! 454.5 mm long, the stones a touch smaller than the cells), coordinates, star points, the
//! last-move mark, and when counting the marks (dead stones faded and crossed, seki, territory as
//! small squares of the owner's colour, shared points); a click on a point becomes `Command::Point`.

use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, Vec2};

use crate::board::{Board, Color, Point};
use crate::game::{Action, Game};

use crate::ui::table::Command;

/// The grid's length over its width (Art. 32: 454.5 mm by 424.2 mm).
pub const LENGTH_OVER_WIDTH: f32 = 454.5 / 424.2;
/// A stone's diameter over the spacing of the lines across the board.
pub const STONE_OVER_CELL: f32 = 0.94;
/// The margin around the grid, in cells (room for the coordinates).
const MARGIN: f32 = 1.1;

const WOOD: Color32 = Color32::from_rgb(222, 184, 120);
const LINE: Color32 = Color32::from_rgb(40, 30, 20);

/// What counting draws over the board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Overlay {
    pub dead: Vec<Point>,
    pub seki: Vec<Point>,
    /// Every empty point and dead stone's point with its owner (`None`: shared), but those of a
    /// region no live stone borders, which carry no mark.
    pub areas: Vec<(Point, Option<Color>)>,
    /// Points the arbiter marked dame (neutral): a diamond over the shared point's ring.
    pub dame: Vec<Point>,
    /// Stones of chains the suggestion is unsure about ("check this"): an orange ring.
    pub unsettled: Vec<Point>,
    /// Unfinished borders ("needs sealing"): a small orange square.
    pub sealing: Vec<Point>,
}

/// The width of the widest board (its margin included) that a height of `height` holds.
pub fn width_for_height(height: f32) -> f32 {
    let n = 18.0;
    height.max(0.0) * (n + 2.0 * MARGIN) / (n * LENGTH_OVER_WIDTH + 2.0 * MARGIN)
}

/// Where the points of a board of `size` lie in a rectangle of the screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    /// The centre of the top-left point (column 0, row 0).
    pub origin: Pos2,
    /// The spacing of the lines across (columns) and along (rows) the board.
    pub dx: f32,
    pub dy: f32,
    pub size: u8,
}

impl Geometry {
    /// The largest board of `size` that fits `rect`, centred across it and at its top.
    pub fn fit(rect: Rect, size: u8) -> Geometry {
        let n = f32::from(size.max(2) - 1);
        let dx = (rect.width() / (n + 2.0 * MARGIN)).min(rect.height() / (n * LENGTH_OVER_WIDTH + 2.0 * MARGIN));
        let dy = dx * LENGTH_OVER_WIDTH;
        let grid = Vec2::new(n * dx, n * dy);
        let top = rect.top() + MARGIN * dx;
        Geometry {
            origin: Pos2::new(rect.center().x - grid.x / 2.0, top),
            dx,
            dy,
            size,
        }
    }

    /// The centre of a point.
    pub fn center(&self, p: Point) -> Pos2 {
        self.origin + Vec2::new(f32::from(p.col) * self.dx, f32::from(p.row) * self.dy)
    }

    /// The point under `pos`, if it is within half a cell of one.
    pub fn point_at(&self, pos: Pos2) -> Option<Point> {
        let col = ((pos.x - self.origin.x) / self.dx).round();
        let row = ((pos.y - self.origin.y) / self.dy).round();
        let max = f32::from(self.size) - 1.0;
        ((0.0..=max).contains(&col) && (0.0..=max).contains(&row)).then(|| Point::new(col as u8, row as u8))
    }

    /// The wooden board: the grid and its margin.
    pub fn board_rect(&self) -> Rect {
        let n = f32::from(self.size - 1);
        let margin = Vec2::new(MARGIN * self.dx, MARGIN * self.dx);
        Rect::from_min_max(
            self.origin - margin,
            self.origin + Vec2::new(n * self.dx, n * self.dy) + margin,
        )
    }
}

/// The star points of the usual sizes.
fn star_points(size: u8) -> Vec<Point> {
    let lines: &[u8] = match size {
        19 => &[3, 9, 15],
        13 => &[3, 6, 9],
        9 => &[2, 4, 6],
        _ => &[],
    };
    let mut points: Vec<Point> = lines
        .iter()
        .flat_map(|&c| lines.iter().map(move |&r| Point::new(c, r)))
        .collect();
    if size == 9 {
        points.retain(|p| p.col != 4 || p.row == 4);
        points.retain(|p| p.row != 4 || p.col == 4);
    }
    points
}

/// The last move played, if the cursor stands on one.
fn last_move(game: &Game) -> Option<(Color, Point)> {
    match &game.node(game.cursor()).action {
        Some(Action::Move { color, point }) => Some((*color, *point)),
        _ => None,
    }
}

/// The number of the move that put each stone still on the board there (the latest move at a
/// point, if its stone is the one standing there), along the path to the cursor.
pub fn move_numbers(game: &Game) -> Vec<(Point, usize)> {
    let mut latest: Vec<(Point, Color, usize)> = Vec::new();
    for (id, trace) in game.path_ids().into_iter().zip(game.path_traces()) {
        if let Some(Action::Move { color, point }) = &game.node(id).action {
            latest.retain(|(p, _, _)| p != point);
            latest.push((*point, *color, trace.move_number()));
        }
    }
    let board = game.board();
    latest
        .into_iter()
        .filter(|&(p, color, _)| board.get(p) == Some(color))
        .map(|(p, _, n)| (p, n))
        .collect()
}

/// Draws the board filling the space left; returns the command of a click on a point.
pub fn show(ui: &mut egui::Ui, game: &Game) -> Option<Command> {
    show_numbered(ui, game, false)
}

/// The board, with the move numbers on the stones when `numbered`, else the last move marked.
pub fn show_numbered(ui: &mut egui::Ui, game: &Game, numbered: bool) -> Option<Command> {
    let marks = match numbered {
        true => Marks::Numbers(move_numbers(game), last_move(game).map(|(_, p)| p)),
        false => Marks::LastMove(last_move(game)),
    };
    draw(ui, game.board(), marks)
}

/// A counted board with the marks of the count over it.
pub fn show_board(ui: &mut egui::Ui, board: &Board, overlay: &Overlay) -> Option<Command> {
    draw(ui, board, Marks::Count(overlay))
}

/// What is drawn over the stones.
enum Marks<'a> {
    /// The last move, if it is still on the board.
    LastMove(Option<(Color, Point)>),
    /// The numbers of the moves that put the stones there, the last move's in red.
    Numbers(Vec<(Point, usize)>, Option<Point>),
    Count(&'a Overlay),
}

fn draw(ui: &mut egui::Ui, board: &Board, marks: Marks<'_>) -> Option<Command> {
    let size = ui.available_size().max(Vec2::splat(60.0));
    let (response, painter) = ui.allocate_painter(size, Sense::click());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "Board"));
    let g = Geometry::fit(response.rect, board.size());
    painter.rect_filled(g.board_rect(), 3.0, WOOD);

    let n = board.size();
    let last = f32::from(n - 1);
    for i in 0..n {
        let edge = i == 0 || i == n - 1;
        let stroke = Stroke::new(if edge { 1.6 } else { 0.8 }, LINE);
        let x = g.origin.x + f32::from(i) * g.dx;
        let y = g.origin.y + f32::from(i) * g.dy;
        painter.line_segment(
            [Pos2::new(x, g.origin.y), Pos2::new(x, g.origin.y + last * g.dy)],
            stroke,
        );
        painter.line_segment(
            [Pos2::new(g.origin.x, y), Pos2::new(g.origin.x + last * g.dx, y)],
            stroke,
        );
    }
    for p in star_points(n) {
        painter.circle_filled(g.center(p), (g.dx * 0.11).max(2.0), LINE);
    }

    let font = FontId::proportional((g.dx * 0.42).clamp(8.0, 18.0));
    let off = MARGIN * g.dx * 0.6;
    for i in 0..n {
        let letter = Point::new(i, 0).to_gtp(n).chars().next().unwrap_or('?').to_string();
        let top = g.center(Point::new(i, 0));
        let bottom = g.center(Point::new(i, n - 1));
        painter.text(
            top - Vec2::new(0.0, off),
            Align2::CENTER_CENTER,
            &letter,
            font.clone(),
            LINE,
        );
        painter.text(
            bottom + Vec2::new(0.0, off),
            Align2::CENTER_CENTER,
            &letter,
            font.clone(),
            LINE,
        );
        let number = (n - i).to_string();
        let left = g.center(Point::new(0, i));
        let right = g.center(Point::new(n - 1, i));
        painter.text(
            left - Vec2::new(off, 0.0),
            Align2::CENTER_CENTER,
            &number,
            font.clone(),
            LINE,
        );
        painter.text(
            right + Vec2::new(off, 0.0),
            Align2::CENTER_CENTER,
            &number,
            font.clone(),
            LINE,
        );
    }

    let radius = g.dx * STONE_OVER_CELL / 2.0;
    let overlay = match &marks {
        Marks::Count(o) => Some(*o),
        _ => None,
    };
    for p in board.points() {
        let Some(color) = board.get(p) else { continue };
        let c = g.center(p);
        let dead = overlay.is_some_and(|o| o.dead.contains(&p));
        // A dead stone is drawn faded: a third of its opacity.
        let alpha = if dead { 90 } else { 255 };
        crate::ui::paint::stone_sprites::draw(&painter, c, radius, color, alpha);
    }
    match marks {
        Marks::Count(o) => draw_overlay(&painter, &g, o),
        Marks::Numbers(numbers, last) => {
            let font = FontId::proportional((g.dx * 0.4).clamp(6.0, 16.0));
            for (p, n) in numbers {
                // The last move's number in red stands for the last-move mark.
                let ink = match board.get(p) {
                    _ if last == Some(p) => Color32::from_rgb(220, 40, 30),
                    Some(Color::Black) => Color32::from_gray(240),
                    _ => Color32::from_gray(15),
                };
                painter.text(g.center(p), Align2::CENTER_CENTER, n.to_string(), font.clone(), ink);
            }
        }
        Marks::LastMove(Some((color, p))) if board.get(p) == Some(color) => {
            let mark = match color {
                Color::Black => Color32::from_gray(235),
                Color::White => Color32::from_gray(20),
            };
            painter.circle_stroke(g.center(p), radius * 0.45, Stroke::new((g.dx * 0.07).max(1.5), mark));
        }
        Marks::LastMove(_) => {}
    }

    if response.clicked() {
        let pos = response.interact_pointer_pos()?;
        return g.point_at(pos).map(Command::Point);
    }
    None
}

/// Territory as small squares of the owner's colour, shared points as small grey rings, dead
/// stones crossed in red, seki stones with a small triangle, chains to check ringed in orange,
/// unfinished borders with a small orange square.
fn draw_overlay(painter: &egui::Painter, g: &Geometry, o: &Overlay) {
    let side = g.dx * 0.34;
    for &(p, owner) in &o.areas {
        let c = g.center(p);
        match owner {
            Some(Color::Black) => {
                painter.rect_filled(
                    Rect::from_center_size(c, Vec2::splat(side)),
                    1.0,
                    Color32::from_rgb(20, 20, 22),
                );
            }
            Some(Color::White) => {
                let r = Rect::from_center_size(c, Vec2::splat(side));
                painter.rect_filled(r, 1.0, Color32::from_rgb(250, 250, 246));
                painter.rect_stroke(
                    r,
                    1.0,
                    Stroke::new(1.0, Color32::from_gray(70)),
                    egui::StrokeKind::Middle,
                );
            }
            None => {
                painter.circle_stroke(c, g.dx * 0.14, Stroke::new(1.6, Color32::from_rgb(200, 60, 40)));
            }
        }
    }
    let arm = g.dx * 0.28;
    let cross = Stroke::new((g.dx * 0.07).max(1.5), Color32::from_rgb(210, 40, 30));
    for &p in &o.dead {
        let c = g.center(p);
        painter.line_segment([c + Vec2::new(-arm, -arm), c + Vec2::new(arm, arm)], cross);
        painter.line_segment([c + Vec2::new(-arm, arm), c + Vec2::new(arm, -arm)], cross);
    }
    for &p in &o.seki {
        let c = g.center(p);
        let h = g.dx * 0.22;
        let triangle = vec![
            c + Vec2::new(0.0, -h),
            c + Vec2::new(h, h * 0.8),
            c + Vec2::new(-h, h * 0.8),
        ];
        painter.add(egui::Shape::convex_polygon(
            triangle,
            Color32::from_rgb(40, 140, 220),
            Stroke::NONE,
        ));
    }
    let orange = Color32::from_rgb(245, 150, 20);
    for &p in &o.unsettled {
        painter.circle_stroke(g.center(p), g.dx * 0.36, Stroke::new((g.dx * 0.08).max(2.0), orange));
    }
    for &p in &o.sealing {
        let r = Rect::from_center_size(g.center(p), Vec2::splat(g.dx * 0.22));
        painter.rect_stroke(
            r,
            0.0,
            Stroke::new((g.dx * 0.06).max(1.5), orange),
            egui::StrokeKind::Middle,
        );
    }
    for &p in &o.dame {
        let c = g.center(p);
        let h = g.dx * 0.2;
        let diamond = vec![
            c + Vec2::new(0.0, -h),
            c + Vec2::new(h, 0.0),
            c + Vec2::new(0.0, h),
            c + Vec2::new(-h, 0.0),
        ];
        painter.add(egui::Shape::convex_polygon(
            diamond,
            Color32::from_rgb(150, 60, 190),
            Stroke::NONE,
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_is_longer_than_wide_and_points_round_trip() {
        let g = Geometry::fit(Rect::from_min_size(Pos2::ZERO, Vec2::new(800.0, 800.0)), 19);
        assert!((g.dy / g.dx - 454.5 / 424.2).abs() < 1e-4);
        let r = g.board_rect();
        assert!(r.height() > r.width());
        for p in [Point::new(0, 0), Point::new(18, 18), Point::new(3, 15)] {
            assert_eq!(g.point_at(g.center(p)), Some(p));
            assert_eq!(g.point_at(g.center(p) + Vec2::new(g.dx * 0.4, -g.dy * 0.4)), Some(p));
        }
        assert_eq!(g.point_at(g.origin - Vec2::splat(g.dx)), None);
    }

    #[test]
    fn star_points_of_the_usual_sizes() {
        assert_eq!(star_points(19).len(), 9);
        assert_eq!(star_points(13).len(), 9);
        assert_eq!(star_points(9).len(), 5);
    }
}
