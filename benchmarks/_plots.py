"""The benchmark pictures the docs show, drawn from a script's own results (matplotlib).

Each benchmark script that publishes a docs section also draws its picture into
``docs/img/`` with the same ``--update-docs`` run, so a picture never shows figures its
table does not. SVG, with matplotlib's date stamp and random ids fixed, so redrawing the
same figures writes the same bytes and a diff shows only real changes.

matplotlib is in the ``bench`` extra; without it :func:`require` ends the run with the
install line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

__all__ = ["IMAGES", "bars", "lines", "require"]

IMAGES = Path(__file__).resolve().parents[1] / "docs" / "img"

#: dan's colour and the peers' (the same in every picture)
DAN = "#1f6f5c"
PEER = "#9aa5b1"
FLOOR = "#d9dee3"
LINE_COLOURS = ("#9aa5b1", "#6c8ebf", "#1f6f5c", "#d98b2b", "#8e5ea2", "#c0504d")


def require() -> Any:
    """matplotlib's pyplot on a file-only backend, or a SystemExit saying how to install it."""
    try:
        import matplotlib
    except ImportError as exc:
        raise SystemExit(
            "drawing the docs' pictures needs matplotlib: pip install -e '.[bench]'"
        ) from exc
    matplotlib.use("Agg")
    matplotlib.rcParams.update({
        "svg.hashsalt": "dan-ven",
        "svg.fonttype": "none",
        "font.size": 10,
        "axes.spines.top": False,
        "axes.spines.right": False,
    })
    import matplotlib.pyplot as plt

    return plt


def _save(fig: Any, name: str) -> Path:
    IMAGES.mkdir(parents=True, exist_ok=True)
    path = IMAGES / name
    fig.savefig(path, format="svg", bbox_inches="tight", metadata={"Date": None, "Creator": None})
    import matplotlib.pyplot as plt

    plt.close(fig)
    return path


def bars(
    name: str,
    title: str,
    xlabel: str,
    rows: Sequence[tuple[str, float, str]],
    *,
    fmt: str = "{:,.1f}",
) -> Path:
    """A horizontal bar chart, one bar per ``(label, value, role)``; ``role`` is ``dan``,
    ``peer`` or ``floor`` and sets the colour. Written to ``docs/img/<name>``."""
    plt = require()
    colours = {"dan": DAN, "peer": PEER, "floor": FLOOR}
    fig, ax = plt.subplots(figsize=(7.5, 0.45 * len(rows) + 1.1))
    labels = [r[0] for r in rows][::-1]
    values = [r[1] for r in rows][::-1]
    ax.barh(labels, values, color=[colours[r[2]] for r in rows][::-1])
    top = max(values, default=1.0) or 1.0
    for y, v in enumerate(values):
        ax.text(v + top * 0.01, y, fmt.format(v), va="center", fontsize=9)
    ax.set_xlim(0, top * 1.15)
    ax.set_xlabel(xlabel)
    ax.set_title(title, loc="left", fontsize=11)
    return _save(fig, name)


def lines(
    name: str,
    title: str,
    xlabel: str,
    ylabel: str,
    series: Mapping[str, Sequence[tuple[float, float]]],
    *,
    highlight: Sequence[str] = (),
    percent: bool = True,
) -> Path:
    """One line per series of ``(x, y)`` points (x on a log-2 axis: token budgets), the
    ``highlight`` series drawn thicker. Written to ``docs/img/<name>``."""
    plt = require()
    fig, ax = plt.subplots(figsize=(7.5, 4.2))
    for i, (label, points) in enumerate(series.items()):
        xs = [p[0] for p in points]
        ys = [p[1] * (100 if percent else 1) for p in points]
        strong = label in highlight
        ax.plot(
            xs, ys, marker="o", label=label, color=LINE_COLOURS[i % len(LINE_COLOURS)],
            linewidth=2.6 if strong else 1.4, markersize=5 if strong else 3.5,
        )
    ax.set_xscale("log", base=2)
    xs_all = sorted({p[0] for pts in series.values() for p in pts})
    ax.set_xticks(xs_all, [f"{x / 1024:g}k" if x >= 1024 else f"{x:g}" for x in xs_all])
    ax.minorticks_off()
    if percent:
        ax.set_ylim(0, 100)
    ax.grid(axis="y", alpha=0.3)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title, loc="left", fontsize=11)
    ax.legend(frameon=False, fontsize=9, loc="lower right")
    return _save(fig, name)
