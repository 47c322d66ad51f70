#!/usr/bin/env python3
"""`--glyphs pixels` seen for real: xterm -ti vt340 under Xvfb.

1. Browse (`--glyphs automatic`) in `xterm -ti vt340` (DejaVu Sans Mono 11,
   100x30, black on white) at every category, on both screens: checks that
   automatic picks pixels (the status bar says "glyphs: pixels" after a
   size key), takes a screenshot for docs/pixels/, and measures the name's
   capital in it (the Shipment screen's centred name too): the ink height
   of its first letter, in screen pixels, and its ratio to Large's.
2. Plain xterm and tmux: which mode automatic picks there (doubled,
   mosaics), from the status bar.
3. Remnants: after paging down and up, `+` then `-`, the help opened and
   closed, the screen is compared pixel for pixel with a fresh start in
   the same state.
4. OCR: `render --ansi --glyphs pixels` frames of Data/legibility.json
   (every delivery, page by page; render prints the bytes browse writes)
   are shown in the same xterm, every image, and every line drawn as
   native text (a style at Large's Body size), cut out of the screenshot
   and read by tesseract, one line at a time; names and digit strings are
   scored against the text the frame says each line shows.
5. Optionally mlterm (a second sixel terminal), if it starts headless.

Prints a Markdown table and writes docs/pixels.md's table between its
markers. Run with `make pixels`. Work files go to .build/pixels/.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / ".build" / "pixels"
DOCS = ROOT / "docs" / "pixels"
CATEGORIES = ["xSmall", "Small", "Medium", "Large", "xLarge", "xxLarge", "xxxLarge",
              "AX1", "AX2", "AX3", "AX4", "AX5"]
APPLE_HEADLINE = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
COLS, ROWS = 100, 30
CELL = (9, 19)
BORDER = 2  # xterm's internal border, in pixels
DISPLAY_NUMBER = os.environ.get("DISPLAY_NUMBER", "15")
BIN = os.environ.get("IDELIVERMOBILE_BIN", str(ROOT / ".build" / "release" / "idelivermobile"))
XTERM = ["xterm", "-u8", "-tn", "xterm-256color", "-fa", "DejaVu Sans Mono", "-fs", "11",
         "-fg", "black", "-bg", "white", "-geometry", f"{COLS}x{ROWS}+0+0"]
# The box of a line read by OCR is scaled to this height, one for every line: chosen by the total
# of names and digit strings read over all categories, the same screenshots read at 32 to 64
# (docs/pixels.md has the sweep); single lines read better at other heights, none is chosen per line.
LINE_HEIGHT = 44
LANGUAGES = {"Latin": "eng", "Cyrillic": "rus", "Hebrew": "heb", "Han/Kana": "jpn"}
# What the selection bar, badges and scrollbar draw around a native line.
DECORATION = "▌▐█○▸✓✗│▕ \u00a0"


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, **kw)


class Display:
    """Xvfb on DISPLAY_NUMBER, and the terminals started on it."""

    def __init__(self):
        self.env = dict(os.environ, DISPLAY=f":{DISPLAY_NUMBER}", LANG="C.UTF-8", LC_ALL="C.UTF-8")
        self.home = Path(tempfile.mkdtemp(prefix="idm-pixels-"))
        self.env.update(HOME=str(self.home))
        for key in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "TMUX", "STY", "IDELIVERMOBILE_GLYPHS"):
            self.env.pop(key, None)
        if subprocess.run(["xdpyinfo"], env=self.env, capture_output=True).returncode == 0:
            raise SystemExit(f"display :{DISPLAY_NUMBER} is taken: set DISPLAY_NUMBER to a free one")
        self.server = subprocess.Popen(["Xvfb", f":{DISPLAY_NUMBER}", "-screen", "0", "1280x2000x24"],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.5)

    def close(self):
        self.server.terminate()
        self.server.wait()
        shutil.rmtree(self.home, ignore_errors=True)

    def start(self, command: list[str], terminal: list[str] | None = None, rows: int = ROWS) -> subprocess.Popen:
        base = terminal or XTERM
        base = [a if not a.startswith(f"{COLS}x") else f"{COLS}x{rows}+0+0" for a in base]
        return subprocess.Popen(base + ["-e"] + command, env=self.env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def keys(self, *keys: str, pause: float = 0.6):
        # No window manager: the pointer over the terminal gives it the keys.
        subprocess.run(["xdotool", "mousemove", "100", "100"], env=self.env, check=False)
        for key in keys:
            subprocess.run(["xdotool", "key", key], env=self.env, check=False)
            time.sleep(pause)

    def shot(self, path: Path, rows: int = ROWS):
        """A screenshot once the screen has settled: two in a row alike (on a
        loaded machine xterm may still be drawing sixel images after any
        fixed wait), or the last after 20 s."""
        width, height = COLS * CELL[0] + 2 * BORDER, rows * CELL[1] + 2 * BORDER
        grab = ["import", "-window", "root", "-crop", f"{width}x{height}+0+0", "+repage", "-depth", "8", "rgb:-"]
        previous, deadline = None, time.monotonic() + 20
        while True:
            pixels = run(grab, env=self.env).stdout
            if pixels == previous or time.monotonic() > deadline:
                break
            previous = pixels
            time.sleep(0.7)
        run(["convert", "-size", f"{width}x{height}", "-depth", "8", "rgb:-", str(path)], input=pixels)

    @staticmethod
    def stop(process: subprocess.Popen):
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()


# ------------------------------------------------------------ images
def gray(path: Path) -> tuple[int, int, bytes]:
    """The screenshot as 8-bit grey pixels."""
    out = run(["convert", str(path), "-colorspace", "Gray", "-depth", "8", "gray:-"]).stdout
    size = run(["identify", "-format", "%w %h", str(path)]).stdout.decode().split()
    return int(size[0]), int(size[1]), out


def blank_boxes(path: Path, boxes: list[tuple[int, int, int, int]]) -> list[tuple[int, int, int, int]]:
    """The boxes (column, row, width px, height px) with no ink in the screenshot: no pixel
    darker than light grey (every line of text is drawn dark or coloured on white)."""
    width, height, pixels = gray(path)
    blank = []
    for box in boxes:
        column, row, w, h = box
        x0, y0 = BORDER + column * CELL[0], BORDER + row * CELL[1]
        if not any(pixels[y * width + x] < 160 for y in range(y0, min(height, y0 + h))
                   for x in range(x0, min(width, x0 + w))):
            blank.append(box)
    return blank


def first_letter_height(path: Path, cell_x: int, cell_y: int, rows: int, columns: int) -> float:
    """Ink height of the first letter (F: flat top and bottom) in the cells
    from (cell_x, cell_y), to a fraction of a pixel: the rows with ink
    darker than a quarter, the top and bottom ones counted by their darkest
    pixel, as antialiasing spreads an edge over two rows."""
    width, height, pixels = gray(path)
    x0, y0 = BORDER + cell_x * CELL[0], BORDER + cell_y * CELL[1]
    x1, y1 = min(width, x0 + columns * CELL[0]), min(height, y0 + rows * CELL[1])

    def darkness(x, y):
        return 255 - pixels[y * width + x]

    column = next((x for x in range(x0, x1) if any(darkness(x, y) >= 128 for y in range(y0, y1))), None)
    if column is None:
        return 0
    while column > x0 and any(darkness(column - 1, y) >= 64 for y in range(y0, y1)):
        column -= 1
    rows_dark = [0] * (y1 - y0)
    while column < x1:
        darks = [darkness(column, y) for y in range(y0, y1)]
        if all(d < 64 for d in darks):
            break
        rows_dark = [max(a, b) for a, b in zip(rows_dark, darks)]
        column += 1
    inked = [i for i, d in enumerate(rows_dark) if d >= 64]
    if not inked:
        return 0
    top, bottom = inked[0], inked[-1]
    if bottom == top:
        return rows_dark[top] / 255
    return bottom - top - 1 + (rows_dark[top] + rows_dark[bottom]) / 255


def sixel_boxes(ansi: bytes) -> list[tuple[int, int, int, int]]:
    """(column, row, width px, height px) of every sixel image in render --ansi output."""
    boxes, cursor = [], (0, 0)
    for m in re.finditer(rb"\x1b\[(\d+);(\d+)H|\x1bP[0-9;]*q\"1;1;(\d+);(\d+)", ansi):
        if m.group(1):
            cursor = (int(m.group(2)) - 1, int(m.group(1)) - 1)
        else:
            boxes.append((cursor[0], cursor[1], int(m.group(3)), int(m.group(4))))
    return boxes


def render(manifest: Path, category: str, *extra: str, ansi: bool, rows: int = ROWS, env=None) -> bytes:
    args = [BIN, "render", str(manifest), "--size", f"{COLS}x{rows}", "--glyphs", "pixels", "--cell-size",
            f"{CELL[0]}x{CELL[1]}", "--text-size", category, "--now", "12:30", *extra]
    return run(args + (["--ansi"] if ansi else []), env=env).stdout


def pixel_runs(manifest: Path, category: str, *extra: str, rows: int = ROWS, env=None) -> list[dict]:
    """The frame's images of text with each character's pixel columns (`render --pixel-runs`)."""
    return json.loads(render(manifest, category, *extra, "--pixel-runs", ansi=False, rows=rows, env=env))["runs"]


def cells(line: str) -> list[str]:
    """A rendered line split into cells (a wide character takes two)."""
    out = []
    for ch in line:
        if unicodedata.combining(ch) and out:
            out[-1] += ch
            continue
        out.append(ch)
        if unicodedata.east_asian_width(ch) in "WF":
            out.append("")
    return out


# ------------------------------------------------------------ OCR
# The script's language and the folding are legibility.py's (make legibility), so both read alike.
sys.path.insert(0, str(Path(__file__).resolve().parent))
from legibility import DASHES, DIGITS, fold, script_of  # noqa: E402


def digits_in(text: str) -> list[str]:
    return DIGITS.findall(text)


def digits_read(tokens: list[str], ocr: str) -> int:
    text = re.sub(r"\s*([:\-/])\s*", r"\1", ocr.translate(DASHES))
    return sum(1 for t in tokens if re.search(r"(?<!\d)" + re.escape(t) + r"(?!\d)", text))


def ocr_crop(path: Path, box: tuple[int, int, int, int], language: str, out: Path) -> str:
    """The text tesseract reads in `box` (x, y, width, height in screen pixels) of the screenshot."""
    x, y, width, height = box
    # One preprocessing for every line and category: grey, stretched so the ink is black (coloured
    # text such as the teal windows is mid-grey), the line's box scaled to LINE_HEIGHT pixels, a
    # white border. Left grey: tesseract binarises it itself, and a fixed threshold cut the thin
    # antialiased strokes of CJK characters (佐藤 read as 佐膝, 江陵 at 10 px).
    run(["convert", str(path), "-crop", f"{width}x{height}+{x}+{y}", "+repage", "-colorspace", "Gray", "-normalize",
         "-resize", f"x{LINE_HEIGHT}", "-bordercolor", "white", "-border", "12", str(out)])
    # One configuration for every crop: one text line (--psm 7), tesseract's own dictionaries, the
    # model of the run's script (script_runs). One OpenMP thread: on 2 shared cores more only spin.
    # Once more if tesseract fails (on a loaded machine it has been killed): a failure is not a misreading.
    for _ in range(2):
        result = subprocess.run(["tesseract", str(out), "-", "--psm", "7", "-l", language], capture_output=True, text=True,
                                env=dict(os.environ, OMP_THREAD_LIMIT="1"))
        if result.returncode == 0:
            return result.stdout.strip()
    raise RuntimeError(f"tesseract failed on {out}: {result.stderr.strip()}")


def glyph_script(text: str, columns: int) -> str | None:
    """The script a character is read in: a wide one (CJK ideographs, kana, CJK punctuation and
    signs such as 〒) Han/Kana; a narrow letter its own; "space" for a space; None for narrow
    digits, punctuation and signs."""
    if columns == 2:
        return "Han/Kana"
    if text.isspace() or text == "\u00a0":
        return "space"
    if any(ch.isalpha() for ch in text):
        return script_of(text)
    return None


def script_runs(glyphs: list[tuple[str, int]]) -> list[tuple[str, int, int]]:
    """A line (characters in visual order, each with its columns) cut into script runs, each read
    with its script's model: (script, first, end) over the characters. The one rule, for every
    line and category: wide characters are Han/Kana; narrow letters their script; narrow digits,
    punctuation and signs take the script of the line's narrow letters (Latin when it has none:
    the digits of a Japanese address are DejaVu Sans Mono's, read with eng); a space takes the
    script of the character before it (after it at the start), so words of one script stay one run."""
    kinds = [glyph_script(text, columns) for text, columns in glyphs]
    narrow = next((k for k, (_, columns) in zip(kinds, glyphs) if k not in (None, "space") and columns == 1), "Latin")
    scripts = [narrow if k is None else k for k in kinds]
    for i, k in enumerate(scripts):
        if k == "space" and i > 0:
            scripts[i] = scripts[i - 1]
    for i in range(len(scripts) - 1, -1, -1):
        if scripts[i] == "space":
            scripts[i] = scripts[i + 1] if i + 1 < len(scripts) else narrow
    runs: list[tuple[str, int, int]] = []
    for i, k in enumerate(scripts):
        if runs and runs[-1][0] == k:
            runs[-1] = (k, runs[-1][1], i + 1)
        else:
            runs.append((k, i, i + 1))
    return runs


def ocr_runs(path: Path, glyphs: list[tuple[str, int, int, int]], box: tuple[int, int, int, int], out: str) -> str:
    """A line read run by run: `glyphs` are its characters in visual order with their columns and
    pixel columns on the screen (left, right); each script run is cut from the screenshot at its
    characters' edges (the first from the box's left, the last to its right: a line of one script
    is cut as a whole) and read with its model; the readings joined, with a space where the line
    has one between two runs."""
    x, y, width, height = box
    runs = script_runs([(text, columns) for text, columns, _, _ in glyphs])
    read = ""
    for index, (script, first, end) in enumerate(runs):
        left = x if index == 0 else glyphs[first][2]
        right = x + width if index == len(runs) - 1 else glyphs[end - 1][3]
        text = ocr_crop(path, (left, y, right - left, height), LANGUAGES[script], WORK / f"{out}-{index}.png")
        if read and (glyphs[first][0].isspace() or glyphs[first - 1][0].isspace()):
            read += " "
        read += text
    return read


def is_rtl(text: str) -> bool:
    return any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in text)


def native_lines(line: list[str], row: int, boxes: list[tuple[int, int, int, int]]) -> list[tuple[int, str]]:
    """The pieces of text on row `row` that no image covers, each with its
    first column: the selection bar, badges and scrollbar around them left out."""
    covered = {x for (bx, by, bw, bh) in boxes if by <= row < by + bh // CELL[1] for x in range(bx, bx + bw // CELL[0])}
    pieces, start = [], None
    for x in range(len(line) + 1):
        inside = x < len(line) and x not in covered
        if inside and start is None:
            start = x
        if not inside and start is not None:
            cells_ = line[start:x]
            while cells_ and cells_[0] in DECORATION:
                cells_, start = cells_[1:], start + 1
            while cells_ and cells_[-1] in DECORATION:
                cells_ = cells_[:-1]
            # A gap of three blanks or more ends a piece (the Shipment screen's label and value stay one).
            text = "".join(cells_)
            column = start
            for part in re.split(r"(\s{3,})", text):
                if part.strip() and any(ch.isalnum() for ch in part):
                    pieces.append((column, part))
                column += len(cells(part))
            start = None
    return pieces


def ocr_category(display: Display, manifest: Path, category: str) -> dict:
    """Every delivery of `manifest`, page by page: names and digit strings read."""
    deliveries = json.loads(manifest.read_text())["deliveries"]
    names = {d["name"] for d in deliveries}
    scores = {"names": [0, 0], "digits": [0, 0], "misread": [], "reshown": []}
    rows = ROWS
    seen_names: set[str] = set()
    top = 0

    def score(text: str, read: str, whole_tokens: list[str]):
        found = digits_read(whole_tokens, read)
        scores["digits"][0] += found
        scores["digits"][1] += len(whole_tokens)
        if found < len(whole_tokens):
            scores["misread"].append(f"{text!r} read {read!r}")

    def score_name(name: str, shown: str, read: str, native: bool):
        seen_names.add(name)
        scores["names"][1] += 1
        if fold(name) in fold(read):
            scores["names"][0] += 1
        else:
            scores["misread"].append(f"{name!r}{' (native)' if native else ''} read {read!r}")

    while top < len(deliveries):
        ansi = render(manifest, category, "--top", str(top), "--select", str(top), ansi=True, rows=rows, env=display.env)
        plain = render(manifest, category, "--top", str(top), "--select", str(top), ansi=False, rows=rows, env=display.env)
        lines = [cells(l) for l in plain.decode().split("\n")]
        frame = WORK / f"frame-{category}-{top}.ansi"
        frame.write_bytes(ansi)
        images = pixel_runs(manifest, category, "--top", str(top), "--select", str(top), rows=rows, env=display.env)
        boxes = [(r["x"], r["y"], r["visible"]["width"] * CELL[0], r["visible"]["height"] * CELL[1]) for r in images]
        if boxes != sixel_boxes(ansi):
            raise RuntimeError(f"render --pixel-runs and render --ansi place the images apart at {category}, top {top}")
        shot = WORK / f"ocr-{category}-{top}.png"
        # The frame shown again (a new xterm, at most twice) while an image of text has no ink in
        # the screenshot: on a loaded machine xterm can look settled before it has drawn every
        # image (Medium's second page lost its upper lines, blank crops read as nothing). Checked
        # on the pixels, never on what tesseract reads.
        texts = [b for b in boxes if b[1] < len(lines)
                 and any(ch.isalnum() for ch in "".join(lines[b[1]][b[0]:b[0] + b[2] // CELL[0]]))]
        for _ in range(3):
            # The cursor hidden before the frame, as browse hides it: xterm draws a visible cursor
            # over the image in the cell where the frame leaves it, and erases that cell's pixels.
            term = display.start(["sh", "-c", f"printf '\\033[?25l'; cat {frame}; sleep 60"], terminal=XTERM + ["-ti", "vt340"], rows=rows)
            time.sleep(2.5)
            display.shot(shot, rows=rows)
            Display.stop(term)
            blank = blank_boxes(shot, texts)
            if not blank:
                break
            scores["reshown"].append(f"page {top}: {len(blank)} of {len(texts)} images not drawn")
        # Lines shown whole: images not cut by the bottom.
        for index, (column, row, width, height) in enumerate(boxes):
            if row + height // CELL[1] >= rows - 1:
                continue
            shown = "".join(lines[row][column:column + width // CELL[0]])
            text = shown.strip()
            # Text only: a badge's symbol is an image too.
            if not any(ch.isalnum() for ch in text):
                continue
            # Each character's pixel columns on the screen: its columns in the image, less the part
            # of the image not shown, from the image's cell (and clipped to what is shown).
            image = images[index]
            x0, shown_left = BORDER + column * CELL[0], image["visible"]["x"] * CELL[0]
            glyphs = [(g["text"], g["columns"], x0 + max(0, g["left"] - shown_left), x0 + min(width, g["right"] - shown_left))
                      for g in image["graphemes"] if g["right"] > shown_left and g["left"] - shown_left < width]
            read = ocr_runs(shot, glyphs, (x0, BORDER + row * CELL[1], width, height), f"line-{category}-{top}-{index}")
            # A name, or the part of it the image's cells hold a fallback for (below Large an image is
            # narrower than its text; at the largest sizes a long name wraps).
            for name in names:
                if name not in seen_names and len(text) >= min(3, len(name)) and name.startswith(text):
                    score_name(name, text, read, native=False)
            tokens = digits_in(text)
            # The cells hold the line's text cut to the image's width when the image is narrower than
            # its text (sizes below Large's): a token at the cut is not whole.
            if tokens and not shown.endswith(" ") and text.endswith(tokens[-1]):
                tokens = tokens[:-1]
            score(text, read, tokens)
        # Lines drawn as native text (the styles at Large's Body size): one row each, between the
        # title and the status bar. Right-to-left text is in visual order there.
        for row in range(1, rows - 1):
            for column, text in native_lines(lines[row], row, boxes):
                # Native text: each character in its own cells.
                glyphs, x = [], BORDER + column * CELL[0]
                for ch in cells(text):
                    if ch == "":
                        glyphs[-1] = (glyphs[-1][0], 2, glyphs[-1][2], glyphs[-1][3] + CELL[0])
                    else:
                        glyphs.append((ch, 1, x, x + CELL[0]))
                    x += CELL[0]
                box = (BORDER + column * CELL[0], BORDER + row * CELL[1], x - BORDER - column * CELL[0], CELL[1])
                read = ocr_runs(shot, glyphs, box, f"native-{category}-{top}-{row}-{column}")
                for name in names - seen_names:
                    if text == name or (is_rtl(name) and text == name[::-1]):
                        score_name(name, text, read, native=True)
                tokens = digits_in(text)
                if tokens and text.endswith("…") and text[:-1].endswith(tokens[-1]):
                    tokens = tokens[:-1]
                score(text, read, tokens)
        # The next page starts at the first delivery not shown whole.
        shown = [i for i, d in enumerate(deliveries) if d["name"] in seen_names]
        top = max(top + 1, (max(shown) + 1) if shown else top + 1)
    return scores


# ------------------------------------------------------------ browse in xterm
def status_bar(display: Display, path: Path) -> str:
    width, height, _ = gray(path)
    out = WORK / "status.png"
    run(["convert", str(path), "-crop", f"{width}x{CELL[1] + 4}+0+{height - CELL[1] - 2 * BORDER}", "+repage",
         "-resize", "300%", str(out)])
    return subprocess.run(["tesseract", str(out), "-", "--psm", "7"], capture_output=True, text=True).stdout.strip()


def browse(display: Display, category: str, screen: str, terminal: list[str], glyphs: str = "automatic",
           shot: Path | None = None, keys: tuple[str, ...] = ()) -> tuple[Path, str]:
    """Browse at `category`, reached with a size key (so the status bar names the mode)."""
    index = CATEGORIES.index(category)
    start, key = (CATEGORIES[index - 1], "plus") if index > 0 else (CATEGORIES[index + 1], "minus")
    term = display.start([BIN, "browse", "--glyphs", glyphs, "--text-size", start, "--now", "12:30",
                          str(ROOT / "Data" / "deliveries.json")], terminal=terminal)
    time.sleep(2.5)
    if screen == "shipment":
        display.keys("Return")
    display.keys(key, *keys, pause=1.0)
    path = shot or WORK / f"{screen}-{category}.png"
    display.shot(path)
    bar = status_bar(display, path)
    Display.stop(term)
    return path, bar


def main() -> int:
    WORK.mkdir(parents=True, exist_ok=True)
    DOCS.mkdir(parents=True, exist_ok=True)
    for tool in ["xterm", "Xvfb", "import", "convert", "tesseract", "xdotool"]:
        if not shutil.which(tool):
            print(f"missing {tool}: run make pixels-deps", file=sys.stderr)
            return 69
    display = Display()
    vt340 = XTERM + ["-ti", "vt340"]
    rows_out = []
    try:
        # Where the name is: the plain render of the same state.
        heights = {}
        modes = {}
        for screen in ["deliveries", "shipment"]:
            for category in CATEGORIES:
                path, bar = browse(display, category, screen, vt340)
                modes[(screen, category)] = "pixels" if "pixels" in bar else bar
                extra = ("--screen", "shipment") if screen == "shipment" else ()
                plain = render(ROOT / "Data" / "deliveries.json", category, *extra, ansi=False, env=display.env).decode()
                boxes = sixel_boxes(render(ROOT / "Data" / "deliveries.json", category, *extra, ansi=True, env=display.env))
                lines = [cells(l) for l in plain.split("\n")]
                where = next(((r, "".join(l).find("Feng")) for r, l in enumerate(lines) if "Feng" in "".join(l)), None)
                if where:
                    row, text_column = where
                    column = len(cells("".join(lines[row])[:text_column]))
                    # The name's line only: its image's rows, or one row of native text.
                    rows = next((b[3] // CELL[1] for b in boxes if (b[0], b[1]) == (column, row)), 1)
                    heights[(screen, category)] = first_letter_height(path, column, row, rows, 3)
                small = DOCS / f"{screen}-{category}.png"
                run(["convert", str(path), "-colors", "32", "+dither", "-define", "png:compression-level=9", str(small)])
        # Plain xterm and tmux.
        _, plain_bar = browse(display, "AX1", "deliveries", XTERM)
        tmux = ["tmux", "-L", "wt-pixels", "-f", "/dev/null", "new-session"]
        term = display.start(tmux + [BIN, "browse", "--text-size", "xxxLarge", "--now", "12:30",
                                     str(ROOT / "Data" / "deliveries.json"), ";", "set", "status", "off"], terminal=vt340)
        time.sleep(3)
        display.keys("plus", pause=1.0)
        display.shot(WORK / "tmux.png")
        tmux_bar = status_bar(display, WORK / "tmux.png")
        Display.stop(term)
        subprocess.run(["tmux", "-L", "wt-pixels", "kill-server"], capture_output=True)
        # Remnants: the same state reached with and without scrolling, sizes and help.
        a, _ = browse(display, "AX3", "deliveries", vt340, shot=WORK / "remnants-after.png",
                      keys=("Next", "Prior", "plus", "minus", "question", "Escape"))
        b, _ = browse(display, "AX3", "deliveries", vt340, shot=WORK / "remnants-fresh.png")
        # The status bar says what the last key did: compared above it.
        for shot in (a, b):
            run(["convert", str(shot), "-crop", f"{COLS * CELL[0] + 2 * BORDER}x{(ROWS - 1) * CELL[1] + BORDER}+0+0", "+repage", str(shot)])
        diff = subprocess.run(["compare", "-metric", "AE", str(a), str(b), str(WORK / "remnants-diff.png")],
                              capture_output=True, text=True).stderr.strip()
        # OCR of every delivery of Data/legibility.json.
        ocr = {c: ocr_category(display, ROOT / "Data" / "legibility.json", c) for c in CATEGORIES}
    finally:
        display.close()

    large = {screen: heights.get((screen, "Large"), 12) or 12 for screen in ("deliveries", "shipment")}
    table = ["| category | Apple | Deliveries: name cap (px) | ratio | vs Apple | Shipment: name cap (px) | ratio | vs Apple | automatic | OCR names | OCR digits |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for i, category in enumerate(CATEGORIES):
        apple = APPLE_HEADLINE[i] / 17
        d = heights.get(("deliveries", category), 0)
        s = heights.get(("shipment", category), 0)
        n, dg = ocr[category]["names"], ocr[category]["digits"]
        dr, sr = d / large["deliveries"], s / large["shipment"]
        table.append(f"| {category} | {apple:.2f} | {d:.1f} | {dr:.2f} | {100 * (dr - apple) / apple:+.1f} % | "
                     f"{s:.1f} | {sr:.2f} | {100 * (sr - apple) / apple:+.1f} % | {modes[('deliveries', category)]} | "
                     f"{n[0]}/{n[1]} | {dg[0]}/{dg[1]} |")
    summary = [
        "",
        f"Plain xterm, automatic: status bar `{plain_bar}`.",
        f"tmux in xterm -ti vt340, automatic: status bar `{tmux_bar}`.",
        f"Remnants (AX3, after PgDn PgUp + - ? Esc, against a fresh start): {diff} pixels differ.",
    ]
    reshown = [f"{c} {r}" for c in CATEGORIES for r in ocr[c]["reshown"]]
    summary.append("OCR screenshots with an image of text not drawn (the frame then shown again, at most twice): "
                   + ("; ".join(reshown) if reshown else "none") + ".")
    misread = [f"{c}: {m}" for c in CATEGORIES for m in ocr[c]["misread"]]
    text = "\n".join(table + summary)
    print(text)
    if misread:
        print("\nmisread:\n" + "\n".join(misread))
    doc = ROOT / "docs" / "pixels.md"
    if doc.exists():
        body = doc.read_text()
        start, end = "<!-- table -->", "<!-- /table -->"
        if start in body and end in body:
            body = body[: body.index(start) + len(start)] + "\n" + text + "\n" + body[body.index(end):]
            doc.write_text(body)
    (WORK / "table.md").write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
