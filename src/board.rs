//! The board: points, colours, stones, chains, liberties, captures, Zobrist hashes and ASCII
//! diagrams. Doesn't know whose turn it is and doesn't enforce any ko rule (see `game`).
//!
//! Stones live in a padded one-dimensional array (a border ring around the playing area) so
//! that neighbours are index offsets. Chains are circular linked lists with a head holding the
//! size and a pseudo-liberty count (empty-neighbour adjacencies, counted with multiplicity);
//! a chain is captured exactly when that count reaches zero.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Smallest board side the workstation accepts.
pub const MIN_SIZE: u8 = 2;
/// Largest board side (SGF letters a..y).
pub const MAX_SIZE: u8 = 25;
const MAX_STRIDE: usize = MAX_SIZE as usize + 2;
const MAX_CELLS: usize = MAX_STRIDE * MAX_STRIDE;

/// A player's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Color {
    Black,
    White,
}

impl Color {
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
    /// 0 for Black, 1 for White.
    pub fn index(self) -> usize {
        self as usize
    }
    /// The English name ("Black").
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }
    /// "B" or "W", as in SGF.
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }
    fn cell(self) -> u8 {
        self as u8 + 1
    }
}

/// A point of the board: `col` from the left, `row` from the top, both from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Point {
    pub col: u8,
    pub row: u8,
}

/// A coordinate that does not name a point of the board.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CoordError {
    #[error("`{text}` is not a point: expected {expected}")]
    Malformed { text: String, expected: &'static str },
    #[error("`{text}` is off a {size}x{size} board")]
    OffBoard { text: String, size: u8 },
}

const GTP_LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

impl Point {
    pub fn new(col: u8, row: u8) -> Point {
        Point { col, row }
    }

    /// GTP coordinates on a board of `size`: column letter without I, row number from the
    /// bottom ("D4").
    pub fn to_gtp(self, size: u8) -> String {
        let letter = GTP_LETTERS.get(self.col as usize).copied().unwrap_or(b'?') as char;
        format!("{}{}", letter, size.saturating_sub(self.row))
    }

    /// Reads GTP coordinates ("D4", "q16"; no I).
    pub fn from_gtp(text: &str, size: u8) -> Result<Point, CoordError> {
        let malformed = || CoordError::Malformed {
            text: text.to_string(),
            expected: "a column letter A-Z without I and a row number, such as D4",
        };
        let mut chars = text.trim().chars();
        let letter = chars.next().ok_or_else(malformed)?.to_ascii_uppercase();
        let col = GTP_LETTERS
            .iter()
            .position(|&l| l as char == letter)
            .ok_or_else(malformed)?;
        let number: u32 = chars.as_str().parse().map_err(|_| malformed())?;
        if col >= size as usize || number == 0 || number > size as u32 {
            return Err(CoordError::OffBoard {
                text: text.to_string(),
                size,
            });
        }
        Ok(Point::new(col as u8, size - number as u8))
    }

    /// SGF coordinates ("dd": column then row, both from the top left, a = 0).
    pub fn to_sgf(self) -> String {
        let c = (b'a' + self.col) as char;
        let r = (b'a' + self.row) as char;
        format!("{c}{r}")
    }

    /// Reads SGF coordinates ("dd"). Upper-case letters (boards over 26) are not supported.
    pub fn from_sgf(text: &str, size: u8) -> Result<Point, CoordError> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 || !bytes.iter().all(u8::is_ascii_lowercase) {
            return Err(CoordError::Malformed {
                text: text.to_string(),
                expected: "two lower-case letters, such as dd",
            });
        }
        let (col, row) = (bytes[0] - b'a', bytes[1] - b'a');
        if col >= size || row >= size {
            return Err(CoordError::OffBoard {
                text: text.to_string(),
                size,
            });
        }
        Ok(Point::new(col, row))
    }
}

/// Why a stone cannot be placed (on the board alone; ko is the game's business).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum PlaceError {
    #[error("the point is already occupied")]
    Occupied,
    #[error("the stone would have no liberties and capture nothing (suicide)")]
    Suicide,
    #[error("the point is off the board")]
    OffBoard,
}

/// What a placed stone did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Placement {
    /// Opposing stones removed.
    pub captured: u32,
    /// When exactly one stone was captured and the new stone stands alone with that one
    /// liberty, the captured point: the point an immediate recapture would retake (ko).
    pub ko_point: Option<Point>,
    /// Own stones removed by a suicide (only with `place_allowing_suicide`).
    pub suicided: u32,
}

/// A board size outside 2..=25.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("a board of size {0} is not supported (sizes {MIN_SIZE} to {MAX_SIZE})")]
pub struct SizeError(pub u32);

const EMPTY: u8 = 0;
const BORDER: u8 = 3;
const NONE: u16 = u16::MAX;

/// A Go board of side 2 to 25.
#[derive(Clone)]
pub struct Board {
    size: u8,
    stride: usize,
    cells: Box<[u8; MAX_CELLS]>,
    /// For each stone, the index of its chain's head.
    head: Box<[u16; MAX_CELLS]>,
    /// For each stone, the next stone of its chain (circular).
    next: Box<[u16; MAX_CELLS]>,
    /// For a chain head: pseudo-liberties.
    libs: Box<[u16; MAX_CELLS]>,
    /// For a chain head: number of stones.
    stones: Box<[u16; MAX_CELLS]>,
    hash: u64,
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size && self.cells[..] == other.cells[..]
    }
}
impl Eq for Board {}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board {}x{}\n{}", self.size, self.size, self)
    }
}

/// Zobrist keys: one per (colour, padded index), fixed at compile time by SplitMix64.
static ZOBRIST: [[u64; MAX_CELLS]; 2] = zobrist_table();

const fn zobrist_table() -> [[u64; MAX_CELLS]; 2] {
    let mut table = [[0u64; MAX_CELLS]; 2];
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < MAX_CELLS {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            table[c][i] = z ^ (z >> 31);
            i += 1;
        }
        c += 1;
    }
    table
}

impl Board {
    /// An empty board of side `size` (2 to 25).
    pub fn new(size: u8) -> Result<Board, SizeError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(SizeError(size as u32));
        }
        Ok(Board::blank(size))
    }

    /// An empty board of side `size`, already known to be supported.
    fn blank(size: u8) -> Board {
        let stride = size as usize + 2;
        let mut cells = Box::new([BORDER; MAX_CELLS]);
        for row in 0..size as usize {
            for col in 0..size as usize {
                cells[(row + 1) * stride + col + 1] = EMPTY;
            }
        }
        Board {
            size,
            stride,
            cells,
            head: Box::new([NONE; MAX_CELLS]),
            next: Box::new([NONE; MAX_CELLS]),
            libs: Box::new([0; MAX_CELLS]),
            stones: Box::new([0; MAX_CELLS]),
            hash: 0,
        }
    }

    pub fn size(&self) -> u8 {
        self.size
    }

    /// The Zobrist hash of the stones on the board (equal boards, equal hashes).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Whether `p` lies on this board.
    pub fn contains(&self, p: Point) -> bool {
        p.col < self.size && p.row < self.size
    }

    /// Every point, row by row from the top left.
    pub fn points(&self) -> impl Iterator<Item = Point> + use<> {
        let size = self.size;
        (0..size).flat_map(move |row| (0..size).map(move |col| Point::new(col, row)))
    }

    /// The points next to `p` on the board.
    pub fn neighbours(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        let i = self.index(p);
        self.adjacent(i).into_iter().filter_map(move |n| self.point_of(n))
    }

    pub fn get(&self, p: Point) -> Option<Color> {
        if !self.contains(p) {
            return None;
        }
        cell_color(self.cells[self.index(p)])
    }

    /// Number of stones of each colour: [black, white].
    pub fn stone_counts(&self) -> [u32; 2] {
        let mut counts = [0; 2];
        for p in self.points() {
            if let Some(c) = self.get(p) {
                counts[c.index()] += 1;
            }
        }
        counts
    }

    #[inline]
    fn index(&self, p: Point) -> usize {
        (p.row as usize + 1) * self.stride + p.col as usize + 1
    }

    #[inline]
    fn point_of(&self, i: usize) -> Option<Point> {
        let (row, col) = (i / self.stride, i % self.stride);
        if row == 0 || col == 0 || row > self.size as usize || col > self.size as usize {
            return None;
        }
        Some(Point::new(col as u8 - 1, row as u8 - 1))
    }

    #[inline]
    pub(crate) fn adjacent(&self, i: usize) -> [usize; 4] {
        [i - self.stride, i - 1, i + 1, i + self.stride]
    }

    /// The stones of the chain through `p` (empty when `p` is empty).
    pub fn chain(&self, p: Point) -> Vec<Point> {
        if self.get(p).is_none() {
            return Vec::new();
        }
        self.chain_indices(self.index(p))
            .filter_map(|i| self.point_of(i))
            .collect()
    }

    /// The distinct liberties of the chain through `p`, sorted.
    pub fn liberties(&self, p: Point) -> Vec<Point> {
        let mut libs: Vec<Point> = self
            .chain(p)
            .into_iter()
            .flat_map(|s| self.neighbours(s).collect::<Vec<_>>())
            .filter(|&n| self.get(n).is_none())
            .collect();
        libs.sort();
        libs.dedup();
        libs
    }

    /// Whether placing `color` at `p` would be legal on the board alone (empty, not suicide).
    pub fn check_place(&self, color: Color, p: Point) -> Result<(), PlaceError> {
        if !self.contains(p) {
            return Err(PlaceError::OffBoard);
        }
        let i = self.index(p);
        if self.cells[i] != EMPTY {
            return Err(PlaceError::Occupied);
        }
        if self.is_suicide_index(color, i) {
            return Err(PlaceError::Suicide);
        }
        Ok(())
    }

    /// Places a stone, capturing opposing chains left without liberties first (Art. 4.2).
    /// Refuses an occupied point and suicide.
    pub fn place(&mut self, color: Color, p: Point) -> Result<Placement, PlaceError> {
        self.check_place(color, p)?;
        Ok(self.place_index(color, self.index(p)))
    }

    /// Places a stone like [`Board::place`], but a suicide removes the mover's own chain (as
    /// rules that allow suicide have it) instead of being refused.
    pub fn place_allowing_suicide(&mut self, color: Color, p: Point) -> Result<Placement, PlaceError> {
        if !self.contains(p) {
            return Err(PlaceError::OffBoard);
        }
        let i = self.index(p);
        if self.cells[i] != EMPTY {
            return Err(PlaceError::Occupied);
        }
        let mut placement = self.place_index(color, i);
        let h = self.head[i] as usize;
        if self.libs[h] == 0 {
            placement.suicided = self.remove_chain(h);
            placement.ko_point = None;
        }
        Ok(placement)
    }

    /// Whether a stone of `color` at empty index `i` would have no liberty and capture nothing.
    #[inline]
    pub(crate) fn is_suicide_index(&self, color: Color, i: usize) -> bool {
        let me = color.cell();
        let adj = self.adjacent(i);
        for &n in &adj {
            if self.cells[n] == EMPTY {
                return false;
            }
        }
        // Every neighbour is a stone or the border. Count each neighbour chain's adjacencies
        // to `i`: a friendly chain keeps a liberty, an enemy chain is captured, when its
        // pseudo-liberties exceed / equal those adjacencies.
        for (k, &n) in adj.iter().enumerate() {
            let c = self.cells[n];
            if c == BORDER {
                continue;
            }
            let h = self.head[n];
            if adj[..k].iter().any(|&m| self.cells[m] != BORDER && self.head[m] == h) {
                continue;
            }
            let touching = adj
                .iter()
                .filter(|&&m| self.cells[m] != BORDER && self.head[m] == h)
                .count();
            let libs = self.libs[h as usize] as usize;
            if c == me {
                if libs > touching {
                    return false;
                }
            } else if libs == touching {
                return false;
            }
        }
        true
    }

    /// Places `color` at empty index `i` (legality already checked, suicide left to caller).
    pub(crate) fn place_index(&mut self, color: Color, i: usize) -> Placement {
        self.place_index_noting(color, i, None)
    }

    /// Like `place_index`, and appends the indices of captured stones to `removed`.
    pub(crate) fn place_index_noting(
        &mut self,
        color: Color,
        i: usize,
        mut removed: Option<&mut Vec<usize>>,
    ) -> Placement {
        let me = color.cell();
        let them = color.opponent().cell();
        self.cells[i] = me;
        self.hash ^= ZOBRIST[color.index()][i];
        self.head[i] = i as u16;
        self.next[i] = i as u16;
        self.stones[i] = 1;
        self.libs[i] = 0;
        let adj = self.adjacent(i);
        for &n in &adj {
            match self.cells[n] {
                EMPTY => self.libs[i] += 1,
                BORDER => {}
                _ => {
                    let h = self.head[n] as usize;
                    self.libs[h] -= 1;
                }
            }
        }
        for &n in &adj {
            if self.cells[n] == me {
                let (a, b) = (self.head[i] as usize, self.head[n] as usize);
                if a != b {
                    self.merge(a, b);
                }
            }
        }
        let mut placement = Placement::default();
        let mut last_captured = 0;
        for &n in &adj {
            if self.cells[n] == them && self.libs[self.head[n] as usize] == 0 {
                if let Some(removed) = removed.as_deref_mut() {
                    removed.extend(self.chain_indices(n));
                }
                placement.captured += self.remove_chain(self.head[n] as usize);
                last_captured = n;
            }
        }
        let h = self.head[i] as usize;
        if placement.captured == 1 && self.stones[h] == 1 && self.libs[h] == 1 {
            placement.ko_point = self.point_of(last_captured);
        }
        placement
    }

    fn merge(&mut self, a: usize, b: usize) {
        // Keep the bigger chain's head.
        let (keep, gone) = if self.stones[a] >= self.stones[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut j = gone;
        loop {
            self.head[j] = keep as u16;
            j = self.next[j] as usize;
            if j == gone {
                break;
            }
        }
        self.next.swap(keep, gone);
        self.stones[keep] += self.stones[gone];
        self.libs[keep] += self.libs[gone];
    }

    /// Removes the chain headed at `h`, giving liberties back to its neighbours; returns its
    /// number of stones.
    fn remove_chain(&mut self, h: usize) -> u32 {
        let color = self.cells[h];
        let key = &ZOBRIST[(color - 1) as usize];
        let mut count = 0;
        let mut j = h;
        loop {
            let after = self.next[j] as usize;
            self.cells[j] = EMPTY;
            self.hash ^= key[j];
            self.head[j] = NONE;
            count += 1;
            for n in self.adjacent(j) {
                let c = self.cells[n];
                if c != EMPTY && c != BORDER {
                    let nh = self.head[n] as usize;
                    self.libs[nh] += 1;
                }
            }
            j = after;
            if j == h {
                break;
            }
        }
        count
    }

    /// Sets a point to a stone or empty, as an arbiter's setup edit: no captures, no
    /// legality. Chains are rebuilt.
    pub fn set(&mut self, p: Point, stone: Option<Color>) -> Result<(), PlaceError> {
        if !self.contains(p) {
            return Err(PlaceError::OffBoard);
        }
        let i = self.index(p);
        let old = self.cells[i];
        if let Some(c) = cell_color(old) {
            self.hash ^= ZOBRIST[c.index()][i];
        }
        self.cells[i] = stone.map_or(EMPTY, Color::cell);
        if let Some(c) = stone {
            self.hash ^= ZOBRIST[c.index()][i];
        }
        self.rebuild_chains();
        Ok(())
    }

    fn rebuild_chains(&mut self) {
        self.head.fill(NONE);
        let mut stack = Vec::new();
        let mut members = Vec::new();
        for idx in 0..MAX_CELLS {
            let c = self.cells[idx];
            if c == EMPTY || c == BORDER || self.head[idx] != NONE {
                continue;
            }
            // Flood fill the chain from idx, linking it into a circular list.
            stack.push(idx);
            self.head[idx] = idx as u16;
            members.clear();
            while let Some(j) = stack.pop() {
                members.push(j);
                for n in self.adjacent(j) {
                    if self.cells[n] == c && self.head[n] == NONE {
                        self.head[n] = idx as u16;
                        stack.push(n);
                    }
                }
            }
            for (k, &j) in members.iter().enumerate() {
                self.next[j] = members[(k + 1) % members.len()] as u16;
            }
            self.stones[idx] = members.len() as u16;
            let mut libs = 0;
            for &j in &members {
                libs += self.adjacent(j).iter().filter(|&&n| self.cells[n] == EMPTY).count();
            }
            self.libs[idx] = libs as u16;
        }
    }

    /// Removes the whole chain through `p` (an arbiter clearing captured stones or dead
    /// stones); returns the number of stones removed.
    pub fn remove_chain_at(&mut self, p: Point) -> u32 {
        if self.get(p).is_none() {
            return 0;
        }
        let h = self.head[self.index(p)] as usize;
        self.remove_chain(h)
    }

    /// Reads a diagram: one line per row from the top, `X` or `#` Black, `O` White, `.`
    /// or `+` empty, with optional spaces between points. Blank lines are ignored.
    pub fn from_diagram(text: &str) -> Result<Board, DiagramError> {
        let rows: Vec<Vec<Option<Color>>> = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(n, line)| {
                line.chars()
                    .filter(|c| !c.is_whitespace())
                    .map(|c| match c {
                        'X' | '#' | 'x' => Ok(Some(Color::Black)),
                        'O' | 'o' => Ok(Some(Color::White)),
                        '.' | '+' | ',' => Ok(None),
                        other => Err(DiagramError::BadChar {
                            line: n + 1,
                            found: other,
                        }),
                    })
                    .collect()
            })
            .collect::<Result<_, _>>()?;
        let size = rows.len();
        if let Some((n, row)) = rows.iter().enumerate().find(|(_, r)| r.len() != size) {
            return Err(DiagramError::NotSquare {
                row: n + 1,
                width: row.len(),
                rows: size,
            });
        }
        let mut board = Board::new(u8::try_from(size).map_err(|_| SizeError(size as u32))?)?;
        for (r, row) in rows.iter().enumerate() {
            for (c, stone) in row.iter().enumerate() {
                let i = board.index(Point::new(c as u8, r as u8));
                if let Some(color) = stone {
                    board.cells[i] = color.cell();
                    board.hash ^= ZOBRIST[color.index()][i];
                }
            }
        }
        board.rebuild_chains();
        Ok(board)
    }
}

/// A board's stones in two bits a point (0 empty, 1 Black, 2 White), four points a byte, row by
/// row from the top left, after one byte for the side: what a game keeps of each position
/// behind its cursor (a 19x19 board in 92 bytes). Made only by [`Board::pack`], read back by
/// [`Board::from_packed`].
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Packed(Box<[u8]>);

impl Packed {
    pub fn size(&self) -> u8 {
        self.0[0]
    }

    /// The stone at `p` (`None` when empty or off the board).
    pub fn get(&self, p: Point) -> Option<Color> {
        let size = self.size();
        if p.col >= size || p.row >= size {
            return None;
        }
        self.code(p.row as usize * size as usize + p.col as usize)
    }

    /// The stone of point number `n` (row by row).
    fn code(&self, n: usize) -> Option<Color> {
        cell_color((self.0[1 + n / 4] >> (2 * (n % 4))) & 3)
    }

    /// Bytes held on the heap.
    pub fn heap_bytes(&self) -> usize {
        self.0.len()
    }
}

impl fmt::Debug for Packed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Packed {}x{}", self.size(), self.size())
    }
}

impl Board {
    /// The stones, two bits a point (see [`Packed`]).
    pub fn pack(&self) -> Packed {
        let size = self.size as usize;
        let mut bytes = vec![0u8; 1 + (size * size).div_ceil(4)].into_boxed_slice();
        bytes[0] = self.size;
        let mut n = 0;
        for row in 1..=size {
            let start = row * self.stride + 1;
            for &cell in &self.cells[start..start + size] {
                bytes[1 + n / 4] |= (cell & 3) << (2 * (n % 4));
                n += 1;
            }
        }
        Packed(bytes)
    }

    /// The board `packed` was made from: the same stones, chains (with their pseudo-liberties)
    /// rebuilt, the same Zobrist hash.
    pub fn from_packed(packed: &Packed) -> Board {
        let size = packed.size() as usize;
        let mut board = Board::blank(packed.size());
        let mut n = 0;
        for row in 1..=size {
            for col in 1..=size {
                if let Some(color) = packed.code(n) {
                    let i = row * board.stride + col;
                    board.cells[i] = color.cell();
                    board.hash ^= ZOBRIST[color.index()][i];
                }
                n += 1;
            }
        }
        board.rebuild_chains();
        board
    }
}

/// A diagram that does not describe a board.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DiagramError {
    #[error("diagram line {line}: `{found}` is not a point (use X, O or .)")]
    BadChar { line: usize, found: char },
    #[error("diagram row {row} has {width} points but there are {rows} rows")]
    NotSquare { row: usize, width: usize, rows: usize },
    #[error(transparent)]
    Size(#[from] SizeError),
}

fn cell_color(cell: u8) -> Option<Color> {
    match cell {
        1 => Some(Color::Black),
        2 => Some(Color::White),
        _ => None,
    }
}

/// Rows from the top, points separated by spaces: `X` Black, `O` White, `.` empty. Reads back
/// through [`Board::from_diagram`].
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.size {
            let line: Vec<&str> = (0..self.size)
                .map(|col| match self.get(Point::new(col, row)) {
                    Some(Color::Black) => "X",
                    Some(Color::White) => "O",
                    None => ".",
                })
                .collect();
            writeln!(f, "{}", line.join(" "))?;
        }
        Ok(())
    }
}

/// Fast index-level access for playouts inside the crate.
impl Board {
    pub(crate) fn empty_indices(&self) -> Vec<usize> {
        (0..MAX_CELLS).filter(|&i| self.cells[i] == EMPTY).collect()
    }
    /// Whether index `i` is an empty point whose four neighbours are all `color` or border,
    /// with at most one diagonal enemy (none on the edge): an eye a playout should not fill.
    #[inline]
    pub(crate) fn is_eye_index(&self, color: Color, i: usize) -> bool {
        let me = color.cell();
        for n in self.adjacent(i) {
            let c = self.cells[n];
            if c != me && c != BORDER {
                return false;
            }
        }
        let s = self.stride;
        let mut enemy = 0;
        let mut border = 0;
        for d in [i - s - 1, i - s + 1, i + s - 1, i + s + 1] {
            match self.cells[d] {
                BORDER => border += 1,
                c if c != me && c != EMPTY => enemy += 1,
                _ => {}
            }
        }
        if border > 0 { enemy == 0 } else { enemy <= 1 }
    }
    pub(crate) fn index_of(&self, p: Point) -> usize {
        self.index(p)
    }
}

impl Board {
    /// The hash the board would have after `color` plays at empty index `i` (captures
    /// included), without playing: what a superko check needs.
    pub(crate) fn hash_after_index(&self, color: Color, i: usize) -> u64 {
        let them = color.opponent().cell();
        let mut hash = self.hash ^ ZOBRIST[color.index()][i];
        let adj = self.adjacent(i);
        for (k, &n) in adj.iter().enumerate() {
            if self.cells[n] != them {
                continue;
            }
            let h = self.head[n];
            if adj[..k].iter().any(|&m| self.cells[m] == them && self.head[m] == h) {
                continue;
            }
            let touching = adj
                .iter()
                .filter(|&&m| self.cells[m] == them && self.head[m] == h)
                .count();
            if self.libs[h as usize] as usize == touching {
                let key = &ZOBRIST[color.opponent().index()];
                hash = self.chain_indices(n).fold(hash, |hash, j| hash ^ key[j]);
            }
        }
        hash
    }
}

/// Index-level questions the playout policy asks.
impl Board {
    pub(crate) fn color_index(&self, i: usize) -> Option<Color> {
        cell_color(self.cells[i])
    }

    /// Whether `color` at empty index `i` would capture something.
    #[inline]
    pub(crate) fn captures_index(&self, color: Color, i: usize) -> bool {
        let them = color.opponent().cell();
        let adj = self.adjacent(i);
        adj.iter().any(|&n| {
            self.cells[n] == them && {
                let h = self.head[n];
                let touching = adj
                    .iter()
                    .filter(|&&m| self.cells[m] == them && self.head[m] == h)
                    .count();
                self.libs[h as usize] as usize == touching
            }
        })
    }

    /// Whether `color` at empty index `i` would leave its own chain of two or more stones with
    /// a single liberty, capturing nothing: the self-atari a playout should not make.
    pub(crate) fn is_self_atari_index(&self, color: Color, i: usize) -> bool {
        let me = color.cell();
        let adj = self.adjacent(i);
        if !adj.iter().any(|&n| self.cells[n] == me) {
            return false; // a lone stone: throw-ins stay allowed
        }
        let mut libs = [usize::MAX; 2];
        let mut found = 0;
        let mut add = |n: usize| {
            if n != i && !libs[..found].contains(&n) {
                if found == 2 {
                    return true;
                }
                libs[found] = n;
                found += 1;
            }
            found == 2
        };
        for &n in &adj {
            if self.cells[n] == EMPTY && add(n) {
                return false;
            }
        }
        if self.captures_index(color, i) {
            return false;
        }
        for (k, &n) in adj.iter().enumerate() {
            if self.cells[n] != me {
                continue;
            }
            let h = self.head[n];
            if adj[..k].iter().any(|&m| self.cells[m] == me && self.head[m] == h) {
                continue;
            }
            for j in self.chain_indices(n) {
                for m in self.adjacent(j) {
                    if self.cells[m] == EMPTY && add(m) {
                        return false;
                    }
                }
            }
        }
        true
    }
}

impl Board {
    /// The colour whose stones are all around empty index `i` (on the board), if one is.
    pub(crate) fn eye_owner_index(&self, i: usize) -> Option<Color> {
        let mut owner = None;
        for n in self.adjacent(i) {
            match self.cells[n] {
                BORDER => {}
                EMPTY => return None,
                c => match owner {
                    None => owner = Some(c),
                    Some(o) if o != c => return None,
                    _ => {}
                },
            }
        }
        owner.and_then(cell_color)
    }
}

impl Board {
    /// When the chain at stone index `i` has exactly one liberty, that liberty.
    pub(crate) fn last_liberty_index(&self, i: usize) -> Option<usize> {
        if self.head[i] == NONE {
            return None;
        }
        let mut found = None;
        for j in self.chain_indices(i) {
            for n in self.adjacent(j) {
                if self.cells[n] == EMPTY {
                    match found {
                        None => found = Some(n),
                        Some(f) if f != n => return None,
                        _ => {}
                    }
                }
            }
        }
        found
    }
}

/// The stones of one chain, by index, following its circular list once.
pub(crate) struct ChainIndices<'a> {
    next: &'a [u16; MAX_CELLS],
    start: usize,
    at: Option<usize>,
}

impl Iterator for ChainIndices<'_> {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        let here = self.at?;
        let after = self.next[here] as usize;
        self.at = (after != self.start).then_some(after);
        Some(here)
    }
}

impl Board {
    /// The indices of the chain through stone index `i`.
    pub(crate) fn chain_indices(&self, i: usize) -> ChainIndices<'_> {
        ChainIndices {
            next: &self.next,
            start: i,
            at: Some(i),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// A seeded generator for test positions (SplitMix64).
    struct Seq(u64);
    impl Seq {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            ((z ^ (z >> 31)) % n as u64) as usize
        }
    }

    /// Plays a random legal move for `color` (a pass when none is found).
    fn random_move(board: &Board, color: Color, seq: &mut Seq) -> Option<Point> {
        let points: Vec<Point> = board.points().collect();
        (0..20)
            .map(|_| points[seq.below(points.len())])
            .find(|&p| board.check_place(color, p).is_ok())
    }

    /// Every chain's head counts its stones and pseudo-liberties right, and its circular list
    /// holds exactly the stones of the chain.
    fn assert_chains_consistent(board: &Board) {
        for p in board.points() {
            let i = board.index(p);
            if board.cells[i] == EMPTY {
                continue;
            }
            let h = board.head[i] as usize;
            let members: Vec<usize> = board.chain_indices(h).collect();
            assert!(members.contains(&i), "{p:?} is in its head's list");
            assert!(
                members
                    .iter()
                    .all(|&j| board.head[j] as usize == h && board.cells[j] == board.cells[i])
            );
            assert_eq!(board.stones[h] as usize, members.len(), "stones of the chain at {p:?}");
            let pseudo: usize = members
                .iter()
                .map(|&j| board.adjacent(j).iter().filter(|&&n| board.cells[n] == EMPTY).count())
                .sum();
            assert_eq!(board.libs[h] as usize, pseudo, "pseudo-liberties of the chain at {p:?}");
        }
    }

    #[test]
    fn a_packed_board_comes_back_with_the_same_stones_chains_liberties_and_hash() {
        for (size, seed) in [(5, 1), (9, 2), (13, 3), (19, 4), (25, 5)] {
            let mut seq = Seq(seed);
            let mut board = Board::new(size).unwrap();
            let mut color = Color::Black;
            for turn in 0..size as usize * size as usize * 2 {
                if let Some(p) = random_move(&board, color, &mut seq) {
                    board.place(color, p).unwrap();
                }
                color = color.opponent();
                if turn % 11 != 0 {
                    continue;
                }
                let packed = board.pack();
                assert_eq!(packed.size(), size);
                let rebuilt = Board::from_packed(&packed);
                assert_eq!(rebuilt, board);
                assert_eq!(rebuilt.hash(), board.hash(), "{size}x{size}, turn {turn}");
                assert_eq!(rebuilt.pack(), packed);
                assert_chains_consistent(&rebuilt);
                for p in board.points() {
                    assert_eq!(packed.get(p), board.get(p));
                    let (mut a, mut b) = (rebuilt.chain(p), board.chain(p));
                    a.sort();
                    b.sort();
                    assert_eq!(a, b, "chain at {p:?}");
                    assert_eq!(rebuilt.liberties(p), board.liberties(p), "liberties at {p:?}");
                }
                // The rebuilt board plays on exactly like the original.
                let (mut original, mut copy, mut next) = (board.clone(), rebuilt, color);
                let mut fork = Seq(seq.0);
                for _ in 0..10 {
                    if let Some(p) = random_move(&original, next, &mut fork) {
                        assert_eq!(copy.place(next, p), original.place(next, p));
                        assert_eq!(copy.hash(), original.hash());
                        assert_eq!(copy, original);
                    }
                    next = next.opponent();
                }
            }
        }
    }

    #[test]
    fn a_packed_board_takes_two_bits_a_point_and_one_byte_for_the_side() {
        assert_eq!(Board::new(19).unwrap().pack().heap_bytes(), 1 + 91);
        assert_eq!(Board::new(9).unwrap().pack().heap_bytes(), 1 + 21);
        assert_eq!(Board::new(25).unwrap().pack().heap_bytes(), 1 + 157);
        assert_eq!(Board::new(2).unwrap().pack().heap_bytes(), 1 + 1);
        let board = Board::from_diagram("X O\n. X").unwrap();
        assert_eq!(Board::from_packed(&board.pack()), board);
        assert_ne!(board.pack(), Board::new(2).unwrap().pack());
    }
}
