#!/usr/bin/env python3
"""Builds contact sheets of Riffle's card images (standard library only).

Usage: contact_sheet.py IMAGES_DIR OUTPUT_DIR

Reads the 55 1x PNGs written by `riffle art` (54 cards in deck order, then back.png) and writes
  OUTPUT_DIR/contact-sheet.png       every image at 226x314 (top) and at 60 px wide (bottom), on a felt green table
  OUTPUT_DIR/contact-sheet-60px.png  only the 60 px wide thumbnails, box-filtered down from 226x314
"""
import struct
import sys
import zlib
from pathlib import Path

RANKS = "A234567890JQK"
SUITS = "SDCH"
TABLE = (38, 92, 56)  # felt green, so white cards and transparent corners both show


def image_names():
    names = [rank + suit for suit in SUITS for rank in RANKS] + ["X1", "X2", "back"]
    return ["aceDiamonds" if name == "AD" else name for name in names]


def read_png(path):
    data = Path(path).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path}: not a PNG"
    offset, idat, width, height = 8, b"", 0, 0
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            assert (depth, color) == (8, 6), f"{path}: expected 8-bit RGBA"
        elif kind == b"IDAT":
            idat += body
        offset += 12 + length
    raw = zlib.decompress(idat)
    stride = width * 4
    pixels = bytearray(height * stride)
    previous = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        row = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = row[i - 4] if i >= 4 else 0
            up = previous[i]
            up_left = previous[i - 4] if i >= 4 else 0
            if kind == 1:
                row[i] = (row[i] + left) & 255
            elif kind == 2:
                row[i] = (row[i] + up) & 255
            elif kind == 3:
                row[i] = (row[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - up_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - up_left)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else up_left)
                row[i] = (row[i] + predictor) & 255
        pixels[y * stride:(y + 1) * stride] = row
        previous = row
    return width, height, pixels


def write_png(path, width, height, rgb):
    raw = b"".join(b"\x00" + bytes(rgb[y * width * 3:(y + 1) * width * 3]) for y in range(height))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    Path(path).write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 6))
                           + chunk(b"IEND", b""))


def box_weights(source_size, target_size):
    """For each target pixel, the (source index, weight) pairs of an area-averaging (box) filter."""
    scale = source_size / target_size
    result = []
    for target in range(target_size):
        start, end = target * scale, (target + 1) * scale
        pairs = []
        index = int(start)
        while index < end and index < source_size:
            overlap = min(end, index + 1) - max(start, index)
            if overlap > 0:
                pairs.append((index, overlap / scale))
            index += 1
        result.append(pairs)
    return result


def downscale(width, height, pixels, target_width):
    """Box-filters premultiplied RGBA to target_width wide, keeping the aspect ratio."""
    target_height = round(height * target_width / width)
    premultiplied = [0.0] * (width * height * 4)
    for i in range(0, len(pixels), 4):
        alpha = pixels[i + 3] / 255
        premultiplied[i] = pixels[i] * alpha
        premultiplied[i + 1] = pixels[i + 1] * alpha
        premultiplied[i + 2] = pixels[i + 2] * alpha
        premultiplied[i + 3] = alpha
    columns = box_weights(width, target_width)
    rows = box_weights(height, target_height)
    horizontal = [0.0] * (target_width * height * 4)
    for y in range(height):
        for x, pairs in enumerate(columns):
            out = (y * target_width + x) * 4
            for source_x, weight in pairs:
                src = (y * width + source_x) * 4
                for c in range(4):
                    horizontal[out + c] += premultiplied[src + c] * weight
    result = [0.0] * (target_width * target_height * 4)
    for y, pairs in enumerate(rows):
        for x in range(target_width):
            out = (y * target_width + x) * 4
            for source_y, weight in pairs:
                src = (source_y * target_width + x) * 4
                for c in range(4):
                    result[out + c] += horizontal[src + c] * weight
    return target_width, target_height, result


def paste(sheet, sheet_width, left, top, width, height, premultiplied):
    """Composites premultiplied RGBA (floats: colour 0…255, alpha 0…1) over the RGB sheet."""
    for y in range(height):
        for x in range(width):
            src = (y * width + x) * 4
            alpha = premultiplied[src + 3]
            if alpha <= 0:
                continue
            dst = ((top + y) * sheet_width + left + x) * 3
            for c in range(3):
                sheet[dst + c] = min(255, round(premultiplied[src + c] + sheet[dst + c] * (1 - alpha)))


def to_premultiplied(pixels):
    result = [0.0] * len(pixels)
    for i in range(0, len(pixels), 4):
        alpha = pixels[i + 3] / 255
        result[i], result[i + 1], result[i + 2], result[i + 3] = (pixels[i] * alpha, pixels[i + 1] * alpha,
                                                                    pixels[i + 2] * alpha, alpha)
    return result


def grid(tiles, tile_width, tile_height, columns, gap):
    rows = (len(tiles) + columns - 1) // columns
    width = columns * (tile_width + gap) + gap
    height = rows * (tile_height + gap) + gap
    return width, height


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    images_dir, output_dir = Path(sys.argv[1]), Path(sys.argv[2])
    output_dir.mkdir(parents=True, exist_ok=True)
    names = image_names()
    images = []
    for name in names:
        width, height, pixels = read_png(images_dir / f"{name}.png")
        assert (width, height) == (226, 314), f"{name}.png is {width}x{height}, expected 226x314"
        images.append((width, height, pixels))
    thumbnails = [downscale(w, h, p, 60) for w, h, p in images]

    columns, gap, small_gap = 13, 10, 6
    full_width, full_height = grid(images, 226, 314, columns, gap)
    thumb_w, thumb_h = thumbnails[0][0], thumbnails[0][1]
    small_width, small_height = grid(thumbnails, thumb_w, thumb_h, columns, small_gap)

    sheet_width, sheet_height = full_width, full_height + small_height
    sheet = bytearray(bytes(TABLE) * (sheet_width * sheet_height))
    for index, (width, height, pixels) in enumerate(images):
        left = gap + (index % columns) * (width + gap)
        top = gap + (index // columns) * (height + gap)
        paste(sheet, sheet_width, left, top, width, height, to_premultiplied(pixels))
    small = bytearray(bytes(TABLE) * (small_width * small_height))
    for index, (width, height, premultiplied) in enumerate(thumbnails):
        left = small_gap + (index % columns) * (width + small_gap)
        top = small_gap + (index // columns) * (height + small_gap)
        paste(small, small_width, left, top, width, height, premultiplied)
        paste(sheet, sheet_width, left, full_height + top, width, height, premultiplied)
    write_png(output_dir / "contact-sheet.png", sheet_width, sheet_height, sheet)
    write_png(output_dir / "contact-sheet-60px.png", small_width, small_height, small)
    print(f"wrote {output_dir / 'contact-sheet.png'} ({sheet_width}x{sheet_height}) and "
          f"{output_dir / 'contact-sheet-60px.png'} ({small_width}x{small_height})")


if __name__ == "__main__":
    main()
