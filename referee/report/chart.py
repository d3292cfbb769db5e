"""Each player's chips over the hands of a night, as an SVG line chart (text, no library).

One line per player from the opening (hand 0) to the last hand; a player who arrives late starts
where he sat down, and a player who left keeps his last count.  The axes have round ticks, the
legend names every line in its colour, and the colours are the Okabe–Ito palette (told apart with
colour blindness too), then dashed repeats of it beyond eight players.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from xml.sax.saxutils import escape

COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442")
WIDTH, HEIGHT = 760, 330
LEFT, RIGHT, TOP, BOTTOM = 52, 130, 14, 36


def nice_step(span: float, ticks: int = 5) -> int:
    """A round step (1, 2, 5 × a power of ten) giving about ``ticks`` ticks over ``span``."""
    rough = max(span / ticks, 1)
    power = 1
    while power * 10 <= rough:
        power *= 10
    for m in (1, 2, 5, 10):
        if m * power >= rough:
            return m * power
    return 10 * power  # pragma: no cover


#: how far (in the chart's units: its 760 are the page's width, some 170 mm) a point may lie from the
#: line drawn without it and still be left out: a twentieth of a millimetre, which no eye or printer sees
TOLERANCE = 0.25


def simplified(points: Sequence[tuple[float, float]], tolerance: float = TOLERANCE) -> list[tuple[float, float]]:
    """``points`` less those within ``tolerance`` of the line drawn without them (Ramer–Douglas–Peucker):
    a 300-hand night's lines drawn with the points that make their shape, not one per hand."""
    if len(points) < 3:
        return list(points)
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    spans = [(0, len(points) - 1)]
    while spans:
        first, last = spans.pop()
        (x1, y1), (x2, y2) = points[first], points[last]
        dx, dy = x2 - x1, y2 - y1
        length = (dx * dx + dy * dy) ** 0.5 or 1.0
        far, at = -1.0, -1
        for i in range(first + 1, last):
            px, py = points[i]
            distance = abs(dy * (px - x1) - dx * (py - y1)) / length
            if distance > far:
                far, at = distance, i
        if far > tolerance:
            keep[at] = True
            spans += [(first, at), (at, last)]
    return [p for p, kept in zip(points, keep, strict=True) if kept]


def chips_chart(series: Mapping[str, Sequence[int | None]], *, font: str = "DejaVu Sans") -> str:
    """The SVG document (``<svg …>…</svg>``) for ``series``: name -> chips after each hand (index 0:
    the opening)."""
    from referee.i18n import _, pgettext

    return line_chart(series, font=font, title=_("Each player's chips after every hand"),
                      x_label=pgettext("chart axis", "hand"), y_label=pgettext("chart axis", "chips"))


def line_chart(series: Mapping[str, Sequence[int | None]], *, title: str, x_label: str, y_label: str,
               font: str = "DejaVu Sans", legend: bool = True, width: int = WIDTH, height: int = HEIGHT) -> str:
    """The SVG line chart of ``series``: name -> a value at each step (index 0 the start); values
    below zero (a running net) reach below a zero line drawn darker.  ``width`` and ``height``: its
    size in its own units (a phone's chart is drawn smaller, so that its lettering is not)."""
    hands = max((len(points) for points in series.values()), default=1) - 1
    values = [v for points in series.values() for v in points if v is not None]
    top = max(values, default=1) or 1
    low = min(min(values, default=0), 0)
    y_step = nice_step(max(top, 1) - low)
    y_max = -(-max(top, 1) // y_step) * y_step
    y_min = -(-(-low) // y_step) * -y_step if low < 0 else 0
    x_step = nice_step(hands or 1, 8)
    plot_w, plot_h = width - LEFT - (RIGHT if legend else 16), height - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + (plot_w * i / hands if hands else plot_w / 2)

    def y(v: int) -> float:
        return TOP + plot_h - plot_h * (v - y_min) / (y_max - y_min)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
           f'height="{height}" font-family="{escape(font)}" font-size="11" role="img">',
           f"<title>{escape(title)}</title>"]
    for v in range(y_min, y_max + 1, y_step):
        grid = "#888" if v == 0 and y_min < 0 else "#ddd"
        out.append(f'<line x1="{LEFT}" y1="{y(v):.1f}" x2="{LEFT + plot_w}" y2="{y(v):.1f}" stroke="{grid}" '
                   'stroke-width="1"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y(v) + 4:.1f}" text-anchor="end" fill="#444">{v}</text>')
    for i in range(0, hands + 1, x_step):
        out.append(f'<line x1="{x(i):.1f}" y1="{TOP + plot_h}" x2="{x(i):.1f}" y2="{TOP + plot_h + 4}" stroke="#444"/>')
        out.append(f'<text x="{x(i):.1f}" y="{TOP + plot_h + 16}" text-anchor="middle" fill="#444">{i}</text>')
    out.append(f'<line x1="{LEFT}" y1="{TOP + plot_h}" x2="{LEFT + plot_w}" y2="{TOP + plot_h}" stroke="#444"/>')
    out.append(f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + plot_h}" stroke="#444"/>')
    out.append(f'<text x="{LEFT + plot_w / 2:.1f}" y="{height - 4}" text-anchor="middle" fill="#222">{escape(x_label)}</text>')
    out.append(f'<text x="12" y="{TOP + plot_h / 2:.1f}" text-anchor="middle" fill="#222" '
               f'transform="rotate(-90 12 {TOP + plot_h / 2:.1f})">{escape(y_label)}</text>')
    for n, (name, points) in enumerate(series.items()):
        colour = COLOURS[n % len(COLOURS)]
        dash = ' stroke-dasharray="6 3"' if n >= len(COLOURS) else ""
        run: list[tuple[float, float]] = []
        runs: list[list[tuple[float, float]]] = []
        for i, v in enumerate(points):
            if v is None:
                if run:
                    runs.append(run)
                run = []
            else:
                run.append((x(i), y(v)))
        if run:
            runs.append(run)
        for part in runs:
            if len(part) == 1:
                out.append(f'<circle cx="{part[0][0]:.1f}" cy="{part[0][1]:.1f}" r="2.5" fill="{colour}"/>')
            else:
                drawn = " ".join(f"{px:.1f},{py:.1f}" for px, py in simplified(part))
                out.append(f'<polyline points="{drawn}" fill="none" stroke="{colour}" stroke-width="2"'
                           f' stroke-linejoin="round"{dash}/>')
        if not legend:
            continue
        ly = TOP + 8 + 18 * n
        lx = LEFT + plot_w + 14
        out.append(f'<line x1="{lx}" y1="{ly}" x2="{lx + 18}" y2="{ly}" stroke="{colour}" stroke-width="3"{dash}/>')
        last = next((v for v in reversed(points) if v is not None), None)
        label = escape(name) + (f" ({last})" if last is not None else "")
        out.append(f'<text x="{lx + 24}" y="{ly + 4}" fill="#222">{label}</text>')
    out.append("</svg>")
    return "\n".join(out)


__all__ = ["chips_chart", "line_chart", "nice_step", "simplified"]
