#!/usr/bin/env python3
"""Contact sheet of texture PNGs (from `parkan texm to-png`): each tile scaled to TILE pixels on a
checkerboard (so alpha shows), labelled with its file name. Needs Pillow.

usage: texture-sheet.py OUT.png PNG... [--tile 128] [--columns 6]
"""
import argparse
import os

from PIL import Image, ImageDraw


def checkerboard(size, cell=8):
    board = Image.new("RGBA", (size, size), (200, 200, 200, 255))
    draw = ImageDraw.Draw(board)
    for y in range(0, size, cell):
        for x in range(0, size, cell):
            if (x // cell + y // cell) % 2:
                draw.rectangle([x, y, x + cell - 1, y + cell - 1], fill=(150, 150, 150, 255))
    return board


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("pngs", nargs="+")
    parser.add_argument("--tile", type=int, default=128)
    parser.add_argument("--columns", type=int, default=6)
    args = parser.parse_args()
    tile, label = args.tile, 14
    rows = (len(args.pngs) + args.columns - 1) // args.columns
    sheet = Image.new("RGBA", (args.columns * tile, rows * (tile + label)), (40, 40, 40, 255))
    draw = ImageDraw.Draw(sheet)
    for i, path in enumerate(args.pngs):
        image = Image.open(path).convert("RGBA")
        scale = min(tile / image.width, tile / image.height)
        size = (max(1, int(image.width * scale)), max(1, int(image.height * scale)))
        image = image.resize(size, Image.NEAREST if scale >= 1 else Image.BILINEAR)
        cell = checkerboard(tile)
        cell.alpha_composite(image, ((tile - size[0]) // 2, (tile - size[1]) // 2))
        x, y = (i % args.columns) * tile, (i // args.columns) * (tile + label)
        sheet.paste(cell, (x, y))
        name = os.path.basename(path)[:-4] if path.endswith(".png") else os.path.basename(path)
        draw.text((x + 2, y + tile + 1), name[:20], fill=(255, 255, 255, 255))
    sheet.convert("RGB").save(args.out)


if __name__ == "__main__":
    main()
