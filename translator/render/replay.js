// The replay page's player; translator/render/html.py inlines it into every page,
// after the frames as JSON in #replay-data.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const SVG = "http://www.w3.org/2000/svg", XLINK = "http://www.w3.org/1999/xlink";
  const last = data.frames.length - 1;
  const layer = document.getElementById("dynamic");
  const counter = document.getElementById("counter");
  const position = document.getElementById("position");
  const did = document.getElementById("did");
  const status = document.getElementById("status");
  const slider = document.getElementById("slider");
  const playButton = document.getElementById("play");
  const letters = Array.from(document.querySelectorAll("#letters li"));
  let current = 0, timer = null;

  function place(sprite, row, column) {
    const use = document.createElementNS(SVG, "use");
    use.setAttributeNS(XLINK, "xlink:href", "#sprite-" + sprite);
    use.setAttribute("x", column * data.cell);
    use.setAttribute("y", row * data.cell);
    use.setAttribute("data-sprite", sprite);
    use.setAttribute("data-cell", row + "," + column);
    return use;
  }

  function show(index) {
    current = Math.max(0, Math.min(last, index));
    const frame = data.frames[current];
    layer.replaceChildren(...frame.placements.map(p => place(p[0], p[1], p[2])));
    counter.textContent = String(frame.counter);
    counter.classList.toggle("over", frame.counter < 0);
    position.textContent = frame.index === 0 ? "start"
      : "letter " + frame.index + " / " + data.plan.length + "  '" + frame.letter + "'";
    did.replaceChildren();
    if (frame.index > 0) {
      const rules = document.createElement("span");
      rules.className = "rules";
      rules.textContent = frame.rules.join(" ");
      did.append(rules, " " + frame.events.join("; ") + "  (cost " + frame.cost + ")");
    }
    status.textContent = frame.phase + " | key: " + (frame.key ? "yes" : "no") +
      " | spent " + frame.spent + " of " + data.budget;
    slider.value = String(current);
    letters.forEach((item, i) => {
      item.classList.toggle("done", i + 1 < current);
      item.classList.toggle("current", i + 1 === current);
    });
    document.body.dataset.frame = String(current);
  }

  function pause() {
    if (timer !== null) { clearInterval(timer); timer = null; }
    playButton.innerHTML = document.getElementById("icon-play").innerHTML;
    playButton.title = "play (space)";
  }

  function play() {
    if (current >= last) show(0);
    timer = setInterval(() => { if (current >= last) pause(); else show(current + 1); },
                        data.step_ms);
    playButton.innerHTML = document.getElementById("icon-pause").innerHTML;
    playButton.title = "pause (space)";
  }

  function toggle() { if (timer === null) play(); else pause(); }
  function step(delta) { pause(); show(current + delta); }

  document.getElementById("first").addEventListener("click", () => { pause(); show(0); });
  document.getElementById("prev").addEventListener("click", () => step(-1));
  document.getElementById("next").addEventListener("click", () => step(1));
  document.getElementById("last").addEventListener("click", () => { pause(); show(last); });
  playButton.addEventListener("click", toggle);
  slider.addEventListener("input", () => { pause(); show(Number(slider.value)); });
  letters.forEach((item, i) => item.addEventListener("click", () => {
    if (i + 1 <= last) { pause(); show(i + 1); }
  }));
  // Keys work wherever the focus is; the default action is cancelled so that a focused
  // button or slider does not react a second time.
  const keys = { ArrowRight: () => step(1), ArrowLeft: () => step(-1), " ": toggle,
    Home: () => { pause(); show(0); }, End: () => { pause(); show(last); } };
  document.addEventListener("keydown", event => {
    const action = keys[event.key];
    if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    if (!event.repeat || event.key !== " ") action();
  });
  document.addEventListener("keyup", event => { if (event.key === " ") event.preventDefault(); });

  const wanted = /^#(?:frame=(\d+)|(end))$/.exec(location.hash);
  pause();
  show(wanted ? (wanted[2] ? last : Number(wanted[1])) : 0);
})();
