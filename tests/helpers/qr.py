"""QR codes read back as a phone's camera would: an image decoded by zxing-cpp (a well-kept decoder
that knows nothing of how the code was made), never the text the code was made from."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any


def decoded(image: bytes | Path | Any) -> list[tuple[str, str]]:
    """Every QR code in ``image`` (PNG bytes, a PNG file, or a PIL image): its text and its error
    correction level, in the order zxing-cpp finds them."""
    import zxingcpp
    from PIL import Image

    if isinstance(image, bytes):
        image = Image.open(io.BytesIO(image))
    elif isinstance(image, Path):
        image = Image.open(image)
    return [(found.text, found.ec_level) for found in zxingcpp.read_barcodes(image)
            if found.format == zxingcpp.BarcodeFormat.QRCode]


def png_of(qr: Any, scale: int = 4) -> bytes:
    """A segno QR code rendered to PNG, as a screen or a printer shows it."""
    out = io.BytesIO()
    qr.save(out, kind="png", scale=scale, border=4)
    return out.getvalue()


def read_one(qr: Any) -> tuple[str, str]:
    """The text and error level of ``qr`` as decoded from its rendered image (exactly one code)."""
    found = decoded(png_of(qr))
    assert len(found) == 1, found
    return found[0]


_BLOCKS = {"█": (1, 1), "▀": (1, 0), "▄": (0, 1), " ": (0, 0)}  # (upper, lower) half lit: a light module


def terminal_codes(text: str) -> list[list[tuple[str, str]]]:
    """Each QR code drawn with block characters in ``text`` (segno's compact terminal drawing: two
    rows of modules a line, a lit half a light module), made into an image and decoded."""
    from PIL import Image

    drawings: list[list[str]] = []
    current: list[str] = []
    for line in [*text.splitlines(), ""]:
        if line and set(line) <= set(_BLOCKS) and set(line) - {" "}:
            current.append(line)
        elif current:
            drawings.append(current)
            current = []
    out = []
    for lines in drawings:
        width = max(len(line) for line in lines)
        image = Image.new("L", (width, 2 * len(lines)), 0)
        for y, line in enumerate(lines):
            for x, char in enumerate(line.ljust(width)):
                upper, lower = _BLOCKS[char]
                image.putpixel((x, 2 * y), 255 * upper)
                image.putpixel((x, 2 * y + 1), 255 * lower)
        out.append(decoded(image.resize((width * 8, 2 * len(lines) * 8), Image.Resampling.NEAREST)))
    return out
