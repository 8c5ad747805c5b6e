"""The HTML replay page in a real headless browser (Debian's chromium + chromium-driver,
driven by selenium): no console errors, stepping reaches the simulator's final state and
counter, the controls and keys work, and a screenshot is taken.

.ci/run installs the browser when /usr/bin/chromium is missing; where it cannot be installed
these tests are skipped with that reason.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT, play
from PIL import Image

from strips_model.level_file import load_level
from strips_model.moves import parse_plan
from strips_model.validator import validate
from translator.render.frames import replay
from translator.render.html import render_html

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
# The network is closed here: nothing may try to reach it (updates, sync, QUIC probes).
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1000,800")
LEVEL1_PLAN = "dlddllllldlddrruurrrrdr"  # found by the exhaustive search, valid (checked below)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        pytest.skip("selenium is not installed (pip install -e '.[test]')")
    for program in (CHROMIUM, CHROMEDRIVER):
        if not Path(program).exists():
            pytest.skip(f"{program} is missing: apt-get install chromium chromium-driver "
                        "(.ci/run does)")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="helltaker-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def open_page(browser: Any, tmp_path: Path, level_name: str, plan: str,
              anchor: str = "") -> Path:
    level = load_level(str(ROOT / "levels" / f"{level_name}.txt"))
    page = tmp_path / f"{level_name}.html"
    page.write_text(render_html(replay(level, parse_plan(plan))), encoding="utf-8")
    browser.get_log("browser")  # forget messages from earlier pages
    browser.get(page.as_uri() + anchor)
    return page


def console_errors(browser: Any) -> list[str]:
    return [entry["message"] for entry in browser.get_log("browser")
            if entry["level"] in ("SEVERE", "ERROR")]


def text_of(browser: Any, selector: str) -> str:
    from selenium.webdriver.common.by import By

    return str(browser.find_element(By.CSS_SELECTOR, selector).text)


def hero_cell(browser: Any) -> str:
    from selenium.webdriver.common.by import By

    (hero,) = browser.find_elements(By.CSS_SELECTOR, "#dynamic use[data-sprite='hero']")
    return str(hero.get_attribute("data-cell"))


def press(browser: Any, key: str, times: int = 1) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    for _ in range(times):
        ActionChains(browser).send_keys(key).perform()


def click(browser: Any, element_id: str, times: int = 1) -> None:
    from selenium.webdriver.common.by import By

    for _ in range(times):
        browser.find_element(By.ID, element_id).click()


def test_arrow_keys_step_to_the_simulators_final_state(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.keys import Keys

    level = load_level(str(ROOT / "levels" / "level1.txt"))
    verdict = validate(level, parse_plan(LEVEL1_PLAN))
    assert verdict.valid
    open_page(browser, tmp_path, "level1", LEVEL1_PLAN)
    assert console_errors(browser) == []
    assert text_of(browser, "#counter") == str(level.budget)
    assert hero_cell(browser) == "{},{}".format(*level.start.hero)

    press(browser, Keys.ARROW_RIGHT, len(LEVEL1_PLAN))
    final, _ = play(level, LEVEL1_PLAN)
    assert text_of(browser, "#counter") == str(level.budget - verdict.cost)
    assert hero_cell(browser) == "{},{}".format(*final.hero)
    drawn = {kind: sorted(use.get_attribute("data-cell") for use in browser.find_elements(
        "css selector", f"#dynamic use[data-sprite='{kind}']")) for kind in ("boulder", "skeleton")}
    assert drawn == {
        "boulder": sorted(f"{r},{c}" for r, c in final.boulders),
        "skeleton": sorted(f"{r},{c}" for r, c in final.skeletons),
    }
    assert text_of(browser, "#letters li.current") == LEVEL1_PLAN[-1]
    assert browser.execute_script("return document.body.dataset.frame") == str(len(LEVEL1_PLAN))
    press(browser, Keys.ARROW_RIGHT)  # past the end: stays on the last frame
    assert text_of(browser, "#counter") == str(level.budget - verdict.cost)

    press(browser, Keys.ARROW_LEFT, 3)
    before, _ = play(level, LEVEL1_PLAN[:-3])
    assert hero_cell(browser) == "{},{}".format(*before.hero)

    shot = tmp_path / "replay.png"
    assert browser.save_screenshot(str(shot))
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with Image.open(shot) as image:
        assert image.width >= 600 and image.height >= 400
    assert console_errors(browser) == []


def test_buttons_slider_and_letters(browser: Any, tmp_path: Path) -> None:
    level = load_level(str(ROOT / "levels" / "lock_and_key.txt"))
    plan = "lllrrrrrddllll"
    open_page(browser, tmp_path, "lock_and_key", plan)
    click(browser, "next", 3)
    after_three, _ = play(level, plan[:3])
    assert hero_cell(browser) == "{},{}".format(*after_three.hero)
    assert after_three.has_key and "key: yes" in text_of(browser, "#status")
    click(browser, "prev")
    assert text_of(browser, "#counter") == str(level.budget - 2)
    click(browser, "last")
    assert text_of(browser, "#counter") == "0"
    click(browser, "first")
    assert text_of(browser, "#counter") == str(level.budget)
    browser.execute_script(
        "const s = document.getElementById('slider'); s.value = '8';"
        "s.dispatchEvent(new Event('input'));")
    assert text_of(browser, "#letters li.current") == plan[7]
    assert text_of(browser, "#counter") == str(level.budget - 8)
    browser.find_element("css selector", "#letters li[data-index='5']").click()
    assert browser.execute_script("return document.body.dataset.frame") == "5"
    assert console_errors(browser) == []


def test_space_plays_and_pauses(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.keys import Keys

    open_page(browser, tmp_path, "lock_and_key", "lllrrrrrddllll")
    press(browser, Keys.SPACE)
    step_ms = json.loads(browser.execute_script(
        "return document.getElementById('replay-data').textContent"))["step_ms"]
    time.sleep(2.5 * step_ms / 1000)
    press(browser, Keys.SPACE)
    paused_at = int(browser.execute_script("return document.body.dataset.frame"))
    assert paused_at >= 2
    time.sleep(1.5 * step_ms / 1000)
    assert int(browser.execute_script("return document.body.dataset.frame")) == paused_at
    assert console_errors(browser) == []


def test_invalid_plan_page_marks_the_failing_letter(browser: Any, tmp_path: Path) -> None:
    level = load_level(str(ROOT / "levels" / "lock_and_key.txt"))
    verdict = validate(level, parse_plan("llluu"))
    open_page(browser, tmp_path, "lock_and_key", "llluu", anchor="#end")
    assert text_of(browser, "#verdict") == f"invalid: {verdict.reason}"
    assert text_of(browser, "#letters li.failed") == "u"
    assert browser.find_element("css selector", "#letters li.failed").get_attribute(
        "data-index") == str(verdict.failed_at)
    # #end opens at the last state the rules reached: after letter 3, key in hand.
    assert text_of(browser, "#counter") == str(level.budget - verdict.cost)
    assert browser.find_elements("css selector", "#dynamic use[data-sprite='failure']")
    assert console_errors(browser) == []


def test_level_alone_page_shows_the_start(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.keys import Keys

    level = load_level(str(ROOT / "levels" / "trap_raised_start.txt"))
    page = tmp_path / "alone.html"
    page.write_text(render_html(replay(level, None)), encoding="utf-8")
    browser.get_log("browser")
    browser.get(page.as_uri())
    press(browser, Keys.ARROW_RIGHT)
    assert text_of(browser, "#counter") == str(level.budget)
    assert hero_cell(browser) == "{},{}".format(*level.start.hero)
    raised = browser.find_elements("css selector", "#dynamic use[data-sprite='trap_raised']")
    assert len(raised) == len(level.traps_raised)
    assert console_errors(browser) == []
