#!/usr/bin/env python3
"""Rewrites each block marked `<!-- render: ARGS -->` in README.md and
docs/*.md with what `idelivermobile render ARGS` prints for the bundled data
(ReadmeCaptureTests checks them). Usage: scripts/update-readme-captures.py [BINARY]"""
import pathlib, subprocess, sys

root = pathlib.Path(__file__).resolve().parent.parent
binary = sys.argv[1] if len(sys.argv) > 1 else str(root / ".build/release/idelivermobile")
for page in [root / "README.md", *sorted((root / "docs").glob("*.md"))]:
    lines = page.read_text().split("\n")
    out, i = [], 0
    while i < len(lines):
        line = lines[i]
        out.append(line)
        i += 1
        if line.startswith("<!-- render:") and line.endswith("-->") and i < len(lines) and lines[i] == "```text":
            args = line[len("<!-- render:"):-3].split()
            text = subprocess.run([binary, "render", *args, str(root / "Data/deliveries.json")],
                                  check=True, capture_output=True, text=True).stdout
            out.append("```text")
            out.extend(text.rstrip("\n").split("\n"))
            i += 1
            while i < len(lines) and lines[i] != "```":
                i += 1
            out.append("```")
            i += 1
    page.write_text("\n".join(out))
