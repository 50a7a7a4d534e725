"""The static site behind the QR codes: every page built, self-contained, escaped, stable."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlsplit

import jinja2
import pytest
from typer.testing import CliRunner

from sheetsmith.cli import app
from sheetsmith.definition import definition_path, load, load_bytes
from sheetsmith.errors import OptionError
from sheetsmith.games.space.links import targets
from sheetsmith.games.space.site import _weekday_names
from sheetsmith.site import SitePage, build_site
from sheetsmith.site.env import environment

BASE = "https://club.example.net/ps/"
TEXT = (definition_path("personal-space")).read_text(encoding="utf-8")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class Element(NamedTuple):
    tag: str
    attrs: dict[str, str]
    children: list[Element | str]

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def iter(self):
        yield self
        for child in self.children:
            if not isinstance(child, str):
                yield from child.iter()

    def find_all(self, **attrs: str | None) -> list[Element]:
        """Elements whose attributes match (`None`: present with any value); `_` for `-`."""
        wanted = {k.replace("_", "-"): v for k, v in attrs.items()}
        return [
            e
            for e in self.iter()
            if all(k in e.attrs and v in (None, e.attrs[k]) for k, v in wanted.items())
        ]


class Page(HTMLParser):
    """A strict-ish reading of one page: a tree, and every nesting or attribute mistake."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", {}, [])
        self.stack = [self.root]
        self.problems: list[str] = []
        self.doctype = False
        self.feed(html)
        self.close()
        self.problems += [f"<{e.tag}> never closed" for e in self.stack[1:]]

    def handle_decl(self, decl: str) -> None:
        self.doctype = self.doctype or decl.lower() == "doctype html"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = [name for name, _ in attrs]
        if len(names) != len(set(names)):
            self.problems.append(f"{self.getpos()}: <{tag}> repeats an attribute")
        element = Element(tag, {k: v or "" for k, v in attrs}, [])
        self.stack[-1].children.append(element)
        if tag not in VOID:
            self.stack.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            self.problems.append(f"{self.getpos()}: </{tag}> closes a void element")
        elif len(self.stack) > 1 and self.stack[-1].tag == tag:
            self.stack.pop()
        else:
            self.problems.append(f"{self.getpos()}: </{tag}> does not close <{self.stack[-1].tag}>")

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)

    def data(self) -> dict:
        """The JSON a page embeds for its random draws."""
        (node,) = self.root.find_all(id="site-data")
        return json.loads(node.text())


@pytest.fixture(scope="module")
def game():
    return load("personal-space")


@pytest.fixture(scope="module")
def built(game, tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    return build_site(game, BASE, out), out


def html_files(out: Path) -> list[Path]:
    return sorted(out.rglob("*.html"))


def test_every_target_has_its_page(game, built):
    pages, out = built
    assert pages[0] == SitePage(BASE, out / "index.html")
    expected = [SitePage(BASE + t.path, out / t.path) for t in targets(game)]
    assert pages[1:] == expected
    for page in pages:
        assert page.path.is_file()
    assert html_files(out) == sorted(p.path for p in pages), "nothing else is written"


def test_index_links_every_page_relatively(game, built):
    _pages, out = built
    index = Page((out / "index.html").read_text(encoding="utf-8"))
    hrefs = [a.attrs["href"] for a in index.root.find_all(href=None) if a.tag == "a"]
    assert {t.path for t in targets(game)} <= set(hrefs)
    text = index.root.text()
    for target in targets(game):
        assert target.title in text
    assert text.index("Marga") < text.index("Tamsin") < text.index("Playhouse") < text.index("Zoo")


def test_every_link_is_relative_and_leads_to_a_built_page(built):
    _pages, out = built
    for path in html_files(out):
        page = Page(path.read_text(encoding="utf-8"))
        for element in page.root.iter():
            for attr in ("href", "src", "action"):
                if attr not in element.attrs or element.attrs[attr].startswith("data:"):
                    continue
                link = element.attrs[attr]
                assert not urlsplit(link).scheme and not link.startswith("/"), (path, link)
                assert (path.parent / urlsplit(link).path).resolve().is_file(), (path, link)


def test_pages_are_phone_ready_and_self_contained(built):
    _pages, out = built
    for path in html_files(out):
        html = path.read_text(encoding="utf-8")
        page = Page(html)
        assert page.doctype, path
        (viewport,) = page.root.find_all(name="viewport")
        assert "width=device-width" in viewport.attrs["content"]
        assert page.root.find_all(lang="en")
        for external in ('src="http', 'href="http', "@import", "url(", '<link rel="stylesheet'):
            assert external not in html, (path, external)
        assert len(page.root.find_all(src=None)) == 0, "scripts and styles are inline"
        if path.name != "index.html":
            # the index shows the organiser the base URL; no other page names any address
            assert "http://" not in html and "https://" not in html, path


def test_pages_are_well_formed(built):
    _pages, out = built
    for path in html_files(out):
        page = Page(path.read_text(encoding="utf-8"))
        assert page.problems == [], path
        ids = [e.attrs["id"] for e in page.root.find_all(id=None)]
        assert len(ids) == len(set(ids)), (path, ids)


def test_neighbor_page_embeds_both_greeting_lists(game, built):
    _pages, out = built
    for neighbor in game.neighbors:
        page = Page((out / "neighbors" / f"{neighbor.id}.html").read_text(encoding="utf-8"))
        answers = page.data()["answers"]
        for key, greetings in (
            ("friends", neighbor.friends),
            ("not-friends", neighbor.not_friends),
        ):
            assert [g["text"] for g in answers[key]] == [g.text for g in greetings]
            assert [g["kind"] for g in answers[key]] == [g.kind for g in greetings]
            assert [g["steps"] for g in answers[key]] == [list(g.steps) for g in greetings]
        buttons = {b.attrs["data-answer"]: b.text() for b in page.root.find_all(data_answer=None)}
        assert buttons == {"friends": "Friends", "not-friends": "Not friends / bad mood"}
        text = page.root.text()
        assert "Are you friends?" in text
        assert f"Mood {game.sheet.mood.bad_at_most} or less" in text
        assert (
            f"your 2\u00a0×\u00a0{neighbor.trade_wants} for {neighbor.name}’s "
            f"1\u00a0×\u00a0{neighbor.trade_gives}" in text
        )
        # without scripts, both lists are still there to roll for
        fallback = "".join(e.text() for e in page.root.iter() if e.tag == "noscript")
        for greeting in (*neighbor.friends, *neighbor.not_friends):
            assert greeting.text in fallback


def test_location_pages_embed_their_choices(game, built):
    _pages, out = built
    places, prices = game.locations, game.prices

    theater = Page((out / "locations" / "theater.html").read_text(encoding="utf-8"))
    data = theater.data()
    assert data["prices"] == dict(prices.show)
    assert data["weekday"] == list(game.sheet.days)  # the bundled week starts on Sunday
    for show in places.shows:
        assert {"title": show.title, "blurb": show.blurb} in data["shows"][show.day]
    days = [b.attrs["data-day"] for b in theater.root.find_all(data_day=None)]
    assert days == list(game.sheet.days)
    assert len(theater.root.find_all(data_stars=None)) == 5

    zoo = Page((out / "locations" / "zoo.html").read_text(encoding="utf-8"))
    assert zoo.data()["exhibits"] == [
        {"name": e.name, "animals": list(e.animals)} for e in places.exhibits
    ]
    buttons = [b.text() for b in zoo.root.find_all(data_exhibit=None)]
    assert buttons == [e.name for e in places.exhibits]
    assert f"Entry ${prices.zoo}" in zoo.root.text()
    assert "another Z action and another entry fee" in zoo.root.text()

    jukebox = Page((out / "locations" / "jukebox.html").read_text(encoding="utf-8"))
    assert jukebox.data()["songs"] == list(places.songs)
    buttons = [b.text() for b in jukebox.root.find_all(data_song=None) if b.tag == "button"]
    assert buttons == list(places.songs)
    assert f"Pay ${prices.jukebox}" in jukebox.root.text()


def test_names_and_texts_are_escaped(tmp_path):
    evil = "Marga <script>alert(1)</script>"
    text = TEXT.replace('name = "Marga"', f'name = "{evil}"', 1).replace(
        "rehearsals are going well!", "rehearsals</script><b>bold</b> & 'quotes'"
    )
    game = load_bytes(text.encode())
    build_site(game, None, tmp_path)
    for rel in ("index.html", "neighbors/marga.html"):
        html = (tmp_path / rel).read_text(encoding="utf-8")
        assert "<script>alert" not in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
        assert Page(html).problems == []
    html = (tmp_path / "neighbors" / "marga.html").read_text(encoding="utf-8")
    assert "</script><b>" not in html, "JSON in a script tag cannot end it"
    hello = Page(html).data()["answers"]["friends"][0]["text"]
    assert (
        hello == "Marga waves from the playhouse steps: rehearsals</script><b>bold</b> & 'quotes'"
    )


def test_env_autoescapes_and_refuses_undefined_names():
    env = environment()
    assert env.from_string("{{ x }}").render(x="<b>&") == "&lt;b&gt;&amp;"
    with pytest.raises(jinja2.UndefinedError):
        env.from_string("Hello {{ nmae }}").render(name="Bo")
    with pytest.raises(jinja2.UndefinedError):
        env.from_string("{{ who.nmae }}").render(who={"name": "Bo"})
    assert env.from_string("a\n").render() == "a\n", "keeps the trailing newline"
    assert env.get_template("site/base.html").environment is env


def test_build_is_deterministic(game, tmp_path):
    build_site(game, BASE, tmp_path / "a")
    build_site(game, BASE, tmp_path / "b")
    files_a = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*"))
    files_b = sorted(p.relative_to(tmp_path / "b") for p in (tmp_path / "b").rglob("*"))
    assert files_a == files_b
    for rel in files_a:
        if (tmp_path / "a" / rel).is_file():
            assert (tmp_path / "a" / rel).read_bytes() == (tmp_path / "b" / rel).read_bytes()


def test_default_base_url_is_the_definitions(game, tmp_path):
    pages = build_site(game, None, tmp_path)
    assert pages[0].url == game.base_url
    assert all(p.url.startswith(game.base_url) for p in pages)


@pytest.mark.parametrize(
    ("base", "message"),
    [
        ("ftp://club.example.net/", "expected an http:// or https:// URL"),
        ("club.example.net", "expected an http:// or https:// URL"),
        ("https://club.example.net/" + "x" * 90 + "/", "scans reliably up to"),
    ],
)
def test_bad_base_url_is_refused_before_writing(game, tmp_path, base, message):
    with pytest.raises(OptionError, match=message):
        build_site(game, base, tmp_path / "site")
    assert not (tmp_path / "site").exists()


def test_game_without_qr_codes_is_refused(tmp_path):
    with pytest.raises(OptionError, match="has no pages to build"):
        build_site(load("my-corner-of-the-sky"), BASE, tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_weekday_names_follow_javascripts_sunday_first_week():
    monday_first = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
    assert _weekday_names(monday_first)[0] == "sunday"
    assert _weekday_names(monday_first)[1] == "monday"
    capitalised = tuple(d.capitalize() for d in monday_first)
    assert _weekday_names(capitalised)[0] == "Sunday"
    other = ("dim", "lun", "mar", "mer", "jeu", "ven", "sam")
    assert _weekday_names(other) == list(other)


def test_cli_site_prints_every_page(tmp_path):
    result = CliRunner().invoke(app, ["site", "personal-space", "--out", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    pages = json.loads(result.output)["pages"]
    assert len(pages) == 1 + len(targets(load("personal-space")))
    for page in pages:
        assert Path(page["file"]).is_file()
    refused = CliRunner().invoke(app, ["site", "personal-space", "--base-url", "ftp://x/"])
    assert refused.exit_code == 2
    assert "http:// or https://" in refused.output


def test_a_rebuild_removes_the_pages_it_no_longer_writes_and_nothing_else(tmp_path):
    build_site(load_bytes(TEXT.encode()), BASE, tmp_path)
    assert (tmp_path / "neighbors" / "marga.html").is_file()
    (tmp_path / "neighbors" / "notes.txt").write_text("the organiser's own file")
    (tmp_path / "CNAME").write_text("sky.example.org")
    renamed = load_bytes(
        TEXT.replace('id = "marga"', 'id = "margo"', 1).replace("marga = ", "margo = ").encode()
    )
    pages = build_site(renamed, BASE, tmp_path)
    assert not (tmp_path / "neighbors" / "marga.html").exists()
    assert (tmp_path / "neighbors" / "margo.html").is_file()
    assert (tmp_path / "neighbors" / "notes.txt").is_file() and (tmp_path / "CNAME").is_file()
    html = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.html"))
    assert html == sorted(p.path.relative_to(tmp_path) for p in pages)
