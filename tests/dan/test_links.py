"""Hyperlinks and images in every reader: links as Markdown links with safe targets only,
images as placeholders with their alternative text; link targets can be turned off."""

from __future__ import annotations

import io

import pytest
from docx_builder import docx_with_links, p, r
from helpers import body_of

import dan
from dan.pipeline.inline import link_target

def text(res: dan.DanResult) -> str:
    return "\n\n".join(body_of(c) for c in res.chunks)


@pytest.mark.parametrize(
    "url,written",
    [
        ("https://example.com/a", "https://example.com/a"),
        ("HTTP://EXAMPLE.COM", "HTTP://EXAMPLE.COM"),
        ("mailto:ann@example.com", "mailto:ann@example.com"),
        ("https://x.y/a b(c)|d<e>", "https://x.y/a%20b%28c%29%7Cd%3Ce%3E"),
        ("javascript:alert(1)", ""),
        ("JaVaScRiPt:alert(1)", ""),
        ("file:///etc/passwd", ""),
        ("data:text/html,<b>x</b>", ""),
        ("/relative/path", ""),
        ("#section-2", ""),
        ("https://x.y/\nnext", ""),
        ("https://x.y/" + "a" * 2100, ""),
        ("", ""),
    ],
)
def test_only_http_https_and_mailto_targets_are_written(url: str, written: str) -> None:
    assert link_target(url) == written


def test_html_links_and_images() -> None:
    html = (
        '<p>See <a href="https://example.com/terms">the [draft] terms</a>, '
        '<a href="javascript:alert(1)">this</a>, <a href="/rel">that</a> and '
        '<a href="mailto:ann@example.com">Ann</a>. <img src="c.png" alt="Revenue by quarter"> '
        '<img src="d.png" title="Only a title"> <img src="e.png"></p>'
        '<p><a href="https://example.com/x">https://example.com/x</a></p>'
    )
    out = text(dan.convert_string(html, "html"))
    assert "See [the \\[draft\\] terms](https://example.com/terms), this, that and [Ann](mailto:ann@example.com)." in out
    assert "![Revenue by quarter](image)" in out and "![Only a title](image)" in out
    assert out.count("](image)") == 2  # a picture with no words adds nothing
    assert "javascript" not in out and "/rel" not in out
    assert "\n\nhttps://example.com/x" in out  # a link shown as its own address is written once
    off = text(dan.convert_string(html, "html", link_targets=False))
    assert "See the \\[draft\\] terms" not in off and "See the [draft] terms, this" in off
    assert "](https" not in off and "![Revenue by quarter](image)" in off  # images stay


def test_a_link_over_several_paragraphs_is_a_link_in_each() -> None:
    out = text(dan.convert_string('<a href="https://x.y/z"><p>one</p><p>two</p></a>', "html"))
    assert "[one](https://x.y/z)" in out and "[two](https://x.y/z)" in out


def test_markdown_links_and_images() -> None:
    md = (
        'See [the terms](https://example.com/t "Terms") and ![Revenue chart](c.png "Q3"), '
        '<a href="https://x.y">inline</a> and [rel](/x).\n\n'
        "| part | link |\n|---|---|\n| P-1 | [spec](https://x.y/a\\|b) |\n"
    )
    out = text(dan.convert_string(md, "markdown"))
    assert "See [the terms](https://example.com/t) and ![Revenue chart](image), [inline](https://x.y) and rel." in out
    assert "| P-1 | [spec](https://x.y/a%7Cb) |" in out  # a pipe in a target cannot break the table
    off = text(dan.convert_string(md, "markdown", link_targets=False))
    assert "See the terms and ![Revenue chart](image), inline and rel." in off


def test_docx_hyperlinks_fields_and_picture_alt_text() -> None:
    body = (
        p(
            r("See "),
            '<w:hyperlink r:id="rIdL1">' + r("the terms") + "</w:hyperlink>",
            r(" and "),
            '<w:hyperlink w:anchor="sec2">' + r("section 2") + "</w:hyperlink>",
            r(" or "),
            '<w:hyperlink r:id="rIdL2">' + r("this") + "</w:hyperlink>",
            r("."),
        )
        + p(
            r("Field: "),
            '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> HYPERLINK "https://f.example/x" </w:instrText></w:r>'
            '<w:r><w:fldChar w:fldCharType="separate"/></w:r>' + r("field link") + '<w:r><w:fldChar w:fldCharType="end"/></w:r>',
        )
        + p('<w:r><w:drawing><wp:inline><wp:docPr id="1" name="Picture 1" descr="Revenue by quarter, 2024"/></wp:inline></w:drawing></w:r>')
        + p('<w:r><w:pict><v:shape alt="Org chart"/></w:pict></w:r>')
        + p('<w:r><w:drawing><wp:inline><wp:docPr id="2" name="Picture 2"/></wp:inline></w:drawing></w:r>', r("no words"))
    )
    data = docx_with_links(body, {"rIdL1": "https://example.com/terms", "rIdL2": "file:///etc/passwd"})
    out = text(dan.convert(data))
    assert "See [the terms](https://example.com/terms) and section 2 or this." in out
    assert "Field: [field link](https://f.example/x)" in out
    assert "![Revenue by quarter, 2024](image)" in out and "![Org chart](image)" in out
    assert "Picture 2" not in out and "no words" in out
    off = text(dan.convert(data, link_targets=False))
    assert "See the terms and section 2 or this." in off and "Field: field link" in off


def test_docx_links_inside_revisions_keep_the_marks_outside() -> None:
    body = p('<w:ins w:id="5" w:author="Ann" w:date="2024-01-02T00:00:00Z"><w:hyperlink r:id="rIdL1">' + r("new link") + "</w:hyperlink></w:ins>")
    out = text(dan.convert(docx_with_links(body, {"rIdL1": "https://example.com/n"})))
    assert "{++[new link](https://example.com/n)++}{>>rev: Ann, 2024-01-02<<}" in out


def test_rtf_hyperlink_fields() -> None:
    rtf = (
        rb'{\rtf1\ansi See {\field{\*\fldinst HYPERLINK "https://example.com/terms"}{\fldrslt the terms}} and '
        rb'{\field{\*\fldinst { HYPERLINK \\l "sec" }}{\fldrslt section}}, {\field{\*\fldinst HYPERLINK https://u.example/x }'
        rb'{\fldrslt unquoted}}, {\field{\*\fldinst PAGE}{\fldrslt 3}} or {\field{\*\fldinst HYPERLINK "javascript:x"}{\fldrslt js}}.\par}'
    )
    out = text(dan.convert(rtf, "rtf"))
    assert out == "See [the terms](https://example.com/terms) and section, [unquoted](https://u.example/x), 3 or js."
    assert text(dan.convert(rtf, "rtf", link_targets=False)) == "See the terms and section, unquoted, 3 or js."


def test_link_text_cut_over_chunks_stays_a_link_in_each_part() -> None:
    words = " ".join(f"word{i}" for i in range(400))
    res = dan.convert_string(f'<p><a href="https://x.y/long">{words}</a></p>', "html", max_tokens=128)
    assert len(res.chunks) > 2
    for chunk in res.chunks:
        assert body_of(chunk).startswith("[") and body_of(chunk).endswith("](https://x.y/long)")


def test_link_targets_must_be_a_bool() -> None:
    with pytest.raises(dan.DanError, match="link_targets must be True or False"):
        dan.convert_string("x", "text", link_targets="no")  # type: ignore[arg-type]


def test_cli_no_link_targets(tmp_path) -> None:
    from dan import cli

    page = tmp_path / "p.html"
    page.write_text('<p>See <a href="https://example.com/t">the terms</a>.</p>', encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert cli.main(["convert", str(page), "--format", "md"], stdout=out, stderr=err) == 0
    assert "[the terms](https://example.com/t)" in out.getvalue()
    out = io.StringIO()
    assert cli.main(["convert", str(page), "--format", "md", "--no-link-targets"], stdout=out, stderr=err) == 0
    assert "See the terms." in out.getvalue() and "https" not in out.getvalue()
