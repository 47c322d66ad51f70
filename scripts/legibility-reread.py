#!/usr/bin/env python3
"""Re-read the crops a `make legibility` run kept, with another preprocessing.

Calibration without xterm: each crop's .json records what the preprocessing
knew (braille cells, line bands, cell and dot geometry), so a preprocessing
can be tried on the very same screenshots in about two minutes. Prints, per
category, Latin names read exactly and digit strings read. Usage:

    scripts/legibility-reread.py [--work .build/legibility] --preprocessing smooth=0.85,band=32
"""
import argparse
import json
import shutil
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import legibility as L  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--work", default=str(L.ROOT / ".build/legibility"))
    parser.add_argument("--preprocessing", default="", help="e.g. band=40,smooth=1,threshold=50")
    args = parser.parse_args()
    params = dict(L.PREPROCESSING)
    for item in filter(None, args.preprocessing.split(",")):
        key, _, value = item.partition("=")
        params[key] = float(value)
    crops = sorted(Path(args.work).glob("*-LEG-*.json"))
    if not crops:
        print(f"legibility-reread: no crops in {args.work}; run `make legibility` first", file=sys.stderr)
        return 66  # EX_NOINPUT
    scratch = Path(tempfile.mkdtemp(prefix="legibility-reread-"))

    def read(meta_path: Path):
        meta = json.loads(meta_path.read_text())
        delivery = meta["delivery"]
        if L.script_of(delivery["name"]) != "Latin":
            return None
        raw = scratch / meta_path.with_suffix(".png").name
        shutil.copy(meta_path.with_suffix(".png"), raw)
        lines = [tuple(line) for line in meta["lines"]]
        braille = {tuple(cell) for cell in meta["braille"]}
        images = L.preprocess(raw, braille, lines, tuple(meta["cell"]), tuple(meta["dots"]), params)
        text = "\n".join(L.ocr(image, "eng") for image in images)
        tokens = L.digit_strings(delivery)
        category = meta_path.name.split("-LEG-")[0]
        return category, L.fold(delivery["name"]) in L.fold(text), sum(L.delivery_digits_read(delivery, text)), len(tokens)

    try:
        with ThreadPoolExecutor(2) as pool:
            results = [r for r in pool.map(read, crops) if r]
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    totals: dict[str, list[int]] = {}
    for category, name, digits, count in results:
        t = totals.setdefault(category, [0, 0, 0, 0])
        t[0] += name; t[1] += 1; t[2] += digits; t[3] += count
    print(f"preprocessing {params}")
    for category in L.CATEGORIES:
        if category in totals:
            n, nn, d, dd = totals[category]
            print(f"  {category:9} names {n}/{nn}  digit strings {d}/{dd}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
