"""Office Math (OMML, ``m:oMath``) as LaTeX: ``$\\frac{1}{2}=x$`` instead of ``1÷2=x``.

Covers fractions, sub- and superscripts (also on the left), radicals, n-ary operators (sums,
products, integrals), delimiters, matrices, equation arrays, functions, accents, bars,
limits, group characters and boxes; anything else contributes its text. Nesting deeper than
:data:`MAX_DEPTH` is written as plain text, so a hostile file cannot exhaust the stack.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from lxml import etree

from dan.readers.docx.ooxml import M_NS, W

__all__ = ["MAX_DEPTH", "omml_latex"]

#: Deeper structures are written as their text.
MAX_DEPTH = 48
_M = "{" + M_NS + "}"

_SYMBOLS = {
    "α": r"\alpha",
    "β": r"\beta",
    "γ": r"\gamma",
    "δ": r"\delta",
    "ε": r"\epsilon",
    "ζ": r"\zeta",
    "η": r"\eta",
    "θ": r"\theta",
    "ι": r"\iota",
    "κ": r"\kappa",
    "λ": r"\lambda",
    "μ": r"\mu",
    "ν": r"\nu",
    "ξ": r"\xi",
    "π": r"\pi",
    "ρ": r"\rho",
    "σ": r"\sigma",
    "τ": r"\tau",
    "υ": r"\upsilon",
    "φ": r"\phi",
    "χ": r"\chi",
    "ψ": r"\psi",
    "ω": r"\omega",
    "Γ": r"\Gamma",
    "Δ": r"\Delta",
    "Θ": r"\Theta",
    "Λ": r"\Lambda",
    "Ξ": r"\Xi",
    "Π": r"\Pi",
    "Σ": r"\Sigma",
    "Φ": r"\Phi",
    "Ψ": r"\Psi",
    "Ω": r"\Omega",
    "≤": r"\leq",
    "≥": r"\geq",
    "≠": r"\neq",
    "≈": r"\approx",
    "≡": r"\equiv",
    "×": r"\times",
    "÷": r"\div",
    "±": r"\pm",
    "∓": r"\mp",
    "·": r"\cdot",
    "⋅": r"\cdot",
    "∞": r"\infty",
    "→": r"\to",
    "←": r"\leftarrow",
    "⇒": r"\Rightarrow",
    "⇔": r"\Leftrightarrow",
    "∈": r"\in",
    "∉": r"\notin",
    "⊂": r"\subset",
    "⊆": r"\subseteq",
    "∪": r"\cup",
    "∩": r"\cap",
    "∂": r"\partial",
    "∇": r"\nabla",
    "∀": r"\forall",
    "∃": r"\exists",
    "¬": r"\neg",
    "∧": r"\wedge",
    "∨": r"\vee",
    "∝": r"\propto",
    "…": r"\ldots",
    "⋯": r"\cdots",
    "∅": r"\emptyset",
    "°": r"^{\circ}",
    "′": "'",
    "−": "-",
}
_ESCAPES = {
    "\\": r"\backslash",
    "{": r"\{",
    "}": r"\}",
    "#": r"\#",
    "%": r"\%",
    "&": r"\&",
    "_": r"\_",
    "$": r"\$",
    "~": r"\sim",
    "^": r"\hat{}",
}
_NARY = {
    "∑": r"\sum",
    "∏": r"\prod",
    "∐": r"\coprod",
    "∫": r"\int",
    "∬": r"\iint",
    "∭": r"\iiint",
    "∮": r"\oint",
    "⋃": r"\bigcup",
    "⋂": r"\bigcap",
    "⋁": r"\bigvee",
    "⋀": r"\bigwedge",
}
_ACCENTS = {
    "\u0302": r"\hat",
    "\u0303": r"\tilde",
    "\u0304": r"\bar",
    "\u0305": r"\bar",
    "\u20d7": r"\vec",
    "\u0307": r"\dot",
    "\u0308": r"\ddot",
    "\u030c": r"\check",
    "\u0301": r"\acute",
    "\u0300": r"\grave",
    "\u0306": r"\breve",
}
_DELIMITERS = {
    "(": "(",
    ")": ")",
    "[": "[",
    "]": "]",
    "{": r"\{",
    "}": r"\}",
    "|": "|",
    "‖": r"\|",
    "⟨": r"\langle",
    "⟩": r"\rangle",
    "⌊": r"\lfloor",
    "⌋": r"\rfloor",
    "⌈": r"\lceil",
    "⌉": r"\rceil",
    "": ".",
}
_FUNCTIONS = frozenset(
    "sin cos tan cot sec csc arcsin arccos arctan sinh cosh tanh coth log ln lg exp lim "
    "max min sup inf det dim ker arg deg gcd Pr".split()
)


def omml_latex(math: etree._Element) -> str:
    """The LaTeX of an ``m:oMath`` (or any OMML element), without ``$`` delimiters."""
    return " ".join(_latex(math, 0).split())


def _latex(el: etree._Element, depth: int) -> str:
    if depth > MAX_DEPTH:
        return _escape("".join(t.text or "" for t in el.iter(_M + "t", W.t)))
    tag = el.tag if isinstance(el.tag, str) else ""
    handler = _HANDLERS.get(tag[len(_M) :]) if tag.startswith(_M) else None
    if handler is not None:
        return handler(el, depth)
    if tag == W.t or tag == _M + "t":
        return _escape(el.text or "")
    if tag.endswith("Pr"):
        return ""  # properties: read by the handlers that need them
    return "".join(_latex(child, depth + 1) for child in el)


def _child(el: etree._Element, name: str) -> etree._Element | None:
    return el.find(_M + name)


def _arg(el: etree._Element, name: str, depth: int) -> str:
    found = _child(el, name)
    return "" if found is None else _latex(found, depth + 1)


def _prop(el: etree._Element, pr: str, name: str, default: str) -> str:
    props = _child(el, pr)
    found = None if props is None else props.find(_M + name)
    if found is None:
        return default
    value = found.get(_M + "val")
    return default if value is None else value


def _hidden(el: etree._Element, pr: str, name: str) -> bool:
    return _prop(el, pr, name, "0").lower() in ("1", "on", "true")


def _escape(text: str) -> str:
    out: list[str] = []
    for ch in text:
        mapped = _ESCAPES.get(ch) or _SYMBOLS.get(ch)
        out.append(
            mapped + " " if mapped and mapped[0] == "\\" and mapped[-1].isalpha() else mapped or ch
        )
    return "".join(out)


def _run(el: etree._Element, depth: int) -> str:
    return "".join(_escape(t.text or "") for t in el if t.tag in (_M + "t", W.t))


def _fraction(el: etree._Element, depth: int) -> str:
    num, den = _arg(el, "num", depth), _arg(el, "den", depth)
    kind = _prop(el, "fPr", "type", "bar")
    if kind == "lin":
        return f"{num}/{den}"
    if kind == "noBar":
        return rf"\binom{{{num}}}{{{den}}}"
    return rf"\frac{{{num}}}{{{den}}}"


def _scripts(el: etree._Element, depth: int) -> str:
    base = _arg(el, "e", depth)
    sub, sup = _child(el, "sub"), _child(el, "sup")
    out = "{" + base + "}"
    if sub is not None:
        out += "_{" + _latex(sub, depth + 1) + "}"
    if sup is not None:
        out += "^{" + _latex(sup, depth + 1) + "}"
    return out


def _pre_scripts(el: etree._Element, depth: int) -> str:
    return (
        "{}_{"
        + _arg(el, "sub", depth)
        + "}^{"
        + _arg(el, "sup", depth)
        + "}{"
        + _arg(el, "e", depth)
        + "}"
    )


def _radical(el: etree._Element, depth: int) -> str:
    degree = "" if _hidden(el, "radPr", "degHide") else _arg(el, "deg", depth)
    body = _arg(el, "e", depth)
    return rf"\sqrt[{degree}]{{{body}}}" if degree else rf"\sqrt{{{body}}}"


def _nary(el: etree._Element, depth: int) -> str:
    sign = _prop(el, "naryPr", "chr", "∫")
    out = _NARY.get(sign, _escape(sign))
    if not _hidden(el, "naryPr", "subHide") and _child(el, "sub") is not None:
        out += "_{" + _arg(el, "sub", depth) + "}"
    if not _hidden(el, "naryPr", "supHide") and _child(el, "sup") is not None:
        out += "^{" + _arg(el, "sup", depth) + "}"
    return out + " " + _arg(el, "e", depth)


def _delimiter(el: etree._Element, depth: int) -> str:
    begin = _prop(el, "dPr", "begChr", "(")
    end = _prop(el, "dPr", "endChr", ")")
    sep = _prop(el, "dPr", "sepChr", "|")
    parts = [_latex(e, depth + 1) for e in el.findall(_M + "e")]
    inner = (" " + _DELIMITERS.get(sep, _escape(sep)) + " ").join(parts)
    return (
        r"\left"
        + _DELIMITERS.get(begin, _escape(begin))
        + " "
        + inner
        + r" \right"
        + _DELIMITERS.get(end, _escape(end))
    )


def _rows(rows: Iterator[etree._Element], depth: int) -> str:
    return r" \\ ".join(
        " & ".join(_latex(e, depth + 1) for e in row.findall(_M + "e")) for row in rows
    )


def _matrix(el: etree._Element, depth: int) -> str:
    return r"\begin{matrix} " + _rows(iter(el.findall(_M + "mr")), depth) + r" \end{matrix}"


def _equation_array(el: etree._Element, depth: int) -> str:
    return (
        r"\begin{aligned} "
        + r" \\ ".join(_latex(e, depth + 1) for e in el.findall(_M + "e"))
        + r" \end{aligned}"
    )


def _function(el: etree._Element, depth: int) -> str:
    name = " ".join(_arg(el, "fName", depth).split())
    command = (
        "\\" + name
        if name in _FUNCTIONS
        else r"\operatorname{" + name + "}"
        if name.isalpha()
        else name
    )
    return command + "{" + _arg(el, "e", depth) + "}"


def _accent(el: etree._Element, depth: int) -> str:
    mark = _prop(el, "accPr", "chr", "\u0302")
    return _ACCENTS.get(mark, r"\hat") + "{" + _arg(el, "e", depth) + "}"


def _bar(el: etree._Element, depth: int) -> str:
    command = r"\underline" if _prop(el, "barPr", "pos", "top") == "bot" else r"\overline"
    return command + "{" + _arg(el, "e", depth) + "}"


def _limit(script: str) -> Callable[[etree._Element, int], str]:
    def limit(el: etree._Element, depth: int) -> str:
        base = _arg(el, "e", depth).strip()
        if base in _FUNCTIONS:
            base = "\\" + base  # lim, max, min … as operators
        elif not base.startswith("\\"):
            base = "{" + base + "}"
        return base + script + "{" + _arg(el, "lim", depth) + "}"

    return limit


def _group(el: etree._Element, depth: int) -> str:
    below = _prop(el, "groupChrPr", "pos", "bot") == "bot"
    return (r"\underbrace{" if below else r"\overbrace{") + _arg(el, "e", depth) + "}"


_HANDLERS: dict[str, Callable[[etree._Element, int], str]] = {
    "r": _run,
    "f": _fraction,
    "sSup": _scripts,
    "sSub": _scripts,
    "sSubSup": _scripts,
    "sPre": _pre_scripts,
    "rad": _radical,
    "nary": _nary,
    "d": _delimiter,
    "m": _matrix,
    "eqArr": _equation_array,
    "func": _function,
    "acc": _accent,
    "bar": _bar,
    "limLow": _limit("_"),
    "limUpp": _limit("^"),
    "groupChr": _group,
}
