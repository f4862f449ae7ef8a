//! Draws what the photo reader sees over a photo, for checking corner annotations by eye:
//! `photo_overlay PHOTO OUT.png [X1,Y1,...,X4,Y4]` (without corners: found automatically).
//! Prints the fitted corners (photo pixels), the reading and each point's features.

use go_arbiter::board::Color;
use go_arbiter::photo::{self, Grid, Photo};

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let (Some(input), Some(out)) = (args.get(1), args.get(2)) else {
        anyhow::bail!("usage: photo_overlay PHOTO OUT.png [X1,Y1,...,X4,Y4]");
    };
    let corners = match args.get(3) {
        Some(c) => Some(photo::accuracy::parse_corners(c).ok_or_else(|| anyhow::anyhow!("bad corners"))?),
        None => None,
    };
    // EXTEND=T,R,B,L (grid units): the given corners moved out by so many lines first, for an
    // annotation that missed lines.
    let corners = match (corners, std::env::var("EXTEND").ok()) {
        (Some(c), Some(e)) => {
            let e: Vec<f64> = e.split(',').map(|v| v.parse().unwrap_or(0.0)).collect();
            let g = Grid::unchecked(19, c)?;
            let (t, r, b, l) = (e[0], e[1], e[2], e[3]);
            let at = |u: f64, v: f64| g.at(u, v).ok_or_else(|| anyhow::anyhow!("at"));
            Some([
                at(-l, -t)?,
                at(18.0 + r, -t)?,
                at(18.0 + r, 18.0 + b)?,
                at(-l, 18.0 + b)?,
            ])
        }
        (c, _) => c,
    };
    let bytes = std::fs::read(input)?;
    let reading = photo::read(&bytes, 19, corners)?;
    let image = image::load_from_memory(&bytes)?.to_rgb8();
    let working = Photo::from_rgb(&image);
    let grid = Grid::unchecked(19, reading.corners.map(|p| working.to_working(p)))?;
    let mut small = image::imageops::thumbnail(&image, working.width as u32, working.height as u32);
    let c = reading.corners;
    println!(
        "{:.1},{:.1},{:.1},{:.1},{:.1},{:.1},{:.1},{:.1}",
        c[0].x, c[0].y, c[1].x, c[1].y, c[2].x, c[2].y, c[3].x, c[3].y
    );
    for (k, r) in reading.points.iter().enumerate() {
        let Some(p) = grid.at((k % 19) as f64, (k / 19) as f64) else {
            continue;
        };
        let colour = match r.stone {
            Some(Color::Black) => [255, 0, 0],
            Some(Color::White) => [0, 0, 255],
            None => [0, 255, 0],
        };
        let radius: i64 = if r.confidence < photo::UNSURE { 3 } else { 1 };
        for dy in -radius..=radius {
            for dx in -radius..=radius {
                let (x, y) = (p.x.round() as i64 + dx, p.y.round() as i64 + dy);
                if x >= 0 && y >= 0 && (x as u32) < small.width() && (y as u32) < small.height() {
                    small.put_pixel(x as u32, y as u32, image::Rgb(colour));
                }
            }
        }
    }
    small.save(out)?;
    print!("{}", photo::text::write(19, &reading.stones()));
    if std::env::var("FEATURES").is_ok() {
        for (k, r) in reading.points.iter().enumerate() {
            println!(
                "F {} {} {:.3} {:.3} {:.2}",
                k / 19,
                k % 19,
                r.features.light,
                r.features.chroma,
                r.confidence
            );
        }
    }
    Ok(())
}
