/// The live preview's page: self-contained (no network), reads `data.js` and polls
/// `version.js` through script tags (which load from `file://`, unlike `fetch`).
enum PreviewPage {
    static let html = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>FlowSim preview</title>
        <style>
        body { font: 13px -apple-system, "DejaVu Sans", sans-serif; margin: 16px; color: #222; background: #fafafa; }
        h1 { font-size: 16px; margin: 0 0 8px; }
        #status { color: #666; margin-bottom: 8px; }
        #error { display: none; white-space: pre-wrap; background: #fde8e8; color: #9b1c1c; padding: 8px;
                 border: 1px solid #f5b5b5; margin-bottom: 8px; font-family: monospace; }
        #layout { display: flex; gap: 24px; align-items: flex-start; }
        #player img { border: 1px solid #ccc; background: #fff; max-height: 80vh; display: block; }
        #controls { margin-top: 8px; display: flex; gap: 8px; align-items: center; }
        #scrubber { width: 260px; }
        .chart { background: #fff; border: 1px solid #ddd; margin: 0 8px 8px 0; }
        .chart text { font-size: 10px; fill: #555; }
        #timelines { display: flex; flex-wrap: wrap; max-height: 85vh; overflow-y: auto; }
        .legend span { margin-right: 12px; }
        </style>
        </head>
        <body>
        <h1 id="title">FlowSim preview</h1>
        <div id="status">waiting for the first render…</div>
        <div id="error"></div>
        <div id="layout">
          <div id="player">
            <img id="frame" alt="frame">
            <div id="controls">
              <button id="play">Pause</button>
              <input id="scrubber" type="range" min="0" max="0" value="0">
              <span id="time">t = 0 s</span>
            </div>
            <h2 style="font-size:14px">Timing curves</h2>
            <div id="curves"></div>
          </div>
          <div>
            <h2 style="font-size:14px">Elements <span class="legend"><span style="color:#1f6feb">— y</span><span style="color:#e36209">— alpha</span></span></h2>
            <div id="timelines"></div>
          </div>
        </div>
        <script>
        "use strict";
        var shown = null;      // the version this page shows
        var available = 1;     // frames rendered so far
        var current = 0;
        var playing = true;
        var data = null;
        var cursors = [];
        var SVG = "http://www.w3.org/2000/svg";

        function el(name, attrs, parent) {
          var node = document.createElementNS(SVG, name);
          for (var key in attrs) node.setAttribute(key, attrs[key]);
          if (parent) parent.appendChild(node);
          return node;
        }

        function chart(parent, title, width, height, xMax, lines) {
          var svg = el("svg", {class: "chart", width: width, height: height}, parent);
          el("text", {x: 4, y: 11}, svg).textContent = title;
          var top = 16, bottom = height - 4;
          lines.forEach(function (line) {
            var values = line.points.filter(function (p) { return p[1] !== null; }).map(function (p) { return p[1]; });
            if (!values.length) return;
            var lo = line.lo !== undefined ? line.lo : Math.min.apply(null, values);
            var hi = line.hi !== undefined ? line.hi : Math.max.apply(null, values);
            if (hi - lo < 1e-9) { hi = lo + 1; }
            var d = "", pen = false;
            line.points.forEach(function (p) {
              if (p[1] === null) { pen = false; return; }
              var x = 2 + (width - 4) * (xMax > 0 ? p[0] / xMax : 0);
              var y = bottom - (bottom - top) * (p[1] - lo) / (hi - lo);
              d += (pen ? "L" : "M") + x.toFixed(1) + " " + y.toFixed(1);
              pen = true;
            });
            el("path", {d: d, fill: "none", stroke: line.color, "stroke-width": 1.2}, svg);
          });
          return svg;
        }

        function build() {
          data = window.flowsimData;
          if (!data) return;
          document.getElementById("title").textContent = "FlowSim preview: " + data.name;
          var scrubber = document.getElementById("scrubber");
          scrubber.max = data.times.length - 1;
          var duration = data.times[data.times.length - 1] || 0;
          var timelines = document.getElementById("timelines");
          timelines.textContent = "";
          cursors = [];
          data.elements.forEach(function (element) {
            var svg = chart(timelines, element.label, 200, 70, duration, [
              {points: data.times.map(function (t, i) { return [t, element.y[i]]; }), color: "#1f6feb"},
              {points: data.times.map(function (t, i) { return [t, element.alpha[i]]; }), color: "#e36209", lo: 0, hi: 1}
            ]);
            cursors.push(el("line", {y1: 14, y2: 70, stroke: "#999", "stroke-dasharray": "2 2"}, svg));
          });
          var curves = document.getElementById("curves");
          curves.textContent = "";
          data.curves.forEach(function (curve) {
            var lo = Math.min(0, Math.min.apply(null, curve.samples.map(function (s) { return s[1]; })));
            var hi = Math.max(1, Math.max.apply(null, curve.samples.map(function (s) { return s[1]; })));
            chart(curves, curve.label + " (" + curve.duration.toFixed(3) + " s)", 300, 120, curve.duration,
                  [{points: curve.samples, color: "#6f42c1", lo: lo, hi: hi}]);
          });
          show(0);
        }

        function show(index) {
          if (!data) return;
          current = Math.max(0, Math.min(index, data.times.length - 1));
          var frame = Math.min(current, available - 1);
          var name = "r" + data.version + "/frame_" + ("0000" + frame).slice(-4) + ".png";
          var img = document.getElementById("frame");
          if (img.getAttribute("src") !== name) img.setAttribute("src", name);
          document.getElementById("scrubber").value = current;
          var t = data.times[frame];
          document.getElementById("time").textContent = "t = " + t.toFixed(3) + " s (frame " + frame + ")";
          var duration = data.times[data.times.length - 1] || 1;
          cursors.forEach(function (line) {
            var x = 2 + 196 * t / duration;
            line.setAttribute("x1", x); line.setAttribute("x2", x);
          });
        }

        window.flowsimVersion = function (v) {
          var error = document.getElementById("error");
          error.style.display = v.error ? "block" : "none";
          error.textContent = v.error || "";
          if (shown === null) { shown = v.version; }
          if (v.version !== shown) { location.reload(); return; }
          if (v.frames) available = v.frames;
          document.getElementById("status").textContent = "render " + v.version + ": " + available + " of " +
            (v.total || "?") + " frames" + (v.error ? " (the scene now has errors: showing the last good render)" : "");
          if (!data) { loadData(); }
        };

        function loadData() {
          var script = document.createElement("script");
          script.src = "data.js?t=" + Date.now();
          script.onload = function () { script.remove(); build(); };
          document.head.appendChild(script);
        }

        function poll() {
          var script = document.createElement("script");
          script.src = "version.js?t=" + Date.now();
          script.onload = script.onerror = function () { script.remove(); };
          document.head.appendChild(script);
        }

        document.getElementById("scrubber").addEventListener("input", function (event) {
          playing = false;
          document.getElementById("play").textContent = "Play";
          show(+event.target.value);
        });
        document.getElementById("play").addEventListener("click", function () {
          playing = !playing;
          document.getElementById("play").textContent = playing ? "Pause" : "Play";
        });
        setInterval(function () {
          if (playing && data) show(current + 1 >= data.times.length ? 0 : current + 1);
        }, 1000 / 30);
        setInterval(poll, 100);
        poll();
        </script>
        </body>
        </html>

        """#
}
