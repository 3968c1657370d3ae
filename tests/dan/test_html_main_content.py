"""Main-content extraction for web pages: the article kept, site chrome dropped, never nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dan import model as m
from dan.limits import Limits
from dan.readers import ReadOptions
from dan.readers.html import read_html
from dan.readers.html.main_content import declared_chrome, looks_like_web_page, select_main_content

LIMITS = Limits()

PARAGRAPHS = [
    "The supplier shall deliver the cranes within twelve weeks of the order, unless the parties agree otherwise in writing.",
    "Payment is due within thirty days of the invoice, and late payments carry interest at four percent above the base rate.",
    "The warranty lasts twenty-four months from acceptance, covering parts, labour and travel for on-site repairs.",
    "Either party may end the agreement with ninety days' notice, provided that all open orders are completed first.",
]


def nodes_under(node: object) -> list[object]:
    """Every model node under ``node`` (blocks, inlines, revisions, tables), in document order."""
    out: list[object] = []
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, (list, tuple)):
            stack.extend(reversed(n))
            continue
        out.append(n)
        if hasattr(n, "__attrs_attrs__"):
            for a in reversed(n.__attrs_attrs__):  # type: ignore[attr-defined]
                value = getattr(n, a.name)
                if isinstance(value, (list, tuple)) or hasattr(value, "__attrs_attrs__"):
                    stack.append(value)
    return out


def text_of(node: object) -> str:
    """All text under a model node (blocks, inlines, revisions, tables)."""
    return " ".join(" ".join(n.text for n in nodes_under(node) if isinstance(n, m.Text)).split())


def paras(items: list[str]) -> str:
    """``items`` as paragraphs."""
    return "".join(f"<p>{p}</p>" for p in items)


def page(article: str, *, chrome: bool = True) -> str:
    top = (
        '<header class="site-header"><a href="/">Logo</a><nav><ul><li><a href="/news">NAV-NEWS</a></li>'
        '<li><a href="/sport">NAV-SPORT</a></li><li><a href="/about">NAV-ABOUT</a></li></ul></nav></header>'
        if chrome
        else ""
    )
    bottom = (
        '<aside class="related"><h3>RELATED-HEADING</h3><ul><li><a href="/a">RELATED-ONE story about cranes</a></li>'
        '<li><a href="/b">RELATED-TWO story about payments</a></li></ul></aside>'
        '<div class="cookie-consent">COOKIE-NOTICE: we use cookies to improve your experience. <a href="/ok">Accept</a></div>'
        '<footer class="site-footer"><a href="/imprint">FOOTER-IMPRINT</a> <a href="/privacy">FOOTER-PRIVACY</a></footer>'
        if chrome
        else ""
    )
    return f"<html><head><title>Terms</title></head><body>{top}<div id='page'>{article}</div>{bottom}</body></html>"


ARTICLE = (
    '<div class="post-body"><h1>Supply terms</h1>'
    + paras(PARAGRAPHS[:2])
    + "<table><tr><th>Item</th><th>Price</th></tr><tr><td>Crane CR-7</td><td>48,000 EUR</td></tr>"
    "<tr><td>Hoist H-2</td><td>9,500 EUR</td></tr></table>"
    "<ul><li>Delivery ex works</li><li>Packaging extra</li></ul>"
    f'<p>{PARAGRAPHS[2]} <ins data-author="Ana">Spare parts are included.</ins>'
    ' <a href="https://example.com/terms">the full terms</a></p>'
    f"<p>{PARAGRAPHS[3]}</p>"
    '<ul class="share-buttons"><li><a href="https://t.example/share">SHARE-TWITTER</a></li>'
    '<li><a href="https://f.example/share">SHARE-FACEBOOK</a></li></ul></div>'
)

CHROME = (
    "NAV-NEWS",
    "NAV-SPORT",
    "RELATED-ONE",
    "RELATED-HEADING",
    "COOKIE-NOTICE",
    "FOOTER-IMPRINT",
    "SHARE-TWITTER",
)


def test_a_news_page_keeps_the_article_and_drops_the_chrome() -> None:
    doc = read_html(page(ARTICLE), LIMITS)
    text = text_of(doc.body)
    for p in PARAGRAPHS:
        assert p in text
    for kept in ("Supply terms", "Crane CR-7", "48,000 EUR", "Delivery ex works", "the full terms"):
        assert kept in text, kept
    for noise in CHROME:
        assert noise not in text, noise
    assert any(isinstance(b, m.Table) for b in doc.body)  # structure survives, not only words
    revisions = [
        n
        for b in doc.body
        if isinstance(b, m.Paragraph)
        for n in b.inlines
        if isinstance(n, m.Revision)
    ]
    assert revisions and revisions[0].author == "Ana"
    assert doc.warnings == ()


def test_main_content_can_be_turned_off_or_forced() -> None:
    whole = text_of(read_html(page(ARTICLE), LIMITS, ReadOptions(main_content=False)).body)
    for noise in ("NAV-NEWS", "RELATED-ONE", "COOKIE-NOTICE", "FOOTER-IMPRINT"):
        assert noise in whole
    assert (
        read_html(page(ARTICLE), LIMITS, ReadOptions(main_content=True)).body
        == read_html(page(ARTICLE), LIMITS).body
    )
    # A document without site chrome is read whole by default.
    plain = (
        "<html><body><h1>Memo</h1>"
        + paras(PARAGRAPHS)
        + '<div class="note"><p>SIDE-NOTE: short.</p></div><p><a href="/a">one link</a></p></body></html>'
    )
    assert not looks_like_web_page(plain, _soup(plain))
    text = text_of(read_html(plain, LIMITS).body)
    assert "SIDE-NOTE" in text and "one link" in text


def _soup(html: str):  # type: ignore[no-untyped-def]
    from dan.readers.html.tree import parse_html

    return parse_html(html)


def test_word_exported_html_is_read_whole() -> None:
    html = (
        '<html xmlns:w="urn:schemas-microsoft-com:office:word"><head><meta name="Generator" content="Microsoft Word 15">'
        '</head><body><div class="WordSection1"><p class="MsoNormal">Header line of the memo</p><nav>Not really nav</nav>'
        + "".join(f'<p class="MsoNormal">{p}</p>' for p in PARAGRAPHS)
        + '<p class="MsoNormal"><a href="/x">Link one</a> <a href="/y">Link two</a></p></div></body></html>'
    )
    assert not looks_like_web_page(html, _soup(html))
    text = text_of(read_html(html, LIMITS).body)
    for kept in ("Header line of the memo", "Link one", *PARAGRAPHS):
        assert kept in text


def test_an_email_like_document_is_read_whole() -> None:
    html = (
        "<html><body><table><tr><td><p>Dear Ms Lima,</p>"
        + paras(PARAGRAPHS)
        + "<p>Kind regards, Tom</p><p>Sent from my phone</p></td></tr></table></body></html>"
    )
    text = text_of(read_html(html, LIMITS).body)
    for kept in ("Dear Ms Lima", "Kind regards, Tom", "Sent from my phone"):
        assert kept in text


def test_a_page_of_short_blocks_is_read_whole() -> None:
    html = '<nav><a href="/">Home</a></nav><div>Opening hours</div><div>Mon–Fri 9–17</div><footer>Call us</footer>'
    text = text_of(read_html(html, LIMITS).body)
    for kept in ("Home", "Opening hours", "Mon–Fri 9–17", "Call us"):
        assert kept in text


def test_an_article_in_parts_keeps_every_part() -> None:
    parts = "".join(
        f'<div class="step"><h2>Step {i}</h2><p>{p}</p><ul><li>Tool {i}</li></ul></div>'
        for i, p in enumerate(PARAGRAPHS, 1)
    )
    html = page(f'<div class="how-to">{parts}</div>')
    text = text_of(read_html(html, LIMITS).body)
    for i, p in enumerate(PARAGRAPHS, 1):
        assert p in text and f"Step {i}" in text and f"Tool {i}" in text
    assert "NAV-NEWS" not in text


def test_a_table_of_contents_and_a_data_table_of_links_stay() -> None:
    toc = (
        '<div id="toc"><ul>'
        + "".join(f'<li><a href="#s{i}">{i} Section {i}</a></li>' for i in range(1, 6))
        + "</ul></div>"
    )
    links = (
        "<table><tr><th>Document</th><th>Link</th></tr>"
        + "".join(
            f'<tr><td>Annex {i}</td><td><a href="/annex{i}">annex-{i}.pdf</a></td></tr>'
            for i in range(1, 4)
        )
        + "</table>"
    )
    article = (
        '<div class="article">'
        + toc
        + paras(PARAGRAPHS)
        + links
        + "</div>"
    )
    text = text_of(read_html(page(article), LIMITS).body)
    for kept in ("1 Section 1", "5 Section 5", "annex-3.pdf", "Annex 2", *PARAGRAPHS):
        assert kept in text, kept
    assert "RELATED-ONE" not in text


def test_never_nothing_when_the_main_element_is_empty() -> None:
    html = (
        "<html><body><main><nav><a href='/'>Home</a></nav></main>"
        "<header><p>The notice period is ninety days, and it starts on the first of the month.</p></header></body></html>"
    )
    assert "ninety days" in text_of(read_html(html, LIMITS).body)  # the selection finds it
    doc = read_html(
        html, LIMITS, ReadOptions(main_content=False)
    )  # the <main> rule alone would drop it all
    assert "ninety days" in text_of(doc.body)
    assert [w.code for w in doc.warnings] == ["whole-page"]


def test_hidden_text_does_not_vote() -> None:
    hidden = "".join(f"<p>{p} HIDDEN</p>" for p in PARAGRAPHS * 3)
    html = page(
        f'<div style="display:none">{hidden}</div><div class="story">'
        + paras(PARAGRAPHS)
        + "</div>"
    )
    text = text_of(read_html(html, LIMITS).body)
    assert PARAGRAPHS[0] in text and "HIDDEN" not in text


def test_nothing_to_select_on_an_empty_body() -> None:
    soup = _soup("<html><body><div> </div></body></html>")
    body = soup.find("body")
    assert body is not None and select_main_content(body) is None


_sentence = st.sampled_from(PARAGRAPHS)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(_sentence, min_size=2, max_size=6),
    st.lists(
        st.sampled_from(["nav", "related", "footer", "cookie", "share"]), min_size=1, max_size=6
    ),
    st.randoms(use_true_random=False),
)
def test_property_article_paragraphs_survive_and_chrome_goes(paras, chrome, rnd) -> None:  # type: ignore[no-untyped-def]
    blocks = {
        "nav": '<nav><a href="/1">CHROME-NAV-1</a> <a href="/2">CHROME-NAV-2</a></nav>',
        "related": '<aside><ul><li><a href="/r">CHROME-RELATED read this</a></li></ul></aside>',
        "footer": '<footer><a href="/i">CHROME-FOOTER</a></footer>',
        "cookie": '<div class="cookie-banner">CHROME-COOKIE we use cookies <a href="/ok">OK</a></div>',
        "share": '<div class="social-share"><a href="/s">CHROME-SHARE</a></div>',
    }
    parts = [blocks[c] for c in chrome]
    rnd.shuffle(parts)
    cut = rnd.randint(0, len(parts))
    article = "<article>" + "".join(f"<p>{i}: {p}</p>" for i, p in enumerate(paras)) + "</article>"
    html = "<html><body>" + "".join(parts[:cut]) + article + "".join(parts[cut:]) + "</body></html>"
    for mode in (None, True):
        text = text_of(read_html(html, LIMITS, ReadOptions(main_content=mode)).body)
        for i, p in enumerate(paras):
            assert f"{i}: {p}" in text
        assert "CHROME-" not in text
    whole = text_of(read_html(html, LIMITS, ReadOptions(main_content=False)).body)
    assert ("CHROME-COOKIE" in whole or "CHROME-SHARE" in whole) == bool(
        {"cookie", "share"} & set(chrome)
    )


def test_the_option_is_checked_and_travels_through_the_api() -> None:
    import pytest

    import dan

    html = page(ARTICLE).encode()
    assert "NAV-NEWS" not in "\n".join(dan.convert(html, "html").chunks)
    assert "NAV-NEWS" in "\n".join(dan.convert(html, "html", main_content=False).chunks)
    assert "NAV-NEWS" in "\n".join(
        dan.convert_string(page(ARTICLE), "html", main_content=False).chunks
    )
    assert dan.Dan(main_content=True).read_options.main_content is True
    with pytest.raises(dan.DanError, match="main_content must be True, False or None"):
        dan.convert(html, "html", main_content="yes")  # type: ignore[arg-type]
    from dan.batch import convert_many

    batch = convert_many([html, html], doc_type="html", workers=1, main_content=False)
    assert len(batch.results) == 2 and all("NAV-NEWS" in "\n".join(r.chunks) for r in batch.results)


# ----------------------------------------------------------------- pages that hid all (issue 57)


def _article_divs() -> str:
    # Article text in plain containers with chrome-like class names (the shape of the
    # guardian.co.tt page of trafilatura's evaluation set): the main-content rules drop them.
    return "".join(
        f"<div class='aghor agjcfs'><div class='ag_c1 sidebar-widget'><p>{p}</p></div></div>" for p in PARAGRAPHS
    )


def test_a_page_hidden_until_its_scripts_run_is_read_as_shown() -> None:
    import dan

    # the whole page, chrome included, in a wrapper a script shows
    inner = page(_article_divs()).split("<body>")[1].split("</body>")[0]
    html = f"<html><body><div id='i76' style='display: none;'>{inner}</div><script>show()</script></body></html>"
    res = dan.convert(html.encode(), "html")
    text = " ".join(res.chunks)
    assert res.chunks, "a page with body text never gives nothing"
    for p in PARAGRAPHS:
        assert p.split(",")[0] in text
    assert "show()" not in text  # (scripts stay dropped)
    # hidden elements read as shown; then the main content held no text: the whole page
    assert [w.code for w in res.warnings] == ["hidden-page", "whole-page"]
    doc = read_html(html, LIMITS, ReadOptions(main_content=False))
    assert all(p.split(",")[0] in text_of(doc.body) for p in PARAGRAPHS)
    assert [w.code for w in doc.warnings] == ["hidden-page"]


def test_hidden_text_stays_out_when_the_page_shows_some() -> None:
    html = page(f"<p>{PARAGRAPHS[0]}</p><div style='display:none'><p>SECRET {PARAGRAPHS[1]}</p></div>")
    doc = read_html(html, LIMITS)
    assert "SECRET" not in text_of(doc.body) and PARAGRAPHS[0][:30] in text_of(doc.body)
    assert doc.warnings == ()


def test_an_unclosed_tag_in_noscript_does_not_swallow_the_page() -> None:
    # (parcoabruzzo.it's page of trafilatura's evaluation set: libxml2 read everything after
    # ``<noscript><div id="mms_nojava"></noscript>`` as inside the dropped noscript)
    html = (
        "<html><head><title>News</title></head><body><noscript><div id='mms_nojava'></noscript>"
        f"<div id='main_group'><nav><a href='/'>Home</a></nav><div class='testo'>{''.join(f'<p>{p}</p>' for p in PARAGRAPHS)}"
        "</div></div><noscript><img src='pixel.gif' alt='NOSCRIPT-PIXEL'></noscript></body></html>"
    )
    for options in (ReadOptions(), ReadOptions(main_content=False)):
        doc = read_html(html, LIMITS, options)
        text = text_of(doc.body)
        assert all(p[:40] in text for p in PARAGRAPHS)
        assert "NOSCRIPT-PIXEL" not in text
        assert doc.warnings == ()


def test_blog_widgets_inside_the_article_are_dropped() -> None:
    """Chrome that sits inside the post's own container on real blogs (trafilatura's
    evaluation pages): Jetpack's share and like blocks (whose "robots-nocontent" class is
    not content), a reply form's heading, "similar posts", an author box and a paywall
    teaser. Issue 57 item 3."""
    article = (
        '<div class="entry-content">'
        + paras(PARAGRAPHS)
        + '<div class="sharedaddy sd-sharing-enabled"><div class="robots-nocontent sd-block sd-social">'
        '<h3 class="sd-title">SHARE-TITLE Teilen mit:</h3><div class="sd-content">'
        '<ul><li><a href="/x">SHARE-X</a></li></ul></div></div></div>'
        '<h3 id="reply-title" class="comment-reply-title">REPLY-TITLE Leave a reply</h3>'
        '<section class="similar-posts"><h3>SIMILAR-HEADING</h3><p>SIMILAR-ONE a post about'
        " other cranes and other, similar, things, in some detail.</p></section>"
        '<div class="author-box"><p>AUTHOR-BIO has written about cranes, hoists, and lifting'
        " gear, for twenty years, in three magazines.</p></div>"
        '<div class="paywall-teaser"><p>PAYWALL-TEXT Want to read on? Subscribe today.</p></div>'
        # the other names themes give an author box (trafilatura's evaluation pages)
        + "".join(
            f'<div {attr}><p>{mark} writes about cranes, hoists, and lifting gear, for twenty years.</p></div>'
            for attr, mark in (('id="author-info"', "AUTHOR-INFO"), ('class="mini-bio"', "MINI-BIO"),
                               ('class="post-author row"', "POST-AUTHOR"), ('id="author-description"', "AUTHOR-DESC"))
        )
        + "</div>"
    )
    text = text_of(read_html(page(article), LIMITS).body)
    for p in PARAGRAPHS:
        assert p in text
    for noise in ("SHARE-TITLE", "SHARE-X", "REPLY-TITLE", "SIMILAR-HEADING", "AUTHOR-BIO", "PAYWALL-TEXT",
                  "AUTHOR-INFO", "MINI-BIO", "POST-AUTHOR", "AUTHOR-DESC"):
        assert noise not in text, noise


def test_prose_with_a_comment_form_or_step_images_and_a_share_named_entry_stay() -> None:
    """Kept content is not dropped as a widget for the form fields, images or the theme's
    "share" class it also holds, when it is prose: paragraphs with few links
    (trafilatura's evaluation pages: an article region holding its comment form, a
    recipe's illustrated steps, a WordPress theme's ``entry share`` div). Issue 57 item 3."""
    steps = "".join(
        f'<div class="step"><img src="s{k}.jpg" alt="">'
        f"<div>STEP-{k} {PARAGRAPHS[k % 4]}</div></div>"
        for k in range(5)
    )
    article = (
        '<div class="post-inner">'
        + "".join(f"<p>LEAD-{k} {p}</p>" for k, p in enumerate(PARAGRAPHS[:2]))
        + '<div class="entry themeform share">'
        + "".join(f"<p>ENTRY-{k} {p}</p>" for k, p in enumerate(PARAGRAPHS))
        + "</div>"
        '<section class="region region-content"><p>REGION-TEXT ' + " ".join(PARAGRAPHS[:2]) + "</p>"
        "<p>" + " ".join(PARAGRAPHS[2:]) + "</p>"
        '<form><input type="hidden" name="nid"><input type="text" name="comment_surname">'
        '<input type="text" name="comment_email"></form></section>'
        f'<div class="recipe-steps">{steps}</div></div>'
    )
    text = text_of(read_html(page(article), LIMITS).body)
    for marker in ("ENTRY-0", "ENTRY-3", "REGION-TEXT", "STEP-0", "STEP-4"):
        assert marker in text, marker
    for noise in CHROME:
        assert noise not in text, noise


def alts_of(node: object) -> list[str]:
    """The alternative texts of the images under a model node, in order."""
    return [n.alt for n in nodes_under(node) if isinstance(n, m.Image)]


RELATED_THUMBNAILS = (
    '<div class="more-stories">'
    + "".join(
        f'<div class="teaser"><a href="/s{k}"><img src="t{k}.jpg" alt="THUMB-{k}"></a>'
        f'<a href="/s{k}">A linked teaser title for story {k}</a></div>'
        for k in range(3)
    )
    + "</div>"
)


def test_a_gallery_of_pictures_that_link_nowhere_stays_and_linked_thumbnails_go() -> None:
    """Two photos (a lightbox's two sizes) with their caption and no links are the article's
    (theverge on readability's test pages); teaser thumbnails that link to their stories
    are a widget. Issue 57 item 3."""
    gallery = (
        '<div class="article-body"><figure><div class="zoom">'
        '<img src="a.jpg" alt="GALLERY-PHOTO on the shelf"><img src="a2.jpg" alt="GALLERY-PHOTO on the shelf">'
        "</div><figcaption>The cranes in the yard.</figcaption></figure></div>"
    )
    article = (
        '<div class="post">'
        + paras(PARAGRAPHS[:2])
        + gallery
        + paras(PARAGRAPHS[2:])
        + RELATED_THUMBNAILS
        + "</div>"
    )
    body = read_html(page(article), LIMITS).body
    alts = alts_of(body)
    assert "GALLERY-PHOTO on the shelf" in alts
    assert not [a for a in alts if a.startswith("THUMB-")]
    assert "linked teaser title" not in text_of(body)


def test_a_photo_linked_to_its_full_size_with_a_caption_stays_in_a_list() -> None:
    """WordPress links a photo to its full-size file; inside a list item, with a caption and
    no text links, it is the article's (firefox-nightly-blog on readability's test pages)."""
    item = (
        "<ul><li><p>The restart page now says what happened and what to do next.</p>"
        '<div class="wp-caption"><a href="/full.png"><img src="small.png" alt="LISTED-PHOTO of the page">'
        '</a><p class="wp-caption-text">The page after an update.</p></div></li></ul>'
    )
    article = '<div class="entry-content">' + paras(PARAGRAPHS) + item + "</div>"
    assert "LISTED-PHOTO of the page" in alts_of(read_html(page(article), LIMITS).body)


def test_pictures_between_kept_parts_of_the_article_stay() -> None:
    """An article whose parts are the body's own children keeps the picture blocks between
    them (bug-1255978 on readability's test pages: image widgets between the paragraphs);
    chrome around the parts still goes."""
    part = '<div class="story-part">{}</div>'
    html = (
        "<html><head><title>Hotels</title></head><body>"
        '<nav><a href="/">NAV-HOME</a> <a href="/news">NAV-NEWS</a></nav>'
        + part.format(paras(PARAGRAPHS[:2]))
        + '<div class="image-widget"><img src="h.jpg" alt="BETWEEN-PHOTO of a hotel room">'
        "<span>Credit: the photographer</span></div>"
        + part.format(paras(PARAGRAPHS[2:]))
        + '<footer><a href="/imprint">FOOTER-IMPRINT</a></footer></body></html>'
    )
    body = read_html(html, LIMITS).body
    assert "BETWEEN-PHOTO of a hotel room" in alts_of(body)
    text = text_of(body)
    assert PARAGRAPHS[0] in text and PARAGRAPHS[3] in text
    assert "NAV-HOME" not in text and "FOOTER-IMPRINT" not in text


def test_parts_of_the_article_wrapped_in_spans_stay() -> None:
    """An article whose steps share one template, each but the first wrapped in two
    ``<span>`` (ehow-2 on readability's test pages: only the first step was kept)."""
    step = (
        '<div class="mod step"><div class="stepContent"><div class="content">'
        "<p>STEP-{k} {p}</p><p>{q}</p><p>{r}</p></div></div></div>"
    )
    steps = "".join(
        (step if k == 0 else "<span><span>" + step + "</span></span>").format(
            k=k, p=PARAGRAPHS[k % 4], q=" ".join(PARAGRAPHS[:2]), r=" ".join(PARAGRAPHS[2:])
        )
        for k in range(5)
    )
    html = (
        "<html><head><title>Party</title></head><body>"
        '<nav><a href="/">NAV-HOME</a> <a href="/news">NAV-NEWS</a></nav>'
        f'<div class="col-main"><article>{steps}<div class="AdUnit"></div></article></div>'
        '<footer><a href="/imprint">FOOTER-IMPRINT</a></footer></body></html>'
    )
    text = text_of(read_html(html, LIMITS).body)
    for k in range(5):
        assert f"STEP-{k}" in text, k
    assert "NAV-HOME" not in text and "FOOTER-IMPRINT" not in text


def test_a_dialog_of_pictures_with_captions_goes() -> None:
    """A how-to dialog beside the article (msn on readability's test pages: "Make MSN my
    homepage", three pictures that link nowhere, each with its caption) is chrome by its
    name, whatever its pictures."""
    dialog = (
        '<div id="makehomepagedialog"><h3>DIALOG-TITLE Make this my homepage</h3><ul>'
        + "".join(f'<li><img src="s{k}.png" alt="DIALOG-STEP-{k} click here"> DIALOG-STEP-{k} click here.</li>' for k in range(3))
        + "</ul></div>"
    )
    article = '<div class="entry-content">' + paras(PARAGRAPHS) + "</div>"
    html = page(article).replace("</body>", dialog + "</body>")
    body = read_html(html, LIMITS).body
    assert PARAGRAPHS[0] in text_of(body)
    assert "DIALOG-TITLE" not in text_of(body) and not [a for a in alts_of(body) if a.startswith("DIALOG")]


def test_a_sibling_of_the_same_template_named_as_chrome_is_not_kept() -> None:
    """Siblings of the article's template (same tag and class) are kept as its other parts,
    but not one whose names say it is chrome (a "sponsored" box of the same theme): on
    trafilatura's evaluation pages (threatpost) such a sibling kept a wrong selection
    alive. Issue 57 item 3."""
    box = "".join(f"<p>SPONSORED-{k} {p}</p>" for k, p in enumerate(PARAGRAPHS[:2]))
    article = (
        '<div class="c-box" id="story">' + paras(PARAGRAPHS * 2) + "</div>"
        f'<div class="c-box" id="sponsored-box">{box}</div>'
    )
    text = text_of(read_html(page(article), LIMITS).body)
    for p in PARAGRAPHS:
        assert p in text
    assert "SPONSORED-" not in text


def test_the_tail_after_the_articles_last_prose_goes_from_its_first_list_of_links() -> None:
    """Inside the kept container, a block that is mostly links after the article's last
    prose starts the page's tail: it goes with what follows it and the heading above it
    (unnamed "more on this" and tag lists, trafilatura's evaluation pages). Short lines
    right after the prose (a sign-off), links inside the prose, and a references list at the
    end stay. Issue 57 item 3."""
    article = (
        "<div>"
        + paras(PARAGRAPHS)
        + "<p>SIGN-OFF, Anna</p>"
        + '<p>Read the <a href="/t">TERMS-LINK</a> too.</p>'
        + "<h3>MORE-HEADING</h3>"
        + '<p><a href="/x">MORE-ONE: cranes at the port of Hamburg</a></p>'
        + "<p>AFTER-LINKS a short line</p>"
        + '<div class="references"><ol><li><a href="/r1">REFERENCE-ONE, Annual report 2024</a></li></ol></div>'
        + "</div>"
    )
    text = text_of(read_html(page(article), LIMITS).body)
    for p in PARAGRAPHS:
        assert p in text
    for kept in ("SIGN-OFF", "TERMS-LINK", "REFERENCE-ONE"):
        assert kept in text, kept
    for tail in ("MORE-HEADING", "MORE-ONE", "AFTER-LINKS"):
        assert tail not in text, tail


def test_links_between_paragraphs_of_prose_are_not_a_tail() -> None:
    """A list of links followed by more prose is not where the article ends."""
    article = (
        "<div>"
        + paras(PARAGRAPHS[:2])
        + '<p><a href="/x">MIDDLE-LINK to the tender documents</a></p>'
        + paras(PARAGRAPHS[2:])
        + "</div>"
    )
    text = text_of(read_html(page(article), LIMITS).body)
    assert "MIDDLE-LINK" in text
    for p in PARAGRAPHS:
        assert p in text


def test_a_tail_is_never_cut_out_of_text_or_out_of_a_page_of_links() -> None:
    """The tail is cut by whole blocks only: a link inside a container's own text (a
    sentence, prose written with ``<br>``) is part of that text, and a list of links that
    holds as much text as what stands before it is the page (a reading list), not a tail."""
    prose = paras(PARAGRAPHS)
    inline = (
        "<div>" + prose + "The committee met on Tuesday and, after a long debate about the cranes, "
        '<a href="/m">LINK-IN-SENTENCE minutes</a> were approved; AFTER-LINK the decision is final.</div>'
    )
    text = text_of(read_html(page(inline), LIMITS).body)
    assert "LINK-IN-SENTENCE" in text and "AFTER-LINK" in text
    broken = (
        "<div>" + prose + "BR-PROSE-A a long paragraph written with breaks, as old sites do, about the port.<br><br>"
        '<ul><li><a href="/x">LIST-ONE tender document</a></li><li><a href="/y">LIST-TWO tender document</a></li></ul>'
        "BR-PROSE-B another long paragraph after the list, still the article's own text, with commas.</div>"
    )
    text = text_of(read_html(page(broken), LIMITS).body)
    for kept in ("BR-PROSE-A", "LIST-ONE", "BR-PROSE-B"):
        assert kept in text, kept
    items = "".join(
        f'<li><a href="/r{i}">RESOURCE-{i} guide to crane maintenance and inspection schedules</a> (pdf)</li>'
        for i in range(30)
    )
    reading_list = "<div><p>" + PARAGRAPHS[0] + "</p><ul>" + items + "</ul></div>"
    text = text_of(read_html(page(reading_list), LIMITS).body)
    assert "RESOURCE-0" in text and "RESOURCE-29" in text


def test_headings_that_end_the_kept_content_go() -> None:
    """A heading with nothing after it heads nothing ("You might also like" over a list a
    script fills in later): it goes, with the headings just above it; a heading followed by
    text stays, and so does a page that is only a heading (never nothing). Issue 57 item 3."""
    article = (
        "<div>"
        + paras(PARAGRAPHS[:2])
        + "<h2>KEPT-HEADING</h2>"
        + paras(PARAGRAPHS[2:])
        + "<h3>EMPTY-GROUP</h3><h4>EMPTY-HEADING</h4><div class='teasers'></div>"
        + "</div>"
    )
    text = text_of(read_html(page(article), LIMITS).body)
    for p in PARAGRAPHS:
        assert p in text
    assert "KEPT-HEADING" in text
    assert "EMPTY-GROUP" not in text and "EMPTY-HEADING" not in text
    lone = read_html(page("<div><h2>LONE-HEADING</h2></div>"), LIMITS)
    assert "LONE-HEADING" in text_of(lone.body)
    assert not lone.warnings, lone.warnings  # kept as the main content, not read whole
    # a heading over a picture heads it; a heading of the references stays
    tail = (
        "<div>"
        + paras(PARAGRAPHS)
        + '<h2>CHART-HEADING</h2><figure><img src="c.png" alt="CHART sales by year"></figure>'
        + "</div>"
    )
    text = text_of(read_html(page(tail), LIMITS).body)
    assert "CHART-HEADING" in text
    notes = "<div>" + paras(PARAGRAPHS) + '<div class="references"><h2>NOTES-HEADING</h2></div></div>'
    assert "NOTES-HEADING" in text_of(read_html(page(notes), LIMITS).body)


def test_a_block_holding_most_of_the_article_is_never_dropped_as_chrome() -> None:
    """A post's body with a rating widget of many form fields (more fields than a third of
    its paragraphs, more than a fifth of its text links) looks like a form; when it holds
    half of what is kept or more it is the article and stays — before, it went, nothing was
    left, and the whole page was read, menus and sidebar included (17 of trafilatura's 990
    evaluation pages). A small form beside it still goes, and so does a block the page
    names as chrome (an ``aside``, a comments section) however long. Issue 57 item 3."""
    fields = "".join(f'<input type="radio" name="r" value="{k}">' for k in range(18))
    links = "".join(f'<a href="/tag{k}">TAG-{k} crane maintenance guide</a> ' for k in range(12))
    body = (
        '<div class="entry-content">'
        + paras(PARAGRAPHS)
        + f'<div class="rating">{fields} RATING 6.0 out of 6 based on one vote</div><p>{links}</p></div>'
    )
    # (a second block of the article's own text: the selection is not narrowed to the body)
    addendum = f'<div class="addendum"><p>ADDENDUM {PARAGRAPHS[1]} {PARAGRAPHS[2]}</p></div>'
    form = '<div class="subscribe"><p>NEWSLETTER sign up</p><input type="text"><input type="text"><input type="submit"></div>'
    html = page(f'<article class="post">{body}{addendum}{form}</article>')
    doc = read_html(html, LIMITS)
    text = text_of(doc.body)
    for p in PARAGRAPHS:
        assert p in text
    assert "ADDENDUM" in text
    assert not doc.warnings, doc.warnings  # the main content was found: no whole-page warning
    for chrome in ("NAV-NEWS", "RELATED-ONE", "FOOTER-IMPRINT", "NEWSLETTER"):
        assert chrome not in text, chrome
    aside = "<aside><h3>ASIDE-HEADING</h3>" + "".join(f"<p>ASIDE-{k} {p}</p>" for k, p in enumerate(PARAGRAPHS * 2)) + "</aside>"
    comments = (
        '<section id="comments"><h3>Comments</h3><ol>'
        + "".join(f"<li><p>COMMENT-{k} I disagree: {p}</p></li>" for k, p in enumerate(PARAGRAPHS * 2))
        + "</ol></section>"
    )
    for chrome, word in ((aside, "ASIDE-"), (comments, "COMMENT-")):
        short = paras(PARAGRAPHS[:3])
        text = text_of(read_html(page(f'<article class="post">{short}{chrome}</article>'), LIMITS).body)
        assert PARAGRAPHS[0] in text and word not in text, word


def test_a_short_article_that_holds_the_pages_text_is_kept_alone() -> None:
    """A post of one or two paragraphs (under 500 characters) on a page with long menus:
    when it holds (nearly) all of the page's text outside chrome-named parts and links, it
    is the article and is kept alone — a sidebar's text and teaser cards made of links do
    not count against it. When text stands elsewhere (a list, a table of data under a short
    lead), the short pick is not trusted and the page is read whole, as before."""
    menu = "".join(f'<li><a href="/c{k}">MENU-{k} category of the shop and its offers</a></li>' for k in range(30))
    post = f'<div class="post"><p>SHORT-POST {PARAGRAPHS[0]}</p><p>{PARAGRAPHS[1]}</p></div>'
    sidebar = '<div class="sidebar">' + "".join(f"<p>SIDEBAR {p}</p>" for p in PARAGRAPHS) + "</div>"
    cards = "".join(f'<a href="/s{k}"><div>CARD-{k} another story about cranes and hoists you may like</div></a>' for k in range(3))
    html = f"<html><body><nav><ul>{menu}</ul></nav>{post}{sidebar}<div>{cards}</div><footer>FOOTER-LINE</footer></body></html>"
    text = text_of(read_html(html, LIMITS).body)
    assert "SHORT-POST" in text and PARAGRAPHS[1] in text
    for chrome in ("MENU-3", "FOOTER-LINE", "SIDEBAR", "CARD-1"):
        assert chrome not in text, chrome
    elsewhere = (
        f"<html><body><nav><ul>{menu}</ul></nav>{post}"
        f"<ul><li>ELSEWHERE {PARAGRAPHS[2]}</li><li>{PARAGRAPHS[3]}</li></ul></body></html>"
    )
    text = text_of(read_html(elsewhere, LIMITS).body)
    assert "SHORT-POST" in text and "ELSEWHERE" in text and "MENU-3" in text
    rows = "".join(f"<tr><td>TEAM-{k}</td><td>{k}</td><td>{30 - k}</td></tr>" for k in range(20))
    table = f"<html><body><nav><ul>{menu}</ul></nav><div><p>INTRO the results of the season, by team.</p></div><div><table><tr><th>Team</th><th>Won</th><th>Lost</th></tr>{rows}</table></div></body></html>"
    text = text_of(read_html(table, LIMITS).body)
    assert "INTRO" in text and "TEAM-19" in text
    # a short pick of nothing but links holds none of the page's text: the page is read whole
    linked = f'<html><body><nav><ul>{menu}</ul></nav><div><p><a href="/x">LINKED-PICK a story about the cranes of the port</a></p></div></body></html>'
    text = text_of(read_html(linked, LIMITS).body)
    assert "LINKED-PICK" in text and "MENU-3" in text


def test_the_selection_narrows_to_the_child_that_holds_the_article() -> None:
    """A site's wrapper around the article and a strip of short lines (a byline, a date, a
    reading time) is narrowed to the child holding 95 % of its text outside chrome and links,
    so the strip goes; not past a sibling holding an ``h1`` or a picture (the article's title
    and lead image stand beside its body), nor when another child holds more than 5 % of it
    (an update in a section of its own, a list of ingredients). Issue 57 item 3."""
    meta = "<div><span>BYLINE Anna Smith</span> <span>12 March 2025</span> <span>5 min read</span></div>"
    story = "<div>" + paras(PARAGRAPHS + PARAGRAPHS[::-1]) + "</div>"
    text = text_of(read_html(page(f"<div>{meta}{story}</div>"), LIMITS).body)
    for p in PARAGRAPHS:
        assert p in text
    assert "BYLINE" not in text
    long_story = "<div>" + paras(PARAGRAPHS * 3) + "</div>"
    titled = f"<div><div><h1>TITLE of the story</h1>{meta}</div>{long_story}</div>"
    text = text_of(read_html(page(titled), LIMITS).body)
    assert "TITLE" in text and "BYLINE" in text and PARAGRAPHS[0] in text
    pictured = f'<div><figure><img src="crane.jpg" alt="LEAD-IMAGE a crane at dawn"><figcaption>CAPTION Crane at dawn</figcaption></figure>{story}</div>'
    text = text_of(read_html(page(pictured), LIMITS).body)
    assert "CAPTION" in text and PARAGRAPHS[0] in text
    items = "".join(f"<li>ING-{k} 2 cups of flour</li>" for k in range(8))
    recipe = f"<div>{story}<div><h2>Ingredients</h2><ul>{items}</ul></div></div>"
    text = text_of(read_html(page(recipe), LIMITS).body)
    assert "Ingredients" in text and "ING-7" in text


def test_widgets_named_by_their_own_names_go_even_beside_a_content_name() -> None:
    """An author's box, a list of related stories, a rating, a "comments are closed" line
    and a post's metadata line go by names that say which widget they are, even when the
    theme also calls them content ("author-box--content", "content-related-stories"), on
    any element (a ``p``, a ``span``), and when the page's wrapper is named like chrome so
    that other names are not trusted; a block of that name holding paragraphs of prose
    stays (trafilatura's evaluation pages: F1 0.894 → 0.897). Issue 57 item 3."""
    widgets = (
        '<div class="bmg-content-box author-box--content"><p>AUTHOR-CONTENT writes about cranes,'
        " hoists, and lifting gear, for twenty years, in three magazines.</p></div>"
        '<div class="content-related-stories"><h3>RELATED-STORIES</h3><ul>'
        '<li>RELATED-ITEM Harbour cranes in winter, and what the crews say</li></ul></div>'
        '<div><span class="post-ratings">RATING-LINE No ratings yet, be the first.</span></div>'
        '<p class="nocomments">NO-COMMENTS Comments are closed for this post, sorry.</p>'
        '<footer class="entry-meta">ENTRY-META This entry was posted in Cranes, Hoists.</footer>'
    )
    guide = '<div class="copyright-terms">' + paras([f"GUIDE-{k} {p}" for k, p in enumerate(PARAGRAPHS)]) + "</div>"
    article = '<div class="post">' + paras(PARAGRAPHS) + guide + widgets + "</div>"
    for wrapped in (article, f'<div class="layout-sidebar">{article}</div>'):
        text = text_of(read_html(page(wrapped), LIMITS).body)
        for p in PARAGRAPHS:
            assert p in text
        assert "GUIDE-0" in text and "GUIDE-3" in text
        for noise in ("AUTHOR-CONTENT", "RELATED-STORIES", "RELATED-ITEM", "RATING-LINE", "NO-COMMENTS",
                      "ENTRY-META"):
            assert noise not in text, (noise, wrapped[:30])


HOURS = "<ul>" + "".join(f"<li>DAY-{d} 9:00–17:30</li>" for d in ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat")) * 5 + "</ul>"


def test_a_page_read_whole_still_loses_what_it_declares_chrome() -> None:
    """When no part of a page stands out (here: only short lines, so nothing votes), the
    page is read whole, less the blocks its markup names chrome: ``nav``, a chrome role, a
    chrome-like or widget name (trafilatura's evaluation pages: F1 0.897 → 0.900). The
    page's own lines and its notes stay. Issue 57 item 3."""
    html = (
        '<html><body><nav><a href="/">NAV-HOME</a> <a href="/shop">NAV-SHOP</a></nav>'
        f"<div>{HOURS}</div>"
        '<div class="sidebar"><a href="/sale">SIDEBAR-SALE</a></div>'
        '<div class="bmg-content-box author-box--content">AUTHOR-BOX by Ana</div>'
        '<div role="contentinfo">ROLE-FOOT Imprint</div>'
        '<div class="comments footnotes">NOTE-1 Closed Sundays.</div>'
        "</body></html>"
    )
    body = _soup(html).find("body")
    assert body is not None and select_main_content(body) is None  # read whole
    text = text_of(read_html(html, LIMITS).body)
    assert "DAY-Mon" in text and "DAY-Sat" in text and "NOTE-1" in text
    for noise in ("NAV-HOME", "NAV-SHOP", "SIDEBAR-SALE", "AUTHOR-BOX", "ROLE-FOOT"):
        assert noise not in text, noise
    # read whole on request: everything
    text = text_of(read_html(html, LIMITS, ReadOptions(main_content=False)).body)
    assert "NAV-HOME" in text and "AUTHOR-BOX" in text


def test_what_a_page_read_whole_keeps_of_its_named_chrome() -> None:
    """declared_chrome drops nothing from a page under 500 characters of text (a short page
    is safer whole), nor a block holding half the page's text (a page inside a ``form``), a
    block named as chrome with 2,000 characters or more, or paragraphs of prose under a
    chrome-like name."""

    def dropped_text(html: str) -> str:
        body = _soup(f"<html><body>{html}</body></html>").find("body")
        assert body is not None
        gone = declared_chrome(body)
        return " ".join(tag.get_text(" ") for tag in body.elements() if id(tag) in gone)

    assert "SHORT-NAV" in dropped_text(f"<nav>SHORT-NAV</nav><div>{HOURS}</div>")
    short = "<ul>" + "".join(f"<li>DAY-{d} 9:00–17:30</li>" for d in range(16)) + "</ul>"  # 300 characters
    assert dropped_text(f"<nav>SHORT-NAV</nav><div>{short}</div>") == ""
    assert "WHOLE-FORM" not in dropped_text(f"<form><div>WHOLE-FORM</div>{HOURS}</form><nav>SHORT-NAV</nav>")
    long_side = '<div class="sidebar">LONG-SIDE ' + " ".join(PARAGRAPHS) * 5 + "</div>"
    assert "LONG-SIDE" not in dropped_text(f"<div>{HOURS * 10}</div>{long_side}")
    prose = '<div class="related-posts">' + paras([f"PROSE-{k} {p}" for k, p in enumerate(PARAGRAPHS)]) + "</div>"
    assert "PROSE-0" not in dropped_text(f"<div>{HOURS * 4}</div>{prose}")
    assert "SIDE-SHORT" in dropped_text(f'<div>{HOURS}</div><div class="sidebar">SIDE-SHORT</div>')


def test_a_page_whose_words_all_sit_in_chrome_is_read_whole_with_them() -> None:
    """A page whose only prose is in an ``aside`` beside a long menu: no part of it is
    trusted (a short pick holding none of the page's text outside chrome and links holds
    nothing known), so it is read whole — and the aside is not dropped as declared chrome
    while the menu stays, since the page's own words all sit in chrome or links."""
    menu = "".join(f'<li><a href="/c{k}">MENU-{k} category of the shop and its offers</a></li>' for k in range(30))
    html = f"<html><body><aside><p>ASIDE-ONLY {PARAGRAPHS[0]} {PARAGRAPHS[1]}</p></aside><nav><ul>{menu}</ul></nav></body></html>"
    body = _soup(html).find("body")
    assert body is not None and select_main_content(body) is None and declared_chrome(body) == frozenset()
    text = text_of(read_html(html, LIMITS).body)
    assert "ASIDE-ONLY" in text and "MENU-3" in text


def test_never_nothing_when_a_page_read_whole_is_all_declared_chrome() -> None:
    """A page of forms, each under half of it, all dropped as declared chrome: the page is
    read with everything and says so, never returned empty."""
    forms = "".join(
        "<form><ul>" + "".join(f"<li>{t}-{k} 9:00–17:30 daily</li>" for k in range(14)) + "</ul></form>" for t in "ABC"
    )
    html = f"<html><body><nav><a href='/'>HOME</a></nav>{forms}</body></html>"
    body = _soup(html).find("body")
    assert body is not None and select_main_content(body) is None and len(declared_chrome(body)) == 4
    doc = read_html(html, LIMITS)
    text = text_of(doc.body)
    assert "A-0" in text and "C-13" in text and "HOME" in text
    assert [w.code for w in doc.warnings] == ["whole-page"]


def test_what_follows_the_body_of_a_single_container_goes_unless_it_is_the_documents() -> None:
    """In a single kept container whose one child holds 90 % of its text outside chrome and
    links, what follows that child goes — a short author's note, a "most popular" list, a
    licence line — unless it is prose, notes, a picture that links nowhere or a data table,
    or a heading over one of those. Not when the body
    holds less (a list of ingredients after a recipe's steps), nor on an article kept in
    several parts. Issue 57 item 3 (trafilatura's set F1 0.899 → 0.901, readability's
    0.942 → 0.943)."""
    body = "<div>" + paras(PARAGRAPHS * 8) + "</div>"
    rows = "".join(f"<tr><td>TABLE-ROW {k}</td><td>{k} tonnes</td></tr>" for k in range(3))
    table = f"<table><thead><tr><th>Size</th><th>Safe working load</th></tr></thead>{rows}</table>"
    after = (
        "<div>AUTHOR-NOTE Ana writes on cranes.</div>"
        '<ul><li><a href="/p1">POPULAR-ONE</a></li><li><a href="/p2">POPULAR-TWO</a></li></ul>'
        "<div>LICENCE-LINE All rights reserved.</div>"
        f"<h2>UPDATE-HEAD</h2><div>UPDATE-PROSE {PARAGRAPHS[0]}</div>"
        '<div class="footnotes">NOTE-LINE 1. See the 2024 terms.</div>'
        '<figure><img src="crane.jpg" alt="FIGURE-ALT a crane"></figure>'
        f"<div>{table}</div>"
    )
    inner = f"<div>{body}<div>INNER-LINE Posted in Cranes and Hoists</div></div>"  # the same one level down
    html = page(f"<div>{inner}{after}</div>")
    doc = read_html(html, LIMITS)
    text = text_of(doc.body)
    assert PARAGRAPHS[0] in text
    for kept in ("UPDATE-HEAD", "UPDATE-PROSE", "NOTE-LINE", "TABLE-ROW"):
        assert kept in text, kept
    assert "FIGURE-ALT" in str(doc.body)
    for gone in ("AUTHOR-NOTE", "POPULAR-ONE", "LICENCE-LINE", "INNER-LINE"):
        assert gone not in text, gone
    # the body holds less than 90 %: everything after it stays
    items = "".join(f"<li>INGREDIENT-{k} two cups of flour and a pinch of salt</li>" for k in range(12))
    recipe = page(f"<div><div>{paras(PARAGRAPHS * 2)}</div><ul>{items}</ul><div>AUTHOR-NOTE Ana bakes bread in Leeds.</div></div>")
    text = text_of(read_html(recipe, LIMITS).body)
    assert "INGREDIENT-11" in text and "AUTHOR-NOTE" in text
    # an article kept in parts (one template): each part keeps its credit line
    parts = "".join(
        f'<div class="part"><div>{paras([p] * 6)}</div><div>CREDIT-{k} Photo: Getty Images, London</div></div>' for k, p in enumerate(PARAGRAPHS)
    )
    links = "<ul>" + "".join(f'<li><a href="/t{k}">TOPIC-{k} cranes and hoists</a></li>' for k in range(300)) + "</ul>"
    html = page(f"<div>{parts}{links}</div>")
    body_tag = _soup(html).find("body")
    assert body_tag is not None
    selection = select_main_content(body_tag)
    assert selection is not None and len(selection.roots) == 4
    text = text_of(read_html(html, LIMITS).body)
    assert "CREDIT-0" in text and "CREDIT-3" in text
