"""The QR pages in a real browser: headless Chromium (Debian's `chromium`, which
`make test` installs through scripts/system-deps.sh) loads them from a local HTTP server (and
once from disk), runs their scripts, and hands back the DOM they end with (`--dump-dom`).

A neighbor page answers for you when given ?answer=friends or ?answer=not-friends (the same
convenience organisers can put in a link); the theater takes ?day= and the zoo ?exhibit=.

Chromium takes about a second to start, so the rest happens in a few loads of a harness page,
written next to the built site (same origin): it opens pages in iframes, taps their buttons
as a player would (answer, start over, answer again...), and copies what each shows into its
own DOM. That is how many draws show a greeting is random, and from the right list.
"""

from __future__ import annotations

import datetime
import functools
import json
import shutil
import subprocess
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from sheetsmith.definition import load
from sheetsmith.site import build_site
from test_site import Element, Page

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = (
    "--headless",
    "--no-sandbox",  # the tests may run as root, in a container
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--enable-logging=stderr",  # page console messages, to catch script errors
    "--virtual-time-budget=2000",
    "--window-size=390,844",
)
# Draws per list: every one must come from the right list, and a list of two shows both
# (all 24 alike: a chance of 1 in 8 million).
DRAWS = 24
HARNESS = """<!doctype html>
<html><body><div id="results"></div>
<script>
const visits = %s;
for (const [src] of visits) {
  const frame = document.createElement("iframe");
  frame.src = src;
  document.body.append(frame);
}
// Iframes added while the page parses delay its load event: all of them have run by now.
// Then, frame after frame, round after round: tap what the round taps, keep what <main> shows.
window.addEventListener("load", () => {
  const frames = [...document.querySelectorAll("iframe")];
  visits.forEach(([src, rounds], i) => {
    const doc = frames[i].contentDocument;
    rounds.forEach((taps, round) => {
      const result = document.createElement("div");
      result.dataset.src = src;
      result.dataset.round = round;
      for (const selector of taps) {
        const target = doc.querySelector(selector);
        if (target) target.click();
        else result.dataset.missing = selector;
      }
      result.innerHTML = doc.querySelector("main").outerHTML;
      document.getElementById("results").append(result);
    });
  });
  frames.forEach((frame) => frame.remove());
});
</script>
</body></html>
"""


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def game():
    return load("personal-space")


@pytest.fixture(scope="module")
def site(game, tmp_path_factory):
    out = tmp_path_factory.mktemp("browser-site")
    build_site(game, "https://club.example.net/ps/", out)
    server = ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(out))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/", out
    server.shutdown()
    server.server_close()
    thread.join(5)


def dom(url: str, site_page: bool = True) -> Element:
    """The page's DOM once its scripts have run, as Chromium serialises it."""
    if not Path(CHROMIUM).exists():
        pytest.fail(
            "headless Chromium is missing: run `make system-deps` "
            "(or `sudo apt-get install -y chromium`)"
        )
    with tempfile.TemporaryDirectory(prefix="chromium-") as profile:
        result = subprocess.run(
            [CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--dump-dom", url],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    assert result.returncode == 0, result.stderr[-3000:]
    errors = [
        line for line in result.stderr.splitlines() if ":CONSOLE" in line and "Uncaught" in line
    ]
    assert errors == [], f"{url}: script errors: {errors}"
    page = Page(result.stdout)
    if site_page:
        assert page.root.find_all(id="site-data"), f"{url}: not a site page:\n{result.stdout}"
    return page.root


def harness(
    site: tuple[str, Path], name: str, visits: list[tuple[str, list[list[str]]]]
) -> list[list[Element]]:
    """What a player sees, from one Chromium load for many visits.

    Each visit is a page (a path under the site root, opened in a same-origin iframe) and
    its rounds: in each, tap these (CSS selectors, in order), then look. Returns each visit's
    <main> as it looked after each round.
    """
    base, out = site
    (out / name).write_text(HARNESS % json.dumps(visits), encoding="utf-8")
    results = dom(base + name, site_page=False).find_all(data_src=None)
    expected = [(page, str(i)) for page, rounds in visits for i in range(len(rounds))]
    assert [(r.attrs["data-src"], r.attrs["data-round"]) for r in results] == expected
    assert [r.attrs["data-missing"] for r in results if "data-missing" in r.attrs] == []
    grouped, start = [], 0
    for _page, rounds in visits:
        grouped.append(results[start : start + len(rounds)])
        start += len(rounds)
    return grouped


def once(site: tuple[str, Path], name: str, visits: list[tuple[str, list[str]]]) -> list[Element]:
    """`harness` with one round a visit."""
    return [seen for (seen,) in harness(site, name, [(p, [taps]) for p, taps in visits])]


def slot(element: Element, name: str) -> str:
    (found,) = element.find_all(data_slot=name)
    return found.text().strip()


def shown_greeting(root: Element) -> Element:
    """The greeting drawn for this visit (the copy in its <template> has no data-answer)."""
    (greeting,) = root.find_all(id="greeting", data_answer=None)
    return greeting


@pytest.mark.parametrize("answer", ["friends", "not-friends"])
def test_neighbor_greeting_comes_from_the_answers_list(site, game, answer):
    """Answer, read the greeting, start over, answer again: DRAWS times on every neighbor."""
    again = [["#start-over", f'#ask [data-answer="{answer}"]']] * DRAWS
    visits = [(f"neighbors/{n.id}.html", again) for n in game.neighbors]
    seen: dict[str, set[int]] = {}
    drawn = harness(site, f"{answer}.html", visits)
    for neighbor, results in zip(game.neighbors, drawn, strict=True):
        greetings = neighbor.friends if answer == "friends" else neighbor.not_friends
        for result in results:
            greeting = shown_greeting(result)
            assert greeting.attrs["data-answer"] == answer
            index = int(greeting.attrs["data-index"])
            expected = greetings[index]
            assert greeting.attrs["data-kind"] == expected.kind
            assert slot(greeting, "text") == expected.text
            assert slot(greeting, "answer") in ("Friends", "Not friends / bad mood")
            assert slot(greeting, "label")
            if expected.kind == "item":
                assert slot(greeting, "item") == expected.item
            if expected.kind == "trade":
                assert (slot(greeting, "gives"), slot(greeting, "wants")) == (
                    expected.gives,
                    expected.wants,
                )
            steps = [s.text().strip() for s in greeting.find_all(data_slot="step")]
            assert steps == list(expected.steps)
            assert len(greeting.find_all(type="checkbox")) == len(expected.steps) <= 4
            seen.setdefault(neighbor.id, set()).add(index)
        # Math.random decides: a list shows more than one of its greetings
        assert len(seen[neighbor.id]) > 1 or len(greetings) == 1, (neighbor.id, seen)


def test_neighbor_page_answers_from_its_link(site, game):
    base, _out = site
    root = dom(f"{base}neighbors/bo.html?answer=not-friends")
    bo = next(n for n in game.neighbors if n.id == "bo")
    (greeting,) = root.find_all(id="greeting", data_answer="not-friends")
    assert slot(greeting, "text") in {g.text for g in bo.not_friends}
    (question,) = root.find_all(id="ask")
    assert "hidden" in question.attrs, "the question gives way to the greeting"
    (answered,) = root.find_all(id="answered")
    assert "hidden" not in answered.attrs


def test_pages_work_from_disk_without_a_server(site, game):
    _base, out = site
    root = dom((out / "neighbors" / "juniper.html").as_uri() + "?answer=friends")
    juniper = next(n for n in game.neighbors if n.id == "juniper")
    assert slot(shown_greeting(root), "text") in {g.text for g in juniper.friends}


def test_pages_before_any_tap(site, game):
    """The theater opens on today's show (or the linked day's), the rest wait for a tap."""
    before = datetime.date.today()
    neighbor, theater, friday, zoo, jukebox = once(
        site,
        "untouched.html",
        [
            ("neighbors/bo.html", []),
            ("locations/theater.html", []),
            ("locations/theater.html?day=friday", []),
            ("locations/zoo.html", []),
            ("locations/jukebox.html", []),
        ],
    )
    after = datetime.date.today()
    # links with nonsense in them change nothing (and raise no script error)
    odd_neighbor, odd_theater, odd_zoo = once(
        site,
        "odd-links.html",
        [
            ("neighbors/bo.html?answer=constructor", []),
            ("locations/theater.html?day=__proto__", []),
            ("locations/zoo.html?exhibit=1.5", []),
        ],
    )
    assert odd_neighbor.find_all(id="greeting", data_answer=None) == []
    assert odd_theater.find_all(id="show", data_day=None)[0].attrs["data-day"] in {
        _weekday(before),
        _weekday(after),
    }
    assert odd_zoo.find_all(id="animal", data_exhibit=None) == []

    assert neighbor.find_all(id="greeting", data_answer=None) == []
    assert "hidden" not in neighbor.find_all(id="ask")[0].attrs
    assert "hidden" in neighbor.find_all(id="answered")[0].attrs

    for root, days in ((theater, {_weekday(before), _weekday(after)}), (friday, {"friday"})):
        (show,) = root.find_all(id="show", data_day=None)
        day = show.attrs["data-day"]
        assert day in days
        titles = [h.text() for h in show.find_all(data_slot="title")]
        assert titles == [s.title for s in game.locations.shows if s.day == day]
        assert slot(show, "price") == f"${game.prices.show[day]}"
        assert [b.text() for b in show.find_all(data_stars=None)] == ["☆"] * 5
        pressed = [b for b in root.find_all(data_day=None) if b.tag == "button"]
        assert [b.attrs["data-day"] for b in pressed if b.attrs["aria-pressed"] == "true"] == [day]
        is_today = root is theater or day == _weekday(before)
        assert slot(show, "when").startswith("Today") == is_today

    assert zoo.find_all(id="animal", data_exhibit=None) == []
    assert len(zoo.find_all(data_exhibit=None)) == len(game.locations.exhibits)

    (suggested,) = jukebox.find_all(id="suggested")
    assert suggested.attrs["data-song"] in game.locations.songs
    assert suggested.text().strip() == suggested.attrs["data-song"]
    assert "hidden" in jukebox.find_all(id="playing")[0].attrs


def _weekday(date: datetime.date) -> str:
    return ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")[
        date.weekday()
    ]


def test_zoo_shows_an_animal_of_the_chosen_exhibit(site, game):
    exhibits = game.locations.exhibits
    visits = [
        ("locations/zoo.html", [["#again", f'[data-exhibit="{n}"]']] * DRAWS)
        for n in range(1, len(exhibits) + 1)
    ]
    seen: dict[str, set[str]] = {}
    for exhibit, results in zip(exhibits, harness(site, "zoo-visits.html", visits), strict=True):
        for result in results:
            (animal,) = result.find_all(id="animal", data_exhibit=None)
            assert animal.attrs["data-exhibit"] == exhibit.name == slot(animal, "exhibit")
            assert animal.attrs["data-animal"] in exhibit.animals
            assert slot(animal, "animal") == animal.attrs["data-animal"]
            seen.setdefault(exhibit.name, set()).add(animal.attrs["data-animal"])
    assert all(len(animals) > 1 for animals in seen.values()), seen


def test_taps_answer_rate_visit_and_play(site, game):
    """What a player taps: the answer buttons, start over, stars, exhibits, songs."""
    exhibit = game.locations.exhibits[2]
    song = game.locations.songs[-2]
    visits = [
        ("neighbors/pip.html", ['button[data-answer="friends"]']),
        ("neighbors/pip.html", ['button[data-answer="not-friends"]', "#start-over"]),
        ("locations/theater.html?day=monday", ['#show [data-stars="4"]']),
        # another visit to Monday's show finds the rating kept on this phone
        ("locations/theater.html?day=tuesday", ['#days [data-day="monday"]']),
        ("locations/zoo.html", ['[data-exhibit="3"]']),
        ("locations/zoo.html", ['[data-exhibit="1"]', "#again"]),
        ("locations/jukebox.html", [f'#songs [data-song="{song}"]']),
        ("locations/jukebox.html", ["#another", "#play-suggested"]),
    ]
    pip = next(n for n in game.neighbors if n.id == "pip")
    friends, start_over, rated, rated_again, zoo, zoo_again, picked, suggested = once(
        site, "taps.html", visits
    )

    greeting = shown_greeting(friends)
    assert greeting.attrs["data-answer"] == "friends"
    assert slot(greeting, "text") in {g.text for g in pip.friends}
    assert start_over.find_all(id="greeting", data_answer=None) == []
    assert "hidden" not in start_over.find_all(id="ask")[0].attrs
    assert "hidden" in start_over.find_all(id="answered")[0].attrs

    for root in (rated, rated_again):
        (show,) = root.find_all(id="show", data_day="monday")
        stars = [b.text() for b in show.find_all(data_stars=None)]
        assert stars == ["★", "★", "★", "★", "☆"]
        assert "4 of 5" in slot(show, "rated")

    (animal,) = zoo.find_all(id="animal", data_exhibit=exhibit.name)
    assert animal.attrs["data-animal"] in exhibit.animals
    assert zoo_again.find_all(id="animal", data_exhibit=None) == []
    assert "hidden" not in zoo_again.find_all(id="pick")[0].attrs

    for root in (picked, suggested):
        (playing,) = root.find_all(id="playing")
        assert "hidden" not in playing.attrs
        now = root.find_all(id="now-playing")[0].text()
        pressed = [b.text() for b in root.find_all(aria_pressed="true")]
        assert pressed == [now]
    assert picked.find_all(id="now-playing")[0].text() == song
    assert suggested.find_all(id="now-playing")[0].text() in game.locations.songs
