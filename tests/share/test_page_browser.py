"""The players' page of ``companion share`` in a real headless browser (Debian's chromium, Selenium).

The real server runs as a subprocess on a journal the test writes; the page is judged as a phone and a
laptop show it: each language (screenshots saved under the test's tmp folder, Persian right to left,
the bundled Chinese fonts loaded), a card appended to the journal appearing without a reload, Diamant
chests absent while the game runs, a name with markup shown as text, no horizontal scroll at 360 px.
Skipped, with the reason, where chromium, chromedriver or Selenium are missing.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.i18n import translator
from companion.session import Session
from companion.share.public import state_json

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait
    HAVE_SELENIUM = True
except ImportError:  # pragma: no cover - depends on the machine
    HAVE_SELENIUM = False

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not HAVE_SELENIUM, reason="selenium is not installed (pip install -e '.[test]')"),
    pytest.mark.skipif(not (os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK)),
                       reason="chromium and chromedriver are missing (apt-get install chromium chromium-driver)"),
]

ROOT = Path(__file__).resolve().parents[2]
MARKUP = "<b>x</b>"
HEADER = {"journal": "companion", "version": 1, "game": "diamant", "ruleset": "diamant",
          "players": [MARKUP, "Ben", "Chen"], "started": "2026-11-29T20:00:00Z"}
# Round 1: the player with the markup name leaves with 10 gems in the chest, the others bust on snakes;
# round 2 has started.
EVENTS = [
    {"event": "draw", "card": "treasure", "value": 9},
    {"event": "draw", "card": "relic"},
    {"event": "draw", "card": "hazard", "hazard": "snake"},
    {"event": "leave", "players": [MARKUP]},
    {"event": "draw", "card": "treasure", "value": 7},
    {"event": "draw", "card": "hazard", "hazard": "snake"},
    {"event": "draw", "card": "treasure", "value": 5},
]
LANGS = ("en", "fa", "zh_Hant", "zh_Hans")
PHONE, LAPTOP = (360, 740), (1280, 800)


def write_journal(path: Path, events: list[dict]) -> None:
    path.write_text("".join(json.dumps(obj, ensure_ascii=False) + "\n" for obj in [HEADER, *events]), "utf-8")


def append(path: Path, event: dict) -> None:
    with path.open("a", encoding="utf-8") as out:
        out.write(json.dumps(event, ensure_ascii=False) + "\n")
        out.flush()
        os.fsync(out.fileno())


class Share:
    """``python -m companion share FILE`` as a subprocess; ``url`` is its first stdout line."""

    def __init__(self, journal: Path) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen([sys.executable, "-m", "companion", "share", str(journal), "--port", "0"],
                                     cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        self.url = self.proc.stdout.readline().strip()
        if not self.url.startswith("http://127.0.0.1:"):
            self.stop()
            errors = self.proc.stderr.read() if self.proc.stderr else ""
            pytest.fail(f"companion share printed no URL: {self.url!r} {errors}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@pytest.fixture(scope="module")
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-extensions", "--no-first-run", "--window-size=1280,800"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # The system chromedriver, so Selenium never downloads one.
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(20)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def screens(tmp_path_factory):
    folder = tmp_path_factory.mktemp("screens")
    print(f"\nscreenshots: {folder}")
    return folder


@pytest.fixture
def table(tmp_path):
    journal = tmp_path / "game.jsonl"
    write_journal(journal, EVENTS)
    share = Share(journal)
    yield journal, share
    share.stop()


def viewport(driver, size: tuple[int, int]) -> None:
    width, height = size
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})


def wait(driver, condition, timeout: float = 10.0, poll: float = 0.02, message: str = ""):
    return WebDriverWait(driver, timeout, poll_frequency=poll).until(lambda d: condition(d), message)


def texts(driver, selector: str) -> list[str]:
    return driver.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0])).map(n => n.textContent);", selector)


def open_page(driver, url: str, lang: str | None = None) -> None:
    driver.get(url + (f"?lang={lang}" if lang else ""))
    wait(driver, lambda d: d.execute_script("return document.querySelectorAll('#s-lines li').length") > 0)


def expected(journal: Path, lang: str) -> dict:
    return state_json(Session.follow(journal), lang)


def csp_errors(driver) -> list[str]:
    return [e["message"] for e in driver.get_log("browser")
            if "Content Security Policy" in e["message"] or "Refused to" in e["message"]]


def loaded_fonts(driver) -> list[str]:
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "document.fonts.ready.then(() => done(Array.from(document.fonts)"
        ".filter(f => f.status === 'loaded').map(f => f.family.replace(/\"/g, ''))));")


# -- the four languages -------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_each_language_opens_localized_with_its_font(browser, table, screens, lang):
    journal, share = table
    viewport(browser, PHONE)
    open_page(browser, share.url, lang)
    want = expected(journal, lang)
    root = browser.find_element(By.TAG_NAME, "html")
    assert root.get_attribute("lang") == {"en": "en", "fa": "fa", "zh_Hant": "zh-Hant", "zh_Hans": "zh-Hans"}[lang]
    assert root.get_attribute("dir") == ("rtl" if lang == "fa" else "ltr")
    assert browser.find_element(By.ID, "s-title").text == want["title"]
    assert browser.title == want["title"]
    wait(browser, lambda d: texts(d, "#s-lines li") == want["lines"])
    assert texts(browser, "#s-log li") == want["log"]
    assert Select(browser.find_element(By.ID, "s-lang")).first_selected_option.get_attribute("value") == lang
    assert browser.find_element(By.ID, "s-rules").text == want["ui"]["rules"]
    if lang == "fa":  # Persian digits come in the lines; the log's numbers too
        assert "۲" in " ".join(want["lines"])
        assert browser.execute_script(
            "return getComputedStyle(document.getElementById('s-log')).listStyleType") == "persian"
    family, file = {"en": ("cmp-latin", "NotoSans-Regular.ttf"), "fa": ("cmp-fa", "Vazirmatn-Regular.ttf"),
                    "zh_Hant": ("cmp-tc", "NotoSansTC-Regular.ttf"),
                    "zh_Hans": ("cmp-sc", "NotoSansSC-Regular.ttf")}[lang]
    status = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch('fonts/' + arguments[0])"
        ".then(r => done([r.status, r.headers.get('content-type')]), e => done([0, String(e)]));",
        file)
    assert status[0] == 200 and status[1].startswith("font/"), f"fonts/{file}: {status}"
    wait(browser, lambda d: family in loaded_fonts(d), timeout=15, message=f"{family} never loaded")
    browser.save_screenshot(str(screens / f"phone-{lang}.png"))
    assert csp_errors(browser) == []


def test_language_menu_switches_without_losing_the_stream(browser, table):
    journal, share = table
    viewport(browser, LAPTOP)
    open_page(browser, share.url, "en")
    Select(browser.find_element(By.ID, "s-lang")).select_by_value("fa")
    fa = expected(journal, "fa")
    wait(browser, lambda d: texts(d, "#s-lines li") == fa["lines"])
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("dir") == "rtl"
    assert "lang=fa" in browser.current_url
    # The stream was reopened in Persian: a new event arrives in Persian.
    append(journal, {"event": "draw", "card": "treasure", "value": 3})
    fa = expected(journal, "fa")
    wait(browser, lambda d: texts(d, "#s-log li") == fa["log"], timeout=5)
    Select(browser.find_element(By.ID, "s-lang")).select_by_value("zh_Hans")
    wait(browser, lambda d: texts(d, "#s-lines li") == expected(journal, "zh_Hans")["lines"])
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("dir") == "ltr"


# -- live ---------------------------------------------------------------------------------------------
def test_appended_card_appears_without_reload(browser, table):
    journal, share = table
    viewport(browser, PHONE)
    open_page(browser, share.url, "en")
    browser.execute_script("window.__sameDocument = true;")
    before = texts(browser, "#s-log li")
    append(journal, {"event": "draw", "card": "treasure", "value": 11})
    start = time.monotonic()
    want = expected(journal, "en")
    assert want["log"] != before
    wait(browser, lambda d: texts(d, "#s-log li") == want["log"], timeout=2.0)
    elapsed = time.monotonic() - start
    print(f"appended event on the page after {elapsed * 1000:.0f} ms")
    assert elapsed < 2.0
    assert texts(browser, "#s-lines li") == want["lines"]
    assert browser.execute_script("return window.__sameDocument === true;"), "the page was reloaded"
    assert browser.find_element(By.ID, "s-status").is_displayed() is False


WAKE = """
const Real = window.EventSource;
window.__opened = 0;
window.EventSource = function (u) { window.__opened += 1; return new Real(u); };
window.EventSource.CLOSED = Real.CLOSED; window.EventSource.OPEN = Real.OPEN;
let shown = 'visible';
Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => shown});
const realNow = Date.now;
window.__sleep = function (ms) {
  shown = 'hidden'; document.dispatchEvent(new Event('visibilitychange'));
  const base = realNow(); Date.now = () => realNow() - base + base + ms;
  shown = 'visible'; document.dispatchEvent(new Event('visibilitychange'));
  Date.now = realNow;
};
"""


def test_phone_waking_up_reopens_the_stream(browser, table):
    journal, share = table
    viewport(browser, PHONE)
    open_page(browser, share.url, "en")
    browser.execute_script(WAKE)
    browser.execute_script("window.__sleep(1000);")  # a glance away: the open stream is kept
    assert browser.execute_script("return window.__opened") == 0
    browser.execute_script("window.__sleep(60000);")  # a phone that slept a minute: start afresh
    assert browser.execute_script("return window.__opened") == 1
    append(journal, {"event": "draw", "card": "treasure", "value": 2})
    want = expected(journal, "en")
    wait(browser, lambda d: texts(d, "#s-log li") == want["log"], timeout=3)


def test_connection_lost_is_said(browser, tmp_path):
    journal = tmp_path / "game.jsonl"
    write_journal(journal, EVENTS)
    share = Share(journal)
    try:
        viewport(browser, PHONE)
        open_page(browser, share.url, "zh_Hant")
        wait(browser, lambda d: d.execute_script("return document.documentElement.dataset.events") == str(len(EVENTS)))
    finally:
        share.stop()
    lost = expected(journal, "zh_Hant")["ui"]["reconnecting"]
    wait(browser, lambda d: d.find_element(By.ID, "s-status").is_displayed(), timeout=10)
    assert browser.find_element(By.ID, "s-status").text == lost
    # What was shown stays on the page while the host is away.
    assert texts(browser, "#s-lines li") == expected(journal, "zh_Hant")["lines"]


# -- what players may not see, and what they see as text ---------------------------------------------
def test_chests_hidden_while_the_game_runs_and_shown_at_the_end(browser, table):
    journal, share = table
    viewport(browser, LAPTOP)
    open_page(browser, share.url, "en")
    session = Session.follow(journal)
    tr = translator("en")
    secret = set(session.game.report(session.state, tr)) - set(session.game.public_report(session.state, tr))
    assert secret, "the full report should say more than the public one here"
    body = browser.find_element(By.TAG_NAME, "body").text
    for line in secret:
        assert line not in body
    shown = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch('state.json?lang=en').then(r => r.json()).then(s => done(s.public));")
    assert "chest" not in shown and "scores" not in shown
    assert browser.find_element(By.ID, "s-winners").is_displayed() is False
    # Play the game out: then the winners (and everything) are shown.
    full = ROOT / "tests" / "diamant" / "journals" / "diamant.jsonl"
    lines = full.read_text("utf-8").splitlines()[1:]
    write_journal(journal, [json.loads(line.replace('"Ava"', json.dumps(MARKUP))) for line in lines])
    final = expected(journal, "en")
    assert final["finished"] and final["winners"]
    wait(browser, lambda d: d.find_element(By.ID, "s-winners").is_displayed(), timeout=5)
    assert texts(browser, "#s-winners-list li") == final["winners"]
    assert browser.find_element(By.ID, "s-winners-label").text == final["ui"]["winners"]


def test_name_with_markup_shows_as_text(browser, table):
    journal, share = table
    viewport(browser, PHONE)
    open_page(browser, share.url, "en")
    assert browser.find_elements(By.CSS_SELECTOR, "#s-main b") == []
    joined = " ".join(texts(browser, "#s-lines li") + texts(browser, "#s-log li"))
    assert MARKUP in joined
    assert MARKUP in browser.find_element(By.ID, "s-main").text


def test_names_are_isolated_in_a_right_to_left_sentence(browser, table, screens):
    journal, share = table
    viewport(browser, PHONE)
    open_page(browser, share.url, "fa")
    want = expected(journal, "fa")
    carrying = [line for line in want["lines"] if line.startswith("Ben")]
    assert carrying, want["lines"]
    # The Latin name opening a Persian sentence stays where a Persian reader starts: at the right.
    found = browser.execute_script(
        "const li = Array.from(document.querySelectorAll('#s-lines li')).find(n => n.textContent === arguments[0]);"
        "const b = li.querySelector('bdi.name'); const r = li.getBoundingClientRect(), n = b.getBoundingClientRect();"
        "return [b.textContent, r.right - parseFloat(getComputedStyle(li).paddingRight) - n.right, n.left - r.left];",
        carrying[0])
    assert found[0] == "Ben"
    assert abs(found[1]) < 2 and found[2] > 20, found
    # The markup name is isolated too, and still text.
    assert MARKUP in texts(browser, "#s-lines li bdi.name")
    assert browser.find_elements(By.CSS_SELECTOR, "#s-main b") == []
    browser.save_screenshot(str(screens / "phone-names-fa.png"))


# -- layout -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_layout_usable(browser, table, screens, size, lang):
    journal, share = table
    viewport(browser, size)
    open_page(browser, share.url, lang)
    width = size[0]
    assert browser.execute_script("return document.documentElement.scrollWidth") <= width
    # Every control is on screen and big enough to tap.
    for ident in ("s-lang", "s-rules", "s-card"):
        box = browser.execute_script(
            "const r = document.getElementById(arguments[0]).getBoundingClientRect();"
            "return [r.left, r.right, r.top, r.height];", ident)
        assert 0 <= box[0] and box[1] <= width and 0 <= box[2] < size[1], (ident, box)
        assert box[3] >= 36, (ident, box)
    state, log = (browser.execute_script(
        "const r = document.getElementById(arguments[0]).getBoundingClientRect(); return [r.left, r.right, r.top];",
        ident) for ident in ("s-state", "s-log-box"))
    if width >= 900:  # side by side on a laptop, the log after the state in reading order
        assert abs(state[2] - log[2]) < 2
        assert (log[0] >= state[1]) if lang != "fa" else (log[1] <= state[0])
    else:  # one column on a phone
        assert log[2] > state[2]
    browser.save_screenshot(str(screens / f"{'phone' if width < 900 else 'laptop'}-layout-{lang}.png"))


def test_rules_and_card_one_tap_away(browser, table, screens):
    journal, share = table
    viewport(browser, PHONE)
    open_page(browser, share.url, "fa")
    for kind in ("rules", "card"):
        browser.find_element(By.ID, f"s-{kind}").click()
        wait(browser, lambda d: d.find_element(By.ID, "s-panel").is_displayed())
        wait(browser, lambda d: len(d.find_element(By.ID, "s-panel-body").text) > 200)
        body = browser.find_element(By.ID, "s-panel-body")
        assert body.get_attribute("dir") == "rtl" and body.get_attribute("lang") == "fa"
        assert browser.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]
        browser.save_screenshot(str(screens / f"phone-{kind}-fa.png"))
        browser.find_element(By.ID, "s-panel-close").click()
        wait(browser, lambda d: not d.find_element(By.ID, "s-panel").is_displayed())
    assert csp_errors(browser) == []


def test_shifting_stones_grid_is_three_by_three(browser, tmp_path, screens):
    source = ROOT / "tests" / "shifting_stones" / "journals" / "two-players.jsonl"
    journal = tmp_path / "stones.jsonl"
    journal.write_text("\n".join(source.read_text("utf-8").splitlines()[:6]) + "\n", "utf-8")
    share = Share(journal)
    try:
        viewport(browser, PHONE)
        open_page(browser, share.url, "zh_Hant")
        grid = expected(journal, "zh_Hant")["public"]["grid"]
        cells = browser.execute_script(
            "return Array.from(document.querySelectorAll('#s-grid .cell')).map(c => "
            "{const r = c.getBoundingClientRect(); return [c.dataset.face, r.left, r.top, r.width];});")
        assert [c[0] for c in cells] == [face for row in grid for face in row]
        lefts = sorted({round(c[1]) for c in cells})
        tops = sorted({round(c[2]) for c in cells})
        assert len(lefts) == 3 and len(tops) == 3
        assert cells[0][1] < cells[1][1] < cells[2][1]  # row 1 reads left to right
        assert browser.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]
        browser.save_screenshot(str(screens / "phone-stones-zh_Hant.png"))
    finally:
        share.stop()
