"""Office Math (OMML) becomes LaTeX: inline $…$, display $$…$$."""

from __future__ import annotations

from docx_builder import make_docx, p, r
from lxml import etree

import dan
from dan.readers.docx.math import MAX_DEPTH, omml_latex

M_NS = "http://schemas.openxmlformats.org/officeDocument/2006/math"


def mr(text: str) -> str:
    return f"<m:r><m:t>{text}</m:t></m:r>"


def latex(inner: str) -> str:
    el = etree.fromstring(f'<m:oMath xmlns:m="{M_NS}">{inner}</m:oMath>')
    return omml_latex(el)


def test_fractions_scripts_and_radicals() -> None:
    assert latex(f"<m:f><m:num>{mr('1')}</m:num><m:den>{mr('2')}</m:den></m:f>{mr('=x')}") == r"\frac{1}{2}=x"
    assert latex(f"<m:f><m:fPr><m:type m:val='lin'/></m:fPr><m:num>{mr('a')}</m:num><m:den>{mr('b')}</m:den></m:f>") == "a/b"
    assert latex(f"<m:sSup><m:e>{mr('x')}</m:e><m:sup>{mr('2')}</m:sup></m:sSup>") == "{x}^{2}"
    assert latex(f"<m:sSub><m:e>{mr('a')}</m:e><m:sub>{mr('i')}</m:sub></m:sSub>") == "{a}_{i}"
    assert latex(f"<m:sSubSup><m:e>{mr('x')}</m:e><m:sub>{mr('1')}</m:sub><m:sup>{mr('2')}</m:sup></m:sSubSup>") == "{x}_{1}^{2}"
    assert latex(f"<m:sPre><m:sub>{mr('1')}</m:sub><m:sup>{mr('2')}</m:sup><m:e>{mr('X')}</m:e></m:sPre>") == "{}_{1}^{2}{X}"
    hidden = "<m:radPr><m:degHide m:val='1'/></m:radPr><m:deg/>"
    assert latex(f"<m:rad>{hidden}<m:e>{mr('a')}</m:e></m:rad>") == r"\sqrt{a}"
    assert latex(f"<m:rad><m:deg>{mr('3')}</m:deg><m:e>{mr('8')}</m:e></m:rad>") == r"\sqrt[3]{8}"


def test_operators_delimiters_matrices_and_functions() -> None:
    nary = f"<m:nary><m:naryPr><m:chr m:val='∑'/></m:naryPr><m:sub>{mr('i=1')}</m:sub><m:sup>{mr('n')}</m:sup><m:e>{mr('i')}</m:e></m:nary>"
    assert latex(nary) == r"\sum_{i=1}^{n} i"
    integral = f"<m:nary><m:naryPr><m:subHide m:val='1'/><m:supHide m:val='1'/></m:naryPr><m:sub/><m:sup/><m:e>{mr('f')}</m:e></m:nary>"
    assert latex(integral) == r"\int f"  # ∫ is the default operator
    assert latex(f"<m:d><m:e>{mr('a')}</m:e><m:e>{mr('b')}</m:e></m:d>") == r"\left( a | b \right)"
    matrix = f"<m:m><m:mr><m:e>{mr('1')}</m:e><m:e>{mr('0')}</m:e></m:mr><m:mr><m:e>{mr('0')}</m:e><m:e>{mr('1')}</m:e></m:mr></m:m>"
    assert latex(matrix) == r"\begin{matrix} 1 & 0 \\ 0 & 1 \end{matrix}"
    assert latex(f"<m:func><m:fName>{mr('sin')}</m:fName><m:e>{mr('x')}</m:e></m:func>") == r"\sin{x}"
    assert latex(f"<m:func><m:fName>{mr('erf')}</m:fName><m:e>{mr('x')}</m:e></m:func>") == r"\operatorname{erf}{x}"
    assert latex(f"<m:limLow><m:e>{mr('lim')}</m:e><m:lim>{mr('n→∞')}</m:lim></m:limLow>") == r"\lim_{n\to \infty }"
    assert latex(f"<m:eqArr><m:e>{mr('x=1')}</m:e><m:e>{mr('y=2')}</m:e></m:eqArr>") == r"\begin{aligned} x=1 \\ y=2 \end{aligned}"


def test_accents_bars_symbols_and_escapes() -> None:
    assert latex(f"<m:acc><m:accPr><m:chr m:val='\u20d7'/></m:accPr><m:e>{mr('v')}</m:e></m:acc>") == r"\vec{v}"
    assert latex(f"<m:bar><m:e>{mr('z')}</m:e></m:bar>") == r"\overline{z}"
    assert latex(mr("α≤β")) == r"\alpha \leq \beta"
    assert latex(mr("{50%}_#")) == r"\{50\%\}\_\#"  # LaTeX specials in the text are escaped


def test_deep_nesting_is_written_as_text_not_a_recursion_error() -> None:
    inner = mr("x")
    for _ in range(MAX_DEPTH + 20):  # past the limit, within what lxml parses
        inner = f"<m:f><m:num>{inner}</m:num><m:den>{mr('2')}</m:den></m:f>"
    out = latex(inner)
    assert out.startswith(r"\frac{") and "x" in out


def test_equations_in_a_document_are_inline_and_display_math() -> None:
    frac = f"<m:f><m:num>{mr('1')}</m:num><m:den>{mr('2')}</m:den></m:f>"
    body = (
        p(r("Let "), f"<m:oMath>{frac}{mr('=x')}</m:oMath>", r(" hold."))
        + p(f"<m:oMathPara><m:oMath>{mr('y=')}{frac}</m:oMath><m:oMath>{mr('z=3')}</m:oMath></m:oMathPara>")
    )
    text = dan.convert(make_docx(body), "docx").chunks[0]
    assert r"Let $\frac{1}{2}=x$ hold." in text
    assert "\n\n" + r"$$y=\frac{1}{2} \\ z=3$$" in text  # a display equation is its own paragraph
    assert "1÷2" not in text and "12=x" not in text
