#!/usr/bin/env python3
"""Legibility of the Deliveries screen at every text size, measured.

For each of the 12 content size categories this script

1. asks `idelivermobile render` for the frames that show the deliveries of
   Data/legibility.json (render prints exactly what browse draws), and finds
   the rows each delivery occupies from the selection bar in column 0;
2. decodes the braille / quadrant-block cells of a measuring frame back into
   a bitmap and measures the ink height of a capital H in the Headline
   (name) and the Subhead (address), in mosaic dots, terminal rows and, from
   the screenshot, screen pixels;
3. shows each frame in xterm (DejaVu Sans Mono 11, black on white) under
   Xvfb, takes a screenshot with `import`, crops every fully visible
   delivery, preprocesses it one way for every category and OCRs it with
   tesseract;
4. scores the names and the digit strings read, and prints a table per
   category (Markdown, also written to docs/legibility-table.md and into
   docs/legibility.md between its table markers).

Run it with `make legibility`. Everything it writes besides docs/ goes to
.build/legibility/ (screenshots, crops, OCR text). HOME and the XDG folders
point into a temporary directory, so no setting or store of the user is read
or written.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unicodedata
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CATEGORIES = ["xSmall", "Small", "Medium", "Large", "xLarge", "xxLarge", "xxxLarge",
              "AX1", "AX2", "AX3", "AX4", "AX5"]
# Screenshots kept in docs/legibility/ (the whole window, first page).
GALLERY = ["Large", "xLarge", "xxxLarge", "AX2", "AX5"]
# The delivery rows of other scripts also kept, at this category.
SCRIPT_GALLERY_CATEGORY = "AX3"
COLS, ROWS = 100, 100         # tall enough that every test delivery fits at AX5 (the tallest takes 44 rows)
FONT, FONT_SIZE = "DejaVu Sans Mono", 11
TOOLS = ["xterm", "Xvfb", "import", "convert", "identify", "tesseract", "xwininfo"]

# ---------------------------------------------------------------- OCR setup
# One preprocessing for every category (chosen by measurement, see
# docs/legibility.md), applied to the text area of each delivery's rows: gray;
# every braille cell redrawn from the screenshot on a regular lattice (each dot
# xterm drew fills its share of the cell, w/2 x h/4 px), which joins dots into
# strokes also across the gap between two rows of braille, while a one-dot gap
# stays a gap (the dot pitch in screen pixels is the same at every category);
# native text and blocks keep their pixels. Then one image per text line (the
# frame knows the lines' rows), scaled so its band of ink rows is `band` px, so
# 1-row native text and 5-row mosaics reach tesseract at about one size; a
# slight blur and threshold that round the stair steps of the scaled lattice;
# tesseract reads each line alone (psm 7).
PREPROCESSING = {"threshold": 50, "band": 32, "smooth": 0.7, "border": 10}
TESSERACT = ["--psm", "7", "--oem", "1"]

LANGUAGES = {"Latin": "eng", "Han/Kana": "jpn", "Cyrillic": "rus", "Hebrew": "heb"}

BRAILLE_BASE = 0x2800
# Braille dot bits -> (x, y) in the 2x4 cell.
BRAILLE_DOTS = [(0x01, 0, 0), (0x02, 0, 1), (0x04, 0, 2), (0x40, 0, 3),
                (0x08, 1, 0), (0x10, 1, 1), (0x20, 1, 2), (0x80, 1, 3)]
# Quadrant and half blocks -> (top-left, top-right, bottom-left, bottom-right).
QUADRANTS = {
    "▘": (1, 0, 0, 0), "▝": (0, 1, 0, 0), "▖": (0, 0, 1, 0), "▗": (0, 0, 0, 1),
    "▀": (1, 1, 0, 0), "▄": (0, 0, 1, 1), "▌": (1, 0, 1, 0), "▐": (0, 1, 0, 1),
    "▚": (1, 0, 0, 1), "▞": (0, 1, 1, 0), "▙": (1, 0, 1, 1), "▛": (1, 1, 1, 0),
    "▜": (1, 1, 0, 1), "▟": (0, 1, 1, 1), "█": (1, 1, 1, 1),
}
SELECTION_BAR = "▌"


# ------------------------------------------------------------------ helpers
def run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, check=True, capture_output=True, **kw)


def cells(line: str) -> list[str]:
    """A rendered line as one string per terminal column ('' continues a wide character)."""
    out: list[str] = []
    for ch in line:
        if unicodedata.combining(ch) and out:
            out[-1] += ch
        elif unicodedata.east_asian_width(ch) in ("W", "F"):
            out += [ch, ""]
        else:
            out.append(ch)
    return out


def is_braille(c: str) -> bool:
    return len(c) == 1 and BRAILLE_BASE <= ord(c) <= BRAILLE_BASE + 0xFF


def is_mosaic(c: str) -> bool:
    return is_braille(c) or c in QUADRANTS


def script_of(text: str) -> str:
    for ch in text:
        name = unicodedata.name(ch, "")
        if "HEBREW" in name:
            return "Hebrew"
        if "CJK" in name or "HIRAGANA" in name or "KATAKANA" in name:
            return "Han/Kana"
        if "CYRILLIC" in name:
            return "Cyrillic"
    return "Latin"


def fold(text: str) -> str:
    """Case, accents, spaces and punctuation folded away: only letters and digits."""
    text = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def substring_distance(needle: str, hay: str) -> int:
    """Fewest edits turning needle into some substring of hay (Sellers)."""
    if not needle:
        return 0
    prev = [0] * (len(hay) + 1)
    for i, a in enumerate(needle, 1):
        cur = [i] + [0] * len(hay)
        for j, b in enumerate(hay, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a != b))
        prev = cur
    return min(prev)


DIGITS = re.compile(r"\d+(?:[:\-/.]\d+)*")
DASHES = str.maketrans({"–": "-", "—": "-", "‐": "-", "‑": "-", "−": "-"})


def cut_digits(delivery: dict, ocr: str) -> list[bool]:
    """Which digit strings the list does not show: where the address ends in an ellipsis (a row
    cut at its line limit; the list shows every address of the sample whole), those of the
    address after the last one read."""
    tokens = digit_strings(delivery)
    window = len(DIGITS.findall(delivery.get("window", "") or ""))
    address = len(tokens) - window
    found = delivery_digits_read(delivery, ocr)
    if not re.search(r"…|\.\.", ocr):
        return [False] * len(tokens)
    last = max([i for i in range(address) if found[i]], default=-1)
    return [i < address and i > last and not found[i] for i in range(len(tokens))]


def digit_strings(delivery: dict) -> list[str]:
    address = delivery["address"]
    texts = [address.get("line1", ""), address.get("line2", ""), delivery.get("window", "")]
    return [m for t in texts for m in DIGITS.findall(t or "")]


def delivery_digits_read(delivery: dict, ocr: str) -> list[bool]:
    """`digits_read` for a delivery's digit strings (`digit_strings`' order): the address's in
    reading order, the window's on their own, as the list draws the window after the address
    or, where the address is drawn tall, before it (DeliveryRowContent.windowLeads)."""
    window = DIGITS.findall(delivery.get("window", "") or "")
    tokens = digit_strings(delivery)
    return digits_read(tokens[:len(tokens) - len(window)], ocr) + digits_read(window, ocr)


def digits_read(tokens: list[str], ocr: str) -> list[bool]:
    """Each digit string found exactly, in reading order, not inside a longer number."""
    text = re.sub(r"\s*([:\-/])\s*", r"\1", ocr.translate(DASHES))
    found, pos = [], 0
    for token in tokens:
        m = re.compile(r"(?<!\d)" + re.escape(token) + r"(?!\d)").search(text, pos)
        found.append(m is not None)
        if m:
            pos = m.end()
    return found


# ------------------------------------------------------------ render frames
@dataclass
class Renderer:
    binary: str
    env: dict
    glyphs: str = "mosaic"
    extra: tuple[str, ...] = ()  # more render options, e.g. ("--font", "DejaVu Sans")

    def frame(self, manifest: Path, category: str, top: int = 0, select: int = 0) -> "Screen":
        args = [self.binary, "render", str(manifest), "--size", f"{COLS}x{ROWS}", "--glyphs", self.glyphs,
                "--text-size", category, "--top", str(top), "--select", str(select), *self.extra]
        out = run(args, env=self.env, text=True).stdout
        screen = Screen(cells(line) for line in out.split("\n")[:ROWS])
        assert len(screen) == ROWS and all(len(l) == COLS for l in screen), "render size mismatch"
        if self.glyphs == "doubled":
            # The terminal draws doubled lines itself: show what browse writes
            # (render --ansi), without colours, as the plain frames are shown.
            ansi = run(args + ["--ansi"], env=self.env, text=True).stdout
            screen.ansi = re.sub(r"\x1b\[[0-9;]*m", "", ansi)
            for m in re.finditer(r"\x1b\[(\d+);1H(?:\x1b\[2K)?\x1b#([345])", screen.ansi):
                if m.group(2) in "34":
                    screen.doubled.add(int(m.group(1)) - 1)
        return screen


class Screen(list):
    """A frame's cells by row, with the rows a terminal draws doubled and
    the bytes that show it (for doubled lines; else the plain text is shown)."""

    def __init__(self, rows=()):
        super().__init__(rows)
        self.ansi: str | None = None
        self.doubled: set[int] = set()


def bar_rows(frame: list[list[str]]) -> list[int]:
    """Rows of the list (not the header or footer) marked by the selection bar."""
    return [r for r in range(1, ROWS - 1) if frame[r][0] == SELECTION_BAR]


def same_view(a: list[list[str]], b: list[list[str]]) -> bool:
    """Equal apart from the selection bar and the footer (which counts the selection)."""
    return all(a[r][1:] == b[r][1:] for r in range(ROWS - 1))


def text_column(frame: list[list[str]], rows: list[int]) -> int:
    """First column of the text: after the badge and the gap that follows it (one column,
    or two where lines may be doubled: then the badge starts at column 2, not 1)."""
    def blank(c: int) -> bool:
        return all(frame[r][c] == " " for r in rows)
    pairs = blank(1)
    c = 2 if pairs else 1
    while c < COLS and not blank(c):
        c += 1
    return c + (2 if pairs else 1)


@dataclass
class TextLine:
    """A line of text in a frame: native (one row) or a band of mosaic ink."""
    mode: str              # native, braille, blocks, mixed
    rows: tuple[int, int]  # first and last terminal row holding its ink
    dots: int = 0          # ink height in mosaic dots (braille 4/row, blocks 2/row)
    dot_rows: float = 0    # the same in terminal rows
    subrows: tuple[int, int] = (0, 0)  # first and last quarter row (4 a terminal row) holding its ink


def text_lines(frame: list[list[str]], rows: list[int], col: int) -> list[TextLine]:
    """Decode the cells right of `col` in `rows` into text lines, top to bottom."""
    lines: list[TextLine] = []
    bitmap: list[tuple[int, int]] = []  # (subrow index, terminal row) of mosaic ink rows

    def flush() -> None:
        # Split accumulated mosaic ink rows (at 4 subrows per terminal row) into bands.
        band: list[tuple[int, int]] = []
        for sub, row in bitmap + [(None, None)]:
            if band and (sub is None or sub != band[-1][0] + 1):
                chars = [c for r in range(band[0][1], band[-1][1] + 1) for c in frame[r][col:COLS - 1]]
                kinds = {"braille" if is_braille(c) else "blocks" for c in chars if is_mosaic(c)}
                mode = kinds.pop() if len(kinds) == 1 else "mixed"
                per_row = 4 if mode == "braille" else 2
                height = band[-1][0] - band[0][0] + 1
                dots = height if per_row == 4 else height // 2
                lines.append(TextLine(mode, (band[0][1], band[-1][1]), dots, height / 4, (band[0][0], band[-1][0])))
                band = []
            if sub is not None:
                band.append((sub, row))
        bitmap.clear()

    doubled = getattr(frame, "doubled", set())
    for r in rows:
        row = frame[r][col:COLS - 1]  # the last column is the scroll bar
        if r in doubled:
            # A doubled line: two rows, the top half then the bottom half.
            if r - 1 in doubled and lines and lines[-1].mode == "doubled" and lines[-1].rows == (r - 1, r - 1):
                lines[-1] = TextLine("doubled", (r - 1, r), subrows=(4 * (r - 1), 4 * r + 3))
            elif any(c not in (" ", "") for c in row):
                flush()
                lines.append(TextLine("doubled", (r, r), subrows=(4 * r, 4 * r + 3)))
            continue
        # A row of ordinary characters is a native line, unless mosaic ink shares it: then
        # the characters are a tag beside a big line (the window's `late`) and belong to it.
        if any(c not in (" ", "") and not is_mosaic(c) for c in row) and not any(is_mosaic(c) for c in row):
            flush()
            lines.append(TextLine("native", (r, r), subrows=(4 * r, 4 * r + 3)))
            continue
        for y in range(4):
            ink = False
            for c in row:
                if is_braille(c):
                    bits = ord(c) - BRAILLE_BASE
                    ink |= any(bits & bit for bit, _, yy in BRAILLE_DOTS if yy == y)
                elif c in QUADRANTS:
                    q = QUADRANTS[c]
                    ink |= bool(q[0] or q[1]) if y < 2 else bool(q[2] or q[3])
            if ink:
                bitmap.append((r * 4 + y, r))
    flush()
    return lines


# ------------------------------------------------------------------ X side
class Display:
    """Xvfb plus one xterm per frame; screenshots of the xterm window."""

    def __init__(self, work: Path, env: dict):
        self.work, self.env = work, dict(env)
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x2000x24", "-nolisten", "tcp", "-br"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as f:
            number = f.readline().strip()
        if not number:
            raise SystemExit("Xvfb did not start")
        self.env["DISPLAY"] = f":{number}"
        self.cell: tuple[int, int] | None = None
        self.dots: tuple[list[float], list[float]] | None = None

    def close(self) -> None:
        self.xvfb.terminate()
        self.xvfb.wait()

    def screenshot(self, frame: list[list[str]], png: Path) -> None:
        text = self.work / "screen.txt"
        ready = self.work / "ready"
        ready.unlink(missing_ok=True)
        # No newline after the last row, or the screen would scroll by one.
        ansi = getattr(frame, "ansi", None)
        text.write_text(ansi if ansi is not None else "\n".join("".join(row) for row in frame))
        term = subprocess.Popen(
            ["xterm", "-u8", "-fa", FONT, "-fs", str(FONT_SIZE), "-geometry", f"{COLS}x{ROWS}+0+0",
             "-bg", "white", "-fg", "black", "-b", "0", "-bw", "0", "+sb", "-e", "sh", "-c",
             f"printf '\\033[?25l'; cat '{text}'; touch '{ready}'; exec sleep 60"],
            env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 20
            while not ready.exists():
                if time.monotonic() > deadline or term.poll() is not None:
                    raise SystemExit("xterm did not show the frame")
                time.sleep(0.05)
            time.sleep(0.4)  # let xterm paint what it has read
            if self.cell is None:
                self.cell = self.measure_cell()
            w, h = self.cell
            # On a loaded machine xterm may not have painted yet (a black screen was photographed):
            # shoot until the page is white and two shots in a row show the same pixels.
            last, deadline = None, time.monotonic() + 20
            while True:
                run(["import", "-window", "root", "-crop", f"{COLS * w}x{ROWS * h}+0+0", "+repage", str(png)],
                    env=self.env)
                signature, mean = run(["identify", "-format", "%# %[fx:mean]", str(png)], text=True).stdout.split()
                if float(mean) > 0.5 and signature == last:
                    break
                if time.monotonic() > deadline:
                    raise SystemExit("xterm did not finish painting the frame")
                last = signature
                time.sleep(0.3)
        finally:
            term.terminate()
            term.wait()

    def measure_dots(self) -> tuple[list[float], list[float]]:
        """Where xterm draws the 8 braille dots in a cell (px from its top-left corner): the
        centres of the ink columns and rows of a full braille cell ⣿, photographed once."""
        blank = [" "] * COLS
        frame = [["⣿"] + blank[1:]] + [list(blank) for _ in range(ROWS - 1)]
        png = self.work / "dots.png"
        self.screenshot(frame, png)
        w, h = self.cell
        cw, ch, px = gray(png, f"{w}x{h}+0+0")

        def centres(ink: list[bool]) -> list[float]:
            runs, start = [], None
            for i, v in enumerate(ink + [False]):
                if v and start is None:
                    start = i
                elif not v and start is not None:
                    runs.append((start + i - 1) / 2)
                    start = None
            return runs

        xs = centres([min(px[y * cw + x] for y in range(ch)) < 128 for x in range(cw)])
        ys = centres([min(px[y * cw:(y + 1) * cw]) < 128 for y in range(ch)])
        if len(xs) != 2 or len(ys) != 4:
            raise SystemExit(f"braille cell ⣿ shows {len(xs)}x{len(ys)} dots, not 2x4")
        return xs, ys

    def measure_cell(self) -> tuple[int, int]:
        tree = run(["xwininfo", "-root", "-tree"], env=self.env, text=True).stdout
        m = re.search(r'"xterm" "XTerm"\)\s+(\d+)x(\d+)', tree)
        if not m:
            raise SystemExit("cannot find the xterm window")
        width, height = int(m.group(1)), int(m.group(2))
        if width % COLS or height % ROWS:
            raise SystemExit(f"xterm window {width}x{height} is not a whole number of {COLS}x{ROWS} cells")
        return width // COLS, height // ROWS


# ------------------------------------------------------------- image side
def gray(png: Path, crop: str | None = None, ops: list[str] | None = None) -> tuple[int, int, bytes]:
    """Pixels of (a crop of) an image, 8-bit gray, via ImageMagick's PGM."""
    cmd = ["convert", str(png)] + (["-crop", crop, "+repage"] if crop else []) + (ops or []) + \
          ["-colorspace", "Gray", "-depth", "8", "pgm:-"]
    data = run(cmd).stdout
    parts = data.split(maxsplit=4)  # P5 width height maxval pixels
    return int(parts[1]), int(parts[2]), parts[4]


def ink_extent(png: Path, crop: str) -> int:
    """Height in screen px from the first to the last row with a dark pixel."""
    w, h, px = gray(png, crop)
    rows = [y for y in range(h) if min(px[y * w:(y + 1) * w]) < 128]
    return rows[-1] - rows[0] + 1 if rows else 0


def preprocess(raw: Path, braille: set[tuple[int, int]], lines: list[tuple[int, int, str]],
               cell: tuple[int, int], dots: tuple[list[float], list[float]], params: dict) -> list[Path]:
    """The one preprocessing: one image per text line of the crop.

    `braille` holds the (row, column) of the crop's braille cells, `lines` each text line's
    first and last quarter row (4 a terminal row, from the crop's top) and mode, `dots`
    where xterm draws the 8 dots of a braille cell. Returns the images, top to bottom."""
    w, h = cell
    width, height, px = gray(raw)
    ink = bytearray(px)
    # Braille dots become solid: each dot seen in the screenshot fills its share of the cell
    # (a regular lattice of w/2 x h/4 px), one dot missing leaves a gap of one dot.
    xs, ys = dots
    for r, c in braille:
        x0, y0 = c * w, r * h
        for y in range(y0, min(y0 + h, height)):
            ink[y * width + x0:y * width + min(x0 + w, width)] = b"\xff" * (min(x0 + w, width) - x0)
        for i, dx in enumerate(xs):
            for k, dy in enumerate(ys):
                cx, cy = x0 + round(dx), y0 + round(dy)
                seen = min(px[y * width + x] for y in range(max(cy - 1, 0), min(cy + 2, height))
                           for x in range(max(cx - 1, 0), min(cx + 2, width)))
                if seen < 128:
                    bx0, bx1 = x0 + round(i * w / 2), x0 + round((i + 1) * w / 2)
                    by0, by1 = y0 + round(k * h / 4), y0 + round((k + 1) * h / 4)
                    for y in range(by0, min(by1, height)):
                        ink[y * width + bx0:y * width + bx1] = b"\x00" * (bx1 - bx0)
    pgm = raw.with_suffix(".ink.pgm")
    pgm.write_bytes(b"P5 %d %d 255\n" % (width, height) + bytes(ink))
    outs = []
    for n, (first, last, mode) in enumerate(lines):
        y0, y1 = round(first * h / 4), round((last + 1) * h / 4)
        band = y1 - y0 if mode != "native" else h  # a doubled line: its two rows, as tall as a native row's glyphs doubled
        # Every line reaches tesseract at one height: its band of ink rows (a native row: the cell).
        scale = 100 * params["band"] / band
        out = raw.with_name(f"{raw.stem}.line{n}.png")
        run(["convert", str(pgm), "-crop", f"{width}x{y1 - y0}+0+{y0}", "+repage",
             "-resize", f"{scale:.1f}%"] +
            # Rounds the stair steps of scaled mosaic pixels, which tesseract reads as strokes.
            (["-blur", f"0x{params['smooth']:g}"] if params["smooth"] else []) +
            ["-threshold", f"{params['threshold']:g}%"] +
            ["-bordercolor", "white", "-border", f"{params['border']:g}", str(out)])
        outs.append(out)
    return outs


def ocr(image: Path, language: str) -> str:
    out = run(["tesseract", str(image), "stdout", "-l", language] + TESSERACT, text=True,
              env={**os.environ, "OMP_THREAD_LIMIT": "1"}).stdout
    return "\n".join(" ".join(line.split()) for line in out.splitlines() if line.strip())


# --------------------------------------------------------------- the run
@dataclass
class Reading:
    delivery: dict
    script: str
    text: str
    name_exact: bool
    name_near: bool
    digits: list[bool]
    name_mode: str
    cut: list[bool]  # digit strings of the address past the list's ellipsis: not on screen


@dataclass
class CategoryResult:
    category: str
    name: TextLine | None = None
    address: TextLine | None = None
    window: TextLine | None = None
    name_px: int = 0
    address_px: int = 0
    window_px: int = 0
    readings: list[Reading] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def measure_heights(cat: str, renderer: Renderer, display: Display, work: Path, res: CategoryResult) -> int:
    """Ink heights of a capital H as name and as address; returns the text column."""
    manifest = work / "measure.json"
    frame = renderer.frame(manifest, cat)
    rows = bar_rows(frame)
    col = text_column(frame, rows)
    lines = text_lines(frame, rows, col)
    if len(lines) < 2:
        res.notes.append("measuring frame: fewer than two text lines")
        return col
    res.name, res.address = lines[0], lines[1]
    res.window = lines[2] if len(lines) > 2 else None
    # Where the address is drawn more than two rows a line the list puts the window before it
    # (DeliveryRowContent.windowLeads); a window is never drawn taller than the address.
    if res.window is not None and res.window.rows[1] - res.window.rows[0] + 1 > 2:
        res.address, res.window = res.window, res.address
    png = work / f"measure-{cat}.png"
    display.screenshot(frame, png)
    w, h = display.cell
    for line, attr in ((res.name, "name_px"), (res.address, "address_px"), (res.window, "window_px")):
        if line is None:
            continue
        top, bottom = line.rows
        setattr(res, attr, ink_extent(png, f"{(COLS - 1 - col) * w}x{(bottom - top + 1) * h}+{col * w}+{top * h}"))
    return col


def read_delivery(raw: Path, braille: set[tuple[int, int]], lines: list[tuple[int, int, str]],
                  cell: tuple[int, int], dots: tuple[list[float], list[float]], delivery: dict,
                  name_mode: str, params: dict) -> Reading:
    """OCR one delivery's crop, line by line, and score it."""
    script = script_of(delivery["name"])
    # What the preprocessing knew of the crop, kept with it for calibration runs.
    raw.with_suffix(".json").write_text(json.dumps({"braille": sorted(braille), "lines": lines, "cell": cell,
                                                    "dots": dots, "delivery": delivery}))
    text = "\n".join(ocr(image, LANGUAGES[script])
                     for image in preprocess(raw, braille, lines, cell, dots, params))
    raw.with_suffix(".txt").write_text(text + "\n")
    name, seen = fold(delivery["name"]), fold(text)
    return Reading(delivery, script, text, name in seen,
                   substring_distance(name, seen) <= 1, delivery_digits_read(delivery, text), name_mode,
                   cut_digits(delivery, text))


def run_category(cat: str, renderer: Renderer, display: Display, pool: ThreadPoolExecutor,
                 manifest: Path, deliveries: list[dict], work: Path, docs: Path | None, params: dict) -> tuple[CategoryResult, list[Future]]:
    res = CategoryResult(cat)
    col = measure_heights(cat, renderer, display, work, res)
    w, h = display.cell
    if display.dots is None:
        display.dots = display.measure_dots()
    futures: list[Future] = []
    k, page = 0, 0
    while k < len(deliveries):
        base = renderer.frame(manifest, cat, top=k, select=k)
        spans: list[tuple[int, list[int]]] = []
        for j in range(k, len(deliveries)):
            f = base if j == k else renderer.frame(manifest, cat, top=k, select=j)
            rows = bar_rows(f)
            if not same_view(base, f) or not rows or rows[-1] >= ROWS - 2:
                break  # j is cut off at the bottom (or selecting it scrolled)
            spans.append((j, rows))
        png = work / f"{cat}-page{page}.png"
        display.screenshot(base, png)
        if page == 0 and docs is not None and cat in GALLERY:
            small(png, docs / f"deliveries-{cat}.png")
        if not spans:
            res.notes.append(f"{deliveries[k]['id']} taller than the screen: not scored")
            k += 1
        for j, rows in spans:
            top, bottom = rows[0], rows[-1]
            lines = text_lines(base, rows, col)
            name_mode = lines[0].mode if lines else "none"
            # The text area of the delivery's rows: no badge, no scroll bar.
            raw = work / f"{cat}-{deliveries[j]['id']}.png"
            run(["convert", str(png), "-crop", f"{(COLS - 1 - col) * w}x{(bottom - top + 1) * h}+{col * w}+{top * h}",
                 "+repage", str(raw)])
            braille = {(r - top, c - col) for r in range(top, bottom + 1) for c in range(col, COLS - 1)
                       if is_braille(base[r][c])}
            bands = [(line.subrows[0] - 4 * top, line.subrows[1] - 4 * top, line.mode) for line in lines]
            futures.append(pool.submit(read_delivery, raw, braille, bands, display.cell, display.dots,
                                       deliveries[j], name_mode, params))
            if docs is not None and cat == SCRIPT_GALLERY_CATEGORY and script_of(deliveries[j]["name"]) != "Latin":
                small(png, docs / f"{cat}-{script_of(deliveries[j]['name']).split('/')[0].lower()}.png",
                      f"{COLS * w}x{(bottom - top + 1) * h}+0+{top * h}")
        if spans:
            k = spans[-1][0] + 1
        page += 1
    return res, futures


def small(png: Path, dest: Path, crop: str | None = None) -> None:
    """A gallery copy: 16 grays, which keeps anti-aliased text and a small file."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    run(["convert", str(png)] + (["-crop", crop, "+repage"] if crop else []) +
        ["-colorspace", "Gray", "-colors", "16", "-strip", f"PNG8:{dest}"])


# ------------------------------------------------------------------ report
def pct(num: int, den: int) -> str:
    return f"{100 * num / den:.0f} % ({num}/{den})" if den else "–"


def height_cell(line: TextLine | None, px: int) -> str:
    if line is None:
        return "–"
    if line.mode == "native":
        return f"native, 1 row, {px} px"
    if line.mode == "doubled":
        return f"doubled, 2 rows, {px} px"
    return f"{line.dots} dots = {line.dot_rows:g} rows, {px} px"


def table(results: list[CategoryResult]) -> str:
    out = ["| category | glyph mode (name / address / window) | name: H ink height | address: H ink height "
           "| time window: digit ink height | names OCR: exact (≤1 edit) | digit strings OCR | notes |",
           "|---|---|---|---|---|---|---|---|"]
    for r in results:
        latin = [x for x in r.readings if x.script == "Latin"]
        exact = sum(x.name_exact for x in latin)
        near = sum(x.name_near for x in latin)
        digits = [d for x in latin for d in x.digits]
        shown = [d for x in latin for d, c in zip(x.digits, x.cut) if not c]
        missed = [x.delivery["name"] for x in latin if not x.name_near]
        notes = list(r.notes) + ([f"missed: {', '.join(missed)}"] if missed else [])
        modes = " / ".join(line.mode if line else "–" for line in (r.name, r.address, r.window))
        out.append(f"| {r.category} | {modes} | {height_cell(r.name, r.name_px)} | "
                   f"{height_cell(r.address, r.address_px)} | {height_cell(r.window, r.window_px)} | {pct(exact, len(latin))} "
                   f"({100 * near / len(latin):.0f} %) | {pct(sum(digits), len(digits))}"
                   + (f"; of those shown {pct(sum(shown), len(shown))}" if len(shown) < len(digits) else "") + " | "
                   f"{'; '.join(notes)} |" if latin else f"| {r.category} | {modes} | | | | – | – | no delivery scored |")
    return "\n".join(out)


def script_table(results: list[CategoryResult]) -> str:
    names = []
    for r in results:
        for x in r.readings:
            if x.script != "Latin" and x.delivery["name"] not in names:
                names.append(x.delivery["name"])
    if not names:
        return ""
    head = "| category | " + " | ".join(f"{n} ({LANGUAGES[script_of(n)]})" for n in names) + " |"
    out = [head, "|---|" + "---|" * len(names)]
    for r in results:
        row = []
        by_name = {x.delivery["name"]: x for x in r.readings}
        for n in names:
            x = by_name.get(n)
            if x is None:
                row.append("not on screen")
                continue
            mark = "read" if x.name_exact else ("≤1 edit" if x.name_near else "not read")
            row.append(f"{x.name_mode} name, {mark}; digits {sum(x.digits)}/{len(x.digits)}")
        out.append(f"| {r.category} | " + " | ".join(row) + " |")
    return "\n".join(out)


def update_doc(doc: Path, text: str, marker: str = "legibility-table") -> None:
    begin, end = f"<!-- {marker} -->", f"<!-- /{marker} -->"
    if not doc.exists():
        return
    old = doc.read_text()
    if begin in old and end in old:
        head, rest = old.split(begin, 1)
        doc.write_text(head + begin + "\n" + text + "\n" + end + rest.split(end, 1)[1])


# -------------------------------------------------------------------- main
def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=os.environ.get("IDELIVERMOBILE_BIN", str(ROOT / ".build/release/idelivermobile")))
    parser.add_argument("--manifest", default=str(ROOT / "Data/legibility.json"))
    parser.add_argument("--categories", nargs="*", default=CATEGORIES, choices=CATEGORIES)
    parser.add_argument("--work", default=str(ROOT / ".build/legibility"), help="screenshots, crops and OCR text")
    parser.add_argument("--no-docs", action="store_true", help="do not write docs/ (gallery, table)")
    # The mosaics every terminal shows; doubled lines and OSC 66 are measured in docs/terminals.md.
    parser.add_argument("--glyphs", default="mosaic", choices=["mosaic", "braille", "blocks", "doubled"],
                        help="the glyph mode measured (default: mosaic, what terminals without text scaling get; "
                             "doubled: what `automatic` picks in xterm, shown with render --ansi)")
    parser.add_argument("--preprocessing", default="",
                        help="override for calibration, e.g. band=40,smooth=1,threshold=50")
    parser.add_argument("--font", help="render's --font for big glyphs (a file or fontconfig family), to compare fonts")
    args = parser.parse_args()
    params = dict(PREPROCESSING)
    for item in filter(None, args.preprocessing.split(",")):
        key, _, value = item.partition("=")
        params[key] = float(value)

    missing = [t for t in TOOLS if shutil.which(t) is None]
    if missing:
        print(f"legibility: missing {', '.join(missing)}; run `make deps`", file=sys.stderr)
        return 69  # EX_UNAVAILABLE
    if not os.access(args.bin, os.X_OK):
        print(f"legibility: no binary at {args.bin}; run `make build`", file=sys.stderr)
        return 66

    work = Path(args.work)
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    # The gallery is the mosaic's; another mode's run writes its table only.
    docs = None if args.no_docs or args.glyphs != "mosaic" else ROOT / "docs/legibility"
    manifest = Path(args.manifest)
    deliveries = json.loads(manifest.read_text())["deliveries"]
    (work / "measure.json").write_text(json.dumps({"deliveries": [
        # A window must be a time window (render refuses "HH"): digits, as tall as a capital; one
        # that is never late, so no "late" stands beside it.
        {"id": "H", "name": "HH", "address": {"line1": "HH"}, "status": "pending", "window": "00:00-23:59"}]}))

    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="legibility-home-") as home:
        # A private HOME and XDG folders: nothing of the user's is read or written.
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
               "HOME": home, "XDG_CONFIG_HOME": f"{home}/config", "XDG_DATA_HOME": f"{home}/data",
               "XDG_CACHE_HOME": f"{home}/cache", "XDG_STATE_HOME": f"{home}/state", "TERM": "xterm-256color"}
        renderer = Renderer(args.bin, env, args.glyphs, ("--font", args.font) if args.font else ())
        display = Display(work, env)
        results: list[CategoryResult] = []
        try:
            with ThreadPoolExecutor(max_workers=2) as pool:
                pending = []
                for cat in args.categories:
                    res, futures = run_category(cat, renderer, display, pool, manifest, deliveries, work, docs, params)
                    results.append(res)
                    pending.append((res, futures))
                    print(f"legibility: {cat} shown and shot ({time.monotonic() - started:.0f} s)", file=sys.stderr)
                for res, futures in pending:
                    res.readings = [f.result() for f in futures]
        finally:
            display.close()

    report = (f"Measured by `make legibility` on {time.strftime('%Y-%m-%d')}, `--glyphs {args.glyphs}`: xterm {COLS}x{ROWS}, "
              f"{FONT} {FONT_SIZE}, cell {display.cell[0]}x{display.cell[1]} px, "
              f"deliveries of `{manifest.relative_to(ROOT) if manifest.is_relative_to(ROOT) else manifest}`.\n\n"
              + table(results) + "\n\nOther scripts (own tesseract language; scored separately):\n\n"
              + script_table(results) + "\n")
    print(report)
    if docs is not None:
        (ROOT / "docs/legibility-table.md").write_text(report)
    if not args.no_docs:
        marker = "legibility-table" if args.glyphs == "mosaic" else f"legibility-table-{args.glyphs}"
        update_doc(ROOT / "docs/legibility.md", report, marker)
    print(f"legibility: done in {time.monotonic() - started:.0f} s; screenshots and OCR text in {work}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
