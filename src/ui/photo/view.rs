//! The photo screen drawn: the buttons (back, open, a typed path, the board size), what the
//! reader says, the photo with the grid, the read stones and the four draggable corners over it,
//! and beside it the read position on a board (unsure points ringed, a click corrects a point),
//! then "Count". Returns what the arbiter asked for; nothing here reads or waits.

use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, Vec2};

use crate::board::{Board, Color, Point};
use crate::photo::homography::Homography;
use crate::photo::{Grid, Pt};
use crate::ui::i18n::Lang;
use crate::ui::i18n::photo::{self as words, PhotoText};
use crate::ui::table::Command;
use crate::ui::table::board_view::{self, Overlay};
use crate::ui::workstation::{Workstation, WsCommand};

use super::{Note, PhotoCommand, PhotoScreen};

const GRID_LINE: Color32 = Color32::from_rgba_premultiplied(0, 150, 170, 170);
const UNSURE_RING: Color32 = Color32::from_rgb(255, 140, 0);
const HANDLE: Color32 = Color32::from_rgb(230, 40, 40);
/// A corner handle's radius on screen.
const HANDLE_RADIUS: f32 = 9.0;

/// The photo screen of `ws`'s table.
pub fn show(ui: &mut egui::Ui, ws: &mut Workstation) -> Vec<WsCommand> {
    let lang = ws.lang();
    let mut out: Vec<PhotoCommand> = Vec::new();
    let record = ws.photo_record().cloned();
    let territory = ws
        .photo
        .as_ref()
        .and_then(|s| ws.live(s.table))
        .is_some_and(|l| l.table.game.rules.counting == crate::rules::Counting::Territory);
    let Some(screen) = ws.photo.as_mut() else {
        ui.label(PhotoText::NoTable.tr(lang));
        return Vec::new();
    };
    if screen.texture.is_none()
        && let Some(o) = &screen.opened
    {
        let image = (*o.image).clone();
        screen.texture = Some(ui.ctx().load_texture("photo", image, egui::TextureOptions::LINEAR));
    }
    ui.heading(words::heading(screen.table, lang));
    ui.horizontal_wrapped(|ui| {
        if ui.button(PhotoText::Back.tr(lang)).clicked() {
            out.push(PhotoCommand::Close);
        }
        ui.separator();
        let busy = screen.busy();
        if ui
            .add_enabled(!busy, egui::Button::new(PhotoText::OpenPhoto.tr(lang)))
            .clicked()
        {
            out.push(PhotoCommand::Open(None, None));
        }
        let label = ui.label(PhotoText::TypedPath.tr(lang));
        ui.add(egui::TextEdit::singleline(&mut screen.typed).desired_width(320.0))
            .labelled_by(label.id);
        let typed = screen.typed.trim();
        if ui
            .add_enabled(
                !busy && !typed.is_empty(),
                egui::Button::new(PhotoText::OpenTyped.tr(lang)),
            )
            .clicked()
        {
            out.push(PhotoCommand::Open(Some(typed.into()), None));
        }
        ui.separator();
        ui.label(PhotoText::BoardSize.tr(lang));
        for size in [9, 13, 19] {
            if ui.selectable_label(screen.size == size, size.to_string()).clicked() && screen.size != size {
                out.push(PhotoCommand::Size(size));
            }
        }
    });
    status(ui, screen, record.as_ref(), lang, &mut out);
    ui.separator();
    let area = ui.available_rect_before_wrap();
    let side = (area.width() * 0.36).clamp(260.0, 620.0);
    let photo_rect = Rect::from_min_max(area.min, Pos2::new(area.max.x - side - 12.0, area.max.y));
    let side_rect = Rect::from_min_max(Pos2::new(area.max.x - side, area.min.y), area.max);
    let stones = record.as_ref().map(|r| r.stones());
    let size = record.as_ref().map_or(screen.size, |r| usize::from(r.size));
    ui.scope_builder(egui::UiBuilder::new().max_rect(photo_rect), |ui| {
        photo_area(ui, screen, stones.as_deref(), size, lang, &mut out);
    });
    ui.scope_builder(egui::UiBuilder::new().max_rect(side_rect), |ui| {
        beside(ui, screen, record.as_ref(), territory, lang, &mut out);
    });
    ui.allocate_rect(area, Sense::hover());
    out.into_iter().map(WsCommand::Photo).collect()
}

/// What the reader says: reading, the refusal and the way on, where the photo is kept.
fn status(
    ui: &mut egui::Ui,
    screen: &PhotoScreen,
    record: Option<&crate::session::photo::PhotoRecord>,
    lang: Lang,
    out: &mut Vec<PhotoCommand>,
) {
    if screen.busy() {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(PhotoText::Reading.tr(lang));
        });
    }
    match &screen.note {
        Some(Note::Error(e)) => {
            ui.colored_label(ui.visuals().error_fg_color, crate::ui::i18n::photo::job_error(e, lang));
            ui.label(PhotoText::ByHand.tr(lang));
        }
        Some(Note::Said(text)) => {
            ui.colored_label(ui.visuals().warn_fg_color, text);
        }
        None => {}
    }
    if screen.asking_corners && !screen.busy() && ui.button(PhotoText::ReadCorners.tr(lang)).clicked() {
        out.push(PhotoCommand::ReadCorners);
    }
    if let Some(o) = &screen.opened {
        ui.horizontal_wrapped(|ui| {
            ui.label(words::kept(&o.file, o.copied, lang));
            ui.label(format!("SHA-256 {}", o.sha256));
        });
    } else if let Some(r) = record {
        ui.label(words::kept(&r.file, true, lang));
    }
}

/// The photo scaled into the space, the grid, the read stones, the unsure points and the four
/// corner handles over it. A drag moves a corner; a click on an intersection corrects it.
fn photo_area(
    ui: &mut egui::Ui,
    screen: &PhotoScreen,
    stones: Option<&[Option<Color>]>,
    size: usize,
    lang: Lang,
    out: &mut Vec<PhotoCommand>,
) {
    let (response, painter) = ui.allocate_painter(ui.available_size().max(Vec2::splat(80.0)), Sense::click());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, PhotoText::Photo.tr(lang)));
    let (Some(texture), Some(o)) = (&screen.texture, &screen.opened) else {
        return;
    };
    let (w, h) = (o.photo.original.0 as f32, o.photo.original.1 as f32);
    let rect = response.rect;
    let scale = (rect.width() / w).min(rect.height() / h);
    let image = Rect::from_min_size(rect.min, Vec2::new(w * scale, h * scale));
    let uv = Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0));
    painter.image(texture.id(), image, uv, Color32::WHITE);
    let to_screen = |p: Pt| image.min + Vec2::new(p.x as f32 * scale, p.y as f32 * scale);
    let from_screen = |q: Pos2| {
        Pt::new(
            f64::from((q.x - image.min.x) / scale),
            f64::from((q.y - image.min.y) / scale),
        )
    };
    let Some(corners) = screen.corners else { return };
    if let Ok(grid) = Grid::unchecked(size, corners) {
        draw_grid(&painter, &grid, stones, &screen.unsure(), scale, &to_screen);
        if response.clicked()
            && let Some(pos) = response.interact_pointer_pos()
            && let Some(p) = point_at(&grid, from_screen(pos))
        {
            out.push(PhotoCommand::Point(p));
        }
    }
    for (i, c) in corners.iter().enumerate() {
        let centre = to_screen(*c);
        let handle = Rect::from_center_size(centre, Vec2::splat(HANDLE_RADIUS * 2.4));
        let r = ui.interact(handle, egui::Id::unique(("photo_corner", i)), Sense::drag());
        if r.dragged() && r.drag_delta() != Vec2::ZERO {
            let moved = (centre + r.drag_delta()).clamp(image.min, image.max);
            out.push(PhotoCommand::Corner(i, from_screen(moved), false));
        }
        if r.drag_stopped() {
            out.push(PhotoCommand::Corner(i, *c, true));
        }
        let fill = if r.hovered() || r.dragged() {
            HANDLE.gamma_multiply(0.8)
        } else {
            HANDLE.gamma_multiply(0.45)
        };
        painter.circle(centre, HANDLE_RADIUS, fill, Stroke::new(2.0, HANDLE));
        painter.text(
            centre + Vec2::new(HANDLE_RADIUS + 2.0, -HANDLE_RADIUS - 2.0),
            Align2::LEFT_BOTTOM,
            (i + 1).to_string(),
            FontId::proportional(14.0),
            HANDLE,
        );
    }
}

/// The grid's lines, the read stones and the unsure rings over the photo.
fn draw_grid(
    painter: &egui::Painter,
    grid: &Grid,
    stones: Option<&[Option<Color>]>,
    unsure: &[Point],
    scale: f32,
    to_screen: &dyn Fn(Pt) -> Pos2,
) {
    let n = grid.size;
    let last = (n - 1) as f64;
    for i in 0..n {
        let t = i as f64;
        for (a, b) in [((t, 0.0), (t, last)), ((0.0, t), (last, t))] {
            if let (Some(a), Some(b)) = (grid.at(a.0, a.1), grid.at(b.0, b.1)) {
                painter.line_segment([to_screen(a), to_screen(b)], Stroke::new(1.0, GRID_LINE));
            }
        }
    }
    for row in 0..n {
        for col in 0..n {
            let Some(p) = grid.at(col as f64, row as f64) else {
                continue;
            };
            let centre = to_screen(p);
            let radius = (grid.spacing(col as f64, row as f64) as f32 * scale * 0.28).max(2.0);
            match stones.and_then(|s| s.get(row * n + col)).copied().flatten() {
                Some(Color::Black) => {
                    painter.circle(centre, radius, Color32::BLACK, Stroke::new(1.5, Color32::WHITE));
                }
                Some(Color::White) => {
                    painter.circle(centre, radius, Color32::WHITE, Stroke::new(1.5, Color32::BLACK));
                }
                None => {}
            }
            if unsure.contains(&Point::new(col as u8, row as u8)) {
                painter.circle_stroke(centre, radius + 3.0, Stroke::new(2.0, UNSURE_RING));
            }
        }
    }
}

/// The intersection nearest `p` (the photo's pixels), when within half a line of it.
fn point_at(grid: &Grid, p: Pt) -> Option<Point> {
    let last = (grid.size - 1) as f64;
    let units = [
        Pt::new(0.0, 0.0),
        Pt::new(last, 0.0),
        Pt::new(last, last),
        Pt::new(0.0, last),
    ];
    let back = Homography::from_points(grid.corners, units)?.map(p)?;
    let (col, row) = (back.x.round(), back.y.round());
    let near = (back.x - col).abs() <= 0.5 && (back.y - row).abs() <= 0.5;
    (near && (0.0..=last).contains(&col) && (0.0..=last).contains(&row)).then(|| Point::new(col as u8, row as u8))
}

/// Beside the photo: the read position on a board (a click corrects a point), the unsure count,
/// the hints, and "Count" with the prisoners' line under territory rules.
fn beside(
    ui: &mut egui::Ui,
    screen: &PhotoScreen,
    record: Option<&crate::session::photo::PhotoRecord>,
    territory: bool,
    lang: Lang,
    out: &mut Vec<PhotoCommand>,
) {
    let Some(record) = record else {
        let hint = match screen.opened {
            Some(_) => PhotoText::DragHint,
            None => PhotoText::Intro,
        };
        ui.label(hint.tr(lang));
        return;
    };
    ui.horizontal_wrapped(|ui| {
        ui.strong(PhotoText::ReadPosition.tr(lang));
        let how = if record.found {
            PhotoText::Found
        } else {
            PhotoText::Given
        };
        ui.label(format!("{}x{} · {}", record.size, record.size, how.tr(lang)));
    });
    let mut board = match Board::new(record.size) {
        Ok(board) => board,
        Err(_) => return,
    };
    let n = usize::from(record.size);
    for (i, stone) in record.stones().iter().enumerate() {
        let _ = board.set(Point::new((i % n) as u8, (i / n) as u8), *stone);
    }
    let overlay = Overlay {
        unsettled: screen.unsure(),
        ..Overlay::default()
    };
    let width = ui.available_width();
    let height = (width * 1.12).min(ui.available_height() - 150.0).max(120.0);
    ui.allocate_ui(Vec2::new(width, height), |ui| {
        if let Some(Command::Point(p)) = board_view::show_board(ui, &board, &overlay) {
            out.push(PhotoCommand::Point(p));
        }
    });
    if screen.reading.is_some() {
        ui.label(words::unsure(screen.unsure().len(), lang));
    }
    ui.label(PhotoText::ClickHint.tr(lang));
    ui.label(PhotoText::DragHint.tr(lang));
    if ui
        .add_enabled(!screen.busy(), egui::Button::new(PhotoText::Count.tr(lang)))
        .clicked()
    {
        out.push(PhotoCommand::Count);
    }
    if territory {
        ui.colored_label(ui.visuals().warn_fg_color, PhotoText::Prisoners.tr(lang));
    }
}
