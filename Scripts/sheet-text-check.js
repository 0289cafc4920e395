// Injected into a copy of a preview sheet by Scripts/preview-check.sh: measures every text element's box with
// getBBox and writes what it finds into the page, for the script to read from Chromium's --dump-dom.
// An overlap is two texts whose boxes intersect by more than half a pixel each way; an overflow is a text whose box
// runs past its panel's frame (or past the sheet, outside any panel). The font samples drawn at a view's font size
// (class font-sample) are part of the drawing, not labels.
(function () {
  const texts = Array.from(document.querySelectorAll("svg text")).filter(
    (t) => !t.classList.contains("font-sample") && t.textContent.length > 0);
  const boxes = texts.map((t) => {
    const b = t.getBBox();
    const panel = t.closest("g.panel");
    const frame = panel ? panel.querySelector("rect.panel-frame") : document.querySelector("rect.sheet");
    const f = frame.getBBox();
    return { text: t.textContent, x: b.x, y: b.y, r: b.x + b.width, b: b.y + b.height, frame: f };
  });
  const problems = [];
  let overlaps = 0, overflows = 0;
  const slack = 0.5;
  for (let i = 0; i < boxes.length; i++) {
    const a = boxes[i];
    const f = a.frame;
    if (a.x < f.x - slack || a.y < f.y - slack || a.r > f.x + f.width + slack || a.b > f.y + f.height + slack) {
      overflows++;
      problems.push("overflow: '" + a.text + "'");
    }
    if (a.text.endsWith("…")) {
      overflows++;
      problems.push("cut: '" + a.text + "'");
    }
    for (let j = i + 1; j < boxes.length; j++) {
      const b = boxes[j];
      if (Math.min(a.r, b.r) - Math.max(a.x, b.x) > slack && Math.min(a.b, b.b) - Math.max(a.y, b.y) > slack) {
        overlaps++;
        problems.push("overlap: '" + a.text + "' and '" + b.text + "'");
      }
    }
  }
  const out = document.createElement("pre");
  out.id = "text-check";
  out.textContent = "texts=" + boxes.length + " overlaps=" + overlaps + " overflows=" + overflows + "\n" +
    problems.join("\n");
  document.body.appendChild(out);
})();
