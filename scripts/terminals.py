#!/usr/bin/env python3
"""The terminal matrix: idelivermobile browsed in each terminal Debian has.

For each terminal (xterm, `xterm -ti vt340`, mlterm, kitty, alacritty,
rxvt-unicode, sakura as the VTE terminal, and xterm inside tmux) this script
starts the release binary in it under Xvfb at 100x30 with the bundled
deliveries, `--glyphs automatic`, and

1. takes a screenshot of the first frame at Large (probe bytes left on the
   screen would show there), presses `+` to xxLarge, AX2 and AX5 and takes one
   at each (the status bar then names the mode `automatic` picked, read back
   by OCR);
2. at AX5 scrolls to the end and back (`G`, `g`) and compares the screen
   with the one before: a remnant is a pixel that differs;
3. keeps what the terminal wrote to its own log (kitty logs escape codes it
   does not know).

It writes docs/terminals/<terminal>-<size>.png (cropped, 16 grays) and prints
the table docs/terminals.md holds. Run it with `make terminals`. HOME and the
XDG folders point into a temporary directory.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COLS, ROWS = 100, 30
FONT, FONT_SIZE = "DejaVu Sans Mono", 11
SIZES = ["Large", "xxLarge", "AX2", "AX5"]
DISPLAY = os.environ.get("TERMINALS_DISPLAY", ":14")


@dataclass
class Terminal:
    name: str
    command: list[str]          # the terminal, up to where the program's command line goes
    package: str
    env: dict = field(default_factory=dict)
    tmux: bool = False


def terminals(program: list[str]) -> list[Terminal]:
    xterm = ["xterm", "-u8", "-tn", "xterm-256color", "-fa", FONT, "-fs", str(FONT_SIZE),
             "-geometry", f"{COLS}x{ROWS}+0+0", "-bg", "white", "-fg", "black", "-b", "0", "-bw", "0", "+sb"]
    return [
        Terminal("xterm", xterm + ["-e"] + program, "xterm"),
        Terminal("xterm -ti vt340", xterm[:1] + ["-ti", "vt340"] + xterm[1:] + ["-e"] + program, "xterm"),
        Terminal("xterm + tmux", xterm + ["-e", "tmux", "-L", "terminals-matrix", "-f", "/dev/null", "new-session"]
                 + [" ".join(f"'{a}'" for a in program)], "xterm, tmux", tmux=True),
        Terminal("mlterm", ["mlterm", f"--geometry={COLS}x{ROWS}+0+0", "--fg=black", "--bg=white",
                            "--sb=false", "-e"] + program, "mlterm"),
        Terminal("kitty", ["kitty", "-o", f"font_family={FONT}", "-o", f"font_size={FONT_SIZE}",
                           "-o", "remember_window_size=no", "-o", f"initial_window_width={COLS}c",
                           "-o", f"initial_window_height={ROWS}c", "-o", "foreground=#000000",
                           "-o", "background=#ffffff", "-o", "window_padding_width=0"] + program, "kitty"),
        Terminal("alacritty", ["alacritty", "-o", f"font.size={FONT_SIZE}", "-o", f"font.normal.family={FONT}",
                               "-o", f"window.dimensions.columns={COLS}", "-o", f"window.dimensions.lines={ROWS}",
                               "-o", "colors.primary.background='#ffffff'", "-o", "colors.primary.foreground='#000000'",
                               "-e"] + program, "alacritty"),
        Terminal("rxvt-unicode", ["urxvt", "-fn", f"xft:{FONT}:size={FONT_SIZE}", "-geometry", f"{COLS}x{ROWS}+0+0",
                                  "-bg", "white", "-fg", "black", "+sb", "-e"] + program, "rxvt-unicode"),
        Terminal("sakura (VTE)", ["sakura", "--columns", str(COLS), "--rows", str(ROWS), "--font", f"{FONT} {FONT_SIZE}",
                                  "-x", " ".join(f"'{a}'" for a in program)], "sakura"),
    ]


def run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, **kw)


def window_of(pid: int, env: dict, deadline: float) -> str | None:
    while time.monotonic() < deadline:
        out = run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)], env=env, text=True).stdout.split()
        if not out:
            # Some terminals' windows belong to a child process: any visible window then.
            out = run(["xdotool", "search", "--onlyvisible", "--name", "."], env=env, text=True).stdout.split()
        if out:
            return out[-1]
        time.sleep(0.2)
    return None


def shoot(window: str, png: Path, env: dict) -> None:
    run(["import", "-window", window, str(png)], env=env)


def ocr_status_bar(png: Path, from_bottom: int = 1) -> str:
    """The status bar read back: the last row (in tmux the row above tmux's own)."""
    h = int(run(["identify", "-format", "%h", str(png)], text=True).stdout or 0)
    row = h // ROWS
    crop = png.with_suffix(".bar.png")
    run(["convert", str(png), "-crop", f"100%x{row + 4}+0+{h - from_bottom * row - 4}", "+repage", "-resize", "300%",
         "-colorspace", "Gray", "-threshold", "60%", str(crop)])
    return " ".join(run(["tesseract", str(crop), "stdout", "--psm", "7"], text=True).stdout.split())


def differs(a: Path, b: Path) -> int:
    """Pixels that differ between two screenshots, the status bar row left out."""
    h = int(run(["identify", "-format", "%h", str(a)], text=True).stdout or 0)
    body = f"100%x{h - h // ROWS - 2}+0+0"
    out = run(["compare", "-metric", "AE", "-fuzz", "10%", f"{a}[{body}]", f"{b}[{body}]", "null:"], text=True)
    try:
        return int(float(out.stderr.split()[0]))
    except (ValueError, IndexError):
        return -1


def small(png: Path, dest: Path) -> None:
    dest.parent.mkdir(parents=True, exist_ok=True)
    run(["convert", str(png), "-colorspace", "Gray", "-colors", "16", "-strip", f"PNG8:{dest}"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=os.environ.get("IDELIVERMOBILE_BIN", str(ROOT / ".build/release/idelivermobile")))
    parser.add_argument("--only", nargs="*", help="terminal names to run (default: all)")
    parser.add_argument("--work", default=str(ROOT / ".build/terminals"))
    parser.add_argument("--no-docs", action="store_true")
    args = parser.parse_args()
    work = Path(args.work)
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    docs = None if args.no_docs else ROOT / "docs/terminals"

    xvfb = subprocess.Popen(["Xvfb", DISPLAY, "-screen", "0", "1400x1000x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    rows = []
    try:
        time.sleep(1)
        with tempfile.TemporaryDirectory(prefix="terminals-home-") as home:
            env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
                   "HOME": home, "XDG_CONFIG_HOME": f"{home}/config", "XDG_DATA_HOME": f"{home}/data",
                   "XDG_RUNTIME_DIR": home, "DISPLAY": DISPLAY, "LIBGL_ALWAYS_SOFTWARE": "1"}
            program = [args.bin, "browse", str(ROOT / "Data/deliveries.json"), "--text-size", "Large"]
            for terminal in terminals(program):
                if args.only and terminal.name not in args.only:
                    continue
                rows.append(matrix_row(terminal, env, work, docs))
                print(f"terminals: {rows[-1]}", file=sys.stderr)
    finally:
        xvfb.terminate()
        xvfb.wait()
    print("| terminal | Debian package | `automatic` picks (status bar) | left by the probe (px changed by Ctrl-L) | remnants after G g at AX5 (px) | the terminal's log |")
    print("|---|---|---|---|---|---|")
    for row in rows:
        print(row)
    return 0


def matrix_row(terminal: Terminal, env: dict, work: Path, docs: Path | None) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", terminal.name.lower()).strip("-")
    log = work / f"{slug}.log"
    with open(log, "w") as out:
        process = subprocess.Popen(terminal.command, env={**env, **terminal.env}, stdout=out, stderr=out,
                                   start_new_session=True)
    picked, probe, remnants = "did not start", "–", "–"
    try:
        window = window_of(process.pid, env, time.monotonic() + 20)
        if window is None:
            return f"| {terminal.name} | {terminal.package} | no window | – | – | {log_summary(log)} |"
        time.sleep(3)
        run(["xdotool", "windowfocus", "--sync", window], env=env)
        shots = {}
        for index, size in enumerate(SIZES):
            if index > 0:
                presses = {"xxLarge": 2, "AX2": 3, "AX5": 3}[size]
                for _ in range(presses):
                    run(["xdotool", "key", "--window", window, "plus"], env=env)
                    time.sleep(0.4)
                time.sleep(1)
            png = work / f"{slug}-{size}.png"
            shoot(window, png, env)
            shots[size] = png
            if size == "Large":
                # Anything the probe left would be gone after Ctrl-L redraws the screen.
                run(["xdotool", "key", "--window", window, "ctrl+l"], env=env)
                time.sleep(1)
                redrawn = work / f"{slug}-Large-redrawn.png"
                shoot(window, redrawn, env)
                probe = f"{differs(png, redrawn)} px"
            if size == "xxLarge":
                seen = ocr_status_bar(png, 2 if terminal.tmux else 1)
                found = re.search(r"glyphs: ?([a-z]+(?: \([^)]*\))?)", seen)
                picked = found.group(1) if found else f"(not read: {seen[:40]})"

        run(["xdotool", "key", "--window", window, "G"], env=env)
        time.sleep(1.5)
        run(["xdotool", "key", "--window", window, "g"], env=env)
        time.sleep(1.5)
        after = work / f"{slug}-AX5-after-scrolling.png"
        shoot(window, after, env)
        remnants = str(differs(shots["AX5"], after))
        if docs is not None:
            for size, png in shots.items():
                small(png, docs / f"{slug}-{size}.png")
        run(["xdotool", "key", "--window", window, "q"], env=env)
        time.sleep(1)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, 15)
        process.wait()
        if terminal.tmux:
            run(["tmux", "-L", "terminals-matrix", "kill-server"])
    return f"| {terminal.name} | {terminal.package} | {picked} | {probe} | {remnants} | {log_summary(log)} |"


def log_summary(log: Path) -> str:
    """The terminal's complaints, each with how often it made it (timestamps dropped)."""
    counts: dict[str, int] = {}
    for line in log.read_text(errors="replace").splitlines():
        if re.search(r"unknown|unhandled|error", line, re.I):
            message = re.sub(r"^\[[^]]*\]\s*", "", line.strip())
            counts[message] = counts.get(message, 0) + 1
    return "; ".join(f"{m} ×{n}" for m, n in sorted(counts.items())).replace("|", "/")[:200] or "none"


if __name__ == "__main__":
    sys.exit(main())
